"""Small builds and calls for the issue-22 "bh" triage (docs/triage-issue22-bh.md), run by
benchmarks/triage22bh_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bh (the linter the round measures). The library code is the corpus copies (/tmp/corp58/<name>:
the measured commits), no install: each source file is loaded by path under a bare namespace package seeded over its
folder (package ``__init__`` files skipped), and third-party / sibling modules the classes do not use at run time
(timm, facexlib, mmcv, mmengine, the OpenMMLab registries, pyiqa.utils) are stubbed; the classes run are the corpus's
own.
"""

from __future__ import annotations

import importlib.util
import sys
import types

import torch

C = "/tmp/corp58"


class _Any:
    def __init__(self, *a, **k):
        pass

    def __call__(self, *a, **k):
        return _Any()

    def __getattr__(self, n):
        if n.startswith("__"):
            raise AttributeError(n)
        return _Any()


class _Registry:
    """A registry stub whose decorators return the class unchanged."""

    def register_module(self, *a, **k):
        return lambda cls: cls

    def register(self, *a, **k):
        return lambda cls: cls


def _stub(name, **attrs):
    module = types.ModuleType(name)
    module.__path__ = []
    for key, value in attrs.items():
        setattr(module, key, value)
    module.__getattr__ = lambda n: (_ for _ in ()).throw(AttributeError(n)) if n.startswith("__") else _Any()
    sys.modules[name] = module
    return module


def _pkg(name, path):
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


for _n in ("torchvision", "torchvision.transforms", "torchvision.transforms.functional", "timm", "timm.models", "facexlib", "facexlib.utils", "facexlib.utils.face_restoration_helper", "mmcv",
           "mmcv.cnn", "mmcv.cnn.bricks", "mmengine", "pyiqa.utils", "pyiqa.utils.registry",
           "pyiqa.utils.download_util"):
    _stub(_n)
sys.modules["pyiqa.utils.registry"].ARCH_REGISTRY = _Registry()
_stub("mmagic.registry", MODELS=_Registry())
_stub("mmaction.registry", MODELS=_Registry())
for _name, _path in (("pyiqa", C + "/pyiqa/pyiqa"), ("pyiqa.archs", C + "/pyiqa/pyiqa/archs"),
                     ("mmagic", C + "/mmagic/mmagic"), ("mmagic.models", C + "/mmagic/mmagic/models"),
                     ("mmagic.models.editors", C + "/mmagic/mmagic/models/editors"),
                     ("mmagic.models.editors.biggan", C + "/mmagic/mmagic/models/editors/biggan"),
                     ("mmaction", C + "/mmaction2/mmaction"), ("mmaction.models", C + "/mmaction2/mmaction/models"),
                     ("mmaction.models.localizers", C + "/mmaction2/mmaction/models/localizers"),
                     ("mmaction.models.localizers.drn", C + "/mmaction2/mmaction/models/localizers/drn"),
                     ("mmaction.models.localizers.drn.drn_utils",
                      C + "/mmaction2/mmaction/models/localizers/drn/drn_utils"),
                     ("umt", C + "/mmaction2/projects/umt"), ("umt.models", C + "/mmaction2/projects/umt/models"),
                     ("torchtext", C + "/torchtext/torchtext"), ("torchtext.models", C + "/torchtext/torchtext/models"),
                     ("torchtext.models.roberta", C + "/torchtext/torchtext/models/roberta")):
    _pkg(_name, _path)

_tt = _load("torchtext.models.roberta.modules", C + "/torchtext/torchtext/models/roberta/modules.py")
_clip = _load("pyiqa.archs.clip_model", C + "/pyiqa/pyiqa/archs/clip_model.py")
_stub("pyiqa.archs.topiq_swin")
_stub("pyiqa.archs.arch_util")
_topiq = _load("pyiqa.archs.topiq_arch", C + "/pyiqa/pyiqa/archs/topiq_arch.py")
_umt = _load("umt.models.vit", C + "/mmaction2/projects/umt/models/vit.py")
_bg = _load("mmagic.models.editors.biggan.biggan_modules", C + "/mmagic/mmagic/models/editors/biggan/biggan_modules.py")
_fpn = _load("mmaction.models.localizers.drn.drn_utils.FPN",
             C + "/mmaction2/mmaction/models/localizers/drn/drn_utils/FPN.py")

TransformerEncoder = _tt.TransformerEncoder
AttentionPool2d = _clip.AttentionPool2d
TopiqEncoderLayer = _topiq.TransformerEncoderLayer
TopiqDecoderLayer = _topiq.TransformerDecoderLayer
UmtAttention = _umt.Attention
BigGANConditionBN = _bg.BigGANConditionBN
FPN = _fpn.FPN


def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


# --- torchtext RoBERTa TransformerEncoder (row 26): nn.TransformerEncoder's MHA out_proj, leaf level
def tt_encoder():
    torch.manual_seed(0)
    return TransformerEncoder(vocab_size=50, embedding_dim=16, padding_idx=1, max_seq_len=32, num_encoder_layers=2,
                              num_attention_heads=2, ffn_dimension=32, dropout=0.0)


def tt_encoder_call(module, device=None):
    return module(torch.randint(2, 50, (2, 7), device=_dev(device)))


# --- pyiqa clip_model AttentionPool2d (rows 16, 42, 45, 55): Linear weights passed to F.multi_head_attention_forward
def attnpool():
    torch.manual_seed(0)
    return AttentionPool2d(4, 16, 2, 8)


def attnpool_call(module, device=None):
    return module(torch.randn(2, 16, 4, 4, device=_dev(device)))


# --- pyiqa TOPIQ TransformerEncoderLayer / DecoderLayer (rows 11 / 7, 9): nn.MultiheadAttention out_proj
def topiq_enc():
    torch.manual_seed(0)
    return TopiqEncoderLayer(16, 2, dim_feedforward=32, dropout=0.0).eval()


def topiq_enc_call(module, device=None):
    return module(torch.randn(5, 2, 16, device=_dev(device)))


def topiq_dec():
    torch.manual_seed(0)
    return TopiqDecoderLayer(16, 2, dim_feedforward=32, dropout=0.0).eval()


def topiq_dec_call(module, device=None):
    d = _dev(device)
    return module(torch.randn(5, 2, 16, device=d), torch.randn(6, 2, 16, device=d))


# --- mmaction2 UMT Attention (row 18): F.linear with self.qkv.weight, qkv_bias=True as the UMT configs set
def umt_attn():
    torch.manual_seed(0)
    return UmtAttention(16, num_heads=2, qkv_bias=True)


def umt_attn_call(module, device=None):
    return module(torch.randn(2, 5, 16, device=_dev(device)))


# --- mmagic BigGANConditionBN with sn_style='torch' (row 5): legacy spectral_norm on the gain / bias Linears
def biggan_cbn():
    torch.manual_seed(0)
    return BigGANConditionBN(8, 6, sn_style="torch", with_spectral_norm=True, auto_sync_bn=False)


def biggan_cbn_call(module, device=None):
    d = _dev(device)
    return module(torch.randn(2, 8, 4, 4, device=d), torch.randn(2, 6, device=d))


# --- mmaction2 DRN FPN (rows 53, 60, label F): the loop over slices of the ModuleLists calls each block itself
def drn_fpn():
    torch.manual_seed(0)
    return FPN([4, 8, 16], 8)


def drn_fpn_call(module, device=None):
    d = _dev(device)
    return module([torch.randn(1, 4, 32, device=d), torch.randn(1, 8, 16, device=d), torch.randn(1, 16, 8, device=d)])
