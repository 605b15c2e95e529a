"""Small builds and calls for the issue-22 "as" triage (docs/triage-issue22-as.md), run by
benchmarks/triage22as_runtime.sh through `offload-lint confirm --factory/--call` (tracking backend, CPU) with
PYTHONPATH=/tmp/wt_as (the linter the round measures). The libraries are imported from the corpus copies
(/tmp/corp43/<name>: the measured commits): snac and ncps as packages; spandrel / spandrel_extra_arches and chronos
through bare namespace packages registered below (spandrel's __init__ imports every architecture, LaMa needing
torchvision, absent here; chronos' package imports pandas through base.py / df_utils.py: `pandas` and
`chronos.df_utils` are stubbed, never called). einops (and a-unet, unused in the end) are installed into
/tmp/t22as/site (pip --target --no-deps; nothing installed into the environment). gliner (its transformers encoders,
tokenizers), audio-diffusion-pytorch (torchaudio) and torchcfm's runner (not built by the tree) are labelled from
reading.

- snac: SNAC.encode / SNAC.decode (rows 22, 25, 38, 43, 57, 58).
- ncps: CfC with an AutoNCP wiring, forward (row 12).
- spandrel: SPAN forward in eval (row 15), Swin2SR forward (row 34), Uformer(modulator=True) forward (row 11), IPT
  forward (rows 3, 36), CIDNet forward and HVIT (rows 51, 53).
- chronos: Chronos2Model forward and encode, ChronosBoltModelForForecasting encode (rows 9, 24, 54; 23, 60; 14).
"""

from __future__ import annotations

import importlib.machinery
import sys
import types

import torch

C43 = "/tmp/corp43"


def _ns(name: str, path: str) -> None:
    if name not in sys.modules:
        module = types.ModuleType(name)
        module.__path__ = [path]
        sys.modules[name] = module


_ns("spandrel", f"{C43}/spandrel/libs/spandrel/spandrel")
_SEA = f"{C43}/spandrel/libs/spandrel_extra_arches/spandrel_extra_arches"
_ns("spandrel_extra_arches", _SEA)
_ns("spandrel_extra_arches.architectures", f"{_SEA}/architectures")
for _arch in ("DDColor", "CodeFormer"):
    _ns(f"spandrel_extra_arches.architectures.{_arch}", f"{_SEA}/architectures/{_arch}")
if "pandas" not in sys.modules:
    _pd = types.ModuleType("pandas")
    _pd.__spec__ = importlib.machinery.ModuleSpec("pandas", None)
    _pd.DataFrame = type("DataFrame", (), {})
    sys.modules["pandas"] = _pd
_ns("chronos", f"{C43}/chronos/src/chronos")
_ns("chronos.chronos2", f"{C43}/chronos/src/chronos/chronos2")
if "chronos.df_utils" not in sys.modules:
    _du = types.ModuleType("chronos.df_utils")
    _du.make_future_df = _du.normalize_df = None
    sys.modules["chronos.df_utils"] = _du

from snac import SNAC  # noqa: E402
from ncps.torch import CfC as _CfC  # noqa: E402
from ncps.wirings import AutoNCP  # noqa: E402
from spandrel.architectures.SPAN.__arch.span import SPAN  # noqa: E402
from spandrel.architectures.Swin2SR.__arch.Swin2SR import Swin2SR  # noqa: E402
from spandrel.architectures.Uformer.__arch.Uformer import Uformer  # noqa: E402
from spandrel.architectures.IPT.__arch.ipt import IPT  # noqa: E402
from spandrel.architectures.HVICIDNet.__arch.cidnet import CIDNet  # noqa: E402
from chronos.chronos2.model import Chronos2Model  # noqa: E402
from chronos.chronos2.config import Chronos2CoreConfig  # noqa: E402
from chronos.chronos_bolt import ChronosBoltModelForForecasting  # noqa: E402
from transformers import T5Config  # noqa: E402


class CfC(_CfC):
    """ncps.torch.CfC, re-exported so that confirm's MODULE:CLASS names a class of this module (the shims above run)."""


def _seed():
    torch.manual_seed(0)


# --- snac (README: codes = model.encode(audio); audio_hat = model.decode(codes)) ---
def snac():
    _seed()
    return SNAC(sampling_rate=8000, encoder_dim=4, encoder_rates=[2, 2], decoder_dim=16, decoder_rates=[2, 2],
                attn_window_size=None, codebook_size=16, codebook_dim=4, vq_strides=[2, 1]).eval()


def snac_encode_call(module, device=None):
    with torch.no_grad():
        return module.encode(torch.randn(1, 1, 64, device=device))


def snac_decode_call(module, device=None):
    codes = [torch.randint(0, 16, (1, 8), device=device), torch.randint(0, 16, (1, 16), device=device)]
    with torch.no_grad():
        return module.decode(codes)


