"""Labels of the round o draw (docs/triage-issue22-o.md), in draw order; writes labels.json next to this file.
Each: (label, cause, runtime, why). "C": harmless in every configuration the corpus ships but a hazard under an option
nothing in the tree sets (lenient counts it true). Rows are judged each on its own (round k's rule). Runtime texts name
the harness of benchmarks/triage22o_cases.py whose JSON is in runtime/, or say "read" with the reason no run was made.
No row is AB, so the second reading (public methods nothing calls counted reached) changes nothing."""
import json
from pathlib import Path

READ = "read"

# --- vq-vae-2-pytorch ---
VQ_ROOT = ("VQVAE has no ModuleList/Sequential direct child: at block level enc_b, enc_t, quantize_conv_t, quantize_t, "
           "dec_t, quantize_conv_b, quantize_b, upsample_t, dec all sit in the root's unmatched group, onloaded only "
           "by VQVAE.forward")
VQ_ENC = (VQ_ROOT + ". extract_code.py (README step 2) calls `model.encode(img)` with `img.to(device)`, outside the "
          "forward: each child meets the device batch (or the previous child's output) with offloaded weights (block)")
VQ_DEC = (VQ_ROOT + ". sample.py (README step 4) calls `model_vqvae.decode_code(top_sample, bottom_sample)` with codes "
          "PixelSNAIL sampled on the device, outside the forward: decode_code -> embed_code / decode (block)")
R_VQ_ENC = ("harness vqvae_encode (extract_code.py's call): block confirmed at every child of encode (enc_b/enc_t "
            "vqvae.py:126, quantize_conv_t :208, quantize_t/_b :44-45, dec_t :161, quantize_conv_b :216); leaf refuted")
R_VQ_DEC = ("harness vqvae_decode_code (sample.py's call): block confirmed (quantize_t/_b.embed via F.embedding "
            "vqvae.py:77, upsample_t :224, dec :161); leaf confirmed (embed at :77)")

# --- waveglow ---
WG_WN = ("waveglow's WN wraps its convs in the legacy `torch.nn.utils.weight_norm`, whose forward pre-hook computes "
         "`weight` from `weight_g`/`weight_v` before the conv's leaf hook (on the replaced forward) onloads them; "
         "train.py (README: `python train.py -c config.json`) trains WaveGlow with the weight norm in place "
         "(inference.py removes it after loading, training does not): at leaf level the conv meets the device input "
         "with a weight on the offload device")
R_WG_TRAIN = "harness waveglow_train (train.py's call, training mode): block refuted; leaf confirmed at "

# --- BigGAN ---
BG_G = ("BigGAN's Generator keeps `self.blocks = nn.ModuleList([nn.ModuleList([GBlock...]), ...])`: block level hooks "
        "each element of `blocks` (an inner ModuleList) as a group whose onload leader is that ModuleList, whose "
        "forward nothing calls (forward iterates the inner lists and calls each GBlock), so the GBlocks' weights stay "
        "offloaded and meet the device activations. sample.py builds G alone (`G = model.Generator(**config)`) and "
        "samples with `G(z_, G.shared(y_))` (utils.sample): G is a root")
BG_D = ("BigGAN's Discriminator keeps `self.blocks` as a ModuleList of ModuleLists (forward calls each inner block): "
        "block level hooks each inner ModuleList, never called, so the DBlocks' weights stay offloaded. train.py builds "
        "`D = model.Discriminator(**config).to(device)` (where offloading would replace the move) and trains it "
        "through G_D (`D_out = self.D(D_input, D_class)`): with D a root the break is in its own forward. Second "
        "reading: with G_D as the only root (D its unmatched child, onloaded by G_D.forward) the row is false")

# --- pytorch-a2c-ppo-acktr-gail ---
A2C_ROOT = ("a2c-ppo-acktr-gail's main.py builds `actor_critic = Policy(...)` and moves it with "
            "`actor_critic.to(device)` (where offloading would replace the move); Policy.forward raises "
            "NotImplementedError, so at block level `base` and `dist` (unmatched children) are never onloaded; the "
            "vectorised envs (VecPyTorch) return observations on the device")
R_A2C = "harness {h}: block confirmed (base at model.py:226-229, dist.linear at distributions.py:72); leaf refuted"

