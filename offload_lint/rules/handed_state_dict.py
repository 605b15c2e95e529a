"""OFL109: ``state_dict()`` of a model handed in, where the strategy's state dict outside the hook holds no values."""

from __future__ import annotations

from typing import Iterable

from ..finding import Finding
from ..strategies import BY_KEY, strategies_text
from .base import ClassCheck, Confirm, Rule, Scope


class HandedStateDict(Rule):
    code = "OFL109"
    name = "handed-state-dict"
    summary = ("state_dict() of a model handed in (ControlNetModel.from_unet(unet)) where accelerate, FSDP2 or ZeRO-3 "
               "keep meta tensors, shards or empty partitions outside the hook")
    scope = Scope.CALLER_CLASS
    confirm = Confirm.HANDED

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        for read in check.handed_state_dicts():
            stale = ", ".join(dict.fromkeys(BY_KEY[key].stale_copy for key in read.levels))
            message = (
                f"{read.method}() reads {read.receiver}.state_dict() of the {read.model} it is handed; under "
                f"{strategies_text(read.levels)} a weight outside its module's hook is {stale}, and so is its entry "
                "in the state dict, so what is copied or saved is not the weight. Fix: read it before offloading, "
                "or through the strategy's own API (accelerate: the offloaded weights map; FSDP2: "
                "get_model_state_dict; ZeRO-3: inside deepspeed.zero.GatheredParameters(...))"
            )
            # The receiver as the attribute: the runtime check keeps it offloaded (``confirm/strategies/handed.py``).
            yield check.finding(self, read.line, read.column + 1, message, read.levels, method=read.method,
                                attribute=read.receiver)
