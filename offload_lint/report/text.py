"""``path:line:col: CODE message``, then a summary line, like ruff and flake8."""

from __future__ import annotations

from collections import Counter
from typing import TextIO

from ..engine import LintResult
from ..finding import strategy_names
from ..strategies import STRATEGIES

_ORDER = [strategy.name for strategy in STRATEGIES]


def render(result: LintResult, out: TextIO, statistics: bool = False) -> None:
    for finding in result.findings:
        suffix = f" [suppressed by {finding.suppressed_by}]" if finding.suppressed_by else ""
        if "verdict" in finding.extra:
            evidence = finding.extra.get("evidence") or ""
            suffix += f" [{finding.extra['verdict']}: {evidence}]" if evidence else f" [{finding.extra['verdict']}]"
        out.write(f"{finding.path}:{finding.line}:{finding.column}: {finding.code} {finding.message}{suffix}\n")
    if statistics:
        counts = Counter((f.code, f.name) for f in result.findings)
        by_strategy: dict[tuple[str, str], Counter] = {}
        for finding in result.findings:
            by_strategy.setdefault((finding.code, finding.name), Counter()).update(strategy_names(finding.levels))
        for (code, name), count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            split = by_strategy[(code, name)]
            per_strategy = ", ".join(f"{strategy} {split[strategy]}" for strategy in _ORDER if split[strategy])
            out.write(f"{count:>6}\t{code}\t{name}" + (f"\t({per_strategy})" if per_strategy else "") + "\n")
    total = len(result.findings)
    if total:
        noun = "finding" if total == 1 else "findings"
        out.write(f"Found {total} {noun} in {result.files} files.\n")
    else:
        out.write(f"All checks passed! ({result.files} files)\n")
    if result.suppressed:
        out.write(f"{result.suppressed} finding(s) hidden by _supports_group_offloading = False (--show-suppressed to list).\n")
