"""Module names belong to their root: two copies of one package in one run do not shadow each other.

Two versions of ``pkg`` differ exactly where a mix-up shows: in version 1 ``Base.scale`` is a
parameter, so ``Model.rescale`` (which reads it outside ``forward``) is an OFL101 finding, and
``Model.encode`` calls ``self.proj`` outside ``forward`` (OFL102); in version 2 ``scale`` is a
float and ``encode`` reads ``self.proj.weight`` (OFL103). Linted together, each copy must
report what it reports alone.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "frontends"))
from frontend_helpers import run_flake8  # noqa: E402

BASE = '''\
import torch
from torch import nn


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = {scale}
'''
MODEL = '''\
import torch.nn.functional as F
from torch import nn

from .base import Base


class Model(Base):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        return self.proj(x)

    def rescale(self, x):
        return x * self.scale

    def encode(self, x):
        return {encode}
'''
VERSIONS = {
    "a": {"scale": "nn.Parameter(torch.ones(4))", "encode": "self.proj(x)"},
    "b": {"scale": "1.0", "encode": "F.linear(x, self.proj.weight)"},
}


def write_copy(directory: Path, version: str) -> None:
    package = directory / version / "pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "base.py").write_text(BASE.format(**VERSIONS[version]))
    (package / "model.py").write_text(MODEL.format(**VERSIONS[version]))


def lint(cwd: Path, *paths: str) -> list[tuple[str, int, int, str, str]]:
    done = subprocess.run([sys.executable, "-m", "offload_lint", "--no-cache", "--output-format", "json", *paths],
                          cwd=cwd, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode in (0, 1), done.stderr
    return sorted((f["path"], f["line"], f["column"], f["code"], f["message"]) for f in json.loads(done.stdout))


@pytest.fixture
def two_copies(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    write_copy(tmp_path, "a")
    write_copy(tmp_path, "b")
    return tmp_path


def test_each_copy_alone_has_its_own_finding(two_copies: Path) -> None:
    alone_a, alone_b = lint(two_copies, "a/pkg"), lint(two_copies, "b/pkg")
    assert [(f[0], f[3]) for f in alone_a] == [("a/pkg/model.py", "OFL101"), ("a/pkg/model.py", "OFL102")]
    assert [(f[0], f[3]) for f in alone_b] == [("b/pkg/model.py", "OFL103")]


@pytest.mark.parametrize("order", [("a/pkg", "b/pkg"), ("b/pkg", "a/pkg")])
def test_two_copies_linted_together_give_each_copys_findings(two_copies: Path, order: tuple[str, str]) -> None:
    together = lint(two_copies, *order)
    assert together == sorted(lint(two_copies, "a/pkg") + lint(two_copies, "b/pkg"))


def test_the_parent_directory_of_both_copies_too(two_copies: Path) -> None:
    assert lint(two_copies, ".") == sorted(lint(two_copies, "a/pkg") + lint(two_copies, "b/pkg"))


def test_a_module_of_the_root_that_is_not_linted_is_read_from_the_root(two_copies: Path) -> None:
    """Only model.py named: its base class comes from the same tree, not from the other copy
    and not from whatever is installed."""
    for version in ("a", "b"):
        alone = lint(two_copies, f"{version}/pkg")
        assert lint(two_copies, f"{version}/pkg/model.py") == alone
        assert lint(two_copies, f"{version}/pkg/model.py", "a/pkg" if version == "b" else "b/pkg") == sorted(
            lint(two_copies, "a/pkg") + lint(two_copies, "b/pkg"))


def test_flake8_sees_each_copy_as_the_cli_does(two_copies: Path) -> None:
    for version in ("a", "b"):
        done = run_flake8("--select", "OFL", "--format", "%(path)s %(row)d %(col)d %(code)s",
                          f"{version}/pkg/model.py", cwd=two_copies)
        got = [tuple(line.split()) for line in done.stdout.splitlines()]
        expected = [(path, str(line), str(column), code) for path, line, column, code, _ in lint(two_copies, f"{version}/pkg")]
        assert got == expected, done.stdout + done.stderr
