"""Small builds and calls for the issue-22 "y" triage (docs/triage-issue22-y.md), run by benchmarks/triage22y_runtime.sh
through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_x (the linter the round measures, f28788b).
Each builds the row's class small, with its repository's own constructor, and makes the call its callers make:

- FateZero CLIP/clip/model.py CLIP (a vendored OpenAI CLIP; imports only torch/numpy), loaded from its path, a small
  ViT config: encode_text (rows 12, 51, 59) and encode_image (row 1: nn.MultiheadAttention's out_proj at leaf), as
  CLIP/frame_acc_tem_con.py calls them.
- AnimateLCM animatelcm_svd/pipeline.py's vae: diffusers 0.42.1's own AutoencoderKLTemporalDecoder (small config),
  encode (row 55, _encode_vae_image) and decode (row 49, decode_latents).
- StableAnimator animation/modules/refined_vae.py RefinedAutoencoderKLTemporalDecoder (imports only diffusers),
  loaded from its path: encode (row 17), decode (row 43).
- PuLID eva_clip/eva_vit_model.py Attention (rows 16, 34, 48; subln=True as EVA02-CLIP-L-14-336; xattn False and
  rope None here: xformers is not installed, and both act after the q/k/v projections the rows are about), and
  Video-LLaMA video_llama/models/eva_vit.py Attention (row 32): class sources taken from the files (ast: the modules
  import timm, not installed).
- Video-LLaMA ImageBind multimodal_preprocessors.py SpatioTemporalPosEmbeddingHelper (rows 9, 53) with the file's
  functions (ast: the module imports timm, ftfy, iopath), inside a stand-in root whose forward does what
  tokenize_input_and_cls_pos does (a stem Linear, then tokens + helper.get_pos_embedding(input, tokens)).
- Video-LLaMA ImageBind transformer.py MultiheadAttention (recall hazard 3), class source from the file (ast: timm).
- custom-diffusion CustomDiffusionPipeline.add_token (rows 10, 42, labelled false A): a tiny transformers
  CLIPTextModel as the offloaded root; the call does what add_token does after the tokenizer (resize_token_embeddings,
  then copy one embedding row into another).

Nothing was installed into the Python environment.
"""

from __future__ import annotations

import os

import torch
import torch.nn as nn

from benchmarks.triage_harness import classes_from_source, load_file

C23 = os.environ.get("C23", "/tmp/corp23")


def _load(name, *parts):
    return load_file(name, os.path.join(C23, *parts))




# --- FateZero CLIP ------------------------------------------------------------------------------------------------------

def FzCLIP():  # noqa: N802
    return _load("t22y_fz_clip", "FateZero", "CLIP", "clip", "model.py").CLIP


def fz_clip():
    torch.manual_seed(0)
    return FzCLIP()(embed_dim=16, image_resolution=32, vision_layers=1, vision_width=64, vision_patch_size=16,
                    context_length=8, vocab_size=50, transformer_width=32, transformer_heads=2,
                    transformer_layers=1).float().eval()


def fz_clip_text_call(module, device=None):
    with torch.no_grad():
        return module.encode_text(torch.tensor([[1, 5, 7, 49, 0, 0, 0, 0]], device=device))


def fz_clip_image_call(module, device=None):
    with torch.no_grad():
        return module.encode_image(torch.randn(1, 3, 32, 32, device=device))


# --- diffusers AutoencoderKLTemporalDecoder (AnimateLCM SVD pipeline's vae) -----------------------------------------------

def LcmVAE():  # noqa: N802
    from diffusers import AutoencoderKLTemporalDecoder
    return AutoencoderKLTemporalDecoder


def lcm_vae():
    torch.manual_seed(0)
    return LcmVAE()(block_out_channels=(32,), layers_per_block=1, latent_channels=4, sample_size=16).eval()


def lcm_vae_encode_call(module, device=None):
    with torch.no_grad():
        return module.encode(torch.randn(1, 3, 16, 16, device=device)).latent_dist.mode()


def lcm_vae_decode_call(module, device=None):
    with torch.no_grad():
        return module.decode(torch.randn(2, 4, 16, 16, device=device), num_frames=2).sample


# --- StableAnimator RefinedAutoencoderKLTemporalDecoder ------------------------------------------------------------------

def SaVAE():  # noqa: N802
    return _load("t22y_sa_refined_vae", "StableAnimator", "animation", "modules", "refined_vae.py").RefinedAutoencoderKLTemporalDecoder


