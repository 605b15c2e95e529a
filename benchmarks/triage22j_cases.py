"""Tiny builds and calls for the issue-22 "j" triage (docs/triage-issue22-j.md), run by benchmarks/triage22j_runtime.sh
through `offload-lint confirm --factory/--call`. Each builds the class the way its repository does, small, and makes the
call its callers make (VITS's train.py/inference.ipynb call `net_g.infer(...)`, `net_g.voice_conversion(...)`, train.py
`net_d(y, y_hat)`; ChatTTS's `Chat._infer_code`/`_refine_text` call `self.gpt.generate(...)`; fish-speech's
`decode_one_token_ar` calls `model.forward_generate(...)` then `model.forward_generate_fast(...)` after
`model.setup_caches(...)` under `torch.device(device)`; jukebox's priors call `vqvae.encode`/`vqvae.decode`; Zonos's
`DACAutoencoder` calls `self.dac.encode(wav)`/`self.dac.decode(audio_codes=codes)`). The repository root must be on
PYTHONPATH (the runtime script sets it per case), with the stand-ins of benchmarks/triage22j/stubs."""

from __future__ import annotations

import torch

from benchmarks.triage_harness import bare_packages


# --- VITS: SynthesizerTrn.infer / voice_conversion (block: enc_p, enc_q in the unmatched group; leaf: legacy
# weight_norm in WN, ResBlock1, Generator.ups), MultiPeriodDiscriminator.forward (leaf: weight_norm convs) ---------

def vits_synth():
    from models import SynthesizerTrn

    torch.manual_seed(0)
    # configs/vctk_base.json's shape, small: resblock "1", n_speakers > 0, gin_channels != 0 (WN.cond_layer built)
    return SynthesizerTrn(
        n_vocab=10, spec_channels=9, segment_size=8, inter_channels=8, hidden_channels=8, filter_channels=16,
        n_heads=2, n_layers=1, kernel_size=3, p_dropout=0.0, resblock="1", resblock_kernel_sizes=[3],
        resblock_dilation_sizes=[[1, 3, 5]], upsample_rates=[2, 2], upsample_initial_channel=16,
        upsample_kernel_sizes=[4, 4], n_speakers=2, gin_channels=8).eval()


def vits_infer(module, device=None):
    # train.py:249 `generator.module.infer(x, x_lengths, max_len=1000)`; inference.ipynb `net_g.infer(x, x_len, sid=sid, ...)`
    x = torch.randint(0, 10, (1, 5), device=device)
    return module.infer(x, torch.tensor([5], device=device), sid=torch.tensor([1], device=device),
                        noise_scale=0.667, noise_scale_w=0.8, length_scale=1, max_len=40)


def vits_voice_conversion(module, device=None):
    # inference.ipynb `net_g.voice_conversion(spec, spec_lengths, sid_src=sid_src, sid_tgt=sid_tgt)`
    spec = torch.randn(1, 9, 6, device=device)
    return module.voice_conversion(spec, torch.tensor([6], device=device), sid_src=torch.tensor([0], device=device),
                                   sid_tgt=torch.tensor([1], device=device))


def vits_disc():
    from models import MultiPeriodDiscriminator

    torch.manual_seed(0)
    return MultiPeriodDiscriminator(use_spectral_norm=False).eval()


def vits_disc_call(module, device=None):
    # train.py: `y_d_hat_r, y_d_hat_g, _, _ = net_d(y, y_hat.detach())`
    y = torch.randn(1, 1, 64, device=device)
    return module(y, y)


# --- ChatTTS: GPT.generate (block: `gpt`, the LlamaModel, in GPT's unmatched group; GPT has no forward) and, with
# Embed offloaded as its own root, the bound `emb_text`/`head_text` calls GPT.generate makes ----------------------

def _chattts_modules():
    """Register ChatTTS's package bare (its __init__ imports core, which needs vocos) and return (Embed, GPT)."""
    import importlib
    import os
    import sys
    import types

    root = next(p for p in sys.path if os.path.isdir(os.path.join(p, "ChatTTS", "model")))
    for name, sub in (("ChatTTS", "ChatTTS"), ("ChatTTS.model", "ChatTTS/model"), ("ChatTTS.utils", "ChatTTS/utils")):
        if name not in sys.modules:
            package = types.ModuleType(name)
            package.__path__ = [os.path.join(root, sub)]
            sys.modules[name] = package
    utils = sys.modules["ChatTTS.utils"]
    io = importlib.import_module("ChatTTS.utils.io")
    utils.del_all, utils.load_safetensors = io.del_all, io.load_safetensors
    # transformers 5: DynamicCache.get_max_cache_shape() returns -1 (earlier: None, which GPT._prepare_generation_inputs
    # expects for a dynamic cache; -1 makes its crop `attention_mask.narrow(1, 1, -1)` fail at the second step)
    from transformers.cache_utils import DynamicCache

    DynamicCache.get_max_cache_shape = lambda self, *a, **k: None
    embed = importlib.import_module("ChatTTS.model.embed")
    gpt = importlib.import_module("ChatTTS.model.gpt")
    return embed.Embed, gpt.GPT


