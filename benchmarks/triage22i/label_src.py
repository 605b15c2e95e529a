"""Labels of the round i draw (docs/triage-issue22-i.md), in draw order; writes labels.json next to this file.
Each: (label, cause, runtime, why)."""
import json
from pathlib import Path

R_UVIT_E = "harness uvit_encode: block confirmed (encoder weights from autoencoder.py:280, quant_conv at 430), leaf refuted"
R_UVIT_D = "harness uvit_decode: block confirmed (post_quant_conv at 448, the decoder's weights), leaf refuted"
R_ASR = "harness styletts_asr_feature: block confirmed (to_mfcc.dct_mat at layers.py:349, init_cnn and projection convs at layers.py:54), leaf refuted"
R_HIFI = ("harness styletts_hifigan (Decoder forward, tiny): leaf confirmed (weight_norm weights derived from weight_g/_v: F0_conv, N_conv, "
          "asr_res, encode/decode conv1, conv2, conv1x1, pool, generator ups, resblocks/noise_res convs1/convs2, conv_post; "
          "ParameterList alphas at 329/343, alpha1/alpha2 at 68/71)")
R_ISTFT = ("harness styletts_istftnet (Decoder forward, Configs/config.yml's rates): leaf confirmed (F0_conv at 511, N_conv 512, "
           "asr_res 517, generator conv_post 377, and the rest as hifigan)")
R_STYLE = ("harness styletts_style_encoder: leaf confirmed (spectral_norm weights derived from weight_orig/_u/_v: shared[0], "
           "ResBlk conv1 at models.py:127, conv2, conv1x1, downsample_res.conv at models.py:42)")
R_WAN_E = "harness showo2_wan_encode (WanVAE_.sample -> encode): block confirmed (encoder weights, conv1 at wan21_vae.py:36), leaf refuted"
R_WAN_D = "harness showo2_wan_decode: block confirmed (conv2, decoder weights), leaf refuted"
R_MAG_G = "harness showo_get_code: block confirmed (encoder, quant_conv, quantize.power_vals at 203), leaf confirmed (power_vals at 203)"
R_MAG_D = "harness showo_decode_code: block confirmed (quantize.embedding at 215, decoder weights), leaf confirmed (embedding at 215)"
R_WL_F = "harness styletts_wavlm_dforward (a tiny WavLM for the hub's): block confirmed (wavlm weights from its feature extractor on)"
R_WL_D = "harness styletts_wavlm_disc: block confirmed (wavlm weights)"
R_RELPOS = "harness styletts_relpos: leaf refuted (harmless: device, metadata, moved)"

AB_JDC = ("`JDCNet.get_feature`/`get_feature_GAN` have no caller in the tree: the trainers call `model.pitch_extractor(...)` "
          "(its `forward`); would be true at block if called (res_block1..3 are in the root's unmatched group)")
AB_RESBLK1D = "`ResBlk1d` (models.py) is built nowhere in the tree (the predictor uses `AdainResBlk1d`, the encoders `ResBlk`)"
AB_SIGLIP = ("Show-o2 builds `SiglipModel.from_pretrained(...)` only as a local in `__init__` and keeps two parts "
             "(`vision_model.embeddings.position_embedding`, `vision_model.encoder`); the rest of the SigLIP model "
             "(%s) is never run")
T_SHOWO2 = ("`inference_mixed_modality.py` calls `model.mm_generate(...)`, which calls `forward_und_only` outside "
            "`Showo2Qwen2_5.forward`; %s is in the root's unmatched group (block), never onloaded there")
T_HIFI = ("hifigan `Decoder` is the decoder of Configs/config_ft.yml and config_libritts.yml; legacy `weight_norm` (pre-hook "
          "computes `weight` from `weight_g/_v` before the leaf hook onloads them); nothing calls `remove_weight_norm`")
T_ISTFT = "as the hifigan rows, for the istftnet `Decoder` of Configs/config.yml (LJSpeech)"

