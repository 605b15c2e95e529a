"""The libcst pass: each method that matters parsed with libcst and visited by the access collector
and the value flow (:mod:`analyze.access`, :mod:`analyze.flow`). It runs in the linter's worker
processes, on the methods the index chose; the engine imports it only when a method must be
parsed, so a run answered from the cache (the flake8 plugin in an editor) never loads libcst.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import libcst as cst

from ..positions import positions
from ..source import SourceProblem, read_text, split_lines
from .access import collect_function
from .records import CollectedMethod
from .snippet import method_snippet

MethodJob = tuple[int, int, str, frozenset[str] | None]  # start, end, self name, focus
NumberNames = tuple[tuple[str, str], ...]  # the file's names for ``math`` and its members (FileSummary.number_names)
FileJob = tuple[str, list[MethodJob], NumberNames]


def _no_validation(node: cst.CSTNode) -> None:
    """Stands for ``CSTNode.__post_init__`` while libcst's parser builds a tree."""


@contextmanager
def _unvalidated() -> Iterator[None]:
    """libcst checks every node it builds (``CSTNode.__post_init__`` calls ``_validate``), also the nodes its
    own parser builds from source Python accepted, a sixth of a parse (libcst's own comment there suggests
    moving that work out of parsing). The parse is the only place nodes are built here, and the trees are
    never changed, so it goes without those checks."""
    original = cst.CSTNode.__dict__.get("__post_init__")
    if original is None:  # a libcst that checks elsewhere: leave it as it is
        yield
        return
    cst.CSTNode.__post_init__ = _no_validation  # type: ignore[method-assign]
    try:
        yield
    finally:
        cst.CSTNode.__post_init__ = original  # type: ignore[method-assign]


def _parse(text: str) -> cst.Module:
    with _unvalidated():
        return cst.parse_module(text)


def _collect_file(job: FileJob) -> tuple[str, dict[tuple[int, int], CollectedMethod]]:
    """Run the libcst access collector on the given methods of one file."""
    path, methods, numbers = job
    results: dict[tuple[int, int], CollectedMethod] = {}
    lines = _lines_of(path)
    if lines is None:
        return path, results
    whole = [(start, end, self_name) for start, end, self_name, focus in methods if not focus]
    results.update(collect_methods(lines, whole, numbers))
    for start, end, self_name, focus in methods:
        if focus:
            results[(start, end)] = collect_method(lines, start, end, self_name, focus, numbers)
    return path, results


_LINES: dict[str, tuple[tuple[int, int], list[str]]] = {}