# --- spinningup ---
SPIN_A = ("spinningup's PyTorch algorithms never name a device: observations are `torch.as_tensor(o)` (CPU) and "
          "results are taken with `.numpy()`; at block level every child of the forward-less MLPActorCritic sits in "
          "the root's group, on the offload device (CPU), so the call computes wholly on the CPU and no offloaded "
          "weight meets a compute-device tensor")
R_SPIN = ("harness spinup_ppo_step (ppo.py's `ac.step(torch.as_tensor(o))`): the block 'confirmed' is an artifact of "
          "the tracking backend, which takes the call's CPU observation for a compute-device input (on a GPU machine it "
          "is on the offload device)")

# --- rl_games ---
RL_GMS = ("rl_games' GeneralizedMovingStats is built by A2CBase (a plain object) as `advantage_mean_std` "
          "(a2c_common.py:475) with the default impl 'mean_std'; diagnostics.py:35 calls `get_mean_std()` outside the "
          "forward")
RL_L = (RL_GMS + ": `_get_stats` combines only the module's own buffers (mean, sqrs: all on the offload device, with "
        "Python floats), and the caller stores `.detach()`ed values that send_info copies to the host "
        "(`v.cpu().numpy()`): nothing meets a compute-device tensor (L)")
RL_AM = (RL_GMS + ": this branch needs impl '{impl}', which no caller passes (a2c_common.py builds the default "
         "'mean_std'; models.py imports the class without building it): AM")
R_RL = "harness rl_moving_stats (the default impl, diagnostics' call and host copy): block and leaf refuted"

# --- nanodet ---
NANO_AZ = ("nanodet's heads call `self.distribution_project(...)`, an Integral whose forward reads its buffer as "
           "`F.linear(x, self.project.type_as(x))` (gfl_head.py:66): `Tensor.type_as(x)` is `self.type(x.type())`, and "
           "for a CUDA x that type is 'torch.cuda.FloatTensor', so the buffer is copied to x's device before the "
           "linear (probes_output.txt: on this CPU build `.type('torch.cuda.FloatTensor')` tries to initialise CUDA and "
           "`type_as(meta)` returns a meta tensor): no break at any level (AZ)")
R_NANO = ("harness nanodet_integral (Integral's code copied verbatim into a stand-in head of a stand-in detector, "
          "called after the detector's forward as inference() does): block 'confirmed' at the type_as itself, on the "
          "tracking and the fake-cuda backend alike: the confirmer counts the cast as a compute access; the value it "
          "returns is on the input's device (see why)")

# --- SlowFast ---
SF_REV = ("SlowFast's MViT with MVIT.REV.ENABLE (configs/Kinetics/REV_MVIT_B_16x4_CONV.yaml, configs/ImageNet/REV_*) "
          "holds `rev_backbone = ReversibleMViT(cfg, self)`, an unmatched child of the root whose subtree (the "
          "`layers` ModuleList is no direct child of MViT) is onloaded only while MViT.forward runs. In training "
          "RevBackProp.backward (autograd, after the forward has returned and the group is offloaded again) calls "
          "each block's backward_pass, which recomputes `self.G(Y_1)` / `self.F(X_2)` with the offloaded weights and "
          "the device activations (block)")
R_SF_REV = ("harness slowfast_rev (two real ReversibleBlocks in an MViT-like holder, RevBackProp, backward): refuted at "
            "both levels, but the tracking backend does not observe accesses inside autograd backward (probes/probe_bw.py: "
            "a layer recomputed in a custom Function.backward is refuted, the same call after backward confirmed): read")
SF_MEM = ("SlowFast's ContrastiveModel with CONTRASTIVE.TYPE 'mem' (defaults.py's default; the four shipped "
          "contrastive_ssl configs set moco/simclr/swav/byol, each commenting '# default mem') and MEM_TYPE '1d' "
          "builds `self.memory = Memory1D(...)` and reads it in its forward with `self.memory.get(clip_ind, ...)` "
          "(device indices): Memory1D owns the `memory` buffer and has no forward, so at leaf level the buffer "
          "(grouped on Memory1D) is never onloaded and `torch.index_select(self.memory, 0, ind)` meets CUDA indices")
