"""Methods a module's construction installs as its forward (fixtures/core/installed_forwards.py): they and the helpers
they call run under the hooks, and the class has a forward; the run under diffusers' hooks agrees at both levels. The
look-alike's uninstalled method, called from a plain object, is confirmed."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "installed_forwards.py"


def test_installed_forwards_and_their_helpers_are_not_ways_in():
    found = {(f.class_name, f.code) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1,
                                                          show_suppressed=True)).findings}
    assert not [key for key in found if key[0] in ("PatchedLinear", "BackendLinear")], found
    assert ("UninstalledLinear", "OFL101") in found


@pytest.mark.parametrize(("model", "method", "verdict"), [
    ("QuantizedNet", "forward", "refuted"),
    ("UninstalledLinear", "forward_scaled", "confirmed"),
])
def test_the_runs_under_the_hooks_agree(monkeypatch, model, method, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm(f"installed_forwards:{model}", method, CheckConfig(level="both", backend="tracking"))
    assert report.verdict == verdict, report.to_text()
