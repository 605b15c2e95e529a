"""Inputs a transformers multimodal method takes, made by the model's own processor, sized from the model's config.

A vision-language or audio model's ``get_image_features(pixel_values, image_sizes)`` / ``get_audio_features(
input_features, input_features_mask)`` does not take one tensor of a guessable shape: it takes what its processor
makes, several tensors that must agree. LLaVA-NeXT's anyres processor cuts an image into ``(batch, patches,
channels, side, side)`` tiles chosen from ``image_grid_pinpoints`` and passes the image's size beside them; Idefics3
and Granite Docling pass a ``pixel_attention_mask``; an audio feature extractor makes mel frames with the mask of the
valid ones. No shape of one tensor gives that, and one learned from a failure resizes one tensor alone.

transformers maps each model config class to its processors (``IMAGE_PROCESSOR_MAPPING``,
``FEATURE_EXTRACTOR_MAPPING``; ``AutoImageProcessor.register`` adds a user's). The processor is built with its own
defaults, except where the model's config says otherwise under the same name (``patch_size``, ``image_grid_pinpoints``,
``merge_size`` as ``spatial_merge_size``, an audio ``feature_size`` as ``num_mel_bins``): a tiny config shrinks the
vision tower's ``image_size`` and ``patch_size``, and the processor must cut images for the tower that was built. Its
image sizes (``size``, ``crop_size``) become the vision config's ``image_size``. It then processes one random image of
that side (or half a second of noise at its sampling rate), and the method gets the outputs its parameters name.

The PIL backend is used (torchvision is optional for transformers and not needed by it). Processors that need more
(a video processor, a tokenizer) are not built here: their methods keep the other candidates.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

import torch

# A processor argument a config spells differently: the config's names, first found wins.
_CONFIG_ALIASES = {"merge_size": ("merge_size", "spatial_merge_size"),
                   "feature_size": ("feature_size", "num_mel_bins", "n_mels")}
# Processor arguments that hold image sizes (``{"height": 384, "width": 384}``, ``{"shortest_edge": 224}``).
_IMAGE_SIZE_ARGUMENTS = ("size", "crop_size", "max_image_size")
_IMAGE_PARAMETER = "pixel_values"
_AUDIO_PARAMETERS = ("input_features", "input_values")
_AUDIO_SECONDS = 0.5
# Processors whose outputs are larger than this are not used: a default-sized processor (an image cut into hundreds
# of 980-pixel tiles) costs more than a check can spend; the other candidates remain.
_MAX_ELEMENTS = 4_000_000
_FALLBACK_SIDE = 16
_BACKENDS = ("pil", "numpy", "torchvision")


def _config_value(configs: list[Any], name: str) -> Any:
    for config in configs:
        for alias in _CONFIG_ALIASES.get(name, (name,)):
            value = getattr(config, alias, None)
            if value is not None:
                return value
    return None


def _defaults(cls: type) -> dict[str, Any]:
    """The processor class's own default arguments: its class attributes (transformers' image processors declare
    them there) and its constructor's defaults (feature extractors take them as parameters)."""
    found: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        for name, value in vars(klass).items():
            if not name.startswith("_") and not callable(value) \
                    and not isinstance(value, (property, classmethod, staticmethod)):
                found[name] = value
    try:
        parameters = inspect.signature(cls.__init__).parameters.values()
    except (TypeError, ValueError):
        parameters = ()
    for parameter in parameters:
        if parameter.default is not inspect.Parameter.empty and parameter.name != "self":
            found.setdefault(parameter.name, parameter.default)
    return found


def _same_kind(ours: Any, theirs: Any) -> bool:
    if isinstance(theirs, bool) or isinstance(ours, bool):
        return isinstance(theirs, bool) and isinstance(ours, bool)
    if isinstance(theirs, (int, float)) and isinstance(ours, (int, float)):
        return True
    return isinstance(ours, (list, tuple)) and isinstance(theirs, (list, tuple)) or type(ours) is type(theirs)


def _arguments(cls: type, configs: list[Any], side: int | None) -> dict[str, Any]:
    """The processor's arguments the config decides: image sizes from the vision config's side, every other default
    the config holds under the processor's name (or an alias) with a value of the same kind."""
    arguments: dict[str, Any] = {}
    for name, default in _defaults(cls).items():
        if name == "model_input_names":
            continue
        if name in _IMAGE_SIZE_ARGUMENTS and isinstance(default, dict) and side is not None:
            arguments[name] = {key: side for key in default}
            continue
        value = _config_value(configs, name)
        if value is not None and _same_kind(default, value) and value != default:
            arguments[name] = value
    return arguments


