"""A buffer's comparison with a number is a tensor method on the buffer, not a child's method
(fixtures/core/buffer_comparisons.py): what it makes meets only the module's own buffers."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.strategies import parse_strategies
from tests.conftest import FIXTURES
from tests.lines import line_of

FIXTURE = FIXTURES / "core" / "buffer_comparisons.py"


def test_comparisons_combined_with_each_other_are_not_reported_a_masked_input_is():
    found = [(f.code, f.line) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings]
    assert ("OFL101", line_of(FIXTURE, "return x.masked_fill(self.l_harmonic.gt(lmax)")) in found
    assert not [line for code, line in found if line == line_of(FIXTURE, "mask = torch.bitwise_and(")]


def test_an_index_made_from_buffers_is_no_mismatch_where_the_stale_copy_is_a_cpu_tensor():
    """``table[:, :, self.coefficient_idx(...)]`` (fairchem's ``pre_compute_rotate_inv_rescale``): a CPU index picks from
    a CPU table, and torch copies a CPU index to a tensor on the compute device. Not checked at runtime: the tracking
    backend counts such an index as a compute access, which a GPU does not."""
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(levels=parse_strategies("all")), jobs=1)).findings
    assert not [f for f in found if f.line == line_of(FIXTURE, "mask = torch.bitwise_and(")]
    assert not [f for f in found if f.method == "rescale_table"]
