"""Join runtime observations with static findings: one verdict per finding, plus runtime-only OFL900."""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ..finding import ALL_LEVELS, Finding
from ..index.torch_nn import LEGACY_WRAPPER_TENSORS
from ..rules import RUNTIME_ONLY_CODE, Confirm, rules_by_code
from .config import ConfirmConfig, TargetConfig
from .engine import FOLLOW_UP, run_level
from .scenario import CheckConfig, Step, levels_for
from .report import (CONFIRMED, MOVED, MOVED_BACK, REFUTED, RETURNED, UNTRIGGERED, Access, LevelResult, Verdict,
                     combine_verdicts, weight_root)

RUNTIME_ONLY_NAME = "runtime-offloaded-access"

Progress = Callable[[int, int, str], None]


_CONFIRM_BY_CODE = {code: rule.confirm for code, rule in rules_by_code().items()}


def confirm_of(finding: Finding) -> Confirm:
    """How the finding's rule says its findings are decided (:class:`~offload_lint.rules.base.Confirm`): pipeline
    code by building and running the calling class (caller.py), a construction site by building the class and
    running its forward at leaf level, ...; a code no rule has (a finding made by hand) as a module method's."""
    return _CONFIRM_BY_CODE.get(finding.code, Confirm.METHOD)


@dataclass(frozen=True)
class CheckKey:
    """One run: a method of a class at a level; for pipeline code also the component offloaded (and the
    finding's line, which decides the optional arguments that reach it)."""

    target: str  # "pkg.module:Class"
    method: str
    level: str
    component: str | None = None
    called: str | None = None  # the component's method the pipeline calls (OFL202), for input shapes
    line: int = 0
    overrides: tuple[tuple[str, Any], ...] = ()  # constructor arguments that enable the finding's branch
    arguments: tuple[tuple[str, Any], ...] = ()  # optional method arguments the finding's line needs


def finding_target(finding: Finding) -> str | None:
    if not finding.class_name or not finding.module:
        return None
    return f"{finding.module}:{finding.class_name}"


def finding_levels(finding: Finding) -> tuple[str, ...]:
    levels = tuple(level for level in ALL_LEVELS if level in finding.levels) or ALL_LEVELS
    if confirm_of(finding) is Confirm.CONSTRUCTION:
        return tuple(level for level in levels if level == "leaf") or ("leaf",)
    return levels


def check_key(finding: Finding, level: str) -> CheckKey | None:
    target = finding_target(finding)
    if target is None or not finding.method:
        return None
    confirm = confirm_of(finding)
    if confirm.runs_caller and finding.attribute:
        component, _, rest = finding.attribute.partition(".")
        called = rest.split(".")[-1] if confirm is Confirm.CALLER_ENTRY and rest else None
        return CheckKey(target, finding.method, level, component, called, finding.line)
    method, overrides, arguments = method_run(target, finding)
    return CheckKey(target, method, level, overrides=overrides, arguments=arguments)


def method_run(target: str, finding: Finding) -> tuple[str, tuple[tuple[str, Any], ...], tuple[tuple[str, Any], ...]]:
    """(the method to call, the constructor arguments and the optional method arguments the finding's line needs):
    ``forward`` with neither for a finding about construction."""
    if confirm_of(finding) is Confirm.CONSTRUCTION:
        return "forward", (), ()
    overrides = branch_overrides(target, finding.method, finding.line, (finding.attribute or "").split(".")[0])
    return finding.method, overrides, line_arguments(target, finding.method, finding.line)


def line_arguments(target: str, method: str, line: int) -> tuple[tuple[str, Any], ...]:
    """Optional arguments of the method that decide whether ``line`` runs (``trigger.branch_arguments``)."""
    from .build import resolve
    from .trigger import branch_arguments

    try:
        return tuple(sorted(branch_arguments(getattr(resolve(target), method), line).items()))
    except Exception:  # an import that fails is reported by the run itself
        return ()


