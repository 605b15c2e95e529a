"""Spawned ranks over gloo for the sharding strategies (FSDP2, ZeRO-3): one process group per batch of checks.

The parent writes the batch to a temporary folder, spawns ``world_size`` processes that meet through a
``file://`` rendezvous in that folder (no port, so parallel runs never collide), and reads back one pickled
``LevelResult`` per check and rank. Every rank builds the same seeded model and makes the same calls, so the
collectives match; a rank that hangs or dies is stopped at the batch's deadline and its checks say so.
"""

from __future__ import annotations

import importlib
import os
import pickle
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any, Callable, Sequence

from ..scenario import Step
from ..report import UNTRIGGERED, LevelResult
from .spec import STRATEGIES, StrategyOptions

STARTUP_SECONDS = 90.0  # spawning, importing torch and meeting the other ranks, on a loaded 2-core machine
DEFAULT_CHECK_SECONDS = 30.0
POLL_SECONDS = 0.05


@dataclass(frozen=True)
class RankJob:
    """One check to run on every rank. ``target``, ``factory`` and step calls must be importable by name in a
    fresh interpreter ("pkg.mod:Name" or a module-level object)."""

    strategy: str
    target: Any
    scenario: tuple[Step, ...]
    options: StrategyOptions
    factory: Any = None
    overrides: tuple[tuple[str, Any], ...] = ()


def run_ranks(jobs: Sequence[RankJob], world_size: int, timeout: float | None = DEFAULT_CHECK_SECONDS
              ) -> list[LevelResult]:
    """One LevelResult per job (rank 0's; a rank that disagrees is named in the evidence)."""
    import multiprocessing

    if not jobs:
        return []
    started = time.perf_counter()
    local = [job for job in jobs if "<locals>" in str(job.target) or "<locals>" in str(job.factory)]
    if local:
        reason = ("defined inside a function: spawned ranks cannot import it; define the class (and factory) at "
                  "module level")
        if len(local) == len(jobs):
            return [_failed(job, world_size, reason, started) for job in jobs]
        results = iter(run_ranks([job for job in jobs if job not in local], world_size, timeout))
        return [_failed(job, world_size, reason, started) if job in local else next(results) for job in jobs]
    per_check = timeout or DEFAULT_CHECK_SECONDS
    with tempfile.TemporaryDirectory(prefix="offload-lint-ranks-") as folder:
        try:
            with open(os.path.join(folder, "jobs.pkl"), "wb") as handle:
                pickle.dump((list(jobs), per_check, list(sys.path)), handle)
        except (pickle.PicklingError, AttributeError, TypeError) as error:
            reason = (f"the check cannot be sent to spawned ranks ({type(error).__name__}: {error}); name the class, "
                      "factory and calls by import path")
            return [_failed(job, world_size, reason, started) for job in jobs]
        context = multiprocessing.get_context("spawn")
        processes = [context.Process(target=rank_main, args=(rank, world_size, folder), daemon=True)
                     for rank in range(world_size)]
        for process in processes:
            process.start()
        deadline = time.monotonic() + STARTUP_SECONDS + per_check * len(jobs)
        done = [os.path.join(folder, f"rank{rank}.done") for rank in range(world_size)]
        while time.monotonic() < deadline:
            if all(os.path.exists(path) for path in done) or not any(p.is_alive() for p in processes):
                break
            time.sleep(POLL_SECONDS)
        timed_out = not all(os.path.exists(path) for path in done)
        for process in processes:
            process.join(timeout=5 if not timed_out else 0.1)
            if process.is_alive():
                process.kill()
                process.join(timeout=5)
        return [_collect(folder, index, job, world_size, processes, timed_out, started)
                for index, job in enumerate(jobs)]


def _collect(folder: str, index: int, job: RankJob, world_size: int, processes: list[Any], timed_out: bool,
             started: float) -> LevelResult:
    results: list[LevelResult | None] = []
    for rank in range(world_size):
        path = os.path.join(folder, f"rank{rank}-{index}.pkl")
        try:
            with open(path, "rb") as handle:
                results.append(pickle.load(handle))
        except (OSError, pickle.UnpicklingError, EOFError):
            results.append(None)
    first = results[0]
    if first is None:
        codes = ", ".join(f"rank {r}: exit {p.exitcode}" for r, p in enumerate(processes))
        why = "the ranks ran past their time limit" if timed_out else f"a rank stopped ({codes})"
        log = _log_tail(folder, 0) or _log_tail(folder, 1)
        return _failed(job, world_size, f"{why} before this check finished" + (f": {log}" if log else ""), started)
    others = [(rank, r) for rank, r in enumerate(results) if rank and r is not None and r.verdict != first.verdict]
    if others:
        rank, other = others[0]
        first.evidence += f" (rank {rank} says {other.verdict}: {other.evidence[:160]})"
    return first


