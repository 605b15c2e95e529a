"""Runtime confirmer: run a method under diffusers' real group offloading and watch the weights.

Importing this package is cheap; torch and diffusers load on first use of an entry point.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "confirm": "runner",
    "CheckConfig": "scenario",
    "Step": "scenario",
    "OffloadOptions": "backends",
    "confirm_findings": "join",
    "annotate": "cli",
    "confirm_main": "cli",
    "confirm_pipeline": "pipeline",
    "load_confirm_config": "config",
    "ConfirmReport": "report",
    "LevelResult": "report",
    "Verdict": "report",
    "Access": "report",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f"{__name__}.{_EXPORTS[name]}")
    return getattr(module, name)