def branch_overrides(target: str, method: str, line: int, attribute: str = "") -> tuple[tuple[str, Any], ...]:
    """Constructor arguments that switch on the ``if self.<attr>`` branch holding ``line`` (a tiny default
    config leaves ``added_kv_proj_dim`` None and the line unreached), and that make the finding's ``attribute``
    exist (``if self.regularizer == "fsq": self.regularization = ...``) and a layer where the constructor can also
    make it weightless (``Linear(...) if dim is not None else Identity()``)."""
    from .build import resolve
    from .tiny import constructor_overrides, guarded_assignment_overrides, layer_switch_overrides
    from .trigger import wanted_attributes

    try:
        cls = resolve(target)
        function = getattr(cls, method)
        overrides = constructor_overrides(cls, wanted_attributes(function, line))
        if attribute:
            switched = {**guarded_assignment_overrides(cls, attribute), **layer_switch_overrides(cls, attribute)}
            for name, value in switched.items():
                overrides.setdefault(name, value)
    except Exception:  # an import that fails is reported by the run itself
        return ()
    return tuple(sorted(overrides.items()))


def plan_checks(findings: Iterable[Finding]) -> dict[CheckKey, set[str]]:
    """Every run needed, once each whatever the finding count -> the files whose executed lines it records."""
    plan: dict[CheckKey, set[str]] = defaultdict(set)
    for finding in findings:
        for level in finding_levels(finding):
            key = check_key(finding, level)
            if key is None:
                continue
            files = plan[key]
            if not confirm_of(finding).line_is_definition:
                files.add(finding.path)
    return plan


def run_checks(
    plan: dict[CheckKey, set[str]],
    *,
    backend: str,
    config: ConfirmConfig,
    progress: Progress | None = None,
) -> dict[CheckKey, LevelResult]:
    """Every planned check's result. With ``config.isolate`` each source module's checks run in a child process
    under a memory and a wall-clock limit (isolate.py): a check that exceeds them, or crashes, is ``untriggered``
    saying so, and the others keep their verdicts."""
    from .isolate import Limits, forks_for, run_isolated

    ordered = sorted(plan, key=lambda k: (k.target, k.method, k.component or "", k.line, ALL_LEVELS.index(k.level)))
    labels = list(dict.fromkeys(f"{k.target}.{k.method}" for k in ordered))
    done: set[str] = set()

    def started(key: CheckKey) -> None:
        label = f"{key.target}.{key.method}"
        if progress is not None and label not in done:
            progress(len(done), len(labels), label)
            done.add(label)

    def run_one(key: CheckKey, needs_tracking: set[str]) -> LevelResult:
        return run_check(key, sorted(plan[key]), backend, config, needs_tracking)

    def failed(key: CheckKey, reason: str) -> LevelResult:
        chosen = "tracking" if key.component is not None else backend
        return LevelResult(key.level, chosen, UNTRIGGERED, reason, False, error=reason)

    if config.isolate and forks_for(backend):
        _import_modules(ordered)
        limits = Limits(config.memory_limit, config.timeout)
        results = run_isolated(ordered, lambda key: key.target.partition(":")[0], run_one, failed, limits, started)
    else:
        results = {}
        needs_tracking: set[str] = set()  # targets that hit a fake-cuda limit: straight to tracking afterwards
        for key in ordered:
            started(key)
            results[key] = run_one(key, needs_tracking)
    if progress is not None:
        progress(len(labels), len(labels), "done")
    return results


def _import_modules(keys: Iterable[CheckKey]) -> None:
    """Import the checked modules here, once: every child then shares them (and the libraries they import)
    instead of importing them again. A module that fails to import is reported by its checks."""
    import importlib

    for module in dict.fromkeys(key.target.partition(":")[0] for key in keys):
        try:
            importlib.import_module(module)
        except Exception:
            pass


def run_check(key: CheckKey, files: list[str], backend: str, config: ConfirmConfig,
              needs_tracking: set[str]) -> LevelResult:
    """One check in this process: a pipeline caller, or a method of a module at a level."""
    if key.component is not None:
        return _run_caller(key, config, files)
    target_config = config.for_target(key.target)
    scenario = scenario_steps(key.method, target_config, key.arguments)
    return _run_one(key.target, key.level, scenario, backend, target_config, config, needs_tracking, files,
                    key.overrides)


