"""Join static findings with runs under named strategies: one verdict per finding over its strategies.

Which strategies a finding is judged under: those its ``levels`` name (the static side's keys: "block" and
"leaf" for the group levels, the strategy's name for the others) or ``Finding.extra["strategies"]`` (a list, or a
comma-separated string), kept to the strategies asked for; a finding that names none is judged under all of them. Each distinct (strategy, class, method,
branch) runs once; the sharding strategies' checks share one process group (``run_requests``). The diffusers
group levels go through the same entry point, so a run with ``--strategy group-leaf,fsdp2`` is judged alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from ...finding import Finding
from ..config import ConfirmConfig
from ..scenario import CheckConfig, Step
from ...rules import Confirm, rules_by_code
from ..join import (_at_line, attribute_absent, check_key, confirm_of, finding_target, level_verdict, line_reached,
                    method_run, scenario_steps)
from ..report import CONFIRMED, REFUTED, UNTRIGGERED, LevelResult, Verdict, combine_verdicts
from . import StrategyRequest, run_requests
from .spec import GROUP_LEVELS, REPAIRING_STRATEGIES, STRATEGIES, JudgedSite, StrategyOptions, strategy_names


# The verdict's words when an earlier offending access of the same call stopped it before the finding's line, or
# sent it what that access computed: a run with that access's module onloaded is then made for the finding.
STOPPED_BEFORE = "the call stopped at"
ANOTHER_LINE = "another line offended in the same run"

# How findings' ``levels`` name the group-offloading levels.
_LEVEL_KEYS = {level: name for name, level in GROUP_LEVELS.items()}


def finding_strategies(finding: Finding, requested: Sequence[str]) -> tuple[str, ...]:
    named = finding.extra.get("strategies")
    if named:
        names = list(strategy_names(named if isinstance(named, str) else list(named)))
    else:
        names = [_LEVEL_KEYS.get(key, key) for key in finding.levels]
        names = [name for name in names if name in STRATEGIES]
    if not names:
        return tuple(requested)
    return tuple(name for name in names if name in requested)


def strategy_verdict(finding: Finding, result: LevelResult) -> tuple[str, str]:
    """(verdict, evidence) of one finding under one strategy's run of its method."""
    if result.level in GROUP_LEVELS:
        verdict, evidence, _ = level_verdict(finding, result)
        return verdict, evidence
    offending = result.offending
    at_line = [a for a in offending if _at_line(a, finding)]
    if at_line:
        return CONFIRMED, f"{at_line[0].describe()} (line match; {result.evidence})"
    by_attribute = [a for a in offending if a.weight and a.of_attribute(finding.attribute)]
    if by_attribute:
        return CONFIRMED, f"{by_attribute[0].describe()} (matched self.{finding.attribute}; no line match)"
    located = [a for a in offending if a.source is not None]
    if result.verdict == CONFIRMED and result.follow_up:
        # The method completed and changed the model; the same forward ran before it under the strategy and after
        # it without offloading: the change is what broke it (a head built on meta, on the CPU, unsharded; a write
        # the strategy lost).
        return CONFIRMED, (f"the method completed and changed {result.follow_up}; the forward that follows (it ran "
                           f"before the change under the strategy, and after it without offloading) then failed or "
                           f"computed a different result under the strategy: {result.evidence}")
    if result.verdict == CONFIRMED and not located:
        # A result that differs from the un-offloaded run, with no op to point at.
        return CONFIRMED, f"{result.evidence} (not located to a line)"
    if result.lines_run is not None and result.completed and not line_reached(finding, result):
        return UNTRIGGERED, (f"line not reached: the call completed without executing {finding.path}:{finding.line} "
                             f"({result.evidence})")
    if result.verdict == CONFIRMED:
        where = located[0].source
        if result.completed:
            # The stale copy an earlier access computed with (meta, a shard, a partition) flows on: what this
            # line's value met afterwards is no clean run, so nothing seen here refutes it.
            return UNTRIGGERED, (f"{ANOTHER_LINE} ({where}) and the run went on with what "
                                 f"it computed; nothing offloaded was seen at line {finding.line}, which a run "
                                 f"past an offending access cannot refute")
        return UNTRIGGERED, f"{STOPPED_BEFORE} {where} without an access at line {finding.line}: {result.evidence}"
    absent = attribute_absent(finding, result) if result.verdict == REFUTED else None
    if absent:
        return UNTRIGGERED, absent
    return result.verdict, result.evidence


