"""``[tool.offload-lint]`` in the nearest pyproject.toml, merged with command-line options."""

from __future__ import annotations

import fnmatch
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from .analyze.setup_methods import DEFAULT_SETUP_METHODS
from .finding import ALL_LEVELS
from .strategies import DEFAULT_KEYS, Declarations, UnknownStrategy, parse_strategies


class ConfigError(Exception):
    """A configuration the user must fix (exit code 2)."""


@dataclass
class Settings:
    select: list[str] | None = None  # None: every rule enabled by default
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    exclude: list[str] = field(default_factory=list)
    setup_methods: frozenset[str] = DEFAULT_SETUP_METHODS
    # The strategies to check, by key (``block`` and ``leaf`` are diffusers group offloading's levels).
    levels: tuple[str, ...] = DEFAULT_KEYS
    declarations: Declarations = field(default_factory=Declarations)
    config_path: Path | None = None
    # ruff's fix settings: ``fix``/``unsafe-fixes`` switch them on, ``fixable``/``unfixable`` pick codes.
    fix: bool = False
    unsafe_fixes: bool = False
    fixable: list[str] = field(default_factory=lambda: ["ALL"])
    unfixable: list[str] = field(default_factory=list)
    # What runs the tree's code: ``library`` (users import it: public methods and modules are API), ``application``
    # (only its own code, notebooks, configs and docs do) or ``auto`` (decided from its packaging; see ``tree.py``).
    tree_kind: str = "auto"

    def fingerprint(self) -> str:
        return repr((sorted(self.select or []), self.extend_select, self.ignore, sorted(self.per_file_ignores.items()),
                     self.exclude, sorted(self.setup_methods), self.levels, self.declarations, self.tree_kind))


_KNOWN_KEYS = {
    "select", "extend-select", "ignore", "per-file-ignores", "exclude", "extend-exclude",
    "setup-methods", "extend-setup-methods", "level", "confirm", "strategy", "preload-module-classes",
    "fsdp-units", "fsdp-forward-methods", "z3-leaf-modules",
    "fix", "unsafe-fixes", "fixable", "extend-fixable", "unfixable", "tree-kind",
}


def find_pyproject(start: Path) -> Path | None:
    start = start.resolve()
    for directory in [start if start.is_dir() else start.parent, *start.parents]:
        candidate = directory / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def load_settings(start: Path, explicit: Path | None = None) -> Settings:
    path = explicit or find_pyproject(start)
    settings = Settings(config_path=path)
    if path is None:
        return settings
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"{path}: cannot read configuration: {error}") from error
    table = data.get("tool", {}).get("offload-lint")
    if table is None:
        return settings
    unknown = set(table) - _KNOWN_KEYS
    if unknown:
        raise ConfigError(f"{path}: unknown key(s) in [tool.offload-lint]: {', '.join(sorted(unknown))}")
    settings.select = _codes(table, "select", path) if "select" in table else None
    settings.extend_select = _codes(table, "extend-select", path)
    settings.ignore = _codes(table, "ignore", path)
    settings.exclude = _strings(table, "exclude", path) + _strings(table, "extend-exclude", path)
    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise ConfigError(f"{path}: per-file-ignores must be a table of pattern = [codes]")
    settings.per_file_ignores = {pattern: _as_codes(codes, path) for pattern, codes in per_file.items()}
    if "setup-methods" in table:
        settings.setup_methods = frozenset(_strings(table, "setup-methods", path))
    settings.setup_methods |= frozenset(_strings(table, "extend-setup-methods", path))
    if "level" in table and "strategy" in table:
        raise ConfigError(f"{path}: give either level or strategy, not both")
    if "level" in table:
        settings.levels = parse_level(str(table["level"]))
    if "strategy" in table:
        settings.levels = parse_strategy(",".join(_strings(table, "strategy", path)), path)
    settings.declarations = Declarations(
        preload_module_classes=frozenset(_strings(table, "preload-module-classes", path)),
        fsdp_units=frozenset(_strings(table, "fsdp-units", path)),
        fsdp_forward_methods=frozenset(_strings(table, "fsdp-forward-methods", path)),
        z3_leaf_modules=frozenset(_strings(table, "z3-leaf-modules", path)),
    )
    settings.fix = _flag(table, "fix", path)
    settings.unsafe_fixes = _flag(table, "unsafe-fixes", path)
    if "fixable" in table:
        settings.fixable = _fix_codes(table, "fixable", path)
    settings.fixable = settings.fixable + _fix_codes(table, "extend-fixable", path)
    settings.unfixable = _fix_codes(table, "unfixable", path)
    if "tree-kind" in table:
        settings.tree_kind = parse_tree_kind(table["tree-kind"], path)
    return settings


