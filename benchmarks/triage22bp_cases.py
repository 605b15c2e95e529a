"""Small builds and calls for the issue-22 "bp" triage (docs/triage-issue22-bp.md), run by
benchmarks/triage22bp_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bp (the linter the round measures). The library code is the corpus copies (/tmp/corp66/<name>: the
measured commits), no install. basicsr's `basicsr.archs` is made a bare namespace package over the corpus's
basicsr/archs directory (its __init__, which imports every arch and, through basicsr/__init__, cv2 / lmdb, is not
run) and `basicsr.utils.registry` is stubbed with a pass-through ARCH_REGISTRY; groundingdino's transformer.py is imported
under bare namespace packages over its corpus directories (torchvision stubbed, absent here: only the unused VGGFeatureExtractor and
groundingdino's util.misc name it; its compiled `_C` absent: the pure-PyTorch deformable attention runs on the CPU). Nothing is
written to disk. The classes run are the corpus's own.
"""

from __future__ import annotations

import sys
import types

import torch

C = "/tmp/corp66"


class _Registry:
    def register(self, *a, **k):
        if a and callable(a[0]) and not k:
            return a[0]
        return lambda obj: obj


def _pkg(name, path=None, **attrs):
    module = sys.modules.get(name)
    if module is None:
        module = types.ModuleType(name)
        if path is not None:
            module.__path__ = [path]
        sys.modules[name] = module
    module.__dict__.update(attrs)
    return module


# torchvision is not installed: dfdnet_arch imports vgg_arch, which imports torchvision.models.vgg for
# VGGFeatureExtractor (built only by DFDNet itself, not by the blocks run here); groundingdino's util.misc imports it too
_pkg("torchvision", None, __version__="0.0")
_pkg("torchvision.models", None, vgg=types.ModuleType("torchvision.models.vgg"))
sys.modules["torchvision"].models = sys.modules["torchvision.models"]
_pkg("basicsr", f"{C}/basicsr/basicsr")
_pkg("basicsr.utils", f"{C}/basicsr/basicsr/utils")
_pkg("basicsr.utils.registry", ARCH_REGISTRY=_Registry())
_pkg("basicsr.archs", f"{C}/basicsr/basicsr/archs")

from basicsr.archs.dfdnet_arch import SFTUpBlock  # noqa: E402
from basicsr.archs.dfdnet_util import MSDilationBlock  # noqa: E402
from basicsr.archs.ecbsr_arch import ECB  # noqa: E402
from basicsr.archs.hifacegan_util import SPADEResnetBlock  # noqa: E402


def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


# basicsr SPADEResnetBlock (HiFaceGAN's generator block; row 39, recall H2): legacy spectral_norm on conv_0 / conv_1
def bsr_spade():
    return SPADEResnetBlock(4, 8, norm_g="spectralspadesyncbatch3x3", semantic_nc=3)


def bsr_spade_call(module, device=None):
    d = _dev(device)
    return module(torch.randn(1, 4, 8, 8, device=d), torch.randn(1, 3, 8, 8, device=d))


# basicsr DFDNet SFTUpBlock (rows 7 conv1, 47 shift_block): spectral_norm convs inside Sequentials
def bsr_sftup():
    return SFTUpBlock(4, 4)


def bsr_sftup_call(module, device=None):
    d = _dev(device)
    return module(torch.randn(1, 4, 8, 8, device=d), torch.randn(1, 4, 8, 8, device=d))


# basicsr DFDNet MSDilationBlock (row 46 conv_fusion)
def bsr_msdil():
    return MSDilationBlock(4, dilation=[4, 3, 2, 1])


def bsr_msdil_call(module, device=None):
    return module(torch.randn(1, 4, 8, 8, device=_dev(device)))


# basicsr ECBSR's ECB in eval mode (rows 27 conv3x3.bias, 31 SeqConv3x3.mask): forward calls rep_params
def bsr_ecb():
    return ECB(4, 4, depth_multiplier=2.0, act_type="prelu", with_idt=True).eval()


def bsr_ecb_call(module, device=None):
    return module(torch.randn(1, 4, 8, 8, device=_dev(device)))


# groundingdino DeformableTransformerDecoderLayer with text cross-attention (row 2 ca_text MultiheadAttention)
def _unused(*_a, **_k):
    raise NotImplementedError("stub")


# groundingdino: bare namespace packages over the corpus directories (groundingdino/models/__init__ imports the whole
# detector, which needs torchvision.ops); util.misc stubbed (only inverse_sigmoid is imported, used by Transformer,
# not by the decoder layer run here)
_pkg("groundingdino", f"{C}/groundingdino/groundingdino")
_pkg("groundingdino.models", f"{C}/groundingdino/groundingdino/models")
_pkg("groundingdino.models.GroundingDINO", f"{C}/groundingdino/groundingdino/models/GroundingDINO")
_pkg("groundingdino.util", f"{C}/groundingdino/groundingdino/util")
_pkg("groundingdino.util.misc", None, inverse_sigmoid=_unused)
# timm absent: fuse_modules imports DropPath for BiAttentionBlock (the encoder's fusion layer, not run here)
_pkg("timm", None)
_pkg("timm.models", None)
_pkg("timm.models.layers", None, DropPath=_unused)


from groundingdino.models.GroundingDINO.transformer import DeformableTransformerDecoderLayer  # noqa: E402


def gd_declayer():
    return DeformableTransformerDecoderLayer(d_model=16, d_ffn=32, n_levels=1, n_heads=2, n_points=2,
                                             use_text_cross_attention=True).eval()


def gd_declayer_call(module, device=None):
    d = _dev(device)
    nq, bs, nt = 3, 1, 5
    return module(
        tgt=torch.randn(nq, bs, 16, device=d),
        tgt_query_pos=torch.randn(nq, bs, 16, device=d),
        tgt_reference_points=torch.rand(nq, bs, 1, 2, device=d),
        memory_text=torch.randn(bs, nt, 16, device=d),
        text_attention_mask=torch.zeros(bs, nt, dtype=torch.bool, device=d),
        memory=torch.randn(16, bs, 16, device=d),
        memory_level_start_index=torch.tensor([0], device=d),
        memory_spatial_shapes=torch.tensor([[4, 4]], device=d),
    )
