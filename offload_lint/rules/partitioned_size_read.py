"""OFL106: the size of a weight is read where ZeRO-3 has it partitioned (it reports 0)."""

from __future__ import annotations

from typing import Iterable

from ..analyze.facts import Touch
from ..finding import Finding
from ..strategies import strategies_text
from .base import Confirm, MethodCheck, Rule, Scope


class PartitionedSizeRead(Rule):
    code = "OFL106"
    name = "partitioned-size-read"
    summary = "A weight's .shape/.size()/.numel() is read where DeepSpeed ZeRO-3 keeps it partitioned (size 0)"
    scope = Scope.METHOD
    confirm = Confirm.METHOD

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        for fact in check.facts(Touch.WEIGHT_SHAPE):
            if not fact.offload:
                continue
            resolution = fact.access.resolution
            read = resolution.rest[0]
            spelled = f"self.{resolution.dotted}.{read}{'()' if read != 'shape' else ''}"
            message = (
                f"{check.where()} and reads {spelled}; under {strategies_text(fact.offload.levels)} a parameter "
                f"outside the forward that gathers it is an empty partition, so its size is 0 here. "
                f"Fix: take the size from the config, read self.{resolution.dotted}.ds_shape, or read it inside "
                f"deepspeed.zero.GatheredParameters(...)"
            )
            yield check.finding(self, fact.access, message, fact.offload.levels)
