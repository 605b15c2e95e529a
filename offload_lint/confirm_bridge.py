"""Join point between the static CLI and the runtime confirmer (which needs torch).

Kept out of ``cli.py`` so that the static linter never imports torch unless asked to.
Which findings can be triggered: a method of a module class (OFL1xx, OFL203, OFL205). A
pipeline's call of a component's unsafe method (OFL202) is confirmed through that method's
own finding. A pipeline's own code (OFL201), a construction site (OFL204) and an opt-out
flag (OFL206) are not methods of a module to trigger: they get ``untriggered`` with the way
to check them (``offload_lint.confirm.confirm_pipeline`` runs a whole pipeline).
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from .config import Settings
from .engine import LintResult
from .finding import Finding

_TRIGGERABLE = ("OFL1", "OFL203", "OFL205")
_NOT_TRIGGERABLE = {
    "OFL201": "a pipeline's own code: run the pipeline with offload_lint.confirm.confirm_pipeline(...)",
    "OFL204": "a construction site, not a method: confirm the module's forward() at leaf level",
    "OFL206": "a flag, not a method",
    "OFL000": "the file was not analyzed",
}


def _require_confirmer() -> None:
    """Stop before the first target (exit status 2, one line) when torch, diffusers or accelerate is missing."""
    from .confirm.environment import require_confirmer

    require_confirmer()


def annotate_result(result: LintResult, settings: Settings) -> LintResult:
    _require_confirmer()
    from .confirm import annotate

    # The linted package must be importable to be built: put the roots of the linted files on sys.path.
    for finding in result.findings:
        root = _import_root(finding.path, finding.module)
        if root and root not in sys.path:
            sys.path.insert(0, root)
    direct = [f for f in result.findings if f.code.startswith(_TRIGGERABLE)]
    through = {id(f): _definition(f) for f in result.findings if f.code == "OFL202" and "defined_at" in f.extra}
    annotated = annotate(direct + list(through.values()), progress=True)
    by_identity = {(f.path, f.line, f.column, f.code, f.attribute): f for f in annotated}
    out: list[Finding] = []
    for finding in result.findings:
        if finding.code.startswith(_TRIGGERABLE):
            out.append(_relative(by_identity.get(_identity(finding), finding)))
        elif id(finding) in through:
            verdict = by_identity.get(_identity(through[id(finding)]))
            out.append(_copy_verdict(finding, verdict, through[id(finding)]))
        else:
            reason = _NOT_TRIGGERABLE.get(finding.code, "not a method of a module")
            out.append(replace(finding, extra={**finding.extra, "verdict": "untriggered", "evidence": reason}))
    out += [_relative(f) for f in annotated if f.code == "OFL900"]
    return replace(result, findings=out)


def _identity(finding: Finding) -> tuple:
    return (finding.path, finding.line, finding.column, finding.code, finding.attribute)


def _definition(finding: Finding) -> Finding:
    """The component method's own finding, as the confirmer needs it (module, class, method)."""
    defined = finding.extra["defined_at"]
    return Finding(path=defined["path"], line=defined["line"], column=1, end_line=defined["line"], end_column=2,
                   code=defined["code"], name="", message="", class_name=defined["class"],
                   method=defined["method"], levels=finding.levels, attribute=defined["attribute"],
                   module=defined["module"])


def _copy_verdict(finding: Finding, verdict: Finding | None, definition: Finding) -> Finding:
    if verdict is None or "verdict" not in verdict.extra:
        return finding
    runtime = {key: verdict.extra[key] for key in ("verdict", "backend", "level", "evidence", "error") if key in verdict.extra}
    runtime["evidence"] = f"via {definition.code} at {definition.path}:{definition.line}: {runtime.get('evidence', '')}"
    return replace(finding, extra={**finding.extra, **runtime})


def _relative(finding: Finding) -> Finding:
    """Runtime-only findings come with absolute paths: show them like the static ones."""
    if not os.path.isabs(finding.path):
        return finding
    relative = os.path.relpath(finding.path)
    return finding if relative.startswith("..") else replace(finding, path=relative)


def _import_root(path: str, module: str | None) -> str | None:
    """The sys.path entry from which ``module`` imports as the file at ``path``."""
    if not module:
        return None
    resolved = Path(path).resolve()
    depth = module.count(".") + (1 if resolved.name == "__init__.py" else 0)
    return str(resolved.parents[depth]) if depth < len(resolved.parents) else None


def confirm_command(argv: Sequence[str]) -> int:
    _require_confirmer()
    from .confirm import confirm_main

    return confirm_main(list(argv))
