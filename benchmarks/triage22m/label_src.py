"""Labels of the round m draw (docs/triage-issue22-m.md), in draw order; writes labels.json next to this file.
Each: (label, cause, runtime, why). Rows whose "api" flag is set are AB rows that turn true in the second reading
(a public method nothing in the tree calls counted as reached); benchmarks/triage22j_tally.py prints that reading.
Rows are judged each on its own (round k's rule). Runtime texts name the harness of benchmarks/triage22m_cases.py
whose JSON is in runtime/, or say "read" with the reason no run was made."""
import json
from pathlib import Path

READ = "read"
DP_ROOT = ("diffusion_policy's workspaces build the policy with hydra (`self.model = hydra.utils.instantiate(cfg.policy)`, "
           "a plain workspace object holds it): the policy is its own offload root; its only ModuleAttrMixin parameter "
           "`_dummy_variable` comes first, so `self.device` is that parameter's device")
DP_BLOCK_A = ("at block level the policy defines no forward (or it is not called before this line), so every child "
              "(normalizer, obs encoder, model, mask generator) stays in the root's unmatched group on the offload device; "
              "LinearNormalizer's `_normalize` moves its input to `scale.device` (normalizer.py:270), so the batch, the "
              "normalized values and every later computation of the method stay on the offload device: no offloaded "
              "weight meets a compute-device tensor (the method runs on the CPU, slowly)")
R_DPU_P = ("harness dp_unet_predict (DiffusionUnetLowdimPolicy.predict_action as the env runners call it; small "
           "ConditionalUnet1D, fitted LinearNormalizer): block untriggered (the action is returned on the offload device; "
           "the runners take it to numpy); leaf confirmed (tensors placed with `_dummy_variable`'s device meet the "
           "model's output in DDPMScheduler.step at scheduling_ddpm.py:513, 539; normalizer outputs meet the model's at "
           "conditional_unet1d.py:199)")
R_DPT_P = ("harness dp_transformer_predict (DiffusionTransformerLowdimPolicy.predict_action; small TransformerForDiffusion): "
           "block untriggered (action returned on the offload device); leaf confirmed (placed with `_dummy_variable` in "
           "DDPMScheduler.step at scheduling_ddpm.py:513, 539; nn.TransformerDecoder's out_proj in "
           "F.multi_head_attention_forward at transformer_for_diffusion.py:332)")
R_DPU_L = ("harness dp_unet_loss (DiffusionUnetLowdimPolicy.compute_loss, batch on the device as the workspace moves it): "
           "block refuted (everything stays on the offload device: _normalize moves the batch to scale.device); leaf "
           "confirmed (normalizer outputs placed on params_dict.*.scale's device meet compute tensors at "
           "diffusion_unet_lowdim_policy.py:234, conditional_unet1d.py:199, F.mse_loss at 248)")
R_DPT_L = ("harness dp_transformer_loss (DiffusionTransformerLowdimPolicy.compute_loss, which calls mask_generator like "
           "the hybrid policy): block refuted (everything, the mask included, stays on the offload device); leaf "
           "confirmed (normalizer outputs at diffusion_transformer_lowdim_policy.py:217, 230; out_proj at "
           "transformer_for_diffusion.py:332)")
R_BLOCK_SAME = ("read; the same shape in the lowdim policies is refuted at block by harnesses dp_unet_loss and "
                "dp_transformer_loss (all of compute_loss stays on the offload device)")
WS = ("the workspace builds `self.model` in __init__ and moves it in run() (`self.model.to(device)`); train.py runs "
      "`cls(cfg).run()`: a policy group-offloaded between the two (the only place a user can, short of editing run()) "
      "is moved whole onto the device outside the hooks (the diffusion policies have no forward, so it stays there; "
      "the IBC policies' forward hook sends their groups back after each call): the call-order reading of rounds h and j (QwenPromptExpander.extend, LTX's text_encoder: true); the policies are "
      "plain nn.Modules, so `.to` does not refuse as ModelMixin.to does (AD)")
HIFI_SINGER = ("DiffSinger builds HifiGanGenerator only in vocoders/hifigan.py:load_model and "
               "inference/svs/base_svs_infer.py:build_vocoder, and both call `model.remove_weight_norm()` after loading "
               "the checkpoint and before returning the model: the legacy weight_norm is gone before any offloading can "
               "be applied")
