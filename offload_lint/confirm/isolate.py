"""Run the checks of each target module in a forked child process, so that one target cannot take the run down.

A whole-tree run builds hundreds of models; one of them can allocate more memory than the machine has (a video
VAE's synthesised input), crash in native code, or hang where no Python signal reaches it. In one process any of
these loses every verdict of the run. Here each group of checks (one source module: its imports are shared) runs in
a child made with ``fork`` after the libraries are imported (cheap: the pages are shared copy-on-write). The child
sends each ``LevelResult`` back as soon as its check ends; the parent watches the child:

* **memory**: the child's private resident memory (``Private_Clean + Private_Dirty`` of
  ``/proc/<pid>/smaps_rollup``: what it added to the machine, not the pages it shares with the parent) is read
  a few times a second; over the limit the child is killed and the check in flight is
  ``untriggered: exceeded memory limit (N MiB)``. A child that ends a check above half the limit retires itself, so
  memory one check leaked is not charged to the next.
* **time**: a check still running ``WALL_FACTOR`` times its CPU limit (plus a grace period) after it started is
  killed (the check's own limits, ``limits.time_limit``, normally stop it long before; this catches a hang in native
  code).
* **crash**: a child that dies (a signal, an exit) gives its check in flight an ``untriggered`` verdict that says so.

In every case the other checks of the group go on in a fresh child. Results cross the pipe pickled; the exceptions
behind a result (``LevelResult.failures``, used only inside a check for the backends' fallback rules) stay behind.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import re
import signal
import tempfile
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import Callable, Hashable, Sequence, TypeVar

from .config import DEFAULT_MEMORY_LIMIT_MIB
from .limits import WALL_FACTOR
from .report import UNTRIGGERED, LevelResult

POLL_SECONDS = 0.2
WALL_GRACE_SECONDS = 60.0  # beyond the check's own wall-clock backstop, before the parent steps in

Key = TypeVar("Key", bound=Hashable)
RunOne = Callable[[Key, set[str]], LevelResult]  # (check, targets that go straight to tracking) -> result


@dataclass(frozen=True)
class Limits:
    """What bounds one child: memory in MiB (None: no limit) and the per-check CPU limit in seconds (None: none)."""

    memory_mib: int | None = DEFAULT_MEMORY_LIMIT_MIB
    timeout: float | None = None
    grace: float = WALL_GRACE_SECONDS

    @property
    def wall_seconds(self) -> float | None:
        return self.timeout * WALL_FACTOR + self.grace if self.timeout else None


def private_memory_mib(pid: int) -> float | None:
    """The memory only this process holds (MiB), or None when it cannot be read (it exited, or no /proc)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            text = handle.read()
    except OSError:
        return None
    kib = 0
    for line in text.splitlines():
        if line.startswith(("Private_Clean:", "Private_Dirty:")):
            kib += int(line.split()[1])
    return kib / 1024


def fork_available() -> bool:
    return "fork" in multiprocessing.get_all_start_methods() and os.path.exists(f"/proc/{os.getpid()}/smaps_rollup")


def forks_for(backend: str) -> bool:
    """Whether checks on ``backend`` may run in forked children. Not when they will use CUDA: a child forked after the
    parent touched CUDA (``torch.cuda.is_available()`` alone starts the driver) cannot start it again ("Cannot
    re-initialize CUDA in forked subprocess"), so on a GPU the checks run in this process, without the memory limit."""
    from .backends import AUTO, CUDA

    if not fork_available():
        return False
    if backend not in (AUTO, CUDA):
        return True
    import torch

    return not torch.cuda.is_available()


def _sendable(result: LevelResult) -> bytes:
    """The result pickled; a ``LevelResult`` leaves its exceptions behind. Other results (readiness rows send a
    ``RuntimeOutcome``) are plain data."""
    if isinstance(result, LevelResult):
        result.failures = []
    try:
        return pickle.dumps(result)
    except Exception as error:  # an object of the checked code in the evidence: say so, keep the verdict's text
        message = f"the check's result could not be sent back from its process: {type(error).__name__}: {error}"
        return pickle.dumps(LevelResult(result.level, result.backend, UNTRIGGERED, message, False, error=message))


def _child(connection: Connection, jobs: Sequence[tuple[int, Key]], run_one: RunOne, needs_tracking: set[str],
           limits: Limits, crash_log: int) -> None:
    import faulthandler

    import torch

    faulthandler.enable(file=crash_log)  # where native code killed the process: the parent quotes it

    # The parent may have used torch's thread pool; in a forked child its worker threads do not exist, and the first
    # parallel op would wait for them forever.
    torch.set_num_threads(1)
    for index, key in jobs:
        connection.send_bytes(pickle.dumps(("start", index)))
        result = run_one(key, needs_tracking)
        connection.send_bytes(pickle.dumps(("done", index, _sendable(result), sorted(needs_tracking))))
        used = private_memory_mib(os.getpid())
        if limits.memory_mib and used is not None and used > limits.memory_mib / 2:
            connection.send_bytes(pickle.dumps(("retire", index)))
            break
    connection.close()


