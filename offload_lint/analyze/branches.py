"""Whether a caller's call can reach a line of the called method: a line under ``if not force_not_quantize:``
runs only when the caller passes that argument, when its default keeps the branch shut.

Read with ``ast`` from the two files, on demand (only for the component findings a pipeline's call cites).
"""

from __future__ import annotations

import ast
import os
from functools import lru_cache
from pathlib import Path

from ..source import parse_python

_NOT_GIVEN = object()


def parsed_file(path: str) -> ast.Module | None:
    """``path`` parsed, or None when unreadable; kept while the file is unchanged (a long-lived flake8 process
    sees edits)."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return _parsed(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _parsed(path: str, mtime_ns: int, size: int) -> ast.Module | None:
    return parse_file(path)


def parse_file(path: str) -> ast.Module | None:
    """``path`` parsed afresh, or None when unreadable: for a reader that keeps what it needs, not the tree."""
    try:
        return parse_python(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
        return None


@lru_cache(maxsize=256)
def _attribute_calls(path: str, mtime_ns: int, size: int) -> dict[tuple[int, str], list[ast.Call]]:
    """The file's ``<x>.<method>(...)`` calls by (line, method), in walk order: a file is asked about many calls."""
    tree = _parsed(path, mtime_ns, size)
    found: dict[tuple[int, str], list[ast.Call]] = {}
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            found.setdefault((node.lineno, node.func.attr), []).append(node)
    return found


def _function(tree: ast.Module, name: str, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name \
                and node.lineno <= line <= (node.end_lineno or node.lineno):
            return node
    return None


def literal_defaults(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, tuple[int | None, object]]:
    """Parameter -> (its position after ``self``, or None for keyword-only; its literal default)."""
    arguments = function.args
    positional = arguments.posonlyargs + arguments.args
    found: dict[str, tuple[int | None, object]] = {}
    first_default = len(positional) - len(arguments.defaults)
    for index, parameter in enumerate(positional):
        if index >= first_default:
            default = arguments.defaults[index - first_default]
            if isinstance(default, ast.Constant):
                found[parameter.arg] = (index - 1, default.value)
    for parameter, default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        if isinstance(default, ast.Constant):
            found[parameter.arg] = (None, default.value)
    return found


def _taken(test: ast.expr, name_values: dict[str, object]) -> bool | None:
    """Whether ``test`` holds with the parameters at their defaults (None: it depends on something else)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _taken(test.operand, name_values)
        return None if inner is None else not inner
    if isinstance(test, ast.Name) and test.id in name_values:
        return bool(name_values[test.id])
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.comparators[0], ast.Constant):
        left, right, operator = _known_value(test.left, name_values), test.comparators[0].value, test.ops[0]
        if left is _NOT_GIVEN:
            return None
        if isinstance(operator, (ast.Is, ast.IsNot)) and right is None:
            return (left is None) is isinstance(operator, ast.Is)
        if isinstance(operator, (ast.Eq, ast.NotEq)) and isinstance(left, (str, int, float, bool, type(None))):
            return (left == right) is isinstance(operator, ast.Eq)
    return None


def _known_value(expression: ast.expr, name_values: dict[str, object]) -> object:
    """The value of a parameter left at its default, or of ``kwargs.get("key"[, default])`` when the call passes no
    such keyword (``name_values["**kwargs"]``: the keywords it passes); ``_NOT_GIVEN`` otherwise."""
    if isinstance(expression, ast.Name):
        return name_values.get(expression.id, _NOT_GIVEN)
    if not (isinstance(expression, ast.Call) and isinstance(expression.func, ast.Attribute)
            and expression.func.attr == "get" and isinstance(expression.func.value, ast.Name)
            and not expression.keywords and 1 <= len(expression.args) <= 2
            and all(isinstance(argument, ast.Constant) for argument in expression.args)):
        return _NOT_GIVEN
    passed = name_values.get("**" + expression.func.value.id, _NOT_GIVEN)
    key = expression.args[0].value
    if passed is _NOT_GIVEN or not isinstance(passed, frozenset) or key in passed:
        return _NOT_GIVEN
    return expression.args[1].value if len(expression.args) == 2 else None


def _kwargs_written(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str, line: int) -> bool:
    """Whether ``function`` rebinds or changes its ``**name`` before ``line`` (then its keys are not the caller's)."""
    for node in ast.walk(function):
        if getattr(node, "lineno", line) >= line:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
            if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            if isinstance(target, ast.Subscript):
                target = target.value
            if isinstance(target, ast.Name) and target.id == name:
                return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
                and node.func.value.id == name and node.func.attr in ("update", "setdefault", "__setitem__", "pop"):
            return True
    return False


def _guards(function: ast.AST, line: int) -> list[tuple[ast.expr, bool]]:
    """The ``if`` tests around ``line`` and whether the line is in their body (True) or ``else`` (False)."""
    found = []
    for node in ast.walk(function):
        if not isinstance(node, ast.If):
            continue
        for branch, in_body in ((node.body, True), (node.orelse, False)):
            if branch and branch[0].lineno <= line <= (branch[-1].end_lineno or branch[-1].lineno):
                found.append((node.test, in_body))
    return found


def _passed(call_path: str, call_line: int, method: str) -> tuple[int, frozenset[str]] | None:
    """(positional arguments, keywords) of the call of ``.method(...)`` on ``call_line``; None when unknown
    (``*args``/``**kwargs``, several calls on the line, unreadable)."""
    try:
        stat = os.stat(call_path)
    except OSError:
        return None
    calls = _attribute_calls(call_path, stat.st_mtime_ns, stat.st_size).get((call_line, method), [])
    if len(calls) != 1:
        return None
    call = calls[0]
    if any(isinstance(argument, ast.Starred) for argument in call.args) or any(k.arg is None for k in call.keywords):
        return None
    return len(call.args), frozenset(k.arg for k in call.keywords if k.arg)


def unreached_by_call(defined_path: str, line: int, method: str, call_path: str, call_line: int) -> bool:
    """Whether ``line`` of ``method`` (in ``defined_path``) sits under a test on a parameter the call at
    ``call_path:call_line`` leaves at a default that keeps the branch from running."""
    tree = parsed_file(defined_path)
    function = _function(tree, method, line) if tree is not None else None
    if function is None:
        return False
    defaults = literal_defaults(function)
    passed = _passed(call_path, call_line, method)
    if passed is None:
        return False
    positional, keywords = passed
    left_at_default: dict[str, object] = {name: value for name, (position, value) in defaults.items()
                                          if name not in keywords and (position is None or position >= positional)}
    extra = function.args.kwarg.arg if function.args.kwarg is not None else None
    guards = _guards(function, line)
    if extra is not None and guards and not _kwargs_written(function, extra, min(test.lineno for test, _ in guards)):
        left_at_default["**" + extra] = keywords
    return any(_taken(test, left_at_default) is (not in_body) for test, in_body in guards)


__all__ = ["parsed_file", "unreached_by_call"]
