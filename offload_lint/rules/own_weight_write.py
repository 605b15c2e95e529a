"""OFL113: a module's method overwrites its own parameter whole outside its hook, where the strategy keeps only a
stand-in for the weight there (the write is lost or fails)."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from ..finding import Finding
from ..strategies import BY_KEY, strategies_text
from .base import ClassCheck, Confirm, Rule, Scope


_WORDS = {
    "init": ("rewrites", "in place (from itself alone)"),
    "copy": ("overwrites", "with a value from elsewhere"),
    "cast": ("overwrites", "with a cast of its own values (a different dtype than the piece the hook gathers from)"),
}


class OwnWeightWrite(Rule):
    code = "OFL113"
    name = "own-weight-write"
    summary = ("A module's method overwrites its own parameter whole (nn.init.*, .copy_, .data =) outside its hook, "
               "where accelerate's sequential offload, ZeRO-3 or FSDP2 keep a stand-in for the weight there")
    scope = Scope.CLASS
    # Run as any method: what it wrote is judged by the model's forward after it, against the un-offloaded model's
    # after the same write (a lost write shows there).
    confirm = Confirm.METHOD
    # A second write of the same weight in one method is named as a related location of the first (one fix).
    related_note = "another write of self.{attribute} in {method}()"

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        for write in check.own_weight_writes():
            stale = " or ".join(dict.fromkeys(BY_KEY[key].stale_copy for key in write.levels))
            what, how = _WORDS[write.kind]
            fixes = ["do it before offloading or sharding (right after building the model)"]
            if any(BY_KEY[key].gathered_blocks for key in write.levels):
                fixes.append("under ZeRO-3 inside deepspeed.zero.GatheredParameters(self.parameters(), modifier_rank=0)")
            message = (
                f"{write.method}() {what} self.{write.weight} {how}, outside the module's hook; under "
                f"{strategies_text(write.levels)} the parameter there is {stale}, not the weight, so the write is lost "
                f"(the hook brings the old weight back) or fails. Fix: {', or '.join(fixes)}"
            )
            finding = check.finding(self, write.line, write.column + 1, message, write.levels,
                                    attribute=write.weight, method=write.method)
            # A setup method (taken to run before offloading, as every rule takes it) or new parameters made on
            # demand: kept, hidden, with why.
            yield replace(finding, suppressed_by=write.kept_because) if write.kept_because else finding
