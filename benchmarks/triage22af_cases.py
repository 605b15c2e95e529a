"""Small builds and calls for the issue-22 "af" triage (docs/triage-issue22-af.md), run by
benchmarks/triage22af_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_ae (the linter
the round measures, c09cd29). Each builds the row's class small from its repository's file and makes the call its
callers make:

- T2M-GPT models/vqvae.py HumanVQVAE.forward_decoder (rows 13, 36), quantizer 'ema_reset' (the README's); the
  codebook buffer is made with `.cuda()` (quantize_cnn.py:18), so the factory builds it with Tensor.cuda as identity.
- MLD mld_vae.py MldVae.encode / .decode, arch 'encoder_decoder', PE 'mld' (configs/modules/motion_vae.yaml,
  config_mld_humanml3d.yaml): rows 12, 26, 27 (block) and the MultiheadAttention rows 20, 34, 44 (leaf).
- MLD actor_vae.py ActorVae.encode / .decode (humanact12): rows 54, 6 (block) and 59 (leaf).
- SAM-Med3D prompt_encoder3D.py PromptEncoder3D.forward(points, boxes=None, masks) as train.py:229 calls it (rows 24,
  38) and mask_decoder3D.py MaskDecoder3D.forward as train.py:234 (row 23).

Nothing was installed into the Python environment.
"""

from __future__ import annotations

import os
import sys
from types import SimpleNamespace as NS

import torch

from benchmarks.triage_harness import bare_packages

C30 = os.environ.get("C30", "/tmp/corp30")


def _root(path):
    path = os.path.join(C30, path)
    if path not in sys.path:
        sys.path.insert(0, path)
    return path


# --- T2M-GPT HumanVQVAE.forward_decoder (rows 13, 36) -----------------------------------------------------------------

def _t2m():
    _root("T2M-GPT")
    bare_packages("models")
    import models.vqvae as vqvae  # noqa: PLC0415
    return vqvae


def T2mVqvae():  # noqa: N802
    return _t2m().HumanVQVAE


def t2m_vqvae():
    torch.manual_seed(0)
    cuda = torch.Tensor.cuda
    torch.Tensor.cuda = lambda self, *a, **k: self  # quantize_cnn.py:18 makes the codebook with .cuda()
    try:
        args = NS(quantizer="ema_reset", dataname="t2m", mu=0.99)
        return T2mVqvae()(args, nb_code=16, code_dim=16, output_emb_width=16, down_t=1, stride_t=2, width=16,
                          depth=1, dilation_growth_rate=3)
    finally:
        torch.Tensor.cuda = cuda


def t2m_decode_call(module, device=None):
    idx = torch.randint(0, 16, (1, 4), device=device)  # the transformer's sampled indices (eval_trans.py:204)
    return module.forward_decoder(idx)


# --- MLD MldVae / ActorVae (rows 12, 26, 27, 20, 34, 44 / 6, 54, 59) ---------------------------------------------------

def _mld():
    _root("MLD")
    bare_packages("mld", "mld.models", "mld.models.architectures", "mld.models.architectures.tools", "mld.utils")
    import mld.models.architectures.actor_vae as actor  # noqa: PLC0415
    import mld.models.architectures.mld_vae as vae  # noqa: PLC0415
    return vae, actor


_ABL = NS(MLP_DIST=False, PE_TYPE="mld", VAE_TYPE="mld", SKIP_CONNECT=True)


def MldVae():  # noqa: N802
    return _mld()[0].MldVae


def mld_vae():
    torch.manual_seed(0)
    return MldVae()(_ABL, nfeats=12, latent_dim=[1, 16], ff_size=32, num_layers=3, num_heads=2, dropout=0.0,
                    arch="encoder_decoder").eval()


def mld_encode_call(module, device=None):
    feats = torch.randn(2, 6, 12, device=device)
    return module.encode(feats, [6, 5])


def mld_decode_call(module, device=None):
    z = torch.randn(1, 2, 16, device=device)
    return module.decode(z, [6, 5])


def ActorVae():  # noqa: N802
    return _mld()[1].ActorVae


