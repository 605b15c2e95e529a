"""A module built as an argument of another module's constructor is that
module's child; a second call of the same child in one method is a related location of the first."""

from __future__ import annotations

from pathlib import Path

import pytest

from offload_lint.engine import Options, lint
from tests.lines import line_of

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "core" / "constructor_argument_children.py"


@pytest.fixture(scope="module")
def findings():
    return lint(Options(paths=[str(FIXTURE)], jobs=1, show_suppressed=True)).findings


def _at(findings, text: str):
    line = line_of(FIXTURE, text)
    return [f for f in findings if f.line == line]


def test_a_decoder_handed_to_a_constructor_in_a_module_is_no_root(findings):
    # LabelQueryDecoder and MixedQueryDecoder are built only inside the heads' __init__: their decoder_query()
    # runs inside QueryTrunk.forward(), so neither is judged as a model offloaded alone.
    assert [f for f in findings if f.class_name in ("LabelQueryDecoder", "MixedQueryDecoder")] == []


def test_a_decoder_handed_by_a_plain_function_stays_a_root(findings):
    assert [f.code for f in findings if f.class_name == "LooseQueryDecoder"] == ["OFL102"]


def test_the_handed_decoder_is_typed_for_the_receivers_callers(findings):
    (found,) = _at(findings, "return self.trunk.decoder.decoder_query(x)  # OFL102")
    assert found.class_name == "TrunkForLabels"


def test_a_second_call_of_the_same_child_is_a_related_location(findings):
    (found,) = _at(findings, "first = self.codec.encode(left)")
    second = line_of(FIXTURE, "second = self.codec.encode(right)")
    assert [location.line for location in found.related] == [second]
    assert "another call of self.codec.encode in encode()" in found.message
    assert _at(findings, "second = self.codec.encode(right)") == []


def test_two_children_called_once_each_are_two_findings(findings):
    found = _at(findings, "return self.codec.encode(left), self.side.encode(right)")
    assert sorted(f.attribute for f in found) == ["codec.encode", "side.encode"]
    assert all(not f.related for f in found)


def test_a_child_from_an_uninstalled_package_used_as_a_module_is_some_model(findings):
    (found,) = _at(findings, "return self.model.encode(x)  # OFL102")
    assert found.class_name == "UnreadCodec"
    assert "built by offload_lint_fixture_missing_codec.utils.load_model()" in found.message
    assert "self.model.eval() at line" in found.message
    # Nothing says the tokenizer is a module: unknown, not reported.
    assert _at(findings, "return self.tokenizer.encode(text)") == []


def test_a_local_returned_through_module_moves_is_no_transient_build(findings):
    (found,) = _at(findings, "return self.proj(x)  # OFL102")
    assert found.class_name == "ReturnedThroughMoves" and not found.suppressed_by
