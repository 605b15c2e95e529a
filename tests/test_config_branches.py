"""Branches a config field opens that every config class of an application's tree leaves shut
(``offload_lint/analyze/config_branches.py``): their findings are kept with the reason; a library's are reported, since
its users' checkpoints set such fields."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from offload_lint.engine import Options, lint
from tests.markers import expected

APP = Path(__file__).resolve().parent.parent / "fixtures" / "config_branches_app"


def _checkout(tmp_path: Path, library: bool) -> Path:
    root = tmp_path / "app"
    shutil.copytree(APP, root)
    (root / ".git").mkdir()
    if library:
        (root / "pyproject.toml").write_text('[project]\nname = "sliced-llama"\n')
    return root


def _found(root: Path) -> tuple[Counter, Counter]:
    findings = lint(Options(paths=[str(root)], jobs=1, show_suppressed=True)).findings
    key = lambda f: (Path(f.path).name, f.line, f.code)  # noqa: E731
    return (Counter(key(f) for f in findings if not f.suppressed_by),
            Counter(key(f) for f in findings if f.suppressed_by))


def test_an_application_keeps_findings_in_shut_branches_with_the_reason(tmp_path):
    root = _checkout(tmp_path, library=False)
    shown, suppressed = _found(root)
    assert (shown, suppressed) == expected((root / "model.py").read_text(), "model.py")
    reasons = [f.suppressed_by for f in lint(Options(paths=[str(root)], jobs=1, show_suppressed=True)).findings
               if f.suppressed_by]
    assert reasons and all("defaults pretraining_tp to 1 (SlicedLlamaConfig)" in reason for reason in reasons)


@pytest.mark.parametrize("setting", ["config", "library"])
def test_a_config_file_or_a_library_keeps_them_reported(tmp_path, setting):
    root = _checkout(tmp_path, library=setting == "library")
    if setting == "config":
        (root / "llama.json").write_text('{"hidden_size": 8, "pretraining_tp": 2}\n')
    shown, suppressed = _found(root)
    _, marked_suppressed = expected((root / "model.py").read_text(), "model.py")
    # The branches' findings are shown (a later read of the same weight is then one of their related places).
    assert not suppressed and marked_suppressed and all(key in shown for key in marked_suppressed)
