"""Labels of the round r draw (docs/triage-issue22-r.md), in draw order; writes labels.json next to this file.
Each: (label, cause, runtime, why). "C": harmless in every configuration the corpus ships but a hazard under an option
nothing in the tree sets (lenient counts it true; none this round). Rows are judged each on its own (round k's rule).
Runtime texts name the harness of benchmarks/triage22r_cases.py whose JSON is in runtime/ (offload-lint confirm from
/tmp/wt_r = 3040dc2, tracking backend, diffusers' real hooks on CPU), or say "read" with the reason no run was made.
AB rows (code nothing builds or calls) are false in the raw reading; those whose entry is a public method are flagged
"api" (the second reading counts them reached). New cause letters this round: BC, BD."""
import json
from pathlib import Path

# --- wenet ---
WENET = ("wenet builds one model by init_model(configs) (model: asr_model / transducer / paraformer / sensevoice_small ...; "
         "the root: wenet/bin/recognize.py and the CLI (cli/model.py load_model) hold it, train.py's executor calls "
         "`model(batch, device)`); decoding is `model.decode(modes, feats, lens, ...)` (recognize.py, feats on the device; "
         "`--simulate_streaming --decoding_chunk_size N` documented) and the CLI's `model.transcribe(wav)`. Block level: "
         "the root's direct children (encoder, decoder, ctc, predictor, joint, embed, global_cmvn ...) are unmatched "
         "(none is a ModuleList/Sequential), in one group onloaded only by the root's forward, which decode/transcribe "
         "never run")
DEC = "harness wenet_decode (conformer u2++ config, small; decode(['attention', 'ctc_greedy_search', 'ctc_prefix_beam_search', 'attention_rescoring'])): "
STREAM = "harness wenet_decode_streaming (decode(..., decoding_chunk_size=4, simulate_streaming=True)): "
SQUEEZE = "harness wenet_squeeze_streaming (train_u2++_squeezeformer.yaml, small; decode with simulate_streaming): "
PARA = "harness wenet_paraformer_decode (train_paraformer.yaml, small; decode(['paraformer_greedy_search'])): "
TRANSDUCER_AB = ("AB: the Transducer's search methods (greedy_search, beam_search, transducer_attention_rescoring) and "
                 "its @torch.jit.export steps (forward_predictor_step, forward_joint_step: for the C++ runtime after "
                 "jit export) are called by nothing in the Python tree: recognize.py calls `model.decode(...)`, which "
                 "the Transducer inherits from ASRModel and which handles only attention/ctc modes (the rnnt_* modes "
                 "recognize.py's help lists produce nothing). Second reading (public methods reached): block true "
                 "(the predictor/joint/decoder are unmatched children of the Transducer, the root; the message's "
                 "fix names the child's class, whose _group_offload_block_modules diffusers does not read)")

# --- diffuser ---
DIFFUSER = ("diffuser's scripts/train.py builds TemporalUnet, wraps it in GaussianDiffusion (the root, held by "
            "utils.Trainer, a plain object) and trains only through the public `loss()` (Trainer.train every step, "
            "train.py's 'Testing forward'); sampling is `diffusion(cond)` (GuidedPolicy, Trainer.render_samples "
            "through the EMA copy): forward -> conditional_sample -> p_sample_loop -> sample_fn(self, ...) -> "
            "p_mean_variance, all inside the root's hook")
P_MEAN_AB = ("AB: p_mean_variance (public) is called only by default_sample_fn / sampling.n_step_guided_p_sample, "
             "which p_sample_loop runs inside GaussianDiffusion.forward (hooked at both levels); the only other "
             "caller, utils/colab.py's `model.conditional_sample(conditions, return_diffusion=True, ...)`, raises "
             "TypeError (default_sample_fn takes no return_diffusion) whatever the offloading. Second reading "
             "(public methods reached): true")
R_SAMPLE = ("harness diffuser_sample (diffusion(cond), predict_epsilon False as configured) and diffuser_sample_eps "
            "(--predict_epsilon True): refuted at both levels")
