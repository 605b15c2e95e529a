"""Pipeline code under a strategy: the calling class built with tiny components, the strategy applied to it as its
library's users apply it, the method called with synthesised arguments.

A finding in pipeline code (OFL201/OFL202: a pipeline reading a component's internals or calling a component's
method outside its hooks) is judged by running the pipeline, as the group levels do (``caller.py``), with the
strategy applied the way diffusers applies it:

* accelerate-sequential: what ``DiffusionPipeline.enable_sequential_cpu_offload`` does, component by component
  (diffusers/pipelines/pipeline_utils.py, ``enable_sequential_cpu_offload``): ``cpu_offload(model, device,
  offload_buffers=len(model._parameters) > 0)`` for every ``nn.Module`` component not in
  ``_exclude_from_cpu_offload``. Called directly because the method itself turns ``device="cpu"`` into ``cpu:0``,
  which accelerate cannot place a Parameter on.
* model-cpu-offload: ``DiffusionPipeline.enable_model_cpu_offload(device=...)`` itself onto ``cuda:0`` where CUDA is,
  else onto ``lazy:0`` (``model_cpu_offload.execution_device``; the chain of
  ``cpu_offload_with_hook`` along ``model_cpu_offload_seq``, the other components hooked alone, the excluded ones
  moved), with ``empty_device_cache`` a no-op for the lazy device; a calling class that is no diffusers pipeline
  gets ``cpu_offload_with_hook`` per component, as diffusers does for components outside the sequence.
* fsdp2: ``fully_shard`` on the offloaded component's units (its ``_no_split_modules``) and on the component, in a
  gloo group of one rank in this process (the component's hooks are on its ``__call__``; the other components stay
  whole).
* zero3: ``deepspeed.initialize`` with ZeRO-3 on the component in the same one-rank group, as a training script's
  model reaches its pipeline (``accelerator.unwrap_model(unet)``: DeepSpeed's gather hooks on every submodule's
  ``__call__``). With ``stage3_param_persistence_threshold=0``: DeepSpeed keeps a parameter of at most that many
  elements (default 1e5) gathered after its module's first call, which every tiny weight is and a real model's
  weights are not; a small real parameter (a (1, 768) ``clip_mean``) does stay gathered after the component's
  first forward, which the evidence says.

Verdicts are observed: ``confirmed`` when the call raised one of the strategy's errors at a line of the checked code
or the watch saw an op of it take an offloaded tensor; ``refuted`` when a call completed, the finding's line ran
(recorded) and nothing offloaded reached an op. Under model CPU offload an error with no watched access is run
again with every component on the execution device and no hooks (the control): an error there too is the lazy
backend's (or the GPU's) or the pipeline's, not the offloading's, and gives no verdict.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

import torch

from ..report import CONFIRMED, REFUTED, UNTRIGGERED, LevelResult, same_file
from .common import MAX_REPAIRS, FrameFilter, MixWatch, error_access, known_error, source_files, _short
from .spec import ACCELERATE_SEQUENTIAL, FSDP2, MODEL_CPU_OFFLOAD, STRATEGIES, ZERO3, StrategyOptions

# The strategies a pipeline is run under.
CALLER_STRATEGIES = (ACCELERATE_SEQUENTIAL, MODEL_CPU_OFFLOAD, FSDP2, ZERO3)
BACKENDS = {ACCELERATE_SEQUENTIAL: "accelerate (meta weights, cpu execution), whole pipeline",
            MODEL_CPU_OFFLOAD: "diffusers enable_model_cpu_offload ({device} execution device)",
            FSDP2: "torch fully_shard (gloo, 1 rank), the component",
            ZERO3: "deepspeed ZeRO-3 (gloo, 1 rank, stage3_param_persistence_threshold=0), the component"}


# How a caller run applies the library where it differs from a module run (``apply_fsdp2``: the root as torch's
# default leaves it).
_CALLER_LIBRARY = {FSDP2: "torch.distributed.fsdp.fully_shard(unit, reshard_after_forward=True), then "
                          "fully_shard(component) with torch's default for a root, over gloo",
                   ZERO3: "deepspeed.initialize(component, ZeRO-3 with stage3_param_persistence_threshold=0: every "
                          "weight released after use, as a real model's large ones are), over gloo"}


def backend_label(strategy: str) -> str:
    """How a caller run names its backend; model CPU offload says which device it executed on."""
    if strategy != MODEL_CPU_OFFLOAD:
        return BACKENDS[strategy]
    from .model_cpu_offload import execution_device

    return BACKENDS[strategy].format(device=execution_device())
# User frames kept per access: the pipeline's line is below the whole stack of the component it calls.
FRAME_LIMIT = 48
# Rebuilds of a pipeline's components with the config values its own checks asked for (one per check met).
MAX_CHECKED_REBUILDS = 2


@dataclass
class PipelineApplied:
    """A built pipeline under a strategy: where its inputs go and what watches its ops."""

    device: torch.device
    watch: MixWatch | None
    # Fixes an earlier offending call of a component's method the way the strategy's users do, so a re-run gets
    # past it (FSDP2: ``register_fsdp_forward_method(component, method)``); None when the strategy has no such fix.
    repair: Callable[[str, str], None] | None = None


def module_components(built: Any) -> dict[str, torch.nn.Module]:
    """The calling class's ``nn.Module`` components by name (a diffusers pipeline's registered ones, else those built)."""
    components = getattr(built.instance, "components", None)
    if not isinstance(components, dict):
        components = built.components
    return {name: value for name, value in components.items() if isinstance(value, torch.nn.Module)}


def _names(modules: dict[str, torch.nn.Module]) -> dict[int, str]:
    found: dict[int, str] = {}
    for component, module in modules.items():
        for name, tensor in [*module.named_parameters(remove_duplicate=False),
                             *module.named_buffers(remove_duplicate=False)]:
            found.setdefault(id(tensor), f"{component}.{name}")
    return found


def apply_sequential(built: Any, component: str) -> PipelineApplied:
    from accelerate import cpu_offload

    from .accelerate_sequential import placed_on_meta

    excluded = set(getattr(built.instance, "_exclude_from_cpu_offload", None) or ())
    modules = {name: model for name, model in module_components(built).items() if name not in excluded}
    device = torch.device("cpu")
    for model in modules.values():
        cpu_offload(model, device, offload_buffers=len(model._parameters) > 0)

    def offloaded(tensor: torch.Tensor) -> str | None:
        if not tensor.is_meta:
            return None
        return _names(modules).get(id(tensor), "a tensor on meta")

    watch = MixWatch(offloaded=offloaded, needs_partner=True, meaning=STRATEGIES[ACCELERATE_SEQUENTIAL].meaning, frame_limit=FRAME_LIMIT,
                     placed=placed_on_meta)
    return PipelineApplied(device, watch)


@contextlib.contextmanager
def _no_device_cache() -> Iterator[None]:
    """diffusers empties the device's cache when it offloads; the lazy device has none."""
    try:
        from diffusers.pipelines import pipeline_utils
    except ImportError:
        yield
        return
    original = getattr(pipeline_utils, "empty_device_cache", None)
    pipeline_utils.empty_device_cache = lambda *args, **kwargs: None
    try:
        yield
    finally:
        if original is not None:
            pipeline_utils.empty_device_cache = original


