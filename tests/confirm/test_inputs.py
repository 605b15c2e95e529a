"""Inputs the method really takes: ranks from the code, and from the first failure."""

import functools

import pytest

import confirm_models as models
from offload_lint.confirm import confirm
from offload_lint.confirm.trigger import unpacked_ranks


def test_rank_is_read_from_the_unpacking():
    assert unpacked_ranks(models.TinyVideoVAE.decode) == [5]


def test_five_d_latent_is_tried_first_and_confirms(monkeypatch):
    ranks: list[int] = []
    decode = models.TinyVideoVAE.decode

    @functools.wraps(decode)  # the confirmer reads the wrapped method's source, as it would decode's
    def recording(self, z, *args, **kwargs):
        ranks.append(z.dim())
        return decode(self, z, *args, **kwargs)

    monkeypatch.setattr(models.TinyVideoVAE, "decode", recording)
    report = confirm(models.TinyVideoVAE, "decode", backend="fake-cuda", level="block")
    result = report.levels["block"]
    assert result.verdict == "confirmed", report.to_text()
    assert ranks[:1] == [5] and not result.errors, (ranks, result.errors)


def test_rank_learned_from_the_first_failure():
    for backend in ("fake-cuda", "tracking"):
        report = confirm(models.TinyFrameMixer, "mix", backend=backend, level="block")
        result = report.levels["block"]
        assert result.verdict == "confirmed", report.to_text()
        assert any("permute" in error for error in result.errors), result.errors  # the first, failed try
        assert len(result.errors) == 1  # one failed 2-D try, then the learned 5-D one ran


def test_sizes_learned_from_mismatch_messages():
    from offload_lint.confirm.trigger import learned_sizes

    assert learned_sizes((1, 4, 16), "The size of tensor a (5) must match the size of tensor b (33) at "
                                     "non-singleton dimension 1") == (1, 32, 16)  # a cat added one token
    assert learned_sizes((1, 32, 16), "mat1 and mat2 shapes cannot be multiplied (33x16 and 32x32)") == (1, 32, 32)
    assert learned_sizes((2, 8), "The size of tensor a (3) must match the size of tensor b (5)") is None


def test_token_count_and_width_learned_from_failures():
    for backend in ("fake-cuda", "tracking"):
        report = confirm(models.TinyTokenPool, "pool", backend=backend, level="both")
        for level, result in report.levels.items():
            assert result.verdict == "confirmed", report.to_text()
            assert "proj.weight via linear" in result.evidence, result.evidence
            assert result.completed and result.errors, result.errors  # wrong guesses first, then the learned one


def test_two_failures_that_name_each_others_channels_do_not_loop():
    from offload_lint.confirm import confirm_findings
    from offload_lint.finding import Finding

    for backend in ("fake-cuda", "tracking"):
        result = confirm(models.MismatchedQuantVAE, "encode", backend=backend, level="block", timeout=60).levels["block"]
        assert result.verdict == "confirmed" and not result.timed_out, result.evidence
        assert {a.weight for a in result.offending} >= {"quant_conv.weight"}, result.evidence
        assert len(result.errors) <= 8, result.errors  # one try per input shape, not until the limit
    line = next(i for i, text in enumerate(open(models.__file__).read().splitlines(), 1)
                if "# MISMATCHED_QUANT_CONV" in text)
    quant = Finding(models.__file__, line, 9, line, 30, "OFL102", "rule", "msg", class_name="MismatchedQuantVAE",
                    method="encode", levels=("block",), attribute="quant_conv", module="confirm_models")
    verdict = confirm_findings([quant], backend="fake-cuda")[0][1]
    assert verdict.verdict == "confirmed" and "(line match)" in verdict.evidence, verdict.evidence


