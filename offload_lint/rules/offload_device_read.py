"""OFL105: the device of an offloaded weight is read (it reports the offload device)."""

from __future__ import annotations

from typing import Iterable

from ..analyze.facts import AccessFact, Touch, among_offloaded_weights_only
from ..analyze.semantics import FIRST_PARAMETER
from ..finding import Finding
from ..fix.fixes import use_input_device
from ..strategies import strategies_text
from .base import Confirm, MethodCheck, Rule, Scope


class OffloadDeviceRead(Rule):
    code = "OFL105"
    name = "offload-device-read"
    summary = "The .device of a weight that may be offloaded is used to place tensors"
    scope = Scope.METHOD
    confirm = Confirm.METHOD
    has_fix = True
    leaf_inside_forward = True

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        for fact in check.facts(Touch.WEIGHT_DEVICE, Touch.MODEL_DEVICE):
            if not fact.offload or among_offloaded_weights_only(
                    fact.access, check.input_name if check.input_tensor is not None else None):
                continue
            if fact.touch is Touch.MODEL_DEVICE:
                yield self._model_device(check, fact)
                continue
            resolution = fact.access.resolution
            levels = fact.offload.levels
            what = (f"next({'.'.join(('self',) + resolution.consumed[:-1])}.parameters())"
                    if resolution.name == FIRST_PARAMETER else f"self.{resolution.dotted}")
            message = (
                f"{check.method.name}() reads {what}.device; under {strategies_text(levels)} "
                f"that weight sits on the offload device here, so tensors placed "
                f"with it land on the CPU{check.goes(fact.access, levels)}. "
                f"Fix: use {check.input_name}.device (or ModelMixin.device in diffusers models)"
            )
            fix = use_input_device(check.source, check.span(fact.access.raw), check.input_tensor,
                                   check.cls.is_group_offload_aware)
            yield check.finding(self, fact.access, message, levels, fix)

    def _model_device(self, check: MethodCheck, fact: AccessFact) -> Finding:
        """``self.device`` / ``self.child.device`` of a model whose ``device`` is its first parameter's."""
        owner = fact.access.resolution.owner
        levels = fact.offload.levels
        spelled = "self" + "".join(f".{step}" for step in owner.path)
        message = (
            f"{check.method.name}() reads {spelled}.device, which {owner.info.name} derives from its first parameter; "
            f"under {strategies_text(levels)} that parameter sits on the offload device"
            f"{check.goes(fact.access, levels)}. "
            f"Fix: use {check.input_name}.device"
        )
        fix = use_input_device(check.source, check.span(fact.access.raw), check.input_tensor, group_offload_aware=False)
        return check.finding(self, fact.access, message, levels, fix)
