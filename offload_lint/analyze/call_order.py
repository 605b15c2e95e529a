"""Whether a component's own forward has run, in the same method, before a line that touches its internals.

Model CPU offload and FSDP2 leave a model's top group on the compute device once its forward has returned
(``Strategy.top_group_after_forward``): ``self.text_encoder(ids)`` followed by
``self.text_encoder.text_projection(h)`` computes with the onloaded weights. What this module answers is the order:
a call ``self.<component>(...)`` that runs on every path to the line, before it, in the same method (or, for a line
in a nested function, before every call of that function), and, where the strategy offloads the component again
when another component runs, no call of another component or of another method of the pipeline in between.

Read with ``ast`` from the defining file, on demand: only for the component touches a keeping strategy selects.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Iterator

from .branches import parsed_file

_Function = ast.FunctionDef | ast.AsyncFunctionDef
# Where a call may run zero times, or later than the statement around it.
_DEFERRED = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.FunctionDef,
             ast.AsyncFunctionDef, ast.ClassDef)


@dataclass(frozen=True)
class OrderQuestion:
    """``self.<component>`` touched at ``line:column`` (1-based line, 0-based column) of the method whose ``def``
    is on ``method_line`` of ``path``."""

    path: str
    method_line: int
    component: str
    line: int
    column: int
    # Also count ``self.<component>.forward(...)``: the strategy's hook wraps the forward attribute.
    forward_attribute: bool
    # Names of ``self`` attributes whose call may offload the component again (the pipeline's other modules);
    # None: nothing in between matters (the weights stay until a backward).
    offloaders: frozenset[str] | None
    # The class's methods: ``self.<method>(...)`` in between may run another component.
    methods: frozenset[str] = frozenset()


def forward_before(question: OrderQuestion) -> int | None:
    """The line of the component's forward call that runs before the touch on every path, or None."""
    tree = parsed_file(question.path)
    function = _function_at(tree, question.method_line) if tree is not None else None
    if function is None:
        return None
    target = (question.line, question.column)
    nested = _enclosing_nested(function, question.line)
    if nested is None:
        return _in_own_arguments(function, target, question) or _dominating_forward(function, function, target,
                                                                                    question)
    calls = _calls_of_local(function, nested)
    if not calls or _deferred_at(nested, target):
        return None
    lines = []
    for call in calls:
        found = _forward_in_arguments(call, question) or _dominating_forward(
            function, nested, (call.lineno, call.col_offset), question)
        if found is None:
            return None
        lines.append(found)
    if question.offloaders is not None and _offloading_calls(nested, question, (nested.lineno, 0), target):
        return None
    return min(lines)


def _in_own_arguments(function: _Function, target: tuple[int, int], question: OrderQuestion) -> int | None:
    """``self.c.child(self.c(ids).last_hidden_state)``: the touch is called with the forward's result, which the
    call's arguments compute first."""
    call = next((node for node in ast.walk(function) if isinstance(node, ast.Call) and _start(node.func) == target),
                None)
    return _forward_in_arguments(call, question) if call is not None else None


def _forward_in_arguments(call: ast.Call, question: OrderQuestion) -> int | None:
    arguments = [*call.args, *(keyword.value for keyword in call.keywords)]
    if question.offloaders is not None and any(isinstance(node, ast.Call) and _may_offload(node, question)
                                               for argument in arguments for node in ast.walk(argument)):
        return None
    for argument in arguments:
        found = _forward_in_expression(argument, question)
        if found is not None:
            return found.lineno
    return None


def _function_at(tree: ast.Module, line: int) -> _Function | None:
    return next((node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and node.lineno == line), None)


def _enclosing_nested(function: _Function, line: int) -> _Function | None:
    """The outermost function defined inside ``function`` whose body holds ``line`` (the walk is breadth first)."""
    return next((node for node in ast.walk(function) if node is not function
                 and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and node.lineno < line <= (node.end_lineno or node.lineno)), None)


def _calls_of_local(function: _Function, nested: _Function) -> list[ast.Call] | None:
    """Every ``name(...)`` of the nested function in ``function``; None when its name is used otherwise (handed
    on, stored): then it may run anywhere."""
    calls = [node for node in ast.walk(function) if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Name) and node.func.id == nested.name]
    called = {id(call.func) for call in calls}
    handed_on = any(isinstance(node, ast.Name) and node.id == nested.name and id(node) not in called
                    for node in ast.walk(function))
    if handed_on or any(_inside(nested, call) for call in calls):
        return None
    return calls


def _inside(outer: ast.AST, node: ast.AST) -> bool:
    return _start(outer) <= _start(node) and _end(node) <= _end(outer)


def _start(node: ast.AST) -> tuple[int, int]:
    return node.lineno, node.col_offset  # type: ignore[attr-defined]


def _end(node: ast.AST) -> tuple[int, int]:
    return (node.end_lineno or node.lineno, node.end_col_offset or 0)  # type: ignore[attr-defined]


