"""A module that binds its forward in ``__init__`` has one (fixtures/core/installed_forwards.py): no OFL205, and the
run under diffusers' hooks, which wrap the bound forward, meets no offloaded weight; a module with no forward at
all stays reported."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "installed_forwards.py"


def test_a_forward_bound_in_init_is_a_forward():
    found = {(f.class_name, f.code) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings}
    assert ("ForwardlessLinear", "OFL205") in found and ("PatchedLinear", "OFL205") not in found


def test_the_bound_forward_runs_under_the_hook(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("installed_forwards:PatchedLinear", "forward", CheckConfig(level="both", backend="tracking"))
    assert report.verdict == "refuted", report.to_text()
