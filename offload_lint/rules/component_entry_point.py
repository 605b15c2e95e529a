"""OFL202: a pipeline calls a component's public non-forward method that the module rules flag.

Works on the index's call sites alone (``self.<component>.<method>(...)``): no libcst pass
over the caller, and the answer about the method comes from the engine's findings lookup.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from ..analyze.branches import unreached_by_call
from ..analyze.components import ComponentMethodCall, component_method_calls, hand_move_noop, reached_helpers, \
    resident_under, spelled, unhooked_for_helpers
from ..finding import Finding, display_path
from ..strategies import BY_KEY, STRATEGIES, has_or_have, strategies_text
from .base import ClassCheck, Confirm, Rule, Scope


class ComponentEntryPoint(Rule):
    code = "OFL202"
    name = "component-unsafe-entry-point"
    summary = "A pipeline calls a component's non-forward method that touches weights no hook onloads for it"
    scope = Scope.CALLER_CLASS
    confirm = Confirm.CALLER_ENTRY
    # A second call of the same component method in one method (vae.encode of each chunk) is a place of its own.
    related_note = "another call of self.{attribute} in {method}()"

    def check_class(self, check: ClassCheck) -> Iterable[Finding]:
        if check.findings is None:
            return
        for call in component_method_calls(check.cls, check.semantics, check.entry_points):
            # The component was moved by hand first: OFL207 reports that instead, except under the strategies
            # where the move changes nothing (the weights stay sharded / partitioned): the call is reported there.
            allowed = hand_move_noop(check.semantics.levels) if call.moved_earlier_at is not None else None
            if allowed == ():
                continue
            name = call.access.resolution.name
            # Only what this call can reach: a finding under a branch its arguments keep shut is not cited; one that
            # stands for several calls (OFL102's children of one method) is cited for the calls it reaches.
            found = []
            for finding in check.findings.method(call.owner, name):
                if check.semantics.not_offloaded_as_root(call.owner, finding.levels, finding.attribute):
                    continue  # the component is a trainer: the model it holds is what gets offloaded
                reached = _reached_part(finding, name, check.path, call.site.line)
                if reached is not None:
                    found.append(reached)
            found += self._helper_findings(check, call, name, found)
            finding = self._finding(check, call, found, allowed) if found else None
            if finding is not None:
                yield finding

    @staticmethod
    def _helper_findings(check: ClassCheck, call: ComponentMethodCall, name: str,
                         own: list[Finding]) -> list[Finding]:
        """The findings of the same-class methods ``name`` reaches (``encode`` -> ``_encode``), under the
        strategies whose hook does not run around ``name`` itself: there nothing onloads for them either."""
        unhooked = unhooked_for_helpers(call.owner, name, check.semantics)
        if not unhooked:
            return []
        cited = {(f.path, f.line, f.code) for f in own}
        found = []
        for helper in reached_helpers(call.owner, name, check.entry_points):
            for finding in check.findings.method(call.owner, helper):
                levels = tuple(key for key in finding.levels if key in unhooked)
                if levels and (finding.path, finding.line, finding.code) not in cited:
                    cited.add((finding.path, finding.line, finding.code))
                    found.append(replace(finding, levels=levels))
        return found

    def _finding(self, check: ClassCheck, call: ComponentMethodCall, found: list[Finding],
                 allowed: tuple[str, ...] | None = None) -> Finding | None:
        access, owner = call.access, call.owner
        resident = resident_under(check.cls, access.name)
        levels = tuple(s.key for s in STRATEGIES if any(s.key in f.levels for f in found) and s.key not in resident
                       and (allowed is None or s.key in allowed))
        if not levels:
            return None
        first = found[0]
        # A finding standing for several children (OFL102's calls in one method) names them all.
        touched = sorted({name for f in found for name in (f.extra.get("attributes") or [f.attribute]) if name})
        called = spelled(access.name, access.resolution.consumed)
        message = (
            f"{call.method.name}() calls {called}(), which runs outside {owner.name}.forward(), so "
            f"{strategies_text(levels)} {has_or_have(levels)} "
            f"not onloaded what it touches "
            f"({', '.join(touched[:3])}{', ...' if len(touched) > 3 else ''}): {first.code} at "
            f"{display_path(first.path)}:{first.line}. {_fix_for(first.code, owner.name, levels, access.resolution.name)}, "
            f"or compute it through self.{access.name}(...)."
        )
        if call.moved_earlier_at is not None:
            message += (f" The self.{access.name}.to(...) on line {call.moved_earlier_at} changes nothing under "
                        f"{strategies_text(levels)}: the weights stay what the strategy keeps outside the hook.")
        finding = check.finding(self, call.site.line, call.site.column + 1, message, levels,
                                attribute=f"{access.name}.{access.resolution.dotted}", method=call.method.name)
        # Where the bug is defined: the runtime confirmer checks that method (see confirm_bridge).
        finding.extra["defined_at"] = {
            "path": first.path, "line": first.line, "code": first.code, "module": first.module,
            "class": first.class_name, "method": first.method, "attribute": first.attribute,
        }
        return finding


def _reached_part(finding: Finding, method: str, caller_path: str, call_line: int) -> Finding | None:
    """``finding`` as far as a call at ``call_line`` reaches it: None when its line is under a branch the call's
    arguments keep shut; for a finding standing for several calls (``extra["calls"]``), the calls reached, with
    their children and strategies (VQModel's ``decode(h, force_not_quantize=True)`` skips the quantizer's call)."""
    def unreached(line: int) -> bool:
        return unreached_by_call(finding.path, line, finding.method or method, caller_path, call_line)

    calls = finding.extra.get("calls")
    if not calls:
        return None if unreached(finding.line) else finding
    reached = [entry for entry in calls if not unreached(entry["line"])]
    if not reached:
        return None
    if len(reached) == len(calls):
        return finding
    levels = tuple(key for key in finding.levels if any(key in entry["levels"] for entry in reached))
    attributes = list(dict.fromkeys(entry["attribute"] for entry in reached))
    return replace(finding, line=reached[0]["line"], levels=levels,
                   extra={**finding.extra, "attributes": attributes, "calls": reached})


def _fix_for(code: str, owner: str, levels: tuple[str, ...], method: str) -> str:
    """The cited rule's fix at its definition (:attr:`Rule.fix_where_defined`), where it is one under a strategy
    of ``levels`` (:attr:`Rule.fix_where_defined_under`). Where it is none and every strategy of ``levels`` has a
    way to run its hook around the called method (``Strategy.hooked_method_fix``: FSDP2's
    ``register_fsdp_forward_method``), that way: the group-offloading fix would be no fix there."""
    from . import rules_by_code  # the registry imports this module

    rule = rules_by_code().get(code, Rule)
    at_definition = f"Fix it there ({rule.fix_where_defined.format(owner=owner)})"
    if any(getattr(BY_KEY[key], rule.fix_where_defined_under) for key in levels if key in BY_KEY):
        return at_definition
    own = [BY_KEY[key] for key in levels if key in BY_KEY]
    if not own or not all(strategy.hooked_method_fix for strategy in own):
        return at_definition
    return "Fix: " + ", ".join(f"{strategy.hooked_method_fix.format(method=method)} ({strategy.title})"
                               for strategy in own)
