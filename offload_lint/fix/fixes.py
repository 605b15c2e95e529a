"""The fixes the rules offer, one constructor each: what the edit is, how safe it is, and under
which offloading systems it still does not help (see each rule's "Fix safety")."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from . import locations
from .locations import BLOCK_MODULES, SourceFile, Span
from ..analyze.records import FunctionalCall, SourceRange
from ..index import torch_nn
from ..index.project import ClassInfo
from .model import COPY_DOES_NOT_HELP, DEVICE_READ_UNUSABLE, Applicability, Fix, no_help_text

SAFE, UNSAFE = Applicability.SAFE, Applicability.UNSAFE


def _codemods() -> ModuleType:
    """:mod:`.codemods`, imported when a fix needs libcst: a run answered from the cache never loads it."""
    from . import codemods

    return codemods
# Annotations that make a parameter a tensor (an Optional one may be None).
_TENSOR_ANNOTATIONS = {"Tensor", "FloatTensor", "LongTensor", "HalfTensor", "BFloat16Tensor", "DoubleTensor",
                       "IntTensor", "BoolTensor"}


@dataclass(frozen=True)
class InputTensor:
    """The method argument whose device a fix uses; ``annotated``: declared a tensor, not guessed by name."""

    name: str
    annotated: bool

    @classmethod
    def of(cls, name: str, annotation: str) -> "InputTensor":
        return cls(name, annotation.split(".")[-1] in _TENSOR_ANNOTATIONS)

    @property
    def applicability(self) -> Applicability:
        return SAFE if self.annotated else UNSAFE

    @property
    def caveat(self) -> str:
        return "" if self.annotated else f"; unsafe: '{self.name}' is taken to be a tensor by its name only"


def move_weight_to_input(source: SourceFile, span: Span, device_of: InputTensor) -> Fix | None:
    """``self.clip_std`` -> ``self.clip_std.to(<input>.device)``: a copy for the call, same values."""
    written = locations.source_text(source, span)
    if not written or "\n" in written:
        return None
    return Fix(device_of.applicability, locations.move_to(span, f"{device_of.name}.device"),
               f"Move {written} to {device_of.name}.device{device_of.caveat}{no_help_text(COPY_DOES_NOT_HELP)}",
               COPY_DOES_NOT_HELP)


def use_input_device(source: SourceFile, span: Span, device_of: InputTensor | None, group_offload_aware: bool) -> Fix | None:
    """``self.proj.weight.device`` -> ``<input>.device``; with no input, a diffusers model's own
    ``self.device`` (which follows group offloading), unsafe."""
    written = locations.source_text(source, span)
    if not written or not written.endswith(".device"):
        return None
    if device_of is not None:
        return Fix(device_of.applicability, locations.replace(span, f"{device_of.name}.device"),
                   f"Use {device_of.name}.device instead of {written}{device_of.caveat}")
    if group_offload_aware and written != "self.device":
        return Fix(UNSAFE, locations.replace(span, "self.device"),
                   f"Use self.device (ModelMixin.device follows group offloading) instead of {written}; unsafe: "
                   f"no input tensor gives the compute device here{no_help_text(DEVICE_READ_UNUSABLE)}",
                   DEVICE_READ_UNUSABLE)
    return None


def call_layer_or_move(source: SourceFile, span: Span, layer_classes: tuple[str, ...],
                       device_of: InputTensor | None, use: FunctionalCall | None) -> Fix | None:
    """``F.linear(x, self.proj.weight, self.proj.bias)`` -> ``self.proj(x)`` when that is exactly the
    layer's computation (its hook then onloads it under every offloading system); else the read
    moved to the device of the call's input. ``use``: the functional call the read is an argument of."""
    written = locations.source_text(source, span)
    if not written or "\n" in written:
        return None
    layer_class = _plain_torch_layer(layer_classes)
    computation = torch_nn.LAYER_COMPUTATIONS.get(layer_class)
    if use is not None and computation is not None and use.functional == computation.functional \
            and use.weight_text.endswith(".weight"):
        layer_text = use.weight_text[: -len(".weight")]
        attribute = layer_text[len("self."):] if layer_text.startswith("self.") else ""
        if attribute and written in (f"{layer_text}.weight", f"{layer_text}.bias") and _codemods().is_layer_computation(source, use, layer_text, attribute, layer_class):
            return Fix(SAFE, locations.replace(_span_of(use.range), f"{layer_text}({use.input_text})"),
                       f"Call {layer_text}({use.input_text}): the same computation, under the layer's own hook")
    if use is not None and use.input_is_name:
        device_of = InputTensor(use.input_text, annotated=True)  # the functional's input is a tensor
    if device_of is None:
        return None
    return move_weight_to_input(source, span, device_of)


def _span_of(where: SourceRange) -> Span:
    """A recorded range as edits give it (1-based columns, end exclusive)."""
    return (where.start.line, where.start.column + 1, where.end.line, where.end.column + 1)


def _plain_torch_layer(classes: tuple[str, ...]) -> str:
    """``Linear`` for a plain torch.nn layer; "" for a subclass (its forward may compute something else)."""
    if len(classes) == 1 and torch_nn.is_torch_nn(classes[0]):
        return torch_nn.torch_class_name(classes[0])
    return ""


def declare_block_module(source: SourceFile, cls: ClassInfo, line: int, children: tuple[str, ...]) -> Fix | None:
    """``children`` added to the ``_group_offload_block_modules`` of ``cls`` (the class around ``line``)."""
    for child in children:
        owned = cls.owned.get(child)
        # A ModuleDict has no forward() of its own to hook: declaring it changes nothing.
        if owned is None or owned.kind == torch_nn.MODULE_DICT or child in cls.block_modules:
            return None
    if not children or not _written_in(cls, source, line):
        return None  # the method comes from a base class: the declaration belongs to this one
    inherited = () if cls.summary.block_modules is not None else cls.block_modules
    edits = _codemods().add_block_module(source, cls.summary.line, cls.summary.body_layout, children, inherited)
    if edits is None:
        return None
    listed = " and ".join(", ".join(f"'{child}'" for child in children).rsplit(", ", 1))
    return Fix(UNSAFE, edits,
               f"Add {listed} to {cls.name}.{BLOCK_MODULES}; unsafe: it changes how block-level offloading "
               f"groups the weights (and the memory each onload takes)")


def _written_in(cls: ClassInfo, source: SourceFile, line: int) -> bool:
    """Whether ``line`` of ``source`` is in the body of ``cls`` itself, not of a class nested in it."""
    summary = cls.summary
    if cls.file.path != source.path or not summary.line <= line <= summary.end_line:
        return False
    nested = f"{summary.qualname}."
    return not any(other.qualname.startswith(nested) and other.line <= line <= other.end_line
                   for other in cls.file.classes)


def modern_wrapper(source: SourceFile) -> tuple[Fix | None, str | None]:
    """(the fix, why there is none)."""
    rewrite = _codemods().modern_wrappers(source)
    if rewrite.edits is None:
        return None, rewrite.blocker
    return Fix(UNSAFE, rewrite.edits,
               "Use torch.nn.utils.parametrizations (the weight is computed on access, after onloading); unsafe: "
               "state-dict keys change (weight_g/weight_v become parametrizations.weight.original0/1)"), None


__all__ = ["InputTensor", "call_layer_or_move", "declare_block_module", "modern_wrapper", "move_weight_to_input",
           "use_input_device"]
