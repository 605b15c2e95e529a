"""Write benchmarks/triage22am/labels.json (round am; all 36 drawn rows of the five libraries' 69 shown findings).

Standard of rounds x-al: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, recipes, configs and tests build and run its models (a public method counts; a private helper where a
public path reaches it); C when true only under a non-default option the library ships or documents; false with a
cause letter otherwise: A premise about what is offloaded (the wrong root); AB code nothing builds or calls; AF a value
the constructor's defaults decide; AL one-time work run before offloading would apply (here: a CPU LoRA merge); BG a
CPU-only export path (here: torchtune's torch.export variants); KA a guessed component call that reads no weight; P
where a value's device comes from / where it goes. New in this round: LA state created after offloading would be
applied (KV caches set up per generation under the device context), LB a module kept outside the module tree (a
plain list / a non-Module wrapper) and moved by its holder itself, LC not a network (a geometry object or an
optimisation variable that subclasses nn.Module for its parameters). Runtime column filled from runtime_column.json
where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

LEAF = ("diffusers 0.42.1 leaf level: every supported layer (Linear, Conv, norms, Embedding) has its own group hooked "
        "on its own forward and is offloaded again after it; a non-leaf module's own parameters / buffers are grouped "
        "on that module and hooked on its forward (the hook also moves its arguments). ")
MHA = ("{ctx} nn.MultiheadAttention.forward passes out_proj.weight / out_proj.bias to F.multi_head_attention_forward "
       "without calling out_proj (a NonDynamicallyQuantizableLinear, a supported leaf); at leaf level its group hangs on "
       "out_proj.forward, never run, so the weight is on the offload device when it meets the attention output. The "
       "call's query is not key and value ({qkv}), so the fused fast path is not taken. ")
DINO = ("kornia's DinoVisionTransformer (feature/dedode/transformer/dinov2.py) is built only by FrozenDINOv2 "
        "(feature/dedode/encoder.py:82-97: vit_large(...), loaded, then kept as `self.dinov2_vitl14 = [dinov2_vitl14]`, "
        "a plain list, 'ugly hack to not show parameters to DDP'): it is not a submodule of DeDoDe, so "
        "apply_group_offloading on the DeDoDe a user holds (DeDoDe.from_pretrained, the documented entry) never "
        "reaches it; FrozenDINOv2.forward moves it to the input's device itself (:114-115) and calls only "
        "forward_features (:117). No doc, test or other code of kornia builds the ViT (grep: vit_large only in "
        "encoder.py). ")
ESM_MHA = ("esm/multihead_attention.py:196-230 MultiheadAttention.forward takes the torch fast path "
           "F.multi_head_attention_forward(..., q_proj_weight=self.q_proj.weight, ...) when there is no rotary "
           "embedding, no incremental state and need_head_weights is False: ESM-1b / ESM-1v (esm/model/esm1.py, "
           "TransformerLayer with use_rotary_embeddings False, modules.py:94-111) run it for every layer when called "
           "without return_contacts (scripts/extract.py without 'contacts' in --include), and the inverse-folding "
           "encoder (inverse_folding/transformer_layer.py:51) too. " + LEAF + "q_proj / k_proj / v_proj are Linear "
           "leaves whose forward never runs on that path, so their weights and biases are on the offload device when "
           "they meet the query on the compute device inside F.multi_head_attention_forward. ESM-2 (rotary) does not "
           "take this path. ")
KVCACHE = ("torchtune's KVCache buffers are created by setup_caches, which every generation entry calls under the "
           "device context right before generating: recipes/generate.py:131-138 (`with self._device: "
           "self._model.setup_caches(...)` inside generate()), recipes/dev/generate_v2.py:149, "
           "generate_v2_distributed.py:194. The caches are new KVCache modules made after any apply_group_offloading "
           "of the loaded model, on the compute device, and belong to no offload group (diffusers groups only the "
           "tensors present when it is applied), so update() / reset() meet nothing on the offload device. ")
EXPORT = ("torchtune/modules/_export/ holds the torch.export variants of torchtune modules (its README.md: 'exportable "
          "variants ... guaranteed to work out of the box with torch.export.export()'); nothing outside "
          "modules/_export and tests/torchtune/modules/_export imports it, and those tests run eager / exported CPU "
          "models. Besides, its KVCache is (as torchtune's own) made by setup_caches under the device context. ")
LORA_MERGE = ("litgpt's LoRALinear.merge is reached only from merge_lora_weights (lora.py:660-666), called only by "
              "litgpt/scripts/merge_lora.py:76 (`litgpt merge_lora`), which builds the model on a CPU Fabric "
              "(merge_lora.py:56 accelerator='cpu'), merges once and saves the merged checkpoint: one-time work on the "
              "CPU before any offloaded inference; lora_A / lora_B / linear.weight are all on the CPU there (and "
              ":161-164 moves lora_data to the weight's device anyway). ")
GEOM = ("kornia's Lie-group types (geometry/liegroup: So2, Se2, So3, Se3) subclass nn.Module only to hold their few "
        "parameters (Se2: its So2 rotation child with one complex parameter, and a translation parameter); they are "
        "geometric values, not networks, define no forward, and no doc or test applies offloading to them. ")

L = {
    1: F("A", "kornia models/sam/model.py:299-363 Sam.forward calls self.prompt_encoder.get_dense_pe() (:363, the "
          "caller the message names); PromptEncoder is built only as Sam's child (model.py:192, :398) and by tests of "
          "sam3's own PromptEncoder (a different class). With Sam the root, block level puts image_encoder, "
          "prompt_encoder and mask_decoder (no ModuleList among Sam's direct children) in Sam's unmatched group, "
          "onloaded while Sam.forward runs: pe_layer is on the device at :363. The message takes PromptEncoder as the "
          "root ('PromptEncoder's unmatched group', fix on PromptEncoder._group_offload_block_modules, which diffusers "
          "does not read for a child). Label risk: contrib/visual_prompter.py:306 (VisualPrompter.predict) calls "
          "model.prompt_encoder.get_dense_pe() outside Sam.forward; at block level the whole Sam is never onloaded on "
          "that path, and it fails first at set_image's self.model.image_encoder(image) (visual_prompter.py:170, "
          "image on the user's device) before this line; as round al's row 40 (A)."),
    2: F("LC", GEOM + "This row: se2.py:207 Se2.log() calls self._rotation.log() and reads self.so2.z: log() takes no "
          "tensor argument, so at block level (Se2's unmatched group never onloaded: no forward) it computes CPU with "
          "CPU and meets no compute-device tensor at all."),
    3: T("block", "kornia feature/aliked/aliked.py:920-975 ALIKED.forward_laf is public (tests/feature/test_aliked.py:"
          "237-313 call it on a built ALIKED) and runs outside ALIKED.forward; ALIKED's direct children are "
          "block1-4, conv1-4, score_head (an nn.Sequential: its own block group), desc_head (SDDH, convs), dkd (DKD), "
          "pools and upsamplers: everything but score_head sits in ALIKED's unmatched group, onloaded only while "
          "ALIKED.forward runs. forward_laf calls extract_dense_map (block1 ... on the device image: the first "
          "mismatch, :957) and then self.desc_head(feature_map, keypoints) (:972) with its SDDH convs on the offload "
          "device. True at block level (the message's children are the right ones; its fix covers desc_head but not "
          "extract_dense_map's children, which forward_laf also drives)."),
    4: F("AB", "kornia feature/dedode/transformer/layers/dino_head.py:57 DINOHead (DINOv2's training head, with the "
          "legacy weight_norm on last_layer) is imported by layers/__init__.py:32 and built nowhere in kornia "
          "(grep 'DINOHead(' : none; the dedode ViT is built without a head)."),
    5: F("AF", "kornia feature/aliked/aliked.py:487 DeformableConv2d.forward passes bias=self.regular_conv.bias to "
          "deform_conv2d; regular_conv is nn.Conv2d(..., bias=bias) (:451-458) with bias defaulting to False (:433), "
          "and the only builder, get_conv (:495-517), passes its own bias=False default and no caller (:537, :539, "
          ":587, :589) passes bias: regular_conv.bias is None in every ALIKED, so nothing is read from the offload "
          "device at this argument (the weight argument on the line before is another finding)."),
    6: T("block", "torchtune dev/rl/linear_grpo_loss.py: LinearGRPOLoss.set_model_output (:52-56) sets "
          "model.skip_output_layer = True and self.linear_projection = model.output; recipes/configs/dev/"
          "qwen3B_async_grpo.yaml:95 selects this loss. chunked_grpo_loss (:59-65) calls self.linear_projection("
          "hidden_chunk) after the model's forward: with the policy model (a TransformerDecoder) the offload root, "
          "block level puts its direct non-ModuleList children (tok_embeddings, norm, output) in the root's unmatched "
          "group, onloaded during the model's forward and offloaded after it, so output's weight is on the offload "
          "device when it meets the device hidden states here. Label risk: the message names LinearGRPOLoss as the "
          "root and its fix (LinearGRPOLoss._group_offload_block_modules) is on the wrong class (the working fix is "
          "block_modules=['output'] on the model); and the recipe is a distributed (Ray / vLLM) dev recipe."),
    7: F("LA", KVCACHE + "This row: modules/kv_cache.py:101 KVCache.update (k_cache), reached from "
          "gemma2/_attention.py:296. If a user set the caches up before applying leaf-level offloading, the buffers "
          "would be grouped on KVCache (no forward) and stay on the CPU: true only in that order, which no recipe or "
          "doc uses."),
    8: F("LC", "kornia geometry/transform/image_registrator.py: ImageRegistrator.register (:246-311) optimises the 3x3 "
          "parameter of Homography (:62-93, `self.model = nn.Parameter(torch.eye(3))`) with an optimizer over "
          "self.model.parameters() (:284): an optimisation variable, not a network; no doc or test offloads it. "
          "Label risk: mechanically, at leaf level Homography's own parameter is grouped on Homography.forward "
          "(onloaded for self.model() at :298, offloaded after), so forward_inverse() at :299 inverts it on the CPU "
          "and the warper meets the device images: a mechanical reading makes this row true (leaf; at block level "
          "ImageRegistrator defines no forward and :298 fails first)."),
    9: T("leaf", "kornia models/sam/architecture/mask_decoder.py:131 MaskDecoder.predict_masks reads "
          "iou_token.weight and mask_tokens.weight (Embeddings, leaf layers never called) into output_tokens and "
          "concatenates them with sparse_prompt_embeddings; Sam.forward (model.py:349-368, the documented path; also "
          "VisualPrompter.predict) drives prompt_encoder and mask_decoder. " + LEAF + "MaskDecoder holds no tensor of "
          "its own (no hook moves its arguments), so the CPU tokens meet the prompt embeddings / the device image "
          "embeddings and the transformer's device outputs on this path (as round al's SAM rows, true at leaf)."),
    10: T("leaf", MHA.format(ctx="kornia models/siglip2/vision_encoder.py:171-176 SigLip2MultiheadAttentionPoolingHead "
          "is always built as the vision model's head (:271) and run at the end of its forward; forward calls "
          "self.attention(probe, hidden_state, hidden_state) (:202).", qkv="probe vs hidden_state") +
          "This row: vision_encoder.py:176 attention."),
    11: T("block", "torchtune models/flux/_autoencoder.py: FluxAutoencoder (built by flux_1_autoencoder, "
          "_model_builders.py) holds encoder and decoder as plain children (:34-35); its public decode(z) (:60-70) "
          "calls self.decoder(z) outside forward (tests/torchtune/models/flux/test_flux_autoencoder.py:79 calls "
          "model.decode(z)); at block level both sit in FluxAutoencoder's unmatched group, onloaded only while "
          "FluxAutoencoder.forward runs, so the decoder's convs are on the offload device when they meet the device "
          "latents."),
    12: T("leaf", ESM_MHA + "This row: multihead_attention.py:227 q_proj.weight."),
    13: F("LB", DINO + "This row: dinov2.py:262 prepare_tokens_with_masks calls self.patch_embed, reached from "
          "get_intermediate_layers, which nothing in kornia calls."),
    14: F("AL", LORA_MERGE + "This row: lora.py:151 merge() reads self.linear.weight (the bitsandbytes uint8 branch, "
          "only for quantized checkpoints)."),
    15: T("leaf", ESM_MHA + "This row: multihead_attention.py:215 q_proj.bias."),
    16: F("LB", DINO + "This row: dinov2.py:266 prepare_tokens_with_masks reads cls_token (reached from "
          "get_intermediate_layers, called by nothing)."),
    17: T("leaf", ESM_MHA + "This row: multihead_attention.py:215 k_proj.bias."),
    18: T("both", "esm/esmfold/v1/esmfold.py:281-339 ESMFold.infer (the README's esmfold path: model.infer_pdb(...)) "
          "places aatype, mask, residx and linker_mask with self.device (:318-320), the property at :362-364 returning "
          "esm_s_combine's device, ESMFold's own parameter: the offload device under block and leaf offloading. "
          "self.forward(...) (:322) goes through the root's hook, which moves those arguments (the inputs are fine), "
          "but the local linker_mask stays on the CPU and meets the device output at :330-332 "
          "(`output['atom37_atom_exists'] * linker_mask.unsqueeze(2)`, a [B, L, 1] tensor, not 0-dim): a mismatch "
          "after the forward."),
    19: F("LB", DINO + "This row: layers/block.py:284 NestedTensorBlock.forward_nested (ls2.gamma), reached only when "
          "a block is given a list of tensors (forward_features_list); FrozenDINOv2 passes one tensor."),
    20: F("BG", EXPORT + "This row: modules/_export/kv_cache.py:114 KVCache.update (v_cache)."),
    21: F("BG", EXPORT + "This row: modules/_export/kv_cache.py:12 KVCache (OFL205: clone, reset, size)."),
    22: T("leaf", MHA.format(ctx="kornia models/sam3/architecture/mask_decoder.py:50 CrossAttentionTransformer."
          "cross_attn, built by sam3's MaskDecoder (:119), which tests/models/sam3/test_sam3_prompt_and_mask_"
          "architecture.py builds and runs (kornia has no composed SAM-3 model yet); forward calls "
          "self.cross_attn(prompts_norm, image_embeddings, image_embeddings).", qkv="prompts vs image embeddings")
          + "This row: mask_decoder.py:50 cross_attn."),
    23: F("AL", LORA_MERGE + "This row: lora.py:140 get_lora_AB (lora_A), reached only from merge()."),
    24: F("LB", DINO + "This row: dinov2.py:201 DinoVisionTransformer.device, read by FrozenDINOv2.forward "
          "(encoder.py:114) only to move the unregistered ViT to the input's device."),
    25: T("leaf", "torchtune modules/model_fusion/_fusion_layers.py: FusionEmbedding (the Llama 3.2 Vision decoder's "
          "token embedding, llama3_2_vision builders) forward (:256-283) calls self.embedding(tokens) and "
          "self.fusion_embedding(fusion_tokens) and then _fused_embed (:243-247) allocates "
          "`torch.empty(..., device=self.embedding.weight.device)`. " + LEAF + "After its own forward the Embedding "
          "is offloaded again, so the buffer is made on the offload device and out.masked_scatter(mask, embeds) "
          "meets the device embeddings and mask."),
    26: F("LA", KVCACHE + "This row: modules/kv_cache.py:11 KVCache (OFL205: reset, size, update; block claim via "
          "Gemma2Attention.reset_cache: reset() zeroes buffers in place and would meet no other tensor either)."),
    27: F("LB", DINO + "This row: dinov2.py:264 prepare_tokens_with_masks reads mask_token (only with masks, from "
          "get_intermediate_layers, called by nothing)."),
    28: F("LB", DINO + "This row: layers/block.py:278 NestedTensorBlock.forward_nested (ls1.gamma), reached only "
          "with a list of tensors (forward_features_list); FrozenDINOv2 passes one tensor."),
    29: F("LB", "kornia filters/dissolving.py: StableDiffusionDissolving keeps the diffusers pipeline in "
          "self._sdm_model and in the plain wrapper _DissolvingWraper_HF (self.model, not an nn.Module); a pipeline is "
          "no nn.Module either, so the ImageModule has no submodule and apply_group_offloading on it offloads nothing. "
          "If a user offloads the pipeline's own components instead (pipe.enable_group_offload), AutoencoderKL "
          "declares _group_offload_block_modules = ['quant_conv', 'post_quant_conv', 'encoder', 'decoder'] "
          "(diffusers 0.42.1 models/autoencoders/autoencoder_kl.py:75), so vae.encode's encoder has a hook of its own "
          "at block level. This row: dissolving.py:148 self.model.vae.encode(image) (the message guesses the "
          "component's class from the names)."),
    30: F("LC", GEOM + "This row: se2.py:47 Se2 (OFL205: __mul__, _mul_se2, inverse). Label risk: mechanically, a user "
          "offloading an Se2 at leaf level and multiplying it with a device point would meet the CPU rotation."),
    31: T("leaf", MHA.format(ctx="kornia models/rt_detr/architecture/hybrid_encoder.py:148 AIFI.self_attn "
          "(batch_first False), built by HybridEncoder for RT-DETR (RTDETR.from_config / from_pretrained, the "
          "documented detector); AIFI.forward calls self.self_attn(q, k, x) with q = k = x + pos_emb (:176-178).",
          qkv="q = k = x + pos, value x") + "This row: hybrid_encoder.py:148 self_attn."),
    32: F("BG", EXPORT + "This row: tests/torchtune/modules/_export/test_attention.py:125 (OFL202) calls "
          "self.tt_mha.reset_cache() on the export MultiHeadAttention in a CPU unit test, where reset() zeroes the "
          "cache buffers in place and meets no other tensor."),
    33: F("P", "whisper: transcribe (transcribe.py) and decode (decoding.py) never call Whisper.forward; the README's "
          "paths place the mel with model.device (`log_mel_spectrogram(audio).to(model.device)`, transcribe's "
          "mel_segment .to(model.device)), which is next(self.parameters()).device (model.py:300), the offload device "
          "under block-level offloading, and the tokens with the audio features' device (decoding.py). At block level "
          "encoder and decoder sit in Whisper's unmatched group, never onloaded on these paths, and every input is on "
          "the CPU too: the whole path computes on the CPU, no mismatch (round c's runtime run whisper_device of "
          "this same commit: 'block: no compute access, everything stays on the offload device'). This row: "
          "decoding.py:655 _get_audio_features calls self.model.encoder(mel)."),
    34: F("P", "whisper: as row 33 (transcribe / decode never run Whisper.forward; mel and tokens placed with "
          "model.device, the offload device; at block level the whole path runs on the CPU, no mismatch; round c's "
          "runtime). This row: decoding.py:163 PyTorchInference.logits calls self.model.decoder(tokens, "
          "audio_features, kv_cache=...)."),
    35: F("P", "whisper model.py:300 Whisper.device (next(self.parameters()).device): the same finding as round c's "
          "row 59 (same commit c0d2f62), labelled false P with runtime there: at block level the placed mel and "
          "tokens stay with the CPU weights on the whole decode path (no compute access); at leaf level the mel is "
          "moved by conv1's hook and the one compute access is decoder.token_embedding.weight at model.py:246, "
          "another finding."),
    36: F("KA", "kornia filters/dissolving.py:172 one_step_dissolve calls self.model.scheduler.scale_model_input("
          "latent, t): self.model is the diffusers pipeline and its scheduler a DDIMScheduler (:238-245), not an "
          "nn.Module, holding no weight; scale_model_input returns the sample unchanged for DDIM. The message "
          "admits the component's class is unknown to the linter and guesses from the names."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