def parse_tree_kind(value: object, where: Path | str = "--tree-kind") -> str:
    from .tree import TREE_KINDS

    if value not in TREE_KINDS:
        raise ConfigError(f"{where}: tree-kind must be one of {', '.join(TREE_KINDS)}, not {value!r}")
    return str(value)


def parse_strategy(text: str, where: Path | str = "--strategy") -> tuple[str, ...]:
    try:
        return parse_strategies(text)
    except UnknownStrategy as error:
        raise ConfigError(f"{where}: {error}") from error


def _flag(table: dict, key: str, path: Path) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise ConfigError(f"{path}: {key} must be true or false")
    return value


def _fix_codes(table: dict, key: str, path: Path) -> list[str]:
    """Codes, prefixes or ``ALL``."""
    return _codes(table, key, path)


def parse_level(text: str) -> tuple[str, ...]:
    if text in ("both", "all"):
        return ALL_LEVELS
    if text in ALL_LEVELS:
        return (text,)
    raise ConfigError(f"unknown level {text!r}: use block, leaf or both")


def _strings(table: dict, key: str, path: Path) -> list[str]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: {key} must be a list of strings")
    return value


def _codes(table: dict, key: str, path: Path) -> list[str]:
    return _as_codes(table.get(key, []), path)


def _as_codes(value, path: Path) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: rule selections must be lists of codes such as \"OFL101\"")
    return [v.strip().upper() for v in value]


def is_selected(code: str, settings: Settings, default_codes: set[str]) -> bool:
    """ruff-style selection: the longest matching prefix among select/ignore wins.

    Without ``select`` every rule is selected through the implicit prefix ``OFL``, except
    rules that are off by default: those need a selector of their own.
    """
    implicit = settings.select is None
    selected = ["OFL"] if implicit else settings.select
    selectors = [(s, True, implicit) for s in selected]
    selectors += [(s, True, False) for s in settings.extend_select] + [(s, False, False) for s in settings.ignore]
    best: tuple[int, bool, bool] | None = None
    for prefix, on, from_default in selectors:
        if code.startswith(prefix) and (best is None or len(prefix) >= best[0]):
            best = (len(prefix), on, from_default)
    if best is None or not best[1]:
        return False
    return code in default_codes or not best[2]


def is_selected_for_fix(code: str, fixable: tuple[str, ...] | list[str], unfixable: tuple[str, ...] | list[str]) -> bool:
    """ruff's ``fixable``/``unfixable``: prefixes (or ``ALL``); ``unfixable`` wins."""
    def matches(selectors) -> bool:
        return any(selector == "ALL" or code.startswith(selector) for selector in selectors)

    return matches(fixable) and not matches(unfixable)


def ignored_for_file(code: str, path: str, settings: Settings) -> bool:
    if not settings.per_file_ignores:  # asked per finding: two realpath calls each (1 % of a run) for nothing
        return False
    base = settings.config_path.parent if settings.config_path else Path.cwd()
    try:
        relative = Path(os.path.realpath(path)).relative_to(os.path.realpath(base)).as_posix()
    except ValueError:
        relative = Path(path).as_posix()
    for pattern, codes in settings.per_file_ignores.items():
        if fnmatch.fnmatch(relative, pattern) or fnmatch.fnmatch(Path(path).name, pattern):
            if any(code.startswith(c) for c in codes):
                return True
    return False
