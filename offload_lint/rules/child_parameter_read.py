"""OFL104: a non-leaf child's own parameter is read outside that child's forward()."""

from __future__ import annotations

from typing import Iterable

from ..analyze.facts import Touch, among_offloaded_weights_only, tensor_container
from ..finding import Finding
from ..strategies import BY_KEY, LAYER_HOOK_KEYS, onloads
from .base import Confirm, MethodCheck, Rule, Scope


class ChildParameterRead(Rule):
    code = "OFL104"
    name = "child-parameter-read"
    summary = "A child module's own parameter (a norm's weight) is read outside that child's forward()"
    scope = Scope.METHOD
    confirm = Confirm.METHOD
    has_fix = True
    leaf_inside_forward = True

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        for fact in check.facts(Touch.CHILD_TENSOR):
            offload = fact.offload
            if not offload or among_offloaded_weights_only(
                    fact.access, check.input_name if check.input_tensor is not None else None):
                continue
            dotted = fact.access.resolution.dotted
            child = dotted.rsplit(".", 1)[0]
            # The layer's own hook where hooks sit on layers (Strategy.layer_hooks), else the first.
            hook = next((offload.hook_by_level[key] for key in LAYER_HOOK_KEYS if offload.hook_by_level.get(key)),
                        None) or next(iter(offload.hook_by_level.values()))
            kind = tensor_container(fact.access)
            if kind is not None:
                holder = ".".join(fact.access.resolution.owner.path)
                message = (
                    f"{check.method.name}() reads 'self.{dotted}', a tensor held by the {kind} self.{holder}, "
                    f"which has no forward(); {onloads(offload.levels)} it only while {hook} runs, which never "
                    f"happens{check.goes(fact.access, offload.levels)}. Fix: use self.{dotted}.to("
                    f"{check.input_name}.device), or keep the tensor as a parameter or buffer of a module whose "
                    f"forward() is called{check.unmovable_note(offload.levels)}"
                )
                yield check.finding(self, fact.access, message, offload.levels, check.move_fix(fact))
                continue
            own_hook = f"self.{child}.forward()"
            # At leaf level a Linear/Conv subclass's group holds its children: their hook is the layer's, not theirs.
            layer_hook = any(BY_KEY[key].leaf_layers_hold_subtree and named != own_hook
                             for key, named in offload.hook_by_level.items())
            message = (
                f"{check.method.name}() reads '{dotted}' outside {hook if layer_hook else own_hook}; "
                f"{onloads(offload.levels)} it only while {hook} runs"
                f"{check.goes(fact.access, offload.levels)}. "
                f"Fix: {f'read it inside {hook}' if layer_hook else f'call self.{child}(...)'}, "
                f"or use self.{dotted}.to({check.input_name}.device)"
                f"{check.unmovable_note(offload.levels)}"
            )
            yield check.finding(self, fact.access, message, offload.levels, check.move_fix(fact))
