"""Prove readiness rows at runtime, the way diffusers' ``GroupOffloadTesterMixin`` does.

For each pipeline × component × level row: build the pipeline tiny and run it once plain, then rebuild it (same
seed) with that one component group-offloaded at the level (``apply_group_offloading(component, ...,
offload_type="block_level", num_blocks_per_group=1)`` or ``"leaf_level"``; the others stay on the device), run it
again with the same inputs and compare the outputs (``atol=1e-4``, as the mixin). Every failure is attributed to a
weight and a source line by the confirmer's observer (``observe.py``), which classifies each access to an offloaded
tensor by the user line that made it.

Stages: build (:func:`_recipe`: a diffusers checkout's test dummies, ``dummies.py``, else the confirmer's tiny
builder, ``caller.py``) → offload (``backends.offloaded``, diffusers' real hooks) → trigger (the call the plain
run found) → observe (``OffloadObserver``) → join (:func:`_judge`: a ``RuntimeOutcome`` per row).

Runs on the tracking backend by default: tiny pipelines compute for real on cpu (the outputs are compared by value,
which the virtual GPU's fake tensors do not have), and the tracker tells the offloaded component's weights from
everything else, so "offload device" and "compute device" stay distinct although both are the cpu. ``use_stream=True``
rows need an accelerator (diffusers raises ``ValueError`` for a cpu onload device) and are ``unknown`` there.

On the cuda backend (``backend="cuda"``, a GPU) every row runs as diffusers' GPU tests run it: the plain run and the
offloaded run on the device (every other component moved there, tensor inputs too), the offloaded component's weights
on the cpu until its hooks onload them, and the streams rows with ``use_stream=True`` (diffusers' lazy-prefetch hook
on real CUDA streams). Those rows run in this process, one after the other: a child forked after CUDA started in the
parent cannot use it.

Each pipeline's rows run in a forked child under the confirmer's memory and time limits (``isolate.py``,
``limits.py``); the plain run is made once per child and reused by its rows. A pipeline that does not build costs
its rows ``unknown`` with the reason, never the run.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import os
import re
import sys
import traceback
import warnings
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable

from .backends import CUDA, TRACKING
from .config import DEFAULT_MEMORY_LIMIT_MIB

if TYPE_CHECKING:
    from ..readiness import ReadinessRun
    from ..readiness.model import Row

FAILS, PASSES, UNKNOWN = "fails", "passes", "unknown"
ATOL = 1e-4  # GroupOffloadTesterMixin's tolerance
SEED = 0
DEFAULT_TIMEOUT = 120.0  # CPU seconds per row; the first row of a pipeline also builds it and runs it plain
MAX_EVIDENCE = 3
STREAMS_ON_CPU = ("not run: use_stream=True needs an accelerator (diffusers' apply_group_offloading raises "
                  "ValueError for a cpu onload device) and no CPU stand-in drives the real lazy-prefetch hook")
Progress = Callable[[int, int, str], None]


@dataclass(frozen=True)
class RowJob:
    """One runtime check: a pipeline (qualified class name, its file) with one component offloaded at a level."""

    pipeline: str
    path: str
    component: str
    level: str
    streams: bool = False  # diffusers' use_stream=True (the cuda backend only)
    # What the static failing paths need that the test's inputs do not give (``clip_skip is not None``): each
    # is run too, with a value for the call argument it tests.
    conditions: tuple[str, ...] = ()
    # The static causes (path, line, code): a failure says which of them were on its stack.
    causes: tuple[tuple[str, int, str], ...] = ()


@dataclass
class Recipe:
    """How to build the pipeline and call it, as the plain run found it; every offloaded run repeats it."""

    build: Callable[[], Any]  # a fresh pipeline, weights from the same seed
    inputs: Callable[[], dict[str, Any]]  # the call's keyword arguments, generators seeded alike
    reference: Any  # the plain run's output, as numpy
    stand_ins: tuple[str, ...] = ()
    trace: list[str] = field(default_factory=list)
    # Components the built pipeline holds as None, and why (the call ran only without them).
    left_out: dict[str, str] = field(default_factory=dict)
    cls: type | None = None
    # The plain run's output on an accelerator, by device (``device_reference``): compared with offloaded runs there.
    device_references: dict[str, Any] = field(default_factory=dict)
    # How ``build`` makes the pipeline, for the evidence (a checkout test's dummies and their stand-ins); "" for the
    # confirmer's tiny builder, whose notes say it.
    built_from: str = ""


@dataclass
class BuildFailure:
    reason: str
    stand_ins: tuple[str, ...] = ()
    trace: list[str] = field(default_factory=list)


# --- the run ------------------------------------------------------------------------------------------------
def confirm_rows(run: "ReadinessRun", *, tests_dir: str | None = None, timeout: float | None = DEFAULT_TIMEOUT,
                 memory_limit: int | None = DEFAULT_MEMORY_LIMIT_MIB, isolate: bool = True,
                 progress: Progress | None = None, backend: str = TRACKING) -> "ReadinessRun":
    """``run`` with every row's ``runtime`` filled: opted-out components are ``unknown`` with the reason, and so are
    streams rows on the tracking backend; every other row is run (a row the static side could not decide too).
    ``backend="cuda"`` runs on the GPU, streams rows included, in this process (without
    CUDA it raises ``BackendUnavailable``)."""
    from ..readiness.model import RuntimeOutcome, Verdict

    if backend not in RUNTIME_BACKENDS:
        raise ValueError(f"readiness rows run on {' or '.join(RUNTIME_BACKENDS)}, not {backend!r}")
    if backend == CUDA:
        _require_cuda()
    decided: dict[tuple[str, str, str, bool], RuntimeOutcome] = {}
    jobs: list[RowJob] = []
    for pipeline in run.pipelines:
        for row in pipeline.rows:
            key = (pipeline.qualified, row.component, row.level, row.streams)
            if row.verdict is Verdict.OPTED_OUT:
                decided[key] = RuntimeOutcome(UNKNOWN, f"not run: {row.reason} (the offloading tests skip it)")
            elif row.streams and backend != CUDA:
                decided[key] = RuntimeOutcome(UNKNOWN, STREAMS_ON_CPU)
            else:
                jobs.append(row_job(pipeline, row))
    outcomes = run_jobs(jobs, tests_dir=tests_dir, timeout=timeout, memory_limit=memory_limit,
                        isolate=isolate, progress=progress, backend=backend)
    for job, outcome in outcomes.items():
        decided[(job.pipeline, job.component, job.level, job.streams)] = outcome
    pipelines = [replace(p, rows=[replace(r, runtime=decided.get((p.qualified, r.component, r.level, r.streams)))
                                  for r in p.rows]) for p in run.pipelines]
    return replace(run, pipelines=pipelines)


RUNTIME_BACKENDS = (TRACKING, CUDA)


class BackendUnavailable(RuntimeError):
    """The backend asked for cannot run here (``cuda`` without a CUDA device)."""


def _require_cuda() -> None:
    import torch

    if not torch.cuda.is_available():
        raise BackendUnavailable("the cuda backend needs a CUDA device (torch.cuda.is_available() is False); "
                           "leave --backend at tracking on a CPU")


def row_job(pipeline: Any, row: "Row") -> RowJob:
    """The runtime check of one row."""
    return RowJob(pipeline.qualified, pipeline.path, row.component, row.level, row.streams, untaken_conditions(row),
                  tuple((c.path, c.line, c.code) for c in row.causes))


def untaken_conditions(row: "Row") -> tuple[str, ...]:
    """The conditions of a row that fails only on paths the test's inputs do not take."""
    if row.verdict.value != FAILS or row.fails_under_test:
        return ()
    return tuple(dict.fromkeys(c.condition for c in row.causes if c.condition and not c.taken_by_test))


