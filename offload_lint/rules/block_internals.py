"""OFL203: a module calls a submodule inside one of its ModuleList/Sequential blocks, outside that block's forward()."""

from __future__ import annotations

from typing import Iterable

from ..analyze.facts import AccessFact, ContainerBlock, Placement, Touch, container_block
from ..finding import Finding
from ..strategies import BLOCK_GROUP_KEYS
from .base import Confirm, MethodCheck, Rule, Scope


class BlockInternals(Rule):
    code = "OFL203"
    name = "reach-into-block"
    summary = "A submodule inside a ModuleList/Sequential block is called outside that block's forward()"
    scope = Scope.METHOD
    confirm = Confirm.METHOD
    # ``if self.gradient_checkpointing: ... checkpoint(block, x) else: block(x)``: both calls are places of their own.
    related_note = "another call of self.{attribute} in {method}()"

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        for fact in check.facts(Touch.CHILD_CALL):
            # Only where blocks are groups of their own (Strategy.block_groups).
            levels = tuple(key for key in fact.offload.levels if key in BLOCK_GROUP_KEYS)
            if fact.placement is not Placement.INSIDE_BLOCK or not levels:
                continue
            called = fact.access.resolution.dotted.removesuffix(".forward")
            block = check.spelled(fact.block)
            shape = container_block(fact)
            if shape is not None:
                yield check.finding(self, fact.access, _container_block_message(check, fact, shape, called, block),
                                    levels)
                continue
            message = (
                f"{check.method.name}() calls self.{called}(...) from outside self.{block}.forward(); "
                f"block-level group offloading onloads that block's weights only while its group's forward runs "
                f"({fact.offload.hook_by_level[levels[0]]}), so here they are on the offload device. Fix: move this call "
                f"into the block's forward(), or call the block itself"
            )
            yield check.finding(self, fact.access, message, levels)


def _container_block_message(check: MethodCheck, fact: AccessFact, shape: ContainerBlock, called: str,
                              block: str) -> str:
    """A block that is a container: its hook sits on a forward() the model never runs (it runs the block's elements
    one by one). Naming the outer container in ``_group_offload_block_modules`` makes block level recurse into it
    and hook each element of a ModuleList/Sequential block; not the layers of a ModuleDict block, nor those of a
    container inside the block (runtime-checked: tests/test_container_blocks.py)."""
    outer = check.spelled(fact.block[:-1])
    name = fact.block[-2]
    if shape is ContainerBlock.NAMESPACE:
        return _namespace_block_message(check, called, block, outer, name)
    what = "a ModuleDict" if shape is ContainerBlock.DICT else "a container"
    head = (f"{check.method.name}() calls self.{called}(...), a layer inside self.{block}, which is {what}: "
            f"block-level group offloading hooks each element of self.{outer} as a block, on that element's "
            f"forward(), which nothing runs here (its layers are called one by one), so their weights stay on the "
            f"offload device. ")
    if shape is ContainerBlock.LIST:
        return head + (f"Fix: add '{name}' to {check.cls.name}._group_offload_block_modules (block level then "
                       f"recurses into self.{outer} and hooks each layer of every ModuleList/Sequential in it), or "
                       f"make each element of self.{outer} a module whose forward() runs its layers")
    why_not = ("does not help a ModuleDict" if shape is ContainerBlock.DICT else
               "hooks only the parts directly inside each element, not the layers of a container among them")
    return head + (f"Fix: make each element of self.{outer} a module whose forward() runs its layers, or offload "
                   f"{check.cls.name} at leaf level (naming '{name}' in _group_offload_block_modules {why_not})")


def _namespace_block_message(check: MethodCheck, called: str, block: str, outer: str, name: str) -> str:
    """A block that is a bare ``nn.Module()`` given layers as attributes: block level hooks it on its forward(), which
    raises if run, so nothing runs it. Naming the outer container in ``_group_offload_block_modules`` recurses into a
    ModuleList whose children are no ModuleList: they become its unmatched group, hooked on the ModuleList's forward(),
    which nothing runs either (diffusers' ``_apply_group_offloading_block_level``)."""
    return (f"{check.method.name}() calls self.{called}(...), a layer of self.{block}, a bare nn.Module() that only "
            f"holds layers: block-level group offloading hooks each element of self.{outer} as a block, on that "
            f"element's forward(), which nothing runs (its layers are called one by one), so their weights stay on "
            f"the offload device. Fix: make the elements of self.{outer} a module class whose forward() runs its "
            f"layers, or offload {check.cls.name} at leaf level (naming '{name}' in _group_offload_block_modules "
            f"leaves the elements in self.{outer}'s unmatched group, hooked on its forward(), which nothing runs either)")
