"""Who runs what (triage-issue22-b causes B, E, F, G, H, J and the hook paths): the fixtures' markers say
what is found; these tests say why the look-alikes are not."""

from __future__ import annotations

from pathlib import Path

import pytest

from offload_lint.engine import Options, lint

CORE = Path(__file__).resolve().parent.parent / "fixtures" / "core"


def _findings(*names: str):
    return lint(Options(paths=[str(CORE / name) for name in names], jobs=1)).findings


def test_an_inherited_private_helper_only_siblings_call_is_not_a_way_in():
    found = _findings("inherited_helpers.py")
    # QuantizedAdapterLinear's forward() never calls _mixed_batch_forward (AdapterLinear's does).
    assert not [f for f in found if f.method == "_mixed_batch_forward"]
    # Reached from the class's own public method: judged.
    assert [(f.code, f.method) for f in found if f.method == "_scaled"] == [("OFL101", "_scaled")]
    # Called by nothing anywhere: still a way in (code the index does not see may call it).
    assert [f.code for f in found if f.method == "_unused_by_any"] == ["OFL102"]


def test_torch_conversion_hooks_are_no_way_in():
    found = _findings("conversion_hooks.py")
    assert {f.method for f in found} == {"rebuild"}


def test_a_loop_over_a_sliced_container_takes_its_blocks():
    found = _findings("container_slices.py")
    block_calls = [(f.line, f.attribute) for f in found if f.code == "OFL203"]
    # ``stage(x)`` over ``self.stages[:n]`` calls a block (through its hook): no finding; ``stage[0](x)`` calls
    # the block's child (``stages[i][i]``, not ``stages[i][i][i]``), and ``checkpoint_seq(stage, x)`` each child.
    assert [attribute for _, attribute in block_calls] == ["stages[i][i]", "stages[i][i]"]
    assert {f.method for f in found if f.code == "OFL203"} == {"first_projection", "forward_intermediates"}
    assert not [f for f in found if f.class_name == "CheckpointedTower" and f.method == "forward"]


def test_a_transformer_stack_of_a_custom_layer_is_judged_by_that_layer():
    found = _findings("custom_decoder_layers.py")
    assert sorted((f.class_name, f.attribute) for f in found) == [
        ("OptimalDecoderLayer", "multihead_attn"), ("TorchDecoder", "decoder")]


def test_a_model_class_built_only_as_a_child_is_judged_as_a_child():
    found = _findings("child_models.py")
    # EmbeddingManager.encode_text runs inside TextEmbeddingModule.forward(), whose group holds its weights;
    # ImageProjector is a pipeline component (a root) as well as AuxModule's child.
    assert [(f.class_name, f.method) for f in found] == [("ImageProjector", "encode_image")]


def test_a_hook_callback_is_said_to_run_from_the_hook():
    found = {f.method: f.message for f in _findings("hook_callbacks.py")}
    assert found["_initial_state"].startswith(
        "_initial_state() (reached from _seed_pre_hook(), a forward pre-hook on self.model registered in "
        "_register_hooks()) runs when self.model runs")
    assert "delete_adapter" not in found["_initial_state"]
    assert found["enable_scaling"].startswith(
        "_pre_forward(), a function in enable_scaling() registered as a forward pre-hook on self.model, runs when "
        "self.model runs")
