"""What the libcst pass hands to the rest of the analysis: the accesses of one method, where each
value goes, and what kind of touch each access is. Plain data, without libcst: a run answered from
the cache, and the rules, read these without loading the parser.

Positions are (line, column) as libcst counts them: lines 1-based, columns 0-based characters.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from ..index.summary import INDEX, Chain
from ..index.torch_nn import TENSOR_CONTAINER, parameter_dimensions
from .semantics import METHOD, TENSOR, Resolution

if TYPE_CHECKING:
    from libcst.metadata import CodeRange


class Position(NamedTuple):
    line: int
    column: int


class SourceRange(NamedTuple):
    """Where an access is written (``start`` inclusive, ``end`` exclusive)."""

    start: Position
    end: Position

    @classmethod
    def of(cls, code_range: CodeRange) -> SourceRange:
        """From a libcst ``CodeRange``."""
        return cls(Position(code_range.start.line, code_range.start.column),
                   Position(code_range.end.line, code_range.end.column))


# --- where a value goes (the sinks :mod:`analyze.flow` computes) ----------------------------------
COMPUTE = "compute"
# The text of a gather's sink (``self.codebook[indices]``): the weight and the index meet. On a tensor container
# (``self.padding[modality]`` of a ParameterDict) the subscript is a key lookup instead (:mod:`.method_facts`).
INDEX_SINK = "an index"
# The value indexes another tensor (``x[mask]`` with ``mask`` made from a buffer): torch copies a CPU index to the
# indexed tensor's device, so only a stale copy that is no CPU tensor (meta, a partition) breaks there.
INDEX_INTO_SINK = "an index into another tensor"
CALL = "call"
MOVE = "move"
HOST = "host"
RETURN = "return"
STORE = "store"
# The value becomes the contents of a tensor that is not the module's own: ``new_proj.weight.copy_(w)``, or a tensor
# of a module built in the method (``linear.weight = nn.Parameter(w)``). Judged as a move is (``Strategy.move_is_fix``):
# a copy of a CPU copy holds the weight's values; one of a meta tensor, a partition or a DTensor does not.
COPY = "copy"
# Not followed (a construct the flow does not model): judged as a use.
UNKNOWN = "unknown"

@dataclass(frozen=True)
class Sink:
    """One place a value goes.

    ``peers``: the other accesses it met there (a weight combined with another weight is
    only a mismatch if one of them is onloaded at that moment); ``foreign``: it met an
    operand the method did not get from ``self`` (an input, a local tensor, a parameter).
    ``callee``/``argument``: for :data:`CALL`, the ``self`` chain called (``()`` for
    ``self(...)``) and the position (int) or keyword (str) of the argument.
    ``text``: how the sink is spelled, for messages (``F.linear``, ``+``, ``self.layers[i]``).
    ``result``: for :data:`CALL`, the key of the call's result in :attr:`MethodFlow.result_sinks`.
    ``parameters``: for :data:`COMPUTE`, the method's parameters it met, not counted in ``foreign``
    (a caller passing a Python number there makes the op harmless); ``scalar_arguments``: for
    :data:`CALL`, the arguments of that call that are Python numbers.
    """

    kind: str
    text: str = ""
    foreign: bool = False
    peers: frozenset[int] = frozenset()
    callee: Chain | None = None
    argument: int | str | None = None
    # For :data:`CALL`: the call's result, followed like a value (a helper may hand the value back).
    result: int | None = None
    parameters: frozenset[str] = frozenset()
    scalar_arguments: frozenset[int | str] = frozenset()
    # For :data:`STORE`: a memo (``self.cache[key] = t``) of a value the method also returns, judged by
    # where the return goes (the cache hands back the same tensor).
    memo: bool = False
    # For :data:`RETURN` of a tuple written out (``return a, b``): the element the value is in.
    element: int | None = None
    # For :data:`COMPUTE`: results of ``self.<helper>(...)`` calls met, each given only the accesses named (its
    # inputs, also in ``peers``): placed like them when the name is a helper of the class, else foreign.
    helper_results: frozenset[tuple[str, frozenset[int]]] = frozenset()


@dataclass(frozen=True)
class CallResults:
    """Where the result of each ``self.<...>(...)`` call goes, by call number (:attr:`Sink.result`);
    for a result unpacked into names (``ids, mask = self._pad(ids, mask)``), where each element goes."""

    whole: dict[int, tuple[Sink, ...]] = field(default_factory=dict)
    elements: dict[tuple[int, int], tuple[Sink, ...]] = field(default_factory=dict)

    def sinks(self, number: int | None, element: int | None = None) -> tuple[Sink, ...]:
        """Where the result goes; with ``element``, only what goes where that element was unpacked."""
        if number is None:
            return ()
        whole = self.whole.get(number, ())
        if element is not None:
            return whole + self.elements.get((number, element), ())
        return whole + tuple(sink for (call, _), sinks in self.elements.items() if call == number for sink in sinks)


@dataclass(frozen=True)
class MethodFlow:
    """The sinks of each access (by index), of each parameter (by name) and of each call's result."""

    access_sinks: tuple[tuple[Sink, ...], ...]
    parameter_sinks: dict[str, tuple[Sink, ...]] = field(default_factory=dict, hash=False)
    # Where the result of each ``self.<...>(...)`` call goes, by :attr:`Sink.result`, and what it called.
    result_sinks: CallResults = field(default_factory=CallResults, hash=False)
    result_callees: dict[int, Chain] = field(default_factory=dict, hash=False)
    # The arguments each of those calls passes, by position or keyword, leaving out literal ``None``s and
    # parameters of this method that default to None (``"*"``/``"**"`` for unpacked ones, contents unknown).
    call_arguments: dict[int, frozenset[int | str]] = field(default_factory=dict, hash=False)
    # What each of those calls' arguments derive from (:attr:`ValueFlow.argument_origins`).
    argument_origins: dict[int, dict[int | str, frozenset[int | str]]] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class FunctionalCall:
    """The ``F.<functional>(input, weight, ...)`` call of a leaf layer's computation (``linear``,
    ``conv2d``, ``embedding``) that an access is the ``weight`` or ``bias`` argument of, as written:
    what a fix needs to call the layer instead, without parsing the method again."""

    functional: str
    range: SourceRange  # the whole call
    input_text: str
    input_is_name: bool
    weight_text: str
    arguments: tuple[tuple[str, str], ...]  # the other parameters bound by name (whitespace-free source)

    def argument(self, name: str) -> str | None:
        return next((text for bound, text in self.arguments if bound == name), None)

    def moved(self, lines: int) -> "FunctionalCall":
        start, end = self.range
        return replace(self, range=SourceRange(Position(start.line + lines, start.column),
                                               Position(end.line + lines, end.column)))