def apply_model_offload(built: Any, component: str) -> PipelineApplied:
    from accelerate import cpu_offload_with_hook

    from .model_cpu_offload import execution_device

    device = execution_device()
    instance = built.instance
    modules = module_components(built)
    if getattr(instance, "model_cpu_offload_seq", None) and hasattr(instance, "enable_model_cpu_offload"):
        with _no_device_cache():
            instance.enable_model_cpu_offload(device=str(device))
    else:
        for model in modules.values():
            cpu_offload_with_hook(model, device)
    names = _names(modules)

    def offloaded(tensor: torch.Tensor) -> str | None:
        if tensor.device.type != "cpu":
            return None
        return names.get(id(tensor))

    watch = MixWatch(offloaded=offloaded, needs_partner=True, partner=lambda t: t.device.type == device.type,
                     meaning=STRATEGIES[MODEL_CPU_OFFLOAD].meaning, frame_limit=FRAME_LIMIT)
    return PipelineApplied(device, watch)


def _one_rank_group() -> None:
    """A gloo process group of one rank in this process (FSDP2 needs one), made once."""
    import torch.distributed as dist

    if dist.is_initialized():
        return
    folder = tempfile.mkdtemp(prefix="offload-lint-rank-")
    dist.init_process_group("gloo", init_method=f"file://{os.path.join(folder, 'rendezvous')}", rank=0,
                            world_size=1)


