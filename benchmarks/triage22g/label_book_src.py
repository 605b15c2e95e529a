# label keyed by corpus-relative "path:line:code"; values: (label, basis_level, cause, runtime, why)
L = {}
def lab(key, label, level, cause, runtime, why): L[key] = dict(label=label, level=level, cause=cause, runtime=runtime, why=why)

IG = "InternVL/internvl_g/internvl/model/internvl_stage2_retrieval/modeling_internvl.py"
HF = "InternVL/clip_benchmark/clip_benchmark/models/internvl_huggingface/modeling_internvl.py"
IC = "InternVL/clip_benchmark/clip_benchmark/models/internvl_c_pytorch/internvl_c.py"
LQ = "LlamaGen/tokenizer/tokenizer_image/vq_model.py"
BM = "Lumina-T2X/lumina_music/models/vocoder/bigvgan/models.py"
BA = "Lumina-T2X/lumina_audio/models/vocoder/bigvgan/models.py"
CHAT = "InternVL/internvl_chat/internvl/model/internvl_chat/modeling_internvl_chat.py"
OSS = "InternVL/internvl_chat_gpt_oss/internvl/model/internvl_chat/modeling_internvl_chat.py"

COPY_RET = ("the stage-2 *retrieval* copy of InternVL-G's model code: the tree builds only its `InternVLModel` (`internvl_stage2_finetune.py`, "
            "whose `forward` does its own calls); {what} The same code in the sibling copies runs (`internvl_stage2/` for captioning, clip_benchmark's copy for zero-shot)")
lab(f"{IG}:467:OFL102", "false", "block", "AO", "read", COPY_RET.format(what="`generate` runs only in the sibling `internvl_stage2` copy (`eval/evaluate_caption.py`), never on this class."))
lab(f"{IG}:608:OFL101", "false", "block, leaf", "AO", "read", COPY_RET.format(what="its `InternVL_C` is built nowhere."))
lab(f"{IG}:576:OFL102", "false", "block", "AO", "read", COPY_RET.format(what="`get_image_features` is called only by its `InternVL_G.encode_image`, and that `InternVL_G` is built nowhere."))
lab(f"{IG}:561:OFL101", "false", "block, leaf", "AO", "read", COPY_RET.format(what="`get_image_features` is called only by its `InternVL_G.encode_image`, and that `InternVL_G` is built nowhere."))
lab("VAR/models/vqvae.py:67:OFL102", "true", "block", "", "harness var_img_to_idx: block confirmed (quant_conv at 66, `quantize.embedding.weight` at quant.py:155-160), leaf confirmed (the codebook read at quant.py:155)",
    "`VQVAE.forward` is training-only; `trainer.py` encodes with `vae_local.img_to_idxBl(img)` outside it, and every child (encoder, quant_conv, quantize) is in the root's unmatched group at block level")
lab(f"{HF}:390:OFL102", "true", "block", "", "read (the pooling's leaf run is row 27's)",
    "this is the hub's remote code of `OpenGVLab/InternVL-14B-224px` (forward(image, text, mode), encode_image(image, mode)); `video_retrieval/test_msrvtt.py` loads it with `AutoModel.from_pretrained(..., trust_remote_code=True)` and calls `model.encode_image(pixel_values, mode=mode)`: `clip_projector` is in the root's unmatched group")
lab(f"{BM}:41:OFL204", "true", "leaf", "", "harness bigvgan_music: leaf confirmed (`resblocks.0.convs1.*.weight_g/_v` at line 115, computed by the weight_norm pre-hook before the leaf hook onloads)",
    "`VocoderBigVGAN` builds `BigVGAN(args)` for `demo_music.py` and never calls `remove_weight_norm()`: the legacy weight_norm pre-hook recomputes `weight` from the offloaded `weight_g/weight_v` before the Conv1d's own hook runs")
lab("Janus/janus/models/vq_model.py:506:OFL102", "true", "block", "", "harness janus_vq_decode: block confirmed (codebook at 290, post_quant_conv, decoder), leaf confirmed (codebook at 290)",
    "`generation_inference.py`/`demo/app*.py` call `gen_vision_model.decode_code(...)`; `quantize` is in `VQModel`'s unmatched group, whose hook only `forward` (training) runs")
lab("VAR/models/basic_var.py:93:OFL103", "true", "leaf", "", "harness var_selfattn: leaf confirmed (mat_qkv.weight into F.linear at 93), block refuted; var_infer leaf: the same line inside VAR's blocks",
    "`F.linear(x, self.mat_qkv.weight, ...)` uses a Linear's weight without calling the Linear, so its leaf hook never onloads it")
lab("mar/models/mar.py:280:OFL101", "true", "block, leaf", "", "read (timm not installed)",
    "`sample_tokens` (engine_mar.py's evaluate) runs outside `MAR.forward`; `fake_latent` is a root parameter (leaf: onloaded only by MAR's own hook). The reported line is the `labels is None` branch, which the evaluation does not take (it passes labels); the same read at 283 runs under CFG (`--cfg` > 1, the README's setting) and meets `class_embedding` (compute) in `torch.cat`")
lab(f"{LQ}:44:OFL102", "true", "block", "", "harness llamagen_vq_encode: block confirmed (quant_conv at 43, the codebook in `quantize.forward` at 228-233)",
    "`extract_codes_*.py` and `train_t2i.py` call `vq_model.encode(x)`; every child is in `VQModel`'s unmatched group, onloaded only by `forward`")