# --- ncps CfC with an AutoNCP wiring (README) ---
def cfc():
    _seed()
    return CfC(4, AutoNCP(10, 2)).eval()


def cfc_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 3, 4, device=device))


# --- spandrel ---
def span():
    _seed()
    return SPAN(num_in_ch=3, num_out_ch=3, feature_channels=8, upscale=2).eval()


def image_call(module, device=None):
    with torch.no_grad():
        return module(torch.rand(1, 3, 16, 16, device=device))


def image32_call(module, device=None):
    with torch.no_grad():
        return module(torch.rand(1, 3, 32, 32, device=device))


def swin2sr():
    _seed()
    return Swin2SR(img_size=16, embed_dim=12, depths=[2], num_heads=[2], window_size=4, upscale=2,
                   upsampler="pixelshuffle").eval()


def uformer_mod():
    _seed()
    return Uformer(embed_dim=4, modulator=True).eval()


def uformer_call(module, device=None):
    with torch.no_grad():
        return module(torch.rand(1, 3, 128, 128, device=device))


def ipt():
    _seed()
    return IPT(patch_size=8, patch_dim=2, n_feats=8, num_heads=2, num_layers=1).eval()


def ipt_call(module, device=None):
    with torch.no_grad():
        return module(torch.rand(1, 3, 8, 8, device=device) * 255)


def cidnet():
    _seed()
    return CIDNet(channels=[8, 8, 16, 32], heads=[1, 2, 4, 8]).eval()


def cidnet_hvit_call(module, device=None):
    with torch.no_grad():
        return module.HVIT(torch.rand(1, 3, 16, 16, device=device))


# --- chronos ---
def chronos2():
    _seed()
    cfg = Chronos2CoreConfig(d_model=16, d_kv=4, d_ff=32, num_layers=2, num_heads=4, chronos_config=dict(
        context_length=32, input_patch_size=4, input_patch_stride=4, output_patch_size=4, quantiles=[0.1, 0.5, 0.9],
        use_reg_token=True, use_arcsinh=True, max_output_patches=4, time_encoding_scale=32))
    return Chronos2Model(cfg).eval()


def chronos2_fwd_call(module, device=None):
    context = torch.randn(2, 20, device=device)
    with torch.no_grad():
        return module(context=context, num_output_patches=2)


def chronos2_train_call(module, device=None):
    context = torch.randn(2, 20, device=device)
    future = torch.randn(2, 8, device=device)
    return module(context=context, num_output_patches=2, future_target=future)


def chronos2_embed_call(module, device=None):
    # Chronos2Pipeline.embed (pipeline.py:1129-1132): inputs moved to self.model.device, then model.encode
    context = torch.randn(2, 20).to(device=module.device, dtype=torch.float32)
    group_ids = torch.arange(2).to(module.device)
    with torch.no_grad():
        return module.encode(context=context, group_ids=group_ids)


def bolt():
    _seed()
    cfg = T5Config(d_model=16, d_kv=4, d_ff=32, num_layers=2, num_decoder_layers=2, num_heads=4,
                            vocab_size=2, chronos_config=dict(
                                context_length=32, input_patch_size=4, input_patch_stride=4, prediction_length=8,
                                quantiles=[0.1, 0.5, 0.9], use_reg_token=True))
    return ChronosBoltModelForForecasting(cfg).eval()


def bolt_embed_call(module, device=None):
    # ChronosBoltPipeline.embed (chronos_bolt.py:489-494): context moved to self.model.device, then model.encode
    context = torch.randn(2, 20).to(device=module.device, dtype=torch.float32)
    with torch.no_grad():
        return module.encode(context=context)


# --- spandrel_extra_arches DDColor (rows 19, 31, 37, 52; 16, 20, 50 under SingleColorDecoder) and CodeFormer (39; 33) ---
from spandrel_extra_arches.architectures.DDColor.__arch.ddcolor import DDColor  # noqa: E402
from spandrel_extra_arches.architectures.CodeFormer.__arch.codeformer import CodeFormer  # noqa: E402


def ddcolor():
    _seed()
    return DDColor(encoder_name="convnext-t", input_size=(64, 64), num_queries=8, num_scales=3, dec_layers=3).eval()


def ddcolor_single():
    _seed()
    return DDColor(encoder_name="convnext-t", decoder_name="SingleColorDecoder", input_size=(64, 64),
                   num_queries=8).eval()


def image64_call(module, device=None):
    with torch.no_grad():
        return module(torch.rand(1, 3, 64, 64, device=device))


def codeformer():
    _seed()
    return CodeFormer().eval()


def image512_call(module, device=None):
    with torch.no_grad():
        return module(torch.rand(1, 3, 512, 512, device=device))