def _processor_class(mapping_name: str, config: Any) -> type | None:
    """The processor transformers maps this config class to (``AutoImageProcessor.register`` included), PIL first."""
    try:
        from transformers.models.auto import feature_extraction_auto, image_processing_auto
    except ImportError:
        return None
    module = image_processing_auto if mapping_name == "IMAGE_PROCESSOR_MAPPING" else feature_extraction_auto
    mapping = getattr(module, mapping_name, None)
    try:
        found = mapping[type(config)] if mapping is not None else None
    except (KeyError, ImportError, AttributeError, ValueError):
        return None
    if isinstance(found, dict):
        for backend in (*_BACKENDS, *found):
            if isinstance(found.get(backend), type):
                return found[backend]
        return None
    if isinstance(found, (tuple, list)):
        found = next((item for item in found if isinstance(item, type)), None)
    return found if isinstance(found, type) else None


def _part_config(config: Any, part: str) -> list[Any]:
    """The model's config of one modality first (``vision_config``), then the model's own."""
    sub = getattr(config, part, None)
    return [sub, config] if sub is not None and hasattr(sub, "to_dict") else [config]


class ProcessorInputs:
    """One modality's processor and the call that makes its outputs."""

    def __init__(self, cls: type, arguments: dict[str, Any], modality: str, side: int | None) -> None:
        self.cls, self.arguments, self.modality, self.side = cls, arguments, modality, side

    def outputs(self) -> dict[str, Any]:
        """The processor's outputs as numpy arrays (made into tensors by the call, in whatever mode it runs)."""
        import numpy

        processor = self.cls(**self.arguments)
        generator = numpy.random.default_rng(0)
        if self.modality == "image":
            from PIL import Image

            side = self.side or _FALLBACK_SIDE
            image = Image.fromarray(generator.integers(0, 255, (side, side, 3), dtype=numpy.uint8))
            made = processor(images=[image], return_tensors="np")
        else:
            rate = int(getattr(processor, "sampling_rate", 16000))
            wave = generator.standard_normal(int(rate * _AUDIO_SECONDS)).astype(numpy.float32)
            made = processor(wave, sampling_rate=rate, return_tensors="np")
        return dict(made)

    def describe(self) -> str:
        given = ", ".join(f"{name}={value!r}" if not isinstance(value, (list, tuple)) or len(value) <= 2
                          else f"{name}={list(value[:2])!r}... of the config" for name, value in self.arguments.items())
        what = (f"one {self.side or _FALLBACK_SIDE} x {self.side or _FALLBACK_SIDE} image" if self.modality == "image"
                else f"{_AUDIO_SECONDS} s of noise")
        return f"{self.cls.__name__}({given}) on {what}"


def processors_for(module: torch.nn.Module, names: set[str]) -> list[ProcessorInputs]:
    """The processors of the modalities the method takes (an image's ``pixel_values``, audio's ``input_features``)
    that transformers maps the module's config to."""
    config = getattr(module, "config", None)
    if config is None or not hasattr(config, "to_dict"):
        return []
    found: list[ProcessorInputs] = []
    if _IMAGE_PARAMETER in names:
        cls = _processor_class("IMAGE_PROCESSOR_MAPPING", config)
        if cls is not None:
            configs = _part_config(config, "vision_config")
            side = _config_value(configs, "image_size")
            side = side[0] if isinstance(side, (list, tuple)) and side else side
            side = side if isinstance(side, int) and not isinstance(side, bool) and side > 0 else None
            found.append(ProcessorInputs(cls, _arguments(cls, configs, side), "image", side))
    if names & set(_AUDIO_PARAMETERS):
        cls = _processor_class("FEATURE_EXTRACTOR_MAPPING", config)
        if cls is not None:
            configs = _part_config(config, "audio_config")
            found.append(ProcessorInputs(cls, _arguments(cls, configs, None), "audio", None))
    return found


def processor_call(module: torch.nn.Module, method: Callable, parameters: list[inspect.Parameter],
                   device: torch.device, other: Callable[[inspect.Parameter], Any]
                   ) -> tuple[str, Callable[[], tuple[tuple, dict]]] | None:
    """(description, make) of the method called with what the model's processors make, every other required
    parameter made by ``other``; None when no processor is mapped or its outputs name none of the parameters."""
    try:
        names = set(inspect.signature(method).parameters)
    except (TypeError, ValueError):
        return None
    processors = processors_for(module, names)
    made: dict[str, Any] = {}
    described: list[str] = []
    for processor in processors:
        try:
            outputs = processor.outputs()
        except Exception:  # a processor that refuses its config's sizes: the other candidates remain
            continue
        used = {name: value for name, value in outputs.items() if name in names}
        size = sum(int(getattr(value, "size", 0)) for value in used.values() if hasattr(value, "shape"))
        if not used or size > _MAX_ELEMENTS:
            continue
        made.update(used)
        shapes = ", ".join(f"{name} {list(value.shape) if hasattr(value, 'shape') else value}"
                           for name, value in used.items())
        described.append(f"{shapes} <- {processor.describe()}")
    if not made:
        return None

    def make() -> tuple[tuple, dict]:
        kwargs = {name: torch.tensor(value, device=device) if hasattr(value, "shape") else value
                  for name, value in made.items()}
        for parameter in parameters:
            if parameter.name not in kwargs:
                kwargs[parameter.name] = other(parameter)
        return (), kwargs

    return f"{'; '.join(described)} (the model's own processor, sized from its config)", make