AH_UNET = ("AH: TemporalUnet/ValueFunction are built only as GaussianDiffusion's/ValueDiffusion's `model` (train.py, "
           "train_values.py; plan_guided.py loads them inside the diffusion), so block level does not hook the "
           "elements of their downs/ups/blocks ModuleLists (only the root's direct ModuleList/Sequential children are "
           "cut into groups): the whole unet is in the root's unmatched group, onloaded while the root's forward runs "
           "(runs refuted). In training, p_losses calls `self.model(...)` outside the root's forward and the whole "
           "unet computes offloaded at block (runs diffuser_loss/value_loss: accesses at temporal.py/helpers.py), a "
           "different cause the tool does not report (diffusion.py:214/243, recall misses); the fix this message "
           "proposes (`downs` in TemporalUnet._group_offload_block_modules) is read by diffusers only on the root")

# --- threestudio ---
THREE = ("threestudio: the system (a LightningModule: BaseLift3DSystem) is the root; geometry, material, background, "
         "renderer are its direct children (unmatched at block: onloaded only while system.forward runs); the "
         "renderers call geometry.forward/isosurface inside system.forward; `launch.py --export` runs the MeshExporter "
         "(`system.exporter_type=mesh-exporter`, README) outside it: `mesh = geometry.isosurface()`, then "
         "`geometry.export(points=gb_pos)` with gb_pos rasterized on the device (obj-mtl, the default format). At leaf "
         "the geometry's own bbox/grid/sdf are grouped on the geometry's forward. No run: tinycudann, nerfacc, "
         "nvdiffrast (CUDA) are absent")
ISO_P = ("P: BaseImplicitGeometry._isosurface's batch_func moves the grid vertices to `bbox.device` first "
         "(base.py:123, `x.to(bbox.device)`; bbox is the geometry's offloaded buffer outside its forward), so at this "
         "line the points and {what} are both on the offload device; the points then go into the hooked encoding "
         "(leaf) or the equally offloaded networks (block). Reached from isosurface() (exporter; at leaf also the "
         "rasterizer inside system.forward)")

# --- tianshou ---
TS = ("tianshou 2.0: the Algorithm (BCQ, C51, SAC: an nn.Module holding `self.policy` and its lagged/extra networks) is "
      "the root (examples/offline/d4rl_bcq.py builds `BCQ(policy=..., ...).to(args.device)` and runs "
      "algorithm.run_training); the policy is its child. Algorithm defines no forward, so at block level its "
      "unmatched group (every child) is never onloaded, and every `device = next(self.parameters()).device` / "
      "torch_device(self) returns the offload device: training and the collector's policy(batch) run wholly on it. "
      "Leaf level: each Linear (and the LSTM) is hooked on its own forward and moves its inputs; a module's own "
      "parameters are onloaded only by its own forward")
R_READ_TS = "read (the algorithms' update needs tianshou's buffers, batches and optimizer factories; not built here)"

# --- pyannote ---
PYANNOTE_AB = ("AB: the wespeaker ResNet is built only as WeSpeakerResNet34.resnet; its forward_frames/forward_embedding "
               "are called only by WeSpeakerResNet34's public forward_frames()/forward_embedding() "
               "(models/embedding/wespeaker/__init__.py:302, 322), which nothing in the tree, docs, tutorials or "
               "notebooks calls (the model's forward calls self.resnet(...)). Second reading (public methods reached): "
               "block true (the resnet is an unmatched child of WeSpeakerResNet34; the message names ResNet's "
               "_group_offload_block_modules, which diffusers does not read)")
R_WESPEAKER = ("harness wespeaker_frames_embedding (ResNet34 offloaded alone and driven as WeSpeakerResNet34.forward_frames/"
               "forward_embedding do; second reading): block confirmed at resnet.py:{at}; leaf refuted; harness "
               "wespeaker_forward (through forward): refuted at both levels")

# --- flair ---
FLAIR = ("flair: DeepNCMDecoder is a DefaultClassifier's `decoder` (tests build TextClassifier(decoder=DeepNCMDecoder(...)); "
         "ModelTrainer(model, corpus).fine_tune(..., plugins=[DeepNCMPlugin()])); forward_loss/predict call "
         "`self.decoder(...)`. Outside callers: DeepNCMPlugin.after_training_batch -> `decoder.update_prototypes()`, the "
         "tests' `model.decoder.get_closest_prototypes(v)` (v on flair.device) and `get_prototype(name)`. class_prototypes/"
         "class_counts are the decoder's own parameters (leaf: grouped on its forward; block: in the classifier's "
         "unmatched group, which no forward onloads: flair models compute through forward_loss/predict); "
         "prototype_updates/prototype_update_counts are plain tensors made on flair.device")

