"""OFL110: a module-level function (a training script, a helper handed a model) uses a model's parameters where the
strategy keeps something other than the weight outside the hook."""

from __future__ import annotations

from typing import Iterable

from ..analyze.function_facts import Use
from ..finding import Finding
from ..strategies import BY_KEY, strategies_text
from .base import Confirm, FunctionCheck, Rule, Scope

# Per use: what the function does ({spelled}, {model}, {why}), what goes wrong, and the fix.
_WORDING = {
    Use.WRITE: ("overwrites a model's parameter whole ({spelled}: {why})",
                "the write lands there, not in the weight, and fails or is lost",
                "write inside deepspeed.zero.GatheredParameters(params, modifier_rank=0) (ZeRO-3), or load the "
                "values through the strategy's own API (FSDP2: set_model_state_dict)"),
    Use.CAST: ("casts a model's parameter in place ({spelled}: {why})",
               "the cast replaces what the hook gathers from, and the next forward meets another dtype",
               "cast the model before sharding it (before accelerator.prepare / fully_shard / deepspeed.initialize)"),
    Use.HANDED: ("hands {model}.parameters() to {spelled}(), which overwrites them whole ({why})",
                 "each write lands there, not in the weight, and fails or is lost",
                 "copy inside deepspeed.zero.GatheredParameters(model.parameters(), modifier_rank=0) (ZeRO-3), or "
                 "through the strategy's state-dict API (FSDP2: set_model_state_dict)"),
    Use.COUNT: ("counts a model's parameters with {spelled} ({why})",
                "the count is not the model's size",
                "count p.ds_numel where DeepSpeed sets it (getattr(p, 'ds_numel', p.numel())), or count before "
                "deepspeed.initialize"),
}


class ModelParametersOutside(Rule):
    code = "OFL110"
    name = "model-parameters-outside-hook"
    summary = ("A training script or helper writes, casts, copies into or counts a model's .parameters() where "
               "accelerate, FSDP2 or ZeRO-3 keep meta tensors, shards or empty partitions outside the hook")
    scope = Scope.FUNCTION
    confirm = Confirm.NOT_RUN
    not_run_because = "module-level code driving a model: the confirmer builds modules, not training scripts"

    def check_function(self, check: FunctionCheck) -> Iterable[Finding]:
        for use in check.parameter_uses():
            stale = ", ".join(dict.fromkeys(BY_KEY[key].stale_copy for key in use.levels))
            does, consequence, fix = _WORDING[use.use]
            message = (
                f"{use.function}() {does.format(spelled=use.spelled, model=use.model, why=use.why)}; under "
                f"{strategies_text(use.levels)} a parameter outside its module's hook is {stale}, so {consequence}. "
                f"Fix: {fix}"
            )
            yield check.finding(self, use.line, use.column + 1, message, use.levels, use.function)
