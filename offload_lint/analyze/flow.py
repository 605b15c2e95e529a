"""Where each value goes: the sinks of every ``self...`` access of one method.

Whether touching an offloaded weight is a bug depends on where its value ends up, not on
where it is written (``shared/docs/offload-semantics.md``, "What the hook does with the
call's arguments"):

- it meets another tensor in an op (an input, an onloaded weight, a module's output), is
  used to index one, or places a tensor (``device=``) that does: :data:`COMPUTE`;
- it is handed to a call (a child module, a block, a same-class helper, a function
  attribute): :data:`CALL`, judged later by what that call does with its arguments;
- ``.to(<device>)``/``.cuda()`` or a host copy (``.cpu()``, ``.item()``, numpy): :data:`MOVE`, :data:`HOST`;
- returned, yielded or stored on ``self`` or in a container: :data:`RETURN`, :data:`STORE`.

Values are followed through local names and rebinding, tuple unpacking, comprehensions and
ops on the value itself (``w = F.normalize(self.codebook.weight)``). A ``.device`` read is a
value too: a tensor built with it (``torch.arange(n, device=d)``, ``x.to(d)``) carries it on.
The method's parameters are followed the same way, so that a caller handing a weight to a
helper (``self._merge(feature, self.newline)``) is judged by what the helper does with it.

This runs in the libcst pass without the project index: sinks name calls by their ``self``
chain; the semantics decide later whether that call is hooked at a given level.
"""

from __future__ import annotations

import re

import libcst as cst

from ..index import masks
from ..index.summary import HOST_COPY_PREFIX, INDEX, Chain
from ..index.torch_nn import DTYPE_WORDS, FULL_REDUCTIONS
from .records import (CALL, COMPUTE, COPY, HOST, INDEX_INTO_SINK, INDEX_SINK, MOVE, RETURN, STORE, UNKNOWN, CallResults,
                      MethodFlow, Sink)

# Origins: an access (its index in the method's access list) or a parameter ("p:name").
Origin = int | str
TENSOR_VALUE = "tensor"
DEVICE_VALUE = "device"


_METADATA = {
    "shape", "dtype", "ndim", "size", "dim", "numel", "requires_grad", "is_floating_point", "is_complex",
    "nelement", "element_size", "itemsize", "layout", "is_sparse", "names", "grad_fn", "is_leaf", "stride",
    "storage_offset", "is_contiguous", "nbytes", "data_ptr", "is_meta", "is_cuda", "type", "__class__",
    "get_device", "device_type",
}
# ``w.type_as(x)`` is ``w.type(x.type())``, and a tensor type names its device (``torch.cuda.FloatTensor``): a move.
_MOVING = {"to", "cuda", "type_as"}
_HOST = {"cpu", "numpy", "tolist", "item"}
_WRITING = {"copy_", "fill_", "zero_", "normal_", "uniform_", "fill_diagonal_", "requires_grad_", "data_ptr"}
# Tensor methods whose arguments are sizes, dims or dtypes (or another tensor's shape), never operands.
_UNARY = {
    "view", "reshape", "unsqueeze", "squeeze", "expand", "flatten", "unflatten", "permute", "transpose",
    "contiguous", "clone", "detach", "float", "half", "bfloat16", "double", "int", "long", "bool",
    "repeat", "tile", "chunk", "split", "narrow", "select", "movedim", "t", "softmax", "log_softmax",
    "sum", "mean", "std", "var", "norm", "max", "min", "amax", "amin", "argmax", "argmin", "cumsum",
    "exp", "log", "sqrt", "rsqrt", "abs", "neg", "reciprocal", "sigmoid", "tanh", "square", "pow",
    "clamp", "clamp_min", "clamp_max", "flip", "roll", "tril", "triu", "unbind", "diag", "prod",
    "exp_", "clamp_", "mul_", "div_", "pow_", "sign", "floor", "ceil", "round", "type", "squeeze_",
    "unsqueeze_", "view_as", "reshape_as", "expand_as", "new_zeros", "new_ones", "new_empty",
    "new_full", "new_tensor", "numel", "any", "all", "tril_", "triu_", "fill_diagonal_", "topk",
    "sort", "argsort", "cumprod", "logsumexp", "nan_to_num",
}
# Tensor methods that combine the receiver with their arguments (``self.l_harmonic.le(lmax)``): an op on the weight,
# not a call of a child's method, whose result would be a value of unknown placement. Names no class of the installed
# diffusers, transformers, timm and peft or of the labelled corpora defines as a method; ``add``/``mul`` (memory banks),
# ``gather`` (``nn.DataParallel``), ``index_select`` and ``matmul``/``mm`` (datasets, linear operators) are left out.
_BINARY_TENSOR_METHODS = {
    "le", "lt", "ge", "gt", "eq", "ne", "bitwise_and", "bitwise_or", "bitwise_xor", "logical_and", "logical_or",
    "logical_xor", "isin", "masked_fill",
}
# Dict methods whose first argument is a key.
_LOOKUPS = {"get", "pop", "setdefault", "__contains__", "__getitem__"}
# Gradient checkpointing helpers whose first argument is the module they call with the rest.
_CHECKPOINT_CALLS = {("_gradient_checkpointing_func",)}
# Methods of dicts and lists that put values in (no tensor has them).
_FILLING = {"update", "append", "extend", "insert", "setdefault"}
# ``x.new_zeros(...)`` and friends place their result where ``x`` is.
_PLACES_LIKE_RECEIVER = {"new_zeros", "new_ones", "new_empty", "new_full", "new_tensor"}
# torch functions that build a new tensor from sizes or Python values.
_FACTORIES = {"arange", "zeros", "ones", "empty", "full", "rand", "randn", "randint", "randperm", "linspace",
              "logspace", "eye", "tensor", "as_tensor", "tril_indices", "triu_indices", "range"}
_LITERAL_NAMES = {"None", "True", "False", "Ellipsis"}
# Methods that give a tensor dimensions: a 0-dim tensor then no longer mixes with tensors on another device.
_RESHAPING = {"repeat", "expand", "expand_as", "view", "reshape", "unsqueeze", "repeat_interleave", "broadcast_to",
              "flatten", "tile", "unflatten"}
# Calls that only inspect or describe their argument.
_INSPECTING = {"len", "isinstance", "hasattr", "getattr", "type", "id", "callable", "repr", "print", "str",
               "format", "issubclass", "torch.is_tensor", "is_torch_tensor", "logger.info", "logger.warning",
               "logger.debug", "warnings.warn"}
_SCALAR_READS = {"int", "float", "bool", "math.log", "math.sqrt", "math.exp", "round"}

Taint = frozenset[tuple[Origin, str]]
_EMPTY: Taint = frozenset()


def _dotted(node: cst.BaseExpression) -> str:
    parts: list[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if isinstance(node, cst.Name):
        parts.append(node.value)
        return ".".join(reversed(parts))
    return ""


_CLASS_NAME = re.compile(r"^_*[A-Z]")
# The text side of a model: ``tokenizer.batch_decode(ids)``, ``self.processor.decode(ids[0])``.
_TEXT_CODEC = re.compile(r"(tokenizer|processor)$", re.IGNORECASE)


def _decodes_token_ids(name: str, receiver: cst.BaseExpression | None) -> bool:
    """``<tokenizer or processor>.decode/batch_decode/convert_ids_to_tokens(ids)``, a receiver so named."""
    if name not in ("decode", "batch_decode", "convert_ids_to_tokens") or receiver is None:
        return False
    last = _dotted(receiver).rsplit(".", 1)[-1]
    return _TEXT_CODEC.search(last) is not None


def _constructs_class(call: cst.Call) -> bool:
    """``nn.Linear(...)``, ``cls._FLOAT_CONV_MODULE(...)``: a call of a class by its name's spelling."""
    name = _dotted(call.func)
    return bool(name) and bool(_CLASS_NAME.match(name.rsplit(".", 1)[-1]))


# Python floats the numeric modules name (``torch.randn_like(w) / 4 / torch.pi``): numbers, no tensors.
_NUMBER_CONSTANTS = frozenset(f"{module}.{name}" for module in ("torch", "math", "np", "numpy")
                              for name in ("pi", "e", "inf", "nan", "tau"))


def _is_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString,
                         cst.FormattedString, cst.Ellipsis)):
        return True
    if isinstance(node, cst.Name):
        return node.value in _LITERAL_NAMES
    if isinstance(node, cst.Attribute):
        return _dotted(node) in _NUMBER_CONSTANTS
    if isinstance(node, cst.UnaryOperation):
        return _is_literal(node.expression)
    if isinstance(node, (cst.Tuple, cst.List)):
        return all(_is_literal(element.value) for element in node.elements)
    if isinstance(node, cst.BinaryOperation):
        return _is_literal(node.left) and _is_literal(node.right)
    return False


