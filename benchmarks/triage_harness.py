"""What the triage rounds' runtime harnesses (``benchmarks/triage22<round>_cases.py``) share: registering packages
bare, so that a class is imported without what its package ``__init__`` pulls in."""

from __future__ import annotations

import os
import sys
import types


def bare_packages(*names: str) -> None:
    """Register packages bare (their ``__init__`` imports what the checked classes do not need), found on sys.path."""
    for name in names:
        if name in sys.modules:
            continue
        relative = name.replace(".", os.sep)
        root = next(p for p in sys.path if p and os.path.isdir(os.path.join(p, relative)))
        package = types.ModuleType(name)
        package.__path__ = [os.path.join(root, relative)]
        sys.modules[name] = package
