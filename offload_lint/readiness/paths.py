"""Which code a pipeline's call runs, and under which tests.

Starting from ``__call__``, the pipeline's own methods are followed through ``self.<method>(...)``
calls; every ``self.<component>(...)`` and ``self.<component>.<method>(...)`` is an entry into that
component, and inside the component its own ``self.`` calls are followed the same way. Each line
reached keeps the ``if`` tests on the way (an early ``return`` under a test guards what follows it),
evaluated three-valued against the call's defaults and the test's dummy inputs, so that a hazard
behind ``if clip_skip is not None`` is reported with that condition rather than as a blanket fail.
Read with ``ast`` from the files the index already points at; the code is never imported.
"""

from __future__ import annotations

import ast
import builtins
import textwrap
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path as FilePath
from typing import Any, Iterator

from ..index.project import ClassInfo
from ..source import read_text

_BUILTINS = frozenset(dir(builtins))
UNKNOWN: Any = object()  # a value the static model cannot know
_MAX_DEPTH = 12


@dataclass(frozen=True)
class Guard:
    text: str  # the test as written, negated for an ``else`` branch
    value: bool | None  # under the call's inputs: True, False, or None when unknown
    # It tests an argument of the call or a component flag (``clip_skip``, ``self.vae.use_tiling``),
    # not internal state: it is part of what a user or test decides.
    on_input: bool


@dataclass(frozen=True)
class Path:
    guards: tuple[Guard, ...] = ()
    via: tuple[str, ...] = ()

    @property
    def dead(self) -> bool:
        """A test that no input decides is false: this pipeline never runs the path."""
        return any(g.value is False and not g.on_input for g in self.guards)

    @property
    def taken(self) -> bool:
        """No test on the way is known to be false for these inputs."""
        return all(g.value is not False for g in self.guards)

    @property
    def condition(self) -> str | None:
        """What the path needs of the call: the input tests known false for these inputs (what the
        inputs avoid), else the input tests not known true."""
        on_input = [g for g in self.guards if g.on_input]
        parts = [g.text for g in on_input if g.value is False] or [g.text for g in on_input if g.value is None]
        return " and ".join(dict.fromkeys(parts)) or None

    def then(self, step: str, guards: tuple[Guard, ...] = ()) -> "Path":
        return Path(self.guards + guards, self.via + (step,))

    def joined(self, inner: "Path") -> "Path":
        """This path, then ``inner`` (a walk that started where this one ends)."""
        return Path(self.guards + inner.guards, self.via + inner.via)


@dataclass(frozen=True)
class Passed:
    """The arguments calls give a method: how many positionally (at most) and by which keywords."""

    positional: int = 0
    keywords: frozenset[str] = frozenset()

    @classmethod
    def of(cls, call: ast.Call) -> "Passed | None":
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        return cls(len(call.args), frozenset(k.arg for k in call.keywords if k.arg))

    def union(self, other: "Passed | None") -> "Passed | None":
        if other is None:
            return None
        return Passed(max(self.positional, other.positional), self.keywords | other.keywords)


@dataclass
class Reach:
    """What one walk found: lines of the walked class's methods, and the calls into components."""

    # (path, line) -> the paths reaching it
    lines: dict[tuple[str, int], list[Path]] = field(default_factory=dict)
    # (class qualified, method) -> the paths reaching its ``def``
    methods: dict[tuple[str, str], list[Path]] = field(default_factory=dict)
    # component -> [(its method, path)]: ``forward`` for ``self.<component>(...)``
    entries: dict[str, list[tuple[str, Path]]] = field(default_factory=dict)
    # (component, method) -> what the calls pass it: their union of arguments, None when one passes
    # ``*args``/``**kwargs`` (anything may be bound)
    passed: dict[tuple[str, str], "Passed | None"] = field(default_factory=dict)
    # helpers run on the way that take ``self`` (``helper(self, ...)``) are not followed: their names
    unfollowed: set[str] = field(default_factory=set)


