"""OFL205: a module owns weights but defines no forward(), and other methods use them."""

from __future__ import annotations

from typing import Iterable

from ..finding import Finding
from ..strategies import BLOCK_GROUP_KEYS, onloads
from .base import ClassCheck, Confirm, Rule, Scope


class WeightsWithoutForward(Rule):
    code = "OFL205"
    name = "weights-without-forward"
    summary = "A module with weights defines no forward(), so no offload hook ever onloads them"
    scope = Scope.CLASS
    confirm = Confirm.CLASS_WIDE
    leaf_inside_forward = True
    holds_wherever_class_runs = True

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        unhooked = check.unhooked_weights()
        if unhooked is None:
            return
        users = unhooked.users
        named = ', '.join(m + '()' for m in users[:3])
        used = f"{named} use{'s' if len(users) == 1 else ''} them"
        outer = unhooked.outer
        own_levels = tuple(level for level in unhooked.levels if outer is None or level not in BLOCK_GROUP_KEYS)
        parts = []
        if own_levels:
            parts.append(f"{onloads(own_levels)} a module's own weights only in a hook on its forward(), which "
                         f"nothing calls, yet {used}")
        if outer is not None:
            top = outer.top.name
            parts.append(f"block-level group offloading keeps them in {top}'s unmatched group, onloaded only while "
                         f"{top}.forward() runs, yet {top}.{outer.top_method}() ({outer.site}) reaches "
                         f"{'them' if own_levels else named} outside it")
        fix = "compute them in a forward() and call the module"
        if outer is not None:
            fix += f" through {top}.forward() (or add '{outer.receiver[0]}' to {top}._group_offload_block_modules)"
        message = (f"{check.cls.name} owns weights but defines no forward(); {'; '.join(parts)}. Fix: {fix}, or move "
                   f"the weights to the input's device in those methods")
        yield check.finding(self, check.cls.summary.line, check.cls.summary.column + 1, message, unhooked.levels,
                            method=users[0])
