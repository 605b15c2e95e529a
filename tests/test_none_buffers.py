"""A buffer registered as None holds what code stores in it later, in no offload group
(fixtures/core/none_buffers.py): the stored activations read back are not reported, and the runs under diffusers'
hooks agree; a buffer registered with a tensor stays reported and confirmed at leaf level."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "none_buffers.py"


def test_a_none_registered_buffer_is_no_offloaded_tensor_a_registered_tensor_is():
    found = {(f.class_name, f.attribute) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings}
    assert found == {("ScaledBlocks", "cache_context.scale"), ("NormedBlocks", "norm.weight")}


def test_the_stored_activations_meet_no_offloaded_tensor_the_registered_one_does_at_leaf(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    stored = confirm("none_buffers:CachedBlocks", "forward", CheckConfig(level="both", backend="tracking"))
    assert stored.verdict == "refuted", stored.to_text()
    registered = confirm("none_buffers:ScaledBlocks", "forward", CheckConfig(level="leaf", backend="tracking"))
    assert registered.verdict == "confirmed", registered.to_text()


def test_a_parameter_registered_as_none_is_none_the_weight_beside_it_is_offloaded(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("none_buffers:NormedBlocks", "forward", CheckConfig(level="leaf", backend="tracking"))
    assert report.verdict == "confirmed" and "norm.weight" in report.to_text(), report.to_text()
    assert "norm.bias" not in report.to_text()
