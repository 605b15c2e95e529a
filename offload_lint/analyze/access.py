"""How a method touches ``self.<chain>``: the libcst pass that the rules run on.

A :class:`AccessCollector` walks one method and reports every maximal ``self...`` chain
(local aliases such as ``w = self.proj.weight`` followed) with how it is used; the
semantics resolve the chain, and :func:`classify` says what kind of touch it is:
metadata (harmless), a device read, a move to an input's device (the fix), a call of a
module, or a use that lets the tensor reach computation. The records it produces live in
:mod:`analyze.records`.
"""

from __future__ import annotations

import re
from dataclasses import replace

import libcst as cst
from libcst.metadata import CodeRange

from ..index import torch_nn
from ..index.summary import INDEX, Chain
from .flow import MethodFlow, ValueFlow
from .functionals import functional_call
from .records import (HOST_READS, METADATA_ATTRIBUTES, MOVING_METHODS, SHAPE_ONLY_METHODS, CollectedMethod,
                      FunctionalCall, RawAccess, SourceRange)
from .semantics import FIRST_PARAMETER, MODULE, SUBMODULE_GETTERS
from .walk import walk

# Zero-argument ``self.<get_...>()`` calls assigned to a local are kept as an access step (``get_base_layer()``),
# which semantics resolves to the ``self`` chain the accessor returns.
ACCESSOR_PREFIX = "get_"
# The step for a function handed ``self`` (``get_device_dtype(self)``).
HANDED_SELF = "(self)"
# Calls whose first argument is only inspected, never computed with.
INSPECTING_CALLS = {"len", "isinstance", "hasattr", "getattr", "type", "id", "callable", "repr", "print"}
# ``inspect`` functions that read a function's or module's description without running it
# (``inspect.signature(encoder.forward)``).
_INSPECT_FUNCTIONS = {"signature", "getfullargspec", "getargspec", "getsource", "getsourcelines", "getfile",
                      "getmodule", "ismethod", "isfunction", "iscoroutinefunction", "isclass"}


def _inspects_argument(func: cst.BaseExpression) -> bool:
    """``len(x)``, ``isinstance(x, ...)``, ``inspect.signature(x)``, ``signature(x)``: nothing of ``x`` runs."""
    if isinstance(func, cst.Name):
        return func.value in INSPECTING_CALLS or func.value in ("signature", "getfullargspec")
    return (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "inspect"
            and func.attr.value in _INSPECT_FUNCTIONS)


def _binds_argument(func: cst.BaseExpression) -> bool:
    """``types.MethodType(fn, self.transformer.blocks[i])`` binds a function to the module: nothing runs it here (the
    bound method replacing the block's forward runs inside the model's forward, OFL208's business)."""
    return (isinstance(func, cst.Name) and func.value == "MethodType") \
        or (isinstance(func, cst.Attribute) and func.attr.value == "MethodType")


def _stores_argument(func: cst.BaseExpression) -> bool:
    """``modules.append(self.unet.mid_block)``, ``cast(Block, block)``, ``setattr(holder, "x", block)``: the call keeps
    or relabels the module; nothing runs it here (a later call through the container is judged where it is made).
    So does a class's constructor (AutoAWQ's ``LlamaLikeModel(vocab, blocks, self.model.model.embed_tokens, ...)``,
    ``nn.Sequential(self.a, self.b)``: a capitalised callee), which holds what it is given, and a progress bar
    (``tqdm(self.model.model.layers)``), which iterates it."""
    name = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else ""
    if name[:1].isupper() or name == "tqdm":
        return True
    if isinstance(func, cst.Name):
        return func.value in ("cast", "setattr")
    return isinstance(func, cst.Attribute) and (
        func.attr.value in _STORING_METHODS
        or (func.attr.value == "cast" and isinstance(func.value, cst.Name) and func.value.value == "typing"))


# Container methods that keep what they are given (a list's, a deque's, a set's, a module's own ``add_module``).
_STORING_METHODS = frozenset({"append", "appendleft", "extend", "insert", "add", "setdefault", "add_module",
                              "register_module"})
# Builtins that take a module without running it (``zip(self.vae.blocks, ...)``).
_NOT_RUNNING_CALLS = {"zip", "enumerate", "list", "tuple", "iter", "reversed", "sorted", "dict", "set", "next",
                      "map", "filter", "any", "all", "str", "vars", "dir", "sum", "min", "max"}
# ``.to(...)`` arguments that keep the tensor where it is.


def collect_function(function: cst.FunctionDef, wrapper: cst.metadata.MetadataWrapper,
                     self_name: str, number_names: tuple[tuple[str, str], ...] = ()) -> CollectedMethod:
    """Run the access collector and the value flow over one function of ``wrapper``'s module;
    ``number_names``: the file's names for ``math`` and its members (:meth:`FileSummary.number_names`)."""
    collector = AccessCollector(self_name)
    with collector.resolve(wrapper):  # the function alone: its module may hold many methods
        walk(function, collector)
    nodes = {id(node): (index, access.chain) for index, (node, access) in
             enumerate(zip(collector.nodes, collector.accesses))}
    flow: MethodFlow = ValueFlow(nodes, len(collector.accesses), self_name, number_names,
                                 collector.alias_sources).run(function)
    accesses = [replace(access, sinks=sinks) for access, sinks in zip(collector.accesses, flow.access_sinks)]
    return CollectedMethod(accesses, flow.parameter_sinks, flow.result_sinks, flow.result_callees, flow.call_arguments,
                           flow.argument_origins, collector.replaced_before_calls)


