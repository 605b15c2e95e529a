"""The one convention for expected findings, in fixtures and rule docs alike: a trailing comment
naming the codes found on that line, ``# OFL101`` or ``# OFL101, OFL101`` (one per finding), with
`` (suppressed)`` when the finding is hidden by ``_supports_group_offloading = False``. Fixtures
linted under several strategies name them after each code: ``# OFL101 [group-leaf, fsdp2]``."""

from __future__ import annotations

import re
from collections import Counter

_CODE = r"OFL\d{3}(?:\s*\[[\w\s,-]*\])?"
MARKER = re.compile(rf"#\s*(?P<codes>{_CODE}(?:\s*,\s*{_CODE})*)(?P<suppressed>\s+\(suppressed\))?\s*$")
_CODE_WITH_STRATEGIES = re.compile(r"(OFL\d{3})(?:\s*\[([\w\s,-]*)\])?")


def expected(source: str, key: str = "") -> tuple[Counter, Counter]:
    """(shown, suppressed) counters of ``(key, line, code)`` marked in ``source``."""
    shown: Counter = Counter()
    suppressed: Counter = Counter()
    for number, line in enumerate(source.splitlines(), start=1):
        match = MARKER.search(line)
        if match is None:
            continue
        target = suppressed if match.group("suppressed") else shown
        for code in re.findall(r"OFL\d{3}", match.group("codes")):
            target[(key, number, code)] += 1
    return shown, suppressed


def expected_by_strategy(source: str) -> Counter:
    """``(line, code, strategy)`` for every strategy named after a marked code."""
    found: Counter = Counter()
    for number, line in enumerate(source.splitlines(), start=1):
        match = MARKER.search(line)
        if match is None:
            continue
        for code, strategies in _CODE_WITH_STRATEGIES.findall(match.group("codes")):
            for strategy in (name.strip() for name in strategies.split(",") if name.strip()):
                found[(number, code, strategy)] += 1
    return found


READINESS = re.compile(r"#\s*readiness:\s*block=(?P<block>[\w-]+)\s+leaf=(?P<leaf>[\w-]+)\s*$")


def expected_readiness(source: str) -> dict[tuple[str, str], dict[str, str]]:
    """``(pipeline class, component) -> {level: verdict}`` from ``# readiness: block=... leaf=...``
    on a component's ``__init__`` parameter line; the pipeline is the class the line is in."""
    import ast

    lines = source.splitlines()
    found: dict[tuple[str, str], dict[str, str]] = {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if not (isinstance(item, ast.FunctionDef) and item.name == "__init__"):
                continue
            for argument in item.args.args[1:]:
                match = READINESS.search(lines[argument.lineno - 1])
                if match:
                    found[(node.name, argument.arg)] = {"block": match["block"], "leaf": match["leaf"]}
    return found