def run_jobs(jobs: list[RowJob], *, tests_dir: str | None = None, timeout: float | None = DEFAULT_TIMEOUT,
             memory_limit: int | None = DEFAULT_MEMORY_LIMIT_MIB, isolate: bool = True,
             progress: Progress | None = None, backend: str = TRACKING) -> dict[RowJob, Any]:
    """A ``RuntimeOutcome`` per job; one forked child per pipeline when ``isolate`` (and fork) is available."""
    from .isolate import Limits, forks_for, run_isolated

    ordered = sorted(jobs, key=lambda j: (j.pipeline, j.component, j.level, j.streams))
    labels = list(dict.fromkeys(job.pipeline for job in ordered))
    started: set[str] = set()

    def on_start(job: RowJob) -> None:
        if progress is not None and job.pipeline not in started:
            progress(len(started), len(labels), job.pipeline)
            started.add(job.pipeline)

    def run_one(job: RowJob, _tracking: set[str]) -> Any:
        return check_row(job, tests_dir, timeout, backend)

    if isolate and forks_for(backend):
        for job in ordered:  # imported once here: every child shares the modules instead of importing them again
            with contextlib.suppress(Exception):
                pipeline_class(job.pipeline, job.path)
        results = run_isolated(ordered, lambda job: job.pipeline, run_one, _died, Limits(memory_limit, timeout),
                               on_start)
    else:
        results = {}
        for job in ordered:
            on_start(job)
            results[job] = run_one(job, set())
    if progress is not None:
        progress(len(labels), len(labels), "done")
    return results


