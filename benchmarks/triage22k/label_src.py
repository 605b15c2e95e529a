"""Labels of the round k draw (docs/triage-issue22-k.md), in draw order; writes labels.json next to this file.
Each: (label, cause, runtime, why). Rows whose "api" flag is set are AB rows that turn true in the second reading
(a public method nothing in the tree calls counted as reached); benchmarks/triage22j_tally.py prints that reading.
Rows are judged each on its own: a row breaks when its line fails with the weights that other rows name assumed
onloaded (so a device read that follows the very weight it feeds is not a second break)."""
import json
from pathlib import Path

R_T3 = ("harness chatterbox_t3 (T3.inference as ChatterboxTTS.generate calls it, tiny Llama): block confirmed "
        "(speech_emb at t3.py:97, 306, 371; speech_pos_emb.emb at learned_pos_emb.py:19 and its output at t3.py:307, "
        "372; cond_enc (spkr_enc cond_enc.py:70, emotion_adv_fc 88, perceiver); tfmr layers and speech_head through "
        "patched_model (t3_hf_backend.py:103, modeling_llama.py)); leaf: the user call ran with no compute access (only "
        "values placed with speech_head.weight.device / emb.weight.device, moved by hooks at t3.py:112, 116, "
        "learned_pos_emb.py:19, 32; verdict printed 'untriggered' because the confirmer's extra forward() tries fail on "
        "T3's own token assert)")
R_DA2 = ("harness da2_forward (DepthAnythingV2.forward, vits): block refuted (DINOv2 onloaded with the root's "
         "unmatched group), leaf confirmed (pretrained.cls_token in torch.cat at dinov2.py:218, pos_embed added in "
         "prepare_tokens_with_masks); mask_token never accessed")
R_SPADE = ("harness liveportrait_spade (SPADEDecoder.forward): block refuted, leaf confirmed (spectral_norm's weight "
           "derived from weight_orig/weight_u/weight_v of conv_0 at util.py:304, conv_1 at 305, conv_s at 311)")
R_RF = ("harness gfpgan_restoreformer (RestoreFormer.forward, GFPGANer's call): block refuted, leaf confirmed "
        "(quantize.embedding.weight in the distance at restoreformer_arch.py:45-47 and the lookup at 65)")
R_EVA = ("harness minigpt_eva_attn (EVA ViT-g Attention.forward): block refuted, leaf confirmed (qkv.weight in F.linear "
         "at eva_vit.py:124)")
R_XPOSE = ("harness xpose_text_layer (the text enhancer TransformerEncoderLayer): block refuted, leaf confirmed "
           "(self_attn.out_proj.weight/bias in F.multi_head_attention_forward at transformer_vanilla.py:93)")

T3_ROOT = ("T3 is an offload root: the plain ChatterboxTTS (and the multilingual/turbo variants) holds `self.t3`; "
           "T3 has no ModuleList/Sequential child, so at block level every child is in its unmatched group, onloaded "
           "only in T3.forward; `generate` calls `self.t3.inference(...)` (tts.py:246)")
S3_ROOT = ("S3Token2Wav is an offload root held by the plain ChatterboxTTS/ChatterboxVC (`self.s3gen`); it has no "
           "ModuleList/Sequential child, so tokenizer, speaker_encoder, flow, mel2wav and trim_fade are in its unmatched "
           "group, onloaded only in S3Token2Wav.forward")

