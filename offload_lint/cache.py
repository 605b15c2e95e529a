"""An on-disk cache so that a re-run with nothing changed costs a directory walk and one load.

Two layers: per-file index entries and libcst results keyed by (size, mtime), and the
final findings keyed by every file's fingerprint plus the settings.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path
from typing import Any

from . import __version__

_FORMAT = 27  # bump when the summary or index records change (27: a finding keeps its related locations; 26: an access records the functional call it is the weight of; 25: class body statement spans; 24: a run's result keeps its hidden counts by path only; 23: top-level statement spans and class body layouts; calls through loop variables over self chains and containers; chains only read back to host memory)


# Payloads already loaded in this process, by path, with the file's (size, mtime) then: the
# flake8 plugin lints file after file against one project cache.
_loaded: dict[Path, tuple[tuple[int, int], Any]] = {}


class Cache:
    def __init__(self, directory: Path | None) -> None:
        self.directory = directory

    def _path(self, name: str) -> Path | None:
        return self.directory / name if self.directory else None

    def load(self, name: str) -> Any:
        path = self._path(name)
        if path is None or not path.is_file():
            return None
        try:
            stat = path.stat()
            fingerprint = (stat.st_size, stat.st_mtime_ns)
            if path in _loaded and _loaded[path][0] == fingerprint:
                return _loaded[path][1]
            with path.open("rb") as handle:
                version, payload = pickle.load(handle)
        except Exception:  # a corrupt or foreign cache is simply ignored
            return None
        if version != (_FORMAT, __version__):
            return None
        _loaded[path] = (fingerprint, payload)
        return payload

    def store(self, name: str, payload: Any) -> None:
        path = self._path(name)
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            gitignore = path.parent / ".gitignore"
            if not gitignore.exists():
                gitignore.write_text("*\n")
            handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(handle, "wb") as out:
                pickle.dump(((_FORMAT, __version__), payload), out, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, path)
        except OSError:
            pass  # a read-only tree still lints, only slower next time


    def prune(self, prefix: str, keep: int) -> None:
        """Drop all but the ``keep`` newest ``prefix*`` entries (one result per tree state)."""
        if self.directory is None:
            return
        try:
            entries = sorted(self.directory.glob(f"{prefix}*"), key=lambda p: p.stat().st_mtime, reverse=True)
            for stale in entries[keep:]:
                stale.unlink()
        except OSError:
            pass


def key_of(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:24]
