"""Applying fixes: per file, non-overlapping edits only, then re-lint and repeat until nothing
is left to fix (ruff's loop), so that a fix skipped for a conflict gets its turn next round.

The result of every round must parse with libcst; a file whose fixed text does not is left as it
was and reported. Lines under a ``# noqa`` that covers the finding are never edited.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable


from ..config import is_selected_for_fix
from ..finding import Finding
from ..noqa import is_suppressed
from ..source import SourceProblem, read_text, split_lines
from .model import Edit

MAX_ITERATIONS = 10


@dataclass(frozen=True)
class FixPolicy:
    """Which fixes this run applies: safe ones, unsafe ones with ``--unsafe-fixes``, and only for
    codes ``fixable`` selects and ``unfixable`` does not."""

    unsafe: bool = False
    fixable: tuple[str, ...] = ("ALL",)
    unfixable: tuple[str, ...] = ()

    def offers(self, finding: Finding) -> bool:
        """The finding has a fix this run may apply (the ``[*]`` in the text output)."""
        return finding.fix is not None and finding.fix.applies(self.unsafe) and self.code_fixable(finding.code)

    def hides(self, finding: Finding) -> bool:
        """An unsafe fix that ``--unsafe-fixes`` would enable."""
        return (finding.fix is not None and not finding.fix.applies(self.unsafe)
                and self.code_fixable(finding.code))

    def code_fixable(self, code: str) -> bool:
        return is_selected_for_fix(code, self.fixable, self.unfixable)


@dataclass(frozen=True)
class Applied:
    """One fixed finding, with where its file's edits moved it (for the confirmer after the fix)."""

    finding: Finding
    line_after: int


@dataclass
class FixOutcome:
    policy: FixPolicy
    mode: str = "report"  # "report": fixes offered only; "fix": applied; "diff": shown
    applied: list[Applied] = field(default_factory=list)
    originals: dict[str, str] = field(default_factory=dict)  # path -> text before the first fix
    fixed_texts: dict[str, str] = field(default_factory=dict)  # path -> text after the last fix
    problems: list[str] = field(default_factory=list)  # files left unfixed, not-converging fixes
    iterations: int = 0

    @property
    def fixed(self) -> list[Finding]:
        return [applied.finding for applied in self.applied]

    def diff(self) -> str:
        chunks = []
        for path in sorted(self.originals):
            before, after = self.originals[path], self.fixed_texts.get(path, self.originals[path])
            chunks += difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                           fromfile=path, tofile=path)
        return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in chunks)


@dataclass(frozen=True)
class FileFix:
    text: str
    applied: tuple[Applied, ...]
    edits: tuple[Edit, ...] = ()


def fix_text(text: str, findings: list[Finding], policy: FixPolicy) -> FileFix:
    """Apply to ``text`` the fixes of ``findings`` (one file) that do not overlap an earlier one.

    An edit identical to one already taken is shared (several findings fixed by one import)."""
    lines = split_lines(text, keepends=True)
    taken: list[Edit] = []
    chosen: list[Finding] = []
    candidates = sorted((f for f in findings if policy.offers(f)),
                        key=lambda f: (min(e.start for e in f.fix.edits), f.sort_key()))
    for finding in candidates:
        edits = finding.fix.edits
        if not edits or any(_under_noqa(finding.code, edit, lines) for edit in edits):
            continue
        new = [edit for edit in edits if edit not in taken]
        if any(edit.overlaps(other) for edit in new for other in taken):
            continue  # the next round, after a re-lint, sees it again
        if not all(_within(edit, lines) for edit in new):
            continue
        taken += new
        chosen.append(finding)
    if not chosen:
        return FileFix(text, ())
    fixed = _splice(lines, taken)
    applied = tuple(Applied(f, moved_line(taken, f.line)) for f in chosen)
    return FileFix(fixed, applied, tuple(taken))


def _under_noqa(code: str, edit: Edit, lines: list[str]) -> bool:
    return any(is_suppressed(code, lines[number - 1]) for number in range(edit.line, edit.end_line + 1)
               if 0 < number <= len(lines))


def _within(edit: Edit, lines: list[str]) -> bool:
    """An edit's positions exist in the text (a file changed since it was linted has other lines)."""
    if not (1 <= edit.line <= edit.end_line and edit.start <= edit.end):
        return False
    if edit.line == len(lines) + 1 and edit.column == 1:
        return edit.end == edit.start  # an insertion after the last line
    if edit.end_line > len(lines):
        return False
    return edit.column - 1 <= len(lines[edit.line - 1]) and edit.end_column - 1 <= len(lines[edit.end_line - 1])