# --- the accesses of a method (:mod:`analyze.access` collects them) ------------------------------
METADATA_ATTRIBUTES = {
    "shape", "dtype", "ndim", "size", "dim", "numel", "requires_grad", "is_floating_point",
    "is_complex", "nelement", "element_size", "itemsize", "layout", "is_sparse", "names", "grad_fn",
    "is_leaf", "stride", "storage_offset", "is_contiguous", "nbytes", "data_ptr", "is_meta", "is_cuda",
}
MOVING_METHODS = {"to", "cuda"}
# Methods that reshape or re-type a tensor without computing with its values: ``w.view(1, -1).to(x.device)``
# is a move like ``w.to(x.device)``.
SHAPE_ONLY_METHODS = {
    "view", "reshape", "unsqueeze", "squeeze", "expand", "expand_as", "flatten", "permute", "transpose",
    "contiguous", "clone", "detach", "float", "half", "bfloat16", "double", "repeat", "tile",
}
# Copies to host memory: the values are right wherever the weight sits.
HOST_READS = {"cpu", "numpy", "tolist", "item"}
# A parameter's gradient is another tensor: group offloading moves ``param.data``, never ``.grad``.
GRADIENT_ATTRIBUTES = {"grad", "main_grad"}
# In-place writes that accept a source on any device (weight loading and init): not a compute use.
WRITING_METHODS = {"copy_", "fill_", "zero_", "normal_", "uniform_", "fill_diagonal_", "requires_grad_"}
# Methods a tensor has and an ``nn.Module`` does not: ``<x>.weight.clone()`` calls one on a tensor, never a submodule.
TENSOR_ONLY_METHODS = (SHAPE_ONLY_METHODS | HOST_READS | WRITING_METHODS) - {
    "float", "half", "bfloat16", "double", "requires_grad_", "cpu"}

