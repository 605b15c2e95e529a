"""OFL201: code outside a component (a pipeline) calls or reads the component's submodules or weights."""

from __future__ import annotations

from typing import Iterable

from ..analyze.access import METADATA_ATTRIBUTES, AccessKind, RawAccess, classify
from ..analyze.entry_points import MethodContext
from ..analyze.semantics import (
    METHOD,
    MODULE,
    SUBMODULE_GETTERS,
    TENSOR,
    ComponentAccess,
    OffloadSemantics,
)
from ..finding import BLOCK, LEAF, Finding, levels_text
from ..index.project import ClassInfo
from ..index.summary import INDEX, MethodSummary
from ._component import SAFE_COMPONENT_ATTRIBUTES, masking_note, spelled, unknown_class_internal
from .base import MethodCheck, Rule


def reaches_inside(access: ComponentAccess | None, called: bool) -> bool:
    """Whether ``self.<component>...`` may drive or read something inside the component."""
    if access is None:
        return False
    resolution = access.resolution
    if resolution is None:  # unknown class, or a step the class does not define (another library version)
        return called and unknown_class_internal(access)
    if resolution.target == TENSOR:
        return resolution.rest[:1] not in (("shape",), ("dtype",), ("device",), ("size",), ("to",))
    if resolution.target == METHOD and resolution.name + "()" in SUBMODULE_GETTERS:
        return True
    if not called or not resolution.owner.path or resolution.rest:
        return False
    # A submodule called or handed to a function that runs it, or its explicit forward() (a
    # submodule's other methods are OFL202's: judged by what they touch).
    return resolution.target == MODULE or resolution.name == "forward"


def _submodule(access: ComponentAccess | None) -> bool:
    resolution = access.resolution if access is not None else None
    return resolution is not None and resolution.target == MODULE and bool(resolution.owner.path) and not resolution.rest


def _harmless_first_step(chain: tuple[str, ...]) -> bool:
    return len(chain) < 2 or chain[1] in SAFE_COMPONENT_ATTRIBUTES


def _sliced_then_moved(rest: tuple[str, ...], moves_to_device: bool) -> bool:
    """``self.enc.silence_latent[:, :n].to(device)``: slicing is no computation; the move is the fix."""
    steps = [step for step in rest if step != INDEX]
    return moves_to_device and steps == ["to"]


def _handed_on(rest: tuple[str, ...], raw: RawAccess, others: list[RawAccess]) -> bool:
    """The tensor's value leaves the method without being computed with on its device:
    - computed only with constants / the same component's tensors and then moved
      (``torch.sqrt(self.vae.bn.running_var + eps).to(device)``, or through a local whose every
      use is such a move: RawAccess.moved_later);
    - returned as is (``return self.vae.latents_mean, ...``): like a property accessor, the caller
      decides, unless the method also computes with the same tensor elsewhere."""
    if raw.moved_later:
        return True
    if not raw.returned or any(step not in (INDEX, "data") for step in rest):
        return False
    return not any(_computes_with(other, raw.chain) for other in others if other is not raw)


def _computes_with(other: RawAccess, chain: tuple[str, ...]) -> bool:
    """Another touch of the same tensor in the method that is neither handed on, moved nor metadata."""
    if other.chain[:len(chain)] != chain or other.returned or other.moved_later or other.moves_to_device:
        return False
    extra = other.chain[len(chain):]
    return not extra or extra[0] not in METADATA_ATTRIBUTES | {"device"}


