"""What the triage rounds' runtime harnesses (``benchmarks/triage22<round>_cases.py``) share: registering packages
bare, so that a class is imported without what its package ``__init__`` pulls in; loading one file as a module;
taking classes out of a file whose imports are not installed here."""

from __future__ import annotations

import ast
import importlib.util
import os
import sys
import types


def bare_packages(*names: str) -> None:
    """Register packages bare (their ``__init__`` imports what the checked classes do not need), found on sys.path."""
    for name in names:
        if name in sys.modules:
            continue
        relative = name.replace(".", os.sep)
        root = next(p for p in sys.path if p and os.path.isdir(os.path.join(p, relative)))
        package = types.ModuleType(name)
        package.__path__ = [os.path.join(root, relative)]
        sys.modules[name] = package


def load_file(name: str, path: str) -> types.ModuleType:
    """The module at ``path``, loaded once under ``name`` without its package (a repository's file, not installed)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def classes_from_source(name: str, path: str, names: set[str] | tuple[str, ...] | list[str],
                        prelude: str = "import torch\nimport torch.nn as nn\n", functions: bool = False) -> types.ModuleType:
    """A module made of the classes ``names`` of the file at ``path`` (and, with ``functions``, its module-level
    functions), run after ``prelude``: for a class whose file imports packages not installed here (timm, rdkit)."""
    if name in sys.modules:
        return sys.modules[name]
    tree = ast.parse(open(path).read())
    body = [node for node in tree.body if (isinstance(node, ast.ClassDef) and node.name in names)
            or (functions and isinstance(node, ast.FunctionDef))]
    module = types.ModuleType(name)
    module.__file__ = path
    exec(prelude, module.__dict__)
    exec(compile(ast.Module(body=body, type_ignores=[]), path, "exec"), module.__dict__)
    sys.modules[name] = module
    return module
