"""OFL203: a module calls a submodule inside one of its ModuleList/Sequential blocks, outside that block's forward()."""

from __future__ import annotations

from typing import Iterable

from ..analyze.facts import Placement, Touch
from ..finding import Finding
from ..strategies import BLOCK_GROUP_KEYS
from .base import Confirm, MethodCheck, Rule, Scope


class BlockInternals(Rule):
    code = "OFL203"
    name = "reach-into-block"
    summary = "A submodule inside a ModuleList/Sequential block is called outside that block's forward()"
    scope = Scope.METHOD
    confirm = Confirm.METHOD

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        for fact in check.facts(Touch.CHILD_CALL):
            # Only where blocks are groups of their own (Strategy.block_groups).
            levels = tuple(key for key in fact.offload.levels if key in BLOCK_GROUP_KEYS)
            if fact.placement is not Placement.INSIDE_BLOCK or not levels:
                continue
            called = fact.access.resolution.dotted.removesuffix(".forward")
            block = check.spelled(fact.block)
            message = (
                f"{check.method.name}() calls self.{called}(...) from outside self.{block}.forward(); "
                f"block-level group offloading onloads that block's weights only while its group's forward runs "
                f"({fact.offload.hook_by_level[levels[0]]}), so here they are on the offload device. Fix: move this call "
                f"into the block's forward(), or call the block itself"
            )
            yield check.finding(self, fact.access, message, levels)