def apply_fsdp2(built: Any, component: str) -> PipelineApplied:
    from torch.distributed.fsdp import fully_shard

    _one_rank_group()
    module = module_components(built)[component]
    names = tuple(getattr(module, "_no_split_modules", None) or ())
    units = [sub for name, sub in module.named_modules() if name and type(sub).__name__ in names]
    for unit in reversed(units):  # innermost first, as fsdp2.apply
        fully_shard(unit, reshard_after_forward=True)
    # The root as torch's default and accelerate's ``fsdp2_prepare_model`` leave it (``reshard_after_forward=None``:
    # not resharded after its forward), which the linter models (``Strategy.top_group_after_forward``): a pipeline's
    # call of the component's root-unit submodule after the component's forward runs on unsharded weights.
    fully_shard(module)
    components = module_components(built)

    def repair(name: str, method: str) -> None:
        from torch.distributed.fsdp import register_fsdp_forward_method

        if name in components and hasattr(components[name], method):
            register_fsdp_forward_method(components[name], method)

    return PipelineApplied(torch.device("cpu"), None, repair)


# A component's own methods that move it (a hand move, OFL207).
_MOVES = frozenset({"to", "cuda", "cpu"})


def apply_zero3(built: Any, component: str) -> PipelineApplied:
    from . import zero3

    zero3.one_rank_environment()
    _one_rank_group()
    module = module_components(built)[component]
    partitioned = zero3.partition(module, StrategyOptions(), persistence_threshold=0, prefix=f"{component}.")

    def repair(name: str, method: str) -> None:
        """The users' fix of the component's method called outside its forward: that call inside
        ``GatheredParameters(component.parameters())``, and only that one (the other components are not
        partitioned)."""
        if name != component or not hasattr(module, method):
            return
        if method in _MOVES:  # moving a partitioned component by hand (OFL207): its fix is not to move it
            setattr(module, method, lambda *args, **kwargs: module)
            return
        original = getattr(module, method)

        def gathered(*args: Any, **kwargs: Any) -> Any:
            with partitioned.gathered(""):
                return original(*args, **kwargs)

        setattr(module, method, gathered)

    return PipelineApplied(torch.device("cpu"), zero3.watch_for(partitioned, frame_limit=FRAME_LIMIT), repair)


APPLY: dict[str, Callable[[Any, str], PipelineApplied]] = {
    ACCELERATE_SEQUENTIAL: apply_sequential, MODEL_CPU_OFFLOAD: apply_model_offload, FSDP2: apply_fsdp2,
    ZERO3: apply_zero3}


def _onloaded_control(build: Callable[[], Any], method: str, component: str, called: str | None, line: int,
                      description: str, device: torch.device) -> BaseException | None:
    """The same call with every component on the execution device ``device`` and no hooks: the error it raises, or
    None."""
    from ..caller import caller_arguments

    built = build()
    for model in module_components(built).values():
        model.to(device)
    module = module_components(built).get(component)
    for other, make in caller_arguments(built.instance, method, module, called, line, device, built.known):
        if other != description:
            continue
        try:
            args, kwargs = make()
            getattr(built.instance, method)(*args, **kwargs)
        except Exception as error:
            return error
        return None
    return None


