"""Branches a model's config opens, which the tree's configs leave shut.

``if self.config.pretraining_tp > 1:`` in a copied LLaMA attention reads the projections' weights without calling
them, but only when ``pretraining_tp`` is above 1. Every config class of the tree defaults it to 1 and no JSON/YAML
config of the tree sets it, so the models the tree builds never take that branch: a finding inside it is about code
nothing runs (a checkpoint whose config sets the field would run it; the suppression says so).

The premise, narrow on purpose:
- the tree is an application (``tree.py``): its own code loads the models, with configs it holds or checkpoints it
  names. A library's models are loaded by its users from checkpoints whose configs set such fields (transformers'
  Gemma 4 assistant's ``use_ordered_embeddings``, LayoutLMv2's ``has_visual_segment_embedding``): never judged so;
- the test is a field of the model's config: ``<self.config | config>.<field>`` or ``self.<field>`` stored in
  ``__init__`` from a config's field of the same name, compared with a constant (``> 1``, ``== 2``, ``is not None``)
  or taken as a truth value; in a chain of ``and``, one such operand is enough;
- the field has a default in at least one config class of the linted tree (a class named ``*Config`` or built on
  one, its ``__init__`` parameters and class attributes: ``ClassSummary.field_defaults``), and every such default
  shuts the branch; config classes outside the tree (an installed transformers) are not read, so the answer does not
  depend on what is installed;
- no JSON/YAML config of the tree names the field.

Read with ``ast`` from the finding's file, on demand: only findings inside such a branch pay for it.
"""

from __future__ import annotations

import ast
import operator
from typing import Callable

from ..index.project import ClassInfo, ProjectIndex
from ..tree import ProjectTree
from .branches import parsed_file

# What an incremental run asks about a field's defaults (``engine._name_facts`` keeps them under this prefix).
FIELD_DEFAULT_READ = "default:"
_COMPARISONS: dict[type, Callable[[object, object], bool]] = {
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Is: operator.is_, ast.IsNot: operator.is_not,
}


class ConfigBranches:
    def __init__(self, project: ProjectIndex, tree: ProjectTree, reads: set[str]) -> None:
        self.project = project
        self.tree = tree
        self.reads = reads  # the names the analysis asked about (``OffloadSemantics.name_reads``)
        self._defaults: dict[str, list[tuple[object, ClassInfo]]] | None = None
        self._methods: dict[str, list[tuple[ast.ClassDef, ast.FunctionDef | ast.AsyncFunctionDef]]] = {}

    def shut(self, path: str, line: int) -> str | None:
        """Why the statement at ``line`` of the file ``path`` (in a method) runs only under a config value the tree
        never sets, or None."""
        if not self.tree.application:
            return None
        if path not in self._methods:
            module = parsed_file(path)
            self._methods[path] = _class_methods(module) if module is not None else []
        found = _method_at(self._methods[path], line)
        if found is None:
            return None
        owner, function = found
        for branch in _branches_holding(function, line):
            for test in _conjuncts(branch.test):
                why = self._shut_by_default(owner, test)
                if why is not None:
                    return f"runs only when `{ast.unparse(branch.test)}` (line {branch.lineno}): {why}"
        return None

    def _shut_by_default(self, owner: ast.ClassDef, test: ast.expr) -> str | None:
        read = _field_test(test)
        if read is None:
            return None
        receiver, field, decide = read
        if receiver == "self" and not _stored_from_config(owner, field):
            return None
        self.reads.add(FIELD_DEFAULT_READ + field)
        defaults = self._field_defaults().get(field)
        if not defaults or field in self.tree.config_words():
            return None
        try:
            if any(decide(value) for value, _ in defaults):
                return None
        except TypeError:  # ``None > 1``: no default the test can be judged by
            return None
        values = sorted({repr(value) for value, _ in defaults})
        holders = sorted({info.name for _, info in defaults})
        return (f"every config class of the tree defaults {field} to {' or '.join(values)} ({', '.join(holders)}) "
                f"and no config file of the tree sets it: a branch the tree's models never take (a checkpoint whose "
                f"config sets {field} would)")

    def _field_defaults(self) -> dict[str, list[tuple[object, ClassInfo]]]:
        """Field -> (default, config class) over the tree's config classes, built once."""
        if self._defaults is None:
            self._defaults = {}
            for info in self.project.project_classes():
                if not _config_class(info):
                    continue
                for field, value in info.summary.field_defaults:
                    self._defaults.setdefault(field, []).append((value, info))
        return self._defaults