def _parameter_names(function: cst.FunctionDef) -> set[str]:
    params = function.params
    return {p.name.value for p in params.params + params.posonly_params + params.kwonly_params}


def _getter_step(node: cst.BaseExpression) -> str | None:
    """``x.get_input_embeddings()`` -> ``"get_input_embeddings()"`` (a submodule getter without arguments)."""
    if isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute):
        step = node.func.attr.value + "()"
        return step if step in SUBMODULE_GETTERS else None
    return None


def _all_slices(node: cst.BaseExpression) -> bool:
    """``x[a:b]`` (every subscript element a slice)."""
    return isinstance(node, cst.Subscript) and bool(node.slice) \
        and all(isinstance(element.slice, cst.Slice) for element in node.slice)
def _accessor_step(value: cst.BaseExpression, self_name: str) -> str | None:
    """``self.get_base_layer()`` -> ``"get_base_layer()"``: a zero-argument ``get_`` call on self."""
    if (isinstance(value, cst.Call) and not value.args and isinstance(value.func, cst.Attribute)
            and isinstance(value.func.value, cst.Name) and value.func.value.value == self_name
            and value.func.attr.value.startswith(ACCESSOR_PREFIX)):
        return value.func.attr.value + "()"
    return None


def _handed_self_call(node: cst.BaseExpression) -> str | None:
    """``get_device_dtype(self)`` -> ``"get_device_dtype(self)"``: a function named for a device, handed
    ``self`` first (semantics resolves it to a first-parameter read when the function reads
    ``next(module.parameters())``)."""
    if not (isinstance(node, cst.Call) and node.args and node.args[0].keyword is None and not node.args[0].star
            and isinstance(node.args[0].value, cst.Name) and node.args[0].value.value == "self"):
        return None
    func, parts = node.func, []
    while isinstance(func, cst.Attribute):
        parts.append(func.attr.value)
        func = func.value
    if not isinstance(func, cst.Name) or func.value == "self" or func.value in INSPECTING_CALLS:
        return None
    if "device" not in (parts[0] if parts else func.value).lower():
        # Only helpers named for what they return (``get_device_dtype``): any other call handed ``self``
        # stays a call whose result the value flow follows (``decoding_method(self, input_ids, ...)``).
        return None
    return ".".join([func.value] + list(reversed(parts))) + HANDED_SELF


def _root_accessor_step(node: cst.BaseExpression, self_name: str) -> str | None:
    """``self.get_model()`` -> ``"get_model()"``: a zero-argument ``get_`` call on ``self``, not a torch
    submodule getter (the semantics resolve it to the ``self`` chain the accessor returns, or to nothing)."""
    if (isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute)
            and isinstance(node.func.value, cst.Name) and node.func.value.value == self_name
            and node.func.attr.value.startswith(ACCESSOR_PREFIX)):
        step = node.func.attr.value + "()"
        return None if step in SUBMODULE_GETTERS else step
    return None


def _chain(node: cst.BaseExpression, self_name: str = "self") -> tuple[str, Chain, list[cst.BaseExpression]] | None:
    """(root name, steps, subscript slices) of an Attribute/Subscript chain; submodule
    getters (``self.text_encoder.get_input_embeddings().weight``) are steps too, and so is an accessor called on
    the root name (``self.get_model().embed_tokens``: ``("get_model()", "embed_tokens")``)."""
    steps: list[str] = []
    slices: list[cst.BaseExpression] = []
    while True:
        if isinstance(node, cst.Attribute):
            steps.append(node.attr.value)
            node = node.value
        elif isinstance(node, cst.Subscript):
            steps.append(INDEX)
            slices.append(node)
            node = node.value
        elif (getter := _getter_step(node)) is not None:
            steps.append(getter)
            node = node.func.value
        elif steps and (accessor := _root_accessor_step(node, self_name)) is not None:
            steps.append(accessor)
            node = node.func.value
            break
        else:
            break
    if isinstance(node, cst.Call) and (holder := _first_parameter_holder(node)) is not None:
        return "self", holder + (FIRST_PARAMETER,) + tuple(reversed(steps)), slices
    if isinstance(node, cst.Call) and (handed := _handed_self_call(node)) is not None:
        return "self", (handed,) + tuple(reversed(steps)), slices
    if not isinstance(node, cst.Name):
        return None
    return node.value, tuple(reversed(steps)), slices


def _self_method(func: cst.BaseExpression, self_name: str) -> str | None:
    """``self.<name>`` for ``self.<name>(...)``."""
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == self_name:
        return f"self.{func.attr.value}"
    return None


def _first_parameter_holder(call: cst.Call) -> Chain | None:
    """``next(self.parameters())`` / ``next(iter(self.parameters()))`` -> ``()``; ``next(self.net.parameters())``
    -> ``("net",)``: the module whose first parameter (or buffer) is read; None for any other call."""
    if not (isinstance(call.func, cst.Name) and call.func.value == "next" and call.args):
        return None
    inner = call.args[0].value
    if isinstance(inner, cst.Call) and isinstance(inner.func, cst.Name) and inner.func.value == "iter" and inner.args:
        inner = inner.args[0].value
    if not (isinstance(inner, cst.Call) and isinstance(inner.func, cst.Attribute)
            and inner.func.attr.value in ("parameters", "buffers")):
        return None
    holder: list[str] = []
    node = inner.func.value
    while isinstance(node, cst.Attribute):  # a child's: ``next(self.net.parameters()).device``
        holder.append(node.attr.value)
        node = node.value
    if not (isinstance(node, cst.Name) and node.value == "self"):
        return None
    return tuple(reversed(holder))