def sa_vae():
    torch.manual_seed(0)
    return SaVAE()(block_out_channels=(32,), layers_per_block=1, latent_channels=4, sample_size=16).eval()


# --- EVA attention (PuLID eva_clip, Video-LLaMA eva_vit) ----------------------------------------------------------------

_EVA_PRELUDE = ("import math\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
                "from functools import partial\nXFORMERS_IS_AVBL = False\n")


def PuEvaAttention():  # noqa: N802
    return classes_from_source("t22y_pu_eva", os.path.join(C23, "PuLID", "eva_clip", "eva_vit_model.py"), {"Attention"},
                        _EVA_PRELUDE).Attention


def pu_eva_attn():
    torch.manual_seed(0)
    return PuEvaAttention()(dim=16, num_heads=2, qkv_bias=True, subln=True, xattn=False, rope=None,
                            norm_layer=nn.LayerNorm).eval()


def VlEvaAttention():  # noqa: N802
    return classes_from_source("t22y_vl_eva", os.path.join(C23, "Video-LLaMA", "video_llama", "models", "eva_vit.py"),
                        {"Attention"}, _EVA_PRELUDE).Attention


def vl_eva_attn():
    torch.manual_seed(0)
    return VlEvaAttention()(dim=16, num_heads=2, qkv_bias=True).eval()


def eva_attn_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 5, 16, device=device))


# --- Video-LLaMA ImageBind ------------------------------------------------------------------------------------------------

def _ib_pre():
    return classes_from_source(
        "t22y_ib_pre", os.path.join(C23, "Video-LLaMA", "video_llama", "models", "ImageBind", "models",
                                    "multimodal_preprocessors.py"),
        {"SpatioTemporalPosEmbeddingHelper"},
        "import math\nimport numpy as np\nimport torch\nimport torch.nn as nn\nfrom functools import lru_cache\n"
        "from typing import Callable, List, Optional, Tuple\nVerboseNNModule = nn.Module\n"
        "trunc_normal_ = nn.init.trunc_normal_\n", functions=True)


def VlPosRoot():  # noqa: N802
    helper_cls = _ib_pre().SpatioTemporalPosEmbeddingHelper

    class VlPosRoot(nn.Module):
        """Stand-in for ImageBind's AudioPreprocessor.tokenize_input_and_cls_pos: stem, cls token, + pos embedding."""

        def __init__(self):
            super().__init__()
            self.stem = nn.Linear(4, 8)
            self.cls_token = nn.Parameter(torch.zeros(1, 1, 8))
            self.pos_embedding_helper = helper_cls(patches_layout=[1, 2, 3], num_patches=6, num_cls_tokens=1,
                                                   embed_dim=8, learnable=True)

        def forward(self, x):
            tokens = self.stem(x.flatten(2).transpose(1, 2))
            tokens = torch.cat((self.cls_token.expand(x.shape[0], -1, -1), tokens), dim=1)
            return tokens + self.pos_embedding_helper.get_pos_embedding(x, tokens)

    return VlPosRoot


def vl_posembed():
    torch.manual_seed(0)
    return VlPosRoot()().eval()


def vl_posembed_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 4, 1, 2, 3, device=device))


def VlMHA():  # noqa: N802
    return classes_from_source("t22y_ib_tr", os.path.join(C23, "Video-LLaMA", "video_llama", "models", "ImageBind", "models",
                                                   "transformer.py"), {"MultiheadAttention"}).MultiheadAttention


def vl_mha():
    torch.manual_seed(0)
    return VlMHA()(embed_dim=16, num_heads=2, batch_first=False).eval()


def vl_mha_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(5, 1, 16, device=device), attn_mask=None)


# --- custom-diffusion add_token (false A rows) -------------------------------------------------------------------------

def CdTextEncoder():  # noqa: N802
    from transformers import CLIPTextModel
    return CLIPTextModel


def cd_text_encoder():
    from transformers import CLIPTextConfig
    torch.manual_seed(0)
    cfg = CLIPTextConfig(vocab_size=50, hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                         num_attention_heads=2, max_position_embeddings=8, bos_token_id=0, eos_token_id=1, pad_token_id=1)
    return CdTextEncoder()(cfg).eval()


def cd_add_token_call(module, device=None):
    # CustomDiffusionPipeline.add_token after the tokenizer: resize, then copy the initializer row into the new one.
    module.resize_token_embeddings(51, mean_resizing=False)
    token_embeds = module.get_input_embeddings().weight.data
    for x, y in zip([50], [7]):
        token_embeds[x] = token_embeds[y]
    return token_embeds[50]
