"""Write benchmarks/triage22z/labels.json (round z; all 60 rows).

New cause letters: none. Rows 1-10 by the first helper; rows 11-60 by a second helper (read first; runtime column
filled in afterwards from runtime_column.json where a run exists).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, write_labels  # noqa: E402
import json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
RT = json.load(open(os.path.join(HERE, "runtime_column.json"))) if os.path.exists(os.path.join(HERE, "runtime_column.json")) else {}

R = "read: no harness (time)"
NS = ("NATSpeech glow_modules.py InvConvNear: store_inverse (:133-135) computes _get_weight from l/log_s/u/p/sign_s and "
      "stores weight_inv (a plain attribute) on next(self.parameters()).device; forward's reverse path (:109-110) uses "
      "weight_inv in F.conv2d with x on the device. tasks/tts/ps.py test_start (:159, the documented `--infer` run) calls "
      "model.store_inverse_all() on the task's model outside forward: a model the user group-offloaded before the test "
      "has every InvConvNear weight on the offload device there (block: the root's/blocks' groups; leaf: InvConvNear's "
      "own-parameter group, hooked on its forward), so weight_inv lands on the CPU and meets the device x at :120. Label "
      "risk: inference/tts/ps_flow.py calls store_inverse_all inside build_model, before a user can offload (no hazard there).")

MO_GEN = ("mPLUG-Owl mplug_owl/modeling_mplug_owl.py MplugOwlForConditionalGeneration.generate (the web demo's path: "
          "serve/web_server.py:390 builds mPLUG_Owl_Server, model_worker.py:109/:126 call model.generate with the image's "
          "pixel_values): generate runs vision_model (:1522), the abstractor (:1526, with the root's query_tokens) and "
          "language_model.generate, direct children (no ModuleList) in the root's unmatched group at block, onloaded only "
          "by MplugOwlForConditionalGeneration.forward, which generate never calls; pixel_values/input_ids on the device. ")
WVS_WN = ("whisper-vits-svc vits_decoder (BigVGAN-style NSF generator): the legacy weight_norm pre-hook recomputes the "
          "conv's weight from weight_g/weight_v before the leaf group (hooked on the conv's forward) onloads them, x on "
          "the device. The Generator keeps its weight norm in training (generator.py:156 'don't remove weight norm while "
          "validation') and at inference: svc_inference.py:163-170 loads SynthesizerInfer and calls model.eval() "
          "(nn.Module.eval, not Generator.eval(inference=True)), never remove_weight_norm. ")
GF_INV = ("GeneFace modules/audio2motion/flow_base.py InvConvNear.store_inverse / _get_weight outside forward: "
          "store_inverse's only caller is the flow's store_inverse (:816), which nothing in GeneFace calls: unreached, "
          "as row 7. ")
WH = ("whisper-vits-svc whisper/ (an OpenAI whisper copy): whisper/inference.py load_model deletes the text decoder "
      "(:16 `del model.decoder`) and the tree runs only whisper.encoder (pred_ppg :47; svc_inference/prepare scripts); "
      "nothing calls decode, detect_language or transcribe: the decoder path is unreached. ")
TDF_MODEL = ("3DFuse ldm/modules/diffusionmodules/model.py Model (:300, the pixel-space DDPM UNet of the latent-diffusion "
             "copy): nothing in 3DFuse builds Model (autoencoder.py imports only Encoder/Decoder; configs target "
             "openaimodel.UNetModel): unreached. ")
TDF_VOX = ("3DFuse voxnerf/vox.py VoxRF and subclasses own the grid parameters (density/color/bg/d_scale, :42-58) and "
           "define no forward: at leaf (and block) their own-parameter group is hooked on a forward nothing calls, so "
           "compute_density_feats/compute_app_feats/compute_bg (F.grid_sample of self.density etc., :68) meet the "
           "device sample points of render_one_view (run_3DFuse.py:194, after run_3DFuse.py:163 `vox.to(device_glb)`, "
           "where a user would offload instead). ")
WVS_INF = ("whisper-vits-svc vits_decoder/generator.py Generator.inference, run by SynthesizerInfer.inference "
           "(vits/models.py:255) from svc_inference.py:125: SynthesizerInfer defines no forward, so its unmatched group, "
           "which holds dec (a direct child, no ModuleList) at block, is never onloaded; x on the device. ")
DP_MLE = ("Diffusion-Policies toy_experiments/{f} train `self.actor.log_prob(state, action)` (:{line}): "
          "GaussianPolicy.log_prob runs base_fc (a Sequential: a block, hooked) and then last_fc_mean/last_fc_log_std, "
          "direct Linear children in the root's unmatched group, outside forward; state from the data sampler is on the "
          "device. Reached: {run}.")
DP_DEV = ("Diffusion-Policies toy_experiments/diffusion.py Diffusion.{m} `device = self.betas.device` (:{line}) under "
          "`--mode {mode}` (run_toy_ql.py:23; default whole_grad; ql_diffusion.py:161-166): betas is the root's own "
          "buffer (offloaded at both levels), so x and the timesteps are made on the CPU and p_sample -> self.model "
          "(MLP.forward) concatenates x with the device state (ql_diffusion.py MLP.forward `torch.cat([x, t, state])`): "
          "at block the MLP is in the unmatched group, at leaf its Linears' hooks move t but not x.")
MO_VID = ("mPLUG-Owl mplug_owl_video/modeling_mplug_owl.py MplugOwlVisionLocalTemporal.forward (:212-214): with "
          "bfloat16 weights (README's video example loads the model with torch_dtype=torch.bfloat16) it calls "
          "F.conv3d(x.half(), self.conv.weight.half(), bias=self.conv.bias.half(), ...) without calling self.conv, a "
          "Conv3d onloaded at leaf only in its own forward: the weight stays on the CPU, x on the device. ")
L = {
 1: T("block+leaf", "SELFRec model/sequential/SASRec.py SASRec.predict `self.model.item_emb` (:59): item_emb is SASRec_Model's own parameter (the root's unmatched group at block; its own-parameter group hooked on the root's forward at leaf), offloaded again after self.model.forward (:57); seq_emb on the device (train() moved the model with .cuda()) meets it in torch.matmul. Reached: main.py runs the model named in conf (SASRec.yaml); predict is the evaluation path.", R),
 2: T("block+leaf", NS + " This row: sign_s (:129).", R),
 3: T("block+leaf", "Diffusion-Policies toy_experiments/ql_diffusion.py QL_Diffusion.train `self.actor.sample_last_few(state)` (:166) under `--mode last_few` (run_toy_ql.py's --mode option; default whole_grad): Diffusion.sample_last_few runs p_sample -> self.model (MLP, a direct child, the actor root's unmatched group) outside Diffusion.forward, and reads device from self.betas (its own buffer, offloaded at both levels); state on the device.", R),
 4: F("AB", "Diffusion-Policies toy_experiments/bc_cvae.py VAE.decode (:50 d1) runs outside forward only via VAE.sample, called only by BC_CVAE.sample_action, which nothing calls (run_toy_bc.py calls cvae_agent.train only; train calls self.vae(state, action), whose forward calls decode inside forward)."),
 5: T("block", "RVC-WebUI infer/module/models.py SynthesizerTrnMs256NSFsid.infer `self.emb_g(sid)` (:676): the WebUI's inference (infer/vc/pipeline.py:225 `net_g.infer(...)`) calls infer, never forward; emb_g/enc_p/flow/dec are direct children (no ModuleList) in the root's unmatched group, onloaded only by forward; sid on the device.", R),
 6: F("BB", "GeneFace modules/audio2motion/transformer_base.py MultiheadAttention.in_proj_v (:533) is the qkv_same_dim False branch (kdim/vdim != embed_dim); in_proj_v is called only from MultiheadAttention.forward (:372, :377), where at leaf its own-parameter group is onloaded by its forward hook; GeneFace builds the attention with kdim/vdim defaulted to embed_dim (qkv_same_dim True). Label risk: not every construction was read."),
 7: F("AB", "GeneFace modules/audio2motion/flow_base.py InvConvNear._get_weight (:302 u): called from forward (:~295, onloaded there at both levels) and from store_inverse (:308), whose only caller is the enclosing flow's store_inverse (:816), which nothing in GeneFace calls: the outside-forward path is never run."),
 8: T("block+leaf", NS + " This row: p (:130).", R),
 9: F("A", "RVC-WebUI tools/pymss_core/.../bandit/tfmodel.py SeqBandModellingModule.forward (:148, the parallel_mode branch): block-level offloading makes blocks only of the root's direct ModuleList/Sequential children; SeqBandModellingModule is the separator's tf_model child, not the root, so self.seqband is no block group: it sits in the root's unmatched group, onloaded with the root's forward. (The parallel_mode branch is also off by default.)"),
 10: T("block+leaf", NS + " This row: the OFL105 device read at :135 `next(self.parameters()).device` (the offload device), which places weight_inv on the CPU.", R),
 11: T("block", MO_GEN + "This row: `self.vision_model(pixel_values, ...)` (:1522), the first call (abstractor :1526 the same cause)."),
 12: T("leaf", "NATSpeech glow_modules.py CouplingBlock `start = torch.nn.utils.weight_norm(start)` (:228): CouplingBlock builds PortaSpeechFlow's post-flow Glow; the legacy weight_norm pre-hook recomputes start.weight from weight_g/weight_v before the Conv1d's leaf group is onloaded (its hook runs in forward), so the weight is on the CPU while x is on the device. Reached in training and validation (tasks/tts/ps_flow.py); the weight norm is removed only by store_inverse_all (portaspeech.py:216-225) at test time. Label risk: training only."),
 13: T("block+leaf", "GeneFace modules/radnerfs/renderer.py NeRFRenderer.render `raymarching.march_rays_train(..., self.density_bitfield, ...)` (:302): density_bitfield is the root's own buffer (:93; the root's unmatched group at block, its own-parameter group hooked on the root's forward at leaf); render is what the tasks call (tasks/radnerfs/radnerf.py:133, :169), not forward, and the march runs before any self(...) call: a CPU buffer into the CUDA kernel with rays on the device."),
 14: T("leaf", WVS_WN + "This row: AMPBlock convs1 (vits_decoder/bigv.py:23)."),
 15: F("BB", "NATSpeech modules/vocoder/hifigan/hifigan.py ResBlock2 (:72) is built only when h['resblock'] != '1' (HifiGanGenerator :109); the one HiFi-GAN config (egs/egs_bases/tts/vocoder/hifigan.yaml:3) sets resblock \"1\": ResBlock2 is never built."),
 16: T("leaf", WVS_WN.replace("Generator keeps", "the training discriminator keeps").split(" svc_inference.py")[0] + " This row: DiscriminatorR convs (vits_decoder/mrd.py:16): configs/base.yaml:56 sets mrd.use_spectral_norm False, so the norm is the legacy weight_norm, not spectral_norm as the message says: the same pre-hook hazard. Built by vits_extend/train.py:75 (training only)."),
 17: F("AB", GF_INV + "This row: the OFL105 read `next(self.parameters()).device` (:310)."),
 18: F("AB", WH + "This row: Whisper.logits `self.decoder` (model.py:224)."),
 19: F("AB", "Diffusion-Policies toy_experiments/ql_cvae.py QL_CVAE.sample_action `self.vae.sample(state)` (:144): nothing calls sample_action (run_toy_ql.py calls agent.train and then agent.vae.sample directly, :166). The same cause is reached from those other sites (:166, train's :172), not from this call."),
 20: T("block", MO_GEN + "This row: OFL202 at serve/model_worker.py:109 (`self.model.generate(**kwargs)` in the streaming path the web server uses, web_server.py:390/model_worker.py:160); its cause at :1526 (`self.query_tokens`, the root's own parameter) is offloaded at block."),
 21: F("AB", TDF_MODEL + "This row: `self.up[i].upsample` (:440)."),
 22: T("leaf", "ReChorus src/models/reranker/SetRank.py MAB `self.attn = nn.MultiheadAttention(...)` (:32): torch's MHA forward passes out_proj.weight/bias to F.multi_head_attention_forward without calling out_proj, a Linear onloaded at leaf only in its own forward; SetRank is run by docs/demo_scripts_results/Rerank_MIND.sh:16 (`--model_name SetRank`, main.py builds the model from the name), inputs on the device."),
 23: T("block", "RVC-WebUI infer/module/models.py SynthesizerTrnMs256NSFsid_nono.infer `self.emb_g(sid)` (:866): built for no-f0 checkpoints (infer/vc/modules.py:89, cpt['f0'] == 0); the WebUI's pipeline calls net_g.infer, never forward; emb_g/enc_p/flow/dec are direct children in the root's unmatched group, as row 5."),
 24: T("leaf", "GeneFace modules/audio2motion/flow_base.py WN `self.cond_layer = weight_norm(cond_layer)` (:46): built by FVAE's encoder/decoder/prior flow (vae.py:110, :139, :169) with gin_channels = the audio condition (VAEModel, vae.py:291; lm3d_vae_sync*.py tasks, the audio2motion stage of GeneFace inference); GeneFace never removes the weight norm (the flow's store_inverse is never called, row 7): at leaf the legacy pre-hook computes the weight from offloaded weight_g/weight_v, g on the device."),
 25: T("leaf", WVS_WN + "This row: Generator `self.ups` weight_norm (vits_decoder/generator.py:73)."),
 26: T("leaf", TDF_VOX + "This row: V_SD (:208), the class run_3DFuse.py builds (VoxConfig model_type V_SD, :56)."),
 27: F("AB", GF_INV + "This row: log_s (:302), as row 7."),
 28: F("AB", "RVC-WebUI tools/pymss_core/modules/scnet/scnet.py SCNet.forward (:259, `for fusion_layer, su_layer in self.decoder`): SCNet is built only for model_type 'scnet' (pymss_core/utils.py:43); the WebUI's model list (tools/pymss_webui.py:67-119) offers only mel_band_roformer and bs_roformer, so SCNet is never built. (Were it the root, the hazard would hold: each decoder element is an nn.Sequential whose forward never runs.)"),
 29: T("block", DP_MLE.format(f="bc_mle.py", line=125, run="run_toy_bc.py:93 (mle_agent.train)")),
 30: F("AB", "NATSpeech modules/commons/transformer.py MultiheadAttention.in_proj_v (:449, the qkv_same_dim False branch) is called outside forward only from DecSALayer.forward (:596, the attn_out branch); DecSALayer is built only by TransformerDecoderLayer (:637), which nothing in NATSpeech builds (grep): unreached."),
 31: F("AB", "GeneFace docker/modules/encoders/gridencoder/grid.py GridEncoder.grad_total_variation (:185): nothing in GeneFace calls grad_total_variation (grep: only its definition here and in the modules/radnerfs copy); docker/ is an install copy nothing imports."),
 32: T("block", WVS_INF + "This row: `self.conv_post` (:198)."),
 33: T("block", WVS_INF + "This row: `self.adapter(x, spk)` (:177), the first call."),
 34: T("block", "tdmpc2 common/world_model.py WorldModel.task_emb `self._task_emb(task.long())` (:96): WorldModel defines no forward, so at block its unmatched group (which holds the Embedding _task_emb, a direct child) is never onloaded; task_emb runs from encode/next/pi/Q with x on the device. Built only with cfg.multitask (task mt30/mt80, parser.py:71; README's multi-task training)."),
 35: T("block+leaf", "Diffusion-Policies toy_experiments/ql_diffusion.py QL_Diffusion.train `self.actor.loss(action, state)` (:157, every mode): Diffusion.loss -> p_losses -> q_sample `extract(self.sqrt_alphas_cumprod, t, ...)` (diffusion.py:199-201) gathers the root's own buffers (offloaded at both levels: unmatched group / the root's own-parameter group, hooked on Diffusion.forward) with t on the device, outside forward; run_toy_ql.py:227 runs train."),
 36: F("AB", "whisper-vits-svc hubert/hubert_model.py Hubert.logits (:52) runs only from Hubert.forward (:60); the tree uses HubertSoft.units (hubert/inference.py:37, prepare/preprocess_hubert.py:30), which never calls forward or logits: unreached."),
 37: T("block", DP_MLE.format(f="ql_mle.py", line=175, run="run_toy_ql.py:130 (agent.train)")),
 38: T("block", "SELFRec model/graph/SelfCF.py SelfCF.save `self.model.get_embedding()` (:42): get_embedding (:80-82) runs online_encoder.forward() and self.predictor, direct children of SelfCF_HE in the root's unmatched group (no hook of their own at block), outside SelfCF_HE.forward; the encoder's adjacency is on the device (train() moved the model with .cuda()). Reached: fast_evaluation calls save (base/graph_recommender.py:92) when conf SelfCF.yaml is run."),
 39: T("block+leaf", DP_DEV.format(m="sample_t_last", line=253, mode="t_last")),
 40: F("A", "RVC-WebUI tools/pymss_core/modules/bs_roformer/transformer.py Transformer.forward `for attn, ff in self.layers` (:355): Transformer is no offload root (BSRoformer is: its layers, common.py:154-159, hold the Transformers), so Transformer.layers makes no block groups, contrary to the message. (The line does meet offloaded weights at block for another cause: BSRoformer.layers' elements are ModuleLists, whose forward, where the block hook sits, never runs.)"),
 41: F("AB", TDF_MODEL + "This row: `self.up[i].attn[i]` (:438)."),
 42: T("block+leaf", "SELFRec model/sequential/CL4SRec.py CL4SRec.predict `self.model.item_emb` (:86): the SASRec_Model's own parameter, offloaded again after self.model.forward (:84); matmul with seq_emb on the device; as row 1 (conf CL4SRec.yaml)."),
 43: T("leaf", TDF_VOX + "This row: V_SJC (:171), selectable by --vox.model_type V_SJC and the base of the V_SD that run_3DFuse builds (the same cause as row 26)."),
 44: T("block+leaf", "3DFuse voxnerf/vox.py VoxRF.device -> self.density.device (:62): density is the grid's own parameter, never onloaded (no forward; OFL205 rows 26/43/59); run_3DFuse.py:321 places the rays with vox.device (the CPU) and render_one_view's image y meets the score model's device noise at :213 (`zs = y + chosen_σs * noise`)."),
 45: F("AB", "RVC-WebUI tools/pymss_core/modules/demucs_local.py ScaledEmbedding.weight (:125, a property): nothing reads it; HTDemucs calls self.freq_emb(frs) (demucs4ht.py:407), whose forward calls the Embedding."),
 46: F("P", "GeneFace modules/radnerfs/renderer.py NeRFRenderer.mark_untrained_grid `ori_device = self.density_bitfield.device` (:143): the method then moves the bitfield with an explicit .cuda() (:144) and computes there (the :147 read is then the device), and uses ori_device only to put the buffer back where it was (:194): the offload device is the right place for it; the value meets no compute-device tensor."),
 47: T("block+leaf", DP_DEV.format(m="sample_last_few", line=271, mode="last_few") + " As row 3."),
 48: F("AB", WH + "This row: TextDecoder.forward `self.token_embedding.weight` (model.py:196)."),
 49: F("AB", TDF_MODEL + "This row: `self.down[i].attn[i]` (:421)."),
 50: F("AT", "GeneFace inference/audio2pose/audio2pose_infer.py Audio2PoseInfer._forward_audio2pose_task `self.audio2pose_task.model.autoregressive_infer(...)` (:106): audio2pose_task is GeneFace's BaseTask (utils/commons/base_task.py:24), a training wrapper, judged the offload root; the model it holds is what a user offloads, and autoregressive_infer calls self.forward each step (modules/audio2pose/models.py:55), so the model's hooks run."),
 51: T("leaf", MO_VID + "This row: conv.weight."),
 52: T("block+leaf", "SELFRec model/sequential/BERT4Rec.py BERT4Rec.predict `self.model.item_emb` (:77): BERT_Encoder's own parameter (:93), offloaded again after self.model.forward (:75); matmul with the device embeddings; as row 1 (conf BERT4Rec.yaml)."),
 53: T("block", "DragDiffusion drag_pipeline.py DragPipeline.modify_unet_forward `self.unet.forward = override_forward(self.unet)` (:367): utils/ui_utils.py:376 places the pipeline on the device (`.to(device)`) before :394 calls modify_unet_forward; offloading in place of that .to() hooks the unet first, and the override calls conv_in/time_embedding/mid_block/conv_out (the unet's unmatched group at block) without the unet's hook. Label risk: at :195-198 nothing precedes the call; an offload added after it would be harmless."),
 54: F("AB", WH + "This row: PyTorchInference.logits `self.model.decoder` (decoding.py:145)."),
 55: T("leaf", MO_VID + "This row: conv.bias."),
 56: F("AB", "GeneFace modules/audio2motion/transformer_base.py MultiheadAttention.forward (:334, F.multi_head_attention_forward with out_proj.weight): the attention is built only by EncSALayer/DecSALayer (:688, :736), used only by FFTBlocks (transformer_models.py), which only TransformerCouplingBlock/FreqFFTCouplingBlock (flow_base.py:497, :555), VQVAE (vqvae.py) and TransformerStyleFusionModel build, none of which any GeneFace task builds (VAEModel/PitchContourVAEModel use WN coupling): unreached. Label risk: not every config read."),
 57: T("leaf", "PandaGPT code/model/ImageBind (a vendored ImageBind, the copy PandaGPT runs: openllama.py:86 imagebind_huge) SpatioTemporalPosEmbeddingHelper (:161) owns pos_embed and has no forward; RGBDTPreprocessor calls get_pos_embedding (:268), so at leaf the helper's own-parameter group is never onloaded while the tokens are on the device. As round y row 53 (Video-LLaMA's copy, confirmed)."),
 58: F("AB", WH + "This row: DecodingTask._get_audio_features `self.model.encoder` (decoding.py:568): DecodingTask never runs; the encoder-only PPG path (inference.py:47 `whisper.encoder(...)`) is another site."),
 59: T("leaf", TDF_VOX + "This row: VoxRF (:23), built by run_nerf.py (VoxConfig default model_type VoxRF) and the base whose compute_* methods V_SD runs."),
 60: T("leaf", "tdmpc2 common/world_model.py WorldModel (:11) owns buffers (log_std_min/log_std_dif, _action_masks) and has no forward, so at leaf its own-parameter group is never onloaded; pi() indexes `self._action_masks[task]` (world_model.py pi, multitask) and multiplies mean/log_std on the device with it. Multitask only (mt30/mt80, as row 34): the single-task path reads only the 0-dim log_std buffers, which mix with CUDA tensors."),
}
for _n, _rt in RT.items():
    L[int(_n)]["runtime"] = _rt

if __name__ == "__main__":
    write_labels(HERE, L)
