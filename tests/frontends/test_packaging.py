"""What a user installs: every subpackage, the rule docs inside the wheel, the entry points,
and ``offload-lint rule`` reading the docs from the installed package."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from offload_lint.rules import ALL_RULES
from offload_lint.ruledocs import all_docs

from frontend_helpers import ROOT, run_offload_lint

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
DOC_CODES = sorted(all_docs())


def test_every_subpackage_is_listed_in_pyproject() -> None:
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(directory.relative_to(ROOT).parts)
        for directory in (ROOT / "offload_lint").rglob("*")
        if directory.is_dir() and directory.name != "__pycache__" and any(directory.glob("*.py"))
    } | {"offload_lint"}
    assert on_disk - listed == set(), "subpackages a wheel would leave out"
    assert "offload_lint.rule_docs" in listed


def test_rule_names_are_unique_too() -> None:
    names = [rule.name for rule in ALL_RULES]
    assert len(names) == len(set(names))


# --- offload-lint rule ----------------------------------------------------------------------------
@pytest.mark.parametrize("code", DOC_CODES)
def test_rule_prints_the_doc(code: str) -> None:
    done = run_offload_lint("rule", code.lower(), cwd=ROOT)
    assert done.returncode == 0
    assert done.stdout == all_docs()[code]


def test_rule_all_prints_every_doc_in_order() -> None:
    done = run_offload_lint("rule", "--all", cwd=ROOT)
    assert done.returncode == 0
    positions = [done.stdout.find(f"# {code} ") for code in DOC_CODES]
    assert all(p >= 0 for p in positions) and positions == sorted(positions)


def test_rule_unknown_code_is_an_error() -> None:
    done = run_offload_lint("rule", "OFL999", cwd=ROOT)
    assert done.returncode == 2 and "no rule 'OFL999'" in done.stderr


# --- the wheel --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel built from a copy of this checkout (building in place would leave build/ behind)."""
    source = tmp_path_factory.mktemp("source")
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
         "-w", str(out), str(source)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = out.glob("offload_lint-*.whl")
    return built


def test_wheel_ships_rule_docs_plugin_and_entry_points(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"offload_lint/rule_docs/{code}.md" for code in DOC_CODES} <= names
    assert "offload_lint/flake8_plugin.py" in names
    assert {"offload_lint/report/github.py", "offload_lint/report/sarif.py"} <= names
    (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[flake8.extension]\nOFL = offload_lint.flake8_plugin:OffloadLintPlugin" in text


def test_installed_wheel_reads_docs_from_the_package(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target", str(target),
                    str(wheel)], capture_output=True, check=True, timeout=300)
    # -S: no site-packages, so neither this checkout nor an editable install can supply the docs.
    done = subprocess.run(
        [sys.executable, "-S", "-c",
         "from offload_lint.ruledocs import all_docs, docs_directory; print(docs_directory()); print(sorted(all_docs()))"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(target)}, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    directory, codes = done.stdout.splitlines()
    assert Path(directory).resolve() == (target / "offload_lint" / "rule_docs").resolve()
    assert codes == repr(DOC_CODES)
