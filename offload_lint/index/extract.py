"""Build a :class:`FileSummary` from one file with the standard ``ast`` module.

This is the cheap pass every file goes through. It must stay close to the cost of
``ast.parse`` itself: one walk per class body, no type inference, no libcst.
"""

from __future__ import annotations

import ast
import copy
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from ..strategies import OFFLOADING_CALLS
from .torch_nn import DTYPE_WORDS, FULL_REDUCTIONS, SUBMODULE_GETTERS, TENSOR_CONTAINERS
from .summary import (
    FunctionUses,
    DECLARATION_ATTRIBUTES,
    DECLARATION_CALLS,
    INDEX,
    Assigned,
    LayerFactory,
    ModuleWrapper,
    ModulesWrapped,
    CallSiteRecord,
    Chain,
    ClassBodyLayout,
    ClassSummary,
    DeclaredList,
    FileSummary,
    MethodSummary,
)

_CONTAINERS = {"ModuleList", "Sequential", "ModuleDict"}
_REGISTER_CALLS = {"register_buffer": "buffer", "register_parameter": "parameter", "add_module": "call"}
_TENSOR_DECLARATIONS = {"Parameter": "parameter", "Buffer": "buffer"}
# Functions that take a layer and return it with hooks/parametrizations added.
LAYER_WRAPPERS = {"weight_norm", "spectral_norm"}
_LIST_GROWERS = {"append", "extend", "insert"}
_FOLLOW_DEPTH = 6
# ``MethodSummary.installed_forwards`` entry for a forward installed by a computed name (``getattr(cls, backend)``).
ANY_INSTALLED_FORWARD = "*"

# 0-dim constructions: a shape-taking factory given an empty shape, ``torch.tensor(<scalar>)``,
# and operations that keep a 0-dim tensor 0-dim.
_SHAPE_FACTORIES = {"torch.ones", "torch.zeros", "torch.empty", "torch.rand", "torch.randn", "torch.full"}
_FROM_DATA = {"torch.tensor", "torch.as_tensor"}
_ELEMENTWISE = {f"torch.{name}" for name in (
    "log", "exp", "sqrt", "rsqrt", "abs", "neg", "sigmoid", "tanh", "clamp", "log1p", "expm1", "reciprocal")}
_SHAPE_KEEPING_METHODS = {
    "log", "exp", "sqrt", "rsqrt", "abs", "neg", "sigmoid", "tanh", "clamp", "clamp_", "log_", "exp_", "to", "float",
    "double", "half", "bfloat16", "clone", "detach", "requires_grad_", "fill_", "mul", "add", "div", "sub",
    "reciprocal", "log1p", "expm1",
}
_SCALAR_BUILTINS = {"float", "int", "bool", "abs", "round", "len"}
# Attributes that hold tuples of ints: a tensor's ``shape`` and a conv layer's geometry.
_INT_TUPLES = {"shape", "kernel_size", "stride", "dilation", "padding", "output_padding"}
_SCALAR_TYPES = {"float", "int", "bool", "None"}
Scalar = tuple[str, ...] | None  # () certain, config fields pending, None unknown


def dotted_name(node: ast.AST) -> str | None:
    """``torch.nn.Linear`` for an Attribute chain of Names, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def chain_of(node: ast.AST) -> tuple[str, Chain] | None:
    """(root name, steps) of an Attribute/Subscript chain, e.g. ('self', ('blocks', '[]', 'norm'))."""
    steps: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            steps.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Subscript):
            steps.append(INDEX)
            node = node.value
        else:
            break
    if not isinstance(node, ast.Name) or not steps:
        return None
    return node.id, tuple(reversed(steps))


# A class's own argument-less ``self.get_<x>()`` call kept as an access step (``get_model()``): the semantics resolve
# it to the ``self`` chain the accessor returns (``def get_model(self): return self.model``), or to nothing.
ACCESSOR_PREFIX = "get_"


def accessor_step(node: ast.AST, self_name: str | None) -> str | None:
    """``self.get_model()`` -> ``"get_model()"``: a zero-argument ``get_`` call on ``self`` that is not a torch
    submodule getter (those are ``SUBMODULE_GETTERS``' steps, read where they are called)."""
    if not (self_name and type(node) is ast.Call and not node.args and not node.keywords
            and type(node.func) is ast.Attribute and type(node.func.value) is ast.Name
            and node.func.value.id == self_name and node.func.attr.startswith(ACCESSOR_PREFIX)):
        return None
    step = node.func.attr + "()"
    return None if step in SUBMODULE_GETTERS else step


def self_chain_of(node: ast.AST, self_name: str | None) -> Chain | None:
    """The steps of a ``self`` chain, also through the class's own accessor at its root:
    ``self.get_model().embed_tokens`` -> ``("get_model()", "embed_tokens")``; None for any other chain."""
    found = chain_of(node)
    if found is not None:
        return found[1] if found[0] == self_name else None
    steps: list[str] = []
    while True:
        if type(node) is ast.Attribute:
            steps.append(node.attr)
            node = node.value
        elif type(node) is ast.Subscript:
            steps.append(INDEX)
            node = node.value
        else:
            break
    step = accessor_step(node, self_name) if steps else None
    return (step,) + tuple(reversed(steps)) if step else None


_CLASS_ANNOTATIONS = frozenset({"Type", "type", "typing.Type", "Callable", "typing.Callable", "collections.abc.Callable"})


def _annotates_a_class(node: ast.AST | None) -> bool:
    """``Type[X]``, ``type[X]``, ``Callable[..., X]`` (also inside ``Optional``/``Union``/``| None``): a class or a
    factory, not an instance."""
    if isinstance(node, ast.BinOp):
        return _annotates_a_class(node.left) or _annotates_a_class(node.right)
    if isinstance(node, (ast.Name, ast.Attribute)):
        # A bare ``Callable`` (``Optional[Callable] = None``, timm's ``conv_layer``): a factory too.
        return dotted_name(node) in _CLASS_ANNOTATIONS
    if not isinstance(node, ast.Subscript):
        return False
    if dotted_name(node.value) in _CLASS_ANNOTATIONS:
        return True
    inner = node.slice
    return any(_annotates_a_class(element) for element in (inner.elts if isinstance(inner, ast.Tuple) else [inner]))


def _annotated_class(node: ast.AST | None) -> str | None:
    """The class ``Type[X]``, ``type[X]`` or ``Callable[..., X]`` names (also inside ``Optional``/``Union``/``| None``),
    as spelled; None for a bare ``Callable``, an alias (timm's ``LayerType``) or more than one class."""
    if isinstance(node, ast.BinOp):
        found = {c for c in (_annotated_class(node.left), _annotated_class(node.right)) if c}
        return found.pop() if len(found) == 1 else None
    if not isinstance(node, ast.Subscript):
        return None
    inner = node.slice
    elements = inner.elts if isinstance(inner, ast.Tuple) else [inner]
    if dotted_name(node.value) in ("Type", "type", "typing.Type"):
        return dotted_name(elements[0]) if len(elements) == 1 else None
    if dotted_name(node.value) in _CLASS_ANNOTATIONS:  # Callable[[...], X]
        return dotted_name(elements[-1]) if len(elements) == 2 else None
    found = {c for c in (_annotated_class(e) for e in elements) if c}
    return found.pop() if len(found) == 1 else None


def annotation_name(node: ast.AST | None) -> str | None:
    """The class an annotation names: ``X``, ``Optional[X]``, ``X | None``, ``"X"``."""
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            return annotation_name(ast.parse(node.value, mode="eval").body)
        except SyntaxError:
            return None
    if isinstance(node, ast.BinOp):  # X | None
        return annotation_name(node.left) or annotation_name(node.right)
    if isinstance(node, ast.Subscript):  # Optional[X], Union[X, Y]
        inner = node.slice
        if isinstance(inner, ast.Tuple):
            inner = inner.elts[0] if inner.elts else None
        return annotation_name(inner)
    name = dotted_name(node)
    if name in (None, "None", "Optional", "Union", "typing.Optional"):
        return None
    return name


class _Imports:
    """Collects import bindings of a module, also those under ``if TYPE_CHECKING`` or ``try``."""

    def __init__(self, module: str, is_package: bool) -> None:
        self.module = module
        self.is_package = is_package
        self.names: dict[str, str] = {}
        self.star: list[str] = []

    def absolute(self, node: ast.ImportFrom) -> str:
        return self.absolute_source(node.level, node.module)

    def absolute_source(self, level: int, module: str | None) -> str:
        """``from <level dots><module> import ...``'s module, absolute."""
        if not level:
            return module or ""
        base = self.module.split(".")
        drop = level - (1 if self.is_package else 0)
        base = base[: len(base) - drop] if drop else base
        return ".".join(base + ([module] if module else []))

    def visit(self, statements: list[ast.stmt]) -> None:
        for statement in statements:
            if isinstance(statement, ast.Import):
                for alias in statement.names:
                    if alias.asname:
                        self.names[alias.asname] = alias.name
                    else:
                        top = alias.name.split(".")[0]
                        self.names.setdefault(top, top)
            elif isinstance(statement, ast.ImportFrom):
                source = self.absolute(statement)
                for alias in statement.names:
                    if alias.name == "*":
                        self.star.append(source)
                    else:
                        self.names[alias.asname or alias.name] = f"{source}.{alias.name}"
            elif isinstance(statement, ast.If):
                self.visit(statement.body)
                self.visit(statement.orelse)
            elif isinstance(statement, ast.Try):
                before = dict(self.names)
                self.visit(statement.body)
                tried = {name: source for name, source in self.names.items() if before.get(name) != source}
                for handler in statement.handlers:
                    self.visit(handler.body)
                # ``try: from torch.nn.utils.parametrizations import weight_norm`` / ``except ImportError: from
                # torch.nn.utils import weight_norm``: the try's torch import is the one that runs wherever torch has
                # it; the fallback only on an older torch. (A try importing another package keeps the fallback: that
                # package may not be installed, and the fallback names what the index can read.)
                self.names.update({name: source for name, source in tried.items() if source.startswith("torch.")})
                self.visit(statement.orelse)
            elif isinstance(statement, ast.With):
                self.visit(statement.body)


def _union(*parts: Scalar) -> Scalar:
    if any(part is None for part in parts):
        return None
    return tuple(dict.fromkeys(field for part in parts for field in part))  # type: ignore[union-attr]


def is_scalar_annotation(node: ast.AST | None) -> bool:
    """``float``, ``int | None``, ``Optional[float]``, ``"float"``: only Python scalars (or None)."""
    if node is None:
        return False
    if isinstance(node, ast.Constant):
        if node.value is None:
            return True
        if isinstance(node.value, str):
            try:
                return is_scalar_annotation(ast.parse(node.value, mode="eval").body)
            except SyntaxError:
                return False
        return False
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return is_scalar_annotation(node.left) and is_scalar_annotation(node.right)
    if isinstance(node, ast.Subscript) and dotted_name(node.value) in ("Optional", "Union", "typing.Optional", "typing.Union"):
        inner = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return all(is_scalar_annotation(item) for item in inner)
    name = dotted_name(node)
    return name is not None and name.rsplit(".", 1)[-1] in _SCALAR_TYPES and name != "None"


def _is_number(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, (int, float, complex)) and node.value is not None


class Scope:
    """What a file and one function body bind, so that a value can be followed to where it was made.

    Locals are kept with the line they are bound on: a name used on line N holds its latest
    binding before N (``conv = nn.Conv1d(...)``; ``conv = weight_norm(conv)``; ``self.conv = conv``).
    """

    def __init__(self, imports: dict[str, str], aliases: dict[str, str], self_name: str | None = None) -> None:
        self.imports = imports
        self.aliases = aliases
        self.self_name = self_name
        self.locals: dict[str, list[tuple[int, ast.expr]]] = {}
        self.grown: dict[str, list[ast.expr]] = {}  # values appended/extended/added to a local list
        self.own: dict[str, list[tuple[int, ast.expr]]] = {}  # ``self.<name> = value``
        self.scalar_params: set[str] = set()
        self.constant_defaults: dict[str, object] = {}  # parameters defaulted to a constant: their default
        self.parameter_names: set[str] = set()
        self.consulted: set[str] = set()  # the defaulted parameters the last ``decided`` read
        self.follow_stored = False  # ``self.<name> = <parameter>`` read as that parameter in tests
        self.config_params: set[str] = set()
        self.module_params: dict[str, str] = {}  # parameters annotated with a class: maybe a module
        self.asserted_params: set[str] = set()  # of those, unannotated ones an ``assert isinstance`` types
        # Every parameter's position after ``self`` (-1: keyword-only), to find what constructions hand it.
        self.param_positions: dict[str, int] = {}
        # Unannotated parameters (no number default): name -> their position after ``self`` (-1: keyword-only).
        self.untyped_params: dict[str, int] = {}
        # Parameters defaulted to a class (``norm_layer=nn.LayerNorm``, ``partial(nn.LayerNorm, eps=1e-6)``): the
        # class as a source (:func:`class_source`), for a child built by calling the parameter.
        self.class_defaults: dict[str, str] = {}
        # Parameters annotated as a class of some base (``norm_layer: Optional[Type[nn.Module]] = None``): the base.
        self.class_annotations: dict[str, str] = {}

    # --- collecting --------------------------------------------------------------------
    def parameters(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        arguments = function.args
        positional = arguments.posonlyargs + arguments.args
        defaults = [None] * (len(positional) - len(arguments.defaults)) + list(arguments.defaults)
        pairs = list(zip(positional, defaults)) + list(zip(arguments.kwonlyargs, arguments.kw_defaults))
        for index, (argument, default) in enumerate(pairs):
            self.parameter_names.add(argument.arg)
            self.param_positions[argument.arg] = index - 1 if index < len(positional) else -1
            if argument.annotation is None and (default is None or _is_none(default)) and index > 0:
                self.untyped_params[argument.arg] = index - 1 if index < len(positional) else -1
            if isinstance(default, ast.Constant):
                self.constant_defaults[argument.arg] = default.value
            elif default is not None and (source := class_source(default)) is not None:
                self.class_defaults[argument.arg] = source
            # Only with no default (or None): a default the index cannot read as a class (``nn.GELU``, all capitals)
            # says more than the annotation's base does.
            if (default is None or _is_none(default)) and (annotated := _annotated_class(argument.annotation)):
                self.class_annotations[argument.arg] = annotated
            if is_scalar_annotation(argument.annotation) or (argument.annotation is None and default is not None
                                                             and _is_number(default)):
                self.scalar_params.add(argument.arg)
            annotation = annotation_name(argument.annotation) or ""
            if argument.arg == "config" or annotation.endswith("Config"):
                self.config_params.add(argument.arg)
            # A parameter defaulted to a class, or annotated as one (``norm_layer: Type[nn.Module] = nn.LayerNorm``,
            # timm's ``LayerType``), holds a class to build children with, not a module.
            if annotation and annotation[:1] != "'" and argument.arg not in self.config_params \
                    and argument.arg not in self.scalar_params and argument.arg not in self.class_defaults \
                    and not _annotates_a_class(argument.annotation):
                # ``base_layer: nn.Module`` (peft's tuner layers), ``quantizer: BaseQuantizer`` (a project class):
                # ``self.base_layer = base_layer`` holds a module when the annotation resolves to a module class
                # (the project index decides; any other class records nothing).
                self.module_params[argument.arg] = annotation
        # ``assert isinstance(vae, VQGanVAE)`` at the top of the body types an unannotated parameter as an annotation
        # would (DALLE2's ``VQGanVAETrainer(vae, ...)``); the first class of a tuple.
        for statement in function.body:
            test = statement.test if type(statement) is ast.Assert else None
            if not (type(test) is ast.Call and type(test.func) is ast.Name and test.func.id == "isinstance"
                    and len(test.args) == 2 and type(test.args[0]) is ast.Name):
                continue
            name, checked = test.args[0].id, test.args[1]
            first = checked.elts[0] if type(checked) is ast.Tuple and checked.elts else checked
            spelled = dotted_name(first)
            if spelled and name in self.untyped_params and name not in self.module_params:
                self.module_params[name] = spelled
                self.asserted_params.add(name)

    def collect(self, node: ast.AST) -> None:
        """Record what ``node`` binds (called for every node of the body)."""
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for element, value in _unpacked(target, node.value):
                    if isinstance(element, ast.Name):
                        self.locals.setdefault(element.id, []).append((node.lineno, value))
                    elif isinstance(element, ast.Attribute) and _is_name(element.value, self.self_name):
                        self.own.setdefault(element.attr, []).append((node.lineno, value))
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            self.grown.setdefault(node.target.id, []).append(node.value)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _LIST_GROWERS
              and isinstance(node.func.value, ast.Name) and node.args):
            item = node.args[-1]
            # ``xs.append(layer)`` adds an element; ``xs.extend([...])`` a list of them.
            self.grown.setdefault(node.func.value.id, []).append(
                ast.List(elts=[item], ctx=ast.Load()) if node.func.attr != "extend" else item)

    # --- following -----------------------------------------------------------------------
    def binding(self, name: str, line: int) -> ast.expr | None:
        before = [value for bound, value in self.locals.get(name, ()) if bound < line]
        return before[-1] if before else None

    def _whole_module(self, name: str, line: int) -> str | None:
        """The class (as spelled; ``torch.nn.Module`` when unknown) of the module a local or parameter ``name``
        holds in ``__init__``: a parameter annotated with a class, or a local bound to a model factory's result
        (``AutoModel.from_config(...)``) or to a construction (``Encoder(...)``). None for anything else."""
        if name == self.self_name:
            return None
        if name in self.module_params:
            return self.module_params[name]
        bound = self.binding(name, line)
        callee = dotted_name(bound.func) if isinstance(bound, ast.Call) else None
        if callee is None:
            return None
        last = callee.rsplit(".", 1)[-1]
        if last in ("from_config", "_from_config", "from_pretrained"):
            return "torch.nn.Module"
        return callee if last[:1].isupper() else None

    def _loaded_class(self, name: str, line: int) -> str | None:
        """``siglip = SiglipModel.from_pretrained(...)``: the class (as spelled) a local is loaded with."""
        bound = self.binding(name, line)
        built = _built_or_loaded(bound) if isinstance(bound, ast.Call) else None
        return built.rpartition(".")[0] if built and built.rsplit(".", 1)[-1] in MODEL_LOADS else None

    def _own_value(self, node: ast.AST, line: int) -> ast.AST:
        """``self.<name>`` -> the value this function last bound it to before ``line``, when that value is a flag or
        a choice it derives (``self.kdim = kdim if kdim is not None else embed_dim``, ``self.qkv_same_dim = self.kdim
        == embed_dim and ...``); anything else as it is. An attribute that only stores a parameter
        (``self.prefix_hidden_dim = prefix_hidden_dim``) is a configuration value kept as such: a model loaded from
        a checkpoint's config has it set where no call in the tree shows it (UniDiffuser's text decoder)."""
        if type(node) is ast.Attribute and _is_name(node.value, self.self_name):  # type: ignore[attr-defined]
            before = [value for bound, value in self.own.get(node.attr, ()) if bound < line]  # type: ignore
            if before and (type(before[-1]) in _DERIVED_VALUES or (
                    self.follow_stored and type(before[-1]) is ast.Name and before[-1].id in self.parameter_names)):
                return before[-1]
        return node

    def follow(self, node: ast.AST, line: int) -> ast.AST:
        """A local name -> the value it was last bound to before ``line``. Names inside the
        result are looked up from the result's own line (``x = f(x)`` reads the earlier ``x``)."""
        for _ in range(_FOLLOW_DEPTH):
            if not isinstance(node, ast.Name):
                break
            bound = self.binding(node.id, line)
            if bound is None:
                break
            node, line = bound, getattr(bound, "lineno", line)
        return node

    def expand(self, dotted: str) -> str:
        """A name as spelled here -> what it names, through module aliases and imports
        (only for recognising names; records keep the spelling, qualified later)."""
        for _ in range(_FOLLOW_DEPTH):
            head, _, rest = dotted.partition(".")
            if head not in self.aliases or self.aliases[head] == dotted:
                break
            dotted = self.aliases[head] + (f".{rest}" if rest else "")
        head, _, rest = dotted.partition(".")
        if head in self.imports:
            return self.imports[head] + (f".{rest}" if rest else "")
        return dotted

    def wrapper_name(self, func: ast.AST, line: int) -> str | None:
        """The spelling of ``weight_norm``/``spectral_norm`` that ``func`` names, if it names one.

        A local alias bound both to the legacy and to the parametrizations function (transformers
        picks ``nn.utils.parametrizations.weight_norm`` when ``hasattr`` finds it, which every torch
        that has it does) resolves to the parametrizations one.
        """
        dotted = dotted_name(func)
        if dotted is None:
            return None
        head, _, rest = dotted.partition(".")
        bound = [name for at, value in self.locals.get(head, ()) if at < line for name in self._picked_names(value, at)]
        spellings = [b + (f".{rest}" if rest else "") for b in bound if b] if bound else [dotted]
        wrappers = [s for s in spellings if self.expand(s).rsplit(".", 1)[-1] in LAYER_WRAPPERS]
        if not wrappers:
            return None
        return next((s for s in wrappers if "parametrizations" in self.expand(s)), wrappers[-1])

    def _picked_names(self, value: ast.AST, line: int, depth: int = 0) -> list[str | None]:
        """The names a local is bound to: ``norm_f = weight_norm if use_spectral_norm == False else spectral_norm``
        (HiFi-GAN's discriminators) picks one of two; the branch the constructor's defaults take when they decide
        the test, else both."""
        if isinstance(value, ast.IfExp) and depth < _FOLLOW_DEPTH:
            consulted = self.consulted
            taken = self.decided(value.test, line)
            self.consulted = consulted
            branches = [value.body, value.orelse] if taken is None else [value.body if taken else value.orelse]
            return [name for branch in branches for name in self._picked_names(branch, line, depth + 1)]
        return [dotted_name(value)]

    def unwrap(self, call: ast.Call, depth: int = 0) -> tuple[ast.AST | None, str | None, ast.Call | None]:
        """``weight_norm(nn.Conv1d(...))`` -> (the ``nn.Conv1d(...)`` call, the wrapper's spelling,
        the wrapper call); (call, None, None) when ``call`` applies no wrapper. A module-level function of the
        file that hands back its first argument (cleanrl's ``layer_init(nn.Linear(...), std)``) is looked through."""
        if isinstance(call.func, ast.Name) and call.func.id in _file_passthrough and call.args \
                and call.func.id not in self.locals and depth < _FOLLOW_DEPTH:
            inner = self.follow(call.args[0], call.lineno)
            return self.unwrap(inner, depth + 1) if isinstance(inner, ast.Call) else (inner, None, None)
        if isinstance(call.func, ast.Name) and call.func.id in _file_wrapping and call.args \
                and call.func.id not in self.locals:
            # ``apply_parametrization_norm(nn.Conv1d(...), norm)``: the helper's name stands for its wrapper (the
            # project reads which one, and where the helper applies it, from the file's factories).
            return self.follow(call.args[0], call.lineno), call.func.id, call
        wrapper = self.wrapper_name(call.func, call.lineno)
        if wrapper is None or not call.args:
            return call, None, None
        return self.follow(call.args[0], call.lineno), wrapper, call

    def _held_modules(self, call: ast.Call, line: int) -> "_Elements | None":
        """The items of a ParameterDict / ParameterList construction when they are module constructions (capitalised
        callees that are not ``Parameter`` / ``Buffer``), else None."""
        elements = _Elements(self, line)
        for argument in call.args:
            elements.add(argument)
        modules = [name for name in elements.names if name.rsplit(".", 1)[-1][:1].isupper()
                   and name.rsplit(".", 1)[-1] not in _TENSOR_DECLARATIONS and name.rsplit(".", 1)[-1] != "Tensor"]
        if not modules or len(modules) != len(elements.names):
            return None
        return elements

    def _moved_parameter(self, value: ast.AST) -> bool:
        """Whether ``value`` moves a new ``nn.Parameter`` to a device: ``.cuda()``, ``.to(device)``, or ``.to(**kwargs)``
        whose keywords the index cannot read (a dict of device and dtype)."""
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in ("to", "cuda")):
            return False
        receiver = _through_self_returning(value.func.value)
        if not (isinstance(receiver, ast.Call) and self.declaration(receiver) == "parameter"):
            return False
        return value.func.attr == "cuda" or any(keyword.arg is None for keyword in value.keywords) \
            or _moves_to_device("to", value)

    def declaration(self, call: ast.Call) -> str | None:
        """``parameter`` for ``nn.Parameter(...)``, ``buffer`` for ``nn.Buffer(...)``."""
        callee = dotted_name(call.func)
        last = callee.rsplit(".", 1)[-1] if callee else None
        if last not in _TENSOR_DECLARATIONS:
            return None
        expanded = self.expand(callee)
        if "." in expanded and not expanded.startswith("torch."):
            return None  # somebody else's ``Buffer``
        if last == "Buffer" and "." not in expanded:
            return None  # a ``Buffer`` defined in this file (torch's is always imported or dotted)
        return _TENSOR_DECLARATIONS[last]

    # --- 0-dim tensors -------------------------------------------------------------------
    def scalar_tensor(self, node: ast.AST, line: int, depth: int = 0) -> Scalar:
        """Whether ``node`` builds a 0-dim tensor, as far as its spelling shows."""
        node = self.follow(node, line)
        line = getattr(node, "lineno", line)
        if depth > _FOLLOW_DEPTH:
            return None
        if isinstance(node, ast.UnaryOp):
            return self.scalar_tensor(node.operand, line, depth + 1)
        if isinstance(node, ast.BinOp):
            left, right = self.scalar_tensor(node.left, line, depth + 1), self.scalar_tensor(node.right, line, depth + 1)
            if left is not None and right is not None:
                return _union(left, right)
            if left is not None:
                return _union(left, self._factor(node.right, line, depth))
            if right is not None:
                return _union(right, self._factor(node.left, line, depth))
            return None
        if not isinstance(node, ast.Call):
            return None
        callee = dotted_name(node.func)
        expanded = self.expand(callee) if callee else ""
        if callee and self.declaration(node):
            return self.scalar_tensor(node.args[0], line, depth + 1) if node.args else None
        if expanded in _FROM_DATA:
            return self.scalar_value(node.args[0], line, depth + 1) if node.args else None
        if expanded == "torch.scalar_tensor":
            return ()
        if expanded in _SHAPE_FACTORIES:
            shape = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "size"), None)
            shape = self._default_branch(shape, line)
            return () if isinstance(shape, (ast.List, ast.Tuple)) and not shape.elts else None
        if expanded in _ELEMENTWISE and node.args:
            return self.scalar_tensor(node.args[0], line, depth + 1)
        if isinstance(node.func, ast.Attribute) and node.func.attr in _SHAPE_KEEPING_METHODS:
            return self.scalar_tensor(node.func.value, line, depth + 1)
        if _reduces_everything(node, expanded):
            return ()  # ``z.flatten().std()``, ``torch.sum(w)``: one number, whatever was reduced
        return None

    def _default_branch(self, node: ast.AST | None, line: int) -> ast.AST | None:
        """``lshape = [1] if nonscalar else []`` with ``nonscalar=False`` a parameter's default: the branch the
        default takes (``[]``). Only a bare (or negated) parameter defaulted to a constant decides."""
        if node is None:
            return None
        node = self.follow(node, line)
        if not isinstance(node, ast.IfExp):
            return node
        test, negated = node.test, False
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, negated = test.operand, True
        if not (isinstance(test, ast.Name) and test.id in self.constant_defaults):
            return node
        taken = node.body if bool(self.constant_defaults[test.id]) != negated else node.orelse
        return self.follow(taken, getattr(taken, "lineno", line))

    # --- options off by default ----------------------------------------------------------
    def absent_parameters(self, call: ast.Call, line: int) -> tuple[str, ...]:
        """``bias=False`` (or a parameter defaulted to False, or ``config.<field>``, pending the config
        class's default) of a layer call: the layer has no such parameter, its attribute is None."""
        absent: list[str] = []
        for keyword in call.keywords:
            if keyword.arg != "bias":
                continue
            value = self.follow(keyword.value, line)
            if isinstance(value, ast.Constant) and value.value is False:
                absent.append(keyword.arg)
            elif isinstance(value, ast.Name) and self.constant_defaults.get(value.id, True) is False:
                absent.append(f"{keyword.arg}={value.id}")  # off unless the tree passes ``<value.id>=``
            elif (found := chain_of(value)) is not None and len(found[1]) == 1 and found[0] in self.config_params:
                absent.append(f"{keyword.arg}:{found[1][0]}")
        return tuple(absent)

    def decided(self, test: ast.AST, line: int, depth: int = 0) -> bool | None:
        """The value a test takes when every constructor option keeps its default, or None when
        the spelling does not show it: a parameter defaulted to a constant (``if not
        embedding_weight_norm``), or a comparison of values the defaults fix (``requires_projection
        = codebook_dim != dim`` with ``codebook_dim = default(codebook_dim, dim)`` and
        ``codebook_dim=None``)."""
        if depth > _FOLLOW_DEPTH:
            return None
        test = self.follow(self._own_value(test, line), line)
        line = getattr(test, "lineno", line)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            inner = self.decided(test.operand, line, depth + 1)
            return None if inner is None else not inner
        if isinstance(test, ast.BoolOp):
            # ``a and b``: False once one part is, True when all are; ``or`` the other way round.
            deciding = not isinstance(test.op, ast.And)
            parts = [self.decided(value, line, depth + 1) for value in test.values]
            if deciding in parts:
                return deciding
            return None if None in parts else not deciding
        if isinstance(test, ast.Name) and test.id in self.constant_defaults:
            self.consulted.add(test.id)
            return bool(self.constant_defaults[test.id])
        if isinstance(test, ast.Compare) and len(test.ops) == 1:
            left = self._default_value(test.left, line, depth + 1)
            right = self._default_value(test.comparators[0], line, depth + 1)
            if left is None or right is None:
                return None
            same = left == right
            if isinstance(test.ops[0], (ast.Eq, ast.Is)):
                return same
            if isinstance(test.ops[0], (ast.NotEq, ast.IsNot)):
                return not same
        return None

    def _default_value(self, node: ast.AST, line: int, depth: int) -> tuple[str, object] | None:
        """What ``node`` holds under the defaults, as a token: ("constant", value) or ("parameter", name)
        for a parameter without a constant default; None when not known. ``default(x, y)``
        (lucidrains' helper), ``x if x is not None else y`` and ``x or y`` with ``x`` defaulted to None
        give ``y``."""
        if depth > _FOLLOW_DEPTH:
            return None
        node = self.follow(self._own_value(node, line), line)
        line = getattr(node, "lineno", line)
        if isinstance(node, ast.Constant):
            return ("constant", node.value)
        if isinstance(node, ast.Name):
            if node.id in self.constant_defaults:
                self.consulted.add(node.id)
                return ("constant", self.constant_defaults[node.id])
            return ("parameter", node.id) if node.id in self.parameter_names else None
        if (isinstance(node, ast.Call) and dotted_name(node.func) in ("default", "utils.default")
                and len(node.args) == 2 and not node.keywords):
            first = self._default_value(node.args[0], line, depth + 1)
            return self._default_value(node.args[1], line, depth + 1) if first == ("constant", None) else first
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or) and len(node.values) == 2:
            first = self._default_value(node.values[0], line, depth + 1)
            if first is None or first[0] != "constant":
                return None
            return first if first[1] else self._default_value(node.values[1], line, depth + 1)
        if isinstance(node, ast.IfExp):
            taken = self.decided(node.test, line, depth + 1)
            if taken is None:
                return None
            return self._default_value(node.body if taken else node.orelse, line, depth + 1)
        return None

    def _factor(self, node: ast.AST, line: int, depth: int) -> Scalar:
        """The other operand of arithmetic with a 0-dim tensor: a scalar, or a plain name
        (``torch.ones([]) * init_value``: a scale factor)."""
        value = self.scalar_value(node, line, depth + 1)
        if value is not None:
            return value
        return () if isinstance(self.follow(node, line), (ast.Name, ast.Attribute)) else None

    def scalar_value(self, node: ast.AST, line: int, depth: int = 0) -> Scalar:
        """Whether ``node`` is a Python scalar: a number, arithmetic on scalars, ``float(...)``,
        a ``math``/``numpy`` function of scalars, a parameter typed or defaulted as a number, or a
        config field (pending: the config class says whether it is a scalar)."""
        node = self.follow(node, line)
        line = getattr(node, "lineno", line)
        if depth > _FOLLOW_DEPTH:
            return None
        if isinstance(node, ast.Constant):
            return () if _is_number(node) else None
        if isinstance(node, ast.UnaryOp):
            return self.scalar_value(node.operand, line, depth + 1)
        if isinstance(node, ast.BinOp):
            return _union(self.scalar_value(node.left, line, depth + 1), self.scalar_value(node.right, line, depth + 1))
        if isinstance(node, ast.IfExp):
            return _union(self.scalar_value(node.body, line, depth + 1), self.scalar_value(node.orelse, line, depth + 1))
        if isinstance(node, ast.Call):
            callee = dotted_name(node.func)
            if callee in _SCALAR_BUILTINS:
                return ()
            if isinstance(node.func, ast.Attribute) and (
                    (node.func.attr == "item" and not node.args)
                    or (node.func.attr in ("size", "dim") and len(node.args) <= 1 and (node.args or node.func.attr == "dim"))):
                return ()
            expanded = self.expand(callee) if callee else ""
            if expanded.startswith(("math.", "numpy.")) and node.args:
                return _union(*(self.scalar_value(a, line, depth + 1) for a in node.args))
            return None
        if isinstance(node, ast.Name):
            return () if node.id in self.scalar_params else None
        if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute)
                and node.value.attr in _INT_TUPLES and isinstance(node.slice, ast.Constant)
                and isinstance(node.slice.value, int)):
            return ()  # ``x.shape[0]``, ``self.conv.stride[0]``: an int
        found = chain_of(node)
        if found is None:
            return None
        root, steps = found
        if root in self.config_params and len(steps) == 1:
            return steps
        if root == self.self_name and steps[:1] == ("config",) and len(steps) == 2:
            return steps[1:]
        if root == self.self_name and len(steps) == 1:
            before = [value for at, value in self.own.get(steps[0], ()) if at < line]
            return self.scalar_value(before[-1], line, depth + 1) if before else None
        return None

    # --- classes held in names ------------------------------------------------------------
    def class_sources(self, name: ast.Name, line: int, depth: int = 0) -> tuple[str, ...]:
        """Where the class a called name holds comes from, when every way it is bound gives a class: ``param:<name>:
        <position>`` (an ``__init__`` parameter: what constructions pass), ``default:<class>`` (its default),
        ``class:<class>`` (a local bound to a class or ``partial(<class>, ...)``; ``off:<class>`` when that partial
        turns the affine weights off), ``returned:<function>`` (a local bound to a call of a module-level function
        whose every return is a class, :attr:`FileSummary.class_returns`). Empty when some binding gives anything
        else (a local bound to an instance, a lambda, a lookup): the name is not typed, as before."""
        if depth > _FOLLOW_DEPTH or name.id == self.self_name:
            return ()
        bound = [value for at, value in self.locals.get(name.id, ()) if at < line]
        if not bound:
            if name.id not in self.parameter_names or name.id in self.module_params \
                    or name.id in self.scalar_params or name.id in self.config_params:
                return ()
            default = self.class_defaults.get(name.id)
            position = self.param_positions.get(name.id, -1)
            annotated = self.class_annotations.get(name.id)
            return ((f"default:{default}",) if default else ()) + (f"param:{name.id}:{position}",) + \
                ((f"annotated:{annotated}",) if annotated else ())
        found: list[str] = []
        for value in bound:
            parts = self._value_classes(value, getattr(value, "lineno", line), depth + 1)
            if not parts:
                return ()
            found.extend(parts)
        return tuple(dict.fromkeys(found))

    def holder_class(self, name: ast.Name, line: int, depth: int = 0) -> str | None:
        """The class of the object a name holds, as spelled, when every way it is bound gives the same one: a
        parameter annotated with it (``layers: Optional[LayerFn] = None``), a construction (``LayerFn()``), either
        of them through ``or`` (``layers = layers or LayerFn()``); None otherwise. Only read for ``name.<attr>(...)``
        building a child, where the class's attribute may hold the class built."""
        if depth > _FOLLOW_DEPTH or name.id == self.self_name:
            return None
        bound = [(at, value) for at, value in self.locals.get(name.id, ()) if at < line]
        if not bound:
            return self.module_params.get(name.id) if name.id not in self.asserted_params else None
        found: set[str] = set()
        for at, value in bound:
            parts = value.values if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) else [value]
            for part in parts:
                if _is_none(part):
                    continue
                if isinstance(part, ast.Name) and part.id == name.id:
                    spelled = self.holder_class(part, at, depth + 1)
                elif isinstance(part, ast.Call) and not part.args and (callee := dotted_name(part.func)) \
                        and callee.rsplit(".", 1)[-1][:1].isupper():
                    spelled = callee
                else:
                    return None
                if spelled is None:
                    return None
                found.add(spelled)
        return found.pop() if len(found) == 1 else None

    def _value_classes(self, value: ast.AST, line: int, depth: int) -> tuple[str, ...]:
        """The class sources of one bound value (see :meth:`class_sources`); empty when it is no class."""
        if isinstance(value, ast.IfExp) or (isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or)):
            # ``norm_layer or nn.LayerNorm``, ``A if flag else B``: any of them.
            parts = (value.body, value.orelse) if isinstance(value, ast.IfExp) else tuple(value.values)
            found: list[str] = []
            for part in parts:
                classes = self._value_classes(part, line, depth)
                if not classes:
                    return ()
                found.extend(classes)
            return tuple(found)
        if isinstance(value, ast.Name) and (value.id in self.parameter_names or value.id in self.locals):
            return self.class_sources(value, line, depth)
        source = class_source(value)
        if source is not None:
            return (source,)
        callee = dotted_name(value.func) if isinstance(value, ast.Call) else None
        if callee and "." not in callee and not callee[:1].isupper() and not _partial_of(value, callee):
            return (f"returned:{callee}",)  # a module-level function's result: typed if it returns only classes
        return ()

    # --- what ``self.<name> = value`` is ---------------------------------------------------
    def records(self, name: str, value: ast.AST, line: int, lookup: int | None = None,
                depth: int = 0) -> list[Assigned]:
        """Classify the value assigned to ``self.<name>`` on ``line`` (names in it are looked up
        as of ``lookup``, by default that line)."""
        value = self.follow(value, lookup or line)
        if self._moved_parameter(value):
            # ``nn.Parameter(torch.zeros(n)).to(device)`` (openrl's ``.to(**self.tpdv)``): moving a Parameter to another
            # device returns a plain tensor, so nothing is registered and offloading never moves it.
            return [Assigned(name, "other", line)]
        value = module_of_chain(value)
        if isinstance(value, ast.Call) and isinstance(value.func, ast.IfExp) and depth < _FOLLOW_DEPTH:
            # ``(FusedRMSNorm if fuse_norm else nn.RMSNorm)(dim)`` (fla): the call of either class, as
            # ``FusedRMSNorm(dim) if fuse_norm else nn.RMSNorm(dim)`` would be.
            choice = value.func
            value = ast.copy_location(ast.IfExp(
                test=choice.test,
                body=ast.copy_location(ast.Call(func=choice.body, args=value.args, keywords=value.keywords), value),
                orelse=ast.copy_location(ast.Call(func=choice.orelse, args=value.args, keywords=value.keywords), value),
            ), value)
        if isinstance(value, ast.IfExp) and depth < _FOLLOW_DEPTH:
            at = getattr(value, "lineno", line)
            self.consulted = set()
            taken = self.decided(value.test, at)
            if taken is not None:
                # ``nn.Linear(...) if requires_projection else nn.Identity()`` with the defaults deciding the
                # test: the branch the defaults take; the other one only if the tree sets the option (``option``).
                option = tuple(sorted(self.consulted))
                kept = self.records(name, value.body if taken else value.orelse, line, at, depth + 1)
                other = self.records(name, value.orelse if taken else value.body, line, at, depth + 1)
                return kept + [replace(record, option=record.option or option) for record in other]
            return (self.records(name, value.body, line, at, depth + 1)
                    + self.records(name, value.orelse, line, at, depth + 1))
        if isinstance(value, ast.Constant) and value.value is None:
            return []
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "get_submodule":
            # ``self.word_embeddings = backbone.get_submodule(name)`` (peft): some module, fetched by name.
            return [Assigned(name, "given", line, "torch.nn.Module", site=_site(value))]
        if isinstance(value, ast.Name) and value.id in self.module_params:
            # ``elements``: the parameter and its position, to find the subclasses constructions hand it.
            # A third element says the class comes from ``assert isinstance(...)``, not an annotation (the trace).
            asserted = ("isinstance",) if value.id in self.asserted_params else ()
            return [Assigned(name, "given", line, self.module_params[value.id],
                             (value.id, str(self.param_positions.get(value.id, -1))) + asserted, site=_site(value))]
        if isinstance(value, ast.Name) and value.id in self.untyped_params:
            # ``self.net = net``, untyped: the project index looks for the calls that construct the class.
            return [Assigned(name, "untyped", line, value.id, (str(self.untyped_params[value.id]),),
                             site=_site(value))]
        if isinstance(value, ast.Subscript) and (table := dotted_name(value.value)) is not None \
                and table.rsplit(".", 1)[-1] == "ACT2FN":
            # ``ACT2FN[config.hidden_act]``: an activation module looked up by name (resolved like a call).
            return [Assigned(name, "call", line, table, site=_site(value))]
        if _returned_item(value) is not None:
            # ``self.global_pool, self.fc = create_classifier(...)``: an item of what a function returns.
            callee = dotted_name(value.value.func)
            if callee:
                return [Assigned(name, "call", line, callee, site=_site(value.value), item=_returned_item(value),
                                 items=getattr(value, "unpacked_into", 0))]
        if isinstance(value, ast.Attribute) and (found := chain_of(value)) and INDEX not in found[1] \
                and (whole := self._whole_module(found[0], lookup or line)) is not None:
            # ``self.vision_encoder = vision_encoder.visual`` (open_flamingo), ``acoustic_model =
            # AutoModel.from_config(...); self.acoustic_encoder = acoustic_model.encoder`` (transformers' Xcodec): a
            # part of a module handed in or built here; the project index takes it for a module only where the
            # class calls it (``self.vision_encoder(x)``).
            # ``elements``: the path, then the class a local loads it with (``SiglipModel.from_pretrained(...)``) when
            # ``whole`` can only say "some module": what the part is, for ``OffloadSemantics._kept_parts``.
            loaded = self._loaded_class(found[0], lookup or line) if whole == "torch.nn.Module" else None
            return [Assigned(name, "given_part", line, whole, (".".join((found[0],) + found[1]),) + ((loaded,) if loaded else ()),
                             site=_site(value))]
        if not isinstance(value, ast.Call):
            return [Assigned(name, "other", line)]
        declared = self.declaration(value)
        if declared:
            scalar = self.scalar_tensor(value, line)
            return [Assigned(name, declared, line, dotted_name(value.func), site=_site(value), scalar=scalar)]
        inner, wrapper, wrapper_call = self.unwrap(value)
        site = _site(wrapper_call) if wrapper_call is not None else None
        if not isinstance(inner, ast.Call):
            wrapped = _self_attribute(inner, self.self_name)
            if wrapper is None or wrapped is None:  # ``weight_norm(<something we cannot see>)``
                return [Assigned(name, "other", line)]
            # ``self.conv = weight_norm(self.conv)``: wraps what ``self.conv`` already holds.
            return [Assigned(wrapped, "wrap", line, wrapper=wrapper, site=_site(value), wrapper_site=site)]
        callee = dotted_name(inner.func)
        last = callee.rsplit(".", 1)[-1] if callee else None
        if isinstance(inner.func, ast.Name) and (sources := self.class_sources(inner.func, inner.lineno)):
            # ``self.norm = norm_layer(dim)``: a class handed in, defaulted, or picked here; the project index
            # types the child by every class it may be (``elements``: the sources, see ``class_sources``).
            if _turns_affine_off(inner):
                return [Assigned(name, "other", line)]  # ``norm_layer(dim, elementwise_affine=False)``: no weights
            return [Assigned(name, "class_built", line, inner.func.id, sources, wrapper=wrapper, site=_site(value),
                             wrapper_site=site, absent=self.absent_parameters(inner, line))]
        if isinstance(inner.func, ast.Attribute) and isinstance(inner.func.value, ast.Name) \
                and (holder := self.holder_class(inner.func.value, inner.lineno)):
            # ``layers = layers or LayerFn(); self.conv = layers.conv_norm_act(...)`` (timm's byobnet): a class held
            # by an attribute of a plain holder object; the project index reads the holder class's attribute.
            return [Assigned(name, "class_built", line, callee, (f"holder:{holder}:{inner.func.attr}",),
                             wrapper=wrapper, site=_site(value), wrapper_site=site,
                             absent=self.absent_parameters(inner, line))]
        if last in TENSOR_CONTAINERS and (held := self._held_modules(inner, line)) is not None:
            # ``nn.ParameterDict({k: nn.Linear(d, d) ...})`` (aurora): ParameterDict / ParameterList keep an item that
            # is a Module as a submodule (their ``__setitem__`` is ``setattr``): the container holds children, which
            # no block cuts (as a ModuleDict's).
            return [Assigned(name, "container", line, callee, tuple(held.names), site=_site(value),
                             element_calls=tuple(held.calls))]
        if last in _CONTAINERS:
            elements = _Elements(self, line)
            for argument in inner.args:
                elements.add(argument)
            return [Assigned(name, "container", line, callee, tuple(elements.names), site=_site(value),
                             wrapper=wrapper or elements.wrapper, wrapper_site=site or elements.wrapper_site,
                             element_calls=tuple(elements.calls))]
        if callee:
            # ``nn.TransformerDecoder(layer, n)`` deep-copies ``layer`` n times: the layer's class is its element's.
            layers = ()
            if last in _LAYER_STACKS and inner.args:
                layer = self.follow(inner.args[0], lookup or line)
                layer_callee = dotted_name(layer.func) if isinstance(layer, ast.Call) else None
                layers = (layer_callee,) if layer_callee else ()
            return [Assigned(name, "call", line, callee, layers, wrapper=wrapper, site=_site(value),
                             wrapper_site=site, absent=self.absent_parameters(inner, line))]
        return [Assigned(name, "other", line)]