@lru_cache(maxsize=512)
def _parsed(path: str) -> ast.Module | None:
    try:
        return ast.parse(read_text(FilePath(path)))
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
        return None


@lru_cache(maxsize=1024)
def _lines(path: str) -> tuple[str, ...]:
    try:
        return tuple(read_text(FilePath(path)).splitlines(keepends=True))
    except (OSError, ValueError, UnicodeDecodeError):
        return ()


FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
# Parsed methods by their text: diffusers copies methods between pipelines ("# Copied from"), and a copy
# is parsed once. Line numbers in a tree are the text's own; a method's offset in its file is kept apart.
_trees: dict[str, FunctionNode | None] = {}
_methods: dict[tuple[str, int], tuple[FunctionNode | None, int]] = {}


def method_node(info: ClassInfo, name: str) -> FunctionNode | None:
    """The ``def`` of ``info``'s own method ``name`` (lines numbered from the ``def``'s text: see
    :func:`method_and_offset` for where they are in the file)."""
    return method_and_offset(info, name)[0]


def method_and_offset(info: ClassInfo, name: str) -> tuple[FunctionNode | None, int]:
    """The ``def`` of ``info``'s own method ``name`` and what to add to its line numbers for the file's:
    only its lines are parsed (the index knows them)."""
    method = info.summary.methods.get(name)
    if method is None:
        return None, 0
    key = (info.file.path, method.line)
    if key not in _methods:
        text = textwrap.dedent("".join(_lines(info.file.path)[method.start_line - 1:method.end_line]))
        if text not in _trees:
            _trees[text] = _parse_method(text, name)
        _methods[key] = (_trees[text], method.start_line - 1)
    return _methods[key]


def _parse_method(text: str, name: str) -> FunctionNode | None:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    node = tree.body[0] if tree.body else None
    return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name else None


def class_statement(info: ClassInfo, name: str) -> ast.Assign | ast.AnnAssign | None:
    """The class-body assignment of ``name`` (``_optional_components = [...]``): the body's statement spans
    come from the index, and only the one assigning ``name`` is parsed."""
    layout = info.summary.body_layout
    lines = _lines(info.file.path)
    spans = layout.statements if layout is not None and layout.statements else None
    if spans is None:
        spans = ((info.summary.line + 1, info.summary.end_line),)
    for first, last in spans:
        text = "".join(lines[first - 1:last])
        if name not in text:
            continue
        try:
            tree = ast.parse(textwrap.dedent(text))
        except (SyntaxError, ValueError):
            continue
        for statement in tree.body:
            targets = statement.targets if isinstance(statement, ast.Assign) else \
                [statement.target] if isinstance(statement, ast.AnnAssign) and statement.value else []
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return statement  # type: ignore[return-value]
    return None


_constants: dict[str, dict[str, Any]] = {}


def switched_on(info: ClassInfo, methods: tuple[str, ...]) -> dict[str, Any]:
    """What calling ``methods`` on an instance sets: their ``self.<name> = <literal>`` assignments
    (``enable_tiling`` sets ``use_tiling = True``), in call order."""
    values: dict[str, Any] = {}
    for name in methods:
        found = info.methods.get(name)
        if found is not None:
            values.update(_literal_self_assignments(method_node(found[0], name)))
    return values


def _literal_self_assignments(node: FunctionNode | None) -> dict[str, Any]:
    """``self.<name> = <literal>`` statements of a method, by name (the last one wins)."""
    found: dict[str, Any] = {}
    for statement in ast.walk(node) if node is not None else ():
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Constant):
            for target in statement.targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                        and target.value.id == "self":
                    found[target.attr] = statement.value.value
    return found


def init_constants(info: ClassInfo) -> dict[str, Any]:
    """As :func:`_init_constants`, once per class."""
    if info.qualified not in _constants:
        _constants[info.qualified] = _init_constants(info)
    return dict(_constants[info.qualified])