def _run_caller(key: CheckKey, config: ConfirmConfig, files: list[str]) -> LevelResult:
    from .caller import run_caller_level
    from .limits import TargetTimeout, offline_hub, time_limit

    try:
        with offline_hub(config.offline), time_limit(config.timeout):
            return run_caller_level(key.target, key.method, key.component or "", key.called, key.level, key.line,
                                    files, config.tests)
    except TargetTimeout as error:
        message = f"{error} (per-target limit; set timeout in [tool.offload-lint.confirm])"
        return LevelResult(key.level, "tracking", UNTRIGGERED, message, False, error=message)
    except Exception as error:  # a caller that cannot be built or called: say why
        message = f"{type(error).__name__}: {error}"
        return LevelResult(key.level, "tracking", UNTRIGGERED, message, False, error=message)


def scenario_steps(method: str, target_config: TargetConfig,
                   arguments: tuple[tuple[str, Any], ...] = ()) -> list[Step]:
    """The target's configured steps, then the method with the optional arguments its finding's line needs."""
    from .scenario import maybe_resolve as _maybe_resolve

    steps = [Step(name) for name in target_config.steps if name != method]
    return steps + [Step(method, _maybe_resolve(target_config.call) if target_config.call else None, arguments)]


def _run_one(target: str, level: str, scenario: list[Step], backend: str, target_config: TargetConfig,
             config: ConfirmConfig, needs_tracking: set[str], files: list[str],
             overrides: tuple[tuple[str, Any], ...] = ()) -> LevelResult:
    from .scenario import maybe_resolve as _maybe_resolve

    try:
        factory = _maybe_resolve(target_config.factory) if target_config.factory else None
        block_modules = list(target_config.block_modules) if target_config.block_modules is not None else None
        check = CheckConfig(level=level, backend=backend, factory=factory, block_modules=block_modules,
                            timeout=config.timeout, offline=config.offline, overrides=overrides)
        return run_level(target, level, scenario, check, needs_tracking=needs_tracking, watch_files=files)
    except Exception as error:  # an import error or a broken factory: say so, keep going
        message = f"{type(error).__name__}: {error}"
        return LevelResult(level, backend, UNTRIGGERED, message, False, error=message)


def _at_line(access: Access, finding: Finding) -> bool:
    """Whether the access happened on the finding's line, or on one of its related locations: the other places of
    the same cause (another use in the method, a call of the reported helper, a generated copy)."""
    return any(access.at(path, lines) for path, lines in _places(finding))


def _places(finding: Finding) -> list[tuple[str, range]]:
    """The finding's lines, then each related location's line."""
    places = [(finding.path, range(finding.line, max(finding.end_line, finding.line) + 1))]
    return places + [(related.path, range(related.line, related.line + 1)) for related in finding.related]


def built_here(finding: Finding, access: Access, result: LevelResult) -> bool:
    """Does the access touch a layer that the finding's class built as ``self.<attribute>``? (construction sites:
    the weight ``res_unit1.conv1.weight_v`` of a model whose ``res_unit1`` is the finding's class, attribute
    ``conv1``). A construction finding that names no attribute is a wrapper applied to every layer of its class
    (OFL204's ``apply_spectral_norm(self)``): any wrapper tensor under the class is its."""
    if not finding.class_name:
        return False
    path = weight_root(access.weight).split(" ")[0].split(".")
    if not finding.attribute:
        # A wrapper applied to every layer of the class at once (``apply_spectral_norm(self)``): the tensors it
        # recomputes the weight from, in any layer under the class.
        return path[-1] in LEGACY_WRAPPER_TENSORS and any(
            result.module_classes.get(".".join(path[:depth])) == finding.class_name for depth in range(len(path)))
    for depth in range(len(path)):
        owner = ".".join(path[:depth])
        rest = ".".join(path[depth:])
        if result.module_classes.get(owner) == finding.class_name and rest.startswith(finding.attribute + "."):
            return True
    return False