_CHATTTS_GPT_CONFIG = dict(hidden_size=16, intermediate_size=32, num_attention_heads=2, num_key_value_heads=2,
                           num_hidden_layers=1, max_position_embeddings=64, vocab_size=8, num_audio_tokens=8,
                           num_text_tokens=12, num_vq=2)


def _chattts_gpt_around(embed):
    from transformers import LlamaConfig, LlamaModel

    _, GPT = _chattts_modules()
    gpt = GPT(dict(_CHATTTS_GPT_CONFIG), embed)
    # load_pretrained: `self.gpt = LlamaModel.from_pretrained(gpt_folder)`, then `del self.gpt.embed_tokens`
    gpt.gpt = LlamaModel(LlamaConfig(**{k: v for k, v in _CHATTTS_GPT_CONFIG.items()
                                        if k not in ("num_audio_tokens", "num_text_tokens", "num_vq")})).eval()
    del gpt.gpt.embed_tokens
    return gpt


def _chattts_embed():
    Embed, _ = _chattts_modules()
    torch.manual_seed(0)
    return Embed(16, 8, 12, 2).eval()


_CHATTTS_EMBED = {}


def chattts_gpt():
    # Chat.load: `embed = Embed(...)`, `gpt = GPT(gpt_config, embed, ...)`; the Embed is its own component
    embed = _chattts_embed()
    _CHATTTS_EMBED["gpt_root"] = embed
    return _chattts_gpt_around(embed)


def _chattts_generate(gpt, embed, device, infer_text):
    # core.py `_refine_text` (infer_text=True) / `_infer_code` (infer_text=False):
    # `emb = self.embed(input_ids, text_mask)`, then `next(gpt.generate(emb, input_ids, temperature=..., ...))`
    input_ids = torch.randint(0, 8, (1, 4, 2), device=device)
    text_mask = torch.ones(1, 4, dtype=torch.bool, device=device)
    emb = embed(input_ids, text_mask)
    return next(gpt.generate(emb, input_ids, temperature=torch.tensor([0.7], device=device), eos_token=7,
                             attention_mask=torch.ones(1, 4, dtype=torch.bool, device=device), max_new_token=2,
                             infer_text=infer_text, show_tqdm=False, stream=False, ensure_non_empty=False,
                             manual_seed=0)).ids


def chattts_refine_text(module, device=None):
    # GPT offloaded; its Embed is not GPT's child (GPT keeps its children's bound __call__s), so not offloaded here
    return _chattts_generate(module, _CHATTTS_EMBED["gpt_root"], device, True)


def chattts_infer_code(module, device=None):
    return _chattts_generate(module, _CHATTTS_EMBED["gpt_root"], device, False)


def chattts_embed_root():
    return _chattts_embed()


def chattts_embed_generate(module, device=None):
    # Embed offloaded as its own root (Chat holds it as `self.embed`); GPT.generate calls its `emb_text`/`head_text`
    return _chattts_generate(_chattts_gpt_around(module), module, device, True)


def __getattr__(name):
    # class names for `offload-lint confirm MODULE:Class` whose packages are registered bare here
    if name == "ChatTTSGPT":
        return _chattts_modules()[1]
    if name == "ChatTTSEmbed":
        return _chattts_modules()[0]
    if name == "ImageBindRGBDTPreprocessor":
        bare_packages("imagebind", "imagebind.models")
        from imagebind.models.multimodal_preprocessors import RGBDTPreprocessor

        return RGBDTPreprocessor
    if name == "CogVLMEvaAttention":
        bare_packages("utils", "utils.models")
        from utils.models.eva_clip_L_hf import Attention

        return Attention
    raise AttributeError(name)


# --- fish-speech: DualARTransformer.forward_generate / forward_generate_fast (inference.py's decode_one_token_ar),
# after `with torch.device(device): model.setup_caches(...)` as inference.py:283 does --------------------------------

def fish_dualar():
    from fish_speech.models.text2semantic.llama import DualARModelArgs, DualARTransformer

    torch.manual_seed(0)
    config = DualARModelArgs(vocab_size=32, n_layer=1, n_head=2, dim=16, intermediate_size=32, n_local_heads=2,
                             head_dim=8, max_seq_len=16, codebook_size=8, num_codebooks=2, semantic_begin_id=20,
                             semantic_end_id=27, n_fast_layer=1, use_gradient_checkpointing=False)
    return DualARTransformer(config).eval()