# ``nn.Module`` methods that return the module itself (``Model.from_pretrained(p).to(dtype).eval()``, ``return
# model.to(device).eval()``).
SELF_RETURNING_METHODS = frozenset({"to", "eval", "train", "cuda", "cpu", "half", "float", "bfloat16", "double",
                                    "requires_grad_", "to_empty", "share_memory"})


def module_of_chain(value: ast.AST) -> ast.AST:
    """``MT5EncoderModel.from_pretrained(d).to(dtype)``, ``nn.Linear(a, b).eval()``: the construction whose module
    the chain returns (a class's call or its factory; a call of anything else, a tensor's ``.to()``, is kept)."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) \
            and value.func.attr in SELF_RETURNING_METHODS \
            and isinstance(value.func.value, ast.Call):
        inner = value.func.value
        last = (dotted_name(inner.func) or "").rsplit(".", 1)[-1]
        if not (last in ("from_pretrained", "from_config", "_from_config") or last[:1].isupper()):
            break
        value = inner
    return value


def _site(call: ast.AST) -> tuple[int, int, int, int]:
    end_line = getattr(call, "end_lineno", None) or call.lineno  # type: ignore[attr-defined]
    end_column = getattr(call, "end_col_offset", None)
    return (call.lineno, call.col_offset, end_line,  # type: ignore[attr-defined]
            end_column if end_column is not None else call.col_offset + 1)  # type: ignore[attr-defined]


def _self_attribute(node: ast.AST | None, self_name: str | None) -> str | None:
    """``self.conv`` -> ``conv``."""
    if isinstance(node, ast.Attribute) and _is_name(node.value, self_name):
        return node.attr
    return None


class _Elements:
    """The blocks a ModuleList/Sequential/ModuleDict is built from: their callees, every layer
    call inside (nested containers and local lists too, for wrappers and wrapping helpers), and
    the first wrapper applied to any of them."""

    def __init__(self, scope: Scope, line: int) -> None:
        self.scope = scope
        self.line = line
        self.names: list[str] = []
        self.calls: list[tuple[str, int, int, int, int]] = []
        self.wrapper: str | None = None
        self.wrapper_site: tuple[int, int, int, int] | None = None
        self._seen: set[int] = set()

    def add(self, node: ast.AST, nested: bool = False) -> None:
        if id(node) in self._seen or len(self._seen) > 500:
            return
        self._seen.add(id(node))
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            for item in node.elts:
                self.add(item, nested)
        elif isinstance(node, (ast.ListComp, ast.GeneratorExp)):
            self.add(node.elt, nested)
        elif isinstance(node, ast.Dict):
            for item in node.values:
                self.add(item, nested)
        elif isinstance(node, ast.DictComp):
            self.add(node.value, nested)
        elif isinstance(node, ast.IfExp):
            self.add(node.body, nested)
            self.add(node.orelse, nested)
        elif isinstance(node, ast.Starred):
            self.add(node.value, nested)
        elif isinstance(node, ast.BinOp):  # ``[a] + [b]``
            self.add(node.left, nested)
            self.add(node.right, nested)
        elif isinstance(node, ast.Name):
            # A local list built up before the container: its bindings and what was added to it.
            for _, value in self.scope.locals.get(node.id, ()):
                self.add(value, nested)
            for value in self.scope.grown.get(node.id, ()):
                self.add(value, nested)
        elif isinstance(node, ast.Call):
            self._call(node, nested)

    def _call(self, node: ast.Call, nested: bool) -> None:
        if isinstance(node.func, ast.Name):
            bound = self.scope.binding(node.func.id, node.lineno)
            if isinstance(bound, ast.Lambda) and isinstance(bound.body, ast.Call) and id(bound) not in self._seen:
                # ``block = lambda d: ResAttnBlock(...)``, then ``self.layers.append(block(d))``: what the lambda builds.
                self._seen.add(id(bound))
                self._call(bound.body, nested)
                return
        inner, wrapper, wrapper_call = self.scope.unwrap(node)
        if wrapper is not None and wrapper_call is not None and self.wrapper is None:
            self.wrapper, self.wrapper_site = wrapper, _site(wrapper_call)
        if not isinstance(inner, ast.Call):
            return
        name = dotted_name(inner.func)
        if not name:
            return
        if not nested:
            self.names.append(name)
        self.calls.append((name,) + _site(node))
        if name.rsplit(".", 1)[-1] in _CONTAINERS:
            for argument in inner.args:
                self.add(argument, nested=True)


# torch.nn stacks built from one layer they copy (``nn.TransformerEncoder(layer, num_layers)``).
_LAYER_STACKS = frozenset({"TransformerEncoder", "TransformerDecoder"})

# Checkpointing helpers that call each child of the Sequential they are handed, one by one.
_CHILD_RUNNING_CALLS = frozenset({"checkpoint_seq", "checkpoint_sequential"})

# Fields that hold no node, or only leaves nothing here looks at (contexts, operators, aliases).
_LEAF_FIELDS = frozenset({
    "ctx", "op", "ops", "id", "attr", "arg", "name", "names", "module", "asname", "level", "lineno",
    "is_async", "conversion", "kind", "type_comment", "rest", "kwd_attrs", "tag", "simple",
})
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {ast.Constant: (), ast.Name: ()}


def _child_fields(kind: type) -> tuple[str, ...]:
    fields = _CHILD_FIELDS.get(kind)
    if fields is None:  # anything else queued (None in ``Dict.keys``, a constant) has no fields
        fields = _CHILD_FIELDS[kind] = tuple(name for name in getattr(kind, "_fields", ())
                                             if name not in _LEAF_FIELDS)
    return fields


def _shadowed_nodes(function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str) -> set[int]:
    """Nodes where ``self_name`` is not this method's ``self``: inside a class defined in the method, or inside
    a nested function with its own parameter of that name (``def hook(self, x)``). Only statements are searched
    (cheap): such classes and functions are statements."""
    shadowed: set[int] = set()
    if len(nodes_in_walk_order(function, _DEFS_AND_CLASSES)) == 1:
        return shadowed  # no class or function under it but itself (the method's kept walk, asked first here)
    statements = list(function.body)
    for statement in statements:  # grows while iterated
        kind = type(statement)
        if kind is ast.ClassDef or (kind in (ast.FunctionDef, ast.AsyncFunctionDef) and self_name in {
                a.arg for a in statement.args.posonlyargs + statement.args.args + statement.args.kwonlyargs}):
            shadowed.update(id(inner) for inner in ast.walk(statement))
            continue
        for block_field in ("body", "orelse", "finalbody", "handlers", "cases"):
            block = getattr(statement, block_field, None)
            if isinstance(block, list):
                statements.extend(item for item in block if isinstance(item, (ast.stmt, ast.excepthandler,
                                                                              ast.match_case)))
    return shadowed


def _compiles(call: ast.Call) -> bool:
    """``torch.compile(f)`` / ``compile(f)`` (imported from torch) with ``f`` as its first argument."""
    func = call.func
    named = (func.attr == "compile" and type(func.value) is ast.Name and func.value.id == "torch") \
        if type(func) is ast.Attribute else (type(func) is ast.Name and func.id == "compile")
    return named and bool(call.args)


# The function last walked whole and its nodes in walk order: a method's summary asks a dozen questions of the
# same function, each once a walk of its own (the largest cost of the index). Held by identity, so a root is
# never confused with another; a function's tree is not changed while it is summarised.
_last_walk: list = [None, []]


def nodes_in_walk_order(root: ast.AST, kinds: frozenset[type]) -> list[ast.AST]:
    """The nodes under ``root`` (itself included) whose type is in ``kinds``, in the order
    ``ast.walk`` yields them (breadth first): the bindings a scan records keep that order.

    Several times faster than filtering ``ast.walk``: no generators, child lists queued whole,
    leaves (names, constants, contexts, operators) never queued. A function is walked once for
    all the questions asked of it in a row (``_last_walk``); each answer filters that walk.
    """
    if (type(root) is ast.FunctionDef or type(root) is ast.AsyncFunctionDef) and ast.Name not in kinds:
        if _last_walk[0] is not root:
            _last_walk[0], _last_walk[1] = root, _walk(root, None)
        return [node for node in _last_walk[1] if type(node) in kinds]
    return _walk(root, kinds)


def forget_walks() -> None:
    """Drop the last function's walk (and with it the reference that keeps its tree alive)."""
    _last_walk[0], _last_walk[1] = None, []


def _walk(root: ast.AST, kinds: frozenset[type] | None) -> list[ast.AST]:
    """:func:`nodes_in_walk_order` without the memo; ``kinds`` None: every node but names (the memo's list: no
    question asked of a function's walk is about plain names, a third of its nodes, which every answer would
    otherwise filter out again)."""
    found: list[ast.AST] = []
    queue: list[ast.AST] = [root]
    push, extend, child_fields = queue.append, queue.extend, _CHILD_FIELDS.get
    for node in queue:  # the list grows while it is iterated: a breadth-first queue
        kind = type(node)
        if kind in kinds if kinds is not None else kind is not ast.Name:
            found.append(node)
        fields = child_fields(kind)
        if fields is None:
            fields = _child_fields(kind)
        for name in fields:
            value = getattr(node, name, None)
            if type(value) is list:
                extend(value)
            elif value is not None:
                push(value)
    return found


# Reads back to host memory, and the calls that keep a tensor's values on the way there.
_HOST_READS = frozenset({"cpu", "numpy", "tolist", "item"})
_VALUE_KEEPING = frozenset({"to", "float", "half", "double", "bfloat16", "detach", "clone", "contiguous", "view",
                            "reshape", "squeeze", "unsqueeze", "permute", "transpose", "flatten"})
# Tensor attributes that say where or what a tensor is without reading its values.
_METADATA = frozenset({"device", "dtype", "shape", "ndim", "is_cuda", "is_meta"})
_SCANNED = frozenset({ast.Attribute, ast.Subscript, ast.Call, ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr,
                      ast.For, ast.AsyncFor, ast.Return, ast.Compare})
_CALLS = frozenset({ast.Call})
_FORS = frozenset({ast.For})
_NESTED_LOOPS = 3  # how many enclosing loops a loop variable is followed through (``for x in level`` in ``for level in ...``)
_BINDINGS_AND_RETURNS = frozenset({ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Call, ast.Return})
_IFS = frozenset({ast.If})
_DERIVED_VALUES = frozenset({ast.BoolOp, ast.Compare, ast.UnaryOp, ast.IfExp})
_ASSIGNMENTS = frozenset({ast.Assign, ast.AnnAssign})
_SCANNED_AND_IFS = _SCANNED | _IFS
_READS = frozenset({ast.Attribute, ast.Subscript})
_CALLS_AND_READS = frozenset({ast.Call, ast.Attribute})
_NAMES = frozenset({ast.Name})
_DEFS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef})
_DEFS_AND_CLASSES = _DEFS | {ast.ClassDef}
_FOR_AND_COMPREHENSIONS = frozenset({ast.For, ast.comprehension})
_LOOPS = frozenset({ast.For, ast.AsyncFor, ast.comprehension})
_ASSIGNS = frozenset({ast.Assign})
_CALLS_AND_ASSIGNS = frozenset({ast.Call, ast.Assign})
_RETURNED_CHAIN_KINDS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Return, ast.Assign})
_WITHS = frozenset({ast.With, ast.AsyncWith})
_RETURNS = frozenset({ast.Return})
_YIELDS = frozenset({ast.Yield, ast.YieldFrom})
_HANDING_ON = frozenset({ast.Return, ast.Yield, ast.YieldFrom, ast.Assign, ast.Call})


