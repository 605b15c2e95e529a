"""A module tensor handed to numpy is read on the host (fixtures/core/numpy_host_reads.py; issue 22 round bo, cause
P: torch-harmonics' ``plot_griddata``): no finding, while the same buffer meeting an input stays reported. Runs under
diffusers' hooks agree."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "numpy_host_reads.py"


def test_only_the_input_meeting_read_is_reported():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())


@pytest.mark.parametrize(("method", "verdict"), [("plot_grid", "refuted"), ("weighted", "confirmed")])
def test_the_runs_under_the_hooks_agree(monkeypatch, method, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("numpy_host_reads:Grid", method, CheckConfig(level="block", backend="tracking"))
    assert report.verdict == verdict, report.to_text()
