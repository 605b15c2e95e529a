"""Tiny builds and calls for the issue-22 "k" triage (docs/triage-issue22-k.md), run by benchmarks/triage22k_runtime.sh
through `offload-lint confirm --factory/--call`. Each builds the class the way its repository does, small, and makes the
call its callers make (Depth-Anything-V2's `infer_image` calls `self.forward(image)`; LivePortrait's wrapper calls
`self.spade_generator(feature=...)`; chatterbox's `ChatterboxTTS.generate` calls `self.t3.inference(...)`; GFPGAN's
`GFPGANer.enhance` calls `self.gfpgan(cropped_face_t, ...)`; MiniGPT-4's EVA ViT blocks call `self.attn(...)`). The
repository root must be on PYTHONPATH (the runtime script sets it per case), with the stand-ins of
benchmarks/triage22k/stubs."""

from __future__ import annotations

import torch

from benchmarks.triage_harness import bare_packages



# --- Depth-Anything-V2: DepthAnythingV2.forward -> self.pretrained.get_intermediate_layers (DINOv2 a child: block
# onloads it with the root's unmatched group; leaf: cls_token, pos_embed are DinoVisionTransformer's own parameters,
# onloaded only in DinoVisionTransformer.forward, which nothing runs) -------------------------------------------------

def da2_model():
    from depth_anything_v2.dpt import DepthAnythingV2

    torch.manual_seed(0)
    # README's 'vits' config
    return DepthAnythingV2(encoder="vits", features=64, out_channels=[48, 96, 192, 384]).eval()


def da2_forward(module, device=None):
    # infer_image: `depth = self.forward(image)` (image a multiple of 14)
    return module(torch.randn(1, 3, 28, 28, device=device))


# --- LivePortrait: SPADEDecoder (spade_generator.py), its SPADEResnetBlocks' convs wrapped in the legacy
# torch.nn.utils.spectral_norm (norm_G 'spadespectralinstance'); up_0/up_1 change channels, so conv_s exists ---------

def liveportrait_spade():
    bare_packages("src", "src.modules")
    from src.modules.spade_generator import SPADEDecoder

    torch.manual_seed(0)
    # models.yaml: upscale 2, max_features 256, block_expansion 64, out_channels 64, num_down_blocks 2 (small here)
    return SPADEDecoder(upscale=2, max_features=16, block_expansion=4, out_channels=8, num_down_blocks=2).eval()


def liveportrait_spade_call(module, device=None):
    # LivePortraitWrapper.warp_decode: `ret_dct['out'] = self.spade_generator(feature=ret_dct['out'])`
    return module(feature=torch.randn(1, 16, 4, 4, device=device))


# --- chatterbox: T3 held by the plain ChatterboxTTS; generate -> t3.inference (block: every child of T3 is in its
# unmatched group; tfmr reached through the T3HuggingfaceBackend built inside inference) ----------------------------

def chatterbox_t3():
    bare_packages("chatterbox", "chatterbox.models", "chatterbox.models.t3")
    from chatterbox.models.t3 import llama_configs
    from chatterbox.models.t3.modules.t3_config import T3Config
    from chatterbox.models.t3.t3 import T3

    tiny = dict(llama_configs.LLAMA_520M_CONFIG_DICT, num_hidden_layers=1, intermediate_size=64,
                max_position_embeddings=8192)
    llama_configs.LLAMA_CONFIGS["Llama_tiny"] = tiny
    hp = T3Config.english_only()
    hp.llama_config_name = "Llama_tiny"   # hidden_size stays 1024: the Perceiver is built with 1024
    hp.max_text_tokens, hp.max_speech_tokens = 16, 16
    torch.manual_seed(0)
    return T3(hp).eval()


def chatterbox_t3_inference(module, device=None):
    from chatterbox.models.t3.modules.cond_enc import T3Cond

    hp = module.hp
    # ChatterboxTTS.prepare_conditionals / generate: conds on self.device, text doubled for CFG, sot/eot padded
    cond = T3Cond(speaker_emb=torch.randn(1, hp.speaker_embed_size),
                  cond_prompt_speech_tokens=torch.randint(0, 6561, (1, 4)),
                  emotion_adv=0.5 * torch.ones(1, 1, 1)).to(device=device)
    text = torch.randint(1, 254, (1, 3), device=device)
    text = torch.cat([text, text], dim=0)
    text = torch.nn.functional.pad(text, (1, 0), value=hp.start_text_token)
    text = torch.nn.functional.pad(text, (0, 1), value=hp.stop_text_token)
    torch.manual_seed(0)
    with torch.inference_mode():
        return module.inference(t3_cond=cond, text_tokens=text, max_new_tokens=2, temperature=0.8, cfg_weight=0.5,
                                repetition_penalty=1.2, min_p=0.05, top_p=1.0)


