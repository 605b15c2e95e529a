"""Small builds and calls for the issue-22 "bq" triage (docs/triage-issue22-bq.md), run by
benchmarks/triage22bq_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bp (the linter the round measures) and /tmp/t22bq/pylib (einops 0.8.2, installed there with
`pip install --no-deps --target`, nowhere else). The library code is the corpus copies (/tmp/corp67/<name>: the measured
commits), no install: miles-credit's `credit` and weaver-core's `weaver` are imported as packages from their corpus
roots; `credit.postblock.gen1` (PostBlock, unused with post_conf inactive; it imports credit.data -> xarray, absent) and
`xarray` are stubbed in sys.modules. Nothing is written to disk. The classes run are the corpus's own.
"""

from __future__ import annotations

import importlib.machinery
import sys
import types

import torch

C = "/tmp/corp67"


def _stub(name, **attrs):
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    module.__spec__ = importlib.machinery.ModuleSpec(name, None)
    sys.modules.setdefault(name, module)
    return sys.modules[name]


class _Unused:
    def __init__(self, *a, **k):
        raise NotImplementedError("stub")


_stub("xarray")
_stub("credit.postblock.gen1", PostBlock=_Unused)
for _root in (f"{C}/miles-credit", f"{C}/weaver-core"):
    if _root not in sys.path:
        sys.path.append(_root)


def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


# miles-credit CrossFormer (row 54 OFL203, recall H1 block: the `layers` pairs; recall H2 leaf: spectral norm default)
from credit.models.crossformer import CrossFormer  # noqa: E402

CF = dict(image_height=32, image_width=32, frames=1, output_frames=1, channels=1, levels=2, surface_channels=1,
          input_only_channels=0, dim=(8, 16, 32, 64), depth=(1, 1, 1, 1), dim_head=4, global_window_size=(2, 2, 2, 1),
          local_window_size=2, cross_embed_kernel_sizes=((2, 4), (2, 4), (2, 4), (2, 4)),
          cross_embed_strides=(2, 2, 2, 2))


def crossformer():
    return CrossFormer(**CF).eval()


def crossformer_nosn():
    return CrossFormer(use_spectral_norm=False, **CF).eval()


def crossformer_call(module, device=None):
    return module(torch.randn(1, 3, 1, 32, 32, device=_dev(device)))


# miles-credit UnetDiffusion (row 7 OFL203, recall H3: `downs` / `ups` lists of ModuleLists)
from credit.models.unet_diffusion import UnetDiffusion  # noqa: E402


def unet():
    return UnetDiffusion(image_height=16, image_width=16, frames=1, channels=1, levels=2, surface_channels=1,
                         input_only_channels=0, dim=(8,), dim_mults=(1, 2), attn_dim_head=4, attn_heads=2,
                         padding_conf={"activate": False}).eval()


def unet_call(module, device=None):
    d = _dev(device)
    x = torch.randn(1, 3, 1, 16, 16, device=d)
    return module(x, torch.tensor([3.0], device=d))


# miles-credit wxformer_next ColumnAttention: nn.MultiheadAttention out_proj (row 20)
from credit.models.wxformer.wxformer_next import ColumnAttention  # noqa: E402


def colattn():
    return ColumnAttention(8, 3, num_heads=2)


def colattn_call(module, device=None):
    return module(torch.randn(1, 24, 4, 4, device=_dev(device)))


# weaver-core ParticleTransformer Attention: in_proj.weight read without calling in_proj (row 51)
from weaver.nn.model.ParticleTransformer import Attention as ParTAttention  # noqa: E402


def part_attn():
    return ParTAttention(8, 2).eval()


def part_attn_call(module, device=None):
    q = torch.randn(2, 5, 8, device=_dev(device))
    return module(q, q, q)