R_SF_MEM = ("harness slowfast_mem_train (the real Memory1D/Memory in a stand-in ContrastiveModel whose forward makes "
            "the 'mem' calls; slowfast's heavy imports stubbed): block refuted; leaf confirmed (memory.memory via "
            "index_select at contrastive.py:1008/1012)")
SF_AM = ("only with CONTRASTIVE.INTERP_MEMORY True (default False, no config sets it) and a 2-D Memory as `self.memory` "
         "(MEM_TYPE '2d', default '1d'); the knn memory (a Memory) is always called with interp=False (knn_mem_update): "
         "the interp branch is never taken (AM)")
SF_AI = ("SlowFast's SubBatchNorm3d.aggregate_stats (train_net.py:710 via misc.aggregate_sub_bn_stats, multigrid "
         "short-cycle with BN.NORM_TYPE sub_batchnorm) combines `split_bn.running_mean/var` (offloaded) only with each "
         "other and stores the result as `self.bn.running_mean.data`/`running_var.data`, a sibling buffer on the same "
         "offload device, which bn's hook onloads later: no compute-device tensor is met (AI). (With use_stream the "
         "pinned copy would be restored on the next onload, silently dropping the aggregate: not a device error)")

L = {
 1: ("false", "AM", READ, "Memory.get's interpolating branch (contrastive.py:926) runs " + SF_AM),
 2: ("false", "S", READ, "stargan's Solver.build_model (called from Solver.__init__) builds G and D and moves them to "
     "the device in the same method, before anything could offload them: OFL207 on a move made for a component just "
     "built (S). This row: `self.G.to(self.device)` (solver.py:86)"),
 3: ("true", "", R_VQ_DEC, VQ_DEC + ". This row: decode's `self.dec(quant)` (vqvae.py:226)"),
 4: ("true", "", R_VQ_ENC, VQ_ENC + ". This row: `self.quantize_t(quant_t)` (vqvae.py:209): `flatten @ self.embed` "
     "at :45"),
 5: ("true", "", R_VQ_DEC, "Quantize.embed_code (vqvae.py:77) reads the `embed` buffer outside Quantize.forward when "
     "VQVAE.decode_code calls it (sample.py's call, device codes): at leaf level the buffer is grouped on Quantize "
     "(onloaded only by its forward), at block level on VQVAE's unmatched group: `F.embedding(device ids, embed.T)` "
     "breaks at both levels"),
 6: ("true", "", "harness biggan_d (Discriminator, resolution 32, D_ch 4): block confirmed (blocks.0.0.conv1 at "
     "layers.py:111); leaf refuted", BG_D + ". This row: BigGAN.py:397 `block(h)`"),
 7: ("true", "", R_VQ_ENC, VQ_ENC + ". This row: `self.enc_t(enc_b)` (vqvae.py:206)"),
 8: ("true", "", R_SF_REV, SF_REV + ". This row: `self.G(Y_1)` (reversible_mvit.py:547)"),
 9: ("false", "A", READ, SPIN_A + ". This row: exercise1_2_auxiliary.py:50 `self.v(obs)` in ExerciseActorCritic.step "
     "(exercise1_2.py runs ppo with it)"),
 10: ("true", "", "harness biggan_g (Generator, resolution 32, G_ch 4, hier): block confirmed (blocks.0.0.bn1.gain "
      "at layers.py:316, convs at :111; also `G.shared(y)` outside forward, see Recall); leaf refuted",
      BG_G + ". This row: BigGAN.py:248 `block(h, ys[index])`"),
 11: ("false", "AM", R_RL + " (the default impl; this branch not run)", RL_AM.format(impl="min_max") +
      ". This row: `self.high` (moving_mean_std.py:68)"),
 12: ("true", "", "harness nanodet_transformer (TransformerBlock, dim 8, 2 heads): block refuted; leaf confirmed "
      "(encoders.0.attn.out_proj.weight/bias in F.multi_head_attention_forward at transformer.py:83)",
      "nanodet's TAN neck (config/legacy_v0.x_configs/Transformer/nanodet-t.yml, shipped) holds TransformerBlock -> "
      "TransformerEncoder with nn.MultiheadAttention, whose forward hands `out_proj.weight/bias` to "
      "F.multi_head_attention_forward without calling out_proj (a Linear, a leaf group of its own): offloaded at leaf "
      "level (transformer.py:67)"),
 13: ("true", "", R_VQ_DEC, VQ_DEC + ". This row: `self.quantize_b.embed_code(code_b)` (vqvae.py:233)"),
 14: ("true", "", R_WG_TRAIN + "cond_layer (glow.py:159, weight derived from WN.0.cond_layer.weight_g/_v)",
      WG_WN + ". This row: `cond_layer` (glow.py:133)"),
 15: ("true", "", R_VQ_ENC, VQ_ENC + ". This row: `self.quantize_conv_t(enc_t)` (vqvae.py:208)"),
 16: ("true", "", R_A2C.format(h="a2c_evaluate (ppo.py's evaluate_actions call)"), A2C_ROOT + ". PPO.update "
      "(algo/ppo.py) calls `evaluate_actions(obs_batch, ...)` with device batches: `self.base(...)` (model.py:73)"),
 17: ("C", "", R_SF_MEM, SF_MEM + ". This row: OFL205 on Memory1D (contrastive.py:990). C: the 'mem' type is the "
      "defaults.py default but no shipped config uses it"),
 18: ("false", "S", READ, "as row 2: `self.D.to(self.device)` (solver.py:87), D built in the same method"),
 19: ("true", "", R_A2C.format(h="a2c_evaluate"), A2C_ROOT + ". evaluate_actions' `self.dist(actor_features)` "
      "(model.py:74; judged on its own: the features on the device, dist.linear offloaded)"),
 20: ("true", "", R_VQ_ENC, VQ_ENC + ". This row: `self.enc_b(input)` (vqvae.py:205)"),
 21: ("true", "", R_WG_TRAIN + "res_skip_layers (glow.py:168)", WG_WN + ". This row: `res_skip_layers` (glow.py:150)"),
 22: ("false", "A", R_SPIN, SPIN_A + ". This row: MLPCategoricalActor._distribution `self.logits_net(obs)` "
      "(ppo/core.py:73)"),
 23: ("false", "AM", READ, "Memory.update's interpolating branch (contrastive.py:948) runs " + SF_AM),
 24: ("true", "", "harness pixelsnail (PixelSNAIL 4x4, 1 block, attention, condition): block refuted; leaf confirmed "
      "(horizontal.conv.conv, WNConv2d's conv, at pixelsnail.py:55; the wn_linear query/key/value at :216-218)",
      "vq-vae-2's PixelSNAIL (train_pixelsnail.py, sample.py) builds every conv through WNConv2d, which wraps an "
      "nn.Conv2d in the legacy `nn.utils.weight_norm` (pixelsnail.py:34): its forward pre-hook computes `weight` from "
      "the offloaded `weight_g`/`weight_v` before the conv's leaf hook onloads them (leaf); nothing removes it"),
 25: ("true", "", R_WG_TRAIN + "in_layers (glow.py:164)", WG_WN + ". This row: `in_layers` (glow.py:140)"),
 26: ("false", "AM", R_RL + " (the default impl; this branch not run)", RL_AM.format(impl="mean_std_corr") +
      ". This row: `self.step` (moving_mean_std.py:61)"),
 27: ("true", "", R_A2C.format(h="a2c_get_value (main.py's next_value call)"), A2C_ROOT + ". main.py's "
      "`actor_critic.get_value(rollouts.obs[-1], ...)`: `self.base(...)` (model.py:69)"),
 28: ("false", "AZ", R_NANO, NANO_AZ + ". This row: GFLHead.loss_single (gfl_head.py:321, from loss <- forward_train)"),
 29: ("true", "", "harness biggandeep_g (BigGANdeep Generator, resolution 32, G_depth 1): block confirmed (blocks.0.0 "
      "at layers.py:316/111); leaf refuted", BG_G.replace("BigGAN's Generator", "BigGANdeep's Generator") +
      ". This row: BigGANdeep.py:278"),
 30: ("false", "AI", READ, SF_AI + ". This row: `split_bn.running_var` (batchnorm_helper.py:97)"),
 31: ("true", "", R_A2C.format(h="a2c_act (main.py's act call)"), A2C_ROOT + ". main.py's "
      "`actor_critic.act(rollouts.obs[step], ...)`: `self.base(...)` (model.py:55)"),
 32: ("false", "A", READ, SPIN_A + ". This row: exercise2_2.py:61 BuggedMLPActorCritic.act `self.pi(obs).numpy()` "
      "(ddpg's act)"),
 33: ("true", "", "harness biggandeep_d (BigGANdeep Discriminator, resolution 32, D_depth 1): block confirmed "
      "(blocks.0.0 convs at layers.py:111); leaf refuted", BG_D.replace("BigGAN's", "BigGANdeep's") +
      ". This row: BigGANdeep.py:481"),
 34: ("false", "A", R_SPIN, SPIN_A + ". This row: MLPActorCritic.step `self.v(obs)` (ppo/core.py:131)"),
 35: ("true", "", R_VQ_DEC, VQ_DEC + ". This row: `self.quantize_t.embed_code(code_t)` (vqvae.py:231)"),
 36: ("true", "", R_VQ_ENC, VQ_ENC + ". This row: `self.quantize_conv_b(enc_b)` (vqvae.py:216)"),
 37: ("false", "AZ", R_NANO, NANO_AZ + ". This row: NanoDetPlusHead.loss (nanodet_plus_head.py:191)"),
 38: ("false", "A", R_SPIN, SPIN_A + ". This row: MLPGaussianActor._distribution `self.mu_net(obs)` (ppo/core.py:89)"),
 39: ("true", "", "harness slowfast_mem_eval (the real Memory as `knn_mem` and ContrastiveModel.eval_knn, in eval "
      "mode): block refuted; leaf confirmed (knn_mem.memory in the einsum at contrastive.py:229)",
      "SlowFast's ContrastiveModel builds `self.knn_mem = Memory(...)` with CONTRASTIVE.KNN_ON (default True; the four "
      "shipped contrastive_ssl configs keep it) and in eval mode (validation during train_net) returns "
      "`self.eval_knn(q_knn)`, which reads `self.knn_mem.memory` (contrastive.py:232): Memory's forward is a no-op "
      "nothing calls, so at leaf level the buffer (grouped on Memory) stays offloaded and meets the device features "
      "in the einsum. (If the train set's size differs from CONTRASTIVE.LENGTH, init_knn_labels' resize replaces the "
      "buffer by a plain CUDA tensor and the line is safe; with the default Kinetics length it is not resized)"),
 40: ("true", "", R_VQ_ENC, VQ_ENC + ". This row: `self.dec_t(quant_t)` (vqvae.py:213)"),
 41: ("false", "A", R_SPIN, SPIN_A + ". This row: MLPActorCritic.step `self.pi._distribution(obs)` (ppo/core.py:128)"),
 42: ("C", "", R_SF_MEM, SF_MEM + ". This row: Memory1D.get (contrastive.py:1008). C: the 'mem' type is the "
      "defaults.py default but no shipped config uses it"),
 43: ("true", "", "harness waveglow_infer_loaded (inference.py's load: remove_weightnorm, then infer with a CUDA-like "
      "noise stand-in): block confirmed (upsample.weight/bias via conv_transpose1d at glow.py:252)",
      "WaveGlow.infer (inference.py, denoiser.py) runs `self.upsample(spect)` outside the forward; `upsample` "
      "(ConvTranspose1d) is an unmatched direct child (WN and convinv are the ModuleLists), onloaded only by "
      "WaveGlow.forward: it meets the device mel (block)"),
 44: ("false", "AH", READ, "EfficientNetLite is built only as a detector's `backbone` (build_backbone, called by "
      "OneStageDetector/NanoDetPlus): with the detector the root, `blocks` (a ModuleList of stage ModuleLists) is no "
      "direct child of the root and the whole backbone is onloaded by the detector's forward; the nested-ModuleList "
      "break holds only if EfficientNetLite itself were the offload root (AH). efficientnet_lite.py:262"),
 45: ("true", "", R_SF_REV, SF_REV + ". This row: `self.F(X_2)` (reversible_mvit.py:570)"),
 46: ("true", "", "harness waveglow_infer_loaded: leaf refuted, an artifact: infer wraps the inverse in "
      "`torch.autograd.Variable(...)` (glow.py:92), which drops the tracking backend's provenance "
      "(probes/probe_inv.py: the same code without Variable is confirmed at leaf, with it refuted): read",
      "Invertible1x1Conv.forward(reverse=True), run by WaveGlow.infer (inference.py, denoiser.py), computes "
      "`W = self.conv.weight.squeeze()` (glow.py:86) without calling conv (a Conv1d, a leaf group of its own, "
      "offloaded at leaf level), inverts it on the offload device, caches it as `self.W_inverse` and runs "
      "`F.conv1d(z, self.W_inverse)` (:96) with the device audio: leaf break (the training path's logdet is a 0-dim "
      "value, harmless)"),
 47: ("true", "", R_VQ_ENC, VQ_ENC + ". This row: `self.quantize_b(quant_b)` (vqvae.py:217)"),
 48: ("true", "", "harness pixelsnail: leaf confirmed on the wn_linear query/key/value of CausalAttention "
      "(pixelsnail.py:216-218)", "vq-vae-2's `wn_linear` helper (pixelsnail.py:18) wraps nn.Linear in the legacy "
      "`weight_norm` for CausalAttention's query/key/value: the pre-hook computes `weight` from the offloaded "
      "g/v before the Linear's leaf hook onloads them (leaf); reported at the helper, the line to change"),
 49: ("false", "A", READ, SPIN_A + ". This row: sac/core.py:97 MLPActorCritic.act `self.pi(obs, ...)`"),
 50: ("false", "AM", R_RL + " (the default impl; this branch not run)", RL_AM.format(impl="min_max") +
      ". This row: `self.low` (moving_mean_std.py:67)"),
 51: ("false", "L", R_RL, RL_L + ". This row: `self.sqrs` (moving_mean_std.py:57)"),
 52: ("false", "AZ", R_NANO, NANO_AZ + ". This row: GFLHead.get_bboxes (gfl_head.py:622, from post_process <- "
      "inference)"),
 53: ("false", "L", R_RL, RL_L + ". This row: `self.mean` (moving_mean_std.py:56)"),
 54: ("false", "A", READ, SPIN_A + ". This row: ddpg/core.py:61 MLPActorCritic.act `self.pi(obs).numpy()`"),
 55: ("false", "AI", READ, SF_AI + ". This row: `split_bn.running_mean` (batchnorm_helper.py:96)"),
 56: ("true", "", R_A2C.format(h="a2c_act"), A2C_ROOT + ". act's `self.dist(actor_features)` (model.py:56; judged on "
      "its own)"),
 57: ("true", "", R_VQ_DEC, VQ_DEC + ". This row: decode's `self.upsample_t(quant_t)` (vqvae.py:224)"),
 58: ("true", "", R_WG_TRAIN + "start (glow.py:155)", WG_WN + ". This row: `start` (glow.py:122)"),
 59: ("false", "AZ", R_NANO, NANO_AZ + ". This row: NanoDetPlusHead.get_bboxes (nanodet_plus_head.py:495)"),
 60: ("true", "", "harness spinup_ppo_step: leaf confirmed (pi.log_std-derived std meets mu in Normal's "
      "broadcast_tensors/normal at ppo/core.py:91); the block 'confirmed' is the CPU-input artifact of rows 22/34",
      "MLPGaussianActor._distribution (ppo/core.py:90, from MLPActorCritic.step) reads the actor's own `log_std` "
      "parameter outside its forward: at leaf level it is grouped on the actor (onloaded only by the actor's "
      "forward, which step never calls) while `mu` comes from the hooked mu_net Linears on the device: `Normal(mu, "
      "exp(log_std)).sample()` mixes them (leaf). Block: everything on the CPU, as rows 22/34 (a named level breaks)"),
}

out = {str(k): {"label": v[0], "cause": v[1], "runtime": v[2], "why": v[3]} for k, v in L.items()}
Path(__file__).with_name("labels.json").write_text(json.dumps(out, indent=1))
print(len(out), "labels;", sum(v["label"] == "true" for v in out.values()), "true;",
      sum(v["label"] == "C" for v in out.values()), "C")
