"""Small builds and calls for the issue-22 "x" triage (docs/triage-issue22-x.md), run by benchmarks/triage22x_runtime.sh
through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_x (the linter the round measures, f28788b).
Each builds the row's class small, with its repository's own constructor, and makes the call its callers make:

- Make-An-Audio vocoder/bigvgan/models.py BigVGAN (row 41: ups[i][i] at block; recall hazards 3-11: legacy weight_norm
  at leaf), imported from the export with a stub `omegaconf` module on PYTHONPATH ($STUBS; only VocoderBigVGAN uses
  it), config as a small AttrDict (resblock '1', snakebeta), called as VocoderBigVGAN.vocode calls it.
- DynamiCrafter lvdm/modules/encoders/resampler.py Resampler (row 29), loaded from its path (imports only torch/math).
- RecBole kd_dagfm.py CrossNet (rows 19, 30) and DAGFM (row 57), class sources taken from the file (ast: the module
  imports recbole, whose package needs packages not installed), each inside a stand-in root whose forward does what
  KD_DAGFM.forward does (concat_embed_input_fields, then the network's FeatureInteraction).
- FuxiCTR model_zoo/GDCN/src/GDCN.py GateCorssLayer (row 45), class source from the file (ast: fuxictr not installed).
- LatentSync eval/syncnet/syncnet.py S inside a stand-in for SyncNetEval (recall hazard 1: evaluate() calls
  __S__.forward_lip / forward_aud; the real class imports cv2/python_speech_features, not installed).
- Amphion dualcodec flattened_ar llama_wrapper.py LLM.inference (row 58): a stand-in root holding a tiny
  transformers LlamaForCausalLM (transformers 5.25 installed) whose method does what LLM.inference does:
  llm.generate(input_ids=lm_input.to(self.llm.device), attention_mask=lm_mask.to(self.llm.device), ...).
- 1d-tokenizer modeling/modules/maskgit_vqgan.py VectorQuantizer.get_code -> compute_distances (row 16).

Nothing was installed into the Python environment.
"""

from __future__ import annotations

import os
import sys

import torch
import torch.nn as nn

from benchmarks.triage_harness import classes_from_source, load_file

C22 = os.environ.get("C22", "/tmp/corp22")


def _load(name, *parts):
    return load_file(name, os.path.join(C22, *parts))




# --- Make-An-Audio BigVGAN ----------------------------------------------------------------------------------------------

class _H(dict):
    __getattr__ = dict.__getitem__


def MaaBigVGAN():  # noqa: N802
    root = os.path.join(C22, "Make-An-Audio")
    if root not in sys.path:
        sys.path.insert(0, root)
    from vocoder.bigvgan.models import BigVGAN
    return BigVGAN


def maa_bigvgan():
    torch.manual_seed(0)
    h = _H(num_mels=8, upsample_initial_channel=16, resblock="1", upsample_rates=[2, 2], upsample_kernel_sizes=[4, 4],
           resblock_kernel_sizes=[3], resblock_dilation_sizes=[[1, 3, 5]], activation="snakebeta",
           snake_logscale=True)
    return MaaBigVGAN()(h).eval()


def maa_bigvgan_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(1, 8, 10, device=device))


# --- DynamiCrafter Resampler --------------------------------------------------------------------------------------------

def DcResampler():  # noqa: N802
    return _load("t22x_dc_resampler", "DynamiCrafter", "lvdm", "modules", "encoders", "resampler.py").Resampler


def dc_resampler():
    torch.manual_seed(0)
    return DcResampler()(dim=16, depth=2, dim_head=8, heads=2, num_queries=4, embedding_dim=12, output_dim=16,
                         ff_mult=2).eval()


def dc_resampler_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(2, 5, 12, device=device))


# --- RecBole KD_DAGFM teacher (CrossNet) and student (DAGFM) ---------------------------------------------------------------

def _kd():
    path = os.path.join(C22, "RecBole", "recbole", "model", "context_aware_recommender", "kd_dagfm.py")
    return classes_from_source("t22x_kd_dagfm", path, {"CrossNet", "DAGFM"},
                         "import torch\nimport torch.nn as nn\nfrom torch.nn.init import xavier_normal_, constant_\n")


def RbKDRoot():  # noqa: N802
    kd = _kd()

    class RbKDRoot(nn.Module):
        """Stand-in for KD_DAGFM: its own embedding table (concat_embed_input_fields), then the phase's network's
        FeatureInteraction inside forward (teacher_training: CrossNet; finetuning: DAGFM)."""

        def __init__(self, student):
            super().__init__()
            cfg = {"depth": 2, "embedding_size": 4, "feature_num": 3, "type": "inner"}
            self.emb = nn.Embedding(10, 4)
            self.teacher_network = kd.CrossNet(cfg)
            self.student_network = kd.DAGFM(cfg)
            self.student = student

        def forward(self, ids):
            e = self.emb(ids)                              # [B, num_field, embed_dim]
            net = self.student_network if self.student else self.teacher_network
            return net.FeatureInteraction(e)

    return RbKDRoot


