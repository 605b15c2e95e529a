"""Assignments that replace a hooked module's ``forward`` (``block.forward = types.MethodType(fn, block)``).

diffusers' group offloading (``HookRegistry``) and accelerate's hooks wrap the instance's ``forward``
attribute when offloading is enabled; assigning ``forward`` afterwards throws that wrapper away, so the
module computes with the weights where they were offloaded to. torch's own forward hooks (FSDP2,
ZeRO-3) sit on ``Module.__call__`` and survive. ``__init__`` runs before offloading is enabled, so a
replacement there is wrapped in turn and is no hazard.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..index import torch_nn
from ..index.project import ClassInfo
from ..index.summary import Chain, MethodSummary
from ..strategies import BY_KEY, Grouping, Trigger
from .semantics import METHOD, Node, OffloadSemantics


@dataclass(frozen=True)
class ForwardPatch:
    """One replacement of a module's ``forward`` and the strategies whose hook it drops."""

    method: MethodSummary
    chain: Chain  # the replaced module, from ``self`` (``transformer.blocks[]``)
    line: int
    column: int
    end_column: int
    levels: tuple[str, ...]
    hooks: dict[str, str]  # by level: the hook it drops


def forward_patches(cls: ClassInfo, semantics: OffloadSemantics) -> list[ForwardPatch]:
    """Every ``<module>.forward = ...`` in ``cls``'s own methods (but ``__init__``) that drops a hook."""
    found = []
    for method in cls.summary.methods.values():
        if method.name == "__init__":
            continue
        for chain, line, column, end_column in method.forward_patches:
            if _calls_saved_original(cls, method, chain):
                continue
            dropped = _dropped(cls, chain, semantics)
            if dropped:
                found.append(ForwardPatch(method, chain, line, column, end_column, tuple(dropped), dropped))
    return found


def _calls_saved_original(cls: ClassInfo, method: MethodSummary, chain: Chain) -> bool:
    """The replacement wraps the hooked forward: it was kept first (``self.org_forward = self.org_module.forward``)
    and the replacing method calls the kept value (``self.org_forward(x)``), so the hook still runs."""
    for saved_chain, kept, replacing in method.saved_forwards:
        found = cls.methods.get(replacing)
        if saved_chain == chain and found is not None and (kept,) in found[1].called_chains:
            return True
    return False


def _dropped(cls: ClassInfo, chain: Chain, semantics: OffloadSemantics) -> dict[str, str]:
    """By level: the hook lost by replacing ``self.<chain>.forward``."""
    if cls.is_module:
        top, path = cls, chain
        resolution = semantics.resolve(cls, chain + ("forward",))
    else:
        component = semantics.resolve_component(cls, chain + ("forward",))
        if component is None or component.info is None or component.resolution is None:
            return {}
        top, path, resolution = component.info, chain[1:], component.resolution
    if resolution is None or resolution.target != METHOD or resolution.name != "forward" or resolution.rest:
        return {}
    owner = resolution.owner
    if owner.kind == torch_nn.WEIGHTLESS or (cls.is_module and not owner.path):
        return {}
    text = "self." + ".".join(chain).replace(".[]", "[i]")
    dropped: dict[str, str] = {}
    for key in semantics.levels:
        strategy = BY_KEY[key]
        if strategy.trigger is Trigger.CALL:
            continue
        if _hooked(top, path, owner, strategy.grouping, semantics):
            dropped[key] = f"{text}.forward()"
    return dropped


def _hooked(top: ClassInfo, path: Chain, owner: Node, grouping: Grouping, semantics: OffloadSemantics) -> bool:
    """Whether the strategy put a hook on the module at ``path`` under ``top``."""
    if grouping is Grouping.BLOCKS:
        if not semantics.block_scope(top):
            return False
        return not path or semantics.block_hook_owner(top, path)[1]
    if grouping is Grouping.COMPONENT:
        return not path
    if grouping is Grouping.OWNERS:
        return owner.kind == torch_nn.LEAF or semantics.owns_tensors(owner)
    return False