def _runs_its_argument(call: cst.Call) -> bool:
    """``checkpoint(fn, ...)``, ``self._gradient_checkpointing_func(block, ...)``, ``functional_call(m, ...)``, and a
    diffusion sampling loop handed the model it denoises with (``sample_fn(self.model_first_steps, ...)``,
    ``diffusion.p_sample_loop(model, shape)``: a name with a ``sample`` word, ``grid_sample`` aside)."""
    func = call.func
    name = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
    return "checkpoint" in name or name == "functional_call" or _samples(name)


def _samples(name: str) -> bool:
    words = name.lower().split("_")
    return "sample" in words and "grid" not in words


# Checkpointing helpers that call each child of the Sequential they are handed, one by one.
_CHILD_RUNNING_CALLS = frozenset({"checkpoint_seq", "checkpoint_sequential"})


def _runs_children(call: cst.Call) -> bool:
    func = call.func
    name = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
    return name in _CHILD_RUNNING_CALLS


def _element_indices(steps: Chain, slices: list[cst.Subscript]) -> int:
    """How many integer-literal indices the chain ends with (``w[0, 0]``, ``w[0][-1]``); 0 when a final subscript
    holds anything else (a slice, a name, an ellipsis). ``slices`` are the chain's subscripts, outermost first."""
    count = 0
    for step in reversed(steps):
        if step != INDEX:
            break
        count += 1
    total = 0
    for subscript in slices[:count]:
        for element in subscript.slice:
            index = element.slice
            value = index.value if isinstance(index, cst.Index) else None
            if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
                value = value.expression
            if not isinstance(value, cst.Integer):
                return 0
            total += 1
    return total


def _reads_scalar(call: cst.Call) -> bool:
    """``int(...)``/``float(...)``/``bool(...)``, ``x.item()``, ``x.tolist()``."""
    if isinstance(call.func, cst.Name):
        return call.func.value in ("int", "float", "bool") and len(call.args) == 1
    return isinstance(call.func, cst.Attribute) and call.func.attr.value in ("item", "tolist") and not call.args


def _base(node: cst.BaseExpression) -> str:
    """``table`` for ``table.view(1, 8)``, ``self.w`` for ``self.w``: the dotted name a value starts from."""
    while True:
        if isinstance(node, cst.Call):
            node = node.func.value if isinstance(node.func, cst.Attribute) else node.func
        elif isinstance(node, cst.Subscript):
            node = node.value
        else:
            break
    return cst.Module([]).code_for_node(node)


def _to_own_device(call: cst.Call) -> bool:
    """``t.to(device=t.device)``: to where the tensor already is, so no move."""
    if not isinstance(call.func, cst.Attribute) or len(call.args) != 1:
        return False
    value = call.args[0].value
    return (isinstance(value, cst.Attribute) and value.attr.value == "device"
            and _base(value.value) == _base(call.func.value))


def _moves_to_device(call: cst.Call) -> bool:
    if isinstance(call.func, cst.Attribute) and call.func.attr.value == "cuda":
        return True
    if _to_own_device(call):
        return False
    for argument in call.args:
        keyword = argument.keyword.value if argument.keyword else None
        if keyword == "device":
            return True
        if keyword in ("dtype", "non_blocking", "copy", "memory_format"):
            continue
        text = cst.Module([]).code_for_node(argument.value).lower()
        if "device" in text or "cuda" in text or ".to(" in text:
            return True
        if any(hint in text for hint in torch_nn.DTYPE_WORDS):
            continue
        return True  # a bare name such as ``x`` (``t.to(x)``) or a device string
    return False


