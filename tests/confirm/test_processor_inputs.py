"""A multimodal method's inputs made by the model's own processor, sized from its config (``processor_inputs.py``).

Fixture: fixtures/confirm/confirm_processors.py (an anyres-style tiled image model whose config and processor are
registered with transformers' auto classes)."""

from __future__ import annotations

import pytest
import torch

pytest.importorskip("transformers")
pytest.importorskip("accelerate")

from offload_lint.confirm import CheckConfig  # noqa: E402
from offload_lint.confirm.processor_inputs import processor_call  # noqa: E402
from offload_lint.confirm.report import CONFIRMED  # noqa: E402
from offload_lint.confirm.scenario import Step  # noqa: E402
from offload_lint.confirm.strategies import StrategyOptions, StrategyRequest, run_requests  # noqa: E402
from offload_lint.confirm.strategies.common import make_plan  # noqa: E402
from offload_lint.confirm.tiny import CANDIDATE_SIZES, shrink_object  # noqa: E402
from offload_lint.confirm.trigger import required_parameters, synthesise  # noqa: E402


def _unreachable(parameter):
    raise AssertionError(f"{parameter.name} should come from the processor")


def test_the_processor_makes_agreeing_tiles_and_sizes_for_the_towers_side() -> None:
    from confirm_processors import TiledImageModel, TiledVisionConfig

    model = TiledImageModel(TiledVisionConfig(image_size=4, image_grid_pinpoints=[[4, 8], [8, 8]]))
    method = model.get_image_features
    description, make = processor_call(model, method, required_parameters(method), torch.device("cpu"), _unreachable)
    args, kwargs = make()
    # a 4 x 4 image fits the 4 x 8 pinpoint best: two tiles of the tower's side and the whole image
    assert tuple(kwargs["pixel_values"].shape) == (1, 3, 3, 4, 4)
    assert kwargs["image_sizes"].tolist() == [[4, 4]]
    assert "TiledImageProcessor(size={'height': 4, 'width': 4}" in description
    assert "image_grid_pinpoints" in description and "sized from its config" in description
    model.get_image_features(*args, **kwargs)  # the model accepts it


def test_a_config_no_processor_is_registered_for_gets_no_processor_candidate() -> None:
    from confirm_processors import TiledImageModel

    model = TiledImageModel()
    model.config = type("UnregisteredConfig", (), {"to_dict": lambda self: {}, "image_size": 4})()
    method = model.get_image_features
    assert processor_call(model, method, required_parameters(method), torch.device("cpu"), _unreachable) is None
    assert not any("processor" in candidate.description for candidate in
                   synthesise(model, "get_image_features", torch.device("cpu")))


def test_the_reference_runs_with_the_processors_call_first() -> None:
    from confirm_processors import TiledImageModel

    plan = make_plan(TiledImageModel(), [Step("get_image_features")], StrategyOptions(warm_up=False))
    assert "TiledImageProcessor" in plan.calls[0].description


def test_tiled_image_features_are_confirmed_under_model_cpu_offload() -> None:
    """Without the processor's call every synthesised input fails on the plain model: untriggered."""
    config = CheckConfig(strategies=("model-cpu-offload",), timeout=60)
    request = StrategyRequest("model-cpu-offload", "confirm_processors:TiledImageModel",
                              (Step("get_image_features"),), config)
    (result,) = run_requests([request])
    assert result.verdict == CONFIRMED, result.evidence
    assert "TiledImageProcessor" in result.evidence


def test_resolution_grids_are_scaled_with_the_vision_towers_image_size() -> None:
    """LLaVA-NeXT's pinpoints are multiples of the tower's side: shrunk with it, an image is a few tiles, not 883."""
    from transformers import PretrainedConfig

    from confirm_processors import TiledVisionConfig

    config = PretrainedConfig()
    config.vision_config = TiledVisionConfig(image_size=336)
    config.image_grid_pinpoints = [[336, 672], [672, 336], [672, 672]]
    config.other_grid_pinpoints = [[100, 200]]  # not in multiples of the side: left as it is
    shrink_object(config, CANDIDATE_SIZES[0])
    side = config.vision_config.image_size
    assert side < 336
    assert config.image_grid_pinpoints == [[side, 2 * side], [2 * side, side], [2 * side, 2 * side]]
    assert config.other_grid_pinpoints == [[100, 200]]


def test_llava_next_image_features_take_the_anyres_processors_tiles() -> None:
    """The real library: LLaVA-NeXT built tiny, its PIL image processor built for the tiny tower."""
    from offload_lint.confirm.build import build_module_noted

    model, _ = build_module_noted("transformers.models.llava_next.modeling_llava_next:LlavaNextModel", None)
    plan = make_plan(model, [Step("get_image_features")], StrategyOptions(warm_up=False))
    description = plan.calls[0].description
    assert "LlavaNextImageProcessorPil" in description and "image_sizes" in description, description
    assert plan.calls[0].kwargs["pixel_values"].shape[1] < 10  # a few tiles: the pinpoints follow the side
