"""An application's ``device`` property (``return self.proj.weight.device``) is a hazard through its readers; ``.device``
is read on every tensor, so a read counts only where its receiver can be the class: ``self.device`` in a class
running the property, ``self.<child>.device`` on a child of that class, a parameter or local typed to it, or a name
the same code uses as one (NExT-GPT's projectors: read by nothing; 3DFuse's ``model.device`` beside
``model.resample(...)``: read)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from offload_lint.engine import Options, lint

MODEL = textwrap.dedent('''
    import torch
    from torch import nn


    class Grid(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)

        def forward(self, x):
            return self.proj(x)

        def resample(self, size):
            return size

        @property
        def device(self):
            return self.proj.weight.device
''').lstrip()
TRAIN = textwrap.dedent('''
    import torch
    from model import Grid

    grid = Grid()
    print(grid(torch.ones(4)))
''').lstrip()


def _device_findings(root: Path) -> list:
    findings = lint(Options(paths=[str(root)], jobs=1, show_suppressed=True)).findings
    found = [f for f in findings if (f.class_name, f.method) == ("Grid", "device")]
    assert found, "no finding on Grid.device"
    return found


def _app(root: Path, **files: str) -> Path:
    (root / ".git").mkdir(parents=True)
    for name, text in {"model.py": MODEL, "train.py": TRAIN, **files}.items():
        (root / name).write_text(text)
    return root


def test_a_device_property_nothing_reads_on_the_class_is_code_nothing_runs(tmp_path):
    # Every other .device read is of a tensor.
    extra = {"util.py": "def place(x, y):\n    return y.to(x.device)\n"}
    found = _device_findings(_app(tmp_path, **extra))
    assert all(f.suppressed_by and "Grid.device is a property nothing in the tree reads on a Grid" in f.suppressed_by
               for f in found), [f.suppressed_by for f in found]


@pytest.mark.parametrize("extra", [
    {"train.py": TRAIN + "x = torch.zeros(4, device=grid.device)\n"},
    {"render.py": "from model import Grid\n\n\ndef render(model: Grid):\n    return model.device\n"},
    {"render.py": "def render(model):\n    dev = model.device\n    return model.resample(dev)\n"},
    {"holder.py": "from torch import nn\nfrom model import Grid\n\n\nclass Scene(nn.Module):\n"
                  "    def __init__(self):\n        super().__init__()\n        self.grid = Grid()\n\n"
                  "    def forward(self, x):\n        return self.grid(x)\n\n"
                  "    def place(self, x):\n        return x.to(self.grid.device)\n",
     "train.py": TRAIN + "from holder import Scene\nprint(Scene().place(torch.ones(4)))\n"},
    {"pyproject.toml": "[project]\nname = 'grids'\n"},
], ids=["a local built from it", "a parameter annotated with it", "a name used as one", "a child of it",
        "a library's users"])
def test_a_device_property_read_on_the_class_stays_reported(tmp_path, extra):
    assert not any(f.suppressed_by for f in _device_findings(_app(tmp_path, **extra)))
