"""``[tool.offload-lint.confirm]`` in pyproject.toml: per-class factories and calls.

    [tool.offload-lint.confirm]
    backend = "auto"          # optional default backend
    level = "both"            # optional default level
    timeout = 30              # CPU seconds per check (one method at one level); 0 = no limit
    memory_limit = 4096       # MiB a check's process may add (each module's checks run in a child); 0 = no limit
    isolate = true            # false: run every check in this process (no memory limit, a crash ends the run)
    offline = true            # HF_HUB_OFFLINE/TRANSFORMERS_OFFLINE while confirming
    tests = "../diffusers"     # a diffusers checkout (or its tests/): pipelines its tests build are run as they build them
    [tool.offload-lint.confirm.targets]
    "mypkg.mod:Cls" = { factory = "mypkg.tests:make_model", call = "mypkg.tests:call_scale" }

Class entries may also sit directly in the table (any key containing ":").
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.10
    import tomli as tomllib


DEFAULT_MEMORY_LIMIT_MIB = 4096  # what one check's process may add: a tiny model needs well under 1 GiB


@dataclass(frozen=True)
class TargetConfig:
    factory: str | None = None  # "pkg.mod:func" returning the nn.Module
    call: str | None = None  # "pkg.mod:func" taking (module) or (module, device)
    steps: tuple[str, ...] = ()
    block_modules: tuple[str, ...] | None = None


@dataclass(frozen=True)
class ConfirmConfig:
    targets: dict[str, TargetConfig] = field(default_factory=dict)
    backend: str = "auto"
    level: str = "both"
    path: str | None = None
    timeout: float | None = 30.0  # per target check; None = no limit
    offline: bool = True
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT_MIB  # MiB per check process (isolate.py); None = no limit
    isolate: bool = True  # each module's checks in a forked child (isolate.py)
    # A diffusers checkout, its ``tests/`` or a folder inside it: a pipeline one of its tests names is built from
    # that test's get_dummy_components() and called with its get_dummy_inputs() before the tiny builder is tried.
    tests: str | None = None

    def for_target(self, target: str) -> TargetConfig:
        return self.targets.get(_normal_target(target), TargetConfig())


def _normal_target(target: str) -> str:
    """'pkg.mod.Cls' and 'pkg.mod:Cls' name the same class."""
    if ":" in target:
        return target
    module, _, name = target.rpartition(".")
    return f"{module}:{name}"


def find_pyproject(start: str | os.PathLike[str] | None = None) -> Path | None:
    directory = Path(start or os.getcwd()).resolve()
    for candidate in (directory, *directory.parents):
        path = candidate / "pyproject.toml"
        if path.is_file():
            return path
    return None


def parse_confirm_table(table: dict[str, Any], path: str | None = None) -> ConfirmConfig:
    entries: dict[str, Any] = dict(table.get("targets", {}))
    entries.update({key: value for key, value in table.items() if ":" in key and isinstance(value, dict)})
    targets = {}
    for key, value in entries.items():
        if not isinstance(value, dict):
            raise ValueError(f"[tool.offload-lint.confirm] entry {key!r} must be a table")
        block_modules = value.get("block_modules")
        targets[_normal_target(key)] = TargetConfig(
            factory=value.get("factory"),
            call=value.get("call"),
            steps=tuple(value.get("steps", ())),
            block_modules=tuple(block_modules) if block_modules is not None else None,
        )
    timeout = table.get("timeout", 30.0)
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))):
        raise ValueError(f"[tool.offload-lint.confirm] timeout must be a number of seconds, not {timeout!r}")
    memory_limit = table.get("memory_limit", DEFAULT_MEMORY_LIMIT_MIB)
    if isinstance(memory_limit, bool) or not isinstance(memory_limit, int) or memory_limit < 0:
        raise ValueError(f"[tool.offload-lint.confirm] memory_limit must be a whole number of MiB, not {memory_limit!r}")
    isolate = table.get("isolate", True)
    if not isinstance(isolate, bool):
        raise ValueError(f"[tool.offload-lint.confirm] isolate must be true or false, not {isolate!r}")
    tests = table.get("tests")
    if tests is not None and not isinstance(tests, str):
        raise ValueError(f"[tool.offload-lint.confirm] tests must be a path to a diffusers checkout, not {tests!r}")
    if tests and path and not os.path.isabs(tests):  # relative to the pyproject.toml that names it
        tests = os.path.join(os.path.dirname(os.path.abspath(path)), tests)
    return ConfirmConfig(targets, str(table.get("backend", "auto")), str(table.get("level", "both")), path,
                         float(timeout) if timeout else None, bool(table.get("offline", True)),
                         memory_limit or None, isolate, tests or None)


def load_confirm_config(start: str | os.PathLike[str] | None = None) -> ConfirmConfig:
    """Read the nearest pyproject.toml (a file path or a directory to search upward from)."""
    path = Path(start) if start is not None and Path(start).is_file() else find_pyproject(start)
    if path is None:
        return ConfirmConfig()
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    table = data.get("tool", {}).get("offload-lint", {}).get("confirm", {})
    return parse_confirm_table(table, str(path))