def _config_class(info: ClassInfo) -> bool:
    return any(base.rsplit(".", 1)[-1].endswith(("Config", "ConfigMixin")) for base in (info.name, *info.bases))


def _class_methods(module: ast.Module) -> list[tuple[ast.ClassDef, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every class method of the module, with its class."""
    return [(node, statement) for node in ast.walk(module) if isinstance(node, ast.ClassDef)
            for statement in node.body if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _method_at(methods: list[tuple[ast.ClassDef, ast.FunctionDef | ast.AsyncFunctionDef]],
               line: int) -> tuple[ast.ClassDef, ast.FunctionDef | ast.AsyncFunctionDef] | None:
    """The innermost class method holding ``line``, with its class."""
    holding = [(owner, function) for owner, function in methods
               if function.lineno <= line <= (function.end_lineno or function.lineno)]
    return max(holding, key=lambda pair: pair[1].lineno, default=None)


def _branches_holding(function: ast.AST, line: int) -> list[ast.If]:
    """The ``if`` statements whose body (not their test, not their ``else``) holds ``line``, innermost first."""
    found = []
    for node in ast.walk(function):
        if isinstance(node, ast.If) and node.body and node.body[0].lineno <= line \
                <= (node.body[-1].end_lineno or node.body[-1].lineno):
            found.append(node)
    return sorted(found, key=lambda node: -node.lineno)


def _conjuncts(test: ast.expr) -> list[ast.expr]:
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return [part for value in test.values for part in _conjuncts(value)]
    return [test]


def _field_test(test: ast.expr) -> tuple[str, str, Callable[[object], bool]] | None:
    """``self.config.pretraining_tp > 1`` -> ("config", "pretraining_tp", the test on a value)."""
    decide: Callable[[object], bool] = bool
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.comparators[0], ast.Constant) \
            and type(test.ops[0]) in _COMPARISONS:
        compare, constant = _COMPARISONS[type(test.ops[0])], test.comparators[0].value
        decide = lambda value: bool(compare(value, constant))  # noqa: E731
        test = test.left
    if not isinstance(test, ast.Attribute):
        return None
    owner = test.value
    if isinstance(owner, ast.Name) and owner.id == "config":
        return "config", test.attr, decide
    if isinstance(owner, ast.Attribute) and owner.attr == "config" and isinstance(owner.value, ast.Name) \
            and owner.value.id == "self":
        return "config", test.attr, decide
    if isinstance(owner, ast.Name) and owner.id == "self":
        return "self", test.attr, decide
    return None


def _stored_from_config(owner: ast.ClassDef, field: str) -> bool:
    """``self.<field> = config.<field>`` (or ``self.config.<field>``) in the class's ``__init__``."""
    init = next((statement for statement in owner.body
                 if isinstance(statement, ast.FunctionDef) and statement.name == "__init__"), None)
    if init is None:
        return False
    for node in ast.walk(init):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            if isinstance(target, ast.Attribute) and target.attr == field and isinstance(target.value, ast.Name) \
                    and target.value.id == "self" and isinstance(value, ast.Attribute) and value.attr == field \
                    and _field_test(value) is not None and _field_test(value)[0] == "config":
                return True
    return False


__all__ = ["FIELD_DEFAULT_READ", "ConfigBranches"]
