"""OFL103: a leaf layer's weight is read instead of calling the layer."""

from __future__ import annotations

from typing import Iterable

from ..analyze.facts import Touch
from ..finding import LEAF, Finding, levels_text
from ..fix.fixes import call_layer_or_move
from .base import MethodCheck, Rule


class LeafWeightRead(Rule):
    code = "OFL103"
    name = "leaf-weight-read"
    summary = "A Linear/Conv/Embedding weight is read directly instead of calling the layer"

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        for fact in check.facts(Touch.LEAF_WEIGHT):
            offload = fact.offload
            if LEAF not in offload.levels:
                continue
            resolution = fact.access.resolution
            layer = resolution.dotted.rsplit(".", 1)[0]
            layer_class = resolution.owner.classes[0].rsplit(".", 1)[-1] if resolution.owner.classes else "layer"
            message = (
                f"{check.method.name}() reads '{resolution.dotted}' without calling self.{layer}; "
                f"group offloading ({levels_text(offload.levels)}) onloads this {layer_class}'s weights only "
                f"while {offload.hook_by_level[LEAF]} runs{check.goes(fact.access, offload.levels)}. "
                f"Fix: call self.{layer}(...), or use self.{resolution.dotted}.to({check.input_name}.device)"
            )
            fix = call_layer_or_move(check.path, check.span(fact.access.raw), resolution.owner.classes,
                                     check.input_tensor)
            yield check.finding(self, fact.access, message, offload.levels, fix)
