"""A diffusers checkout's pipeline tests, read with ``ast`` (never imported): for each test class,
the pipeline it tests, the group-offloading lists of its config, its stream switch, the skips,
xfails and do-nothing overrides of the group-offloading tests, and its dummy inputs.

Two shapes of test are understood (docs of the project: ``diffusers-offload-tests.md``):
- the list form: ``group_offloading_exclude_modules``, ``group_offloading_leaf_level_exclude_modules``
  and ``group_offloading_onload_component_names`` on a config class; every other ``nn.Module``
  component is offloaded at both levels;
- the older hard-coded form: one test offloads a fixed list of component names (read from the
  test body when the folder holds it), switched on per class by ``test_group_offloading = True``
  in the ``unittest`` suites.
Classes are resolved by name across the folder, so a config class in one file and the test class
that mixes it in another inherit as Python would make them.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from ..finding import BLOCK, LEAF

EXCLUDE = "group_offloading_exclude_modules"
LEAF_EXCLUDE = "group_offloading_leaf_level_exclude_modules"
ONLOAD = "group_offloading_onload_component_names"
LIST_NAMES: tuple[str, ...] = (EXCLUDE, LEAF_EXCLUDE, ONLOAD)
# The levels at which a listed component is left out of the test.
LEVELS_OF_LIST: dict[str, tuple[str, ...]] = {EXCLUDE: (BLOCK, LEAF), LEAF_EXCLUDE: (LEAF,), ONLOAD: (BLOCK, LEAF)}

# The older test's hard-coded component names, when the folder does not hold the test body.
HARD_CODED_NAMES: tuple[str, ...] = ("text_encoder", "text_encoder_2", "text_encoder_3", "transformer",
                                     "transformer_2", "unet", "controlnet")
# The older unittest suites run the group-offloading test only where this is True.
SWITCH = "test_group_offloading"

_GROUP_OFFLOAD_TEST = re.compile(
    r"^test_(?P<pipeline>pipeline_level_)?group_offloading(?:_inference)?(?:_(?P<level>block|leaf)_level)?$")
_STREAM_SWITCH = re.compile(r"^_?(?:group_offloading_)?use_streams?$", re.I)
_SKIP_DECORATORS = frozenset({"skip", "skipIf", "skipUnless", "skipif"})
_SKIP_CALLS = frozenset({"skipTest", "skip"})


@dataclass(frozen=True)
class Place:
    path: str
    line: int
    column: int  # 1-based
    end_line: int
    end_column: int

    @classmethod
    def of(cls, path: str, node: ast.AST) -> "Place":
        return cls(path, node.lineno, node.col_offset + 1, node.end_lineno or node.lineno,  # type: ignore[attr-defined]
                   (node.end_col_offset or node.col_offset) + 1)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Listed:
    """One name in one of the config's group-offloading lists, where it is written."""

    name: str
    list_name: str
    place: Place


@dataclass(frozen=True)
class Marker:
    """A group-offloading test that will not run or must fail: skipped, xfailed, overridden to do
    nothing, or switched off (``test_group_offloading = False``)."""

    kind: str  # skip | xfail | override | disabled
    test: str
    levels: tuple[str, ...]
    place: Place
    strict: bool = False  # an xfail with strict=True: a pass fails the suite (XPASS)
    text: str = ""  # the decorator or statement, as written

    @property
    def pipeline_level(self) -> bool:
        return self.test.startswith("test_pipeline_level_")


@dataclass
class TestConfig:
    """A test class that names a pipeline, with what it inherits from its bases in the folder."""

    __test__ = False  # not a pytest class, whatever its name

    name: str
    place: Place  # the class statement
    pipeline_class: str  # as written, last dotted part
    pipeline_place: Place  # the ``pipeline_class = X`` statement (maybe in a base)
    lists: dict[str, tuple[Listed, ...]]  # only the lists the config sets
    list_form: bool
    streams: tuple[bool, ...]
    markers: tuple[Marker, ...]
    runs_group_offloading: bool
    hard_coded: tuple[str, ...]  # the older test's offloaded names (list form: empty)
    inputs: dict[str, Any] = field(default_factory=dict)

    def listed(self, name: str) -> dict[str, Listed]:
        """The lists naming ``name``, by list."""
        return {list_name: item for list_name, items in self.lists.items() for item in items if item.name == name}