class _MethodScan:
    """One walk over a method body collecting chains, call sites and construction facts."""

    def __init__(
        self, function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str | None, imported: set[str],
        scope: Scope, bindings: _Bindings, inherited: dict[str, tuple[str, object]] | None = None,
    ) -> None:
        self.self_name = self_name
        self.imported = imported  # receivers rooted at an import (torch, F, np) are not components
        self.scope = scope
        # Parameters defaulting to a plain name (``sample_fn=default_sample_fn``): a call through one hands ``self``
        # to that function when the caller gives none.
        self._name_defaults = {argument.arg: default.id for argument, default in _defaulted(function.args)
                               if isinstance(default, ast.Name)}
        self._lazy = _lazy_registrations(function, self_name) if function.name != "__init__" else set()
        self._first_use = _built_on_first_use(function, self_name) if function.name != "__init__" else set()
        # ``model = cls(...); model.enc = nn.Linear(...)`` in a classmethod binds a child on the instance it returns.
        self._own_instances = _own_instances(function, self_name) if self_name and function.decorator_list else set()
        self.chains: set[Chain] = set()
        self.immediate: set[Chain] = set()  # chains read other than as a method handed on for later
        self.passed: set[Chain] = set()  # chains handed whole to a call
        self.called: set[Chain] = set()  # chains called themselves
        # ``self.get_encoder()(ids)``, ``encoder = self.get_encoder(); encoder(ids)``: the submodule a getter returns,
        # called (as the access chain spells it: ``("get_encoder()",)``).
        self.getter_calls: set[Chain] = set()
        # Local names called (``norm(x)``, or an element: ``blocks[0](x)``), resolved once every binding is known:
        # (name, line, whether an element of it is called).
        self._name_calls: list[tuple[str, int, bool]] = []
        self.call_sites: list[CallSiteRecord] = []
        self.moved_results: set[tuple[int, int]] = set()  # (line, column) of calls whose result is moved at once
        self.next_parameters = False
        # Construction facts are classified after the walk, once every local binding is known.
        self._pending: list[tuple[str, ast.AST, int]] = []
        # Index in _pending / _wraps / _registered -> the options it needs, and whether a stored parameter decided
        # them (``Assigned.option``, ``Assigned.option_stored``).
        self._pending_options: dict[int, _Unset] = {}
        self._wrap_options: dict[int, _Unset] = {}
        self._registered_options: dict[int, _Unset] = {}  # register_buffer(...) under an unset option
        self._registered: list[tuple[str, ast.Call]] = []
        self._wraps: list[ast.Call] = []
        self._loops: list[ast.For | ast.AsyncFor] = []
        self.hook_calls: list[ast.Call] = []  # register_forward_(pre_)hook(...) calls
        self.state_dict_calls: list[ast.Call] = []  # ``<x>.state_dict()``: read by ``_handed_state_dicts``
        self.super_calls: set[str] = set()  # ``super().<name>(...)``: the base methods it runs
        self.method_aliases: list[tuple[str, str]] = []  # ``self.<attribute> = self.<method>``
        self._function = function
        self._in_init = function.name == "__init__" and bool(self_name)
        self._walked: set[str] | None = None  # loop variables over ``self.modules()``, found when first asked
        self.modules_wrapped: list[ModulesWrapped] = []
        self.replaces_forward = False  # some ``<x>.forward = ...`` assignment (OFL208's facts walk only then)
        self._child_runs: list[ast.Call] = []  # checkpoint_seq(stage, x): each child of ``stage`` is called
        # Chain nodes inside a read back to host memory (``self.w.to(torch.uint8).cpu().numpy()``); the walk
        # is breadth first, so the read is seen before the chain nodes under it.
        self._host_nodes: set[int] = set()
        # Chain nodes only moved to a device (after any dtype casts: ``self.std.float().to(z.device)``) or asked
        # for metadata (``self.w.device``): what OFL205 asks a forward-less module's methods to do already.
        self._placed_nodes: set[int] = set()
        # Chain nodes that are operands of ``is``/``is not`` comparisons (``self.w is not None``): no value read.
        self._compared_nodes: set[int] = set()
        self.handed_self: list[tuple[str, int | str]] = []
        self.returned: set[str] = set()  # ``return self.<name>``
        self._local_builds: list[tuple[str, str]] = []  # ``wrapper = Wrapper(...)``: (local, class as spelled)
        host_reads: set[Chain] = set()
        other_reads: set[Chain] = set()
        placed_reads: set[Chain] = set()
        unplaced_reads: set[Chain] = set()
        compared_reads: set[Chain] = set()
        uncompared_reads: set[Chain] = set()
        # ``torch.compile(self.method)`` / ``self.fn = self.method``: a bound method taken as a value runs
        # when it is called later, not here (unless the compiled function is called at once).
        deferred_nodes: set[int] = set()
        called_funcs: set[int] = set()
        deferred_reads: set[Chain] = set()
        shadowed = _shadowed_nodes(function, self_name) if self_name else set()
        scope.parameters(function)
        if inherited:
            # A helper ``__init__`` calls with its own defaulted options (diffusers' ``self._set_time_proj(
            # time_embedding_type, ...)``): its branches are decided by the constructor's defaults too, under the
            # constructor's option names.
            for parameter, (option, value) in inherited.items():
                scope.constant_defaults[parameter] = value
        off_by_default = _off_by_default(function, scope, inherited) if function.name == "__init__" or inherited \
            else {}
        for node in nodes_in_walk_order(function, _SCANNED):
            if type(node) is ast.Attribute:
                bindings.attribute(node)
            elif type(node) is ast.Call:
                bindings.call(node)
                func = node.func
                if type(func) is ast.Attribute and func.attr == "state_dict" and not node.args and not node.keywords:
                    self.state_dict_calls.append(node)
                if type(func) is ast.Attribute and type(func.value) is ast.Call \
                        and type(func.value.func) is ast.Name and func.value.func.id == "super":  # type: ignore
                    self.super_calls.add(func.attr)
            if type(node) is ast.Attribute or type(node) is ast.Subscript:
                steps = self_chain_of(node, self_name) if id(node) not in shadowed else None
                if steps:
                    self.chains.add(steps)
                    (host_reads if id(node) in self._host_nodes else other_reads).add(steps)
                    (placed_reads if id(node) in self._placed_nodes else unplaced_reads).add(steps)
                    (compared_reads if id(node) in self._compared_nodes else uncompared_reads).add(steps)
                    if type(node) is ast.Attribute and node.attr in _METADATA:
                        self._mark_chain(node.value, self._placed_nodes)
                    (deferred_reads if id(node) in deferred_nodes else self.immediate).add(steps)
                continue
            if type(node) is ast.Compare:
                if all(type(op) is ast.Is or type(op) is ast.IsNot for op in node.ops):
                    for operand in (node.left, *node.comparators):
                        if type(operand) is ast.Attribute or type(operand) is ast.Subscript:
                            self._compared_nodes.add(id(operand))
                continue
            if type(node) is ast.Assign:
                if type(node.value) is ast.Attribute and all(type(target) is ast.Attribute for target in node.targets):
                    deferred_nodes.add(id(node.value))
                    value = node.value
                    if self_name and _is_name(value.value, self_name):  # type: ignore[attr-defined]
                        # ``self.operation_function = self._concatenation``: calling the attribute runs the method.
                        self.method_aliases.extend(
                            (target.attr, value.attr) for target in node.targets  # type: ignore[attr-defined]
                            if _is_name(target.value, self_name))  # type: ignore[attr-defined]
                if any(type(target) is ast.Attribute and target.attr == "forward" for target in node.targets):
                    self.replaces_forward = True
            if type(node) is ast.Call:
                called_funcs.add(id(node.func))
                if _compiles(node) and id(node) not in called_funcs and type(node.args[0]) is ast.Attribute:
                    deferred_nodes.add(id(node.args[0]))
            if type(node) is ast.For or type(node) is ast.AsyncFor:
                self._loops.append(node)
                continue
            if type(node) is ast.Call:
                self._mark_host_read(node)
                self._mark_zero_dim_placement(node)
                self._mark_placed(node)
                if self_name:
                    self._note_handed_self(node, self_name)
            scope.collect(node)
            pending, wraps, registered = len(self._pending), len(self._wraps), len(self._registered)
            self._node(node)
            option = off_by_default.get(id(node))
            if option is not None:  # bound only under an option the defaults leave off
                self._pending_options.update((i, option) for i in range(pending, len(self._pending)))
                self._wrap_options.update((i, option) for i in range(wraps, len(self._wraps)))
                self._registered_options.update((i, option) for i in range(registered, len(self._registered)))
        self.host_only = host_reads - other_reads
        self.placed_only = placed_reads - unplaced_reads
        self.compared_only = compared_reads - uncompared_reads
        self.deferred_only = deferred_reads - self.immediate
        self.assigns = self._assigns()
        self.local_builds = _kept_local(function, self._local_builds, self_name)
        self._through_aliases()
        self._children_run()
        self._nested_elements_called(function)
        self._loop_elements_read(function)
        self._local_values_called()
        self._accessor_values_read(function)

    def _getter_step(self, node: ast.expr | None) -> str | None:
        """``self.get_encoder()`` -> ``"get_encoder()"`` (a submodule getter of ``SUBMODULE_GETTERS``)."""
        if not (isinstance(node, ast.Call) and not node.args and not node.keywords
                and isinstance(node.func, ast.Attribute) and _is_name(node.func.value, self.self_name)):
            return None
        step = node.func.attr + "()"
        return step if step in SUBMODULE_GETTERS else None

    def _local_values_called(self) -> None:
        """A local bound once to a submodule and called: a call of that submodule. Bound to a getter's value, the
        class's own argument-less accessors included (``encoder = self.get_text_encoder(); encoder(**kwargs)``), the
        call is the getter's step, which the semantics resolve to the chain the accessor returns, or to nothing.
        Bound to a ``self`` chain (``norm = self.unet.conv_norm_out; norm(x)``, ``blocks = self.unet.down_blocks;
        blocks[0](x)``), the chain (or its element) is called."""
        for name, line, element in self._name_calls:
            bindings = self.scope.locals.get(name, ())
            if len(bindings) != 1 or bindings[0][0] >= line or name in self.scope.grown:
                continue
            value = bindings[0][1]
            step = None if element else self._getter_step(value) or self._accessor_step(value)
            if step is not None:
                self.getter_calls.add((step,))
            elif isinstance(value, (ast.Attribute, ast.Subscript)) and (found := chain_of(value)) \
                    and found[0] == self.self_name:
                self.called.add(found[1] + (INDEX,) if element else found[1])

    def _accessor_values_read(self, function: ast.AST) -> None:
        """``m = self.get_model(); m.embed_tokens(x)``: a local bound once to the class's own accessor, read
        further, is read as ``("get_model()", "embed_tokens")`` (the semantics resolve the step to the chain the
        accessor returns, or to nothing). The walk runs only in methods that bind such a local."""
        accessed = {name: step for name, bindings in self.scope.locals.items()
                    if len(bindings) == 1 and name not in self.scope.grown
                    and (step := accessor_step(bindings[0][1], self.self_name))}
        if not accessed:
            return
        bound_at = {name: self.scope.locals[name][0][0] for name in accessed}
        called = {id(node.func) for node in nodes_in_walk_order(function, _CALLS)}
        for node in nodes_in_walk_order(function, _READS):
            found = chain_of(node)
            if found is None or found[0] not in accessed or node.lineno <= bound_at[found[0]]:
                continue
            chain = (accessed[found[0]],) + found[1]
            self.chains.add(chain)
            self.immediate.add(chain)
            if id(node) in called:
                self.called.add(chain)

    def _accessor_step(self, node: ast.expr | None) -> str | None:
        """``self.get_text_encoder()`` (no arguments) -> ``"get_text_encoder()"``."""
        if (isinstance(node, ast.Call) and not node.args and not node.keywords
                and isinstance(node.func, ast.Attribute) and _is_name(node.func.value, self.self_name)):
            return node.func.attr + "()"
        return None

    def _children_run(self) -> None:
        """``checkpoint_seq(stage, x)`` (timm), ``checkpoint_sequential(self.blocks, n, x)`` (torch) call each
        child of the Sequential they are handed by itself: a use of ``<chain>[i]`` (through a loop variable or
        a local bound to ``self`` chains too)."""
        for call in self._child_runs:
            handed = call.args[0]
            if isinstance(handed, ast.Name):
                # A loop variable stands for the elements; a local bound to ``self`` chains for those chains.
                chains = self._loop_variable_chains(handed.id) or tuple(
                    chain[:-1] for chain in self._iterated_chains(handed))
            else:
                found = chain_of(handed)
                chains = (found[1],) if found and found[0] == self.self_name else ()
            for chain in chains:
                self.chains.add(chain + (INDEX,))
                self.called.add(chain + (INDEX,))

    def _loop_variable_chains(self, name: str, depth: int = 0) -> tuple[Chain, ...]:
        for loop in self._loops:
            for variable, chains in self._loop_chains(loop, depth):
                if variable == name and chains:
                    return chains
        return ()

    def _nested_elements_called(self, function: ast.AST) -> None:
        """``for level in self.levels: for block in level: block(x)`` (or ``level[0](x)``, ``level["attn"](x)``): a
        call of an element of a container's element. Block-level offloading hooks only the outer elements, so
        such a call may run layers no hook onloads (OFL203); a chain like the one ``self.levels[i][j](x)`` gives.
        A method called on a loop variable's attribute (``for layer in self.layers: layer.attn.check_cache(n)``) is
        the chain ``self.layers[i].attn.check_cache`` too: what the element's method touches is judged as for the
        subscript form."""
        if not self._loops:
            return
        variables: dict[str, tuple[Chain, ...]] = {}
        for loop in self._loops:  # the first loop binding a name wins, as in ``_loop_variable_chains``
            for variable, chains in self._loop_chains(loop):
                if chains:
                    variables.setdefault(variable, chains)
        if not variables:
            return
        for node in nodes_in_walk_order(function, _CALLS):
            func = node.func
            if isinstance(func, ast.Name):
                root, steps = func.id, ()
            else:
                found = chain_of(func) if isinstance(func, (ast.Subscript, ast.Attribute)) else None
                if found is None:
                    continue
                root, steps = found
            if root not in variables or root in self.scope.locals:
                continue
            for chain in variables[root]:
                full = chain + steps
                if full.count(INDEX) >= 2 or (isinstance(func, ast.Attribute) and chain[-1:] == (INDEX,)):
                    self.chains.add(full)
                    self.called.add(full)
                    self.immediate.add(full)

    def _loop_elements_read(self, function: ast.AST) -> None:
        """``for c, a in zip(self.convs, self.alphas): x = x * a``: a loop variable over a ``self`` container, used as a
        value (not called, not the root of an attribute), reads an element of it: the chain ``self.alphas[i]``
        gives (a ``ParameterList``'s tensor). The method's accesses (libcst) alias the variable the same way; the
        index records the element so that the method is judged at all."""
        if not self._loops:
            return
        variables: dict[str, tuple[Chain, ...]] = {}
        for loop in self._loops:  # the first loop binding a name wins, as in ``_loop_variable_chains``
            for variable, chains in self._loop_chains(loop):
                if chains and variable not in self.scope.locals:
                    variables.setdefault(variable, chains)
        if not variables:
            return
        skipped = set()
        for node in nodes_in_walk_order(function, _CALLS_AND_READS):
            if type(node) is ast.Call:
                skipped.add(id(node.func))
            elif type(node) is ast.Attribute:
                skipped.add(id(node.value))
        for node in nodes_in_walk_order(function, _NAMES):
            if node.id in variables and type(node.ctx) is ast.Load and id(node) not in skipped:
                for chain in variables[node.id]:
                    if chain[-1:] == (INDEX,):
                        self.chains.add(chain)
                        self.immediate.add(chain)

    def _note_handed_self(self, call: ast.Call, self_name: str) -> None:
        """``get_embeddings(pipe=self, ...)``, ``helper(self, x)``: a plain function given ``self``. ``getattr(self,
        "name")`` with a written name is an attribute read, not a dispatch."""
        if not isinstance(call.func, ast.Name):
            return
        if call.func.id == "getattr" and len(call.args) >= 2 and isinstance(call.args[1], ast.Constant):
            return
        callee = self._name_defaults.get(call.func.id, call.func.id)
        for position, argument in enumerate(call.args):
            if isinstance(argument, ast.Name) and argument.id == self_name:
                self.handed_self.append((callee, position))
        for keyword in call.keywords:
            if keyword.arg and isinstance(keyword.value, ast.Name) and keyword.value.id == self_name:
                self.handed_self.append((callee, keyword.arg))

    def _mark_host_read(self, call: ast.Call) -> None:
        """``<self chain>[.to(...)|.float()|...].cpu()`` (or ``.numpy()``, ``.tolist()``, ``.item()``): the values
        are copied to host memory, right wherever the weight sits."""
        func = call.func
        if not (isinstance(func, ast.Attribute) and func.attr in _HOST_READS):
            return
        node: ast.AST = func.value
        while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in _HOST_READS | _VALUE_KEEPING:
            self._host_nodes.add(id(node.func))
            node = node.func.value
        while isinstance(node, (ast.Attribute, ast.Subscript)):
            self._host_nodes.add(id(node))
            node = node.value

    def _mark_zero_dim_placement(self, call: ast.Call) -> None:
        """``torch.tensor(0.0).to(self.proj.weight)`` (or ``.to(self.proj.weight.device)``): only the weight's device
        and dtype are read, to place a 0-dim tensor, which torch mixes with tensors on any device when it is a CPU one:
        a read as harmless as a host copy wherever the weight sits."""
        func = call.func
        if not (isinstance(func, ast.Attribute) and func.attr in ("to", "type_as") and isinstance(func.value, ast.Call)):
            return
        built = func.value
        number = built.args[0].operand if built.args and isinstance(built.args[0], ast.UnaryOp) else \
            (built.args[0] if built.args else None)
        if dotted_name(built.func) not in _FROM_DATA or len(built.args) != 1 or built.keywords \
                or not (isinstance(number, ast.Constant) and isinstance(number.value, (int, float, bool))):
            return
        for argument in call.args:
            node: ast.AST = argument
            while isinstance(node, (ast.Attribute, ast.Subscript)):
                self._host_nodes.add(id(node))
                node = node.value

    def _mark_placed(self, call: ast.Call) -> None:
        """``<self chain>[.float()|.to(dtype)|...].to(device)`` (or ``.cuda()``): the values used are a copy on
        that device, whatever device the weight sits on."""
        func = call.func
        if not (isinstance(func, ast.Attribute) and _moves_to_device(func.attr, call)):
            return
        self._mark_chain(func.value, self._placed_nodes)

    @staticmethod
    def _mark_chain(node: ast.AST, marked: set[int]) -> None:
        """Mark the chain nodes under ``node``, through value-keeping calls (casts, views)."""
        while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _VALUE_KEEPING:
            marked.add(id(node.func))
            node = node.func.value
        while isinstance(node, (ast.Attribute, ast.Subscript)):
            marked.add(id(node))
            node = node.value

    def _through_aliases(self) -> None:
        """``text_encoder = self.text_encoder; text_encoder.get_text_features(...)``: a call through a
        local bound once to a ``self`` chain is a call on that chain. So is a call through a loop variable
        over ``self`` chains (``for tok, enc in zip(tokenizers, [self.text_encoder, self.text_encoder_2])``):
        one call on each."""
        aliases: dict[str, tuple[Chain, ...]] = {}
        for name, bindings in self.scope.locals.items():
            if len(bindings) != 1 or name in self.scope.grown:
                continue
            found = chain_of(bindings[0][1])
            if found and found[0] == self.self_name:
                aliases[name] = (found[1],)
        for loop in self._loops:
            for name, chains in self._loop_chains(loop):
                if chains and name not in self.scope.locals:
                    aliases[name] = tuple(dict.fromkeys(aliases.get(name, ()) + chains))
        if not aliases:
            return
        self.call_sites = [
            replace(site, receiver=("self",) + chain + site.receiver[1:]) if site.receiver[0] in aliases else site
            for site in self.call_sites
            for chain in aliases.get(site.receiver[0], (None,))
        ]

    def _loop_chains(self, loop: ast.For | ast.AsyncFor, depth: int = 0) -> list[tuple[str, tuple[Chain, ...]]]:
        """(loop variable, the ``self`` chains it takes) for ``for x in [self.a, self.b]``, ``for x in
        self.layers``, ``for i, x in enumerate(...)``, ``for a, b in zip(..., ...)`` (also through a local bound
        once to the ``zip``, and ``for i, (a, b) in enumerate(zip(...))``), and ``for x in level`` inside ``for
        level in self.levels`` (the elements of each element); the lists may be locals bound to list displays."""
        target, source = loop.target, self._zip_bound(loop.iter)
        if isinstance(source, ast.Call) and isinstance(source.func, ast.Name) and not source.keywords:
            if source.func.id == "enumerate" and len(source.args) == 1 and isinstance(target, ast.Tuple) \
                    and len(target.elts) == 2:
                target, source = target.elts[1], self._zip_bound(source.args[0])
        if isinstance(source, ast.Call) and isinstance(source.func, ast.Name) and not source.keywords \
                and source.func.id == "zip" and isinstance(target, ast.Tuple) and len(target.elts) == len(source.args):
            return [(element.id, self._iterated_chains(argument, depth))
                    for element, argument in zip(target.elts, source.args) if isinstance(element, ast.Name)]
        if isinstance(target, ast.Tuple):
            # ``for norm, attn, ff in self.layers``: unpacking an element iterates it (``self.layers[i][j]``).
            chains = tuple(chain + (INDEX,) for chain in self._iterated_chains(source, depth))
            return [(element.id, chains) for element in target.elts if isinstance(element, ast.Name)]
        return [(target.id, self._iterated_chains(source, depth))] if isinstance(target, ast.Name) else []

    def _zip_bound(self, node: ast.AST) -> ast.AST:
        """``block_group = zip(self.down_blocks, ...)`` bound once, then ``for a, b in block_group``: the ``zip``."""
        if isinstance(node, ast.Name) and node.id not in self.scope.grown:
            bindings = self.scope.locals.get(node.id, ())
            if len(bindings) == 1 and isinstance(bindings[0][1], ast.Call) \
                    and isinstance(bindings[0][1].func, ast.Name) and bindings[0][1].func.id == "zip":
                return bindings[0][1]
        return node

    def _iterated_chains(self, node: ast.AST, depth: int = 0) -> tuple[Chain, ...]:
        """The ``self`` chains a loop over ``node`` takes: those a display lists, or the elements of a
        ``self`` container (``self.layers``, ``self.quantizers[:n]``: a slice holds the same modules), or of a
        variable of an enclosing loop over one (``for block in level``: ``self.levels[i][j]``)."""
        listed = self._listed_chains(node)
        if listed:
            return listed
        if isinstance(node, ast.Name):
            # ``stages = self.blocks`` or ``stages = self.blocks[:n]`` (branches of one method): the blocks.
            values = [value for _, value in self.scope.locals.get(node.id, ())]
            if not values and depth < _NESTED_LOOPS:
                return tuple(chain + (INDEX,) for chain in self._loop_variable_chains(node.id, depth + 1))
            chains = [self._container_elements(value) for value in values]
            return tuple(dict.fromkeys(chains)) if values and all(chains) else ()
        found = self._container_elements(node)
        return (found,) if found else ()

    def _container_elements(self, node: ast.AST) -> Chain | None:
        """``self.layers[i]`` for ``self.layers`` or a slice of it (a slice holds the same modules)."""
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            node = node.value
        found = chain_of(node)
        return found[1] + (INDEX,) if found and found[0] == self.self_name else None

    def _listed_chains(self, node: ast.AST, depth: int = 0) -> tuple[Chain, ...]:
        """The ``self`` chains a list or tuple display holds (through a local bound to displays)."""
        if isinstance(node, ast.Name) and depth == 0:
            values = [value for _, value in self.scope.locals.get(node.id, ())]
            return tuple(chain for value in values for chain in self._listed_chains(value, depth + 1))
        if not isinstance(node, (ast.List, ast.Tuple)):
            return ()
        chains = []
        for element in node.elts:
            found = chain_of(element)
            if found and found[0] == self.self_name:
                chains.append(found[1])
        return tuple(chains)

    def _assigns(self) -> list[Assigned]:
        assigns: list[Assigned] = []
        for position, (name, value, line) in enumerate(self._pending):
            option, stored = self._pending_options.get(position, _SET)
            records = self.scope.records(name, value, line)
            if (name, line) in self._first_use:
                records = [replace(record, on_first_use=True) for record in records]
            assigns.extend(replace(record, option=record.option or option, option_stored=stored and not record.option)
                           if option else record for record in records)
        for position, (how, node) in enumerate(self._registered):
            option, stored = self._registered_options.get(position, _SET)
            if id(node) in self._lazy:
                # Bound whatever the options, to a tensor on the input's device that no group holds: not a buffer.
                assigns.append(Assigned(node.args[0].value, "other", node.lineno))  # type: ignore[attr-defined]
                continue
            assigns.extend(replace(record, option=option, option_stored=stored)
                           if option else record for record in self._register(how, node))
        for position, call in enumerate(self._wraps):
            option, stored = self._wrap_options.get(position, _SET)
            if self._in_init:
                every = self._modules_wrapped(call)
                if every is not None:
                    how, callee = every
                    self.modules_wrapped.append(ModulesWrapped(callee, how, _site(call), option=option,
                                                               option_stored=stored))
                    continue
            grown = _self_attribute(call.func.value, self.self_name) \
                if isinstance(call.func, ast.Attribute) and call.func.attr in _LIST_GROWERS else None
            if grown:
                # ``self.ups.append(weight_norm(nn.ConvTranspose1d(...)))`` into ``self.ups = nn.ModuleList()``:
                # the wrapper applied to an element added later wraps the container's layers, as it does in
                # ``nn.ModuleList([weight_norm(...)])`` (a wrapping helper too, through ``element_calls``).
                elements = _Elements(self.scope, call.lineno)
                elements.add(call.args[-1] if call.func.attr != "extend" else call.args[0])
                if elements.wrapper or elements.calls:
                    # ``elements``: the classes added, which type a container built empty (``nn.ModuleList()``).
                    assigns.append(Assigned(grown, "wrap", call.lineno, elements=tuple(elements.names),
                                            wrapper=elements.wrapper, site=_site(call),
                                            wrapper_site=elements.wrapper_site, element_calls=tuple(elements.calls),
                                            option=option, option_stored=stored))
                continue
            wrapper = self.scope.wrapper_name(call.func, call.lineno)
            wrapped = _self_attribute(call.args[0], self.self_name)
            if wrapper and wrapped:
                assigns.append(Assigned(wrapped, "wrap", call.lineno, wrapper=wrapper, site=_site(call),
                                        wrapper_site=_site(call), option=option, option_stored=stored))
        return assigns

    @property
    def runs_self(self) -> bool:
        """Whether the method runs the module's own forward (``self(x)``, ``self.forward(x)``)."""
        return ("forward",) in self.called or any(name == self.self_name for name, _, _ in self._name_calls)

    def _modules_wrapped(self, call: ast.Call) -> tuple[str, str] | None:
        """(how, callee) of :class:`ModulesWrapped` when the statement ``call`` wraps every layer of ``self``:
        ``helper(self)``, ``self.apply(fn)``, or a wrapper applied to the variable of a loop over ``self.modules()``."""
        func, first = call.func, call.args[0]
        if type(func) is ast.Attribute and func.attr == "apply" and _is_name(func.value, self.self_name):
            nested = next((statement for statement in self._function.body if type(statement) is ast.FunctionDef
                           and type(first) is ast.Name and statement.name == first.id), None)
            if nested is not None:  # ``def add_sn(m): ...`` in ``__init__`` itself, then ``self.apply(add_sn)``
                wrapper = _applied_wrapper(nested)
                return ("loop", wrapper) if wrapper else None
            callee = dotted_name(first)
            return ("apply", callee) if callee else None
        if _is_name(first, self.self_name):
            callee = dotted_name(func)
            return ("call", callee) if callee and not callee.startswith(f"{self.self_name}.") else None
        if type(first) is not ast.Name:
            return None
        if self._walked is None:
            self._walked = _walked_names(nodes_in_walk_order(self._function, _FORS), self.self_name or "")
        wrapper = self.scope.wrapper_name(func, call.lineno) if first.id in self._walked else None
        return ("loop", wrapper) if wrapper else None

    def _node(self, node: ast.AST) -> None:
        if isinstance(node, (ast.Attribute, ast.Subscript)):
            found = chain_of(node)
            if found and found[0] == self.self_name:
                self.chains.add(found[1])
        elif isinstance(node, ast.Call):
            self._call(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if len(targets) == 1 and isinstance(targets[0], ast.Name) and isinstance(node.value, ast.Call):
                built = _built_or_loaded(node.value)
                if built:
                    self._local_builds.append((targets[0].id, built))
            for target in targets:
                for element, value in _unpacked(target, node.value):
                    if (
                        isinstance(element, ast.Attribute)
                        and isinstance(element.value, ast.Name)
                        and (element.value.id == self.self_name or element.value.id in self._own_instances)
                    ):
                        self._pending.append((element.attr, value, node.lineno))
        elif isinstance(node, ast.Return):
            if isinstance(node.value, ast.Attribute) and _is_name(node.value.value, self.self_name):
                self.returned.add(node.value.attr)  # ``return self.module``
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and node.value.args:
            # ``weight_norm(self.conv)`` as a statement of its own.
            self._wraps.append(node.value)

    def _call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call) and _moves_to_device(func.attr, node):
            self.moved_results.add((func.value.lineno, func.value.col_offset))
        if isinstance(func, ast.Attribute) and func.attr in _HOOK_REGISTRATIONS and node.args:
            self.hook_calls.append(node)
        called_name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if called_name in _CHILD_RUNNING_CALLS and node.args:
            self._child_runs.append(node)
        for argument in node.args + [keyword.value for keyword in node.keywords]:
            if isinstance(argument, (ast.Attribute, ast.Subscript)):
                found = chain_of(argument)
                if found and found[0] == self.self_name:
                    self.passed.add(found[1])
        if self.self_name:
            step = self._getter_step(func)
            if step is not None:
                self.getter_calls.add((step,))
            elif isinstance(func, ast.Name):
                self._name_calls.append((func.id, node.lineno, False))
            elif isinstance(func, ast.Subscript) and isinstance(func.value, ast.Name):
                self._name_calls.append((func.value.id, node.lineno, True))
        if isinstance(func, ast.Name):
            if func.id == "next" and node.args and _is_parameters_call(node.args[0], self.self_name, of_child=True):
                self.next_parameters = True
            elif func.id == "setattr" and len(node.args) == 3 and _is_name(node.args[0], self.self_name):
                key = node.args[1]
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    self._pending.append((key.value, node.args[2], node.lineno))
            return
        if isinstance(func, (ast.Attribute, ast.Subscript)):
            called = self_chain_of(func, self.self_name)
            if called:
                self.called.add(called)
        if not isinstance(func, ast.Attribute):
            return
        found = chain_of(func.value)
        root_is_self = _is_name(func.value, self.self_name)
        if root_is_self and func.attr in _REGISTER_CALLS and node.args:
            self._registered.append((func.attr, node))
        if found is None and not root_is_self and isinstance(func.value, ast.Name):
            found = (func.value.id, ())
        if found is None or root_is_self or found[0] in self.imported:
            return
        root, steps = found
        receiver = (("self",) if root == self.self_name else (root,)) + steps
        self.call_sites.append(CallSiteRecord(receiver, func.attr, node.lineno, node.col_offset,
                                              moves_to_device=_moves_to_device(func.attr, node)))

    def _register(self, how: str, node: ast.Call) -> list[Assigned]:
        key = node.args[0]
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return []
        value = node.args[1] if len(node.args) > 1 else next((k.value for k in node.keywords if k.arg in ("module", "tensor", "param")), None)
        if how == "add_module":
            return self.scope.records(key.value, value, node.lineno) if value is not None else []
        if _is_none(value):
            # ``register_buffer("original_hidden_states", None)`` (xfuser's cache context), ``register_parameter(
            # "bias", None)`` (fla's gated norms): a slot no group holds (``buffers()`` / ``parameters()`` skip None);
            # what is stored in it later is what the storing code made.
            return [Assigned(key.value, "other", node.lineno)]
        scalar = self.scope.scalar_tensor(value, node.lineno) if value is not None else None
        return [Assigned(key.value, _REGISTER_CALLS[how], node.lineno, site=_site(node), scalar=scalar)]


