"""OFL208: a hooked module's ``forward`` is replaced after offloading wrapped it."""

from __future__ import annotations

from typing import Iterable

from ..analyze.forward_patches import forward_patches
from ..finding import Finding
from ..strategies import onloads
from .base import ClassCheck, Confirm, Rule, Scope


class ForwardReplaced(Rule):
    code = "OFL208"
    name = "forward-replaced"
    summary = "A hooked module's forward is replaced by assignment, dropping the offload hook that wraps it"
    scope = Scope.CALLER_CLASS
    confirm = Confirm.NOT_RUN
    not_run_because = "a replaced forward is judged by the runtime harness of the pipeline that replaces it"

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        for patch in forward_patches(check.cls, check.semantics):
            module = "self." + ".".join(patch.chain).replace(".[]", "[i]")
            message = (
                f"{patch.method.name}() assigns {module}.forward; {onloads(patch.levels)} that module's weights in a "
                f"hook wrapping its forward attribute, set when offloading was enabled, so the new forward runs "
                f"without it and computes with the offloaded weights. Fix: wrap the original instead of replacing "
                f"it (call the saved {module}.forward from the new one), replace forward before enabling "
                f"offloading, or swap the attention processor / use a forward hook"
            )
            yield check.finding(self, patch.line, patch.column + 1, message, patch.levels,
                                attribute=".".join(patch.chain) + ".forward", method=patch.method.name,
                                end_column=patch.end_column + 1)