@dataclass(frozen=True)
class HandedRequest:
    """A method handed a model, under a strategy (``handed.run_handed_strategy``)."""

    strategy: str
    target: str
    method: str
    # The finding: its receiver (``unet.conv_in``) stays offloaded; a run that stops at the line of one of its
    # siblings (the method's other findings) is made again with that receiver un-offloaded.
    judged: JudgedSite


@dataclass(frozen=True)
class CallerRequest:
    """Pipeline code under a strategy (``callers.run_caller_strategy``): the calling class, the method, the
    component the finding names and the finding's line."""

    strategy: str
    target: str
    method: str
    component: str
    called: str | None
    line: int
    path: str
    # (line, attribute) of the other findings of the method: a run stopped at one of those lines is made again
    # with that component's call fixed
    siblings: tuple[tuple[int, str], ...] = ()


def request_for(finding: Finding, strategy: str, config: ConfirmConfig, options: StrategyOptions,
                method_lines: tuple[tuple[int, str], ...] = (), class_lines: tuple[tuple[int, str], ...] = (),
                ) -> StrategyRequest | CallerRequest | HandedRequest | str:
    """The check a finding needs under ``strategy``, or why it has none (``method_lines`` / ``class_lines``: the
    (line, attribute) of every finding of the finding's method / class, itself included)."""
    from .callers import CALLER_STRATEGIES

    confirm = confirm_of(finding)
    if confirm is Confirm.NOT_RUN:  # as the command line leaves them out: a run would show nothing of them
        rule = rules_by_code().get(finding.code)
        return rule.not_run_because if rule is not None else "not a method of a module"
    target = finding_target(finding)
    if target is None or not finding.method:
        return "no class/module to build" if target is None else "no method to call"
    if confirm is Confirm.HANDED:
        from .handed import HANDED_STRATEGIES

        if strategy not in HANDED_STRATEGIES:
            return (f"a method handed a model is run under {', '.join(HANDED_STRATEGIES)} in this process, not under "
                    f"{strategy}")
        return HandedRequest(strategy, target, finding.method,
                             JudgedSite(finding.attribute, finding.path, finding.line,
                                        tuple(pair for pair in method_lines if pair[0] != finding.line)))
    if confirm in (Confirm.CALLER, Confirm.CALLER_ENTRY):
        # Pipeline code is run by building the pipeline, under a group level as under the other strategies (a run
        # naming both, ``--strategy all``, judges it here rather than in the group levels' own path).
        key = check_key(finding, strategy)
        if strategy not in (*CALLER_STRATEGIES, *GROUP_LEVELS) or key is None or not key.component:
            return f"pipeline code: the confirmer runs callers under group offloading and {', '.join(CALLER_STRATEGIES)}, not under {strategy}"
        return CallerRequest(strategy, key.target, key.method, key.component, key.called, key.line, finding.path,
                             tuple(pair for pair in class_lines if pair[0] != finding.line))
    method, overrides, arguments = method_run(target, finding)
    target_config = config.for_target(target)
    steps = scenario_steps(method, target_config, arguments)
    level = GROUP_LEVELS.get(strategy, "both")
    check = CheckConfig(level=level, backend=config.backend, factory=target_config.factory,
                        block_modules=list(target_config.block_modules) if target_config.block_modules else None,
                        timeout=config.timeout, offline=config.offline, overrides=overrides,
                        strategies=(strategy,), strategy_options=options)
    return StrategyRequest(strategy, target, tuple(steps), check)