_DIMENSION_KEYWORDS = frozenset({"dim", "axis", "keepdim"})


def _reduces_everything(call: ast.Call, expanded: str) -> bool:
    """``<tensor>.std()`` or ``torch.std(<tensor>)`` with no dimension named: a 0-dim result."""
    if any(keyword.arg in _DIMENSION_KEYWORDS for keyword in call.keywords):
        return False
    if isinstance(call.func, ast.Attribute) and call.func.attr in FULL_REDUCTIONS and not call.args \
            and not (isinstance(call.func.value, ast.Name) and call.func.value.id in ("torch", "np", "numpy", "math")):
        return True
    return expanded.startswith("torch.") and expanded[len("torch."):] in FULL_REDUCTIONS and len(call.args) == 1


def _own_instances(function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str) -> set[str]:
    """The locals a classmethod binds to an instance of its own class (``model = cls(config)``): what it assigns on
    them (``model.hubert_model = ...``) is a child of every instance the factory returns, as if ``__init__`` had
    built it."""
    if not any((dotted_name(d.func if isinstance(d, ast.Call) else d) or "").rsplit(".", 1)[-1] == "classmethod"
               for d in function.decorator_list):
        return set()
    return {target.id for node in ast.walk(function) if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call) and _is_name(node.value.func, self_name)
            for target in node.targets if isinstance(target, ast.Name)}


def _lazy_registrations(function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str | None) -> set[int]:
    """``if not hasattr(self, "colorize"): self.register_buffer("colorize", torch.randn(...).to(x))`` in a method:
    a buffer made the first time the method runs, after offloading was applied, on the device of what the method
    was given (``.to(x)``, ``.to(x.device)``, ``device=x.device``). No group holds it, so it is no offloaded tensor:
    such calls (by id) are not recorded as the class's buffers (chameleon's ``VQModel.to_rgb``)."""
    found: set[int] = set()
    if not self_name:
        return found
    params = {a.arg for a in function.args.posonlyargs + function.args.args + function.args.kwonlyargs} - {self_name}
    for node, name in _first_use_guards(function, self_name):
        for statement in node.body:
            call = statement.value if isinstance(statement, ast.Expr) else None
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                    and call.func.attr == "register_buffer" and _is_name(call.func.value, self_name)
                    and len(call.args) >= 2 and isinstance(call.args[0], ast.Constant)
                    and call.args[0].value == name):
                continue
            if _placed_on_parameter(call.args[1], params):
                found.add(id(call))
    return found


def _built_on_first_use(function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str | None) -> set[tuple[str, int]]:
    """``if self.spk_model is None: self.spk_model = SpeakerEncoder()`` (also ``if not hasattr(self, "x")``,
    ``if getattr(self, "x", None) is None``, ``if not self.x``): (name, line) of each ``self.<name> = ...`` the guard
    on that same name makes run only the first time the method does."""
    found: set[tuple[str, int]] = set()
    if not self_name:
        return found
    for node, name in _first_use_guards(function, self_name):
        for statement in node.body:
            targets = statement.targets if isinstance(statement, ast.Assign) else \
                [statement.target] if isinstance(statement, ast.AnnAssign) else []
            for target in targets:
                if isinstance(target, ast.Attribute) and target.attr == name and _is_name(target.value, self_name):
                    found.add((name, statement.lineno))
    return found


def _first_use_guards(function: ast.FunctionDef | ast.AsyncFunctionDef,
                      self_name: str) -> Iterator[tuple[ast.If, str]]:
    """Each ``if`` of the method whose test says ``self.<name>`` is not set yet, with that name."""
    for node in nodes_in_walk_order(function, _IFS):
        name = _unset_attribute(node.test, self_name)  # type: ignore[attr-defined]
        if name is not None:
            yield node, name  # type: ignore[misc]


def _unset_attribute(test: ast.AST, self_name: str) -> str | None:
    """The attribute a first-use guard tests: ``self.x is None``, ``not self.x``, ``not hasattr(self, "x")``,
    ``getattr(self, "x", None) is None``."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Is) \
            and _is_none(test.comparators[0]):
        left = test.left
        if isinstance(left, ast.Attribute) and _is_name(left.value, self_name):
            return left.attr
        if isinstance(left, ast.Call) and isinstance(left.func, ast.Name) and left.func.id == "getattr" \
                and len(left.args) == 3 and _is_name(left.args[0], self_name) and _is_none(left.args[2]) \
                and isinstance(left.args[1], ast.Constant) and isinstance(left.args[1].value, str):
            return left.args[1].value
        return None
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        operand = test.operand
        if isinstance(operand, ast.Attribute) and _is_name(operand.value, self_name):
            return operand.attr
        if isinstance(operand, ast.Call) and isinstance(operand.func, ast.Name) and operand.func.id == "hasattr" \
                and len(operand.args) == 2 and _is_name(operand.args[0], self_name) \
                and isinstance(operand.args[1], ast.Constant) and isinstance(operand.args[1].value, str):
            return operand.args[1].value
    return None


def _placed_on_parameter(value: ast.AST, params: set[str]) -> bool:
    """``t.to(x)``, ``t.to(x.device)``, ``torch.zeros(..., device=x.device)`` with ``x`` a parameter."""
    for node in ast.walk(value):
        if not isinstance(node, ast.Call):
            continue
        targets = [keyword.value for keyword in node.keywords if keyword.arg == "device"]
        if isinstance(node.func, ast.Attribute) and node.func.attr == "to":
            targets += node.args[:1]
        for target in targets:
            root = target.value if isinstance(target, ast.Attribute) and target.attr == "device" else target
            if isinstance(root, ast.Name) and root.id in params:
                return True
    return False


MODEL_LOADS = frozenset({"from_pretrained", "_from_pretrained", "from_config", "_from_config"})


def _built_or_loaded(call: ast.Call) -> str | None:
    """The class (as spelled) a local's value builds: ``Encoder(...)``, or a model loaded through the class's own
    factory (``SiglipModel.from_pretrained(path)``, ``Model.from_config(config).to(dtype)``), spelled
    ``SiglipModel.from_pretrained``; None for anything else (a function's result, ``AutoModel``'s factory resolves
    to no class of the tree)."""
    callee = dotted_name(call.func)
    if callee and callee.rsplit(".", 1)[-1][:1].isupper():
        return callee
    value = module_of_chain(call)
    callee = dotted_name(value.func) if isinstance(value, ast.Call) else None
    head, _, last = (callee or "").rpartition(".")
    return callee if last in MODEL_LOADS and head.rsplit(".", 1)[-1][:1].isupper() else None


def _kept_local(function: ast.FunctionDef | ast.AsyncFunctionDef, builds: list[tuple[str, str]],
                self_name: str | None) -> tuple[str, ...]:
    """The classes (as spelled) of objects the method builds into a local that it neither returns, yields nor
    stores on ``self``: they live only while the method runs (CoCa's ``generate()`` wrapping fresh embeddings)."""
    if not builds:
        return ()
    escaping: set[str] = set()
    for node in nodes_in_walk_order(function, _HANDING_ON):
        handed = None
        if isinstance(node, (ast.Return, ast.Yield, ast.YieldFrom)):
            handed = node.value
        elif isinstance(node, ast.Assign) and any(
                isinstance(target, (ast.Attribute, ast.Subscript)) for target in node.targets):
            handed = node.value
        elif isinstance(node, ast.Call):
            handed = ast.Tuple(elts=node.args + [keyword.value for keyword in node.keywords])  # may be kept
        # The object itself handed on (``return wrapper``, ``self.w = wrapper``, in a tuple, as an argument:
        # ``nn.TransformerDecoder(layer, n)``), not a value computed with it (``return wrapper.generate(...)``).
        for value in (handed.elts if isinstance(handed, (ast.Tuple, ast.List)) else [handed]):
            value = _through_self_returning(value)
            if isinstance(value, ast.Name):
                escaping.add(value.id)
    return tuple(sorted({built for local, built in builds if local not in escaping and local != self_name}))


def _function_locals(function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...]:
    """The classes (as spelled) a module-level function builds into a local that lives only while it runs: not
    returned, yielded, stored or handed to any call (:func:`_kept_local`), and not offloaded through a method of its
    own (``model.enable_group_offload(...)``): only the function holds it, and it applies no offloading."""
    builds = []
    for node in nodes_in_walk_order(function, _ASSIGNS):
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Call):
            value = _through_self_returning(node.value)  # ``model = Clip().eval()``
            built = _built_or_loaded(value if isinstance(value, ast.Call) else node.value)
            if built:
                builds.append((node.targets[0].id, built))
    if not builds:
        return ()
    offloaded = {receiver.id for node in nodes_in_walk_order(function, _CALLS)
                 if isinstance(node.func, ast.Attribute) and "offload" in node.func.attr
                 and isinstance(receiver := _through_self_returning(node.func.value), ast.Name)}
    kept = _kept_local(function, builds, None)
    return tuple(built for built in kept if not any(local in offloaded for local, spelled in builds if spelled == built))


def _through_self_returning(value: ast.expr | None) -> ast.expr | None:
    """``model.to(device).eval()`` -> ``model``; any other value unchanged."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in SELF_RETURNING_METHODS:
        value = value.func.value
    return value


def _defaulted(arguments: ast.arguments) -> list[tuple[ast.arg, ast.expr]]:
    """Each parameter given a default, with it (positional ones, then keyword-only ones)."""
    positional = arguments.posonlyargs + arguments.args
    pairs = list(zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults))
    return pairs + [(a, d) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None]


def _init_options(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, tuple]:
    """:attr:`MethodSummary.forwarded_options` and :attr:`MethodSummary.option_defaults` of an ``__init__``."""
    arguments = function.args
    defaults = tuple((argument.arg, repr(default.value)) for argument, default in _defaulted(arguments)
                     if type(default) is ast.Constant)
    parameters = {argument.arg for argument in arguments.posonlyargs + arguments.args + arguments.kwonlyargs}
    forwarded = []
    for call in nodes_in_walk_order(function, _CALLS):
        callee = dotted_name(call.func)  # type: ignore[attr-defined]
        if not callee or _is_super_init(call):  # type: ignore[arg-type]
            continue
        forwarded.extend((callee, keyword.arg) for keyword in call.keywords  # type: ignore[attr-defined]
                         if keyword.arg in parameters and type(keyword.value) is ast.Name
                         and keyword.value.id == keyword.arg)
    return {"forwarded_options": tuple(forwarded), "option_defaults": defaults}


def _moves_self_at(function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str) -> int:
    """:attr:`MethodSummary.moves_self_at`: the statement of the body itself that moves ``self`` (or what
    ``self.eval()`` / ``self.train(...)`` hands back) to a device, when no statement before it touches ``self``
    (a docstring, ``device = torch.device(device)`` may come first): everything the method does with the module
    comes after the move."""
    for index, statement in enumerate(function.body):
        value = statement.value if type(statement) in (ast.Expr, ast.Assign) else None  # type: ignore[attr-defined]
        if type(value) is not ast.Call or type(value.func) is not ast.Attribute:
            continue
        receiver = value.func.value
        while type(receiver) is ast.Call and type(receiver.func) is ast.Attribute \
                and receiver.func.attr in ("eval", "train", "requires_grad_"):
            receiver = receiver.func.value
        if not (_is_name(receiver, self_name) and _moves_to_device(value.func.attr, value)):
            continue
        # Walked only when the method moves the module at all (few do): what comes before the move.
        touched = any(type(node) is ast.Name and node.id == self_name
                      for earlier in function.body[:index] for node in ast.walk(earlier))
        return 0 if touched else statement.lineno
    return 0


def _moves_to_device(method: str, call: ast.Call) -> bool:
    """``x.cuda()``, ``x.to(device)``, ``x.to("cuda")``, ``x.to(device=d)``, ``x.type_as(y)`` (``x.type(y.type())``: a
    tensor type names its device); not ``x.to(torch.float16)``."""
    if method == "cuda":
        return True
    if method == "type_as":
        return bool(call.args)
    if method != "to":
        return False
    if any(keyword.arg == "device" and not _names_cpu(keyword.value) for keyword in call.keywords):
        return True
    for argument in call.args:
        if _names_cpu(argument):
            return False  # offloading by hand, not onloading
        text = ast.unparse(argument).lower()
        if "device" in text or "cuda" in text or not any(word in text for word in DTYPE_WORDS):
            return True
    return False


def _names_cpu(node: ast.AST) -> bool:
    """``"cpu"``, ``torch.device("cpu")``."""
    if isinstance(node, ast.Call) and dotted_name(node.func) in ("torch.device", "device") and node.args:
        node = node.args[0]
    return isinstance(node, ast.Constant) and node.value == "cpu"


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _is_name(node: ast.AST, name: str | None) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _is_parameters_call(node: ast.AST, self_name: str | None, of_child: bool = False) -> bool:
    """``self.parameters()``, ``iter(self.parameters())`` or ``self.named_parameters()`` (``of_child``: a child's
    too, ``self.net.parameters()``)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "iter" and node.args:
        node = node.args[0]
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in {"parameters", "buffers"}):
        return False
    holder = node.func.value
    while of_child and isinstance(holder, ast.Attribute):
        holder = holder.value
    return _is_name(holder, self_name)


def _annotation_or_default_type(argument: ast.arg, default: ast.expr | None) -> str:
    """The annotation, else the type of a literal default (``past=0`` is an int, not a tensor)."""
    if argument.annotation is not None:
        return annotation_name(argument.annotation) or ""
    if isinstance(default, ast.Constant) and default.value is not None:
        return type(default.value).__name__
    return ""


def _method_summary(function: ast.FunctionDef | ast.AsyncFunctionDef, imports: dict[str, str],
                    aliases: dict[str, str], bindings: _Bindings,
                    inherited: dict[str, tuple[str, object]] | None = None) -> MethodSummary:
    """The method's record; the attribute names it binds go to its class's ``bindings``. ``inherited``: parameters
    the constructor always hands one of its defaulted options (see :func:`_options_handed_to_helpers`)."""
    decorators = tuple(dotted_name(d.func if isinstance(d, ast.Call) else d) or "" for d in function.decorator_list)
    positional = function.args.posonlyargs + function.args.args
    params = tuple(a.arg for a in positional)
    defaults = [None] * (len(positional) - len(function.args.defaults)) + list(function.args.defaults)
    annotations = tuple(_annotation_or_default_type(a, d) for a, d in zip(positional, defaults))
    is_static = any(d.split(".")[-1] == "staticmethod" for d in decorators)
    self_name = params[0] if params and not is_static else None
    scan = _MethodScan(function, self_name, set(imports), Scope(imports, aliases, self_name), bindings, inherited)
    start = min([function.lineno] + [d.lineno for d in function.decorator_list])
    # A static method has no ``self`` whose children it could patch, but may install a method as the forward of an
    # instance it builds (``new_self.forward = new_self.forward_inference``).
    patches, saved_forwards, installed_forwards = _forward_patches(function, self_name or "") \
        if scan.replaces_forward else ((), (), ())
    return MethodSummary(
        name=function.name,
        line=function.lineno,
        start_line=start,
        end_line=function.end_lineno or function.lineno,
        column=function.col_offset,
        params=params,
        decorators=decorators,
        annotations=annotations,
        self_calls=frozenset(chain[0] for chain in scan.chains if chain not in scan.deferred_only),
        super_calls=frozenset(scan.super_calls),
        method_aliases=tuple(scan.method_aliases),
        forwards_to=_forwarded_to(function, self_name) if self_name else "",
        self_chains=frozenset(scan.chains | scan.getter_calls),
        passed_chains=frozenset(scan.passed),
        called_chains=frozenset(scan.called | scan.getter_calls),
        host_read_chains=frozenset(scan.host_only),
        placed_chains=frozenset(scan.placed_only),
        compared_chains=frozenset(scan.compared_only),
        local_builds=scan.local_builds,
        returned_attributes=frozenset(scan.returned),
        calls_next_parameters=scan.next_parameters,
        # Read only for accessors (``get_base_layer()``) and properties: walking every other method costs the index.
        returns_chain=_returned_chain(function, self_name)
        if self_name and len(params) == 1 and (function.name.startswith("get_") or any(
            d.split(".")[-1] in {"property", "cached_property"} for d in decorators)) else (),
        forward_patches=patches,
        saved_forwards=saved_forwards,
        installed_forwards=installed_forwards,
        call_sites=tuple(replace(site, result_moved=True) if (site.line, site.column) in scan.moved_results else site
                         for site in scan.call_sites),
        assigns=tuple(scan.assigns),
        gathered=_gathered_spans(function) if _may_gather(function, imports) else (),
        forced_hooks=_forced_hooks(function),
        parameter_writes=_parameter_writes(function),
        own_weight_writes=_own_weight_writes(function, self_name) if self_name and function.name != "__init__" else (),
        filled_items=_filled_items(function, self_name) if self_name and function.name != "__init__" else (),
        handed_state_dicts=_handed_state_dicts(function, self_name, scan.state_dict_calls),
        held_weight_data=_held_weight_data(function, self_name),
        only_toggles_grad=_only_toggles_grad(function),
        # Asked only of forward(): walking every method for a ``yield`` would cost the index.
        is_generator=function.name == "forward" and _is_generator(function),
        not_implemented=function.name == "forward" and _only_raises_not_implemented(function),
        parameter_counts=_parameter_counts(function),
        handed_self=tuple(scan.handed_self),
        registered_hooks=_registered_hooks(function, scan.hook_calls, self_name),
        modules_wrapped=tuple(scan.modules_wrapped),
        moves_self_at=_moves_self_at(function, self_name) if self_name and not scan.runs_self else 0,
        **(_init_options(function) if function.name == "__init__" else {}),
    )


_HOOK_REGISTRATIONS = {"register_forward_pre_hook": "forward pre-hook", "register_forward_hook": "forward hook"}


def _registered_hooks(function: ast.FunctionDef | ast.AsyncFunctionDef, calls: list[ast.Call],
                      self_name: str | None) -> tuple[tuple[str, str, str, int, int], ...]:
    found = []
    for call in calls:
        assert isinstance(call.func, ast.Attribute)
        callback = call.args[0]
        receiver = ast.unparse(call.func.value)
        kind = _HOOK_REGISTRATIONS[call.func.attr]
        if isinstance(callback, ast.Attribute) and _is_name(callback.value, self_name):
            found.append((callback.attr, receiver, kind, 0, 0))
        elif isinstance(callback, ast.Name):
            for node in nodes_in_walk_order(function, _DEFS):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node is not function \
                        and node.name == callback.id:
                    found.append((node.name, receiver, kind, node.lineno, node.end_lineno or node.lineno))
                    break
    return tuple(found)


def _forwarded_to(function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str) -> str:
    """The method a pure forwarder calls with every argument it takes, unchanged: ``def generate_next(self, *args,
    **kwargs): return self.generate_one(*args, **kwargs)`` -> ``generate_one``; "" for any other method."""
    args = function.args
    if args.vararg is None or args.kwarg is None or len(args.posonlyargs) + len(args.args) != 1 or args.kwonlyargs:
        return ""
    body = function.body[1:] if function.body and isinstance(function.body[0], ast.Expr) \
        and isinstance(function.body[0].value, ast.Constant) else function.body  # past a docstring
    if len(body) != 1 or not isinstance(body[0], (ast.Return, ast.Expr)) or not isinstance(body[0].value, ast.Call):
        return ""
    call = body[0].value
    func = call.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == self_name):
        return ""
    passed = [argument.value.id for argument in call.args
              if isinstance(argument, ast.Starred) and isinstance(argument.value, ast.Name)]
    keywords = [keyword.value.id for keyword in call.keywords if keyword.arg is None and isinstance(keyword.value, ast.Name)]
    if len(call.args) != 1 or passed != [args.vararg.arg] or len(call.keywords) != 1 or keywords != [args.kwarg.arg]:
        return ""
    return func.attr


def _only_raises_not_implemented(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """``def forward(self, x): raise NotImplementedError`` (a docstring before it allowed)."""
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].exc is None:
        return False
    raised = body[0].exc.func if isinstance(body[0].exc, ast.Call) else body[0].exc
    return dotted_name(raised) == "NotImplementedError"


