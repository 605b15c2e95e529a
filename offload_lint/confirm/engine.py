"""build -> offload -> trigger -> observe, for one target and one scenario, at each requested level."""

from __future__ import annotations

import contextlib
import inspect
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

import torch

from .backends import (FAKE_CUDA, TRACKING, Backend, OffloadOptions, fallback_chain, fallback_for, make_backend,
                       offloaded)
from .limits import LineRecorder, TargetTimeout, offline_hub, time_limit
from .build import MAX_REAL_ELEMENTS, BuildError, build_module_noted, element_count, target_label
from .observe import OffloadObserver, group_tensors
from .scenario import CheckConfig, Step
from .report import (CONFIRMED, DEVICE, METADATA, MISMATCH, MOVED, REFUTED, RETURNED, UNTRIGGERED, LevelResult)
from .trigger import (Candidate, NotTriggerable, entry_flags, follow_up_candidates, public_callers, reaching_entry,
                      retry_candidates, synthesise)

# The step name of the forward() run after a mutator (a method that created or replaced submodules/parameters,
# C6): what it touches is credited to the mutator's findings ("then forward(): ...").
FOLLOW_UP = "then forward()"
MAX_EVIDENCE = 3
# Candidates learned from failures per step: each try of a large model costs a whole forward.
MAX_LEARNED_TRIES = 8
# Public callers tried for a method no synthesised call completes (each try costs the caller's whole run).
MAX_CALLERS = 2


def run_level(
    target: Any,
    level: str,
    scenario: list[Step],
    config: CheckConfig,
    *,
    needs_tracking: set[str] | None = None,
    watch_files: Sequence[str] = (),
) -> LevelResult:
    """Try the backends in order, all within one wall-clock limit.

    fake-cuda falls back to tracking when its call did not complete: when nothing ran, and also after a first
    recorded access when the run failed on a fake-cuda limit (``backends.FALLBACK_RULES``). Such a target goes
    straight to tracking afterwards (``needs_tracking``, shared across levels; kept per target and method).
    ``watch_files``: source files whose executed lines are recorded (``LevelResult.lines_run``).
    """
    started = time.perf_counter()
    try:
        with offline_hub(config.offline), time_limit(config.timeout):
            return _run_backends(target, level, scenario, config, needs_tracking, watch_files)
    except TargetTimeout as error:
        message = f"{error} (per-target limit; set timeout in [tool.offload-lint.confirm])"
        return LevelResult(level, config.backend, UNTRIGGERED, message, False, [], [message],
                           time.perf_counter() - started, error=message)


def _run_backends(target: Any, level: str, scenario: list[Step], config: CheckConfig,
                  needs_tracking: set[str] | None, watch_files: Sequence[str]) -> LevelResult:
    # The skip is kept per target and scenario: a data-dependent op in one method (a renderer's marching cubes) says
    # nothing about another method of the same class, which fake tensors may run to the end.
    label = f"{target_label(target)}:{'+'.join(step.method for step in scenario)}"
    factory = config.factory if callable(config.factory) else None
    errors: list[str] = []
    result: LevelResult | None = None
    size: int | None = None
    reason: str | None = None  # why the first backend was left
    chain = fallback_chain(config.backend)
    trace: list[str] = [f"backends to try: {', '.join(chain)}"]
    if needs_tracking is not None and label in needs_tracking and TRACKING in chain:
        errors.append(f"[{FAKE_CUDA}] skipped: an earlier run of this method hit a fake-cuda limit")
        trace.append(errors[-1])
        chain = [name for name in chain if name != FAKE_CUDA]
        if factory is None:
            # How large the default config is decides the build below: count it where weights cost nothing (a
            # default video VAE has 1.26e9 elements, 5 GB built for real).
            size = fake_element_count(target, dict(config.overrides), config.options)
    for name in chain:
        shrink = False
        if name == TRACKING and factory is None and size is not None and size > MAX_REAL_ELEMENTS:
            # Too large to compute for real: build with size-like defaults shrunk instead.
            errors.append(f"tracking: default config has {size:,} elements (> {MAX_REAL_ELEMENTS:,}); "
                          "building a shrunk config")
            trace.append(errors[-1])
            shrink = True
        chosen = make_backend(name, config.options)
        try:
            attempt, size = run_on_backend(target, level, scenario, chosen, factory, config.block_modules,
                                           watch_files, shrink=shrink, overrides=dict(config.overrides))
        except TargetTimeout as error:
            if result is None or result.verdict == UNTRIGGERED:
                raise
            # The fallback ran out of time; what the first backend observed stands.
            errors.append(f"[{name}] {error}")
            trace.append(f"[{name}] {error}: the first backend's observation stands")
            break
        trace += attempt.trace
        if result is not None and attempt.verdict == UNTRIGGERED and result.verdict != UNTRIGGERED:
            errors += [f"[{name}] {error}" for error in attempt.errors]
            break  # the fallback did less than the first run: keep the first
        if result is not None and attempt.verdict == CONFIRMED and result.verdict == CONFIRMED:
            carry_observed(result, attempt)
        result = attempt
        if attempt.timed_out:
            break  # no time is left for another backend
        limit = None if attempt.completed else fallback_for(name, attempt.failures)
        if limit is not None and needs_tracking is not None:
            needs_tracking.add(label)
        if attempt.completed or (attempt.verdict != UNTRIGGERED and limit is None):
            break
        if name != chain[-1]:
            errors += [f"[{name}] {error}" for error in attempt.errors]
            if limit is not None:
                rule, error = limit
                reason = reason or f"[{name}] {rule.why}: {type(error).__name__}: {_short(error)}"
            else:
                reason = reason or f"[{name}] {attempt.error or attempt.evidence}"
    assert result is not None
    if reason:
        trace.append(f"left the first backend: {reason}")
    result.trace = trace
    if result.backend != chain[0] and reason:
        result.evidence = f"{result.evidence} (after {reason}; ran on {result.backend})"
    result.errors = errors + [e for e in result.errors if f"[{result.backend}] {e}" not in errors]
    if not result.completed and result.error is None and result.errors:
        result.error = result.errors[-1]
    result.evidence = result.evidence or "; ".join(errors[-2:])
    return result


