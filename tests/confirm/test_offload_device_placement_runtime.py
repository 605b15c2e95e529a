"""Values that stay on the offload device (fixtures/core/recurrent_states.py, chat_on_offload_device.py,
moved_copies.py; fixtures/outside/split_statistics.py) run under the real hooks: what the linter leaves out is not a break
at runtime, what it reports is (both CPU backends)."""

import importlib.util
from pathlib import Path

import pytest
import torch

from offload_lint.confirm import confirm

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
BACKENDS = ["fake-cuda", "tracking"]


def _fixture_class(path: Path, name: str) -> type:
    """A class of a linted fixture file (fixtures/core and fixtures/outside are not packages on sys.path)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


@pytest.fixture(scope="module")
def vocoder():
    return _fixture_class(FIXTURES / "core" / "recurrent_states.py", "RecurrentVocoder")


def _verdicts(cls, method: str, backend: str) -> dict[str, str]:
    return {level: result.verdict for level, result in confirm(cls, method, backend=backend).levels.items()}


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_state_handed_only_to_a_gru_is_moved_by_its_leaf_hook(vocoder, backend):
    # the linter reports no OFL105 in forward(): the GRU owns its weights, so leaf level hooks it
    assert _verdicts(vocoder, "forward", backend) == {"block": "refuted", "leaf": "refuted"}


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_state_added_to_a_layers_output_breaks(vocoder, backend):
    assert _verdicts(vocoder, "forward_with_bias", backend) == {"block": "confirmed", "leaf": "confirmed"}


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_method_placing_everything_with_the_first_parameter_meets_no_compute_device_tensor(vocoder, backend):
    # no OFL102 for self.proj in generate(): the upsampler's output stays on the offload device at block level
    verdicts = _verdicts(vocoder, "generate", backend)
    assert "confirmed" not in verdicts.values(), verdicts


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_decoder_step_fed_its_own_output_stays_on_the_offload_device_at_block_level(vocoder, backend):
    # no OFL102 for self.decoder nor self.out in decode(); at leaf level the GRU cell's own hook moves the state
    verdicts = _verdicts(vocoder, "decode", backend)
    assert "confirmed" not in verdicts.values() and verdicts["leaf"] == "refuted", verdicts


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_same_child_given_the_callers_tensor_breaks_at_block_level(vocoder, backend):
    assert _verdicts(vocoder, "refine", backend) == {"block": "confirmed", "leaf": "refuted"}


@pytest.fixture(scope="module")
def chat_model():
    return _fixture_class(FIXTURES / "core" / "chat_on_offload_device.py", "ChatModel")


@pytest.mark.parametrize("backend", BACKENDS)
def test_ids_placed_for_a_hookless_childs_generate_break_only_at_leaf_level(chat_model, backend):
    # the linter reports chat()'s self.device read at leaf level only (tests/test_offload_device_placement.py)
    assert _verdicts(chat_model, "chat", backend) == {"block": "refuted", "leaf": "confirmed"}


@pytest.mark.parametrize("backend", BACKENDS)
def test_generated_ids_meeting_the_callers_scores_break_at_both_levels(chat_model, backend):
    assert _verdicts(chat_model, "chat_with_scores", backend) == {"block": "confirmed", "leaf": "confirmed"}


@pytest.fixture(scope="module")
def box_head():
    return _fixture_class(FIXTURES / "core" / "moved_copies.py", "BoxHead")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("method", ["decode", "project_distances"])
def test_type_as_moves_the_weight_to_the_inputs_device(box_head, backend, method):
    # neither is reported: the child's buffer and the leaf weight are used as copies moved by type_as
    assert _verdicts(box_head, method, backend) == {"block": "refuted", "leaf": "refuted"}


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_child_using_its_buffer_unmoved_breaks_at_block_level(box_head, backend):
    assert _verdicts(box_head, "decode_unmoved", backend) == {"block": "confirmed", "leaf": "refuted"}


@pytest.fixture(scope="module")
def split_batch_norm():
    return _fixture_class(FIXTURES / "outside" / "split_statistics.py", "SplitBatchNorm")


def _aggregate_then_evaluate(module, device):
    module.aggregate_stats()
    module.eval()
    return module(torch.randn(3, 4, device=device))


@pytest.mark.parametrize("backend", BACKENDS)
def test_statistics_written_into_a_siblings_buffer_data_are_moved_by_its_hook(split_batch_norm, backend):
    # not reported: the written buffer is on the offload device too, and bn's hook moves it for the next forward
    report = confirm(split_batch_norm, "aggregate_stats", backend=backend, call=_aggregate_then_evaluate)
    assert {level: r.verdict for level, r in report.levels.items()} == {"block": "refuted", "leaf": "refuted"}


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_same_statistics_meeting_the_callers_tensor_break(split_batch_norm, backend):
    assert _verdicts(split_batch_norm, "centered", backend) == {"block": "confirmed", "leaf": "confirmed"}


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_child_layers_output_meeting_the_callers_input_breaks_and_one_read_as_a_number_does_not(backend):
    # fixtures/core/child_layer_outputs.py: the linter reports initial_states(), not log_start()
    parser = _fixture_class(FIXTURES / "core" / "child_layer_outputs.py", "Parser")
    assert _verdicts(parser, "initial_states", backend)["block"] == "confirmed"
    assert _verdicts(parser, "log_start", backend)["block"] == "refuted"


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_codebook_gathered_with_the_callers_indices_breaks(backend):
    # fixtures/core/gathered_codebook.py: decode() hands the caller's codes to from_codes(), which gathers the codebook
    codec = _fixture_class(FIXTURES / "core" / "gathered_codebook.py", "Codec")
    report = confirm(codec, "decode", backend=backend, call=lambda module, device: module.decode(
        torch.randint(0, 16, (2, 3, 1), device=device)))
    assert report.levels["block"].verdict == "confirmed"


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_list_of_zero_dim_tensors_mixes_with_the_compute_device_and_a_list_of_vectors_does_not(backend):
    # fixtures/core/zero_dim_containers.py: the linter reports shift_by_vector(), not shift()
    heads = _fixture_class(FIXTURES / "core" / "zero_dim_containers.py", "BiasedHeads")

    def calling(method):
        return lambda module, device: getattr(module, method)(torch.randn(2, 3, device=device), 1)

    shift = confirm(heads, "shift", backend=backend, call=calling("shift"))
    assert "confirmed" not in {result.verdict for result in shift.levels.values()}, shift.levels
    by_vector = confirm(heads, "shift_by_vector", backend=backend, call=calling("shift_by_vector"))
    assert "confirmed" in {result.verdict for result in by_vector.levels.values()}, by_vector.levels