def _forward_patches(function: ast.FunctionDef | ast.AsyncFunctionDef,
                     self_name: str) -> tuple[tuple[tuple[tuple[str, ...], int, int, int], ...],
                                              tuple[tuple[tuple[str, ...], str, str], ...], tuple[str, ...]]:
    """``self.transformer.blocks[i].forward = ...``, ``for block in self.transformer.blocks:
    block.forward = types.MethodType(fn, block)``: the replaced module's ``self`` chain and the span; the
    replacements that keep the hooked forward first (``self.org_forward = self.org_module.forward``, then
    ``self.org_module.forward = self.forward``): (chain, the attribute kept in, the replacing method); and the
    methods installed as a module's forward on any receiver (``m.forward = m.fuseforward``): their names."""
    def chain_of(node: ast.AST, loops: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
        steps: list[str] = []
        while True:
            if isinstance(node, ast.Attribute):
                steps.append(node.attr)
                node = node.value
            elif isinstance(node, ast.Subscript):
                steps.append(INDEX)
                node = node.value
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args \
                    and node.func.id in ("enumerate", "reversed", "list"):
                node = node.args[0]
            else:
                break
        if not isinstance(node, ast.Name):
            return None
        base = () if node.id == self_name else loops.get(node.id)
        return None if base is None else base + tuple(reversed(steps))

    loops: dict[str, tuple[str, ...]] = {}
    found = []
    for node in nodes_in_walk_order(function, _FOR_AND_COMPREHENSIONS):
        if isinstance(node, (ast.For, ast.comprehension)):
            over = chain_of(node.iter, loops)
            target = node.target
            if isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(node.iter, ast.Call) \
                    and isinstance(node.iter.func, ast.Name) and node.iter.func.id == "enumerate":
                target = target.elts[1]
            if over and isinstance(target, ast.Name):
                loops[target.id] = over + (INDEX,)
    saved: dict[tuple[str, ...], tuple[str, int]] = {}
    wrapped: list[tuple[tuple[str, ...], str, str]] = []
    installed: list[str] = []
    # Locals holding a module's current forward (``original = self.model.forward``), or made by a call handed it
    # (``decorated = ForwardDecorator(original)``): module chain -> names, in source order.
    current: dict[str, tuple[str, ...]] = {}
    for node in nodes_in_walk_order(function, _ASSIGNS):
        if not isinstance(node, ast.Assign):
            continue
        value = node.value
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            held = chain_of(value.value, loops) if isinstance(value, ast.Attribute) and value.attr == "forward" \
                else next((chain for chain in set(current.values())
                           if _wraps_current_forward(value, chain, lambda node: chain_of(node, loops), current)), None)
            if held:
                current[name] = held
            else:
                current.pop(name, None)
            continue
        for target in node.targets:
            # ``self.org_forward = self.org_module.forward``: the hooked forward kept before it is replaced.
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                    and target.value.id == self_name and isinstance(value, ast.Attribute) and value.attr == "forward":
                kept = chain_of(value.value, loops)
                if kept:
                    saved.setdefault(kept, (target.attr, node.lineno))
            if isinstance(target, ast.Attribute) and target.attr == "forward" and isinstance(value, ast.Attribute) \
                    and isinstance(value.value, ast.Name) and value.attr != "forward":
                installed.append(value.attr)
            elif isinstance(target, ast.Attribute) and target.attr == "forward" and isinstance(value, ast.Call) \
                    and isinstance(value.func, ast.Name) and value.func.id == "getattr" and len(value.args) >= 2:
                # hqq's ``cls.forward = getattr(cls, backend)``: a method chosen by name (any, when computed).
                chosen = value.args[1]
                installed.append(chosen.value if isinstance(chosen, ast.Constant) and isinstance(chosen.value, str)
                                 else ANY_INSTALLED_FORWARD)
            if isinstance(target, ast.Attribute) and target.attr == "forward":
                chain = chain_of(target.value, loops)
                if chain and _wraps_current_forward(value, chain, lambda node: chain_of(node, loops), current):
                    continue  # ``block.forward = partial(block.forward, mask=m)``: the hooked forward still runs
                if chain:
                    found.append((chain, target.lineno, target.col_offset, target.end_col_offset or 0))
                    if chain in saved and saved[chain][1] < node.lineno and isinstance(value, ast.Attribute) \
                            and isinstance(value.value, ast.Name) and value.value.id == self_name:
                        wrapped.append((chain, saved[chain][0], value.attr))
    return tuple(found), tuple(wrapped), tuple(dict.fromkeys(installed))


def _wraps_current_forward(value: ast.AST, chain: tuple[str, ...],
                           chain_of: Callable[[ast.AST], tuple[str, ...] | None],
                           current: dict[str, tuple[str, ...]] | None = None) -> bool:
    """Whether a new ``forward`` is a call handed the module's current one (``partial(self.rope.forward, ...)``,
    ``torch.compile(block.forward)``), directly or through locals (``original = self.model.forward``, then
    ``decorated = ForwardDecorator(original)``, sentence-transformers' MatryoshkaLoss): it calls the forward
    attribute as it was, the offload hook's wrapper when offloading was applied first, so the hook still runs.
    ``current``: the locals holding such a forward, by the chain of its module."""
    held = current or {}
    if isinstance(value, ast.Name):
        return held.get(value.id) == chain
    if not isinstance(value, ast.Call):
        return False
    return any((isinstance(argument, ast.Attribute) and argument.attr == "forward" and chain_of(argument.value) == chain)
               or (isinstance(argument, ast.Name) and held.get(argument.id) == chain)
               for argument in (*value.args, *(keyword.value for keyword in value.keywords)))


def _returned_chain(function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str) -> tuple[str, ...]:
    """The ``self`` attribute chain an accessor returns: ``return self.base_layer``, or peft's
    ``base_layer = self; while hasattr(base_layer, "base_layer"): base_layer = base_layer.base_layer;
    return base_layer`` (one step of the loop: the layer it wraps); () when it returns anything else."""
    def attributes(node: ast.AST) -> tuple[str, tuple[str, ...]] | None:
        steps: list[str] = []
        while isinstance(node, ast.Attribute):
            steps.append(node.attr)
            node = node.value
        return (node.id, tuple(reversed(steps))) if isinstance(node, ast.Name) else None

    returns: list[ast.AST] = []
    local: dict[str, tuple[str, ...]] = {}  # a local stepping down from self: the chain of one step
    for node in nodes_in_walk_order(function, _RETURNED_CHAIN_KINDS):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and node is not function:
            return ()
        if isinstance(node, ast.Return):
            if node.value is None:
                return ()
            returns.append(node.value)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            found = attributes(node.value)
            if found is None:
                local[name] = ("?",)
            elif found == (self_name, ()):
                local.setdefault(name, ())
            elif found[0] == name and len(found[1]) == 1 and local.get(name) in ((), found[1]):
                local[name] = found[1]
            else:
                local[name] = ("?",)
    chains = set()
    for value in returns:
        found = attributes(value)
        if found is None:
            return ()
        root, steps = found
        if root == self_name and steps:
            chains.add(steps)
        elif root in local and local[root] and local[root] != ("?",) and not steps:
            chains.add(local[root])
        else:
            return ()
    return chains.pop() if len(chains) == 1 else ()


# First parameters that say a module-level function drives a pipeline handed to it.
PIPELINE_PARAMETERS = frozenset({"pipe", "pipeline"})


def _forced_hooks(function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...]:
    """``@force_accelerate_hooks("conv1d")`` / ``(["conv1d", "dt_proj"])``: the children it names."""
    names: list[str] = []
    for decorator in function.decorator_list:
        if isinstance(decorator, ast.Call) and (dotted_name(decorator.func) or "").endswith("force_accelerate_hooks"):
            for argument in decorator.args:
                names.extend(_string_list(argument) or ([argument.value] if isinstance(argument, ast.Constant)
                                                         and isinstance(argument.value, str) else []))
    return tuple(names)


# In-place methods that overwrite the whole tensor.
_WHOLE_WRITES = frozenset({"copy_", "set_"})


def _may_spell(node: ast.AST, word: str) -> bool:
    """Whether ``ast.unparse(node)`` can hold ``word`` (letters only): only a name, an attribute, a keyword or a
    string held somewhere in ``node`` can spell it (unparsing every annotation of every method cost a fiftieth of
    the index)."""
    if type(node) is ast.Name:  # most annotations: ``Tensor``, ``int``
        return word in node.id
    for inner in ast.walk(node):
        for value in inner.__dict__.values():
            if isinstance(value, bytes):
                value = repr(value)
            if isinstance(value, str) and word in value:
                return True
    return False


def _parameter_writes(function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[tuple[int, int, str], ...]:
    """Whole-parameter writes into the parameters an argument annotated as ``nn.Parameter``s hands in (see
    ``MethodSummary.parameter_writes``): the argument, locals bound to ``list(<it>)``, the loop and comprehension
    variables over it (alone or as one of ``zip(...)``'s sequences)."""
    handed = {a.arg for a in function.args.posonlyargs + function.args.args + function.args.kwonlyargs
              if a.annotation is not None and _may_spell(a.annotation, "Parameter")
              and "Parameter" in ast.unparse(a.annotation)}
    if not handed:
        return ()
    for node in nodes_in_walk_order(function, _ASSIGNS):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) \
                and node.value.func.id in ("list", "tuple") and len(node.value.args) == 1 \
                and isinstance(node.value.args[0], ast.Name) and node.value.args[0].id in handed:
            handed.add(node.targets[0].id)
    each: set[str] = set()
    for node in nodes_in_walk_order(function, _LOOPS):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            each |= _variables_over(node.target, node.iter, handed)
    found = []
    for node in nodes_in_walk_order(function, _CALLS_AND_ASSIGNS):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _WHOLE_WRITES:
            name = _parameter_written(node.func.value, each)
            if name is not None:
                found.append((node.lineno, node.col_offset, name))
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr == "data":
                    name = _parameter_written(target, each)
                    if name is not None:
                        found.append((target.lineno, target.col_offset, name))
        elif isinstance(node, ast.Call) and (dotted_name(node.func) or "").endswith("_foreach_copy_") and node.args \
                and isinstance(node.args[0], ast.ListComp):
            name = _parameter_written(node.args[0].elt, each)
            if name is not None:
                found.append((node.lineno, node.col_offset, name))
    return tuple(sorted(set(found)))


# In-place initialisers that overwrite the tensor handed first from nothing but itself (``torch.nn.init``'s, and
# timm's ``trunc_normal_tf_``/``lecun_normal_``/``variance_scaling_``, which write through them).
_INIT_FUNCTIONS = frozenset({
    "uniform_", "normal_", "trunc_normal_", "constant_", "ones_", "zeros_", "eye_", "dirac_", "xavier_uniform_",
    "xavier_normal_", "kaiming_uniform_", "kaiming_normal_", "orthogonal_", "sparse_", "trunc_normal_tf_",
    "lecun_normal_", "variance_scaling_",
})
# In-place methods that overwrite the whole tensor from itself alone (``w.zero_()``, ``w.data.normal_()``; a clamp's
# bounds are numbers, ``w.data.clamp_(-c, c)`` with ``c`` from the config).
_SELF_FILLS = frozenset({"zero_", "fill_", "normal_", "uniform_", "fill_diagonal_", "clamp_", "clamp_min_",
                         "clamp_max_"})
# In-place arithmetic on the whole tensor: from itself alone with number arguments (``w.data.mul_(0.5)``), a value
# from elsewhere with a tensor (``w.data.add_(delta)``: a plain tensor meets FSDP2's DTensor).
_SELF_ARITHMETIC = frozenset({"mul_", "div_", "add_", "sub_"})


def _numbers_only(call: ast.Call) -> bool:
    """Every argument a number literal (``0.5``, ``-1``): nothing from elsewhere enters the write."""
    values = list(call.args) + [keyword.value for keyword in call.keywords]
    return all(type(v) is ast.Constant or (type(v) is ast.UnaryOp and type(v.operand) is ast.Constant) for v in values)


# Factories of a tensor shaped and placed like their argument: of a sharded parameter, a DTensor sharded the same way.
_LIKE_FACTORIES = frozenset({"randn_like", "rand_like", "zeros_like", "ones_like", "full_like", "empty_like",
                             "randint_like"})


def _from_itself(call: ast.Call, chain: Chain, self_name: str) -> bool:
    """Every argument built from numbers and the written tensor alone (``w.add_(torch.randn_like(w) * 0.1)``, peft's
    psoft): elementwise on whatever the parameter is there, as ``w.mul_(0.5)`` is, not a value from elsewhere."""
    def made_here(value: ast.AST) -> bool:
        if type(value) is ast.Constant or (type(value) is ast.UnaryOp and made_here(value.operand)):
            return True
        if type(value) is ast.BinOp:
            return made_here(value.left) and made_here(value.right)
        found = self_chain_of(value, self_name)
        if found:
            return (found[:-1] if found[-1] == "data" else found) == chain
        if type(value) is ast.Call and type(value.func) is ast.Attribute and value.func.attr in _LIKE_FACTORIES \
                and value.args:
            return made_here(value.args[0]) and all(made_here(k.value) for k in value.keywords
                                                   if k.arg not in ("dtype", "device", "layout", "requires_grad"))
        return False
    return all(made_here(v) for v in list(call.args) + [keyword.value for keyword in call.keywords])


# The kind of an in-place arithmetic write whose arguments are number literals and ``self.<name>`` fields
# (``self.head.weight.mul_(self.head_init_scale)``), followed by the names: the class decides (``_scaled_writes``)
# whether they hold Python scalars (an "init": the tensor from itself alone) or may hold tensors (a "copy").
_SCALED_BY = "scaled-by:"


def _scaled_by(call: ast.Call, self_name: str) -> str | None:
    names = []
    for value in list(call.args) + [keyword.value for keyword in call.keywords]:
        if type(value) is ast.Constant or (type(value) is ast.UnaryOp and type(value.operand) is ast.Constant):
            continue
        if type(value) is ast.Attribute and type(value.value) is ast.Name and value.value.id == self_name:
            names.append(value.attr)
            continue
        return None
    return _SCALED_BY + ",".join(sorted(set(names))) if names else None


def _scalar_attributes(init: ast.FunctionDef | ast.AsyncFunctionDef, scalar_params: set[str]) -> set[str]:
    """``self.<name> = 0.5`` and ``self.<name> = <a parameter typed or defaulted as a scalar>`` in ``__init__``."""
    self_name = init.args.args[0].arg if init.args.args else "self"
    found = set()
    for node in ast.walk(init):
        if type(node) is not ast.Assign or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        if not (type(target) is ast.Attribute and type(target.value) is ast.Name and target.value.id == self_name):
            continue
        if _is_number(value) or (type(value) is ast.Name and value.id in scalar_params):
            found.add(target.attr)
    return found


def _scaled_writes(summary: ClassSummary, scalar_fields: set[str],
                   init: tuple[ast.FunctionDef | ast.AsyncFunctionDef, set[str]] | None) -> None:
    """Decide the writes :func:`_scaled_by` left open, now that the class's scalar fields are known (``__init__`` is
    walked for its scalar attributes only when a write asks: few classes have one)."""
    asked = [method for method in summary.methods.values()
             if any(kind.startswith(_SCALED_BY) for *_, kind in method.own_weight_writes)]
    if not asked:
        return
    if init is not None:
        scalar_fields = scalar_fields | _scalar_attributes(*init)
    for method in asked:
        method.own_weight_writes = tuple(sorted({
            (line, column, chain, kind if not kind.startswith(_SCALED_BY)
             else "init" if set(kind[len(_SCALED_BY):].split(",")) <= scalar_fields else "copy")
            for line, column, chain, kind in method.own_weight_writes}))


def _own_weight_writes(function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str) -> tuple[tuple[int, int, Chain, str], ...]:
    """Whole writes into ``self`` chains (see ``MethodSummary.own_weight_writes``): ``nn.init.zeros_(self.proj.weight)``
    and ``self.proj.weight.data.zero_()`` ("init": the tensor written from itself alone), ``self.to_kv.weight.copy_(w)``
    and ``self.proj.weight.data = w`` ("copy": a value from elsewhere). Which chains are parameters the semantics
    decide (``analyze/facts.py``); ``__init__`` is never asked (the module is being built: nothing wraps it yet)."""
    found = []
    # Locals bound to a ``self`` chain (``weight_A = self.lora_A[name].weight``, then ``weight_A = weight_A.float()``).
    bound: dict[str, Chain] = {}
    for node in nodes_in_walk_order(function, _ASSIGNS):
        if len(node.targets) == 1 and type(node.targets[0]) is ast.Name:
            origin = _cast_origin(node.value, self_name, bound)
            if origin:
                bound[node.targets[0].id] = origin
    for node in nodes_in_walk_order(function, _WEIGHT_WRITES):
        if type(node) is ast.AugAssign:
            # ``self.pos_proj.weight.data *= self.locality_strength`` (timm's ConViT): ``mul_`` spelled as an operator.
            method = _IN_PLACE_OPERATORS.get(type(node.op))
            if method is None or self_chain_of(node.target, self_name) is None:
                continue
            node = ast.Call(ast.Attribute(node.target, method, ast.Load()), [node.value], [],
                            lineno=node.lineno, col_offset=node.col_offset)
        if type(node) is ast.Call:
            func = node.func
            if type(func) is ast.Attribute and (func.attr in _SELF_FILLS or func.attr in _WHOLE_WRITES
                                                or func.attr in _SELF_ARITHMETIC):
                chain = self_chain_of(func.value, self_name)
                if chain:
                    chain = chain[:-1] if chain[-1] == "data" else chain
                    if func.attr in _WHOLE_WRITES:
                        kind = "copy"
                    elif func.attr in _SELF_ARITHMETIC and not _numbers_only(node) \
                            and not _from_itself(node, chain, self_name):
                        kind = _scaled_by(node, self_name) or "copy"
                    else:
                        kind = "init"
                    found.append((node.lineno, node.col_offset, chain, kind))
                    continue
                # ``nn.init.normal_(self.w, ...)``: the initialiser's name is a tensor method's too; its receiver is
                # the module ``nn.init``, and the written tensor its first argument (below).
            name = func.attr if type(func) is ast.Attribute else func.id if type(func) is ast.Name else ""
            if name in _INIT_FUNCTIONS and node.args:
                chain = self_chain_of(node.args[0], self_name)
                if chain:
                    chain = chain[:-1] if chain[-1] == "data" else chain
                    found.append((node.lineno, node.col_offset, chain, "init"))
        else:
            for target in node.targets:
                if type(target) is ast.Attribute and target.attr == "data":
                    chain = self_chain_of(target.value, self_name)
                    if chain:
                        # ``self.w.data = weight.to(dtype)`` with ``weight`` read from ``self.w``: the weight's own
                        # values cast back (peft's ``get_delta_weight`` on fp16 CPU weights), as OFL110's casts.
                        cast = type(node.value) is ast.Call and _cast_origin(node.value, self_name, bound) == chain
                        found.append((target.lineno, target.col_offset, chain, "cast" if cast else "copy"))
    return tuple(sorted(set(found)))


_CASTS = frozenset({"to", "half", "float", "bfloat16", "double", "type", "detach", "clone"})
_WEIGHT_WRITES = frozenset({ast.Call, ast.Assign, ast.AugAssign})
_IN_PLACE_OPERATORS = {ast.Mult: "mul_", ast.Div: "div_", ast.Add: "add_", ast.Sub: "sub_"}


def _filled_items(function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str) -> tuple[str, ...]:
    """``self.<name>[key] = ...`` outside ``__init__`` (see ``MethodSummary.filled_items``): the containers' names."""
    names = set()
    for node in nodes_in_walk_order(function, _ASSIGNS):
        for target in node.targets:
            if type(target) is ast.Subscript and type(target.value) is ast.Attribute \
                    and type(target.value.value) is ast.Name and target.value.value.id == self_name:
                names.add(target.value.attr)
    return tuple(sorted(names))


def _cast_origin(node: ast.AST, self_name: str, bound: dict[str, Chain]) -> Chain | None:
    """The ``self`` chain (without ``.data``) a value is, or is a cast of: ``self.w``, ``self.w.data.float()``,
    ``weight.to(dtype)`` with ``weight`` bound to ``self.w``; None otherwise."""
    while type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in _CASTS:
        node = node.func.value
    if type(node) is ast.Name:
        return bound.get(node.id)
    chain = self_chain_of(node, self_name)
    if not chain:
        return None
    return chain[:-1] if chain[-1] == "data" else chain


def _handed_state_dicts(function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str | None,
                        calls: list[ast.Call]) -> tuple[tuple[int, int, str], ...]:
    """``<argument>[.<child>...].state_dict()`` on an argument other than ``self`` (see
    ``MethodSummary.handed_state_dicts``): (line, column, the receiver as spelled). ``calls``: the method's
    ``<x>.state_dict()`` calls, which the method's scan collects in its one walk."""
    if not calls:
        return ()
    arguments = {a.arg for a in function.args.posonlyargs + function.args.args + function.args.kwonlyargs} - {self_name}
    if not arguments:
        return ()
    found = []
    for node in calls:
        receiver = dotted_name(node.func.value)  # type: ignore[attr-defined]
        if receiver and receiver.split(".")[0] in arguments:
            found.append((node.lineno, node.col_offset, receiver))
    return tuple(sorted(set(found)))


def _variables_over(target: ast.expr, iterated: ast.expr, handed: set[str]) -> set[str]:
    """The loop variables that take the handed-in parameters: ``for p in params``, ``for s, p in zip(a, params)``."""
    if isinstance(iterated, ast.Name) and iterated.id in handed and isinstance(target, ast.Name):
        return {target.id}
    if isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Name) and iterated.func.id == "zip" \
            and isinstance(target, ast.Tuple) and len(target.elts) == len(iterated.args):
        return {element.id for element, argument in zip(target.elts, iterated.args)
                if isinstance(element, ast.Name) and isinstance(argument, ast.Name) and argument.id in handed}
    return set()


def _parameter_written(node: ast.expr, variables: set[str]) -> str | None:
    """``p`` / ``p.data`` for a variable over the handed-in parameters: as written."""
    through_data = isinstance(node, ast.Attribute) and node.attr == "data"
    if through_data:
        node = node.value
    if not (isinstance(node, ast.Name) and node.id in variables):
        return None
    return f"{node.id}.data" if through_data else node.id


# --- module-level functions that drive models (training scripts, helpers) ----------------------------------------
_PARAMETER_LISTS = frozenset({"parameters", "named_parameters"})
# Calls that hand the same parameters on: ``list(model.parameters())``, ``filter(fn, model.parameters())``.
_PASS_THROUGH = frozenset({"list", "tuple", "iter", "filter"})
# A value that is the parameter itself cast: ``p.to(dtype)``, ``p.float()``.
_CASTS = frozenset({"to", "float", "half", "bfloat16", "double", "type"})
# DeepSpeed's own sizes of a partitioned parameter: code reading them counts partitions knowingly.
_PARTITION_SIZES = frozenset({"ds_numel", "ds_shape", "ds_tensor"})


def _parameters_of(node: ast.expr, lists: dict[str, str], own: bool = False) -> str | None:
    """The model whose parameters ``node`` yields (as spelled): ``model.parameters()``, ``m.named_parameters()``,
    ``list(...)`` / ``filter(fn, ...)`` of them, a comprehension over them or a local bound to one (``lists``). A
    module's own ``self.parameters()`` is left to the analysis of its methods."""
    if isinstance(node, ast.Name):
        return lists.get(node.id)
    if isinstance(node, (ast.ListComp, ast.GeneratorExp)) and len(node.generators) == 1:
        return _parameters_of(node.generators[0].iter, lists, own)
    if not isinstance(node, ast.Call):
        return None
    if isinstance(node.func, ast.Name) and node.func.id in _PASS_THROUGH and node.args:
        return _parameters_of(node.args[-1], lists, own)
    if isinstance(node.func, ast.Attribute) and node.func.attr in _PARAMETER_LISTS and not node.args:
        receiver = dotted_name(node.func.value) or ast.unparse(node.func.value)
        return None if receiver.split(".")[0] == "self" and not own else receiver
    return None


def _parameter_variables(function: ast.FunctionDef | ast.AsyncFunctionDef,
                         own: bool = False) -> tuple[dict[str, str], dict[str, str]]:
    """Locals holding a model's parameters (``lora_params = [p for p in dit.parameters() if p.requires_grad]``) and
    loop / comprehension variables taking them one by one (``for name, param in model.named_parameters()``), each
    with the model as spelled."""
    lists: dict[str, str] = {}
    assigns = nodes_in_walk_order(function, _ASSIGNS)
    for _ in range(2):  # a list built from another list
        for node in assigns:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                model = _parameters_of(node.value, lists, own)
                if model is not None:
                    lists[node.targets[0].id] = model
    each: dict[str, str] = {}
    for node in nodes_in_walk_order(function, _LOOPS):
        if not isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            continue
        model = _parameters_of(node.iter, lists, own)
        if model is None:
            continue
        target = node.target
        if isinstance(target, ast.Tuple) and len(target.elts) == 2:  # named_parameters(): (name, param)
            target = target.elts[1]
        if isinstance(target, ast.Name):
            each[target.id] = model
    return lists, each




_USES_KINDS = frozenset({ast.Assign, ast.Call, ast.Attribute, ast.Constant})


def _fresh_models(function: ast.FunctionDef | ast.AsyncFunctionDef, nodes: list[ast.AST] | None = None) -> set[str]:
    """Locals the function builds itself (``model = cls(config)``) and never hands to a call that offloads or
    shards it (``accelerator.prepare(unet)``, ``fully_shard(model)``, ``deepspeed.initialize(model=...)``): such a
    model is never offloaded while the function holds it (diffusers' single-file loaders casting fresh weights).
    ``nodes``: the function's assignments and calls (at least) in ``ast.walk`` order, when the caller has them."""
    if nodes is None:
        nodes = nodes_in_walk_order(function, _USES_KINDS)
    built = {node.targets[0].id for node in nodes
             if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
             and isinstance(node.value, ast.Call)}
    handed: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else \
                node.func.id if isinstance(node.func, ast.Name) else None
            if name in OFFLOADING_CALLS:
                handed |= {a.id for a in [*node.args, *(k.value for k in node.keywords)] if isinstance(a, ast.Name)}
    return built - handed


def _function_uses(function: ast.FunctionDef | ast.AsyncFunctionDef) -> FunctionUses | None:
    """What a module-level function does with models' parameters (see :class:`FunctionUses`); None: nothing."""
    lists, each = _parameter_variables(function)
    # One fast walk for what follows (each question was an ``ast.walk`` of the function); the loops below look at
    # these node kinds only, in the same order.
    nodes = nodes_in_walk_order(function, _USES_KINDS)
    fresh = _fresh_models(function, nodes)
    lists = {name: model for name, model in lists.items() if model.split(".")[0] not in fresh}
    each = {name: model for name, model in each.items() if model.split(".")[0] not in fresh}
    bound: dict[str, list[str]] = {}  # local -> the classes it is constructed from, as spelled
    for node in nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.Call):
            callee = dotted_name(node.value.func)
            if callee and callee.split(".")[-1][:1].isupper():
                bound.setdefault(node.targets[0].id, []).append(callee)
    if not each and not bound:
        return None
    writes, handed, counts = [], [], []
    aware = False
    for node in nodes:
        if isinstance(node, ast.Attribute) and node.attr in _PARTITION_SIZES \
                or isinstance(node, ast.Constant) and node.value in _PARTITION_SIZES:
            aware = True
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr == "data":
                    name = _parameter_written(target, set(each))
                    if name is not None:
                        writes.append((target.lineno, target.col_offset, name, _is_cast_of(node.value, target.value)))
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr in _WHOLE_WRITES:
            name = _parameter_written(node.func.value, set(each))
            if name is not None:
                writes.append((node.lineno, node.col_offset, name, False))
        elif node.func.attr in ("numel", "nelement") and isinstance(node.func.value, ast.Name) \
                and node.func.value.id in each:
            counts.append((node.lineno, node.col_offset, f"{node.func.value.id}.{node.func.attr}()"))
        elif isinstance(node.func.value, ast.Name) and node.func.value.id in bound:
            models = [_parameters_of(argument, lists) for argument in node.args]
            model = next((found for found in models if found is not None and found.split(".")[0] not in fresh), None)
            if model is not None:
                handed.append((node.lineno, node.col_offset, tuple(dict.fromkeys(bound[node.func.value.id])),
                               node.func.attr, model))
    if not (writes or handed or counts):
        return None
    return FunctionUses(function.name, function.lineno, tuple(sorted(set(writes))), tuple(sorted(set(handed))),
                        tuple(sorted(set(counts))), _gathered_spans(function), aware)


def _parameter_counts(function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[tuple[int, int, str], ...]:
    """A method's ``p.numel()`` over ``self.parameters()`` / ``self.named_parameters()`` (or another model's), unless
    the method reads DeepSpeed's own sizes (``ds_numel``): (line, column, as spelled). peft's
    ``get_nb_savable_parameters``, diffusers' ``ModelMixin.num_parameters``."""
    # One fast walk for the three questions (each was an ``ast.walk`` of every method of the project).
    nodes = nodes_in_walk_order(function, _COUNT_KINDS)
    if not any(type(node) is ast.Attribute and node.attr in ("numel", "nelement") for node in nodes):
        return ()
    if any(type(node) is ast.Attribute and node.attr in _PARTITION_SIZES
           or type(node) is ast.Constant and node.value in _PARTITION_SIZES for node in nodes):
        return ()
    _, each = _parameter_variables(function, own=True)
    return tuple(sorted({(node.lineno, node.col_offset, f"{node.func.value.id}.{node.func.attr}()")
                         for node in nodes
                         if type(node) is ast.Call and type(node.func) is ast.Attribute
                         and node.func.attr in ("numel", "nelement") and type(node.func.value) is ast.Name
                         and node.func.value.id in each}))


_COUNT_KINDS = frozenset({ast.Attribute, ast.Constant, ast.Call})


def _is_cast_of(value: ast.expr, parameter: ast.expr) -> bool:
    """``p.to(dtype)`` / ``p.float()`` / ``p.data.half()`` for the parameter ``p``: the write stores a cast of it."""
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _CASTS):
        return False
    source = value.func.value
    if isinstance(source, ast.Attribute) and source.attr == "data":
        source = source.value
    return isinstance(source, ast.Name) and isinstance(parameter, ast.Name) and source.id == parameter.id


# Calls a method may make and still touch no weight's value: collecting modules and parameters, Python builtins.
_GRAD_TOGGLE_CALLS = frozenset({"parameters", "named_parameters", "children", "modules", "requires_grad_", "isinstance",
                                "getattr", "hasattr", "append", "extend", "list", "tuple", "len", "range",
                                "enumerate", "zip", "super"})


def _is_generator(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether the function's own body yields (a ``yield`` in a nested function or lambda is theirs)."""
    if not nodes_in_walk_order(function, _YIELDS):
        return False  # no yield anywhere under it (the summary's walk of this function, reused)
    queue: list[ast.AST] = list(function.body)
    for node in queue:  # grows while iterated
        kind = type(node)
        if kind is ast.Yield or kind is ast.YieldFrom:
            return True
        if kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef):
            continue
        queue.extend(ast.iter_child_nodes(node))
    return False


def _only_toggles_grad(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether the method only sets ``requires_grad`` on parameters (diffusers' ``freeze_base_params``): it assigns
    ``requires_grad`` or calls ``requires_grad_``, and makes no call beyond collecting modules and parameters."""
    toggles = False
    for node in nodes_in_walk_order(function, _CALLS_AND_ASSIGNS):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else \
                node.func.id if isinstance(node.func, ast.Name) else None
            if name not in _GRAD_TOGGLE_CALLS:
                return False
            toggles = toggles or name == "requires_grad_"
        elif isinstance(node, ast.Assign):
            toggles = toggles or any(isinstance(t, ast.Attribute) and t.attr == "requires_grad" for t in node.targets)
    return toggles


# Metadata of a tensor, true whatever the strategy keeps (``.shape`` is not, under ZeRO-3: kept apart).
_DATA_METADATA = frozenset({"dtype", "device", "ndim", "requires_grad"})
_DATA_SIZES = frozenset({"shape", "size", "numel"})


def _held_weight_data(function: ast.FunctionDef | ast.AsyncFunctionDef,
                      self_name: str | None) -> tuple[tuple[int, int, str, str], ...]:
    """``<model>....weight.data`` where ``<model>`` is one of the models an object holds (a loop variable over
    ``self.<models>``, ``enumerate``/``zip`` of them, or ``self.<models>[i]``): textual inversion's
    ``TokenEmbeddingsHandler`` reading and writing rows of its text encoders' embeddings. (line, column, the
    receiver as spelled, what is read: "value" or "size"); metadata reads (``.dtype``) are left out."""
    if self_name is None:
        return ()
    # One fast walk (it was three ``ast.walk``s of every method); most methods read no ``.weight.data`` at all.
    nodes = nodes_in_walk_order(function, _HELD_DATA_KINDS)
    reads = [node for node in nodes if type(node) is ast.Attribute and node.attr == "data"
             and type(node.value) is ast.Attribute and node.value.attr == "weight"]
    if not reads:
        return ()
    held: set[str] = set()
    below: dict[int, str] = {}  # id of a ``.weight.data`` node -> the attribute read from it
    for node in nodes:
        if type(node) is ast.Attribute:
            if type(node.value) is ast.Attribute:
                below[id(node.value)] = node.attr
        else:  # a loop or a comprehension
            held |= _over_held(node.target, node.iter, self_name)
    found = []
    for node in reads:
        if below.get(id(node)) in _DATA_METADATA or not _rooted_in_held(node.value.value, held, self_name):
            continue
        read = "size" if below.get(id(node)) in _DATA_SIZES else "value"
        # Where ``.weight.data`` is written (a chain split over lines starts lines earlier).
        line, column = node.end_lineno or node.lineno, max(0, (node.end_col_offset or 0) - len("weight.data"))
        found.append((line, column, ast.unparse(node.value.value), read))
    return tuple(sorted(set(found)))


_HELD_DATA_KINDS = frozenset({ast.Attribute, ast.For, ast.AsyncFor, ast.comprehension})


def _over_held(target: ast.expr, iterated: ast.expr, self_name: str) -> set[str]:
    """Loop variables taking the elements of a ``self.<name>`` collection: ``for m in self.models``,
    ``for i, m in enumerate(self.models)``, ``for t, m in zip(self.tokenizers, self.models)``."""
    if isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Name) and iterated.func.id == "enumerate" \
            and iterated.args and isinstance(target, ast.Tuple) and len(target.elts) == 2:
        return _over_held(target.elts[1], iterated.args[0], self_name)
    if isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Name) and iterated.func.id == "zip" \
            and isinstance(target, ast.Tuple) and len(target.elts) == len(iterated.args):
        return set().union(*(_over_held(element, argument, self_name)
                             for element, argument in zip(target.elts, iterated.args)))
    if isinstance(target, ast.Name) and isinstance(iterated, ast.Attribute) and _is_name(iterated.value, self_name):
        return {target.id}
    return set()


def _rooted_in_held(node: ast.expr, held: set[str], self_name: str) -> bool:
    """Whether an attribute chain starts at a held model (through ``a if c else b``: either branch)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) \
                and _is_name(node.value.value, self_name):
            return True  # ``self.models[i]``
        node = node.value
    if isinstance(node, ast.IfExp):
        return _rooted_in_held(node.body, held, self_name) or _rooted_in_held(node.orelse, held, self_name)
    return isinstance(node, ast.Name) and node.id in held


def _may_gather(function: ast.FunctionDef | ast.AsyncFunctionDef, imports: dict[str, str]) -> bool:
    """Whether the method can name DeepSpeed (imported by its module or in its own body): only then
    is it walked for ``GatheredParameters`` blocks."""
    if any(target.startswith("deepspeed") for target in imports.values()):
        return True
    return any(isinstance(statement, (ast.Import, ast.ImportFrom))
               and any((alias.name or "").startswith("deepspeed") for alias in statement.names)
               or isinstance(statement, ast.ImportFrom) and (statement.module or "").startswith("deepspeed")
               for statement in function.body)


