"""Build a :class:`FileSummary` from one file with the standard ``ast`` module.

This is the cheap pass every file goes through. It must stay close to the cost of
``ast.parse`` itself: one walk per class body, no type inference, no libcst.
"""

from __future__ import annotations

import ast

from .summary import (
    INDEX,
    Assigned,
    CallSiteRecord,
    Chain,
    ClassSummary,
    FileSummary,
    MethodSummary,
)

_CONTAINERS = {"ModuleList", "Sequential", "ModuleDict"}
_REGISTER_CALLS = {"register_buffer": "buffer", "register_parameter": "parameter", "add_module": "call"}
# Functions that take a layer and return it with hooks/parametrizations added.
LAYER_WRAPPERS = {"weight_norm", "spectral_norm"}


def unwrap_layer(call: ast.Call) -> tuple[ast.Call, str | None]:
    """``weight_norm(nn.Conv1d(...))`` -> (the ``nn.Conv1d(...)`` call, ``"weight_norm"``)."""
    callee = dotted_name(call.func)
    if callee and callee.rsplit(".", 1)[-1] in LAYER_WRAPPERS and call.args and isinstance(call.args[0], ast.Call):
        return call.args[0], callee
    return call, None


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
        if not node.level:
            return node.module or ""
        base = self.module.split(".")
        drop = node.level - (1 if self.is_package else 0)
        base = base[: len(base) - drop] if drop else base
        return ".".join(base + ([node.module] if node.module else []))

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
                self.visit(statement.body)
                for handler in statement.handlers:
                    self.visit(handler.body)
                self.visit(statement.orelse)
            elif isinstance(statement, ast.With):
                self.visit(statement.body)


def _value_records(name: str, value: ast.AST, line: int) -> list[Assigned]:
    """Classify the value assigned to ``self.<name>``."""
    if isinstance(value, ast.IfExp):
        return _value_records(name, value.body, line) + _value_records(name, value.orelse, line)
    if isinstance(value, ast.Constant) and value.value is None:
        return []
    if isinstance(value, ast.Call):
        value, wrapper = unwrap_layer(value)
        callee = dotted_name(value.func)
        last = callee.rsplit(".", 1)[-1] if callee else None
        if last == "Parameter":
            return [Assigned(name, "parameter", line, callee)]
        if last in _CONTAINERS:
            elements, element_wrapper = _container_elements(value)
            return [Assigned(name, "container", line, callee, tuple(elements), wrapper=element_wrapper)]
        if callee:
            return [Assigned(name, "call", line, callee, wrapper=wrapper)]
    return [Assigned(name, "other", line)]


def _container_elements(call: ast.Call) -> tuple[list[str], str | None]:
    """Callee names of the blocks a ModuleList/Sequential/ModuleDict is built from, and the
    wrapper (``weight_norm``) applied to any of them."""
    found: list[str] = []
    wrappers: list[str] = []

    def element(node: ast.AST) -> None:
        if isinstance(node, (ast.List, ast.Tuple)):
            for item in node.elts:
                element(item)
        elif isinstance(node, (ast.ListComp, ast.GeneratorExp)):
            element(node.elt)
        elif isinstance(node, ast.Dict):
            for item in node.values:
                element(item)
        elif isinstance(node, ast.DictComp):
            element(node.value)
        elif isinstance(node, ast.IfExp):
            element(node.body)
            element(node.orelse)
        elif isinstance(node, ast.Call):
            inner, wrapper = unwrap_layer(node)
            name = dotted_name(inner.func)
            if name:
                found.append(name)
            if wrapper:
                wrappers.append(wrapper)
        elif isinstance(node, ast.Starred):
            element(node.value)

    for argument in call.args:
        element(argument)
    return found, (wrappers[0] if wrappers else None)


