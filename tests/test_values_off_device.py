"""Values that never reach the compute device (fixtures/core/values_off_device.py): what the messages say where a finding stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.lines import line_of

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "core" / "values_off_device.py"


@pytest.fixture(scope="module")
def findings():
    return lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings


def test_a_plain_objects_method_is_followed_into_its_arithmetic(findings):
    line = line_of(FIXTURE, "self.ema.update_average(self.centers, batch_centers)")
    (finding,) = [f for f in findings if f.line == line]
    assert "(inside self.ema.update_average())" in finding.message
    assert "old * self.beta + (1 - self.beta) * new" in finding.message
    assert "which has no hook" not in finding.message


def test_the_ema_of_one_group_written_back_is_not_reported(findings):
    line = line_of(FIXTURE, "self.ema.update_average(self.centers, self.last_centers)")
    assert not [f for f in findings if f.line == line]


def test_only_zero_dim_placements_clear_a_device_read(findings):
    kept = line_of(FIXTURE, "device = self.history.device")
    cleared = line_of(FIXTURE, "device = self.max_val.device")
    assert [f.code for f in findings if f.line == kept] == ["OFL105"]
    assert not [f for f in findings if f.line == cleared]


def test_a_read_after_re_registering_is_the_new_tensor_only_in_the_same_block(findings):
    cleared = line_of(FIXTURE, "self.original_inv_freq = self.inv_freq  # safe")
    kept = line_of(FIXTURE, "self.original_inv_freq = self.inv_freq  # OFL101")
    assert not [f for f in findings if f.line == cleared]
    assert [f.code for f in findings if f.line == kept] == ["OFL101"]


def test_a_module_built_from_the_value_is_judged_where_it_is_called(findings):
    for text in ("# safe: stored on the module built here", "self.norm.running_mean,  # safe"):
        assert not [f for f in findings if f.line == line_of(FIXTURE, text)]
    called = line_of(FIXTURE, "linear.weight = nn.Parameter(self.proj.weight.detach())  # OFL103")
    (finding,) = [f for f in findings if f.line == called]
    assert "the call of linear() (a module built from it here)" in finding.message