def run_caller_strategy(strategy: str, target: str, method: str, component: str, called: str | None, line: int,
                        watch_files: list[str], siblings: tuple[tuple[int, str], ...] = (),
                        tests_dir: str | None = None) -> LevelResult:
    """Build the caller, apply ``strategy`` to it, call ``method``: one LevelResult with the lines it ran. A call
    that stopped at the line of a sibling finding (``siblings``: line, ``component.method`` it names) is made again
    with that call fixed as the strategy's users fix it (``PipelineApplied.repair``), up to ``MAX_REPAIRS`` times. A
    call refused by the pipeline's own check of a component's config (``caller.checked_config_values``) is made again
    with the component built as the check asks. ``tests_dir``: a diffusers checkout whose test of the pipeline
    builds it first (``caller.caller_builds``)."""
    from ..caller import CallerBuildError, caller_builds, capped_generation, component_switches, quiet_libraries, \
        text_fixers_for

    started = time.perf_counter()
    backend = backend_label(strategy)
    cls = resolved_class(strategy, target, method, started)
    if isinstance(cls, LevelResult):
        return cls
    switches = component_switches(cls, method, line)
    errors: list[str] = []
    result: LevelResult | None = None
    stand_ins: list[str] = []
    with torch.no_grad(), quiet_libraries(), capped_generation(), text_fixers_for(cls, stand_ins):
        for way in caller_builds(cls, method, component, tests_dir, errors):
            def build(way: Any = way) -> Any:
                torch.manual_seed(0)
                return way.build(switches)  # the switches learned so far
            try:
                built = build()
            except CallerBuildError as error:
                errors.append(str(error))
                continue
            except ModuleNotFoundError as error:
                return _untriggered(strategy, backend, f"needs {error.name} (not installed)", started)
            asked: list[str] = []
            for _ in range(MAX_CHECKED_REBUILDS + 1):
                checked: dict[str, dict[str, Any]] = {}
                result = _run_with_repairs(strategy, built, build, cls, method, component, called, line,
                                           watch_files, started, siblings, checked)
                learned = {name: fields for name, fields in checked.items()
                           if not fields.items() <= switches.get(name, {}).items()}
                if not learned or not way.takes_switches or result.completed or result.verdict != UNTRIGGERED:
                    break
                # The pipeline's own check named the component config its inputs need: built so, and run again.
                switches = {**switches, **{name: {**switches.get(name, {}), **fields}
                                           for name, fields in learned.items()}}
                try:
                    built = build()
                except CallerBuildError as error:  # the component does not build so: the run above stands
                    errors.append(str(error))
                    break
                asked += [f"{name} built with {field}={value}" for name, fields in learned.items()
                          for field, value in fields.items()]
            if asked:
                result.evidence += f" ({', '.join(asked)}, as the pipeline's check of its config asked)"
            if stand_ins:
                result.evidence += f" ({'; '.join(stand_ins)})"
            result.built_with = f"{cls.__name__}({', '.join([*built.notes, *stand_ins])})"
            if result.completed or result.verdict != UNTRIGGERED:
                break
            errors += result.errors
    if result is None:
        return _untriggered(strategy, backend, f"could not build {cls.__name__}: " + (errors[-1] if errors else ""),
                            started)
    return result


def _run_with_repairs(strategy: str, built: Any, build: Callable[[], Any], cls: type, method: str, component: str,
                      called: str | None, line: int, watch_files: list[str], started: float,
                      siblings: tuple[tuple[int, str], ...], checked: dict[str, dict[str, Any]]) -> LevelResult:
    """Run the built caller; a run that stopped at an earlier component call is made again with that call fixed as
    the strategy's users fix it, up to ``MAX_REPAIRS`` times, never the call the finding names (``component``.
    ``called``). ``checked`` collects the config values a failed call's own check asked for, over every run."""
    result = _run_built(strategy, built, build, cls, method, component, called, line, watch_files, started,
                        checked=checked)
    assert result is not None  # no repairs asked
    repaired: list[tuple[str, str]] = []
    while len(repaired) < MAX_REPAIRS:
        path = watch_files[0] if watch_files else ""
        more = _sibling_calls(result, path, line, siblings, repaired) \
            or _component_entries(result, path, line, _component_files(built), cls, repaired)
        # The call the finding names is never fixed: another call of it stopped the run, and fixing that one fixes
        # the finding's own too (a run after it would refute the finding by its own fix).
        more = [pair for pair in more if pair != (component, called)]
        if not more:
            break
        again = _run_built(strategy, build(), build, cls, method, component, called, line, watch_files,
                           started, [*repaired, *more], checked)
        if again is None:  # the strategy has no such fix: the first run's verdict stands
            break
        repaired += more
        result = again
    if repaired:
        result.evidence += (f" (re-run with {', '.join(f'{c}.{m}' for c, m in repaired)} fixed as the "
                            f"strategy's users fix it)")
    return result


