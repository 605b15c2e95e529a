"""The edits the rules' fixes are made of, computed with libcst from the linted source.

A rule knows what to fix (the access, the input tensor, the layer); these helpers know how
the source spells it: the functional call around a weight, the class body a declaration goes
into, the import that binds a legacy wrapper. Each returns edits (or None when the source does
not have the shape the fix needs), never a rewritten file: applying them is :mod:`.apply`'s job.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterator

import libcst as cst
from libcst.metadata import CodeRange

from ..analyze.functionals import bind, dotted, normalized
from ..analyze.records import FunctionalCall
from ..analyze.walk import children
from ..index.summary import ClassBodyLayout, DeclaredList
from ..index.torch_nn import LAYER_COMPUTATIONS, LayerComputation
from ..positions import positions
from ..source import SourceProblem, read_text, split_lines
from .locations import BLOCK_MODULES, ClassSpan, SourceFile, Span, current_lines, file_lines
from .model import Edit



@dataclass(frozen=True)
class ParsedSource:
    """A file, or one top-level statement of it, parsed with libcst; spans are the file's."""

    lines: tuple[str, ...]  # the whole file's
    module: cst.Module
    positions: dict[cst.CSTNode, CodeRange]  # relative to ``module``
    first_line: int = 1  # the file's line ``module`` starts at
    # Lookups built once per parse: a long class has a finding in many of its methods.
    _memo: dict[object, object] = field(default_factory=dict, compare=False, repr=False)

    def span_of(self, node: cst.CSTNode) -> Span:
        where = self.positions[node]
        shift = self.first_line - 1
        return (where.start.line + shift, where.start.column + 1, where.end.line + shift, where.end.column + 1)

    def lines_of(self, node: cst.CSTNode) -> tuple[int, int]:
        line, _, end_line, _ = self.span_of(node)
        return line, end_line

    def nodes(self, kind: type[cst.CSTNode]) -> Iterator[cst.CSTNode]:
        return (node for node in self.positions if isinstance(node, kind))

    def classes(self) -> list[tuple[int, int, cst.ClassDef]]:
        found = self._memo.get("classes")
        if found is None:
            found = self._memo["classes"] = [(*self.lines_of(cls), cls) for cls in self.nodes(cst.ClassDef)]
        return found

    def self_assignments(self, cls: cst.ClassDef) -> dict[str, list[cst.Call]]:
        """``self.<name> = <call>`` anywhere in ``cls``, by name."""
        key = ("assignments", id(cls))
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = {}
            for assign in _walk(cls, cst.Assign):
                if not isinstance(assign.value, cst.Call):
                    continue
                for target in assign.targets:
                    name = dotted(target.target)
                    if name and name.startswith("self."):
                        found.setdefault(name[len("self."):], []).append(assign.value)
        return found


def parsed(path: str) -> ParsedSource | None:
    """The whole file parsed with positions, once per content (for fixes that span the file)."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return _parse(path, stat.st_size, stat.st_mtime_ns)


def parsed_statement(source: SourceFile, line: int) -> ParsedSource | None:
    """The top-level statement holding ``line`` (a class, most often) parsed with positions; the
    whole file when its statements are not known."""
    span = source.statement_around(line)
    try:
        stat = os.stat(source.path)
    except OSError:
        return None
    if span is None:
        return parsed(source.path)
    return _parse_lines(source.path, stat.st_size, stat.st_mtime_ns, *span)


@lru_cache(maxsize=16)
def _parse(path: str, size: int, mtime: int) -> ParsedSource | None:
    text = read_text(Path(path))
    if isinstance(text, SourceProblem):
        return None
    return _parsed_text(tuple(split_lines(text, keepends=True)), text, 1)


@lru_cache(maxsize=64)
def _parse_lines(path: str, size: int, mtime: int, first: int, last: int) -> ParsedSource | None:
    lines = file_lines(path, size, mtime)
    return _parsed_text(lines, "".join(lines[first - 1:last]), first)


@lru_cache(maxsize=256)
def _parse_member(path: str, size: int, mtime: int, first: int, last: int) -> ParsedSource | None:
    """One statement of a class body, in a ``class _:`` of its own so that its columns stay the file's."""
    lines = file_lines(path, size, mtime)
    return _parsed_text(lines, "class _:\n" + "".join(lines[first - 1:last]), first - 1)


