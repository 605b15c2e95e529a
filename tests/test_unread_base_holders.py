"""A class whose base the index cannot read (mmdet's ``BaseDetector``, not installed) that holds modules may be a
module whose forward that base defines (NeRF-Det's ``NerfDet``: ``BaseDetector.forward`` -> ``predict`` ->
``extract_feat``; issue 22 round bh, cause AH): what it holds are its children, judged inside it, and it is no plain
object driving components. One run through ``__call__``, as a pipeline is, stays a holder of components."""

from __future__ import annotations

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint

SOURCE = '''
import torch
from mmdet_not_installed.models.detectors import BaseDetector
from torch import nn


class VanillaNeRF(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.posi_encoder = nn.Linear(3, d)
        self.mlp = nn.Linear(2 * d, 1)

    def forward(self, points, feats):
        return self.mlp(torch.cat([self.posi_encoder(points), feats], dim=-1))

    def query_density(self, points, feats):
        return self.mlp(torch.cat([self.posi_encoder(points), feats], dim=-1))


class NerfDet(BaseDetector):
    def __init__(self, d=8):
        super().__init__()
        self.backbone = nn.Linear(d, d)
        self.nerf_mlp = VanillaNeRF(d)

    def extract_feat(self, points, x):
        return self.nerf_mlp.query_density(points, self.backbone(x))

    def predict(self, points, x):
        return self.extract_feat(points, x)
{call}
'''

CALL = '''
    def __call__(self, points, x):
        return self.predict(points, x)
'''


@pytest.mark.parametrize(("call", "reported"), [("", False), (CALL, True)])
def test_a_holder_with_an_unread_base_holds_children(tmp_path, call, reported):
    (tmp_path / "m.py").write_text(SOURCE.format(call=call))
    found = lint(Options(paths=[str(tmp_path)], settings=Settings(tree_kind="library"), jobs=1)).findings
    assert bool([f for f in found if f.method in ("query_density", "extract_feat")]) is reported, found
