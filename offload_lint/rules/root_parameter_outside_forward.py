"""OFL101: a root-level parameter or buffer is used outside forward()."""

from __future__ import annotations

from typing import Iterable

from ..analyze.facts import Touch
from ..finding import Finding, levels_text
from ..fix.fixes import move_weight_to_input
from .base import MethodCheck, Rule


class RootParameterOutsideForward(Rule):
    code = "OFL101"
    name = "root-parameter-outside-forward"
    summary = "A module's own parameter or buffer is used in a method that forward() does not run"

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        if check.context.hooked:
            return
        for fact in check.facts(Touch.ROOT_TENSOR):
            if not fact.offload:
                continue
            name = fact.access.resolution.name
            kind = "buffer" if check.is_buffer(name) else "parameter"
            message = (
                f"{check.where()} and uses root {kind} '{name}'; group offloading "
                f"({levels_text(fact.offload.levels)}) onloads it only while {check.cls.name}.forward() runs"
                f"{check.goes(fact.access, fact.offload.levels)}. "
                f"Fix: self.{name}.to({check.input_name}.device), or compute it inside forward()"
            )
            device_of = check.input_tensor
            fix = move_weight_to_input(check.path, check.span(fact.access.raw), device_of) if device_of else None
            yield check.finding(self, fact.access, message, fact.offload.levels, fix)
