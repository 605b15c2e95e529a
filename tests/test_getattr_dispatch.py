"""A forward dispatching by ``getattr(self, mode)`` to the methods its class names as strings
(fixtures/core/getattr_dispatch.py): they are not ways in, and the run under diffusers' hooks through forward agrees;
the look-alike's unlisted method called directly is confirmed."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "getattr_dispatch.py"


def test_methods_a_dispatch_names_are_not_ways_in():
    found = {(f.class_name, f.method) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings}
    assert not [key for key in found if key[0] == "ActorCritic"]
    assert ("UnlistedDispatch", "evaluate") in found


def test_the_dispatch_through_forward_is_hooked_a_direct_call_is_not(monkeypatch):
    import torch

    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    through = confirm("getattr_dispatch:ActorCritic", "forward",
                      CheckConfig(level="block", backend="tracking",
                                  call=lambda module, device: module(torch.ones(1, 4, device=device), "compute_actor")))
    assert through.verdict == "refuted", through.to_text()
    direct = confirm("getattr_dispatch:UnlistedDispatch", "evaluate", CheckConfig(level="block", backend="tracking"))
    assert direct.verdict == "confirmed", direct.to_text()
