"""OFL108: a whole-parameter write into parameters handed in, where the strategy keeps no copy of the weight there."""

from __future__ import annotations

from typing import Iterable

from ..finding import Finding
from ..strategies import BY_KEY, strategies_text
from .base import ClassCheck, Confirm, Rule, Scope


class PartitionWrite(Rule):
    code = "OFL108"
    name = "partition-write"
    summary = ("A parameter handed in is overwritten whole (an EMA's copy_to) where ZeRO-3, FSDP2 or accelerate keep "
               "no copy of the weight outside the hook")
    scope = Scope.CALLER_CLASS
    confirm = Confirm.NOT_RUN
    not_run_because = "the parameters arrive as an argument: the confirmer builds modules, not the training loop"

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        for write in check.parameter_writes():
            stale = ", ".join(dict.fromkeys(BY_KEY[key].stale_copy for key in write.levels))
            # Where the strategy honours GatheredParameters (Strategy.gathered_blocks) that is the fix; elsewhere the
            # strategy's own way of loading values into its weights.
            fixes = [f"write inside deepspeed.zero.GatheredParameters(parameters, modifier_rank=0) ({BY_KEY[key].title})"
                     for key in write.levels if BY_KEY[key].gathered_blocks]
            if any(not BY_KEY[key].gathered_blocks for key in write.levels):
                fixes.append("load the values through the strategy's own API (FSDP2: set_model_state_dict; accelerate: "
                             "set_module_tensor_to_device on the offloaded weights map)")
            message = (
                f"{write.method}() overwrites the parameters it is handed ({write.name}) whole; under "
                f"{strategies_text(write.levels)} a parameter outside its module's hook is {stale}, not the weight, "
                f"so the write fails or is lost. Fix: {', or '.join(fixes)}"
            )
            # No attribute: each write is its own statement to fix (copy_to's foreach and loop branches), not a
            # weight whose first touch stands for the rest.
            yield check.finding(self, write.line, write.column + 1, message, write.levels, method=write.method)
