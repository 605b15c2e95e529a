"""A fold run only by a loader (``attempt_load`` -> ``Model.fuse()`` -> ``RepConv.fuse_repvgg_block()``, yolov7) runs
before anyone can offload the model; a log message that names the method (``print(f"RepConv.fuse_repvgg_block")``)
is no reference to it, while a real reference without a call (``fn = m.fuse_repvgg_block``) hands it to unknown
callers."""

from __future__ import annotations

import textwrap
from pathlib import Path

from offload_lint.engine import Options, lint

COMMON = '''
    import torch
    from torch import nn


    class RepConv(nn.Module):
        def __init__(self):
            super().__init__()
            self.dense = nn.Conv2d(4, 4, 3, padding=1)
            self.pointwise = nn.Conv2d(4, 4, 1)

        def forward(self, x):
            return self.dense(x) + self.pointwise(x)

        def fuse_repvgg_block(self):
            print(f"RepConv.fuse_repvgg_block")
            kernel = self.dense.weight + nn.functional.pad(self.pointwise.weight, [1, 1, 1, 1])
            self.fused = nn.Conv2d(4, 4, 3, padding=1)
            self.fused.weight.data = kernel
'''
MODEL = '''
    from torch import nn

    from common import RepConv


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([RepConv()])

        def forward(self, x):
            for block in self.blocks:
                x = block(x)
            return x

        def fuse(self):
            for m in self.modules():
                if isinstance(m, RepConv):
                    m.fuse_repvgg_block()
            return self


    def attempt_load(path):
        model = Model()
        model.fuse()
        return model
'''


def _fold_findings(tmp_path: Path, extra: str = "") -> list:
    for name, text in (("common.py", COMMON), ("model.py", MODEL)):
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip())
    if extra:
        (tmp_path / "other.py").write_text(extra)
    found = lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
    return [f for f in found if f.method == "fuse_repvgg_block"]


def test_a_fold_only_a_loader_runs_is_suppressed_though_a_string_names_it(tmp_path):
    found = _fold_findings(tmp_path)
    assert found and all(f.suppressed_by and "runs only before the model can be offloaded" in f.suppressed_by
                         for f in found)


def test_a_reference_without_a_call_keeps_it_reported(tmp_path):
    found = _fold_findings(tmp_path, "def handle(m):\n    return m.fuse_repvgg_block\n")
    assert found and not any(f.suppressed_by for f in found)