lab(f"{IC}:68:OFL103", "true", "leaf", "", "harness internvl_c_pooling: leaf confirmed (q/k/v weights into F.linear at 68, 71, 74), block refuted",
    "clip_benchmark's `InternVL_C` (pytorch) pools with `clip_projector` (an `AttentionPoolingBlock`) in `encode_image`; its `CrossAttention` hands `self.q.weight` to `F.linear` without calling the Linear")
lab(f"{IC}:74:OFL103", "true", "leaf", "", "harness internvl_c_pooling: leaf confirmed (line 74)", "as the line-68 row, `self.v.weight`")
lab(f"{LQ}:49:OFL102", "true", "block", "", "harness llamagen_vq_decode: block confirmed (post_quant_conv at 48, the decoder's weights in its forward)",
    "the samplers call `vq_model.decode_code(...)` → `decode()` → `self.decoder(quant)` outside `forward`")
lab("InternVL/streamlit_demo/model_worker.py:220:OFL207", "false", "block, leaf", "AS", "read",
    "`reload_model` loads the model itself (`AutoModel.from_pretrained(...)` two lines up) and moves it with `.cuda()`: no offloading can have been applied to a model this method just built (round d's S, but in a method other than `__init__`)")
lab("LlamaGen/autoregressive/models/gpt.py:180:OFL101", "false", "block, leaf", "AP", "harness llamagen_gpt_generate: block and leaf refuted (generate() with CFG through the caches)",
    "the caches are built by `setup_caches`, which `generate()` calls on every run under `torch.device(cond.device)`, after any offloading: at leaf the new `KVCache` has no hook and lives on the compute device; at block it is inside `layers[i]`, whose group moves it with the block")
lab("InternVL/classification/models/intern_vit_6b.py:77:OFL103", "true", "leaf", "", "read (same class body as the confirmed clip_benchmark copies)",
    "`InternViT6B` builds `AttentionPoolingBlock` when `cls_target='attention_pooling'`, which the `attn_pooling_probing` configs set; `CrossAttention` hands `self.v.weight` to `F.linear`")
lab("Janus/janus/janusflow/models/siglip_vit.py:492:OFL101", "false", "block", "AB", "read",
    "`_pos_embed` runs outside `forward` only through `get_intermediate_layers`, which nothing calls (the tower calls the model); `reg_token` is also None in every model the tree builds (`reg_tokens=0`)")
lab("InternVL/classification/models/clip_vit.py:63:OFL103", "C", "leaf", "AF", "read",
    "true at leaf (`F.linear(x, self.q.weight)`), but `CLIPViT` builds the pooling only for `cls_target='attention_pooling'`; no config selects `CLIP_VIT` at all (default `cls_patch_concat`)")
lab("mar/models/mar.py:208:OFL102", "true", "block", "", "read (timm not installed)", "`sample_tokens` → `forward_mae_decoder` outside `MAR.forward`: `decoder_embed` is in the root's unmatched group at block level")
lab("VAR/models/var.py:186:OFL102", "true", "block", "", "harness var_infer: block confirmed (word_embed at 186)", "`autoregressive_infer_cfg` (the demo's and the README's sampler) runs outside `VAR.forward`; `word_embed` is in the root's unmatched group")
lab("Emu3/emu3/tokenizer/modeling_emu3visionvq.py:775:OFL102", "true", "block", "", "read (transformers 5 not checked against this remote code)", "`Emu3VisionVQModel` has no `forward`; `autoencode.py` calls `model.encode(image)`: every child is in the root's unmatched group, never onloaded")
lab("VAR/models/var.py:154:OFL101", "true", "block, leaf", "", "harness var_infer: block and leaf confirmed (pos_start at 154)", "root parameter read in the sampler (leaf: onloaded only by VAR's own hook), added to `sos` (compute)")
lab(f"{OSS}:443:OFL102", "false", "block", "P", "read",
    "reached through `chat`/`batch_chat`, which place `input_ids` with `self.device` (the offload device at block level): the embedding and the whole language model then run on the offload device (slow, no device mix; `vit_embeds` are moved `.to(input_embeds.device)`). A direct `generate()` call with ids on the compute device would break; neither the tree nor the README makes one")
lab("Janus/janus/models/siglip_vit.py:490:OFL101", "false", "block", "AB", "read",
    "as the janusflow row: `_pos_embed` outside `forward` only via `get_intermediate_layers` (no caller); `cls_token` is None for the SigLIP configs the tree builds (`class_token=False`)")
lab("Emu3/emu3/mllm/modeling_emu3.py:257:OFL103", "C", "leaf", "AF", "read", "the `pretraining_tp > 1` branch; `Emu3Config` defaults to 1 and nothing in the tree sets it")
lab("InternVL/internvl_chat_llava/llava/model/multimodal_encoder/internvl_14b/modeling_internvl.py:123:OFL103", "false", "leaf", "AB", "read",
    "this copy comments out `clip_projector`/`clip_projector2`, the only users of `AttentionPoolingBlock`: `CrossAttention` is built nowhere here")
