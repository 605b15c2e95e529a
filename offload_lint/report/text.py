"""``path:line:col: CODE [*] message``, then a summary line, like ruff and flake8.

``[*]`` marks a finding whose fix this run would apply with ``--fix``; the summary counts them,
and the unsafe ones ``--unsafe-fixes`` would add, in ruff's words.
"""

from __future__ import annotations

from collections import Counter
from typing import TextIO

from ..result import LintResult
from ..finding import Finding, strategy_names
from ..fix.apply import FixOutcome, FixPolicy
from ..strategies import STRATEGIES

_ORDER = [strategy.name for strategy in STRATEGIES]


def render(result: LintResult, out: TextIO, statistics: bool = False) -> None:
    outcome = result.fixes
    policy = outcome.policy if outcome is not None else None
    for finding in result.findings:
        out.write(line_of(finding, policy) + "\n")
    if outcome is not None and outcome.mode == "fix":
        for applied in outcome.applied:
            if "fix_verdict" in applied.finding.extra:  # --fix --confirm: each fixed finding's proof
                out.write(fixed_line(applied.finding) + "\n")
    if statistics:
        counts = Counter((f.code, f.name) for f in result.findings)
        by_strategy: dict[tuple[str, str], Counter] = {}
        for finding in result.findings:
            by_strategy.setdefault((finding.code, finding.name), Counter()).update(strategy_names(finding.levels))
        for (code, name), count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            split = by_strategy[(code, name)]
            per_strategy = ", ".join(f"{strategy} {split[strategy]}" for strategy in _ORDER if split[strategy])
            out.write(f"{count:>6}\t{code}\t{name}" + (f"\t({per_strategy})" if per_strategy else "") + "\n")
    out.write(summary(result))
    if result.suppressed:
        # Opted out (``_supports_group_offloading = False``) or suppressed with a reason (a class never offloaded as
        # the tree builds it, an accessor nothing calls): each finding says which under --show-suppressed.
        out.write(f"{result.suppressed} finding(s) suppressed (--show-suppressed lists them with the reason).\n")


def line_of(finding: Finding, policy: FixPolicy | None) -> str:
    suffix = f" [suppressed by {finding.suppressed_by}]" if finding.suppressed_by else ""
    if finding.runtime is not None:
        suffix += finding.runtime.describe()
    marker = "[*] " if policy is not None and policy.offers(finding) else ""
    return f"{finding.path}:{finding.line}:{finding.column}: {finding.code} {marker}{finding.message}{suffix}"


def fixed_line(finding: Finding) -> str:
    verdict = finding.extra["fix_verdict"]
    evidence = finding.extra.get("fix_evidence")
    message = finding.fix.message if finding.fix else finding.message
    return (f"{finding.path}:{finding.line}:{finding.column}: {finding.code} [fixed: {verdict}"
            f"{': ' + evidence if evidence else ''}] {message}")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s" if not word.endswith("x") else "es")


def summary(result: LintResult) -> str:
    outcome: FixOutcome | None = result.fixes
    remaining = len(result.findings)
    fixed = len(outcome.applied) if outcome is not None and outcome.mode == "fix" else 0
    lines = []
    if remaining or fixed:
        total = remaining + fixed
        counts = f" ({fixed} fixed, {remaining} remaining)" if outcome is not None and outcome.mode == "fix" else ""
        lines.append(f"Found {_plural(total, 'finding')}{counts} in {_plural(result.files, 'file')}.")
    else:
        lines.append(f"All checks passed! ({_plural(result.files, 'file')})")
    if outcome is not None and remaining:
        offered = sum(1 for f in result.findings if outcome.policy.offers(f))
        hidden = sum(1 for f in result.findings if outcome.policy.hides(f))
        hint = (f"{_plural(hidden, 'hidden fix')} can be enabled with the `--unsafe-fixes` option"
                if hidden else "")
        if offered:
            lines.append(f"[*] {offered} fixable with the `--fix` option" + (f" ({hint})." if hint else "."))
        elif hint:
            lines.append(f"No fixes available ({hint}).")
    return "".join(line + "\n" for line in lines)
