"""Static results do not depend on what else is installed, and both front ends agree everywhere.

Two environments: this interpreter (torch, diffusers, transformers installed) and a bare one,
``python -S`` with only the linter's own dependencies and flake8 on the path (torch is not
importable there, nor readable). The CLI and the flake8 plugin must report the same codes,
lines and columns for every file, in both.
"""

from __future__ import annotations

import importlib.metadata as metadata
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from frontend_helpers import ROOT, flake8_can_read

BARE_DISTRIBUTIONS = ("libcst", "pathspec", "pyyaml", "typing_extensions", "tomli",
                      "flake8", "pycodestyle", "pyflakes", "mccabe")
FLAKE8_FORMAT = "%(path)s %(row)d %(col)d %(code)s"
Position = tuple[str, int, int, str]


@pytest.fixture(scope="module")
def bare_site(tmp_path_factory) -> Path:
    """A directory holding only the linter's dependencies and flake8 (links to the installed ones)."""
    site = tmp_path_factory.mktemp("bare-site")
    for name in BARE_DISTRIBUTIONS:
        try:
            distribution = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        tops = {Path(str(f)).parts[0] for f in distribution.files or []
                if not str(f).startswith("..") and Path(str(f)).parts[0] != "__pycache__"}
        for top in tops:
            source = Path(str(distribution.locate_file(top)))
            if source.exists() and not (site / top).exists():
                (site / top).symlink_to(source)
    return site


# Run as the console scripts run (``python -m`` would put the working directory on sys.path).
CLI_SCRIPT = "import sys; from offload_lint.cli import main; sys.exit(main())"
FLAKE8_SCRIPT = "import sys; from flake8.main.cli import main; sys.exit(main())"


def environment(bare_site: Path | None) -> tuple[list[str], dict[str, str]]:
    """(interpreter command, environment): this one with everything, or the bare one."""
    if bare_site is None:
        return [sys.executable], {**os.environ, "PYTHONPATH": str(ROOT)}
    return [sys.executable, "-S"], {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(bare_site)])}


def cli(paths: list[str], cwd: Path, bare_site: Path | None) -> list[Position]:
    command, env = environment(bare_site)
    done = subprocess.run([*command, "-c", CLI_SCRIPT, "--no-cache", "--output-format", "json", *paths],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 1), done.stderr
    return sorted((f["path"], f["line"], f["column"], f["code"]) for f in json.loads(done.stdout))


def plugin_entry_point_visible(bare_site: Path | None) -> bool:
    command, env = environment(bare_site)
    done = subprocess.run([*command, "-c", "import importlib.metadata as m; "
                           "print(any(e.name == 'OFL' for e in m.entry_points(group='flake8.extension')))"],
                          env=env, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.strip() == "True"


def flake8(paths: list[str], cwd: Path, bare_site: Path | None) -> list[Position]:
    command, env = environment(bare_site)
    config = cwd.parent / f"flake8-{'bare' if bare_site else 'full'}.cfg"
    lines = ["[flake8]"]
    if not plugin_entry_point_visible(bare_site):  # e.g. no egg-info next to the checkout: register it
        lines += ["[flake8:local-plugins]", "extension =", "    OFL = offload_lint.flake8_plugin:OffloadLintPlugin",
                  f"paths = {ROOT}"]
    config.write_text("\n".join(lines) + "\n")
    done = subprocess.run([*command, "-c", FLAKE8_SCRIPT, "--config", str(config), "--select", "OFL",
                           "--format", FLAKE8_FORMAT, *paths],
                          cwd=cwd, env={**env, "OFFLOAD_LINT_NO_CACHE": "1"}, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    found = []
    for line in done.stdout.splitlines():
        path, row, col, code = line.split()
        found.append((os.path.normpath(path), int(row), int(col), code))
    return sorted(found)


def test_the_bare_environment_has_no_torch(bare_site: Path) -> None:
    command, env = environment(bare_site)
    done = subprocess.run([*command, "-c", "import torch"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "No module named 'torch'" in done.stderr
    done = subprocess.run([*command, "-c", "import libcst, flake8, offload_lint.flake8_plugin"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def fixture_project(tmp_path_factory) -> Path:
    """The example models as a user's project (a pyproject.toml at the top)."""
    project = tmp_path_factory.mktemp("env") / "project"
    for name in ("core", "outside"):
        shutil.copytree(ROOT / "fixtures" / name, project / name, ignore=shutil.ignore_patterns("__pycache__"))
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    return project


def test_fixture_findings_are_the_same_in_every_environment_and_front_end(fixture_project: Path,
                                                                         bare_site: Path) -> None:
    reference = cli(["core", "outside"], fixture_project, None)
    assert len({code for _, _, _, code in reference}) >= 8, "the fixtures exercise most rules"
    assert cli(["core", "outside"], fixture_project, bare_site) == reference
    readable = [position for position in reference if flake8_can_read(fixture_project / position[0])]
    assert flake8(["core", "outside"], fixture_project, None) == readable
    assert flake8(["core", "outside"], fixture_project, bare_site) == readable


# A library laid out like diffusers (the model base class in another subpackage), in a folder
# with neither pyproject.toml nor git: flake8's project is then the file's own folder.
LIBRARY = {
    "mylib/__init__.py": "",
    "mylib/models/__init__.py": "",
    "mylib/models/modeling_utils.py": '''\
from torch import nn


class ModelBase(nn.Module):
    def describe(self):
        return type(self).__name__
''',
    "mylib/models/transformers/__init__.py": "",
    "mylib/models/transformers/transformer.py": '''\
from torch import nn

from ..modeling_utils import ModelBase


class Norm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.emb = nn.Linear(dim, dim)
        self.linear = nn.Linear(dim, dim)

    def forward(self, x):
        return self.linear(self.emb(x))


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm1 = Norm(dim)

    def forward(self, x):
        return self.norm1(x)


class Transformer(ModelBase):
    def __init__(self, dim=8):
        super().__init__()
        self.transformer_blocks = nn.ModuleList([Block(dim) for _ in range(2)])

    def forward(self, x):
        for block in self.transformer_blocks:
            x = block(x)
        return self.output(x)

    def output(self, x):
        return self.transformer_blocks[0].norm1.emb(x)
''',
}


@pytest.mark.parametrize("bare", [False, True], ids=["full", "bare"])
def test_one_file_through_flake8_sees_its_base_class_from_the_same_tree(tmp_path: Path, bare_site: Path,
                                                                         bare: bool) -> None:
    tree = tmp_path / "checkout"
    for name, text in LIBRARY.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text)
    site = bare_site if bare else None
    whole = cli(["mylib/models"], tree, site)
    assert [code for *_, code in whole] == ["OFL203"], whole
    one_file = "mylib/models/transformers/transformer.py"
    assert flake8([one_file], tree, site) == whole
    assert cli([one_file], tree, site) == whole