def _init_constants(info: ClassInfo) -> dict[str, Any]:
    """``self.<name> = <literal>`` in ``__init__`` over the MRO: flags such as ``use_tiling = False``."""
    found: dict[str, Any] = {}
    for base in reversed(info.mro):
        found.update(_literal_self_assignments(method_node(base, "__init__")))
    return found


def defaults(node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, Any]:
    """Each parameter's default literal (UNKNOWN without one, or when it is not a literal)."""
    args = node.args
    values: dict[str, Any] = {a.arg: UNKNOWN for a in args.posonlyargs + args.args + args.kwonlyargs}
    positional = args.posonlyargs + args.args
    for argument, default in zip(positional[len(positional) - len(args.defaults):], args.defaults):
        values[argument.arg] = _literal(default)
    for argument, default in zip(args.kwonlyargs, args.kw_defaults):
        if default is not None:
            values[argument.arg] = _literal(default)
    values.pop("self", None)
    return values


def _literal(node: ast.AST) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return UNKNOWN


class Evaluator:
    """Three-valued evaluation of an ``if`` test: True, False or None (unknown).

    ``self.<name>`` is read from the values the walk has seen assigned (``self._clip_skip = clip_skip``,
    ``self.use_tiling = False`` in ``__init__``), and through a property that returns one expression
    (``def clip_skip(self): return self._clip_skip``)."""

    def __init__(self, env: dict[str, Any], self_values: dict[str, Any], components: frozenset[str],
                 cls: ClassInfo | None = None, self_name: str = "self", inputs: frozenset[str] | None = None,
                 input_attributes: set[str] | None = None) -> None:
        self.env = env
        # Names whose value comes from the call a user or test makes (``__call__``'s parameters, and a
        # callee's parameters passed something derived from them); a default nobody passes is not one.
        self.inputs = frozenset(env) if inputs is None else inputs
        # ``self.<name>`` assigned from an input on the way (``self._clip_skip = clip_skip``).
        self.input_attributes = input_attributes if input_attributes is not None else set()
        self.self_values = self_values
        self.components = components
        self.cls = cls
        self.line_offset = 0  # added to the walked tree's line numbers for the file's
        self.flags = frozenset(init_constants(cls)) if cls is not None else frozenset()
        self.self_name = self_name  # ``pipe`` in a helper called as ``helper(pipe=self)``
        # Local names standing for a component: ``text_encoder = self.text_encoder``, or a parameter
        # given ``self.text_encoder`` by the caller (``self._run(self.text_encoder, ...)``).
        self.aliases: dict[str, str] = {}

    def truth(self, node: ast.AST) -> bool | None:
        if isinstance(node, ast.BoolOp):
            values = [self.truth(v) for v in node.values]
            if isinstance(node.op, ast.And):
                return False if False in values else (None if None in values else True)
            return True if True in values else (None if None in values else False)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            inner = self.truth(node.operand)
            return None if inner is None else not inner
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            return _compare(node.ops[0], self.value(node.left), self.value(node.comparators[0]))
        value = self.value(node)
        if value is UNKNOWN:
            return None
        try:
            return bool(value)
        except Exception:  # a literal whose truth raises: unknown
            return None

    def value(self, node: ast.AST) -> Any:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            return self.env.get(node.id, UNKNOWN)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == self.self_name:
            if node.attr in self.self_values:
                return self.self_values[node.attr]
            returned = self._property_expression(node.attr)
            return UNKNOWN if returned is None else Evaluator({}, self.self_values, self.components).value(returned)
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self.value(e) for e in node.elts]
            return UNKNOWN if any(i is UNKNOWN for i in items) else items
        return UNKNOWN

    def _property_expression(self, name: str) -> ast.expr | None:
        found = self.cls.methods.get(name) if self.cls is not None else None
        if found is None or not found[1].is_property:
            return None
        node = method_node(found[0], name)
        body = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))] \
            if node is not None else []
        if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
            return body[0].value
        return None

    def on_input(self, node: ast.AST, depth: int = 0) -> bool:
        """Whether the test reads an input of the call, an attribute assigned from one, or a flag a user sets
        on the component (``self.use_tiling``, assigned a literal in ``__init__``)."""
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and sub.id in self.inputs:
                return True
            if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == self.self_name:
                if sub.attr in self.input_attributes or sub.attr in self.flags:
                    return True
                returned = self._property_expression(sub.attr) if depth < 2 else None
                if returned is not None and self.on_input(returned, depth + 1):
                    return True
        return False


