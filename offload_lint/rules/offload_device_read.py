"""OFL105: the device of an offloaded weight is read (it reports the offload device)."""

from __future__ import annotations

from typing import Iterable

from ..analyze.access import Access, AccessKind
from ..analyze.semantics import FIRST_PARAMETER, METHOD, TENSOR
from ..finding import Finding, levels_text
from ..fix.fixes import use_input_device
from ..index.project import ClassInfo
from .base import MethodCheck, Rule


class OffloadDeviceRead(Rule):
    code = "OFL105"
    name = "offload-device-read"
    summary = "The .device of a weight that may be offloaded is used to place tensors"

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        for access in check.accesses:
            resolution = access.resolution
            if resolution.target == METHOD and resolution.name == "device":
                yield from self._module_device(check, access)
                continue
            if access.kind is not AccessKind.DEVICE or resolution.target != TENSOR:
                continue
            offload = check.offloaded(access)
            if not offload:
                continue
            what = "next(self.parameters())" if resolution.name == FIRST_PARAMETER else f"self.{resolution.dotted}"
            message = (
                f"{check.method.name}() reads {what}.device; under group offloading "
                f"({levels_text(offload.levels)}) that weight sits on the offload device here, so tensors placed "
                f"with it land on the CPU{check.goes(access, offload.levels)}. Fix: use {check.input_name}.device (or ModelMixin.device in diffusers models)"
            )
            fix = use_input_device(check.path, check.span(access.raw), check.input_tensor,
                                   check.cls.is_group_offload_aware)
            yield check.finding(self, access, message, offload.levels, fix)

    def _module_device(self, check: MethodCheck, access: Access) -> Iterable[Finding]:
        """``self.device`` / ``self.child.device`` of a model whose ``device`` is its first parameter's."""
        owner = access.resolution.owner
        model = owner.info
        if model is None or access.raw.inspected or not _device_follows_first_parameter(model):
            return
        if not owner.path and check.method.name == "device":
            return  # the property itself
        levels = check.semantics.module_weights_offloaded(check.cls, owner.path, check.context.hooked,
                                                          first_parameter=True)
        levels = check.hazard_levels(access, levels)
        if not levels:
            return
        spelled = "self" + "".join(f".{step}" for step in owner.path)
        message = (
            f"{check.method.name}() reads {spelled}.device, which {model.name} derives from its first parameter; "
            f"under group offloading ({levels_text(levels)}) that parameter sits on the offload device"
            f"{check.goes(access, levels)}. "
            f"Fix: use {check.input_name}.device"
        )
        fix = use_input_device(check.path, check.span(access.raw), check.input_tensor, group_offload_aware=False)
        yield check.finding(self, access, message, levels, fix)


def _device_follows_first_parameter(model: ClassInfo) -> bool:
    """diffusers' ModelMixin.device knows group offloading; transformers' and hand-written
    ``next(self.parameters()).device`` properties do not."""
    if model.is_group_offload_aware or not model.has_weights:
        return False
    defining = model.methods.get("device")
    if defining is None:
        return True  # inherited from a model base read from our tables (transformers)
    info, method = defining
    return info.external or method.calls_next_parameters