def test_a_channel_count_is_learned_only_from_the_layer_that_got_the_input():
    import torch

    from offload_lint.confirm.trigger import Candidate, Shape, retry_candidates

    module = models.MismatchedQuantVAE()
    failed = Candidate("x <- [1, 3, 16, 16]", lambda: ((), {}), Shape((1, 3, 16, 16), "first leaf"))
    cpu = torch.device("cpu")
    inner = RuntimeError("Given groups=1, weight of size [16, 16, 1, 1], expected input[1, 8, 16, 16] to have 16 "
                         "channels, but got 8 channels instead")
    assert retry_candidates(module, "encode", cpu, inner, failed) == []
    direct = RuntimeError("Given groups=1, weight of size [8, 3, 3, 3], expected input[1, 16, 16, 16] to have 3 "
                          "channels, but got 16 channels instead")
    wrong = Candidate("x <- [1, 16, 16, 16]", lambda: ((), {}), Shape((1, 16, 16, 16), "config"))
    assert [c.shape.dims for c in retry_candidates(module, "encode", cpu, direct, wrong)] == [(1, 3, 16, 16)]


def _learned(message: str, dims: tuple, error: type = RuntimeError) -> list:
    import torch

    from offload_lint.confirm.trigger import Candidate, Shape, retry_candidates

    failed = Candidate(f"x <- {list(dims)}", lambda: ((), {}), Shape(dims, "guess"))
    return [c.shape.dims for c in retry_candidates(models.MismatchedQuantVAE(), "encode", torch.device("cpu"),
                                                   error(message), failed)]


def test_ranks_named_by_a_cat_or_a_convolution_weight():
    assert _learned("Tensors must have same number of dimensions: got 5 and 4", (1, 4, 16, 16)) == [(1, 4, 2, 16, 16)]
    assert _learned("Tensors must have same number of dimensions: got 3 and 5", (1, 4, 2, 16, 16)) == [(1, 4, 16)]
    # neither rank is the input's: a tensor the method computed
    assert _learned("Tensors must have same number of dimensions: got 3 and 2", (1, 4, 16, 16)) == []
    # a grouped conv3d (5-D weight) got a tensor the method made from a 4-D input: the input is 5-D
    conv3d = ("Given groups=3, weight of size [3, 1, 2, 1, 1], expected input[1, 1, 4, 20, 17] to have 3 channels, "
              "but got 1 channels instead")
    assert _learned(conv3d, (1, 3, 16, 16)) == [(1, 3, 2, 16, 16)]
    assert _learned(conv3d, (1, 3, 2, 16, 16)) == []  # already 5-D: nothing new


def test_trailing_axes_a_normalisation_names_for_the_input():
    message = ("Given normalized_shape=[32], expected input with shape [*, 32], but got input of size[1, 4, 16, 16]")
    assert _learned(message, (1, 4, 16, 16)) == [(1, 4, 16, 32)]
    assert _learned(message, (1, 3, 32, 32)) == []  # it names another tensor's size


def test_axes_too_short_for_a_padding_or_a_kernel_grow():
    reflect = ("Argument #4: Padding size should be less than the corresponding input dimension, but got: padding "
               "(768, 768) at dimension 2 of input torch.Size([2, 1, 40])")
    assert _learned(reflect, (2, 40)) == [(2, 1538)]  # a waveform long enough for the STFT's padding
    assert _learned("input (W: 8) is too small. Calculated output W: -24", (2, 8)) == [(2, 33)]
    kernel = "input image (T: 2 H: 2 W: 2) smaller than kernel size (kT: 3 kH: 1 kW: 1)"
    assert _learned(kernel, (1, 3, 2, 16, 16)) == [(1, 3, 9, 32, 32)]  # more frames, larger frames
    assert _learned(kernel, (1, 3, 9, 64, 64)) == []  # grown as far as it goes
    inner = ("Argument #4: Padding size should be less than the corresponding input dimension, but got: padding "
             "(1, 1) at dimension 4 of input [1, 512, 5, 1, 1]")
    assert _learned(inner, (1, 3, 4, 16, 16)) == [(1, 3, 9, 32, 32)]