def carry_observed(first: LevelResult, fallback: LevelResult) -> None:
    """Both backends saw offloaded weights reach computation: what the first saw before its limit stands next to
    what the fallback saw. The fallback may build another (shrunk) config and not get as far (a marching-cubes
    step fake tensors cannot run comes after layers the first run did observe); a fallback that ran to the end
    without an offending access (refuted) is not merged: the two disagree, and the fallback's run is kept."""
    seen = {(a.weight, a.op, a.source) for a in fallback.offending}
    carried = [a for a in first.offending if (a.weight, a.op, a.source) not in seen]
    if carried:
        fallback.accesses = [*fallback.accesses, *carried]
        fallback.evidence = (f"{fallback.evidence}; and on {first.backend} before its limit: "
                             f"{'; '.join(describe(a) for a in _distinct(carried)[:MAX_EVIDENCE])}")


def fake_element_count(target: Any, overrides: dict[str, Any], options: OffloadOptions | None) -> int | None:
    """The element count of the module its default build makes, built with fake tensors (no memory); None when it
    does not build."""
    fake = make_backend(FAKE_CUDA, options)
    try:
        with fake.mode(), _quiet_fake_tensor_logs():
            module, _ = build_module_noted(target, None, overrides=overrides or None)
            return element_count(module)
    except Exception:  # the run itself reports what fails to build
        return None


def run_on_backend(
    target: Any,
    level: str,
    scenario: list[Step],
    backend: Backend,
    factory: Callable[[], torch.nn.Module] | None,
    block_modules: list[str] | None = None,
    watch_files: Sequence[str] = (),
    *,
    shrink: bool = False,
    overrides: dict[str, Any] | None = None,
) -> tuple[LevelResult, int | None]:
    started = time.perf_counter()
    tried: list[str] = []
    with backend.mode(), _quiet_fake_tensor_logs():
        try:
            module, built_with = build_module_noted(target, factory, shrink=shrink, overrides=overrides or None,
                                                    tried=tried)
        except BuildError as error:
            result = _untriggered(level, backend, [str(error)], started)
            result.failures = [detached(error.__cause__ or error)]
            result.trace = [f"[{backend.name}] build: {step}" for step in tried] + [f"[{backend.name}] {error}"]
            return result, None
        size = element_count(module)
        run, _ = run_observed({"": module}, level, backend, lambda run: run_scenario(run, scenario),
                              block_modules=block_modules, watch_files=watch_files)
    recorder = run.recorder
    result = _verdict(level, backend, run)
    result.trace = ([f"[{backend.name}] build: {step}" for step in tried]
                    + [f"[{backend.name}] {level} level: call failed: {error}" for error in run.errors]
                    + [f"[{backend.name}] {level} level: ran {ran}" for ran in run.ran]
                    + [f"[{backend.name}] {result.verdict}"])
    result.lines_run = recorder.result() if recorder is not None else None
    result.module_classes = {name: type(sub).__name__ for name, sub in module.named_modules()}
    result.attributes = frozenset(dir(module))
    if built_with:
        result.built_with = built_with
        result.evidence = f"{result.evidence} [built with {built_with}]"
    return result, size


