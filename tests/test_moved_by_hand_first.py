"""A model's method that moves the whole model to the compute device by hand before calling a child's method
(fixtures/core/moved_by_hand_first.py; issue 22 round bo, cause EA: pyhealth's ``HALO.generate``): the block-level
findings it reaches are kept suppressed with the reason; without the move, or with the model's own forward run after
it, they stay shown. Runs under diffusers' hooks agree."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "moved_by_hand_first.py"


def _findings(**settings):
    return lint(Options(paths=[str(FIXTURE)], settings=Settings(**settings), jobs=1, show_suppressed=True)).findings


def test_shown_and_suppressed_as_marked():
    shown, suppressed = expected(FIXTURE.read_text())
    found = _findings()
    assert sorted(("", f.line, f.code) for f in found if not f.suppressed_by) == sorted(shown.elements())
    assert sorted(("", f.line, f.code) for f in found if f.suppressed_by) == sorted(suppressed.elements())


def test_the_reason_names_the_move():
    reasons = {f.class_name: f.suppressed_by for f in _findings() if f.suppressed_by}
    assert reasons["MovedHead"].startswith("reached only from Generator.generate(), which moves the whole model")
    assert "self.to(...) at line" in reasons["Generator"]


def test_a_strategy_where_a_move_does_not_hold_keeps_them():
    found = _findings(levels=("block", "fsdp2"))
    assert not any(f.suppressed_by for f in found if f.class_name in ("Generator", "MovedHead")
                   and "fsdp2" in f.levels)


def test_a_helper_reached_only_from_a_moving_method_names_it():
    reasons = {f.class_name: f.suppressed_by for f in _findings() if f.suppressed_by}
    assert reasons["Features"].startswith("features() is reached only from representations(), which moves Features")


@pytest.mark.parametrize(("cls", "verdict"), [("Generator", "refuted"), ("Unmoved", "confirmed"),
                                              ("RunsItselfAfter", "confirmed")])
def test_the_runs_under_the_hooks_agree(monkeypatch, cls, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm(f"moved_by_hand_first:{cls}", "generate", CheckConfig(level="block", backend="tracking"))
    assert report.verdict == verdict, report.to_text()


def test_the_moving_method_runs_its_helper_under_the_hooks(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    config = CheckConfig(level="block", backend="tracking")
    assert confirm("moved_by_hand_first:Features", "features", config).verdict == "confirmed"  # called alone
    report = confirm("moved_by_hand_first:Features", "representations", config)
    assert report.verdict == "refuted", report.to_text()
