"""OFL201: code outside a component (a pipeline) calls or reads the component's submodules or weights."""

from __future__ import annotations

from typing import Iterable

from ..analyze.components import (
    ComponentTouch,
    Drive,
    component_focus,
    component_touches,
    needs_component_pass,
    spelled,
)
from ..analyze.entry_points import MethodContext
from ..analyze.semantics import OffloadSemantics
from ..finding import BLOCK, Finding
from ..strategies import onloads
from ._component import masking_note
from .base import MethodCheck, Rule


class ComponentInternals(Rule):
    code = "OFL201"
    name = "component-internals-driven-by-caller"
    summary = "A pipeline calls or reads a component's submodules or weights instead of calling the component"
    applies_to_non_modules = True

    def visits(self, cls, method, context: MethodContext, semantics: OffloadSemantics) -> bool:
        return needs_component_pass(cls, method, semantics)

    def focus(self, cls, method, semantics: OffloadSemantics) -> frozenset[str]:
        return component_focus(cls, method, semantics)

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        if check.cls.is_module:
            return
        for touch in component_touches(check.cls, check.method, check.raw_accesses, check.semantics):
            if touch.drive is Drive.CALLS_UNRESOLVED:
                yield self._unresolved(check, touch)
            else:
                yield self._finding(check, touch)

    def _finding(self, check: MethodCheck, touch: ComponentTouch) -> Finding:
        access, offload = touch.access, touch.offload
        resolution = access.resolution
        touched = spelled(access.name, resolution.consumed).removesuffix(".forward")
        component = access.info.name
        hook = offload.hook_by_level.get(BLOCK) or next(iter(offload.hook_by_level.values()), "")
        hook = hook.replace("self.", f"self.{access.name}.", 1) if hook.startswith("self.") else hook
        if touch.drive is Drive.PASSES:
            why = (
                f"{check.method.name}() hands {touched} to a call that runs it, instead of calling "
                f"self.{access.name}(...); block-level group offloading keeps it in {component}'s unmatched group, "
                f"onloaded only while {hook} runs. Fix: take the value from self.{access.name}(...)'s output, or "
                f"offload {access.name} at leaf level, where the submodule's layers are hooked"
            )
        elif touch.drive is Drive.CALLS:
            why = (
                f"{check.method.name}() calls {touched}(...) directly instead of self.{access.name}(...); "
                f"block-level group offloading keeps it in {component}'s unmatched group, "
                f"onloaded only while {hook} runs. Fix: take the value from self.{access.name}(...)'s output "
                f"(e.g. output_hidden_states=True), or offload {access.name} at leaf level, where this call is hooked"
            )
        else:
            why = (
                f"{check.method.name}() reads {touched} from outside {component}; "
                f"{onloads(offload.levels)} it only while {hook} runs. "
                f"Fix: {touched}.to(device) for this use, or move the computation into {component}.forward()"
            )
        return check.finding_at(self, touch.raw, why + "." + masking_note(access.name, touch.moved_earlier_at),
                                offload.levels, f"{access.name}.{resolution.dotted}")

    def _unresolved(self, check: MethodCheck, touch: ComponentTouch) -> Finding:
        access = touch.access
        touched = spelled(access.name, access.chain)
        if access.info is None:
            unknown = "the component's class is unknown to the linter, so this is a guess from its name"
        else:
            unknown = (f"the installed {access.info.name} has no '{access.chain[0]}', so this is a guess "
                       f"for another version of it")
        message = (
            f"{check.method.name}() calls {touched}(...) inside component '{access.name}' instead of "
            f"self.{access.name}(...); under block-level group offloading a submodule that is not a block of its own "
            f"is onloaded only while self.{access.name}.forward() runs ({unknown}). "
            f"Fix: take the value from self.{access.name}(...)'s output."
            + masking_note(access.name, touch.moved_earlier_at)
        )
        return check.finding_at(self, touch.raw, message, touch.offload.levels, ".".join((access.name,) + access.chain))
