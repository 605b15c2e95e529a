"""A component's submodules handed to a constructor or a progress bar are held or walked, not run
(fixtures/core/constructor_held_modules.py): not reported, and the fusing call under diffusers' block-level hooks meets
no offloaded weight; handing them to a function that runs them stays reported and is confirmed."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "constructor_held_modules.py"


def test_held_and_walked_submodules_are_not_reported_run_ones_are():
    found = {(f.method, f.code) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings}
    assert found == {("probe", "OFL201")}


def test_fusing_meets_nothing_running_the_layers_meets_the_offloaded_ones(monkeypatch):
    import torch
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    import constructor_held_modules as fixture

    fused = confirm("constructor_held_modules:CausalLM", "fuse_transformer",
                    CheckConfig(level="block", backend="tracking",
                                call=lambda model: fixture.Fuser(model).fuse_transformer()))
    assert fused.verdict == "refuted", fused.to_text()
    probed = confirm("constructor_held_modules:CausalLM", "probe",
                     CheckConfig(level="block", backend="tracking",
                                 call=lambda model: fixture.Fuser(model).probe(torch.randn(2, 8))))
    assert probed.verdict == "confirmed" and "model.layers.0" in probed.to_text(), probed.to_text()