rows = [
    ("true", "", R_ASR, "`train_second.py:386` calls `model.text_aligner.get_feature(gt)` (training entry) outside `ASRCNN.forward`; `init_cnn` is in the root's unmatched group (only `cnns` is a Sequential group)"),
    ("true", "", "read (Qwen2 LLM and SigLIP from the hub)", T_SHOWO2 % "`showo` (the LLM)"),
    ("false", "AU", "read", AB_SIGLIP % "its attention-pooling head"),
    ("true", "", "read", T_SHOWO2 % "`showo.model.embed_tokens`"),
    ("true", "", R_WAN_E, "`WanVAE_` (held by the non-module wrapper `WanVAE` as `.model`) is only called through `encode`/`decode`/`sample` (its `forward` is never called); every child is in the root's unmatched group; `train_stage_two.py`/`inference_*.py` call `vae_model.sample`/`batch_decode`"),
    ("true", "", "read", "`inference_mmu.py` calls `model.mmu_generate(...)`; the loop calls `self.showo(...)` and `self.showo.model.embed_tokens(idx_next)` outside `forward` (block: unmatched group)"),
    ("true", "", R_UVIT_E, "`train_ldm.py`, `sample_t2i_discrete.py`, `eval_t2i_discrete.py` call `autoencoder.encode(x)` (-> `encode_moments`) outside `forward`; `quant_conv` is in the root's unmatched group"),
    ("true", "", R_ASR, "as row 1 (`projection`)"),
    ("false", "AB", "read", AB_JDC),
    ("true", "", R_WAN_E, "as row 5 (`encoder`)"),
    ("true", "", "read", T_SHOWO2 % "the buffer `image_position_ids` (with `position_embedding`)"),
    ("false", "P", R_RELPOS, "the device read builds index tensors (`torch.arange(..., device=device)`) that only enter `self.relative_attention_bias(...)`, whose hook moves them; the 'compute-device tensor' the message names is `math.log` of ints; and `use_rel_pos` is set by no config (the class is never built)"),
    ("false", "AB", "read", AB_RESBLK1D),
    ("false", "AB", "read", AB_JDC),
    ("true", "", R_HIFI, T_HIFI + " (`AdainResBlk1d.conv1`)"),
    ("false", "P", "read", "as round g's row 51: the tower's `device` places images handed only to `self.vision_tower(...)` (its first layer's hook moves them at leaf; at block the tower is onloaded with its root's group during `forward`); `dummy_feature` has no caller"),
    ("false", "AB", "read", "`MAGVITv2.encode` has no caller in the tree (training and inference use `get_code`/`decode_code`)"),
    ("true", "", R_WAN_D, "as row 5 (`decode`, `conv2`)"),
    ("true", "", R_UVIT_E, "as row 7 (`encoder`)"),
    ("false", "AB", "read", "`VKDiffusion` is built nowhere: StyleTTS2 builds `KDiffusion` (models.py:662; `XDiffusion` is not built)"),
    ("true", "", "read", T_SHOWO2 % "`und_trans` (the SigLIP encoder kept as a child)"),
    ("true", "", R_HIFI, T_HIFI + "; the ParameterList `alphas` is grouped at leaf under the ParameterList, whose forward never runs"),
    ("true", "", "read", "`inference_mixed_modality.py:162` calls `model.lm_generate(...)`: `self.showo(...)` outside `forward` (block: unmatched group)"),
    ("true", "", R_UVIT_D, "`autoencoder.decode(z)` in the samplers and trainers; `post_quant_conv` in the root's unmatched group"),
    ("true", "", R_ASR, "as row 1 (`to_mfcc`: MFCC's `dct_mat` buffer)"),
    ("true", "", R_HIFI, T_HIFI + " (`AdaINResBlock1.convs1`)"),
    ("true", "", R_HIFI, T_HIFI + " (`AdainResBlk1d.conv1x1`, built when dim_in != dim_out: the `encode` block)"),
    ("false", "AB", "read", AB_RESBLK1D),
    ("true", "", R_HIFI, T_HIFI + " (`Generator.conv_post`)"),
    ("false", "AB", "read", AB_JDC),
    ("true", "", "read (vit.py needs timm; the tokenizer the hub)", "`predict.py`, `train_caption.py`, `eval_nocaps.py` call `model.generate(image, ...)` outside `BLIP_Decoder.forward`; `visual_encoder` and `text_decoder` are in the root's unmatched group"),
    ("true", "", R_STYLE, "the line is the `timepreserve` branch's `spectral_norm` conv; the tree builds `LearnedDownSample` only with 'half' (line 37, the same legacy `spectral_norm`), confirmed at leaf (`downsample_res.conv` at models.py:42): the attribute's hazard is real in the built model, the line is the sibling branch (counted true)"),
    ("false", "AB", "read", "`RF.sample_with_xps` (advanced/main_t2i.py) has no caller: the script only trains (`model_engine(x, ...)`)"),
    ("false", "AB", "read", AB_RESBLK1D),
    ("true", "", R_MAG_G, "`training/train.py` calls `vq_model.get_code(pixel_values)`; `MAGVITv2.forward` is `pass`, every child is in the root's unmatched group"),
    ("false", "AB", "read", "`WavLMLoss.generator` has no caller (`SLMAdversarialLoss` calls `discriminator`/`discriminator_forward`, the trainers `wl(...)`)"),
    ("true", "", R_MAG_D, "`train.py`, `inference_t2i.py` call `vq_model.decode_code(ids)`: `decoder` in the unmatched group"),
    ("false", "AB", "read", AB_RESBLK1D),
    ("true", "", "read (Phi LLM from the hub)", "`inference_mmu.py:146` (the CLIP-ViT path, `w_clip_vit`) calls `mmu_generate(input_embeddings=...)`; after each `self(...)` the loop calls `self.showo.model.embed_tokens(idx_next)` outside `forward` (block: unmatched group, offloaded again after the forward)"),
    ("true", "", R_STYLE, "`StyleEncoder` (style_encoder, predictor_encoder) is built for every config and called in training and inference; `ResBlk.conv1` is a legacy `spectral_norm` conv: its pre-hook computes `weight` from `weight_orig` before the leaf hook onloads"),
    ("true", "", R_ISTFT, T_ISTFT + " (`F0_conv`)"),
    ("false", "AL", "read", "`_prune_heads` runs only from transformers' `prune_heads`/`init_weights` when the config lists pruned heads (none does): a structural edit at construction, before any offloading"),
    ("true", "", R_MAG_D, "`decode_code` -> `quantize.get_codebook_entry`: the codebook buffer is indexed outside the quantizer's and the root's `forward`"),
    ("true", "", R_MAG_G, "`get_code` -> `quantize.get_indices`: the root buffer `power_vals` (leaf: hooked on LFQuantizer, offloaded again after its forward) multiplies compute tensors; the message's path names `encode` (no caller), but `get_code` reaches the same line"),
    ("true", "", R_HIFI, T_HIFI + " (`AdainResBlk1d.conv2`)"),
    ("true", "", R_WL_F, "`Modules/slmadv.py` calls `self.wl.discriminator_forward(...)` in the SLM adversarial training step, outside `WavLMLoss.forward`; `wavlm` is in the root's unmatched group (block)"),
    ("true", "", R_ISTFT, T_ISTFT + " (`N_conv`)"),
    ("false", "AU", "read", AB_SIGLIP % "`get_text_features` and its text model"),
    ("true", "", R_UVIT_D, "as row 24 (`decoder`)"),
    ("false", "AB", "read", AB_JDC),
    ("false", "AB", "read", "`RF.sample` (advanced/main_t2i.py) has no caller (the script only trains; minRF's sampling script uses `rf.py`'s own `RF`)"),
    ("true", "", R_WL_D, "as row 46 (`discriminator`, called in slmadv.py:157-169)"),
    ("false", "AU", "read", AB_SIGLIP % "`SiglipVisionEmbeddings` and its `interpolate_pos_encoding`"),
    ("true", "", R_ISTFT, T_ISTFT + " (`Generator.conv_post`)"),
    ("true", "", R_ISTFT, T_ISTFT + " (`asr_res`)"),
    ("false", "AB", "read", AB_JDC),
    ("true", "", R_WAN_D, "as row 5 (`decode`, `decoder`)"),
    ("false", "AU", "read", AB_SIGLIP % "`get_image_features` and its vision model's own forward"),
    ("false", "AB", "read", AB_JDC),
    ("true", "", R_MAG_D, "as row 43 (`embedding` indexed with compute-device ids at leaf and block)"),
]
assert len(rows) == 60
out = {str(i): {"label": l, "cause": c, "runtime": r, "why": w} for i, (l, c, r, w) in enumerate(rows, 1)}
Path(__file__).with_name("labels.json").write_text(json.dumps(out, indent=1))