def _parsed_text(lines: tuple[str, ...], text: str, first_line: int) -> ParsedSource | None:
    try:
        module = cst.parse_module(text)
        # The libcst pass's own position computation (checked against libcst's provider).
        found = dict(positions(module))
    except Exception:  # libcst's parser errors and recursion limits: no fix, the finding stays
        return None
    return ParsedSource(lines, module, found, first_line)


# --- a functional call that is exactly the layer's own computation ------------------------------


def is_layer_computation(file: SourceFile, use: FunctionalCall, layer_text: str, layer_attribute: str,
                         layer_class: str) -> bool:
    """Whether ``use`` computes exactly what calling the layer does: every other argument is the
    layer's own attribute (``self.conv.stride``), or the functional's default where the layer's
    constructor (found in the class) leaves the matching argument at the value it stands for."""
    computation = LAYER_COMPUTATIONS[layer_class]
    constructor = _constructor_arguments(file, use.range.start.line, layer_attribute, computation)
    if constructor is not None:
        for name, required in computation.fixed.items():
            if normalized(constructor.get(name, computation.constructor_defaults.get(name, ""))) != normalized(required):
                return False
    for name, default in computation.parameters:
        written = use.argument(name)
        if written == f"{layer_text}.{name}":
            continue
        if constructor is None:
            return False  # without the constructor only the layer's own attributes are known to match
        built = constructor.get(name, computation.constructor_defaults.get(name))
        if name == "bias":  # the functional's None is a layer built with bias=False
            if (written or "None") == "None" and built == "False":
                continue
            return False
        if (written or default) != built:
            return False
    return True


def _constructor_arguments(file: SourceFile, line: int, attribute: str,
                           computation: LayerComputation) -> dict[str, str] | None:
    """The arguments of ``self.<attribute> = nn.X(...)`` in the class around ``line``, by name."""
    found = _self_assignments_of(file, line, attribute)
    if found is None or len(found) != 1:
        return None  # built in a base, by a helper, or more than once: not known here
    source, call = found[0]
    bound = bind(call, computation.constructor)
    if bound is None:
        return None
    return {name: normalized(source.module.code_for_node(node)) for name, node in bound.items()}


def _self_assignments_of(file: SourceFile, line: int, attribute: str) -> list[tuple[ParsedSource, cst.Call]] | None:
    """Every ``self.<attribute> = <call>`` in the class around ``line``, with the parse it is in;
    None when a statement that may hold one does not parse."""
    cls = file.class_around(line)
    if cls is None or cls.members is None:
        source = parsed_statement(file, line)
        if source is None:
            return None
        around = _class_around(source, line)
        return [(source, call) for call in source.self_assignments(around).get(attribute, [])] if around else []
    try:
        stat = os.stat(file.path)
    except OSError:
        return None
    found: list[tuple[ParsedSource, cst.Call]] = []
    for first, last in _members_mentioning(file.path, stat.st_size, stat.st_mtime_ns, cls, attribute):
        member = _parse_member(file.path, stat.st_size, stat.st_mtime_ns, first, last)
        if member is None:
            return None
        wrapper = member.module.body[0]
        found.extend((member, call) for call in member.self_assignments(wrapper).get(attribute, []))
    return found


_MENTIONING: dict[tuple[str, int, int, int, str], tuple[tuple[int, int], ...]] = {}


def _members_mentioning(path: str, size: int, mtime: int, cls: ClassSpan, attribute: str) -> tuple[tuple[int, int], ...]:
    """The body statements of ``cls`` whose text may assign ``self.<attribute> = ...`` (a text
    search: only those are parsed), once per file content, class and attribute: every finding of
    a long class asks."""
    key = (path, size, mtime, cls.line, attribute)
    found = _MENTIONING.get(key)
    if found is None:
        if len(_MENTIONING) > 256:
            _MENTIONING.clear()
        lines = file_lines(path, size, mtime)
        spelled = re.compile(rf"\bself[\s\\]*\.[\s\\]*{re.escape(attribute)}\b[\s\\)]*=(?!=)")
        found = _MENTIONING[key] = tuple((first, last) for first, last in cls.members or ()
                                         if spelled.search("".join(lines[first - 1:last])))
    return found


# --- a child declared as a block module -----------------------------------------------------------