HIFI_DIFFVC = ("DiffVC's hifi-gan/models.py Generator is built only by DiffVC's inference.ipynb (the README's "
               "documented inference; no .py in the tree imports the module), which calls "
               "`hifigan_universal.remove_weight_norm()` after loading and before use: the legacy weight_norm is gone "
               "before any offloading can be applied")
DUST3R_V = ("dust3r's cloud_opt modules (PairViewer, PointCloudOptimizer) are built by `global_aligner(output, ...)` "
            "around the predictions the network has just returned (demo.py's get_reconstructed_scene, README's "
            "snippet), as per-call optimisation state: a module built transiently around computed tensors, which no "
            "offloading is applied to (round g's V: CoCa's MultimodalGenerationWrapper)")
SPIRAL_MHA = ("SPIRAL's fairseq MultiheadAttention (nemo/collections/asr/parts/multihead_attention.py) takes the torch "
              "path whenever not exporting (no incremental state, not static_kv: every call from "
              "TransformerSentenceEncoderLayer, the layers of the wav2vec TransformerEncoder that ST2Vec/spec2vec build "
              "for spiral_pretrain.py and the finetune configs): `F.multi_head_attention_forward(..., "
              "torch.cat((q_proj.bias, k_proj.bias, v_proj.bias)), ..., out_proj.weight, out_proj.bias, ..., "
              "q_proj_weight=..., k_proj_weight=..., v_proj_weight=...)` reads four Linears' weights without calling "
              "them: at leaf level their hooks never run")
R_SPIRAL = ("harness spiral_encoder (wav2vec TransformerEncoder, 1 layer, dim 16): leaf confirmed (layers.0.self_attn "
            "q/k/v/out_proj weights and the concatenated q/k/v biases in F.multi_head_attention_forward at "
            "multihead_attention.py:159; pos_conv's weight derived from weight_g/weight_v at wav2vec.py:194); block "
            "confirmed only because the harness offloads the encoder alone (pos_conv, a Sequential, is then a block)")
R_DS = ("harness diffsinger_encsa (EncSALayer, FastSpeech2's encoder layer, dim 16): block refuted; leaf confirmed "
        "(self_attn.out_proj.weight in F.multi_head_attention_forward at common_layers.py:275); out_proj.bias is None "
        "(bias=False in every build), no access")
R_STGCN = ("harness mdm_stgcn (eval/unconstrained STGCN, edge_importance_weighting=True as both evaluators build it; the "
           "ntu-rgb+d layout stands in for smpl_noglobal, whose kintree pickle is not in the tree): block refuted; leaf "
           "confirmed (edge_importance.0-5 in mul at stgcn.py:96 with the onloaded buffer A)")
R_ESR = ("harness realesrgan_unet_d (UNetDiscriminatorSN, num_feat 8, basicsr's registry as a stand-in): block refuted; "
         "leaf confirmed (weight derived from conv1..conv9's weight_orig/weight_u/weight_v in conv2d at "
         "discriminator_arch.py:41-52)")

