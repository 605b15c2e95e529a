"""Small builds and calls for the issue-22 "ad" triage (docs/triage-issue22-ad.md), run by
benchmarks/triage22ad_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_ac (the linter
the round measures, a1d1c1d). Each builds the row's class small from its repository's file and makes the call its
callers make:

- DDNM guided_diffusion/models.py Model.forward (rows 7, 22, 23, 33, 50) and DiffusionCLIP models/ddpm/diffusion.py
  DDPM.forward (rows 15, 21, 29, 32, 34): the bare nn.Module() holders of self.down / self.up at block level.
- NExT-GPT projector.py TransformersProjector.forward (row 52) and NExT-GPT-Lagacy layers.py TextFcLayer.forward,
  mode 'transformer' (row 3): nn.Transformer's MultiheadAttention out_proj at leaf.
- NExT-GPT-Lagacy ImageBind RGBDTPreprocessor.forward with SpatioTemporalPosEmbeddingHelper (rows 4, 53).
- m2-transformer Transformer.step(t=0, mode='feedback') as beam search calls it (rows 5, 56).
- interfacegan StyleGANGeneratorModel: StyleGANGenerator.synthesize's mapping -> truncation -> synthesis calls (47, 48).
- SimSwap pg_modules/blocks.py DownBlock (conv2d() with legacy spectral_norm), training mode (row 60).

Nothing was installed into the Python environment (files importing ftfy / iopath / timm / einops / transformers are
read with classes_from_source).
"""

from __future__ import annotations

import os
import sys
from types import SimpleNamespace as NS

import torch

from benchmarks.triage_harness import classes_from_source, load_file

C28 = os.environ.get("C28", "/tmp/corp28")


def _root(path):
    path = os.path.join(C28, path)
    if path not in sys.path:
        sys.path.insert(0, path)
    return path


def _ddim_config():
    return NS(model=NS(ch=32, out_ch=3, ch_mult=[1, 2], num_res_blocks=1, attn_resolutions=[8], dropout=0.0,
                       in_channels=3, resamp_with_conv=True, type="simple", var_type="fixedsmall", ema=False),
              data=NS(image_size=16, channels=3), diffusion=NS(num_diffusion_timesteps=1000))


def _ddim_call(module, device=None):
    x = torch.randn(1, 3, 16, 16, device=device)
    t = torch.tensor([10.0], device=device)
    return module(x, t)


# --- DDNM Model (rows 7, 22, 23, 33, 50) ---------------------------------------------------------------------------------

def DdnmModel():  # noqa: N802
    return load_file("t22ad_ddnm_models", os.path.join(C28, "DDNM/guided_diffusion/models.py")).Model


def ddnm_model():
    torch.manual_seed(0)
    return DdnmModel()(_ddim_config())


ddnm_call = _ddim_call


# --- DiffusionCLIP DDPM (rows 15, 21, 29, 32, 34) --------------------------------------------------------------------------

def DclipDdpm():  # noqa: N802
    return load_file("t22ad_dclip_diffusion", os.path.join(C28, "DiffusionCLIP/models/ddpm/diffusion.py")).DDPM


def dclip_ddpm():
    torch.manual_seed(0)
    return DclipDdpm()(_ddim_config())


dclip_call = _ddim_call


# --- NExT-GPT TransformersProjector (row 52), Lagacy TextFcLayer (row 3) ---------------------------------------------------

def NxTfmProj():  # noqa: N802
    return classes_from_source("t22ad_nx_projector", os.path.join(C28, "NExT-GPT/nextgpt/model/multimodal_projector/projector.py"),
                               {"TransformersProjector"}).TransformersProjector


def nx_tfmproj():
    torch.manual_seed(0)
    return NxTfmProj()(24, 16, 4)  # builder.py:75 (hidden_size, out_features, num_query_token), small


def nx_tfmproj_call(module, device=None):
    h = torch.randn(1, 5, 24, device=device)  # hidden states of the [IMG] tokens
    e = torch.randn(1, 5, 24, device=device)  # their input embeddings (nextgpt_llama.py:329-332)
    return module(h, e)


def LgTextFc():  # noqa: N802
    return classes_from_source("t22ad_lg_layers", os.path.join(C28, "NExT-GPT/NExT-GPT-Lagacy/code/model/layers.py"),
                               {"TextFcLayer"}).TextFcLayer


def lg_textfc():
    torch.manual_seed(0)
    return LgTextFc()(24, 16, num_input_tokens=5, num_output_tokens=4, mode="transformer")


lg_textfc_call = nx_tfmproj_call


# --- NExT-GPT-Lagacy ImageBind RGBDTPreprocessor (rows 4, 53) ---------------------------------------------------------------

_IB_PRELUDE = """import math
from functools import lru_cache, partial
from typing import Callable, List, Optional
import numpy as np
import torch
import torch.nn as nn
from torch.nn.init import trunc_normal_


class VerboseNNModule(nn.Module):
    pass


def cast_if_src_dtype(tensor, src_dtype, tgt_dtype):
    updated = False
    if tensor.dtype == src_dtype:
        tensor = tensor.to(dtype=tgt_dtype)
        updated = True
    return tensor, updated
"""


