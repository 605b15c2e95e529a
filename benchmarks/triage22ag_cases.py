"""Small builds and calls for the issue-22 "ag" triage (docs/triage-issue22-ag.md), run by
benchmarks/triage22ag_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_ag (the linter
the round measures, ccb55bc). Each builds the row's class small from its repository's file and makes the call its
callers make:

- StyleDrop taming/models/vqgan.py VQModel.decode_code(token ids), as train_t2i_discrete_muse.py:89 and
  gradio_demo.py:156 decode generated tokens (rows 11, 24; block claimed).
- PVDM losses/ddpm.py DDPM.sample(batch_size) with sampling_timesteps 10 < timesteps (the ddim_sample path evals/eval.py
  takes with sampling_timesteps=100), parameterization 'eps' (rows 21, 32; leaf claimed). The denoiser is a stand-in
  (a Conv1d over the latent channels, called as `model(x, cond, t, x_self_cond)`), PVDM's UNet needs its config tree.

einops comes from /tmp/af_einops (round af's `pip install --target`, put on PYTHONPATH by the runtime script);
torchvision, which PVDM's losses/ddpm.py imports only for make_grid (unused on these paths), is stubbed. Nothing was
installed into the Python environment.
"""

from __future__ import annotations

import os
import sys
import types

import torch
from torch import nn

from benchmarks.triage_harness import bare_packages

C31 = os.environ.get("C31", "/tmp/corp31")


def _root(path):
    path = os.path.join(C31, path)
    if path not in sys.path:
        sys.path.insert(0, path)
    return path


# --- StyleDrop taming VQModel.decode_code (rows 11, 24) ----------------------------------------------------------------

def _taming():
    _root("StyleDrop")
    bare_packages("taming", "taming.models", "taming.modules", "taming.modules.vqvae",
                  "taming.modules.diffusionmodules")
    import taming.models.vqgan as vqgan  # noqa: PLC0415
    return vqgan


def SdVq():  # noqa: N802
    return _taming().VQModel


_DD = dict(double_z=False, z_channels=8, resolution=16, in_channels=3, out_ch=3, ch=32, ch_mult=[1, 2],
           num_res_blocks=1, attn_resolutions=[], dropout=0.0)


def sd_vq():
    torch.manual_seed(0)
    return SdVq()(ddconfig=_DD, lossconfig=None, n_embed=16, embed_dim=8)


def sd_vq_call(module, device=None):
    code = torch.randint(0, 16, (1, 8, 8), device=device)  # the MUSE transformer's sampled tokens
    return module.decode_code(code)


# --- PVDM DDPM.sample (rows 21, 32) ------------------------------------------------------------------------------------

class _Den(nn.Module):
    """Stand-in denoiser called as PVDM's DiffusionWrapper is: model(x, cond, t, x_self_cond)."""

    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 1)

    def forward(self, x, cond, t, x_self_cond=None):
        return self.conv(x)


def _pvdm():
    _root("PVDM")
    if "torchvision" not in sys.modules:
        tv = types.ModuleType("torchvision")
        tv.utils = types.ModuleType("torchvision.utils")
        tv.utils.make_grid = lambda *a, **k: None
        sys.modules["torchvision"] = tv
        sys.modules["torchvision.utils"] = tv.utils
    bare_packages("losses")
    import losses.ddpm as ddpm  # noqa: PLC0415
    return ddpm


def PvdmDdpm():  # noqa: N802
    return _pvdm().DDPM


def pvdm_ddpm():
    torch.manual_seed(0)
    return PvdmDdpm()(_Den(4), channels=4, sampling_timesteps=10, w=0.)


def pvdm_sample_call(module, device=None):
    return module.sample(batch_size=1)
