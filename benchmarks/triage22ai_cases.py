"""Small builds and calls for the issue-22 "ai" triage (docs/triage-issue22-ai.md), run by
benchmarks/triage22ai_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_ai (the linter
the round measures, 33761af). Each builds the row's class small from its repository's file and makes the call its
callers make:

- multimodal-prompt-learning clip/model.py CLIP (design 'CoOp', ViT), encode_image / encode_text on device inputs as
  trainers/zsclip.py calls them (model_inference :56, build_model :49): rows 25, 20 / 15, 45, 46, 20.
- DenseCLIP segmentation/ and detection/ denseclip/models.py AttentionPool2d.forward on device features (the class
  alone: the files import mmseg / mmdet / timm, not installed): rows 17, 24, 26, 28, 31 / 5, 7, 10, 35.
- mdetr models/transformer.py TransformerEncoderLayer.forward (the class and the file's functions alone: the file
  imports transformers' Roberta): row 30 (nn.MultiheadAttention's out_proj at leaf level).
- OV-DETR ovdetr/models/segmentation.py MHAttentionMap.forward (the class alone): rows 12, 59 (C: the --masks head).
"""

from __future__ import annotations

import os

import torch

from benchmarks.triage_harness import classes_from_source, load_file

C33 = os.environ.get("C33", "/tmp/corp33")
PRELUDE = ("import math\nimport copy\nfrom collections import OrderedDict\nfrom typing import Optional, List, Tuple, Union\n"
           "import torch\nimport torch.nn as nn\nfrom torch import nn, Tensor\nimport torch.nn.functional as F\n")


# --- multimodal-prompt-learning CLIP (rows 15, 20, 25, 45, 46) -------------------------------------------------------

def _mpl_clip():
    return load_file("ai_mpl_clip_model", os.path.join(C33, "multimodal-prompt-learning/clip/model.py"))


def MplCLIP():  # noqa: N802
    return _mpl_clip().CLIP


def mpl_clip():
    torch.manual_seed(0)
    design = {"trainer": "CoOp", "vision_depth": 0, "language_depth": 0, "vision_ctx": 0, "language_ctx": 0}
    # ViT: width 64 (one head), patch 16 on 32 px; text: width 64, 8 tokens, vocabulary 50
    return MplCLIP()(embed_dim=16, image_resolution=32, vision_layers=1, vision_width=64, vision_patch_size=16,
                     context_length=8, vocab_size=50, transformer_width=64, transformer_heads=1,
                     transformer_layers=1, design_details=design).eval()


def mpl_encode_image_call(module, device=None):
    with torch.no_grad():
        return module.encode_image(torch.randn(2, 3, 32, 32, device=device))


def mpl_encode_text_call(module, device=None):
    with torch.no_grad():
        return module.encode_text(torch.randint(0, 50, (2, 8), device=device))


# --- DenseCLIP AttentionPool2d (rows 5, 7, 10, 35 detection; 17, 24, 26, 28, 31 segmentation) ------------------------

def DenseAttnPoolSeg():  # noqa: N802
    path = os.path.join(C33, "DenseCLIP/segmentation/denseclip/models.py")
    return classes_from_source("ai_denseclip_seg", path, ("AttentionPool2d",), prelude=PRELUDE).AttentionPool2d


def DenseAttnPoolDet():  # noqa: N802
    path = os.path.join(C33, "DenseCLIP/detection/denseclip/models.py")
    return classes_from_source("ai_denseclip_det", path, ("AttentionPool2d",), prelude=PRELUDE).AttentionPool2d


def dense_pool_seg():
    torch.manual_seed(0)
    return DenseAttnPoolSeg()(spacial_dim=4, embed_dim=32, num_heads=4, output_dim=16).eval()


def dense_pool_det():
    torch.manual_seed(0)
    return DenseAttnPoolDet()(spacial_dim=4, embed_dim=32, num_heads=4, output_dim=16).eval()


def dense_pool_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 32, 4, 4, device=device))


# --- mdetr TransformerEncoderLayer (row 30) -------------------------------------------------------------------------

def MdetrEncLayer():  # noqa: N802
    path = os.path.join(C33, "mdetr/models/transformer.py")
    return classes_from_source("ai_mdetr_transformer", path, ("TransformerEncoderLayer",), prelude=PRELUDE,
                               functions=True).TransformerEncoderLayer


def mdetr_enc_layer():
    torch.manual_seed(0)
    return MdetrEncLayer()(d_model=32, nhead=4, dim_feedforward=64, dropout=0.0).eval()


def mdetr_enc_call(module, device=None):
    with torch.no_grad():
        src = torch.randn(6, 1, 32, device=device)
        return module(src, src_key_padding_mask=None, pos=torch.randn(6, 1, 32, device=device))


# --- OV-DETR MHAttentionMap (rows 12, 59) ---------------------------------------------------------------------------

def OvMHAttentionMap():  # noqa: N802
    path = os.path.join(C33, "OV-DETR/ovdetr/models/segmentation.py")
    return classes_from_source("ai_ovdetr_segm", path, ("MHAttentionMap",), prelude=PRELUDE).MHAttentionMap


def ov_attn_map():
    torch.manual_seed(0)
    return OvMHAttentionMap()(query_dim=32, hidden_dim=32, num_heads=4).eval()


def ov_attn_map_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 5, 32, device=device), torch.randn(1, 32, 4, 4, device=device))