class AccessKind(Enum):
    METADATA = "metadata"
    DEVICE = "device read"
    MOVE = "moved"
    CALL = "module call"
    METHOD_CALL = "method call"
    USE = "use"
    HARMLESS = "harmless"


@dataclass(frozen=True)
class RawAccess:
    chain: Chain  # full chain from ``self`` (aliases expanded)
    called: bool  # the chain is the function of a call
    moves_to_device: bool  # ``.to(...)`` / ``.cuda()`` with a device argument
    inspected: bool  # ``is None``, ``isinstance``, ``len`` ...
    range: SourceRange
    # Inside ``int(...)``, ``.item()``, ``.tolist()``: the value is read back as a Python
    # scalar; the offload copy holds the same values, so nothing mixes devices.
    scalar: bool = False
    argument: bool = False  # passed as an argument of a call
    returned: bool = False  # the whole value of a ``return``
    # ``self.<method>`` when the chain is passed as a whole argument to a method of the same
    # object (``self._normalize(latents, self.vae.latents_mean)``): that helper owns its use.
    argument_of: str | None = None
    # Read inside an expression that combines it only with constants and other ``self`` chains of
    # the same first step, whose result reaches code only through ``.to(<device>)``: directly
    # (``torch.sqrt(self.vae.bn.running_var + eps).to(x.device)``) or through a local assigned
    # once whose every later use is such a move or metadata.
    moved_later: bool = False
    # Passed as a whole argument of any call (``helper(tower=self.text_encoder.vision_tower)``).
    passed: bool = False
    # Where the value goes (see :mod:`analyze.flow`); empty for a value that goes nowhere.
    sinks: tuple[Sink, ...] = ()
    # The parameter whose missing value this access stands in for: read only in
    # ``if device is None: device = self.device`` (or ``device or self.device``), a branch
    # callers that pass the parameter never take.
    default_fallback: str | None = None
    # The layer computation this access is the weight or bias argument of (``F.linear(x, self.proj.weight)``).
    functional: FunctionalCall | None = None
    # Integer-literal indices the chain ends with (``self.label_enc.weight[0, 0]``: 2); 0 when any index of its
    # final subscripts is a slice or a name. Enough of them make the read one 0-dim element.
    element_indices: int = 0

    def moved(self, lines: int) -> "RawAccess":
        """The same access ``lines`` further down (or up)."""
        start, end = self.range
        return replace(self, range=SourceRange(Position(start.line + lines, start.column),
                                               Position(end.line + lines, end.column)),
                       functional=self.functional.moved(lines) if self.functional else None)


@dataclass(frozen=True)
class CollectedMethod:
    """The libcst pass over one method: its accesses (with their sinks) and where each of its
    parameters goes (for callers that hand it a weight)."""

    accesses: list[RawAccess]
    parameter_sinks: dict[str, tuple[Sink, ...]]
    result_sinks: CallResults = field(default_factory=CallResults)
    result_callees: dict[int, Chain] = field(default_factory=dict)
    call_arguments: dict[int, frozenset[int | str]] = field(default_factory=dict)
    argument_origins: dict[int, dict[int | str, frozenset[int | str]]] = field(default_factory=dict)
    # ``self.<method>(...)`` calls: the ``self`` attributes re-bound to new tensors before every one of them.
    replaced_before_calls: dict[str, frozenset[str]] = field(default_factory=dict)

    def moved(self, lines: int) -> "CollectedMethod":
        """The result of a method with the same text ``lines`` further down (or up)."""
        if not lines:
            return self
        return replace(self, accesses=[access.moved(lines) for access in self.accesses])