lab(f"{HF}:123:OFL103", "true", "leaf", "", "harness internvl_hf_pooling: leaf confirmed (line 123)", "clip_benchmark's HF `InternVL_C`/`InternVL_G` pool with `clip_projector` in `encode_image`; `self.v.weight` into `F.linear`")
lab(f"{LQ}:48:OFL102", "true", "block", "", "harness llamagen_vq_decode: block confirmed (post_quant_conv at 48)", "as the line-49 row")
lab(f"{LQ}:43:OFL102", "true", "block", "", "harness llamagen_vq_encode: block confirmed (quant_conv at 43)", "as the line-44 row")
lab(f"{CHAT}:275:OFL102", "true", "block", "", "read", "`chat` → `generate` → `extract_feature(pixel_values)` outside `forward`; `vision_model` is in the root's unmatched group; the README and eval scripts pass `pixel_values.cuda()`")
lab(f"{HF}:120:OFL103", "true", "leaf", "", "harness internvl_hf_pooling: leaf confirmed (line 120)", "as line 123, `self.k.weight`")
lab(f"{BM}:204:OFL204", "true", "leaf", "", "harness bigvgan_music: leaf confirmed (conv_pre at 256)", "as the line-41 row, `conv_pre`")
lab("Janus/janus/models/vq_model.py:287:OFL103", "true", "block", "", "harness janus_vq_decode: block and leaf confirmed (the normalized codebook indexed at 290)", "`decode_code` → `get_codebook_entry`; `codebook_l2_norm` defaults to True, so this is the branch taken")
lab("Janus/janus/models/vq_model.py:495:OFL102", "false", "block", "AB", "read", "`VQModel.encode` has no caller outside `VQModel.forward` (Janus ships inference only and decodes with `decode_code`)")
lab("mar/models/vae.py:483:OFL102", "true", "block", "", "harness mar_vae_decode: block confirmed (post_quant_conv at 482, the decoder's weights), leaf refuted", "`engine_mar.py` decodes with `vae.decode(tokens / 0.2325)` outside the VAE's forward (training-only)")
lab("VAR/models/var.py:153:OFL101", "true", "block, leaf", "", "harness var_infer: leaf confirmed (pos_1LC at 153), block confirmed", "root parameter added to `lvl_embed(...)`'s output (compute at leaf) in the sampler")
lab("efficientvit/efficientvit/models/efficientvit/dc_ae.py:424:OFL102", "true", "block", "", "read (omegaconf not installed; Open-Sora's copy of this class was confirmed in round f)", "`DCAE.encode` (demo_dc_ae_model.py, dc_ae_generate_latent.py) calls `self.encoder(x)`, in the root's unmatched group")
lab(f"{HF}:117:OFL103", "true", "leaf", "", "harness internvl_hf_pooling: leaf confirmed (line 117)", "as line 123, `self.q.weight`")
lab("efficientvit/efficientvit/diffusioncore/models/uvit.py:454:OFL102", "true", "block", "", "read", "`UViT.generate` (diffusioncore/evaluator.py, demo_dc_ae_diffusion_model.py) calls `forward_without_cfg` outside `forward`; `norm`/`decoder_pred` are in the root's unmatched group and meet the out-blocks' output (compute)")
lab(f"{BA}:204:OFL204", "true", "leaf", "", "harness bigvgan_audio: leaf confirmed (conv_pre at 256)", "as the music copy, for `demo_audio.py`")
lab("efficientvit/efficientvit/diffusioncore/models/dit.py:364:OFL102", "true", "block", "", "read", "`DiT.generate` → `forward_with_cfg`/`forward_without_cfg` outside `forward`; `y_embedder` (unmatched) meets the evaluator's labels on the compute device")
lab("mar/models/mar.py:229:OFL101", "true", "block, leaf", "", "read (timm not installed)", "root parameter added to the decoder blocks' output (compute) in `sample_tokens`' path")
lab("mar/models/mar.py:189:OFL101", "true", "block, leaf", "", "read (timm not installed)", "root parameter added to `z_proj`'s output (compute at leaf) in `sample_tokens`' path")
lab("VAR/trainer.py:105:OFL202", "true", "block", "", "harness var_img_to_idx (the call train_step makes): block confirmed", "as the vqvae.py:67 row: `train_step` encodes with `vae_local.img_to_idxBl` outside `VQVAE.forward`")
lab("efficientvit/efficientvit/samcore/trainer/sam_trainer.py:281:OFL207", "false", "block, leaf", "AQ", "read",
    "`prep_for_training` wraps the model for DDP training (`DistributedDataParallel(self.model.cuda())`); `Trainer.__init__` already did `self.model = model.cuda()` (base.py:19), so this second move changes nothing an offloading user would see; the cause, if any, is the `__init__` move")
lab(f"{BA}:136:OFL204", "C", "leaf", "AF", "read", "true at leaf as AMPBlock1's rows, but `AMPBlock2` is built only for `resblock != '1'`; the vocoder's config comes with the checkpoint (`args.yml`), and BigVGAN's published configs use '1'")
lab(f"{BA}:41:OFL204", "true", "leaf", "", "harness bigvgan_audio: leaf confirmed (convs1 at 115)", "as the music copy")
lab("InternVL/internvl_chat_llava/llava/model/llava_arch.py:178:OFL105", "true", "leaf", "", "read",
    "LLaVA-MPT (`builder.py` builds `LlavaMptForCausalLM` for 'mpt' model names): `self.device` is `wte.weight`'s device, offloaded at leaf; the embeddings moved there enter `self.transformer(inputs_embeds=...)`, whose blocks add the attention output (compute) to them")
lab(f"{CHAT}:328:OFL105", "true", "leaf", "", "read",
    "at leaf `language_model.device` (the embedding's weight) is the offload device: `input_ids`/`attention_mask` go there; the embedding's hook moves its input, but `language_model.generate` keeps the CPU `attention_mask` and builds the causal mask against the compute-device embeddings. At block everything runs on the offload device (harmless there)")
