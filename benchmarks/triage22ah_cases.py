"""Small builds and calls for the issue-22 "ah" triage (docs/triage-issue22-ah.md), run by
benchmarks/triage22ah_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_ag (the linter
the round measures, ccb55bc). Each builds the row's class small from its repository's file and makes the call its
callers make:

- IMS-Toucan Preprocessing/Codec/encodec.py EnCodec.encode / .decode as CodecAudioPreprocessor calls them
  (EnCodecAudioPreprocessor.py:46/:50), after its remove_encodec_weight_norm (:26) and with the codebooks marked
  initialised (a loaded checkpoint's `inited` buffers): rows 11, 44, 50 / 15, 26, 32, 51.
- llmc module_utils.py LlmcWanTransformerBlock around diffusers' own WanTransformerBlock (llmc/models/wan_t2v.py:42
  `LlmcWanTransformerBlock.new(block)`), forward as the Wan transformer calls its blocks: rows 35, 38, 52, 53.
- Spark-TTS factorized_vector_quantize.py FactorizedVectorQuantize.tokenize (BiCodec.tokenize, bicodec.py:166), weight
  norm removed as BiCodec.load_from_checkpoint does (:109): row 4.

einops is not installed here: the IMS-Toucan and Spark-TTS runs put EINOPS (an einops wheel unpacked under /tmp) on
PYTHONPATH. Nothing was installed into the Python environment.
"""

from __future__ import annotations

import os
import sys

import torch

from benchmarks.triage_harness import bare_packages, classes_from_source

C32 = os.environ.get("C32", "/tmp/corp32")


def _root(path):
    path = os.path.join(C32, path)
    if path not in sys.path:
        sys.path.insert(0, path)
    return path


def _remove_all_weight_norm(model):
    for module in model.modules():
        try:
            torch.nn.utils.remove_weight_norm(module)
        except ValueError:
            pass


# --- IMS-Toucan EnCodec.encode / .decode (rows 11, 44, 50 / 15, 26, 32, 51) -------------------------------------------

def _encodec():
    root = _root("IMS-Toucan")
    bare_packages("Preprocessing", "Preprocessing.Codec")
    import Preprocessing.Codec.encodec as encodec  # noqa: PLC0415
    pre = classes_from_source("ah_encodec_pre", os.path.join(root, "Preprocessing/EnCodecAudioPreprocessor.py"), (),
                              functions=True)
    return encodec, pre


def EnCodec():  # noqa: N802
    return _encodec()[0].EnCodec


def encodec():
    torch.manual_seed(0)
    encodec_module, pre = _encodec()
    # hop 4, frame rate 100, bandwidth 2 kbps -> 2 quantizers of 16 codes (the tree: 16 kHz, hop 320, 1024 codes)
    model = encodec_module.EnCodec(n_filters=4, D=16, target_bandwidths=[2], ratios=[2, 2], sample_rate=400, bins=16)
    pre.remove_encodec_weight_norm(model)
    for name, buffer in model.named_buffers():
        if name.endswith("inited"):
            buffer.fill_(1.0)
    return model.eval()


def encodec_encode_call(module, device=None):
    with torch.inference_mode():
        return module.encode(torch.randn(1, 1, 64, device=device))


def encodec_decode_call(module, device=None):
    with torch.inference_mode():
        return module.decode(torch.randint(0, 16, (2, 1, 16), device=device))


# --- llmc LlmcWanTransformerBlock (rows 35, 38, 52, 53) ------------------------------------------------------------------

def _llmc():
    path = os.path.join(C32, "llmc/llmc/compression/quantization/module_utils.py")
    return classes_from_source("ah_llmc_module_utils", path, ("FakeAffineLayerNorm", "LlmcWanTransformerBlock"))


def LlmcWanBlock():  # noqa: N802
    return _llmc().LlmcWanTransformerBlock


def llmc_wan_block():
    torch.manual_seed(0)
    from diffusers.models.transformers.transformer_wan import WanTransformerBlock  # noqa: PLC0415
    block = WanTransformerBlock(dim=32, ffn_dim=64, num_heads=2, qk_norm="rms_norm_across_heads", cross_attn_norm=True,
                                eps=1e-6, added_kv_proj_dim=None)
    return LlmcWanBlock().new(block).eval()


def llmc_wan_call(module, device=None):
    hidden = torch.randn(1, 8, 32, device=device)
    context = torch.randn(1, 4, 32, device=device)
    temb = torch.randn(1, 6, 32, device=device)
    return module(hidden, context, temb, None)


# --- Spark-TTS FactorizedVectorQuantize.tokenize (row 4) -----------------------------------------------------------------

def _spark():
    _root("Spark-TTS")
    bare_packages("sparktts", "sparktts.modules", "sparktts.modules.vq")
    import sparktts.modules.vq.factorized_vector_quantize as fvq  # noqa: PLC0415
    return fvq


def SparkFVQ():  # noqa: N802
    return _spark().FactorizedVectorQuantize


def spark_fvq():
    torch.manual_seed(0)
    model = SparkFVQ()(input_dim=16, codebook_size=32, codebook_dim=8, commitment=0.25)
    _remove_all_weight_norm(model)
    return model.eval()


def spark_tokenize_call(module, device=None):
    with torch.no_grad():
        return module.tokenize(torch.randn(1, 16, 6, device=device))


# --- Spec-Bench eagle/cnets.py LlamaMLP.forward (rows 5, 37; the pretraining_tp branch of the 15 BB rows) ---------------

def _spec_mlp():
    path = os.path.join(C32, "Spec-Bench/model/eagle/cnets.py")
    return classes_from_source("ah_spec_eagle_cnets", path, ("LlamaMLP",),
                               prelude="import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
                                       "from transformers.activations import ACT2FN\n")


def SpecMLP():  # noqa: N802
    return _spec_mlp().LlamaMLP


def _spec_mlp_config(tp):
    from types import SimpleNamespace  # noqa: PLC0415
    return SimpleNamespace(hidden_size=16, intermediate_size=32, hidden_act="silu", pretraining_tp=tp)


def spec_mlp_tp1():
    """pretraining_tp 1: the value of every checkpoint the tree runs (the BB label)."""
    torch.manual_seed(0)
    return SpecMLP()(_spec_mlp_config(1)).eval()


def spec_mlp_tp2():
    """pretraining_tp 2: the branch the rows name, which no run of the tree takes (contrast only)."""
    torch.manual_seed(0)
    return SpecMLP()(_spec_mlp_config(2)).eval()


def spec_mlp_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 4, 16, device=device))
