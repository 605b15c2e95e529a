"""OFL203: a module calls a submodule inside one of its ModuleList/Sequential blocks, outside that block's forward()."""

from __future__ import annotations

from typing import Iterable

from ..analyze.access import AccessKind
from ..finding import BLOCK, Finding
from ..index.summary import INDEX
from .base import MethodCheck, Rule


class BlockInternals(Rule):
    code = "OFL203"
    name = "reach-into-block"
    summary = "A submodule inside a ModuleList/Sequential block is called outside that block's forward()"

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        for access in check.accesses:
            path = access.resolution.owner.path
            if access.kind is not AccessKind.CALL or INDEX not in path:
                continue
            block, own_hook = check.semantics.block_hook_owner(check.cls, path)
            if own_hook or not block or block[-1] != INDEX or len(block) >= len(path):
                continue  # the block itself (hooked), or no block on the way
            offload = check.offloaded(access, calls_module=True)
            if BLOCK not in offload.levels:
                continue
            called = access.resolution.dotted.removesuffix(".forward")
            block_text = "".join("[i]" if step == INDEX else f".{step}" for step in block).lstrip(".")
            message = (
                f"{check.method.name}() calls self.{called}(...) from outside self.{block_text}.forward(); "
                f"block-level group offloading onloads that block's weights only while its group's forward runs "
                f"({offload.hook_by_level[BLOCK]}), so here they are on the offload device. Fix: move this call "
                f"into the block's forward(), or call the block itself"
            )
            yield check.finding(self, access, message, (BLOCK,))
