"""Branches on a constructor option stored as it is, which every construction in the tree leaves at its default
(fixtures/core/option_branches.py, ``analyze/config_branches.py``): their findings are kept with the reason, and at
runtime the model the tree builds never takes them, while the same class built with the option on meets the
offloaded weight."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "option_branches.py"


def _found(path: Path):
    return lint(Options(paths=[str(path)], settings=Settings(), jobs=1, show_suppressed=True)).findings


def test_findings_in_branches_the_defaults_shut_are_kept_with_the_reason():
    findings = _found(FIXTURE)
    key = lambda f: ("", f.line, f.code)  # noqa: E731
    shown = [f for f in findings if not f.suppressed_by]
    suppressed = [f for f in findings if f.suppressed_by]
    assert (sorted(map(key, shown)), sorted(map(key, suppressed))) == tuple(
        sorted(counter.elements()) for counter in expected(FIXTURE.read_text()))
    reasons = {f.class_name: f.suppressed_by for f in suppressed}
    assert "self.tp_slices is the constructor's tp_slices (default 1)" in reasons["SlicingAttention"]
    assert "runs only when `self.fuse_final_norm` (line" in reasons["FusableNorm"]


def test_an_option_passed_in_another_file_opens_the_branch(tmp_path):
    """The constructions are the tree's: a second file building the class with the option on keeps it reported."""
    (tmp_path / "option_branches.py").write_text(FIXTURE.read_text())
    (tmp_path / "build.py").write_text("from option_branches import SlicingAttention\n\n"
                                       "def sliced():\n    return SlicingAttention(8, tp_slices=2)\n")
    findings = _found(tmp_path)
    assert [f for f in findings if f.class_name == "SlicingAttention" and not f.suppressed_by]


def build_sliced():
    from option_branches import SlicingAttention

    return SlicingAttention(8, tp_slices=2)


@pytest.mark.parametrize(("factory", "verdict"), [(None, "refuted"), ("test_option_branches:build_sliced", "confirmed")])
def test_the_default_build_never_takes_the_branch_the_option_does(monkeypatch, factory, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    warnings.simplefilter("ignore")
    report = confirm("option_branches:SlicingAttention", "forward",
                     CheckConfig(level="leaf", backend="tracking", factory=factory))
    assert report.verdict == verdict, report.to_text()


def test_a_library_keeps_them_for_a_class_it_exports(tmp_path):
    """In a library, a class named in ``__all__`` is a building block its users build with their own options (PyG's
    ``BatchNorm(allow_single_element=True)``): its branch stays reported; an unexported class's is still kept."""
    package = tmp_path / "sliced"
    package.mkdir()
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "sliced"\n')
    (package / "option_branches.py").write_text(FIXTURE.read_text())
    (package / "__init__.py").write_text('from .option_branches import SlicingAttention\n\n__all__ = ["SlicingAttention"]\n')
    findings = _found(tmp_path)
    assert [f for f in findings if f.class_name == "SlicingAttention" and not f.suppressed_by]
    assert [f for f in findings if f.class_name == "FusableNorm" and f.suppressed_by]