lab(f"{CHAT}:378:OFL105", "true", "leaf", "", "read", "as `batch_chat` (328)")
lab("VAR/models/var.py:149:OFL105", "false", "block, leaf", "P", "harness var_infer: line not reached (label tensor)",
    "`label_B` placed with `lvl_1L.device` only enters `self.class_emb(...)`: at leaf its hook moves it, at block `class_emb` itself is on the offload device (its own row, 151); only an int label takes this branch")
lab("LlamaGen/autoregressive/models/gpt.py:170:OFL205", "false", "leaf", "AP", "harness llamagen_gpt_generate: block and leaf refuted", "as gpt.py:180")
lab(f"{BM}:247:OFL204", "true", "leaf", "", "harness bigvgan_music: leaf confirmed (conv_post at 273)", "as the line-41 row, `conv_post`")
lab("InternVL/internvl_chat_llava/llava/model/multimodal_encoder/clip_encoder.py:116:OFL105", "false", "block, leaf", "P", "read",
    "round e's [clip_tower] pattern: the device is read by `forward` to place images passed only to `self.vision_tower(...)`, whose first module with weights moves them at leaf; at block the tower is inside the onloaded group of whatever root holds it; `dummy_feature` has no caller")
lab("InternVL/internvl_chat/internvl/model/internlm2/modeling_internlm2.py:1203:OFL105", "true", "block, leaf", "", "read",
    "`chat` places the prompt with `self.device` (the embedding's weight: offload device at both levels) and calls `self.generate`; the root's hook moves the forward's inputs, but generate's own loop concatenates the CPU `input_ids` with the next tokens sampled from compute-device logits")
lab(f"{OSS}:349:OFL105", "false", "block", "P", "read", "as row 23's frame: at block (the only level stated) the ids placed with `self.device` meet only the language model, which runs wholly on the offload device there")
lab("efficientvit/efficientvit/apps/trainer/base.py:206:OFL207", "false", "block, leaf", "AQ", "read", "as sam_trainer.py:281")
lab(f"{BA}:77:OFL204", "true", "leaf", "", "harness bigvgan_audio: leaf confirmed (convs2 at 117)", "as the line-41 row, `convs2`")
lab("VAR/trainer.py:66:OFL202", "true", "block", "", "harness var_img_to_idx: block confirmed", "`eval_ep` encodes with `vae_local.img_to_idxBl` outside `VQVAE.forward`")
lab("Janus/janus/janusflow/models/modeling_vlm.py:197:OFL102", "true", "block", "", "read", "recall row 8")

# ---- census (findings outside the dry-run draw), labelled before the draw with the same reading ----
E3 = "Emu3/emu3/mllm/modeling_emu3.py"
for ln, w in [(256, "gate_proj"), (258, "down_proj"), (373, "q_proj"), (376, "k_proj"), (377, "v_proj"), (448, "o_proj"), (1248, "lm_head")]:
    lab(f"{E3}:{ln}:OFL103", "C", "leaf", "AF", "read", f"the `pretraining_tp > 1` branch ({w}); `Emu3Config` defaults to 1 and nothing in the tree sets it")
EV = "Emu3/emu3/tokenizer/modeling_emu3visionvq.py"
lab(f"{EV}:460:OFL103", "true", "leaf", "", "read", "`Emu3VisionVQVectorQuantizer.forward` reads the codebook Embedding's weight without calling it (leaf); reached by `encode` (autoencode.py)")
for ln, w in [(779, "quant_conv"), (783, "quantize"), (796, "quantize.embedding"), (799, "post_quant_conv"), (804, "decoder")]:
    lab(f"{EV}:{ln}:OFL102", "true", "block", "", "read", f"as :775: `Emu3VisionVQModel` has no `forward`; `autoencode.py` calls `encode`/`decode` ({w})")
lab(f"{EV}:818:OFL105", "false", "block, leaf", "P", "read", "the processor places images with `vision_tokenizer.device` and hands them only to `encode`/`decode`: at block everything there is on the offload device; at leaf the first conv's hook moves them")
for ln in (66, 69):
    lab(f"InternVL/classification/models/clip_vit.py:{ln}:OFL103", "C", "leaf", "AF", "read", "as :63 (CLIPViT's attention pooling: no config selects it)")
for ln in (71, 74):
    lab(f"InternVL/classification/models/intern_vit_6b.py:{ln}:OFL103", "true", "leaf", "", "read", "as :77")
lab(f"{IC}:71:OFL103", "true", "leaf", "", "harness internvl_c_pooling: leaf confirmed (line 71)", "as :68, `self.k.weight`")
for ln, code, w, lv in [(381, "OFL102", "patch_embed", "block"), (383, "OFL101", "cls_token", "block, leaf"), (385, "OFL101", "pos_embed", "block, leaf"),
                        (393, "OFL102", "clip_projector", "block"), (398, "OFL102", "transformer", "block"), (400, "OFL101", "text_projection", "block, leaf")]:
    lab(f"{IC}:{ln}:{code}", "true", lv, "", "read", f"clip_benchmark's zero-shot calls `model.encode_image`/`encode_text` on the pytorch `InternVL_C` outside its `forward` ({w})")
for ln in (264, 271, 272):
    code = "OFL101" if ln == 272 else "OFL102"
    lab(f"{HF}:{ln}:{code}", "false", "block", "AO", "read", "`generate` of clip_benchmark's/the hub's copy: nothing in the tree calls it on this code (the captioning script runs `internvl_stage2`'s copy)")