def _compare(op: ast.cmpop, left: Any, right: Any) -> bool | None:
    if isinstance(op, (ast.Is, ast.IsNot)):
        if left is UNKNOWN or right is UNKNOWN:
            return None
        same = left is right
        return same if isinstance(op, ast.Is) else not same
    if left is UNKNOWN or right is UNKNOWN:
        return None
    try:
        result = {ast.Eq: lambda: left == right, ast.NotEq: lambda: left != right, ast.Lt: lambda: left < right,
                  ast.LtE: lambda: left <= right, ast.Gt: lambda: left > right, ast.GtE: lambda: left >= right,
                  ast.In: lambda: left in right, ast.NotIn: lambda: left not in right}[type(op)]()
    except Exception:  # an unknown operator, or values that do not compare
        return None
    return bool(result)


def negated(test: ast.expr) -> str:
    """The source of ``not test``, written the way a reader would (``x is None`` for ``x is not None``)."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        flipped = {ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
                   ast.In: ast.NotIn, ast.NotIn: ast.In}.get(type(test.ops[0]))
        if flipped is not None:
            return ast.unparse(ast.Compare(test.left, [flipped()], test.comparators))
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return ast.unparse(test.operand)
    return f"not ({ast.unparse(test)})" if isinstance(test, (ast.BoolOp, ast.Compare)) else f"not {ast.unparse(test)}"


_texts: dict[tuple[int, bool], tuple[ast.expr, str]] = {}


def _source(test: ast.expr, negate: bool) -> str:
    known = _texts.get((id(test), negate))
    if known is None or known[0] is not test:
        known = (test, negated(test) if negate else ast.unparse(test))
        _texts[(id(test), negate)] = known
    return known[1]


def _exits(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise, ast.Continue, ast.Break))


_calls_of: dict[int, tuple[ast.AST, list[ast.Call]]] = {}


def _calls(node: ast.AST) -> list[ast.Call]:
    """Calls in an expression or simple statement, not inside nested functions or lambdas (the parsed
    trees live as long as the process, so a node's calls are collected once)."""
    known = _calls_of.get(id(node))
    if known is None or known[0] is not node:
        known = (node, list(_iter_calls(node)))
        _calls_of[id(node)] = known
    return known[1]


def _iter_calls(node: ast.AST) -> Iterator[ast.Call]:
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(current, ast.Call):
            yield current
        stack.extend(ast.iter_child_nodes(current))


def self_chain(node: ast.AST, self_name: str = "self") -> tuple[str, ...] | None:
    """``self.a.b`` -> ("a", "b"); None when the expression is not a plain ``self`` attribute chain."""
    names: list[str] = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name) and node.id == self_name and names:
        return tuple(reversed(names))
    return None


