"""``# noqa`` and ``# noqa: OFL101, OFL102`` on the line a finding starts on (flake8 semantics)."""

from __future__ import annotations

import re

_NOQA = re.compile(r"#\s*noqa(?::[\s]?(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?", re.IGNORECASE)
_CODE = re.compile(r"[A-Z]+[0-9]+", re.IGNORECASE)


def suppressed_codes(line: str) -> set[str] | None:
    """None: no noqa. Empty set: bare ``# noqa`` (everything). Else the listed codes."""
    if "noqa" not in line.lower():
        return None
    match = _NOQA.search(line)
    if match is None:
        return None
    codes = match.group("codes")
    if not codes:
        return set()
    return {code.upper() for code in _CODE.findall(codes)}


def is_suppressed(code: str, line: str) -> bool:
    codes = suppressed_codes(line)
    if codes is None:
        return False
    return not codes or any(code.startswith(c) for c in codes)
