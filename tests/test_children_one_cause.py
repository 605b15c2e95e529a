"""OFL102: the direct children one method calls outside forward() are one cause, reported once at the first call,
with the other calls as related locations and one fix naming every child (pretrained-models.pytorch's
``features()``)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from offload_lint.engine import Options, lint
from offload_lint.fix.apply import FixPolicy, run_fixes

BACKBONE = '''
    from torch import nn


    class Backbone(nn.Module):
        def __init__(self, width=8):
            super().__init__()
            {children}
            self.head = nn.Linear(width, 2)

        def decode(self, x):
            {calls}
            return x

        def forward(self, x):
            return self.head(self.decode(x))

        def encode(self, x):
            return self.head(self.head(x))
'''


def _write(tmp_path: Path, count: int) -> Path:
    names = [f"layer{index}" for index in range(count)]
    text = textwrap.dedent(BACKBONE).lstrip().format(
        children="\n        ".join(f"self.{name} = nn.Linear(width, width)" for name in names),
        calls="\n        ".join(f"x = self.{name}(x)" for name in names))
    path = tmp_path / "backbone.py"
    path.write_text(text)
    return path


def _findings(path: Path, method: str) -> list:
    return [f for f in lint(Options(paths=[str(path)], jobs=1)).findings if f.code == "OFL102" and f.method == method]


def test_three_children_are_one_finding_with_two_related_locations(tmp_path):
    path = _write(tmp_path, 3)
    (found,) = _findings(path, "decode")
    lines = path.read_text().splitlines()
    assert "self.layer0(x)" in lines[found.line - 1]
    assert [lines[location.line - 1].strip() for location in found.related] == ["x = self.layer1(x)",
                                                                               "x = self.layer2(x)"]
    assert "calls self.layer0, self.layer1 and self.layer2" in found.message
    assert "add 'layer0', 'layer1' and 'layer2' to Backbone._group_offload_block_modules" in found.message
    assert "self.layer1, another child decode() calls" in found.message


def test_the_fix_names_every_child_and_clears_the_finding(tmp_path):
    path = _write(tmp_path, 3)
    options = Options(paths=[str(path)], jobs=1)
    run_fixes(lint(options).findings, FixPolicy(unsafe=True), lambda: lint(options).findings)
    assert '_group_offload_block_modules = ["layer0", "layer1", "layer2"' in path.read_text()  # then encode()'s head
    assert not _findings(path, "decode")


def test_a_second_call_of_one_child_stays_a_repeat_of_it(tmp_path):
    (found,) = _findings(_write(tmp_path, 1), "encode")
    assert "calls self.head;" in found.message
    assert [location.note for location in found.related] == ["another call of self.head in encode()"]


def test_a_long_list_shows_eight_names_and_the_fix_holds_them_all(tmp_path):
    path = _write(tmp_path, 12)
    (found,) = _findings(path, "decode")
    assert "self.layer7 and 4 more;" in found.message
    assert len(found.related) == 11
    assert found.fix is not None and all(f'"layer{index}"' in "".join(edit.content for edit in found.fix.edits)
                                         for index in range(12))


def test_an_empty_tuple_gets_a_one_element_tuple(tmp_path):
    """``()`` -> ``("layer0",)``: without the comma the parentheses hold a string, whose letters diffusers would
    match as names."""
    path = _write(tmp_path, 1)
    path.write_text(path.read_text().replace("class Backbone(nn.Module):\n",
                                             "class Backbone(nn.Module):\n    _group_offload_block_modules = ()\n"))
    (found,) = _findings(path, "decode")
    assert found.fix is not None and [edit.content for edit in found.fix.edits] == ['"layer0",']


def test_a_caller_cites_the_calls_of_the_cause_it_reaches():
    """A pipeline's ``decode(latents)`` keeps the quantizer's branch shut: OFL202 cites the post-quantization
    convolution's call, not the grouped finding's first line."""
    fixture = Path(__file__).resolve().parent.parent / "fixtures" / "outside" / "branch_callers.py"
    findings = lint(Options(paths=[str(fixture)], jobs=1)).findings
    (cited,) = [f for f in findings if f.code == "OFL202" and f.class_name == "PostPipeline"]
    lines = fixture.read_text().splitlines()
    post = next(number for number, text in enumerate(lines, 1) if "return self.post_quant_conv(h)" in text)
    assert "what it touches (post_quant_conv)" in cited.message
    assert f"branch_callers.py:{post}." in cited.message