def confirm_findings_by_strategy(
    findings: Sequence[Finding],
    strategies: Sequence[str] | str,
    *,
    config: ConfirmConfig | None = None,
    options: StrategyOptions | None = None,
    context: Sequence[Finding] = (),
) -> list[tuple[Finding, Verdict]]:
    """A verdict for every finding, over the strategies it is judged under (any confirmation wins; refuted only
    when every strategy refutes). ``Verdict.level`` names the strategies that gave the verdict. ``context``: other
    findings of the same code, not judged here, whose lines say what an earlier access of a call touched (the
    command line judges every finding of a file together; a sample of one finding does not)."""
    config = config or ConfirmConfig()
    options = options or StrategyOptions()
    requested = strategy_names(strategies)
    keys: dict[Any, int] = {}
    requests: list[StrategyRequest] = []
    callers: dict[CallerRequest | HandedRequest, LevelResult] = {}
    plan: list[list[tuple[str, int | str | LevelResult]]] = []
    attributes = _attributes_by_method([*findings, *context])
    # A pipeline's calls reach the components through its helpers (``prepare_image_latents`` calls ``vae.encode``
    # before ``__call__`` calls ``vae.decode``): what every finding of the class names, by line.
    class_lines: dict[tuple[Any, ...], list[tuple[int, str]]] = {}
    for (path, class_name, _), pairs in attributes.items():
        class_lines.setdefault((path, class_name), []).extend(pairs)
    for finding in findings:
        entries: list[tuple[str, int | str | LevelResult]] = []
        for strategy in finding_strategies(finding, requested):
            request = request_for(finding, strategy, config, options,
                                  tuple(sorted(attributes.get(_method_key(finding), ()))),
                                  tuple(sorted(class_lines.get((finding.path, finding.class_name), ()))))
            if isinstance(request, str):
                entries.append((strategy, request))
                continue
            if isinstance(request, (CallerRequest, HandedRequest)):  # run in this process, once each
                if request not in callers:
                    callers[request] = _run_in_this_process(request, config)
                entries.append((strategy, callers[request]))
                continue
            key = (strategy, request.target, request.scenario, request.config.overrides)
            if key not in keys:
                keys[key] = len(requests)
                requests.append(request)
            entries.append((strategy, keys[key]))
        plan.append(entries)
    results = run_requests(requests)
    past = _past_earlier_accesses(findings, plan, requests, results, attributes)
    if config.tests:  # what stays undecided, built and called as the model's own test in the checkout does
        past.update(_from_model_tests(findings, plan, requests, results, past, config.tests))
    pairs = []
    for finding, entries in zip(findings, plan):
        per_strategy: dict[str, tuple[str, str]] = {}
        backends: set[str] = set()
        errors: list[str] = []
        for strategy, entry in entries:
            if isinstance(entry, str):
                per_strategy[strategy] = (UNTRIGGERED, entry)
                continue
            result = entry if isinstance(entry, LevelResult) else past.get((id(finding), strategy), results[entry])
            if result.backend:
                backends.add(result.backend)
            if result.error and not result.completed:
                errors.append(f"{strategy}: {result.error}")
            per_strategy[strategy] = strategy_verdict(finding, result)
        overall = combine_verdicts([v for v, _ in per_strategy.values()])
        shown = [s for s, (v, _) in per_strategy.items() if v == overall] or list(per_strategy)
        evidence = " | ".join(f"{s}: {v}: {e}" for s, (v, e) in per_strategy.items()) or "no strategy applies"
        pairs.append((finding, Verdict(overall, ",".join(sorted(backends)), ",".join(shown), evidence,
                                       " | ".join(errors) or None)))
    return pairs


def _attributes_by_method(findings: Sequence[Finding]) -> dict[tuple[Any, ...], list[tuple[int, str]]]:
    """(path, class, method) -> the (line, attribute) each finding of that method names."""
    found: dict[tuple[Any, ...], list[tuple[int, str]]] = {}
    for finding in findings:
        if finding.attribute and (finding.line, finding.attribute) not in found.get(_method_key(finding), []):
            found.setdefault(_method_key(finding), []).append((finding.line, finding.attribute))
    return found


def _method_key(finding: Finding) -> tuple[Any, ...]:
    return finding.path, finding.class_name, finding.method


def _past_earlier_accesses(findings: Sequence[Finding], plan: list[list[tuple[str, int | str | LevelResult]]],
                           requests: list[StrategyRequest], results: list[LevelResult],
                           attributes: dict[tuple[Any, ...], list[tuple[int, str]]],
                           ) -> dict[tuple[int, str], LevelResult]:
    """Runs again, for each finding whose call an earlier offending access stopped before its line (under a
    strategy that can onload one submodule: ``Applied.onload_part``), with the modules of those accesses onloaded
    and the finding's attribute kept offloaded: (id of the finding, strategy) -> that run's result."""
    again: dict[tuple[int, str], int] = {}
    keys: dict[Any, int] = {}
    second: list[StrategyRequest] = []
    for finding, entries in zip(findings, plan):
        if not finding.attribute:
            continue
        siblings = tuple(sorted(pair for pair in attributes.get(_method_key(finding), [])
                                if pair != (finding.line, finding.attribute)))
        for strategy, entry in entries:
            if not isinstance(entry, int) or strategy not in REPAIRING_STRATEGIES:
                continue
            verdict, evidence = strategy_verdict(finding, results[entry])
            if verdict != UNTRIGGERED or not evidence.startswith((STOPPED_BEFORE, ANOTHER_LINE)):
                continue
            request = requests[entry]
            options = replace(request.config.strategy_options or StrategyOptions(),
                              judged=JudgedSite(finding.attribute, finding.path, finding.line, siblings))
            key = (strategy, request.target, request.scenario, request.config.overrides, options.judged)
            if key not in keys:
                keys[key] = len(second)
                second.append(replace(request, config=replace(request.config, strategy_options=options)))
            again[(id(finding), strategy)] = keys[key]
    if not second:
        return {}
    rerun = run_requests(second)
    return {pair: rerun[index] for pair, index in again.items()}