def resolved_class(strategy: str, target: str, method: str, started: float) -> type | LevelResult:
    """The class ``target`` names, or the untriggered result saying why it cannot be called (not importable, or
    without ``method`` in the installed version)."""
    from ..build import resolve

    backend = backend_label(strategy)
    try:
        cls = resolve(target)
    except Exception as error:
        return _untriggered(strategy, backend, f"could not import {target}: {type(error).__name__}: {_short(error)}",
                            started)
    if not hasattr(cls, method):
        return _untriggered(strategy, backend, f"{cls.__name__} has no method {method!r} in the installed version",
                            started)
    return cls


def _component_files(built: Any) -> dict[str, tuple[type, list[str]]]:
    """Each component's class and the files of it and its bases outside torch: where its methods' frames are."""
    return {name: (type(module), source_files(type(module))) for name, module in module_components(built).items()}


def _stopped_before(result: LevelResult, path: str, line: int) -> list:
    """The run's offending accesses when none happened at ``line`` of ``path`` (the judged finding's): what stopped
    the call before it; [] when the finding's own line was seen or nothing offending was."""
    accesses = result.offending
    if not path or any(access.at(path, range(line, line + 1)) for access in accesses):
        return []
    return accesses


def _component_entries(result: LevelResult, path: str, line: int, files: dict[str, tuple[type, list[str]]],
                       caller: type, done: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(component, method) of the component methods the pipeline's code called where the run stopped, when it
    stopped before ``line``: the frame below the pipeline's own is a public method of a component other than
    ``forward`` (``vae.encode`` in an img2img ``__call__`` whose finding is the later ``vae.decode``). The sibling
    findings name such calls when the method has them; the stack names them when it does not."""
    found: list[tuple[str, str]] = []
    for access in _stopped_before(result, path, line):
        frames = access.every_frame
        for inner, outer in zip(frames, frames[1:]):
            if not same_file(outer.path, path) or inner.function.startswith("_") or inner.function == "forward":
                continue
            if same_file(inner.path, path) and hasattr(caller, inner.function):
                continue  # the pipeline's own method (a component may be defined in the same file)
            for name, (component_class, component_files) in sorted(files.items()):
                pair = (name, inner.function)
                if pair not in done and pair not in found and hasattr(component_class, inner.function) \
                        and any(same_file(inner.path, f) for f in component_files):
                    found.append(pair)
    return found


def _sibling_calls(result: LevelResult, path: str, line: int, siblings: tuple[tuple[int, str], ...],
                   done: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(component, method) of the sibling findings at the lines where the run's accesses happened, when none
    happened at ``line`` (the judged finding's)."""
    accesses = _stopped_before(result, path, line)
    if not accesses:
        return []
    found: list[tuple[str, str]] = []
    for sibling_line, attribute in siblings:
        component, _, method = attribute.partition(".")
        pair = (component, method)
        if sibling_line == line or not method or "." in method or pair in done or pair in found:
            continue
        if any(access.at(path, range(sibling_line, sibling_line + 1)) for access in accesses):
            found.append(pair)
    return found


def _run_built(strategy: str, built: Any, build: Callable[[], Any], cls: type, method: str, component: str,
               called: str | None, line: int, watch_files: list[str], started: float,
               repaired: Sequence[tuple[str, str]] = (),
               checked: dict[str, dict[str, Any]] | None = None) -> LevelResult | None:
    """One run of the built caller under the strategy. ``checked``: filled with the component config values a
    failed call's own check asked for (``caller.checked_config_values``)."""
    from ..caller import caller_arguments, checked_config_values
    from ..limits import LineRecorder

    backend = backend_label(strategy)
    spec = STRATEGIES[strategy]
    module = module_components(built).get(component)
    if module is None:
        return _untriggered(strategy, backend, f"component {component!r} is not an nn.Module after building", started)
    try:
        applied = APPLY[strategy](built, component)
    except Exception as error:
        return _untriggered(strategy, backend, f"could not apply {spec.library} to {cls.__name__}: "
                            f"{type(error).__name__}: {_short(error)}", started)
    if repaired and applied.repair is None:
        return None
    for name, repaired_method in repaired:
        applied.repair(name, repaired_method)
    candidates = caller_arguments(built.instance, method, module, called, line, applied.device, built.known)
    recorder = LineRecorder(watch_files)
    frames = applied.watch.frames if applied.watch is not None else FrameFilter()
    errors: list[str] = []
    for description, make in candidates:
        ran = f"{cls.__name__}.{method}({description}) under {_CALLER_LIBRARY.get(strategy, spec.library)}"
        if applied.watch is not None:
            applied.watch.placements.clear()  # what a failed guess placed is not this call's
        try:
            args, kwargs = make()
            with applied.watch or contextlib.nullcontext(), recorder:
                getattr(built.instance, method)(*args, **kwargs)
        except Exception as error:
            watched = list(applied.watch.accesses) if applied.watch is not None else []
            placed = list(applied.watch.placements) if applied.watch is not None else []
            if watched:
                # An error of the strategy's after the watched access is located too: a later line whose own read
                # raised it (ZeRO-3: `.to()` made a plain empty parameter, which `scale()` then meets) is reached.
                raised = [error_access(error, frames, strategy, FRAME_LIMIT)] if known_error(spec, error) else []
                return _result(strategy, backend, CONFIRMED, f"{watched[0].describe()}; then {type(error).__name__}: "
                               f"{_short(error)} ({ran})", watched + raised + placed, False, recorder, started,
                               errors)
            if known_error(spec, error):
                raised = error_access(error, frames, strategy, FRAME_LIMIT)
                # An error a call with nothing offloaded can raise too (a wrong guess of the arguments, a limit of
                # the lazy backend): the same call with every component onloaded and no hooks says which.
                control = _onloaded_control(build, method, component, called, line, description, applied.device) \
                    if spec.errors_need_control else None
                if control is not None:
                    errors.append(f"{method}[{description}]: {type(error).__name__}: {_short(error)}, and the call "
                                  f"fails with every component onloaded too ({type(control).__name__}: "
                                  f"{_short(control)}): not the offloading")
                    continue
                where = f" at {raised.caller}" if raised.caller else ""
                after = f" (after {placed[0].describe()})" if placed else ""
                return _result(strategy, backend, CONFIRMED, f"{spec.library} raised {type(error).__name__}: "
                               f"{_short(error)}{where}{after} ({ran})", [raised] + placed, False, recorder, started,
                               errors)
            errors.append(f"{method}[{description}]: {type(error).__name__}: {_short(error)}")
            if checked is not None:
                for name, fields in checked_config_values(error, built.instance).items():
                    checked.setdefault(name, {}).update(fields)
            continue
        watched = list(applied.watch.accesses) if applied.watch is not None else []
        if watched:
            watched += applied.watch.placements if applied.watch is not None else []
            return _result(strategy, backend, CONFIRMED, f"{watched[0].describe()} (ran {ran})", watched, True,
                           recorder, started, errors)
        return _result(strategy, backend, REFUTED, f"ran {ran}; nothing offloaded reached an op", [], True, recorder,
                       started, errors)
    last = errors[-1] if errors else "no candidate arguments"
    return _result(strategy, backend, UNTRIGGERED, f"no call completed: {last}", [], False, recorder, started, errors)


def _result(strategy: str, backend: str, verdict: str, evidence: str, accesses: list, completed: bool,
            recorder: Any, started: float, errors: list[str]) -> LevelResult:
    for access in accesses:
        object.__setattr__(access, "level", strategy)
    return LevelResult(strategy, backend, verdict, evidence, completed, accesses, list(errors),
                       time.perf_counter() - started, error=errors[-1] if errors and not completed else None,
                       lines_run=recorder.result())


def _untriggered(strategy: str, backend: str, reason: str, started: float) -> LevelResult:
    return LevelResult(strategy, backend, UNTRIGGERED, reason, False, [], [reason], time.perf_counter() - started,
                       error=reason)
