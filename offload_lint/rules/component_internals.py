"""OFL201: code outside a component (a pipeline) calls or reads the component's submodules or weights."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from ..analyze.components import (
    ComponentDevice,
    ComponentTouch,
    Drive,
    broken_everywhere,
    component_devices,
    component_focus,
    component_touches,
    device_properties,
    installed_release,
    lacks_attribute,
    needs_component_pass,
    spelled,
)
from ..analyze.entry_points import PUBLIC_API_METHODS, MethodContext
from ..analyze.semantics import ComponentAccess, OffloadSemantics
from ..finding import Finding
from ..strategies import BLOCK_GROUP_KEYS, BY_KEY, AfterForward, onloads, strategies_text
from ._component import masking_note
from .base import Confirm, MethodCheck, Rule, Scope


class ComponentInternals(Rule):
    code = "OFL201"
    name = "component-internals-driven-by-caller"
    summary = "A pipeline calls or reads a component's submodules or weights instead of calling the component"
    scope = Scope.CALLER_METHOD
    confirm = Confirm.CALLER
    # Each placement with (or read of) the component's internals is a line to change: the second of one method is
    # named with the first (encode_prompt's positive and negative prompt branches, issue 21 round h).
    related_note = "another use of self.{attribute} in {method}()"

    def visits(self, cls, method, context: MethodContext, semantics: OffloadSemantics) -> bool:
        return needs_component_pass(cls, method, semantics)

    def focus(self, cls, method, semantics: OffloadSemantics) -> frozenset[str]:
        return component_focus(cls, method, semantics)

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        if check.cls.is_module:
            return
        for finding in self._findings(check):
            # A function handed the pipeline (``def get_embeddings(pipe, ...)``) names it as it does.
            first = check.method.params[0] if check.method.params else "self"
            yield finding if first == "self" else replace(finding, message=finding.message.replace("self.", f"{first}."))

    def _findings(self, check: MethodCheck) -> Iterable[Finding]:
        for found in device_properties(check.cls, check.method, check.raw_accesses, check.semantics):
            finding = self._device_property(check, found)
            if finding is not None:
                yield finding
        for device in component_devices(check.cls, check.method, check.raw_accesses, check.semantics):
            yield self._component_device(check, device)
        for touch in component_touches(check.cls, check.method, check.raw_accesses, check.semantics):
            if touch.drive is Drive.CALLS_CHILD_METHOD and check.findings is not None and check.findings.method(
                    touch.access.resolution.owner.info, touch.access.resolution.name):
                continue  # the child's method has findings of its own: OFL202 cites them at this call
            if touch.drive is Drive.CALLS_UNRESOLVED:
                if broken_everywhere(touch.access):
                    # No release of the class has the path (T5EncoderModel.text_model): the line raises
                    # AttributeError offloaded or not, broken code rather than an offloading hazard.
                    continue
                yield self._unresolved(check, touch)
            elif touch.drive is Drive.CALLS_ACCESSOR_VALUE:
                yield self._accessor_value(check, touch)
            else:
                yield self._kept_noted(check, touch)

    def _kept_noted(self, check: MethodCheck, touch: ComponentTouch) -> Finding:
        """The finding, with the strategies under which the component's own forward, run first, left its weights
        onloaded: named in the message, or, when they are all the touch broke under, kept suppressed with why."""
        kept = touch.kept_after_forward
        if kept is None:
            return self._finding(check, touch)
        if not touch.offload:
            before = kept.before
            finding = self._finding(check, replace(touch, offload=before))
            return replace(finding, suppressed_by=kept.reason)
        finding = self._finding(check, touch)
        return replace(finding, message=f"{finding.message} Not under {strategies_text(kept.levels)}: "
                                        f"{kept.reason}.")

    def _finding(self, check: MethodCheck, touch: ComponentTouch) -> Finding:
        access, offload = touch.access, touch.offload
        resolution = access.resolution
        touched = spelled(access.name, resolution.consumed).removesuffix(".forward")
        component = access.info.name
        # The unmatched group's hook where there is one (Strategy.block_groups), else the first.
        hook = next((offload.hook_by_level[key] for key in BLOCK_GROUP_KEYS if offload.hook_by_level.get(key)),
                    None) or next(iter(offload.hook_by_level.values()), "")
        hook = hook.replace("self.", f"self.{access.name}.", 1) if hook.startswith("self.") else hook
        if touch.drive is Drive.PASSES and not set(BLOCK_GROUP_KEYS) & set(offload.levels):
            why = (
                f"{check.method.name}() hands {touched} to a call that runs it, instead of calling "
                f"self.{access.name}(...); {onloads(offload.levels)} {component}'s weights only when {hook} runs, and "
                f"no hook of their own runs for that call. Fix: {_forward_first_fixes(access, offload.levels, check.semantics)}"
            )
        elif touch.drive is Drive.PASSES:
            why = (
                f"{check.method.name}() hands {touched} to a call that runs it, instead of calling "
                f"self.{access.name}(...); block-level group offloading keeps it in {component}'s unmatched group, "
                f"onloaded only while {hook} runs. Fix: take the value from self.{access.name}(...)'s output, or "
                f"offload {access.name} at leaf level, where the submodule's layers are hooked"
            )
        elif touch.drive is Drive.CALLS_CHILD_METHOD:
            child = spelled(access.name, resolution.owner.path)
            why = (
                f"{check.method.name}() calls {touched}() directly; no hook runs for a submodule's own method, and "
                f"block-level group offloading keeps {child} in {component}'s unmatched group, onloaded only while "
                f"{hook} runs. Fix: reach it through self.{access.name}(...), or offload {access.name} at leaf level "
                f"(the layers it calls are hooked there), or leave {access.name} on the device "
                f"(enable_group_offload(..., exclude_modules=['{access.name}']))"
            )
        elif touch.drive is Drive.CALLS and not set(BLOCK_GROUP_KEYS) & set(offload.levels):
            why = (
                f"{check.method.name}() calls {touched}(...) directly instead of self.{access.name}(...); "
                f"{onloads(offload.levels)} {component}'s weights only when {hook} runs, and no hook of "
                f"their own runs for this call. Fix: {_forward_first_fixes(access, offload.levels, check.semantics)}"
            )
        elif touch.drive is Drive.CALLS:
            why = (
                f"{check.method.name}() calls {touched}(...) directly instead of self.{access.name}(...); "
                f"block-level group offloading keeps it in {component}'s unmatched group, "
                f"onloaded only while {hook} runs. Fix: {_hooking_fixes(access.name, resolution.consumed)}"
            )
        else:
            why = (
                f"{check.method.name}() reads {touched} from outside {component}; "
                f"{onloads(offload.levels)} it only while {hook} runs. "
                f"Fix: {touched}.to(device) for this use, or move the computation into {component}.forward()"
            )
        return check.finding_at(self, touch.raw, why + "." + masking_note(access.name, touch.moved_earlier_at),
                                offload.levels, f"{access.name}.{resolution.dotted}")

    def _device_property(self, check: MethodCheck, found) -> Finding | None:
        name, component = found.component, found.component_class
        # Where the strategy keeps a module's weights on the compute device (FSDP2, ZeRO-3), .device is true.
        levels = tuple(key for key in check.semantics.levels if not BY_KEY[key].device_read_true)
        if not levels:
            return None
        readers = ", ".join(f"{reader}()" for reader in found.readers[:3]) + (", ..." if len(found.readers) > 3 else "")
        message = (
            f"{'property ' if check.method.is_property else ''}{check.method.name} hands the pipeline self.{name}.device, which {component} (a transformers model) "
            f"derives from its first parameter; under {strategies_text(levels)} that parameter sits on "
            f"the offload device outside {name}'s forward(), so what {readers} {'places' if len(found.readers) == 1 else 'place'} with it (latents, ids, "
            f"masks) lands on the CPU and meets the other components' outputs on the compute device. Fix: take the "
            f"device from the offloading hooks (DiffusionPipeline._execution_device, or diffusers' "
            f"_get_group_onload_device(self.{name})), or from an input tensor"
        )
        return check.finding_at(self, found.raw, message, levels, f"{name}.device")

    def _component_device(self, check: MethodCheck, found: ComponentDevice) -> Finding:
        name = found.component
        fallback = found.fallback_of
        when = (f" when called without {fallback} (a public method: users call it so; the fallback "
                f"`{fallback} or self.{name}.device`)" if fallback else "")
        fix = (f"fall back to `{fallback} or self._execution_device`" if fallback else "place it with "
               "self._execution_device")
        message = (
            f"{check.method.name}() places a tensor with self.{name}.device{when}, the device of {name}'s first "
            f"parameter; "
            f"under {strategies_text(found.levels)} that parameter is a meta tensor outside {name}'s forward(), so "
            f"the tensor lands on meta and even a hooked call of self.{name}(...) fails on it (\"Cannot copy out of "
            f"meta tensor\"). Fix: {fix} (DiffusionPipeline's, which asks the offloading hooks for their execution "
            f"device), or with the device of an input tensor"
        )
        # The attribute names the component: its first parameter, not the property, is what is stale.
        return check.finding_at(self, found.raw, message + ".", found.levels, name)

    def _accessor_value(self, check: MethodCheck, touch: ComponentTouch) -> Finding:
        name = touch.access.name
        component = touch.access.info.name if touch.access.info is not None else f"the {name} model"
        message = (
            f"{check.method.name}() calls the module self.{name}.get_input_embeddings() returns (a submodule of "
            f"{component}, its input embedding) directly instead of self.{name}(...); block-level group offloading "
            f"keeps that embedding in {component}'s unmatched group, onloaded only while self.{name}.forward() runs, "
            f"so this lookup meets ids on the compute device with the embedding still on the offload device. "
            f"Fix: offload {name} at leaf level, where the embedding layer has a hook of its own; or leave {name} on "
            f"the device (enable_group_offload(..., exclude_modules=['{name}'])); or look up with the weight moved "
            f"(F.embedding(ids, embed.weight.to(ids.device)), a copy per call)."
        )
        message += masking_note(name, touch.moved_earlier_at)
        return check.finding_at(self, touch.raw, message, touch.offload.levels, f"{name}.get_input_embeddings()")

    def _unresolved(self, check: MethodCheck, touch: ComponentTouch) -> Finding:
        access = touch.access
        touched = spelled(access.name, access.chain)
        offloading = (f"under block-level group offloading a submodule that is not a block of its own is onloaded "
                      f"only while self.{access.name}.forward() runs")
        if any(_model_method(step) for step in access.chain):
            offloading += " (and a method other than forward() fires no hook, a block's or any other)"
        if not lacks_attribute(access):
            unknown = ("the component's class is unknown to the linter" if access.info is None else
                       f"{access.info.name} may bind '{access.chain[0]}' in a way the linter does not read")
            message = (
                f"{check.method.name}() calls {touched}(...) inside component '{access.name}' instead of "
                f"self.{access.name}(...); {offloading} ({unknown}, so this is a guess from the names). "
                f"Fix: {_hooking_fixes(access.name, access.chain)}."
            )
        else:
            assert access.info is not None
            release = installed_release(access.info)
            installed = f"{access.info.name} ({release})" if release else access.info.name
            message = (
                f"{check.method.name}() calls {touched}(...), but the installed {installed} has no "
                f"'{access.chain[0]}' (earlier releases had it: their checkpoints carry the '{access.chain[0]}.' "
                f"prefix): this line raises AttributeError before any weight is touched, with or without "
                f"offloading. Fix: use a path {access.info.name} has; where this path exists, {offloading}, so "
                f"there: {_hooking_fixes(access.name, access.chain)}."
            )
        message += masking_note(access.name, touch.moved_earlier_at)
        return check.finding_at(self, touch.raw, message, touch.offload.levels, ".".join((access.name,) + access.chain))


def _forward_first_fixes(access: ComponentAccess, levels: tuple[str, ...], semantics: OffloadSemantics) -> str:
    """Where no group gives the submodule a hook of its own (model CPU offload, FSDP2's root unit): what keeps it
    onloaded for the call."""
    component, component_class = access.name, access.info.name
    fixes = []
    for key in levels:
        hooked = sorted(name for name in access.info.methods
                        if name != "forward" and key in semantics.declared_hooks(access.info, name))
        if hooked:
            fixes.append(f"under {BY_KEY[key].title}, go through a method its hook runs around "
                         f"({', '.join(f'self.{component}.{name}()' for name in hooked[:3])})")
    keeping = tuple(key for key in levels if BY_KEY[key].top_group_after_forward is not AfterForward.RELEASED)
    if keeping:
        fixes.append(f"make the call after self.{component}(...) in this method: "
                     + "; ".join(f"{BY_KEY[key].title} leaves the weights onloaded after it, "
                                 f"{BY_KEY[key].top_group_after_forward.value}" for key in keeping))
    fixes.append(f"move the computation into {component_class}.forward()")
    return "; or ".join(fixes)


def _model_method(step: object) -> bool:
    """``forward_mt_decoder_only`` (speechbrain's transformers), ``vae.encode`` (a diffusers VAE, on a pipeline
    handed in as an ``nn.Module``): a method, never a submodule."""
    return isinstance(step, str) and (step.startswith("forward") and step != "forward" or step in PUBLIC_API_METHODS)


def _hooking_fixes(component: str, chain: tuple) -> str:
    """The fixes under which a direct call of a component's submodule runs with its weights onloaded (the
    component's output need not hold what the call computes: clip skip's normed hidden state is not in it)."""
    names = []
    for step in chain:
        if not isinstance(step, str) or not step.isidentifier() or step == "forward":
            break
        if _model_method(step):
            names = []  # a block's hook wraps its forward() alone: this method of the block would fire none
            break
        names.append(step)
    listed = ", ".join(f"'{name}'" for name in names)
    fixes = [f"at block level, offload {component} with block_modules=[{listed}] (apply_group_offloading, or "
             f"{component}._group_offload_block_modules set before enable_group_offload): the submodule then has a "
             f"hook of its own, which this call fires"] if names else []
    fixes.append(f"offload {component} at leaf level, where this call is hooked")
    fixes.append(f"leave {component} on the device (enable_group_offload(..., exclude_modules=['{component}']))")
    return "; or ".join(fixes)
