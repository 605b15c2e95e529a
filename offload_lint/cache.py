"""The on-disk cache: bounded, relocatable, and read only as far as a run needs.

Layout under the cache directory (``.offload-lint-cache`` by default)::

    .gitignore               "*": the cache never shows up in ``git status``
    v<format>-<version>-py<XY>/  everything of this format, version and Python; other ``v*`` folders (and
                             the files of older formats) are deleted at the next write
        manifest.pickle      project-relative path -> FileRecord (size, mtime, content digest, module)
        files/<key>.pickle   one per linted file: its index entry and libcst results, named by the
                             file's content digest and module, so identical files at another
                             path (a second checkout, a restored CI cache) share it
        results/<key>.pickle whole-run answers, a few newest
        <name>.pickle        other named payloads (installed packages' summaries, the analysis state)

A file's entry is found through the manifest by its path relative to the project root: while
its size and mtime are unchanged it is trusted, otherwise the file is read and its digest
decides. Entries of files that are no longer under the linted roots leave the manifest at
the next write, and ``files/`` keeps only what the manifest names. Anything unreadable
(truncated, corrupt, another format) is a miss, never an error.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from . import __version__

if TYPE_CHECKING:
    from .config import Settings

# Bump when the summary, index or analysis records change, or what a strategy honours (198: a helper loading a component before a hand move; 197: .set_() on a weight is a store into its data; 196: a loaded model's resize_/set_ methods judged under the strategies applied while loading; 195: a weight copied into a tensor the module does not own, container elements typed by the factory that builds them; 177: only torch.tensor(<number>) placed with a weight is a host-only read; 176: getattr(self, <written name>) is no dispatch, a parameter's default function recorded as handed self; 175: a child wrapped in the container it becomes is no listed child; 174: ways in from a task's training-time methods judged at block level only, training-only networks of Lightning tasks only; 173: findings reached only from Lightning tasks' methods; 172: a Lightning task's predict_step is an inference path; 171: torchvision transforms hold no weights; 170: forwards a construction installs, by name or computed name, and their helpers run under the hooks; 169: an exported library class's option branches are not judged shut; 168: children listed in a ModuleList of their holder are blocks; 167: a function handed self through a parameter's default; 166: getattr(self, mode) dispatch over the class's strings; 165: 0-dim tensors placed with a weight, norms given an order; 164: networks only training runs; 163: functions imported from another file handed self; 162: forwards a static method installs; 161: branches on a stored constructor option no construction sets; 160: a host copy function's name is no number; 159: host copy helpers returning their argument unchanged are not host copies; 158: super() calls of a method the class does not override; 157: a layer rebinding self_attn only under an option keeps torch's attention; 156: a forward bound in __init__ is a forward for OFL205; 155: models a test file defines and offloads nothing with; 154: constructors and progress bars hold what they are given; 153: attention subclasses, class-held attributes, levels asked for; 152: functions copying a tensor to host memory, helpers of outside-only entry points, options set only in tests; 151: a class chosen in an expression and called, zip loops over plain values and a container, host-only reads, attention subclasses with their own forward; 150: a buffer registered as None is no tensor; 149: methods a function of the file calls on the self a method hands it; 148: a same-class caller's store into an offloaded weight, an unpacked helper result as its output; 147: children a classmethod binds on the instance it builds; 146: buffer-only modules nothing holds, nested container elements, comparisons on weights, loops over own containers, indexes made from weights; 145: helpers returning a container that holds a wrapped layer, files with PEP 695 type parameters parsed, named __dict__ bindings; 144: a forward that only raises NotImplementedError; 143: a gather of a weight alias with a tensor index meets the index, a fold on a model its caller has just built runs before offloading, methods installed as a forward, ParameterLists of 0-dim tensors; 142: a name recorded as a weight alias holds what other branches bound to it, Lightning tasks and their steps; 141: fields' number, bool and None defaults (config branches); 140: command-line switches, the bodies of the tests on them, options set, subscripted generic bases; 139: a project subclass of a torch layer has the layer's parameters; 122: a container-returning method's local read from its own statements; 121: a module's __main__ block apart from its module code; 120: imports renamed at any depth, computed name reads, methods returning a tensor container; 119: what an application's entry points reach by name; 118: options decided through a stored parameter; 117: methods forwarding every argument, OFL102 one finding for the children a method calls; 116: a forward kept in a local and wrapped is no replacement, a loader may move the model it builds; 115: methods docs call on an object are ways in; 99: accelerate-sequential
# honours _exclude_from_cpu_offload; 94: a local bound to a self chain and called calls the chain; 93: children built by factories count for weights; 92: a bare Callable annotation holds a factory; 91: a plain mixin's methods are not judged for OFL113 again; 90: nn.init.normal_/uniform_ read as initialisers, not tensor methods; 89: kwargs.get(key) tests read for a call that passes no such keyword; 88: a module bound by types.MethodType is not run; 87: a component read after its own forward under strategies that keep it onloaded; 86: methods handing self to a first-parameter reader are judged; 85: bound methods of a handed module's children; 84: dict(...) and tuple(...) calls hold their arguments; 83: a forward made from the current one is no replacement; 82: children made on first use; 81: containers typed by what is appended, methods called on a loop variable's attributes; 80: a module-level conditional wrapper alias; 79: a method's libcst result reads its file's names for math; 78: a model loaded into a local is a local build, the class it
# is loaded with kept on a given part, loads counted per file; 77: a loop variable over a container used as a value reads an
# element, a wrapper applied to an element appended to a container, a wrapper picked by a conditional alias; 76: in-place arithmetic by a scalar field is an init, a parameter annotated or defaulted as a class holds no module; 75: template-only findings suppressed, indexed attributes of unnamed elements; 74: OFL203's fix for containers two deep; 73: a loop that unpacks a container's element; 72: a hand move after the method loads the component's weights is suppressed; 71: a try's torch import wins over its fallback; 70: calls of an element of a container's element
# through nested loops and zips; 63: each class's copy key, so vendored copies fold; 57: names loaded by name, identifiers used, calls of
# capitalised names and class bases a file writes, so no sign reads the files' text; 55: names and attribute calls a file makes (mentions),
# a file's record keeps its methods' texts (digests), so an edit elsewhere in the file reuses their libcst results,
# self chains through the class's own accessors, placed values a hook moves; 48: classes handed to a module's
# constructor, models from uninstalled factories; 47: module-level functions' parameter uses, which
# keywords build which class, saved bound forwards; 40: layer parameters turned off, options off by default, keywords a file passes;
# 39: state_dict() of a module handed in as an argument;
# 38: children handed to __init__ typed by annotation or construction, constructions recorded;
# 37: children unpacked from a factory's returned tuple;
# 36: a submodule getter's returned value called, whole-parameter writes into parameters handed in; 35: a file's
# libcst results pickled apart inside its record, read when first asked for; 34: chains only moved to a device or asked for metadata,
# classes built into method locals, conditional base aliases, returned self attributes; 33: reads after a buffer is
# re-registered, 0-dim tensors placed with a weight's device; 32: calls leave out torch.compile handles and nested
# classes' self, shapes chosen by defaulted options, children of module factories; 31: forward replacements, accessors' returned chains,
# children handed in to __init__, device helpers; 30: calls record their arguments' origins; 29: chains
# run by checkpoint_seq, loops over sliced locals, the layer a TransformerEncoder/Decoder copies; 28: a finding keeps
# its related locations; 27: a relocatable, sharded layout with per-file records and per-file raw findings; 26: an access
# records the functional call it is the weight of; 25: class body statement spans).
_FORMAT = 198
# Per interpreter too: its parser decides what is a syntax error, and its pickles hold its ``ast`` classes.
FORMAT_FOLDER = f"v{_FORMAT}-{__version__}-py{sys.version_info.major}{sys.version_info.minor}"
MANIFEST = "manifest.pickle"
_RESULTS_KEPT = 4
# What other formats left (only these names: a --cache-dir may hold the user's own files too).
_OTHER_FORMAT = re.compile(r"v\d+-[\w.+-]+")
_OLDER_LAYOUT = re.compile(r"(index|accesses|external|result-[0-9a-f]+)\.pickle|tmp\w+\.tmp")

# Payloads already loaded in this process, by path, with the file's (size, mtime) then: the
# flake8 plugin lints file after file against one project cache.
_loaded: dict[Path, tuple[tuple[int, int], Any]] = {}


@dataclass(frozen=True)
class FileRecord:
    """What the manifest knows of one source file."""

    size: int
    mtime_ns: int
    digest: str  # of the file's bytes
    module: str
    is_package: bool

    @property
    def key(self) -> str:
        """The name of the file's record in ``files/``: same bytes and same module, same record."""
        return key_of(self.digest, self.module, self.is_package)


