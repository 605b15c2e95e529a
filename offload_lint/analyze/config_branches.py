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

The same holds for a branch on a constructor option the class stores as it is (``self.fused_add_norm =
fused_add_norm``, default ``False``; ``if self.pretraining_tp > 1:``, default ``1``) when every construction the tree
makes leaves that option at its default: the class is built somewhere in the tree (held as a child, or its name
called), no call that may build it or a subclass passes the option (by keyword or position:
``ProjectIndex.option_set``), nothing else stores the attribute (another method of the class or a subclass,
``model.fused_add_norm = True`` anywhere), no other definition names it, and the class is not one users load from a
config (a checkpoint may set any option). In a library, a class it exports by name (``__all__``, a docstring: PyG's
``BatchNorm(allow_single_element=...)``) is a building block its users build with their own options: never judged so.

Read with ``ast`` from the finding's file, on demand: only findings inside such a branch pay for it.
"""

from __future__ import annotations

import ast
import operator
from collections import Counter
from typing import Callable

from ..index.project import ClassInfo, ProjectIndex
from ..tree import ProjectTree
from .branches import literal_defaults, parse_file, parsed_file

# What an incremental run asks about a field's defaults (``engine._name_facts`` keeps them under this prefix).
FIELD_DEFAULT_READ = "default:"
# ... and about the constructor options calls pass (a keyword, or ``Name(`` for a call with positional arguments).
OPTION_READ = "option:"
# ... and about stores of an attribute on anything but ``self`` (the index's ``options_set``, which also holds the
# command-line switches set: ``semantics.SWITCH_READ`` is this prefix).
ATTRIBUTE_STORE_READ = "switch:"
_COMPARISONS: dict[type, Callable[[object, object], bool]] = {
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Is: operator.is_, ast.IsNot: operator.is_not,
}


class ConfigBranches:
    def __init__(self, project: ProjectIndex, tree: ProjectTree, reads: set[str],
                 constructed: Callable[[ClassInfo], bool], exported: Callable[[ClassInfo], bool]) -> None:
        self.project = project
        self.tree = tree
        self.reads = reads  # the names the analysis asked about (``OffloadSemantics.name_reads``)
        self.constructed = constructed  # whether the tree constructs a class (a child of another, or its name called)
        self.exported = exported  # whether the tree names a class in a string (``__all__``, a docstring, a registry)
        self._defaults: dict[str, list[tuple[object, ClassInfo]]] | None = None
        self._methods: dict[str, list[tuple[ast.ClassDef, ast.FunctionDef | ast.AsyncFunctionDef]]] = {}
        self._word_files: Counter[str] | None = None

    def shut(self, path: str, line: int) -> str | None:
        """Why the statement at ``line`` of the file ``path`` (in a method) runs only under a config value or a
        constructor option the tree never sets, or None."""
        if path not in self._methods:
            # One file's tree kept at a time, outside the shared cache of parsed files (the findings come file by
            # file, and most are read for nothing: the trees are not held for the run).
            module = parse_file(path)
            self._methods = {path: _class_methods(module) if module is not None else []}
        found = _method_at(self._methods[path], line)
        if found is None:
            return None
        owner, function = found
        for branch, in_body in _branches_holding(function, line):
            # The body runs when one ``and`` operand is true; the ``else`` when the whole test is false.
            tests = _conjuncts(branch.test) if in_body else [ast.UnaryOp(ast.Not(), branch.test)]
            for test in tests:
                why = self._shut_by_default(path, owner, test)
                if why is not None:
                    return f"runs only when {_condition(branch.test, in_body)} (line {branch.lineno}): {why}"
        return None

    def _shut_by_default(self, path: str, owner: ast.ClassDef, test: ast.expr) -> str | None:
        read = _field_test(test)
        if read is None:
            return None
        receiver, field, decide = read
        if receiver == "self" and not _stored_from_config(owner, field):
            return self._shut_by_option(path, owner, field, decide)
        if not self.tree.application:
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

    def _shut_by_option(self, path: str, owner: ast.ClassDef, field: str, decide: Callable[[object], bool]) -> str | None:
        """Why ``self.<field>``, stored in ``__init__`` from a parameter with a literal default, keeps the test false in
        every construction the tree makes (see the module's docstring), or None."""
        stored = _stored_from_parameter(owner, field)
        if stored is None:
            return None
        parameter, default = stored
        try:
            if decide(default):
                return None
        except TypeError:
            return None
        file = self.project.file_at(path)
        info = self.project.lookup_project_class(f"{file.module}.{owner.name}") if file is not None else None
        if info is None or info.external or info.loaded_from_config or not self.constructed(info):
            return None
        if not self.tree.application and self.exported(info):
            return None  # a library's building block its users build, with their options (PyG's ``BatchNorm``)
        self.reads.update((OPTION_READ + parameter, OPTION_READ + info.name + "(", ATTRIBUTE_STORE_READ + field, field))
        if any(_stores_attribute(node, field, skip_init=node is owner) for node in self._class_nodes(info, owner)):
            return None
        if any(field in summary.options_set for summary in self.project.files):
            return None  # ``model.<field> = ...`` somewhere
        if self._named_elsewhere(file.path, owner.name, field):
            return None
        if self.project.option_set(info, (parameter,)):  # last: it gathers the keywords every call may pass
            return None
        return (f"self.{field} is the constructor's {parameter} (default {default!r}), which no construction in the "
                f"tree sets: a branch the tree's {owner.name} never takes (a caller passing {parameter} would)")

    def _class_nodes(self, info: ClassInfo, owner: ast.ClassDef) -> list[ast.ClassDef]:
        """The class statement and those of its subclasses in the tree (a subclass may store the attribute)."""
        found = [owner]
        for subclass in self.project.subclasses(info):
            module = parsed_file(subclass.file.path)
            if module is None:
                continue
            found.extend(node for node in ast.walk(module)
                         if isinstance(node, ast.ClassDef) and node.name == subclass.name)
        return found

    def _named_elsewhere(self, path: str, class_name: str, field: str) -> bool:
        """Whether ``field`` is a word of another file, or of another top-level definition of ``path``: a name the
        index cannot follow (``getattr(model, "fused")``, a config's ``.fused``) may set or pass it."""
        if self._word_files is None:
            self._word_files = Counter(word for summary in self.project.files for word in set(summary.words))
        file = self.project.file_at(path)
        own = file is not None and field in file.words
        if self._word_files[field] - own > 0:
            return True
        return file is not None and any(field in words for name, words in file.definition_words.items()
                                        if name != class_name)

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


def _branches_holding(function: ast.AST, line: int) -> list[tuple[ast.If, bool]]:
    """The ``if`` statements whose body or ``else`` (not their test) holds ``line``, innermost first, each with whether
    the body holds it."""
    found = []
    for node in ast.walk(function):
        if not isinstance(node, ast.If):
            continue
        for in_body, block in ((True, node.body), (False, node.orelse)):
            if block and block[0].lineno <= line <= (block[-1].end_lineno or block[-1].lineno):
                found.append((node, in_body))
    return sorted(found, key=lambda pair: -pair[0].lineno)


def _condition(test: ast.expr, in_body: bool) -> str:
    """What must hold for a branch's body (or, without ``in_body``, its ``else``) to run, as the user reads it."""
    if in_body:
        return f"`{ast.unparse(test)}`"
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return f"`{ast.unparse(test.operand)}`"
    return f"`{ast.unparse(test)}` is false"


def _conjuncts(test: ast.expr) -> list[ast.expr]:
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return [part for value in test.values for part in _conjuncts(value)]
    return [test]


def _field_test(test: ast.expr) -> tuple[str, str, Callable[[object], bool]] | None:
    """``self.config.pretraining_tp > 1`` -> ("config", "pretraining_tp", the test on a value)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        read = _field_test(test.operand)
        if read is None:
            return None
        receiver, field, inner = read
        return receiver, field, lambda value: not inner(value)
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


def _stored_from_parameter(owner: ast.ClassDef, field: str) -> tuple[str, object] | None:
    """``self.<field> = <parameter>`` in the class's ``__init__``, the parameter having a literal default: (the
    parameter, its default)."""
    init = next((statement for statement in owner.body
                 if isinstance(statement, ast.FunctionDef) and statement.name == "__init__"), None)
    if init is None:
        return None
    stores = [node for node in ast.walk(init) if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))
              and any(_is_self_attribute(target, field) for target in _targets(node))]
    if len(stores) != 1 or not isinstance(stores[0], ast.Assign) or not isinstance(stores[0].value, ast.Name):
        return None
    parameter = stores[0].value.id
    found = literal_defaults(init).get(parameter)
    return (parameter, found[1]) if found is not None else None


def _targets(node: ast.Assign | ast.AnnAssign | ast.AugAssign) -> list[ast.expr]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return [element for target in targets
            for element in (target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target])]


def _is_self_attribute(target: ast.expr, field: str) -> bool:
    return isinstance(target, ast.Attribute) and target.attr == field and isinstance(target.value, ast.Name) \
        and target.value.id == "self"


def _stores_attribute(cls: ast.ClassDef, field: str, skip_init: bool) -> bool:
    """Whether a method of ``cls`` (its ``__init__`` left out with ``skip_init``) stores ``self.<field>``, or hands
    its name to ``setattr``."""
    for statement in cls.body:
        if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if skip_init and statement.name == "__init__":
            continue
        for node in ast.walk(statement):
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) \
                    and any(_is_self_attribute(target, field) for target in _targets(node)):
                return True
            if isinstance(node, ast.Constant) and node.value == field:
                return True
    return False


__all__ = ["ATTRIBUTE_STORE_READ", "FIELD_DEFAULT_READ", "OPTION_READ", "ConfigBranches"]
