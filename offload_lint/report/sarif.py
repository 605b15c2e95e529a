"""SARIF 2.1.0 (code scanning): every rule with its documentation, every finding as a result.

Columns are Unicode code points (libcst's), 1-based, end exclusive, as SARIF regions are.
Paths relative to the working directory are given against ``%SRCROOT%``, which is what
GitHub code scanning resolves against the checkout.
"""

from __future__ import annotations

import os
import re
from importlib import metadata
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote

from .. import __version__
from ..result import LintResult
from . import json_format
from ..finding import ALL_LEVELS, Finding, strategy_names
from ..rules import ALL_RULES, PARSE_ERROR_CODE, PARSE_ERROR_NAME
from ..ruledocs import all_docs

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SOURCE_ROOT = "%SRCROOT%"
PARSE_ERROR_SUMMARY = "The file could not be read or parsed, so it was not analyzed"
_WHAT_IT_DOES = re.compile(r"^## What it does\n(.*?)(?=^## |\Z)", re.S | re.M)


def render(result: LintResult, out: TextIO, statistics: bool = False) -> None:
    json_format.dump(sarif_log(result, Path.cwd()), out)


def sarif_log(result: LintResult, source_root: Path) -> dict[str, Any]:
    rules = rule_descriptors()
    index_of = {rule["id"]: index for index, rule in enumerate(rules)}
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {"driver": driver(rules)},
            "originalUriBaseIds": {SOURCE_ROOT: {"uri": source_root.resolve().as_uri() + "/"}},
            "columnKind": "unicodeCodePoints",
            "invocations": [{"executionSuccessful": True}],
            "results": [sarif_result(f, index_of, source_root) for f in result.findings],
        }],
    }


def driver(rules: list[dict[str, Any]]) -> dict[str, Any]:
    tool: dict[str, Any] = {"name": "offload-lint", "version": __version__, "semanticVersion": __version__,
                            "rules": rules}
    homepage = project_url()
    if homepage:
        tool["informationUri"] = homepage
    return tool


def rule_descriptors() -> list[dict[str, Any]]:
    docs = all_docs()
    homepage = project_url()
    descriptors = []
    for rule in sorted(ALL_RULES, key=lambda r: r.code):
        doc = docs.get(rule.code, "")
        descriptor: dict[str, Any] = {
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": what_it_does(doc) or rule.summary},
            "help": {"text": doc, "markdown": doc},
            "defaultConfiguration": {"level": "error", "enabled": rule.enabled_by_default},
        }
        if homepage:
            descriptor["helpUri"] = f"{homepage.rstrip('/')}/blob/main/rules/{rule.code}.md"
        descriptors.append(descriptor)
    descriptors.append({
        "id": PARSE_ERROR_CODE,
        "name": PARSE_ERROR_NAME,
        "shortDescription": {"text": PARSE_ERROR_SUMMARY},
        "fullDescription": {"text": PARSE_ERROR_SUMMARY + ": invalid UTF-8, a syntax error, or unreadable."},
        "defaultConfiguration": {"level": "error"},
    })
    return descriptors


def what_it_does(doc: str) -> str:
    match = _WHAT_IT_DOES.search(doc)
    return " ".join(match.group(1).split()) if match else ""


def project_url() -> str | None:
    """The repository URL from the installed metadata (``[project.urls]``), if it names one."""
    try:
        urls = metadata.metadata("offload-lint").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    for entry in urls:
        label, _, url = entry.partition(",")
        if label.strip().lower() in ("repository", "source", "homepage") and url.strip():
            return url.strip()
    return None


def sarif_result(finding: Finding, index_of: dict[str, int], source_root: Path) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "level": "error",
        "message": {"text": finding.message},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact_location(finding.path, source_root),
            "region": {
                "startLine": finding.line,
                "startColumn": finding.column,
                "endLine": finding.end_line,
                "endColumn": max(finding.end_column, finding.column),
            },
        }}],
        "properties": properties_of(finding),
    }
    if finding.related:
        result["relatedLocations"] = [{
            "id": number,
            "physicalLocation": {"artifactLocation": artifact_location(location.path, source_root),
                                 "region": {"startLine": location.line, "startColumn": location.column}},
            "message": {"text": location.note},
        } for number, location in enumerate(finding.related, start=1)]
    if finding.code in index_of:
        result["ruleIndex"] = index_of[finding.code]
    if finding.fix is not None:
        result["fixes"] = [sarif_fix(finding, source_root)]
    if finding.suppressed_by:  # only listed with --show-suppressed
        reason = finding.suppressed_by
        justification = f"class sets {reason}" if reason.startswith("_supports") else reason
        result["suppressions"] = [{"kind": "inSource", "justification": justification}]
    return result


def sarif_fix(finding: Finding, source_root: Path) -> dict[str, Any]:
    """The finding's fix as a SARIF ``fix``: its edits as replacements (an insertion deletes an empty region)."""
    fix = finding.fix
    assert fix is not None
    replacements = [{
        "deletedRegion": {"startLine": edit.line, "startColumn": edit.column,
                          "endLine": edit.end_line, "endColumn": edit.end_column},
        "insertedContent": {"text": edit.content},
    } for edit in fix.edits]
    properties: dict[str, Any] = {"applicability": fix.applicability.value}
    if fix.no_help_under:
        properties["noHelpUnder"] = list(fix.no_help_under)
    return {
        "description": {"text": fix.message},
        "artifactChanges": [{"artifactLocation": artifact_location(finding.path, source_root),
                             "replacements": replacements}],
        "properties": properties,
    }


def artifact_location(path: str, source_root: Path) -> dict[str, str]:
    absolute = Path(os.path.realpath(path))
    try:
        relative = absolute.relative_to(source_root.resolve())
    except ValueError:
        return {"uri": absolute.as_uri()}
    return {"uri": quote(relative.as_posix()), "uriBaseId": SOURCE_ROOT}


def properties_of(finding: Finding) -> dict[str, Any]:
    fields = {
        "class": finding.class_name,
        "method": finding.method,
        "levels": [level for level in ALL_LEVELS if level in finding.levels] or None,
        "strategies": strategy_names(finding.levels) or None,
        "attribute": finding.attribute,
        "callSite": str(finding.call_site) if finding.call_site else None,
        **finding.extra,
        **(finding.runtime.to_json() if finding.runtime is not None else {}),  # the confirmer's verdict
    }
    return {key: value for key, value in fields.items() if value is not None}