for ln, code, w, lv in [(309, "OFL102", "get_input_embeddings()", "block"), (327, "OFL102", "qllama.model.forward_train", "block"), (350, "OFL102", "vision_model", "block"),
                        (358, "OFL101", "query_tokens", "block, leaf"), (373, "OFL102", "qllama.model.forward_train", "block"), (385, "OFL102", "vision_model", "block"),
                        (398, "OFL102", "clip_projector2", "block"), (417, "OFL101", "text_projection", "block, leaf"), (440, "OFL102", "vision_model", "block"),
                        (445, "OFL102", "clip_projector", "block"), (458, "OFL101", "text_projection", "block, leaf"), (485, "OFL102", "clip_projector", "block"),
                        (486, "OFL102", "clip_projector2", "block"), (503, "OFL101", "text_projection", "block, leaf")]:
    lab(f"{HF}:{ln}:{code}", "true", lv, "", "read", f"reached through `encode_image`/`encode_text` (clip_benchmark's InternVL_C/InternVL_G loaders; the hub model in test_msrvtt.py) outside `forward` ({w})")
QH = "InternVL/clip_benchmark/clip_benchmark/models/internvl_huggingface/modeling_qllama.py"
for ln, w in [(832, "embed_tokens"), (898, "norm")]:
    lab(f"{QH}:{ln}:OFL102", "true", "block", "", "read", f"`forward_train` is called by `get_text_features`/`get_image_features` outside InternVLModel's `forward` (reached, see the modeling file): `{w}` is in the root's unmatched group there (the message's frame, LlamaModel as the root, is not the one that breaks)")
for ln, code, w in [(482, "OFL102", "vision_model"), (489, "OFL102", "get_input_embeddings()"), (490, "OFL101", "query_tokens")]:
    lab(f"InternVL/internvl_g/internvl/model/internvl_stage2/modeling_internvl.py:{ln}:{code}", "true", "block" if code == "OFL102" else "block, leaf", "", "read",
        f"`eval/evaluate_caption.py` builds this copy's `InternVLModel` and calls `model.generate(pixel_values, input_ids, attention_mask)` ({w})")
S2 = "InternVL/internvl_g/internvl/model/internvl_stage2/modeling_internvl.py"
for ln, code in [(119, "OFL103"), (122, "OFL103"), (125, "OFL103"), (527, "OFL102"), (545, "OFL102"), (568, "OFL102"), (576, "OFL101"), (591, "OFL102"),
                 (605, "OFL102"), (610, "OFL102"), (623, "OFL101"), (650, "OFL102"), (651, "OFL102"), (668, "OFL101")]:
    lab(f"{S2}:{ln}:{code}", "false", "block/leaf", "AO", "read", "the `internvl_stage2` copy is built only for captioning (`generate`); these methods run only from its InternVL_C/InternVL_G (built nowhere) or its training `forward` (not run on this copy); the sibling copies run the same code")
for ln in (832, 898):
    lab(f"InternVL/internvl_g/internvl/model/internvl_stage2/modeling_qllama.py:{ln}:OFL102", "false", "block", "AO", "read", "reached only through this copy's get_*_features (see modeling_internvl.py)")
    lab(f"InternVL/internvl_g/internvl/model/internvl_stage2_retrieval/modeling_qllama.py:{ln}:OFL102", "false", "block", "AH", "read", "this copy runs `forward_train` only from InternVLModel's training `forward`, where the whole qllama is in the root's onloaded group; LlamaModel is a child-only class")
    lab(f"InternVL/internvl_chat_llava/llava/model/multimodal_encoder/internvl_14b/modeling_qllama.py:{ln}:OFL102", "false", "block", "AH", "read", "the LLaVA tower's InternVLModel runs `forward_train` from its own `forward`; LlamaModel is a child-only class")
for ln in (119, 122, 125):
    lab(f"{IG}:{ln}:OFL103", "true", "leaf", "", "read (same body as the confirmed clip_benchmark copies)", "`internvl_stage2_finetune.py` trains this copy's InternVLModel, whose `forward` runs `clip_projector` (CrossAttention hands q/k/v weights to F.linear)")
for ln, code in [(474, "OFL102"), (475, "OFL101"), (512, "OFL102"), (530, "OFL102"), (553, "OFL102"), (590, "OFL102"), (595, "OFL102"), (635, "OFL102"), (636, "OFL102"), (653, "OFL101")]:
    lab(f"{IG}:{ln}:{code}", "false", "block/leaf", "AO", "read", COPY_RET.format(what="these methods run only from `generate` (not called on this copy) or its InternVL_C/InternVL_G (built nowhere)."))
L14 = "InternVL/internvl_chat_llava/llava/model/multimodal_encoder/internvl_14b/modeling_internvl.py"
for ln, code in [(117, "OFL103"), (120, "OFL103"), (263, "OFL102"), (270, "OFL102"), (271, "OFL101"), (308, "OFL102"), (326, "OFL102"), (349, "OFL102"), (357, "OFL101"), (372, "OFL102"), (384, "OFL102"), (464, "OFL102")]:
    lab(f"{L14}:{ln}:{code}", "false", "block/leaf", "AB", "read", "LLaVA's trimmed copy (clip_projector, text_projection commented out): the tower calls only `forward`; these methods/classes have no caller here")
