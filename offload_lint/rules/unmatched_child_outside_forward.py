"""OFL102: a child in the top module's own group is called from a method forward() does not run."""

from __future__ import annotations

from typing import Iterable

from ..analyze.facts import AccessFact, Placement, Touch
from ..finding import BLOCK, Finding
from ..fix.fixes import declare_block_module
from ..strategies import FSDP2, MODEL_CPU_OFFLOAD, onloads
from .base import MethodCheck, Rule

# Strategies whose top module's hook onloads a child it does not cut into groups of their own.
_TOP_GROUP_STRATEGIES = (MODEL_CPU_OFFLOAD.key, FSDP2.key)


class UnmatchedChildOutsideForward(Rule):
    code = "OFL102"
    name = "unmatched-child-outside-forward"
    summary = "A child that block-level offloading puts in the unmatched group is called outside forward()"

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        if check.context.hooked:
            return
        for fact in check.facts(Touch.CHILD_CALL, Touch.CHILD_METHOD):
            levels = _in_top_group(check, fact)
            if not levels:
                continue
            resolution = fact.access.resolution
            called = resolution.dotted.removesuffix(".forward")
            if fact.touch is Touch.CHILD_METHOD:
                called += "()"  # a method of the child bypasses even the child's own hooks
            # A class outside block scope: its children sit in the group of the module on top.
            path = fact.outer.receiver + resolution.owner.path if fact.outer is not None else resolution.owner.path
            child = path[0]
            top = fact.outer.top.name if fact.outer is not None else check.cls.name
            if levels == (BLOCK,):
                why = (f"block-level group offloading puts '{child}' in {top}'s unmatched group, onloaded only while "
                       f"{fact.offload.hook_by_level[BLOCK]} runs")
            else:
                why = (f"{onloads(levels)} '{child}' with {top}'s own weights, only while "
                       f"{check.semantics.describe_hook(check.cls, ())} runs")
            message = f"{check.where(fact)} and calls self.{called}; {why}. Fix: {_fix(check, child, levels, top)}"
            # Declaring a block module is group offloading's own fix; the other strategies need their own. The
            # declaration belongs to the module on top, which may be another class in another file.
            fix = declare_block_module(check.source, check.cls, fact.access.raw.range.start.line, child) \
                if BLOCK in levels and fact.outer is None else None
            yield check.finding(self, fact.access, message, levels, fix)


def _in_top_group(check: MethodCheck, fact: AccessFact) -> tuple[str, ...]:
    """Strategies under which the called child is stale because the top module's hook is not running."""
    top_hook = check.semantics.describe_hook(fact.outer.top if fact.outer is not None else check.cls, ())
    levels = []
    for key in fact.offload.levels:
        if key == BLOCK and fact.placement is Placement.UNMATCHED:
            levels.append(key)
        elif key in _TOP_GROUP_STRATEGIES and fact.offload.hook_by_level.get(key) == top_hook:
            levels.append(key)
    return tuple(levels)


def _fix(check: MethodCheck, child: str, levels: tuple[str, ...], top: str) -> str:
    fixes = []
    if BLOCK in levels:
        fixes.append(f"add '{child}' to {top}._group_offload_block_modules")
    if MODEL_CPU_OFFLOAD.key in levels:
        fixes.append(f"decorate {check.method.name}() with diffusers' @apply_forward_hook (model CPU offload)")
    if FSDP2.key in levels:
        fixes.append(f"register_fsdp_forward_method(model, \"{check.method.name}\") (FSDP2)")
    return ", ".join(fixes) + ", or reach it through forward()"
