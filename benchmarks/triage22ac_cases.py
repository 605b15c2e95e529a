"""Small builds and calls for the issue-22 "ac" triage (docs/triage-issue22-ac.md), run by
benchmarks/triage22ac_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_ac (the linter
the round measures, a1d1c1d). Each builds the row's class small from its repository's file and makes the call its
callers make:

- VQMIVC model_encoder.py Encoder.encode, as predict.py:123 / convert.py:134 call it (rows 5, 12).
- AcademiCodec hificodec/models.py Quantizer_module.forward (row 21).
- HierSpeechpp modules.py WN with gin_channels (rows 3, 27): legacy weight_norm at leaf.
- VISinger2 egs/visinger2/models.py ResBlock3 (row 2): legacy weight_norm at leaf.
- Diffsound Diffsound/vocoder/modules.py ResnetBlock (row 10): legacy weight_norm at leaf.
- Diffsound Codebook/specvqgan/modules/vqvae/quantize.py VectorQuantizer.forward (row 56).
- VQMIVC ParallelWaveGAN layers/pqmf.py PQMF.synthesis, as MelGANGenerator.inference calls it (rows 19, 51, 55).
- Diffsound DiffusionTransformer.sample, small, as generate_content (filter_ratio 0) and DALLE.sample (filter_ratio 0.5
  with content tokens) call it (rows 4, 11, 60); needs einops, installed for this case only into a private folder
  (EINOPS_DIR, /tmp/ac_pydeps), not into the Python environment.
- TPSMM modules/inpainting_network.py InpaintingNetwork.get_encode after its forward, as model.py:166 (row 37).

Nothing else was installed (files importing missing packages are read with classes_from_source).
"""

from __future__ import annotations

import os
import sys

import torch

from benchmarks.triage_harness import classes_from_source, load_file

C27 = os.environ.get("C27", "/tmp/corp27")


def _root(name):
    path = os.path.join(C27, name)
    if path not in sys.path:
        sys.path.insert(0, path)
    return path


# --- VQMIVC Encoder.encode (rows 5, 12) ----------------------------------------------------------------------------------

def VqmivcEncoder():  # noqa: N802
    return load_file("t22ac_vqmivc_encoder", os.path.join(C27, "VQMIVC/model_encoder.py")).Encoder


def vqmivc_encoder():
    torch.manual_seed(0)
    return VqmivcEncoder()(in_channels=16, channels=32, n_embeddings=8, z_dim=8, c_dim=12)


def vqmivc_encode_call(module, device=None):
    mel = torch.randn(2, 16, 20, device=device)  # predict.py:116 (B, n_mels, T) on the device
    z, c, z_before, indices = module.encode(mel)
    return z


# --- HiFi-Codec Quantizer_module (row 21) --------------------------------------------------------------------------------

def HcQuantModule():  # noqa: N802
    return classes_from_source("t22ac_hc_models", os.path.join(C27, "AcademiCodec/academicodec/models/hificodec/models.py"),
                               {"Quantizer_module"}).Quantizer_module


def hc_quant_module():
    torch.manual_seed(0)
    return HcQuantModule()(16, 8)


def hc_quant_module_call(module, device=None):
    return module(torch.randn(10, 8, device=device))  # Quantizer.for_one_step: (B*T, 512 // groups)


# --- HierSpeechpp WN (rows 3, 27) ----------------------------------------------------------------------------------------

def HsWN():  # noqa: N802
    _root("HierSpeechpp")  # modules.py imports packages not installed here (timm via its imports): WN alone
    return classes_from_source("t22ac_hs_modules", os.path.join(C27, "HierSpeechpp/modules.py"), {"WN"},
                               "import torch\nfrom torch import nn\nimport commons\n").WN


def hs_wn():
    torch.manual_seed(0)
    return HsWN()(8, 5, 1, 2, gin_channels=4)  # PosteriorSFEncoder: WN(hidden, 5, 1, n_layers, gin_channels=256)


def hs_wn_call(module, device=None):
    x = torch.randn(2, 8, 10, device=device)
    mask = torch.ones(2, 1, 10, device=device)
    g = torch.randn(2, 4, 1, device=device)
    return module(x, mask, g=g)


# --- VISinger2 ResBlock3 (row 2) -----------------------------------------------------------------------------------------

_VIS_PRELUDE = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\nfrom torch.nn import Conv1d\n"
                "from torch.nn.utils import weight_norm, remove_weight_norm\nLRELU_SLOPE = 0.1\n"
                "def get_padding(kernel_size, dilation=1):\n    return int((kernel_size*dilation - dilation)/2)\n"
                "def init_weights(m, mean=0.0, std=0.01):\n    if m.__class__.__name__.find('Conv') != -1:\n"
                "        m.weight.data.normal_(mean, std)\n")


def VisResBlock3():  # noqa: N802
    return classes_from_source("t22ac_vis_models", os.path.join(C27, "VISinger2/egs/visinger2/models.py"),
                               {"ResBlock3"}, _VIS_PRELUDE).ResBlock3


def vis_resblock3():
    torch.manual_seed(0)
    return VisResBlock3()(6, 3, (1, 3))  # models.py:487 ResBlock3(n_harmonic + 2, 3, (1, 3))


def vis_resblock3_call(module, device=None):
    return module(torch.randn(2, 6, 16, device=device))


# --- Diffsound MelGAN ResnetBlock (row 10) -------------------------------------------------------------------------------

def DsResnetBlock():  # noqa: N802
    return classes_from_source("t22ac_ds_vocoder", os.path.join(C27, "Diffsound/Diffsound/vocoder/modules.py"),
                               {"ResnetBlock"}, "import torch\nimport torch.nn as nn\nimport numpy as np\n"
                               "import torch.nn.functional as F\nfrom torch.nn.utils import weight_norm\n",
                               functions=True).ResnetBlock