def _dominating_forward(function: _Function, stop: _Function, target: tuple[int, int],
                        question: OrderQuestion) -> int | None:
    """A statement before ``target`` on its path through ``function``'s blocks that always calls the forward."""
    path = _statement_path(function.body, target)
    if path is None or _deferred_at(path[-1][0][path[-1][1]], target):
        return None
    for depth, (block, index) in enumerate(path):
        for statement in reversed(block[:index]):
            call = _forward_call(statement, question)
            if call is None:
                continue
            if question.offloaders is not None and (
                    _offloading_calls(function, question, (call.end_lineno or call.lineno, call.end_col_offset or 0),
                                      target, skip=stop if stop is not function else None)
                    or _loops_run_offloaders(path[depth:], question)):
                return None
            return call.lineno
    return None


def _deferred_at(statement: ast.stmt | _Function, target: tuple[int, int]) -> bool:
    """The target sits in a lambda or a function defined in the statement: it runs when that is called."""
    return any(isinstance(node, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)) and node is not statement
               and _start(node) <= target <= _end(node) for node in ast.walk(statement))


def _statement_path(block: list[ast.stmt], target: tuple[int, int]) -> list[tuple[list[ast.stmt], int]] | None:
    """(block, index) of each statement around ``target``, outermost first."""
    for index, statement in enumerate(block):
        if not _start(statement) <= target <= _end(statement):
            continue
        inner: list[tuple[list[ast.stmt], int]] = []
        for name in ("body", "orelse", "finalbody", "handlers"):
            sub = getattr(statement, name, None)
            if not isinstance(sub, list) or not sub:
                continue
            if name == "handlers":
                for handler in sub:
                    found = _statement_path(handler.body, target)
                    if found is not None:
                        inner = found
            elif isinstance(sub[0], ast.stmt):
                found = _statement_path(sub, target)
                if found is not None:
                    inner = found
        return [(block, index)] + inner
    return None


def _forward_call(statement: ast.stmt, question: OrderQuestion) -> ast.Call | None:
    """A call of the component's forward that runs whenever ``statement`` completes."""
    if isinstance(statement, (ast.With, ast.AsyncWith)):
        for item in statement.items:
            found = _forward_in_expression(item.context_expr, question)
            if found is not None:
                return found
        for inner in reversed(statement.body):
            found = _forward_call(inner, question)
            if found is not None:
                return found
        return None
    if isinstance(statement, (ast.If, ast.While)):
        return _forward_in_expression(statement.test, question)
    if isinstance(statement, (ast.For, ast.AsyncFor)):
        return _forward_in_expression(statement.iter, question)
    if isinstance(statement, (ast.Try, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
            or not isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr, ast.Return)):
        return None
    return _forward_in_expression(statement, question)


def _forward_in_expression(node: ast.AST, question: OrderQuestion) -> ast.Call | None:
    for child in _always_evaluated(node):
        if isinstance(child, ast.Call) and _is_forward(child.func, question):
            return child
    return None


def _always_evaluated(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes of an expression that run whenever it is evaluated (not a conditional branch, a short-circuited
    operand, a lambda's or a comprehension's body)."""
    yield node
    if isinstance(node, _DEFERRED):
        return
    if isinstance(node, ast.IfExp):
        yield from _always_evaluated(node.test)
        return
    if isinstance(node, ast.BoolOp):
        yield from _always_evaluated(node.values[0])
        return
    for child in ast.iter_child_nodes(node):
        yield from _always_evaluated(child)


def _is_forward(func: ast.expr, question: OrderQuestion) -> bool:
    if question.forward_attribute and isinstance(func, ast.Attribute) and func.attr == "forward":
        func = func.value
    return isinstance(func, ast.Attribute) and func.attr == question.component \
        and isinstance(func.value, ast.Name) and func.value.id == "self"


def _offloading_calls(scope: ast.AST, question: OrderQuestion, after: tuple[int, int], before: tuple[int, int],
                      skip: ast.AST | None = None) -> bool:
    """Whether a call between the two positions may offload the component again."""
    for node in ast.walk(scope):
        if not isinstance(node, ast.Call) or (skip is not None and _inside(skip, node)):
            continue
        if after <= (node.lineno, node.col_offset) < before and _may_offload(node, question):
            return True
    return False


def _loops_run_offloaders(path: list[tuple[list[ast.stmt], int]], question: OrderQuestion) -> bool:
    """A loop around the touch (inside the forward call's block) that calls another component after the touch
    runs it again, before the touch, on the next turn."""
    for block, index in path[:-1]:
        statement = block[index]
        if isinstance(statement, (ast.For, ast.AsyncFor, ast.While)) and any(
                isinstance(node, ast.Call) and _may_offload(node, question) for node in ast.walk(statement)):
            return True
    return False


def _may_offload(call: ast.Call, question: OrderQuestion) -> bool:
    """``self.<other module>(...)``, ``self.<other module>.<...>(...)`` or ``self.<method>(...)`` (which may run
    another component)."""
    assert question.offloaders is not None
    chain: list[str] = []
    func: ast.expr = call.func
    while isinstance(func, ast.Attribute):
        chain.append(func.attr)
        func = func.value
    if not (isinstance(func, ast.Name) and func.id == "self" and chain):
        return False
    first = chain[-1]
    if first == question.component:
        return False
    return first in question.offloaders or (len(chain) == 1 and first in question.methods)


__all__ = ["OrderQuestion", "forward_before"]
