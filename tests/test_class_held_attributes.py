"""A component's class-body attribute holding a class is called as a class (fixtures/core/class_held_attributes.py):
no finding there; a child's method driven from outside stays reported, and its run under diffusers' block-level hooks
confirms it."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "class_held_attributes.py"


def test_a_class_held_in_a_class_attribute_is_no_submodule():
    found = {(f.method, f.code) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings}
    assert found == {("scores", "OFL201")}


def test_the_formatter_call_meets_nothing_the_child_method_meets_offloaded_weights(monkeypatch):
    import torch
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    import class_held_attributes as fixture

    report = confirm("class_held_attributes:AttributionModel", "score",
                     CheckConfig(level="block", backend="tracking",
                                 call=lambda model: fixture.FeatureAttribution(model).scores(torch.randn(2, 4))))
    assert report.verdict == "confirmed" and "scorer.proj.weight" in report.to_text(), report.to_text()
    report = confirm("class_held_attributes:AttributionModel", "attribute",
                     CheckConfig(level="block", backend="tracking",
                                 call=lambda model: fixture.InputFormatter.prepare_inputs(model, torch.ones(2, 3))))
    assert report.verdict == "refuted", report.to_text()