def _gathered_spans(function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[tuple[int, int], ...]:
    """Bodies of ``with deepspeed.zero.GatheredParameters(...):``: ZeRO-3 gathers the weights there."""
    spans = []
    for node in nodes_in_walk_order(function, _WITHS):
        if isinstance(node, (ast.With, ast.AsyncWith)) and any(
                isinstance(item.context_expr, ast.Call)
                and (dotted_name(item.context_expr.func) or "").endswith("GatheredParameters")
                for item in node.items):
            spans.append((node.lineno, node.end_lineno or node.lineno))
    return tuple(spans)


def _string_list(node: ast.AST) -> tuple[str, ...] | None:
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        items = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return tuple(items)
    return None


def _base_name(base: ast.expr) -> str | None:
    """A base as spelled: a subscripted generic base by its class (kornia's ``class Sam(ModelBase[SamConfig])`` derives
    from ``ModelBase``); ``Generic[T]`` and ``Protocol[T]`` name no class that owns anything."""
    if isinstance(base, ast.Subscript):
        name = dotted_name(base.value)
        return None if name is None or name.rsplit(".", 1)[-1] in ("Generic", "Protocol") else name
    return dotted_name(base)


def _plain_default(value: object) -> bool:
    """A default a branch can be judged by: a number, a bool or None (not a string, bytes or Ellipsis)."""
    return value is None or type(value) in (bool, int, float)


def _class_summary(node: ast.ClassDef, prefix: str, out: list[ClassSummary], imports: dict[str, str],
                   aliases: dict[str, str]) -> _Bindings:
    """Append the summaries of ``node`` and of the classes nested in it to ``out``; the names it binds."""
    qualname = f"{prefix}{node.name}"
    summary = ClassSummary(
        name=node.name,
        qualname=qualname,
        line=node.lineno,
        column=node.col_offset,
        end_line=node.end_lineno or node.lineno,
        bases=tuple(name for name in (_base_name(b) for b in node.bases) if name),
        decorators=tuple(dotted_name(d.func if isinstance(d, ast.Call) else d) or "?" for d in node.decorator_list),
    )
    out.append(summary)
    scalar_fields: set[str] = set()
    init: tuple[ast.FunctionDef | ast.AsyncFunctionDef, set[str]] | None = None  # with its scalar parameters
    false_fields: set[str] = set()
    field_defaults: dict[str, object] = {}
    declared_blocks: ast.expr | None = None  # the first ``_group_offload_block_modules = ...``, for fixes
    bindings = _Bindings()
    bindings.body(node)
    handed = _options_handed_to_helpers(node, imports, aliases)
    for statement in node.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            method = _method_summary(statement, imports, aliases, bindings, handed.get(statement.name))
            summary.methods[method.name] = method
            if method.name != "__init__":
                returns = nodes_in_walk_order(statement, _RETURNS)
                elements = _returned_sequential(statement, returns)
                if elements is not None:
                    summary.returned_sequentials[method.name] = elements
                container = _returned_tensor_container(statement, returns)
                if container is not None:
                    summary.returned_containers[method.name] = container
            if method.name == "__init__":
                _init_facts(statement, summary)
                summary.training_signs = _training_signs(statement, imports)
                scope = Scope(imports, aliases)
                scope.parameters(statement)
                scalar_fields |= scope.scalar_params
                init = (statement, scope.scalar_params)
                if any((record.callee or "").rsplit(".", 1)[-1] in TENSOR_CONTAINERS for record in method.assigns):
                    # Read only where ``__init__`` builds a ParameterList / ParameterDict (a walk of every constructor
                    # costs a twentieth of the index).
                    summary.scalar_containers = _scalar_tensor_containers(statement, scope)
                false_fields.update(n for n, v in scope.constant_defaults.items() if v is False)
                field_defaults.update((n, v) for n, v in scope.constant_defaults.items() if _plain_default(v))
        elif isinstance(statement, ast.ClassDef):
            bindings.merge(_class_summary(statement, f"{qualname}.", out, imports, aliases))
        if (isinstance(statement, (ast.Assign, ast.AnnAssign)) and isinstance(statement.value, ast.Constant)
                and statement.value.value is False):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            false_fields.update(t.id for t in targets if isinstance(t, ast.Name))
        if isinstance(statement, (ast.Assign, ast.AnnAssign)) and isinstance(statement.value, ast.Constant) \
                and _plain_default(statement.value.value):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            field_defaults.update((t.id, statement.value.value) for t in targets if isinstance(t, ast.Name))
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            # Config fields: ``logit_scale_init_value: float | int | None = 2.6592``.
            if is_scalar_annotation(statement.annotation):
                scalar_fields.add(statement.target.id)
        if isinstance(statement, ast.Assign) and statement.value is not None and _is_number(statement.value):
            scalar_fields.update(t.id for t in statement.targets if isinstance(t, ast.Name))
        if isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            # A class held for children to be built with; None only where the annotation says a class goes there
            # (``attn: Optional[Type[nn.Module]] = None``), not every ``_keys_to_ignore = None``.
            held = class_source(statement.value) if not _is_none(statement.value) else "none" \
                if isinstance(statement, ast.AnnAssign) and _annotates_a_class(statement.annotation) else None
            for target in targets:
                if not isinstance(target, ast.Name):
                    continue
                if held is not None:
                    summary.class_attributes[target.id] = held
                if target.id == "_group_offload_block_modules":
                    summary.block_modules = _string_list(statement.value) or ()
                    if declared_blocks is None and isinstance(statement, ast.Assign):
                        declared_blocks = statement.value
                elif target.id in DECLARATION_ATTRIBUTES:
                    value = statement.value
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        summary.declared[target.id] = tuple(p.strip() for p in value.value.split("->") if p.strip())
                    elif _string_list(value) is not None:
                        summary.declared[target.id] = _string_list(value)
                elif target.id == "_supports_group_offloading" and isinstance(statement.value, ast.Constant):
                    summary.supports_group_offloading = bool(statement.value.value)
    summary.scalar_fields = frozenset(scalar_fields)
    _scaled_writes(summary, scalar_fields, init)
    summary.false_fields = frozenset(false_fields)
    summary.field_defaults = tuple(sorted(field_defaults.items()))
    summary.bound_attributes, summary.dynamic_attributes = bindings.bound(), bindings.dynamic
    summary.body_layout = _body_layout(node, declared_blocks)
    return bindings


def _scalar_tensor_containers(init: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope) -> frozenset[str]:
    """The ParameterList / ParameterDict attributes ``__init__`` builds and fills with 0-dim tensors only (a list,
    dict or comprehension of them; ``.append`` / ``.extend`` / ``[key] =`` of them later): torch lets each element take
    part in ops with tensors on any device. One element of unknown shape leaves the container out."""
    self_name = init.args.args[0].arg if init.args.args else "self"
    scalar: dict[str, bool] = {}
    filled: set[str] = set()  # an empty container filled by nothing proves nothing

    def all_scalar(node: ast.AST) -> bool:
        if isinstance(node, (ast.List, ast.Tuple)):
            return all(all_scalar(item) for item in node.elts)
        if isinstance(node, (ast.ListComp, ast.GeneratorExp)):
            return all_scalar(node.elt)
        if isinstance(node, ast.Dict):
            return all(all_scalar(item) for item in node.values)
        if isinstance(node, ast.DictComp):
            return all_scalar(node.value)
        return isinstance(node, ast.Call) and scope.declaration(node) is not None \
            and scope.scalar_tensor(node, getattr(node, "lineno", 0)) is not None

    for node in ast.walk(init):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Call):
            name = _self_attribute(node.targets[0], self_name)
            callee = (dotted_name(node.value.func) or "").rsplit(".", 1)[-1]
            if name and callee in TENSOR_CONTAINERS:
                arguments = node.value.args
                scalar[name] = scalar.get(name, True) and (not arguments or all_scalar(arguments[0]))
                if arguments and not _empty_literal(arguments[0]):
                    filled.add(name)
            elif isinstance(node.targets[0], ast.Subscript):  # ``self.scales[key] = nn.Parameter(...)``
                name = _self_attribute(node.targets[0].value, self_name)
                if name in scalar:
                    scalar[name] = scalar[name] and all_scalar(node.value)
                    filled.add(name)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in _LIST_GROWERS and node.args:
            name = _self_attribute(node.func.value, self_name)
            if name in scalar:
                added = node.args[-1] if node.func.attr != "extend" else node.args[0]
                scalar[name] = scalar[name] and all_scalar(added)
                if not _empty_literal(added):
                    filled.add(name)
    return frozenset(name for name, only in scalar.items() if only and name in filled)


def _empty_literal(node: ast.AST) -> bool:
    """``[]``, ``()``, ``{}``: a literal holding nothing."""
    return (isinstance(node, (ast.List, ast.Tuple)) and not node.elts) or (isinstance(node, ast.Dict) and not node.keys)


def _body_layout(node: ast.ClassDef, declared: ast.expr | None) -> ClassBodyLayout:
    first = node.body[0]
    start = min([first.lineno, *(d.lineno for d in getattr(first, "decorator_list", ()))])
    opens_with_docstring = (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                            and isinstance(first.value.value, str))
    return ClassBodyLayout(
        first_line=0 if first.lineno == node.lineno else start,
        docstring_end=(first.end_lineno or first.lineno) if opens_with_docstring else None,
        block_modules=_declared_list(declared) if declared is not None else None,
        statements=_statement_spans(node.body, after=node.lineno),
    )


def _declared_list(value: ast.expr) -> DeclaredList:
    kind = "list" if isinstance(value, ast.List) else "tuple" if isinstance(value, ast.Tuple) else ""
    elements = value.elts if isinstance(value, (ast.List, ast.Tuple)) else []
    last = elements[-1] if elements else None
    return DeclaredList(
        kind=kind,
        start=(value.lineno, value.col_offset),
        end=(value.end_lineno or value.lineno, value.end_col_offset or 0),
        last_element_end=(last.end_lineno or last.lineno, last.end_col_offset or 0) if last is not None else None,
        all_strings=all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in elements),
    )


_BINDING_CALLS = {"setattr", "register_buffer", "register_parameter", "add_module", "register_module"}


_ATTRIBUTES_AND_CALLS = frozenset({ast.Attribute, ast.Call})


class _Bindings:
    """Every attribute name a class binds by name (see :attr:`ClassSummary.bound_attributes`), and
    whether it also binds some by a computed name (``setattr(self, name, ...)``, ``__dict__``).
    Fed the attribute and call nodes of the class, nested code included: its methods' scans hand
    theirs over, so the class is not walked a second time."""

    def __init__(self) -> None:
        self.names: set[str] = set()  # bound in code: ``self.x = ...``, ``setattr(self, "x", ...)``
        self.declared: set[str] = set()  # the class's own statements: ``x = 1``, ``def x``
        self.dynamic = False
        # ``self.__dict__`` nodes that only set a named attribute to a constant (``__setstate__``'s
        # ``self.__dict__.setdefault("flag", False)``): a binding by name, as ``setattr(self, "flag", False)`` is.
        self._named_dicts: set[int] = set()

    def body(self, node: ast.ClassDef) -> None:
        """The class's own statements that bind a name, and every node outside its methods and nested classes."""
        for statement in node.body:
            if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                self.declared.update(t.id for target in targets for t in ast.walk(target) if isinstance(t, ast.Name))
            if isinstance(statement, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                self.declared.add(statement.name)
                continue
            self.walk(statement)
        for part in (*node.bases, *node.keywords, *node.decorator_list):
            self.walk(part)

    def walk(self, node: ast.AST) -> None:
        for inner in nodes_in_walk_order(node, _ATTRIBUTES_AND_CALLS):
            if type(inner) is ast.Attribute:
                self.attribute(inner)
            else:
                self.call(inner)

    def attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.ctx, ast.Store):
            self.names.add(node.attr)  # ``self.x = ...``, also in nested helpers and tuple targets
        self.dynamic = self.dynamic or (node.attr == "__dict__" and id(node) not in self._named_dicts)

    def call(self, node: ast.Call) -> None:
        func = node.func
        called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if called == "setdefault" and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute) \
                and func.value.attr == "__dict__" and len(node.args) == 2 and not node.keywords \
                and all(isinstance(argument, ast.Constant) for argument in node.args) \
                and isinstance(node.args[0].value, str):  # type: ignore[attr-defined]
            self.names.add(node.args[0].value)  # type: ignore[attr-defined]
            self._named_dicts.add(id(func.value))
            return
        if called not in _BINDING_CALLS:
            return
        position = 1 if called == "setattr" else 0
        key = node.args[position] if len(node.args) > position else None
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            self.names.add(key.value)
        if called == "setattr" and isinstance(func, ast.Name) and len(node.args) >= 2 \
                and not isinstance(node.args[1], ast.Constant):
            self.dynamic = True

    def merge(self, nested: "_Bindings") -> None:
        """A nested class's code binds names here too (its own declarations do not)."""
        self.names |= nested.names
        self.dynamic = self.dynamic or nested.dynamic

    def bound(self) -> frozenset[str]:
        return frozenset(self.names | self.declared)


def _union_members(node: ast.AST | None) -> list[str]:
    """Every class a union annotation names: ``A | B | None``, ``Union[A, B]``."""
    if isinstance(node, ast.BinOp):
        return _union_members(node.left) + _union_members(node.right)
    if isinstance(node, ast.Subscript) and dotted_name(node.value) in ("Union", "typing.Union", "Optional"):
        inner = node.slice
        return [n for element in (inner.elts if isinstance(inner, ast.Tuple) else [inner])
                for n in _union_members(element)]
    name = annotation_name(node)
    return [name] if name else []


def _off_by_default(function: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope,
                    inherited: dict[str, tuple[str, object]] | None = None) -> dict[int, _Unset]:
    """The nodes of ``__init__`` (or of a helper it hands options, ``inherited``) in an ``if`` branch that the
    constructor's defaults do not take (``if not embedding_weight_norm: ... else: self.embedding = weight_norm(...)``
    with ``embedding_weight_norm=False``), each with the constructor's parameters deciding it: what they bind is
    recorded under that option, as for ``A if flag else B``. A test the defaults decide only through an attribute
    that stores a parameter as it is (``self.scale_weight_norm = scale_weight_norm``, then ``if
    self.scale_weight_norm:``, DIG's ST_Net) is marked so: the project reads it for plain classes only."""
    ifs = nodes_in_walk_order(function, _IFS)
    if not ifs:
        return {}
    # The tests read names and ``self.<name>``s bound earlier in the function (``self.qkv_same_dim = self.kdim ==
    # embed_dim and ...``, ``if self.qkv_same_dim:``): a copy of the scope holds the function's bindings, which the
    # method's scan collects into ``scope`` itself only as it walks.
    deciding = copy.copy(scope)
    deciding.locals, deciding.own = {}, {}
    for assignment in nodes_in_walk_order(function, _ASSIGNMENTS):
        deciding.collect(assignment)
    renamed = {parameter: option for parameter, (option, _) in (inherited or {}).items()}
    # Two markings in one walk: by the tests the parameters decide, and by those decided reading stored parameters
    # too; the first wins where both mark a node. Within each, the walk meets an outer ``if`` before the ones it
    # holds, and an inner test the defaults decide marks its branch again: a node under ``if use_style_fc:`` and then
    # ``if spectral_norm:`` needs ``spectral_norm`` set, whatever sets ``use_style_fc`` (CIPS-3D's ``CLN``).
    plain: dict[int, _Unset] = {}
    stored: dict[int, _Unset] = {}
    for node in ifs:
        deciding.consulted = set()
        taken = deciding.decided(node.test, node.lineno)  # type: ignore[attr-defined]
        through_store = taken is None
        if through_store:
            deciding.follow_stored, deciding.consulted = True, set()
            taken = deciding.decided(node.test, node.lineno)  # type: ignore[attr-defined]
            deciding.follow_stored = False
        if taken is None:
            continue
        unset = _Unset(tuple(sorted(renamed.get(name, name) for name in deciding.consulted)), through_store)
        # Only the nodes the method's scan looks up here (and the ``if``s above) are marked.
        marked = [id(inner) for statement in (node.orelse if taken else node.body)  # type: ignore[attr-defined]
                  for inner in nodes_in_walk_order(statement, _SCANNED_AND_IFS)]
        if not through_store:
            plain.update((key, unset) for key in marked)
        stored.update((key, unset) for key in marked)
    return {**stored, **plain}


class _Unset(NamedTuple):
    """The constructor options a branch the defaults leave off needs, and whether a parameter stored as it is
    decided it (``Assigned.option``, ``Assigned.option_stored``)."""

    names: tuple[str, ...]
    stored: bool


_SET = _Unset((), False)  # bound whatever the options


def _options_handed_to_helpers(node: ast.ClassDef, imports: dict[str, str],
                               aliases: dict[str, str]) -> dict[str, dict[str, tuple[str, object]]]:
    """The helpers ``__init__`` calls on ``self`` with its own options (diffusers' UNets build ``time_proj`` in
    ``self._set_time_proj(time_embedding_type, ...)``): helper -> {its parameter: (the constructor's parameter, that
    parameter's constant default)}. Only a parameter every call hands the same untouched option (never rebound in
    ``__init__``), and only for a helper no other method reaches (``switch_time_proj(kind)`` calling it later may take
    the other branch), so that the helper's branches are decided exactly as ``__init__``'s own would be. Asked of
    every class: the cheap questions (a call handing a plain name) come before the walks."""
    init = next((s for s in node.body if type(s) in _DEFS and s.name == "__init__"), None)  # type: ignore[attr-defined]
    if init is None:
        return {}
    helpers = {s.name: s for s in node.body if type(s) in _DEFS and s.name != "__init__"  # type: ignore[attr-defined]
               and not s.decorator_list}  # type: ignore[attr-defined]
    calls = [c for c in nodes_in_walk_order(init, _CALLS) if type(c.func) is ast.Attribute  # type: ignore[attr-defined]
             and type(c.func.value) is ast.Name and c.func.value.id == "self" and c.func.attr in helpers  # type: ignore
             and any(type(v) is ast.Name for v in [*c.args, *(k.value for k in c.keywords)])]  # type: ignore
    if not calls:
        return {}
    scope = Scope(imports, aliases, "self")
    scope.parameters(init)
    defaults = scope.constant_defaults
    calls = [c for c in calls if any(type(v) is ast.Name and v.id in defaults  # type: ignore[attr-defined]
                                     for v in [*c.args, *(k.value for k in c.keywords)])]  # type: ignore
    if not calls:
        return {}
    elsewhere = {a.attr for s in node.body if type(s) in _DEFS and s.name != "__init__"  # type: ignore[attr-defined]
                 for a in nodes_in_walk_order(s, _READS) if type(a) is ast.Attribute and a.attr in helpers}
    rebound = {t.id for t in nodes_in_walk_order(init, _NAMES) if type(t.ctx) is ast.Store}  # type: ignore
    found: dict[str, dict[str, tuple[str, object] | None]] = {}
    for call in calls:
        helper = helpers[call.func.attr]  # type: ignore[attr-defined]
        if helper.name in elsewhere:
            continue
        names = [a.arg for a in helper.args.posonlyargs + helper.args.args][1:]
        handed: dict[str, ast.expr] = dict(zip(names, call.args))
        handed.update((k.arg, k.value) for k in call.keywords if k.arg)
        seen = found.setdefault(helper.name, {})
        for parameter in names + [a.arg for a in helper.args.kwonlyargs]:
            value = handed.get(parameter)
            option = value.id if type(value) is ast.Name and value.id in defaults and value.id not in rebound \
                else None  # type: ignore[union-attr]
            entry = (option, defaults[option]) if option else None
            if parameter in seen and seen[parameter] != entry:
                entry = None
            seen[parameter] = entry
    return {name: {p: e for p, e in params.items() if e is not None} for name, params in found.items()
            if any(e is not None for e in params.values())}


def _module_functions(tree: ast.Module) -> dict[str, bool]:
    """Module-level functions -> whether each takes ``**kwargs`` (may forward keywords to what it builds)."""
    return {statement.name: statement.args.kwarg is not None for statement in tree.body
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef))}


# Keywords that build a norm layer without weights (``nn.LayerNorm(d, elementwise_affine=False)``).
_AFFINE_KEYWORDS = frozenset({"elementwise_affine", "affine"})


def _is_class_reference(node: ast.AST) -> str | None:
    """``nn.LayerNorm``, ``Block``: a name whose last part is capitalised and not all capitals (a constant), as
    spelled; None for anything else."""
    spelled = dotted_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
    last = spelled.rsplit(".", 1)[-1].lstrip("_") if spelled else ""
    return spelled if last[:1].isupper() and not last.isupper() else None


def _turns_affine_off(call: ast.Call) -> bool:
    return any(k.arg in _AFFINE_KEYWORDS and isinstance(k.value, ast.Constant) and k.value.value is False
               for k in call.keywords)


def class_source(node: ast.AST) -> str | None:
    """A class given as a value: ``class:nn.LayerNorm`` for ``nn.LayerNorm`` or ``partial(nn.LayerNorm, eps=1e-6)``,
    ``off:nn.LayerNorm`` for a partial that turns the affine weights off; None when ``node`` is no class."""
    if isinstance(node, ast.Call):
        inner = _partial_of(node, dotted_name(node.func))
        spelled = _is_class_reference(node.args[0]) if inner else None
        if spelled is None:
            return None
        return f"{'off' if _turns_affine_off(node) else 'class'}:{spelled}"
    spelled = _is_class_reference(node)
    return f"class:{spelled}" if spelled else None


def _partial_of(node: ast.Call, callee: str | None) -> str | None:
    """``partial(Class, ...)``: the first argument as spelled."""
    if callee and callee.rsplit(".", 1)[-1] == "partial" and node.args:
        return dotted_name(node.args[0])
    return None


def _init_facts(function: ast.FunctionDef | ast.AsyncFunctionDef, summary: ClassSummary) -> None:
    """Component declarations of pipelines: annotations and ``register_modules(...)``; whether it takes ``**kwargs``."""
    summary.init_kwargs = function.args.kwarg is not None
    for argument in function.args.args[1:] + function.args.kwonlyargs:
        name = annotation_name(argument.annotation)
        if name:
            summary.init_annotations[argument.arg] = name
            others = tuple(n for n in _union_members(argument.annotation) if n != name)
            if others:
                summary.init_alternatives[argument.arg] = others
    summary.listed_children = _listed_children(function)
    registered: list[str] = []
    for node in nodes_in_walk_order(function, _CALLS):
        if (
            isinstance(node.func, ast.Attribute)
            and node.func.attr == "register_modules"
        ):
            registered.extend(kw.arg for kw in node.keywords if kw.arg)
        elif (dotted_name(node.func) or "").rsplit(".", 1)[-1] in _DEPRECATION_CALLS:
            summary.deprecated = True
    summary.registered_modules = tuple(registered)


def _listed_children(function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...]:
    """``self.<name>`` children listed as elements of a ModuleList/Sequential bound to ``self`` (``self.actor =
    nn.ModuleList([self.encoder, self.actor_head])``, ``nn.Sequential(self.a, self.b)``)."""
    listed: list[str] = []
    for node in nodes_in_walk_order(function, _ASSIGNS):  # the function's one memoised walk
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and any(isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
                        for t in node.targets)):
            continue
        if (dotted_name(node.value.func) or "").rsplit(".", 1)[-1] not in ("ModuleList", "Sequential"):
            continue
        arguments = node.value.args
        elements = arguments[0].elts if len(arguments) == 1 and isinstance(arguments[0], (ast.List, ast.Tuple)) \
            else arguments
        # ``self.mu = nn.Sequential(self.mu, nn.Hardtanh())`` wraps the child in the container it becomes: no alias.
        targets = {t.attr for t in node.targets if isinstance(t, ast.Attribute)}
        listed.extend(element.attr for element in elements if isinstance(element, ast.Attribute)
                      and isinstance(element.value, ast.Name) and element.value.id == "self"
                      and element.attr not in targets)
    return tuple(dict.fromkeys(listed))


# ``deprecate("LoRACompatibleConv", "1.0.0", ...)`` (diffusers), ``warnings.warn(...)`` in an ``__init__``: a class kept
# so that users' code that builds it still runs.
_DEPRECATION_CALLS = frozenset({"deprecate", "deprecated", "warn", "warn_deprecated"})


# Optimizers by their class or builder's last name (torch.optim's, and the common helpers that build one).
_OPTIMIZER_NAMES = frozenset({
    "Adam", "AdamW", "SGD", "RMSprop", "Adagrad", "Adadelta", "Adamax", "NAdam", "RAdam", "ASGD", "LBFGS", "Rprop",
    "SparseAdam", "Adafactor", "Lion", "AdamW8bit", "Adam8bit", "get_optimizer", "create_optimizer",
})


def _training_signs(function: ast.FunctionDef | ast.AsyncFunctionDef,
                    imports: dict[str, str]) -> tuple[tuple[int, str], ...]:
    """What an ``__init__`` builds that marks its class as a training wrapper (imagen-pytorch's ``ImagenTrainer``):
    an accelerate ``Accelerator`` (called, or handed as the class to build: ``default(accelerator, Accelerator)``),
    or an optimizer over parameters other than ``self.parameters()`` (``Adam(unet.parameters())``). A model that
    only returns an optimizer from a method (nanoGPT's ``configure_optimizers``) or builds one over its own
    parameters (an in-place codebook update) holds none of these."""
    signs: list[tuple[int, str]] = []
    for node in nodes_in_walk_order(function, _CALLS):
        callee = dotted_name(node.func) or ""
        last = callee.rsplit(".", 1)[-1]
        handed = [dotted_name(a) or "" for a in node.args]
        if _is_accelerator(callee, imports) or any(_is_accelerator(name, imports) for name in handed):
            signs.append((node.lineno, "an accelerate Accelerator"))
        elif last in _OPTIMIZER_NAMES and _over_other_parameters(node):
            signs.append((node.lineno, f"an optimizer ({last}) over a held model's parameters"))
    return tuple(signs)


def _is_accelerator(spelled: str, imports: dict[str, str]) -> bool:
    head, _, rest = spelled.partition(".")
    resolved = imports.get(head, head) + (f".{rest}" if rest else "")
    return resolved.startswith("accelerate") and resolved.endswith("Accelerator")


def _over_other_parameters(call: ast.Call) -> bool:
    """The optimizer's parameters are given and are not the class's own (``self.parameters()``)."""
    given = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "params"), None)
    if given is None:
        return False
    own = (isinstance(given, ast.Call) and isinstance(given.func, ast.Attribute)
           and given.func.attr in ("parameters", "named_parameters")
           and isinstance(given.func.value, ast.Name) and given.func.value.id == "self")
    return not own


def _unpacked(target: ast.AST, value: ast.expr) -> list[tuple[ast.AST, ast.expr]]:
    """What each name of an assignment's target is bound to: ``a, b = f(...)`` binds ``a`` to ``f(...)[0]``
    (a subscript made here, placed where the call is), ``a, b = x, y`` pairs them; anything else as is."""
    if not isinstance(target, (ast.Tuple, ast.List)):
        return [(target, value)]
    if any(isinstance(element, ast.Starred) for element in target.elts):
        return []
    if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts):
        return [(element, item) for element, item in zip(target.elts, value.elts)]
    if not isinstance(value, ast.Call):
        return []
    unpacked = []
    for position, element in enumerate(target.elts):
        item = ast.copy_location(ast.Subscript(value=value, slice=ast.Constant(position), ctx=ast.Load()), value)
        item.unpacked_into = len(target.elts)  # type: ignore[attr-defined]
        unpacked.append((element, item))
    return unpacked


def _may_build_module(scope: "Scope", callee: str | None) -> bool:
    """A class (its name capitalised) or a function outside torch, numpy and math, which may build one."""
    if not callee:
        return False
    if callee.rsplit(".", 1)[-1].lstrip("_")[:1].isupper():
        return True
    return not scope.expand(callee).startswith(("torch.", "numpy.", "math.", "einops.")) and "." not in callee


def _returned_item(value: ast.AST) -> int | None:
    """``f(...)[i]``: the position ``i`` taken from a call's result (None: not such a subscript)."""
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Call) \
            and isinstance(value.slice, ast.Constant) and type(value.slice.value) is int:
        return value.slice.value
    return None


# Tensor methods that copy a tensor to host memory (a numpy array, a Python value, a CPU tensor).
_TO_HOST = frozenset({"numpy", "tolist", "item", "cpu"})
# Methods of a numpy array that a host copy helper applies in its numpy branch (``xx.astype(prec)``).
_NUMPY_ONLY = frozenset({"astype"})


