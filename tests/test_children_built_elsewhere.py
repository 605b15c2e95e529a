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


RECOMMENDER = '''import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, users, items, size):
        super().__init__()
        self.embedding_dict = self._init_model(users, items, size)
        self.adjacency = torch.eye(users + items)

    def _init_model(self, users, items, size):
        embedding_dict = nn.ParameterDict({
            "user_emb": nn.Parameter(torch.randn(users, size)),
            "item_emb": nn.Parameter(torch.randn(items, size)),
        })
        return embedding_dict

    def forward(self, adjacency):
        ego = torch.cat([self.embedding_dict["user_emb"], self.embedding_dict["item_emb"]], 0)
        return torch.sparse.mm(adjacency, ego)
'''


def test_a_tensor_container_the_class_s_own_helper_returns_is_typed(tmp_path: Path) -> None:
    """SELFRec's recommenders: ``self.embedding_dict = self._init_model()``, a helper returning the ParameterDict it
    binds to a local. Its tensors are read in ``forward()``, where leaf level never onloads them (the ParameterDict's
    own group waits for its forward)."""
    path = tmp_path / "recommender.py"
    path.write_text(RECOMMENDER)
    read = next(n for n, line in enumerate(RECOMMENDER.splitlines(), 1) if "ego = torch.cat" in line)
    found = [f for f in lint(Options(paths=[str(path)], jobs=1, cache_dir=None)).findings if f.code == "OFL104"]
    assert [f.line for f in found] == [read] and "ParameterDict self.embedding_dict" in found[0].message