def _reregistered(call: cst.Call, self_name: str) -> str | None:
    """``self.register_buffer("inv_freq", <a new tensor>)`` (or ``register_parameter``): the name re-bound to
    a tensor the method builds; None for any other call, and for re-registering ``self.<name>`` itself."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == self_name
            and func.attr.value in ("register_buffer", "register_parameter") and len(call.args) > 1):
        return None
    first, value = call.args[0].value, call.args[1].value
    if not isinstance(first, cst.SimpleString) or call.args[0].keyword is not None:
        return None
    name = first.evaluated_value
    if not isinstance(name, str) or isinstance(value, cst.Name) and value.value == "None":
        return None
    found = _chain(value) if isinstance(value, (cst.Attribute, cst.Subscript)) else None
    if found is not None and found[0] == self_name and found[1][:1] == (name,):
        return None  # the same tensor registered again
    return name


class AccessCollector(cst.CSTVisitor):
    """Collects :class:`RawAccess` records for one function body."""

    METADATA_DEPENDENCIES = (cst.metadata.PositionProvider,)

    def __init__(self, self_name: str = "self") -> None:
        super().__init__()
        self.self_name = self_name
        self.aliases: dict[str, Chain] = {}
        self.accessed: dict[str, Chain] = {}  # locals holding what ``self.get_...()`` returned
        self.collections: dict[str, Chain] = {}  # locals holding a list of one self container's elements
        self.zips: dict[str, cst.Call] = {}  # locals bound to ``zip(...)``, iterated later
        self.alias_positions: dict[str, CodeRange] = {}  # where each weight alias was read
        self.alias_values: dict[str, cst.BaseExpression] = {}  # the expression each alias was bound to
        # id of an alias's use -> the expression the alias was bound to (``codes = self.codebook[indices]``):
        # the value flow meets that expression's index with the weight at the use.
        self.alias_sources: dict[int, cst.BaseExpression] = {}
        self.accesses: list[RawAccess] = []
        self.nodes: list[cst.CSTNode] = []  # the node each access was recorded at, for the value flow
        self._scalar_depth = 0
        self._argument: tuple[cst.BaseExpression, str] | None = None  # (argument node, self.<method>)
        self._moved_later = 0  # depth of expressions whose result is only moved (RawAccess.moved_later)
        self._functions: list[cst.FunctionDef] = []
        self._passed: set[int] = set()  # ids of nodes that are a call's whole argument
        self._fallbacks: list[str] = []  # parameters whose ``is None`` branch is being visited
        self._rebound: set[str] = set()  # names assigned so far: no longer what the caller passed
        # Per enclosing block: ``self.<name>`` tensors re-registered earlier in it (``register_buffer("inv_freq",
        # new)``); a later read there is the tensor just built, not the one offloading placed.
        self._replaced: list[set[str]] = []
        # ``self.<method>(...)`` calls: the ``self`` tensors re-bound before every one of them in this method.
        self.replaced_before_calls: dict[str, frozenset[str]] = {}
        self._functionals: dict[int, FunctionalCall] = {}  # weight/bias argument node id -> its layer computation

    # --- recording --------------------------------------------------------------------
    def _record(self, node: cst.BaseExpression, *, called: bool = False, call: cst.Call | None = None,
                inspected: bool = False, argument: bool = False, returned: bool = False,
                suffix: Chain = ()) -> bool:
        """Record ``node`` if it is a self chain; return whether it was one."""
        found = _chain(node, self.self_name) if isinstance(node, (cst.Attribute, cst.Subscript)) \
            or _getter_step(node) or _handed_self_call(node) else None
        if found is None and isinstance(node, cst.Name) and (
                node.value in self.aliases or (called and node.value in self.accessed)):
            found = (node.value, (), [])
        if found is None:
            return False
        root, steps, slices = found
        if root == self.self_name or (root == "self" and FIRST_PARAMETER in steps):
            chain = steps
        elif root in self.aliases:
            chain = self.aliases[root] + steps
        elif root in self.accessed and (steps or called):
            # ``encoder = self.get_text_encoder(); encoder(**kwargs)``: a call of the module the accessor returns.
            chain = self.accessed[root] + steps
        else:
            return False
        if not chain:
            return False
        if root == self.self_name and any(chain[0] in names for names in self._replaced):
            return True  # the re-registered tensor, built in this method: nothing offloading touched
        chain = chain + suffix
        # A use of ``w = self.codebook.weight`` is located where the weight is read, on the assignment.
        # A call through an alias (``embed = self.get_input_embeddings(); embed(ids)``) stays at the call.
        position = self.alias_positions.get(root) if root != self.self_name and not called else None
        position = position or self.get_metadata(cst.metadata.PositionProvider, node)
        argument_of = self._argument[1] if self._argument is not None and self._argument[0] is node else None
        passed = id(node) in self._passed
        if root in self.alias_values and root != self.self_name:
            self.alias_sources[id(node)] = self.alias_values[root]
        self.accesses.append(
            RawAccess(chain=chain, called=called, moves_to_device=bool(call is not None and _moves_to_device(call)),
                      element_indices=_element_indices(steps, slices) if not suffix else 0,
                      inspected=inspected, range=SourceRange.of(position), scalar=self._scalar_depth > 0,
                      argument=argument, returned=returned, argument_of=argument_of,
                      moved_later=self._moved_later > 0, passed=passed,
                      default_fallback=self._fallbacks[-1] if self._fallbacks else None,
                      functional=self._functionals.get(id(node)))
        )
        self.nodes.append(node)
        for subscript in slices:
            for element in subscript.slice:
                walk(element, self)
        return True

    # --- contexts ---------------------------------------------------------------------
    def visit_Call(self, node: cst.Call) -> bool:
        self._note_replaced_before(node)
        if _reads_scalar(node):
            self._scalar_depth += 1
            self._visit_scalar(node)
            self._scalar_depth -= 1
            return False
        if _inspects_argument(node.func) and node.args:
            if self._record(node.args[0].value, inspected=True):
                for argument in node.args[1:]:
                    walk(argument, self)
                return False
            return True
        if self._record_reshaped_move(node):
            return False
        if self._record_computed_move(node):
            return False
        if not self._record(node.func, called=True, call=node):
            walk(node.func, self)
        runs_modules = _runs_its_argument(node)
        found = functional_call(node, lambda call: self.get_metadata(cst.metadata.PositionProvider, call))
        if found is not None:
            record, weights = found
            self._functionals.update((id(weight), record) for weight in weights)
        helper = _self_method(node.func, self.self_name)
        if not (_inspects_argument(node.func) or _binds_argument(node.func) or _stores_argument(node.func)
                or (isinstance(node.func, cst.Name) and node.func.value in _NOT_RUNNING_CALLS)):
            self._passed.update(id(argument.value) for argument in node.args)
        runs_children = _runs_children(node)
        for index, argument in enumerate(node.args):
            # ``checkpoint_seq(stage, x)`` (timm), ``checkpoint_sequential(stage, n, x)`` (torch): each child of
            # the Sequential is called by itself (``stage[j](x)``), not through the Sequential's own hook.
            if runs_children and index == 0 and argument.keyword is None \
                    and self._record(argument.value, called=True, suffix=(INDEX,)):
                continue
            # ``checkpoint(self.decoder, z)``: a module handed to a checkpointing call is run by it.
            if runs_modules and self._record(argument.value, argument=True):
                continue
            self._argument = (argument.value, helper) if helper else None
            walk(argument, self)
        self._argument = None
        return False

    def _record_reshaped_move(self, node: cst.Call) -> bool:
        """``self.w.view(1, -1).to(x.device)``: recorded as ``self.w.to(x.device)`` (a move);
        ``self.w.to(torch.uint8).cpu()``: recorded as ``self.w.cpu()`` (a host copy)."""
        func = node.func
        if not isinstance(func, cst.Attribute):
            return False
        moves = func.attr.value in MOVING_METHODS and _moves_to_device(node)
        if not (moves or func.attr.value in HOST_READS):
            return False
        inner, reshapes = func.value, []
        while (
            isinstance(inner, cst.Call) and isinstance(inner.func, cst.Attribute)
            and (inner.func.attr.value in SHAPE_ONLY_METHODS
                 or (inner.func.attr.value == "to" and not _moves_to_device(inner)))  # a dtype-only .to()
        ):
            reshapes.append(inner)
            inner = inner.func.value
        if not reshapes or not self._record(inner, called=True, call=node, suffix=(func.attr.value,)):
            return False
        for call in [node] + reshapes:
            for argument in call.args:
                walk(argument, self)
        return True

    def _record_computed_move(self, node: cst.Call) -> bool:
        """``torch.sqrt(self.vae.bn.running_var + eps).view(1, -1).to(x.device)``: only the moved result is used."""
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in MOVING_METHODS and _moves_to_device(node)):
            return False
        computed = _strip_shape_calls(func.value)
        if isinstance(computed, (cst.Attribute, cst.Subscript, cst.Name)) or not self._constant_combination(computed):
            return False
        self._visit_moved_later(func.value)
        for argument in node.args:
            walk(argument, self)
        return True

    def _visit_moved_later(self, node: cst.CSTNode) -> None:
        self._moved_later += 1
        walk(node, self)
        self._moved_later -= 1

    def _constant_combination(self, node: cst.BaseExpression) -> bool:
        """Whether ``node`` computes only with numbers and ``self`` chains sharing one first step
        (a component's tensors and its config), and reads at least one such chain."""
        firsts: set[str] = set()
        if not _combines_constants(node, self.self_name, firsts, self.aliases) or len(firsts) != 1:
            return False
        return True

    def _visit_scalar(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Attribute):  # x.item(): x is the read value
            if not self._record(node.func.value):
                walk(node.func.value, self)
        for argument in node.args:
            walk(argument, self)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return not self._record(node)

    def visit_Subscript(self, node: cst.Subscript) -> bool:
        return not self._record(node)

    def visit_Name(self, node: cst.Name) -> bool:
        if node.value in self.aliases:
            self._record(node)
        return False

    def visit_Comparison(self, node: cst.Comparison) -> bool:
        identity = all(isinstance(t.operator, (cst.Is, cst.IsNot)) for t in node.comparisons)
        if not identity:
            return True
        for operand in [node.left] + [t.comparator for t in node.comparisons]:
            if not self._record(operand, inspected=True):
                walk(operand, self)
        return False

    def visit_Assign(self, node: cst.Assign) -> bool:
        # The value is read before the targets are bound: ``w = F.normalize(w)`` reads the old ``w``.
        single = node.targets[0].target if len(node.targets) == 1 else None
        alias: Chain | None = None
        if isinstance(single, cst.Name):
            chain = self._chain_of_value(node.value)
            # ``device = self.w.device`` is a read done once, not an alias of the weight.
            if chain is not None and not (set(chain) & (METADATA_ATTRIBUTES | {"device"})):
                alias = chain
            elif (

                chain is None and self._functions and self._constant_combination(node.value)
                and _only_moved(self._functions[-1], single.value, node,
                                lambda n: self.get_metadata(cst.metadata.PositionProvider, n).start.line)
            ):
                self._visit_moved_later(node.value)
            else:
                walk(node.value, self)
        else:
            walk(node.value, self)
        for target in node.targets:
            self._forget(target.target)
            self._visit_target(target.target)
            if self._replaced and (name := _replacing_write(target.target, node.value, self.self_name)) is not None:
                # ``self.scales = scales.clone().half()`` (AutoGPTQ's ``pack``): later reads in this block are the
                # tensor just assigned, not the one offloading placed.
                self._replaced[-1].add(name)
        if isinstance(single, cst.Name) and alias is None and (step := _accessor_step(node.value, self.self_name)):
            # ``base_layer = self.get_base_layer()``: its attributes (``base_layer.weight``) are kept as
            # ``get_base_layer()`` steps, resolved (semantics) to the chain the accessor returns; the local
            # itself stays a call's result for the value flow.
            self.accessed[single.value] = (step,)
        if isinstance(single, cst.Name) and alias is None and (container := self._container_of(node.value)) is not None:
            # ``layers = [self.encoder.layer[-1] for _ in range(n)]``: a list of that container's elements;
            # a loop over it (``for layer in layers[1:]``) takes them one by one, as a loop over the container.
            self.collections[single.value] = container
        if isinstance(single, cst.Name) and _is_zip(node.value):
            # ``block_group = zip(self.down_blocks, self.down_scalers)``, then ``for block, scaler in block_group``.
            self.zips[single.value] = node.value
        if alias is not None:
            self.aliases[single.value] = alias
            self.alias_positions[single.value] = self.get_metadata(cst.metadata.PositionProvider, node.value)
            self.alias_values[single.value] = node.value
            if _all_slices(node.value) and alias[-1:] == (INDEX,):
                # ``stages = self.blocks[:n]``: a slice holds the container's own elements, so a loop over it
                # takes the blocks (``self.blocks[i]``), not an element's child. A slice of a slice as well.
                sliced, container = node.value, alias
                while _all_slices(sliced) and container[-1:] == (INDEX,):
                    sliced, container = sliced.value, container[:-1]
                self.collections[single.value] = container
        return False

    def visit_AugAssign(self, node: cst.AugAssign) -> bool:
        self._visit_target(node.target)
        walk(node.value, self)
        return False

    def visit_AnnAssign(self, node: cst.AnnAssign) -> bool:
        self._forget(node.target)
        self._visit_target(node.target)
        if node.value is not None:
            walk(node.value, self)
        return False

    def visit_Return(self, node: cst.Return) -> bool:
        if node.value is None:
            return False
        # ``return self.vae.latents_mean, self.vae.latents_std``: each element is handed to the caller.
        values = [element.value for element in node.value.elements] if isinstance(node.value, cst.Tuple) else [node.value]
        for value in values:
            if not self._record(value, returned=True):
                walk(value, self)
        return False

    def visit_Del(self, node: cst.Del) -> bool:
        return False

    def visit_For(self, node: cst.For) -> bool:
        iterated = self._zipped(node.iter)
        # ``for i, block in enumerate(self.blocks)``
        if isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Name) and iterated.func.value == "enumerate" and iterated.args:
            iterated = self._zipped(iterated.args[0].value)
            target = node.target.elements[-1].value if isinstance(node.target, cst.Tuple) and node.target.elements else None
        else:
            target = node.target
        bound = self._loop_bindings(target, iterated)
        if bound and all(chain is not None and isinstance(variable, cst.Name) for variable, chain in bound):
            for variable, chain in bound:
                self._rebound.add(variable.value)
                self.aliases[variable.value] = chain
        elif _is_zip(iterated) and bound and all(isinstance(variable, cst.Name) for variable, _ in bound) \
                and any(chain is not None for _, chain in bound):
            # ``for ratio, layer in zip(ratios, self.layers)`` (demucs' MultiWrap): the container's elements are
            # bound, the other names are plain values read from what they iterate.
            for (variable, chain), argument in zip(bound, iterated.args):
                if chain is None:
                    self._forget(variable)
                    walk(argument.value, self)
                    continue
                self._rebound.add(variable.value)
                self.aliases[variable.value] = chain
        else:
            self._forget(node.target)
            walk(node.iter, self)
        walk(node.body, self)
        if node.orelse is not None:
            walk(node.orelse, self)
        return False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self._functions.append(node)
        # A nested function whose own parameter is named like ``self`` (``def hook(self, x)``): its ``self``
        # is whatever it is later bound to, not the enclosing method's.
        return len(self._functions) == 1 or self.self_name not in _parameter_names(node)

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False  # a class defined in a method: its methods' ``self`` is that class's instance

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self._functions.pop()

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return True

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> bool:
        self._replaced.append(set())
        return True

    def leave_IndentedBlock(self, original_node: cst.IndentedBlock) -> None:
        self._replaced.pop()

    def _note_replaced_before(self, node: cst.Call) -> None:
        """garage's ``reset_belief``: ``self.z_means = torch.zeros(..., device=device)`` and then
        ``self.sample_from_belief()``, which reads the tensor just bound, not the buffer offloading placed."""
        func = node.func
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == self.self_name):
            return
        replaced = frozenset().union(*self._replaced)
        name = func.attr.value
        earlier = self.replaced_before_calls.get(name)
        self.replaced_before_calls[name] = replaced if earlier is None else earlier & replaced

    def leave_Call(self, original_node: cst.Call) -> None:
        name = _reregistered(original_node, self.self_name)
        if name is not None and self._replaced:
            self._replaced[-1].add(name)

    def visit_If(self, node: cst.If) -> bool:
        return self._visit_none_branches(node.test, node.body, node.orelse)

    def visit_IfExp(self, node: cst.IfExp) -> bool:
        return self._visit_none_branches(node.test, node.body, node.orelse)

    def _visit_none_branches(self, test: cst.BaseExpression, body: cst.CSTNode, orelse: cst.CSTNode | None) -> bool:
        """``if p is None: <fallback>``: the branch taken when ``p`` is missing stands in for it."""
        parameter, missing = self._none_test(test)
        if parameter is None:
            return True
        walk(test, self)
        self._visit_fallback(body, parameter if missing else None)
        if orelse is not None:
            self._visit_fallback(orelse, None if missing else parameter)
        return False

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> bool:
        """``device or self.device``: the right side stands in for a missing parameter."""
        if not (isinstance(node.operator, cst.Or) and isinstance(node.left, cst.Name)
                and node.left.value in self._parameters()):
            return True
        walk(node.left, self)
        self._visit_fallback(node.right, node.left.value)
        return False

    def _visit_fallback(self, node: cst.CSTNode, parameter: str | None) -> None:
        if parameter is not None:
            self._fallbacks.append(parameter)
        walk(node, self)
        if parameter is not None:
            self._fallbacks.pop()

    def _parameters(self) -> set[str]:
        if not self._functions:
            return set()
        params = self._functions[-1].params
        return {p.name.value for p in params.params + params.posonly_params + params.kwonly_params} - self._rebound

    def _none_test(self, test: cst.BaseExpression) -> tuple[str | None, bool]:
        """(parameter, whether the test is true when it is missing) for ``p is None`` / ``p is not None``."""
        if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1
                and isinstance(test.left, cst.Name) and test.left.value in self._parameters()):
            return None, False
        target = test.comparisons[0]
        if not (isinstance(target.comparator, cst.Name) and target.comparator.value == "None"):
            return None, False
        if isinstance(target.operator, cst.Is):
            return test.left.value, True
        if isinstance(target.operator, cst.IsNot):
            return test.left.value, False
        return None, False

    # --- helpers ------------------------------------------------------------------------
    def _loop_bindings(self, target: cst.BaseExpression | None,
                       iterated: cst.BaseExpression) -> list[tuple[cst.BaseExpression | None, Chain | None]]:
        """(loop variable, the chain it stands for) for ``for block in self.blocks`` (``self.blocks[i]``), ``for
        block, scaler in zip(self.blocks, self.scalers)`` (one container's elements each), and ``for norm, attn in
        self.layers`` (unpacking an element iterates it: ``self.layers[i][j]``)."""
        is_tuple = isinstance(target, (cst.Tuple, cst.List))
        if _is_zip(iterated):
            if not is_tuple or len(target.elements) != len(iterated.args):
                return []
            return [(element.value, _element(self._elements_of(arg.value)))
                    for element, arg in zip(target.elements, iterated.args)]
        elements = _element(self._elements_of(iterated))
        if is_tuple:
            return [(element.value, _element(elements)) for element in target.elements]
        return [(target, elements)]

    def _zipped(self, value: cst.BaseExpression) -> cst.BaseExpression:
        """A local bound to ``zip(...)`` stands for that call."""
        return self.zips.get(value.value, value) if isinstance(value, cst.Name) else value

    def _elements_of(self, iterated: cst.BaseExpression) -> Chain | None:
        """The container whose elements a loop over ``iterated`` takes (``self.blocks``, a slice of it, a local
        list of its elements, or an element of an enclosing loop's container: ``level`` in ``for level in
        self.levels``)."""
        while _all_slices(iterated):
            # ``self.quantizers[:n]`` (or ``self.blocks[:-1][::-1]``) holds the same modules as ``self.quantizers``
            iterated = iterated.value
        chain = self.collections.get(iterated.value) if isinstance(iterated, cst.Name) else None
        return chain if chain is not None else self._chain_of_value(iterated)

    def _container_of(self, value: cst.BaseExpression) -> Chain | None:
        """The ``self`` container whose elements a list comprehension or display collects, when every
        element is an element of it (``[self.layer[-1] for _ in range(n)]``, ``[self.blocks[i] for i in
        ids]``): a loop over the list aliases the container's elements."""
        if isinstance(value, (cst.ListComp, cst.GeneratorExp)) and value.for_in.inner_for_in is None:
            elements = [value.elt]
        elif isinstance(value, (cst.List, cst.Tuple)) and value.elements:
            elements = [element.value for element in value.elements]
        else:
            return None
        containers = set()
        for element in elements:
            chain = self._chain_of_value(element) if isinstance(element, cst.Subscript) else None
            if chain is None or chain[-1:] != (INDEX,) or len(chain) < 2:
                return None
            containers.add(chain[:-1])
        return containers.pop() if len(containers) == 1 else None

    def _chain_of_value(self, value: cst.BaseExpression) -> Chain | None:
        if isinstance(value, cst.Name) and value.value in self.aliases:
            return self.aliases[value.value]
        found = _chain(value, self.self_name) if isinstance(value, (cst.Attribute, cst.Subscript)) \
            or _getter_step(value) or _handed_self_call(value) else None
        if found is None:
            return None
        root, steps, _ = found
        if root == self.self_name:
            return steps
        if root in self.aliases:
            return self.aliases[root] + steps
        if root in self.accessed and steps:
            return self.accessed[root] + steps
        return None

    def _forget(self, target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            self.collections.pop(target.value, None)
            self._rebound.add(target.value)
            self.aliases.pop(target.value, None)
            self.accessed.pop(target.value, None)
            self.alias_positions.pop(target.value, None)
            self.alias_values.pop(target.value, None)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._forget(element.value)

    def _visit_target(self, target: cst.BaseExpression) -> None:
        """Writes are not reads, but their subscripts (``self.cache[self.key] = ...``) are."""
        found = _chain(target) if isinstance(target, (cst.Attribute, cst.Subscript)) else None
        if found is None:
            if isinstance(target, (cst.Tuple, cst.List)):
                for element in target.elements:
                    self._visit_target(element.value)
            return
        for subscript in found[2]:
            for element in subscript.slice:
                walk(element, self)


# Elementwise tensor methods that keep a constant combination constant (``w.sqrt()``, ``w.add(eps)``).
_ELEMENTWISE_METHODS = {
    "sqrt", "rsqrt", "exp", "log", "abs", "neg", "reciprocal", "clamp", "clamp_min", "clamp_max", "pow",
    "add", "sub", "mul", "div", "square", "sigmoid", "tanh",
}


def _replacing_write(target: cst.BaseExpression, value: cst.BaseExpression, self_name: str) -> str | None:
    """The attribute ``self.<name> = <value>`` rebinds to a new tensor (or None): a value that does not read the old
    one (``self.g_idx = g_idx if g_idx is not None else self.g_idx`` may keep it) and builds no module (a child
    built after offloading is judged as such, not as a fresh tensor)."""
    if not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == self_name):
        return None
    name = target.attr.value
    if _moved_self(value, self_name, name):
        # ``self.scale = self.scale.to(z.device)`` (VideoSys' VAE): later reads are the copy on the compute device.
        return name
    if re.search(rf"\b{re.escape(self_name)}\s*\.\s*{re.escape(name)}\b", cst.Module([]).code_for_node(value)):
        return None
    callee = value.func if isinstance(value, cst.Call) else None
    spelled = callee.attr.value if isinstance(callee, cst.Attribute) else callee.value if isinstance(callee, cst.Name) else ""
    if spelled[:1].isupper() and spelled not in ("Parameter", "Tensor", "Buffer"):
        return None
    return name