class Walker:
    """Walks the methods of one class from its entry points, recording lines, self-calls and
    calls into components with the tests that guard them."""

    def __init__(self, cls: ClassInfo, components: frozenset[str], label: str = "",
                 switched: dict[str, Any] | None = None) -> None:
        self.cls = cls
        self.components = components
        self.label = label  # prefix for guard texts in a component (``self.vae.``)
        # ``__init__``'s literals, then what the caller switched on (``vae.enable_tiling()`` in a test)
        self.self_values = {**init_constants(cls), **(switched or {})}
        self.reach = Reach()
        self._active: set[str] = set()
        self._input_attributes: set[str] = set()

    def walk(self, method: str, env: dict[str, Any] | None = None, path: Path = Path(),
             passed: Passed | None = None) -> Reach:
        """Walk from ``method``; with ``passed``, only the parameters its callers give are the call's
        inputs (unknown values), the others keep their defaults (``force_not_quantize=True``)."""
        self._method(method, env, path, 0, passed=passed)
        return self.reach

    def _method(self, name: str, arguments: dict[str, Any] | None, path: Path, depth: int,
                call: ast.Call | None = None, caller: Evaluator | None = None, passed: Passed | None = None) -> None:
        found = self.cls.methods.get(name)
        if found is None or depth > _MAX_DEPTH or name in self._active:
            return
        owner, _ = found
        node, offset = method_and_offset(owner, name)
        if node is None:
            return
        env = defaults(node)
        inputs = frozenset(env)  # the walk's entry: every parameter comes from the caller
        if passed is not None:
            names = [a.arg for a in node.args.posonlyargs + node.args.args][1:]
            inputs = frozenset(names[:passed.positional]) | (passed.keywords & set(env))
            env.update({name: UNKNOWN for name in inputs})
        if call is not None and caller is not None:
            env, inputs = _bind(call, node, caller)
        for key, value in (arguments or {}).items():
            if key in env:
                env[key] = value
        add_path(self.reach.methods.setdefault((owner.qualified, name), []), path)
        evaluator = Evaluator(env, self.self_values, self.components, self.cls, inputs=inputs,
                              input_attributes=self._input_attributes)
        evaluator.line_offset = offset
        if call is not None and caller is not None:
            evaluator.aliases = _component_arguments(call, node, caller)
        self._active.add(name)
        try:
            self._block(node.body, owner, evaluator, path, depth)
        finally:
            self._active.discard(name)

    def _block(self, body: list[ast.stmt], owner: ClassInfo, evaluator: Evaluator, path: Path, depth: int) -> None:
        for statement in body:
            if isinstance(statement, ast.If):
                conjuncts = statement.test.values if isinstance(statement.test, ast.BoolOp) and \
                    isinstance(statement.test.op, ast.And) else [statement.test]
                guards = tuple(self._guard(part, evaluator, negate=False) for part in conjuncts)
                self._record(statement.test, owner, evaluator, path, depth)
                self._block(statement.body, owner, evaluator, Path(path.guards + guards, path.via), depth)
                otherwise = self._guard(statement.test, evaluator, negate=True)
                self._block(statement.orelse, owner, evaluator, Path(path.guards + (otherwise,), path.via), depth)
                if _exits(statement.body) and not statement.orelse:
                    path = Path(path.guards + (otherwise,), path.via)  # what follows runs only when the test fails
                continue
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                # A nested function may run (a hook, a closure handed on): its lines count as reached
                # on this path, its calls are not followed.
                if not path.dead:
                    self._mark_lines(statement, owner, evaluator, path)
                continue
            nested = [getattr(statement, name) for name in ("body", "orelse", "finalbody") if
                      isinstance(getattr(statement, name, None), list)]
            handlers = getattr(statement, "handlers", None) or []
            if nested or handlers:
                for part in _headers(statement):
                    self._record(part, owner, evaluator, path, depth)
                for block in nested:
                    self._block(block, owner, evaluator, path, depth)
                for handler in handlers:
                    self._block(handler.body, owner, evaluator, path, depth)
                continue
            self._record(statement, owner, evaluator, path, depth)

    def _guard(self, test: ast.expr, evaluator: Evaluator, negate: bool) -> Guard:
        value = evaluator.truth(test)
        text = _source(test, negate)
        if self.label:
            text = text.replace("self.", self.label)
        return Guard(text, None if value is None else (not value if negate else value), evaluator.on_input(test))

    def _record(self, node: ast.AST, owner: ClassInfo, evaluator: Evaluator, path: Path, depth: int) -> None:
        if path.dead:
            return
        if isinstance(node, ast.Assign) and not path.guards:
            for target in node.targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                        and target.value.id == evaluator.self_name:
                    self.self_values[target.attr] = evaluator.value(node.value)
                    if evaluator.on_input(node.value):
                        self._input_attributes.add(target.attr)
        self._mark_lines(node, owner, evaluator, path)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            bound = self_chain(node.value, evaluator.self_name)
            if bound is not None and len(bound) == 1 and bound[0] in self.components:
                evaluator.aliases[node.targets[0].id] = bound[0]
        for call in _calls(node):
            chain = self_chain(call.func, evaluator.self_name)
            if chain is None:
                chain = _alias_chain(call.func, evaluator.aliases)
            if chain is None:
                self._helper(call, owner, evaluator, path, depth)
                continue
            if len(chain) == 1 and chain[0] in self.components:
                self._enter(chain[0], "forward", call, path.then(f"self.{chain[0]}(...)"))
            elif len(chain) == 2 and chain[0] in self.components:
                self._enter(chain[0], chain[1], call, path.then(f"self.{chain[0]}.{chain[1]}(...)"))
            elif len(chain) == 1 and chain[0] in self.cls.methods:
                self._method(chain[0], None, path.then(chain[0]), depth + 1, call, evaluator)


    def _mark_lines(self, node: ast.AST, owner: ClassInfo, evaluator: Evaluator, path: Path) -> None:
        first = getattr(node, "lineno", None)
        last = getattr(node, "end_lineno", first)
        if first is not None:
            for line in range(first + evaluator.line_offset, (last or first) + evaluator.line_offset + 1):
                add_path(self.reach.lines.setdefault((owner.file.path, line), []), path)

    def _enter(self, component: str, method: str, call: ast.Call, path: Path) -> None:
        self.reach.entries.setdefault(component, []).append((method, path))
        key = (component, method)
        passed = Passed.of(call)
        if key not in self.reach.passed:
            self.reach.passed[key] = passed
        elif self.reach.passed[key] is not None:
            self.reach.passed[key] = self.reach.passed[key].union(passed)  # type: ignore[union-attr]

    def _helper(self, call: ast.Call, owner: ClassInfo, evaluator: Evaluator, path: Path, depth: int) -> None:
        """``helper(self, ...)`` / ``helper(pipe=self)``: a function of the same file given the instance
        is walked with its parameter standing for ``self``; any other is named in the reach's notes."""
        bound = _bound_to_self(call, evaluator)
        if bound is None or not isinstance(call.func, ast.Name) or call.func.id in _BUILTINS \
                or call.func.id in evaluator.env:  # a builtin, or a callback the caller passed in
            return
        function = _module_functions(owner.file.path).get(call.func.id)
        parameter = _parameter_for(function, bound) if function is not None else None
        if function is None or parameter is None or depth > _MAX_DEPTH or call.func.id in self._active:
            self.reach.unfollowed.add(ast.unparse(call.func))
            return
        env = defaults(function)
        env.pop(parameter, None)
        env.update({k: v for k, v in _arguments(call, evaluator).items() if k in env})
        self._active.add(call.func.id)
        try:
            inner = Evaluator(env, self.self_values, self.components, self.cls, self_name=parameter)
            self._block(function.body, owner, inner, path.then(call.func.id), depth + 1)
        finally:
            self._active.discard(call.func.id)