def add_block_module(file: SourceFile, class_line: int, layout: ClassBodyLayout | None, children: tuple[str, ...],
                     inherited: tuple[str, ...]) -> tuple[Edit, ...] | None:
    """Add ``children`` to the class's ``_group_offload_block_modules`` (a list or tuple literal), or
    declare it first in the class body, keeping what the class inherits. The index's record of
    the class body (``layout``) gives the positions: classes that hold blocks are long."""
    if layout is None or not layout.first_line:
        return None
    lines = current_lines(file.path)
    if lines is None:
        return None
    if layout.block_modules is not None:
        return _append_elements(lines, layout.block_modules, children)
    names = [*inherited, *children]
    listed = ", ".join(_quoted(name, '"') for name in names)
    declaration = f"{BLOCK_MODULES} = [{listed}]"
    start = layout.first_line
    if not 0 < start <= len(lines):
        return None
    indent = lines[start - 1][:len(lines[start - 1]) - len(lines[start - 1].lstrip())]
    if layout.docstring_end is not None:
        return (Edit.insertion(layout.docstring_end + 1, 1, f"\n{indent}{declaration}\n"),)
    # Above the first statement's leading comments and blank lines, which belong to it.
    while start - 1 > class_line and _blank_or_comment(lines[start - 2]):
        start -= 1
    return (Edit.insertion(start, 1, f"{indent}{declaration}\n\n"),)


def _append_elements(lines: tuple[str, ...], declared: DeclaredList, children: tuple[str, ...]) -> tuple[Edit, ...] | None:
    if not declared.kind or not declared.all_strings or not children:
        return None
    if declared.kind == "tuple" and _character(lines, *declared.start) != "(":
        return None  # a bare tuple: an element added after it would change what the line means
    if declared.last_element_end is None:
        end_line, end_column = _position(lines, *declared.end)
        listed = ", ".join(_quoted(child, '"') for child in children)
        if declared.kind == "tuple" and len(children) == 1:
            listed += ","  # ``()`` -> ``("x",)``: a one-element tuple needs its comma
        return (Edit.insertion(end_line, end_column - 1, listed),)
    end_line, end_column = _position(lines, *declared.last_element_end)
    quote = lines[end_line - 1][end_column - 2]
    # After the last element: a trailing comma (a one-element tuple has one) stays after the new ones.
    return (Edit.insertion(end_line, end_column, "".join(f", {_quoted(child, quote)}" for child in children)),)


def _position(lines: tuple[str, ...], line: int | None, byte_column: int | None) -> tuple[int, int]:
    """``ast``'s (line, UTF-8 byte offset) as this module's (line, 1-based code-point column)."""
    assert line is not None and byte_column is not None
    return line, len(lines[line - 1].encode()[:byte_column].decode(errors="ignore")) + 1


def _character(lines: tuple[str, ...], line: int, byte_column: int) -> str:
    _, column = _position(lines, line, byte_column)
    return lines[line - 1][column - 1:column]