@dataclass
class ScenarioRun:
    """One scenario on one offloaded module: what ran, what failed, and the failure worth showing."""

    module: torch.nn.Module
    observer: OffloadObserver
    backend: Backend
    recorder: LineRecorder | None = None
    started: float = field(default_factory=time.perf_counter)
    completed: bool = False
    errors: list[str] = field(default_factory=list)
    ran: list[str] = field(default_factory=list)
    best_error: str | None = None  # from the try that got furthest (most accesses seen)
    failures: list[BaseException] = field(default_factory=list)  # the exceptions behind ``errors``
    stopped: str | None = None  # the time limit that ended the run after an offending access was seen


def run_observed(modules: dict[str, torch.nn.Module], level: str, backend: Backend,
                 trigger: Callable[[ScenarioRun], None], *, block_modules: list[str] | None = None,
                 watch_files: Sequence[str] = (),
                 after: Callable[[OffloadObserver, ScenarioRun], Any] | None = None) -> tuple[ScenarioRun, Any]:
    """offload -> trigger -> observe: the one loop of every group-offloading check (a module's method here, pipeline
    code in ``caller.py``, a readiness row in ``readiness.py``). diffusers' hooks go on ``modules``; ``trigger(run)``
    makes the calls and records in ``run`` what ran and failed; the observer sees every use of an offloaded tensor.
    A time limit that ends the trigger after an offending access was seen leaves what was seen standing
    (``run.stopped``). ``after(observer, run)`` reads what it needs while the hooks are still installed (which
    weights no hook offloaded again); its value is returned with the run."""
    with offloaded(modules, level, backend, block_modules) as observer:
        run = ScenarioRun(next(iter(modules.values())), observer, backend, LineRecorder(watch_files))
        try:
            trigger(run)
        except TargetTimeout as error:
            if not any(access.offending for access in observer.accesses):
                raise
            run.stopped = str(error)  # an offending access was observed before the limit: it stands
        return run, after(observer, run) if after is not None else None


def run_scenario(run: ScenarioRun, scenario: list[Step]) -> None:
    """Run every step; ``run.completed`` says whether all of them completed."""
    observer = run.observer
    for step in scenario:
        observer.step = step.method
        entry = reaching_entry(type(run.module), step.method) if step.call is None else None
        called = Step(entry) if entry else step  # a private helper runs through the method that reaches it
        for name, value in entry_flags(run.module, entry, step.method) if entry else ():
            setattr(run.module, name, value)
        try:
            candidates = step_candidates(run.module, called, run.backend.onload_device)
        except NotTriggerable as error:
            run.errors.append(f"{called.method}: {error}")
            return
        before = structure(run.module)
        description = run_step(run, called, candidates)
        if description is None and entry is None and step.call is None \
                and not any(access.offending for access in observer.accesses):
            called, description = run_through_caller(run, step)
            entry = called.method if description is not None else None
        if description is None:
            return
        through = f", the caller that reaches {step.method}" if entry else ""
        run.ran.append(f"{called.method}({description}{through})")
        if step.method != "forward" and step is scenario[-1] and structure_changed(before, structure(run.module)):
            follow = run_follow_up(run, before)
            if follow is None and not any(a.offending for a in observer.accesses):
                # Without the forward, "refuted" would claim the mutation is safe: nothing is known.
                return
            run.ran.append(f"{FOLLOW_UP[5:]} after it changed the module ({follow or 'no call completed'})")
    run.completed = True


def run_through_caller(run: ScenarioRun, step: Step) -> tuple[Step, str | None]:
    """No synthesised call of a public method got anywhere (it takes objects: a sampler, ray bundles): run it the
    way its class does, through a public method that calls it. What that run touches at the method's lines is the
    method's own observation; the caller's arguments are synthesised as usual."""
    for name in public_callers(type(run.module), step.method)[:MAX_CALLERS]:
        try:
            candidates = step_candidates(run.module, Step(name), run.backend.onload_device)
        except NotTriggerable as error:
            run.errors.append(f"{name}: {error}")
            continue
        description = run_step(run, Step(name), candidates)
        if description is not None:
            return Step(name), description
    return step, None


