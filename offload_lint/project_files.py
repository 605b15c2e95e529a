"""The linted files as the cache sees them: each file's record (size, mtime, content digest,
module) and the per-file payload the cache holds for it, found by the file's path relative to
the project root, so that the same tree at another path is found too.

Any command that reads the project (lint, readiness) can share one :class:`ProjectFiles`:
``record`` and ``payload`` to read, ``put`` to replace a file's payload, ``flush`` once at the end.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from .cache import Cache, FileRecord, content_digest, linted_roots, under_any
from .source import module_name_for

if TYPE_CHECKING:
    from .index.summary import FileSummary


class ProjectFiles:
    def __init__(self, cache: Cache, root: Path, linted: Iterable[str]) -> None:
        self.cache = cache
        self.root = os.path.abspath(root)
        self._root_prefix = self.root if self.root.endswith(os.sep) else self.root + os.sep
        self._linted_roots = linted_roots(self.relative(path) for path in linted)
        self._manifest = cache.load_manifest() if cache.folder is not None else {}
        self._records: dict[str, FileRecord | None] = {}  # by the path as the run spells it
        self._payloads: dict[str, Any] = {}
        self._previous: dict[str, Any] = {}  # the payloads of the files' last recorded versions
        self._dirty: set[str] = set()
        self._package_parts: dict[str, tuple[str, ...]] = {}  # by directory as spelled
        self._real_parts: dict[str, tuple[str, ...]] = {}  # by real directory

    def relative(self, path: str) -> str:
        """The path relative to the project root (``/``-separated), or absolute when outside it."""
        absolute = os.path.abspath(path)
        if absolute.startswith(self._root_prefix):  # the common case, without relpath's splitting
            return absolute[len(self._root_prefix):].replace(os.sep, "/")
        relative = os.path.relpath(absolute, self.root)
        if relative == os.pardir or relative.startswith(os.pardir + os.sep):
            return absolute.replace(os.sep, "/")
        return relative.replace(os.sep, "/")

    # --- records ---------------------------------------------------------------------------
    def record(self, path: str) -> FileRecord | None:
        """The file's current record (None when it cannot be read): the manifest's while the size,
        mtime and module are unchanged, else one made from the file's bytes."""
        if path in self._records:
            return self._records[path]
        record = self._current_record(path)
        self._records[path] = record
        return record

    def _current_record(self, path: str) -> FileRecord | None:
        try:
            status = os.lstat(path)
            if stat.S_ISLNK(status.st_mode):
                status = os.stat(path)
                module, is_package = module_name_for(Path(path))
            else:
                module, is_package = self._module_of(path)
            if not stat.S_ISREG(status.st_mode):
                return None
            if self.cache.folder is None:  # no cache to match: size and mtime tell runs in one process apart
                return FileRecord(status.st_size, status.st_mtime_ns, f"stat-{status.st_size}-{status.st_mtime_ns}",
                                  module, is_package)
            known = self._manifest.get(self.relative(path))
            if (known is not None and known.size == status.st_size and known.mtime_ns == status.st_mtime_ns
                    and known.module == module and known.is_package == is_package):
                return known
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError:
            return None
        return FileRecord(status.st_size, status.st_mtime_ns, content_digest(data), module, is_package)

    def _module_of(self, path: str) -> tuple[str, bool]:
        """:func:`module_name_for` with the package folders above each directory looked up once."""
        directory, name = os.path.split(path)
        parts = self._package_parts.get(directory)
        if parts is None:
            parts = self._package_parts[directory] = self._packages_above(os.path.realpath(directory or "."))
        is_package = name == "__init__.py"
        stem = name.rsplit(".", 1)[0]
        dotted = ".".join(parts) if is_package else ".".join((*parts, stem))
        return dotted or stem, is_package

    def _packages_above(self, real: str) -> tuple[str, ...]:
        """The names of the packages from the outermost down to the real directory ``real`` (itself included
        when it holds an ``__init__.py``); each directory looked up once, however many share it as a parent."""
        parts = self._real_parts.get(real)
        if parts is None:
            parts = ()
            if os.path.isfile(os.path.join(real, "__init__.py")):
                parent = os.path.dirname(real)
                parts = (*(self._packages_above(parent) if parent != real else ()), os.path.basename(real))
            self._real_parts[real] = parts
        return parts

    # --- payloads --------------------------------------------------------------------------
    def payload(self, path: str) -> Any:
        """What the cache holds for the file's current content (None: nothing)."""
        if path in self._payloads:
            return self._payloads[path]
        record = self.record(path)
        payload = self.cache.load_file(record) if record is not None and self.cache.folder is not None else None
        self._payloads[path] = payload
        return payload

    def previous_payload(self, path: str) -> Any:
        """What the cache holds for the version of the file its manifest last recorded, when the file changed since
        (None otherwise): read before :meth:`flush` drops it."""
        known = self._manifest.get(self.relative(path))
        current = self.record(path)
        if known is None or current is None or known.key == current.key or self.cache.folder is None:
            return None
        if path not in self._previous:
            self._previous[path] = self.cache.load_file(known)
        return self._previous[path]

    def put(self, path: str, payload: Any) -> None:
        """Replace the file's payload (written at :meth:`flush`)."""
        self._payloads[path] = payload
        if self.record(path) is not None:
            self._dirty.add(path)

    def put_quietly(self, path: str, payload: Any) -> None:
        """Hold an equivalent of the stored payload (the same content under another path): nothing to write."""
        self._payloads[path] = payload

    def mark_changed(self, path: str) -> None:
        """The payload was changed in place: write it at :meth:`flush`."""
        if self.record(path) is not None and path in self._payloads:
            self._dirty.add(path)

    def flush(self) -> None:
        """Write changed payloads and the manifest: the records of this run's files, and of files
        outside the linted roots as they were; files under the roots that were not seen are gone."""
        if self.cache.folder is None:
            return
        for path in sorted(self._dirty):
            record = self._records.get(path)
            if record is not None:
                self.cache.store_file(record, self._payloads[path])
        self._dirty.clear()
        manifest = {relative: record for relative, record in self._manifest.items()
                    if not under_any(relative, self._linted_roots)}
        for path, record in self._records.items():
            if record is not None:
                manifest[self.relative(path)] = record
        if manifest != self._manifest or not self.cache.has_manifest():
            self.cache.store_manifest(manifest)
            self._manifest = manifest


