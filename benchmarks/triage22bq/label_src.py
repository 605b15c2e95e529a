"""Write benchmarks/triage22bq/labels.json (round bq; 60 rows drawn with seed 20316000 from the 79 shown findings of
twelve libraries, linter dd0ea10).

Standard of rounds x-bo (see triage22bo/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples, notebooks, tutorials and tests use the class
(training counts; a documented entry method counts as called; examples and tutorials count as library code); C when
true only under a non-default option; false with a cause letter otherwise. The offloaded object is the nn.Module a
user holds: a CREDIT model from miles-credit's registry (credit/models/__init__.py, `load_model(conf)`), a torchgfn
GFlowNet (an nn.Module the user builds from estimators and drives with `gflownet.sample_trajectories(...)` /
`gflownet.loss(env, trajectories)` in the user's own loop, torchgfn's README and tutorials), a weaver-core network, a
PVNet model. cornac's torch modules are built in a Recommender's fit and driven by its score (AT, round be's estimator
reading); bioemu's SO3 SDE samplers are built from the model config by `load_sdes` (model_utils.py:71) and driven by
bioemu's own denoiser (AL); CREDIT's trainers drive the model they are handed in their own loops (AL).

Letters, all earlier rounds': AT a module built and driven inside an estimator's fit / predict; AL a module the
library builds and drives inside its own flow; AH a class built only as a child judged as the root; BE a method
reached only through a forward() of its class; BB code reached only under an option nothing sets; AB code nothing in
the library calls (api); KA no weight is read; Y a 0-dim tensor (torch combines a 0-dim CPU tensor with tensors on
any device); P the value meets no compute-device tensor (here: moved to the data's device first). No new letter.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as C, write_labels  # noqa: E402,F401

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups, "
      "each group's onload leader its first module (hooks/group_offloading.py:765), and puts every other child and the "
      "root's own tensors in one group onloaded only by the root's forward; leaf level hooks each Conv / Linear "
      "(subclasses included) on its own forward and groups every other parameter / buffer on its closest owning "
      "module's forward; the hooks replace the instance's `forward`.) ")

MHA = ("nn.MultiheadAttention.forward passes `self.out_proj.weight` / `.bias` to F.multi_head_attention_forward and never "
       "calls `out_proj` (a Linear subclass, so a hooked leaf at leaf level): its weight stays on the offload device "
       "while the attention runs. ")

PAIRS = ("a ModuleList of `nn.ModuleList([cross_embed_layer, transformer_layer])` pairs unpacked in forward "
         "(`for cel, transformer in self.layers`): at block level each pair, a ModuleList with no forward, leads its "
         "group and is never called, so the CrossEmbedLayer / Transformer weights stay on the offload device with "
         "compute-device x (recall H1 / H3). ")

GFN = ("torchgfn: the user builds the GFlowNet (an nn.Module with no forward) from estimator modules and drives it "
       "with `gflownet.loss(env, trajectories)` / `sample_trajectories` (README, tutorials/examples): at block level "
       "pf / pb / logF are non-list children in the GFlowNet's unmatched group, onloaded only by a forward that does "
       "not exist, while the env's states are on the compute device. ")

GFNY = ("torchgfn: the GFlowNet's own tensors are `beta` (register_buffer('beta', torch.tensor(beta)), "
        "trajectory_balance.py:217) and `logZ` (`nn.Parameter(torch.tensor(init_logZ))`, :85 / :355), both 0-dim: "
        "torch combines a 0-dim CPU tensor with tensors on any device (`self.beta * log_rewards`, `logZ + ...`); a "
        "ScalarEstimator logZ is a child module with its own leaf hooks; `_prior_pf` is set with object.__setattr__ "
        "(:206), not a registered child. This row: ")

CORNAC = ("cornac: users run `cornac.Experiment(models=[cornac.models.X(...)])` / `model.fit(train_set)`; the "
          "Recommender (a plain estimator with fit / score) builds the torch module in fit and drives it in its own "
          "training and scoring loops; nobody offloads the inner network (AT, round be's estimator reading). This "
          "row: ")

BIOEMU = ("bioemu: `bioemu.sample` loads the score model and builds the SDEs from the model config (`load_sdes`, "
          "model_utils.py:71, hydra) and drives them in its denoiser (denoiser.py:129 / :331); the SO3 samplers are "
          "buffer tables of SO3SDE, built and used by the library's own sampling flow (AL). This row: ")

CREDIT = "miles-credit: the model is built by `load_model(conf)` from the registry (credit/models/__init__.py). "

DP = ("miles-credit domain_parallel/layers.py: the DomainParallel conv wrappers run F.conv* with `self.conv.weight` / "
      "`.bias` and never call `self.conv` (a hooked Conv leaf at leaf level: weight on the offload device). They "
      "replace a model's convs only under domain-parallel training (domain_parallel/convert.py, "
      "config/gen_1/applications/domain_parallel/domain_parallel_test.yml): C. This row: ")

R = {
 1: ('torchgfn/src/gfn/gflownet/trajectory_balance.py', 304, 'OFL205', '', F("Y", GFNY + "RelativeTrajectoryBalanceGFlowNet (OFL205 leaf).")),
 2: ('torchgfn/tutorials/examples/train_hypergrid_gafn.py', 205, 'OFL102', 'flow_estimator', T("block", GFN + "tutorials/examples/train_hypergrid_gafn.py:205 TBGAFN.get_scores runs `self.flow_estimator(states)` (a ScalarEstimator child) from loss_from_trajectories, which the tutorial's loop calls.")),
 3: ('posteriors/examples/bayes_llama3/llama3/modules/bayesllama.py', 318, 'OFL103', 'lm_head.weight', F("BB", "posteriors examples/bayes_llama3 bayesllama.py:317-:318 BayesLlamaForCausalLM.forward reads `self.lm_head.weight.split(...)` only under `config.pretraining_tp > 1`; the example loads Llama 3 (pretraining_tp 1 in its configs), so the `self.lm_head(hidden_states)` branch (:327) runs (recall H5).")),
 4: ('cornac/cornac/models/sasrec/sasrec.py', 117, 'OFL102', 'item_emb', F("AT", CORNAC + "cornac sasrec/sasrec.py:117 SASRecModel._encode, built in SASRec.fit (recom_sasrec.py:198) and driven by its score (:286).")),
 5: ('torchgfn/tutorials/examples/train_bayesian_structure.py', 268, 'OFL204', 'attention', T("leaf", GO + MHA + "torchgfn tutorials/examples/train_bayesian_structure.py:268 DAGEdgeActionGNNv2.attention, called in its forward; the module is the tutorial's pf / pb estimator network inside the user-held GFlowNet.")),
 6: ('miles-credit/credit/models/wxformer/crossformer_ensemble.py', 140, 'OFL203', 'layers[i][i]', T("block", GO + CREDIT + "crossformer_ensemble.py:140 CrossFormerWithNoise (registry 'crossformer-ensemble' / 'crossformer-style'; inherits CrossFormer's `layers`): " + PAIRS)),
 7: ('miles-credit/credit/models/unet_diffusion.py', 477, 'OFL203', 'ups[i][i]', T("block", GO + CREDIT + "unet_diffusion.py:477 UnetDiffusion (registry 'unet-diffusion'): `downs` / `ups` are ModuleLists of `ModuleList([block1, block2, attn, up/downsample])` unpacked in forward; at block level each inner ModuleList leads its group and is never called (recall H3).")),
 8: ('miles-credit/credit/models/wxformer/crossformer_downscaling.py', 525, 'OFL203', 'layers[i][i]', T("block", GO + CREDIT + "crossformer_downscaling.py:468 / :524-:526 DownscalingCrossFormer (registry 'crossformer_downscaling'): " + PAIRS)),
 9: ('torchgfn/src/gfn/gflownet/detailed_balance.py', 476, 'OFL102', 'pf.to_probability_distribution', T("block", GFN + "detailed_balance.py:470-:476 ModifiedDBGFlowNet.get_scores runs `call_estimator_with_conditions(self.pf, ...)` (the pf network) a line before the named `to_probability_distribution` (which itself reads no weight): the method the message names runs the offloaded pf.")),
 10: ('miles-credit/credit/domain_parallel/layers.py', 437, 'OFL103', 'conv.bias', C("leaf", DP + "DomainParallelConvTranspose3d.forward :437 `self.conv.bias`.")),
 11: ('torchgfn/src/gfn/gflownet/flow_matching.py', 265, 'OFL102', 'logF', T("block", GFN + "flow_matching.py:265 FMGFlowNet.reward_matching_loss runs `self.logF(terminating_states, ...)`.")),
 12: ('torchgfn/src/gfn/gflownet/trajectory_balance.py', 398, 'OFL205', '', F("Y", GFNY + "TrustPCLGFlowNet (alpha = 1 / beta, :545; logZ 0-dim).")),
 13: ('bioemu/src/bioemu/so3_sde.py', 993, 'OFL205', '', F("AL", BIOEMU + "so3_sde.py:993 BaseSampleSO3 (OFL205 leaf: own sigma_grid / omega_grid / cdf tables, no forward).")),
 14: ('cornac/cornac/models/gru4rec/gru4rec.py', 250, 'OFL103', 'Wy.weight', F("AT", CORNAC + "cornac gru4rec/gru4rec.py:250 GRU4RecModel.embed_gru, built in GRU4Rec.fit (recom_gru4rec.py:203), scored by score (:296).")),
 15: ('miles-credit/credit/domain_parallel/layers.py', 104, 'OFL103', 'conv.weight', C("leaf", DP + "DomainParallelConv2d.forward :104 `self.conv.weight`.")),
 16: ('cornac/cornac/models/hypar/hypar.py', 814, 'OFL102', 'aos_predictor', F("AT", CORNAC + "cornac hypar/hypar.py:814 Model.aos_graph_predict, built in HypAR.fit (recom_hypar.py:545, `.cuda()` :558) and driven by its score (:743).")),
 17: ('cornac/cornac/models/gcmc/nn_modules.py', 328, 'OFL104', 'w_r[i]', F("AT", CORNAC + "cornac gcmc/nn_modules.py:328 GCMCLayer.forward `self.w_r[i]` (a ParameterDict), in the Model GCMC.fit builds (recom_gcmc.py:163).")),
 18: ('cornac/cornac/models/vaecf/vaecf.py', 68, 'OFL102', 'enc_mu', F("AT", CORNAC + "cornac vaecf/vaecf.py:68 VAE.encode, built in VAECF.fit (recom_vaecf.py:144), driven by score (:167).")),
 19: ('cornac/cornac/models/tiger/tiger.py', 100, 'OFL101', 'codebooks', F("AT", CORNAC + "cornac tiger/tiger.py:100 RQVAE._quantize, built by TIGER (recom_tiger.py:291) in fit (:533).")),
 20: ('miles-credit/credit/models/wxformer/wxformer_next.py', 401, 'OFL204', 'attn', T("leaf", GO + MHA + CREDIT + "wxformer_next.py:401 ColumnAttention.attn = nn.MultiheadAttention(channels, num_heads, batch_first=True, bias=False), called in its forward; NextGen WXFormer is a registry entry.")),
 21: ('cornac/cornac/models/tiger/tiger.py', 216, 'OFL101', 'offsets', F("AT", CORNAC + "cornac tiger/tiger.py:216 TIGERSeq2Seq._decode `self.offsets`, built by TIGER (recom_tiger.py:395), driven by its score (:567).")),
 22: ('cornac/cornac/models/tiger/tiger.py', 216, 'OFL102', 'token_emb', F("AT", CORNAC + "cornac tiger/tiger.py:216 TIGERSeq2Seq._decode `self.token_emb` / `self.decoder` (recom_tiger.py:395 / :567).")),
 23: ('torchgfn/src/gfn/gflownet/detailed_balance.py', 514, 'OFL102', 'pb.to_probability_distribution', T("block", GFN + "detailed_balance.py:510-:514 ModifiedDBGFlowNet.get_scores runs `call_estimator_with_conditions(self.pb, ...)` right before the named call.")),
 24: ('torchgfn/src/gfn/gflownet/sub_trajectory_balance.py', 353, 'OFL102', 'logF', T("block", GFN + "sub_trajectory_balance.py:353 SubTBGFlowNet.calculate_log_state_flows runs `self.logF(valid_states, conditions)`.")),
 25: ('torchgfn/src/gfn/gflownet/trajectory_balance.py', 151, 'OFL205', '', F("Y", GFNY + "RelativeTBBase (own tensor: the 0-dim beta only).")),
 26: ('bioemu/src/bioemu/so3_sde.py', 1450, 'OFL105', 'sigma_grid', F("AL", BIOEMU + "so3_sde.py:1450 SampleUSO3.sample_shape `self.sigma_grid.device`.")),
 27: ('cornac/cornac/models/hypar/hypar.py', 610, 'OFL103', 'node_embedding.weight', F("AT", CORNAC + "cornac hypar/hypar.py:610 Model.get_initial_embedings (recom_hypar.py:545).")),
 28: ('torchgfn/src/gfn/gflownet/mle.py', 186, 'OFL102', 'pb.module', T("block", GFN + "mle.py:186 MLEDiffusion.loss runs `self.pb.module(pb_inp)` (the pb estimator's network) on the compute-device states.")),
 29: ('cornac/cornac/models/gru4rec/gru4rec.py', 240, 'OFL103', 'Wy.weight', F("AT", CORNAC + "cornac gru4rec/gru4rec.py:240 GRU4RecModel.embed_separate (recom_gru4rec.py:203).")),
 30: ('cornac/cornac/models/hypar/hypar.py', 836, 'OFL101', 'bias', F("AT", CORNAC + "cornac hypar/hypar.py:836 Model._predict_narre `self.bias` (recom_hypar.py:545 / :743).")),
 31: ('bioemu/src/bioemu/so3_sde.py', 1287, 'OFL205', '', F("AL", BIOEMU + "so3_sde.py:1287 SampleIGSO3 (inside SO3SDE).")),
 32: ('miles-credit/credit/models/swin.py', 849, 'OFL101', 'pos_embed', F("BE", CREDIT + "swin.py:846-:849 SwinTransformerV2Cr.forward_features is called only from its forward (:880), where the root's pos_embed is onloaded.")),
 33: ('miles-credit/credit/models/swin.py', 856, 'OFL102', 'head', F("BE", CREDIT + "swin.py:853-:856 SwinTransformerV2Cr.forward_head is called only from its forward (:881).")),
 34: ('miles-credit/credit/models/wxformer/crossformer_diffusion.py', 126, 'OFL203', 'layers[i][i]', F("AH", CREDIT + "crossformer_diffusion.py:85 / :125 Transformer (its `layers` a ModuleList of 4-module ModuleLists) is built only as a child of CrossFormerDiffusion (:284, inside the root's `layers` pairs, :295); block level groups only the root's direct list children, so Transformer.layers is never chunked (the root's own pairs are the hazard, reported at the root).")),
 35: ('torchgfn/tutorials/examples/train_bayesian_structure.py', 339, 'OFL203', 'graph_network[i][i]', F("AH", "torchgfn tutorials/examples/train_bayesian_structure.py:339 DAGEdgeActionGNNv2 is the network inside the tutorial's estimators (a child of the user-held GFlowNet), not the offload root: block level never chunks its graph_network.")),
 36: ('cornac/cornac/models/bivaecf/bivae.py', 100, 'OFL102', 'item_prior_encoder', F("AT", CORNAC + "cornac bivaecf/bivae.py:100 BiVAE.encode_item_prior, built in BiVAECF.fit (recom_bivaecf.py:167), scored by score (:193).")),
 37: ('cornac/cornac/models/gcmc/nn_modules.py', 416, 'OFL104', 'params[i]', F("AT", CORNAC + "cornac gcmc/nn_modules.py:416 BiDecoder.forward `self.params[i]` (a ParameterList), in GCMC's Model (recom_gcmc.py:163).")),
 38: ('cornac/cornac/models/tiger/tiger.py', 214, 'OFL101', 'bos', F("AT", CORNAC + "cornac tiger/tiger.py:214 TIGERSeq2Seq._decode `self.bos` (recom_tiger.py:395).")),
 39: ('torchgfn/src/gfn/gflownet/policy_gradient.py', 907, 'OFL102', 'pf.to_probability_distribution', T("block", GFN + "policy_gradient.py:903-:907 EntPPOGFlowNet._distribution runs `call_estimator_with_conditions(self.pf, ...)` when no module_output is passed, then the named call.")),
 40: ('miles-credit/credit/trainers/trainerERA5_Diffusion.py', 172, 'OFL201', 'model.module.load_loss', F("KA", "miles-credit trainers/trainerERA5_Diffusion.py:172 `self.model.module.load_loss(criterion)` (ddp mode only) stores the loss object on the diffusion model (credit/diffusion.py:574); no weight is read.")),
 41: ('cornac/cornac/models/gru4rec/gru4rec.py', 231, 'OFL103', 'By.weight', F("AT", CORNAC + "cornac gru4rec/gru4rec.py:231 GRU4RecModel.embed_constrained `By.weight` (recom_gru4rec.py:203).")),
 42: ('cornac/cornac/models/bivaecf/bivae.py', 96, 'OFL102', 'user_prior_encoder', F("AT", CORNAC + "cornac bivaecf/bivae.py:96 BiVAE.encode_user_prior (recom_bivaecf.py:167).")),
 43: ('miles-credit/credit/domain_parallel/layers.py', 436, 'OFL103', 'conv.weight', C("leaf", DP + "DomainParallelConvTranspose3d.forward :436 `self.conv.weight`.")),
 44: ('cornac/cornac/models/sasrec/sasrec.py', 170, 'OFL102', 'item_emb', F("AT", CORNAC + "cornac sasrec/sasrec.py:170 SASRecModel.predict (recom_sasrec.py:198 / :286).")),
 45: ('miles-credit/credit/models/swin.py', 448, 'OFL102', 'attn.update_input_size', F("KA", CREDIT + "swin.py:448 SwinTransformerV2CrBlock.update_input_size calls `self.attn.update_input_size(new_window_size=...)`, which only sets `self.window_size` (:158-:166): no weight is read.")),
 46: ('miles-credit/credit/models/camulator.py', 364, 'OFL203', 'layers[i][i]', F("AH", CREDIT + "camulator.py:323 Transformer is built only as a child of Camulator (:510, inside the root's `layers` pairs): its own nested `layers` is never chunked by block level (the root's pairs are row 57).")),
 47: ('cornac/cornac/models/hypar/lightgcn.py', 88, 'OFL104', 'feature_dict[i]', F("AT", CORNAC + "cornac hypar/lightgcn.py:88 the LightGCN Model inside HypAR's model (recom_hypar.py:545).")),
 48: ('miles-credit/credit/models/wxformer/sdl_inference_wrapper.py', 467, 'OFL102', 'model', F("AB", "miles-credit models/wxformer/sdl_inference_wrapper.py:36 SDLWrapper (wraps a pretrained model; generate_interpolation_sequence / generate_scaled_ensemble call `self.model` outside its forward): nothing in the tree (applications, configs, docs, tests) builds SDLWrapper; the torch fact holds if a user offloads the wrapper.", api=True)),
 49: ('cornac/cornac/models/hypar/hypar.py', 768, 'OFL101', 'bias', F("AT", CORNAC + "cornac hypar/hypar.py:768 Model._graph_predict_narre `self.bias` (recom_hypar.py:545).")),
 50: ('bioemu/src/bioemu/so3_sde.py', 1238, 'OFL105', 'sigma_grid', F("AL", BIOEMU + "so3_sde.py:1238 BaseSampleSO3.sample_vector `self.sigma_grid.device`.")),
 51: ('weaver-core/weaver/nn/model/ParticleTransformer.py', 719, 'OFL103', 'in_proj.weight', T("leaf", GO + "weaver-core nn/model/ParticleTransformer.py:638 / :719 Attention.in_proj is an nn.Linear (a hooked leaf) whose weight goes to F._in_projection_packed without calling it; Attention is ParT's Block attention (:840), ParticleTransformer the network weaver's configs build.")),
 52: ('torchgfn/src/gfn/gflownet/trajectory_balance.py', 669, 'OFL205', '', F("Y", GFNY + "RelativeLogPartitionVarianceGFlowNet (own tensor: the 0-dim beta).")),
 53: ('cornac/cornac/models/gru4rec/gru4rec.py', 230, 'OFL103', 'Wy.weight', F("AT", CORNAC + "cornac gru4rec/gru4rec.py:230 GRU4RecModel.embed_constrained `Wy.weight` (recom_gru4rec.py:203).")),
 54: ('miles-credit/credit/models/crossformer.py', 613, 'OFL203', 'layers[i][i]', T("block", GO + CREDIT + "crossformer.py:526 / :612-:614 CrossFormer (registry 'crossformer', the WXFormer base): " + PAIRS)),
 55: ('cornac/cornac/models/ngcf/ngcf.py', 151, 'OFL104', 'feature_dict[i]', F("AT", CORNAC + "cornac ngcf/ngcf.py:151 Model.forward `self.feature_dict[i]` (a ParameterDict), built in NGCF.fit (recom_ngcf.py:140), scored by score (:235).")),
 56: ('cornac/cornac/models/sasrec/sasrec.py', 82, 'OFL204', 'attention_layers', F("AT", CORNAC + "cornac sasrec/sasrec.py:82 SASRecModel's nn.MultiheadAttention layers (recom_sasrec.py:198); the MHA out_proj leaf fact itself is right.")),
 57: ('miles-credit/credit/models/camulator.py', 594, 'OFL203', 'layers[i][i]', T("block", GO + CREDIT + "camulator.py:593-:595 Camulator (registry 'camulator'): " + PAIRS)),
 58: ('miles-credit/credit/postblock/advect.py', 206, 'OFL205', '', F("P", "miles-credit postblock/advect.py:295-:303 _SemiLagrangianAdvectionEngine._grid_coords reads `self.lat_deg.numel()` and uses `self.lat_deg.to(device=device, dtype=dtype)` / lon_deg likewise: the buffers are moved to the data's device before they meet any tensor.")),
 59: ('miles-credit/credit/trainers/trainerERA5_Diffusion.py', 551, 'OFL201', 'model.module.sample', F("AL", "miles-credit trainers/trainerERA5_Diffusion.py:550-:551 `self.model.module.sample(x, ...)` runs only when `trainer.mode == 'ddp'` (the DDP wrapper's `.module`; other modes call `self.model.sample`): a DDP replica driven by CREDIT's trainer in its own validate loop, not an offloaded model.")),
 60: ('pvnet/pvnet/models/multimodal/site_encoders/encoders.py', 197, 'OFL204', 'multihead_attn', T("leaf", GO + MHA + "pvnet models/multimodal/site_encoders/encoders.py:197 SingleAttentionNetwork.multihead_attn, called in its forward (:266); the site encoder of PVNet's multimodal model configs.")),
}

if __name__ == "__main__":
    write_labels(HERE, labels_of_rows(HERE, R, "/tmp/corp67/"))
