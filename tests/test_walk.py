"""The fast walk calls a read-only visitor's methods in the order libcst's own visit does."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from offload_lint.analyze import walk as walk_module
from offload_lint.analyze.walk import walk

ROOT = Path(__file__).parent.parent
SOURCES = sorted((ROOT / "fixtures").rglob("*.py")) + [ROOT / "offload_lint" / "analyze" / "access.py"]


class _Recorder(cst.CSTVisitor):
    """Records every visit and leave of the node types the access collector has methods for."""

    def __init__(self, skip_lambdas: bool = False) -> None:
        super().__init__()
        self.events: list[tuple[str, str, int]] = []
        self.skip_lambdas = skip_lambdas

    def _record(self, event: str, node: cst.CSTNode) -> None:
        self.events.append((event, type(node).__name__, id(node)))

    def visit_Name(self, node: cst.Name) -> None:
        self._record("visit", node)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._record("visit", node)

    def leave_Attribute(self, node: cst.Attribute) -> None:
        self._record("leave", node)

    def visit_Call(self, node: cst.Call) -> None:
        self._record("visit", node)

    def visit_Arg(self, node: cst.Arg) -> None:
        self._record("visit", node)

    def visit_Assign(self, node: cst.Assign) -> None:
        self._record("visit", node)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._record("visit", node)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._record("leave", node)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._record("visit", node)

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        self._record("visit", node)
        return not self.skip_lambdas


def _events(module: cst.Module, fast: bool, skip_lambdas: bool = False) -> list[tuple[str, str, int]]:
    recorder = _Recorder(skip_lambdas)
    if fast:
        walk(module, recorder)
    else:
        module.visit(recorder)
    return recorder.events


def test_the_self_check_passes_with_the_installed_libcst() -> None:
    assert walk_module._check()


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_same_events_as_libcst(path: Path) -> None:
    module = cst.parse_module(path.read_text(encoding="utf-8"))
    assert walk_module.agrees(module)
    assert _events(module, fast=True) == _events(module, fast=False)


def test_a_visit_returning_false_skips_the_children_as_in_libcst() -> None:
    module = cst.parse_module("f = lambda x: g(x.weight) if x else (lambda y: y)(x)\n")
    fast = _events(module, fast=True, skip_lambdas=True)
    assert fast == _events(module, fast=False, skip_lambdas=True)
    assert ("visit", "Call", ) not in {event[:2] for event in fast}  # every call is inside the lambda


def test_keyword_before_value_and_decorators_before_the_name() -> None:
    module = cst.parse_module("@deco(k=v)\ndef f(a=b): return x if c else y\n")
    names = [node_id for event, kind, node_id in _events(module, fast=True) if kind == "Name"]
    assert names == [node_id for event, kind, node_id in _events(module, fast=False) if kind == "Name"]
    order = [name.value for name in _names_in_walk_order(module)]
    assert order == ["deco", "k", "v", "f", "a", "b", "x", "c", "y"]


def _names_in_walk_order(module: cst.Module) -> list[cst.Name]:
    found: list[cst.Name] = []

    class Names(cst.CSTVisitor):
        def visit_Name(self, node: cst.Name) -> None:
            found.append(node)

    walk(module, Names())
    return found
