"""Small builds and calls for the issue-22 "ae" triage (docs/triage-issue22-ae.md), run by
benchmarks/triage22ae_runtime.sh through `offload-lint confirm --factory/--call` with PYTHONPATH=/tmp/wt_ae (the linter
the round measures, c09cd29). Each builds the row's class small from its repository's file and makes the call its
callers make:

- Baichuan-Audio cosy24k_vocoder hifigan HiFTGenerator (+ ConvRNNF0Predictor).forward (rows 9, 24, 28, 42, 43, 54):
  legacy weight_norm convolutions at leaf.
- Baichuan-Audio Cosy24kVocoder.decode, the wrapper the web demos hold, with a small generator (row 23): block.
- PreSumm ExtTransformerEncoder.forward (row 49): PositionalEncoding.pe read without calling pos_emb, at leaf.
- OpenTransformer RecurrentLanguageModel.predict / TransformerLanguageModel.predict, as the recogniser's lm_decode
  calls them (rows 41, 13): block.
- DiffuSeq TransformerNetModel.get_embeds / get_logits, as the training loss and sample_seq2seq.py call them (rows
  48, 40): block.

Nothing was installed into the Python environment.
"""

from __future__ import annotations

import os
import sys

import torch

from benchmarks.triage_harness import load_file

C29 = os.environ.get("C29", "/tmp/corp29")


def _root(path):
    path = os.path.join(C29, path)
    if path not in sys.path:
        sys.path.insert(0, path)
    return path


# --- Baichuan-Audio HiFTGenerator (rows 9, 24, 28, 42, 43, 54) and Cosy24kVocoder.decode (row 23) ----------------------

def _hift():
    _root("Baichuan-Audio/third_party/cosy24k_vocoder")
    from hifigan.f0_predictor import ConvRNNF0Predictor  # noqa: PLC0415
    from hifigan.generator import HiFTGenerator  # noqa: PLC0415
    return HiFTGenerator, ConvRNNF0Predictor


def BauHift():  # noqa: N802
    return _hift()[0]


def bau_hift():
    torch.manual_seed(0)
    gen, f0 = _hift()
    # cosy24k_vocoder.py:10-29, small: same structure (weight_norm conv_pre/ups/conv_post, ResBlocks, f0 predictor)
    return gen(in_channels=8, base_channels=16, nb_harmonics=1, sampling_rate=24000, nsf_alpha=0.1, nsf_sigma=0.003,
               nsf_voiced_threshold=10, upsample_rates=[2, 2], upsample_kernel_sizes=[4, 4],
               resblock_kernel_sizes=[3], resblock_dilation_sizes=[[1, 3]],
               source_resblock_kernel_sizes=[3, 3], source_resblock_dilation_sizes=[[1, 3], [1, 3]],
               lrelu_slope=0.1, audio_limit=0.99, f0_predictor=f0(num_class=1, in_channels=8, cond_channels=16)).eval()


def bau_hift_call(module, device=None):
    mel = torch.randn(1, 8, 6, device=device)  # Cosy24kVocoder.decode passes mel.transpose(1, 2): (B, n_mel, T)
    return module.forward({"speech_feat": mel.transpose(1, 2)}, device=device)[0]


def BauVocoder():  # noqa: N802
    _root("Baichuan-Audio/third_party/cosy24k_vocoder")
    from cosy24k_vocoder import Cosy24kVocoder  # noqa: PLC0415
    return Cosy24kVocoder


def bau_vocoder():
    cls = BauVocoder()
    voc = cls.__new__(cls)
    torch.nn.Module.__init__(voc)
    voc.hifigan_generator = bau_hift()  # the wrapper's only child, small (its __init__ builds the 24 kHz one)
    return voc.eval()


def bau_vocoder_call(module, device=None):
    mel = torch.randn(1, 6, 8, device=device)  # (batch, n_frames, n_mel), as web_demo/generation.py:545
    return module.decode(mel, device=device)


# --- PreSumm ExtTransformerEncoder (row 49) ------------------------------------------------------------------------------

def PsExt():  # noqa: N802
    _root("PreSumm/src")
    from models.encoder import ExtTransformerEncoder  # noqa: PLC0415
    return ExtTransformerEncoder


def ps_ext():
    torch.manual_seed(0)
    return PsExt()(16, 32, 2, 0.0, 1).eval()  # model_builder.py:142 (hidden, ext_ff_size, ext_heads, dropout, layers)


def ps_ext_call(module, device=None):
    top_vecs = torch.randn(2, 5, 16, device=device)  # sentence vectors from BERT (ExtSummarizer.forward)
    mask = torch.ones(2, 5, dtype=torch.bool, device=device)
    return module(top_vecs, mask)


# --- OpenTransformer language models (rows 41, 13) ------------------------------------------------------------------------

