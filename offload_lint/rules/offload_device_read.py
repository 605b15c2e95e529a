"""OFL105: the device of an offloaded weight is read (it reports the offload device)."""

from __future__ import annotations

from typing import Iterable

from ..analyze.access import AccessKind
from ..analyze.semantics import FIRST_PARAMETER, METHOD, TENSOR
from ..finding import Finding, levels_text
from .base import MethodCheck, Rule


class OffloadDeviceRead(Rule):
    code = "OFL105"
    name = "offload-device-read"
    summary = "The .device of a weight that may be offloaded is used to place tensors"

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        for access in check.accesses:
            resolution = access.resolution
            if resolution.target == METHOD and resolution.name == "device" and not resolution.owner.path:
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
                f"with it land on the CPU. Fix: use {check.input_name}.device (or ModelMixin.device in diffusers models)"
            )
            yield check.finding(self, access, message, offload.levels)

    def _module_device(self, check: MethodCheck, access) -> Iterable[Finding]:
        """``self.device`` of a module whose ``device`` is its first parameter's device."""
        cls = check.cls
        if cls.is_group_offload_aware or not cls.has_weights:
            return
        defining, _ = cls.methods["device"]
        if defining.qualified == cls.qualified and check.method.name == "device":
            return
        if not defining.external and "device" in defining.summary.methods and not defining.summary.methods["device"].calls_next_parameters:
            return  # a project-defined device property that does not read a weight
        offload = check.semantics.offloaded(cls, check.semantics.resolve(cls, (FIRST_PARAMETER,)), check.context.hooked)
        if not offload:
            return
        message = (
            f"{check.method.name}() reads self.device, which {defining.name} derives from its first parameter; "
            f"under group offloading ({levels_text(offload.levels)}) that parameter sits on the offload device. "
            f"Fix: use {check.input_name}.device"
        )
        yield check.finding(self, access, message, offload.levels)