def structure(module: torch.nn.Module) -> dict[str, Any]:
    """name -> object for every submodule and parameter (compared by identity: a mutator replaces objects)."""
    found: dict[str, Any] = {f"module:{name}": sub for name, sub in module.named_modules()}
    found.update({f"param:{name}": param for name, param in module.named_parameters()})
    return found


def structure_changed(before: dict[str, Any], after: dict[str, Any]) -> bool:
    return before.keys() != after.keys() or any(after[name] is not obj for name, obj in before.items())


def run_follow_up(run: ScenarioRun, before: dict[str, Any]) -> str | None:
    """The mutator itself computes nothing on mixed devices; the next forward() does. Run it, with groups
    rescanned (a mutator may put its new layer under a hook) and, on tracking, every new tensor that belongs to
    no group counted as offloaded (it was created on the offload device and no hook will ever onload it)."""
    module, observer = run.module, run.observer
    observer.tracker.rescan()
    known = {id(obj) for obj in before.values()}
    grouped = {id(t) for group in observer.tracker.groups for t in group_tensors(group)}
    if observer.onload_type is None:
        for name, param in module.named_parameters():
            if id(param) not in known and id(param) not in grouped:
                observer.tracker.offloaded[param] = f"{name} (belongs to no group)"
    _default_processor(module)
    observer.step = FOLLOW_UP
    try:
        candidates = follow_up_candidates(module, run.backend.onload_device)
    except NotTriggerable as error:
        run.errors.append(f"{FOLLOW_UP}: {error}")
        return None
    errors_before = len(run.errors)
    description = run_step(run, Step("forward"), candidates)
    run.errors[errors_before:] = [f"{FOLLOW_UP}: {error}" for error in run.errors[errors_before:]]
    return description


def _default_processor(module: torch.nn.Module) -> None:
    """An attention built from a tiny config may have no processor (WanAttention(processor=None))."""
    for sub in module.modules():
        cls = getattr(type(sub), "_default_processor_cls", None)
        if cls is not None and getattr(sub, "processor", "absent") is None:
            try:
                processor = cls()
                setter = getattr(sub, "set_processor", None)
                setter(processor) if callable(setter) else setattr(sub, "processor", processor)
            except Exception:  # the forward then fails and says why
                pass


def module_state(module: torch.nn.Module) -> list[tuple[torch.nn.Module, str, Any]]:
    """The plain attributes of every submodule that hold a tensor or None (not parameters, buffers or children):
    caches a call fills and a later call continues from (a causal conv's ``prev_features``)."""
    state = []
    for sub in module.modules():
        for name, value in vars(sub).items():
            if not name.startswith("__") and (value is None or isinstance(value, torch.Tensor)):
                state.append((sub, name, value))
    return state


def restore_state(state: list[tuple[torch.nn.Module, str, Any]]) -> None:
    """Put the attributes ``module_state`` recorded back (a try that failed half-way left a cache filled: the next
    try would start in the middle of a video that is not there)."""
    for sub, name, value in state:
        if vars(sub).get(name, value) is not value:
            object.__setattr__(sub, name, value)


def step_candidates(module: torch.nn.Module, step: Step, device: torch.device) -> list[Candidate]:
    if step.call is None:
        return synthesise(module, step.method, device, given=dict(step.arguments))
    user_call = step.call
    wants_device = len(inspect.signature(user_call).parameters) >= 2
    # A user call performs the call itself; it returns no (args, kwargs).
    return [Candidate("user call", lambda: (user_call, wants_device))]


