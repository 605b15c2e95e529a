"""Placed values and tuple-assigned children (fixtures/core/placed_values_hooked_calls.py): what is cleared, what stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.lines import line_of

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "core" / "placed_values_hooked_calls.py"


def _in_class(name: str, text: str) -> int:
    """The first line containing ``text`` after ``class <name>``."""
    start = line_of(FIXTURE, f"class {name}(")
    lines = FIXTURE.read_text().splitlines()
    return next(number for number, line in enumerate(lines[start:], start + 1) if text in line)


@pytest.fixture(scope="module")
def findings():
    return lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings


def test_a_device_property_read_only_for_hooked_calls_is_not_reported(findings):
    line = line_of(FIXTURE, "return self.patch_embedding.weight.device  # safe")
    assert not [f for f in findings if f.line == line]


def test_a_device_property_whose_reader_meets_an_input_names_the_reader(findings):
    line = _in_class("OffsetEncoder", "return self.patch_embedding.weight.device")
    (finding,) = [f for f in findings if f.line == line]
    assert "the addition `images + offsets` (inside OffsetEncoder.forward())" in finding.message


def test_a_device_property_nobody_reads_stays_returned_to_the_caller(findings):
    line = line_of(FIXTURE, "return self.patch_embedding.bias.device  # OFL105")
    (finding,) = [f for f in findings if f.line == line]
    assert "it is returned to the caller" in finding.message


def test_children_unpacked_from_a_factorys_tuple_are_typed(findings):
    for text in ("return self.head(features)  # OFL102", "return self.unpacked(features)  # OFL102"):
        (finding,) = [f for f in findings if f.line == line_of(FIXTURE, text)]
        assert finding.code == "OFL102"


def test_a_tuple_of_weightless_modules_leaves_the_head_weightless(findings):
    line = line_of(FIXTURE, "return self.pooling(features)  # safe")
    assert not [f for f in findings if f.line == line]


def test_the_index_follows_the_factory_to_each_position():
    import ast

    from offload_lint.index.extract import summarize

    summary = summarize(ast.parse(FIXTURE.read_text()), str(FIXTURE), "placed_values_hooked_calls", False)
    returns = summary.function_returns["make_classifier"]
    assert returns == ((True, (("_make_pool[0/2]",), ("_make_fc",))),)
    head = next(c for c in summary.classes if c.name == "TupleHead")
    fc = next(a for a in head.methods["__init__"].assigns if a.name == "fc")
    assert (fc.callee, fc.item, fc.items) == ("make_classifier", 1, 2)


def test_a_parent_reading_the_childs_device_property_is_a_reader_too(findings):
    line = _in_class("SharedPatchEncoder", "return self.patch_embedding.weight.device")
    (finding,) = [f for f in findings if f.line == line]
    assert "the addition `images + shift` (inside EncoderUser.forward())" in finding.message