def _host_copy(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """:attr:`FileSummary.host_copies`: every ``return`` gives None, a constant, or its first argument copied to host
    memory (``xx.detach().cpu().numpy()``, ``np.asarray(x)``, ``x.astype(...)`` of a numpy array), and one of them
    is such a copy of a tensor (a ``.numpy()`` / ``.cpu()`` / ``.tolist()`` / ``.item()`` chain)."""
    parameters = function.args.posonlyargs + function.args.args
    if not parameters:
        return False
    first = parameters[0].arg
    copies = False
    for node in nodes_in_walk_order(function, _RETURNS):
        value = node.value
        if value is None or isinstance(value, ast.Constant):
            continue
        if isinstance(value, ast.Call) and (dotted_name(value.func) or "").rsplit(".", 1)[-1] in ("array", "asarray") \
                and value.args and _rooted_at(value.args[0], first) is not None:
            continue
        steps = _rooted_at(value, first)
        if not steps or not (_TO_HOST & set(steps) or set(steps) <= _NUMPY_ONLY):
            return False  # the argument itself, or a tensor still (``x.float()``)
        copies = copies or bool(_TO_HOST & set(steps))
    return copies


def _rooted_at(node: ast.AST, name: str) -> list[str] | None:
    """The methods called in a chain of calls on the local ``name`` (``xx.detach().cpu().numpy()`` ->
    ``["numpy", "cpu", "detach"]``), None when the chain starts elsewhere or holds anything but method calls."""
    steps: list[str] = []
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        steps.append(node.func.attr)
        node = node.func.value
    return steps if isinstance(node, ast.Name) and node.id == name else None


def _handed_self_calls(tree: ast.Module, classes: list[ClassSummary]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """:attr:`FileSummary.handed_self_calls`: only the module-level functions of this file some method hands
    ``self`` to by position are walked."""
    handed = {callee for cls in classes for method in cls.methods.values()
              for callee, key in method.handed_self if isinstance(key, int) and "." not in callee}
    found: dict[str, tuple[tuple[str, ...], ...]] = {}
    for statement in tree.body:
        if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) or statement.name not in handed:
            continue
        calls = parameter_method_calls(statement)
        if any(calls):
            found[statement.name] = calls
    return found


def parameter_method_calls(function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[tuple[str, ...], ...]:
    """Per positional parameter of ``function``, the methods it calls on it (``module.apply_relative_pos_emb(...)``)."""
    parameters = [a.arg for a in function.args.posonlyargs + function.args.args]
    calls: dict[str, set[str]] = {name: set() for name in parameters}
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) and node.func.value.id in calls:
            calls[node.func.value.id].add(node.func.attr)
    return tuple(tuple(sorted(calls[name])) for name in parameters)


def _returns(function: ast.FunctionDef | ast.AsyncFunctionDef, imports: dict[str, str],
             aliases: dict[str, str]) -> tuple[tuple[bool, tuple[tuple[str, ...], ...]], ...]:
    """What a module-level function may return (:attr:`FileSummary.function_returns`): per ``return``, per
    position, the callees of the calls (or items of calls) that may be there, through its locals in any
    branch (``fc = nn.Identity()`` / ``fc = nn.Linear(...)``)."""
    scope = Scope(imports, aliases)
    returns = []
    for node in nodes_in_walk_order(function, _BINDINGS_AND_RETURNS):  # what ``collect`` reads, in walk order
        scope.collect(node)
        if isinstance(node, ast.Return) and node.value is not None:
            returns.append(node)
    if not returns:
        return ()

    def sources(value: ast.expr, line: int) -> tuple[str, ...]:
        found: list[str] = []
        pending = [value]
        for _ in range(_FOLLOW_DEPTH * 4):
            if not pending:
                break
            node = pending.pop()
            if isinstance(node, ast.Name):
                pending.extend(bound for at, bound in scope.locals.get(node.id, ()) if at < line)
            elif isinstance(node, ast.IfExp):
                pending.extend((node.body, node.orelse))
            elif isinstance(node, ast.Call) and _may_build_module(scope, dotted_name(node.func)):
                found.append(dotted_name(node.func))
            elif _returned_item(node) is not None and _may_build_module(scope, dotted_name(node.value.func)):
                found.append(f"{dotted_name(node.value.func)}[{_returned_item(node)}/{getattr(node, 'unpacked_into', 0)}]")
        return tuple(dict.fromkeys(found))

    shapes = []
    for node in returns:
        value = node.value
        if isinstance(value, ast.Tuple):
            shapes.append((True, tuple(sources(element, node.lineno) for element in value.elts)))
        else:
            shapes.append((False, (sources(value, node.lineno),)))
    if not any(source for _, elements in shapes for source in elements):
        return ()
    return tuple(shapes)


def _class_returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...]:
    """``def model_name_to_cls(name): if ...: cls = A elif ...: cls = B else: raise ...; return cls``: the classes
    (as spelled) a module-level function may return, when every ``return`` gives a class through its locals in any
    branch (:attr:`FileSummary.class_returns`); empty when one gives anything else (an instance, None, a lookup)."""
    scope = Scope({}, {})
    returns = []
    for node in nodes_in_walk_order(function, _BINDINGS_AND_RETURNS):
        scope.collect(node)
        if isinstance(node, ast.Return):
            returns.append(node)
    params = {a.arg for a in function.args.posonlyargs + function.args.args + function.args.kwonlyargs}
    found: list[str] = []
    for node in returns:
        pending: list[tuple[ast.AST | None, int]] = [(node.value, node.lineno)]
        for _ in range(_FOLLOW_DEPTH * 4):
            if not pending:
                break
            value, line = pending.pop()
            if isinstance(value, ast.IfExp):
                pending.extend(((value.orelse, line), (value.body, line)))
                continue
            bound = [(v, at) for at, v in scope.locals.get(value.id, ()) if at < line] \
                if isinstance(value, ast.Name) else []
            if bound:
                pending.extend(reversed(bound))  # popped in the order they are written
                continue
            spelled = _is_class_reference(value) if value is not None and getattr(value, "id", None) not in params \
                else None
            if spelled is None:
                return ()
            found.append(spelled)
        if pending:
            return ()
    return tuple(dict.fromkeys(found))


def _returned_sequential(function: ast.FunctionDef | ast.AsyncFunctionDef,
                         returns: list | None = None) -> tuple[str, ...] | None:
    """``def TimePositionalEmbedding(dim, out): return nn.Sequential(Learned(dim), nn.Linear(...))``: the callees of
    the literal elements, in order, when the function's one ``return`` is a Sequential built of calls; empty when it is
    built some other way (``nn.Sequential(*layers)``, timm's ``_make_layer``: a container whose elements the index does
    not follow); None when the one return is no Sequential. ``returns``: the function's, when the caller has them."""
    returns = nodes_in_walk_order(function, _RETURNS) if returns is None else returns
    if len(returns) != 1 or not isinstance(returns[0].value, ast.Call):
        return None
    call = returns[0].value
    callee = dotted_name(call.func)
    if not callee or callee.rsplit(".", 1)[-1] != "Sequential" or not call.args or call.keywords:
        return None
    elements = tuple(dotted_name(argument.func) if isinstance(argument, ast.Call) else None for argument in call.args)
    return elements if all(elements) else ()  # type: ignore[return-value]


def _returned_tensor_container(function: ast.FunctionDef | ast.AsyncFunctionDef, returns: list) -> str | None:
    """``def _init_model(self): embedding_dict = nn.ParameterDict({...}); return embedding_dict`` (SELFRec's
    recommenders): the container's callee as spelled when the method's one ``return`` (of ``returns``) gives a
    ParameterDict or ParameterList, directly or through a local bound once to it by a statement of the method's body.
    Only tensor containers: a method returning a whole tower is not typed (see ``ProjectIndex._returned_child``)."""
    if len(returns) != 1 or returns[0].value is None:
        return None
    value = returns[0].value
    if isinstance(value, ast.Name):
        bound = [node.value for node in function.body if isinstance(node, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id == value.id for t in node.targets)]
        if len(bound) != 1:
            return None
        value = bound[0]
    callee = dotted_name(value.func) if isinstance(value, ast.Call) else None
    return callee if callee and callee.rsplit(".", 1)[-1] in TENSOR_CONTAINERS else None


def _handing_back(tree: ast.Module) -> tuple[frozenset[str], dict[str, LayerFactory], dict[str, ModuleWrapper]]:
    """The module-level functions that hand back their first parameter, in one walk of each (and, from the same walk,
    those that wrap the modules under it: :func:`_module_wrapper`):

    - pass-throughs, every ``return`` of which is that parameter (cleanrl's ``def layer_init(layer, std=...):
      torch.nn.init.orthogonal_(layer.weight, std); ...; return layer``): what ``self.fc = layer_init(nn.Linear(...))``
      holds is the Linear;
    - wrapping helpers, which return it wrapped by ``weight_norm``/``spectral_norm`` in at least one ``return`` and
      as it is in the others (EnCodec's ``apply_parametrization_norm(module, norm)``): the layer
      ``self.conv = apply_parametrization_norm(nn.Conv1d(...), norm)`` holds is the Conv1d, and the wrapper call
      inside the helper is the one line to change. As :class:`LayerFactory` with no ``layer`` of its own: the layer
      is the call's first argument."""
    passthrough: set[str] = set()
    wrapping: dict[str, LayerFactory] = {}
    module_wrappers: dict[str, ModuleWrapper] = {}
    # ``from torch.nn.utils import weight_norm as wn``: the file's own names for the wrappers.
    renamed = {alias.asname: alias.name for statement in tree.body if isinstance(statement, ast.ImportFrom)
               for alias in statement.names if alias.asname and alias.name in LAYER_WRAPPERS}
    for statement in tree.body:
        if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        positional = statement.args.posonlyargs + statement.args.args
        if not positional:
            continue
        first = positional[0].arg
        nodes = list(ast.walk(statement))
        returns = [node.value for node in nodes if isinstance(node, ast.Return)]
        wrapped = [value for value in returns if not (isinstance(value, ast.Name) and value.id == first)]
        if returns and not wrapped:
            passthrough.add(statement.name)
        elif wrapped and all(_wraps_parameter(value, first, statement.name, renamed) for value in wrapped):
            call = wrapped[0]
            wrapping[statement.name] = LayerFactory(statement.name, "", dotted_name(call.func) or "", call.lineno,
                                                    call.col_offset)
        found = _module_wrapper(statement, first, nodes, renamed)
        if found is not None:
            module_wrappers[statement.name] = found
    return frozenset(passthrough), wrapping, module_wrappers


# ``for m in model.modules()``: the calls whose loop variable is each module under ``model`` (``named_*``: the second
# item of each pair).
_MODULE_WALKS = frozenset({"modules", "named_modules", "children", "named_children"})


def _walked_names(nodes: list[ast.AST], owner: str) -> set[str]:
    """The loop variables of the loops among ``nodes`` over ``<owner>.modules()`` (and its kin)."""
    names: set[str] = set()
    for node in nodes:
        if type(node) is not ast.For:
            continue
        walked = node.iter
        if not (type(walked) is ast.Call and type(walked.func) is ast.Attribute and walked.func.attr in _MODULE_WALKS
                and _is_name(walked.func.value, owner)):
            continue
        target = node.target
        if walked.func.attr.startswith("named_") and type(target) is ast.Tuple and len(target.elts) == 2:
            target = target.elts[1]
        if type(target) is ast.Name:
            names.add(target.id)
    return names


def _applied_wrapper(function: ast.FunctionDef) -> str | None:
    """The layer wrapper (as spelled) a function applies to its first parameter (or to the modules under it): what
    ``nn.Module.apply`` hands it."""
    positional = function.args.posonlyargs + function.args.args
    if not positional:
        return None
    found = _module_wrapper(function, positional[0].arg, list(ast.walk(function)), {})
    return found.wrapper if found is not None else None


def _module_wrapper(function: ast.FunctionDef | ast.AsyncFunctionDef, first: str, nodes: list[ast.AST],
                    renamed: dict[str, str]) -> ModuleWrapper | None:
    """``function`` as a :class:`ModuleWrapper` when it applies a layer wrapper to the modules under its first
    parameter (a loop over its ``modules()``) or, in a statement of its own, to that parameter."""
    walked: set[str] | None = None
    for node in nodes:
        if type(node) is not ast.Call or not node.args or type(node.args[0]) is not ast.Name:
            continue
        spelled = dotted_name(node.func)
        if not spelled or renamed.get(spelled, spelled).rsplit(".", 1)[-1] not in LAYER_WRAPPERS \
                or spelled == function.name:
            continue
        if walked is None:
            walked = _walked_names(nodes, first)
        argument = node.args[0].id
        if argument in walked or argument == first:
            return ModuleWrapper(function.name, spelled, node.lineno, node.col_offset, walks=argument != first)
    return None


def _wraps_parameter(value: ast.expr | None, parameter: str, function: str, renamed: dict[str, str]) -> bool:
    """``weight_norm(module)`` (under any name the file gives the wrapper), ``module`` being ``parameter``."""
    spelled = dotted_name(value.func) if isinstance(value, ast.Call) else None
    wrapper = renamed.get(spelled, spelled) if spelled else None
    return bool(wrapper) and wrapper.rsplit(".", 1)[-1] in LAYER_WRAPPERS and spelled != function \
        and isinstance(value, ast.Call) and isinstance(value.args[0] if value.args else None, ast.Name) \
        and value.args[0].id == parameter


# The current file's pass-through functions and wrapping helpers (:func:`_handing_back`), set while
# :func:`summarize` reads it.
_file_passthrough: frozenset[str] = frozenset()
_file_wrapping: dict[str, LayerFactory] = {}
_file_module_wrappers: dict[str, ModuleWrapper] = {}


def summarize(tree: ast.Module, path: str, module: str, is_package: bool) -> FileSummary:
    global _file_passthrough, _file_wrapping, _file_module_wrappers
    _file_passthrough, _file_wrapping, _file_module_wrappers = _handing_back(tree)
    try:
        return _summarize(tree, path, module, is_package)
    finally:
        _file_passthrough, _file_wrapping, _file_module_wrappers = frozenset(), {}, {}


def _summarize(tree: ast.Module, path: str, module: str, is_package: bool) -> FileSummary:
    imports = _Imports(module, is_package)
    imports.visit(tree.body)
    aliases = _module_aliases(tree)
    classes: list[ClassSummary] = []
    factories: dict[str, LayerFactory] = {}
    pipeline_functions: dict[str, MethodSummary] = {}
    function_returns: dict[str, tuple[tuple[bool, tuple[tuple[str, ...], ...]], ...]] = {}
    returned_sequentials: dict[str, tuple[str, ...]] = {}
    class_returns: dict[str, tuple[str, ...]] = {}
    readers: set[str] = set()
    host_copies: set[str] = set()
    function_uses: dict[str, FunctionUses] = {}
    function_local_builds: dict[str, tuple[str, ...]] = {}
    factories.update(_file_wrapping)
    for statement in tree.body:
        if isinstance(statement, ast.ClassDef):
            _class_summary(statement, "", classes, imports.names, aliases)
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            factory = _layer_factory(statement, imports.names, aliases)
            if factory is not None:
                factories[factory.name] = factory
            returned = _returns(statement, imports.names, aliases)
            if returned:
                function_returns[statement.name] = returned
            if _host_copy(statement):
                host_copies.add(statement.name)
            elements = _returned_sequential(statement)
            if elements is not None:
                returned_sequentials[statement.name] = elements
            picked = _class_returns(statement)
            if picked:
                class_returns[statement.name] = picked
            uses = _function_uses(statement)
            if uses is not None:
                function_uses[statement.name] = uses
            kept = _function_locals(statement)
            if kept:
                function_local_builds[statement.name] = kept
            first = (statement.args.posonlyargs + statement.args.args)[:1]
            if first and first[0].arg in PIPELINE_PARAMETERS:
                pipeline_functions[statement.name] = _method_summary(statement, imports.names, aliases, _Bindings())
            # Only helpers named for a device are read as first-parameter reads (``get_device_dtype(self)``;
            # analyze.access asks about no other): the walk is skipped for every other function.
            if first and "device" in statement.name.lower() and any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "next"
                             and node.args and _is_parameters_call(node.args[0], first[0].arg)
                             for node in ast.walk(statement)):
                readers.add(statement.name)
    handed_self_calls = _handed_self_calls(tree, classes)
    forget_walks()
    references = References()
    keywords, call_keywords, constructions, class_arguments, forwarded = _calls_and_constructions(tree, references)
    return _shared_summary(FileSummary(
        mentions={name: tuple(lines) for name, lines in references.names.items()},
        attribute_calls=references.attribute_calls,
        loaded_names=tuple(sorted(references.loaded)),
        load_counts=references.loads,
        words=tuple(sorted(references.words)),
        definition_words=_definition_words(references),
        computed_reads={name: tuple(sorted(read)) for name, read in references.computed_reads.items() if read},
        dotted_strings={name: tuple(sorted(strings)) for name, strings in sorted(references.dotted_strings.items())},
        import_prefixes=tuple(sorted(references.import_prefixes)),
        cli_switches=tuple(sorted(references.switches)),
        switch_blocks=tuple(references.switch_blocks),
        option_strings=dict(sorted(references.option_strings.items())),
        options_set=tuple(sorted(references.options_set)),
        typed_device_reads=tuple(sorted(references.typed_device_reads)),
        untyped_device_reads=tuple(sorted(references.untyped_device_reads)),
        decorated=_decorated_definitions(tree),
        self_words=tuple(sorted(references.self_words - references.words)),
        name_calls={name: tuple(lines) for name, lines in references.calls.items()},
        spaced_name_calls={name: tuple(lines) for name, lines in references.spaced_calls.items()},
        base_mentions=references.bases,
        path=path,
        module=module,
        is_package=is_package,
        constructions=constructions,
        class_arguments=class_arguments,
        class_returns=class_returns,
        imports=imports.names,
        keywords=keywords,
        call_keywords=call_keywords,
        forwarded_keywords=forwarded,
        module_functions=_module_functions(tree),
        classes=classes,
        star_imports=tuple(imports.star),
        imported_modules=_imported_modules(references.imports, imports),
        import_renames=_import_renames(references.renames, imports),
        factories=factories,
        module_wrappers=dict(_file_module_wrappers),
        function_returns=function_returns,
        returned_sequentials=returned_sequentials,
        pipeline_functions=pipeline_functions,
        first_parameter_readers=frozenset(readers),
        host_copies=frozenset(host_copies),
        handed_self_calls=handed_self_calls,
        function_uses=function_uses,
        function_local_builds=function_local_builds,
        aliases=aliases,
        declarations=_declarations(tree, imports.names) if _may_declare(imports.names) else {},
        statements=_statement_spans(tree.body),
        script=any(_runs_code(statement) for statement in tree.body),
    ))


def _typed_names(scope: ast.AST, built: dict[str, list[tuple[int, str]]], names: set[str]) -> set[tuple[str, str]]:
    """(class as spelled, name) for each of ``names`` typed to a class in a scope: a parameter annotated with a class
    (``model: Mamba``), a local built from one (``model = Zonos.from_pretrained(...)``, ``net = Net(...)``)."""
    found: set[tuple[str, str]] = set()
    for name in names:
        for _, callee in built.get(name, ()):
            head, _, last = callee.rpartition(".")
            spelled = head if last in _LOADERS and head else callee
            if spelled.rpartition(".")[2][:1].isupper():
                found.add((spelled, name))
    arguments = getattr(scope, "args", None)
    for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs) if arguments else ():
        if argument.arg in names and (annotated := annotation_name(argument.annotation)):
            found.add((annotated, argument.arg))
    return found


# Builtins that read names computed at run time: the module's (``globals()[name]``, ``eval(expr)``) or an object's.
_COMPUTED_NAME_READS = frozenset({"globals", "locals", "eval", "exec", "vars", "getattr"})


# Calls that import a module by a computed name (as ``analyze.reachability.DYNAMIC_IMPORTS`` reads them).
_COMPUTED_IMPORTS = frozenset({"import_module", "__import__"})


def _computed_import_prefix(call: ast.Call) -> str | None:
    """The package a computed import loads from: :func:`_constant_module_prefix` of its name, resolved against a
    constant ``package`` for a relative name (``import_module(f".modeltype.{kind}", package="mld.models")`` ->
    ``mld.models.modeltype``)."""
    prefix = _constant_module_prefix(call.args[0], relative=True)
    if not prefix or not prefix.startswith("."):
        return prefix
    anchor = call.args[1] if len(call.args) > 1 else next(
        (keyword.value for keyword in call.keywords if keyword.arg == "package"), None)
    if type(anchor) is not ast.Constant or type(anchor.value) is not str:  # type: ignore[union-attr]
        return None
    dots = len(prefix) - len(prefix.lstrip("."))
    parts = anchor.value.split(".")  # type: ignore[union-attr]
    if dots - 1 >= len(parts):
        return None
    base = parts[:len(parts) - (dots - 1)]
    rest = prefix[dots:]
    return ".".join(base + ([rest] if rest else []))


def _constant_module_prefix(argument: ast.expr, relative: bool = False) -> str | None:
    """The package a computed module name starts in: ``f"model.{name}"``, ``"models." + name``,
    ``"models.{}".format(name)``, ``"models.%s" % name`` -> ``model``/``models``; None when the name's start is
    computed too."""
    if type(argument) is ast.JoinedStr:
        first = argument.values[0] if argument.values else None
        text = first.value if type(first) is ast.Constant and type(first.value) is str else ""
    elif type(argument) is ast.BinOp and type(argument.op) in (ast.Add, ast.Mod):
        while type(argument) is ast.BinOp and type(argument.op) is ast.Add:
            argument = argument.left
        text = argument.value if type(argument) is ast.Constant and type(argument.value) is str else ""
        text = text.split("%", 1)[0]
    elif type(argument) is ast.Call and type(argument.func) is ast.Attribute and argument.func.attr == "format" \
            and type(argument.func.value) is ast.Constant and type(argument.func.value.value) is str:
        text = argument.func.value.value.split("{", 1)[0]
    else:
        return None
    if relative and text.startswith("."):  # ``f"..blocks.{name}"`` -> ``..blocks``; ``f".{name}"`` -> ``.``
        dots = len(text) - len(text.lstrip("."))
        package = text[dots:].rpartition(".")[0]
        return "." * dots + package if not package or package.replace(".", "_").isidentifier() else None
    package = text.rpartition(".")[0]
    return package if package and package.replace(".", "_").isidentifier() else None


def _computed_read(call: ast.Call, references: References) -> None:
    """Note a ``globals()``/``eval(...)`` (``*``: the file's own names) or the first argument of a ``getattr(...)``
    whose name is computed (a plain name: a module alias or an object)."""
    name = call.func.id  # type: ignore[attr-defined]
    read = references.computed_reads.setdefault(references.current, set())
    if name == "getattr":
        if len(call.args) > 1 and type(call.args[0]) is ast.Name and type(call.args[1]) is not ast.Constant:
            read.add(call.args[0].id)  # type: ignore[attr-defined]
    elif name != "vars" or not call.args:  # ``vars(args)`` reads an object's fields
        read.add("*")


def _definition_words(references: References) -> dict[str, tuple[str, ...]]:
    """:attr:`FileSummary.definition_words`: each definition's words and the tails of its dotted strings."""
    found: dict[str, tuple[str, ...]] = {}
    for name in sorted(references.by_definition.keys() | references.dotted_strings.keys()):  # (a set's order varies)
        tails = {text.rpartition(".")[2] for text in references.dotted_strings.get(name, ())}
        words = references.by_definition.get(name, set()) | tails
        if words:
            found[name] = _one(tuple(sorted(words)))
    return found


# Decorators that register nothing: a definition carrying only these is reached by its name alone.
_NON_REGISTERING_DECORATORS = frozenset({
    "dataclass", "no_grad", "inference_mode", "enable_grad", "autocast", "lru_cache", "cache", "wraps", "contextmanager",
    "script", "compile", "jit", "overload", "total_ordering", "unique", "final", "cached", "njit", "staticmethod",
    "classmethod", "property"})


def _decorated_definitions(tree: ast.Module) -> tuple[str, ...]:
    """Top-level classes and functions with a decorator that may register them (``@register_model``,
    ``@MODELS.register_module()``, ``@app.command()``): run by a name nothing in the code writes."""
    found: list[str] = []
    for statement in tree.body:
        for decorator in getattr(statement, "decorator_list", ()):
            callee = decorator.func if isinstance(decorator, ast.Call) else decorator
            name = (dotted_name(callee) or "").rpartition(".")[2]
            if name not in _NON_REGISTERING_DECORATORS:
                found.append(statement.name)  # type: ignore[attr-defined]
                break
    return tuple(found)


def _runs_code(statement: ast.stmt) -> bool:
    """A top-level statement that does something when the file runs: ``if __name__ == "__main__":``, a call
    (not a docstring), a loop or a ``with`` block."""
    if isinstance(statement, ast.If):
        test = statement.test
        return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__") \
            or any(_runs_code(inner) for inner in statement.body + statement.orelse)
    if isinstance(statement, ast.Expr):
        return isinstance(statement.value, (ast.Call, ast.Await))
    return isinstance(statement, (ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith))


# --- one object for equal values --------------------------------------------------------------
# A run holds a summary per method of the tree (30,000 on transformers ``models/``) and most of their sets are empty
# or the same as another method's (``frozenset({"config"})``, the chain ``("config",)``): each was an object of its
# own, a fifth of the index's memory. The summaries' sets and tuples of names are immutable, so equal ones are
# made one object here (the table lives while a batch of files is indexed; see :func:`forget_shared`).
_SHARED: dict = {}
_EMPTY_SET: frozenset = frozenset()
_METHOD_SETS = ("self_calls", "super_calls", "passed_chains", "called_chains", "host_read_chains", "placed_chains",
                "compared_chains", "returned_attributes")
_METHOD_TUPLES = ("params", "annotations", "decorators")
_CLASS_SETS = ("bound_attributes", "scalar_fields", "false_fields")


def _one(value):
    """The table's object equal to ``value`` (a frozenset or tuple of strings, or of tuples of strings)."""
    if not value:
        return _EMPTY_SET if type(value) is frozenset else ()
    return _SHARED.setdefault(value, value)


def _one_chains(chains: frozenset) -> frozenset:
    """``_one`` for a set of chains, whose chains are made one object each too."""
    if not chains:
        return _EMPTY_SET
    known = _SHARED.get(chains)
    if known is None:
        known = _SHARED[chains] = frozenset(_SHARED.setdefault(chain, chain) for chain in chains)
    return known


def _shared_method(method: MethodSummary) -> None:
    method.self_chains = _one_chains(method.self_chains)
    for name in _METHOD_SETS:
        value = getattr(method, name)
        setattr(method, name, _one_chains(value) if name.endswith("_chains") else _one(value))
    for name in _METHOD_TUPLES:
        setattr(method, name, _one(getattr(method, name)))


def _shared_summary(summary: FileSummary) -> FileSummary:
    for cls in summary.classes:
        cls.bases = _one(cls.bases)
        for name in _CLASS_SETS:
            setattr(cls, name, _one(getattr(cls, name)))
        for method in cls.methods.values():
            _shared_method(method)
    for method in summary.pipeline_functions.values():
        _shared_method(method)
    summary.call_keywords = {callee: _one(names) for callee, names in summary.call_keywords.items()}
    summary.first_parameter_readers = _one(summary.first_parameter_readers)
    return summary


def forget_shared() -> None:
    """Empty the table of shared values (the summaries keep theirs)."""
    _SHARED.clear()


# Fields holding statement lists, in ``_fields`` order: function definitions sit only in these.
_STATEMENT_FIELDS = ("body", "handlers", "orelse", "finalbody", "cases")
_STATEMENT_LISTS: dict[type, tuple[str, ...]] = {}


