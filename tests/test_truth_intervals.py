"""The per-strategy scorer's 95 % Wilson intervals (benchmarks/truth/score_strategies.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks" / "truth"))

from score_strategies import interval, wilson  # noqa: E402


def test_wilson_matches_the_closed_form_for_a_textbook_case():
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)


def test_all_or_nothing_still_has_an_interval_of_width():
    assert wilson(5, 5)[1] == 1.0 and wilson(5, 5)[0] == pytest.approx(0.5655, abs=1e-4)
    assert wilson(0, 5)[0] == 0.0 and wilson(0, 5)[1] == pytest.approx(0.4345, abs=1e-4)


def test_no_trials_has_no_interval():
    assert wilson(0, 0) is None
    assert interval(0, 0) == "—"
    assert interval(23, 26) == "[71, 96]"


def test_the_scorers_tell_a_line_run_after_the_forward_from_a_method_run_before_offloading():
    """A finding kept suppressed because its method runs only before offloading still flags its line (the sets'
    labels are what the line does when it runs under the strategy); one kept suppressed because the line runs after
    the component's own forward does not, unless asked to count every suppressed finding; shown only, neither does."""
    from score import ALL_SUPPRESSED, NO_SUPPRESSED, ONLOADED_AFTER_FORWARD, flags

    from offload_lint.analyze import components
    from offload_lint.analyze.semantics import Offload

    assert ONLOADED_AFTER_FORWARD == components.ONLOADED_AFTER_FORWARD
    after = components.KeptAfterForward(("model-cpu-offload",), "text_encoder", 12, Offload(("model-cpu-offload",)))
    assert not flags({"suppressed_by": after.reason})
    assert flags({"suppressed_by": after.reason}, ALL_SUPPRESSED)
    before_offloading = {"suppressed_by": "init_weights() runs only before the model can be offloaded"}
    assert flags(before_offloading)
    assert not flags(before_offloading, NO_SUPPRESSED)
    assert flags({"suppressed_by": None}, NO_SUPPRESSED)