def level_verdict(finding: Finding, result: LevelResult) -> tuple[str, str, list[Access]]:
    """(verdict, evidence, accesses this finding explains) for one level."""
    confirm = confirm_of(finding)
    if confirm is Confirm.HAND_MOVE:
        return hand_move_verdict(finding, result)
    offending = result.offending
    at_line = [a for a in offending if _at_line(a, finding)]
    if at_line:
        return CONFIRMED, f"{at_line[0].describe()} (line match)", at_line
    if confirm is Confirm.CONSTRUCTION:
        built = [a for a in offending if built_here(finding, a, result)]
        if built:
            what = f"the layer built at line {finding.line}" if finding.attribute else \
                f"a layer the wrapper at line {finding.line} wraps"
            return CONFIRMED, f"{built[0].describe()} ({what})", built
    if confirm is Confirm.CLASS_WIDE and offending:
        # The class has no forward: no hook ever onloads its own weights for these methods.
        return CONFIRMED, f"{offending[0].describe()} ({finding.class_name} has no forward)", offending
    by_attribute = [a for a in offending if a.of_attribute(finding.attribute)]
    if by_attribute:
        evidence = f"{by_attribute[0].describe()} (matched self.{finding.attribute} in {finding.method}; no line match)"
        return CONFIRMED, evidence, by_attribute
    # C6: the method changed the module and the forward() run after it touched an offloaded or hook-less
    # weight: the failure belongs to the mutator's findings (those whose line ran).
    follow_up = [a for a in offending if a.step == FOLLOW_UP]
    if follow_up and line_reached(finding, result):
        evidence = (f"{FOLLOW_UP}: {follow_up[0].describe()} ({finding.method} created or replaced submodules/"
                    f"parameters; the next forward failed)")
        return CONFIRMED, evidence, follow_up
    if result.completed:
        if not confirm.line_is_definition and not line_reached(finding, result):
            return UNTRIGGERED, (f"line not reached: the call completed without executing {finding.path}:"
                                 f"{finding.line} ({result.evidence})"), []
        returned = [a for a in result.accesses if a.kind == RETURNED
                    and (a.of_attribute(finding.attribute) or not finding.attribute)]
        if returned and not offending:
            return UNTRIGGERED, result.evidence, []
        absent = attribute_absent(finding, result)
        if absent:
            return UNTRIGGERED, absent, []
        if not offending:
            return REFUTED, result.evidence, []
        evidence = (f"ran to completion; nothing offloaded reached computation at line {finding.line} "
                    f"({len(offending)} other offending access(es) in the method)")
        return REFUTED, evidence, []
    if result.verdict == UNTRIGGERED:
        return UNTRIGGERED, result.evidence, []
    error = f" (stopped by {result.error})" if result.error else ""
    return UNTRIGGERED, (f"the call did not complete and line {finding.line} was not reached{error}: "
                         f"{result.evidence}"), []


def hand_move_verdict(finding: Finding, result: LevelResult) -> tuple[str, str, list[Access]]:
    """OFL207 claims that moving an offloaded component by hand puts its weights on the compute device outside the
    hooks and leaves them there. Observed after the caller's method returned, with the component offloaded at the
    level: confirmed when some of its weights are still on the compute device (the memory offloading exists to save
    is spent; nothing raises), refuted when every one is back on the offload device (the move was refused, as a
    diffusers model under group offloading refuses ``.to()``, or the hooks offloaded what it moved)."""
    component = finding.attribute or "the component"
    if not result.completed:
        return UNTRIGGERED, result.evidence if result.verdict == UNTRIGGERED else (
            f"the call did not complete: {result.evidence}"), []
    if not line_reached(finding, result):
        return UNTRIGGERED, (f"line not reached: the call completed without executing {finding.path}:{finding.line} "
                             f"({result.evidence})"), []
    moved = sum(1 for a in result.accesses if a.kind == MOVED and a.op == "Module.to()" and _at_line(a, finding))
    if result.resident:
        shown = ", ".join(result.resident[:3]) + (", ..." if len(result.resident) > 3 else "")
        return CONFIRMED, (f"after {finding.method}() returned, {len(result.resident)} of {result.component_weights} "
                           f"weights of {component} stay on the compute device outside its offloading hooks "
                           f"({shown}; {_how_moved(moved, len(result.resident), finding.line)}): the memory offloading "
                           f"should save is spent (resident, not a device error)"), []
    back = sum(1 for a in result.accesses if a.kind == MOVED and a.op == MOVED_BACK)
    if not moved:
        how = "its .to() moved no weight"
    elif back:
        how = f"Module.to() moved {moved} weight(s) there; the code moved {back} back to the offload device itself"
    else:
        how = f"the {moved} weight(s) Module.to() moved there were offloaded again by the hooks"
    return REFUTED, (f"after {finding.method}() returned, every weight of {component} is on the offload device "
                     f"({how}); {result.evidence}"), []