def _function_scopes(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every function definition of the file in ``ast.walk`` order (breadth first)."""
    return [function for function, _, _ in _scopes_with_bases(tree)]


def definition_name(statement: ast.stmt) -> str:
    """The name a top-level statement defines when it is a class or function definition, else ``""`` (module
    code: imports, assignments, calls, and definitions under an ``if`` or ``try``)."""
    kind = type(statement)
    if kind is ast.ClassDef or kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
        return statement.name  # type: ignore[attr-defined]
    if kind is ast.If and _is_main_test(statement.test):  # type: ignore[attr-defined]
        return MAIN_BLOCK
    if _is_exports(statement):
        return EXPORTS
    return MODULE_CODE


def _is_exports(statement: ast.stmt) -> bool:
    """``__all__ = [...]`` / ``__all__ += [...]``: names a star import takes, not code that calls them."""
    kind = type(statement)
    if kind is ast.Assign:
        targets = statement.targets  # type: ignore[attr-defined]
    elif kind is ast.AugAssign or kind is ast.AnnAssign:
        targets = [statement.target]  # type: ignore[attr-defined]
    else:
        return False
    return len(targets) == 1 and type(targets[0]) is ast.Name and targets[0].id == "__all__"


def _is_main_test(test: ast.expr) -> bool:
    """``__name__ == "__main__"`` (either side)."""
    if not isinstance(test, ast.Compare) or len(test.comparators) != 1:
        return False
    sides = (test.left, test.comparators[0])
    return any(isinstance(side, ast.Name) and side.id == "__name__" for side in sides) \
        and any(isinstance(side, ast.Constant) and side.value == "__main__" for side in sides)


def _scopes_with_bases(tree: ast.Module) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str | None, str]]:
    """Every function definition of the file in ``ast.walk`` order (breadth first), each with the first base (as
    spelled) of the innermost class around it that has one (what its ``super().__init__(...)`` calls run; see
    :func:`_class_base`) and the top-level definition it is part of (:func:`definition_name`). Statements are only
    ever under statements, handlers and match cases, so a breadth-first walk over those alone yields the definitions
    in the same order as a walk over every node, at a fraction of the cost."""
    found: list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str | None, str]] = []
    queue: list[tuple[ast.AST, str | None, str]] = [(statement, None, definition_name(statement))
                                                    for statement in tree.body]
    for node, base, owner in queue:  # grows while iterated: a breadth-first queue
        kind = type(node)
        if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
            found.append((node, base, owner))  # type: ignore[arg-type]
        elif kind is ast.ClassDef:
            base = _class_base(node, base)  # type: ignore[arg-type]
        fields = _STATEMENT_LISTS.get(kind)
        if fields is None:
            fields = _STATEMENT_LISTS[kind] = tuple(f for f in getattr(kind, "_fields", ()) if f in _STATEMENT_FIELDS)
        for name in fields:
            queue.extend((child, base, owner) for child in getattr(node, name))
    return found


@dataclass
class References:
    """What the file names, gathered in the same walk: capitalised names and attributes with their lines (a class
    is referred to by name somewhere, or never), and how many calls each attribute name has (``x.get_weight(...)``);
    the names the file loads or exposes by name, every identifier it uses (names, attributes, identifier strings;
    attributes of ``self`` apart),
    the lines of each call of a capitalised name (in code, and ``Name(`` written in a string: a docstring's
    ``>>> model = Foo(config)``), and how often a capitalised name is a class statement's base."""

    names: dict[str, list[int]] = field(default_factory=dict)
    attribute_calls: dict[str, int] = field(default_factory=dict)
    loaded: set[str] = field(default_factory=set)
    loads: dict[str, int] = field(default_factory=dict)  # ``<Name>.from_pretrained`` in code, per name: how often
    words: set[str] = field(default_factory=set)
    self_words: set[str] = field(default_factory=set)
    calls: dict[str, list[int]] = field(default_factory=dict)
    spaced_calls: dict[str, list[int]] = field(default_factory=dict)
    bases: dict[str, int] = field(default_factory=dict)
    # Every import statement's sources at any depth, as written: (level, ``from`` module or None, imported names).
    imports: list[tuple[int, str | None, tuple[str, ...]]] = field(default_factory=list)
    # The imports at any depth that rename what they import: (level, ``from`` module or None, name, local name).
    renames: list[tuple[int, str | None, str, str]] = field(default_factory=list)
    # ``words`` by the top-level definition they are written in (:func:`definition_name`; module code under
    # :data:`MODULE_CODE`): what each class or function can reach by name. ``words`` points at the set of the
    # definition the walk is in, and is their union once the walk is done.
    by_definition: dict[str, set[str]] = field(default_factory=dict)
    # The packages modules are imported from by computed names (``import_module(f"model.{name}")``: ``model``).
    import_prefixes: set[str] = field(default_factory=set)
    # The classes (as spelled) of the typed names whose ``.device`` the file reads (:func:`_typed_names`).
    typed_device_reads: set[str] = field(default_factory=set)
    # For each untyped name whose ``.device`` a scope reads, the other attributes the scope reads on it.
    untyped_device_reads: set[tuple[str, ...]] = field(default_factory=set)
    # The dotted strings per definition (``instantiate("models.unet.UNet")``, ``"config.locomotion"``): their last
    # parts are names the definition reaches that are no words of the file (words hold identifier strings only).
    dotted_strings: dict[str, set[str]] = field(default_factory=dict)
    current: str = ""
    # What each definition reads by a computed name: ``globals()``/``eval``, or ``getattr(<name>, ...)``'s first
    # argument (a module it reads a class of: ``getattr(models, config.arch)``). ``*`` stands for the file's names.
    computed_reads: dict[str, set[str]] = field(default_factory=dict)
    # Command-line switches the file defines off by default (``add_argument("--masks", action="store_true")``), by
    # their dest; and the bodies of ``if <name>.<attribute>:`` tests, as (attribute, first line, last line).
    switches: set[str] = field(default_factory=set)
    switch_blocks: list[tuple[str, int, int]] = field(default_factory=list)
    # Where code may turn an option on: ``"--masks"`` strings (each ``add_argument`` has one), ``args.masks = ...``
    # on a plain name, ``parser.set_defaults(masks=...)``: the dests, with how many ``--`` strings name each.
    option_strings: dict[str, int] = field(default_factory=dict)
    options_set: set[str] = field(default_factory=set)

    def enter(self, definition: str) -> set[str]:
        """Make ``definition``'s set the one ``words`` collects into, and return it."""
        self.current = definition
        self.words = self.by_definition.setdefault(definition, set())
        return self.words

    def finish(self) -> None:
        self.words = set().union(*self.by_definition.values())


# The key of module-level code (everything but top-level class and function definitions) in
# :attr:`References.by_definition` and :attr:`FileSummary.definition_words`.
MODULE_CODE = ""
# The key of a top-level ``if __name__ == "__main__":`` block: it runs only when the file is run as a script.
MAIN_BLOCK = "__main__"
# The key of a top-level ``__all__`` assignment: its strings name the definitions a star import takes; they reach
# nothing by themselves (``__all__ = ["load"]`` in a vendored CLIP does not run ``load``).
EXPORTS = "<__all__>"
# Pushed on the module scope's stack before each top-level statement: popped first, it names the definition
# the statement's nodes are part of.
@dataclass(frozen=True)
class _DefinitionStart:
    name: str


# ``Name.from_pretrained`` / ``_from_config``: a class loaded by name.
_LOADERS = frozenset({"from_pretrained", "_from_pretrained", "from_config", "_from_config"})
# Inside a string: ``"Foo"`` quoted (an auto mapping written in a docstring), ``Foo(`` / ``Foo (`` (a call shown).
_QUOTED_NAME = re.compile(r"[\"']([A-Z]\w*)[\"']")
_CALL_IN_STRING = re.compile(r"(?<![\w])([A-Za-z_]\w*)(\s*)\(")


def _capitalised_head(node: ast.AST) -> str | None:
    """The first identifier of a dotted expression when it is capitalised (``Foo`` of ``Foo.Bar``), else None."""
    while type(node) is ast.Attribute:
        node = node.value  # type: ignore[attr-defined]
    return node.id if type(node) is ast.Name and node.id[:1].isupper() else None  # type: ignore[attr-defined]


def _capitalised_tail(node: ast.AST) -> str | None:
    """The last identifier of a dotted expression when it is capitalised (``Foo`` of ``models.Foo``), else None."""
    name = node.id if type(node) is ast.Name else node.attr if type(node) is ast.Attribute else None  # type: ignore[attr-defined]
    return name if name and name[:1].isupper() else None


def _is_class_name(name: str) -> bool:
    """A name the call counts keep lines for: one with a capital (class names, by convention)."""
    return not name.islower()


def _imported_modules(found: list[tuple[int, str | None, tuple[str, ...]]], imports: _Imports) -> tuple[str, ...]:
    """What the file's import statements at any depth name, absolute: each ``from`` source and each
    ``source.name`` (a submodule or a class), each ``import a.b``'s module (a function's lazy
    ``from gfpgan.archs.restoreformer_arch import RestoreFormer`` included)."""
    named: set[str] = set()
    for level, module, names in found:
        if module is None and not level:  # ``import a.b``
            named.update(names)
            continue
        source = imports.absolute_source(level, module)
        named.add(source)
        named.update(f"{source}.{name}" for name in names if name != "*")
    return tuple(sorted(named))


def _import_renames(found: list[tuple[int, str | None, str, str]], imports: _Imports) -> dict[str, str]:
    """What each import under another name, at any depth, binds: local name -> absolute target (a function's
    ``from utils.evaluation import evaluate_vae as evaluate``)."""
    renames: dict[str, str] = {}
    for level, module, name, local in found:
        if module is None and not level:  # ``import a.b as c``
            renames[local] = name
        else:
            renames[local] = f"{imports.absolute_source(level, module)}.{name}"
    return renames


def _string_references(value: str, line: int, references: References) -> None:
    """What a string literal says by name: an identifier (``getattr(m, "forward_old")``, ``"LlamaModel"`` in an
    ``__all__``), quoted capitalised names and ``Name(`` inside a longer text."""
    if value.isidentifier():
        references.words.add(value)
        if value[:1].isupper():
            references.loaded.add(value)
        return
    if value.startswith("--") and value[2:3].isalpha() and value[2:].replace("-", "_").isidentifier():
        dest = value[2:].replace("-", "_")
        references.option_strings[dest] = references.option_strings.get(dest, 0) + 1
    if "'" in value or '"' in value:
        references.loaded.update(_QUOTED_NAME.findall(value))
    if "(" in value:
        for name, gap in _CALL_IN_STRING.findall(value):
            if _is_class_name(name):
                (references.spaced_calls if gap else references.calls).setdefault(name, []).append(line)


def _class_base(cls: ast.ClassDef, outer: str | None) -> str | None:
    """The first base of ``cls`` as spelled, which a ``super().__init__(...)`` anywhere under it runs (the
    ``__init__`` whose keywords it passes); ``outer`` (the enclosing class's) when ``cls`` has no base spelled
    as a dotted name."""
    return (dotted_name(cls.bases[0]) if cls.bases else None) or outer


def _is_super_init(call: ast.Call) -> bool:
    """``super().__init__(...)``."""
    func = call.func
    return (type(func) is ast.Attribute and func.attr == "__init__" and type(func.value) is ast.Call
            and type(func.value.func) is ast.Name and func.value.func.id == "super")


# Pushed on the merged walk's stack under a class's children: popped after them, it ends the class's base.
_CLASS_END = object()


def _switch_off_by_default(call: ast.Call) -> str | None:
    """The dest of ``parser.add_argument("--masks", action="store_true")`` (no ``default`` that is not False), or
    None for any other argument."""
    action = default = dest = None
    for keyword in call.keywords:
        if keyword.arg == "action":
            action = keyword.value
        elif keyword.arg == "default":
            default = keyword.value
        elif keyword.arg == "dest":
            dest = keyword.value
    if not (type(action) is ast.Constant and action.value == "store_true"):
        return None
    if default is not None and not (type(default) is ast.Constant and default.value is False):
        return None
    if type(dest) is ast.Constant and type(dest.value) is str:
        return dest.value
    flags = [argument.value for argument in call.args
             if type(argument) is ast.Constant and type(argument.value) is str and argument.value.startswith("--")]
    return flags[0][2:].replace("-", "_") if flags else None


def _calls_and_constructions(tree: ast.Module, references: References | None = None
                             ) -> tuple[frozenset[str], dict[str, frozenset[str]],
                                        tuple[tuple[str, str, str, int, bool], ...], tuple[tuple[str, str, str, int], ...]]:
    """One walk over every node of the file for what the index keeps of its calls:

    - loose keywords: keyword names passed by calls whose callee is no dotted name, string keys of the file's dict
      literals, and ``Name(<n>`` for a call of ``Name`` with ``n`` positional arguments (``*`` for unpacked ones),
      so an option passed positionally counts as set (``AdaLayerNormZero(dim, num_embeds)``);
    - keywords by callee: the keywords of each call with a dotted callee, keyed by the callee as spelled
      (``partial(Mamba, d_conv=4)`` and ``super().__init__(d_conv=4)`` under the class they build), so the project
      index counts an option as set only for what a call may build;
    - constructions: class constructions handed a constructed object, ``Wrapper(model=Unet(...))``, or
      ``net = Unet(...)`` then ``Wrapper(net, ...)`` in the same function, as (class as spelled, argument position
      or keyword, the argument's callee as spelled, line); an element of a literal dict, list or tuple argument
      under ``<position or keyword>[]``. Only capitalised callees: class names by convention;
    - class arguments: the same constructions handed a class itself, ``MAR(norm_layer=partial(nn.LayerNorm,
      eps=1e-6))``, as (class as spelled, argument position or keyword, the class source (``class_source``), line).

    Constructions are listed scope by scope (the module, then each function in ``ast.walk`` order), each scope's
    nodes in the order of a depth-first stack walk that leaves nested functions and lambdas out; the first
    construction listed for a class decides what it is typed as (``ProjectIndex._handed_classes``), so that
    order is kept as it was."""
    found: set[str] = set()
    by_callee: dict[str, set[str]] = {}
    forwarded: dict[tuple[str, str], int] = {}
    constructions: list[tuple[str, str, str, int, bool]] = []
    class_arguments: list[tuple[str, str, str, int]] = []
    child_fields = _CHILD_FIELDS.get
    names = references.names if references is not None else None
    attribute_calls = references.attribute_calls if references is not None else None
    words = references.words if references is not None else set()
    self_words = references.self_words if references is not None else set()
    class_bases = references.bases if references is not None else {}
    for scope, scope_base, owner in [(tree, None, MODULE_CODE), *_scopes_with_bases(tree)]:
        built: dict[str, list[tuple[int, str]]] = {}
        calls: list[tuple[ast.Call, str]] = []
        device_reads: set[str] = set()  # names whose ``.device`` the scope reads
        read_on: dict[str, set[str]] = {}  # name -> the attributes the scope reads on it
        if scope is tree:
            # Each top-level statement after a marker naming the definition it is (popped before the statement).
            stack: list[ast.AST] = []
            for statement in tree.body:
                stack.append(statement)
                if references is not None:
                    stack.append(_DefinitionStart(definition_name(statement)))  # type: ignore[arg-type]
        else:
            stack = [scope]
            if references is not None:
                words = references.enter(owner)
        in_scope = True  # False once the walk is inside a lambda (keywords only)
        lambdas: list[tuple[ast.AST, list[str | None], set[str]]] = []
        # The first base of each class the walk is in (innermost last): what ``super().__init__(...)`` builds.
        bases: list[str | None] = [scope_base]
        while True:
            if not stack:
                if not lambdas:
                    break
                lambda_node, bases, words = lambdas.pop()
                if references is not None:
                    references.words = words
                stack.append(lambda_node)
                in_scope = False
            node = stack.pop()
            if node is _CLASS_END:
                bases.pop()
                continue
            kind = type(node)
            if kind is ast.Name:  # the most common node: no children, no call, no scope
                if names is not None:
                    words.add(node.id)  # type: ignore[attr-defined]
                    if node.id[:1].isupper():  # type: ignore[attr-defined]
                        names.setdefault(node.id, []).append(node.lineno)  # type: ignore[attr-defined]
                continue
            if names is not None:
                if kind is ast.Attribute:
                    attribute = node.attr  # type: ignore[attr-defined]
                    owner = node.value  # type: ignore[attr-defined]
                    # ``self.<name>`` apart: it reaches only the definitions the class's own dispatch can.
                    (self_words if type(owner) is ast.Name and owner.id == "self" else words).add(attribute)
                    if type(owner) is ast.Name and owner.id != "self":
                        read_on.setdefault(owner.id, set()).add(attribute)
                        if attribute == "device":
                            device_reads.add(owner.id)
                    if attribute[:1].isupper():
                        names.setdefault(attribute, []).append(node.lineno)  # type: ignore[attr-defined]
                    elif attribute in _LOADERS and (head := _capitalised_tail(node.value)):  # type: ignore[attr-defined]
                        references.loaded.add(head)  # type: ignore[union-attr]
                        references.loads[head] = references.loads.get(head, 0) + 1  # type: ignore[union-attr]
                elif kind is ast.Constant:
                    value = node.value  # type: ignore[attr-defined]
                    if type(value) is str:
                        _string_references(value, node.lineno, references)  # type: ignore[arg-type, attr-defined]
                        if len(value) < 200:
                            # ``"models.SoftNormBottleneck"`` in a registry: a class named by a string.
                            head, dot, last = value.rpartition(".")
                            if last[:1].isupper() and last.isidentifier():
                                names.setdefault(last, []).append(node.lineno)  # type: ignore[attr-defined]
                            if dot and last.isidentifier() and head.replace(".", "_").isidentifier():
                                references.dotted_strings.setdefault(  # type: ignore[union-attr]
                                    references.current, set()).add(value)  # type: ignore[union-attr]
                    continue  # a constant has no children, and is no call, dict, assignment or scope
                elif kind is ast.ImportFrom or kind is ast.Import:
                    level, source = getattr(node, "level", 0) or 0, getattr(node, "module", None)
                    references.imports.append((level, source,  # type: ignore[union-attr]
                                               tuple(alias.name for alias in node.names)))  # type: ignore[attr-defined]
                    for alias in node.names:  # type: ignore[attr-defined]
                        if alias.asname:
                            references.renames.append((level, source, alias.name, alias.asname))  # type: ignore[union-attr]
                    continue  # its aliases name nothing the walk counts
                elif kind is _DefinitionStart:
                    words = references.enter(node.name)  # type: ignore[union-attr, attr-defined]
                    continue
                elif kind is ast.ClassDef:
                    for base in (*node.bases, *(k.value for k in node.keywords)):  # type: ignore[attr-defined]
                        for part in ast.walk(base):
                            named = part.id if type(part) is ast.Name else part.attr if type(part) is ast.Attribute \
                                else None  # type: ignore[attr-defined]
                            if named and named[:1].isupper():
                                class_bases[named] = class_bases.get(named, 0) + 1
            if kind is ast.Call:
                func = node.func  # type: ignore[attr-defined]
                if references is not None and type(func) is ast.Name and func.id in _COMPUTED_NAME_READS:
                    _computed_read(node, references)  # type: ignore[arg-type]
                elif references is not None and type(func) is ast.Attribute and func.attr == "__getattribute__" \
                        and type(func.value) is ast.Name and node.args \
                        and type(node.args[0]) is not ast.Constant:  # type: ignore[attr-defined]
                    # ``module.__getattribute__(name.upper())``: ``getattr(module, name.upper())`` spelled otherwise.
                    references.computed_reads.setdefault(references.current, set()).add(func.value.id)
                if references is not None and node.args \
                        and (func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute
                             else None) in _COMPUTED_IMPORTS:  # type: ignore[attr-defined]
                    prefix = _computed_import_prefix(node)  # type: ignore[arg-type]
                    if prefix:
                        references.import_prefixes.add(prefix)  # type: ignore[union-attr]
                if attribute_calls is not None and type(func) is ast.Attribute:
                    attribute = func.attr
                    attribute_calls[attribute] = attribute_calls.get(attribute, 0) + 1
                    if attribute == "add_argument" \
                            and (switch := _switch_off_by_default(node)):  # type: ignore[arg-type]
                        references.switches.add(switch)  # type: ignore[union-attr]
                    elif attribute == "set_defaults":
                        references.options_set.update(  # type: ignore[union-attr]
                            keyword.arg for keyword in node.keywords if keyword.arg)  # type: ignore[attr-defined]
                    if attribute == "register" and len(node.args) > 1 and dotted_name(node.args[0]) \
                            and (head := _capitalised_head(node.args[1])):  # type: ignore[attr-defined]
                        references.loaded.add(head)  # type: ignore[union-attr]
                if names is not None:
                    called = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None
                    if called and _is_class_name(called):
                        references.calls.setdefault(called, []).append(node.lineno)  # type: ignore[union-attr, attr-defined]
                callee = dotted_name(node.func)  # type: ignore[attr-defined]
                args = node.args  # type: ignore[attr-defined]
                keywords = {keyword.arg for keyword in node.keywords if keyword.arg}  # type: ignore[attr-defined]
                if keywords:
                    target = (_partial_of(node, callee) or (bases[-1] if _is_super_init(node) else None)  # type: ignore[arg-type]
                              or callee)
                    if target is not None:
                        # ``Block(dim, filter_type=filter_type)``: an option handed on under its own name (a caller's
                        # parameter, most often), counted apart: it sets the option only if the caller's is set.
                        handed_on = {keyword.arg for keyword in node.keywords  # type: ignore[attr-defined]
                                     if type(keyword.value) is ast.Name and keyword.value.id == keyword.arg}
                        by_callee.setdefault(target, set()).update(keywords - handed_on)
                        for name in handed_on:
                            forwarded[(target, name)] = forwarded.get((target, name), 0) + 1
                    else:
                        found.update(keywords)
                if callee and args:
                    starred = any(type(argument) is ast.Starred for argument in args)
                    found.add(f"{callee.rsplit('.', 1)[-1]}({'*' if starred else len(args)}")
                if in_scope and callee and callee.rsplit(".", 1)[-1][:1].isupper():
                    calls.append((node, callee))  # type: ignore[arg-type]
            elif kind is ast.If:
                test = node.test  # type: ignore[attr-defined]
                if references is not None and type(test) is ast.Attribute and type(test.value) is ast.Name \
                        and test.value.id != "self":
                    # ``if args.masks:``: what its body builds is built only when that option is on.
                    body = node.body  # type: ignore[attr-defined]
                    references.switch_blocks.append((test.attr, body[0].lineno, body[-1].end_lineno or body[-1].lineno))
            elif kind is ast.Dict:
                for key in node.keys:  # type: ignore[attr-defined]
                    if type(key) is ast.Constant and type(key.value) is str:
                        found.add(key.value)
            elif kind is ast.Assign:
                if references is not None:
                    for target in node.targets:  # type: ignore[attr-defined]
                        if type(target) is ast.Attribute and type(target.value) is ast.Name \
                                and target.value.id != "self":
                            references.options_set.add(target.attr)  # ``args.masks = True``
                if in_scope:
                    value = node.value  # type: ignore[attr-defined]
                    targets = node.targets  # type: ignore[attr-defined]
                    if type(value) is ast.Call and len(targets) == 1 and type(targets[0]) is ast.Name \
                            and (callee := dotted_name(value.func)):
                        built.setdefault(targets[0].id, []).append((node.lineno, callee))  # type: ignore[attr-defined]
            elif node is not scope:
                if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
                    continue  # a scope of its own
                if kind is ast.Lambda and in_scope:
                    # Its calls count as keywords, not as this scope's constructions; walked last, in its classes.
                    lambdas.append((node, bases[:], words))
                    continue
                if kind is ast.ClassDef:
                    bases.append(_class_base(node, bases[-1]))  # type: ignore[arg-type]
                    stack.append(_CLASS_END)
            fields = child_fields(kind)
            if fields is None:
                fields = _child_fields(kind)
            for name in fields:
                value = getattr(node, name, None)
                if type(value) is list:
                    stack.extend(value)
                elif value is not None:
                    stack.append(value)
        if device_reads and references is not None:
            typed = _typed_names(scope, built, device_reads)
            references.typed_device_reads.update(spelled for spelled, _ in typed)
            # A name typed nowhere: what else the scope reads on it says what it may be (``model.resample(...)``).
            references.untyped_device_reads.update(
                tuple(sorted(read_on[name] - {"device"})) for name in device_reads - {name for _, name in typed}
                if len(read_on[name]) > 1)
        for call, callee in calls:
            arguments = [(str(i), a) for i, a in enumerate(call.args) if type(a) is not ast.Starred]
            arguments += [(k.arg, k.value) for k in call.keywords if k.arg]
            for key, argument in arguments:
                if (handed := class_source(argument)) is not None:
                    class_arguments.append((callee, key, handed, call.lineno))
                # ``modalities={"image": image_decoder, "audio": AudioDecoder(...)}``: each element handed in a
                # literal dict, list or tuple is handed as that parameter too.
                # (Keyed ``<key>[]``: an element is no value of the parameter itself.)
                for element, part in _literal_elements(argument, key):
                    if type(element) is ast.Call and (inner := dotted_name(element.func)):
                        constructions.append((callee, part, inner, call.lineno, True))
                    elif type(element) is ast.Name:
                        before = [c for at, c in built.get(element.id, ()) if at < call.lineno]
                        if before:
                            constructions.append((callee, part, before[-1], call.lineno, False))
    if references is not None:
        references.finish()
    return (frozenset(found), {name: frozenset(keywords) for name, keywords in by_callee.items()}, tuple(constructions),
            tuple(class_arguments), tuple((callee, name, count) for (callee, name), count in sorted(forwarded.items())))


def _literal_elements(node: ast.expr, key: str) -> list[tuple[ast.expr, str]]:
    """``node`` itself under ``key``, or the elements of a dict (its values), list or tuple display under
    ``<key>[]``."""
    if isinstance(node, ast.Dict):
        return [(value, f"{key}[]") for value in node.values if value is not None]
    if isinstance(node, (ast.List, ast.Tuple)):
        return [(element, f"{key}[]") for element in node.elts if not isinstance(element, ast.Starred)]
    return [(node, key)]


def _statement_spans(body: list[ast.stmt], after: int = 0) -> tuple[tuple[int, int], ...] | None:
    """(first line, decorators included; last line) of each statement of ``body``, which starts
    below line ``after``; None when a statement shares a line with another (or with the header)."""
    spans: list[tuple[int, int]] = []
    previous_end = after
    column = body[0].col_offset if body else 0
    for statement in body:
        first = min([statement.lineno, *(d.lineno for d in getattr(statement, "decorator_list", ()))])
        last = statement.end_lineno or statement.lineno
        if statement.col_offset != column or first <= previous_end:
            return None
        spans.append((first, last))
        previous_end = last
    return tuple(spans)


# Calls that make offloading declarations come from these (by their last name, or a module
# imported whole and called through): a file importing none of them declares nothing, and is
# not walked again for them.
_DECLARING_NAMES = frozenset(DECLARATION_CALLS) | {"cpu_offload", "dispatch_model", "load_checkpoint_and_dispatch"}
_DECLARING_MODULES = ("accelerate", "deepspeed", "deepspeed.utils", "torch.distributed.fsdp")


def _may_declare(imports: dict[str, str]) -> bool:
    return any(target.rsplit(".", 1)[-1] in _DECLARING_NAMES or target in _DECLARING_MODULES
               for target in imports.values())


def _declarations(tree: ast.Module, imports: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """``register_fsdp_forward_method(model, "generate")``, ``set_z3_leaf_modules(model, [MoeBlock])``,
    ``cpu_offload(model, preload_module_classes=["Block"])``: the names they declare, by kind."""
    found: dict[str, list[str]] = {}
    for node in nodes_in_walk_order(tree, frozenset({ast.Call})):
        name = (dotted_name(node.func) or "").rsplit(".", 1)[-1]
        if name in DECLARATION_CALLS:
            found.setdefault(DECLARATION_CALLS[name], []).extend(
                n for argument in node.args[1:] for n in _declared_names(argument))
        for keyword in node.keywords:
            if keyword.arg in DECLARATION_CALLS:
                found.setdefault(DECLARATION_CALLS[keyword.arg], []).extend(_declared_names(keyword.value))
    return {kind: tuple(dict.fromkeys(names)) for kind, names in found.items() if names}


def _declared_names(node: ast.AST) -> list[str]:
    """``"generate"``, ``["Block", Other]``, ``Block``: method or class names (classes by their last part)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return [n for element in node.elts for n in _declared_names(element)]
    dotted = dotted_name(node)
    return [dotted.rsplit(".", 1)[-1]] if dotted else []


_FALLBACK_BASES = frozenset({"nn.Module", "torch.nn.Module", "Module", "object"})


def _module_aliases(tree: ast.Module) -> dict[str, str]:
    """``WN = nn.utils.weight_norm`` at module level (a name bound once, to a dotted name); a conditional base
    ``Base = X if deps_available else nn.Module`` is bound to ``X``: the class its subclasses are when the
    dependency is installed, as their code is written for it (the fallback only keeps the module importable).
    A conditional wrapper ``NORM = spectral_norm if USE_SPECTRAL else weight_norm`` is bound to the branch the
    file's constants take (:func:`_picked_wrapper`)."""
    bound: dict[str, list[str | None]] = {}
    constants: dict[str, list[object]] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Constant):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    constants.setdefault(target.id, []).append(statement.value.value)
    fixed = {name: values[0] for name, values in constants.items() if len(values) == 1}
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            value = statement.value
            if isinstance(value, ast.IfExp) and dotted_name(value.orelse) in _FALLBACK_BASES:
                value = value.body
            elif isinstance(value, ast.IfExp):
                value = _picked_wrapper(value, fixed) or value
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(dotted_name(value))
    return {name: values[0] for name, values in bound.items() if len(values) == 1 and values[0] and values[0] != name}


def _picked_wrapper(value: ast.IfExp, constants: dict[str, object]) -> ast.expr | None:
    """The branch of a module-level ``A if test else B`` that names what a layer is built with, when a branch is a
    layer wrapper (``weight_norm``/``spectral_norm``, as spelled): the branch the file's constants decide
    (``USE_SPECTRAL = False``), else the wrapper (a parametrizations one first), as a local alias is read
    (``Scope.wrapper_name``: both branches, the wrapper wins). None when neither branch is a wrapper."""
    branches = [value.body, value.orelse]
    names = [dotted_name(branch) for branch in branches]
    if not any(name and name.rsplit(".", 1)[-1] in LAYER_WRAPPERS for name in names):
        return None
    scope = Scope({}, {})
    scope.constant_defaults = dict(constants)
    taken = scope.decided(value.test, value.lineno)
    if taken is not None:
        return value.body if taken else value.orelse
    wrappers = [branch for branch, name in zip(branches, names) if name and name.rsplit(".", 1)[-1] in LAYER_WRAPPERS]
    return next((branch for branch in wrappers if "parametrizations" in (dotted_name(branch) or "")), wrappers[-1])


def _layer_factory(function: ast.FunctionDef | ast.AsyncFunctionDef, imports: dict[str, str],
                   aliases: dict[str, str]) -> LayerFactory | None:
    """A module-level function that returns ``weight_norm(<layer call>)``, or a container holding one
    (``return nn.Sequential(spectral_norm(nn.Conv2d(...)), nn.LeakyReLU())``; fastai's ``custom_conv_layer``:
    ``conv = spectral_norm(conv); layers = [conv]; ...; return nn.Sequential(*layers)``)."""
    scope = Scope(imports, aliases)
    returns: list[ast.Return] = []
    appended: dict[str, list[ast.expr]] = {}  # ``layers.append(x)``: the local list -> what is appended
    for node in nodes_in_walk_order(function, _BINDINGS_AND_RETURNS):
        scope.collect(node)
        if isinstance(node, ast.Return) and isinstance(node.value, (ast.Call, ast.Name)):
            returns.append(node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append" \
                and isinstance(node.func.value, ast.Name) and len(node.args) == 1:
            appended.setdefault(node.func.value.id, []).append(node.args[0])
    for statement in returns:
        value = scope.follow(statement.value, statement.lineno)  # type: ignore[arg-type]
        if not isinstance(value, ast.Call):
            continue
        inner, wrapper, wrapper_call = scope.unwrap(value)
        layer = dotted_name(inner.func) if isinstance(inner, ast.Call) else None
        if wrapper and wrapper_call is not None and layer:
            return LayerFactory(function.name, layer, wrapper, wrapper_call.lineno, wrapper_call.col_offset)
    for statement in returns:
        value = scope.follow(statement.value, statement.lineno)  # type: ignore[arg-type]
        container = dotted_name(value.func) if isinstance(value, ast.Call) else None
        if not container or container.rsplit(".", 1)[-1] not in _LAYER_CONTAINERS:
            continue
        for element in _container_elements(value, scope, appended):  # type: ignore[arg-type]
            inner, wrapper, wrapper_call = scope.unwrap(element)
            layer = dotted_name(inner.func) if isinstance(inner, ast.Call) else None
            if wrapper and wrapper_call is not None and layer:
                return LayerFactory(function.name, layer, wrapper, wrapper_call.lineno, wrapper_call.col_offset,
                                    container=container)
    return None


# The containers a layer helper returns its layers in.
_LAYER_CONTAINERS = frozenset({"Sequential", "ModuleList"})


def _container_elements(call: ast.Call, scope: Scope, appended: dict[str, list[ast.expr]]) -> list[ast.Call]:
    """The calls a ``nn.Sequential(...)`` / ``nn.ModuleList([...])`` call is built of, through locals: its arguments,
    a list or tuple it is handed (``*layers``, ``[...]``) and what is appended to that list."""
    found: list[ast.Call] = []
    for argument in call.args:
        handed = argument.value if isinstance(argument, ast.Starred) else argument
        named = handed.id if isinstance(handed, ast.Name) else None
        handed = scope.follow(handed, call.lineno)
        items = handed.elts if isinstance(handed, (ast.List, ast.Tuple)) else [handed]
        if named is not None and isinstance(handed, ast.List):
            items = [*items, *appended.get(named, ())]
        for item in items:
            item = scope.follow(item, getattr(item, "lineno", call.lineno))
            if isinstance(item, ast.Call):
                found.append(item)
    return found