# --- the folder's classes -------------------------------------------------------------------
@dataclass
class _Class:
    name: str
    path: str
    node: ast.ClassDef
    module: ast.Module
    bases: tuple[str, ...]

    def assignment(self, attribute: str) -> ast.stmt | None:
        for statement in self.node.body:
            if attribute in _targets(statement):
                return statement
        return None

    def method(self, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        for statement in self.node.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and statement.name == name:
                return statement
        return None


class TestFolder:
    """Every top-level class of the ``.py`` files under a folder, by name."""

    __test__ = False

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self.classes: dict[str, list[_Class]] = {}
        self.hard_coded: tuple[str, ...] | None = None
        for path in sorted(self.root.rglob("*.py")) if self.root.is_dir() else [self.root]:
            self._read(path)

    def _read(self, path: Path) -> None:
        try:
            module = ast.parse(path.read_text(encoding="utf-8"), str(path))
        except (SyntaxError, UnicodeDecodeError, OSError):
            return
        for node in module.body:
            if isinstance(node, ast.ClassDef):
                bases = tuple(name for base in node.bases if (name := _last_name(base)))
                self.classes.setdefault(node.name, []).append(_Class(node.name, str(path), node, module, bases))
                if self.hard_coded is None and node.name.endswith("Mixin"):
                    self.hard_coded = _hard_coded_names(node)

    def resolve(self, name: str, near: _Class) -> _Class | None:
        """A base by name: the one in the same file first, then any."""
        found = self.classes.get(name, [])
        same_file = [c for c in found if c.path == near.path]
        return (same_file or found or [None])[0]

    def mro(self, cls: _Class) -> list[_Class]:
        """Depth-first, left to right, each class once, the class itself first (what the tests'
        simple hierarchies give under C3)."""
        order: list[_Class] = []
        stack: list[_Class] = [cls]
        seen: set[int] = set()

        def visit(current: _Class) -> None:
            if id(current) in seen:
                return
            seen.add(id(current))
            order.append(current)
            for base in current.bases:
                resolved = self.resolve(base, current)
                if resolved is not None:
                    visit(resolved)

        visit(stack[0])
        return order

    def all_classes(self) -> Iterator[_Class]:
        for group in self.classes.values():
            yield from group


# --- reading a class ------------------------------------------------------------------------
def read_tests(tests_dir: str | Path) -> list[TestConfig]:
    """Every class under ``tests_dir`` that names a ``pipeline_class`` (its own or a base's)."""
    folder = TestFolder(tests_dir)
    configs = []
    for cls in folder.all_classes():
        config = _config(folder, cls)
        if config is not None:
            configs.append(config)
    return sorted(configs, key=lambda c: (c.place.path, c.place.line))


def _config(folder: TestFolder, cls: _Class) -> TestConfig | None:
    mro = folder.mro(cls)
    owner, statement, pipeline = _pipeline_of(mro)
    if owner is None or statement is None or pipeline is None:
        return None
    pipeline = _unwrapped(folder, owner, pipeline)
    lists = {}
    for list_name in LIST_NAMES:
        list_owner, list_statement = _first_assignment(mro, list_name)
        if list_owner is not None:
            lists[list_name] = tuple(_listed(folder, list_owner, _value(list_statement), list_name))
    markers = _markers(folder, cls, mro)
    return TestConfig(
        name=cls.name,
        place=Place.of(cls.path, cls.node),
        pipeline_class=pipeline,
        pipeline_place=Place.of(owner.path, statement),
        lists=lists,
        list_form=bool(lists) or _has_test(mro, r"_(block|leaf)_level$"),
        streams=_streams(mro),
        markers=markers,
        runs_group_offloading=_runs_group_offloading(mro),
        hard_coded=() if lists else _hard_coded_of(mro) or folder.hard_coded or HARD_CODED_NAMES,
        inputs=_inputs_of(mro),
    )


def _pipeline_of(mro: list[_Class]) -> tuple[_Class | None, ast.stmt | None, str | None]:
    """Where ``pipeline_class = X`` is set for a class, and X (None for a base's placeholder)."""
    owner, statement = _first_assignment(mro, "pipeline_class")
    value = _value(statement)
    name = _last_name(value) if value is not None and not isinstance(value, ast.Constant) else None
    return owner, statement, name


def _unwrapped(folder: TestFolder, near: _Class, name: str) -> str:
    """The pipeline a test-side wrapper subclasses (``class CosmosWrapper(CosmosPipeline)`` in the
    test file, to swap a component in ``from_pretrained``): the linted tree holds the base."""
    seen = {name}
    wrapper = folder.resolve(name, near)
    while wrapper is not None and wrapper.bases and wrapper.bases[0] not in seen:
        name = wrapper.bases[0]
        seen.add(name)
        wrapper = folder.resolve(name, wrapper)
    return name


def _first_assignment(mro: list[_Class], attribute: str) -> tuple[_Class | None, ast.stmt | None]:
    for cls in mro:
        statement = cls.assignment(attribute)
        if statement is not None:
            return cls, statement
    return None, None


def _value(statement: ast.stmt | None) -> ast.expr | None:
    return statement.value if isinstance(statement, (ast.Assign, ast.AnnAssign)) else None


def _targets(statement: ast.stmt) -> list[str]:
    if isinstance(statement, ast.Assign):
        return [t.id for t in statement.targets if isinstance(t, ast.Name)]
    if isinstance(statement, ast.AnnAssign) and statement.value is not None and isinstance(statement.target, ast.Name):
        return [statement.target.id]
    return []


def _last_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):  # Generic[...] and the like
        return _last_name(node.value)
    return None