L = {
    1: ("true", "", "read: the video policy needs its video encoders (not built); the same `self.device` -> "
        "conditional_sample -> DDPMScheduler.step path is confirmed at leaf by harness dp_unet_predict",
        f"{DP_ROOT}. DiffusionUnetVideoPolicy.predict_action (train_diffusion_unet_video_workspace.yaml) places "
        "`cond_data` with `self.device` (diffusion_unet_video_policy.py:191): at leaf level `_dummy_variable`'s hook (the "
        "root's own) never runs, so the device is the offload device; conditional_sample draws the trajectory there, "
        "the model's leaf hooks move their inputs and return device outputs, and `scheduler.step(model_output, t, "
        "trajectory)` mixes the two"),
    2: ("false", "A", R_BLOCK_SAME,
        f"{DP_ROOT}. DiffusionTransformerHybridImagePolicy.compute_loss, `self.normalizer.normalize(batch['obs'])` "
        f"(line 317), block only: {DP_BLOCK_A}"),
    3: ("true", "", R_SPIRAL, f"{SPIRAL_MHA}. This row: `out_proj.bias` (multihead_attention.py:172), leaf"),
    4: ("false", "AB", READ, "DiffSinger's hifigan DiscriminatorS (hifigan.py:271) is built only by "
        "MultiScaleDiscriminator, which nothing in the tree builds (no HiFi-GAN training task; the vocoder is loaded "
        "from a checkpoint)"),
    5: ("true", "", "read: BETLowdimPolicy needs MinGPT and a fitted KMeans (not built); the ParameterDict mechanism is "
        "the one harness dp_unet_loss confirms for LinearNormalizer at leaf",
        f"{DP_ROOT}. BETLowdimPolicy (train_bet_lowdim_workspace.yaml) fits `action_ae.params_dict['bin_centers']` in "
        "run() before training; at leaf level a ParameterDict's tensors are onloaded only by a hook on the "
        "ParameterDict's own forward, which never runs, so in predict_action `decode_actions` indexes and adds the "
        "offloaded bin centres with the MinGPT state prior's device latents/offsets (k_means.py:125-131); at block "
        "level everything of the policy stays on the offload device (no break)"),
    6: ("true", "", "read: GradTTS.compute_loss needs Grad-TTS's Cython monotonic_align (not built here)",
        "Grad-TTS's train.py builds `GradTTS(...)` alone and calls `model.compute_loss(x, x_lengths, y, y_lengths, "
        "out_size=...)` with the batch on the GPU; GradTTS.forward is inference only, so at block level its encoder "
        "and decoder (no ModuleList/Sequential direct child) are in the root's unmatched group, offloaded during "
        "compute_loss. Judged on its own (the encoder's call assumed onloaded), `self.decoder.compute_loss(y, "
        "y_mask, mu_y, spk)` (tts.py:175) runs the diffusion estimator's offloaded weights on device inputs"),
    7: ("false", "V", READ, f"{DUST3R_V}. This row: PointCloudOptimizer.get_principal_points `_pp` (optimizer.py:142)"),
    8: ("false", "AK", READ, "DiffusionTransformerLowdimPolicy.get_optimizer calls `self.model.configure_optimizers(...)` "
        "(line 169), which sorts the parameters into optimizer groups and builds AdamW: no weight is computed with"),
    9: ("true", "", "read: the IBC policy was not built; the block reading follows the code (its forward is hooked)",
        f"{DP_ROOT}. IbcDfoLowdimPolicy has a forward, called in compute_loss after the normalizer: at block level "
        "`self.normalizer.normalize(batch)` (line 148) runs with the normalizer offloaded (the root's unmatched group "
        "is onloaded only inside forward), so `naction` and the labels built with `this_action.device` are on the "
        "offload device, while `self.forward(this_obs, action_samples)` (hooked: args moved, output on the device) "
        "returns device logits: `F.cross_entropy(logits, labels)` (or `logits * labels`) mixes them"),
    10: ("true", "", R_DPU_P, f"{DP_ROOT}. DiffusionUnetLowdimPolicy.predict_action reads `self.device` "
         "(diffusion_unet_lowdim_policy.py:115): at leaf the root's `_dummy_variable` is never onloaded, so cond_data and "
         "the sampled trajectory are on the offload device and meet the model's device output in "
         "`noise_scheduler.step`"),
    11: ("true", "", R_SPIRAL, f"{SPIRAL_MHA}. This row: `q_proj.bias` (multihead_attention.py:166), leaf"),
    12: ("false", "A", R_BLOCK_SAME, f"{DP_ROOT}. DiffusionUnetImagePolicy.compute_loss "
         f"`self.normalizer.normalize(batch['obs'])` (line 195), block only: {DP_BLOCK_A}"),
    13: ("false", "AX", READ, f"{HIFI_SINGER}. This row: ResBlock1 `convs2` (hifigan.py:45)"),
    14: ("false", "AX", READ, f"{HIFI_SINGER}. This row: ResBlock2 `convs` (hifigan.py:75; ResBlock2 is also built only "
         "for resblock '2', which the shipped hifigan.yaml does not set)"),
    15: ("true", "", READ, f"{WS}. This row: TrainDiffusionUnetVideoWorkspace.run (line 128)"),
    16: ("false", "A", R_BLOCK_SAME, f"{DP_ROOT}. RobomimicImagePolicy.train_on_batch "
         f"`self.normalizer.normalize(batch['obs'])` (line 114), block only: {DP_BLOCK_A}; the robomimic algo's nets "
         "are the policy's `nets` child (also in the unmatched group) and its device stays 'cpu' unless `.to()` is "
         "called"),
    17: ("false", "A", R_BLOCK_SAME, f"{DP_ROOT}. DiffusionUnetHybridImagePolicy.compute_loss "
         f"`self.normalizer.normalize(batch['obs'])` (line 287), block only: {DP_BLOCK_A}"),
    18: ("false", "AX", READ, f"{HIFI_DIFFVC}. This row: Generator `conv_post` (models.py:98)"),
    19: ("true", "", R_STGCN, "motion-diffusion-model's evaluators (eval/unconstrained/evaluate.py, "
         "eval/a2m/stgcn/evaluate.py: the README's evaluation commands) build STGCN with edge_importance_weighting=True "
         "and call it: at leaf level the ParameterList's tensors are onloaded only by a hook on the ParameterList's own "
         "forward, which never runs, so `self.A * importance` (stgcn.py:96) multiplies the onloaded buffer A with an "
         "offloaded parameter"),
    20: ("false", "A", R_BLOCK_SAME, f"{DP_ROOT}. DiffusionUnetHybridImagePolicy.compute_loss `self.model(...)` "
         f"(line 336), block only: {DP_BLOCK_A}. Round k's rule assumes onloaded only the weights of rows that are breaks; "
         "the normalizer rows are not (their values stay on the offload device), so the model call meets offload-device "
         "inputs"),
    21: ("true", "", R_SPIRAL, "SPIRAL's wav2vec TransformerEncoder (built by ST2Vec/spec2vec for spiral_pretrain.py and "
         "the finetune configs; nothing calls remove_weight_norm) wraps pos_conv in the legacy weight_norm "
         "(wav2vec.py:151), whose forward pre-hook computes `weight` from weight_g/weight_v before the Conv1d's leaf "
         "hook onloads them: the blind recall list's hazard H1"),
    22: ("false", "V", READ, f"{DUST3R_V}. This row: PairViewer.get_focals `focals` (pair_viewer.py:96)"),
    23: ("false", "AK", READ, "BETLowdimPolicy's `obs_encoding_net` is `torch.nn.Identity` in the only config "
         "(train_bet_lowdim_workspace.yaml): calling it (bet_lowdim_policy.py:49) touches no weight"),
    24: ("false", "AH", READ, "JasperBlock is built only inside ConvASREncoder's `encoder` Sequential (conv_asr.py:164): "
         "offloading the encoder (or the model holding it) hooks each JasperBlock whole, or puts it in an unmatched "
         "group onloaded by its parent's forward, so `self.res[i][j]` inside JasperBlock.forward (jasper.py:543) runs "
         "onloaded; the row judges JasperBlock as an offload root"),
    25: ("false", "AB", READ, "ConvASREncoder.input_example (conv_asr.py:80) is called only by Exportable.export, which "
         "nothing in the tree calls; even then its example goes only to `self.forward(...)` and torch.jit.trace of the "
         "module, both hooked (P)"),
    26: ("false", "AK", READ, "BETLowdimPolicy.get_latents (bet_lowdim_policy.py:85) calls `self.obs_encoding_net`, an "
         "nn.Identity in the only config (no weight); the method also has no caller and fails on its undefined "
         "`total_mse_loss`"),
    27: ("false", "AB", READ, "GumbelVectorQuantizer.get_codebook_indices (wav2vec_modules.py:116) is called only by "
         "sample_from_codebook, which nothing calls; the indices it places would meet only `self.vars` there"),
    28: ("false", "AX", READ, f"{HIFI_DIFFVC}. This row: ResBlock1 `convs2` (models.py:28)"),
    29: ("false", "AB", READ, "DiffVC's hifi-gan DiscriminatorS (models.py:206) is built only by MultiScaleDiscriminator, "
         "which nothing builds (no HiFi-GAN training script in the tree)"),
    30: ("true", "", "read: YOLOX.visualize needs the Trainer's data pipeline (loguru, cv2, a dataset); not built",
         "YOLOX's documented tools/visualize_assign.py (docs/assignment_visualization.md) drives the YOLOX model through "
         "`self.model.visualize(inps, targets, path_prefix)` in its train_one_iter, outside YOLOX.forward; YOLOX has no "
         "ModuleList/Sequential direct child, so at block level backbone and head are in the root's unmatched group; "
         "judged on its own (backbone assumed onloaded), head.visualize_assign_result calls `self.obj_preds[i](...)` "
         "(yolo_head.py:594) with offloaded weights on device features"),
    31: ("false", "A", R_DPT_L, f"{DP_ROOT}. DiffusionTransformerHybridImagePolicy.compute_loss "
         f"`self.mask_generator(trajectory.shape)` (line 349), block only: {DP_BLOCK_A}; the mask is made with "
         "mask_generator's `_dummy_variable` device (offload) and meets the loss on the same device"),
    32: ("false", "P", READ, "MDM.clip_encode_text places the tokens with `next(self.parameters()).device` (mdm.py:165) "
         "and passes them only to `self.clip_model.encode_text(...)`: at block level clip_model is in MDM's unmatched "
         "group with the first parameter, so tokens and CLIP weights share the offload device (the result reaches "
         "MDM.forward through y['text_embed'], moved by the root hook); at leaf the token embedding's own hook moves "
         "them"),
    33: ("true", "", R_DPT_P, f"{DP_ROOT}. DiffusionTransformerLowdimPolicy.predict_action reads `self.device` "
         "(diffusion_transformer_lowdim_policy.py:109): at leaf the placed cond_data/trajectory meet the model's device "
         "output in `noise_scheduler.step`"),
    34: ("true", "", R_ESR, "Real-ESRGAN's training (options/train_realesrgan_*.yml: network_d UNetDiscriminatorSN; "
         "RealESRGANModel.optimize_parameters calls net_d) wraps conv1 in the legacy spectral_norm "
         "(discriminator_arch.py:26), whose pre-hook computes `weight` from weight_orig/u/v before the conv's leaf hook "
         "onloads them"),
    35: ("true", "", R_DS, "DiffSinger's FastSpeech2 encoder layers (EncSALayer) hold common_layers.MultiheadAttention, "
         "whose forward takes F.multi_head_attention_forward whenever torch has it (enable_torch_version) and hands it "
         "`self.out_proj.weight` (common_layers.py:280) without calling out_proj: at leaf level it stays offloaded"),
    36: ("false", "AX", READ, f"{HIFI_SINGER}. This row: HifiGanGenerator `conv_pre` (hifigan.py:118)"),
    37: ("false", "V", READ, f"{DUST3R_V}. This row: PairViewer.get_intrinsics `self.device` (pair_viewer.py:107)"),
    38: ("false", "V", READ, f"{DUST3R_V}. This row: PairViewer.get_im_poses `im_poses` (pair_viewer.py:115)"),
    39: ("true", "", R_SPIRAL, f"{SPIRAL_MHA}. This row: `q_proj.weight` (multihead_attention.py:178), leaf"),
    40: ("false", "AH", READ, "VideoCrafter builds this Resampler only as LatentVisualDiffusion's `image_proj_model` "
         "(ddpm3d.py:666-686), a child of the LDM: offloading the LDM puts it whole in the root's unmatched group, so its "
         "`layers[i]` pairs are never hooked on their own; the row judges Resampler as an offload root (round l's "
         "IP-Adapter row differs: there a plain object holds it)"),
    41: ("false", "AB", READ, "MaxMixturePrior.get_mean (prior.py:175) has no caller; it would combine two offloaded "
         "buffers with each other and return the product"),
    42: ("false", "AB", READ, "DiffSinger's parallel_wavegan PQMF is built by nothing in the tree (only re-exported by "
         "layers/__init__.py; the PWG and HiFi-GAN vocoders do not use it): synthesis (pqmf.py:128) never runs"),
    43: ("true", "", READ, f"{WS}. This row: TrainIbcDfoLowdimWorkspace.run (line 121)"),
    44: ("false", "AM", READ, "`v_proj_weight` exists only when kdim/vdim differ from embed_dim (common_layers.py:187-192); "
         "no construction in the tree passes them (EncSALayer, DecSALayer), so in_proj_v always takes `_in_proj` with "
         "in_proj_weight and line 448 never runs"),
    45: ("false", "AB", READ, "GaussianDiffusion.q_mean_variance (usr/diff/diffusion.py:234; the same method in "
         "shallow_diffusion_tts.py:129) has no caller; were it called, `extract` would gather the offloaded buffer with "
         "device timesteps"),
    46: ("false", "AB", READ, "SpeakerDecoder (conv_asr.py:518) is exported by nemo's asr modules but built by no model "
         "or config of SPIRAL (no speaker-recognition model in the tree)"),
    47: ("true", "", "read: the eval/a2m/recognition copy of the STGCN that harness mdm_stgcn confirms (it differs only in "
         "its number of st_gcn layers and the batch key)",
         "as row 19: the a2m recognition STGCN (eval/a2m/stgcn/evaluate.py builds it with edge_importance_weighting=True): "
         "`self.A * importance` (stgcn.py:94)"),
    48: ("false", "AB", READ, "lvdm's ae_modules `Model` (an unconditional DDPM UNet kept from LDM) is built by nothing: "
         "autoencoder.py imports only Encoder and Decoder. This row: `self.down[i].block[i]` (ae_modules.py:331)"),
    49: ("true", "", "read: as row 5",
         f"{DP_ROOT}. BETLowdimPolicy.compute_loss calls `self.action_ae.encode_into_latent(action, enc_obs)`: at leaf "
         "the ParameterDict's bin centres are never onloaded; judged on its own (the normalizer, a break of its own at "
         "leaf, assumed onloaded) the device actions meet them in the subtraction at k_means.py:92"),
    50: ("true", "", READ, "LGM's app.py and infer.py build MVDreamPipeline with from_pretrained and call it with an image "
         "(ImageDream); __call__ moves `self.image_encoder` (a transformers CLIPVisionModel, whose `.to` does not refuse "
         "under group offloading) to the device by hand (pipeline_mvdream.py:467): an image encoder group-offloaded "
         "after from_pretrained is moved whole (the call-order reading of rounds h and j)"),
    51: ("false", "AB", READ, "as row 42: OFL205 on PQMF (pqmf.py:51), a class nothing builds"),
    52: ("false", "AB", READ, "as row 48: `self.up[i].block[i]` (ae_modules.py:347) in the `Model` nothing builds"),
    53: ("true", "", R_SPIRAL, f"{SPIRAL_MHA}. This row: `k_proj.bias` (multihead_attention.py:166), leaf"),
    54: ("true", "", READ, f"{WS}. This row: TrainIbcDfoHybridWorkspace.run (line 120)"),
    55: ("false", "AW", R_DS, "`out_proj.bias` is None in every build: all three MultiheadAttention constructions "
         "(EncSALayer, DecSALayer's two) pass bias=False, so `nn.Linear(embed_dim, embed_dim, bias=False)` "
         "(common_layers.py:280; the harness records no access)"),
    56: ("true", "", READ, f"{WS}. This row: TrainDiffusionUnetLowdimWorkspace.run (line 135)"),
    57: ("false", "AB", READ, "as row 48: `self.down[i].attn[i]` (ae_modules.py:333) in the `Model` nothing builds"),
    58: ("false", "V", READ, f"{DUST3R_V}. This row: PointCloudOptimizer._set_depthmap `im_depthmaps[i]` "
         "(optimizer.py:159)"),
    59: ("true", "", R_DPU_L, f"{DP_ROOT}. LinearNormalizer keeps its statistics in nested ParameterDicts: at leaf level "
         "they are onloaded only by a hook on the ParameterDict's own forward, which never runs, so "
         "`_normalize_impl` reads `self.params_dict[key]` (normalizer.py:58) offloaded; `_normalize` moves the input to "
         "that device, and the normalized values meet device tensors downstream (the message names _normalize as the "
         "meeting place; the run places it in compute_loss and the model)"),
    60: ("true", "", READ, f"{WS}. This row: TrainDiffusionUnetImageWorkspace.run (line 133)"),
}

API = {45}  # AB rows reached only through a public method nothing calls, that would break if called

if __name__ == "__main__":
    out = {}
    for number, (label, cause, runtime, why) in sorted(L.items()):
        entry = {"label": label, "cause": cause, "runtime": runtime, "why": why}
        if number in API:
            entry["api"] = True
        out[str(number)] = entry
    Path(__file__).with_name("labels.json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    print(len(out), "rows")
