"""Join point between the static CLI and the runtime confirmer (which needs torch).

Kept out of ``cli.py`` so that the static linter never imports torch unless asked to.
Every finding in a class's method is run, as its rule's declared :class:`~offload_lint.rules.base.Confirm`
says: module methods directly, pipeline code (OFL201, OFL202, OFL207) by building the pipeline with tiny
components, construction sites (OFL204) through the class's forward at leaf level. An opt-out flag
(OFL206) and a test config (OFL3xx) are not code to run (``Confirm.NOT_RUN``).
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from .config import Settings
from .confirm.strategies.spec import StrategyOptions
from .result import LintResult
from .finding import Finding, RuntimeVerdict
from .rules import PARSE_ERROR_CODE, RUNTIME_ONLY_CODE, Confirm, rules_by_code

# Why the confirmer runs nothing for a finding, by code: the rules' declared ``Confirm.NOT_RUN``, and the
# diagnostic that is no rule.
_NOT_TRIGGERABLE = {
    **{code: rule.not_run_because for code, rule in rules_by_code().items() if rule.confirm is Confirm.NOT_RUN},
    PARSE_ERROR_CODE: "the file was not analyzed",
}
_TRIGGERABLE = frozenset(code for code, rule in rules_by_code().items() if rule.confirm is not Confirm.NOT_RUN)


def _require_confirmer() -> None:
    """Stop before the first target (exit status 2, one line) when torch, diffusers or accelerate is missing."""
    from .confirm.environment import require_confirmer

    require_confirmer()


def annotate_result(result: LintResult, settings: Settings | None) -> LintResult:
    _require_confirmer()
    from .confirm import annotate

    # The linted package must be importable to be built: put the roots of the linted files on sys.path.
    for finding in result.findings:
        root = _import_root(finding.path, finding.module)
        if root and root not in sys.path:
            sys.path.insert(0, root)
    runnable = [f for f in result.findings if f.code in _TRIGGERABLE]
    strategies, options = runtime_strategies(settings)
    annotated = annotate(runnable, progress=True, strategies=strategies, strategy_options=options)
    by_identity = {_identity(f): f for f in annotated}
    out: list[Finding] = []
    for finding in result.findings:
        if _identity(finding) in by_identity:
            out.append(_relative(by_identity[_identity(finding)]))
        else:
            reason = _NOT_TRIGGERABLE.get(finding.code, "not a method of a module")
            out.append(replace(finding, runtime=RuntimeVerdict("untriggered", "", ",".join(finding.levels), reason)))
    out += [_relative(f) for f in annotated if f.code == RUNTIME_ONLY_CODE]
    return replace(result, findings=out)


def runtime_strategies(settings: Settings | None) -> tuple[tuple[str, ...], StrategyOptions | None]:
    """(strategy names, their options) for the confirmer: none when only the group levels are checked (the
    confirmer's default run, runtime-only OFL900 findings included), else every strategy checked, each applied with
    its real library and the declarations given on the command line or in [tool.offload-lint]."""
    from .confirm.strategies.spec import STRATEGIES as SPECS
    from .strategies import BY_KEY

    # The group levels have no runtime module of their own: the confirmer's default run applies them.
    if settings is None or not any(SPECS[BY_KEY[key].name].runtime for key in settings.levels if key in BY_KEY):
        return (), None
    declared = settings.declarations
    options = StrategyOptions(
        preload_module_classes=tuple(sorted(declared.preload_module_classes)) or None,
        fsdp_units=tuple(sorted(declared.fsdp_units)) or None,  # none given: the model's _no_split_modules
        fsdp_forward_methods=tuple(sorted(declared.fsdp_forward_methods)),
        z3_leaf_modules=tuple(sorted(declared.z3_leaf_modules)),
    )
    return tuple(BY_KEY[key].name for key in settings.levels if key in BY_KEY), options


# What the confirmer says of a fixed finding, run on the code before and after the fix.
PROVEN = "proven"  # confirmed before the fix, refuted after it
NOT_PROVEN = "not-proven"  # still confirmed after the fix
NOTHING_TO_PROVE = "nothing-to-prove"  # not confirmed before the fix (refuted or not triggered)
UNTRIGGERED_AFTER = "untriggered"  # the fixed code could not be run to the finding's line


def confirm_before_fix(result: LintResult, policy) -> dict[tuple, Finding]:
    """The confirmer's verdicts on the code as it is, for the findings --fix is about to fix."""
    to_fix = [f for f in result.findings if policy.offers(f)]
    if not to_fix:
        return {}
    annotated = annotate_result(replace(result, findings=to_fix), None)
    # annotate_result keeps the order of the findings it is given (its own OFL900 findings come after).
    return {_fixed_identity(f): done for f, done in zip(to_fix, annotated.findings)}


def confirm_fixed(result: LintResult, before: dict[tuple, Finding]) -> LintResult:
    """Run the confirmer on the fixed code for every fixed finding: a fix is proven when the
    failure the confirmer saw before is refuted after."""
    outcome = result.fixes
    if outcome is None or not outcome.applied:
        return result
    _forget_modules(list(outcome.originals))
    moved = []
    for applied in outcome.applied:
        finding = applied.finding
        moved.append(replace(finding, line=applied.line_after,
                             end_line=applied.line_after + finding.end_line - finding.line, runtime=None))
    after = annotate_result(replace(result, findings=moved), None)
    proven = []
    for applied, now in zip(outcome.applied, after.findings):
        then = before.get(_fixed_identity(applied.finding))
        verdict_then = then.runtime.verdict if then is not None and then.runtime is not None else None
        verdict_now = now.runtime.verdict if now.runtime is not None else None
        if verdict_now == "confirmed":
            verdict = NOT_PROVEN
        elif verdict_now != "refuted":
            verdict = UNTRIGGERED_AFTER
        elif verdict_then == "confirmed":
            verdict = PROVEN
        else:
            verdict = NOTHING_TO_PROVE
        extra = {**applied.finding.extra, "fix_verdict": verdict,
                 "fix_evidence": now.runtime.evidence if now.runtime is not None else None,
                 "verdict_before_fix": verdict_then}
        proven.append(replace(applied, finding=replace(applied.finding, extra=extra)))
    outcome.applied = proven
    return result


def _forget_modules(paths: list[str]) -> None:
    """Make the next import of a fixed file read its new text (not the module or bytecode of before)."""
    import importlib
    import importlib.util

    fixed = {os.path.realpath(p) for p in paths}
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if where and os.path.realpath(where) in fixed:
            del sys.modules[name]
    for path in fixed:
        try:
            os.remove(importlib.util.cache_from_source(path))
        except (OSError, NotImplementedError, ValueError):
            pass
    importlib.invalidate_caches()


def _fixed_identity(finding: Finding) -> tuple:
    """A finding across the rounds of --fix, whose edits move it (a later round sees it again)."""
    return (finding.path, finding.class_name, finding.method, finding.code, finding.attribute)


def _identity(finding: Finding) -> tuple:
    return (finding.path, finding.line, finding.column, finding.code, finding.attribute)


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
