"""Labels of the round j draw (docs/triage-issue22-j.md), in draw order; writes labels.json next to this file.
Each: (label, cause, runtime, why). Rows whose "api" flag is set are AB rows that turn true in the second reading
(a public method nothing in the tree calls counted as reached); benchmarks/triage22j_tally.py prints that reading."""
import json
from pathlib import Path

R_VITS_I = ("harness vits_infer (SynthesizerTrn.infer, vctk-like: speakers, gin_channels): block confirmed (enc_p at "
            "models.py:168, attentions.py:139-284, emb_g at 502, dp, flow, dec), leaf confirmed (legacy weight_norm weights "
            "derived from weight_g/_v: WN cond_layer at modules.py:153, in_layers 156, res_skip_layers 169, ResBlock1 convs1 "
            "215, convs2 219, Generator ups at models.py:277)")
R_VITS_VC = ("harness vits_vc (voice_conversion): block confirmed (emb_g at models.py:527-528, enc_q at 236-238 and its WN, "
             "flow, dec), leaf confirmed (weight_norm: enc_q/flow WN cond_layer, in_layers, res_skip_layers, dec ups, resblocks)")
R_VITS_D = ("harness vits_disc (MultiPeriodDiscriminator forward): leaf confirmed (weight_norm: DiscriminatorP convs at "
            "models.py:326, conv_post 329; DiscriminatorS convs 354, conv_post 357), block refuted")
R_GPT_R = ("harness chattts_gpt_refine (GPT offloaded, generate with infer_text=True): block confirmed (gpt.layers.* q/k/v/o, "
           "mlp, norms: the LlamaModel is in GPT's unmatched group), leaf refuted")
R_GPT_C = ("harness chattts_gpt_code (GPT offloaded, generate with infer_text=False): block confirmed (as chattts_gpt_refine), "
           "leaf refuted")
R_EMBED = ("harness chattts_embed (Embed offloaded as its own root, GPT.generate around it): block confirmed (emb_text.weight at "
           "gpt.py:407, head_text's parametrization original0/original1 at gpt.py:440)")
R_FISH = ("harness fish_dualar (setup_caches under the device, forward_generate, forward_generate_fast): block confirmed "
          "(codebook_embeddings at llama.py:402, embeddings at 414 and 455, causal_mask 441 and 805, freqs_cis 442, fast_freqs_cis "
          "808, fast_output 815, norms), leaf confirmed (causal_mask at 441 and 805, freqs_cis 442, fast_freqs_cis 808, "
          "embeddings.weight in F.linear at 455)")
R_FISH_KV = ("harness fish_dualar: KVCache.update ran at both levels (caches made by setup_caches under the compute device, "
             "after offloading) and no access to k_cache/v_cache was recorded at either level")
R_JUKE_E = "harness jukebox_encode (VQVAE.encode): block and leaf confirmed (bottleneck.level_blocks.*.k in the matmul at bottleneck.py:115, quantise)"
R_JUKE_D = "harness jukebox_decode (VQVAE.decode): block and leaf confirmed (bottleneck.level_blocks.*.k in F.embedding at bottleneck.py:122, dequantise)"
R_IMGB = ("harness imagebind_rgbt (the vision RGBDTPreprocessor, forward): leaf confirmed (pos_embedding_helper.pos_embed added "
          "at multimodal_preprocessors.py:268), block refuted")
R_EVA = ("harness cogvlm_eva_attn (EVA2-CLIP-L Attention, subln=True): leaf confirmed (q_proj/k_proj/v_proj weights in F.linear "
         "at eva_clip_L_hf.py:311-313), block refuted")
R_DAC_E = ("harness zonos_dac_encode (DacModel.encode): block confirmed (encoder convs, snake alphas, quantizer in_proj/out_proj/"
           "codebook), leaf confirmed (codebook.weight in the matmul at modeling_dac.py:167)")
R_DAC_D = ("harness zonos_dac_decode (DacModel.decode): block confirmed (quantizer codebook at modeling_dac.py:368, out_proj 370, "
           "decoder convs and snake alphas), leaf refuted")