def _lines_of(path: str) -> list[str] | None:
    """The file's lines, kept while its size and mtime stay: a file with thousands of methods comes
    in many jobs, and decoding and splitting it for each costs more than parsing their methods."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    fingerprint = (stat.st_size, stat.st_mtime_ns)
    known = _LINES.get(path)
    if known is not None and known[0] == fingerprint:
        return known[1]
    text = read_text(Path(path))
    if isinstance(text, SourceProblem):
        return None
    if len(_LINES) >= 8:
        _LINES.clear()
    lines = split_lines(text, keepends=True)
    _LINES[path] = (fingerprint, lines)
    return lines


def collect_files(jobs: list[FileJob]) -> list[tuple[str, dict]]:
    return [_collect_file(job) for job in jobs]


def collect_method(lines: list[str], start: int, end: int, self_name: str,
                   focus: frozenset[str] | None = None, numbers: NumberNames = ()) -> CollectedMethod:
    """Parse just one method with libcst (columns kept: it is wrapped in a class body), or
    with a ``focus`` only the statements mentioning it (see :mod:`analyze.snippet`)."""
    snippet, offset = method_snippet(lines, start, end, focus)
    try:
        module = _parse(snippet)
    except _LIBCST_FAILURES:
        if not focus:
            return CollectedMethod([], {})
        snippet, offset = method_snippet(lines, start, end)  # the reduced text did not parse: all of it
        try:
            module = _parse(snippet)
        except _LIBCST_FAILURES:
            return CollectedMethod([], {})
    wrapper = _with_positions(module)
    function = next((node for node in _functions(wrapper.module)), None)
    if function is None:
        return CollectedMethod([], {})
    collected = collect_function(function, wrapper, self_name, numbers)
    return collected.moved(offset)


def _functions(module: cst.Module):
    """The method of a snippet: the first function, at top level or in the wrapping class."""
    for statement in module.body:
        if isinstance(statement, cst.FunctionDef):
            yield statement
        elif isinstance(statement, cst.ClassDef):
            yield from (node for node in statement.body.body if isinstance(node, cst.FunctionDef))


_LIBCST_FAILURES = (cst.ParserSyntaxError, RecursionError, MemoryError, ValueError)


def _with_positions(module: cst.Module) -> cst.metadata.MetadataWrapper:
    """A metadata wrapper with the positions (the only metadata the collectors use) already computed.

    Resolving them through the wrapper costs a second, empty traversal of the whole tree (libcst
    always runs its batch of batchable providers, here none); computing them directly skips it,
    and :mod:`positions` computes them faster than libcst's provider.
    """
    wrapper = cst.metadata.MetadataWrapper(module, unsafe_skip_copy=True)
    try:
        wrapper._metadata[cst.metadata.PositionProvider] = positions(module)
    except AttributeError:  # a libcst without this internal: let the wrapper resolve them
        pass
    return wrapper


def collect_methods(lines: list[str], methods: list[tuple[int, int, str]],
                    numbers: NumberNames = ()) -> dict[tuple[int, int], CollectedMethod]:
    """Whole methods of one file, parsed with libcst together: one parse and one position pass
    for all methods at the same indentation (a class with 20,000 methods is one parse, not
    20,000), each method then visited by its own collector. Methods that do not fit a group
    (nested in another, or in a group libcst refuses) are parsed one by one."""
    results: dict[tuple[int, int], CollectedMethod] = {}
    groups: dict[str, list[tuple[int, int, str]]] = {}
    alone: list[tuple[int, int, str]] = []
    last_end: dict[str, int] = {}
    for start, end, self_name in sorted(set(methods)):
        first = lines[start - 1] if 0 < start <= len(lines) else ""
        indent = first[: len(first) - len(first.lstrip(" \t"))]
        if not indent or start <= last_end.get(indent, 0) or any(start <= e for e in last_end.values() if e):
            alone.append((start, end, self_name))
            continue
        groups.setdefault(indent, []).append((start, end, self_name))
        last_end[indent] = end
    for group in groups.values():
        found = _collect_group(lines, group, numbers) if len(group) > 1 else None
        if found is None:
            alone.extend(group)
        else:
            results.update(found)
    for start, end, self_name in alone:
        results[(start, end)] = collect_method(lines, start, end, self_name, numbers=numbers)
    return results


def _collect_group(lines: list[str], group: list[tuple[int, int, str]],
                   numbers: NumberNames) -> dict[tuple[int, int], CollectedMethod] | None:
    """One libcst parse for methods of equal indentation, one after the other in a ``class _:``
    (columns kept: the indentation is the file's). None: fall back to one parse per method."""
    text = ["class _:\n"]
    first_lines = []  # the snippet line each method starts on
    cursor = 2
    for start, end, _ in group:
        body = "".join(lines[start - 1 : end])
        if not body.endswith("\n"):
            body += "\n"
        text.append(body)
        first_lines.append(cursor)
        cursor += body.count("\n")
    try:
        module = _parse("".join(text))
    except _LIBCST_FAILURES:
        return None
    wrapper = _with_positions(module)
    body = module.body[0].body.body if module.body and isinstance(module.body[0], cst.ClassDef) else ()
    if len(body) != len(group) or not all(isinstance(node, cst.FunctionDef) for node in body):
        return None
    results: dict[tuple[int, int], CollectedMethod] = {}
    for node, (start, end, self_name), first in zip(body, group, first_lines):
        collected = collect_function(node, wrapper, self_name, numbers)
        results[(start, end)] = collected.moved(start - first)
    return results