class _MethodScan:
    """One walk over a method body collecting chains, call sites and construction facts."""

    def __init__(
        self, function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str | None, imported: set[str]
    ) -> None:
        self.self_name = self_name
        self.imported = imported  # receivers rooted at an import (torch, F, np) are not components
        self.chains: set[Chain] = set()
        self.call_sites: list[CallSiteRecord] = []
        self.assigns: list[Assigned] = []
        self.next_parameters = False
        self.aliases = _self_aliases(function, self_name)
        for node in ast.walk(function):
            self._node(node)

    def _node(self, node: ast.AST) -> None:
        if isinstance(node, (ast.Attribute, ast.Subscript)):
            found = chain_of(node)
            if found and found[0] == self.self_name:
                self.chains.add(found[1])
        elif isinstance(node, ast.Call):
            self._call(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == self.self_name
                ):
                    self.assigns.extend(_value_records(target.attr, node.value, node.lineno))

    def _call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Name):
            if func.id == "next" and node.args and _is_parameters_call(node.args[0], self.self_name):
                self.next_parameters = True
            elif func.id == "setattr" and len(node.args) == 3 and _is_name(node.args[0], self.self_name):
                key = node.args[1]
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    self.assigns.extend(_value_records(key.value, node.args[2], node.lineno))
            return
        if not isinstance(func, ast.Attribute):
            return
        found = chain_of(func.value)
        root_is_self = _is_name(func.value, self.self_name)
        if root_is_self and func.attr in _REGISTER_CALLS and node.args:
            self._register(func.attr, node)
        if found is None and not root_is_self and isinstance(func.value, ast.Name):
            found = (func.value.id, ())
        if found is None or root_is_self or found[0] in self.imported:
            return
        root, steps = found
        if root in self.aliases:  # ``text_encoder = self.text_encoder; text_encoder.get_text_features(...)``
            receiver = ("self",) + self.aliases[root] + steps
        else:
            receiver = (("self",) if root == self.self_name else (root,)) + steps
        self.call_sites.append(CallSiteRecord(receiver, func.attr, node.lineno, node.col_offset,
                                              moves_to_device=_moves_to_device(func.attr, node)))

    def _register(self, how: str, node: ast.Call) -> None:
        key = node.args[0]
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return
        if how == "add_module":
            if len(node.args) > 1:
                self.assigns.extend(_value_records(key.value, node.args[1], node.lineno))
            return
        self.assigns.append(Assigned(key.value, _REGISTER_CALLS[how], node.lineno))


_DTYPE_WORDS = ("dtype", "float", "half", "bfloat16", "int", "bool", "long", "double", "complex")


def _moves_to_device(method: str, call: ast.Call) -> bool:
    """``x.cuda()``, ``x.to(device)``, ``x.to("cuda")``, ``x.to(device=d)``; not ``x.to(torch.float16)``."""
    if method == "cuda":
        return True
    if method != "to":
        return False
    if any(keyword.arg == "device" and not _names_cpu(keyword.value) for keyword in call.keywords):
        return True
    for argument in call.args:
        if _names_cpu(argument):
            return False  # offloading by hand, not onloading
        text = ast.unparse(argument).lower()
        if "device" in text or "cuda" in text or not any(word in text for word in _DTYPE_WORDS):
            return True
    return False


def _names_cpu(node: ast.AST) -> bool:
    """``"cpu"``, ``torch.device("cpu")``."""
    if isinstance(node, ast.Call) and dotted_name(node.func) in ("torch.device", "device") and node.args:
        node = node.args[0]
    return isinstance(node, ast.Constant) and node.value == "cpu"


def _self_aliases(function: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str | None) -> dict[str, Chain]:
    """Locals bound once to a ``self`` chain (``encoder = self.text_encoder``)."""
    if self_name is None:
        return {}
    bound: dict[str, list[Chain | None]] = {}
    for node in ast.walk(function):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AnnAssign, ast.AugAssign, ast.For)) else []
        for target in targets:
            for name in (n.id for n in ast.walk(target) if isinstance(n, ast.Name)):
                found = chain_of(node.value) if isinstance(node, ast.Assign) and target is node.targets[0] \
                    and isinstance(target, ast.Name) else None
                bound.setdefault(name, []).append(found[1] if found and found[0] == self_name else None)
    return {name: chains[0] for name, chains in bound.items() if len(chains) == 1 and chains[0] is not None}


