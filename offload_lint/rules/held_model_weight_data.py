"""OFL111: an object that is no module reads or writes the weight data of models it holds (textual inversion's
embeddings handler), where the strategy keeps no usable copy of the weight outside the hooks."""

from __future__ import annotations

from typing import Iterable

from ..finding import Finding
from ..strategies import BY_KEY, strategies_text
from .base import ClassCheck, Confirm, Rule, Scope


class HeldModelWeightData(Rule):
    code = "OFL111"
    name = "held-model-weight-data"
    summary = ("A helper object reads or writes .weight.data of models it holds (textual inversion's embedding rows) "
               "where accelerate, FSDP2 or ZeRO-3 keep meta tensors, shards or empty partitions outside the hook")
    scope = Scope.CALLER_CLASS
    confirm = Confirm.NOT_RUN
    not_run_because = "the models arrive from a training script: the confirmer builds modules, not their holders"

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        for read in check.held_weight_data():
            stale = ", ".join(dict.fromkeys(BY_KEY[key].stale_copy for key in read.levels))
            what = "the size of" if read.size else "the values of"
            message = (
                f"{read.method}() reads {what} {read.receiver}.weight.data, a weight of a model "
                f"{check.cls.name} holds and that no hook onloads here (the object is no module and runs none); "
                f"under {strategies_text(read.levels)} it is {stale}, not the weight. Fix: read and write the rows "
                "before the model is offloaded or sharded, inside deepspeed.zero.GatheredParameters(..., "
                "modifier_rank=0) under ZeRO-3, or through the strategy's state-dict API"
            )
            yield check.finding(self, read.line, read.column + 1, message, read.levels, method=read.method)
