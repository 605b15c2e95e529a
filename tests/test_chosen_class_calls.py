"""A child built by calling a class chosen in an expression is either class's instance
(fixtures/core/chosen_class_calls.py): its weight read in forward is reported at leaf level, which the run under
diffusers' hooks confirms (and refutes at block level, where forward onloads it)."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "chosen_class_calls.py"


def test_the_chosen_norm_s_weight_is_reported_at_leaf_level_the_activations_are_not():
    found = [(f.class_name, f.code, f.levels) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings]
    assert found == [("ChosenNorm", "OFL104", ("leaf",))]


def test_the_run_confirms_leaf_and_refutes_block(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("chosen_class_calls:ChosenNorm", "forward", CheckConfig(level="both", backend="tracking"))
    assert report.verdict_at("leaf") == "confirmed" and report.verdict_at("block") == "refuted", \
        report.to_text()
