"""OFL102: a child in the unmatched group is called from a method forward() does not run."""

from __future__ import annotations

from typing import Iterable

from ..analyze.access import AccessKind
from ..analyze.semantics import HARMLESS_MODULE_METHODS, METHOD
from ..finding import BLOCK, Finding
from ..fix.fixes import declare_block_module
from ..index import torch_nn
from ..index.summary import INDEX
from .base import MethodCheck, Rule


class UnmatchedChildOutsideForward(Rule):
    code = "OFL102"
    name = "unmatched-child-outside-forward"
    summary = "A child that block-level offloading puts in the unmatched group is called outside forward()"

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        if check.context.hooked:
            return
        for access in check.accesses:
            if not access.resolution.owner.path or not (access.kind is AccessKind.CALL or _child_method(check, access)):
                continue
            offload = check.offloaded(access, calls_module=access.kind is AccessKind.CALL)
            if BLOCK not in offload.levels:
                continue
            path = access.resolution.owner.path
            block, _ = check.semantics.block_hook_owner(check.cls, path)
            if block[-1:] == (INDEX,):
                continue  # inside a ModuleList/Sequential block: OFL203 reports it
            child = path[0]
            called = access.resolution.dotted.removesuffix(".forward")
            if access.kind is AccessKind.METHOD_CALL:
                called += "()"  # a method of the child bypasses even the child's own hooks
            message = (
                f"{check.where()} and calls self.{called}; block-level group offloading puts "
                f"'{child}' in {check.cls.name}'s unmatched group, onloaded only while "
                f"{offload.hook_by_level[BLOCK]} runs. Fix: add '{child}' to "
                f"{check.cls.name}._group_offload_block_modules, or reach it through forward()"
            )
            inherited = () if check.cls.summary.block_modules is not None else check.cls.block_modules
            owned = check.cls.owned.get(child)
            fix = None
            # A ModuleDict has no forward() of its own to hook: declaring it changes nothing.
            if owned is not None and owned.kind != torch_nn.MODULE_DICT and child not in check.cls.block_modules:
                fix = declare_block_module(check.path, check.cls.name, access.raw.range.start.line, child, inherited)
            yield check.finding(self, access, message, (BLOCK,), fix)


def _child_method(check: MethodCheck, access) -> bool:
    """``self.vae.decode(z)``, ``self.quantizer.decode(codes)``: a child's own method that needs its weights."""
    resolution = access.resolution
    if access.kind is not AccessKind.METHOD_CALL or resolution.target != METHOD or resolution.rest:
        return False
    child = resolution.owner.info
    if child is None or resolution.name in ("forward", "__call__") or resolution.name in HARMLESS_MODULE_METHODS:
        return False
    return check.semantics.touches_weights(child, resolution.name)
