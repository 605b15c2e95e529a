"""OFL207: code outside a component (a pipeline) moves the component to a device by hand."""

from __future__ import annotations

from typing import Iterable

from ..finding import ALL_LEVELS, Finding
from ..index.summary import CallSiteRecord, MethodSummary
from .base import ClassCheck, Rule


class ComponentMovedByHand(Rule):
    code = "OFL207"
    name = "component-moved-by-hand"
    summary = "A pipeline moves a component to a device by hand instead of letting the offloading hooks place it"
    applies_to_non_modules = True

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        if check.cls.is_module:
            return
        for method in check.cls.summary.methods.values():
            if check.entry_points.is_setup(method.name):
                continue
            for site in method.call_sites:
                if _moves_component(site) and check.semantics.component(check.cls, site.receiver[1]) is not None:
                    yield self._finding(check, method, site)

    def _finding(self, check: ClassCheck, method: MethodSummary, site: CallSiteRecord) -> Finding:
        component = site.receiver[1]
        message = (
            f"{method.name}() moves self.{component} to a device by hand: with group offloading or model CPU "
            f"offload this puts all of {component}'s weights on the device outside the offloading hooks and "
            f"keeps them there, which defeats offloading and hides what {component}'s methods do outside "
            f"forward(). Fix: let the hooks place it (call self.{component}(...) or fix the component method "
            f"that needs it); to keep it on the device, exclude it from offloading "
            f"(_exclude_from_cpu_offload, enable_group_offload(exclude_modules=[...]))"
        )
        return check.finding(self, site.line, site.column + 1, message, ALL_LEVELS,
                             attribute=component, method=method.name)


def _moves_component(site: CallSiteRecord) -> bool:
    """``self.<component>.to(<device>)`` / ``self.<component>.cuda()``."""
    return len(site.receiver) == 2 and site.receiver[0] == "self" and site.moves_to_device
