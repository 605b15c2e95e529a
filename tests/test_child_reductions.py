"""A child's method that computes only among its own weights and hands back a reduction (fixtures/core/
child_reductions.py; issue 22 round bk, cause Y: bayesian-torch's KL terms): no finding at block level, where the
result is a 0-dim CPU tensor; a child's method returning a full tensor or meeting an input stays reported. Runs under
diffusers' hooks agree."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "child_reductions.py"


def test_only_the_full_tensor_and_input_calls_are_reported():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())


@pytest.mark.parametrize(("method", "verdict"), [("kl_loss", "refuted"), ("project", "confirmed")])
def test_the_runs_under_the_hooks_agree(monkeypatch, method, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("child_reductions:BayesLSTMCell", method, CheckConfig(level="block", backend="tracking"))
    assert report.verdict == verdict, report.to_text()
