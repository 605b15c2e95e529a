"""OFL204: a torch module that reads its own leaf layers' weights (or recomputes them in a pre-hook)."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from ..analyze.facts import Bypass, LeafBypass, WrappedLayers
from ..finding import Finding, RelatedLocation
from ..fix.fixes import modern_wrapper
from ..fix.model import Fix
from ..related import with_related
from ..strategies import LAYER_HOOK_KEYS
from .base import ClassCheck, Confirm, Rule, Scope


class SelfReadingTorchModule(Rule):
    code = "OFL204"
    name = "torch-module-reads-own-leaves"
    summary = "nn.MultiheadAttention or a legacy weight_norm/spectral_norm layer: leaf-level offloading never onloads a weight it uses"
    scope = Scope.CLASS
    confirm = Confirm.CONSTRUCTION
    has_fix = True
    leaf_inside_forward = True
    holds_wherever_class_runs = True

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        # Where hooks sit on layers only (Strategy.layer_hooks: leaf level).
        levels = tuple(key for key in LAYER_HOOK_KEYS if key in check.semantics.levels)
        for found in check.leaf_bypasses():
            owned = found.owned
            built = (f"self.{owned.name} is built here and" if not found.inherited_from else
                     f"self.{owned.name}, built in {found.inherited_from} and inherited here,")
            helper = f" (by {owned.wrapper_helper})" if owned.wrapper_helper and found.bypass is Bypass.LEGACY_WRAPPER else ""
            message = (
                f"{built} {_reason(found)}{helper}; leaf-level group offloading onloads a "
                f"Linear/Conv only inside its own forward(), so that weight stays on the offload device. "
                f"Fix: {_fix(found)}"
            )
            fix = None
            if found.bypass is Bypass.LEGACY_WRAPPER and not found.inherited_from:
                fix, blocker = modern_wrapper(check.source)
                if blocker:
                    message += f" (no automatic fix: {blocker})"
            finding = check.finding(self, found.line, found.column, message, levels, attribute=owned.name,
                                    method="__init__", end_column=found.end_column)
            removed = check.entry_points.norm_removed_before_offloading(check.cls) \
                if found.bypass is Bypass.LEGACY_WRAPPER else None
            if removed:  # the pre-hook is gone before any offloading: kept, hidden, with why
                finding = replace(finding, suppressed_by=removed)
            if found.called_at is not None:
                yield _at_helper(finding, found, fix if found.path == check.path else None)
                continue
            yield replace(finding, end_line=found.end_line, fix=fix)
        for every in check.every_layer_wrapped():
            yield _every_layer(check, self, every, levels)


def _every_layer(check: ClassCheck, rule: Rule, every: WrappedLayers, levels: tuple[str, ...]) -> Finding:
    """One finding for a wrapper applied to every layer of the class at once, at the wrapper call (the helper's,
    when a linted helper applies it: the one line to change), the statement in ``__init__`` related."""
    torch_class, source = every.torch_class, every.source
    by = f" through {every.helper}" if every.helper else ""
    message = (
        f"{check.cls.name}.__init__ applies the legacy {torch_class} to every layer it holds{by}; its forward "
        f"pre-hook recomputes 'weight' from {source} before the offload hook has onloaded them, and leaf-level group "
        f"offloading onloads a Linear/Conv only inside its own forward(), so each wrapped layer's weight stays on "
        f"the offload device. Fix: {_modern_fix(torch_class, 'the wrapped layers')}"
    )
    site, called = every.site, every.called_at
    fix = None
    if site.path == check.path:  # a helper in another file is fixed there
        fix, blocker = modern_wrapper(check.source)
        if blocker:
            message += f" (no automatic fix: {blocker})"
    finding = check.finding(rule, site.line, site.column, message, levels, method="__init__",
                            end_column=site.end_column)
    finding = replace(finding, path=site.path, end_line=site.end_line, fix=fix)
    removed = check.entry_points.norm_removed_before_offloading(check.cls)
    if removed:  # the pre-hooks are gone before any offloading: kept, hidden, with why
        finding = replace(finding, suppressed_by=removed)
    if (site.path, site.line, site.column) == (called.path, called.line, called.column):
        return finding
    return with_related(finding, (RelatedLocation(called.path, called.line, called.column,
                                                  f"{check.cls.name}.__init__ calls {every.helper.split(' (', 1)[0]} here"),))


def _at_helper(finding: Finding, found: LeafBypass, fix: Fix | None) -> Finding:
    """The finding at the helper's wrapper call; the call in the class becomes a related location
    (every class built with the helper adds its own when the engine merges findings at one place)."""
    assert found.path is not None and found.called_at is not None and found.owned.wrapper_helper
    helper = found.owned.wrapper_helper.split(" (", 1)[0]
    container = found.owned.wrapper_helper_container
    returns, each = (f"returns an {container} holding a layer", "builds") if container else ("returns its layer", "returns")
    message = (
        f"{helper} {returns} wrapped with the legacy {found.torch_class}, whose forward pre-hook recomputes "
        f"'weight' from its {found.source} before the offload hook has onloaded them; leaf-level group offloading "
        f"onloads a Linear/Conv only inside its own forward(), so every layer {helper} {each} keeps that weight on "
        f"the offload device. Fix: {_fix(found)}"
    )
    path, line, column = found.called_at
    built = RelatedLocation(path, line, column, f"{finding.class_name}.{found.owned.name} is built by {helper}")
    return with_related(replace(finding, path=found.path, message=message, end_line=found.end_line, fix=fix),
                        (built,))


def _reason(found: LeafBypass) -> str:
    if found.bypass is Bypass.LEGACY_WRAPPER:
        return (f"is wrapped with the legacy {found.torch_class}, whose forward pre-hook recomputes 'weight' "
                f"from its {found.source} before the offload hook has onloaded them")
    if found.torch_class == "MultiheadAttention":
        detail = (f"its {found.source} (a Linear) is never called: forward() passes {found.source}.weight to "
                  f"F.multi_head_attention_forward")
    else:
        attention = found.source.rsplit(".", 1)[0]
        detail = f"its {attention} is an nn.MultiheadAttention, whose out_proj.weight is read, never called"
    return f"is a torch.nn.{found.torch_class}: {detail}"


def _fix(found: LeafBypass) -> str:
    if found.bypass is Bypass.LEGACY_WRAPPER:
        return _modern_fix(found.torch_class.rsplit('.', 1)[-1], "this module")
    return ("offload this model at block level, or exclude this module from leaf-level offloading "
            "(diffusers' tests list such modules in group_offloading_leaf_level_exclude_modules)")


def _modern_fix(wrapper: str, excluded: str) -> str:
    return (f"use torch.nn.utils.parametrizations.{wrapper} (the weight is computed on access, after onloading), or "
            f"exclude {excluded} from leaf-level offloading")
