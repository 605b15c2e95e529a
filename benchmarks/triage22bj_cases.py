"""Small builds and calls for the issue-22 "bj" triage (docs/triage-issue22-bj.md), run by
benchmarks/triage22bj_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_bj (the linter the round measures). diffusers' own classes (0.42.1, installed) for the VAE rows;
the other classes are the corpus copies (/tmp/corp60/<name>: the measured commits), loaded by path under their own
module names, no install: the package modules they import that are absent here (torchmultimodal's own package, einops,
mmengine, SimpleTuner's ideogram helpers) are stubbed (round bg's `_Stubs` import hook, or a minimal stand-in named
below); the classes run are the corpus's own.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types

import torch

C = "/tmp/corp60"


class _Any:
    def __init__(self, *a, **k):
        pass

    def __call__(self, *a, **k):
        return _Any()

    def __getattr__(self, n):
        if n.startswith("__"):
            raise AttributeError(n)
        return _Any()

    def __mro_entries__(self, bases):
        return ()


class _Stubs(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, names):
        self.names = set(names)

    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in self.names and name not in sys.modules:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []

        def attr(n):
            if n.startswith("__"):
                raise AttributeError(n)
            return _Any()

        module.__getattr__ = attr
        return module

    def exec_module(self, module):
        pass


sys.meta_path.insert(0, _Stubs({"torchmultimodal", "huggingface_hub_stub"}))


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _dev(device):
    return torch.device(device) if device is not None else torch.device("cpu")


# minimal einops stand-in: the two patterns NormEMAVectorQuantizer.forward uses (kmeans_init=False skips the others)
_einops = types.ModuleType("einops")


def _rearrange(t, pattern, **k):
    if pattern == "b c h w -> b h w c":
        return t.permute(0, 2, 3, 1)
    if pattern == "b h w c -> b c h w":
        return t.permute(0, 3, 1, 2)
    raise NotImplementedError(pattern)


_einops.rearrange = _rearrange
_einops.repeat = lambda *a, **k: (_ for _ in ()).throw(NotImplementedError("repeat"))
sys.modules.setdefault("einops", _einops)
_mmdist = types.ModuleType("mmengine.dist")
_mmdist.all_reduce = lambda t, *a, **k: t
sys.modules.setdefault("mmengine", types.ModuleType("mmengine"))
sys.modules.setdefault("mmengine.dist", _mmdist)

# SimpleTuner ideogram helpers: constants, and a plain RMSNorm standing in for Ideogram4RMSNorm (a weight-scaled RMS
# norm; the row's hazard is the attention mask placed on `self.device`, not the norm)
_ideo = "simpletuner.helpers.models.ideogram"
for _name in ("simpletuner", "simpletuner.helpers", "simpletuner.helpers.models", _ideo):
    sys.modules.setdefault(_name, types.ModuleType(_name))
_consts = types.ModuleType(_ideo + ".constants")
_consts.QWEN3_VL_ACTIVATION_LAYERS = (1, 2)
sys.modules[_ideo + ".constants"] = _consts
_ql = types.ModuleType(_ideo + ".quantized_loading")
_ql.__getattr__ = lambda n: (_ for _ in ()).throw(AttributeError(n)) if n.startswith("__") else _Any()
sys.modules[_ideo + ".quantized_loading"] = _ql


class _RMSNorm(torch.nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


_tr = types.ModuleType(_ideo + ".transformer")
_tr.Ideogram4RMSNorm = _RMSNorm
sys.modules[_ideo + ".transformer"] = _tr

_tmm_clip = _load("bj_tmm_image_encoder", C + "/torchmultimodal/torchmultimodal/models/clip/image_encoder.py")
_vq = _load("bj_vector_quantizer", C + "/mmpretrain/mmpretrain/models/utils/vector_quantizer.py")
_ideo_tp = _load("bj_ideogram_text_projection", C + "/simpletuner/simpletuner/helpers/models/ideogram/text_projection.py")

from diffusers import AutoencoderKLHunyuanVideo  # noqa: E402

AttentionPool2d = _tmm_clip.AttentionPool2d
NormEMAVectorQuantizer = _vq.NormEMAVectorQuantizer
Ideogram4TextProjection = _ideo_tp.Ideogram4TextProjection


# --- rows 44 / 45 (OFL202 vae.decode / vae.encode in SimpleTuner's Kandinsky5 pipelines): diffusers 0.42.1's
# AutoencoderKLHunyuanVideo, block level (pipe.enable_group_offload), the pipeline's calls
def hunyuan_vae():
    torch.manual_seed(0)
    return AutoencoderKLHunyuanVideo(
        in_channels=3, out_channels=3, latent_channels=4,
        down_block_types=("HunyuanVideoDownBlock3D",) * 3, up_block_types=("HunyuanVideoUpBlock3D",) * 3,
        block_out_channels=(8, 8, 8), layers_per_block=1, norm_num_groups=4, spatial_compression_ratio=4,
        temporal_compression_ratio=4, mid_block_add_attention=False).eval()


def hunyuan_decode_call(module, device=None):
    torch.manual_seed(0)
    with torch.no_grad():
        return module.decode(torch.randn(1, 4, 2, 2, 2, device=_dev(device))).sample


def hunyuan_encode_call(module, device=None):
    torch.manual_seed(0)
    with torch.no_grad():
        return module.encode(torch.randn(1, 3, 5, 8, 8, device=_dev(device))).latent_dist.mode()


# --- row 27 (OFL103 c_proj.bias): torchmultimodal AttentionPool2d (ResNetForCLIP's pool), leaf level
def attnpool():
    torch.manual_seed(0)
    return AttentionPool2d(spacial_dim=2, embed_dim=8, num_heads=2, output_dim=4).eval()


def attnpool_call(module, device=None):
    torch.manual_seed(0)
    return module(torch.randn(2, 8, 2, 2, device=_dev(device)))


# --- row 58 (OFL104 embedding.weight): mmpretrain NormEMAVectorQuantizer.forward, eval, kmeans_init=False
def vq():
    torch.manual_seed(0)
    return NormEMAVectorQuantizer(num_embed=6, embed_dims=4, beta=1.0, kmeans_init=False).eval()


def vq_call(module, device=None):
    torch.manual_seed(0)
    return module(torch.randn(2, 4, 2, 2, device=_dev(device)))[0]


# --- row 33 (OFL105 self.device): SimpleTuner Ideogram4TextProjection.forward with an attention mask, leaf level
def ideo():
    torch.manual_seed(0)
    cfg = _ideo_tp.Ideogram4TextProjectionConfig(llm_features_dim=8, emb_dim=4)
    return Ideogram4TextProjection(cfg).eval()


def ideo_call(module, device=None):
    torch.manual_seed(0)
    d = _dev(device)
    return module(torch.randn(2, 3, 8, device=d), torch.ones(2, 3, device=d))
