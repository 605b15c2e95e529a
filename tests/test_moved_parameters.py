"""``self.x = nn.Parameter(...).to(device)``: moving a new Parameter to another device returns a plain tensor, so
nothing is registered and offloading never moves it (openrl's ValueNorm and PopArt, ``.to(**self.tpdv)``; issue 22
round be, cause UR). Such an attribute is no weight of the module; a Parameter moved to the CPU, or only cast, stays
one."""

from __future__ import annotations

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint

SOURCE = '''
import torch
from torch import nn


class ValueNorm(nn.Module):
    def __init__(self, shape, device="cuda"):
        super().__init__()
        self.tpdv = dict(dtype=torch.float32, device=device)
        self.running_mean = nn.Parameter(torch.zeros(shape), requires_grad=False){move}

    def normalize(self, x):
        return x - self.running_mean

    def forward(self, x):
        return x
'''


def _normalize_findings(tmp_path, move: str) -> list:
    (tmp_path / "m.py").write_text(SOURCE.format(move=move))
    found = lint(Options(paths=[str(tmp_path)], settings=Settings(tree_kind="library"), jobs=1)).findings
    return [f for f in found if f.method == "normalize"]


@pytest.mark.parametrize("move", [".to(**self.tpdv)", ".to(device)", ".cuda()", ".to(device=device).float()"])
def test_a_parameter_moved_to_a_device_is_no_weight(tmp_path, move):
    assert _normalize_findings(tmp_path, move) == []


@pytest.mark.parametrize("move", ["", ".to('cpu')", ".to(torch.float16)"])
def test_a_parameter_kept_or_cast_stays_a_weight(tmp_path, move):
    assert [f.code for f in _normalize_findings(tmp_path, move)] == ["OFL101"]


def test_torch_registers_no_parameter_moved_to_another_device():
    """The premise: ``Parameter.to(<another device>)`` gives a plain tensor, which ``Module.__setattr__`` keeps as an
    attribute, not a parameter (the meta device stands for an accelerator here)."""
    torch = pytest.importorskip("torch")
    module = torch.nn.Module()
    module.moved = torch.nn.Parameter(torch.zeros(2)).to("meta")
    module.kept = torch.nn.Parameter(torch.zeros(2)).to("cpu")
    assert [name for name, _ in module.named_parameters()] == ["kept"]
    assert type(module.moved) is torch.Tensor
