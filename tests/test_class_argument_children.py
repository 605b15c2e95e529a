"""A child built by calling a name that holds a class is typed by every class the name may hold, and its findings
say why; look-alikes holding only weightless classes (or a value the index cannot type) stay clean."""

from __future__ import annotations

from pathlib import Path

import pytest

from offload_lint.engine import Options, lint
from tests.lines import line_of

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "core" / "class_argument_children.py"


@pytest.fixture(scope="module")
def findings():
    return lint(Options(paths=[str(FIXTURE)], jobs=1, show_suppressed=True)).findings


def _at(findings, text: str):
    line = line_of(FIXTURE, text)
    return [f for f in findings if f.line == line]


def test_a_constructor_argument_class_default_is_named_in_the_message(findings):
    (found,) = _at(findings, "return self.encoder_norm(x)  # OFL102")
    assert "'encoder_norm' is built by norm_layer(...), which holds a class: its default nn.LayerNorm" in found.message


def test_a_class_a_construction_hands_is_named_with_its_place(findings):
    (found,) = _at(findings, "return self.norm(x).mean(1)  # OFL102")
    assert "passes GroupNorm" in found.message and "class_argument_children.py:" in found.message


def test_a_class_picked_by_a_function_lists_every_branch(findings):
    found = [f for f in _at(findings, "return self.aligner(self.encoder(pixel_values))") if f.attribute == "encoder"]
    assert len(found) == 1
    assert "encoder_class() returns one of PickedEncoderA, PickedEncoderB" in found[0].message


@pytest.mark.parametrize("text", [
    "return self.act(x)  # the default",  # a weightless default
    "return self.act(x).clone()",  # classes handed without weights
    "return self.plain_norm(x) + self.bare_norm(x)",  # affine weights turned off
    "return self.other(pixel_values)",  # one branch is no class
    "return self.tokenizer.encode(text)",  # a dotted-path loader of no module
])
def test_look_alikes_stay_clean(findings, text):
    assert _at(findings, text) == []


def test_a_child_annotated_with_an_unread_package_class_and_called_is_some_module(findings):
    (found,) = _at(findings, "return self.prompt_encoder.get_dense_pe()  # OFL102")
    assert ("'prompt_encoder' is annotated MissingPromptEncoder, whose package (offload_lint_fixture_missing_sam) is "
            "not installed here; self.prompt_encoder(...) in forward() calls it as a module") in found.message
    # Look-alike: the tokenizer is annotated the same way but nothing treats it as a module.
    assert _at(findings, "return self.tokenizer.encode(text, add_special_tokens=False)") == []


def test_other_rules_carry_the_trace_too(findings):
    found = _at(findings, "self.norm.weight, self.norm.bias)  # OFL104, OFL104")
    assert sorted(f.code for f in found) == ["OFL104", "OFL104"]
    assert all("('norm' is built by norm_cls(...), which holds a class: its default nn.LayerNorm)" in f.message
               for f in found)
