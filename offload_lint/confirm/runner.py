"""The entry point of a confirmation: one target and method, under group offloading at each level (the
engine) or under the named strategies (``strategies/``). The engine and the strategies share their data through
``scenario.py`` and never import each other to dispatch: that happens here."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .build import target_label
from .engine import run_level
from .report import ConfirmReport
from .scenario import CheckConfig, levels_for, maybe_resolve, normalise_steps


def confirm(target: Any, method: str, config: CheckConfig | None = None, **settings: Any) -> ConfirmReport:
    """Run ``target.method`` under real group offloading and say whether an offloaded weight reaches compute.

    ``target`` is a class or "pkg.module:Class". ``config`` says how (``CheckConfig``); keyword arguments
    override its fields (``confirm(cls, "decode", level="leaf", backend="tracking")``)."""
    config = replace(config or CheckConfig(), **settings)
    scenario = normalise_steps(method, config.call, config.steps)
    resolved = replace(config, factory=maybe_resolve(config.factory))
    if config.strategies:
        from .strategies import run_strategies

        return ConfirmReport(target_label(target), method, run_strategies(target, scenario, resolved))
    needs_tracking: set[str] = set()
    results = {name: run_level(target, name, scenario, resolved, needs_tracking=needs_tracking)
               for name in levels_for(config.level)}
    return ConfirmReport(target_label(target), method, results)


__all__ = ["confirm"]
