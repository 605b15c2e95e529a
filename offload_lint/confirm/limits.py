"""What bounds one confirmation run: no hub access, a wall-clock limit, and which lines of interest ran.

- ``offline_hub()``: constructors that call ``from_pretrained`` (``Blip2QFormerModel`` asks for a tokenizer)
  must fail at once instead of retrying the network for minutes. Sets ``HF_HUB_OFFLINE``/``TRANSFORMERS_OFFLINE``
  unless the user set them, and flips ``huggingface_hub.constants.HF_HUB_OFFLINE`` when it was read already.
- ``time_limit(seconds)``: raises ``TargetTimeout`` (a ``BaseException``, so the candidate loop and the
  constructor's ``except Exception`` do not swallow it) when the check has used ``seconds`` of this process's CPU
  time (a ``SIGPROF`` timer on the main thread; elsewhere the observer checks ``deadline_passed()`` at every torch
  op). CPU time, not wall-clock time: on a shared machine (2 cores, load 8) a check that needs 10 s of CPU took
  55 s of wall-clock time, so a wall-clock limit decided by the neighbours' load. A wall-clock backstop of
  ``WALL_FACTOR`` times the limit still ends a check that waits without computing.
- ``LineRecorder(paths)``: the lines executed in the given source files (``sys.settrace`` with a per-code-object
  filter; Python 3.11 has no ``sys.monitoring``). The join uses it to tell "refuted" from "line not reached".
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from typing import Any, Iterator, Sequence

DEFAULT_TIMEOUT = 30.0
WALL_FACTOR = 10  # the wall-clock backstop: a check waiting (not computing) this many times its CPU limit
_OFFLINE_VARIABLES = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")


class TargetTimeout(BaseException):
    """The per-check limit passed (CPU time, or the wall-clock backstop)."""

    def __init__(self, seconds: float, wall: bool = False):
        what = f"{seconds * WALL_FACTOR:g} s of wall-clock time (waiting)" if wall else f"{seconds:g} s of CPU time"
        super().__init__(f"timed out after {what}")
        self.seconds = seconds


@contextlib.contextmanager
def offline_hub(enabled: bool = True) -> Iterator[None]:
    if not enabled:
        yield
        return
    added = [name for name in _OFFLINE_VARIABLES if name not in os.environ]
    for name in added:
        os.environ[name] = "1"
    constants = sys.modules.get("huggingface_hub.constants")
    user_chose = bool({"HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"} - set(added))
    saved = getattr(constants, "HF_HUB_OFFLINE", None) if constants is not None else None
    if constants is not None and not user_chose:
        constants.HF_HUB_OFFLINE = True
    try:
        yield
    finally:
        for name in added:
            os.environ.pop(name, None)
        if constants is not None and not user_chose:
            constants.HF_HUB_OFFLINE = saved


_DEADLINE: list[tuple[float, float, float]] = []  # (CPU deadline, wall deadline, seconds), innermost last


def deadline_passed() -> None:
    """Raise TargetTimeout when the innermost limit has passed (called from the observer at every op)."""
    if not _DEADLINE:
        return
    cpu, wall, seconds = _DEADLINE[-1]
    if time.process_time() > cpu:
        raise TargetTimeout(seconds)
    if time.monotonic() > wall:
        raise TargetTimeout(seconds, wall=True)


@contextlib.contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    if not seconds or seconds <= 0:
        yield
        return
    _DEADLINE.append((time.process_time() + seconds, time.monotonic() + seconds * WALL_FACTOR, seconds))
    use_signal = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    previous: list[Any] = []
    if use_signal:
        def cpu_spent(signum: int, frame: Any) -> None:
            raise TargetTimeout(seconds)

        def waited(signum: int, frame: Any) -> None:
            raise TargetTimeout(seconds, wall=True)

        previous = [signal.signal(signal.SIGPROF, cpu_spent), signal.signal(signal.SIGALRM, waited)]
        signal.setitimer(signal.ITIMER_PROF, seconds)
        signal.setitimer(signal.ITIMER_REAL, seconds * WALL_FACTOR)
    try:
        yield
    finally:
        if use_signal:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGPROF, previous[0])
            signal.signal(signal.SIGALRM, previous[1])
        _DEADLINE.pop()


def _parts(path: str) -> list[str]:
    return [part for part in os.path.normpath(path).split(os.sep) if part not in ("", ".")]


class LineRecorder:
    """Lines executed in ``paths`` (as given: a finding's relative or absolute path) while active.

    A file matches when its real path equals the path's real path, or ends with the path's components.
    Does nothing when another tracer (a debugger, coverage) is installed: ``lines`` is then None.
    """

    def __init__(self, paths: Sequence[str]):
        self.paths = list(dict.fromkeys(paths))
        self._real = {os.path.realpath(p): p for p in self.paths}
        self._tails = [(p, _parts(p)) for p in self.paths]
        self._by_code: dict[Any, str | None] = {}
        self.lines: dict[str, set[int]] | None = {p: set() for p in self.paths} if self.paths else None
        self._previous: Any = None
        self._active = False

    def _which(self, filename: str) -> str | None:
        real = os.path.realpath(filename)
        if real in self._real:
            return self._real[real]
        parts = real.split(os.sep)
        for path, tail in self._tails:
            if tail and parts[-len(tail):] == tail:
                return path
        return None

    def _global(self, frame: Any, event: str, arg: Any) -> Any:
        code = frame.f_code
        try:
            path = self._by_code[code]
        except KeyError:
            path = self._by_code[code] = self._which(code.co_filename)
        if path is None:
            return None
        lines = self.lines[path]  # type: ignore[index]
        lines.add(frame.f_lineno)

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event == "line":
                lines.add(frame.f_lineno)
            return local

        return local

    def __enter__(self) -> "LineRecorder":
        if self.lines is None:
            return self
        if sys.gettrace() is not None:
            self.lines = None  # someone else traces: do not interfere, coverage unknown
            return self
        self._active = True
        sys.settrace(self._global)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._active:
            sys.settrace(None)
            self._active = False

    def result(self) -> dict[str, frozenset[int]] | None:
        if self.lines is None:
            return None
        return {path: frozenset(lines) for path, lines in self.lines.items()}