def _bound_to_self(call: ast.Call, evaluator: Evaluator) -> int | str | None:
    """Where the call passes the instance: its position, or its keyword."""
    for position, argument in enumerate(call.args):
        if isinstance(argument, ast.Name) and argument.id == evaluator.self_name:
            return position
    for keyword in call.keywords:
        if keyword.arg and isinstance(keyword.value, ast.Name) and keyword.value.id == evaluator.self_name:
            return keyword.arg
    return None


def _parameter_for(function: ast.FunctionDef | ast.AsyncFunctionDef, bound: int | str) -> str | None:
    names = [a.arg for a in function.args.posonlyargs + function.args.args]
    if isinstance(bound, int):
        return names[bound] if bound < len(names) else None
    return bound if bound in names or bound in {a.arg for a in function.args.kwonlyargs} else None


@lru_cache(maxsize=512)
def _module_functions(path: str) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    tree = _parsed(path)
    return {node.name: node for node in (tree.body if tree else ())
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


_MAX_PATHS = 12  # per line: enough to tell taken from not and to show alternatives


def add_path(paths: list[Path], path: Path) -> None:
    if len(paths) < _MAX_PATHS and path not in paths:
        paths.append(path)


def _headers(statement: ast.stmt) -> list[ast.AST]:
    """The expressions a compound statement evaluates itself (a loop's iterable, a ``with`` item)."""
    parts: list[ast.AST] = []
    for name in ("iter", "test", "target"):
        value = getattr(statement, name, None)
        if isinstance(value, ast.AST):
            parts.append(value)
    for item in getattr(statement, "items", None) or []:
        parts.append(item.context_expr)
    return parts


def _alias_chain(node: ast.AST, aliases: dict[str, str]) -> tuple[str, ...] | None:
    """``text_encoder.encode`` where ``text_encoder`` stands for ``self.text_encoder``: the chain from self."""
    names: list[str] = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name) and node.id in aliases:
        return (aliases[node.id], *reversed(names))
    return None