def actor_vae():
    torch.manual_seed(0)
    return ActorVae()(NS(PE_TYPE="mld"), nfeats=12, latent_dim=[1, 16], ff_size=32, num_layers=2, num_heads=2,
                      dropout=0.0).eval()


actor_encode_call = mld_encode_call


def actor_decode_call(module, device=None):
    z = torch.randn(1, 2, 16, device=device)
    return module.decode(z, [6, 5])


# --- SAM-Med3D PromptEncoder3D / MaskDecoder3D (rows 23, 24, 38) --------------------------------------------------------

def _sam():
    _root("SAM-Med3D")
    bare_packages("segment_anything", "segment_anything.modeling")
    import segment_anything.modeling.mask_decoder3D as md  # noqa: PLC0415
    import segment_anything.modeling.prompt_encoder3D as pe  # noqa: PLC0415
    return pe, md


def SamPrompt3D():  # noqa: N802
    return _sam()[0].PromptEncoder3D


def sam_prompt3d():
    torch.manual_seed(0)
    return SamPrompt3D()(embed_dim=24, image_embedding_size=(4, 4, 4), input_image_size=(16, 16, 16), mask_in_chans=8)


def sam_prompt_call(module, device=None):
    coords = torch.rand(1, 2, 3, device=device) * 16
    labels = torch.tensor([[1, 0]], device=device)
    masks = torch.zeros(1, 1, 16, 16, 16, device=device)  # low_res_masks (train.py:232)
    return module(points=(coords, labels), boxes=None, masks=masks)


def SamMaskDec3D():  # noqa: N802
    return _sam()[1].MaskDecoder3D


def sam_maskdec3d():
    torch.manual_seed(0)
    return SamMaskDec3D()(num_multimask_outputs=3, transformer_dim=32, iou_head_depth=2, iou_head_hidden_dim=16).eval()


def sam_maskdec_call(module, device=None):
    emb = torch.randn(1, 32, 4, 4, 4, device=device)
    pe = torch.randn(1, 32, 4, 4, 4, device=device)
    sparse = torch.randn(1, 3, 32, device=device)
    dense = torch.randn(1, 32, 4, 4, 4, device=device)
    return module(image_embeddings=emb, image_pe=pe, sparse_prompt_embeddings=sparse, dense_prompt_embeddings=dense,
                  multimask_output=False)


# --- daclip-uir ConditionalUNet, daclip-sde and wild-ir (rows 57, 60 / 2, 51) ------------------------------------------
# Their files import einops, which this environment lacks: triage22af_runtime.sh puts a copy installed with
# `pip install --target $EINOPS einops` (default /tmp/af_einops) on PYTHONPATH for these two runs only.

_IR = "daclip-uir/universal-image-restoration/config"


def _unet(config):
    _root(f"{_IR}/{config}")
    bare_packages("models")
    import models.modules.DenoisingUNet_arch as arch  # noqa: PLC0415
    return arch.ConditionalUNet


def DaclipUnet():  # noqa: N802
    return _unet("daclip-sde")


def daclip_unet():
    torch.manual_seed(0)  # options/train.yml's setting, small: nf 32, ch_mult [1, 2], context 16
    return DaclipUnet()(in_nc=3, out_nc=3, nf=32, ch_mult=[1, 2], context_dim=16, use_degra_context=True,
                        use_image_context=True).eval()


def WildirUnet():  # noqa: N802
    return _unet("wild-ir")


def wildir_unet():
    torch.manual_seed(0)  # wild-ir/options/train.yml's setting, small
    return WildirUnet()(in_nc=3, out_nc=3, nf=32, ch_mult=[1, 2], context_dim=16, use_degra_context=False,
                        use_image_context=True).eval()


def unet_call(module, device=None):
    xt = torch.randn(1, 3, 16, 16, device=device)
    cond = torch.randn(1, 3, 16, 16, device=device)
    t = torch.tensor([5.0], device=device)
    ctx = torch.randn(1, 16, device=device)
    return module(xt, cond, t, text_context=ctx, image_context=ctx)
