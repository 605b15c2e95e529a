"""One finding per cause: other places of the same cause become related locations of the one
reported where the fix goes (a template and the copy generated from it; the same class vendored in
several files; a helper and its calls)."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Callable, Collection, Hashable, Iterable

from .finding import Finding, RelatedLocation
from .index.summary import FileSummary

# Messages name the related places after this marker (rebuilt whenever more are added).
_MARKER = "; the same cause at "
GENERATED_COPY = "generated from this file: regenerate it after the fix"
TEMPLATE_ONLY = "only this template has it, not the file generated from it, which is the code that runs"
# Why one vendored copy is the one reported (said at each other copy).
ORIGIN_COPY = "the copy the others' `# Copied from` comments name"
IMPORTED_COPY = "the copy imported from outside its folder (the first by path if several are)"
FIRST_COPY = "the first copy by path (none is imported from outside its folder)"


def with_related(finding: Finding, locations: tuple[RelatedLocation, ...]) -> Finding:
    """``finding`` with ``locations`` added to its related places, in its message too."""
    merged = tuple(dict.fromkeys((*finding.related, *locations)))
    if merged == finding.related:
        return finding
    base = finding.message.split(_MARKER, 1)[0]
    places = ", ".join(f"{location} ({location.note})" for location in merged)
    return replace(finding, related=merged, message=f"{base}{_MARKER}{places}")


@dataclass(frozen=True)
class Copy:
    """Where a finding stands among the copies of its code: findings with the same ``key`` in
    different files are one cause, reported at the lowest ``rank`` (then the first path); ``note`` is said
    at this copy when it is a related location, its ``{why}`` filled with the reported copy's ``why``
    (the reason it was chosen); ``runs``: its module is imported (a template's is not)."""

    key: Hashable
    rank: tuple
    note: str
    why: str = ""
    runs: bool = True


def fold_copies(findings: list[Finding], copy_of: Callable[[Finding], Copy | None]) -> list[Finding]:
    """Keep each cause's findings in its best-ranked file that has it and name the other files' first
    finding of that cause as a related location; a cause found in one file only stays as it is."""
    copies: dict[Hashable, dict[str, tuple[Copy, list[int]]]] = {}
    for index, finding in sorted(enumerate(findings), key=lambda item: item[1].sort_key()):
        copy = copy_of(finding)
        if copy is not None:
            copies.setdefault(copy.key, {}).setdefault(finding.path, (copy, []))[1].append(index)
    out = list(findings)
    dropped: set[int] = set()
    for by_path in copies.values():
        if len(by_path) < 2:
            continue
        reported_path = min(by_path, key=lambda path: (by_path[path][0].rank, path))
        reported, kept = by_path[reported_path]
        others = [(by_path[path][0], by_path[path][1][0]) for path in sorted(by_path) if path != reported_path]
        locations = tuple(RelatedLocation(findings[i].path, findings[i].line, findings[i].column,
                                          copy.note.format(why=reported.why)) for copy, i in others)
        # A dropped copy's own related places (its generated copy, say) are places of this cause too.
        locations += tuple(location for path, (copy, indices) in sorted(by_path.items()) if path != reported_path
                           for i in indices for location in findings[i].related)
        # The confirmer builds the class from the module that is imported, not from a template.
        module = next((findings[i].module for copy, i in others if copy.runs), None) if not reported.runs else None
        for index in kept:
            merged = with_related(out[index], locations)
            out[index] = replace(merged, module=module) if module is not None else merged
        dropped.update(index for path, (copy, indices) in by_path.items() if path != reported_path for index in indices)
    return [finding for index, finding in enumerate(out) if index not in dropped]


def merge_generated_copies(findings: list[Finding], template_of: dict[str, str]) -> list[Finding]:
    """Drop a generated file's finding that its template has too (same rule, class, method and
    attribute) and name it at the template's, where the fix is made. A finding only the generated
    file has (a caller outside the class, a method the template inherits) stays where it is. A finding
    only the template has is kept suppressed with the reason: the template never runs, and the code generated
    from it, which does, has no such hazard (transformers' ``modular_janus.py`` builds no ``JanusVQVAEEncoder``
    itself, its ``JanusVQVAE`` inheriting Chameleon's ``__init__``, so the encoder was judged as a model of its
    own there; ``modeling_janus.py`` holds it as a child). A finding both have is reported under the generated
    copy's strategies (:func:`as_generated_code_runs`)."""
    if not template_of:
        return findings
    templates = set(template_of.values())
    generated_from: dict[str, list[str]] = {}
    for generated, template in sorted(template_of.items()):
        generated_from.setdefault(template, []).append(generated)

    # A template's finding may stand for several attributes (OFL102's children one method calls): a generated
    # finding on any of them is its copy, though the generated file's levels split them into two findings.
    covered: dict[tuple, str | None] = {}
    for finding in findings:
        if finding.path in templates:
            for name in finding.extra.get("attributes") or ():
                covered[(finding.path, finding.code, finding.class_name, finding.method, name)] = finding.attribute

    def copy_of(finding: Finding) -> Copy | None:
        if finding.class_name is None or finding.method is None:
            return None
        template = template_of.get(finding.path)
        if template is None and finding.path not in templates:
            return None
        where = (template or finding.path, finding.code, finding.class_name, finding.method)
        key = (*where, covered.get((*where, finding.attribute), finding.attribute))
        return Copy(key, (1,), GENERATED_COPY) if template is not None else Copy(key, (0,), "", runs=False)

    generated: dict[Hashable, list[Finding]] = {}
    for finding in sorted(findings, key=Finding.sort_key):
        if finding.path in template_of and (copy := copy_of(finding)) is not None:
            generated.setdefault(copy.key, []).append(finding)
    out = []
    for finding in fold_copies(findings, copy_of):
        copy = copy_of(finding) if finding.path in templates else None
        if copy is not None and copy.key not in generated and not finding.suppressed_by:
            names = ", ".join(os.path.basename(path) for path in generated_from[finding.path])
            finding = replace(finding, suppressed_by=f"{TEMPLATE_ONLY} ({names})")
        elif copy is not None and copy.key in generated:
            # the report keeps one finding per rule, method and attribute, the first: its twin is the first too
            finding = as_generated_code_runs(finding, generated[copy.key][0])
        out.append(finding)
    return out


def as_generated_code_runs(reported: Finding, twin: Finding) -> Finding:
    """The template's finding in the words and under the strategies of its generated copy: the generated code is
    what runs, and its analysis sees more (the callers of the class, which only the generated file's classes name)
    and can differ in what the strategies see (transformers' converter gives ``JambaMambaMixer.forward`` the
    ``@force_accelerate_hooks`` its template inherits without writing). The fix stays the template's: it edits the
    template's text."""
    if reported.levels == twin.levels:
        return reported
    related = reported.message[len(reported.message.split(_MARKER, 1)[0]):]
    return replace(reported, levels=twin.levels, message=twin.message.split(_MARKER, 1)[0] + related)


@dataclass(frozen=True)
class _Span:
    """A class or a method of one file, and the key its copies share: the class's name and the digest of
    its code (``ClassSummary.copy_key``, ``MethodSummary.copy_key``)."""

    start: int
    end: int
    name: str  # the class's qualified name
    key: tuple[str, str]
    methods: tuple["_Span", ...] = ()
    method: str = ""  # a method's name; "" for a class
    origin: bool = False  # a ``# Copied from`` comment in the tree names it


@dataclass(frozen=True)
class VendoredCopies:
    """The classes and methods whose code is found in more than one linted file (under a class of the
    same name), by file, and which of those files a file outside their folder imports."""

    classes: dict[str, tuple[_Span, ...]]
    imported: frozenset[str]

    def files_sharing(self, paths: Iterable[str]) -> set[str]:
        """The files holding a copy of a class or method of ``paths``."""
        keys = {key for path in paths for key in _keys(self.classes.get(path, ()))}
        return {path for path, spans in self.classes.items() if keys & _keys(spans)}

    def copy_at(self, path: str, line: int) -> _Span | None:
        """The innermost copied method, else class, around ``line``."""
        around = [span for span in self.classes.get(path, ()) if span.start <= line <= span.end]
        cls = max(around, key=lambda span: span.start, default=None)
        if cls is None:
            return None
        method = next((span for span in cls.methods if span.start <= line <= span.end), None)
        return method if method is not None else cls if cls.key[1] else None


def _keys(spans: Iterable[_Span]) -> set[tuple[str, str]]:
    return {key for span in spans for key in (span.key, *(method.key for method in span.methods)) if key[1]}


def vendored_copies(summaries: Iterable[FileSummary], origins: Collection[str] = ()) -> VendoredCopies:
    """``origins``: the dotted names ``# Copied from`` comments of the tree name."""
    files = list(summaries)
    holders: dict[tuple[str, str], set[str]] = {}
    for summary in files:
        for cls in summary.classes:
            for key in ((cls.name, cls.copy_key), *((cls.name, m.copy_key) for m in cls.methods.values())):
                holders.setdefault(key, set()).add(summary.path)

    def shared(key: tuple[str, str]) -> tuple[str, str]:
        return key if key[1] and len(holders[key]) > 1 else (key[0], "")

    classes: dict[str, tuple[_Span, ...]] = {}
    for summary in files:
        spans = []
        for cls in summary.classes:
            named = f"{summary.module}.{cls.qualname}"
            methods = tuple(_Span(m.start_line, m.end_line, cls.qualname, shared((cls.name, m.copy_key)), (), m.name,
                                  named in origins or f"{named}.{m.name}" in origins)
                            for m in cls.methods.values())
            span = _Span(cls.line, cls.end_line, cls.qualname, shared((cls.name, cls.copy_key)),
                         tuple(m for m in methods if m.key[1]), "", named in origins)
            if span.key[1] or span.methods:
                spans.append(span)
        if spans:
            classes[summary.path] = tuple(spans)
    return VendoredCopies(classes, frozenset(_imported_from_outside(files, set(classes))))


def _imported_from_outside(files: list[FileSummary], paths: set[str]) -> set[str]:
    """Of ``paths``, the files that a file in another folder imports, by module or through its package
    (``from pkg.copy import X`` or ``from pkg import X``): a package's own ``__init__`` re-exporting its
    modules is no use of them, and every vendored copy has one."""
    importers: dict[str, set[str]] = {}  # a dotted name and each of its prefixes -> the folders importing it
    for summary in files:
        folder = os.path.dirname(summary.path)
        for target in set(summary.imports.values()):
            parts = target.split(".")
            for end in range(1, len(parts) + 1):
                importers.setdefault(".".join(parts[:end]), set()).add(folder)
    found: set[str] = set()
    for summary in files:
        if summary.path not in paths:
            continue
        names = {summary.module}
        if "." in summary.module and not summary.is_package:
            names.add(summary.module.rsplit(".", 1)[0])
        folder = os.path.dirname(summary.path)
        if any(importers.get(name, set()) - {folder} for name in names):
            found.add(summary.path)
    return found


def merge_vendored_copies(findings: list[Finding], copies: VendoredCopies) -> list[Finding]:
    """Report a finding that identical copies of its code in other files have too (same rule, class,
    method and attribute, on a line of a method whose code is the same under a class of the same name, or
    of a class whose code is the same) once, at the copy a ``# Copied from`` comment names, else the copy
    that runs (imported from outside its folder), else the first by path, with the others as related
    locations. A copy whose code differs keeps its
    own findings."""
    if not copies.classes:
        return findings

    def copy_of(finding: Finding) -> Copy | None:
        if finding.class_name is None or finding.method is None:
            return None
        span = copies.copy_at(finding.path, finding.line)
        if span is None:
            return None
        key = (span.key, finding.code, finding.class_name, finding.method, finding.attribute)
        what = f"method {span.name}.{span.method}" if span.method else f"class {span.name}"
        note = f"an identical copy of {what}; reported at {{why}}"
        if span.origin:  # where the fix goes; the copies are made from it (diffusers' and transformers' check_copies)
            return Copy(key, (0,), note, ORIGIN_COPY)
        if finding.path in copies.imported:
            return Copy(key, (1,), note, IMPORTED_COPY)
        return Copy(key, (2,), note, FIRST_COPY)

    return fold_copies(findings, copy_of)


__all__ = ["GENERATED_COPY", "VendoredCopies", "fold_copies", "merge_generated_copies", "merge_vendored_copies",
           "vendored_copies", "with_related"]