def _died(job: RowJob, reason: str) -> Any:
    from ..readiness.model import RuntimeOutcome

    return RuntimeOutcome(UNKNOWN, f"{reason} (pipeline {job.pipeline.rsplit('.', 1)[-1]}, "
                                   f"{job.component} at {job.level} level)")


# Plain runs made in this process, by (pipeline, tests folder): the rows of one pipeline share one (a child
# process inherits none; a child that retired leaves the next to make it again).
_RECIPES: dict[tuple[str, str | None], Recipe | BuildFailure] = {}


def check_row(job: RowJob, tests_dir: str | None, timeout: float | None, backend: str = TRACKING) -> Any:
    """One row in this process, under the time limit and with the Hub offline."""
    from ..readiness.model import RuntimeOutcome
    from .caller import capped_generation, quiet_libraries
    from .engine import _quiet_fake_tensor_logs
    from .limits import TargetTimeout, offline_hub, time_limit

    import torch

    trace: list[str] = []
    try:
        with offline_hub(), time_limit(timeout), torch.no_grad(), quiet_libraries(), capped_generation(), \
                _quiet_fake_tensor_logs(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # tiny configs make libraries warn on every build
            recipe = _RECIPES.get((job.pipeline, tests_dir))
            if recipe is None:
                recipe = _RECIPES[(job.pipeline, tests_dir)] = make_recipe(job, tests_dir)
            if isinstance(recipe, BuildFailure):
                return RuntimeOutcome(UNKNOWN, recipe.reason, recipe.stand_ins, tuple(recipe.trace))
            trace = list(recipe.trace)
            outcome = run_offloaded(recipe, job, trace, backend)
            if outcome.verdict != PASSES or not job.conditions:
                return outcome
            return with_conditions(outcome, recipe, job, trace, backend)
    except TargetTimeout as error:
        reason = f"{error} (per-row limit)"
        return RuntimeOutcome(UNKNOWN, reason, trace=tuple(trace + [reason]))
    except Exception as error:  # offloading refused (an accelerate hook already there) or the confirmer's own bug
        reason = f"the check failed: {type(error).__name__}: {_short(error)}"
        return RuntimeOutcome(UNKNOWN, reason, trace=tuple(trace + [reason]))


# --- build: find how to build and call the pipeline (the plain run) ----------------------------------------
def pipeline_class(qualified: str, path: str) -> type:
    """The class, by module when it imports, else from its file (the module named relative to a linted folder)."""
    module_name, _, name = qualified.rpartition(".")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        root = os.path.abspath(path)
        for _ in module_name.split("."):
            root = os.path.dirname(root)
        if root not in sys.path:
            sys.path.insert(0, root)
        module = importlib.import_module(module_name)
    return getattr(module, name)


def make_recipe(job: RowJob, tests_dir: str | None) -> Recipe | BuildFailure:
    """Build the pipeline and run it plain: from its test's dummies when a checkout is given and has a test that
    builds it, else with the confirmer's tiny builder. The trace says what was tried and why."""
    trace: list[str] = []
    try:
        cls = pipeline_class(job.pipeline, job.path)
    except Exception as error:
        reason = f"could not import {job.pipeline}: {type(error).__name__}: {_short(error)}"
        return BuildFailure(reason, trace=[reason])
    failures: list[BuildFailure] = []
    if tests_dir:
        from .dummies import dummies_recipe

        made = dummies_recipe(cls, tests_dir, trace)
        if isinstance(made, Recipe):
            return made
        if made is not None:
            failures.append(made)
    made = tiny_recipe(cls, trace)
    if isinstance(made, Recipe):
        return made
    stand_ins = tuple(s for failure in failures for s in failure.stand_ins)
    return BuildFailure(made.reason, stand_ins, trace)


def tiny_recipe(cls: type, trace: list[str]) -> Recipe | BuildFailure:
    """The confirmer's tiny builder (``caller.build_caller``: tiny components, in-memory tokenizers), called with
    the arguments ``caller.caller_arguments`` synthesises for ``__call__`` (a prompt, one step, 32×32 images).
    Every component is built first; if no call completes, again with the optional ones left None."""
    from .caller import CallerBuildError, build_caller, caller_arguments, init_parameters
    from .trigger import NotTriggerable

    import torch

    names = {p.name for p in init_parameters(cls)}
    optional = {p.name for p in init_parameters(cls) if p.default is None or p.name in _OPTIONAL_BY_NAME}
    stages = [("every component", names)] + ([("optional components left None", names - optional)]
                                             if names & optional else [])
    last = f"could not build {cls.__name__} with the tiny builder"
    left_out: dict[str, str] = {}
    for stage, wanted in stages:
        failed_before = last  # why an earlier stage (with more components) did not run

        def build(wanted: set[str] = wanted) -> Any:
            torch.manual_seed(SEED)
            built = build_caller(cls, "__call__", "", set(wanted))
            _quiet_progress(built.instance)
            return built

        try:
            built = build()
        except (CallerBuildError, ModuleNotFoundError) as error:
            last = f"tiny builder ({stage}): {type(error).__name__}: {_short(error)}"
            trace.append(last)
            continue
        skipped = "; ".join(f"{name} not built ({why})" for name, why in built.skipped.items())
        trace.append(f"tiny builder ({stage}): {cls.__name__}({', '.join(built.notes)})"
                     + (f"; {skipped}" if skipped else ""))
        shaped_by = next((m for m in built.components.values() if isinstance(m, torch.nn.Module)), None)
        try:
            candidates = caller_arguments(built.instance, "__call__", shaped_by, None, 0, torch.device("cpu"))
        except NotTriggerable as error:
            last = f"__call__: {error}"
            trace.append(last)
            continue
        for description, make, steps in _with_step_counts(cls, candidates):
            ran = _plain_call(cls, built.instance, description, make, steps, trace)
            if isinstance(ran, str):
                last = ran
                continue
            reference, inputs, description = ran
            trace.append(f"plain call __call__({description}) completed: output {_shape(reference)}")
            left_out.update(built.skipped)
            for name in names - wanted:
                left_out.setdefault(name, "left None by the tiny builder: with it the plain call failed "
                                          f"({failed_before})")
            return Recipe(lambda build=build: build().instance, inputs, reference, (), trace, left_out, cls)
    return BuildFailure(f"could not run {cls.__name__} plain: {last}", (), trace)


def _plain_call(cls: type, pipeline: Any, description: str, make: Callable[[], tuple[tuple, dict]],
                steps: int | None, trace: list[str]) -> tuple[Any, Callable[[], dict[str, Any]], str] | str:
    """(output, inputs, description) of the first call that completes: as synthesised, then with each optional
    input a refusal names (``Provide either `image` or `image_embeds```); else the last failure."""
    extra: dict[str, Any] = {}
    while True:
        inputs = _seeded_inputs(cls, make, steps, dict(extra))
        try:
            return as_array(_call(pipeline, inputs())), inputs, description
        except Exception as error:  # a wrong guess or a component the call cannot use
            failure = f"plain call __call__({description}): {type(error).__name__}: {_short(error)}"
            trace.append(failure)
            named = refused_without(cls, error, extra)
            if not named:
                return failure
            extra.update(named)
            description += "; " + ", ".join(f"{name} (the error names it)" for name in named)


_BACKTICKED = re.compile(r"`(\w+)`")


def refused_without(cls: type, error: BaseException, given: dict[str, Any]) -> dict[str, Any]:
    """A value for the first optional ``__call__`` argument a ``ValueError`` names in backticks and the call did not
    get (an image-like name gets a 32×32 PIL image, others what ``caller._optional_value`` gives)."""
    from .caller import _is_image_name, _optional_value
    from .trigger import GENERIC_SHAPE, _pil_image

    import torch

    if not isinstance(error, ValueError):
        return {}
    parameters = inspect.signature(cls.__call__).parameters
    for name in _BACKTICKED.findall(str(error)):
        parameter = parameters.get(name)
        if parameter is None or parameter.default is not None or name in given:
            continue
        if _is_image_name(name):
            return {name: _pil_image().resize((32, 32))}
        return {name: _optional_value(parameter, GENERIC_SHAPE, torch.device("cpu"),
                                      cls.__call__)}
    return {}


# Constructor parameters the pipeline runs without (diffusers passes None in its own tests).
_OPTIONAL_BY_NAME = frozenset({"safety_checker", "feature_extractor", "image_encoder", "requires_safety_checker"})


def _with_step_counts(cls: type, candidates: list[tuple[str, Callable[[], tuple[tuple, dict]]]],
                      ) -> list[tuple[str, Callable[[], tuple[tuple, dict]], int | None]]:
    """Each candidate as synthesised (one inference step), then with two: some schedulers divide by
    ``num_inference_steps - 1`` (UnCLIPScheduler), and diffusers' own dummy inputs use two."""
    if "num_inference_steps" not in inspect.signature(cls.__call__).parameters:
        return [(description, make, None) for description, make in candidates]
    return [(description + (f", num_inference_steps={steps}" if steps else ""), make, steps)
            for steps in (None, 2) for description, make in candidates]


def _seeded_inputs(cls: type, make: Callable[[], tuple[tuple, dict]], steps: int | None = None,
                   extra: dict[str, Any] | None = None) -> Callable[[], dict[str, Any]]:
    """Inputs from ``make`` with a seeded generator and numpy output where the call takes them (as the mixin's
    dummy inputs do), made again for every run (a generator is consumed by the call)."""
    import torch

    parameters = inspect.signature(cls.__call__).parameters

    def inputs() -> dict[str, Any]:
        torch.manual_seed(SEED)
        _, kwargs = make()
        if steps is not None:
            kwargs["num_inference_steps"] = steps
        kwargs.update(extra or {})
        if "generator" in parameters:
            kwargs["generator"] = torch.Generator("cpu").manual_seed(SEED)
        if "output_type" in parameters:
            kwargs["output_type"] = "np"
        return kwargs

    return inputs


def _quiet_progress(pipeline: Any) -> None:
    if hasattr(pipeline, "set_progress_bar_config"):
        pipeline.set_progress_bar_config(disable=True)


def _call(pipeline: Any, inputs: dict[str, Any]) -> Any:
    """``pipe(**inputs)[0]``, as the mixin compares it."""
    import torch

    torch.manual_seed(SEED)
    output = pipeline(**inputs)
    if isinstance(output, (tuple, list)) and output and not _is_image(output[0]):
        return output[0]
    if hasattr(output, "to_tuple"):
        return output.to_tuple()[0]
    return output


def _is_image(value: Any) -> bool:
    return type(value).__module__.startswith("PIL.")


def as_array(output: Any) -> Any:
    """The output as one numpy array (a tensor, an array, a list of PIL images or arrays)."""
    import numpy as np
    import torch

    if isinstance(output, torch.Tensor):
        return output.detach().float().cpu().numpy()
    if isinstance(output, (list, tuple)):
        return np.stack([as_array(item) for item in output])
    return np.asarray(output, dtype=np.float64) if _is_image(output) else np.asarray(output)


def _shape(array: Any) -> str:
    return f"{tuple(array.shape)} {array.dtype}"


# --- offload, trigger, observe --------------------------------------------------------------------------------
@dataclass
class OffloadedRun:
    output: Any = None
    error: BaseException | None = None
    error_at: str | None = None
    accesses: list[Any] = field(default_factory=list)
    resident: tuple[str, ...] = ()
    weights: int = 0
    stopped: str | None = None  # the time limit ended the call after an offending access was seen


def run_offloaded(recipe: Recipe, job: RowJob, trace: list[str], backend_name: str = TRACKING) -> Any:
    """Rebuild the pipeline, offload the row's component at its level, run the recipe's call, judge. On the cuda
    backend the rest of the pipeline and the tensor inputs go to the GPU first, and the output is compared with the
    plain run's there."""
    from ..readiness.model import RuntimeOutcome
    from .backends import OffloadOptions, make_backend

    import torch

    def unknown(reason: str) -> Any:
        return RuntimeOutcome(UNKNOWN, reason, recipe.stand_ins, tuple(trace + [reason]))

    backend = make_backend(backend_name, OffloadOptions(use_stream=job.streams))
    inputs, reference = recipe.inputs, recipe.reference
    if backend.name == CUDA:
        made = device_reference(recipe, backend.onload_device)
        if isinstance(made, str):
            return unknown(made)
        inputs, reference = inputs_on(recipe.inputs, backend.onload_device), made
    try:
        pipeline = recipe.build()
    except Exception as error:
        return unknown(f"the rebuild failed: {type(error).__name__}: {_short(error)}")
    module = getattr(pipeline, job.component, None)
    if not isinstance(module, torch.nn.Module):
        why = recipe.left_out.get(job.component) or f"it is {type(module).__name__} in the built pipeline"
        return unknown(f"not run: {job.component} is no nn.Module to offload ({why})")
    if backend.name == CUDA:
        place_components(pipeline, backend.onload_device, keep=job.component)
    observed = _observe(pipeline, inputs, job, module, backend)
    streams = " with use_stream=True" if job.streams else ""
    trace.append(f"offloaded {job.component} ({type(module).__name__}) at {job.level} level{streams} on the "
                 f"{backend.name} backend; the same call again")
    return _judge(observed, reference, recipe, job, trace)


def device_reference(recipe: Recipe, device: Any) -> Any:
    """The plain run's output with the whole pipeline and its tensor inputs on ``device`` (made once per recipe), or
    why it could not be made (the row is then ``unknown``: nothing to compare the offloaded run with)."""
    key = str(device)
    if key not in recipe.device_references:
        try:
            pipeline = recipe.build()
            place_components(pipeline, device)
            recipe.device_references[key] = as_array(_call(pipeline, inputs_on(recipe.inputs, device)()))
            recipe.trace.append(f"plain call on {key} completed: output {_shape(recipe.device_references[key])}")
        except Exception as error:
            recipe.device_references[key] = (f"not run: the plain call on {key} failed (it ran on the cpu): "
                                             f"{type(error).__name__}: {_short(error)}")
    return recipe.device_references[key]


def place_components(pipeline: Any, device: Any, keep: str | None = None) -> None:
    """Every nn.Module component of ``pipeline`` on ``device`` but ``keep`` (the one its hooks will place), as
    diffusers' offloading test moves the components it does not offload."""
    import torch

    for name, component in getattr(pipeline, "components", {}).items():
        if name != keep and isinstance(component, torch.nn.Module):
            component.to(device)


def inputs_on(inputs: Callable[[], dict[str, Any]], device: Any) -> Callable[[], dict[str, Any]]:
    """``inputs`` with every tensor argument (and every tensor in a list argument) on ``device``, as the tests'
    ``get_dummy_inputs(torch_device)`` make them; generators and images stay as they are."""
    import torch

    def moved(value: Any) -> Any:
        if isinstance(value, torch.Tensor):
            return value.to(device)
        if isinstance(value, list) and value and all(isinstance(item, torch.Tensor) for item in value):
            return [item.to(device) for item in value]
        return value

    return lambda: {name: moved(value) for name, value in inputs().items()}


def _observe(pipeline: Any, inputs: Callable[[], dict[str, Any]], job: RowJob, module: Any,
             backend: Any) -> OffloadedRun:
    from .caller import _weights, resident_weights
    from .engine import run_observed

    observed = OffloadedRun(weights=len(_weights(module)))

    def trigger(run: Any) -> None:
        run.observer.step = "__call__"
        try:
            with run.observer:
                observed.output = as_array(_call(pipeline, inputs()))
            run.completed = True
        except Exception as error:
            observed.error, observed.error_at = error, _user_frame(error)

    def left_on_device(observer: Any, run: Any) -> tuple[str, ...]:
        return resident_weights(observer, module, job.component) if run.completed else ()

    run, observed.resident = run_observed({job.component: module}, job.level, backend, trigger, after=left_on_device)
    observed.accesses = list(run.observer.accesses)
    observed.stopped = run.stopped
    return observed


def _user_frame(error: BaseException) -> str | None:
    """The innermost frame of the traceback outside torch, accelerate, diffusers' hooks and this package."""
    from .observe import _ensure_dirs, _is_infrastructure

    _ensure_dirs()
    for entry in reversed(traceback.extract_tb(error.__traceback__)):
        if not _is_infrastructure(entry.filename):
            return f"{entry.filename}:{entry.lineno} ({entry.name})"
    return None


# --- conditions: the paths only some arguments take -------------------------------------------------------------
def with_conditions(outcome: Any, recipe: Recipe, job: RowJob, trace: list[str], backend: str = TRACKING) -> Any:
    """The row run again for each condition of its static causes (plain and offloaded, with a value for the call
    argument the condition tests): ``fails`` when one fails, naming the condition; else the first outcome with
    what the conditions showed."""
    from ..readiness.model import RuntimeOutcome

    notes: list[str] = []
    for condition in job.conditions:
        arguments = condition_arguments(recipe.cls, condition)
        if isinstance(arguments, str):
            notes.append(f"{condition}: not run ({arguments})")
            trace.append(notes[-1])
            continue
        given = ", ".join(f"{name}={value!r}" for name, value in arguments.items())
        conditional = _conditional_recipe(recipe, arguments, given, trace)
        if conditional is None:
            notes.append(f"with {given}: not run (the plain call failed)")
            continue
        result = run_offloaded(conditional, job, trace, backend)
        if result.verdict == FAILS:
            evidence = f"fails when {condition} (ran with {given}): {result.evidence}; with the test's inputs it passes"
            return RuntimeOutcome(FAILS, evidence, recipe.stand_ins, tuple(trace))
        notes.append(f"with {given}: {result.verdict}")
    return RuntimeOutcome(outcome.verdict, f"{outcome.evidence} ({'; '.join(notes)})" if notes else outcome.evidence,
                          outcome.stand_ins, tuple(trace))


def condition_arguments(cls: type | None, condition: str) -> dict[str, Any] | str:
    """Call arguments that make ``condition`` hold (``clip_skip is not None`` -> ``{"clip_skip": 1}``), or why
    none can: only tests of ``__call__``'s own parameters, ``x`` / ``x is not None``, joined by ``and``/``or``."""
    import ast

    from .caller import _optional_value
    from .trigger import GENERIC_SHAPE

    import torch

    if cls is None:
        return "no pipeline class"
    parameters = inspect.signature(cls.__call__).parameters
    try:
        tree = ast.parse(condition, mode="eval").body
    except SyntaxError:
        return f"cannot read {condition!r}"

    def needs(node: ast.AST) -> dict[str, Any] | str:
        if isinstance(node, ast.BoolOp):
            parts = [needs(value) for value in node.values]
            if isinstance(node.op, ast.Or):
                return next((p for p in parts if isinstance(p, dict)), parts[0])
            failed = next((p for p in parts if isinstance(p, str)), None)
            return failed if failed is not None else {k: v for p in parts for k, v in p.items()}  # type: ignore
        name = node.id if isinstance(node, ast.Name) else None
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and len(node.ops) == 1 \
                and isinstance(node.ops[0], ast.IsNot) and isinstance(node.comparators[0], ast.Constant) \
                and node.comparators[0].value is None:
            name = node.left.id
        if name is None:
            return f"{ast.unparse(node)} is no test of a call argument"
        if name not in parameters:
            return f"{name} is no argument of {cls.__name__}.__call__"
        value = _optional_value(parameters[name], GENERIC_SHAPE, torch.device("cpu"),
                                cls.__call__)
        return {name: value}

    return needs(tree)


def _conditional_recipe(recipe: Recipe, arguments: dict[str, Any], given: str, trace: list[str]) -> Recipe | None:
    """The recipe with ``arguments`` added to every call, and its own plain run."""
    def inputs() -> dict[str, Any]:
        return {**recipe.inputs(), **arguments}

    try:
        reference = as_array(_call(recipe.build(), inputs()))
    except Exception as error:
        trace.append(f"plain call with {given}: {type(error).__name__}: {_short(error)}")
        return None
    trace.append(f"plain call with {given} completed: output {_shape(reference)}")
    return Recipe(recipe.build, inputs, reference, recipe.stand_ins, trace, recipe.left_out, recipe.cls)


# --- join ---------------------------------------------------------------------------------------------------
def _judge(observed: OffloadedRun, reference: Any, recipe: Recipe, job: RowJob, trace: list[str]) -> Any:
    from ..readiness.model import RuntimeOutcome
    from .engine import _distinct, describe

    offending = _distinct([a for a in observed.accesses if a.offending])
    seen = "; ".join(describe(a) for a in offending[:MAX_EVIDENCE])
    more = f" (and {len(offending) - MAX_EVIDENCE} more)" if len(offending) > MAX_EVIDENCE else ""
    more += _static_on_stack(offending, job.causes)
    offloaded_as = f"{job.component} offloaded at {job.level} level" + (" with streams" if job.streams else "")

    def outcome(verdict: str, evidence: str) -> Any:
        trace.append(f"{verdict}: {evidence}")
        return RuntimeOutcome(verdict, evidence, recipe.stand_ins, tuple(trace))

    if observed.stopped:
        return outcome(FAILS, f"{seen}{more} (then the call {observed.stopped}; what it observed before stands)")
    if observed.error is not None:
        raised = f"{type(observed.error).__name__}: {_short(observed.error)}"
        where = f" at {observed.error_at}" if observed.error_at else ""
        if offending:
            return outcome(FAILS, f"{seen}{more}; then the call raised {raised}{where}")
        if _compiler_refused_the_observer(observed.error):
            return outcome(UNKNOWN, f"the call raised with {offloaded_as} under the observer: {raised}{where}; "
                                    f"torch.compile does not trace through the observer's torch-function mode (a "
                                    f"compiled function such as diffusers' flex attention) and no offloaded weight "
                                    f"was seen; on a GPU, scripts/raw_readiness_rows.py runs the row with nothing "
                                    f"watching")
        return outcome(FAILS, f"the call raised with {offloaded_as} (not without): {raised}{where}")
    difference = _difference(reference, observed.output)
    if offending:
        matched = "the outputs differ" if difference is None or difference > ATOL else "the outputs match"
        return outcome(FAILS, f"{seen}{more} ({matched}: on an accelerator this raises a device error "
                              f"or computes with a stale copy)")
    if difference is None or difference > ATOL:
        what = "a different shape" if difference is None else f"max abs difference {difference:.3g} > {ATOL:g}"
        return outcome(FAILS, f"with {offloaded_as} the output differs from the plain run ({what}); no offloaded "
                              f"weight was seen in a computation")
    resident = ""
    if observed.resident:
        resident = (f"; {len(observed.resident)} of {observed.weights} weights of {job.component} stay on the compute "
                    "device outside its hooks (moved by hand)")
    return outcome(PASSES, f"with {offloaded_as} the output matches the plain run (max abs difference "
                           f"{difference:.3g} <= {ATOL:g}); no offloaded weight reached a computation{resident}")


def _compiler_refused_the_observer(error: BaseException) -> bool:
    """torch.compile's ``Unsupported`` ("Attempted to call function marked as skipped"): raised by dynamo tracing a
    compiled function under the observer, not by offloading (on a GPU, the same rows with no observer pass:
    docs/gpu-checks.md)."""
    return type(error).__name__ == "Unsupported" and type(error).__module__.startswith("torch._dynamo")


def _static_on_stack(offending: list[Any], causes: tuple[tuple[str, int, str], ...]) -> str:
    """Which static causes of the row had their line on an offending access's stack (`` [static OFL102 at
    autoencoder_kl_cogvideox.py:1196 on its stack]``), or that none had."""
    from .report import same_file

    if not offending or not causes:
        return ""
    frames = [frame for access in offending for frame in (*access.frames, *access.origin_frames)]
    found = [f"{code} at {os.path.basename(path)}:{line}" for path, line, code in causes
             if any(frame.line == line and same_file(frame.path, path) for frame in frames)]
    if not found:
        return " [no static cause's line on its stack]"
    return f" [static {', '.join(dict.fromkeys(found))} on its stack]"


def _difference(reference: Any, output: Any) -> float | None:
    """The largest absolute difference, or None when the shapes differ."""
    import numpy as np

    if output is None or np.shape(reference) != np.shape(output):
        return None
    if np.size(reference) == 0:
        return 0.0
    return float(np.max(np.abs(np.asarray(reference, dtype=np.float64) - np.asarray(output, dtype=np.float64))))


def _short(error: BaseException, limit: int = 200) -> str:
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return text if len(text) <= limit else text[: limit - 1] + "…"


__all__ = ["ATOL", "BuildFailure", "Recipe", "RowJob", "check_row", "confirm_rows", "make_recipe", "pipeline_class",
           "run_jobs", "tiny_recipe"]
