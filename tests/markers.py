"""The one convention for expected findings, in fixtures and rule docs alike: a trailing comment
naming the codes found on that line, ``# OFL101`` or ``# OFL101, OFL101`` (one per finding), with
`` (suppressed)`` when the finding is hidden by ``_supports_group_offloading = False``."""

from __future__ import annotations

import re
from collections import Counter

MARKER = re.compile(r"#\s*(?P<codes>OFL\d{3}(?:\s*,\s*OFL\d{3})*)(?P<suppressed>\s+\(suppressed\))?\s*$")


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