def _fingerprint(path: str) -> tuple[int, int]:
    try:
        stat = os.stat(path)
    except OSError:
        return (-1, -1)
    return (stat.st_size, stat.st_mtime_ns)


class ExternalFiles:
    """Files read outside the linted ones (base classes and components), as the cache keys them:
    installed ones by absolute path and (size, mtime); those under the project root (the rest of the
    package when a subfolder is linted) by path relative to it and content, as linted files are, so
    that another checkout of the tree finds them."""

    def __init__(self, root: str) -> None:
        self.root = root

    def __call__(self, path: str) -> tuple[str, object] | None:
        absolute = os.path.abspath(path)
        relative = os.path.relpath(absolute, self.root)
        if relative == os.pardir or relative.startswith(os.pardir + os.sep):
            fingerprint = _fingerprint(absolute)
            return None if fingerprint == (-1, -1) else (absolute, fingerprint)
        try:
            with open(absolute, "rb") as handle:
                return relative.replace(os.sep, "/"), content_digest(handle.read())
        except OSError:
            return None

    def version(self, key: str) -> object:
        identity = self(key if os.path.isabs(key) else os.path.join(self.root, key))
        return identity[1] if identity is not None else None

    def unchanged(self, used: Iterable[tuple[str, object]]) -> bool:
        try:
            return all(self.version(key) == version for key, version in used)
        except (TypeError, ValueError):
            return False  # a record of another shape

    def existing(self, cache: dict[str, tuple[object, FileSummary]]) -> dict[str, tuple[object, FileSummary]]:
        """The entries of files that still exist (a deleted checkout's go)."""
        return {key: value for key, value in cache.items()
                if os.path.isfile(key if os.path.isabs(key) else os.path.join(self.root, key))}
