"""OFL103: a leaf layer's weight is read instead of calling the layer."""

from __future__ import annotations

from typing import Iterable

from ..analyze.facts import Touch
from ..finding import Finding
from ..fix.fixes import call_layer_or_move
from ..strategies import BY_KEY, Grouping, onloads
from .base import Confirm, MethodCheck, Rule, Scope


class LeafWeightRead(Rule):
    code = "OFL103"
    name = "leaf-weight-read"
    summary = "A Linear/Conv/Embedding weight is read directly instead of calling the layer"
    scope = Scope.METHOD
    confirm = Confirm.METHOD
    has_fix = True
    leaf_inside_forward = True

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        for fact in check.facts(Touch.LEAF_WEIGHT):
            offload = fact.offload
            if not offload:
                continue
            # The hook to name: the layer's own where layers are groups of their own.
            layer_level = next((key for key in offload.levels if BY_KEY[key].grouping is Grouping.OWNERS),
                               offload.levels[0])
            resolution = fact.access.resolution
            layer = resolution.dotted.rsplit(".", 1)[0]
            layer_class = resolution.owner.classes[0].rsplit(".", 1)[-1] if resolution.owner.classes else "layer"
            message = (
                f"{check.method.name}() reads '{resolution.dotted}' without calling self.{layer}; "
                f"{onloads(offload.levels)} this {layer_class}'s weights only "
                f"while {offload.hook_by_level[layer_level]} runs{check.goes(fact.access, offload.levels)}. "
                f"Fix: call self.{layer}(...), or use self.{resolution.dotted}.to({check.input_name}.device)"
                f"{check.unmovable_note(offload.levels)}"
            )
            fix = call_layer_or_move(check.source, check.weight_span(fact.access), resolution.owner.classes,
                                     check.input_tensor, fact.access.raw.functional) if check.move_helps(fact) else None
            yield check.finding(self, fact.access, message, offload.levels, fix)