def _offset(starts: list[int], line: int, column: int) -> int:
    return starts[line - 1] + column - 1


def _splice(lines: list[str], edits: list[Edit]) -> str:
    text = "".join(lines)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        start, end = _offset(starts, *edit.start), _offset(starts, *edit.end)
        text = text[:start] + edit.content + text[end:]
    return text


def moved_line(edits: list[Edit], line: int) -> int:
    """Where ``line`` is once ``edits`` are applied: shifted by the lines added above it, or the
    first line of an edit that replaced it."""
    shift = 0
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        if edit.end_line < line:
            shift += edit.content.count("\n") - (edit.end_line - edit.line)
        elif edit.line < line <= edit.end_line:
            return edit.line + shift
    return line + shift


def _where(finding: Finding, line: int) -> tuple:
    return (finding.path, finding.code, finding.class_name, finding.method, finding.attribute, line, finding.column)


def parses(text: str) -> bool:
    import libcst  # only when fixes are applied: a run that applies none never loads it

    try:
        libcst.parse_module(text)
    except Exception:  # libcst's ParserSyntaxError and its recursion limits alike
        return False
    return True


def write_text(path: str, text: str) -> None:
    """Write keeping the file's bytes otherwise as they were, and make sure its (size, mtime)
    fingerprint changes, so that the next lint of the loop does not take its cached result."""
    before = os.stat(path)
    Path(path).write_bytes(text.encode("utf-8"))
    after = os.stat(path)
    if (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns):
        os.utime(path, ns=(after.st_atime_ns, after.st_mtime_ns + 1_000))


def run_fixes(findings: list[Finding], policy: FixPolicy, relint: Callable[[], list[Finding]] | None) -> tuple[FixOutcome, list[Finding]]:
    """Fix, re-lint and fix again until no fix applies (at most MAX_ITERATIONS rounds).

    ``relint`` None: one round in memory, nothing written (``--diff``). Returns the outcome and
    the findings of the last lint."""
    outcome = FixOutcome(policy, "diff" if relint is None else "fix")
    current: dict[str, str] = {}
    seen_texts: set[tuple[str, str]] = set()
    for iteration in range(MAX_ITERATIONS):
        by_path: dict[str, list[Finding]] = {}
        done = {_where(a.finding, a.line_after) for a in outcome.applied}
        for finding in findings:
            if not policy.offers(finding):
                continue
            if _where(finding, finding.line) in done:  # fixed before, and still there: the fix does not remove it
                outcome.problems.append(f"{finding.path}:{finding.line}:{finding.column}: the {finding.code} fix "
                                        f"did not remove the finding; not applied again")
                continue
            by_path.setdefault(finding.path, []).append(finding)
        changed = False
        for path, found in sorted(by_path.items()):
            text = current.get(path)
            if text is None:
                text = read_text(Path(path))
                if isinstance(text, SourceProblem):
                    continue
            result = fix_text(text, found, policy)
            if not result.applied:
                continue
            if not parses(result.text):
                outcome.problems.append(f"{path}: the fixed text does not parse; the file is left as it was")
                continue
            if (path, result.text) in seen_texts:
                outcome.problems.append(f"{path}: the fixes do not converge; stopped")
                continue
            seen_texts.add((path, result.text))
            outcome.originals.setdefault(path, text)
            current[path] = outcome.fixed_texts[path] = result.text
            # Findings fixed in earlier rounds move with the lines this round adds above them.
            outcome.applied = [Applied(a.finding, moved_line(list(result.edits), a.line_after))
                               if a.finding.path == path else a for a in outcome.applied]
            outcome.applied += result.applied
            changed = True
            if relint is not None:
                write_text(path, result.text)
        outcome.iterations = iteration + 1
        if not changed or relint is None:
            break
        findings = relint()
    else:
        if any(policy.offers(f) and _where(f, f.line) not in {_where(a.finding, a.line_after) for a in outcome.applied}
               for f in findings):
            outcome.problems.append(f"fixes still apply after {MAX_ITERATIONS} rounds; stopped")
    outcome.problems = list(dict.fromkeys(outcome.problems))
    return outcome, findings


__all__ = ["MAX_ITERATIONS", "Applied", "FileFix", "FixOutcome", "FixPolicy", "fix_text", "moved_line", "parses", "run_fixes",
           "write_text"]