def rb_crossnet():
    torch.manual_seed(0)
    return RbKDRoot()(student=False).eval()


def rb_dagfm():
    torch.manual_seed(0)
    return RbKDRoot()(student=True).eval()


def rb_kd_call(module, device=None):
    with torch.no_grad():
        return module(torch.tensor([[1, 2, 3], [4, 5, 6]], device=device))


# --- FuxiCTR GDCN GateCorssLayer --------------------------------------------------------------------------------------------

def FxGateCorssLayer():  # noqa: N802
    path = os.path.join(C22, "FuxiCTR", "model_zoo", "GDCN", "src", "GDCN.py")
    return classes_from_source("t22x_gdcn", path, {"GateCorssLayer"}).GateCorssLayer


def fx_gdcn():
    torch.manual_seed(0)
    return FxGateCorssLayer()(6, cn_layers=2).eval()


def fx_gdcn_call(module, device=None):
    with torch.no_grad():
        return module(torch.randn(3, 6, device=device))


# --- LatentSync SyncNetEval (stand-in) ----------------------------------------------------------------------------------------

def LsSyncNetEval():  # noqa: N802
    s_cls = _load("t22x_ls_syncnet", "LatentSync", "eval", "syncnet", "syncnet.py").S

    class LsSyncNetEval(nn.Module):
        """Stand-in for SyncNetEval (no forward): evaluate() runs __S__.forward_lip and __S__.forward_aud."""

        def __init__(self):
            super().__init__()
            self.__S__ = s_cls(num_layers_in_fc_layers=16)

        def evaluate(self, im_in, cc_in):
            return self.__S__.forward_lip(im_in), self.__S__.forward_aud(cc_in)

    return LsSyncNetEval


def ls_syncnet():
    torch.manual_seed(0)
    return LsSyncNetEval()().eval()


def ls_syncnet_call(module, device=None):
    with torch.no_grad():
        return module.evaluate(torch.randn(1, 3, 5, 224, 224, device=device), torch.randn(1, 1, 13, 20, device=device))


# --- Amphion dualcodec LLM.inference (stand-in with a tiny LlamaForCausalLM) ---------------------------------------------

def AmLLM():  # noqa: N802
    from transformers import LlamaConfig, LlamaForCausalLM

    class AmLLM(nn.Module):
        """Stand-in for dualcodec infer/flattened_ar/llama_wrapper.py LLM: inference() places the prompt with
        self.llm.device and calls self.llm.generate, as LLM.inference does (:154-160)."""

        def __init__(self):
            super().__init__()
            cfg = LlamaConfig(vocab_size=32, hidden_size=16, intermediate_size=32, num_hidden_layers=2,
                              num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=64,
                              bos_token_id=1, eos_token_id=2, pad_token_id=0)
            self.llm = LlamaForCausalLM(cfg)

        def inference(self, lm_input, lm_mask):
            return self.llm.generate(input_ids=lm_input.to(self.llm.device), attention_mask=lm_mask.to(self.llm.device),
                                     max_length=lm_input.shape[1] + 4, do_sample=True, temperature=1.0, top_k=5)

    return AmLLM


def am_llm():
    torch.manual_seed(0)
    return AmLLM()().eval()


def am_llm_call(module, device=None):
    with torch.no_grad():
        ids = torch.tensor([[1, 5, 6, 7]], device=device)
        return module.inference(ids, torch.ones_like(ids))


def AmLlamaRoot():  # noqa: N802
    """The same call with the LlamaForCausalLM itself as the offloaded component (block level splits its layers)."""
    from transformers import LlamaConfig, LlamaForCausalLM
    return LlamaForCausalLM


def am_llama():
    from transformers import LlamaConfig
    torch.manual_seed(0)
    cfg = LlamaConfig(vocab_size=32, hidden_size=16, intermediate_size=32, num_hidden_layers=2, num_attention_heads=2,
                      num_key_value_heads=2, max_position_embeddings=64, bos_token_id=1, eos_token_id=2, pad_token_id=0)
    return AmLlamaRoot()(cfg).eval()


def am_llama_call(module, device=None):
    with torch.no_grad():
        ids = torch.tensor([[1, 5, 6, 7]], device=device)
        return module.generate(input_ids=ids.to(module.device), attention_mask=torch.ones_like(ids).to(module.device),
                               max_length=8, do_sample=True, temperature=1.0, top_k=5)


# --- 1d-tokenizer maskgit VectorQuantizer ---------------------------------------------------------------------------------

def TkVectorQuantizer():  # noqa: N802
    return _load("t22x_maskgit_vqgan", "1d-tokenizer", "modeling", "modules", "maskgit_vqgan.py").VectorQuantizer


def tk_vq():
    torch.manual_seed(0)
    return TkVectorQuantizer()(num_embeddings=8, embedding_dim=4, commitment_cost=0.25).eval()


def tk_vq_call(module, device=None):
    with torch.no_grad():
        return module.get_code(torch.randn(1, 4, 3, 3, device=device))
