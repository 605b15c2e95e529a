"""Offloading strategies applied with the real library on CPU, one module each.

``spec`` says what each strategy is (data, no torch); ``common`` holds the stages they share (build, trigger on
an un-offloaded reference, observe, judge); ``accelerate_sequential``, ``model_cpu_offload``, ``fsdp2`` and
``zero3`` say how each is applied; ``distributed`` runs the sharding strategies in spawned gloo ranks. The
diffusers group-offloading levels (``group-block``, ``group-leaf``) run through ``engine.run_level``.

Entry points: ``run_strategies`` (one target, several strategies: what ``confirm(..., strategies=...)`` calls)
and ``run_requests`` (many checks at once, the sharding ones batched into one process group per world size:
what a per-strategy join of static findings calls).
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from .spec import (ACCELERATE_SEQUENTIAL, FSDP2, GROUP_LEVELS, MODEL_CPU_OFFLOAD, RUNTIME_STRATEGIES, STRATEGIES,
                   ZERO3, StrategyOptions, StrategySpec, strategy_names)

if TYPE_CHECKING:
    from ..scenario import CheckConfig, Step
    from ..report import LevelResult

__all__ = ["ACCELERATE_SEQUENTIAL", "FSDP2", "MODEL_CPU_OFFLOAD", "ZERO3", "STRATEGIES", "RUNTIME_STRATEGIES",
           "StrategyOptions", "StrategySpec", "StrategyRequest", "strategy_names", "run_strategies", "run_requests",
           "missing_library"]

# Which module runs each strategy, from its spec: a new strategy is its StrategySpec and its module.
_IN_PROCESS = {name: spec.runtime for name, spec in STRATEGIES.items() if spec.runtime and not spec.distributed}
# A process group runs the strategies that patch torch (ZeRO-3 replaces F.linear) after the others (FSDP2).
DISTRIBUTED_ORDER = tuple(sorted((name for name, spec in STRATEGIES.items() if spec.distributed),
                                 key=lambda name: STRATEGIES[name].patches_torch))


@dataclass(frozen=True)
class StrategyRequest:
    """One check: a target's scenario under one strategy."""

    strategy: str
    target: Any
    scenario: tuple["Step", ...]
    config: "CheckConfig"


def missing_library(strategy: str) -> str | None:
    """Why the strategy cannot run here (a module it needs is not importable), or None."""
    spec = STRATEGIES[strategy]
    for name in spec.requires:
        try:
            importlib.import_module(name)
        except Exception as error:  # an import that fails for any reason: the strategy cannot run
            return (f"{strategy} needs {name.split('.')[0]} (not importable here: {type(error).__name__}: "
                    f"{error}): {spec.install}")
    return None


def run_strategies(target: Any, scenario: list["Step"], config: "CheckConfig") -> dict[str, "LevelResult"]:
    """strategy name -> LevelResult for ``config.strategies``."""
    names = strategy_names(config.strategies)
    requests = [StrategyRequest(name, target, tuple(scenario), config) for name in names]
    return dict(zip(names, run_requests(requests)))


def run_requests(requests: Sequence[StrategyRequest]) -> list["LevelResult"]:
    """A result per request, in order. Group levels and in-process strategies run here one by one; the sharding
    strategies run in one spawned process group per world size. What the checked code prints goes to stderr:
    stdout carries the report (JSON included)."""
    with contextlib.redirect_stdout(sys.stderr):
        return _run_requests(requests)


def _run_requests(requests: Sequence[StrategyRequest]) -> list["LevelResult"]:
    from ..report import UNTRIGGERED, LevelResult
    from .distributed import job_for, run_ranks

    results: list[LevelResult | None] = [None] * len(requests)
    batches: dict[int, list[int]] = {}  # world size -> requests; one process group each
    for index, request in enumerate(requests):
        started = time.perf_counter()
        missing = missing_library(request.strategy)
        if missing:
            results[index] = LevelResult(request.strategy, "", UNTRIGGERED, missing, False, [], [missing],
                                         time.perf_counter() - started, error=missing)
        elif request.strategy in GROUP_LEVELS:
            results[index] = _run_group_level(request)
        elif request.strategy in _IN_PROCESS:
            results[index] = _run_in_process(request)
        else:
            options = _options(request.config)
            batches.setdefault(options.world_size, []).append(index)
    for world_size, indices in batches.items():
        # FSDP2 first: ZeRO-3 replaces torch.nn.functional.linear for the rest of the process (patches_torch).
        indices.sort(key=lambda i: DISTRIBUTED_ORDER.index(requests[i].strategy))
        jobs = [job_for(requests[i].strategy, requests[i].target, requests[i].scenario, _options(requests[i].config),
                        requests[i].config.factory, tuple(requests[i].config.overrides)) for i in indices]
        timeout = max((requests[i].config.timeout or 0) for i in indices) or None
        for index, result in zip(indices, run_ranks(jobs, world_size, timeout)):
            results[index] = result
    return [result for result in results if result is not None]


def _options(config: "CheckConfig") -> StrategyOptions:
    return config.strategy_options or StrategyOptions()


def _run_group_level(request: StrategyRequest) -> "LevelResult":
    from ..engine import run_level
    from ..scenario import maybe_resolve as _maybe_resolve

    level = GROUP_LEVELS[request.strategy]
    config = replace(request.config, factory=_maybe_resolve(request.config.factory))
    result = run_level(request.target, level, list(request.scenario), config)
    return replace(result, level=request.strategy)


@contextlib.contextmanager
def _one_thread() -> Iterator[None]:
    """torch's intra-op threads for the run: one. The models are tiny, so more threads gain nothing, and on a busy
    machine the extra threads' waiting counts in the CPU time the per-target limit measures (a LLaVA check: 42.6 CPU s
    with the default threads, 6.4 with one, at the same load)."""
    import torch

    previous = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(previous)


def _run_in_process(request: StrategyRequest) -> "LevelResult":
    from ..scenario import maybe_resolve as _maybe_resolve
    from ..limits import TargetTimeout, offline_hub, time_limit
    from ..report import UNTRIGGERED, LevelResult

    module = importlib.import_module(f"{__name__}.{_IN_PROCESS[request.strategy]}")
    runner: Callable[..., LevelResult] = module.run
    config = request.config
    started = time.perf_counter()
    try:
        with offline_hub(config.offline), _one_thread(), time_limit(config.timeout):
            return runner(request.target, list(request.scenario), _options(config), _maybe_resolve(config.factory),
                          dict(config.overrides))
    except TargetTimeout as error:
        message = f"{error} (per-target limit; set timeout in [tool.offload-lint.confirm])"
        return LevelResult(request.strategy, module.backend(), UNTRIGGERED, message, False, [], [message],
                           time.perf_counter() - started, error=message)