_SEQUENCE_BUILDERS = {"list", "tuple", "sorted"}
# Calls that build a container of their arguments (a dict of keyword arguments, a list of an iterable's items), or
# iterate over them (``zip(mels, lengths)`` pairs items; Python iteration computes nothing with the tensors).
_CONTAINER_CALLS = frozenset({"dict", "list", "tuple", "set", "frozenset", "OrderedDict", "collections.OrderedDict",
                              "zip", "enumerate", "reversed", "iter"})


def _is_sequence(node: cst.BaseExpression) -> bool:
    """A Python list or tuple by its syntax: a display, a comprehension, ``list(...)``, or a concatenation of them."""
    if isinstance(node, (cst.List, cst.ListComp)):
        return True
    if isinstance(node, cst.Tuple):
        return bool(node.elements)
    if isinstance(node, cst.Call):
        return isinstance(node.func, cst.Name) and node.func.value in _SEQUENCE_BUILDERS
    if isinstance(node, cst.BinaryOperation):
        return _sequence_operation(node)
    return False


def _sequence_operation(node: cst.BinaryOperation) -> bool:
    """``a + [b]`` / ``list(x) + list(y)`` / ``[w] * n``: list concatenation or repetition, not tensor arithmetic."""
    if isinstance(node.operator, cst.Add):
        return _is_sequence(node.left) or _is_sequence(node.right)
    if isinstance(node.operator, cst.Multiply):
        return isinstance(node.left, (cst.List, cst.Tuple)) or isinstance(node.right, (cst.List, cst.Tuple))
    return False


_PARAMETER_LISTS = {"parameters", "named_parameters", "buffers", "named_buffers"}


def _gathers_parameters(node: cst.BaseExpression) -> bool:
    """A concatenation with a ``list(m.parameters())`` operand."""
    if isinstance(node, cst.BinaryOperation):
        return _gathers_parameters(node.left) or _gathers_parameters(node.right)
    if (isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in _SEQUENCE_BUILDERS
            and node.args):
        inner = node.args[0].value
        return (isinstance(inner, cst.Call) and isinstance(inner.func, cst.Attribute)
                and inner.func.attr.value in _PARAMETER_LISTS)
    return False


def _tensors(taint: Taint) -> Taint:
    return frozenset(item for item in taint if item[1] == TENSOR_VALUE)


def _devices_as_tensors(taint: Taint) -> Taint:
    """A tensor placed with a device value carries that value's origins on."""
    return frozenset((origin, TENSOR_VALUE) for origin, kind in taint if kind == DEVICE_VALUE)