L = {
 1: ("false", "AB", "read (nothing calls the row's path)", TRANSDUCER_AB + ". This row: RNNPredictor.forward_step's "
     "`self.embed(input)` (predictor.py:198; conformer_rnnt.yaml's rnn predictor), reached from greedy_search / "
     "prefix_beam_search and forward_predictor_step"),
 2: ("true", "", PARA + "block confirmed (encoder.global_cmvn at cmvn.py:44/46, encoder layers at paraformer/"
     "attention.py and layers.py, from paraformer.py:290); leaf refuted",
     WENET + ". Paraformer.decode -> _forward_paraformer -> _forward_encoder calls `self.encoder(features, ...)` "
     "(paraformer.py:290) with LFR features of the device feats"),
 3: ("false", "BB", "read (threestudio not buildable here; the condition is read off the code)",
     THREE + ". BB: CustomMesh.configure always sets `self.mesh = Mesh(v_pos=..., t_pos_idx=...)` (or raises for an "
     "unknown shape_init), so isosurface()'s first branch (`if hasattr(self, 'mesh'): return self.mesh`) always "
     "returns and the `elif hasattr(self, 'v_buffer')` branch with this line (custom_mesh.py:144) never runs"),
 4: ("false", "AB", R_SAMPLE, DIFFUSER + ". " + P_MEAN_AB + ". This row: q_posterior's `posterior_variance` "
     "(diffusion.py:142)"),
 5: ("false", "P", "read", THREE + ". " + ISO_P.format(what="bbox") + ". This row: ImplicitSDF.forward_field's "
     "`contract_to_unisphere(points_unscaled, self.bbox, ...)` (implicit_sdf.py:349; Fantasia3D's geometry)"),
 6: ("true", "", STREAM + "block confirmed (encoder.global_cmvn at cmvn.py:44/46, embed convs at subsampling.py:224, "
     "encoder layers, after_norm at encoder.py:292 in forward_chunk, reached from forward_chunk_by_chunk); leaf "
     "refuted (the pe-derived pos_emb only moved by a hook)",
     WENET + ". With --simulate_streaming and a decoding chunk size (recognize.py options; streaming u2++ models), "
     "_forward_encoder calls `self.encoder.forward_chunk_by_chunk(...)` (asr_model.py:227) outside the root's forward"),
 7: ("false", "AB", R_SAMPLE, DIFFUSER + ". " + P_MEAN_AB + "; moreover predict_start_from_noise reads the buffer only "
     "with predict_epsilon True (config/locomotion.py sets False). This row: `sqrt_recip_alphas_cumprod` "
     "(diffusion.py:131)"),
 8: ("true", "", STREAM + "block confirmed (encoder.global_cmvn.mean/istd at cmvn.py:44/46 from forward_chunk)",
     WENET + ". BaseEncoder.forward_chunk, reached from forward_chunk_by_chunk (asr_model.py:227, --simulate_"
     "streaming), calls `self.global_cmvn(xs)` (encoder.py:251) with the device chunk; global_cmvn's mean/istd are "
     "in the root's unmatched group (as the message says: ASRModel's)"),
 9: ("false", "P", "read", THREE + ". " + ISO_P.format(what="the grid (F.grid_sample inside get_trilinear_feature; "
     "VolumeGrid's own parameter)") + ". This row: `self.get_trilinear_feature(points, self.grid)` (volume_grid.py:153)"),
 10: ("true", "", "harness diffuser_loss (Trainer.train's loss(*batch), device batch): confirmed at both levels "
      "(sqrt_alphas_cumprod / sqrt_one_minus_alphas_cumprod gathered with the device t at helpers.py:126, from "
      "q_sample); diffuser_loss_eps the same",
      DIFFUSER + ". loss -> p_losses -> q_sample: `extract(self.sqrt_one_minus_alphas_cumprod, t, x_start.shape)` "
      "(diffusion.py:203), a root buffer gathered with t made on x.device (block: root's unmatched group; leaf: the "
      "root's own group), every training step"),
 11: ("true", "", "harness pixelnerf_eval_real (eval_real.py/eval_approx.py: net.encode(image, pose, focal) without c, "
      "then the renderer's net(xyz, coarse, viewdirs)): confirmed at both levels (the c derived from image_shape meets "
      "the device uv at models.py:210); harness pixelnerf_eval (c given, eval.py/gen_video.py/train.py): refuted",
      "pixel-nerf's eval scripts build PixelNeRFNet (the root; the script holds it and a _RenderWrapper) and call "
      "`net.encode(...)` outside its forward. Without a principal point (eval/eval_real.py:141, eval_approx.py:128), "
      "encode computes `c = (self.image_shape * 0.5)` (models.py:134) from the offloaded root buffer and stores it as "
      "self.c, a new tensor no group holds; forward then adds it to the device uv (models.py:210) (block, leaf)"),
 12: ("false", "AB", R_WESPEAKER.format(at="390 (seg_1)"), PYANNOTE_AB + ". This row: `self.seg_1(stats)` (resnet.py:390)"),
 13: ("false", "BC", "harness pixelnerf_eval (encode with c, then forward): refuted at both levels (block: only the "
      "latent.device read at encoder.py:125); harness pixelnerf_eval_real: no access at encoder.py:103",
      "BC (new): SpatialEncoder.forward reassigns `self.latent = torch.cat(latents, dim=1)` (encoder.py:158; "
      "latent_scaling likewise): the registered buffer's name now holds a tensor computed during forward, which the "
      "leaf-level group (a fixed list of the tensors present when offloading was applied) never moves, so index() "
      "reads it on the compute device. At block the encoder is PixelNeRFNet's unmatched child, and index() runs only "
      "inside PixelNeRFNet.forward, whose group moves the encoder's current buffers (AH). This row: "
      "`F.grid_sample(self.latent, uv, ...)` (encoder.py:103)"),
 14: ("true", "", "harness deepncm_closest (a training step through the decoder's forward, then "
      "get_closest_prototypes(v) with v on the device): confirmed at both levels (class_prototypes in torch.cdist at "
      "decoder.py:230)", FLAIR + ". get_closest_prototypes -> _calculate_distances: `torch.cdist(encoded_embeddings, "
      "self.class_prototypes)` (decoder.py:230) with the caller's device vector (the tests)"),
 15: ("false", "A", R_READ_TS, TS + ". A: BCQ._update_with_batch places its batch with `next(self.parameters()).device` "
      "(bcq.py:196), the offload device at block, so `self.policy.vae(obs, act)` (bcq.py:202) computes wholly there "
      "(no compute-device tensor meets it; the collector's BCQPolicy.forward does the same)"),
 16: ("true", "", "harness wenet_sensevoice_decode (SenseVoiceSmall as the hub model builds it, small; decode with "
      "device feats): block confirmed (embed.weight at sensevoice_small_model.py:272, 276, 281; global_cmvn first at "
      "cmvn.py:44); leaf refuted",
      WENET + ". SenseVoiceSmall.decode (recognize.py's decode with the hub's sensevoice_small model) calls "
      "`self.embed(torch.LongTensor(...).to(speech.device))` (sensevoice_small_model.py:272): embed is an unmatched "
      "child of the root (the CLI's transcribe places the speech with the offloaded first parameter's device and runs "
      "wholly on the offload device at block)"),
 17: ("false", "AB", R_SAMPLE, DIFFUSER + ". " + P_MEAN_AB + "; only with predict_epsilon True. This row: "
      "`sqrt_recipm1_alphas_cumprod` (diffusion.py:132)"),
 18: ("false", "A", R_READ_TS, TS + ". A: as row 15, `self.policy.critic(obs, act)` (bcq.py:239) with the batch placed "
      "on the offload device: the whole update computes there at block"),
 19: ("false", "AB", "read (nothing calls the row's path)", TRANSDUCER_AB.split(" Second reading")[0] + " Moreover "
      "ConvPredictor is built only with `predictor: conv`, which no shipped config sets (a C even when counted "
      "reached). This row: ConvPredictor.forward_step's `self.norm(out)` (predictor.py:491)"),
 20: ("true", "", SQUEEZE + "block confirmed (encoder.embed's convs at squeezeformer/subsampling.py:85, 87, 93, from "
      "encoder.py:317); leaf refuted",
      WENET + ". SqueezeformerEncoder.forward_chunk (forward_chunk_by_chunk, --simulate_streaming; the u2++ "
      "squeezeformer config is streaming) calls `self.embed(xs, tmp_masks, offset)` (encoder.py:317): the encoder is "
      "the root's unmatched child (the message judges SqueezeformerEncoder as the root; its fix names that class)"),
 21: ("true", "", "harness wenet_transducer_train (example_embedding_predictor.yaml, small; training forward): leaf "
      "confirmed (pos_embed.weight-derived multi_head_pos meets the device input at predictor.py:319); block refuted",
      WENET + ". The Transducer's training forward calls the EmbeddingPredictor (`predictor: embedding`, "
      "examples/aishell/rnnt/conf/example_embedding_predictor.yaml), whose forward reads `self.pos_embed.weight` "
      "(predictor.py:308) without calling the Linear (leaf)"),
 22: ("false", "A", "read", THREE + ". A: at block the exporter's isosurface() (outside system.forward) runs "
      "`self.isosurface_helper(self.sdf, self.deformation)` (tetrahedra_sdf_grid.py:241) with the helper's buffers, "
      "sdf and deformation all in the offloaded group: everything at the line is on the offload device (the renderer's "
      "call inside system.forward is onloaded); create_from's `other.isosurface()` runs at configure, before offloading"),
 23: ("true", "", "read", THREE + ". MeshExporter (obj-mtl) rasterizes the isosurface mesh on the device and calls "
      "`geometry.export(points=gb_pos)`: ImplicitVolume.export computes `contract_to_unisphere(points_unscaled, "
      "self.bbox)` (implicit_volume.py:229) with the offloaded bbox (block: the geometry in the system's unmatched "
      "group; leaf: the geometry's own group) and device points (the NeRF stage's documented --export)"),
 24: ("true", "", "harness deepncm_update (a training step, then update_prototypes() as DeepNCMPlugin does): confirmed "
      "at both levels (class_counts/class_prototypes indexed by the device mask and combined with the device updates "
      "at decoder.py:255-260)", FLAIR + ". update_prototypes (DeepNCMPlugin.after_training_batch, every batch) "
      "combines `self.class_prototypes[update_mask]` (decoder.py:257) with prototype_updates on flair.device"),
 25: ("false", "P", R_READ_TS, TS + ". P: `self.policy.vae.decode(obs_next)` (bcq.py:217) relays VAE.decode's device "
      "read (row 49): at leaf the latent is placed on the offload device, and obs_next was placed there too (BCQ's own "
      "device read, bcq.py:196); both only enter the hooked decoder Linear, which moves them"),
 26: ("true", "", SQUEEZE + "block confirmed (the pe-derived pos_emb in compute at squeezeformer/attention.py:225, from "
      "encoder.py:322); leaf: only moved by a hook",
      WENET + ". forward_chunk then calls `self.embed.position_encoding(...)` (encoder.py:322), which reads the "
      "offloaded pe buffer (block); its value meets the device activations in the relative-position attention"),
 27: ("true", "", DEC + "block confirmed (decoder.left_decoder.embed at decoder.py:248 in forward_one_step, from "
      "search.py's attention_beam_search); leaf refuted",
      WENET + ". decode's 'attention' mode runs attention_beam_search -> `model.decoder.forward_one_step(...)` -> "
      "BiTransformerDecoder -> left_decoder.forward_one_step: `self.embed(tgt)` (decoder.py:248) with device "
      "hypotheses; the decoder is the root's unmatched child (the message judges BiTransformerDecoder the root)"),
 28: ("false", "AH", "harness diffuser_sample: refuted at both levels (TemporalUnet inside the root's forward)",
      DIFFUSER + ". " + AH_UNET + ". This row: `self.downs[i][i](...)` (temporal.py:126)"),
 29: ("true", "", "read", THREE + ". CustomMesh is the geometry with `geometry_type: custom-mesh` (the documented "
      "alternative in configs/fantasia3d-texture.yaml: '# If using custom mesh'); the exporter's "
      "`geometry.export(points=gb_pos)` runs `contract_to_unisphere(points_unscaled, self.bbox)` (custom_mesh.py:168) "
      "with the offloaded bbox and the device points (block, leaf)"),
 30: ("false", "AB", "read (nothing calls the row's path)", TRANSDUCER_AB + ". This row: EmbeddingPredictor.forward_step's "
      "`self.pos_embed.weight` (predictor.py:355)"),
 31: ("false", "AB", "read (nothing calls the row's path)", TRANSDUCER_AB + ". This row: _cal_attn_score's "
      "`self.decoder(...)` (transducer.py:205), reached only from transducer_attention_rescoring"),
 32: ("false", "P", "harness ts_critic (default ContinuousCritic, obs and act) and ts_critic_obs_only (the highlevel "
      "API's actor-shared preprocess, V(s) without an action): refuted at both levels (the placed obs/act only moved "
      "by the hooked Linears)", TS + ". P: ContinuousCritic.forward places obs and act with torch_device(self) "
      "(continuous.py:151; the offload device at leaf) and passes them (concatenated) only into the hooked preprocess "
      "net and last MLP. With apply_preprocess_net_to_obs_only (highlevel/module/critic.py) and an action, the "
      "concatenation after the preprocess fails on its size whatever the offloading; the V(s) critics call it without one"),
 33: ("false", "P", "read", THREE + ". " + ISO_P.format(what="bbox") + ". This row: ImplicitVolume.forward_density's "
      "`contract_to_unisphere(points_unscaled, self.bbox, ...)` (implicit_volume.py:200)"),
 34: ("true", "", R_READ_TS, TS + ". C51._target_q returns `self.policy.support.repeat(...)` (c51.py:121), C51Policy's "
      "own parameter, offloaded outside the policy's forward at leaf; compute_nstep_return copies it to numpy but also "
      "takes its device for `batch.returns` and `batch.weight` (algorithm_base.py:811-815: to_torch_as), which then "
      "meet the device logits in _target_dist (c51.py:138-142) and the device cross-entropy in _update_with_batch "
      "(leaf; at block everything runs on the offload device)"),
 35: ("false", "BD", "read (DDP training: multi_gpu under launch_distributed)",
      "BD (new): ModelTrainer.train_custom with multi_gpu patches `self.model.forward = wrapped_forward_loss` "
      "(trainer.py:694) only so that DistributedDataParallel's __call__ reaches forward_loss; the patch restores the "
      "saved forward before computing. flair models compute only through forward_loss/predict (DefaultClassifier has no "
      "forward), so a forward hook never covers them, in this branch and equally in the single-GPU branch "
      "(trainer.py:700 calls forward_loss directly): the replacement is not where weights are missed, and the fix the "
      "message proposes (call the saved forward) calls a forward the model does not implement"),
 36: ("false", "AP", "read", THREE + ". AP: `self.isosurface_helper` is created lazily by isosurface() itself "
      "(base.py:_initilize_isosurface_helper, `.to(self.device)`), after offloading was applied: in the exporter's "
      "first isosurface() it is on the compute device with the device grid vertices and level; where the rasterizer "
      "created it inside system.forward (Fantasia3D), it has since moved with the geometry's group and the export's "
      "`self.isosurface_helper(level, deformation)` (base.py:158) runs wholly on the offload device"),
 37: ("true", "", R_READ_TS, TS + ". C51._target_dist computes `(target_support.unsqueeze(1) - "
      "self.policy.support.view(1, -1, 1))...* next_dist.unsqueeze(1)` (c51.py:138-142): the offloaded support "
      "(leaf) meets next_dist, the device logits of `self.policy(obs_next_batch)`"),
 38: ("true", "", "harness wenet_effic_streaming (train_u2++_efficonformer_v1_stream.yaml, small; decode with "
      "simulate_streaming): block confirmed (encoder.global_cmvn at cmvn.py:44/46 from forward_chunk) before the call "
      "stops at efficient_conformer/encoder.py:401 (ValueError: a tensor att_cache where the attention expects a tuple: "
      "this version's streaming path fails whatever the offloading); leaf untriggered (the same error)",
      WENET + ". EfficientConformerEncoder.forward_chunk (--simulate_streaming) calls `self.global_cmvn(xs)` "
      "(efficient_conformer/encoder.py:353). Label risk: in this version the streaming path raises a few lines later "
      "without offloading (second reading 3)"),
 39: ("true", "", SQUEEZE + "block confirmed (time_recover_layer at encoder.py:366)",
      WENET + ". forward_chunk's `self.time_recover_layer(xs)` (squeezeformer/encoder.py:366)"),
 40: ("true", "", SQUEEZE + "block confirmed (time_reduction_layer's dw/pw convs at squeezeformer/subsampling.py:306-307, "
      "from encoder.py:354)", WENET + ". forward_chunk's `self.time_reduction_layer(...)` (squeezeformer/encoder.py:354)"),
 41: ("false", "AB", R_WESPEAKER.format(at="363 (conv1, bn1)"), PYANNOTE_AB + ". This row: `self.bn1(self.conv1(fbank))` "
      "(resnet.py:363)"),
 42: ("true", "", DEC + "block confirmed (encoder.global_cmvn at cmvn.py:44/46, embed convs at subsampling.py:224-226, "
      "encoder layers, after_norm at encoder.py:177, from asr_model.py:233); leaf refuted",
      WENET + ". decode -> _forward_encoder calls `self.encoder(speech, speech_lengths, ...)` (asr_model.py:233) with "
      "recognize.py's device feats"),
 43: ("true", "", PARA + "block confirmed (predictor.predictor.cif_conv1d/cif_output at cif.py:67/75, tp_blstm/"
      "tp_upsample_cnn/tp_output at paraformer.py:87-89)", WENET + ". _forward_paraformer's `self.predictor(encoder_out, "
      "mask=...)` (paraformer.py:342)"),
 44: ("false", "AH", "harness diffuser_sample: refuted at both levels", DIFFUSER + ". " + AH_UNET + ". This row: "
      "`self.ups[i][i](...)` (temporal.py:138)"),
 45: ("false", "A", "harness deepncm_get_prototype (a training step, then get_prototype(name) and the test's type/shape "
      "checks): untriggered at both levels (the clone is returned on the offload device; nothing computes with it)",
      FLAIR + ". A: get_prototype returns `self.class_prototypes[class_idx].clone()` (decoder.py:314), offloaded; its "
      "only caller (tests/models/test_deepncm_classifier.py:107) checks isinstance and shape: the value never leaves the "
      "offload device"),
 46: ("false", "A", R_READ_TS, TS + ". A: as row 15, `self.policy.actor_perturbation(obs, sampled_act)` (bcq.py:248)"),
 47: ("false", "AL", "read (the row's branch is taken only by the ONNX export wrappers)",
      "AL: PositionalEncoding.position_encoding's batched branch `F.embedding(index, self.pe[0])` (embedding.py:114) "
      "runs only with a non-scalar tensor offset; in the tree only wenet/bin/export_onnx_gpu.py's streaming wrappers "
      "pass one (`self.embed.position_encoding(index, ...)`), tracing the model on the host for torch.onnx.export, with "
      "no offloading; every decoding path passes an int offset (line 103). (The message's caller, paraformer's "
      "subsampling.py:50, adds 1 to whatever offset it gets: an int in forward_chunk)"),
 48: ("true", "", DEC + "block confirmed (decoder.left_decoder.decoders.0's attention and feed-forward at decoder_layer.py:"
      "104-148 and attention.py, from forward_one_step; harness wenet_decode_attention (the 'attention' mode alone): the "
      "same)", WENET + ". left_decoder.forward_one_step calls `decoder(x, tgt_mask, memory, memory_mask, cache=c)` for "
      "each of `self.decoders` (decoder.py:262)"),
 49: ("false", "P", R_READ_TS, TS + ". P: VAE.decode without a latent places it with torch_device(self) (continuous.py:484; "
      "the offload device at leaf) and concatenates it with the state, which both callers placed on the offload device "
      "too (BCQ._update_with_batch, bcq.py:196; BCQPolicy.forward, bcq.py:100), then passes it only into the hooked "
      "decoder Linear"),
 50: ("false", "AB", "read (nothing calls the row's path)", TRANSDUCER_AB + ". This row: forward_joint_step's "
      "`self.joint(enc_out, pred_out)` (transducer.py:469), a jit-export step"),
 51: ("false", "P", "read", THREE + ". " + ISO_P.format(what="bbox") + ". This row: VolumeGrid.forward_density's "
      "`contract_to_unisphere(points_unscaled, self.bbox, ...)` (volume_grid.py:150)"),
 52: ("true", "", PARA + "block confirmed (decoder.* at paraformer/layers.py:312-467 and attention.py:152-193)",
      WENET + ". _forward_paraformer's `self.decoder(encoder_out, encoder_out_mask, acoustic_embed, token_num)` "
      "(paraformer.py:349)"),
 53: ("false", "AB", "read (k2/icefall absent; nothing calls the method)",
      "AB: K2Model._calc_lfmmi_loss is reached only from K2Model._forward_ctc, and nothing calls K2Model._forward_ctc: "
      "ASRModel.forward calls `self.ctc(...)` directly, and the only `self._forward_ctc(...)` caller is "
      "Paraformer.forward (paraformer.py:191), on a Paraformer. The LF-MMI training that run.sh describes in comments "
      "(stage 9: 'model: k2_model') therefore never runs this loss. This row: `self.ctc.log_softmax(encoder_out)` "
      "(k2/model.py:105)"),
 54: ("false", "AB", R_WESPEAKER.format(at="393 (seg_bn_1)"), PYANNOTE_AB + ". This row: `self.seg_bn_1(out)` (resnet.py:393)"),
 55: ("false", "AH", "harness value_forward (ValueDiffusion forward, as ValueGuide calls it): refuted at both levels; "
      "harness value_loss: block accesses on model.blocks.* (the unreported p_losses call)", DIFFUSER + ". " + AH_UNET
      + ". This row: ValueFunction's `self.blocks[i][i](...)` (temporal.py:222)"),
 56: ("true", "", "harness wenet_transcribe (the CLI's transcribe: compute_feature's CPU features, the detokenizer "
      "stood in): leaf confirmed (masks placed with the offloaded first parameter's device meet device activations at "
      "mask.py:188 and convolution.py:120/151); block refuted (the whole call runs on the offload device)",
      WENET + ". ASRModel.transcribe (wenet/cli/transcribe.py) places speech and lengths with `next(self.parameters())."
      "device` (asr_model.py:350), the offload device: at leaf the hooked layers move the features but the length masks "
      "stay there and meet the device activations (leaf)"),
 57: ("false", "P", "harness ts_mlp: refuted at both levels (obs placed with model.0.weight's device, moved by the "
      "hooked Linear)", TS + ". P: MLP.forward places obs with torch_device(self) (common.py:174) and passes it only into "
      "self.model, whose first layer (a hooked Linear, or a linear_layer module with its own parameters) moves it"),
 58: ("false", "Y", "read (SAC's update needs tianshou's buffers and optimizer factories)",
      "Y: AutoAlpha (sac.py:176; SAC's `alpha` when auto-tuned) keeps one 0-dim parameter, `_log_alpha`; at leaf it is "
      "grouped on AutoAlpha.forward, which does not exist, so it stays on the offload device, but update() only "
      "multiplies it with the device entropy (a 0-dim CPU tensor may meet CUDA tensors) and value() takes `.item()`"),
 59: ("true", "", "harness ts_recurrent_critic (test/base/test_utils.py's RecurrentCritic(data, act)): leaf confirmed (act "
      "placed with nn.weight_ih_l0's device meets the LSTM's device output in torch.cat at continuous.py:374); block "
      "refuted", TS + ". RecurrentCritic.forward places obs and act with torch_device(self) (continuous.py:355): the "
      "LSTM's hook moves obs, and the offload-device act is concatenated with its device output (leaf; the unit test "
      "builds and calls it)"),
 60: ("true", "", "harness ts_icm (IntrinsicCuriosityModule(feature_net=MLP, ...)(s1, act, s2)): leaf confirmed (the "
      "one-hot of the offload-placed act meets the device features in torch.cat at discrete.py:424); block refuted",
      TS + ". IntrinsicCuriosityModule.forward places s1, s2 and act with torch_device(self) (discrete.py:418): the "
      "feature net's hooks move s1/s2, and `F.one_hot(act)` on the offload device is concatenated with the device phi1 "
      "(leaf; ICM wrappers in examples/atari/atari_sac.py, vizdoom_ppo.py and the ICM tests)"),
}

out = {str(k): {"label": v[0], "cause": v[1], "runtime": v[2], "why": v[3]} for k, v in L.items()}
API = {1, 4, 7, 12, 17, 30, 31, 41, 50, 54}  # AB rows whose entry is a public method (second reading: reached)
for number in API:
    out[str(number)]["api"] = True
Path(__file__).with_name("labels.json").write_text(json.dumps(out, indent=1))
print(len(out), "labels;", sum(v["label"] == "true" for v in out.values()), "true;",
      sum(v["label"] == "C" for v in out.values()), "C")