EVA = "InternVL/internvl_chat_llava/llava/model/multimodal_encoder/eva_clip/modeling_evaclip.py"
for ln in (1115, 1125, 1166, 1174):
    lab(f"{EVA}:{ln}:OFL102", "false", "block", "AB", "read", "`EvaCLIPModel` is built nowhere (the tower uses `EvaCLIPVisionModel`)")
lab(f"{CHAT}:418:OFL102", "false", "block", "P", "read", "reached through `chat`/`batch_chat`, which place the ids with `language_model.device` (offload device at block): embedding and language model run on the offload device")
lab(f"{CHAT}:431:OFL102", "false", "block", "P", "read", "as :418 (`language_model.generate` with inputs on the offload device, where its weights are)")
lab(f"{OSS}:296:OFL102", "true", "block", "", "read", "`chat` → `generate` → `extract_feature(pixel_values)` (pixel values on the compute device, as the README passes them)")
lab(f"{OSS}:403:OFL105", "false", "block", "P", "read", "as :349")
lab(f"{OSS}:456:OFL102", "false", "block", "P", "read", "as :443")
JF = "Janus/janus/janusflow/models/modeling_vlm.py"
lab(f"{JF}:199:OFL101", "true", "block, leaf", "", "read", "recall row 9")
lab(f"{JF}:214:OFL102", "true", "block", "", "read", "recall row 10")
for base in ("Janus/janus/janusflow/models/siglip_vit.py", "Janus/janus/models/siglip_vit.py"):
    lab(f"{base}:486:OFL101", "false", "block, leaf", "AB", "read", "`_pos_embed` runs outside `forward` only through `get_intermediate_layers`, which nothing calls")
    lab(f"{base}:576:OFL102", "false", "block", "AB", "read", "`forward_head` runs only when `ignore_head` is False; `create_siglip_vit` builds with `ignore_head=True`, and nothing calls it outside `forward`")
    lab(f"{base}:583:OFL102", "false", "block", "AB", "read", "as :576")
lab("Janus/janus/janusflow/models/siglip_vit.py:490:OFL101", "false", "block", "AB", "read", "as :492 (cls_token None for the configs built)")
lab("Janus/janus/models/siglip_vit.py:492:OFL101", "false", "block", "AB", "read", "as :490")
JM = "Janus/janus/models/modeling_vlm.py"
lab(f"{JM}:255:OFL102", "true", "block", "", "read", "`MultiModalityCausalLM` has no `forward`; the inference scripts call `prepare_inputs_embeds` (the embedding is in the root's unmatched group)")
lab(f"{JM}:263:OFL102", "true", "block", "", "read", "`generation_inference.py` calls `mmgpt.prepare_gen_img_embeds(next_token)`: `gen_embed` in the root's unmatched group")
JV = "Janus/janus/models/vq_model.py"
lab(f"{JV}:247:OFL103", "false", "leaf", "AB", "read", "`VectorQuantizer.forward` runs only from `VQModel.encode`, which nothing calls outside `VQModel.forward` (not run)")
lab(f"{JV}:496:OFL102", "false", "block", "AB", "read", "as :495")
lab(f"{JV}:497:OFL102", "false", "block", "AB", "read", "as :495")
lab(f"{JV}:501:OFL102", "true", "block", "", "harness janus_vq_decode: block confirmed (post_quant_conv at 501)", "`decode_code` → `decode`")
lab(f"{JV}:502:OFL102", "true", "block", "", "harness janus_vq_decode: block confirmed (decoder weights)", "as :501")
lab("LlamaGen/autoregressive/models/gpt.py:181:OFL101", "false", "block, leaf", "AP", "harness llamagen_gpt_generate: refuted", "as :180")
lab("LlamaGen/autoregressive/serve/gpt_model.py:299:OFL103", "false", "block, leaf", "AT", "read", "the vLLM serving copy: vLLM's model runner builds and places this model; diffusers' hooks are not applied to a vLLM model")
lab(f"{LQ}:42:OFL102", "true", "block", "", "harness llamagen_vq_encode: block confirmed (encoder weights)", "as :44")
lab(f"{LQ}:53:OFL102", "true", "block", "", "harness llamagen_vq_decode: block confirmed (codebook at 267)", "as :49")
lab(f"{LQ}:226:OFL103", "true", "leaf", "", "harness llamagen_vq_encode: leaf confirmed (codebook at 228-233)", "the reported line is the `codebook_l2_norm=False` branch; the taken branch (224) reads the same weight, as the run shows")
lab(f"{LQ}:264:OFL103", "true", "block", "", "harness llamagen_vq_decode: block confirmed (267)", "`decode_code` → `get_codebook_entry`")
VG = "LlamaGen/tokenizer/vqgan"
lab(f"{VG}/model.py:71:OFL102", "true", "block", "", "read", "`taming_vqgan_demo.py`/`reconstruction_vqgan_ddp.py` call `encode` outside `forward`")
lab(f"{VG}/model.py:76:OFL102", "true", "block", "", "read", "`taming_vqgan_demo.py` calls `decode_code` → `decode`")
lab(f"{VG}/quantize.py:50:OFL103", "false", "leaf", "AB", "read", "`VectorQuantizer` (v1) is built nowhere (model.py uses VectorQuantizer2)")
lab(f"{VG}/quantize.py:99:OFL103", "false", "block, leaf", "AB", "read", "as :50")
lab(f"{VG}/quantize.py:178:OFL103", "true", "leaf", "", "read", "`encode` → `self.quantize(h)` reads the codebook Embedding's weight without calling it")
lab(f"{VG}/quantize.py:219:OFL102", "true", "block", "", "read", "`decode_code` → `get_codebook_entry` outside the VQModel's `forward`")
for base in ("Lumina-T2X/lumina_music/models/encoders/modules.py", "Lumina-T2X/lumina_audio/models/encoders/modules.py"):
    for ln in (109, 110):
        lab(f"{base}:{ln}:OFL102", "false", "block", "AB", "read", "`FrozenCLAPEmbedder` is named by no config (lumina_audio uses the FLAN variant, lumina_music `FrozenFLANEmbedder`)")
