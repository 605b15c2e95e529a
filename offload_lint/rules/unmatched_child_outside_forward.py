"""OFL102: a child in the unmatched group is called from a method forward() does not run."""

from __future__ import annotations

from typing import Iterable

from ..analyze.facts import Placement, Touch
from ..finding import BLOCK, Finding
from ..fix.fixes import declare_block_module
from .base import MethodCheck, Rule


class UnmatchedChildOutsideForward(Rule):
    code = "OFL102"
    name = "unmatched-child-outside-forward"
    summary = "A child that block-level offloading puts in the unmatched group is called outside forward()"

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        if check.context.hooked:
            return
        for fact in check.facts(Touch.CHILD_CALL, Touch.CHILD_METHOD):
            if fact.placement is not Placement.UNMATCHED or BLOCK not in fact.offload.levels:
                continue
            resolution = fact.access.resolution
            child = resolution.owner.path[0]
            called = resolution.dotted.removesuffix(".forward")
            if fact.touch is Touch.CHILD_METHOD:
                called += "()"  # a method of the child bypasses even the child's own hooks
            message = (
                f"{check.where()} and calls self.{called}; block-level group offloading puts "
                f"'{child}' in {check.cls.name}'s unmatched group, onloaded only while "
                f"{fact.offload.hook_by_level[BLOCK]} runs. Fix: add '{child}' to "
                f"{check.cls.name}._group_offload_block_modules, or reach it through forward()"
            )
            fix = declare_block_module(check.path, check.cls, fact.access.raw.range.start.line, child)
            yield check.finding(self, fact.access, message, (BLOCK,), fix)
