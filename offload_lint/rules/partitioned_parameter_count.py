"""OFL112: a method counts a model's parameters with ``numel()`` where the strategy's parameters outside the hook
have another size (ZeRO-3's empty partitions)."""

from __future__ import annotations

from typing import Iterable

from ..finding import Finding
from ..strategies import BY_KEY, strategies_text
from .base import ClassCheck, Confirm, Rule, Scope


class PartitionedParameterCount(Rule):
    code = "OFL112"
    name = "partitioned-parameter-count"
    summary = "A method counts a model's parameters with numel() where ZeRO-3 keeps empty partitions outside the hook"
    scope = Scope.CALLER_CLASS
    confirm = Confirm.NOT_RUN
    not_run_because = "a count is a value, not an access the confirmer observes"

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        for count in check.parameter_counts():
            stale = ", ".join(dict.fromkeys(BY_KEY[key].stale_copy for key in count.levels))
            message = (
                f"{count.method}() counts parameters with {count.spelled} over .parameters(); under "
                f"{strategies_text(count.levels)} a parameter outside its module's hook is {stale}, so the count is "
                "not the model's size. Fix: count getattr(p, 'ds_numel', p.numel()), or count before "
                "deepspeed.initialize"
            )
            yield check.finding(self, count.line, count.column + 1, message, count.levels, method=count.method)
