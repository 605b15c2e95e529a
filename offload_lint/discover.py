"""Discover: which files to lint, the way ruff does it.

Directories are walked with default excludes, ``.gitignore`` files and the configured
``exclude`` patterns applied. A file named explicitly is linted even when excluded, unless
``force_exclude`` is set (what pre-commit needs, since it passes file names).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    import pathspec

DEFAULT_EXCLUDES = (
    ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".mypy_cache", ".nox", ".pants.d", ".pytype",
    ".ruff_cache", ".svn", ".tox", ".venv", "venv", "__pypackages__", "_build", "buck-out", "build",
    "dist", "node_modules", "__pycache__", ".pytest_cache", ".offload-lint-cache",
    # Jupyter's saved copies of the files a notebook server opened (pykan's ``kan/.ipynb_checkpoints``): never
    # imported, as ruff leaves them out too.
    ".ipynb_checkpoints", ".vscode", ".pyenv",
)
PYTHON_SUFFIXES = (".py", ".pyi")
# The default excludes are plain names, which gitignore matches against every component of a path: without
# user patterns a set lookup decides what the spec would (and ``pathspec`` is imported only for patterns).
_DEFAULT_NAMES = frozenset(DEFAULT_EXCLUDES)


@dataclass
class Discovery:
    excludes: list[str] = field(default_factory=list)  # gitignore-style patterns from config/CLI
    respect_gitignore: bool = True
    force_exclude: bool = False

    def __post_init__(self) -> None:
        self._match: Callable[[str], bool] = _default_excluded
        if self.excludes:  # a user pattern may re-include a default (``!build``): one spec for all of them
            self._match = _spec(list(DEFAULT_EXCLUDES) + self.excludes).match_file

    def files(self, paths: list[str]) -> list[Path]:
        found: dict[Path, None] = {}
        for raw in paths:
            path = Path(raw)
            if path.is_dir():
                for file in self._walk(path):
                    found.setdefault(file, None)
            elif path.exists() or not path.suffix:
                if self.force_exclude and self._excluded(path, path.parent):
                    continue
                found.setdefault(path, None)
            else:
                found.setdefault(path, None)  # reported later as unreadable
        return sorted(found)

    def _excluded(self, path: Path, root: Path) -> bool:
        try:
            relative = _real(path).relative_to(_real(Path.cwd()))
        except ValueError:
            relative = Path(path.name)
        candidates = [relative.as_posix()] + [part for part in relative.parts]
        if any(self._match(c) for c in candidates):
            return True
        return self.respect_gitignore and _gitignored(_real(path))

    def side_files(self, root: Path, suffixes: tuple[str, ...], limit: int) -> list[Path]:
        """The files under ``root`` ending in ``suffixes`` (configs, notebooks, docs) that the same excludes and
        ``.gitignore`` files leave, at most ``limit`` of them (a data folder of JSON annotations is no config)."""
        return self._walk(root, suffixes, limit) if root.is_dir() else []

    def _walk(self, root: Path, suffixes: tuple[str, ...] = PYTHON_SUFFIXES, limit: int | None = None) -> list[Path]:
        files: list[Path] = []
        absolute_root = _real(root)
        ignores = _parent_gitignores(absolute_root) if self.respect_gitignore else []
        match = self._match
        # Without user patterns, an entry's folders were kept (matched nothing): its name alone decides.
        by_name = match is _default_excluded
        for directory, dirnames, filenames in os.walk(root):
            here = Path(directory)
            below = here.relative_to(root)
            here_absolute = absolute_root / below
            # Paths relative to ``root`` are spelled as ``(here / name).relative_to(root).as_posix()`` would, from
            # strings: one ``Path`` per directory, not three per entry.
            prefix = below.as_posix() + "/" if below.parts else ""
            if self.respect_gitignore and ".gitignore" in filenames and (here / ".gitignore").is_file():
                ignores = [(base, spec) for base, spec in ignores if _is_within(here_absolute, base)]
                ignores.append((here_absolute, _read_gitignore(here / ".gitignore")))
            kept = []
            for name in sorted(dirnames):
                if (name in _DEFAULT_NAMES) if by_name else (match(name + "/") or match(prefix + name + "/")):
                    continue
                if ignores and _ignored_by(here_absolute / name, ignores, is_dir=True):
                    continue
                kept.append(name)
            dirnames[:] = kept
            for name in sorted(filenames):
                if not name.endswith(suffixes):
                    continue
                if (name in _DEFAULT_NAMES) if by_name else (match(name) or match(prefix + name)):
                    continue
                if ignores and _ignored_by(here_absolute / name, ignores, is_dir=False):
                    continue
                files.append(here / name)
                if limit is not None and len(files) >= limit:
                    return files
        return files


def _default_excluded(path: str) -> bool:
    """What ``GitIgnoreSpec.from_lines(DEFAULT_EXCLUDES).match_file(path)`` answers: a plain name (no slash, no
    wildcard) matches a path when it is one of its components."""
    return any(part in _DEFAULT_NAMES for part in path.split("/"))


def _spec(lines: list[str]) -> pathspec.GitIgnoreSpec:
    import pathspec  # here: a walk without user patterns or .gitignore files never needs it

    return pathspec.GitIgnoreSpec.from_lines(lines)


def _real(path: Path) -> Path:
    """The absolute path without symlinks (Path.resolve() raises on a symlink loop)."""
    return Path(os.path.realpath(path))


def _read_gitignore(path: Path) -> pathspec.GitIgnoreSpec:
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        lines = []
    return _spec(lines)


def _is_within(path: Path, base: Path) -> bool:
    try:
        path.relative_to(base)
        return True
    except ValueError:
        return False


def _ignored_by(path: Path, ignores: list[tuple[Path, pathspec.GitIgnoreSpec]], is_dir: bool) -> bool:
    for base, spec in ignores:
        if not _is_within(path, base):
            continue
        relative = path.relative_to(base).as_posix() + ("/" if is_dir else "")
        if spec.match_file(relative):
            return True
    return False


def _git_root(start: Path) -> Path | None:
    for candidate in [start, *start.parents]:
        if (candidate / ".git").exists():
            return candidate
    return None


def _parent_gitignores(root: Path) -> list[tuple[Path, pathspec.GitIgnoreSpec]]:
    """``.gitignore`` files from the repository root down to (not including) ``root``."""
    git_root = _git_root(root)
    if git_root is None:
        return []
    specs = []
    for directory in reversed(root.parents):
        if _is_within(directory, git_root) and (directory / ".gitignore").is_file():
            specs.append((directory, _read_gitignore(directory / ".gitignore")))
    if _ignored_by(root, specs, is_dir=True):
        return []  # the user named an ignored directory explicitly: lint it
    return specs


def _gitignored(path: Path) -> bool:
    git_root = _git_root(path.parent)
    if git_root is None:
        return False
    for directory in [path.parent, *path.parent.parents]:
        if (directory / ".gitignore").is_file():
            spec = _read_gitignore(directory / ".gitignore")
            if spec.match_file(path.relative_to(directory).as_posix()):
                return True
        if directory == git_root:
            break
    return False


def cli_spelling(path: Path) -> str:
    """``path`` as the CLI spells it when run from the working directory: relative below it (``.`` for the
    directory itself), else absolute. Front ends that name files for the engine spell them so, which keeps one
    cache entry per file and the reported paths the same."""
    absolute = Path(os.path.realpath(path))
    try:
        relative = absolute.relative_to(Path(os.path.realpath(Path.cwd())))
    except ValueError:
        return str(absolute)
    return str(relative) if relative.parts else "."