class ComponentInternals(Rule):
    code = "OFL201"
    name = "component-internals-driven-by-caller"
    summary = "A pipeline calls or reads a component's submodules or weights instead of calling the component"
    applies_to_non_modules = True

    def visits(self, cls: ClassInfo, method: MethodSummary, context: MethodContext,
               semantics: OffloadSemantics) -> bool:
        if cls.is_module:
            return False
        # Calls from the index's call sites (``self.a.b.c(...)`` is receiver ``self.a.b``, method ``c``),
        # weight reads and submodule getters from its self chains.
        calls = [site.receiver[1:] + (site.method,) for site in method.call_sites if site.receiver[:1] == ("self",)]
        # ``self.vae.config``, ``self.unet.dtype``: harmless whatever the class, so not worth resolving.
        calls = [chain for chain in calls if not _harmless_first_step(chain)]
        if any(reaches_inside(semantics.resolve_component(cls, chain), called=True) for chain in calls):
            return True
        chains = [chain for chain in method.self_chains if not _harmless_first_step(chain)]
        if any(reaches_inside(semantics.resolve_component(cls, chain), called=False) for chain in chains):
            return True
        # A submodule handed to a function may be run by it: parse to see which call gets it.
        return any(_submodule(semantics.resolve_component(cls, chain)) for chain in method.passed_chains
                   if not _harmless_first_step(chain))

    def focus(self, cls: ClassInfo, method: MethodSummary, semantics: OffloadSemantics) -> frozenset[str]:
        """The statements worth parsing: those naming a component and one of its attributes."""
        chains = [site.receiver[1:] + (site.method,) for site in method.call_sites if site.receiver[:1] == ("self",)]
        texts = set()
        for chain in chains + list(method.self_chains):
            if _harmless_first_step(chain) or semantics.component(cls, chain[0]) is None:
                continue
            second = chain[1].removesuffix("()")
            texts.add(f"self.{chain[0]}[" if second == INDEX else f"self.{chain[0]}.{second}")
        return frozenset(texts)

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        if check.cls.is_module:
            return
        for raw in check.raw_accesses:
            access = check.semantics.resolve_component(check.cls, raw.chain)
            if access is None or (access.info is not None and not access.info.supports_group_offloading):
                continue
            resolution = access.resolution
            if resolution is None:
                if unknown_class_internal(access) and raw.called:
                    yield self._unknown(check, access, raw)
                continue
            called = raw.called or (raw.passed and resolution.target == MODULE)
            if not reaches_inside(access, called):
                continue
            kind = classify(resolution, raw)
            if _sliced_then_moved(resolution.rest, raw.moves_to_device):
                continue
            if resolution.target == TENSOR and _handed_on(resolution.rest, raw, check.raw_accesses):
                continue
            if resolution.target == TENSOR and kind is AccessKind.USE and not raw.argument_of:
                offload = check.semantics.offloaded(access.info, resolution, hooked=False)
                verb = "reads"
            elif resolution.target != TENSOR and (kind is AccessKind.CALL or raw.passed) and resolution.owner.path:
                offload = check.semantics.offloaded(access.info, resolution, hooked=False, calls_module=True)
                verb = "passes" if not raw.called else "calls"
            else:
                continue
            if not offload:
                continue
            yield self._finding(check, access, raw, verb, offload)

    def _finding(self, check: MethodCheck, access: ComponentAccess, raw, verb: str, offload) -> Finding:
        resolution = access.resolution
        touched = spelled(access.name, resolution.consumed).removesuffix(".forward")
        component = access.info.name
        hook = offload.hook_by_level.get(BLOCK) or offload.hook_by_level.get(LEAF, "")
        hook = hook.replace("self.", f"self.{access.name}.", 1) if hook.startswith("self.") else hook
        if verb == "passes":
            why = (
                f"{check.method.name}() hands {touched} to a call that runs it, instead of calling "
                f"self.{access.name}(...); block-level group offloading keeps it in {component}'s unmatched group, "
                f"onloaded only while {hook} runs. Fix: take the value from self.{access.name}(...)'s output, or "
                f"offload {access.name} at leaf level, where the submodule's layers are hooked"
            )
        elif verb == "calls":
            why = (
                f"{check.method.name}() calls {touched}(...) directly instead of self.{access.name}(...); "
                f"block-level group offloading keeps it in {component}'s unmatched group, "
                f"onloaded only while {hook} runs. Fix: take the value from self.{access.name}(...)'s output "
                f"(e.g. output_hidden_states=True), or offload {access.name} at leaf level, where this call is hooked"
            )
        else:
            why = (
                f"{check.method.name}() reads {touched} from outside {component}; group offloading "
                f"({levels_text(offload.levels)}) onloads it only while {hook} runs. "
                f"Fix: {touched}.to(device) for this use, or move the computation into {component}.forward()"
            )
        return check.finding_at(self, raw, why + "." + masking_note(check.method, access.name, raw.range.start.line), offload.levels,
                                f"{access.name}.{resolution.dotted}")

    def _unknown(self, check: MethodCheck, access: ComponentAccess, raw) -> Finding:
        touched = spelled(access.name, access.chain)
        if access.info is None:
            unknown = "the component's class is unknown to the linter, so this is a guess from its name"
        else:
            unknown = (f"the installed {access.info.name} has no '{access.chain[0]}', so this is a guess "
                       f"for another version of it")
        message = (
            f"{check.method.name}() calls {touched}(...) inside component '{access.name}' instead of "
            f"self.{access.name}(...); under block-level group offloading a submodule that is not a block of its own "
            f"is onloaded only while self.{access.name}.forward() runs ({unknown}). "
            f"Fix: take the value from self.{access.name}(...)'s output."
            + masking_note(check.method, access.name, raw.range.start.line)
        )
        return check.finding_at(self, raw, message, (BLOCK,), ".".join((access.name,) + access.chain))