def _died(exitcode: int | None, crash_log: str) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        where = _innermost_frame(crash_log)
        return f"the check's process died ({name})" + (f" at {where}" if where else "")
    return f"the check's process exited with status {exitcode} before the check ended"


def _innermost_frame(crash_log: str) -> str | None:
    """`path:line (function)` of the main thread's innermost Python frame in a faulthandler dump."""
    found = re.search(r'^\s+File "([^"]+)", line (\d+) in (\S+)', crash_log, re.MULTILINE)
    return f"{found.group(1)}:{found.group(2)} ({found.group(3)})" if found else None


def run_isolated(
    keys: Sequence[Key],
    group_of: Callable[[Key], str],
    run_one: RunOne,
    failed: Callable[[Key, str], LevelResult],
    limits: Limits,
    on_start: Callable[[Key], None] | None = None,
) -> dict[Key, LevelResult]:
    """Every check's result, each group of checks (consecutive keys with the same ``group_of``) in its own child.

    ``failed(key, reason)`` makes the verdict of a check whose process was killed or died."""
    results: dict[Key, LevelResult] = {}
    needs_tracking: set[str] = set()
    groups: list[list[tuple[int, Key]]] = []
    for index, key in enumerate(keys):
        if groups and group_of(groups[-1][-1][1]) == group_of(key):
            groups[-1].append((index, key))
        else:
            groups.append([(index, key)])
    context = multiprocessing.get_context("fork")
    for group in groups:
        pending = list(group)
        while pending:
            done = _run_child(context, pending, run_one, failed, limits, needs_tracking, results, on_start)
            pending = [job for job in pending if job[0] not in done]
    return results


def _run_child(context: BaseContext, pending: list[tuple[int, Key]], run_one: RunOne, failed: Callable[[Key, str], LevelResult],
               limits: Limits, needs_tracking: set[str], results: dict[Key, LevelResult],
               on_start: Callable[[Key], None] | None) -> set[int]:
    """Run ``pending`` in one child until it ends, retires or is stopped; the indices whose result is in."""
    by_index = dict(pending)
    receiver, sender = context.Pipe(duplex=False)
    crash_log = tempfile.TemporaryFile()
    gc.freeze()  # the parent's objects stay out of the child's collections: their pages stay shared
    try:
        process = context.Process(target=_child, daemon=True,
                                  args=(sender, pending, run_one, set(needs_tracking), limits, crash_log.fileno()))
        process.start()
    finally:
        gc.unfreeze()
    sender.close()
    done: set[int] = set()
    current: int | None = None
    started = time.monotonic()
    reason: str | None = None

    def receive(timeout: float) -> bool:
        """Read one message if one comes within ``timeout``; False when the child's end is closed or it retired."""
        nonlocal current, started
        try:
            if not receiver.poll(timeout):
                return True
            kind, index, *rest = pickle.loads(receiver.recv_bytes())
        except (EOFError, OSError):
            return False  # the child closed its end: it ended (or died)
        if kind == "start":
            current, started = index, time.monotonic()
            if on_start is not None:
                on_start(by_index[index])
        elif kind == "done":
            payload, tracked = rest
            results[by_index[index]] = pickle.loads(payload)
            needs_tracking.update(tracked)
            done.add(index)
            current = None
        return kind != "retire"

    try:
        while receive(POLL_SECONDS):
            if not process.is_alive():
                # What it sent before it ended is still in the pipe.
                while receiver.poll(0) and receive(0):
                    pass
                break
            if current is None:
                continue
            used = private_memory_mib(process.pid) if limits.memory_mib else None
            if used is not None and limits.memory_mib and used > limits.memory_mib:
                reason = f"exceeded memory limit ({limits.memory_mib} MiB): the check's process was stopped at " \
                         f"{used:.0f} MiB (set memory_limit in [tool.offload-lint.confirm])"
                break
            wall = limits.wall_seconds
            if wall is not None and time.monotonic() - started > wall:
                reason = f"timed out: the check's process was stopped after {wall:g} s of wall-clock time"
                break
    finally:
        receiver.close()
        if process.is_alive() and (reason is not None or current is not None):
            process.kill()
        process.join(timeout=30)
        if process.is_alive():
            process.kill()
            process.join()
    if current is None and not done:
        current = pending[0][0]  # it ended before its first check began: charge that check, so the run moves on
    if current is not None and current not in done:
        key = by_index[current]
        crash_log.seek(0)
        results[key] = failed(key, reason or _died(process.exitcode, crash_log.read().decode(errors="replace")))
        done.add(current)
    crash_log.close()
    return done
