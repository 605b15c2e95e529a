"""Children typed from where their class is decided: a holder object's class attribute (``layers.conv_norm_act(...)``),
the class's own helper returning a Sequential (``self.stage1 = self._make_stage(...)``) and a helper the constructor
hands a defaulted option (``self._set_time_proj(time_embedding_type, ...)``), whose branches the defaults decide as
``__init__``'s own. A construction elsewhere in the tree that sets the option brings the other branch back."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.finding import strategy_names
from offload_lint.strategies import parse_strategies
from tests.markers import expected_by_strategy

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "strategies" / "children_built_elsewhere.py"

# Another file of the tree that builds the denoiser with the option the defaults leave off.
FOURIER_USER = '''from children_built_elsewhere import Denoiser


def build():
    return Denoiser(time_embedding_type="fourier")
'''


def _found(paths: list[Path]) -> Counter:
    options = Options(paths=[str(p) for p in paths], settings=Settings(levels=parse_strategies("all")), jobs=1,
                      cache_dir=None)
    return Counter((f.line, f.code, strategy) for f in lint(options).findings
                   if f.path.endswith("children_built_elsewhere.py") for strategy in strategy_names(f.levels))


def test_the_file_alone_gives_what_its_markers_name() -> None:
    expected = expected_by_strategy(FIXTURE.read_text())
    assert {code for _, code, _ in expected} == {"OFL102", "OFL109", "OFL113"}
    assert _found([FIXTURE]) == expected


def test_a_construction_setting_the_option_brings_the_other_branch_back(tmp_path: Path) -> None:
    model = tmp_path / "children_built_elsewhere.py"
    shutil.copy(FIXTURE, model)
    (tmp_path / "uses_fourier.py").write_text(FOURIER_USER)
    source = FIXTURE.read_text().splitlines()
    time_proj_line = source.index("        adapter.time_proj.load_state_dict(denoiser.time_proj.state_dict())") + 1
    alone = _found([model])
    with_option = _found([model, tmp_path / "uses_fourier.py"])
    assert not any(line == time_proj_line for line, _, _ in alone)
    assert {(line, code) for line, code, _ in with_option if line == time_proj_line} == {(time_proj_line, "OFL109")}