def fish_decode_one_token(module, device=None):
    # inference.py: setup_caches under the device, then decode_one_token_ar's calls (the prefill with
    # input_pos = arange(T), then forward_generate_fast with input_pos = [0] and [1])
    with torch.device(device or "cpu"):
        module.setup_caches(max_batch_size=1, max_seq_len=module.config.max_seq_len, dtype=torch.float32)
    inp = torch.randint(0, 8, (1, 3, 4), device=device)
    inp[:, 0] = torch.tensor([20, 21, 22, 23], device=device)  # (B, 1 + num_codebooks, T)
    result = module.forward_generate(inp, torch.arange(0, 4, device=device, dtype=torch.long))
    hidden = result.hidden_states
    module.forward_generate_fast(hidden, torch.tensor([0], device=device, dtype=torch.long))
    a = torch.zeros(1, dtype=torch.long, device=device)
    hidden = module.fast_embeddings(a)
    return module.forward_generate_fast(hidden, torch.tensor([1], device=device, dtype=torch.long))


# --- jukebox: VQVAE.encode / decode (the priors' `encoder`/`decoder`, sample.py's `vqvae.decode(zs)`): block puts
# `bottleneck` in VQVAE's unmatched group; BottleneckBlock's codebook buffer `k` is used outside its forward ---------

def jukebox_vqvae():
    from jukebox.vqvae.vqvae import VQVAE

    torch.manual_seed(0)
    # make_vqvae's call, small (hparams `vqvae`: levels 3, downs_t (3, 2, 2), strides_t (2, 2, 2)). BottleneckBlock
    # registers its codebook with `t.zeros(...).cuda()`: on this CPU-only torch `.cuda()` is made the identity while
    # the model is built (make_vqvae then moves the whole model to the device anyway)
    cuda = torch.Tensor.cuda
    torch.Tensor.cuda = lambda self, *a, **k: self
    try:
        return _jukebox_vqvae(VQVAE)
    finally:
        torch.Tensor.cuda = cuda


def _jukebox_vqvae(VQVAE):
    return VQVAE(input_shape=(64, 1), levels=2, downs_t=(1, 1), strides_t=(2, 2), emb_width=8, l_bins=16, mu=0.99,
                 commit=0.02, spectral=0.0, multispectral=1.0, multipliers=(2, 1), use_bottleneck=True, width=8,
                 depth=1, m_conv=1.0, dilation_growth_rate=3, dilation_cycle=None,
                 reverse_decoder_dilation=True).eval()


def jukebox_encode(module, device=None):
    # sample.py:145 `priors[-1].encode(x, ...)` -> SimplePrior.encoder, i.e. vqvae.encode (make_models.py:156)
    return module.encode(torch.randn(1, 64, 1, device=device))


def jukebox_decode(module, device=None):
    # sample.py:108 `prior.decode(zs[level:], start_level=level, ...)` -> SimplePrior.decoder, i.e. vqvae.decode
    return module.decode([torch.randint(0, 16, (1, 32), device=device), torch.randint(0, 16, (1, 16), device=device)])



# --- ImageBind: the vision RGBDTPreprocessor (imagebind_model.py:160), whose SpatioTemporalPosEmbeddingHelper holds
# `pos_embed` and has no forward: at leaf nothing onloads it (the preprocessor's forward runs inside
# ImageBindModel.forward, so block is onloaded with the root's unmatched group) --------------------------------------

def imagebind_rgbt():
    from functools import partial

    from torch import nn

    bare_packages("imagebind", "imagebind.models")
    from imagebind.models.multimodal_preprocessors import (PadIm2Video, PatchEmbedGeneric, RGBDTPreprocessor,
                                                           SpatioTemporalPosEmbeddingHelper)

    torch.manual_seed(0)
    stem = PatchEmbedGeneric(proj_stem=[PadIm2Video(pad_type="repeat", ntimes=2),
                                        nn.Conv3d(in_channels=3, kernel_size=(2, 4, 4), out_channels=8,
                                                  stride=(2, 4, 4), bias=False)])
    return RGBDTPreprocessor(img_size=[3, 2, 8, 8], num_cls_tokens=1,
                             pos_embed_fn=partial(SpatioTemporalPosEmbeddingHelper, learnable=True),
                             rgbt_stem=stem, depth_stem=None).eval()


