"""OFL103: a leaf layer's weight is read instead of calling the layer."""

from __future__ import annotations

from typing import Iterable

from ..analyze.access import AccessKind
from ..analyze.semantics import TENSOR
from ..finding import LEAF, Finding, levels_text
from ..fix.fixes import call_layer_or_move
from ..index import torch_nn
from .base import MethodCheck, Rule


class LeafWeightRead(Rule):
    code = "OFL103"
    name = "leaf-weight-read"
    summary = "A Linear/Conv/Embedding weight is read directly instead of calling the layer"

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        for access in check.accesses:
            resolution = access.resolution
            if access.kind is not AccessKind.USE or resolution.target != TENSOR:
                continue
            if resolution.is_scalar:  # a 0-dim tensor mixes with any device
                continue
            if resolution.owner.kind != torch_nn.LEAF:
                continue
            offload = check.offloaded(access)
            if LEAF not in offload.levels:
                continue
            layer = resolution.dotted.rsplit(".", 1)[0]
            layer_class = resolution.owner.classes[0].rsplit(".", 1)[-1] if resolution.owner.classes else "layer"
            message = (
                f"{check.method.name}() reads '{resolution.dotted}' without calling self.{layer}; "
                f"group offloading ({levels_text(offload.levels)}) onloads this {layer_class}'s weights only "
                f"while {offload.hook_by_level[LEAF]} runs{check.goes(access, offload.levels)}. Fix: call self.{layer}(...), or use "
                f"self.{resolution.dotted}.to({check.input_name}.device)"
            )
            fix = call_layer_or_move(check.path, check.span(access.raw), _torch_layer(resolution.owner.classes),
                                     check.input_tensor)
            yield check.finding(self, access, message, offload.levels, fix)


def _torch_layer(classes: tuple[str, ...]) -> str:
    """``Linear`` for a plain torch.nn layer; "" for a subclass (its forward may compute something else)."""
    if len(classes) == 1 and torch_nn.is_torch_nn(classes[0]):
        return torch_nn.torch_class_name(classes[0])
    return ""