L = {
    1: ("true", "", R_T3,
        f"{T3_ROOT}. `inference` builds `T3HuggingfaceBackend(llama=self.tfmr, speech_head=...)` and calls it (t3.py:326): "
        "its forward runs T3's offloaded `tfmr` and `speech_head`. The message's fix (add 'patched_model' to "
        "_group_offload_block_modules) cannot work: patched_model is created after offloading; the weights are tfmr's"),
    2: ("true", "", "read (S3Token2Wav not run: S3Tokenizer needs the s3tokenizer package)",
        f"{S3_ROOT}. `generate` calls `self.s3gen.inference(...)` (tts.py:266): trim_fade at s3gen.py:360 (row 22, "
        "leaf and block) and mel2wav.inference (row 40, block) break"),
    3: ("false", "P", "read",
        "`embeds_from_mels` places mels with `self.device` (the first parameter's, the offload device) and hands them "
        "only to `self.inference`, which pads them with tensors `.to(mels.device)` and calls `self(batch)` (hooked: "
        "moves them) and `.cpu()`s the result (voice_encoder.py:187); the 'zip' is Python iteration"),
    4: ("false", "AB", "read",
        "EVA `VisionTransformer.get_intermediate_layers` (eva_vit.py:354) has no caller in MiniGPT-4 (the model calls "
        "`self.visual_encoder(image)`, i.e. forward)"),
    5: ("false", "Y", "read",
        "`hs[0] += self.label_enc.weight[0, 0] * 0.0` (unipose.py:406): a 0-dim element of the weight; a 0-dim CPU tensor "
        "combines with CUDA tensors (torch allows it). UniPose is built and run in LivePortrait's animal mode"),
    6: ("false", "AM", "read",
        "activation.py:455 is the fast path (`torch._native_multi_head_attention`), taken only with attn_mask None; "
        "VoiceCraft always passes a mask (voicecraft.py dec_forward/inference: `self.decoder(..., mask=xy_attn_mask)`, "
        "transformer.py `_sa_block(x, src_mask, ...)`), so the line is never reached; the same weight is used on the "
        "path taken (activation.py:501/637), which this row does not name"),
    7: ("false", "AB", "read",
        "as row 4: `get_intermediate_layers` (eva_vit.py:361 pos_embed) has no caller"),
    8: ("true", "", "read (VoiceCraft not run: its inference needs the codec and the phonemizer; its args are a large "
        "namespace)",
        "inference_speech_editing_scale.py:58 calls `model.inference(...)` (the speech-editing entry point, README) on "
        "inputs `.to(device)`; VoiceCraft's `text_embedding` (TokenEmbedding, not a ModuleList) is in its unmatched "
        "group, onloaded only in VoiceCraft.forward"),
    9: ("true", "", "read",
        f"{S3_ROOT}. `hift_inference` -> `self.mel2wav.inference` -> `decode` calls `self.source_resblocks[i]` "
        "(hifigan.py:426) with mel2wav's weights offloaded at block level; input on the compute device"),
    10: ("true", "", "read",
         f"{S3_ROOT}. `prepare_conditionals` calls `self.s3gen.embed_ref(wav, S3GEN_SR, device=self.device)` "
         "(tts.py:189): embed_ref moves the wav to the device and calls `self.speaker_encoder.inference(...)` "
         "(s3gen.py:152), whose Kaldi fbank features stay on the device and go into CAMPPlus's offloaded weights (row 36)"),
    11: ("false", "AB", "read",
         "XPose's `UniPose/attention.py` MultiheadAttention is imported by nothing (the UniPose transformers use "
         "torch's nn.MultiheadAttention)"),
    12: ("true", "", R_T3,
         f"{T3_ROOT}. `inference` -> `prepare_input_embeds` -> `prepare_conditioning` embeds the prompt tokens "
         "(on the device: tts.py:195) with `self.speech_emb` (t3.py:97)"),
    13: ("true", "", R_RF,
         "GFPGANer(arch='RestoreFormer') (inference_gfpgan.py --version RestoreFormer) runs RestoreFormer.forward -> "
         "encode -> `self.quantize(h)`: VectorQuantizer reads `self.embedding.weight` (an Embedding, never called) "
         "with the compute-device z (restoreformer_arch.py:45-47): at leaf it stays on the offload device"),
    14: ("false", "AB", "read",
         "`MultiHeadDecoder` (restoreformer_arch.py:362) is built by nothing: RestoreFormer builds "
         "`MultiHeadDecoderTransformer`"),
    15: ("false", "P", "read",
         "`VoiceEncoder.device` (next(self.parameters()).device): its only use places mels that reach only the hooked "
         "`self(batch)` (row 3)"),
    16: ("true", "", "read",
         f"{S3_ROOT}. ChatterboxVC.set_target_voice calls `self.s3gen.embed_ref(..., device=self.device)` (vc.py:81): "
         "as row 10"),
    17: ("true", "", R_DA2,
         "DepthAnythingV2.forward calls `self.pretrained.get_intermediate_layers(x, ...)` (dpt.py:179); "
         "`prepare_tokens_with_masks` reads DINOv2's own `cls_token` (dinov2.py:218): at leaf it is onloaded only in "
         "DinoVisionTransformer.forward, which nothing runs. Block is wrong (DINOv2 is a child, onloaded with the "
         "root's unmatched group: run refuted); leaf breaks"),
    18: ("true", "", "read (UniPose not run: MSDeformAttn)",
         "UniPose_SwinT.py sets two_stage_type 'standard' and embed_init_tgt True, so DeformableTransformer.forward "
         "takes `tgt_ = self.tgt_embed.weight[:, None, :].repeat(...)` (deformable_transformer.py:428) and concatenates "
         "it with compute tensors: the Embedding is never called, so at leaf it stays offloaded"),
    19: ("true", "", "read", f"{S3_ROOT}. As row 9: `decode` calls `self.resblocks[i]` (hifigan.py:432)"),
    20: ("true", "", R_T3,
         f"{T3_ROOT}. T3Config's input_pos_emb is 'learned', so `prepare_input_embeds` calls "
         "`self.speech_pos_emb(speech_tokens)` (t3.py:119) with T3's unmatched group offloaded"),
    21: ("C", "AF", "read",
         "MiniGPT-4's llama copy reads `lm_head.weight` into F.linear only when `config.pretraining_tp > 1` "
         "(modeling_llama.py:78-80); the Vicuna / Llama-2-chat checkpoints it loads have pretraining_tp 1"),
    22: ("true", "", "read",
         f"{S3_ROOT}. `inference` (from ChatterboxTTS.generate, VC.generate, mtl_tts) multiplies the compute-device "
         "wav by the root buffer `trim_fade` (1-D, not 0-dim) at s3gen.py:360: onloaded only in S3Token2Wav.forward at "
         "either level"),
    23: ("false", "P", "read",
         "ChatterboxMultilingualTTS.prepare_conditionals -> `self.ve.embeds_from_wavs(...)`: what it reaches is the "
         "device read of rows 3, 15 (values only into the hooked `self(batch)`)"),
    24: ("false", "A", "read",
         "`self.s3gen.tokenizer.forward([...])` (tts.py:194): S3Tokenizer.forward places every input with its own "
         "`self.device` (s3tokenizer.py:110, 122, 153, 158, 163: the first parameter's device, the offload device at "
         "block level) and computes with its own weights there; the tokens are then `.to(self.device)` by the caller "
         "(tts.py:195). Nothing meets a compute-device tensor (slow, not a device mismatch). (S3TokenizerV2's "
         "`device` is the s3tokenizer package's, not installed; read as the first parameter's device)"),
    25: ("false", "AB", "read",
         "`SwinTransformer.forward_raw` is called only in swin_transformer.py's `if __name__ == '__main__'` debug block "
         "(with ipdb); the backbone runs `forward`"),
    26: ("true", "", "read", f"{S3_ROOT}. ChatterboxVC.generate calls `self.s3gen.inference(...)` (vc.py:98): as row 2"),
    27: ("false", "Y", "read", "as row 5: `self.pos_proj.weight[0, 0] * 0.0` (unipose.py:408), a 0-dim element"),
    28: ("true", "", R_EVA,
         "MiniGPT-4's visual encoder (create_eva_vit_g) runs every Block's `self.attn(...)`; Attention.forward does "
         "`F.linear(input=x, weight=self.qkv.weight, bias=qkv_bias)` (eva_vit.py:124) without calling `qkv`: at leaf the "
         "Linear stays offloaded (q_bias/v_bias are Attention's own, onloaded in its forward)"),
    29: ("true", "", R_T3,
         f"{T3_ROOT}. `get_fixed_embedding` (from T3.inference, t3.py:307, 372) calls `self.emb` (learned_pos_emb.py:32): "
         "at block level the Embedding is in T3's unmatched group, offloaded; its output meets the compute-device "
         "bos/next-token embeddings at t3.py:307/372 (run). The message blames LearnedPositionEmbeddings' own unmatched "
         "group and proposes LearnedPositionEmbeddings._group_offload_block_modules: the class is only a child (never a "
         "root), so that fix does nothing; the fix belongs on T3"),
    30: ("true", "", "read", f"{S3_ROOT}. mtl_tts.py:260: as row 10"),
    31: ("true", "", "read", f"{S3_ROOT}. As row 9: `decode` calls `self.ups[i]` (hifigan.py:419)"),
    32: ("true", "", R_T3,
         "ChatterboxMultilingualTTS.generate calls `self.t3.inference(...)` (mtl_tts.py:325): block breaks (rows 1, 12, "
         "20, 29; run with the English config). The leaf half of the message is wrong (run: no access at leaf)"),
    33: ("false", "AM", R_DA2,
         "`mask_token` is read only when `masks is not None` (dinov2.py:215-216); `get_intermediate_layers` calls "
         "`prepare_tokens_with_masks(x)` with no masks, and nothing calls DINOv2's forward/forward_features (run: no "
         "access to mask_token)"),
    34: ("false", "P", R_T3,
         "`T3.device` (speech_head.weight.device) places `text_tokens` (t3.py:255), which reach only `self.text_emb`, "
         "`self.speech_emb`, `self.text_pos_emb` calls: at leaf their hooks move them (run: moved at t3.py:112, 116, "
         "learned_pos_emb.py:19); at block those children are offloaded too, so the placed tokens agree with the "
         "weights they meet; the break there is those weights' (rows 12, 20), not the read's. The block run's access at "
         "t3.py:127 carries the placed value together with the offloaded embeddings' outputs: the run cannot separate "
         "the two (explained, not a disagreement)"),
    35: ("false", "AB", "read",
         "`StyleGAN2GeneratorBilinear.make_noise` has no caller in the tree. Were it called, the placed noises would "
         "only reach the generator's hooked forward (P)"),
    36: ("true", "", "read", f"{S3_ROOT}. `embed_ref` calls `self.speaker_encoder.inference(...)` (s3gen.py:152): as row 10"),
    37: ("false", "AB", "read",
         "`VectorQuantizer.get_codebook_entry` (restoreformer_arch.py:91) has no caller in GFPGAN"),
    38: ("false", "P", "read", "ChatterboxTurboTTS.prepare_conditionals -> ve.embeds_from_wavs: as row 23"),
    39: ("false", "AH", R_DA2,
         "DINOv2 (DinoVisionTransformer) is only ever a child (`DepthAnythingV2.pretrained`); its `patch_embed` call in "
         "`prepare_tokens_with_masks` runs inside DepthAnythingV2.forward, where block level has onloaded the root's "
         "unmatched group (run: block refuted). Leaf: the Conv2d is called (its own hook)"),
    40: ("true", "", "read",
         f"{S3_ROOT}. `hift_inference` (from `inference`) calls `self.mel2wav.inference(...)` (s3gen.py:327) outside "
         "the root's forward"),
    41: ("true", "", "read (UniPose not run: MSDeformAttn); the same torch nn.MultiheadAttention out_proj mechanism "
         "confirmed by harness xpose_text_layer",
         "UniPose_SwinT.py sets use_text_cross_attention True, so every DeformableTransformerDecoderLayer builds "
         "`ca_text = nn.MultiheadAttention` and calls it (deformable_transformer.py:1101): torch's MHA hands "
         "out_proj.weight to F.multi_head_attention_forward without calling out_proj; at leaf it stays offloaded"),
    42: ("false", "AB", "read", "XPose's `transformer_deformable.py` is imported by nothing"),
    43: ("true", "", "read",
         f"{S3_ROOT}. HiFTGenerator.inference calls `self.f0_predictor(speech_feat)` (hifigan.py:465) with mel2wav's "
         "weights offloaded at block level"),
    44: ("false", "AB", "read",
         "`ConditionalCFM.compute_loss` is reached only from `CausalMaskedDiffWithXvec.forward` (flow.py:121), a "
         "training forward nothing in chatterbox calls (no training code; inference uses `flow.inference`)"),
    45: ("true", "", R_SPADE,
         "LivePortrait's SPADEDecoder passes norm_G 'spadespectralinstance', so `conv_0` is wrapped in the legacy "
         "`torch.nn.utils.spectral_norm` (util.py:292): its pre-hook computes `weight` from offloaded weight_orig/u/v "
         "before the leaf hook onloads the conv"),
    46: ("true", "", "read (not run)",
         "VoiceCraft.inference reads the root parameter `mask_embedding[next_mask_ind]` (voicecraft.py:840) for every "
         "mask span after the first (inference_speech_editing_scale.py edits several spans per sample: its mask "
         "intervals list) and concatenates it with compute-device embeddings: onloaded only in VoiceCraft.forward at "
         "either level"),
    47: ("false", "AM", "read",
         "`NestedTensorBlock.forward_nested` runs only for a list input (block.py:248-250); Depth-Anything-V2 passes "
         "tensors (`get_intermediate_layers(x)`), and the gamma branch also needs training with drop_path > 0 (DINOv2 "
         "built with drop_path_rate 0) and xformers"),
    48: ("true", "", R_SPADE, "as row 45: `conv_s` (util.py:295; up_0 and up_1 change channels, so it exists)"),
    49: ("false", "AB", "read",
         "`StyleGAN2GeneratorClean.make_noise` is called only by tests/test_stylegan2_clean_arch.py (a unit test on an "
         "un-offloaded CPU model), not by GFPGAN's inference or training; its placed noises would only reach the hooked "
         "generator (P)"),
    50: ("false", "AH", R_DA2, "as row 39: `self.norm` in `get_intermediate_layers` (dinov2.py:310)"),
    51: ("true", "", "read (not run)",
         "`rearrange` (from VoiceCraft.inference) concatenates the root parameter `self.eos` ([K, 1] long) with "
         "compute-device codes (voicecraft.py:245); the branch needs args.eos > 0, which the released 830M training "
         "scripts set (z_scripts/e830M.sh: --eos 2051); onloaded only in VoiceCraft.forward at either level"),
    52: ("true", "", R_SPADE, "as row 45: `conv_1` (util.py:293)"),
    53: ("false", "A", "read", "mtl_tts.py:266: as row 24"),
    54: ("true", "", R_XPOSE,
         "UniPose_SwinT.py sets use_text_enhancer True: the encoder runs `self.text_layers[layer_id](...)` "
         "(deformable_transformer.py:665), a transformer_vanilla TransformerEncoderLayer whose nn.MultiheadAttention "
         "hands out_proj.weight to F.multi_head_attention_forward (transformer_vanilla.py:93)"),
    55: ("false", "A", "read", "tts_turbo.py:258: as row 24"),
    56: ("false", "P", R_T3,
         "`get_fixed_embedding` places the index with `self.emb.weight.device` (learned_pos_emb.py:28) and hands it only "
         "to `self.emb(idx)`, the same weight: at leaf the hook moves it (run: moved at learned_pos_emb.py:32); at "
         "block the index agrees with the (offloaded) weight, and the break is the weight's (row 29)"),
    57: ("false", "AM", "read", "as row 47: `ls2.gamma` (block.py:229)"),
    58: ("true", "", "read (not run)", "as row 51: `self.eog` in the same eos > 0 branch (voicecraft.py:245)"),
    59: ("false", "AB", "read", "as row 14: `MultiHeadDecoder` is built by nothing (restoreformer_arch.py:451)"),
    60: ("true", "", "read (not run: needs the EVA ViT-g, the Q-Former and a Llama checkpoint)",
         "demo_v2.py's `Chat.encode_img` calls `self.model.encode_img(image)` with the image on the Chat's device "
         "(conversation.py:215-224); MiniGPTv2's `llama_proj` (a Linear child) is in its unmatched group (no "
         "ModuleList/Sequential child), onloaded only in MiniGPTv2.forward, and `encode_img` calls it (minigpt_v2.py:87)"),
}

API = {4, 7, 37}  # AB rows reached only through a public method nothing calls: true in the second reading

if __name__ == "__main__":
    out = {}
    for number, (label, cause, runtime, why) in sorted(L.items()):
        entry = {"label": label, "cause": cause, "runtime": runtime, "why": why}
        if number in API:
            entry["api"] = True
        out[str(number)] = entry
    Path(__file__).with_name("labels.json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    print(len(out), "rows")