def imagebind_rgbt_call(module, device=None):
    # ImageBindModel.forward: `modality_value = self.modality_preprocessors[modality_key](**{modality_key: value})`
    return module(vision=torch.randn(1, 3, 8, 8, device=device))


# --- CogVLM (CogAgent): the EVA2-CLIP-L attention of the cross-image encoder (Eva2LargeEncoder: subln=True), whose
# forward reads q_proj/k_proj/v_proj weights into F.linear without calling the Linears ------------------------------

def cogvlm_eva_attention():
    bare_packages("utils", "utils.models")  # utils/models/__init__.py imports the SAT models (sat not installed)
    from utils.models.eva_clip_L_hf import Attention

    torch.manual_seed(0)
    # Eva2LargeEncoder's vision_cfg: subln True, xattn True (xformers; False here: the q/k/v projection is the same)
    return Attention(dim=16, num_heads=2, qkv_bias=True, subln=True, xattn=False, rope=None).eval()


def cogvlm_eva_attention_call(module, device=None):
    return module(torch.randn(1, 5, 16, device=device))


# --- Zonos: DACAutoencoder.encode / decode call transformers' DacModel.encode / decode (DACAutoencoder is not a
# module: the DacModel it holds is its own offload root) ---------------------------------------------------------

def zonos_dac():
    from transformers import DacConfig, DacModel

    torch.manual_seed(0)
    return DacModel(DacConfig(encoder_hidden_size=4, downsampling_ratios=[2, 2], decoder_hidden_size=8,
                              n_codebooks=2, codebook_size=16, codebook_dim=4, hidden_size=16,
                              upsampling_ratios=[2, 2])).eval()


def zonos_dac_encode(module, device=None):
    # autoencoder.py:23 `self.dac.encode(wav).audio_codes`
    return module.encode(torch.randn(1, 1, 64, device=device)).audio_codes


def zonos_dac_decode(module, device=None):
    # autoencoder.py:27 `self.dac.decode(audio_codes=codes).audio_values`
    return module.decode(audio_codes=torch.randint(0, 16, (1, 2, 16), device=device)).audio_values


# --- Zonos: the model with the pure-torch backbone (`from_local` routes a transformer config to it), small. Its
# DACAutoencoder (not a module; `DacModel.from_pretrained` from the hub) is replaced by a holder of the numbers Zonos
# reads from it (9 codebooks): the autoencoder is no part of Zonos's module tree either way ----------------------------

class _ZonosDACNumbers:
    num_codebooks = 9
    codebook_size = 1024
    sampling_rate = 44_100


def zonos_model():
    import zonos.model as zonos_model_module
    from zonos.backbone._torch import TorchZonosBackbone
    from zonos.config import BackboneConfig, PrefixConditionerConfig, ZonosConfig

    zonos_model_module.DACAutoencoder = _ZonosDACNumbers
    torch.manual_seed(0)
    config = ZonosConfig(
        backbone=BackboneConfig(d_model=16, d_intermediate=0, attn_mlp_d_intermediate=32, n_layer=1,
                                attn_cfg={"num_heads": 2, "num_heads_kv": 2}),
        # two of the hub config's numeric conditioners (its espeak/speaker conditioners need espeak and a speaker model)
        prefix_conditioner=PrefixConditionerConfig(conditioners=[
            {"type": "FourierConditioner", "name": "fmax", "input_dim": 1, "min_val": 0, "max_val": 24000,
             "uncond_type": "learned"},
            {"type": "IntegerConditioner", "name": "language_id", "min_val": -1, "max_val": 126,
             "uncond_type": "learned"}], projection="linear"))
    # from_local: `cls(config, backbone_cls).to(device, torch.bfloat16)`
    return zonos_model_module.Zonos(config, TorchZonosBackbone).to(torch.bfloat16).eval()


def _zonos_cond_dict(device):
    # make_cond_dict's tensors for these keys: fmax [[[22050.]]], language_id [[[24]]] (placed on DEFAULT_DEVICE)
    return {"fmax": torch.tensor([[[22050.0]]], device=device), "language_id": torch.tensor([[[24]]], device=device)}


def zonos_prepare_conditioning(module, device=None):
    # sample.py:16 `conditioning = model.prepare_conditioning(cond_dict)`
    return module.prepare_conditioning(_zonos_cond_dict(device))


def zonos_generate(module, device=None):
    # sample.py:18 `codes = model.generate(conditioning)`, the conditioning made on the compute device (the
    # prefix conditioner is not what this run checks: it is left on the device by building the conditioning directly)
    conditioning = torch.randn(2, 3, 16, device=device, dtype=torch.bfloat16)
    with torch.inference_mode():
        return module.generate(conditioning, max_new_tokens=3, progress_bar=False, disable_torch_compile=True)
