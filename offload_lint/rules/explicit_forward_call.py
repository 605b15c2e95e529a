"""OFL107: ``self.child.forward(...)`` where the strategy's hooks sit on ``Module.__call__``."""

from __future__ import annotations

from typing import Iterable

from ..analyze.facts import Touch
from ..analyze.semantics import METHOD
from ..finding import Finding
from ..strategies import BY_KEY, Trigger, strategies_text
from .base import Confirm, MethodCheck, Rule, Scope


class ExplicitForwardCall(Rule):
    code = "OFL107"
    name = "explicit-forward-call"
    summary = "A child's forward() is called directly, bypassing hooks that FSDP2 and ZeRO-3 put on Module.__call__"
    scope = Scope.METHOD
    confirm = Confirm.METHOD

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        top_hook = check.semantics.describe_hook(check.cls, ())
        for fact in check.facts(Touch.CHILD_CALL):
            resolution = fact.access.resolution
            if resolution.target != METHOD or resolution.name != "forward":
                continue
            # Stale because the call skips the child's own hook (not because the top module's is idle: OFL102).
            levels = tuple(key for key in fact.offload.levels if BY_KEY[key].trigger is Trigger.CALL
                           and fact.offload.hook_by_level.get(key) != top_hook)
            if not levels:
                continue
            child = resolution.dotted.removesuffix(".forward")
            message = (
                f"{check.method.name}() calls self.{child}.forward(...) directly; {strategies_text(levels)} "
                f"gather{'s' if len(levels) == 1 else ''} a module's weights in hooks on Module.__call__, which an "
                f"explicit forward() skips, so self.{child} computes with {BY_KEY[levels[0]].stale_copy}. "
                f"Fix: call self.{child}(...)"
            )
            yield check.finding(self, fact.access, message, levels)
