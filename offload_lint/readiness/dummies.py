"""The component classes a diffusers pipeline test builds, read from its ``get_dummy_components()``
without importing it: ``text_encoder = Qwen3Model(config)`` (or ``Qwen3Model.from_pretrained(...)``)
returned as ``{"text_encoder": text_encoder, ...}`` says which model runs where ``__init__`` annotates
only ``PreTrainedModel``. Names are qualified through the test file's imports."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterator

from ..index.extract import dotted_name

_FACTORIES = frozenset({"from_pretrained", "from_config", "_from_config"})


def built_components(tests_dir: str) -> dict[str, dict[str, str]]:
    """pipeline class name -> component -> qualified class, over every test file under ``tests_dir``."""
    found: dict[str, dict[str, str]] = {}
    for tree, pipeline, method in _test_methods(tests_dir, "get_dummy_components"):
        imports = _imports(tree)
        built = {name: imports.get(cls.split(".", 1)[0], cls) + (cls[len(cls.split(".", 1)[0]):])
                 for name, cls in _returned_classes(method).items()}
        found.setdefault(pipeline, {}).update(built)
    return found


def setup_calls(tests_dir: str) -> dict[str, dict[str, tuple[str, ...]]]:
    """pipeline class name -> component -> the methods ``get_dummy_components()`` calls on it before handing it
    over (``vae.enable_tiling()``): what they switch on, the test's pipeline runs with."""
    found: dict[str, dict[str, tuple[str, ...]]] = {}
    for _, pipeline, method in _test_methods(tests_dir, "get_dummy_components"):
        component_of = {local: name for name, local in _returned_locals(method).items()}
        calls: dict[str, list[str]] = {}
        for node in ast.walk(method):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in component_of \
                    and node.func.attr.startswith(_SWITCHES):
                calls.setdefault(component_of[node.func.value.id], []).append(node.func.attr)
        if calls:
            found.setdefault(pipeline, {}).update({k: tuple(v) for k, v in calls.items()})
    return found


_SWITCHES = ("enable_", "disable_", "set_")


def _returned_locals(method: ast.FunctionDef) -> dict[str, str]:
    """component -> the local name the returned dict gives it (``"vae": vae``)."""
    return {key: value.id for key, value in _returned_entries(method).items() if isinstance(value, ast.Name)}


def _returned_entries(method: ast.FunctionDef) -> dict[str, ast.expr]:
    """component -> the expression the returned dict gives it, the dict written in the ``return`` or
    assigned to the local it returns (``components = {...}; return components``)."""
    dicts: dict[str, ast.Dict] = {}
    for node in ast.walk(method):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.Dict):
            dicts[node.targets[0].id] = node.value
    found: dict[str, ast.expr] = {}
    for node in ast.walk(method):
        if not isinstance(node, ast.Return):
            continue
        returned = dicts.get(node.value.id) if isinstance(node.value, ast.Name) else node.value
        if isinstance(returned, ast.Dict):
            for key, value in zip(returned.keys, returned.values):
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    found[key.value] = value
    return found


def _test_methods(tests_dir: str, name: str) -> Iterator[tuple[ast.Module, str, ast.FunctionDef]]:
    """(file tree, pipeline class name, the method) for each test class that names a pipeline class."""
    for path in sorted(Path(tests_dir).rglob("test_*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
            continue
        classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
        for node in classes.values():
            pipeline = _pipeline_class(node, classes)
            method = _method(node, name, classes)
            if pipeline is not None and method is not None:
                yield tree, pipeline, method


def _imports(tree: ast.Module) -> dict[str, str]:
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                names[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
    return names


def _bases(node: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> list[ast.ClassDef]:
    """The class and its bases defined in the same file, most derived first."""
    order, queue = [], [node]
    while queue:
        current = queue.pop(0)
        if current in order:
            continue
        order.append(current)
        queue.extend(classes[b.id] for b in current.bases if isinstance(b, ast.Name) and b.id in classes)
    return order


def _pipeline_class(node: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> str | None:
    for cls in _bases(node, classes):
        for statement in cls.body:
            if isinstance(statement, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pipeline_class"
                                                         for t in statement.targets):
                value = statement.value
                return value.id if isinstance(value, ast.Name) else value.attr if isinstance(value, ast.Attribute) \
                    else None
    return None


def _method(node: ast.ClassDef, name: str, classes: dict[str, ast.ClassDef]) -> ast.FunctionDef | None:
    for cls in _bases(node, classes):
        for statement in cls.body:
            if isinstance(statement, ast.FunctionDef) and statement.name == name:
                return statement
    return None


def _returned_classes(method: ast.FunctionDef) -> dict[str, str]:
    """component -> the class (as spelled) of what the returned dict gives it: a local assigned a
    construction, or a construction written in the dict."""
    local: dict[str, str] = {}
    for node in ast.walk(method):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            spelled = _constructed(node.value)
            if spelled:
                local[node.targets[0].id] = spelled
    found: dict[str, str] = {}
    for key, value in _returned_entries(method).items():
        spelled = local.get(value.id) if isinstance(value, ast.Name) else _constructed(value)
        if spelled:
            found[key] = spelled
    return found


def _constructed(value: ast.expr) -> str | None:
    """``Model(...)``, ``Model.from_pretrained(...)``, ``module.Model(...)`` -> the class as spelled."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _FACTORIES:
        return dotted_name(value.func.value)
    if isinstance(value, ast.Call):
        spelled = dotted_name(value.func)
        return spelled if spelled and spelled.split(".")[-1][:1].isupper() else None
    return None


__all__ = ["built_components", "setup_calls"]
