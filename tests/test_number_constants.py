"""``torch.pi``, ``math.inf``, ``np.e`` are Python numbers (round bo's torch-harmonics ``SphereSolver.randspec``:
``torch.randn_like(self.lap) / 4 / torch.pi``): an op with one meets nothing on the compute device, so a finding says
where the value really goes."""

from __future__ import annotations

import pytest

from offload_lint.engine import Options, lint

SOURCE = '''import math

import numpy as np
import torch
from torch import nn


class Solver(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("lap", torch.ones(4, 4))
        self.proj = nn.Linear(4, 4)

    def spectrum(self):
        return self.lap / 4 / {constant}

    def forward(self, x):
        return self.proj(x)
'''


@pytest.mark.parametrize("constant", ["torch.pi", "math.inf", "np.e", "numpy.tau"])
def test_an_op_with_a_numeric_constant_meets_nothing(tmp_path, constant):
    (tmp_path / "solver.py").write_text(SOURCE.format(constant=constant))
    found = [f for f in lint(Options(paths=[str(tmp_path)], jobs=1)).findings if f.method == "spectrum"]
    assert found and all("returned to the caller" in f.message for f in found), [f.message for f in found]
    assert not any("meets tensors on the compute device" in f.message for f in found)


def test_a_tensor_in_the_same_place_still_meets_the_compute_device(tmp_path):
    (tmp_path / "solver.py").write_text(SOURCE.replace("def spectrum(self):", "def spectrum(self, scale):")
                                        .format(constant="scale"))
    found = [f for f in lint(Options(paths=[str(tmp_path)], jobs=1)).findings if f.method == "spectrum"]
    assert any("meets tensors on the compute device" in f.message for f in found), [f.message for f in found]
