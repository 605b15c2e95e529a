"""OFL205: a module owns weights but defines no forward(), and other methods use them."""

from __future__ import annotations

from typing import Iterable

from ..analyze.entry_points import Context
from ..analyze.semantics import MODULE, TENSOR
from ..finding import BLOCK, LEAF, Finding, levels_text
from ..index import torch_nn
from ..index.project import KNOWN_MODULE_BASES
from .base import ClassCheck, Rule


# ``self.mean.to(x.device)`` is the fix; metadata reads touch no values.
_NOT_A_USE = {("to",), ("shape",), ("dtype",), ("device",), ("size",), ("ndim",), ("numel",)}


class WeightsWithoutForward(Rule):
    code = "OFL205"
    name = "weights-without-forward"
    summary = "A module with weights defines no forward(), so no offload hook ever onloads them"

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        cls = check.cls
        if "forward" in cls.methods or cls.torch_base_kind != torch_nn.MODULE or not cls.has_weights:
            return
        if any(check.project.lookup_class(base) is None and not torch_nn.is_torch_nn(base) for base in cls.bases):
            return  # an unreadable base may define forward()
        if check.entry_points.subclasses_with_forward(cls):
            return  # a base that leaves forward() to its subclasses: their hooks onload these weights
        root_reads, other_uses = self._uses(check)
        # Leaf level: root weights have no hook at all; block level: only a top-level model's
        # (ModelMixin/PreTrainedModel) unmatched group hangs on the missing forward(); a child's
        # weights ride on its parent's groups (attention processors called via __call__).
        block = bool(root_reads or other_uses) and bool(cls.base_names & KNOWN_MODULE_BASES)
        levels = ((LEAF,) if root_reads else ()) + ((BLOCK,) if block else ())
        if not levels:
            return
        users = sorted(root_reads | other_uses)
        message = (
            f"{cls.name} owns weights but defines no forward(); group offloading ({levels_text(levels)}) onloads "
            f"a module's own weights only in a hook on its forward(), which nothing calls, yet "
            f"{', '.join(m + '()' for m in users[:3])} use{'s' if len(users) == 1 else ''} them. Fix: compute them "
            f"in a forward() and call the module, or move the weights to the input's device in those methods"
        )
        yield check.finding(self, cls.summary.line, cls.summary.column + 1, message,
                            tuple(level for level in (BLOCK, LEAF) if level in levels), method=users[0])

    def _uses(self, check: ClassCheck) -> tuple[set[str], set[str]]:
        """Methods reading root parameters/buffers, and methods calling children or reading their weights."""
        root_reads: set[str] = set()
        other_uses: set[str] = set()
        for name, (_, method) in check.cls.methods.items():
            if method.is_static or check.entry_points.context(check.cls, name).context is Context.SETUP:
                continue
            for chain in method.self_chains:
                resolution = check.semantics.resolve(check.cls, chain)
                if resolution is None or resolution.rest[:1] in _NOT_A_USE:
                    continue
                if resolution.target == TENSOR and not resolution.owner.path:
                    root_reads.add(name)
                elif resolution.target in (TENSOR, MODULE) and resolution.owner.path:
                    other_uses.add(name)
        return root_reads, other_uses
