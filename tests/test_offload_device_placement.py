"""Values placed with the offload device that meet only weights on it (fixtures/core/recurrent_states.py,
chat_on_offload_device.py): the levels each finding names. tests/confirm/test_offload_device_placement_runtime.py
runs the same methods under the real hooks."""

from __future__ import annotations

from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.lines import line_of

CORE = Path(__file__).resolve().parent.parent / "fixtures" / "core"


def _findings(name: str):
    return lint(Options(paths=[str(CORE / name)], settings=Settings(), jobs=1)).findings


@pytest.fixture(scope="module")
def chat_findings():
    return _findings("chat_on_offload_device.py")


def test_ids_for_a_hookless_childs_method_are_reported_at_leaf_level_only(chat_findings):
    line = line_of(CORE / "chat_on_offload_device.py", "ids = torch.as_tensor(tokenizer(prompts), device=self.device)  # OFL105")
    (finding,) = [f for f in chat_findings if f.line == line]
    assert finding.levels == ("leaf",)
    assert "self.language_model.generate()" in finding.message


def test_the_same_ids_meeting_the_callers_tensor_stay_reported_at_both_levels(chat_findings):
    line = line_of(CORE / "chat_on_offload_device.py", "self.tokenizer(prompts), device=self.device)  # OFL105")
    (finding,) = [f for f in chat_findings if f.line == line]
    assert set(finding.levels) == {"block", "leaf"}
    assert "`output + scores`" in finding.message


def test_a_state_handed_only_to_a_gru_is_not_reported():
    path = CORE / "recurrent_states.py"
    findings = _findings("recurrent_states.py")
    forward = line_of(path, "h = torch.zeros(1, x.size(0), self.rnn.hidden_size, device=device)") - 1
    assert not [f for f in findings if f.line == forward]
    generate_proj = line_of(path, "return self.proj(features.transpose(1, 2)).cpu()")
    assert not [f for f in findings if f.line == generate_proj]


def test_a_decoder_step_fed_its_own_output_in_a_counted_loop_is_not_reported():
    path = CORE / "recurrent_states.py"
    findings = _findings("recurrent_states.py")
    for text in ("frame, state = self.decoder(memory, state, t)", "return self.out(torch.stack(frames, 1)).cpu()"):
        line = line_of(path, text)
        assert not [f for f in findings if f.line == line], text


@pytest.fixture(scope="module")
def child_layer_findings():
    return _findings("child_layer_outputs.py")


def test_a_child_class_layer_on_its_own_weights_is_followed_to_where_its_output_goes(child_layer_findings):
    """Block level puts the child class whole in the unmatched group of the model on top: its layer computes with
    its own weights on the offload device, so the stale start vector meets the compute device only where the layer's
    output does (the caller's input), not in the call."""
    line = line_of(CORE / "child_layer_outputs.py", "out = self.proj(self.start)")
    (finding,) = [f for f in child_layer_findings if f.line == line and f.code == "OFL101"]
    assert "in the addition `out + x`" in finding.message
    assert "no hook to move it" not in finding.message


def test_an_output_read_back_as_a_number_breaks_nothing(child_layer_findings):
    line = line_of(CORE / "child_layer_outputs.py", "return float(self.proj(self.start).norm())")
    assert [f for f in child_layer_findings if f.line == line] == []
    line = line_of(CORE / "child_layer_outputs.py", "print(self.stack.start_norm())")
    assert [f for f in child_layer_findings if f.line == line] == []


def test_a_codebook_gathered_with_indices_handed_in_breaks_at_the_gather():
    """fixtures/core/gathered_codebook.py (transformers' xcodec2 ``from_codes``): the buffer read through a local is
    gathered with the caller's indices; the gather is the first op mixing devices, not the projection after it."""
    path = CORE / "gathered_codebook.py"
    line = line_of(path, "codes = self.quantizer.codebook[indices]")
    (finding,) = [f for f in _findings("gathered_codebook.py") if f.line == line]
    assert finding.code == "OFL104"
    assert "meets tensors on the compute device in an index" in finding.message
    assert "returned to the caller" not in finding.message


def test_a_tensor_container_looked_up_by_a_key_handed_in_breaks_where_the_tensor_is_used():
    path = CORE / "gathered_codebook.py"
    line = line_of(path, "self.padding[modality].expand(")
    (finding,) = [f for f in _findings("gathered_codebook.py") if f.line == line]
    assert "in torch.cat" in finding.message and "in an index" not in finding.message
