"""Is the runtime confirmer's environment complete? Checked once, before the first target is built.

torch, diffusers and accelerate are required (diffusers' group-offloading hooks import accelerate's
``send_to_device``); without one of them no finding can be judged, so the run stops with exit status 2 and
one line saying what to install. transformers (with tokenizers) is needed only for components built from
transformers classes (text encoders, captioners): without it those checks are ``untriggered`` and the user
is told once. All of them ship with the ``confirm`` extra.

Importing this module does not import torch.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

INSTALL_HINT = "pip install 'offload-lint[confirm]'"
# (import name, what the user installs)
REQUIRED: tuple[tuple[str, str], ...] = (
    ("torch", "torch==2.13.0"),
    ("diffusers", "diffusers"),
    ("accelerate", "accelerate"),
)
OPTIONAL: tuple[tuple[str, str], ...] = (
    ("transformers", "transformers"),
    ("tokenizers", "tokenizers"),
)


class ConfirmerUnavailable(ImportError):
    """A required package is missing: the confirmer cannot judge any finding."""


@dataclass(frozen=True)
class Environment:
    missing_required: tuple[str, ...]
    missing_optional: tuple[str, ...]

    @property
    def complete(self) -> bool:
        return not self.missing_required

    @property
    def has_transformers(self) -> bool:
        return not self.missing_optional

    def error_line(self) -> str:
        names = ", ".join(self.missing_required)
        return f"the runtime confirmer needs {names} (not importable here): {INSTALL_HINT}"

    def transformers_note(self) -> str:
        names = " and ".join(self.missing_optional)
        return (f"note: {names} not installed: findings whose check builds a transformers component "
                f"(text encoders, tokenizers) stay untriggered; {INSTALL_HINT}")


def _importable(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    except Exception:  # a broken install is as unusable as a missing one
        return False
    return True


def check_environment() -> Environment:
    missing = tuple(install for name, install in REQUIRED if not _importable(name))
    if not missing and not _importable("diffusers.hooks.group_offloading"):
        missing = ("a diffusers with group offloading (diffusers.hooks.group_offloading)",)
    optional = tuple(install for name, install in OPTIONAL if not _importable(name))
    return Environment(missing, optional)


def require_confirmer() -> Environment:
    """Raise ConfirmerUnavailable (one line) unless every required package imports."""
    environment = check_environment()
    if not environment.complete:
        raise ConfirmerUnavailable(environment.error_line())
    return environment