def _from_model_tests(findings: Sequence[Finding], plan: list[list[tuple[str, int | str | LevelResult]]],
                      requests: list[StrategyRequest], results: list[LevelResult],
                      past: dict[tuple[int, str], LevelResult], tests_dir: str) -> dict[tuple[int, str], LevelResult]:
    """Runs again, for each finding a module run left undecided whose class a model test of the checkout builds,
    with the model built from that test and the method called with its inputs (``model_tests``); a run that
    decides replaces the first: (id of the finding, strategy) -> that run's result."""
    from ..build import resolve
    from ..model_tests import CallFromTest, ModelFromTest, model_test

    again: dict[tuple[int, str], int] = {}
    keys: dict[Any, int] = {}
    second: list[StrategyRequest] = []
    tested: dict[str, bool] = {}
    for finding, entries in zip(findings, plan):
        for strategy, entry in entries:
            if not isinstance(entry, int):
                continue
            result = past.get((id(finding), strategy), results[entry])
            if strategy_verdict(finding, result)[0] != UNTRIGGERED:
                continue
            request = requests[entry]
            target = str(request.target)
            if request.config.factory is not None or len(request.scenario) != 1:
                continue  # the user's own build or scenario stands
            if target not in tested:
                try:
                    tested[target] = model_test(resolve(target), tests_dir) is not None
                except Exception:  # a target that does not import: its first run said so
                    tested[target] = False
            if not tested[target]:
                continue
            method = request.scenario[0].method
            key = (strategy, target, method, tuple(request.config.overrides))
            if key not in keys:
                keys[key] = len(second)
                overrides = tuple(request.config.overrides)
                config = replace(request.config, factory=ModelFromTest(target, tests_dir, overrides), overrides=())
                call = CallFromTest(target, tests_dir, method, overrides)
                second.append(replace(request, scenario=(Step(method, call),), config=config))
            again[(id(finding), strategy)] = keys[key]
    if not second:
        return {}
    rerun = run_requests(second)
    found: dict[tuple[int, str], LevelResult] = {}
    for finding, entries in zip(findings, plan):
        for strategy, _ in entries:
            index = again.get((id(finding), strategy))
            if index is None:
                continue
            result = rerun[index]
            if strategy_verdict(finding, result)[0] != UNTRIGGERED:
                result.evidence += " (the model built from the checkout's model test, the method called with its inputs)"
                found[(id(finding), strategy)] = result
    return found


def _run_in_this_process(request: CallerRequest | HandedRequest, config: ConfirmConfig) -> LevelResult:
    """One pipeline run, or one call of a method handed a model, under a strategy, in this process, under the
    per-check limit."""
    import contextlib
    import sys

    from ..limits import TargetTimeout, offline_hub, time_limit
    from ..caller import run_caller_level
    from .callers import backend_label, run_caller_strategy
    from .handed import run_handed_strategy
    from .common import torch_patches_undone

    from ..build import resolve

    # A library that patches torch for the rest of the process (ZeRO-3's F.linear) leaves the next check's torch
    # as it found it.
    patches = torch_patches_undone() if STRATEGIES[request.strategy].patches_torch else contextlib.nullcontext()
    try:
        with contextlib.redirect_stdout(sys.stderr), offline_hub(config.offline):
            resolve(request.target)  # importing the target's libraries is not the check's time
        with contextlib.redirect_stdout(sys.stderr), offline_hub(config.offline), time_limit(config.timeout), \
                patches:
            if isinstance(request, HandedRequest):
                return run_handed_strategy(request.strategy, request.target, request.method, request.judged,
                                           [request.judged.path])
            if request.strategy in GROUP_LEVELS:
                result = run_caller_level(request.target, request.method, request.component, request.called,
                                          GROUP_LEVELS[request.strategy], request.line, [request.path], config.tests)
                return replace(result, level=request.strategy)
            return run_caller_strategy(request.strategy, request.target, request.method, request.component,
                                       request.called, request.line, [request.path], request.siblings,
                                       config.tests)
    except TargetTimeout as error:
        message = f"{error} (per-target limit; set timeout in [tool.offload-lint.confirm])"
    except Exception as error:  # a caller that cannot be built or called: say why
        message = f"{type(error).__name__}: {error}"
    backend = "tracking" if request.strategy in GROUP_LEVELS else backend_label(request.strategy)
    return LevelResult(request.strategy, backend, UNTRIGGERED, message, False, error=message)
