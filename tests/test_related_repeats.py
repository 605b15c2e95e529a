"""A component touched the same way twice in one method (OFL201's placements, OFL202's calls): the second is a
related location of the first, each named in the message; a look-alike second placement or another component's
call is not (fixtures/strategies/repeated_component_use.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.strategies import parse_strategies
from tests.lines import line_of

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "strategies" / "repeated_component_use.py"


@pytest.fixture(scope="module")
def findings():
    settings = Settings(levels=parse_strategies("all"))
    return lint(Options(paths=[str(FIXTURE)], settings=settings, jobs=1)).findings


def _at(findings, text: str):
    line = line_of(FIXTURE, text)
    return [f for f in findings if f.line == line]


def test_a_second_placement_with_the_components_device_is_related(findings):
    (found,) = [f for f in findings if f.code == "OFL201" and f.method == "encode_prompt"]
    second = line_of(FIXTURE, "negative_ids = negative_ids.to(self.text_encoder.device)")
    assert [location.line for location in found.related] == [second]
    assert "another use of self.text_encoder in encode_prompt()" in found.message


def test_a_second_placement_with_the_execution_device_is_not(findings):
    (found,) = [f for f in findings if f.code == "OFL201" and f.method == "encode_prompt_right"]
    assert not found.related


def test_a_second_call_of_the_same_component_method_is_related(findings):
    (found,) = _at(findings, "first = self.codec.scale(left)")
    assert found.code == "OFL202"
    assert [location.line for location in found.related] == [line_of(FIXTURE, "second = self.codec.scale(right)")]
    assert "another call of self.codec.scale in __call__()" in found.message
    assert _at(findings, "second = self.codec.scale(right)") == []


def test_another_components_call_stays_a_finding_of_its_own(findings):
    (found,) = _at(findings, "other = self.side.scale(right)")
    assert found.code == "OFL202" and not found.related
