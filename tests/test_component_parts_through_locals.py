"""A pipeline's call of a component's submodule through a local name (``norm = self.unet.conv_norm_out; norm(x)``) or
an index (``self.unet.down_blocks[0](x)``) is judged like the attribute chain it aliases, with the file linted alone;
keeping such submodules in a list or relabelling them with ``typing.cast`` runs nothing and is not reported.
The index records the call through the local, so only such pipeline methods get the libcst pass."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.finding import strategy_names
from offload_lint.index.extract import summarize
from offload_lint.index.summary import INDEX
from offload_lint.strategies import parse_strategies
from tests.markers import expected_by_strategy

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "strategies"


@pytest.mark.parametrize("name", ["component_parts_through_locals.py", "component_parts_kept.py"])
def test_each_file_alone_gives_what_its_markers_name(name: str) -> None:
    path = FIXTURES / name
    options = Options(paths=[str(path)], settings=Settings(levels=parse_strategies("all")), jobs=1, cache_dir=None)
    found = Counter((f.line, f.code, strategy) for f in lint(options).findings for strategy in strategy_names(f.levels))
    assert found == expected_by_strategy(path.read_text())


def test_the_index_records_a_local_bound_to_a_self_chain_and_called_as_a_call_of_that_chain() -> None:
    source = (
        "class Pipe:\n"
        "    def norm(self, x):\n"
        "        norm = self.unet.conv_norm_out\n"
        "        return norm(x)\n"
        "    def element(self, x):\n"
        "        blocks = self.unet.down_blocks\n"
        "        return blocks[0](x)\n"
        "    def rebound(self, x):\n"
        "        norm = self.unet.conv_norm_out\n"
        "        norm = make_norm()\n"
        "        return norm(x)\n"
        "    def kept(self):\n"
        "        norm = self.unet.conv_norm_out\n"
        "        return [norm]\n")
    methods = summarize(ast.parse(source), "pipe.py", "pipe", False).classes[0].methods
    assert methods["norm"].called_chains == {("unet", "conv_norm_out")}
    assert methods["element"].called_chains == {("unet", "down_blocks", INDEX)}
    assert not methods["rebound"].called_chains  # bound twice: which value is called is not known here
    assert not methods["kept"].called_chains
