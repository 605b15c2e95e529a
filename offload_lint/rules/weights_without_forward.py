"""OFL205: a module owns weights but defines no forward(), and other methods use them."""

from __future__ import annotations

from typing import Iterable

from ..finding import Finding
from ..strategies import onloads
from .base import ClassCheck, Rule


class WeightsWithoutForward(Rule):
    code = "OFL205"
    name = "weights-without-forward"
    summary = "A module with weights defines no forward(), so no offload hook ever onloads them"

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        unhooked = check.unhooked_weights()
        if unhooked is None:
            return
        users = unhooked.users
        message = (
            f"{check.cls.name} owns weights but defines no forward(); {onloads(unhooked.levels)} "
            f"a module's own weights only in a hook on its forward(), which nothing calls, yet "
            f"{', '.join(m + '()' for m in users[:3])} use{'s' if len(users) == 1 else ''} them. Fix: compute them "
            f"in a forward() and call the module, or move the weights to the input's device in those methods"
        )
        yield check.finding(self, check.cls.summary.line, check.cls.summary.column + 1, message, unhooked.levels,
                            method=users[0])