# --- GFPGAN: RestoreFormer (GFPGANer(arch='RestoreFormer')), its VectorQuantizer reading embedding.weight -----------

def gfpgan_restoreformer():
    bare_packages("gfpgan", "gfpgan.archs")
    from gfpgan.archs.restoreformer_arch import RestoreFormer

    torch.manual_seed(0)
    return RestoreFormer(n_embed=16, embed_dim=32, ch=32, ch_mult=(1, 1), num_res_blocks=1, attn_resolutions=(8,),
                         resolution=16, z_channels=32, head_size=2).eval()


def gfpgan_restoreformer_call(module, device=None):
    # GFPGANer.enhance: `output = self.gfpgan(cropped_face_t, return_rgb=False, weight=weight)[0]`
    return module(torch.randn(1, 3, 16, 16, device=device), return_rgb=False, weight=0.5)


# --- MiniGPT-4: the EVA ViT-g attention (eva_vit.py), F.linear on qkv.weight ----------------------------------------

def minigpt_eva_attention():
    bare_packages("minigpt4", "minigpt4.models", "minigpt4.common")
    from minigpt4.models.eva_vit import Attention

    torch.manual_seed(0)
    # create_eva_vit_g: qkv_bias=True (q_bias/v_bias parameters)
    return Attention(dim=16, num_heads=2, qkv_bias=True).eval()


def minigpt_eva_attention_call(module, device=None):
    # Block.forward: `x = x + self.drop_path(self.attn(self.norm1(x), rel_pos_bias=rel_pos_bias))`
    return module(torch.randn(1, 5, 16, device=device))


# --- LivePortrait (XPose, animal mode): the text enhancer layer of UniPose's DeformableTransformer encoder
# (transformer_vanilla.TransformerEncoderLayer, use_text_enhancer=True in UniPose_SwinT.py), whose torch
# nn.MultiheadAttention hands out_proj.weight to F.multi_head_attention_forward without calling out_proj --------

_XPOSE = ("src", "src.utils", "src.utils.dependencies", "src.utils.dependencies.XPose",
          "src.utils.dependencies.XPose.models", "src.utils.dependencies.XPose.models.UniPose")


def xpose_text_layer():
    bare_packages(*_XPOSE)
    from src.utils.dependencies.XPose.models.UniPose.transformer_vanilla import TransformerEncoderLayer

    torch.manual_seed(0)
    # deformable_transformer.py:143: d_model, nhead // 2, dim_feedforward // 2, text_dropout (eval: no dropout)
    return TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32, dropout=0.0).eval()


def xpose_text_layer_call(module, device=None):
    # DeformableTransformer encoder: `self.text_layers[layer_id](src=memory_text.transpose(0, 1),
    # src_mask=~text_self_attention_masks, src_key_padding_mask=text_attention_mask, pos=...)`
    text = torch.randn(4, 1, 16, device=device)
    masks = torch.ones(1, 4, 4, dtype=torch.bool, device=device)
    return module(src=text, src_mask=~masks, src_key_padding_mask=None, pos=None)


def __getattr__(name):
    # class names for `offload-lint confirm MODULE:Class` whose packages are registered bare here
    if name == "GFPGANRestoreFormer":
        bare_packages("gfpgan", "gfpgan.archs")
        from gfpgan.archs.restoreformer_arch import RestoreFormer

        return RestoreFormer
    if name == "MiniGPTEvaAttention":
        bare_packages("minigpt4", "minigpt4.models", "minigpt4.common")
        from minigpt4.models.eva_vit import Attention

        return Attention
    if name == "ChatterboxT3":
        bare_packages("chatterbox", "chatterbox.models", "chatterbox.models.t3")
        from chatterbox.models.t3.t3 import T3

        return T3
    if name == "LivePortraitSPADEDecoder":
        bare_packages("src", "src.modules")
        from src.modules.spade_generator import SPADEDecoder

        return SPADEDecoder
    if name == "XPoseTextEncoderLayer":
        bare_packages(*_XPOSE)
        from src.utils.dependencies.XPose.models.UniPose.transformer_vanilla import TransformerEncoderLayer

        return TransformerEncoderLayer
    raise AttributeError(name)