class ValueFlow:
    """Follows every recorded access (and every parameter) of one function to its sinks.

    ``access_nodes`` maps ``id(node)`` of each recorded access to (its index, its chain):
    the nodes the :class:`~offload_lint.analyze.access.AccessCollector` recorded.
    """

    def __init__(self, access_nodes: dict[int, tuple[int, Chain]], count: int, self_name: str,
                 number_names: tuple[tuple[str, str], ...] = (),
                 alias_sources: dict[int, cst.BaseExpression] | None = None) -> None:
        self.access_nodes = access_nodes
        # A use of a weight alias (by node id) -> the expression the alias was bound to.
        self.alias_sources = alias_sources or {}
        # Subscripts of a weight alias's binding (by node id) -> the taint of each index that is a tensor: the
        # gather meets the weight, at the alias's uses (where the access is recorded).
        self.gathered_indices: dict[int, list[tuple[cst.BaseExpression, Taint]]] = {}
        # The file's names for ``math`` and its members (``from math import log, pi``): calls and values of
        # Python numbers, read as their ``math.`` spelling.
        self.number_names = dict(number_names)
        self.chains: dict[int, Chain] = {index: chain for index, chain in access_nodes.values()}
        self.self_name = self_name
        self.sinks: dict[Origin, list[Sink]] = {}
        self._branch_depth = 0  # inside an ``if`` / loop body: a statement there may not run
        self.reached: set[int] = set()
        self.env: dict[str, Taint] = {}
        # Locals and parameters that hold Python numbers (sizes, offsets, flags): never a device tensor.
        self.scalars: set[str] = set()
        self.count = count
        self.calls = 0  # ``self.<...>(...)`` calls seen, numbering their results
        self.callees: dict[int, Chain] = {}
        self.call_arguments: dict[int, frozenset[int | str]] = {}
        # What each call's arguments derive from, by position or keyword: origins, ``"?"`` for a tensor of
        # unknown origin (a local built here), empty for a Python number.
        self.argument_origins: dict[int, dict[int | str, frozenset[Origin]]] = {}
        self.none_defaults: set[str] = set()  # parameters that default to None: passing one on may pass None
        self.unpacked: list[tuple[int, int]] = []  # (call number, element) of call results unpacked into names
        # A ``self.<chain>(...)`` call's result carries the chain's access and ``r:<number>``: one value, so
        # meeting itself (``torch.arange(n, device=r.device) < r``) mixes nothing.
        self.same_value: dict[Origin, set[Origin]] = {}
        # 0-dim tensors placed with a device value (by call node id, and locals holding one): the device's origins.
        self.zero_dim: dict[int | str, Taint] = {}
        # Locals bound to a new object of a class (``linear = nn.Linear(...)``), with what was stored on them.
        self.built: dict[str, Taint] = {}

    # --- entry ----------------------------------------------------------------------------
    def run(self, function: cst.FunctionDef) -> MethodFlow:
        params = [p.name.value for p in function.params.params + function.params.posonly_params
                  + function.params.kwonly_params]
        scalar_params = {p.name.value for p in function.params.params + function.params.posonly_params
                         + function.params.kwonly_params if _scalar_parameter(p)}
        self.scalars |= scalar_params
        self.none_defaults = {p.name.value for p in function.params.params + function.params.kwonly_params
                              if isinstance(p.default, cst.Name) and p.default.value == "None"}
        device_params = {p.name.value for p in function.params.params + function.params.posonly_params
                         + function.params.kwonly_params if _device_parameter(p)}
        for name in params:
            if name != self.self_name and name not in scalar_params:
                # ``device: torch.device``: a place to build tensors, not a tensor operand.
                kind = DEVICE_VALUE if name in device_params else TENSOR_VALUE
                self.env[name] = frozenset({(f"p:{name}", kind)})
        self._block(function.body)
        access_sinks = []
        for index in range(self.count):
            sinks = self.sinks.get(index, [])
            if index not in self.reached:
                sinks = [Sink(UNKNOWN)]
            access_sinks.append(tuple(dict.fromkeys(sinks)))
        parameter_sinks = {name: tuple(dict.fromkeys(self.sinks.get(f"p:{name}", []))) for name in params
                           if name != self.self_name}
        whole = {number: tuple(dict.fromkeys(self.sinks.get(f"r:{number}", []))) for number in range(self.calls)}
        elements = {(number, element): tuple(dict.fromkeys(self.sinks.get(f"r:{number}.{element}", [])))
                    for number, element in self.unpacked}
        return MethodFlow(tuple(access_sinks), parameter_sinks, CallResults(whole, elements), dict(self.callees),
                          dict(self.call_arguments), dict(self.argument_origins))

    def _sink(self, taint: Taint, sink: Sink) -> None:
        for origin, _ in taint:
            self.sinks.setdefault(origin, []).append(sink)

    # --- statements ------------------------------------------------------------------------
    def _block(self, body: cst.BaseSuite | cst.CSTNode) -> None:
        statements = body.body if isinstance(body, (cst.IndentedBlock, cst.SimpleStatementSuite)) else [body]
        for statement in statements:
            self._statement(statement)

    def _statement(self, node: cst.CSTNode) -> None:
        if isinstance(node, cst.SimpleStatementLine):
            for small in node.body:
                self._small(small)
        elif isinstance(node, cst.If):
            self.ev(node.test)
            orelse = node.orelse
            self._branches(node.body, orelse if isinstance(orelse, cst.If) else orelse.body if orelse else None)
        elif isinstance(node, cst.For):
            self._bind(node.target, self.ev(node.iter))
            self._mark_loop_scalars(node)
            # Twice: a value bound late in the body reaches its start on the next iteration. A loop over the module's
            # own container (``for block in self.blocks: h = block(h)``) runs at least once: what the body binds
            # replaces what came in, as ``self.blocks[0](h)`` would.
            if self._iterates_own_container(node.iter):
                self._block(node.body)
            else:
                self._branches(node.body, None)
            self._branches(node.body, None)
            if node.orelse is not None:
                self._block(node.orelse.body)
        elif isinstance(node, cst.While):
            self.ev(node.test)
            self._branches(node.body, None)
            self._branches(node.body, None)
            if node.orelse is not None:
                self._block(node.orelse.body)
        elif isinstance(node, cst.With):
            for item in node.items:
                value = self.ev(item.item)
                if item.asname is not None:
                    self._bind(item.asname.name, value)
            self._block(node.body)
        elif isinstance(node, cst.Try):
            self._branches(node.body, *(handler.body for handler in node.handlers))
            if node.orelse is not None:
                self._block(node.orelse.body)
            if node.finalbody is not None:
                self._block(node.finalbody.body)
        elif isinstance(node, cst.FunctionDef):
            self._block(node.body)  # a closure sees the enclosing values
        elif isinstance(node, cst.ClassDef):
            return
        elif hasattr(node, "body") and isinstance(node.body, cst.BaseSuite):
            self._block(node.body)

    def _iterates_own_container(self, iterated: cst.BaseExpression) -> bool:
        """``self.<name>``, a slice of it (``self.blocks[:-1]``), or ``enumerate``/``zip`` of one first: an attribute of
        the module iterated whole (its blocks), not a local or a value handed in."""
        if isinstance(iterated, cst.Call) and _dotted(iterated.func) in ("enumerate", "zip") and iterated.args:
            iterated = iterated.args[0].value
        if isinstance(iterated, cst.Subscript) \
                and all(isinstance(element.slice, cst.Slice) for element in iterated.slice):
            iterated = iterated.value
        return isinstance(iterated, cst.Attribute) and isinstance(iterated.value, cst.Name) \
            and iterated.value.value == self.self_name

    def _branches(self, *bodies: cst.CSTNode | None) -> None:
        """Walk alternative bodies from the same values; afterwards a name holds what any branch left
        in it (an ``if`` without ``else`` keeps what it held before, too)."""
        before = dict(self.env)
        merged: dict[str, Taint] = dict(before)
        self._branch_depth += 1
        for body in bodies:
            self.env = dict(before)
            if isinstance(body, cst.If):
                self._statement(body)
            elif body is not None:
                self._block(body)
            for name, taint in self.env.items():
                merged[name] = merged.get(name, _EMPTY) | taint
        self._branch_depth -= 1
        self.env = merged

    def _small(self, node: cst.BaseSmallStatement) -> None:
        if isinstance(node, cst.Assign):
            value = self.ev(node.value)
            for target in node.targets:
                self._assign(target.target, value, node.value)
        elif isinstance(node, cst.AnnAssign):
            if node.value is not None:
                self._assign(node.target, self.ev(node.value), node.value)
        elif isinstance(node, cst.AugAssign):
            target = self.ev(node.target)
            value = self.ev(node.value)
            written = self._written_weight(node.target) if not target else None
            if written is not None:
                # ``self.proj.weight.data += delta``: an in-place op with a weight of the module ``written``;
                # the judge asks whether that module's weights are offloaded where the method runs.
                for origin, _ in _tensors(value):
                    self.sinks.setdefault(origin, []).append(Sink(COMPUTE, _operation(node.operator, node),
                                                                  callee=written))
            else:
                self._meet([(node.target, target), (node.value, value)], _operation(node.operator, node))
            if isinstance(node.target, cst.Name):
                self.env[node.target.value] = self.env.get(node.target.value, _EMPTY) | _tensors(value)
        elif isinstance(node, cst.Expr):
            self.ev(node.value)
        elif isinstance(node, cst.Return):
            value = node.value
            if isinstance(value, cst.Tuple) and value.elements and not any(
                    isinstance(element, cst.StarredElement) for element in value.elements):
                # Each element on its own: a caller unpacking the tuple sends each one elsewhere.
                for position, element in enumerate(value.elements):
                    self._sink(self.ev(element.value), Sink(RETURN, "return", element=position))
            elif value is not None:
                self._sink(self.ev(value), Sink(RETURN, "return"))
        elif isinstance(node, cst.Assert):
            self.ev(node.test)
        elif isinstance(node, cst.Raise):
            if node.exc is not None:
                self.ev(node.exc)
        elif isinstance(node, cst.Del):
            return

    def _assign(self, target: cst.BaseExpression, value: Taint, source: cst.BaseExpression) -> None:
        if isinstance(target, (cst.Name, cst.Tuple, cst.List)):
            scalar = self._scalar(source)
            self._mark_scalars(target, scalar)
            if scalar:
                value = _EMPTY  # a Python number carries no tensor on any device
        if isinstance(target, cst.Name):
            self._bind(target, value)
            if id(source) in self.zero_dim:
                self.zero_dim[target.value] = self.zero_dim[id(source)]
            else:
                self.zero_dim.pop(target.value, None)
            if isinstance(source, cst.Call) and _constructs_class(source):
                self.built[target.value] = _EMPTY
            else:
                self.built.pop(target.value, None)
            return
        if isinstance(target, (cst.Tuple, cst.List)):
            elements = target.elements
            if isinstance(source, (cst.Tuple, cst.List)) and len(source.elements) == len(elements):
                for element, item in zip(elements, source.elements):
                    self._assign(element.value, self.ev(item.value), item.value)
                return
            number = self._unpacked_call(source, value, elements)
            for position, element in enumerate(elements):
                item = value
                if number is not None:
                    # ``ids, mask = self._pad(ids, mask)``: each name holds one element of the result.
                    item = value - {(f"r:{number}", TENSOR_VALUE)} | {(f"r:{number}.{position}", TENSOR_VALUE)}
                    self.unpacked.append((number, position))
                self._assign(element.value.value if isinstance(element.value, cst.StarredElement) else element.value,
                             item, source)
            return
        if isinstance(target, cst.StarredElement):
            self._assign(target.value, value, source)
            return
        # ``self.cache = t``, ``out[i] = t``, ``obj.attr = t``: kept for later, out of our sight.
        if isinstance(target, cst.Subscript):
            for element in target.slice:
                if isinstance(element.slice, cst.Index):
                    self.ev(element.slice.value)
            container = self.ev(target.value)
            keys = frozenset().union(*(self.ev(element.slice.value) for element in target.slice
                                       if isinstance(element.slice, cst.Index)))
            if value and _keyed_by_own_device(value, keys):
                return  # ``cache[(size, device)] = t`` with t placed on device: looked up only on that device
            if value and not container:
                on_self = isinstance(target.value, cst.Attribute) and isinstance(target.value.value, cst.Name) \
                    and target.value.value.value == self.self_name
                self._sink(value, Sink(STORE, "a store into a container", foreign=True, memo=on_self))
            return
        self.ev(target.value) if isinstance(target, cst.Attribute) else None
        if value and isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) \
                and target.value.value in self.built:
            # ``linear = nn.Linear(...); linear.weight = nn.Parameter(self.weight.detach())``: the value becomes a
            # tensor of a module built here, computing nothing; only calling that module computes with it.
            self.built[target.value.value] |= value
            self._sink(_tensors(value), Sink(COPY, f"{_dotted(target)}, a tensor of a module built here"))
            return
        parts = _dotted(target).split(".")
        # ``self.proj.weight.data = t``: the judge tells a write back into the weight the value came from.
        written = tuple(parts[1:]) if parts[0] == self.self_name and len(parts) > 1 else None
        if value:
            self._sink(value, Sink(STORE, "a store on an attribute", callee=written))
        elif written is not None and not self._branch_depth:
            self._cleared(written)

    def _cleared(self, attribute: Chain) -> None:
        """``self.w_up = None`` on the method's straight path after ``self.w_up = t`` (diffusers' ``_unfuse_lora``):
        ``t`` was kept only while the method ran, not for later."""
        for origin, sinks in self.sinks.items():
            self.sinks[origin] = [sink for sink in sinks if not (sink.kind == STORE and sink.callee == attribute)]

    def _written_weight(self, target: cst.BaseExpression) -> Chain | None:
        """``self.proj.weight`` / ``self.proj.weight.data`` as an in-place target: the module ``proj`` (``()`` for
        the method's own module)."""
        parts = _dotted(target).split(".")
        if len(parts) < 2 or parts[0] != self.self_name:
            return None
        chain = tuple(parts[1:])
        if chain[-1] == "data":
            chain = chain[:-1]
        return chain[:-1] if chain else None

    def _unpacked_call(self, source: cst.BaseExpression, value: Taint, elements) -> int | None:
        """The number of the ``self.<...>(...)`` call ``source`` is, when its result is unpacked into
        plain names (no starred target)."""
        if not isinstance(source, cst.Call) or id(source.func) not in self.access_nodes \
                or any(isinstance(e.value, cst.StarredElement) for e in elements):
            return None
        numbers = [int(origin[2:]) for origin, _ in value if isinstance(origin, str) and origin.startswith("r:")
                   and origin[2:].isdigit()]
        return max(numbers) if numbers and self.calls - 1 in numbers else None

    def _scalar(self, node: cst.BaseExpression) -> bool:
        """A Python number: a literal, a size, a scalar local, or arithmetic on them (``num_buckets // 2``)."""
        if _is_literal(node) or _is_size(node):
            return True
        if isinstance(node, cst.Name):
            return node.value in self.scalars or not self.number_names.get(node.value, HOST_COPY_PREFIX).startswith(
                HOST_COPY_PREFIX)  # ``pi``; not a host copy function's name, which rides with the number names
        if isinstance(node, cst.BinaryOperation):
            return self._scalar(node.left) and self._scalar(node.right)
        if isinstance(node, cst.UnaryOperation):
            return self._scalar(node.expression)
        if isinstance(node, cst.Call) and (self._as_imported(_dotted(node.func)).startswith("math.")
                                           or _dotted(node.func) in ("min", "max", "round", "abs")):
            return True
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value in FULL_REDUCTIONS and not self._namespace(node.func.value) \
                and not any(not _is_option(a) or a.keyword.value == "dim" for a in node.args):
            return True  # ``alpha.sum()``: a 0-dim tensor, which mixes with any device
        if isinstance(node, cst.Call) and _zero_dim_call(node):
            # ``torch.tensor(n)``, ``torch.sqrt(torch.tensor(n))``: a 0-dim CPU tensor, which mixes with any device.
            return all(self._scalar(argument.value) for argument in node.args if not _is_option(argument))
        if isinstance(node, cst.Subscript):  # ``size[0]`` of a scalar tuple
            return self._scalar(node.value)
        if isinstance(node, cst.Attribute) and _reads_config(_dotted(node)):
            return True  # ``self.config.image_size``, ``generation_config.bos_token_id``: Python values
        if isinstance(node, cst.IfExp):  # ``cache.get_seq_length() if cache is not None else 0``
            return self._scalar(node.body) and self._scalar(node.orelse)
        return False

    def _as_imported(self, dotted: str) -> str:
        """``log`` -> ``math.log`` when the file imports it from ``math`` (``m.sqrt`` -> ``math.sqrt`` for
        ``import math as m``); any other spelling as it is."""
        head, dot, rest = dotted.partition(".")
        target = self.number_names.get(head)
        return dotted if target is None else target + dot + rest

    def _mark_loop_scalars(self, loop: cst.For) -> None:
        """``for t in range(0, steps, r)``: ``t`` is a Python number; ``for i, x in enumerate(...)``: ``i`` is."""
        iterated, target = loop.iter, loop.target
        if not isinstance(iterated, cst.Call) or _dotted(iterated.func) not in ("range", "enumerate"):
            return
        if _dotted(iterated.func) == "range":
            self._mark_scalars(target, True)
        elif isinstance(target, (cst.Tuple, cst.List)) and target.elements:
            self._mark_scalars(target.elements[0].value, True)

    def _mark_scalars(self, target: cst.BaseExpression, scalar: bool) -> None:
        if isinstance(target, cst.Name):
            (self.scalars.add if scalar else self.scalars.discard)(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._mark_scalars(element.value, scalar)

    def _bind(self, target: cst.BaseExpression, value: Taint) -> None:
        if isinstance(target, cst.Name):
            self.env[target.value] = value
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._bind(element.value, value)
        elif isinstance(target, cst.StarredElement):
            self._bind(target.value, value)

    # --- expressions -------------------------------------------------------------------------
    def ev(self, node: cst.BaseExpression) -> Taint:
        recorded = self.access_nodes.get(id(node))
        if recorded is not None:
            if isinstance(node, cst.Name):
                # A use of an alias (``output = self.zeros``), recorded as that access wherever the name was bound so;
                # bound otherwise on another branch (``output = self.lstm(x)``), the name holds that value too.
                self._meet_alias_index(node, recorded[0])
                return self._recorded(node, *recorded) | self.env.get(node.value, _EMPTY)
            return self._recorded(node, *recorded)
        if isinstance(node, cst.Name):
            return self.env.get(node.value, _EMPTY)
        if isinstance(node, cst.Attribute):
            if _reads_config(_dotted(node)):
                return _EMPTY  # a configuration value, whichever object holds the config
            inner = self.ev(node.value)
            attribute = node.attr.value
            if attribute == "device":
                return frozenset((origin, DEVICE_VALUE) for origin, _ in inner)
            if attribute in _METADATA:
                return _EMPTY
            return inner
        if isinstance(node, cst.Subscript):
            return self._subscript(node, self.ev(node.value))
        if isinstance(node, cst.Call):
            return self._call(node)
        if isinstance(node, cst.BinaryOperation):
            left, right = self.ev(node.left), self.ev(node.right)
            if _sequence_operation(node):
                # ``list(a.parameters()) + [self.w]``: a Python list, nothing computed; one that gathers
                # ``parameters()`` is a parameter list (optimizer groups), whose members are handed on as objects.
                return _EMPTY if _gathers_parameters(node) else left | right
            self._meet([(node.left, left), (node.right, right)], _operation(node.operator, node))
            return _tensors(left | right)
        if isinstance(node, cst.UnaryOperation):
            return self.ev(node.expression)
        if isinstance(node, cst.BooleanOperation):
            return self.ev(node.left) | self.ev(node.right)
        if isinstance(node, cst.Comparison):
            operands = [(node.left, self.ev(node.left))]
            identity = all(isinstance(t.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for t in node.comparisons)
            for target in node.comparisons:
                operands.append((target.comparator, self.ev(target.comparator)))
            if identity:
                return _EMPTY
            self._meet(operands, "a comparison")
            return frozenset().union(*(_tensors(t) for _, t in operands))
        if isinstance(node, cst.IfExp):
            self.ev(node.test)
            return self.ev(node.body) | self.ev(node.orelse)
        if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
            return frozenset().union(*(self.ev(e.value) for e in node.elements)) if node.elements else _EMPTY
        if isinstance(node, cst.Dict):
            out: Taint = _EMPTY
            for element in node.elements:
                if isinstance(element, cst.DictElement):
                    self.ev(element.key)
                    out |= self.ev(element.value)
                else:
                    out |= self.ev(element.value)
            return out
        if isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
            return self._comprehension(node)
        if isinstance(node, cst.StarredElement):
            return self.ev(node.value)
        if isinstance(node, cst.Lambda):
            return self.ev(node.body)
        if isinstance(node, (cst.Await,)):
            return self.ev(node.expression)
        if isinstance(node, cst.Yield):
            if node.value is not None and not isinstance(node.value, cst.From):
                self._sink(self.ev(node.value), Sink(RETURN, "yield"))
            return _EMPTY
        if isinstance(node, cst.NamedExpr):
            value = self.ev(node.value)
            self._bind(node.target, value)
            return value
        if isinstance(node, cst.FormattedString):
            for part in node.parts:
                if isinstance(part, cst.FormattedStringExpression):
                    self.ev(part.expression)
            return _EMPTY
        return _EMPTY

    def _recorded(self, node: cst.BaseExpression, index: int, chain: Chain) -> Taint:
        self.reached.add(index)
        last = chain[-1] if chain else ""
        if isinstance(node, cst.Subscript):
            for element in node.slice:
                if not isinstance(element.slice, cst.Index):
                    continue
                position = element.slice.value
                taint = self.ev(position)
                # ``self.embed.weight[input_ids]``: gathering with a tensor from elsewhere is an op on the weight.
                if not taint and not _is_literal(position) and not _is_size(position) and not _counter(position):
                    self.sinks.setdefault(index, []).append(Sink(COMPUTE, INDEX_SINK, foreign=True))
                elif _tensors(taint) and not self._number_index(position):
                    # ``self.codebook[indices]`` with a tensor handed in (or another access): the weight and
                    # the index meet here, as the operands of an op do.
                    self._meet([(None, frozenset({(index, TENSOR_VALUE)})), (position, taint)], INDEX_SINK)
        if last == "device":
            return frozenset({(index, DEVICE_VALUE)})
        if last in _METADATA and len(chain) > 1:  # ``self.stride`` is a buffer named stride, not Tensor.stride
            return _EMPTY
        return frozenset({(index, TENSOR_VALUE)})

    def _subscript(self, node: cst.Subscript, value: Taint) -> Taint:
        indices: list[tuple[cst.BaseExpression, Taint]] = []
        for element in node.slice:
            if isinstance(element.slice, cst.Index):
                indices.append((element.slice.value, self.ev(element.slice.value)))
            else:
                for part in (element.slice.lower, element.slice.upper, element.slice.step):
                    if part is not None:
                        self.ev(part)
        gathered = [(position, taint) for position, taint in indices
                    if _tensors(taint) and not self._number_index(position)]
        if not value and gathered and self._self_chain(node.value):
            # ``codes = self.codebook[indices]``: a weight alias is recorded at its uses, where the index meets it
            # (:meth:`_meet_alias_index`); any other unrecorded ``self`` value is indexed as below too.
            self.gathered_indices[id(node)] = gathered
        if not value:
            # Indexing an input (or a local tensor) with the value: an op with it. An unrecorded ``self`` value (a
            # property: mistral-inference's ``self.freqs_cis`` cached on ``self.device``) may sit where the weights do.
            text = INDEX_SINK if self._self_chain(node.value) else INDEX_INTO_SINK
            for index_node, taint in indices:
                if _tensors(taint):
                    self._sink(_tensors(taint), Sink(COMPUTE, text, foreign=True))
        return _tensors(value)

    def _self_chain(self, node: cst.BaseExpression) -> bool:
        while isinstance(node, (cst.Attribute, cst.Subscript)):
            node = node.value
        return isinstance(node, cst.Name) and node.value == self.self_name

    def _meet_alias_index(self, use: cst.Name, index: int) -> None:
        source = self.alias_sources.get(id(use))
        for position, taint in self.gathered_indices.get(id(source), ()) if source is not None else ():
            self._meet([(None, frozenset({(index, TENSOR_VALUE)})), (position, taint)], INDEX_SINK)

    def _number_index(self, position: cst.BaseExpression) -> bool:
        """``self.scales[layer_idx]``, ``self.w[i]`` (``for i, x in enumerate(...)``): a position, not indices."""
        return _counter(position) or self._scalar(position)

    def _comprehension(self, node) -> Taint:
        saved = dict(self.env)
        generator = node.for_in
        while generator is not None:
            self._bind(generator.target, self.ev(generator.iter))
            for condition in generator.ifs:
                self.ev(condition.test)
            generator = generator.inner_for_in
        if isinstance(node, cst.DictComp):
            self.ev(node.key)
            out = self.ev(node.value)
        else:
            out = self.ev(node.elt)
        self.env = saved | {k: v for k, v in self.env.items() if k not in saved}
        return out

    # --- calls ---------------------------------------------------------------------------
    def _call(self, node: cst.Call) -> Taint:
        func = node.func
        recorded = self.access_nodes.get(id(func))
        arguments = [(arg, self.ev(arg.value)) for arg in node.args]
        if recorded is not None:
            self.reached.add(recorded[0])
            return self._call_on_chain(node, recorded[0], recorded[1], arguments)
        if isinstance(func, cst.Name) and func.value == self.self_name:
            return self._module_call(node, (), arguments)  # ``self(...)``: the module's own hooked call
        name = self._as_imported(_dotted(func))
        if name.startswith(HOST_COPY_PREFIX):
            # ``to_numpy_array(self.out_std)``: a function of the tree that copies its first argument to host memory;
            # ``np.meshgrid(lats, lats)``: numpy reads every tensor it is given there, and hands back host arrays.
            target = name[len(HOST_COPY_PREFIX):]
            numpy = target == "numpy" or target.startswith("numpy.")
            for _, taint in arguments if numpy else arguments[:1]:
                self._sink(_tensors(taint), Sink(HOST, f"{target if numpy else target.rsplit('.', 1)[-1]}()"))
            return _EMPTY
        if name in _INSPECTING or name in _SCALAR_READS:
            if name in _SCALAR_READS:
                for _, taint in arguments:
                    self._sink(taint, Sink(HOST, name))
            return _EMPTY
        if isinstance(func, cst.Attribute) and not self._namespace(func.value):
            receiver = self.ev(func.value)
            return self._method(node, func.attr.value, func.value, receiver, arguments)
        self.ev(func)
        return self._function(node, name or "a call", arguments)

    def _device_of(self, origin: Origin, receiver: Taint) -> bool:
        """Whether the device value ``origin`` is the receiver's own device (``w.to(w.device)``),
        also when a local alias made ``w.device`` an access of its own."""
        own = {o for o, _ in receiver}
        if own == {origin}:
            return True
        chain = self.chains.get(origin) if isinstance(origin, int) else None
        if chain is None or chain[-1:] != ("device",) or any(not isinstance(o, int) for o in own):
            return False
        # ``self.w.to(...)`` is recorded as the chain ``w.to``: the tensor is what precedes the method.
        # Every part of the value must be that tensor: a mix moved to one part's device does move the rest.
        return bool(own) and all(_tensor_part(self.chains.get(o, ())) == chain[:-1] for o in own)

    def _not_own_tensor(self, node: cst.BaseExpression, value: Taint) -> bool:
        """Whether a tensor is none of the module's own: one of a module built in the method (``new_proj.weight``,
        whatever sizes and device it was built with), or a value not computed from the module's tensors (placed
        with their device at most)."""
        root = node
        while isinstance(root, (cst.Attribute, cst.Subscript)):
            root = root.value
        if isinstance(root, cst.Name) and root is not node and root.value in self.built:
            return True
        for origin, _ in _tensors(value):
            chain = self.chains.get(origin) if isinstance(origin, int) else None
            if chain is not None and chain[-1:] != ("device",):
                return False
        return True

    def _namespace(self, node: cst.BaseExpression) -> bool:
        """``torch``, ``F``, ``nn.functional``: a module's functions, not a method of a local value."""
        while isinstance(node, cst.Attribute):
            node = node.value
        return isinstance(node, cst.Name) and node.value not in self.env and node.value != self.self_name

    def _call_on_chain(self, node: cst.Call, index: int, chain: Chain, arguments) -> Taint:
        """``self.<chain>(...)``: a module or helper call, or a tensor method on a weight."""
        last = chain[-1] if chain else ""
        receiver = frozenset({(index, TENSOR_VALUE)})
        if last == "set_" and len(chain) > 1:
            # ``self.conv.weight.set_(t)`` makes t the weight's storage, as ``self.conv.weight.data = t`` does: the
            # judge tells a value written back into the weight it came from (towhee's ``w.set_(w.flip(1))``).
            for argument, taint in arguments[:1]:
                if taint and argument.keyword is None:
                    self._sink(taint, Sink(STORE, "a store into the weight by .set_()", callee=chain[:-1] + ("data",)))
            return _EMPTY
        if last in _MOVING or last in _HOST or last in _WRITING or last in _METADATA or last in _UNARY \
                or (last in FULL_REDUCTIONS and len(chain) > 1 and not arguments) \
                or (last in _BINARY_TENSOR_METHODS and len(chain) > 1):
            return self._method(node, last, None, receiver, arguments)
        if chain in _CHECKPOINT_CALLS and arguments:
            # ``self._gradient_checkpointing_func(block, h, **kw)`` calls ``block(h, **kw)``, through its hook.
            first = self.access_nodes.get(id(arguments[0][0].value))
            if first is not None and arguments[0][0].keyword is None:
                self.reached.add(first[0])
                return self._module_call(node, first[1], arguments[1:], receiver)
        return self._module_call(node, chain, arguments, receiver)

    def _module_call(self, node: cst.Call, chain: Chain, arguments, result: Taint = _EMPTY) -> Taint:
        text = "self" + "".join("[i]" if step == INDEX else f".{step}" for step in chain)
        number = self.calls
        self.calls += 1
        self.callees[number] = chain
        keys: list[int | str] = []
        for position, (argument, _) in enumerate(arguments):
            key: int | str = argument.keyword.value if argument.keyword is not None else position
            keys.append("*" if argument.star else key)
        self.call_arguments[number] = frozenset(
            argument.star if argument.star else key for key, (argument, _) in zip(keys, arguments)
            if argument.star or not (isinstance(argument.value, cst.Name)
                                     and argument.value.value in self.none_defaults | {"None"}))
        scalars = frozenset(key for key, (argument, taint) in zip(keys, arguments)
                            if not taint and key != "*" and self._scalar(argument.value))
        self.argument_origins[number] = {
            key: frozenset(origin for origin, _ in taint) if taint or key in scalars or _is_literal(argument.value)
            else frozenset({"?"}) for key, (argument, taint) in zip(keys, arguments)}
        if chain == ("register_buffer",) and len(arguments) > 1 and isinstance(arguments[0][0].value, cst.SimpleString) \
                and arguments[1][1]:
            # ``self.register_buffer("inv_freq", t)`` replaces the buffer ``inv_freq`` with t, as
            # ``self.inv_freq.data = t`` would: the judge tells a value written back where it came from.
            name = arguments[0][0].value.evaluated_value
            self._sink(arguments[1][1], Sink(STORE, "a buffer registered", callee=(name, "data")))
            keys[1] = "registered"
        copied_in = chain[-1:] == ("load_state_dict",) and not any(
            argument.keyword is not None and argument.keyword.value == "assign"
            and not (isinstance(argument.value, cst.Name) and argument.value.value == "False")
            for argument, _ in arguments)
        for key, (argument, taint) in zip(keys, arguments):
            if key == "registered":
                continue
            if key == 0 and len(chain) > 1 and chain[-1] in _LOOKUPS:
                taint = _EMPTY  # ``self.cache.get((size, device))``: a key is hashed, never computed with
            if key == 0 and copied_in:
                # ``load_state_dict(sd)`` copies each tensor into the module's own (``param.copy_``), wherever
                # either sits; with ``assign=True`` the given tensors become the module's, devices and all.
                taint = _EMPTY
            if taint:
                self._sink(taint, Sink(CALL, text, callee=chain, argument=key, result=number,
                                       scalar_arguments=scalars))
        # The result is followed as a value of its own: a helper that returns what it was given
        # is judged by where the caller sends the result.
        for origin, _ in result:
            self.same_value.setdefault(origin, set()).add(f"r:{number}")
            self.same_value.setdefault(f"r:{number}", set()).add(origin)
        return result | frozenset({(f"r:{number}", TENSOR_VALUE)})

    def _method(self, node: cst.Call, name: str, receiver_node: cst.BaseExpression | None, receiver: Taint,
                arguments) -> Taint:
        if name in _RESHAPING and receiver_node is not None:
            key = receiver_node.value if isinstance(receiver_node, cst.Name) else id(receiver_node)
            receiver = receiver | self.zero_dim.get(key, _EMPTY)  # a placed 0-dim tensor given dimensions
        if name == "type" and arguments:
            return _tensors(receiver)  # ``w.type(torch.float32)``: a dtype cast on w's device (``w.type()`` names it)
        if _decodes_token_ids(name, receiver_node):
            # transformers' tokenizers and processors turn the ids into Python lists first (``to_py_obj``): a
            # host copy, from any device.
            for _, taint in arguments:
                self._sink(_tensors(taint), Sink(HOST, f".{name}()"))
            return _EMPTY
        if name in _FILLING and isinstance(receiver_node, cst.Name):
            # ``kwargs.update(temb=t)``, ``items.append(t)``: the container holds the values, nothing computes.
            added = frozenset().union(*(taint for _, taint in arguments)) if arguments else _EMPTY
            self.env[receiver_node.value] = self.env.get(receiver_node.value, _EMPTY) | added
            return _EMPTY
        if name in _METADATA:
            return _EMPTY
        if name in FULL_REDUCTIONS and _no_dimension(name, [argument for argument, _ in arguments]):
            # ``w.sum()``, ``var.trace()``: a 0-dim tensor, which mixes with tensors on any device. Only a
            # strategy whose stale copy holds no usable values (a partition, meta) makes it wrong.
            self._sink(_tensors(receiver), Sink(HOST, f".{name}()"))
            return _EMPTY
        if name in _HOST:
            self._sink(receiver, Sink(HOST, f".{name}()"))
            return _EMPTY
        if name == "copy_" and receiver_node is not None and arguments \
                and self._not_own_tensor(receiver_node, receiver):
            # ``m.weight.data.copy_(w)`` with ``w`` made from the module's weights (timm's ``fuse()``), or
            # ``new_proj.weight.copy_(resample(self.proj.weight))``: the value is copied into a tensor the module does
            # not own, and computes nothing here.
            self._sink(_tensors(arguments[0][1]), Sink(COPY, _copy_target(receiver_node)))
            return _EMPTY
        if name in _WRITING:
            return _EMPTY
        if name in _MOVING and isinstance(receiver_node, cst.Call) and _zero_dim_call(receiver_node) and arguments:
            # ``torch.tensor(0.0).to(w.device)`` (or ``.to(w)``): a 0-dim tensor placed with it, which torch mixes with
            # tensors on any device when it is a CPU one, as ``torch.tensor(0.0, device=w.device)`` is.
            given = frozenset().union(*(taint for _, taint in arguments))
            self._sink(_tensors(given) | _devices_as_tensors(given), Sink(HOST, f"the 0-dim tensor .{name}() placed with it"))
            self.zero_dim[id(node)] = _devices_as_tensors(given) | _tensors(given)
            return _EMPTY
        if name in _MOVING:
            devices = frozenset().union(*(t for _, t in arguments)) if arguments else _EMPTY
            moves = name in ("cuda", "type_as") or any(_names_device(arg) for arg, _ in arguments)
            if moves and name != "cuda" and devices and all(kind == DEVICE_VALUE and self._device_of(origin, receiver)
                                                            for origin, kind in devices):
                return _tensors(receiver)  # ``w.to(w.device)``: to where it already is, still the stale copy
            if moves:
                self._sink(_tensors(receiver), Sink(MOVE, f".{name}()"))
                return _devices_as_tensors(devices) | _tensors(devices)  # where it went: an input's device or not
            return _tensors(receiver)
        if name in _PLACES_LIKE_RECEIVER:
            placed = frozenset((origin, TENSOR_VALUE) for origin, _ in receiver)
            return placed | _devices_as_tensors(frozenset().union(*(t for _, t in arguments)) if arguments else _EMPTY)
        if name in _UNARY:
            return _tensors(receiver)
        # Any other method: an op between the receiver and its arguments.
        operands = ([(receiver_node, receiver)] if receiver_node is not None else [(None, receiver)]) + [
            (argument.value, taint) for argument, taint in arguments if not _is_option(argument)
        ]
        self._meet(operands, f".{name}()")
        devices = frozenset().union(*(t for _, t in arguments)) if arguments else _EMPTY
        return _tensors(receiver) | _tensors(devices) | _devices_as_tensors(devices)

    def _function(self, node: cst.Call, name: str, arguments) -> Taint:
        """``F.linear(x, w)``, ``torch.cat([a, w])``, ``torch.arange(n, device=d)``, ``helper(w)``."""
        if name.rsplit(".", 1)[-1] in _FACTORIES:
            # Sizes and fill values in, a new tensor out: placed where ``device=`` says.
            placed = _devices_as_tensors(frozenset().union(*(t for _, t in arguments)) if arguments else _EMPTY)
            if placed and name in _ZERO_DIM_BUILDERS and self._number_first(arguments):
                # ``torch.tensor(float("inf"), device=w.device)``: a 0-dim tensor, which torch mixes with tensors
                # on any device when it is a CPU one; a copy on a device nothing can compute with (meta) is not.
                self._sink(placed, Sink(HOST, f"the 0-dim {name}() placed with it"))
                self.zero_dim[id(node)] = placed  # a reshape (``.repeat(n)``) makes it a tensor that cannot mix
                return _EMPTY
            return placed
        if self.built.get(name):
            # A module built here from the value, called: its new weights meet what it is given.
            self._sink(self.built[name], Sink(COMPUTE, f"the call of {name}() (a module built from it here)", foreign=True))
        short = name.rsplit(".", 1)[-1]
        if name.startswith("torch.") and short in FULL_REDUCTIONS and arguments \
                and arguments[0][0].keyword is None and not arguments[0][0].star \
                and _no_dimension(short, [argument for argument, _ in arguments[1:]]):
            self._sink(_tensors(arguments[0][1]), Sink(HOST, f"{name}()"))  # ``torch.sum(w)``: 0-dim, as above
            return _EMPTY
        if name in _GRADIENT_CALLS:
            # ``torch.autograd.grad(loss, last_layer)``: ``inputs`` name the tensors to differentiate by, a handle
            # into the graph; no computation reads their values (a GAN's adaptive weight).
            arguments = _without_gradient_inputs(arguments)
        builder = masks.builder(name)
        if builder is not None and not any(argument.star for argument, _ in arguments):
            return self._mask_builder(builder, name, arguments)
        if name in _CONTAINER_CALLS:
            # ``dict(embeddings=emb, low_res=x)``, ``tuple(parts)``: the values are held, nothing computes with them.
            return frozenset().union(*(t for _, t in arguments)) if arguments else _EMPTY
        tensor_operands = []
        devices: Taint = _EMPTY
        for argument, taint in arguments:
            if _is_option(argument):
                devices |= _devices_as_tensors(taint)
                continue
            devices |= _devices_as_tensors(taint)
            value = argument.value
            if isinstance(value, (cst.List, cst.Tuple)) and not _is_literal(value):
                tensor_operands.extend((e.value, self.ev(e.value)) for e in value.elements)
            else:
                tensor_operands.append((value, taint))
        self._meet(tensor_operands, name)
        return frozenset().union(*(_tensors(t) for _, t in tensor_operands)) | devices if tensor_operands else devices

    def _number_first(self, arguments) -> bool:
        """``torch.tensor(0.5, ...)``, ``torch.tensor(float("-inf"), ...)``, ``torch.tensor(scale, ...)`` with
        ``scale`` a Python number: the data is one number, so the tensor is 0-dim."""
        if not arguments or arguments[0][0].keyword is not None or arguments[0][0].star:
            return False
        value = arguments[0][0].value
        if isinstance(value, cst.Call) and _dotted(value.func) in ("float", "int", "bool"):
            return all(_is_literal(argument.value) or _is_size(argument.value) for argument in value.args)
        if isinstance(value, cst.Name) and value.value in self.scalars:
            return True
        return isinstance(value, (cst.Integer, cst.Float, cst.UnaryOperation)) and _is_literal(value)

    def _mask_builder(self, builder: masks.MaskBuilder, name: str, arguments) -> Taint:
        """``create_causal_mask(config, inputs_embeds, attention_mask, cache, ...)``: the mask is placed
        where ``inputs_embeds`` is, the 2-D ``attention_mask`` is moved there, the config, the cache and
        ``encoder_hidden_states`` give sizes only; other tensors meet ``inputs_embeds``' placement."""
        placed: tuple[cst.BaseExpression | None, Taint] = (None, _EMPTY)
        operands: list[tuple[cst.BaseExpression | None, Taint]] = []
        for position, (argument, taint) in enumerate(arguments):
            parameter = builder.parameter(argument.keyword.value if argument.keyword is not None else position)
            if parameter == masks.PLACED_LIKE:
                placed = (argument.value, taint)
            elif parameter == masks.MOVED:
                self._sink(_tensors(taint), Sink(MOVE, f"{name}()"))
            elif parameter not in masks.SIZES_ONLY:
                operands.append((argument.value, taint))
        if operands:
            self._meet([placed] + operands, name)
        return _tensors(placed[1])

    def _meet(self, operands: list[tuple[cst.BaseExpression | None, Taint]], text: str) -> None:
        """Values that meet in one op: each tainted one gets a COMPUTE sink naming the others."""
        tainted = [(node, taint) for node, taint in operands if _tensors(taint)]
        if not tainted:
            return
        foreign_operand = any(not taint and node is not None and not self._scalar(node) for node, taint in operands)
        for position, (_, taint) in enumerate(tainted):
            others = [t for i, (_, t) in enumerate(tainted) if i != position]
            if len(_tensors(taint)) > 1 and others and all(_tensors(t) == _tensors(taint) for t in others):
                # ``device = device or self.w.device``, then two tensors placed with it meet: one value's
                # alternatives on both sides, no mix of its own.
                continue
            other_origins = {origin for t in others for origin, kind in t if kind == TENSOR_VALUE}
            for origin, kind in _tensors(taint):
                rest = other_origins - {origin} - self.same_value.get(origin, set())
                if isinstance(origin, str) and origin.startswith("r:"):
                    own = self._helper_inputs(origin)
                    if own is not None:
                        rest -= own[1]  # a helper's result meeting what went in: placed alike
                # A same-class helper's result, given only accesses of this method, is placed like what went
                # in: its inputs are peers (the judge checks that the call is a helper of the class).
                helpers = {o: self._helper_inputs(o) for o in rest if isinstance(o, str) and o.startswith("r:")}
                helpers = {o: (found[0], found[1] - {origin}) for o, found in helpers.items() if found is not None}
                # Call results may be on the device, parameters too unless the caller passes a number;
                # accesses are judged later.
                foreign = foreign_operand or any(isinstance(o, str) and not o.startswith("p:") and o not in helpers
                                                 for o in rest)
                parameters = frozenset(o[2:] for o in rest if isinstance(o, str) and o.startswith("p:")).union(
                    *(frozenset(o[2:] for o in i if isinstance(o, str)) for _, i in helpers.values()))
                # The helper's own access stands for its output, placed like its inputs: no peer of its own.
                # (An element of an unpacked result, ``r:<n>.<i>``, is the call's output too.)
                outputs = set().union(*(self.same_value.get(o.split(".", 1)[0], set()) for o in helpers))
                peers = frozenset(o for o in rest if isinstance(o, int) and o not in outputs).union(
                    *(frozenset(o for o in i if isinstance(o, int)) for _, i in helpers.values()))
                if not foreign and not peers and not parameters and len(tainted) == 1:
                    continue  # alone with literals: nothing to mix with
                self.sinks.setdefault(origin, []).append(Sink(COMPUTE, text, foreign=foreign, peers=peers,
                                                              parameters=parameters,
                                                              helper_results=frozenset(
                    (name, frozenset(o for o in i if isinstance(o, int))) for name, i in helpers.values())))

    def _helper_inputs(self, origin: str) -> tuple[str, frozenset[int]] | None:
        """``r:<n>`` of ``self.<name>(...)`` given only accesses of this method (and numbers): the name and
        those accesses; None for any other call (a child module, one given an input or a local tensor)."""
        number = origin[2:].split(".", 1)[0]
        if not number.isdigit():
            return None
        chain = self.callees.get(int(number))
        origins = self.argument_origins.get(int(number))
        if chain is None or len(chain) != 1 or chain[0] in ("forward", INDEX) or not origins:
            return None
        inputs = frozenset().union(*origins.values())
        if not inputs or any(not isinstance(o, int) and not o.startswith("p:") for o in inputs):
            return None
        return chain[0], frozenset(inputs)


def _keyed_by_own_device(value: Taint, keys: Taint) -> bool:
    """A value placed with device values only, stored under a key holding each of those devices."""
    devices = {origin for origin, kind in keys if kind == DEVICE_VALUE}
    return bool(devices) and all(origin in devices for origin, _ in value)


def _copy_target(node: cst.BaseExpression) -> str:
    """How a copy's target is spelled in a message: ``head.weight[...]``, ``out``."""
    sliced = False
    while isinstance(node, cst.Subscript):
        node, sliced = node.value, True
    dotted = _dotted(node)
    return f"{dotted}[...]" if dotted and sliced else dotted or "a new tensor"


def _tensor_part(chain: Chain) -> Chain:
    """``codebook.weight`` of ``codebook.weight.view`` / ``.to``: the chain without its trailing tensor methods."""
    while chain and (chain[-1] in _MOVING or chain[-1] in _UNARY):
        chain = chain[:-1]
    return chain


_OPERATIONS = {"Add": "addition", "Subtract": "subtraction", "Multiply": "multiplication", "Divide": "division",
               "MatrixMultiply": "matrix product", "FloorDivide": "floor division", "Modulo": "modulo",
               "Power": "power", "BitAnd": "bitwise and", "BitOr": "bitwise or", "BitXor": "bitwise xor",
               "LeftShift": "left shift", "RightShift": "right shift"}
_EXPRESSION_WIDTH = 60
_CODE = cst.Module(body=[])


def _operation(operator: cst.CSTNode, expression: cst.CSTNode) -> str:
    """``the addition `logits + self.logit_bias` ``: what messages name as the place values meet (a bare
    ``+`` says neither which operation nor where)."""
    kind = type(operator).__name__.removesuffix("Assign")
    name = _OPERATIONS.get(kind, kind.lower())
    if isinstance(expression, cst.AugAssign):
        name = f"in-place {name}"
    code = " ".join(_CODE.code_for_node(expression).split())
    if len(code) > _EXPRESSION_WIDTH:
        code = code[: _EXPRESSION_WIDTH - 3] + "..."
    return f"the {name} `{code}`"


def _is_option(argument: cst.Arg) -> bool:
    """``device=``, ``dtype=``, ``dim=``: keyword options, not operands."""
    return argument.keyword is not None and argument.keyword.value in {
        "device", "dtype", "dim", "keepdim", "out", "layout", "requires_grad", "non_blocking", "memory_format",
        "pin_memory", "generator", "mode", "align_corners", "scale_factor", "size", "eps", "p", "training",
        "inplace", "approximate", "padding", "stride", "dilation", "groups", "value", "descending", "end",
        "start", "step", "steps", "num_classes",
    }


_SCALAR_ANNOTATIONS = {"int", "float", "bool", "str"}


_UNION_SPELLINGS = ("Optional", "Union")


def _scalar_annotation(annotation: cst.BaseExpression) -> bool:
    """``float``, ``int | None``, ``Optional[float]``, ``Union[int, float]``: a Python number (or None)."""
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        members = [annotation.left, annotation.right]  # ``int | None``; ``float | torch.Tensor`` may be a tensor
    elif isinstance(annotation, cst.Subscript) and _dotted(annotation.value).rsplit(".", 1)[-1] in _UNION_SPELLINGS:
        members = [element.slice.value for element in annotation.slice if isinstance(element.slice, cst.Index)]
    else:
        return isinstance(annotation, cst.Name) and annotation.value in _SCALAR_ANNOTATIONS
    numbers = [member for member in members if _dotted(member) != "None"]
    return bool(numbers) and all(_scalar_annotation(member) for member in numbers)


def _scalar_parameter(param: cst.Param) -> bool:
    """``past_seen_tokens=0``, ``scale: float``: a Python number, not a tensor."""
    if param.annotation is not None and _scalar_annotation(param.annotation.annotation):
        return True
    default = param.default
    return default is not None and _is_literal(default) and not (isinstance(default, cst.Name) and default.value == "None")


# ``torch.tensor(<number>)`` without ``device=`` and elementwise math on it: 0-dim CPU tensors.
_ZERO_DIM_BUILDERS = {"torch.tensor", "torch.as_tensor", "torch.scalar_tensor"}
_GRADIENT_CALLS = {"torch.autograd.grad", "autograd.grad"}


def _without_gradient_inputs(arguments):
    """``torch.autograd.grad(outputs, inputs, ...)``'s arguments less ``inputs`` (the second positional one or
    ``inputs=``)."""
    kept, positional = [], 0
    for argument, taint in arguments:
        if argument.keyword is None and not argument.star:
            positional += 1
            if positional == 2:
                continue
        elif argument.keyword is not None and argument.keyword.value == "inputs":
            continue
        kept.append((argument, taint))
    return kept
_ELEMENTWISE = {"sqrt", "rsqrt", "exp", "log", "log2", "log10", "abs", "sin", "cos", "tanh", "sigmoid", "reciprocal",
                "floor", "ceil", "round", "square", "pow", "clamp", "minimum", "maximum", "digamma", "lgamma",
                "erf", "log1p", "expm1"}


def _no_dimension(name: str, rest: list[cst.Arg]) -> bool:
    """Whether a full reduction's arguments after its input (``w.sum(...)``, ``torch.sum(w, ...)``) leave it over every
    element: options but ``dim`` (``dtype=``, ``keepdim=``), and for a norm its order (``torch.norm(w, 2)``,
    ``w.norm(p="fro")``)."""
    positional = [argument for argument in rest if argument.keyword is None]
    if any(argument.star for argument in rest) or len(positional) > (1 if name == "norm" else 0):
        return False
    return all(_is_option(argument) and argument.keyword.value != "dim" for argument in rest
               if argument.keyword is not None)


def _zero_dim_call(node: cst.Call) -> bool:
    name = _dotted(node.func)
    if name in _ZERO_DIM_BUILDERS:
        # ``torch.tensor([1, 2])`` is 1-dim: only a single number makes a 0-dim tensor.
        return bool(node.args) and not isinstance(node.args[0].value, (cst.List, cst.Tuple, cst.ListComp)) \
            and not any(argument.keyword is not None and argument.keyword.value == "device" for argument in node.args)
    return name.startswith("torch.") and name.rsplit(".", 1)[-1] in _ELEMENTWISE and bool(node.args)


def _device_parameter(param: cst.Param) -> bool:
    """``device``, ``device: torch.device``: a parameter that names a device."""
    if param.annotation is not None:
        text = _CODE.code_for_node(param.annotation.annotation)
        return "device" in text and "Tensor" not in text
    return param.name.value == "device"


def _reads_config(dotted: str) -> bool:
    """``self.config.x``, ``config.text_config.x``, ``generation_config.x``: an attribute of a configuration
    object (a name that is ``config`` or ends in ``_config``), which holds Python values."""
    parts = dotted.split(".")
    return any(part == "config" or part.endswith("_config") for part in parts[:-1])


def _is_size(node: cst.BaseExpression) -> bool:
    """``x.shape[1]``, ``len(x)``, ``seq_len``-like names cannot be told from tensors: only the
    syntactically sure ones count as sizes."""
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Attribute) and node.value.attr.value == "shape":
        return True
    if isinstance(node, cst.Call) and _dotted(node.func) in ("len", "int", "float", "math.sqrt", "math.log"):
        return True
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in (
            "size", "dim", "numel", "item", "get_seq_length", "get_usable_length", "get_max_cache_shape"):
        return True
    if isinstance(node, cst.Subscript):
        return _is_size(node.value)
    if isinstance(node, cst.Attribute) and node.attr.value in ("shape", "dtype", "ndim"):
        return True
    return False


_COUNTER = re.compile(r"^(i|j|k|n|idx|index|layer|step|.*_(idx|index|i|num|id|layer|pos|position)|(num|n)_.*)$")


def _counter(node: cst.BaseExpression) -> bool:
    """``self.scales[layer_idx]``: a loop counter or position, not a tensor of indices."""
    return isinstance(node, cst.Name) and bool(_COUNTER.match(node.value))


def _names_device(argument: cst.Arg) -> bool:
    """Whether a ``.to(...)`` argument moves across devices (not a dtype-only cast)."""
    if argument.keyword is not None:
        return argument.keyword.value == "device"
    text = cst.Module([]).code_for_node(argument.value).lower()
    if "device" in text or "cuda" in text:
        return True
    return not any(hint in text for hint in DTYPE_WORDS)


__all__ = ["ValueFlow"]
