"""Forwards that refuse the first guess and say why: the confirmer gives them the input they ask for."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import torch

import confirm_refusals
from offload_lint.confirm.join import confirm_findings
from offload_lint.confirm.trigger import Candidate, Shape, retry_candidates
from offload_lint.finding import Finding
from tests.lines import line_of

PATH = confirm_refusals.__file__




def verdict(class_name: str, marker: str, code: str = "OFL105", attribute: str | None = None,
            method: str = "forward", levels: tuple[str, ...] = ("leaf",)):
    line = line_of(PATH, marker)
    finding = Finding(PATH, line, 9, line, 30, code, "rule", "msg", class_name=class_name, method=method,
                      levels=levels, attribute=attribute, module="confirm_refusals")
    ((_, result),) = [pair for pair in confirm_findings([finding]) if pair[0].code != "OFL900"]
    return result


def test_a_refusal_naming_an_optional_input_gives_it_token_ids():
    failed = Candidate("no arguments", lambda: ((), {}))
    error = ValueError("You have to specify either input_ids or inputs_embeds")
    (retry,) = retry_candidates(confirm_refusals.EitherIdsOrEmbeds(), "forward", torch.device("cpu"), error, failed)
    assert retry.filled == ("input_ids",)  # the first one named, not inputs_embeds
    _, kwargs = retry.make()
    ids = kwargs["input_ids"]
    assert ids.dtype == torch.long and int(ids.max()) < 12


def test_a_refusal_naming_no_parameter_gives_the_main_input():
    failed = Candidate("no arguments", lambda: ((), {}))
    error = ValueError("You should either provide text ids or the cached text encodings.")
    (retry,) = retry_candidates(confirm_refusals.NamesNoParameter(), "forward", torch.device("cpu"), error, failed)
    assert retry.filled == ("input_ids",)
    # not a refusal: a TypeError says nothing about optional inputs
    assert retry_candidates(confirm_refusals.NamesNoParameter(), "forward", torch.device("cpu"),
                            TypeError("You should either provide text ids"), failed) == []


@pytest.mark.parametrize("class_name,marker,expected", [
    ("EitherIdsOrEmbeds", "# REFUSAL_EMBEDS_TO_WEIGHT_DEVICE", "confirmed"),
    ("NamesNoParameter", "# REFUSAL_IDS", "refuted"),
])
def test_model_forwards_with_optional_inputs_get_a_verdict(class_name, marker, expected):
    result = verdict(class_name, marker)
    assert result.verdict == expected, result.evidence


def test_an_input_length_the_model_checks_is_learned():
    failed = Candidate("x <- [1, 4, 16]", lambda: ((), {}), Shape((1, 4, 16), "guess"))
    error = ValueError("expects the input features to be of length 24, but found 16.")
    (retry,) = retry_candidates(confirm_refusals.LengthChecked(), "forward", torch.device("cpu"), error, failed)
    assert retry.shape is not None and retry.shape.dims == (1, 4, 24)
    result = verdict("LengthChecked", "# REFUSAL_LENGTH", code="OFL103", attribute="embed_positions.weight")
    assert result.verdict == "confirmed", result.evidence


def test_a_device_read_inside_a_property_is_matched_to_the_line_that_asked_for_it():
    """The op that mixes devices runs in `mix`; the `.device` read in the base class's property; the finding's line
    (`.to(self.device)`) is one frame out from the read."""
    result = verdict("DeviceThroughProperty", "# REFUSAL_SELF_DEVICE")
    assert result.verdict == "confirmed", result.evidence
    assert "placed on the device of vision.weight" in result.evidence and "(line match)" in result.evidence


def test_an_argument_another_method_returns_by_name_is_made_by_calling_it():
    from offload_lint.confirm.trigger import produced_by

    assert produced_by(confirm_refusals.RoutedExperts, "topo_info", "reduce") == ("map", 2)
    assert produced_by(confirm_refusals.RoutedExperts, "layer_input", "reduce") == ("map", 0)
    result = verdict("RoutedExperts", "# REFUSAL_PRODUCED", code="OFL101", attribute="bias", method="reduce")
    assert result.verdict == "confirmed", result.evidence


def test_tensors_of_different_ranks_get_the_shapes_their_docstring_documents():
    from offload_lint.confirm.trigger import documented_shapes

    model = confirm_refusals.DocumentedShapes()
    shapes = documented_shapes(model, type(model).get_image_features)
    assert shapes["pixel_values"].dims == (1, 1, 3, 8, 8)  # channels and height/width from the config
    assert shapes["image_sizes"].dims == (1, 2) and shapes["image_sizes"].integer_high == 9  # sizes: integers
    result = verdict("DocumentedShapes", "# REFUSAL_DOCUMENTED", code="OFL102", attribute="tower",
                     method="get_image_features", levels=("block",))
    assert result.verdict == "confirmed", result.evidence
    assert "as documented" in result.evidence or "tower.weight" in result.evidence


def test_documented_channels_with_no_config_field_are_an_images_three():
    """BLIP's vision config has no ``num_channels``: a documented ``(batch_size, num_channels, image_size,
    image_size)`` gets 3 channels (2 before, which no RGB stem accepts)."""
    from offload_lint.confirm.trigger import documented_shapes

    model = confirm_refusals.DocumentedShapes()
    model.config = SimpleNamespace(image_size=8)
    shapes = documented_shapes(model, type(model).get_image_features)
    assert shapes["pixel_values"].dims == (1, 1, 3, 8, 8)


def test_a_helper_the_method_calls_is_not_the_producer_of_its_argument():
    """`_encode(x)` returns `x` after using it: downstream of `encode`, so the unpack failure teaches the rank."""
    from offload_lint.confirm.trigger import produced_by

    assert produced_by(confirm_refusals.VideoEncodeHelper, "x", "encode") is None
    failed = Candidate("x <- [1, 3, 16, 16]", lambda: ((torch.zeros(1, 3, 16, 16),), {}),
                       shape=Shape((1, 3, 16, 16), "generic"))
    error = ValueError("not enough values to unpack (expected 5, got 4)")
    (retry,) = retry_candidates(confirm_refusals.VideoEncodeHelper(), "encode", torch.device("cpu"), error, failed)
    assert retry.shape is not None and len(retry.shape.dims) == 5 and not retry.produced


def test_an_optional_input_used_without_a_refusal_is_given_the_main_input():
    failed = Candidate("no arguments", lambda: ((), {}))
    error = AttributeError("'NoneType' object has no attribute 'size'")
    (retry,) = retry_candidates(confirm_refusals.OptionalTextAndImage(), "get_text_features", torch.device("cpu"),
                                error, failed)
    assert retry.filled == ("input_ids",)


def test_a_second_optional_input_is_given_after_the_first():
    model = confirm_refusals.OptionalTextAndImage()
    failed = Candidate("no arguments", lambda: ((), {}))
    (first,) = retry_candidates(model, "get_multimodal_features", torch.device("cpu"),
                                ValueError("You have to specify pixel_values"), failed)
    assert first.filled == ("pixel_values",)
    (second,) = retry_candidates(model, "get_multimodal_features", torch.device("cpu"),
                                 AttributeError("'NoneType' object has no attribute 'mean'"), first)
    assert second.filled == ("pixel_values", "input_ids")
    args, kwargs = second.make()
    model.get_multimodal_features(*args, **kwargs)  # both given: the call completes


def test_an_axis_the_model_wants_a_multiple_of_is_rounded_up():
    from offload_lint.confirm.trigger import learned_sizes

    text = ("The number of spectrogram frames (3) must be a multiple of `subsampling_factor` (8): pad `input_features`"
            " on the right")
    assert learned_sizes((1, 3, 80), text) == (1, 8, 80)
    assert learned_sizes((1, 12, 80), "length (12) should be divisible by 8") == (1, 16, 80)
    assert learned_sizes((1, 16, 80), "length (16) should be divisible by 8") is None  # nothing to change


def test_a_patchify_view_with_an_empty_axis_grows_the_input():
    """`shape '[1, 4, 0, 2, 2]' is invalid for input of size 64`: too few frames for the temporal patches."""
    from offload_lint.confirm.trigger import _learned_rank_or_axes

    grown = _learned_rank_or_axes(Shape((1, 3, 2, 16, 16), "guess"),
                                  "shape '[1, 4, 0, 2, 2, 2, 2, 2]' is invalid for input of size 64")
    assert grown is not None and grown.dims[2] > 2 and grown.dims[-1] >= 16, grown
    assert _learned_rank_or_axes(Shape((1, 3, 2, 16, 16), "guess"),
                                 "shape '[1, 4, 10, 2]' is invalid for input of size 64") is None


def test_a_method_that_calls_the_consumer_does_not_produce_its_argument():
    """`_encode(x)` hands `x` to `tiled_encode(x)` and returns an `x` of its own: the input of `tiled_encode` is
    synthesised, not taken from `_encode`."""
    from torch import nn

    from offload_lint.confirm.trigger import produced_by

    class Video(nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = nn.Conv3d(3, 4, 1)
            self.use_tiling = False

        def tiled_encode(self, x):
            return self.encoder(x)

        def _encode(self, x):
            if self.use_tiling:
                return self.tiled_encode(x)
            x = self.encoder(x)
            return x

        def map(self, hidden):
            routed = hidden * 2
            return hidden, routed

        def reduce(self, routed):
            return routed.sum()

    assert produced_by(Video, "x", "tiled_encode") is None
    assert produced_by(Video, "routed", "reduce") == ("map", 1)  # a sibling step still produces


class _Codebook(torch.nn.Module):
    """A VQ codebook's lookup and a relative-position bias by lengths (Janus, UDOP, LongT5)."""

    def __init__(self) -> None:
        super().__init__()
        self.embedding = torch.nn.Embedding(10, 4)

    def get_codebook_entry(self, image_tokens):
        return self.embedding(image_tokens)

    def compute_bias(self, query_length, key_length, device=None):
        return torch.arange(query_length)[:, None] - torch.arange(key_length)[None, :]


