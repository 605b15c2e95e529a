"""A buffer's comparison with a number is a tensor method on the buffer, not a child's method
(fixtures/core/buffer_comparisons.py): what it makes meets only the module's own buffers."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.lines import line_of

FIXTURE = FIXTURES / "core" / "buffer_comparisons.py"


def test_comparisons_combined_with_each_other_are_not_reported_a_masked_input_is():
    found = [(f.code, f.line) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings]
    assert ("OFL101", line_of(FIXTURE, "return x.masked_fill(self.l_harmonic.gt(lmax)")) in found
    assert not [line for code, line in found if line == line_of(FIXTURE, "mask = torch.bitwise_and(")]


def test_the_masked_input_meets_the_offloaded_buffer_at_runtime(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("buffer_comparisons:MaskedGrid", "forward", CheckConfig(level="leaf", backend="tracking"))
    assert report.verdict == "confirmed", report.to_text()
    assert f"buffer_comparisons.py:{line_of(FIXTURE, 'return x.masked_fill(')}" in report.to_text()
