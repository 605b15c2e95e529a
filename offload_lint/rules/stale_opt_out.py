"""OFL206 (off by default): ``_supports_group_offloading = False`` on a class in which no rule finds anything."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from ..analyze.facts import with_children
from ..finding import Finding
from ..source import read_lines
from .base import ClassCheck, Confirm, Rule, Scope

if TYPE_CHECKING:
    from ..index.project import ClassInfo

_CHILD_DEPTH = 3  # how deep into child classes a reason for the opt-out is looked for


class StaleOptOut(Rule):
    code = "OFL206"
    name = "stale-opt-out"
    summary = "_supports_group_offloading = False on a class in which no rule finds a reason"
    scope = Scope.CLASS
    confirm = Confirm.NOT_RUN
    not_run_because = "a flag, not a method"
    enabled_by_default = False
    needs_all_findings = True
    applies_to_opted_out = True

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        cls = check.cls
        if cls.summary.supports_group_offloading is not False or check.findings is None:
            return
        classes = with_children(cls, check.project, _CHILD_DEPTH)
        for info in classes:
            if check.findings.of_class(info.qualified):
                return
            if any(check.findings.method(cls if info is cls else info, name) for name in info.methods):
                return
            if self._class_rule_reason(check, info):
                return
        names = ", ".join(sorted(info.name for info in classes if info is not cls)[:4])
        message = (
            f"{cls.name} sets _supports_group_offloading = False, but no offload-lint rule finds a weight touched "
            f"outside its hook in it{' or its children (' + names + ')' if names else ''}; the opt-out may block "
            f"users for no reason. Fix: check the reason (the rules see only static patterns: data-dependent "
            f"execution order, custom CUDA kernels and in-place weight tricks escape them), then drop the flag or "
            f"write the reason next to it"
        )
        line = self._flag_line(cls)
        yield check.finding(self, line, cls.summary.column + 5, message, (), attribute="_supports_group_offloading")

    def _class_rule_reason(self, check: ClassCheck, info: ClassInfo) -> bool:
        """Whether a class rule (OFL204's weight_norm, OFL205) finds something in ``info``, selected
        or not: like the method rules' answer, the verdict must not depend on ``--select``."""
        from . import ALL_RULES  # the registry imports this module

        for rule_class in ALL_RULES:
            if rule_class.needs_all_findings or not rule_class.scope.checks_classes:
                continue
            if not (info.is_module or rule_class.scope.outside_modules):
                continue
            probe = ClassCheck(info, check.project, check.semantics, check.entry_points, info.file.path,
                               list(check.findings.of_class(info.qualified)), check.findings)
            if any(True for _ in rule_class().check_class(probe)):
                return True
        return False

    def _flag_line(self, cls: ClassInfo) -> int:
        """The ``_supports_group_offloading = False`` line, found in the class's source span."""
        lines = read_lines(Path(cls.file.path))
        for number in range(cls.summary.line, min(cls.summary.end_line, len(lines)) + 1):
            if lines[number - 1].strip().startswith("_supports_group_offloading"):
                return number
        return cls.summary.line
