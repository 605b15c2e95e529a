"""OFL202: a pipeline calls a component's public non-forward method that the module rules flag.

Works on the index's call sites alone (``self.<component>.<method>(...)``): no libcst pass
over the caller, and the answer about the method comes from the engine's findings lookup.
"""

from __future__ import annotations

from typing import Iterable

from ..analyze.semantics import HARMLESS_MODULE_METHODS, METHOD
from ..finding import ALL_LEVELS, Finding, display_path, levels_text
from ..index.summary import CallSiteRecord, MethodSummary
from ._component import earlier_move, spelled
from .base import ClassCheck, Rule


class ComponentEntryPoint(Rule):
    code = "OFL202"
    name = "component-unsafe-entry-point"
    summary = "A pipeline calls a component's non-forward method that touches weights no hook onloads for it"
    applies_to_non_modules = True

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        if check.cls.is_module or check.findings is None:
            return
        for method in check.cls.summary.methods.values():
            for site in method.call_sites:
                if site.receiver[:1] == ("self",) and len(site.receiver) >= 2 and _callable_entry(site.method):
                    yield from self._site(check, method, site)

    def _site(self, check: ClassCheck, method: MethodSummary, site: CallSiteRecord) -> Iterable[Finding]:
        access = check.semantics.resolve_component(check.cls, site.receiver[1:] + (site.method,))
        if access is None or access.resolution is None:
            return
        resolution = access.resolution
        owner = resolution.owner.info
        if resolution.target != METHOD or resolution.rest or owner is None or not owner.supports_group_offloading:
            return
        if check.entry_points.is_setup(resolution.name):
            return
        if earlier_move(method, access.name, site.line) is not None:
            return  # the component was moved by hand first: OFL207 reports that instead
        found = check.findings.method(owner, resolution.name)
        if not found:
            return
        levels = tuple(level for level in ALL_LEVELS if any(level in f.levels for f in found))
        first = found[0]
        touched = sorted({f.attribute for f in found if f.attribute})
        called = spelled(access.name, resolution.consumed)
        message = (
            f"{method.name}() calls {called}(), which runs outside {owner.name}.forward(), so group "
            f"offloading ({levels_text(levels)}) has not onloaded what it touches "
            f"({', '.join(touched[:3])}{', ...' if len(touched) > 3 else ''}): {first.code} at "
            f"{display_path(first.path)}:{first.line}. Fix it there ({_fix_for(first.code, owner.name)}), or compute it "
            f"through self.{access.name}(...)."
        )
        finding = check.finding(self, site.line, site.column + 1, message, levels,
                                attribute=f"{access.name}.{resolution.dotted}", method=method.name)
        # Where the bug is defined: the runtime confirmer checks that method (see confirm_bridge).
        finding.extra["defined_at"] = {
            "path": first.path, "line": first.line, "code": first.code, "module": first.module,
            "class": first.class_name, "method": first.method, "attribute": first.attribute,
        }
        yield finding


def _callable_entry(name: str) -> bool:
    return name != "forward" and not name.startswith("__") and name not in HARMLESS_MODULE_METHODS


def _fix_for(code: str, owner: str) -> str:
    if code == "OFL102":
        return f"add the child to {owner}._group_offload_block_modules"
    return "move the weights to the input's device where they are used"

