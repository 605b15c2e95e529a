"""Write benchmarks/triage22v/labels.json (round v; every row labelled by reading first; runtime runs added after).

New cause letters this round (after BF):
- BG: a CPU-only export path: the method builds its own inputs on the CPU (`.cpu()`) for ONNX tracing, so no
  compute-device tensor is ever met (DDSP-SVC diffusion_onnx.py GaussianDiffusion.OnnxExport and the helpers it runs).
- BH: OFL207 on a `.to()` onto the device the model's own parameters report (pykeen get_preferred_device(model)): under
  offloading that is the offload device, so the move changes nothing.
- BI: a value returned that every caller discards (pytorch-ts q_posterior's posterior_variance: p_sample unpacks it
  into `_`).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, unsure as C, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GD_RT = "confirmed leaf (pts_gd_sample: GaussianDiffusion, EpsilonTheta denoiser, sample(cond)): compute access at gaussian_diffusion.py:{} ({})"
RQ = ("RQTransformer.cached_forward is reached only from RQTransformer.sample (main_sampling_fid.py:210, "
      "main_sampling_txt2img.py:167, notebooks/notebook_utils.py:114), never from forward(); RQTransformer is the stage-2 "
      "root; ")
GP = ("gpytorch: the root is the user's ApproximateGP (docs/examples); ApproximateGP.__call__ calls "
      "self.variational_strategy(...) without running the root's forward (the strategy calls self.model.forward later, "
      "inside VariationalStrategy.forward, after concatenating inducing_points with the device x). ")
MHA = ("at leaf nn.MultiheadAttention's out_proj (a Linear subclass) is its own group, onloaded only by its own forward, "
       "which MHA never calls: it passes out_proj.weight to F.multi_head_attention_forward with the device attention "
       "output (the known leaf-level limit).")
WS_DEV = ("WhisperSpeech: self.device is next(self.parameters()).device; the placed tensors reach the model's hooked "
          "forward (self(...) in generate_one: diffusers' pre_forward sends args to the onload device) or, at block, "
          "run_encoder computes with them against the still-offloaded root group, all on the CPU (no device tensor met). ")
L = {
 1: T("block", "ru-dalle GumbelVQ.decode `self.decoder.post_quant_conv(quant)` (dwt=True: README `get_vae(dwt=True)`): VQGanGumbelVAE (the root users hold; it defines no forward) has one direct child, model, unmatched, in the root group that nothing onloads; pipelines.generate_images calls vae.decode(codebooks) with device codes."),
 2: F("AM", "WhisperSpeech s2a SADelARTransformer.run_encoder `self.hidden_to_emb(xenc)` (:357) runs only under `self.training and tunables.causal_encoder`; from generate() the model is in eval (load_model returns model.eval()), and in training run_encoder runs inside forward (block: root group onloaded). The row claims block only."),
 3: T("block", GP + "LMCVariationalStrategy.__call__ `self.base_variational_strategy(x)` (:203): the base strategy sits in the root's group, offloaded; it computes torch.cat(inducing_points (CPU), x (device)). Label risk: gpytorch under diffusers offloading is unusual; judged on the stated semantics."),
 4: T("block, leaf", RQ + "`self.pos_emb_cond` (root parameter) + cond_emb(cond) with cond on xs.device (:224)."),
 5: T("leaf", "pytorch-ts GaussianDiffusion.q_posterior `posterior_mean_coef2` (:157) from sample(): GaussianDiffusion (TimeGrad's child) defines no forward, so at leaf its own buffers stay offloaded; coef2*x_t meets coef1*x_recon (device: the denoiser's output) in the addition.", GD_RT.format("156/157", "q_posterior")),
 6: T("block, leaf", "DDSP-SVC RMVPE (a plain wrapper) builds self.model (E2E0) in __init__ and moves it in infer_from_audio (`self.model = self.model.to(device)`): a model group-offloaded between the two (rmvpe.model, the only place a user can) is moved whole onto the device: the call-order reading of rounds h, j, r (diffusion_policy workspaces, QwenPromptExpander: true). Label risk: RMVPE is built inside F0_Extractor (ddsp/vocoder.py), so reaching rmvpe.model needs F0_Extractor.model."),
 7: T("block, leaf", "nerfstudio HashMLPDensityField.get_density `self.aabb` (:99, the spatial_distortion=None branch): generfacto builds its proposal networks without spatial_distortion (models/generfacto.py:215) and nerfacto with --disable-scene-contraction; the proposal sampler calls network.density_fn -> get_density, never the field's forward; proposal_networks is a ModuleList (each network hooked only on its own forward at block) and aabb is the field's own buffer (grouped on its forward at leaf); positions are device tensors."),
 8: F("P", "sentence-transformers SentenceTransformer.device (:2352, the fallback for models without a transformers model): encode() places features with it and calls self.forward (hooked: pre_forward sends the features to the onload device); similarity() computes on the returned embeddings, no weights."),
 9: F("AX", "DDSP-SVC nsf_hifigan Generator conv_post weight_norm: the only loader, nsf_hifigan/models.py load_model, calls generator.remove_weight_norm() (:23) before returning; NsfHifiGAN loads it lazily inside its forward (after any offloading was applied: never offloaded)."),
 10: T("leaf", "WhisperSpeech FlexEmbeddings.unembed `self.main.weight` (:327) from TSARTransformer.forward (t2s :338) and the s2a DelSumHead: main is an Embedding leaf, onloaded only while main.forward runs; embs is a device tensor. Reached in training (train.py / the tunables' default path: merged_out is None until convert_for_eval) and at inference with Pipeline(optimize=False). Block: called inside the root's forward (fine)."),
 11: F("Y", "gpytorch Interval (OFL205): its buffers lower_bound/upper_bound are 0-dim in every constraint the library builds (torch.as_tensor(float)); check/check_raw compare a tensor with them: a 0-dim CPU tensor combines with device tensors."),
 12: T("block", GP + "_VariationalStrategy.variational_distribution calls self._variational_distribution() (:121) from __call__: the variational parameters in the root's group are offloaded; the returned distribution's mean/covariance meet the device x in VariationalStrategy.forward. (From kl_divergence, after the forward, everything is offloaded together: not the claimed path.)"),
 13: T("block", RQ + "`self.cond_emb(cond)` (:224): cond_emb is an unmatched direct child, in the root's group; cond is built on xs.device."),
 14: F("BB", "DDSP-SVC diffusion/model_conformer_naive.py CFNEncoderLayer attn (a TransformerEncoderLayer) exists only when conv_only is False; its only builder, ddsp/unit2control.py:59, passes conv_only=True, so self.attn is None in every build."),
 15: F("P", "sentence-transformers ParallelSentencesDataset.get_embeddings -> teacher_model.encode(): the 'touch' is row 8's device read; encode runs the hooked forward, which moves the placed features."),
 16: F("AB", "nerfstudio SemanticNerfField.get_density: nothing in the tree builds SemanticNerfField (semantic_nerfw uses SemanticNerfWField); its density_fn is never handed to a sampler.", api=True),
 17: T("block, leaf", RQ + "`self.pos_emb_hw` (root parameter) added to the device embeddings (:225)."),
 18: F("AB", "sentence-transformers TiedTranspose.weight (property) is read nowhere in the tree (grep decoder.weight: none); SparseAutoEncoder uses the decoder only by calling it.", api=True),
 19: T("leaf", "pytorch-ts GaussianDiffusion.predict_start_from_noise `sqrt_recipm1_alphas_cumprod` (:151) * noise (the denoiser's device output), from sample(); buffers offloaded at leaf (no forward).", GD_RT.format("150/151", "predict_start_from_noise")),
 20: F("BG", "DDSP-SVC diffusion_onnx.py GaussianDiffusion.org_forward `betas`, reached only from OnnxExport (onnx_export.py:160), which builds cond and x with `.cpu()` (diffusion_onnx.py:475/477) for ONNX tracing on the CPU: no compute-device tensor."),
 21: F("AI", "gpytorch Interval.intersect: torch.max(self.lower_bound, other.lower_bound): two constraints' buffers combined with each other (both offloaded), the result a new constraint; no device tensor met."),
 22: F("BG", "DDSP-SVC diffusion_onnx.py GaussianDiffusion.norm_spec `spec_max`, reached only from OnnxExport (CPU tracing inputs), as row 20."),
 23: F("AI", "gpytorch SmoothedBoxPrior._c `a` from log_prob: priors are evaluated by the MLL's prior terms after the model's forward, on closure(module) hyperparameters computed from the (then offloaded) raw parameters: CPU with CPU; no device tensor met."),
 24: T("leaf", "sentence-transformers SparseAutoEncoder.encode_pre_act `F.linear(x, self.encoder.weight, ...)` (:96): the encoder Linear is never called as a module (decoder ties to it), so at leaf its weight is never onloaded; x is the device sentence embedding. Built by SparseEncoder CSR models (docs, examples).", "confirmed leaf (st_sae_train and st_sae_infer): compute access to encoder.weight via linear at SparseAutoEncoder.py:96 (encode_pre_act); block refuted (not claimed)"),
 25: F("AB", "DDSP-SVC encoder/hubert/model.py Hubert.logits: called only by Hubert.forward; DDSP-SVC uses HubertSoft.units() (ddsp/vocoder.py:242), never forward/logits. Second reading (forward public): true at leaf (label_embedding.weight read, not called).", api=True),
 26: T("block, leaf", "DDSP-SVC RMVPE.infer_from_audio `self.mel_extractor.to(device)` (MelSpectrogram buffers), built in __init__: call order, as row 6."),
 27: F("BI", "pytorch-ts GaussianDiffusion.q_posterior `posterior_variance` (:159) is returned by q_posterior and p_mean_variance, and p_sample, the only caller, unpacks it into `_` (:181); nothing computes with it.", "refuted at the row's line (pts_gd_sample, leaf: accesses at :150/151/156/157/187/191, none from posterior_variance)"),
 28: F("Y", "gpytorch Positive (OFL205): lower_bound 0 / upper_bound inf, 0-dim buffers, as row 11."),
 29: T("block", "ru-dalle GumbelVQ.decode `self.post_quant_conv(quant)` (dwt=False: get_vae() default, notebooks and tests): as row 1."),
 30: T("block, leaf", GP + "LMCVariationalStrategy.__call__ `self.lmc_coefficients` (:212), its own parameter (leaf: grouped on LMC's forward, which its overridden __call__ never runs), meets the latent distribution's mean from the base strategy (device at leaf)."),
 31: T("leaf", "pytorch-ts TransformerTempFlowTrainingNetwork's nn.Transformer: " + MHA),
 32: T("leaf", "pytorch-ts TransformerNetwork's nn.Transformer: " + MHA),
 33: F("AI", "gpytorch SmoothedBoxPrior._M `sigma` from log_prob: as row 23."),
 34: T("block", "rq-vae-transformer RQVAE.get_codes `self.quantizer(z_e)` (:94), from forward_partial_code (trainer_rqvae.py:383, reconstruction during training/eval): quantizer is an unmatched direct child of the RQVAE root, onloaded only by RQVAE.forward; z_e from the device images."),
 35: C("block, leaf", "WhisperSpeech s2a (cond) SADelARTransformer.run_encoder `self.positional_embeddings` (:430) from generate(): the buffer exists only with tunables.rope False (Tunables default True; old checkpoints get rope False through Tunables.upgrade); then semb (device) + the root buffer (offloaded at block and leaf). Whether any shipped checkpoint of the _cond variant has rope False is not known: counted C."),
 36: T("block", "WhisperSpeech s2a SADelARTransformer.embed_stoks `self.emb_to_hidden(Sembs)` (:342) from generate() -> run_encoder (no forward ran yet): emb_to_hidden exists when stoks_width != width, which make_model always sets from the frozen VQ codebook; unmatched direct child, root group offloaded; Stoks on dev... the Sembs come from semantic_embedding (also offloaded): at block all CPU until here? No: generate moves stoks to self.device (the CPU under offloading), so block computes on the CPU here. Label: true only through the root's own device: see label risk.") ,
 37: F("BG", "DDSP-SVC diffusion_onnx.py GaussianDiffusion.OnnxExport `self.denoise_fn(...)`: CPU tracing inputs, as row 20."),
 38: F("BB", "DDSP-SVC diffusion/naive_v2_diff.py NaiveV2DiffLayer attn exists only when conv_only is False; NaiveV2Diff defaults conv_only=True and its builders (diffusion/vocoder.py:283, reflow) never pass it."),
 39: T("block", "enhancing-transformers Block.sample `self.mlp(self.ln2(x))` (:141) from GPT.sample (CondTransformer.sample, log_images during training): Block.sample never runs Block.forward; in CondTransformer (root) GPT is an unmatched child (root group), as its own root each block is hooked only on forward: both leave the block's weights offloaded; x is a device tensor.", "confirmed block (enh_gpt_sample, GPT as its own root): compute access at layers.py:139/141 (Block.sample) and 280-301 (sample_step); leaf also confirmed (root parameters pos_emb_*, not this row)"),
 40: T("leaf", "sentence-transformers TiedTranspose.forward `F.linear(x, self.linear.weight.t())` (:22): the tied encoder Linear is never called as a module, so its weight is never onloaded at leaf; x is a device tensor (training path: decode).", "confirmed leaf (st_sae_train): compute access to encoder.weight via linear at SparseAutoEncoder.py:22 (TiedTranspose.forward)"),
 41: C("block, leaf", "WhisperSpeech s2a (cond) run_encoder `self.semantic_embedding.weight` (:434) runs only under `self.training and tunables.causal_encoder` (default False, also for old checkpoints): in training with that tunable, at leaf the Embedding's weight is read without its call. Not from generate (eval)."),
 42: T("leaf", "pytorch-ts TemporalFusionDecoder's nn.MultiheadAttention: " + MHA),
 43: F("AC", "enhancing-transformers ViTDecoder.get_last_layer returns to_pixel's weight only as torch.autograd.grad's input (losses/vqperceptual.py:97, the adaptive GAN weight)."),
 44: F("AB", "WhisperSpeech TSARTransformer.prep: nothing in the tree calls it (grep `.prep(`: none)."),
 45: F("P", WS_DEV + "generate_batch's tensors go only to self(...) (hooked)."),
 46: F("AI", "gpytorch SmoothedBoxPrior.rsample reads self.a.device: prior sampling (LKJCovariancePrior.rsample, sample_from_prior) computes with the prior's own buffers only, all on the offload device together."),
 47: F("P", WS_DEV + "t2s generate: toks/positions go to run_encoder (CPU with CPU at block) and generate_next -> generate_one -> self(...) (hooked, moved); assigning the device result into CPU toks is a cross-device copy_, allowed."),
 48: F("P", WS_DEV + "s2a generate: hidden_to_emb runs only in training (row 2); the placed stoks/speakers reach run_encoder (CPU with CPU at block) and self(...) (hooked)."),
 49: F("AX", "DDSP-SVC nsf_hifigan ResBlock1 convs2 weight_norm: removed by load_model before use, as row 9."),
 50: F("AJ", "sentence-transformers MatryoshkaLoss.forward sets model.forward = ForwardDecorator(original_forward): the decorator calls the saved original (the hooked forward)."),
 51: F("P", "WhisperSpeech RQBottleneckTransformer.device: encode_audio puts the mel on it (CPU under offloading) and ensure_whisper loads Whisper there; Whisper (not offloaded) computes on the CPU, and quantize's modules (leaf: hooked, inputs moved; block: all offloaded, CPU with CPU) meet no device tensor. Slow, not failing."),
 52: F("AJ", "sentence-transformers AdaptiveLayerLoss replaces model[0].forward with TransformerDecorator(original): it calls the saved original or returns cached embeddings; at block model[0] has no hook of its own (the root's is on the SentenceTransformer)."),
 53: F("AI", "gpytorch WishartPrior.log_prob: prior terms on offloaded hyperparameters with offloaded buffers (CPU with CPU), as row 23."),
 54: F("Y", "gpytorch GreaterThan (OFL205): 0-dim bounds, as row 11."),
 55: F("BH", "pykeen TrainingLoop._train: `self.model.to(get_preferred_device(self.model, allow_ambiguity=True))` moves the model to the device its own parameters are on (the offload device under offloading): nothing moves."),
 56: F("AI", "gpytorch InverseWishartPrior.log_prob: as row 53."),
 57: F("AA", "Comprehensive-Transformer-TTS TacotronSTFT (no forward) is built only by preprocessor/preprocessor.py for data preprocessing; no model contains it (and STFT.transform moves its basis with .cuda() itself)."),
 58: T("leaf", "WhisperSpeech TSARTransformer.forward `self.embeddings.positional_embedding[in_stoks_positions]` (:335): the parameter belongs to `embeddings`, whose own forward never runs (forward calls self.embeddings.embedding(...)), so at leaf it stays offloaded; added to the device token embeddings."),
 59: T("leaf", "nerfstudio KPlanesEncoding.forward `self.plane_coefs[i]` (:736): the ParameterList owns the planes; at leaf they are grouped on the ParameterList's forward, which never runs; grid_sample with device coords. Built in tests/field_components/test_encodings.py and by K-Planes users (a public encoding)."),
 60: F("AJ", "sentence-transformers AdaptiveLayerLoss model.forward = ForwardDecorator(original_forward): calls the saved original, as row 50."),
}
# row 36, settled after reading generate() whole: its inputs are placed on self.device, the offload device
L[36] = F("P", "WhisperSpeech s2a SADelARTransformer.embed_stoks `self.emb_to_hidden(Sembs)` (:342) from generate() -> run_encoder before any forward: emb_to_hidden (unmatched direct child, root group) is offloaded, but generate places stoks on self.device (next(self.parameters()).device: the offload device), so the line computes CPU with CPU; Sembs then goes into the encoder's Sequential blocks (hooked: moved to the device). The block-level failure on this path is elsewhere (ln_post after the hooked blocks, :348), not at this line.")
write_labels(HERE, L)
