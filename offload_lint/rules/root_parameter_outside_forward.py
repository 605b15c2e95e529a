"""OFL101: a root-level parameter or buffer is used outside forward()."""

from __future__ import annotations

from typing import Iterable

from ..analyze.access import AccessKind
from ..analyze.semantics import TENSOR
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
        for access in check.accesses:
            resolution = access.resolution
            if access.kind is not AccessKind.USE or resolution.target != TENSOR or resolution.owner.path:
                continue
            if resolution.is_scalar:  # a 0-dim tensor mixes with any device
                continue
            offload = check.offloaded(access)
            if not offload:
                continue
            owned = check.cls.owned.get(resolution.name)  # absent: known from a torch.nn base, never a buffer
            kind = "buffer" if owned is not None and owned.is_buffer else "parameter"
            message = (
                f"{check.where()} and uses root {kind} '{resolution.name}'; group offloading "
                f"({levels_text(offload.levels)}) onloads it only while {check.cls.name}.forward() runs{check.goes(access, offload.levels)}. "
                f"Fix: self.{resolution.name}.to({check.input_name}.device), or compute it inside forward()"
            )
            device_of = check.input_tensor
            fix = move_weight_to_input(check.path, check.span(access.raw), device_of) if device_of else None
            yield check.finding(self, access, message, offload.levels, fix)
