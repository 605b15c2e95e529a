"""Code written for a newer Python than the one running the linter: PEP 695 type parameters (3.12) are read past,
so a file's classes keep their bases (orb-models' regressors); positions stay the file's."""

from __future__ import annotations

import ast
import sys

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.source import parse_python, without_type_parameters
from tests.conftest import FIXTURES
from tests.lines import line_of

GENERIC = '''import torch
from torch import nn

type Batch[K] = dict[K, torch.Tensor]


class Regressor[HeadT: nn.Module, *Ts](nn.Module):  # a comment with [brackets]
    def predict[T](self, batch: Batch[str]) -> torch.Tensor:
        return self.model(batch["x"])


x = [1]; type Pair = tuple[
    int, int]


def type_of(type):
    type = type(3)
    return type
'''


def test_type_parameters_are_blanked_in_place():
    rewritten = without_type_parameters(GENERIC)
    assert len(rewritten) == len(GENERIC) and rewritten.count("\n") == GENERIC.count("\n")
    assert "class Regressor" in rewritten and "(nn.Module):  # a comment with [brackets]" in rewritten
    assert rewritten.index("(nn.Module)") == GENERIC.index("(nn.Module)")  # the bases keep their columns
    assert "_=0; Batch    = dict[K, torch.Tensor]" in rewritten and "_=0; Pair = tuple[" in rewritten
    assert "    type = type(3)" in rewritten  # ``type`` as a name is left alone


def test_offsets_follow_python_s_lines_past_a_form_feed():
    """``str.splitlines`` breaks at a form feed, Python and tokenize do not: the blanked span stays the brackets."""
    text = "x = 1\x0c\nclass A[T](object):\n    pass\n"
    assert without_type_parameters(text) == "x = 1\x0c\nclass A   (object):\n    pass\n"


def test_a_newer_file_parses_with_its_classes_and_bases():
    tree = parse_python(GENERIC)
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    assert [(c.name, ast.unparse(c.bases[0]), c.lineno) for c in classes] == [
        ("Regressor", "nn.Module", line_of_text(GENERIC, "class Regressor"))]
    assert classes[0].body[0].name == "predict"


def test_an_invalid_file_still_raises_where_it_goes_wrong():
    with pytest.raises(SyntaxError) as raised:
        parse_python("class Broken[T](nn.Module):\n    def f(self:\n        pass\n")
    assert raised.value.lineno == 2


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="the interpreter reads PEP 695 itself")
def test_the_fixture_is_analysed_on_an_older_interpreter():
    fixture = FIXTURES / "outside" / "newer_python_generics.py"
    found = lint(Options(paths=[str(fixture)], settings=Settings(), jobs=1)).findings
    assert [(f.code, f.class_name, f.line) for f in found] == [
        ("OFL102", "Regressor", line_of(fixture, 'return self.model(batch["x"])'))]


def line_of_text(text: str, needle: str) -> int:
    (number,) = [n for n, line in enumerate(text.splitlines(), 1) if needle in line]
    return number
