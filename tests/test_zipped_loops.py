"""A loop over ``zip`` of plain values and the module's own container binds its elements
(fixtures/core/zipped_loops.py): the bias read after the element ran is reported and confirmed under diffusers'
hooks at both levels; calling the elements only is neither."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.lines import line_of

FIXTURE = FIXTURES / "core" / "zipped_loops.py"


def test_the_bias_of_a_zipped_element_is_reported():
    found = {(f.class_name, f.code, f.line) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings}
    assert found == {("MultiWrap", "OFL103", line_of(FIXTURE, "layer.conv_tr.bias.view(1, -1, 1, 1)  # OFL103"))}


def test_the_runs_confirm_the_bias_and_refute_the_calls(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    wrapped = confirm("zipped_loops:MultiWrap", "forward", CheckConfig(level="both", backend="tracking"))
    assert wrapped.verdict == "confirmed" and "conv_tr.bias" in wrapped.to_text(), wrapped.to_text()
    scaled = confirm("zipped_loops:ScaledLayers", "forward", CheckConfig(level="both", backend="tracking"))
    assert scaled.verdict == "refuted", scaled.to_text()