def _moved_self(value: cst.BaseExpression, self_name: str, name: str) -> bool:
    """Whether ``value`` is ``self.<name>`` moved to a device (``.to(device)``, ``.cuda()``)."""
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
        and value.func.attr.value in ("to", "cuda") and _moves_to_device(value) \
        and isinstance(moved := value.func.value, cst.Attribute) and isinstance(moved.value, cst.Name) \
        and moved.value.value == self_name and moved.attr.value == name


def _element(chain: Chain | None) -> Chain | None:
    return chain + (INDEX,) if chain is not None else None


def _is_zip(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "zip" \
        and bool(node.args) and all(arg.keyword is None and not arg.star for arg in node.args)


def _strip_shape_calls(node: cst.BaseExpression) -> cst.BaseExpression:
    while (
        isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
        and node.func.attr.value in SHAPE_ONLY_METHODS
    ):
        node = node.func.value
    return node


def _combines_constants(node: cst.BaseExpression, self_name: str, firsts: set[str],
                        aliases: dict[str, Chain]) -> bool:
    """Numbers, ``self.<x>...`` chains (first steps collected in ``firsts``), arithmetic on them,
    ``torch.<f>(...)`` and elementwise/shape-only methods of them. A local name is not a constant
    (it may be an input on the device), except an alias of a self chain."""
    def walk(value: cst.BaseExpression) -> bool:
        if isinstance(value, (cst.Integer, cst.Float)):
            return True
        if isinstance(value, cst.UnaryOperation):
            return walk(value.expression)
        if isinstance(value, cst.BinaryOperation):
            return walk(value.left) and walk(value.right)
        if isinstance(value, cst.Name):
            if value.value in aliases and aliases[value.value]:
                firsts.add(aliases[value.value][0])
                return True
            return False
        if isinstance(value, cst.Call):
            func = value.func
            if not isinstance(func, cst.Attribute):
                return False
            if isinstance(func.value, cst.Name) and func.value.value == "torch":
                pass
            elif func.attr.value in _ELEMENTWISE_METHODS | SHAPE_ONLY_METHODS:
                if not walk(func.value):
                    return False
            else:
                return False
            return all(walk(argument.value) for argument in value.args)
        if isinstance(value, (cst.Attribute, cst.Subscript)):
            found = _chain(value)
            if found is None:
                return False
            root, steps, slices = found
            if root == self_name and steps:
                firsts.add(steps[0])
            elif root in aliases and aliases[root]:
                firsts.add(aliases[root][0])
            else:
                return False
            return all(isinstance(element.slice, cst.Index) and walk(element.slice.value)
                       or isinstance(element.slice, cst.Slice)
                       for subscript in slices for element in subscript.slice)
        return False

    return walk(node)


def _moved_name(node: cst.BaseExpression, name: str) -> bool:
    """``name.to(<device>)``, ``name.view(...).to(<device>)``, ``name.cuda()``."""
    return (
        isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
        and node.func.attr.value in MOVING_METHODS and _moves_to_device(node)
        and isinstance(inner := _strip_shape_calls(node.func.value), cst.Name) and inner.value == name
    )


class _LocalUses(cst.CSTVisitor):
    """Every use of one local in a function: moves, metadata reads, other uses and assignments."""

    def __init__(self, name: str, origin: cst.Assign, line_of) -> None:
        super().__init__()
        self.name, self.origin, self.line_of = name, origin, line_of
        self.other_assignment = False
        self.reassigned_moved: list[int] = []  # lines of ``name = name.to(device)``
        self.uses: list[int] = []

    def _line(self, node: cst.CSTNode) -> int:
        return self.line_of(node)

    def visit_Assign(self, node: cst.Assign) -> bool:
        names = [target.target for target in node.targets]
        if node is not self.origin and any(self._binds(target) for target in names):
            if len(names) == 1 and _moved_name(node.value, self.name):
                self.reassigned_moved.append(self._line(node))
                for argument in node.value.args:
                    walk(argument, self)
                return False
            self.other_assignment = True
        for target in names:
            if not isinstance(target, cst.Name):
                walk(target, self)
        walk(node.value, self)
        return False

    def _binds(self, target: cst.BaseExpression) -> bool:
        if isinstance(target, cst.Name):
            return target.value == self.name
        if isinstance(target, (cst.Tuple, cst.List)):
            return any(self._binds(element.value) for element in target.elements)
        return False

    def visit_AugAssign(self, node: cst.AugAssign) -> bool:
        if self._binds(node.target):
            self.other_assignment = True
        return True

    def visit_Call(self, node: cst.Call) -> bool:
        if _moved_name(node, self.name):
            for argument in node.args:
                walk(argument, self)
            return False
        return True

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        if isinstance(node.value, cst.Name) and node.value.value == self.name and node.attr.value in METADATA_ATTRIBUTES:
            return False
        return True

    def visit_Name(self, node: cst.Name) -> bool:
        if node.value == self.name:
            self.uses.append(self._line(node))
        return False


def _only_moved(function: cst.FunctionDef, name: str, origin: cst.Assign, line_of) -> bool:
    """Whether ``name = <origin>`` is the only binding of ``name`` in ``function`` that is not
    ``name = name.to(<device>)``, and every other use comes after such a move (or is a move or metadata)."""
    visitor = _LocalUses(name, origin, line_of)
    walk(function.body, visitor)
    if visitor.other_assignment:
        return False
    moved_at = min(visitor.reassigned_moved, default=None)
    return all(moved_at is not None and line > moved_at for line in visitor.uses)


__all__ = ["AccessCollector", "collect_function", "FIRST_PARAMETER", "MODULE"]
