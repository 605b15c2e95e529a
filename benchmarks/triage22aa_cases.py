"""Small builds and calls for the issue-22 "aa" triage (docs/triage-issue22-aa.md), run by
benchmarks/triage22aa_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_aa (the linter
the round measures, ea4c1f6). Each builds the row's class small from its repository's file (classes_from_source where
the file imports packages not installed: inplace_abn, reckit) and makes the call its callers make:

- MockingBird hifigan/models.py DiscriminatorS (rows 18, 33) and Generator with ResBlock1 (rows 29, 30, 36): legacy
  weight_norm at leaf.
- ddrm models/diffusion.py Model (rows 12, 13, 21, 25, 48): the down/up holders at block.
- mvsnerf models.py MVSNeRF(net_type v0).forward_alpha (rows 16, 44, 49).
- SGL-Torch SGL.py _LightGCN._forward_gcn with a sparse adjacency on the device (rows 54, 57).
- DPS util/resizer.py Resizer (row 56): the ParameterList weights at leaf.
- MockingBird encoder/model.py SpeakerEncoder.loss with the embeddings on the CPU, as encoder/train.py:77 passes them
  (rows 7, 24, labelled false P).

Nothing was installed into the Python environment.
"""

from __future__ import annotations

import os
import sys
import types

import torch

from benchmarks.triage_harness import classes_from_source

C25 = os.environ.get("C25", "/tmp/corp25")
MB = os.path.join(C25, "MockingBird")

HG_PRE = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
          "from torch.nn import Conv1d, ConvTranspose1d, AvgPool1d, Conv2d\n"
          "from torch.nn.utils import weight_norm, remove_weight_norm, spectral_norm\nLRELU_SLOPE = 0.1\n"
          "def init_weights(m, mean=0.0, std=0.01):\n    if 'Conv' in m.__class__.__name__:\n"
          "        m.weight.data.normal_(mean, std)\n"
          "def get_padding(kernel_size, dilation=1):\n    return int((kernel_size*dilation - dilation)/2)\n")


def _hg():
    return classes_from_source("t22aa_hifigan", os.path.join(MB, "models/vocoder/hifigan/models.py"),
                               {"ResBlock1", "ResBlock2", "Generator", "DiscriminatorS"}, HG_PRE)


def HgDiscS():  # noqa: N802
    return _hg().DiscriminatorS


def hg_disc_s():
    torch.manual_seed(0)
    return HgDiscS()()


def hg_disc_s_call(module, device=None):
    return module(torch.randn(1, 1, 256, device=device))


def HgGen():  # noqa: N802
    return _hg().Generator


class _H(dict):
    __getattr__ = dict.__getitem__


def hg_gen():
    torch.manual_seed(0)
    h = _H(resblock="1", upsample_rates=[2, 2], upsample_kernel_sizes=[4, 4], upsample_initial_channel=16,
           resblock_kernel_sizes=[3], resblock_dilation_sizes=[[1, 3, 5]], num_mels=80, sampling_rate=16000)
    return HgGen()(h)


def hg_gen_call(module, device=None):
    return module(torch.randn(1, 80, 8, device=device))


# --- ddrm ------------------------------------------------------------------------------------------------------------

def DdrmModel():  # noqa: N802
    path = os.path.join(C25, "ddrm")
    if path not in sys.path:
        sys.path.insert(0, path)
    from models.diffusion import Model
    return Model


def _ns(**kw):
    return types.SimpleNamespace(**kw)


def ddrm_model():
    torch.manual_seed(0)
    cfg = _ns(model=_ns(ch=32, out_ch=3, ch_mult=[1, 2], num_res_blocks=1, attn_resolutions=[8], dropout=0.0,
                        in_channels=3, resamp_with_conv=True, type="simple", var_type="fixedsmall"),
              data=_ns(image_size=16), diffusion=_ns(num_diffusion_timesteps=10))
    return DdrmModel()(cfg)