def _listed(folder: TestFolder, owner: _Class, node: ast.expr | None, list_name: str,
            depth: int = 0) -> Iterator[Listed]:
    """The string names of a list as written: literals in place, and the names a list takes from
    another (``Base.group_offloading_exclude_modules + ["x"]``, ``[*Base.<list>, "x"]``, a module
    constant), where those are written."""
    if node is None or depth > 8:
        return
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield Listed(node.value, list_name, Place.of(owner.path, node))
    elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        for element in node.elts:
            yield from _listed(folder, owner, element.value if isinstance(element, ast.Starred) else element,
                               list_name, depth + 1)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.BitOr)):
        yield from _listed(folder, owner, node.left, list_name, depth + 1)
        yield from _listed(folder, owner, node.right, list_name, depth + 1)
    elif isinstance(node, ast.Call) and _last_name(node.func) in {"list", "tuple", "set", "frozenset", "sorted"}:
        if node.args:
            yield from _listed(folder, owner, node.args[0], list_name, depth + 1)
    elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        base = folder.resolve(node.value.id, owner)
        if base is not None:
            source, statement = _first_assignment(folder.mro(base), node.attr)
            if source is not None:
                yield from _listed(folder, source, _value(statement), list_name, depth + 1)
    elif isinstance(node, ast.Name):
        constant = _module_constant(owner.module, node.id)
        if constant is not None:
            yield from _listed(folder, owner, constant, list_name, depth + 1)


def _module_constant(module: ast.Module, name: str) -> ast.expr | None:
    for statement in module.body:
        if name in _targets(statement):
            return _value(statement)
    return None


def _streams(mro: list[_Class]) -> tuple[bool, ...]:
    """The stream settings the class's group-offloading tests run with: a ``use_stream``
    parametrization of one of them, else a class switch (``_USE_STREAM = True``), else off."""
    for cls in mro:
        for statement in cls.node.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    _GROUP_OFFLOAD_TEST.match(statement.name):
                parametrized = _parametrized_streams(statement)
                if parametrized:
                    return parametrized
    for cls in mro:
        for statement in cls.node.body:
            if any(_STREAM_SWITCH.match(name) for name in _targets(statement)):
                value = _value(statement)
                if isinstance(value, ast.Constant) and isinstance(value.value, bool):
                    return (value.value,)
    return (False,)


