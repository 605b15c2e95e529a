"""Shared by the front-end tests: subprocess runners and two model sources."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A model whose root parameters are used outside forward(): two OFL101 findings on line 15.
BAD_MODEL = '''\
import torch
from torch import nn


class Prior(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.clip_mean = nn.Parameter(torch.zeros(1, dim))
        self.clip_std = nn.Parameter(torch.ones(1, dim))

    def forward(self, x):
        return self.proj(x)

    def post_process_latents(self, latents):
        return latents * self.clip_std + self.clip_mean
'''

GOOD_MODEL = BAD_MODEL.replace(
    "return latents * self.clip_std + self.clip_mean",
    "return latents * self.clip_std.to(latents.device) + self.clip_mean.to(latents.device)",
)


def flake8_can_read(path: Path) -> bool:
    """Whether flake8, which parses with the running interpreter before any plugin runs (E999 otherwise), can hand the
    file to the plugin: code written for a newer Python (PEP 695 type parameters) is read by offload-lint's own parser
    only (``fixtures/outside/newer_python_generics.py`` on Python 3.11)."""
    import ast

    try:
        ast.parse(path.read_bytes())
    except SyntaxError:
        return False
    return True


def checkout_env(**extra: str) -> dict[str, str]:
    """The environment for subprocesses: this checkout's code first on the path."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, **extra}


def _ofl_entry_point_installed() -> bool:
    return any(ep.name == "OFL" for ep in metadata.entry_points(group="flake8.extension"))


def run_flake8(*args: str, cwd: Path, extra_config: str = "") -> subprocess.CompletedProcess:
    """flake8 in a subprocess, with the plugin loaded from this checkout.

    An installed offload-lint registers the plugin through its entry point (this checkout's
    code wins through PYTHONPATH); without one, a local-plugins config registers it.
    """
    config = cwd / ".flake8-offload-test"
    lines = ["[flake8]", extra_config]
    if not _ofl_entry_point_installed():
        lines += ["[flake8:local-plugins]", "extension =", "    OFL = offload_lint.flake8_plugin:OffloadLintPlugin",
                  f"paths = {ROOT}"]
    config.write_text("\n".join(lines) + "\n")
    return subprocess.run(
        [sys.executable, "-m", "flake8", "--config", str(config), *args],
        cwd=cwd, env=checkout_env(), capture_output=True, text=True, timeout=120,
    )


def run_offload_lint(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "offload_lint", *args],
        cwd=cwd, env=env or checkout_env(), capture_output=True, text=True, timeout=120,
    )