def _otlm():
    _root("OpenTransformer")
    _root("OpenTransformer/otrans/module")  # convolution.py / ffn.py import `activation` as a top-level module
    return load_file("t22ae_ot_lm", os.path.join(C29, "OpenTransformer/otrans/model/lm.py"))


def OtRnnLm():  # noqa: N802
    return _otlm().RecurrentLanguageModel


def ot_rnnlm():
    torch.manual_seed(0)  # egs/aishell/conf/rnnlm.yaml, small
    return OtRnnLm()({"vocab_size": 20, "share_embedding": False, "smoothing": 0.1, "num_layers": 1,
                      "hidden_size": 16, "dropout": 0.0}).eval()


def ot_rnnlm_call(module, device=None):
    preds = torch.tensor([[1], [2]], device=device)  # recognize/base.py:35-36: the last token of each beam
    return module.predict(preds, None)[0]


def OtTfmLm():  # noqa: N802
    return _otlm().TransformerLanguageModel


def ot_tfmlm():
    torch.manual_seed(0)  # egs/aishell/conf/transformer_lm.yaml, small
    return OtTfmLm()({"vocab_size": 20, "share_embedding": False, "smoothing": 0.1, "num_blocks": 2, "d_model": 16,
                      "n_heads": 2, "d_ff": 32, "residual_dropout": 0.0}).eval()


def ot_tfmlm_call(module, device=None):
    preds = torch.tensor([[1, 4, 5], [1, 6, 7]], device=device)  # recognize/base.py:33
    return module.predict(preds, last_frame=True)


# --- DiffuSeq TransformerNetModel (rows 48, 40) ---------------------------------------------------------------------------

def DsTnm():  # noqa: N802
    _root("DiffuSeq")
    from diffuseq.transformer_model import TransformerNetModel  # noqa: PLC0415
    return TransformerNetModel


def ds_tnm():
    from transformers import BertConfig  # noqa: PLC0415
    torch.manual_seed(0)
    cfg = BertConfig(vocab_size=30, hidden_size=16, num_hidden_layers=1, num_attention_heads=2, intermediate_size=32,
                     max_position_embeddings=32)
    return DsTnm()(input_dims=8, output_dims=8, hidden_t_dim=8, dropout=0.0, config=cfg, vocab_size=30).eval()


def ds_embeds_call(module, device=None):
    ids = torch.randint(0, 30, (2, 6), device=device)
    return module.get_embeds(ids)  # gaussian_diffusion.py:600 / sample_seq2seq.py:146


def ds_logits_call(module, device=None):
    hidden = torch.randn(2, 6, 8, device=device)
    return module.get_logits(hidden)  # gaussian_diffusion.py:552/:614 / sample_seq2seq.py:191


# --- landmark-attention GPTBase with the mem cache (rows 1, 12, 20, 22, 34, 35, 46, 47) and kv cache (32, 33) -----------

def _landmark():
    import types  # noqa: PLC0415
    if "tiktoken" not in sys.modules:  # GPTBase.__init__ only keeps a tokenizer for generate_from_string: a stub
        stub = types.ModuleType("tiktoken")
        stub.get_encoding = lambda name: None
        sys.modules["tiktoken"] = stub
    _root("landmark-attention/lm_benchmark")
    import models.landmark as lm  # noqa: PLC0415
    import models.base_new as bn  # noqa: PLC0415
    return lm, bn


def _lm_config(cache):
    from types import SimpleNamespace as NS  # noqa: PLC0415
    return NS(vocab_size=50, sequence_length=32, n_embd=16, n_head=2, n_layer=1, dropout=0.0, bias=False,
              positional_encoder="rotary", lm_cache=cache, postpone_lm_cache=False, softmax_func="mem_opt",
              enable_rem_score=False, max_groups_for_softmax=16, group_dropout=None, landmark_id=49, mem_freq=4,
              mem_cache_freq=4, mem_cache_size=4, batch_size=1, cache_topk=1,
              cache_selection_method="per_token_and_head", pos_jump_on_mem=None, allow_cache_during_training=False)


def LmGpt():  # noqa: N802
    return _landmark()[0].GPTBase


def lm_gpt_mem():
    torch.manual_seed(0)
    return LmGpt()(_lm_config("mem")).eval()


def lm_cache_call(module, device=None):
    # optim/transformer_xl.py:86: chunks of one long sequence, use_cache=True (the storages fill after the first chunk)
    idx = torch.randint(0, 48, (1, 12), device=device)
    out = None
    for chunk in (idx[:, :6], idx[:, 6:]):
        out = module(chunk, get_logits=True, use_cache=True)["logits"]
    return out


def LmGptBase():  # noqa: N802
    return _landmark()[1].GPTBase


def lm_gpt_kv():
    torch.manual_seed(0)
    cfg = _lm_config("kv")
    cfg.softmax_func = "nomem"
    return LmGptBase()(cfg).eval()