def _blank_or_comment(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def _quoted(name: str, quote: str) -> str:
    return f"{quote}{name}{quote}"


# --- legacy weight_norm / spectral_norm -> torch.nn.utils.parametrizations -----------------------
LEGACY_WRAPPERS = ("weight_norm", "spectral_norm")
_LEGACY_MODULES = {"torch.nn.utils", "nn.utils", "torch.nn.utils.weight_norm", "torch.nn.utils.spectral_norm"}
# Code that depends on the legacy wrapper's attributes: rewriting the wrapper would break it.
_LEGACY_DEPENDENTS = ("remove_weight_norm", "remove_spectral_norm", "weight_g", "weight_v", "weight_orig",
                      "_forward_pre_hooks")


@dataclass(frozen=True)
class WrapperRewrite:
    edits: tuple[Edit, ...] | None
    blocker: str | None = None  # why there is no fix (for the message)


def modern_wrappers(file: SourceFile) -> WrapperRewrite:
    """Edits that make every legacy ``weight_norm``/``spectral_norm`` of the file the
    parametrization of the same name: its imports and its dotted spellings."""
    try:
        stat = os.stat(file.path)
    except OSError:
        return WrapperRewrite(None, "the file cannot be read")
    return _modern_wrappers(file.path, stat.st_size, stat.st_mtime_ns, file.statements)


@lru_cache(maxsize=16)
def _modern_wrappers(path: str, size: int, mtime: int,
                     statements: tuple[tuple[int, int], ...] | None) -> WrapperRewrite:
    """Once per file content: every finding of the file gets the same edits."""
    pieces = _statements_mentioning(path, size, mtime, statements, LEGACY_WRAPPERS + _LEGACY_DEPENDENTS)
    if pieces is None:
        return WrapperRewrite(None, "the file cannot be parsed")
    used = sorted({name for piece in pieces for name in _legacy_dependents(piece)})
    if used:
        return WrapperRewrite(None, f"the file uses {used[0]}, which the parametrization does not have")
    edits: list[Edit] = []
    for source in pieces:
        for node in source.nodes(cst.ImportFrom):
            module = dotted(node.module) if node.module is not None else None
            if module not in _LEGACY_MODULES or isinstance(node.names, cst.ImportStar) or node.relative:
                continue
            names = [alias.name.value for alias in node.names if isinstance(alias.name, cst.Name)]
            legacy = [name for name in names if name in LEGACY_WRAPPERS]
            if not legacy:
                continue
            if len(legacy) != len(names) or module.endswith("_norm") and module.rsplit(".", 1)[-1] not in names:
                return WrapperRewrite(None, f"'from {module} import ...' also imports names the parametrizations "
                                            f"do not have")
            edits.append(Edit(*source.span_of(node.module), "torch.nn.utils.parametrizations"))
        for node in source.nodes(cst.Attribute):
            if node.attr.value in LEGACY_WRAPPERS and dotted(node.value) in ("torch.nn.utils", "nn.utils", "utils"):
                line, column, _, _ = source.span_of(node.attr)
                edits.append(Edit.insertion(line, column, "parametrizations."))
    if not edits:
        return WrapperRewrite(None, "the legacy wrapper is not spelled in this file (it comes from a helper "
                                    "defined elsewhere: fix it there)")
    return WrapperRewrite(tuple(sorted(set(edits), key=lambda e: (e.start, e.end))))


def _statements_mentioning(path: str, size: int, mtime: int, statements: tuple[tuple[int, int], ...] | None,
                           words: tuple[str, ...]) -> list[ParsedSource] | None:
    """The top-level statements whose text holds one of ``words``, each parsed alone (the whole
    file when its statements are not known); None when one of them does not parse."""
    if statements is None:
        whole = _parse(path, size, mtime)
        return None if whole is None else [whole]
    lines = file_lines(path, size, mtime)
    pieces: list[ParsedSource] = []
    for first, last in statements:
        text = "".join(lines[first - 1:last])
        if not any(word in text for word in words):
            continue
        piece = _parse_lines(path, size, mtime, first, last)
        if piece is None:
            return None
        pieces.append(piece)
    return pieces


def _legacy_dependents(source: ParsedSource) -> list[str]:
    """Names of the legacy wrappers' attributes the code uses: as identifiers, or inside strings that
    are not docstrings (a state-dict key); comments and docstrings that mention them do not count."""
    docstrings = {statement.value for statement in source.nodes(cst.Expr)}
    found = set()
    for node in source.positions:
        if isinstance(node, cst.Name) and node.value in _LEGACY_DEPENDENTS:
            found.add(node.value)
        elif isinstance(node, cst.SimpleString) and node not in docstrings:
            found.update(word for word in _LEGACY_DEPENDENTS if word in node.value)
    return sorted(found)


def _class_around(source: ParsedSource, line: int) -> cst.ClassDef | None:
    """The innermost class whose body holds ``line``."""
    best: tuple[int, int, cst.ClassDef] | None = None
    for start, end, cls in source.classes():
        if start <= line <= end and (best is None or start >= best[0]):
            best = (start, end, cls)
    return best[2] if best else None


# --- libcst helpers --------------------------------------------------------------------------------
def _walk(node: cst.CSTNode, kind: type[cst.CSTNode]) -> Iterator[cst.CSTNode]:
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, kind):
            yield current
        stack.extend(children(current))


__all__ = ["BLOCK_MODULES", "ParsedSource", "SourceFile", "WrapperRewrite",
           "add_block_module", "is_layer_computation", "modern_wrappers", "parsed",
           "parsed_statement"]