R_ZPREP = ("harness zonos_prepare (Zonos with the torch backbone, prepare_conditioning): block confirmed (prefix_conditioner "
           "conditioners, project, norm at conditioning.py:260-313, model.py:207), leaf refuted")
R_ZGEN = ("harness zonos_generate (Zonos.generate): block and leaf confirmed (tensors placed with the device read at model.py:55, "
          "`device = self.device` at 233, meet compute tensors at model.py:285 `remaining_steps[eos_in_cb0[:, 0]]` and 286 "
          "`stopping |= ...`); block also the backbone (unmatched group)")

T_VITS_WN = ("the legacy `torch.nn.utils.weight_norm` pre-hook computes `weight` from `weight_g/_v` before the leaf hook onloads "
             "them; nothing in the tree calls `remove_weight_norm`; ")
T_JUKE = ("the static claim holds for the class: `prior` (ConditionalAutoregressive2D) is a plain child of SimplePrior, so at "
          "block it is in SimplePrior's unmatched group, never onloaded outside SimplePrior.forward. But every sampling path "
          "in the tree (sample.py `_sample`, used by ancestral/continue/upsample/primed sampling and by the README's "
          "Interacting_with_Jukebox notebook; make_models.py builds the priors on 'cpu') runs `prior.cuda()` before "
          "`sample_level(...)` -> `prior.sample(...)` (sample.py:95, 69) and `prior.cpu()` after (104): a plain "
          "nn.Module's `.cuda()` moves every weight, so the sampling runs with onloaded weights at either level (leaf hooks "
          "only move them back and forth). ")
T_JUKE_AK = ("`Transformer.%s` only asserts on (or deletes) the attention caches' shapes and dtypes: it computes with no weight; "
             "the linter counts a child's method call as a weight touch")
AB_DAC = ("fish-speech's `modded_dac.Transformer.setup_caches` has no caller in the tree (the inference code calls the "
          "text2semantic `DualARTransformer.setup_caches`), so this `KVCache` (modded_dac's) is never built")
C_ONNX = ("`pretraining_tp > 1` branch: ChatTTS's ONNX example builds its LlamaModel from ChatTTS's gpt config, which sets no "
          "`pretraining_tp` (default 1), so the branch never runs; with it set, the Linear weight read without calling the Linear "
          "would meet compute tensors at leaf")
AT_VLLM = ("ChatTTS's `velocity` (a trimmed vLLM) builds this `Embed` inside `ModelRunner.load_model` and places it with "
           "`.to(next(self.model.parameters()))`: vLLM's runner owns it and nothing offloads it; only `Chat.load(use_vllm=True)` "
           "reaches it, which nothing in the tree passes")
AB_MSG = "`PointNetSetAbstractionMsg` is built nowhere in the tree (point-e's evaluator builds `pointnet2_cls_ssg.get_model`, which uses `PointNetSetAbstraction`)"

