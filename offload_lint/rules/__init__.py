"""The rules, one per module in this package, discovered: add a rule by writing its module
(a :class:`Rule` subclass with a ``code``, its declared ``scope`` and ``confirm``) and its doc
``rules/OFLnnn.md``. Nothing else lists them: the engine, the confirmer and the readiness report
read what a rule does from its attributes."""

from __future__ import annotations

import importlib
import pkgutil

from .base import ClassCheck, Confirm, FunctionCheck, MethodCheck, Rule, Scope

# Diagnostics that are not rules: files the linter could not analyze.
PARSE_ERROR_CODE = "OFL000"
PARSE_ERROR_NAME = "file-not-analyzable"
# Reported by the runtime confirmer only: an offloaded weight computed with that no rule explains.
RUNTIME_ONLY_CODE = "OFL900"


def _discover() -> tuple[type[Rule], ...]:
    found: dict[str, type[Rule]] = {}
    for module in pkgutil.iter_modules(__path__):
        if module.name.startswith("_") or module.name == "base":
            continue
        loaded = importlib.import_module(f"{__name__}.{module.name}")
        for value in vars(loaded).values():
            if isinstance(value, type) and issubclass(value, Rule) and value.__module__ == loaded.__name__:
                if getattr(value, "code", None):
                    if value.code in found:
                        raise RuntimeError(f"rule code {value.code} is defined twice")
                    missing = [name for name, kind in (("scope", Scope), ("confirm", Confirm))
                               if not isinstance(getattr(value, name, None), kind)]
                    if missing:
                        raise RuntimeError(f"rule {value.code} declares no {' and no '.join(missing)}")
                    found[value.code] = value
    return tuple(found[code] for code in sorted(found))


ALL_RULES: tuple[type[Rule], ...] = _discover()


def rules_by_code() -> dict[str, type[Rule]]:
    return {rule.code: rule for rule in ALL_RULES}


__all__ = ["ALL_RULES", "ClassCheck", "Confirm", "FunctionCheck", "MethodCheck", "PARSE_ERROR_CODE", "PARSE_ERROR_NAME",
           "RUNTIME_ONLY_CODE", "Rule", "Scope", "rules_by_code"]