@dataclass(frozen=True)
class Access:
    raw: RawAccess
    resolution: Resolution
    kind: AccessKind
    index: int = -1  # position in the method's raw accesses (sinks name their peers by it)

    @property
    def is_value(self) -> bool:
        """A tensor used or a device read: judged by where the value goes, not where it is written."""
        return self.kind in (AccessKind.USE, AccessKind.DEVICE) or (
            self.resolution.target == METHOD and self.resolution.name == "device")

    @property
    def line(self) -> int:
        return self.raw.range.start.line

    @property
    def zero_dim_element(self) -> bool:
        """One element of a layer's weight, every dimension indexed by an integer (``self.label_enc.weight[0, 0]``
        of an ``nn.Embedding``): a 0-dim tensor, which torch combines with tensors on any device."""
        resolution = self.resolution
        if resolution.target != TENSOR or not self.raw.element_indices or not resolution.owner.classes:
            return False
        if any(step != INDEX for step in resolution.rest):
            return False  # ``w[0, 0].expand(...)``: something else is made of the element
        return all(parameter_dimensions(qualified, resolution.name) == self.raw.element_indices
                   for qualified in resolution.owner.classes)


def classify(resolution: Resolution, raw: RawAccess, in_property: bool = False) -> AccessKind:
    rest = _without_views(resolution.rest)
    if in_property and raw.returned and not rest:
        return AccessKind.HARMLESS  # an accessor: whoever reads the property uses (or moves) the weight
    if raw.inspected and not rest:
        return AccessKind.HARMLESS
    if resolution.target == TENSOR:
        if not rest and raw.called and resolution.owner.kind == TENSOR_CONTAINER:
            # No tensor is callable: a called item of a ParameterDict / ParameterList is a module it holds (their
            # items may be modules the index did not type), run through its own hooks.
            return AccessKind.HARMLESS
        return _tensor_touch(rest, raw)
    if resolution.target == METHOD:
        if resolution.name == "forward":
            # ``self.org_forward = self.org_module.forward`` saves the bound method: nothing runs there (its
            # caller is judged where it calls the saved value). Called, handed on or returned, it runs.
            ran = raw.called or raw.argument or raw.passed or raw.returned or rest
            return AccessKind.CALL if ran else AccessKind.HARMLESS
        return AccessKind.METHOD_CALL if raw.called or rest else AccessKind.HARMLESS
    # A module: called (directly, or handed to a call that runs it), or something read off it.
    if not rest:
        return AccessKind.CALL if raw.called or raw.argument else AccessKind.HARMLESS
    if rest[0] == "device":
        return AccessKind.DEVICE
    return AccessKind.HARMLESS


def _without_views(rest: Chain) -> Chain:
    """``.data`` and ``[i]`` are the same storage on the same device: look through them."""
    while rest[:1] in (("data",), (INDEX,)):
        rest = rest[1:]
    return rest


def _tensor_touch(rest: Chain, raw: RawAccess) -> AccessKind:
    if raw.scalar and (not rest or rest[0] not in ("device",)):
        return AccessKind.HARMLESS
    if not rest:
        return AccessKind.USE
    first = rest[0]
    if first in METADATA_ATTRIBUTES:
        return AccessKind.METADATA
    if first == "device":
        return AccessKind.DEVICE
    if first in HOST_READS or first in GRADIENT_ATTRIBUTES:
        return AccessKind.HARMLESS
    if first in WRITING_METHODS and len(rest) == 1 and raw.called:
        return AccessKind.HARMLESS
    if first in MOVING_METHODS and len(rest) == 1 and raw.called:
        return AccessKind.MOVE if raw.moves_to_device else AccessKind.USE
    return AccessKind.USE


