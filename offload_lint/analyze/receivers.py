"""Which uses of a method's name can be on an instance of its class: the receivers of ``x.<name>``.

The index knows only that a name is used on some receiver other than ``self`` (``FileSummary.words``); a common name
(``inference``, ``encode``, ``get_mean``) is used on many classes' objects. In an application, where the tree's own
code is all that calls a class, a use counts for a class only where its receiver can be one of it. A receiver is
*another* object, and the use no way in, when:

- it is a literal (``"abc".encode()``, an f-string);
- it is ``self.<chain>`` in a project class whose chain the project model types (a child, a component) to classes
  none of which is the class, a subclass of it or a base of it (OpenTransformer's ``self.mha.inference(...)`` is a
  ``MultiHeadedAttention``'s, not the encoder block's);
- the same receiver, in the same function, is used with an attribute no class of the family binds or defines
  (``self.model.frontend`` beside ``self.model.inference(...)``: a class without ``frontend`` would raise there):
  read only where the family's attributes are all known (no base the index cannot read, no attribute bound by a
  computed name, no ``__getattr__`` of its own), and only for a name or an attribute chain the function does not
  type-test (a table's entry, ``cfg.models["codec"]``, holds one class in a branch and another in the next).

Anything else (a parameter, a call's result, an untyped local) may be one, and counts. The files using the name are
parsed here (a few per name: more keeps every use), once each, for the methods that have findings.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..index.torch_nn import MODULE_ATTRIBUTES
from .branches import parsed_file

# Marks a name in :attr:`OffloadSemantics.name_reads` whose uses' receivers were read from the files: an incremental
# run analyses its classes again after any edit of a file using the name.
USES_READ = "uses:"
# Beyond this many files using a name, it is too common to read: every use counts.
MAX_FILES = 12
# What any Python object has.
_OBJECT_ATTRIBUTES = frozenset({"__class__", "__dict__", "__doc__", "__module__", "__name__", "__qualname__",
                                "__call__", "__init__", "__repr__", "__str__", "__eq__", "__hash__", "__getattr__",
                                "__setattr__", "__getstate__", "__setstate__"})


@dataclass(frozen=True)
class Use:
    """One ``<receiver>.<name>`` with a receiver other than ``self``."""

    path: str
    line: int
    receiver: ast.expr
    cls: str | None  # the class (as written in the file, outermost first) whose method holds the use
    siblings: frozenset[str]  # other attributes the same function reads on the same receiver


@dataclass
class FileUses:
    """Per parsed file, the uses of every attribute name (built in one walk, when a name is first asked)."""

    by_name: dict[str, list[Use]] = field(default_factory=dict)
    # Names the file also uses otherwise: a bare name, an identifier string (``getattr(m, "inference")``).
    other_uses: frozenset[str] = frozenset()


def file_uses(path: str, cache: dict[str, FileUses | None]) -> FileUses | None:
    """The uses in ``path`` (None when it does not parse), kept in ``cache``."""
    if path in cache:
        return cache[path]
    tree = parsed_file(path)
    found = None if tree is None else _collect(path, tree)
    cache[path] = found
    return found


def _collect(path: str, tree: ast.Module) -> FileUses:
    uses = FileUses()
    others: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            others.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
            others.add(node.value)
    uses.other_uses = frozenset(others)
    for scope, cls in _scopes(tree):
        by_receiver: dict[str, set[str]] = {}
        found: list[tuple[str, ast.Attribute]] = []
        tested: set[str] = set()  # receivers the scope asks the type of: their siblings may be another type's
        for node in _walk_scope(scope):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args \
                    and node.func.id in ("isinstance", "hasattr", "getattr", "type"):
                tested.add(ast.dump(node.args[0]))
            if not isinstance(node, ast.Attribute):
                continue
            receiver = node.value
            if isinstance(receiver, ast.Name) and receiver.id == "self":
                continue
            key = ast.dump(receiver)
            if isinstance(node.ctx, ast.Load):  # (any object takes a new attribute)
                by_receiver.setdefault(key, set()).add(node.attr)
            found.append((key, node))
        for key, node in found:
            # Siblings tell what a plain name or attribute chain is; not a subscript's or a call's result (a config
            # table's ``cfg.models["codec"]`` holds one class or another by branch), nor one the scope type-tests.
            plain = _chain(node.value) is not None and key not in tested
            siblings = frozenset(by_receiver.get(key, set()) - {node.attr}) if plain else frozenset()
            uses.by_name.setdefault(node.attr, []).append(Use(path, node.lineno, node.value, cls, siblings))
    return uses


def _scopes(tree: ast.Module) -> Iterable[tuple[ast.AST, str | None]]:
    """The module's code and each function, with the class around it (the outermost, as written)."""
    yield tree, None
    stack: list[tuple[ast.AST, str | None]] = [(tree, None)]
    while stack:
        node, cls = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                stack.append((child, cls or child.name))
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield child, cls
                stack.append((child, cls))
            else:
                stack.append((child, cls))


def _walk_scope(scope: ast.AST) -> Iterable[ast.AST]:
    """The nodes of one scope, nested functions and classes left to their own."""
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))


@dataclass(frozen=True)
class Family:
    """What an instance of the class (or of a subclass that inherits the method) may be asked for."""

    related: Callable[[str], bool]  # whether a qualified class name is the class, a subclass or a base
    members: frozenset[str] | None  # every attribute bound or defined, None when not all are known


def other_objects_only(name: str, paths: list[str], family: Family, cache: dict[str, FileUses | None],
                       classes_of: Callable[[str, str, tuple[str, ...]], tuple[str, ...] | None]) -> bool:
    """Whether every use of ``.name`` in ``paths`` is on a receiver that cannot be of the family (see the module's
    doc). ``classes_of(path, class as written, chain)``: the classes a ``self.<chain>`` receiver is typed to, or
    None when unknown. False when a file does not parse, uses the name otherwise, or there are too many files."""
    if not paths or len(paths) > MAX_FILES:
        return False
    for path in paths:
        uses = file_uses(path, cache)
        if uses is None or name in uses.other_uses:
            return False
        for use in uses.by_name.get(name, ()):
            if not _other_object(use, family, classes_of):
                return False
    return True


def _other_object(use: Use, family: Family,
                  classes_of: Callable[[str, str, tuple[str, ...]], tuple[str, ...] | None]) -> bool:
    receiver = use.receiver
    if isinstance(receiver, (ast.JoinedStr, ast.List, ast.Dict, ast.Tuple, ast.Set)) \
            or (isinstance(receiver, ast.Constant) and isinstance(receiver.value, (str, bytes))):
        return True
    chain = _chain(receiver)
    if use.cls is not None and chain and chain[0] == "self" and len(chain) > 1:
        typed = classes_of(use.path, use.cls, chain[1:])
        if typed and not any(family.related(qualified) for qualified in typed):
            return True
    if family.members is not None:
        unknown = use.siblings - family.members - MODULE_ATTRIBUTES - _OBJECT_ATTRIBUTES
        if unknown:
            return True
    return False


def _chain(node: ast.expr) -> tuple[str, ...] | None:
    """``self.model.decoder`` -> ("self", "model", "decoder"); None for what is no name or attribute chain of one."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return (node.id, *reversed(parts)) if isinstance(node, ast.Name) else None