def ddrm_call(module, device=None):
    return module(torch.randn(1, 3, 16, 16, device=device), torch.tensor([3], device=device))


# --- mvsnerf ---------------------------------------------------------------------------------------------------------

def MvsNerf():  # noqa: N802
    return classes_from_source("t22aa_mvs", os.path.join(C25, "mvsnerf/models.py"), {"MVSNeRF", "Renderer_ours"},
                               "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
                               "Renderer_attention = Renderer_linear = None\n"
                               "def weights_init(m):\n    if isinstance(m, nn.Linear):\n        nn.init.kaiming_normal_(m.weight.data)\n").MVSNeRF


def mvs():
    torch.manual_seed(0)
    return MvsNerf()(D=3, W=16, input_ch_pts=3, input_ch_views=3, input_ch_feat=8, skips=[1], net_type="v0")


def mvs_alpha_call(module, device=None):
    return module.forward_alpha(torch.randn(5, 3 + 8, device=device))


# --- SGL-Torch -------------------------------------------------------------------------------------------------------

def SglGcn():  # noqa: N802
    return classes_from_source("t22aa_sgl", os.path.join(C25, "SGL-Torch/model/general_recommender/SGL.py"),
                               {"_LightGCN"}, "import torch\nimport torch.nn as nn\nimport torch.sparse as torch_sp\n"
                               "import torch.nn.functional as F\n")._LightGCN


def _adj(device):
    n = 7
    idx = torch.tensor([[0, 1, 2, 4, 5, 6], [4, 5, 6, 0, 1, 2]])
    return torch.sparse_coo_tensor(idx, torch.ones(6), (n, n)).coalesce().to(device)


def sgl():
    torch.manual_seed(0)
    return SglGcn()(3, 4, 8, _adj("cpu"), 2)


def sgl_call(module, device=None):
    return module._forward_gcn(_adj(device))


# --- DPS Resizer -----------------------------------------------------------------------------------------------------

def DpsResizer():  # noqa: N802
    return classes_from_source("t22aa_dps", os.path.join(C25, "DPS/util/resizer.py"), {"Resizer"},
                               "import numpy as np\nimport torch\nfrom math import pi\nfrom torch import nn\n",
                               functions=True).Resizer


def dps():
    return DpsResizer()((1, 3, 16, 16), 1 / 4)


def dps_call(module, device=None):
    return module(torch.randn(1, 3, 16, 16, device=device))


# --- MockingBird SpeakerEncoder (rows 7, 24; labelled false P) ---------------------------------------------------------

def MbSpeaker():  # noqa: N802
    return classes_from_source("t22aa_spk", os.path.join(MB, "models/encoder/model.py"), {"SpeakerEncoder"},
                               "import torch\nimport numpy as np\nnp.int = int  # the file uses np.int (removed in numpy 1.24)\nfrom torch import nn\n"
                               "from torch.nn.utils import clip_grad_norm_\n"
                               "brentq = interp1d = roc_curve = None  # EER only (scipy/sklearn not needed for the loss)\n"
                               "mel_n_channels = 40\nmodel_hidden_size = 16\nmodel_embedding_size = 8\n"
                               "model_num_layers = 1\nspeakers_per_batch = 2\nutterances_per_speaker = 3\n").SpeakerEncoder


def mb_speaker():
    torch.manual_seed(0)
    return MbSpeaker()(torch.device("cpu"), torch.device("cpu"))


def mb_speaker_loss_call(module, device=None):
    embeds = module(torch.randn(6, 5, 40, device=device))  # encoder/train.py:74 (inputs on the device)
    # :77-78 hand the CPU copy (loss_device = cpu) to loss(), whose first step is similarity_matrix (the EER part
    # needs scipy/sklearn, absent here)
    return module.similarity_matrix(embeds.view(2, 3, -1).to("cpu"))