rows = [
    ("true", "", R_FISH, "`decode_one_token_ar` (inference.py:148-161) calls `model.forward_generate_fast(hidden, input_pos)` outside `DualARTransformer.forward`; `causal_mask` is the root's own buffer, onloaded only in the root's forward at either level; indexed with compute-device `input_pos`"),
    ("true", "", R_VITS_VC, "inference.ipynb (the README's inference example) calls `net_g.voice_conversion(...)` outside `SynthesizerTrn.forward`; `enc_q` is in SynthesizerTrn's unmatched group (it has no ModuleList/Sequential child)"),
    ("true", "", R_VITS_I, "`train.py:249` (`evaluate`) and inference.ipynb call `net_g.infer(...)` outside `forward`; `enc_p` in the root's unmatched group"),
    ("true", "", R_GPT_R, "`Chat._refine_text` (reached from `Chat.infer`, the README's call, unless skip_refine_text) calls `gpt.generate(...)`, which calls `self.gpt(...)` (the LlamaModel, GPT's plain child) outside GPT's forward (GPT defines none): the line breaks at block. The message's list also names `emb_text`/`head_text`, which are Embed's (see rows 18, 40)"),
    ("false", "AB", "read", AB_DAC + "; `setup_caches` itself is a public method with no caller: if called after offloading it would place the caches on `norm.weight.device` (the offload device) and, at leaf (a module made after offloading has no hook), `KVCache.update` would write compute tensors into them", True),
    ("true", "", R_FISH, "`decode_one_token_ar` -> `model.forward_generate(...)`: `self.embeddings(...)` outside forward; `embeddings` is in the root's unmatched group at block"),
    ("false", "AB", "read", AB_DAC + "; `clear_cache` has no caller at all, and it computes only on its own buffers (no device mix) even if called"),
    ("false", "AP", "read", "`spk_clone_model` is `None` in `__init__` and built by `make_speaker_embedding` itself (`SpeakerEmbeddingLDA()` on DEFAULT_DEVICE, under `torch.device(device)`) on the first call, after offloading was applied: it has no group and no hook, stays where it was built, and the wav is moved to its device; it is in no unmatched group. (Only if offloading were enabled after a first call would it be offloaded with the root.)"),
    ("true", "", R_GPT_R + "; " + R_GPT_C, "as row 4: `self.gpt` (LlamaModel) called in `generate` outside any GPT forward; block"),
    ("C", "AF", "read", C_ONNX + " (`k_proj`)"),
    ("C", "AF", "read", C_ONNX + " (`gate_proj`)"),
    ("false", "AB", "read", AB_DAC + "; `update` would be reached (from the attention's forward) once `setup_caches` ran", True),
    ("false", "P", "read (needs openai's `clip` for the upsampler)", "the zero embeddings placed with `next(self.parameters()).device` (offload device) when no image is given (the text-to-point-cloud upsampler stage) reach only `forward`'s `self.clip_embed(clip_out)` (a Sequential: its first layer's hook moves them at block and leaf), or `torch.cat` with their own zeros in the sampler; 'meets tensors on the compute device in dict' is not so"),
    ("C", "AF", "read", C_ONNX + " (`up_proj`)"),
    ("true", "", R_IMGB, "`RGBDTPreprocessor.tokenize_input_and_cls_pos` (in ImageBindModel.forward) calls `self.pos_embedding_helper.get_pos_embedding(...)`; the helper has no forward, so at leaf its `pos_embed` (learnable=True for every modality built) is never onloaded and is added to the tokens"),
    ("false", "AB", "read", AB_MSG),
    ("false", "AV", "read (jukebox's sampling code calls `.cuda()` and asserts `torch.cuda.LongTensor`; CPU-only torch here)", T_JUKE + "Here: `x_out` at autoregressive.py:229"),
    ("true", "", R_EMBED, "`self.emb_text` is `embed.emb_text.__call__`: the Linear/Embedding belongs to `Embed` (Chat's `self.embed`, its own component), not to GPT; with Embed offloaded at block, `emb_text` is in Embed's unmatched group and GPT.generate calls it outside Embed.forward (runtime confirmed). The line breaks; the message's group (GPT's) and its fix (`GPT._group_offload_block_modules`) are wrong: the fix belongs to Embed"),
    ("false", "AV", "read (as row 17)", T_JUKE + "Here: the call `self.prior.sample(...)` at prior.py:276"),
    ("false", "AK", "read", T_JUKE_AK % "check_cache"),
    ("true", "", R_FISH, "`F.linear(slow_out, self.embeddings.weight)` (tie_word_embeddings is True by default and in the Qwen3-omni conversion): at leaf the Embedding was onloaded only during its own call earlier in this method; at block it is in the unmatched group"),
    ("true", "", R_JUKE_D, "`VQVAE.decode` (sample.py:108 `prior.decode(zs[level:], ...)` -> SimplePrior.decode -> `self.decoder`, i.e. `vqvae.decode` (make_models.py:157)) -> `bottleneck.decode` -> `dequantise`: the codebook buffer `k` is BottleneckBlock's own, onloaded only in its forward (leaf) or VQVAE's (block)"),
    ("false", "AB", "read", AB_DAC + "; `clear_cache` has no caller at all, and it computes only on its own buffers (no device mix) even if called"),
    ("false", "AV", "read (as row 17)", T_JUKE + "Here: `primed_sample`'s `self.transformer(x_prime, ...)` at autoregressive.py:309"),
    ("C", "AF", "read", C_ONNX + " (`v_proj`)"),
    ("true", "", R_JUKE_E, "`VQVAE.encode` (sample.py:145 primed mode: `priors[-1].encode(x, ...)` -> `self.encoder`, i.e. `vqvae.encode` (make_models.py:156)) -> `_encode` -> `self.bottleneck.encode(xs)`: `bottleneck` is in VQVAE's unmatched group (block), and its blocks' `k` is used outside their forward"),
    ("true", "", R_ZPREP, "sample.py:16 and the gradio app call `model.prepare_conditioning(cond_dict)`; `prefix_conditioner` is a plain child of Zonos, which defines no forward: its unmatched group is never onloaded"),
    ("false", "AB", "read", "`LlamaForCausalLM` (ChatTTS's ONNX copy of transformers' llama) is built nowhere: the example's gpt.py builds `LlamaModel` (and the line is the `pretraining_tp > 1` branch as well)"),
    ("true", "", R_GPT_C, "`Chat._infer_code` (every `Chat.infer`) calls `gpt.generate(...)`: as row 4"),
    ("true", "", R_VITS_I + "; " + R_VITS_VC, T_VITS_WN + "`WN.cond_layer` exists when gin_channels != 0 (configs/vctk_base.json)"),
    ("false", "AV", "read (as row 17)", T_JUKE + "Here: the call `self.prior.primed_sample(...)` at prior.py:270"),
    ("false", "AK", "read", T_JUKE_AK % "del_cache"),
    ("false", "AT", "read", AT_VLLM + " (`ModelRunner.execute_model`, `post_model.emb_text`)"),
    ("true", "", R_EVA, "CogAgent's cross-image encoder (`ExternalVisionModel(vitclass=Eva2LargeEncoder)`, config subln=True) runs `Attention.forward`, which reads `v_proj.weight` into `F.linear` without calling the Linear: at leaf it is never onloaded"),
    ("true", "", R_JUKE_E, "as row 26 (`quantise`: `t.matmul(x, k)` at bottleneck.py:114-115)"),
    ("true", "", R_VITS_D, "train.py builds `MultiPeriodDiscriminator(hps.model.use_spectral_norm)` (false in every config: weight_norm) and calls `net_d(y, y_hat)` every step; " + T_VITS_WN + "`DiscriminatorS.convs`"),
    ("true", "", R_EVA, "as row 34 (`q_proj`)"),
    ("false", "AJ", "read", "the assignment wraps the *current* `self.rope.forward` (at leaf, diffusers' hooked forward) in a `partial`, so the hook still runs; and the branch runs only with the environment variable `RoPE=1`, which nothing in the tree sets"),
    ("false", "AV", "read", "`get_encoder_kv` moves the child by hand right before the call (`self.prime_prior.cuda()`, then `.cpu()` after): the call at 290 runs with onloaded weights; and, as row 17, `_sample` has already moved the whole prior to the device (so the next line, `self.prime_state_proj`/`prime_state_ln` at 293, runs too)"),
    ("true", "", R_EMBED, "as row 18 for `head_text` (`embed.head_text.__call__`, a parametrized weight_norm Linear of Embed): block confirmed at gpt.py:440; the message's GPT group/fix is wrong, Embed's is right"),
    ("false", "AK", "read", T_JUKE_AK % "check_cache"),
    ("true", "", R_IMGB, "as row 15: the returned `pos_embed` is added to compute tokens at leaf. The message's 'block' is wrong (run: block refuted; the helper is in ImageBindModel's unmatched group, onloaded during its forward)"),
    ("true", "", "read (mamba_ssm's Triton kernels are not installed)", "the hybrid Zonos model routes to `MambaSSMZonosBackbone` (ssm_cfg set); `norm_f` is an `nn.LayerNorm` (not a leaf-offloaded layer type: its own hook onloads it only in `norm_f.forward`, never called); its weight goes into mamba_ssm's `layer_norm_fn` with compute-device hidden states"),
    ("true", "", R_VITS_I + "; " + R_VITS_VC, T_VITS_WN + "`ResBlock1.convs1` (resblock '1' in every config)"),
    ("true", "", R_DAC_D, "sample.py:20 and the gradio app call `model.autoencoder.decode(codes)`; DACAutoencoder is not a module, so its DacModel is its own root; at block its encoder/decoder/quantizer are in the unmatched group, onloaded only in DacModel.forward"),
    ("true", "", R_DAC_E, "gradio_interface.py:159 calls `selected_model.autoencoder.encode(wav_prefix...)` for the audio prefix: as row 45"),
    ("true", "", R_ZGEN, "`device = self.device` (Zonos.device: the first parameter, the backbone's, on the offload device) places the caches, `codes`, `stopping`, `remaining_steps`; `stopping |= eos_in_cb0[:, 0]` mixes them with compute-device sampling results"),
    ("false", "AB", "read", AB_DAC + "; once `setup_caches` ran after offloading, this KVCache would have no hook and hold caches on the offload device, which `update` mixes with compute tensors at leaf", True),
    ("false", "AP", R_FISH_KV, "the text2semantic KVCache is built by `setup_caches` during inference (inference.py:283, under `torch.device(device)`), after offloading: its buffers live on the compute device with no hook at leaf, and move with their layer's group at block"),
    ("false", "P", "read (stylegan2's custom CUDA ops are compiled at import)", "the noises placed with `self.input.input.device` (offload device) are passed to `g_ema(..., noise=noises)` (projector.py, ppl.py), whose root hook (block) or NoiseInjection's hook (leaf) moves them; projector.py's `noise_regularize` and `noise_normalize_` compute on the noises alone, and its 0-dim result mixes legally with the compute-device losses"),
    ("false", "AB", "read", "`Attention.fuse_projections` has no caller in the tree, and nothing uses the `to_qkv`/`to_kv` it builds (TripoSR's processors call `to_q`/`to_k`/`to_v`), so even if called it would build a layer nothing runs"),
    ("false", "AB", "read", AB_MSG),
    ("false", "AT", "read", AT_VLLM + " (`Sampler.sample`, `post_model.head_text`)"),
    ("true", "", R_VITS_I + "; " + R_VITS_VC, T_VITS_WN + "`WN.in_layers`"),
    ("true", "", R_VITS_I + "; " + R_VITS_VC, T_VITS_WN + "`Generator.ups` (built by `.append(weight_norm(ConvTranspose1d(...)))`)"),
    ("true", "", R_VITS_D, T_VITS_WN + "`DiscriminatorP.conv_post`"),
    ("true", "", R_VITS_I + "; " + R_VITS_VC, T_VITS_WN + "`ResBlock1.convs2`"),
    ("true", "", "read (mamba_ssm's Triton kernels are not installed)", "as row 43 (`norm_f.bias`)"),
    ("true", "", R_ZGEN, "the property returns the first parameter's device (the offload device under either level); `generate` (sample.py:18, the gradio app) places its tensors with it: as row 47"),
    ("false", "AP", R_FISH_KV, "as row 49: the KVCache is built during inference under the compute device; its buffers are used only by the attention that holds it, on the compute device"),
]
assert len(rows) == 60, len(rows)
out = {}
for i, row in enumerate(rows, 1):
    label, cause, runtime, why = row[:4]
    out[str(i)] = {"label": label, "cause": cause, "runtime": runtime, "why": why}
    if len(row) > 4 and row[4]:
        out[str(i)]["api"] = True
Path(__file__).with_name("labels.json").write_text(json.dumps(out, indent=1))