def test_an_optional_tensor_passed_on_as_none_gets_a_value():
    import torch

    from offload_lint.confirm.trigger import Candidate, Shape, retry_candidates

    failed = Candidate("x <- [1, 4, 32]", lambda: ((), {}), Shape((1, 4, 32), "guess"))
    error = TypeError("layer_norm(): argument 'input' (position 1) must be Tensor, not NoneType")
    retried = retry_candidates(models.TinyCrossAttention(), "forward", torch.device("cpu"), error, failed)
    assert retried and "encoder_hidden_states" in retried[0].filled, retried


def test_einsum_sizes_and_a_batch_of_one_learned_from_failures():
    # the size an einsum's later operand gives a subscript goes to the input's axis that gave the other size
    einsum = "einsum(): subscript d has size 32 for operand 1 which does not broadcast with previously seen size 2"
    assert _learned(einsum, (1024, 32, 2)) == [(1024, 32, 32)]
    # an in-place copy of one sample got a batch: a batch of one
    batch = "output with shape [256, 93] doesn't match the broadcast shape [2, 256, 93]"
    assert _learned(batch, (2, 1024, 1024)) == [(1, 1024, 1024)]
    assert _learned(batch, (3, 1024, 1024)) == []  # the broadcast's batch is not the input's


def test_per_vector_projection_confirmed_after_learning_rank_sizes_and_batch():
    from offload_lint.confirm import confirm_findings
    from offload_lint.finding import Finding

    for backend in ("fake-cuda", "tracking"):
        report = confirm(models.PerVectorProjector, "project", backend=backend, level="both")
        for level, result in report.levels.items():
            assert result.verdict == "confirmed" and result.completed, report.to_text()
            assert any("subscript" in error for error in result.errors), result.errors  # learned, not guessed
    line = next(i for i, text in enumerate(open(models.__file__).read().splitlines(), 1)
                if "# PER_VECTOR_BIAS" in text)
    bias = Finding(models.__file__, line, 9, line, 30, "OFL102", "rule", "msg", class_name="PerVectorProjector",
                   method="project", levels=("block",), attribute="proj.bias", module="confirm_models")
    verdict = confirm_findings([bias], backend="fake-cuda")[0][1]
    assert verdict.verdict == "confirmed", verdict.evidence


def test_least_axes_read_from_the_sizes_the_method_subtracts():
    from offload_lint.confirm.trigger import axis_minimums

    module = models.TiledFrameEncoder()
    assert axis_minimums(module, models.TiledFrameEncoder.tiled_encode) == (5, {2: 6, 3: 20, 4: 20})
    assert axis_minimums(module, models.TinyVideoVAE.decode) is None  # nothing subtracted from an axis
    assert axis_minimums(module, models.TiledFrameEncoder.tiled_decode) == (5, {2: 3, 3: 10, 4: 10})  # via locals
    for backend in ("fake-cuda", "tracking"):
        for method in ("tiled_encode", "tiled_decode"):
            report = confirm(models.TiledFrameEncoder, method, backend=backend, level="both")
            for level, result in report.levels.items():
                assert result.verdict == "confirmed" and result.completed, report.to_text()
                assert not result.errors, result.errors  # the first try was already one tile


def _finding_at(marker: str, method: str, attribute: str):
    from offload_lint.finding import Finding

    line = next(i for i, text in enumerate(open(models.__file__).read().splitlines(), 1) if f"# {marker}" in text)
    return Finding(models.__file__, line, 9, line, 30, "OFL102", "rule", "msg", class_name="StopsEarlierWhenReal",
                   method=method, levels=("block",), attribute=attribute, module="confirm_models")


