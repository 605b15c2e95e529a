"""A loop over the module's own blocks runs at least once (fixtures/core/container_loops.py): the value placed with
an offloaded weight's device reaches the output layer only through the blocks' hooks, which moved it."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.lines import line_of

FIXTURE = FIXTURES / "core" / "container_loops.py"


def _findings():
    return lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings


def test_the_placement_through_the_own_blocks_is_not_reported_the_handed_layers_one_is():
    by_class = {(f.class_name, f.code) for f in _findings()}
    assert ("Forecaster", "OFL105") not in by_class and ("HandedLayers", "OFL105") in by_class


def test_the_output_layer_is_where_the_blocks_output_meets_offloaded_weights(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    (finding,) = [f for f in _findings() if f.class_name == "Forecaster"]
    assert finding.line == line_of(FIXTURE, "            h = block(h)") + 1
    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("container_loops:Forecaster", "forecast", CheckConfig(level="block", backend="tracking"))
    assert report.verdict == "confirmed", report.to_text()
    assert f"container_loops.py:{finding.line}" in report.to_text() and "out.weight" in report.to_text()
