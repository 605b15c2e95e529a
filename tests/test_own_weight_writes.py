"""OFL113's writes that run before offloading: kept, suppressed with the reason (the strategies fixture's markers
cover the shown ones)."""

from __future__ import annotations

from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.strategies import BY_KEY, parse_strategies

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "strategies" / "own_weight_writes.py"


def _suppressed() -> dict[str, str]:
    settings = Settings(levels=parse_strategies("all"))
    findings = lint(Options(paths=[str(FIXTURE)], settings=settings, jobs=1, show_suppressed=True)).findings
    return {f.method: f.suppressed_by for f in findings if f.code == "OFL113" and f.suppressed_by}


def test_a_setup_method_and_a_helper_only_init_calls_are_suppressed_with_why():
    suppressed = _suppressed()
    assert set(suppressed) == {"init_weights", "_zero_last", "reset_adapter"}
    assert "setup method" in suppressed["init_weights"]
    assert "Residual.__init__" in suppressed["_zero_last"]
    assert "add_adapter() creates its elements" in suppressed["reset_adapter"]


def test_which_strategies_lose_which_write_is_data():
    # In-place inits land on FSDP2's shard; copies into or out of its DTensor fail.
    assert [s.name for s in BY_KEY.values() if s.init_misses_weight] == ["accelerate-sequential", "zero3"]
    assert [s.name for s in BY_KEY.values() if s.write_misses_weight] == ["accelerate-sequential", "fsdp2", "zero3"]


def test_a_second_write_of_the_same_weight_is_a_related_location_of_the_first():
    settings = Settings(levels=parse_strategies("accelerate-sequential"))
    findings = lint(Options(paths=[str(FIXTURE)], settings=settings, jobs=1)).findings
    first = [f for f in findings if f.method == "load_merged" and f.attribute == "proj.weight"]
    assert len(first) == 1
    lines = FIXTURE.read_text().splitlines()
    assert [lines[place.line - 1].strip() for place in first[0].related] == [
        "self.proj.weight.data.mul_(2.0)  # a second write of the same weight: a related location of the first"]


@pytest.mark.parametrize("level", ["block", "leaf"])
def test_a_weight_set_to_a_flip_of_itself_meets_nothing_under_group_offloading(monkeypatch, level):
    """``w.set_(w.flip(0))`` (towhee's ``hack()``) is a write of the weight's own values back into it: no read of the
    weight meets the compute device, so only OFL113 (the strategies that lose the write) reports it; the run under
    diffusers' hooks agrees."""
    import warnings

    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    settings = Settings(levels=(level,))
    findings = lint(Options(paths=[str(FIXTURE)], settings=settings, jobs=1)).findings
    assert not [f for f in findings if f.method == "flip_in_place"]
    pytest.importorskip("deepspeed", reason="the fixture module imports deepspeed (pip install 'offload-lint[zero3]')")
    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("own_weight_writes:Residual", "flip_in_place", CheckConfig(level=level, backend="tracking"))
    assert report.verdict == "refuted", report.to_text()
