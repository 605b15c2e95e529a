"""Small builds and calls for the issue-22 "bf" triage (docs/triage-issue22-bf.md), run by
benchmarks/triage22bf_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bf (the linter the round measures). The library code comes from the corpus copies in /tmp/corp56
(the measured commits), no install:

- ptlflow's LearnableCorrBlock (models/lcv/corr_lcv.py) is loaded from its file as a package member (its only
  relative import, .utils, needs numpy / scipy); LcvRoot mirrors LCV_RAFT.forward's use of it (lcv_raft.py:147:
  `compute_cost_volume` first, then the block's own forward), rows 2 / 5.
- docling-ibm-models' TableFormerV2 decoder layers (tableformer_v2/model.py) import torchvision's efficientnet_v2_s
  at module level, used only by TableFormerV2.__init__; torchvision is not installed here, so a stub module that
  provides that one name is put in sys.modules before the import (the two layers tested never touch it), rows 15 / 41.
"""

from __future__ import annotations

import importlib.util
import sys
import types

import torch
from torch import nn

# ---- ptlflow LCV -------------------------------------------------------------------------------------------------
_LCV = "/tmp/corp56/ptlflow/ptlflow/models/lcv"
_pkg = types.ModuleType("t22bf_lcv")
_pkg.__path__ = [_LCV]
sys.modules["t22bf_lcv"] = _pkg
_spec = importlib.util.spec_from_file_location("t22bf_lcv.corr_lcv", f"{_LCV}/corr_lcv.py")
_corr = importlib.util.module_from_spec(_spec)
sys.modules["t22bf_lcv.corr_lcv"] = _corr
_spec.loader.exec_module(_corr)
LearnableCorrBlock = _corr.LearnableCorrBlock


def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


class LcvRoot(nn.Module):
    """LCV_RAFT's use of its corr block (lcv_raft.py:80 / :147 / the later `self.corr_block(corr_pyramid, coords1)`),
    with a tiny feature net in front so that the feature maps come from the compute device."""

    def __init__(self):
        super().__init__()
        self.fnet = nn.Conv2d(3, 8, 3, padding=1)
        self.corr_block = LearnableCorrBlock(8, num_levels=2, radius=1)

    def forward(self, image1, image2, coords):
        fmap1, fmap2 = self.fnet(image1), self.fnet(image2)
        corr_pyramid = self.corr_block.compute_cost_volume(fmap1.float(), fmap2.float())
        return self.corr_block(corr_pyramid, coords)


def lcv():
    torch.manual_seed(0)
    return LcvRoot()


def lcv_call(module, device=None):
    torch.manual_seed(0)
    d = _dev(device)
    h = w = 8
    ys, xs = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
    coords = torch.stack([xs, ys], dim=0).float()[None].to(d)
    return module(torch.randn(1, 3, h, w, device=d), torch.randn(1, 3, h, w, device=d), coords)


# ---- docling-ibm-models TableFormerV2 decoder layers --------------------------------------------------------------
import transformers  # noqa: E402,F401  (imported before the stub: its availability checks see no torchvision)
from transformers import GenerationMixin, PreTrainedModel  # noqa: E402,F401

if "torchvision" not in sys.modules:
    try:
        import torchvision  # noqa: F401
    except ImportError:
        _tv = types.ModuleType("torchvision")
        _tvm = types.ModuleType("torchvision.models")

        def efficientnet_v2_s(*args, **kwargs):  # pragma: no cover - never called by the layers tested
            raise RuntimeError("stub: torchvision is not installed")

        _tvm.efficientnet_v2_s = efficientnet_v2_s
        _tv.models = _tvm
        sys.modules["torchvision"] = _tv
        sys.modules["torchvision.models"] = _tvm

sys.path.insert(0, "/tmp/corp56/docling-ibm-models")
from docling_ibm_models.tableformer_v2.model import (  # noqa: E402
    BboxDecoderLayer,
    CachedTransformerDecoderLayer,
)


def bbox_layer():
    torch.manual_seed(0)
    return BboxDecoderLayer(embed_dim=8, num_heads=2, ff_dim=16, dropout=0.0).eval()


def bbox_layer_call(module, device=None):
    torch.manual_seed(0)
    d = _dev(device)
    # x: (N cells, E); memory: (N, S, E), as BboxHead feeds it
    return module(torch.randn(5, 8, device=d), torch.randn(5, 6, 8, device=d))


def cached_layer():
    torch.manual_seed(0)
    return CachedTransformerDecoderLayer(d_model=8, nhead=2, dim_feedforward=16).eval()


def cached_layer_call(module, device=None):
    torch.manual_seed(0)
    d = _dev(device)
    out, _ = module(torch.randn(2, 3, 8, device=d), torch.randn(2, 6, 8, device=d), use_cache=True)
    return out