def run_step(run: ScenarioRun, step: Step, candidates: list[Candidate]) -> str | None:
    """Try candidates until one completes; returns its description, or None when all failed. A failure that
    says which rank the method unpacks (``expected 5, got 4``) adds a candidate of that rank."""
    observer = run.observer
    device = observer.tracker.groups[0].onload_device if observer.tracker.groups else torch.device("cpu")
    most = -1
    queue = list(candidates)
    tried: set[Any] = set()
    learned = 0
    state = module_state(run.module)
    while queue:
        candidate = queue.pop(0)
        restore_state(state)  # a failed try must not leave a cache behind for the next one
        # One try per input: two wrong guesses that teach each other (3 channels -> 64 -> 3) must not loop.
        key = candidate.key()
        if key in tried:
            continue
        tried.add(key)
        observer.tracker.reset()
        before = len(observer.accesses)
        try:
            prepared = candidate.make()  # inputs exist before observation starts
            with observer, (run.recorder or contextlib.nullcontext()):
                if candidate.description == "user call":
                    user_call, wants_device = prepared
                    value = user_call(run.module, device) if wants_device else user_call(run.module)
                else:
                    args, kwargs = prepared
                    value = getattr(run.module, step.method)(*args, **kwargs)
            observer.returned(value, step.method)
            return candidate.description
        except NotTriggerable as error:
            run.errors.append(f"{step.method}: {error}")
            return None
        except Exception as error:  # a wrong guess: try the next candidate
            run.errors.append(f"{step.method}[{candidate.description}]: {type(error).__name__}: {_short(error)}")
            run.failures.append(detached(error))
            if len(observer.accesses) - before > most:
                most = len(observer.accesses) - before
                run.best_error = run.errors[-1]
            if step.call is None and learned < MAX_LEARNED_TRIES:
                retries = retry_candidates(run.module, step.method, device, error, candidate)
                learned += len(retries)
                queue[:0] = retries
    return None


@contextlib.contextmanager
def _quiet_fake_tensor_logs() -> Iterator[None]:
    """FakeTensor logs a full traceback for every op a wrong-shaped guess breaks; the error is reported anyway."""
    logger = logging.getLogger("torch._subclasses.fake_tensor")
    previous = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(previous)


def detached(error: BaseException) -> BaseException:
    """The exception without its traceback (and those of its causes): a kept traceback keeps every frame's
    locals alive, the built model among them, for as long as the result is kept (a whole-tree run grew to 12 GB)."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        current.__traceback__ = None
        current = current.__cause__ or current.__context__
    return error


def _short(error: BaseException, limit: int = 160) -> str:
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return text[:limit]


def _untriggered(level: str, backend: Backend, errors: list[str], started: float) -> LevelResult:
    return LevelResult(level, backend.name, UNTRIGGERED, "; ".join(errors[-2:]), False, [], errors,
                       time.perf_counter() - started, error=errors[-1] if errors else None)


def _verdict(level: str, backend: Backend, run: ScenarioRun) -> LevelResult:
    accesses = run.observer.accesses
    bad = [a for a in accesses if a.offending]
    seconds = time.perf_counter() - run.started
    returned = [a for a in accesses if a.kind == RETURNED]
    if bad:
        evidence = "; ".join(describe(a) for a in _distinct(bad)[:MAX_EVIDENCE])
        if run.stopped:
            evidence += f" (then the run {run.stopped}; what it observed before stands)"
        verdict = CONFIRMED
    elif run.completed and returned:
        # Observe, never infer: what the caller does with it is not seen here.
        evidence = (f"ran {', '.join(run.ran)}; it returned {returned[0].weight} on the offload device to its caller; "
                    "whether the caller mixes it with compute-device tensors is judged by running the caller")
        verdict = UNTRIGGERED
    elif run.completed:
        harmless = sorted({a.kind for a in accesses if a.kind in (METADATA, MOVED, DEVICE)})
        note = f" (harmless: {', '.join(harmless)})" if harmless else ""
        mismatch = [a for a in accesses if a.kind == MISMATCH]
        if mismatch:
            note += f"; {len(mismatch)} device mismatch(es) not involving an offloaded weight"
        evidence = f"ran {', '.join(run.ran)}; no offloaded weight reached computation{note}"
        verdict = REFUTED
    else:
        evidence = "no call completed: " + "; ".join(run.errors[-2:])
        verdict = UNTRIGGERED
    error = None if run.completed or not run.errors else (run.best_error or run.errors[-1])
    if run.stopped:
        error = f"{run.stopped} (per-target limit; set timeout in [tool.offload-lint.confirm])"
    return LevelResult(level, backend.name, verdict, evidence, run.completed, list(accesses), run.errors, seconds,
                       error=error, failures=list(run.failures), timed_out=run.stopped is not None)


def describe(access: Any) -> str:
    """An access, with "then forward(): " in front when the follow-up forward of a mutator saw it."""
    text = access.describe()
    return f"{FOLLOW_UP}: {text}" if access.step == FOLLOW_UP else text


def _distinct(accesses: list[Any]) -> list[Any]:
    seen: set[tuple] = set()
    unique = []
    for access in accesses:
        key = (access.kind, access.weight, access.source)
        if key not in seen:
            seen.add(key)
            unique.append(access)
    return unique