def test_floats_an_embedding_refuses_are_retried_as_indices():
    model = _Codebook()
    failed = Candidate("image_tokens <- [1, 4, 16, 16]", lambda: ((), {}), Shape((1, 4, 16, 16), "generic"))
    with pytest.raises(RuntimeError) as raised:
        model.get_codebook_entry(torch.randn(1, 4, 16, 16))
    (retry,) = retry_candidates(model, "get_codebook_entry", torch.device("cpu"), raised.value, failed)
    args, kwargs = retry.make()
    assert model.get_codebook_entry(*args, **kwargs).shape == (1, 4, 16, 16, 4)


def test_a_parameter_named_as_a_length_is_a_small_int():
    from offload_lint.confirm.trigger import synthesise

    args, kwargs = synthesise(_Codebook(), "compute_bias", torch.device("cpu"))[0].make()
    assert args[:2] == (4, 4), args


class _VideoTower(torch.nn.Module):
    """transformers' video features: `(batch, frames, channels, H, W)` folded into a batch of images."""

    def __init__(self) -> None:
        super().__init__()
        self.patch = torch.nn.Conv2d(3, 8, 4, stride=4)

    def get_video_features(self, pixel_values_videos):
        batch, frames, channels, height, width = pixel_values_videos.shape
        return self.patch(pixel_values_videos.reshape(batch * frames, channels, height, width))


def test_a_video_in_channels_first_order_is_retried_frames_first():
    model = _VideoTower()
    failed = Candidate("pixel_values_videos <- [1, 3, 2, 16, 16]", lambda: ((), {}),
                       Shape((1, 3, 2, 16, 16), "first leaf Conv2d, as 5-D"))
    with pytest.raises(RuntimeError) as raised:
        model.get_video_features(torch.randn(1, 3, 2, 16, 16))
    (retry,) = retry_candidates(model, "get_video_features", torch.device("cpu"), raised.value, failed)
    assert retry.shape.dims == (1, 2, 3, 16, 16), retry.description
    args, kwargs = retry.make()
    model.get_video_features(*args, **kwargs)