def _component_arguments(call: ast.Call, node: ast.FunctionDef | ast.AsyncFunctionDef,
                         caller: Evaluator) -> dict[str, str]:
    """The callee's parameters the call gives a component (``self.text_encoder`` or an alias of it)."""
    def component(value: ast.expr) -> str | None:
        chain = self_chain(value, caller.self_name) or _alias_chain(value, caller.aliases)
        return chain[0] if chain is not None and len(chain) == 1 and chain[0] in caller.components else None

    names = [a.arg for a in node.args.posonlyargs + node.args.args][1:]  # after self
    found: dict[str, str] = {}
    for parameter, value in zip(names, call.args):
        if (held := component(value)) is not None:
            found[parameter] = held
    for keyword in call.keywords:
        if keyword.arg and (held := component(keyword.value)) is not None:
            found[keyword.arg] = held
    return found


def _bind(call: ast.Call, node: ast.FunctionDef | ast.AsyncFunctionDef, caller: Evaluator,
          ) -> tuple[dict[str, Any], frozenset[str]]:
    """The callee's parameter values (a passed literal or what the caller knows of the expression; a default
    when nothing is passed) and which of them are inputs (passed something the caller's inputs decide)."""
    env = defaults(node)
    names = [a.arg for a in node.args.posonlyargs + node.args.args][1:]  # after self
    inputs: set[str] = set()
    passed: dict[str, ast.expr] = dict(zip(names, call.args))
    passed.update({k.arg: k.value for k in call.keywords if k.arg})
    for name, value in passed.items():
        if name in env:
            env[name] = caller.value(value)
            if caller.on_input(value) or env[name] is UNKNOWN:
                inputs.add(name)
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        for name in env:  # ``*args`` / ``**kwargs``: what is not bound by name may be anything
            if name not in passed:
                env[name] = UNKNOWN
                inputs.add(name)
    return env, frozenset(inputs)


def _arguments(call: ast.Call, evaluator: Evaluator) -> dict[str, Any]:
    """Keyword arguments whose value the caller knows (``clip_skip=clip_skip`` carries None on)."""
    known: dict[str, Any] = {}
    for keyword in call.keywords:
        if keyword.arg:
            known[keyword.arg] = evaluator.value(keyword.value)
    return known


__all__ = ["Evaluator", "Guard", "Passed", "Path", "Reach", "UNKNOWN", "Walker", "defaults", "init_constants", "method_node", "switched_on",
           "add_path", "negated", "self_chain"]
