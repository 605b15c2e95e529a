"""A pipeline's call of a component's submodule through a local name (``norm = self.unet.conv_norm_out; norm(x)``) or
an index (``self.unet.down_blocks[0](x)``) is judged like the attribute chain it aliases, with the file linted alone;
keeping such submodules in a list or relabelling them with ``typing.cast`` runs nothing and is not reported."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.finding import strategy_names
from offload_lint.strategies import parse_strategies
from tests.markers import expected_by_strategy

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "strategies"


@pytest.mark.parametrize("name", ["component_parts_through_locals.py", "component_parts_kept.py"])
def test_each_file_alone_gives_what_its_markers_name(name: str) -> None:
    path = FIXTURES / name
    options = Options(paths=[str(path)], settings=Settings(levels=parse_strategies("all")), jobs=1, cache_dir=None)
    found = Counter((f.line, f.code, strategy) for f in lint(options).findings for strategy in strategy_names(f.levels))
    assert found == expected_by_strategy(path.read_text())


def test_the_calls_through_locals_are_marked() -> None:
    marked = expected_by_strategy((FIXTURES / "component_parts_through_locals.py").read_text())
    assert {strategy for _, _, strategy in marked} == {"group-block", "model-cpu-offload", "fsdp2"}
