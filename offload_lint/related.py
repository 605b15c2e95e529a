"""One finding per cause: other places of the same cause become related locations of the one
reported where the fix goes (a template and the copy generated from it; a helper and its calls)."""

from __future__ import annotations

from dataclasses import replace

from .finding import Finding, RelatedLocation

# Messages name the related places after this marker (rebuilt whenever more are added).
_MARKER = "; the same cause at "
GENERATED_COPY = "generated from this file: regenerate it after the fix"


def with_related(finding: Finding, locations: tuple[RelatedLocation, ...]) -> Finding:
    """``finding`` with ``locations`` added to its related places, in its message too."""
    merged = tuple(dict.fromkeys((*finding.related, *locations)))
    if merged == finding.related:
        return finding
    base = finding.message.split(_MARKER, 1)[0]
    places = ", ".join(f"{location} ({location.note})" for location in merged)
    return replace(finding, related=merged, message=f"{base}{_MARKER}{places}")


def _twin_key(finding: Finding, path: str) -> tuple | None:
    if finding.class_name is None or finding.method is None:
        return None
    return (path, finding.code, finding.class_name, finding.method, finding.attribute)


def merge_generated_copies(findings: list[Finding], template_of: dict[str, str]) -> list[Finding]:
    """Drop a generated file's finding that its template has too (same rule, class, method and
    attribute) and name it at the template's, where the fix is made. A finding only the generated
    file has (a caller outside the class, a method the template inherits) stays where it is."""
    if not template_of:
        return findings
    templates = set(template_of.values())
    in_templates: dict[tuple, list[int]] = {}
    for index, finding in enumerate(findings):
        key = _twin_key(finding, finding.path) if finding.path in templates else None
        if key is not None:
            in_templates.setdefault(key, []).append(index)
    if not in_templates:
        return findings
    copies: dict[tuple, RelatedLocation] = {}
    runnable_module: dict[tuple, str | None] = {}
    dropped: set[int] = set()
    for index, finding in sorted(enumerate(findings), key=lambda item: item[1].sort_key()):
        template = template_of.get(finding.path)
        key = _twin_key(finding, template) if template is not None else None
        if key is None or key not in in_templates:
            continue
        dropped.add(index)
        copies.setdefault(key, RelatedLocation(finding.path, finding.line, finding.column, GENERATED_COPY))
        runnable_module.setdefault(key, finding.module)
    out = list(findings)
    for key, location in copies.items():
        for index in in_templates[key]:
            # The confirmer builds the class from the module that is imported, not from the template.
            out[index] = replace(with_related(out[index], (location,)), module=runnable_module[key])
    return [finding for index, finding in enumerate(out) if index not in dropped]


__all__ = ["GENERATED_COPY", "merge_generated_copies", "with_related"]