for ln in (185, 186, 187):
    lab(f"Lumina-T2X/lumina_music/models/encoders/modules.py:{ln}:OFL102", "false", "block", "AB", "read", "lumina_music's config uses `FrozenFLANEmbedder`, not this class")
    lab(f"Lumina-T2X/lumina_audio/models/encoders/modules.py:{ln}:OFL102", "true", "block", "", "read", "`lumina-text2audio.yaml` builds `FrozenCLAPFLANEmbedder` (no `forward`) as the cond stage; `get_learned_conditioning` calls its `encode`")
lab(f"{BA}:247:OFL204", "true", "leaf", "", "harness bigvgan_audio: leaf confirmed (conv_post at 273)", "as :41")
lab(f"{BM}:77:OFL204", "true", "leaf", "", "harness bigvgan_music: leaf confirmed (convs2 at 117)", "as :41")
lab(f"{BM}:136:OFL204", "C", "leaf", "AF", "read", "as lumina_audio :136 (AMPBlock2 only for resblock != '1')")
for w in ("fc1.weight", "fc2.weight", "fc1.bias", "fc2.bias"):
    pass
lab("VAR/models/basic_var.py:47:OFL103", "true", "leaf", "", "read", "`fused_mlp_func` (flash-attn's fused MLP, used by default when installed: `fused_if_available=True`) takes the Linear weights without calling the Linears")
VQ = "VAR/models/quant.py"
lab(f"{VQ}:45:OFL103", "false", "leaf", "AB", "read", "`eini` has no caller")
lab(f"{VQ}:70:OFL103", "false", "leaf", "AB", "read", "`VectorQuantizer2.forward` runs only from `VQVAE.forward` (VAE training, not in this repository)")
lab(f"{VQ}:118:OFL102", "false", "block", "AB", "read", "`embed_to_fhat` runs only from `VQVAE.embed_to_img`/`idxBl_to_img`, which nothing calls")
lab(f"{VQ}:153:OFL103", "C", "block, leaf", "AF", "read", "the `using_znorm` branch; VQVAE is built with `using_znorm=False` everywhere")
lab(f"{VQ}:160:OFL102", "true", "block", "", "harness var_img_to_idx: block confirmed (embedding at 160)", "`img_to_idxBl` → `f_to_idxBl_or_fhat` outside VQVAE's forward")
lab(f"{VQ}:161:OFL102", "true", "block", "", "harness var_img_to_idx: block confirmed (quant_resi at quant.py:206)", "as :160")
VV = "VAR/models/var.py"
lab(f"{VV}:124:OFL102", "true", "block", "", "harness var_infer: block confirmed (head at 124, head_nm at basic_var.py:173)", "`get_logits` from the sampler")
lab(f"{VV}:151:OFL102", "true", "block", "", "harness var_infer: block confirmed (class_emb at 151)", "the sampler")
lab(f"{VV}:153:OFL102", "true", "block", "", "harness var_infer: block confirmed (lvl_embed)", "the sampler")
lab(f"{VV}:227:OFL103", "false", "leaf", "AR", "read", "`if self.prog_si == 0:` (progressive training, `prog_si` always -1), and the value is a 0-dim element `weight[0, 0] * 0`, which mixes with any device")
VZ = "VAR/models/vqvae.py"
for ln in (63,):
    lab(f"{VZ}:{ln}:OFL102", "true", "block", "", "read", "VAR's sampler returns `self.vae_proxy[0].fhat_to_img(f_hat)`: the VQVAE's decoder outside its `forward` when the VQVAE is offloaded")
lab(f"{VZ}:66:OFL102", "true", "block", "", "harness var_img_to_idx: block confirmed (encoder, quant_conv at 66)", "as :67")
for ln in (75, 80, 85, 86, 88):
    lab(f"{VZ}:{ln}:OFL102", "false", "block", "AB", "read", "`idxBl_to_img`/`embed_to_img`/`img_to_reconstructed_img` have no caller")
