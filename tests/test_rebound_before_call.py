"""A buffer every caller re-binds before calling the method that reads it (fixtures/core/rebound_before_call.py; issue
22 round bg, cause FA: garage's ``reset_belief`` -> ``sample_from_belief``): the read is the new tensor, not the
offloaded buffer. With one caller that does not re-bind, the read is reported, and runs under diffusers' hooks agree."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "rebound_before_call.py"


def test_only_the_read_one_caller_leaves_unbound_is_reported():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())


@pytest.mark.parametrize(("target", "method", "verdict"), [
    ("BeliefPolicy", "reset_belief", "refuted"),
    ("StaleBeliefPolicy", "resample", "confirmed"),
])
def test_the_runs_under_the_hooks_agree(monkeypatch, target, method, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm(f"rebound_before_call:{target}", method, CheckConfig(level="both", backend="tracking"))
    assert report.verdict == verdict, report.to_text()