def content_digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def find_project_root(start: Path) -> Path:
    """The nearest folder at or above ``start`` holding ``pyproject.toml`` or ``.git``; else ``start``."""
    start = Path(os.path.abspath(start))
    directory = start if start.is_dir() else start.parent
    for candidate in (directory, *directory.parents):
        if (candidate / "pyproject.toml").is_file() or (candidate / ".git").exists():
            return candidate
    return directory


class Cache:
    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self.folder = directory / FORMAT_FOLDER if directory else None
        self._cleaned = False

    # --- named payloads ------------------------------------------------------------------
    def _path(self, name: str) -> Path | None:
        return self.folder / name if self.folder else None

    def load(self, name: str) -> Any:
        path = self._path(name)
        return _read(path) if path is not None else None

    def store(self, name: str, payload: Any) -> None:
        path = self._path(name)
        if path is not None:
            self._prepare()
            _write(path, payload)

    # --- whole-run results -----------------------------------------------------------------
    def load_result(self, key: str) -> Any:
        return self.load(f"results/{key}.pickle")

    def store_result(self, key: str, payload: Any) -> None:
        self.store(f"results/{key}.pickle", payload)
        self._keep_newest(self._path("results"), _RESULTS_KEPT)

    # --- per-file records ------------------------------------------------------------------
    def has_manifest(self) -> bool:
        path = self._path(MANIFEST)
        return path is not None and path.is_file()

    def load_manifest(self) -> dict[str, FileRecord]:
        manifest = self.load(MANIFEST)
        return manifest if isinstance(manifest, dict) else {}

    def load_file(self, record: FileRecord) -> Any:
        return self.load(f"files/{record.key}.pickle")

    def store_file(self, record: FileRecord, payload: Any) -> None:
        self.store(f"files/{record.key}.pickle", payload)

    def prepare(self) -> None:
        """What the first write of a run does first (the folder made, other formats' files removed), done now:
        other processes then write files with :meth:`store_file_prepared`."""
        self._prepare()

    def store_file_prepared(self, key: str, payload: Any) -> None:
        """:meth:`store_file` by the record's key, in a folder another process prepared (the index's processes)."""
        if self.folder is not None:
            _write(self.folder / "files" / f"{key}.pickle", payload)

    def store_manifest(self, manifest: dict[str, FileRecord]) -> None:
        """Write the manifest and delete every file record it no longer names."""
        if self.folder is None:
            return
        self.store(MANIFEST, manifest)
        wanted = {f"{record.key}.pickle" for record in manifest.values()}
        try:
            with os.scandir(self.folder / "files") as found:
                for entry in found:
                    if entry.name in wanted or (entry.name.endswith(".tmp") and not _abandoned(entry)):
                        continue  # another process may be writing this one
                    _unlink(entry.path)
        except OSError:
            pass

    # --- housekeeping ------------------------------------------------------------------------
    def _prepare(self) -> None:
        """Before the first write of a run: the folder exists, and other formats' files are gone."""
        if self._cleaned or self.directory is None:
            return
        self._cleaned = True
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            gitignore = self.directory / ".gitignore"
            if not gitignore.exists():
                gitignore.write_text("*\n")
            for entry in self.directory.iterdir():
                if entry.name == FORMAT_FOLDER:
                    continue
                if _OTHER_FORMAT.fullmatch(entry.name) and entry.is_dir():
                    shutil.rmtree(entry, ignore_errors=True)
                elif _OLDER_LAYOUT.fullmatch(entry.name) and entry.is_file():
                    _unlink(str(entry))
        except OSError:
            pass

    @staticmethod
    def _keep_newest(folder: Path | None, keep: int) -> None:
        if folder is None:
            return
        try:
            entries = sorted(folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        except OSError:
            return
        for stale in entries[keep:]:
            _unlink(str(stale))


def _read(path: Path) -> Any:
    try:
        stat = path.stat()
        fingerprint = (stat.st_size, stat.st_mtime_ns)
        known = _loaded.get(path)
        if known is not None and known[0] == fingerprint:
            return known[1]
        with path.open("rb") as handle:
            loaded = pickle.load(handle)
    except Exception:  # missing, truncated, corrupt, or pickled by another version of the code
        return None
    if not (isinstance(loaded, tuple) and len(loaded) == 2 and loaded[0] == (_FORMAT, __version__)):
        return None
    _loaded[path] = (fingerprint, loaded[1])
    return loaded[1]


def _write(path: Path, payload: Any) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                pickle.dump(((_FORMAT, __version__), payload), out, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, path)
        except BaseException:
            _unlink(temporary)
            raise
    except (OSError, pickle.PicklingError):
        pass  # a read-only tree still lints, only slower next time


def _abandoned(entry: os.DirEntry) -> bool:
    """A temporary file older than any write takes: left by a process that was killed."""
    try:
        return time.time() - entry.stat().st_mtime > 3600
    except OSError:
        return False


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def key_of(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:24]


def under_any(relative: str, roots: frozenset[str]) -> bool:
    """Whether the project-relative path ``relative`` is one of ``roots`` or inside one (roots as
    :func:`linted_roots` gives them)."""
    if "" in roots:
        return True
    candidate = relative
    while True:
        if candidate in roots:
            return True
        if "/" not in candidate:
            return False
        candidate = candidate.rsplit("/", 1)[0]


def linted_roots(relatives: Iterable[str]) -> frozenset[str]:
    """Project-relative paths as :func:`under_any` compares them (``.`` is the whole project: "")."""
    return frozenset("" if root in ("", ".") else root.rstrip("/") for root in relatives)


def default_cache_dir(settings: Settings) -> Path:
    """The cache directory the CLI, readiness and the flake8 plugin share (here, not in the CLI: the plugin
    asks for it without importing the CLI)."""
    if os.environ.get("OFFLOAD_LINT_CACHE_DIR"):
        return Path(os.environ["OFFLOAD_LINT_CACHE_DIR"])
    root = settings.config_path.parent if settings.config_path else Path.cwd()
    return root / ".offload-lint-cache"
