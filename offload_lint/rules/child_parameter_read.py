"""OFL104: a non-leaf child's own parameter is read outside that child's forward()."""

from __future__ import annotations

from typing import Iterable

from ..analyze.access import AccessKind
from ..analyze.semantics import FIRST_PARAMETER, TENSOR
from ..finding import LEAF, Finding, levels_text
from ..fix.fixes import move_weight_to_input
from ..index import torch_nn
from .base import MethodCheck, Rule


class ChildParameterRead(Rule):
    code = "OFL104"
    name = "child-parameter-read"
    summary = "A child module's own parameter (a norm's weight) is read outside that child's forward()"

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        for access in check.accesses:
            resolution = access.resolution
            if access.kind is not AccessKind.USE or resolution.target != TENSOR:
                continue
            if resolution.is_scalar:  # a 0-dim tensor mixes with any device
                continue
            owner = resolution.owner
            if not owner.path or owner.kind == torch_nn.LEAF or owner.path[0] == FIRST_PARAMETER:
                continue
            offload = check.offloaded(access)
            if not offload:
                continue
            child = resolution.dotted.rsplit(".", 1)[0]
            hook = offload.hook_by_level.get(LEAF) or next(iter(offload.hook_by_level.values()))
            message = (
                f"{check.method.name}() reads '{resolution.dotted}' outside self.{child}.forward(); "
                f"group offloading ({levels_text(offload.levels)}) onloads it only while {hook} runs{check.goes(access, offload.levels)}. "
                f"Fix: call self.{child}(...), or use self.{resolution.dotted}.to({check.input_name}.device)"
            )
            device_of = check.input_tensor
            fix = move_weight_to_input(check.path, check.span(access.raw), device_of) if device_of else None
            yield check.finding(self, access, message, offload.levels, fix)
