"""Placed values and tuple-assigned children (fixtures/core/roundd_placed.py): what is cleared, what stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.lines import line_of

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "core" / "roundd_placed.py"


@pytest.fixture(scope="module")
def findings():
    return lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings


def test_a_device_property_read_only_for_hooked_calls_is_not_reported(findings):
    line = line_of(FIXTURE, "return self.patch_embedding.weight.device  # safe")
    assert not [f for f in findings if f.line == line]


def test_a_device_property_whose_reader_meets_an_input_names_the_reader(findings):
    line = line_of(FIXTURE, "return self.patch_embedding.weight.device  # OFL105")
    (finding,) = [f for f in findings if f.line == line]
    assert "the addition `images + offsets` (inside OffsetEncoder.forward())" in finding.message


def test_a_device_property_nobody_reads_stays_returned_to_the_caller(findings):
    line = line_of(FIXTURE, "return self.patch_embedding.bias.device  # OFL105")
    (finding,) = [f for f in findings if f.line == line]
    assert "it is returned to the caller" in finding.message
