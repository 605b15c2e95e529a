"""OFL101: a root-level parameter or buffer is used outside forward()."""

from __future__ import annotations

from typing import Iterable

from ..analyze.facts import Touch
from ..finding import Finding
from ..strategies import onloads
from .base import Confirm, MethodCheck, Rule, Scope


class RootParameterOutsideForward(Rule):
    code = "OFL101"
    name = "root-parameter-outside-forward"
    summary = "A module's own parameter or buffer is used in a method that forward() does not run"
    scope = Scope.METHOD
    confirm = Confirm.METHOD
    has_fix = True

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        if check.context.hooked:
            return
        for fact in check.facts(Touch.ROOT_TENSOR):
            if not fact.offload:
                continue
            name = fact.access.resolution.name
            kind = "buffer" if check.is_buffer(name) else "parameter"
            # Through a way in from a module on top, that module's hook is the one that onloads it.
            hook = fact.offload.hook_by_level[fact.offload.levels[0]] if fact.outer is not None \
                else check.semantics.describe_hook(check.cls, ())
            message = (
                f"{check.where(fact)} and uses root {kind} '{name}'; {onloads(fact.offload.levels)} it only while "
                f"{hook} runs"
                f"{check.goes(fact.access, fact.offload.levels)}. "
                f"Fix: self.{name}.to({check.input_name}.device), or compute it inside forward()"
                f"{check.unmovable_note(fact.offload.levels)}"
            )
            yield check.finding(self, fact.access, message, fact.offload.levels, check.move_fix(fact))
