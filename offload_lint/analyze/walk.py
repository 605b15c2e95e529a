"""``node.visit(visitor)`` for read-only visitors, without libcst's cost.

libcst visits by rebuilding every node (``_visit_and_replace_children`` constructs and validates
a copy even when nothing changes) and calls two attribute hooks per field. The access collector
changes nothing, so :func:`walk` calls the same ``visit_<Type>``/``leave_<Type>`` methods in the
same order, reading the children straight from the node's fields:

- children come in lexical order (the order libcst visits them); a node's fields are declared in
  that order except for the few types in ``_LEXICAL_ORDER``;
- whitespace, parentheses and blank lines are not visited (no visitor here has a method for them);
- a ``visit_`` method returning ``False`` skips the children, as in libcst.

:func:`agrees` checks the order against libcst's own ``children`` on a sample; callers fall back
to ``node.visit`` when it does not (a libcst whose nodes changed).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

import libcst as cst

# Fields that hold only whitespace, blank lines or punctuation.
_TRIVIA_PREFIXES = ("whitespace", "leading_lines", "lines_after_decorators", "lpar", "rpar", "trailing_whitespace",
                    "footer", "header", "comma", "dot", "colon", "equal", "semicolon", "lbracket", "rbracket",
                    "lbrace", "rbrace", "asynchronous")
# The types whose fields are not declared in the order their code reads (significant fields only).
_LEXICAL_ORDER: dict[type[cst.CSTNode], tuple[str, ...]] = {
    cst.Arg: ("keyword", "value"),
    cst.ExceptHandler: ("type", "name", "body"),
    cst.ExceptStarHandler: ("type", "name", "body"),
    cst.ClassDef: ("decorators", "name", "type_parameters", "bases", "keywords", "body"),
    cst.FunctionDef: ("decorators", "name", "type_parameters", "params", "returns", "body"),
    cst.IfExp: ("body", "test", "orelse"),
    cst.TypeAlias: ("name", "type_parameters", "value"),
    cst.Parameters: ("posonly_params", "posonly_ind", "params", "star_arg", "kwonly_params", "star_kwarg"),
}

_fields: dict[type, tuple[str, ...]] = {}
_Hook = Callable[[Any, Any], Any] | None
_hooks: dict[tuple[type, type], tuple[_Hook, _Hook]] = {}
_FAST: bool | None = None  # whether :func:`children` agrees with libcst (checked on first use)


def _child_fields(kind: type) -> tuple[str, ...]:
    found = _fields.get(kind)
    if found is None:
        names = _LEXICAL_ORDER.get(kind) or tuple(field.name for field in dataclasses.fields(kind))
        found = _fields[kind] = tuple(name for name in names if not name.startswith(_TRIVIA_PREFIXES))
    return found


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The node's children that matter to a visitor, in lexical order."""
    found: list[cst.CSTNode] = []
    for name in _child_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, cst.CSTNode):
            found.append(value)
        elif isinstance(value, (list, tuple)):
            found.extend(item for item in value if isinstance(item, cst.CSTNode))
    return found


def _hooks_of(visitor: cst.CSTVisitor, kind: type) -> tuple[_Hook, _Hook]:
    key = (type(visitor), kind)
    found = _hooks.get(key)
    if found is None:
        name = kind.__name__
        found = _hooks[key] = (getattr(type(visitor), f"visit_{name}", None),
                               getattr(type(visitor), f"leave_{name}", None))
    return found


def walk(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    """Call ``visitor``'s ``visit_``/``leave_`` methods over ``node`` and its subtree, as
    ``node.visit(visitor)`` does for a visitor that changes nothing."""
    global _FAST
    if _FAST is None:
        _FAST = _check()
    if not _FAST:
        node.visit(visitor)
        return
    visit, leave = _hooks_of(visitor, type(node))
    if visit is None or visit(visitor, node) is not False:
        for child in children(node):
            walk(child, visitor)
    if leave is not None:
        leave(visitor, node)


_TRIVIA_TYPES = (cst.BaseParenthesizableWhitespace, cst.EmptyLine, cst.TrailingWhitespace, cst.Newline,
                 cst.LeftParen, cst.RightParen, cst.Comma, cst.Dot, cst.Colon, cst.AssignEqual, cst.Semicolon,
                 cst.LeftSquareBracket, cst.RightSquareBracket, cst.LeftCurlyBrace, cst.RightCurlyBrace, cst.Asynchronous)

_SAMPLE = '''\
type Alias[T: int] = list[T]
@decorator(1, key=value)
class A[U](B, metaclass=M):
    def f(self, a, /, b: int = 1, *args, c=(2), **kwargs) -> "T":
        y = x if self.proj.weight[0] > 1 else (lambda q: q ** 2)(x)
        try:
            z = {k: v for k, v in y.items() if k}, [i async for i in y], f"{x!r:>3}"
        except* (ValueError, KeyError) as e:
            pass
        try:
            pass
        except Exception as e:
            raise RuntimeError("x") from e
        return self.f(x, key=y)[1:2, ...], not y and z
'''


def _order(node: cst.CSTNode, children_of: Callable[[cst.CSTNode], Sequence[cst.CSTNode]]) -> list[str]:
    """Pre-order of the non-trivia node types under ``node``, children as ``children_of`` lists them."""
    order: list[str] = []
    stack = [node]
    while stack:
        current = stack.pop()
        order.append(type(current).__name__)
        stack.extend(reversed([c for c in children_of(current) if not isinstance(c, _TRIVIA_TYPES)]))
    return order


def agrees(module: cst.Module) -> bool:
    """Whether :func:`children` visits ``module`` in libcst's order."""
    return _order(module, lambda node: node.children) == _order(module, children)


def _check() -> bool:
    try:
        return agrees(cst.parse_module(_SAMPLE))
    except Exception:  # any change in libcst's nodes: use its own visit
        return False


__all__ = ["agrees", "children", "walk"]