def _how_moved(moved: int, resident: int, line: int) -> str:
    """``Module.to()`` moves parameters in place; a component's own ``to()`` may build new ones on the device
    (diffusers' StableUnCLIPImageNormalizer), which no group holds and no hook offloads."""
    if moved >= resident:
        return f"moved in place by Module.to() at line {line}"
    if not moved:
        return f"replaced by new tensors on the device by the component's own .to() at line {line}"
    return f"{moved} moved in place by Module.to() at line {line}, the rest replaced by new tensors"


def _lines_of_file(lines_run: dict[str, frozenset[int]], path: str) -> frozenset[int] | None:
    """The recorded lines of the file ``path`` names: the same real path, or a recorded path ending with it (a
    finding's path relative to where the linter ran)."""
    real = os.path.realpath(path)
    parts = [part for part in os.path.normpath(path).split(os.sep) if part not in ("", ".")]
    for recorded, lines in lines_run.items():
        if os.path.realpath(recorded) == real or (parts and recorded.split(os.sep)[-len(parts):] == parts):
            return lines
    return None


def attribute_absent(finding: Finding, result: LevelResult) -> str | None:
    """Why a completed run says nothing of the finding when the built module lacks the attribute the finding reads
    (``rel_embeddings`` exists only with ``config.relative_attention``; ``x = self.rel_embeddings.weight if
    self.relative_attention else None`` runs its line without touching it); None when it has it or nothing was
    recorded."""
    head = (finding.attribute or "").split(".")[0].split("[")[0]
    if not head or result.attributes is None or head in result.attributes:
        return None
    return (f"the built {finding.class_name or 'module'} has no {head!r} (a constructor or config option leaves it "
            f"out), so the run never touched it: not judged ({result.evidence})")


def line_reached(finding: Finding, result: LevelResult) -> bool:
    """False only when a file of the finding's places (its own line, its related locations: a template's finding is
    the generated file's line at run time) was traced, some of its lines ran, and none of the places' lines did.
    Unknown coverage (no recording, or nothing of those files ran at all) counts as reached."""
    if result.lines_run is None:
        return True
    traced = False
    for path, lines in _places(finding):
        ran = result.lines_run.get(path)
        if ran is None:  # recorded under the source file's real path (strategy runs watch the target's files)
            ran = _lines_of_file(result.lines_run, path)
        if not ran:
            continue
        if any(line in ran for line in lines):
            return True
        traced = True
    return not traced


def verdict_for(finding: Finding, results: dict[CheckKey, LevelResult]) -> tuple[Verdict, list[Access]]:
    target = finding_target(finding)
    if target is None or not finding.method:
        reason = "no class/module to build" if target is None else "no method to call"
        return Verdict(UNTRIGGERED, "", ",".join(finding_levels(finding)), reason), []
    per_level: dict[str, tuple[str, str]] = {}
    explained: list[Access] = []
    backends: set[str] = set()
    errors: list[str] = []
    level_results = {level: results[check_key(finding, level)] for level in finding_levels(finding)}
    for level, result in level_results.items():
        backends.add(result.backend)
        if result.error and not result.completed:
            errors.append(f"{level}: {result.error}")
        verdict, evidence, accesses = level_verdict(finding, result)
        per_level[level] = (verdict, evidence)
        explained += accesses
    overall = combine_verdicts([v for v, _ in per_level.values()])
    shown = [lvl for lvl, (v, _) in per_level.items() if v == overall] or list(per_level)
    evidence = " | ".join(f"{lvl}: {v}: {e}" for lvl, (v, e) in per_level.items())
    built = sorted({r.built_with for r in level_results.values() if r.built_with})
    for note in built:
        if note not in evidence:
            evidence += f" [built with {note}]"
    return Verdict(overall, ",".join(sorted(backends)), ",".join(shown), evidence,
                   " | ".join(errors) or None), explained


