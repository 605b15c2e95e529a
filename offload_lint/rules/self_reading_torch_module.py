"""OFL204: a torch module that reads its own leaf layers' weights (or recomputes them in a pre-hook)."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from ..finding import LEAF, Finding
from ..fix.fixes import modern_wrapper
from ..index import torch_nn
from ..index.project import Owned, Site
from .base import ClassCheck, Rule

# torch.nn classes whose forward hands a child Linear's weight to a functional call:
# MultiheadAttention passes ``out_proj.weight``/``.bias`` to F.multi_head_attention_forward,
# and the Transformer layers own a MultiheadAttention.
_READS_OWN_LEAF = {
    "MultiheadAttention": "its out_proj (a Linear) is never called: forward() passes out_proj.weight to "
                          "F.multi_head_attention_forward",
    "TransformerEncoderLayer": "its self_attn is an nn.MultiheadAttention, whose out_proj.weight is read, never called",
    "TransformerDecoderLayer": "its self_attn/multihead_attn are nn.MultiheadAttention, whose out_proj.weight is "
                               "read, never called",
    "TransformerEncoder": "its layers hold nn.MultiheadAttention, whose out_proj.weight is read, never called",
    "TransformerDecoder": "its layers hold nn.MultiheadAttention, whose out_proj.weight is read, never called",
    "Transformer": "its layers hold nn.MultiheadAttention, whose out_proj.weight is read, never called",
}
# Legacy hook-based wrappers: a forward *pre*-hook recomputes ``weight`` from weight_g/weight_v (or
# weight_orig/u) before diffusers' hook, which wraps forward(), has onloaded them.
_LEGACY_WRAPPERS = {"torch.nn.utils.weight_norm", "torch.nn.utils.spectral_norm",
                    "torch.nn.utils.weight_norm.weight_norm", "torch.nn.utils.spectral_norm.spectral_norm"}


class SelfReadingTorchModule(Rule):
    code = "OFL204"
    name = "torch-module-reads-own-leaves"
    summary = "nn.MultiheadAttention or a legacy weight_norm/spectral_norm layer: leaf-level offloading never onloads a weight it uses"

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        for owned in check.cls.owned.values():
            if owned.is_tensor:
                continue
            multihead = self._multihead(check, owned)
            reason = multihead or self._legacy_wrapper(owned)
            if reason is None:
                continue
            site = owned.site if multihead else owned.wrapper_site
            where = self._where(check, owned, site)
            if where is None:
                continue  # reported in the class (or file) that holds the call
            line, column, end_line, end_column, inherited = where
            built = (f"self.{owned.name} is built here and" if not inherited else
                     f"self.{owned.name}, built in {inherited} and inherited here,")
            helper = f" (by {owned.wrapper_helper})" if owned.wrapper_helper and not multihead else ""
            message = (
                f"{built} {reason}{helper}; leaf-level group offloading onloads a "
                f"Linear/Conv only inside its own forward(), so that weight stays on the offload device. "
                f"Fix: {self._fix(owned, multihead is not None)}"
            )
            finding = check.finding(self, line, column, message, (LEAF,), attribute=owned.name, method="__init__",
                                    end_column=end_column)
            fix = None
            if multihead is None and not inherited:
                fix, blocker = modern_wrapper(check.path)
                if blocker:
                    message += f" (no automatic fix: {blocker})"
            yield replace(finding, end_line=end_line, message=message, fix=fix)

    @staticmethod
    def _where(check: ClassCheck, owned: Owned, site: Site | None) -> tuple[int, int, int, int, str] | None:
        """(line, column, end line, end column, where it was inherited from) of the finding.

        At the call in the class whose method holds it. A class inheriting the call from a linted
        base is not reported again (the base is); one inheriting it from an installed base is
        reported at its own ``class`` line, naming the base's call."""
        if site is None:
            return None
        if site.holder == check.cls.qualified:
            return site.line, site.column, site.end_line, site.end_column, ""
        holder = check.project.lookup_class(site.holder)
        if holder is None or not holder.external:
            return None
        for base in check.cls.mro[1:]:
            inherited = base.owned.get(owned.name)
            if not base.external and inherited is not None and site in (inherited.site, inherited.wrapper_site):
                return None  # a linted base in between reports it
        summary = check.cls.summary
        where = f"{holder.name} ({site.path}:{site.line})"
        return summary.line, summary.column + 1, summary.line, summary.column + 1 + len("class"), where

    def _multihead(self, check: ClassCheck, owned: Owned) -> str | None:
        for qualified in owned.classes:
            names = {qualified}
            info = check.project.lookup_class(qualified) if not torch_nn.is_torch_nn(qualified) else None
            if info is not None:
                names |= set(info.base_names)
            for name in names:
                if torch_nn.is_torch_nn(name) and torch_nn.torch_class_name(name) in _READS_OWN_LEAF:
                    return f"is a torch.nn.{torch_nn.torch_class_name(name)}: {_READS_OWN_LEAF[torch_nn.torch_class_name(name)]}"
        return None

    def _legacy_wrapper(self, owned: Owned) -> str | None:
        if owned.wrapper not in _LEGACY_WRAPPERS:
            return None
        wrapper = owned.wrapper.rsplit(".", 1)[-1]
        return (f"is wrapped with the legacy {owned.wrapper}, whose forward pre-hook recomputes 'weight' "
                f"from its {'weight_g/weight_v' if wrapper == 'weight_norm' else 'weight_orig'} before the offload "
                f"hook has onloaded them")

    def _fix(self, owned: Owned, multihead: bool) -> str:
        if owned.wrapper in _LEGACY_WRAPPERS and not multihead:
            return (f"use torch.nn.utils.parametrizations.{owned.wrapper.rsplit('.', 1)[-1]} (the weight is computed "
                    f"on access, after onloading), or exclude this module from leaf-level offloading")
        return ("offload this model at block level, or exclude this module from leaf-level offloading "
                "(diffusers' tests list such modules in group_offloading_leaf_level_exclude_modules)")
