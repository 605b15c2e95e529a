"""Write benchmarks/triage22y/labels.json (round y; every row labelled by reading first; runtime runs added after).

No new cause letter this round: every false row fits a letter of rounds b-x (A, AB, AM, BB, P).
Labels were committed (ddc1e3c) before any runtime check ran; RT (the runtime column) was filled in afterwards.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
RT = json.load(open(os.path.join(HERE, "runtime_column.json"))) if os.path.exists(os.path.join(HERE, "runtime_column.json")) else {}

PY = "read: Pyramid-Flow's modules import timm, einops, IPython (not installed)"
MG = "read: MGM's package imports (timm, open_clip, deepspeed, ...) not installed"
PU = "read: PuLID's pipeline imports insightface, facexlib, einops (not installed)"
FZ_CLIP = ("FateZero CLIP/ (a vendored OpenAI CLIP): README's evaluation step runs CLIP/frame_acc_tem_con.py, which "
           "builds clip.load('ViT-B/32') (jit False) and calls model.encode_image / model.encode_text (:25-26) with "
           "device inputs; CLIP is its own root there. ")
PU_EVA = ("PuLID builds EVA-CLIP only as create_model_and_transforms('EVA02-CLIP-L-14-336', force_custom_clip=True) and "
          "keeps `.visual` (pulid/pipeline*.py): an EVAVisionTransformer whose config (model_configs/"
          "EVA02-CLIP-L-14-336.json) sets subln true, xattn true, rope true. ")
PU_EVA_ATTN = PU_EVA + "eva_vit_model.py Attention.forward's subln branch (:176-178) passes q_proj/k_proj/v_proj weights to F.linear without calling the Linears: at leaf each Linear is its own group, onloaded only in its forward, so the weight stays offloaded; x on the device (the ViT runs in PuLIDPipeline.get_id_embedding)."
PU_RN = PU_EVA + "modified_resnet.py AttentionPool2d (ModifiedResNet, the RN50-style tower) is built by no config PuLID uses: unreached."
EW = ("echomimic src/models/whisper (a vendored OpenAI whisper copy): the inference scripts (infer_audio2vid*.py) use "
      "Audio2Feature, whose modified transcribe (transcribe.py:108-115) runs model.encoder only; the text decoder and "
      "decoding.py never run. ")
MGM_GEN = ("MGM {cls}.generate (README's CLI, mgm/serve/cli.py, passes images=None when no --image-file; the text-only "
           "branch) `self.get_model().embed_tokens(inputs)` (:{line}) before super().generate: `model` (the LlamaModel-"
           "like decoder, not a ModuleList) is in the root's unmatched group, onloaded only by {cls}.forward, which "
           "generate has not run yet; inputs on the device. MGM documents {what} checkpoints.")
VL_EVA = ("Video-LLaMA video_llama/models/eva_vit.py (BLIP-2's EVA ViT-g, Video-LLaMA's visual encoder): "
          "VisionTransformer.get_intermediate_layers is called nowhere in the tree (grep): unreached.")
L = {
 1: T("leaf", FZ_CLIP + "CLIP/clip/model.py ResidualAttentionBlock.attn is nn.MultiheadAttention: its forward passes out_proj.weight to F.multi_head_attention_forward without calling out_proj, a Linear onloaded at leaf only in its own forward; the ViT-B/32 visual transformer and the text transformer run it."),
 2: F("BB", "MGM mgm_llama.py MGMLlamaForCausalLM.forward `self.lm_head.weight.split(...)` (:118) runs only when pretraining_tp > 1; MGM's checkpoints are Vicuna-7B/13B-v1.5 / LLaMA-3 based with pretraining_tp 1 (the fast path calls lm_head): the branch is unreachable with the configs MGM builds."),
 3: F("AM", "Pyramid-Flow CausalVideoVAE.tiled_decode (:497 post_quant_conv, then decoder) is the temporal_chunk=False branch of the tiled decode; tiling is enabled only by the generation demos (model.vae.enable_tiling()), whose only decode caller (PyramidDiTForVideoGeneration.decode_latent :1234/:1236) passes temporal_chunk=True (-> chunk_decode at :495, its own finding). No caller reaches :497."),
 4: F("AB", PU_RN),
 5: F("AB", "Video-LLaMA VideoLLAMA.encode_videoQformer_audiovideo (:395) is called only from a commented-out line (conversation_video.py:262); the demos call encode_videoQformer_visual / encode_audioQformer."),
 6: T("block", "PuLID PuLIDPipeline (an nn.Module with no forward; built by app_flux.py FluxGenerator, its own root) .get_id_embedding `self.pulid_encoder(id_cond, id_vit_hidden)` (:183): pulid_encoder (IDFormer, a direct child) is in the root's unmatched group, onloaded only by a forward that does not exist; id_cond on the device (app_flux.py:121 calls it for every ID image)."),
 7: F("AB", EW + "decoding.py PyTorchInference.logits (:147) is never reached."),
 8: T("block", "Pyramid-Flow PyramidDiTForVideoGeneration.decode_latent `self.vae.decode(latents, temporal_chunk=True, ...)` (:1234, save_memory, the demos' default): CausalVideoVAE.decode -> chunk_decode/tiled_decode runs post_quant_conv and decoder outside CausalVideoVAE.forward (the VAE, its own root in the generation class), latents on the device."),
 9: T("leaf", "Video-LLaMA ImageBind multimodal_preprocessors.py SpatioTemporalPosEmbeddingHelper.get_pos_embedding (:187) reads pos_embed, the helper's own parameter (learnable) or buffer; the helper has no forward, so at leaf its own-parameter group (hooked on its forward) is never onloaded; called by the preprocessors' tokenize_input_and_cls_pos (:267), tokens on the device. Reached: the audio branch (imagebind_huge's AudioPreprocessor; conversation_video.py:264 encode_audioQformer). (ImageBind is a copy of facebookresearch/ImageBind, an earlier corpus.)"),
 10: F("A", "custom-diffusion CustomDiffusionPipeline.add_token `token_embeds = self.text_encoder.get_input_embeddings().weight.data` (:446) then `token_embeds[x] = token_embeds[y]`: copies one row of the embedding into another of the same tensor, wherever it sits (CPU with CPU when offloaded); the value meets no compute-device tensor."),
 11: F("AM", "MGM mgm_arch.py prepare_inputs_labels_for_multimodal `self.get_model().embed_tokens(cur_input_ids)` (:366) is the `num_images == 0` branch: reached from generate only with images given and a sample holding no image token; the CLI and evals put the image token in every prompt (training runs it inside forward). The later call (:381, same cause) is reached. Second reading (the cause at :381): true.", api=True),
 12: T("block", FZ_CLIP + "CLIP.encode_text `self.token_embedding(text)` (:344), then self.transformer: direct children (not a ModuleList) in CLIP's unmatched group, onloaded only by CLIP.forward; text on the device."),
 13: F("AB", "MGM mgm_mistral.py MGMMistralForCausalLM.generate (:140): the inference builder (mgm/model/builder.py:55-73) builds MGMMixtralForCausalLM for 8x7b, MGMGemmaForCausalLM for 2b and the Llama class otherwise; MGMMistral is built only by train.py:1114 (a base path holding 'mistral', e.g. the Mixtral scripts' mistralai/... path), and training never calls generate: unreached. Second reading (a public method of the model class): true at block, as row 15.", api=True),
 14: T("block", "PuLID app_flux.py FluxGenerator.generate_image `self.ae.decode(x)` (:155): flux AutoEncoder.decode runs self.decoder outside AutoEncoder.forward (the VAE, its own root), x on the device."),
 15: T("block", MGM_GEN.format(cls="MGMLlamaForCausalLM", line=181, what="LLaMA/Vicuna-based"), MG),
 16: T("leaf", PU_EVA_ATTN + " This row: v_proj (:178).", PU),
 17: T("block", "StableAnimator RefinedAutoencoderKLTemporalDecoder.encode `self.encoder(x)` (:323), then quant_conv: inference_op.py builds it as the pipeline's vae (its own root) and the SVD-style pipeline's _encode_vae_image / train_single.py:378 call vae.encode with device inputs; encoder/quant_conv are in its unmatched group (no _group_offload_block_modules)."),
 18: F("P", "MGM clip_encoder.py CLIPVisionTower.device -> self.vision_tower.device (:74): read in CLIPVisionTower.forward to place the images before self.vision_tower(...): at leaf the patch-embedding conv's hook moves them to the onload device and CLIPVisionEmbeddings' own hook onloads class_embedding; at block the whole tower is in the root's unmatched group and stays on the CPU with the placed images (that tower never being onloaded is another cause). The placed tensor meets no compute-device tensor."),
 19: T("block", "Pyramid-Flow PyramidDiTForVideoGeneration.get_vae_latent `self.vae.encode(video)` (:576), training with --load_vae (scripts/train_pyramid_flow_without_ar.sh:30): CausalVideoVAE.encode runs encoder/quant_conv outside its forward (the frozen VAE, its own offloadable component during DiT training); video on the device.", PY),
 20: F("AB", EW + "DecodingTask._get_audio_features (:565) is never reached."),
 21: T("block", "Pyramid-Flow CausalVideoVAE.tiled_encode `self.encoder(tile, ..., temporal_chunk=False)` (:442): reached from generate_i2v's `self.vae.encode(input_image_tensor...)` (:911, temporal_chunk default False) when the demos' enable_tiling() is on and the image is larger than tile_sample_min_size (256 by default; the demos use 768x1280): encoder/quant_conv in CausalVideoVAE's unmatched group; the tile on the device.", PY),
 22: T("block+leaf", "Pyramid-Flow PyramidDiTForVideoGeneration.generate_i2v `self.vae.to(\"cuda\")` (:855) under cpu_offloading (app.py's default True; README documents it): a VAE the user group-offloaded before calling generate_i2v is moved whole to the device and kept there (call order, as round p's OFL207 row 21). Label risk: the move is part of the tree's own offload option.", PY),
 23: T("block", "Pyramid-Flow CausalVideoVAE.chunk_encode `self.encoder(frames, ...)` (:332): reached from encode(temporal_chunk=True), which causal_video_vae_demo.ipynb's video path calls (encode_latent(..., temporal_chunk=True)); encoder/quant_conv in the unmatched group, frames on the device.", PY),
 24: F("AB", EW + "TextDecoder.forward (:211) is never run (the modified transcribe decodes nothing)."),
 25: T("block+leaf", "StableAnimator ValidationAnimationPipeline.__call__ `self.unet.to(device)` (:637), unconditional: a UNet the user group-offloaded before calling the pipeline is moved whole to the device (call order)."),
 26: T("block+leaf", "StableAnimator InferenceAnimationProPipeline.__call__ `self.unet.to(device)` (:618): as row 25."),
 27: T("block", "PuLID app_flux.py FluxGenerator.generate_image `self.pulid_model.get_id_embedding(id_image, ...)` (:121): the call into row 6's hazard (pulid_encoder never onloaded under a PuLIDPipeline root)."),
 28: F("AB", VL_EVA),
 29: F("AB", "PuLID flux/modules/autoencoder.py AutoEncoder.encode (:303) is called nowhere in PuLID (app_flux.py only decodes; the flux code is BFL's copy)."),
 30: F("AB", PU_RN),
 31: F("AB", "Pyramid-Flow CausalVideoVAELossWrapper.device (:250) is read nowhere (the demo and train_video_vae.py place tensors with 'cuda' / args.device; the pipeline reads CausalVideoVAE.device, a different class)."),
 32: T("leaf", "Video-LLaMA eva_vit.py Attention.forward `F.linear(input=x, weight=self.qkv.weight, bias=qkv_bias)` (:124), unconditional: qkv is a Linear never called, its leaf group never onloaded; x on the device. The EVA ViT-g is Video-LLaMA's visual encoder (every video/image demo)."),
 33: T("block+leaf", "Pyramid-Flow PyramidDiTForVideoGeneration.generate_i2v `self.text_encoder.to(\"cuda\")` (:848) under cpu_offloading without sequential offload: as row 22 (the text encoder).", PY),
 34: T("leaf", PU_EVA_ATTN + " This row: k_proj (:177).", PU),
 35: T("block", MGM_GEN.format(cls="MGMMixtralForCausalLM", line=140, what="Mixtral-8x7B-based (MGM-8x7B)"), MG),
 36: T("block", "Pyramid-Flow CausalVideoVAELossWrapper.decode `self.vae.decode(...)` (:170): recall hazard 2 (vae, a direct child, in the wrapper's unmatched group; the demo's decode_latent).", PY),
 37: F("AB", PU_RN),
 38: T("block", "Pyramid-Flow CausalVideoVAELossWrapper.encode `self.vae.encode(...)` (:148): recall hazard 1 (the demo's encode_latent).", PY),
 39: T("block", "Pyramid-Flow CausalVideoVAE.decode `self.post_quant_conv(z, ...)` (:389), the temporal_chunk=False path: causal_video_vae_demo.ipynb's image reconstruction (decode_latent(latent) with defaults) reaches it; post_quant_conv/decoder in CausalVideoVAE's unmatched group (a CausalVideoVAE root, or under the wrapper as in row 36).", PY),
 40: F("AB", PU_EVA + "eva_clip/transformer.py ResidualAttentionBlock is used by the text tower (TextTransformer), which create_model builds and PuLID discards (only `.visual` is kept): never run."),
 41: F("AB", VL_EVA),
 42: F("A", "sliders eval-scripts/generate_images_customdiffusion.py CustomDiffusionPipeline.add_token (:451): custom-diffusion's code copied; as row 10 (a row of the embedding copied into another of the same tensor)."),
 43: T("block", "StableAnimator RefinedAutoencoderKLTemporalDecoder.decode `self.decoder(z, ...)` (:355): the pipelines' decode_latents (euler_discrete_pro.py:54 `vae.decode(...)`) with latents on the device; decoder in the VAE's unmatched group."),
 44: F("AB", PU_RN),
 45: F("AB", EW + "Whisper.logits (:243) is never called."),
 46: F("BB", PU_EVA + "eva_vit_model.py Attention.forward's non-subln branch (:189 qkv.weight) needs subln false; the only config PuLID builds sets subln true."),
 47: F("AB", "MGM mgm/model/multimodal_encoder/eva_encoder.py: EVAVisionTower is built only for a vision_tower name holding 'eva'/'lavis' (builder.py:16); every MGM script uses the OpenAI CLIP ViT-L + OpenCLIP ConvNeXt towers: unreached."),
 48: T("leaf", PU_EVA_ATTN + " This row: q_proj (:176).", PU),
 49: T("block", "AnimateLCM animatelcm_svd/pipeline.py StableVideoDiffusionPipeline.decode_latents `self.vae.decode(...)` (:243) (app.py / batch_inference.py): diffusers 0.42.1's AutoencoderKLTemporalDecoder has no _group_offload_block_modules, so decode's decoder is in its unmatched group, onloaded only by its forward; latents on the device."),
 50: T("block", MGM_GEN.format(cls="MGMGemmaForCausalLM", line=142, what="Gemma-2B-based (MGM-2B)"), MG),
 51: T("block+leaf", FZ_CLIP + "CLIP.encode_text `... @ self.text_projection` (:354): a root parameter, onloaded only by CLIP.forward (block and leaf), meets the device text features."),
 52: F("AB", VL_EVA),
 53: T("leaf", "Video-LLaMA ImageBind SpatioTemporalPosEmbeddingHelper (:160): owns pos_embed, has no forward, and get_pos_embedding uses it: the row-9 cause reported at the class (OFL205); reached through the audio preprocessor."),
 54: F("AB", "MGM eva_encoder.py VisionTransformer.device (:377): EVAVisionTower is never built (as row 47)."),
 55: T("block", "AnimateLCM StableVideoDiffusionPipeline._encode_vae_image `self.vae.encode(image)` (:174): as row 49 (encoder/quant_conv in AutoencoderKLTemporalDecoder's unmatched group), image on the device."),
 56: T("block+leaf", "StableAnimator InferenceAnimationPipeline.__call__ `self.unet.to(device)` (:610): as row 25."),
 57: F("P", EW + "Whisper.device (:250): the modified transcribe chooses fp32 on 'cpu' (:75) and places the mel segment with it (:108) before model.encoder(segment) (:115): at leaf the encoder's first conv hook moves the segment to the onload device; at block the encoder stays on the CPU with the segment (another cause). As round x's row 53 (LatentSync's copy)."),
 58: F("AB", PU_EVA + "eva_clip/model.py CLIP.encode_text (:257): force_custom_clip builds CustomCLIP, never CLIP, and only `.visual` is used."),
 59: T("block+leaf", FZ_CLIP + "CLIP.encode_text `x + self.positional_embedding` (:346): a root parameter onloaded only by CLIP.forward."),
 60: T("block", "PuLID flux AutoEncoder.decode `self.decoder(z)` (:309), called from app_flux.py:155 (row 14): decoder in AutoEncoder's unmatched group; z on the device."),
}
for k, v in RT.items():
    L[int(k)]["runtime"] = v
write_labels(HERE, L)
