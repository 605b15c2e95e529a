"""Join point between the static CLI and the runtime confirmer (which needs torch).

Kept out of ``cli.py`` so that the static linter never imports torch unless asked to.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Sequence

from .config import Settings
from .engine import LintResult

_MISSING = "the runtime confirmer needs torch and diffusers: pip install 'offload-lint[confirm]'"


def _require_confirmer() -> None:
    try:
        import diffusers  # noqa: F401
        import torch  # noqa: F401
    except ImportError as error:
        raise ImportError(f"{_MISSING} ({error})") from error


def annotate_result(result: LintResult, settings: Settings) -> LintResult:
    _require_confirmer()
    from .confirm import annotate

    # The linted package must be importable to be built: put the roots of the linted files on sys.path.
    for finding in result.findings:
        root = _import_root(finding.path, finding.module)
        if root and root not in sys.path:
            sys.path.insert(0, root)
    static = [f for f in result.findings if f.code != "OFL000"]
    others = [f for f in result.findings if f.code == "OFL000"]
    annotated = [_relative(f) for f in annotate(static, progress=True)]
    return replace(result, findings=others + annotated)


def _relative(finding):
    """Runtime-only findings come with absolute paths: show them like the static ones."""
    import os

    if not os.path.isabs(finding.path):
        return finding
    relative = os.path.relpath(finding.path)
    return finding if relative.startswith("..") else replace(finding, path=relative)


def _import_root(path: str, module: str | None) -> str | None:
    """The sys.path entry from which ``module`` imports as the file at ``path``."""
    from pathlib import Path

    if not module:
        return None
    resolved = Path(path).resolve()
    depth = module.count(".") + (1 if resolved.name == "__init__.py" else 0)
    return str(resolved.parents[depth]) if depth < len(resolved.parents) else None


def confirm_command(argv: Sequence[str]) -> int:
    _require_confirmer()
    from .confirm import confirm_main

    return confirm_main(list(argv))