def _ib():
    return classes_from_source(
        "t22ad_lg_ib_pre", os.path.join(C28, "NExT-GPT/NExT-GPT-Lagacy/code/model/ImageBind/models/multimodal_preprocessors.py"),
        {"PatchEmbedGeneric", "SpatioTemporalPosEmbeddingHelper", "RGBDTPreprocessor", "Im2Video", "PadIm2Video"},
        prelude=_IB_PRELUDE, functions=True)


def LgRgbdt():  # noqa: N802
    return _ib().RGBDTPreprocessor


def lg_rgbdt():
    torch.manual_seed(0)
    m = _ib()
    from functools import partial
    stem = m.PatchEmbedGeneric(proj_stem=[m.PadIm2Video(pad_type="repeat", ntimes=2),
                                          torch.nn.Conv3d(3, 16, kernel_size=(2, 14, 14), stride=(2, 14, 14), bias=False)])
    # imagebind_model.py:174 (vision): learnable pos embedding, one cls token
    return m.RGBDTPreprocessor(img_size=[3, 2, 28, 28], num_cls_tokens=1,
                               pos_embed_fn=partial(m.SpatioTemporalPosEmbeddingHelper, learnable=True),
                               rgbt_stem=stem, depth_stem=None)


def lg_rgbdt_call(module, device=None):
    return module(vision=torch.randn(1, 3, 28, 28, device=device))["trunk"]["tokens"]


# --- m2-transformer Transformer.step (rows 5, 56) ----------------------------------------------------------------------

def _bool_mask_shim():
    """m2-transformer (2019) builds uint8 masks (decoders.py); torch 2 masked_fill needs bool: a harness shim."""
    if getattr(torch.Tensor, "_t22ad_shim", False):
        return
    for name in ("masked_fill", "masked_fill_"):
        orig = getattr(torch.Tensor, name)

        def patched(self, mask, value, _orig=orig):
            return _orig(self, mask.bool() if mask.dtype == torch.uint8 else mask, value)
        setattr(torch.Tensor, name, patched)
    torch.Tensor._t22ad_shim = True


def _m2():
    _bool_mask_shim()
    _root("m2-transformer")
    import models.transformer as mt  # noqa: PLC0415
    return mt


def M2Transformer():  # noqa: N802
    return _m2().Transformer


def m2_transformer():
    torch.manual_seed(0)
    mt = _m2()
    enc = mt.MemoryAugmentedEncoder(3, 0, d_in=24, d_model=32, d_k=8, d_v=8, h=4, d_ff=64,
                                    attention_module=mt.ScaledDotProductAttentionMemory,
                                    attention_module_kwargs={"m": 4})  # train.py:179, small
    dec = mt.MeshedDecoder(20, 10, 3, 0, d_model=32, d_k=8, d_v=8, h=4, d_ff=64)  # train.py:181, small
    return mt.Transformer(2, enc, dec)


def m2_step_call(module, device=None):
    visual = torch.randn(2, 6, 24, device=device)
    with module.statefulness(2):  # BeamSearch.apply
        return module.step(0, None, visual, None, mode="feedback")


# --- interfacegan StyleGANGeneratorModel (rows 47, 48) -----------------------------------------------------------------

def IfgStyleGan():  # noqa: N802
    _root("interfacegan")
    return load_file("t22ad_ifg_sg_model", os.path.join(C28, "interfacegan/models/stylegan_generator_model.py")).StyleGANGeneratorModel


def ifg_stylegan():
    torch.manual_seed(0)
    return IfgStyleGan()(resolution=8, w_space_dim=512, truncation_psi=0.7, truncation_layers=8)


def ifg_synth_call(module, device=None):
    # stylegan_generator.py synthesize: zs.to(run_device); mapping; truncation; synthesis
    zs = torch.randn(1, 512, device=device)
    ws = module.mapping(zs)
    wps = module.truncation(ws)
    return module.synthesis(wps)


# --- SimSwap DownBlock with conv2d() spectral_norm (row 60) ----------------------------------------------------------------

def SsDownBlock():  # noqa: N802
    _root("SimSwap")
    return classes_from_source("t22ad_ss_blocks", os.path.join(C28, "SimSwap/pg_modules/blocks.py"),
                               {"DownBlock", "SeparableConv2d"},
                               prelude="import torch\nimport torch.nn as nn\nfrom torch.nn.utils import spectral_norm\n"
                                       "def NormLayer(c, mode='batch'):\n    return nn.BatchNorm2d(c)\n",
                               functions=True).DownBlock


def ss_downblock():
    torch.manual_seed(0)
    m = SsDownBlock()(8, 16)
    m.train()  # the discriminator trains
    return m


def ss_downblock_call(module, device=None):
    module.train()
    return module(torch.randn(2, 8, 16, 16, device=device))