def test_what_fake_cuda_saw_before_its_limit_stands_next_to_the_fallback():
    from offload_lint.confirm import confirm_findings

    result = confirm(models.StopsEarlierWhenReal, "render", backend="fake-cuda", level="block").levels["block"]
    assert result.backend == "tracking" and result.verdict == "confirmed", result.evidence
    assert {a.weight for a in result.offending} >= {"proj.weight", "head.weight"}, result.evidence
    assert "before its limit" in result.evidence
    head = _finding_at("ONLY_FAKE_REACHES", "render", "head")
    outline = _finding_at("OUTLINE_HEAD", "outline", "head")
    verdicts = {finding.method: verdict for finding, verdict in confirm_findings([head, outline], backend="fake-cuda")
                if finding.code != "OFL900"}
    assert verdicts["render"].verdict == "confirmed" and "(line match)" in verdicts["render"].evidence
    # render() hit a fake-cuda limit; outline() still runs on fake-cuda, where it completes
    assert verdicts["outline"].verdict == "confirmed" and "fake-cuda" in verdicts["outline"].backend, \
        verdicts["outline"]


def test_a_method_taking_objects_runs_through_the_public_method_that_calls_it():
    from offload_lint.confirm.trigger import public_callers

    assert public_callers(models.SampledRenderer, "march") == ["render"]
    for backend in ("fake-cuda", "tracking"):
        result = confirm(models.SampledRenderer, "march", backend=backend, level="block").levels["block"]
        assert result.verdict == "confirmed" and result.completed, result.evidence
        assert any("no attribute 'sample'" in error for error in result.errors), result.errors  # direct tries first
        assert {a.weight for a in result.offending} == {"field.weight"}, result.evidence


def test_rank_of_an_expand_and_the_compact_normalised_shape_message():
    expand = ("The expanded size of the tensor (2) must match the existing size (4) at non-singleton dimension 2.  "
              "Target sizes: [-1, -1, 2, -1, -1].  Tensor sizes: [1, 4, 1, 16]")
    assert _learned(expand, (1, 4, 16, 16)) == [(1, 4, 2, 16, 16)]  # the sliced input has the input's rank
    assert _learned(expand, (1, 4, 2, 16, 16)) == []  # the expanded tensor is not the input's rank: a computed one
    rms = "Given normalized_shape=[32], expected input with shape [*32], but got input of size[1, 4, 16, 16]"
    assert _learned(rms, (1, 4, 16, 16)) == [(1, 4, 16, 32)]


def test_a_permute_of_the_reshaped_input_says_how_many_axes_the_input_is_off():
    permuted = ("permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
                "desired ordering of dimensions i.e. input.dim() = 5 is not equal to len(dims) = 4")
    # `query.unflatten(2, (heads, -1)).permute(0, 2, 1, 3)` of a 4-D guess: the token sequence is one axis less
    assert _learned(permuted, (1, 4, 16, 32)) == [(1, 4, 32)]
    # the permuted tensor is the input itself: the rank permute wanted
    assert _learned(permuted.replace("input.dim() = 5", "input.dim() = 3"), (1, 4, 16)) == [(1, 4, 2, 16)]


def test_axes_a_windowed_attention_names_grow_to_its_window():
    window = ("Neighborhood attention requires each spatial dim to be at least its kernel size; got (T, H, W) = "
              "(4, 2, 16) with kernel_size (3, 5, 5).")
    assert _learned(window, (1, 4, 2, 16, 32)) == [(1, 4, 5, 16, 32)]
    assert _learned(window, (1, 3, 2, 16, 32)) == []  # the axes it names are not the input's


def test_an_image_size_the_patch_embedding_was_built_for_is_learned():
    assert _learned("Input height (16) doesn't match model (32).", (1, 4, 16, 16)) == [(1, 4, 32, 32)]
    assert _learned("Input width (16) doesn't match model (64).", (1, 4, 32, 16)) == [(1, 4, 32, 64)]
    assert _learned("Input height (16) doesn't match model (1024).", (1, 4, 16, 16)) == []  # too large to run
    assert _learned("Input height (8) doesn't match model (32).", (1, 4, 16, 16)) == []  # another tensor's size