def _parametrized_streams(test: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[bool, ...]:
    """``@pytest.mark.parametrize("use_stream", [False, True])`` -> ``(False, True)``."""
    for decorator in test.decorator_list:
        if not (isinstance(decorator, ast.Call) and _last_name(decorator.func) == "parametrize"
                and len(decorator.args) >= 2):
            continue
        names, values = decorator.args[0], decorator.args[1]
        if isinstance(names, ast.Constant) and isinstance(names.value, str) and \
                any(_STREAM_SWITCH.match(n.strip()) for n in names.value.split(",")) and \
                isinstance(values, (ast.List, ast.Tuple)):
            found = [v.value for v in values.elts if isinstance(v, ast.Constant) and isinstance(v.value, bool)]
            if found and len(found) == len(values.elts):
                return tuple(sorted(set(found)))
    return ()


def _has_test(mro: list[_Class], suffix: str) -> bool:
    return any(_GROUP_OFFLOAD_TEST.match(name) and re.search(suffix, name)
               for cls in mro for name in _method_names(cls))


def _method_names(cls: _Class) -> list[str]:
    return [s.name for s in cls.node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _runs_group_offloading(mro: list[_Class]) -> bool:
    """Whether the class runs a group-offloading test: one is defined in its bases in the folder
    (or a base's name says it mixes one in), and no ``test_group_offloading = False`` turns it off."""
    owner, statement = _first_assignment(mro, SWITCH)
    if owner is not None:
        value = _value(statement)
        if isinstance(value, ast.Constant) and value.value is False:
            return False
        if isinstance(value, ast.Constant) and value.value is True:
            return True
    if any(_GROUP_OFFLOAD_TEST.match(name) for cls in mro for name in _method_names(cls)):
        return True
    named = {base for cls in mro for base in cls.bases}
    return any("GroupOffload" in base or base == "MemoryTesterMixin" for base in named)


def _hard_coded_of(mro: list[_Class]) -> tuple[str, ...] | None:
    """The offloaded names of the ``test_group_offloading_inference`` the class runs."""
    for cls in mro:
        if cls.method("test_group_offloading_inference") is not None:
            return _hard_coded_names(cls.node)
    return None


def _hard_coded_names(node: ast.ClassDef) -> tuple[str, ...] | None:
    """The older test's ``for component_name in [...]`` list of offloaded names, from its body."""
    for statement in node.body:
        if not (isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef))
                and statement.name == "test_group_offloading_inference"):
            continue
        for inner in ast.walk(statement):
            if isinstance(inner, ast.For) and isinstance(inner.iter, (ast.List, ast.Tuple)):
                names = [e.value for e in inner.iter.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
                if names and len(names) == len(inner.iter.elts) and ("transformer" in names or "unet" in names):
                    return tuple(names)
    return None


# --- skips, xfails, overrides ----------------------------------------------------------------
def _levels_of(test: str) -> tuple[str, ...]:
    match = _GROUP_OFFLOAD_TEST.match(test)
    if match is None:
        return ()
    if match.group("level"):
        return (match.group("level"),)
    return (LEAF,) if match.group("pipeline") else (BLOCK, LEAF)


def _markers(folder: TestFolder, cls: _Class, mro: list[_Class]) -> tuple[Marker, ...]:
    """The markers in effect for ``cls``: each group-offloading test as the nearest class defines
    it, and an explicit ``test_group_offloading = False``."""
    found: list[Marker] = []
    seen_tests: set[str] = set()
    for owner in mro:
        if _pipeline_of(folder.mro(owner))[2] is None:
            continue  # a shared mixin's skip is no choice made for this pipeline
        for statement in owner.node.body:
            if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if statement.name in seen_tests or not _GROUP_OFFLOAD_TEST.match(statement.name):
                continue
            seen_tests.add(statement.name)
            found.extend(_test_markers(owner, statement))
    switch_owner, switch = _first_assignment(mro, SWITCH)
    value = _value(switch)
    # The mixins' own default (False in the common tester) is not a choice made for this pipeline.
    if switch_owner is not None and isinstance(value, ast.Constant) and value.value is False and \
            _pipeline_of(folder.mro(switch_owner))[2] is not None:
        found.append(Marker("disabled", SWITCH, (BLOCK, LEAF), Place.of(switch_owner.path, switch),
                            text=ast.unparse(switch)))
    return tuple(found)


def _test_markers(owner: _Class, test: ast.FunctionDef | ast.AsyncFunctionDef) -> list[Marker]:
    levels = _levels_of(test.name)
    markers = []
    for decorator in test.decorator_list:
        call = decorator if isinstance(decorator, ast.Call) else None
        name = _last_name(call.func if call else decorator)
        if name in _SKIP_DECORATORS and _unconditional(name, call):
            markers.append(Marker("skip", test.name, levels, Place.of(owner.path, decorator),
                                  text="@" + ast.unparse(decorator)))
        elif name == "xfail" and _unconditional(name, call):
            markers.append(Marker("xfail", test.name, levels, Place.of(owner.path, decorator),
                                  strict=_keyword_true(call, "strict"), text="@" + ast.unparse(decorator)))
    if not markers:
        body = _without_docstring(test.body)
        if _does_nothing(body):
            first = body[0]
            markers.append(Marker("override", test.name, levels, Place.of(owner.path, first),
                                  text=ast.unparse(first).splitlines()[0]))
    return markers


def _unconditional(name: str | None, call: ast.Call | None) -> bool:
    """A skip or xfail that always applies: no condition, or a condition that is literally true
    (a skip on some platform is no statement about offloading)."""
    if name in {"skip", "xfail"}:
        condition = _keyword(call, "condition") if call else None
        if condition is None and call is not None and name == "xfail" and call.args:
            condition = call.args[0] if not isinstance(call.args[0], ast.Constant) or \
                not isinstance(call.args[0].value, str) else None
        return condition is None or (isinstance(condition, ast.Constant) and condition.value is True)
    if call is None or not call.args:
        return False
    condition = call.args[0]
    wanted = name != "skipUnless"
    return isinstance(condition, ast.Constant) and condition.value is wanted


def _keyword(call: ast.Call | None, name: str) -> ast.expr | None:
    if call is None:
        return None
    return next((k.value for k in call.keywords if k.arg == name), None)


def _keyword_true(call: ast.Call | None, name: str) -> bool:
    value = _keyword(call, name)
    return isinstance(value, ast.Constant) and value.value is True


def _without_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        return body[1:]
    return body


def _does_nothing(body: list[ast.stmt]) -> bool:
    """``pass``, ``...``, a bare ``return``, or a body that starts by skipping itself."""
    if not body:
        return True
    first = body[0]
    if isinstance(first, ast.Pass) or (isinstance(first, ast.Return) and first.value is None):
        return len(body) == 1
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and first.value.value is Ellipsis:
        return len(body) == 1
    if isinstance(first, (ast.Expr, ast.Raise)):
        call = first.value if isinstance(first, ast.Expr) else first.exc
        if isinstance(call, ast.Call):
            name = _last_name(call.func)
            return name in _SKIP_CALLS or name == "SkipTest"
    return False


# --- dummy inputs ---------------------------------------------------------------------------
def _inputs_of(mro: list[_Class]) -> dict[str, Any]:
    for cls in mro:
        method = cls.method("get_dummy_inputs")
        if method is not None:
            return returned_literals(method)
    return {}


def returned_literals(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, Any]:
    """The literal entries of the dict ``function`` returns (``{"prompt": "a cat", "generator":
    generator}`` gives ``{"prompt": "a cat"}``): a returned dict display or ``dict(...)``, or a name
    bound to one, with its later ``name["key"] = literal`` and ``name.update({...})``."""
    returned = next((s.value for s in reversed(function.body) if isinstance(s, ast.Return) and s.value), None)
    if returned is None:
        return {}
    direct = _dict_literals(returned)
    if direct is not None or not isinstance(returned, ast.Name):
        return direct or {}
    variable = returned.id
    found: dict[str, Any] = {}
    for statement in function.body:
        if variable in _targets(statement):
            found = _dict_literals(_value(statement)) or {}
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            key = _subscript_key(statement.targets[0], variable)
            if key is not None:
                _put(found, key, statement.value)
        elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            call = statement.value
            if isinstance(call.func, ast.Attribute) and call.func.attr == "update" and \
                    isinstance(call.func.value, ast.Name) and call.func.value.id == variable:
                for argument in call.args:
                    found.update(_dict_literals(argument) or {})
                for keyword in call.keywords:
                    if keyword.arg:
                        _put(found, keyword.arg, keyword.value)
    return found


def _dict_literals(node: ast.expr | None) -> dict[str, Any] | None:
    if isinstance(node, ast.Dict):
        found: dict[str, Any] = {}
        for key, value in zip(node.keys, node.values):
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                _put(found, key.value, value)
        return found
    if isinstance(node, ast.Call) and _last_name(node.func) == "dict" and not node.args:
        found = {}
        for keyword in node.keywords:
            if keyword.arg:
                _put(found, keyword.arg, keyword.value)
        return found
    return None


def _subscript_key(target: ast.expr, variable: str) -> str | None:
    if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and target.value.id == variable \
            and isinstance(target.slice, ast.Constant) and isinstance(target.slice.value, str):
        return target.slice.value
    return None


def _put(found: dict[str, Any], key: str, node: ast.expr) -> None:
    """A literal value goes in; anything else (a generator, a tensor) is left out, and drops an
    earlier literal for the same key."""
    try:
        found[key] = ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        found.pop(key, None)


def dummy_inputs(tests_dir: str | Path) -> dict[str, dict[str, Any]]:
    """Per pipeline class name, the literal dummy inputs of its tests (the first class that runs the
    group-offloading tests, else the first that names the pipeline)."""
    chosen: dict[str, TestConfig] = {}
    for config in read_tests(tests_dir):
        current = chosen.get(config.pipeline_class)
        if current is None or (config.runs_group_offloading and not current.runs_group_offloading):
            chosen[config.pipeline_class] = config
    return {name: dict(config.inputs) for name, config in chosen.items()}


__all__ = ["EXCLUDE", "HARD_CODED_NAMES", "LEAF_EXCLUDE", "LEVELS_OF_LIST", "LIST_NAMES", "Listed", "Marker", "ONLOAD",
           "Place", "TestConfig", "TestFolder", "dummy_inputs", "read_tests", "returned_literals"]
