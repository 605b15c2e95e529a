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

_FORMAT = 4  # 4: Assigned.wrapper, submodule-getter steps in access chains


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
            with path.open("rb") as handle:
                version, payload = pickle.load(handle)
        except Exception:  # a corrupt or foreign cache is simply ignored
            return None
        return payload if version == (_FORMAT, __version__) else None

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


def key_of(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:24]
