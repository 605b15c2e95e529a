"""OFL207: code outside a component (a pipeline) moves the component to a device by hand."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from ..analyze.components import HandMove, component_method_calls, hand_move_noop, hand_move_refused, hand_moves, \
    resident_under
from ..finding import Finding
from .base import ClassCheck, Confirm, Rule, Scope


class ComponentMovedByHand(Rule):
    code = "OFL207"
    name = "component-moved-by-hand"
    summary = "A pipeline moves a component to a device by hand instead of letting the offloading hooks place it"
    scope = Scope.CALLER_CLASS
    confirm = Confirm.HAND_MOVE

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        for move in hand_moves(check.cls, check.semantics, check.entry_points):
            resident = resident_under(check.cls, move.component)
            # Where the offloaded weights already live on the compute device (a sharded DTensor, a ZeRO-3
            # partition) a move to that device changes nothing.
            noop = hand_move_noop(check.semantics.levels)
            if not masks_a_call(check, move):
                # A diffusers ModelMixin refuses the move under group offloading (it logs and returns): nothing
                # moves, and nothing is offloaded by hand. (A move followed by a call of the component's own method
                # stays reported: that call is what breaks, and OFL202 is masked by the move.)
                noop += hand_move_refused(check.cls, move.component, check.semantics)
            levels = tuple(key for key in check.semantics.levels if key not in resident and key not in noop)
            if not levels:
                continue
            finding = self._finding(check, move, levels)
            # Kept, suppressed with the reason (``--show-suppressed``): the component cannot be an offloaded one.
            yield replace(finding, suppressed_by=move.unoffloaded) if move.unoffloaded else finding

    def _finding(self, check: ClassCheck, move: HandMove, levels: tuple[str, ...]) -> Finding:
        component = move.component
        message = (
            f"{move.method.name}() moves self.{component} to a device by hand: with group offloading or model CPU "
            f"offload this puts all of {component}'s weights on the device outside the offloading hooks and "
            f"keeps them there, which defeats offloading and hides what {component}'s methods do outside "
            f"forward(). Fix: let the hooks place it (call self.{component}(...) or fix the component method "
            f"that needs it); to keep it on the device, exclude it from offloading "
            f"(_exclude_from_cpu_offload, enable_group_offload(exclude_modules=[...]))"
        )
        return check.finding(self, move.site.line, move.site.column + 1, message, levels,
                             attribute=component, method=move.method.name)


def masks_a_call(check: ClassCheck, move: HandMove) -> bool:
    """Whether the same method calls a method of the moved component after the move that touches a weight
    (OFL202 is masked there). A method that reads none (a mask built on ``ModelMixin.device``, the onload
    device) needs no move, so the move's refusal breaks nothing."""
    return any(call.moved_earlier_at == move.site.line and call.method.name == move.method.name
               and call.access.name == move.component
               and check.semantics.touches_weights(call.owner, call.access.resolution.name)
               for call in component_method_calls(check.cls, check.semantics, check.entry_points))