def _log_tail(folder: str, rank: int, lines: int = 3) -> str:
    try:
        with open(os.path.join(folder, f"rank{rank}.log"), encoding="utf-8", errors="replace") as handle:
            text = [line.strip() for line in handle if line.strip()]
    except OSError:
        return ""
    return " | ".join(text[-lines:])[:400]


def _failed(job: RankJob, world_size: int, reason: str, started: float) -> LevelResult:
    return LevelResult(job.strategy, backend(world_size), UNTRIGGERED, reason, False, [], [reason],
                       time.perf_counter() - started, error=reason)


def rank_environment(rank: int, world_size: int) -> dict[str, str]:
    """What torch.distributed and DeepSpeed read of a launcher's environment on CPU ranks (DeepSpeed's accelerator is
    read when it is first imported: the CPU one)."""
    return {"RANK": str(rank), "LOCAL_RANK": str(rank), "WORLD_SIZE": str(world_size),
            "LOCAL_WORLD_SIZE": str(world_size), "MASTER_ADDR": "127.0.0.1", "DS_ACCELERATOR": "cpu"}


def backend(world_size: int) -> str:
    return f"gloo, {world_size} rank{'s' if world_size != 1 else ''} (spawned)"


def rank_main(rank: int, world_size: int, folder: str) -> None:
    """A spawned rank: meet the others, run every check, write each result, then leave at once (tearing down a
    process group whose hooks failed half-way can block)."""
    log = os.open(os.path.join(folder, f"rank{rank}.log"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(log, 1)
    os.dup2(log, 2)
    with open(os.path.join(folder, "jobs.pkl"), "rb") as handle:
        jobs, per_check, path = pickle.load(handle)
    sys.path[:] = path
    accelerator = os.environ.get("DS_ACCELERATOR")
    os.environ.update(rank_environment(rank, world_size))
    if accelerator:  # one chosen for the run stands
        os.environ["DS_ACCELERATOR"] = accelerator
    import torch
    import torch.distributed as dist

    from ..limits import TargetTimeout, time_limit

    torch.set_num_threads(1)  # the ranks share the machine's cores
    dist.init_process_group("gloo", init_method=f"file://{os.path.join(folder, 'rendezvous')}", rank=rank,
                            world_size=world_size, timeout=timedelta(seconds=per_check))
    for index, job in enumerate(jobs):
        started = time.perf_counter()
        try:
            with time_limit(per_check):
                result = RUNNERS[job.strategy]()(job, world_size)
        except TargetTimeout as error:
            result = _failed(job, world_size, f"{error} (per-check limit)", started)
        except Exception as error:  # a check that breaks the runner: say why, go on
            result = _failed(job, world_size, f"{type(error).__name__}: {error}", started)
        result.failures = []
        partial = os.path.join(folder, f"rank{rank}-{index}.tmp")
        with open(partial, "wb") as handle:
            pickle.dump(result, handle)
        os.replace(partial, os.path.join(folder, f"rank{rank}-{index}.pkl"))
        try:
            dist.barrier()
        except Exception:  # the other rank is gone: its result says why
            break
    open(os.path.join(folder, f"rank{rank}.done"), "w").close()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def _runner(module: str) -> Callable[[], Callable[[RankJob, int], LevelResult]]:
    """``run_rank`` of the strategy's module (``StrategySpec.runtime``), imported when a rank first needs it."""
    return lambda: importlib.import_module(f"{__package__}.{module}").run_rank


RUNNERS: dict[str, Callable[[], Callable[[RankJob, int], LevelResult]]] = {
    name: _runner(spec.runtime) for name, spec in STRATEGIES.items() if spec.distributed}


def job_for(strategy: str, target: Any, scenario: Sequence[Step], options: StrategyOptions, factory: Any = None,
            overrides: tuple[tuple[str, Any], ...] = ()) -> RankJob:
    """A job with its target named by import path (a class object is pickled by reference anyway)."""
    from ..build import target_label

    label = target_label(target) if not isinstance(target, str) else target
    return RankJob(strategy, label, tuple(scenario), replace(options), factory, overrides)