DT = "efficientvit/efficientvit/diffusioncore/models/dit.py"
lab(f"{DT}:359:OFL102", "false", "block", "P", "read", "`generate` creates the samples with `get_device(self)` (the first parameter: offload device at block), so `x_embedder` computes on the offload device with its own weights there")
lab(f"{DT}:359:OFL101", "true", "block, leaf", "", "read", "at leaf `x_embedder`'s hook returns compute-device tokens and the root parameter `pos_embed` (onloaded only by DiT's own hook) is added to them")
lab(f"{DT}:360:OFL102", "false", "block", "P", "read", "timesteps are made with `get_device(self)` (offload device at block), where `t_embedder`'s weights are")
lab(f"{DT}:371:OFL102", "true", "block", "", "read", "`final_layer` (unmatched) meets the blocks' compute-device output")
UV = "efficientvit/efficientvit/diffusioncore/models/uvit.py"
lab(f"{UV}:431:OFL102", "false", "block", "P", "read", "as dit.py:359 (samples on `get_device(self)`, the offload device at block)")
lab(f"{UV}:438:OFL102", "true", "block", "", "read", "`label_emb` (unmatched) meets the evaluator's labels (`inputs.cuda()`)")
lab(f"{UV}:441:OFL101", "true", "block, leaf", "", "read", "at leaf, root parameter added to `patch_embed`'s compute-device output")
lab(f"{UV}:448:OFL102", "true", "block", "", "read", "`mid_block` (unmatched) meets the in-blocks' compute-device output")
lab(f"{UV}:453:OFL102", "true", "block", "", "read", "as :454")
lab("efficientvit/efficientvit/models/efficientvit/dc_ae.py:428:OFL102", "true", "block", "", "read", "`DCAE.decode` (demo, evaluator's `autoencoder.decode`)")
lab("mar/models/diffloss.py:45:OFL102", "true", "block", "", "read", "`sample_tokens` → `diffloss.sample`: the net runs outside DiffLoss's (and MAR's) `forward`, its weights not onloaded at block")
lab("mar/models/mar.py:173:OFL102", "true", "block", "", "read", "recall row 11")
lab("mar/models/mar.py:184:OFL101", "false", "block, leaf", "AM", "read", "the `if self.training:` branch: it runs from `MAR.forward` (hooked) in training; `sample_tokens` runs in eval mode")
lab("mar/models/mar.py:190:OFL102", "true", "block", "", "read", "recall row 13")
lab("mar/models/mar.py:212:OFL101", "true", "block, leaf", "", "read", "recall row 16")
lab("mar/models/mar.py:217:OFL101", "true", "block, leaf", "", "read", "recall row 17")
lab("mar/models/mar.py:278:OFL102", "true", "block", "", "read", "recall row 20")
lab("mar/models/vae.py:474:OFL102", "true", "block", "", "read", "`engine_mar.py` caches latents with `vae.encode(samples)`")
lab("mar/models/vae.py:475:OFL102", "true", "block", "", "read", "as :474")
lab("mar/models/vae.py:482:OFL102", "true", "block", "", "harness mar_vae_decode: block confirmed (482)", "as :483")


# ---- runtime notes added after the extra harness runs (mar_sample, emu3_vq, bigvgan_resblock2) ----
def rt(key, note):
    L[key]["runtime"] = note
MS = "harness mar_sample (timm's Block from a stand-in; .cuda() to the compute device): "
rt("mar/models/mar.py:280:OFL101", MS + "block and leaf confirmed (fake_latent at 283 under CFG; 280 itself not reached: labels are passed)")
rt("mar/models/mar.py:208:OFL102", MS + "block confirmed (decoder_embed at 208)")
rt("mar/models/mar.py:229:OFL101", MS + "block and leaf confirmed (229)")
rt("mar/models/mar.py:189:OFL101", MS + "block and leaf confirmed (189)")
rt("mar/models/mar.py:173:OFL102", MS + "block confirmed (173)")
rt("mar/models/mar.py:190:OFL102", MS + "block confirmed (190)")
rt("mar/models/mar.py:212:OFL101", MS + "block and leaf confirmed (mask_token, at 214/225)")
rt("mar/models/mar.py:217:OFL101", MS + "leaf: decoder_pos_embed_learned's sum meets the first decoder block's compute-device output; block confirmed for the method")
rt("mar/models/mar.py:278:OFL102", MS + "block confirmed (278)")
rt("mar/models/mar.py:184:OFL101", MS + "line not reached (eval mode)")
rt("mar/models/diffloss.py:45:OFL102", MS + "block confirmed (the net's weights inside diffloss.sample)")
EM = "harness emu3_vq (encode then decode): "
for k in ["Emu3/emu3/tokenizer/modeling_emu3visionvq.py:%d:OFL102" % n for n in (775, 779, 783, 796, 799, 804)]:
    rt(k, EM + "block confirmed (encoder, quantizer, decoder weights)")
rt("Emu3/emu3/tokenizer/modeling_emu3visionvq.py:460:OFL103", EM + "leaf confirmed (codebook at 462, 464)")
for k in ("Lumina-T2X/lumina_audio/models/vocoder/bigvgan/models.py:136:OFL204", "Lumina-T2X/lumina_music/models/vocoder/bigvgan/models.py:136:OFL204"):
    rt(k, "harness bigvgan_resblock2 (resblock '2', the option nothing sets): leaf confirmed (AMPBlock2 convs at 184)")

# ---- findings new at the draw's linter (807598f), labelled after the draw ----
lab(f"{VG}/model.py:70:OFL102", "true", "block", "", "read", "as :71 (`encode` from taming_vqgan_demo.py / reconstruction_vqgan_ddp.py)")
lab(f"{VG}/model.py:72:OFL102", "true", "block", "", "read", "as :71")
lab(f"{VG}/model.py:77:OFL102", "true", "block", "", "read", "as :76 (`decode_code` → `decode`)")
lab(f"{VG}/model.py:81:OFL102", "true", "block", "", "read", "`decode_code` → `quantize.get_codebook_entry` outside the VQModel's `forward`")
lab("mar/models/mar.py:319:OFL102", "true", "block", "", MS + "block confirmed (the diffusion net's weights in diffloss.sample)", "recall row 22: `diffloss` is in MAR's unmatched group; `sample_tokens` runs its sampler outside `MAR.forward`")
