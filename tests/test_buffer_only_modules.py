"""Modules that hold buffers and no parameters (fixtures/outside/buffer_only_criteria.py): no model anyone offloads
unless a model holds them as a child."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.lines import line_of

FIXTURE = FIXTURES / "outside" / "buffer_only_criteria.py"


def _findings():
    return lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1, show_suppressed=True)).findings


def test_a_criterion_built_beside_the_model_is_suppressed_with_the_reason():
    by_line = {f.line: f for f in _findings()}
    for marker in ("centers = (self.borders[:-1]", "return self.borders[logits.argmax(-1)]"):
        reason = by_line[line_of(FIXTURE, marker)].suppressed_by or ""
        assert "holds buffers and no parameters" in reason and "none a module holds" in reason, reason
    assert "built only by functions or plain objects" in by_line[line_of(FIXTURE, "return self.borders[")].suppressed_by


def test_the_same_kind_of_module_held_as_a_child_is_reported_and_confirmed(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    shown = [f for f in _findings() if not f.suppressed_by]
    assert sorted((f.code, f.class_name) for f in shown) == [("OFL101", "Binner"), ("OFL102", "BinnedRegressor")]
    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("buffer_only_criteria:BinnedRegressor", "expected_value", CheckConfig(level="block",
                                                                                           backend="tracking"))
    assert report.verdict == "confirmed" and "edges" in report.to_text(), report.to_text()