def test_an_unannotated_class_count_is_a_small_int_and_an_unannotated_input_a_tensor():
    import inspect

    import torch

    from offload_lint.confirm.trigger import Shape, _argument_value

    def reset_classifier(num_classes, x): ...

    count, x = inspect.signature(reset_classifier).parameters.values()
    shape = Shape((1, 4, 16, 16), "generic")
    assert _argument_value(count, shape, torch.device("cpu")) == 3
    assert isinstance(_argument_value(x, shape, torch.device("cpu")), torch.Tensor)


class _Speaker:
    def speak(self, ids=None, tgt_lang: str | None = None, mode: str | None = None, steps: int | None = None):
        if mode == "fast":
            return ids
        return tgt_lang, steps


def test_an_optional_argument_a_line_needs_is_given_what_its_annotation_names():
    """A branch that needs `tgt_lang is not None` gets a string the method compares it with, or nothing (not a
    tensor, which `tgt_lang.replace(...)` would refuse); an int gets a small int; an unannotated one a tensor."""
    import torch

    from offload_lint.confirm.trigger import GIVE_TENSOR, _given_values

    wanted = {"ids": GIVE_TENSOR, "tgt_lang": GIVE_TENSOR, "mode": GIVE_TENSOR, "steps": GIVE_TENSOR}
    values = _given_values(_Speaker(), "speak", wanted, None, torch.device("cpu"))
    assert isinstance(values["ids"], torch.Tensor)
    assert "tgt_lang" not in values, "no string to give: left out"
    assert values["mode"] == "fast" and values["steps"] == 2


SAM_FAMILY = [("sam2", "Sam2PromptEncoder", "forward"), ("sam2", "Sam2MaskDecoder", "forward"),
              ("sam", "SamMaskDecoder", "forward"), ("sam_hq", "SamHQMaskDecoder", "forward"),
              ("edgetam", "EdgeTamPromptEncoder", "forward"), ("sam2", "Sam2Model", "get_prompt_embeddings")]


@pytest.mark.parametrize("family,name,method", SAM_FAMILY)
def test_sam_family_parts_get_prompts_that_agree(family, name, method):
    """A prompt encoder's points, labels and boxes, a mask decoder's image, prompt and high-resolution embeddings:
    made together, the tiny part runs on them without offloading (one shape for every argument did not)."""
    import importlib

    import torch

    from offload_lint.confirm.build import build_module_noted
    from offload_lint.confirm.trigger import synthesise

    cls = getattr(importlib.import_module(f"transformers.models.{family}.modeling_{family}"), name)
    module, _ = build_module_noted(cls, None, shrink=True)
    first = synthesise(module, method, torch.device("cpu"))[0]
    assert "SAM family's prompts" in first.description, first.description
    args, kwargs = first.make()
    with torch.no_grad():
        getattr(module, method)(*args, **kwargs)


def test_a_sam_mask_decoders_output_tokens_are_confirmed_under_sequential_offload():
    import inspect

    from transformers.models.sam2 import modeling_sam2

    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy
    from offload_lint.finding import Finding

    lines, first = inspect.getsourcelines(modeling_sam2.Sam2MaskDecoder.forward)
    line = first + next(i for i, text in enumerate(lines) if "self.mask_tokens.weight" in text)
    finding = Finding(path=inspect.getsourcefile(modeling_sam2), line=line, column=1, end_line=line, end_column=1,
                      code="OFL103", name="test", message="test", class_name="Sam2MaskDecoder", method="forward",
                      attribute="mask_tokens.weight", module="transformers.models.sam2.modeling_sam2")
    (_, verdict), = confirm_findings_by_strategy([finding], "accelerate-sequential")
    assert verdict.verdict == "confirmed", verdict.evidence