def runtime_only_findings(
    results: dict[CheckKey, LevelResult], explained: list[Access]
) -> list[Finding]:
    """Offending accesses no static finding explains, as OFL900 findings (one per source line and weight)."""
    explained_ids = {id(a) for a in explained}
    merged: dict[tuple, dict[str, Any]] = {}
    for key, result in results.items():
        for access in result.offending:
            if id(access) in explained_ids or access.source is None:
                continue
            if access.step == FOLLOW_UP:
                continue  # a consequence of the mutator, reported through its findings only
            where = access.source
            entry_key = (where.path, where.line, weight_root(access.weight), key.target, key.method)
            entry = merged.setdefault(entry_key, {"access": access, "levels": set(), "backend": result.backend})
            entry["levels"].add(key.level)
    findings = []
    for (path, line, weight, target, method), entry in sorted(merged.items(), key=lambda item: item[0][:2]):
        access: Access = entry["access"]
        module, _, class_name = target.partition(":")
        levels = tuple(level for level in ALL_LEVELS if level in entry["levels"])
        message = (
            f"{access.kind} access to offloaded `{weight}` via {access.op} while running {class_name}.{method} "
            f"under group offloading ({' and '.join(levels)} level); no static finding covers it"
        )
        findings.append(Finding(
            path=path, line=line, column=1, end_line=line, end_column=1, code=RUNTIME_ONLY_CODE,
            name=RUNTIME_ONLY_NAME, message=message, class_name=class_name, method=method, levels=levels,
            attribute=weight, module=module,
            runtime=Verdict(CONFIRMED, entry["backend"], ",".join(levels), access.describe()),
        ))
    return findings


def confirm_findings(
    findings: list[Finding],
    *,
    backend: str = "auto",
    config: ConfirmConfig | None = None,
    progress: Progress | None = None,
) -> list[tuple[Finding, Verdict]]:
    """A verdict for every finding; runtime-only accesses come last as (OFL900 finding, confirmed verdict)."""
    config = config or ConfirmConfig()
    results = run_checks(plan_checks(findings), backend=backend, config=config, progress=progress)
    pairs: list[tuple[Finding, Verdict]] = []
    explained: list[Access] = []
    for finding in findings:
        verdict, accesses = verdict_for(finding, results)
        explained += accesses
        pairs.append((finding, verdict))
    # A finding explains the accesses at its line (or to the weights it names) in every run of its class and
    # method, not only in its own check (two pipeline findings in one method are two runs, each seeing both
    # lines); a layer built at a reported construction site explains its accesses in every run.
    by_method: dict[tuple[str | None, str | None], list[Finding]] = defaultdict(list)
    for finding in findings:
        by_method[(finding_target(finding), finding.method)].append(finding)
    sites = [f for f in findings if confirm_of(f) is Confirm.CONSTRUCTION]
    for key, result in results.items():
        same = by_method.get((key.target, key.method), [])
        # Another call of the same submodule in the method (`self.decoder(first)`, then `self.decoder(rest)` in a
        # loop, reported once) is the finding's hazard too.
        explained += [access for access in result.offending
                      if any(_at_line(access, f) or access.of_attribute(f.attribute) for f in same)
                      or any(built_here(s, access, result) for s in sites)]
    for runtime_only in runtime_only_findings(results, explained):
        assert runtime_only.runtime is not None
        pairs.append((runtime_only, runtime_only.runtime))
    return pairs


__all__ = ["confirm_findings", "confirm_of", "levels_for", "RUNTIME_ONLY_CODE"]