def _is_name(node: ast.AST, name: str | None) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _is_parameters_call(node: ast.AST, self_name: str | None) -> bool:
    """``self.parameters()``, ``iter(self.parameters())`` or ``self.named_parameters()``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "iter" and node.args:
        node = node.args[0]
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in {"parameters", "buffers"}
        and _is_name(node.func.value, self_name)
    )


def _annotation_or_default_type(argument: ast.arg, default: ast.expr | None) -> str:
    """The annotation, else the type of a literal default (``past=0`` is an int, not a tensor)."""
    if argument.annotation is not None:
        return annotation_name(argument.annotation) or ""
    if isinstance(default, ast.Constant) and default.value is not None:
        return type(default.value).__name__
    return ""


def _method_summary(function: ast.FunctionDef | ast.AsyncFunctionDef, imported: set[str]) -> MethodSummary:
    decorators = tuple(dotted_name(d.func if isinstance(d, ast.Call) else d) or "" for d in function.decorator_list)
    positional = function.args.posonlyargs + function.args.args
    params = tuple(a.arg for a in positional)
    defaults = [None] * (len(positional) - len(function.args.defaults)) + list(function.args.defaults)
    annotations = tuple(_annotation_or_default_type(a, d) for a, d in zip(positional, defaults))
    is_static = any(d.split(".")[-1] == "staticmethod" for d in decorators)
    self_name = params[0] if params and not is_static else None
    scan = _MethodScan(function, self_name, imported)
    start = min([function.lineno] + [d.lineno for d in function.decorator_list])
    return MethodSummary(
        name=function.name,
        line=function.lineno,
        start_line=start,
        end_line=function.end_lineno or function.lineno,
        column=function.col_offset,
        params=params,
        decorators=decorators,
        annotations=annotations,
        self_calls=frozenset(chain[0] for chain in scan.chains),
        self_chains=frozenset(scan.chains),
        calls_next_parameters=scan.next_parameters,
        call_sites=tuple(scan.call_sites),
        assigns=tuple(scan.assigns),
    )


def _string_list(node: ast.AST) -> tuple[str, ...] | None:
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        items = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return tuple(items)
    return None


def _class_summary(node: ast.ClassDef, prefix: str, out: list[ClassSummary], imported: set[str]) -> None:
    qualname = f"{prefix}{node.name}"
    summary = ClassSummary(
        name=node.name,
        qualname=qualname,
        line=node.lineno,
        column=node.col_offset,
        end_line=node.end_lineno or node.lineno,
        bases=tuple(name for name in (dotted_name(b) for b in node.bases) if name),
    )
    out.append(summary)
    for statement in node.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            method = _method_summary(statement, imported)
            summary.methods[method.name] = method
            if method.name == "__init__":
                _init_facts(statement, summary)
        elif isinstance(statement, ast.ClassDef):
            _class_summary(statement, f"{qualname}.", out, imported)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                if not isinstance(target, ast.Name):
                    continue
                if target.id == "_group_offload_block_modules":
                    summary.block_modules = _string_list(statement.value) or ()
                elif target.id == "_supports_group_offloading" and isinstance(statement.value, ast.Constant):
                    summary.supports_group_offloading = bool(statement.value.value)


def _init_facts(function: ast.FunctionDef | ast.AsyncFunctionDef, summary: ClassSummary) -> None:
    """Component declarations of pipelines: annotations and ``register_modules(...)``."""
    for argument in function.args.args[1:] + function.args.kwonlyargs:
        name = annotation_name(argument.annotation)
        if name:
            summary.init_annotations[argument.arg] = name
    registered: list[str] = []
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "register_modules"
        ):
            registered.extend(kw.arg for kw in node.keywords if kw.arg)
    summary.registered_modules = tuple(registered)


def summarize(tree: ast.Module, path: str, module: str, is_package: bool) -> FileSummary:
    imports = _Imports(module, is_package)
    imports.visit(tree.body)
    imported = set(imports.names)
    classes: list[ClassSummary] = []
    for statement in tree.body:
        if isinstance(statement, ast.ClassDef):
            _class_summary(statement, "", classes, imported)
    return FileSummary(
        path=path,
        module=module,
        is_package=is_package,
        imports=imports.names,
        classes=classes,
        star_imports=tuple(imports.star),
    )