def ds_resnet_block():
    torch.manual_seed(0)
    return DsResnetBlock()(8, dilation=3)  # Generator: ResnetBlock(mult * ngf // 2, dilation=3 ** j)


def ds_resnet_block_call(module, device=None):
    return module(torch.randn(2, 8, 20, device=device))


# --- Diffsound specvqgan VectorQuantizer (row 56) ------------------------------------------------------------------------

def SpecVQ():  # noqa: N802
    return load_file("t22ac_spec_quantize",
                     os.path.join(C27, "Diffsound/Codebook/specvqgan/modules/vqvae/quantize.py")).VectorQuantizer


def spec_vq():
    torch.manual_seed(0)
    return SpecVQ()(16, 8, beta=0.25)  # vqgan.py:33 VectorQuantizer(n_embed, embed_dim, beta=0.25)


def spec_vq_call(module, device=None):
    return module(torch.randn(2, 8, 4, 5, device=device))[0]


# --- ParallelWaveGAN PQMF.synthesis (rows 19, 51, 55) --------------------------------------------------------------------

def PwgPqmf():  # noqa: N802
    return classes_from_source("t22ac_pwg_pqmf", os.path.join(C27, "VQMIVC/ParallelWaveGAN/parallel_wavegan/layers/pqmf.py"),
                               {"PQMF"}, "import numpy as np\nimport torch\nimport torch.nn.functional as F\n"
                               "from scipy.signal.windows import kaiser\n", functions=True).PQMF


def pwg_pqmf():
    return PwgPqmf()(subbands=4)  # utils.py load_model: PQMF(**pqmf_params) for out_channels 4


def pwg_pqmf_call(module, device=None):
    return module.synthesis(torch.randn(1, 4, 32, device=device))  # melgan.py:258 self.pqmf.synthesis(c)


# --- TPSMM InpaintingNetwork.get_encode (row 37) -------------------------------------------------------------------------

def TpsInpainting():  # noqa: N802
    _root("TPSMM")
    return load_file("t22ac_tps_inpainting", os.path.join(C27, "TPSMM/modules/inpainting_network.py")).InpaintingNetwork


def tps_inpainting():
    torch.manual_seed(0)
    return TpsInpainting()(num_channels=3, block_expansion=8, max_features=32, num_down_blocks=3, multi_mask=True)


def tps_get_encode_call(module, device=None):
    driving = torch.randn(1, 3, 32, 32, device=device)
    occlusion = [torch.rand(1, 1, 32 // 2 ** i, 32 // 2 ** i, device=device) for i in (3, 2, 1, 0)]
    return module.get_encode(driving, occlusion)[-1]  # modules/model.py:166


# --- Diffsound DiffusionTransformer.sample (rows 4, 11, 60) --------------------------------------------------------------

def _diffsound():
    _root("Diffsound/Diffsound")
    deps = os.environ.get("EINOPS_DIR", "/tmp/ac_pydeps")
    if deps not in sys.path:
        sys.path.append(deps)


def DsDiffusionTransformer():  # noqa: N802
    _diffsound()
    from sound_synthesis.modeling.transformers.diffusion_transformer import DiffusionTransformer
    return DiffusionTransformer


def ds_diffusion_transformer():
    torch.manual_seed(0)
    emb = {"target": "sound_synthesis.modeling.embeddings.dalle_mask_image_embedding.DalleMaskImageEmbedding",
           "params": {"num_embed": 5, "spatial_size": (2, 3), "embed_dim": 16, "trainable": True,
                      "pos_emb_type": "embedding"}}
    trans = {"target": "sound_synthesis.modeling.transformers.transformer_utils.Text2ImageTransformer",
             "params": {"attn_type": "selfcross", "n_layer": 1, "condition_seq_len": 3, "content_seq_len": 6,
                        "content_spatial_size": [2, 3], "n_embd": 16, "condition_dim": 8, "n_head": 2,
                        "attn_pdrop": 0.0, "resid_pdrop": 0.0, "block_activate": "GELU2",
                        "timestep_type": "adalayernorm", "mlp_hidden_times": 2}}
    # configs/caps.yaml shape (condition_emb via CLIP replaced by a given condition embedding: no CLIP weights here)
    return DsDiffusionTransformer()(content_emb_config=emb, condition_emb_config=None, transformer_config=trans,
                                    diffusion_step=4, alpha_init_type="alpha1")


def _no_cuda():
    # transformer_utils.py:434 moves t with t.cuda() (the real compute device); CPU torch here has no CUDA, so
    # .cuda() returns a fresh copy of the values (no offload provenance), as a real .cuda() to the compute device would.
    torch.Tensor.cuda = lambda self, *args, **kwargs: torch.tensor(self.tolist(), dtype=self.dtype)


def ds_sample_call(module, device=None):
    _no_cuda()
    cond_tok = torch.zeros(2, 3, dtype=torch.long, device=device)
    cond_emb = torch.randn(2, 3, 8, device=device)
    return module.sample(cond_tok, None, cond_emb, filter_ratio=0)["content_token"]  # generate_content, filter 0


def ds_sample_content_call(module, device=None):
    _no_cuda()
    cond_tok = torch.zeros(2, 3, dtype=torch.long, device=device)
    cond_emb = torch.randn(2, 3, 8, device=device)
    content = torch.randint(0, 5, (2, 6), device=device)  # DALLE.sample: the batch's content tokens
    return module.sample(cond_tok, None, cond_emb, content_token=content, filter_ratio=0.5)["content_token"]
