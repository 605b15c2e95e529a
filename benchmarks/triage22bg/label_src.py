"""Write benchmarks/triage22bg/labels.json (round bg; 60 rows drawn with seed 20306000 from the 463 shown findings of
twelve libraries, linter 01b7113).

Standard of rounds x-be (see triage22be/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
public entry method counts as called); C when true only under a non-default option or on a template; false with a
cause letter otherwise. The offloaded object is the nn.Module a user holds: an earth2studio prognostic / diagnostic
wrapper (`Model.load_model(Model.load_default_package())`, then `model(x, coords)` / `create_iterator` /
`run.deterministic(..., model, ...)`), an Aurora model, a garage policy / value function or a Pearl policy learner /
history module the user's launcher builds and hands to the algorithm / agent, a Transformers4Rec model the user
assembles. OpenHGNN (`Experiment(model='RGCN', ...).run()`), cogdl (`experiment(task=..., model='gcn')`) and
habitat-baselines (`python -m habitat_baselines.run --config-name=...`) build their models by registry name inside
their own trainer flows and drive them there: AL (round be's autogluon / slideflow reading); the torch fact is
stated where it was checked (label risk (a) of the doc).

Letters, earlier rounds' but two: AL a module the library builds and drives inside its own flow / wrapper; AH a
class judged as the offload root that is only ever a block of another model; AB code nothing calls; KA a weightless
child (a loss module); P the value meets no device tensor (an operand placed the same way); NF a class nobody's
model (here earth2studio's agent-skill eval targets, which nothing imports). **New letters**: **FA** (fresh
assignment) the registered buffer is re-bound to a newly made tensor right before the read (`self.z_means = mu` with
`mu` made on the compute device), so the tensor read is not one offloading moved; **PD** (ParameterDict of modules) an
`nn.ParameterDict` filled with nn.Modules (ParameterDict's setattr registers each as a submodule), so `self.d[k]` is a
child module called through its own hooks, not a tensor.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each Conv / Linear / Embedding on its own forward and groups every other parameter / buffer on its "
      "closest owning module's forward; the hooks replace the instance's `forward`.) ")

E2S = ("earth2studio: the user loads the wrapper (`X.load_model(X.load_default_package())`, README / examples) and "
       "calls it (`model(x, coords)`, `create_iterator`, or hands it to `run.deterministic`); the wrapper is an "
       "nn.Module that defines no forward and overrides `__call__`, so no hook of the root ever runs and its own "
       "registered buffers stay on the offload device at leaf level (their closest owner is the root) and at block "
       "level (the root's unmatched group). ")

OHG = ("OpenHGNN: the library's models are built by registry name inside the trainer flow (`Experiment(model=..., "
       "dataset=..., task=...).run()`, README; experiment.py:214 `trainerflow = ...get(...)`, the flow calls "
       "`build_model(...).build_model_from_args(args, hg)`) and driven there (train / evaluate / get_embed calls): no "
       "user-held module (round be's autogluon / slideflow AL). ")

COG = ("cogdl (2021 snapshot): models are built by name inside `experiment(task=..., dataset=..., model=...)` (README "
       ":73), the task / trainer builds, places and drives them: no user-held module (AL). ")

HAB = ("habitat-baselines: the trainer builds the policy from the config (`habitat_baselines.run`, "
       "PPOTrainer -> SingleAgentAccessMgr -> policy.from_config) and drives it in its own rollout / update loop; the "
       "user holds a config, no module (AL). ")

SKILL = ("earth2studio/skills/*: agent-skill material (SKILL.md, references/ templates to copy, evals/targets/ expected "
         "outputs of the skill's evals); nothing in the tree imports them. ")

GAR_P = ("garage PEARL: `self._policy` is the ContextConditionedPolicy PEARL builds; reset_belief "
         "(context_conditioned_policy.py:60) does `self.z_means = mu` / `self.z_vars = var` with `mu = torch.zeros(...)"
         ".to(global_device())` (:68-:74) before `sample_from_belief` reads them (:87); infer_posterior likewise "
         "assigns `self.z_means = torch.stack(...)` / `torch.mean(params, ...)` from the encoder's output (:143-:146) "
         "first. Re-binding a registered buffer name stores the new tensor in `_buffers`; the offload group keeps the "
         "old tensor objects it collected at apply time, so what is read is the fresh compute-device tensor. ")

AUR_PD = ("aurora: the attribute is an `nn.ParameterDict` filled with nn.Modules (ParameterDict.__setitem__ -> setattr "
          "registers a Module value as a submodule); `self.d[k]` returns the module and the line calls it, so its "
          "Linear leaves run their own hooks (leaf) -- no tensor of the ParameterDict is read. ")

R = {
 1: ('openhgnn/openhgnn/models/RMR.py', 383, 'OFL102', 'fc[i]', F("AL", OHG + "RMR.get_embed (models/RMR.py:383): the block fact is right (fc is a ModuleDict, in the root's unmatched group).")),
 2: ('cogdl/cogdl/models/nn/dropedge_gcn.py', 452, 'OFL203', 'midlayers[i][i]', F("AH", "cogdl models/nn/dropedge_gcn.py:452 InceptionGCNBlock is built only as `self.BASEBLOCK` (:620) appended to DropEdge_GCN.midlayer, an nn.ModuleList (:643 / :658) of the registered root: block level hooks each InceptionGCNBlock whole on its forward (called at :690), never chunks its own midlayers. (Also AL: " + COG + ")")),
 3: ('earth2studio/skills/earth2studio-create-diagnostic/references/skeleton-template.py', 183, 'OFL101', 'center', U("leaf", SKILL + "references/skeleton-template.py:183 AutoModelDiagnostic._normalize `(x - self.center)` from __call__: the torch fact is right and a wrapper copied from the template carries it, but the template is no model anyone loads (counted C).")),
 4: ('habitat-lab/habitat-hitl/habitat_hitl/environment/controllers/baselines_controller.py', 188, 'OFL201', '_agent.actor_critic.act', F("AL", "habitat-hitl environment/controllers/baselines_controller.py:188: `self._agent` is an AgentAccessMgr (not an nn.Module) the controller builds itself (`_create_agent`, :96 / :139) from the config and drives in act(); nothing a user offloads, and no `_agent.forward` exists.")),
 5: ('earth2studio/skills/earth2studio-create-prognostic/evals/targets/eval_2_target.py', 183, 'OFL101', 'scale', F("NF", SKILL + "evals/targets/eval_2_target.py:183 AdditiveModel._denormalize, an eval's expected output.")),
 6: ('habitat-lab/habitat-baselines/habitat_baselines/rl/hrl/hl/neural_policy.py', 184, 'OFL102', '_critic', F("AL", HAB + "rl/hrl/hl/neural_policy.py:184 NeuralHighLevelPolicy.get_value (a child of HierarchicalPolicy, built from the HRL config).")),
 7: ('earth2studio/earth2studio/models/dx/corrdiff.py', 1539, 'OFL101', 'in_scale', T("leaf", GO + E2S + "models/dx/corrdiff.py:1539 CorrDiffTaiwan._forward `(x - self.in_center) / self.in_scale` from __call__ (no forward in the class).")),
 8: ('pearl/pearl/history_summarization_modules/stacking_history_summarization_module.py', 111, 'OFL101', 'history', F("P", "pearl history_summarization_modules/stacking_history_summarization_module.py:111 compare(other) does `torch.allclose(self.history, other.history)` against another instance's same buffer (PearlAgent.compare, pearl_agent.py:322, a test helper): both placed the same way, no device tensor met; the module owns no parameter at all (history / default_action buffers only).")),
 9: ('earth2studio/earth2studio/models/px/fengwu.py', 305, 'OFL101', 'center', U("leaf", E2S + "models/px/fengwu.py:305 `(x - self.center) / self.scale`: the fact is right, but FengWu's network is an onnxruntime session (io binding, :300-:310); its only torch tensors are the normalisation buffers, so offloading it frees nothing (counted C).")),
 10: ('earth2studio/earth2studio/models/da/healda.py', 443, 'OFL101', '_era5_mean', T("leaf", GO + E2S + "models/da/healda.py:443 HealDA._forward `self._era5_std * prediction + self._era5_mean` from create_generator (no forward).")),
 11: ('earth2studio/earth2studio/models/px/aifsens.py', 783, 'OFL101', 'inverse_interpolation_matrix', T("leaf", GO + E2S + "models/px/aifsens.py:783 AIFSENS._prepare_output `self.inverse_interpolation_matrix @ x` (__call__ / create_iterator).")),
 12: ('earth2studio/earth2studio/models/nn/atlas.py', 1829, 'OFL202', 'normalizer_out.unnormalize', T("both", GO + E2S + "models/nn/atlas.py:1829 SinterpolantDifferenceProcessor.postprocess -> GaussianNormalizer.unnormalize (:797, mean / std buffers, the normalizer has no forward), reached from the Atlas wrapper's step `self.autoencoder_processors[0].postprocess(pred, x_cur)` (px/atlas.py:398): at block level the processor is a block of the wrapper's ModuleList whose forward is never called, at leaf level the buffers hang on the never-called normalizer. (Risk: the processor class comes from the checkpoint; this subclass is the one whose postprocess takes (target, input).)")),
 13: ('openhgnn/openhgnn/models/MetaHIN.py', 117, 'OFL102', 'meta_learner.update_parameters', F("AL", OHG + "MetaHIN.mp_update from global_update / evaluation (models/MetaHIN.py:117): block fact right (recall H8).")),
 14: ('cogdl/cogdl/trainers/self_auxiliary_task_trainer.py', 87, 'OFL207', 'model', F("AL", COG + "trainers/self_auxiliary_task_trainer.py:87 the trainer's own `self.model.to(self.device)` of the model the task built.")),
 15: ('openhgnn/openhgnn/models/HERO.py', 430, 'OFL105', 'next(self.parameters())', F("AL", OHG + "models/HERO.py:430 HERO.forward's device read (the stated consequence is also doubtful: self.bnn[i] is a BatchNorm whose own-parameter group hook moves its inputs).")),
 16: ('openhgnn/openhgnn/models/GTN_sparse.py', 169, 'OFL104', 'conv1.weight', F("AL", OHG + "models/GTN_sparse.py:169 GTLayer reads conv1.weight after conv1 returned (leaf fact right, as recall H10's cogdl twin).")),
 17: ('garage/src/garage/torch/value_functions/gaussian_mlp_value_function.py', 94, 'OFL102', 'module', T("block", GO + "garage torch/value_functions/gaussian_mlp_value_function.py:94 compute_loss calls `self.module(obs)` (a GaussianMLPModule, the root's only child, in its unmatched group); the user's launcher builds `GaussianMLPValueFunction(env_spec=..., hidden_sizes=...)` and passes it to VPG / PPO / TRPO, whose _train_value_function calls compute_loss (algos/vpg.py:172); the root's forward never runs there.")),
 18: ('earth2studio/earth2studio/models/nn/atlas.py', 1795, 'OFL202', 'normalizer_out.unnormalize', F("AB", "earth2studio models/nn/atlas.py:1795 BaseProcessor.postprocess is overridden by every subclass (SinterpolantDifferenceProcessor :1827, CombineDifferencesAutoencoder :1892, SInterpolantDownsampleProcessor :1973) and no `super().postprocess` exists; BaseProcessor itself is no checkpoint target.")),
 19: ('earth2studio/earth2studio/models/px/dlwp.py', 350, 'OFL101', 'center', T("leaf", GO + E2S + "models/px/dlwp.py:350 DLWP._forward `center = self.center.unsqueeze(-1)`, `(x - center) / scale`.")),
 20: ('cogdl/cogdl/models/nn/gcnmix.py', 117, 'OFL102', 'loss_f', F("KA", "cogdl models/nn/gcnmix.py:117 `self.loss_f` is nn.BCELoss() (:77), holding no tensor. (Also AL: " + COG + ")")),
 21: ('earth2studio/earth2studio/models/dx/dlesym_v0_isccp_era5_precip.py', 142, 'OFL205', '', T("leaf", GO + E2S + "models/dx/dlesym_v0_isccp_era5_precip.py:142 DLESyMv0_ISCCP_ERA5Precip's center / scale / ... buffers (:243-:297) used in __call__ (no forward).")),
 22: ('cogdl/cogdl/models/nn/pyg_gtn.py', 68, 'OFL104', 'conv1.weight', F("AL", COG + "models/nn/pyg_gtn.py:68 GTLayer reads conv1.weight after conv1(A) returned: the leaf fact is right (recall H10).")),
 23: ('openhgnn/openhgnn/models/RHGNN.py', 217, 'OFL104', 'relation_embedding[i]', F("AL", OHG + "models/RHGNN.py:217 RHGNN.inference (ParameterDict read; leaf fact right).")),
 24: ('cogdl/cogdl/models/nn/compgcn.py', 314, 'OFL102', 'emb', F("AL", COG + "models/nn/compgcn.py:314 LinkPredictCompGCN.loss calls self.emb after self.forward returned (block fact right).")),
 25: ('earth2studio/skills/earth2studio-create-diagnostic/evals/targets/eval_3_target.py', 221, 'OFL101', 'out_scale', F("NF", SKILL + "evals/targets/eval_3_target.py:221 SuperResolution._denormalize_output.")),
 26: ('pearl/pearl/neural_networks/contextual_bandit/linear_regression.py', 320, 'OFL101', '_inv_A', F("P", "pearl neural_networks/contextual_bandit/linear_regression.py:320 compare(other): `torch.allclose(self._inv_A, other._inv_A)` against the other instance's same buffer (reached from NeuralLinearBandit.compare, a test helper): both placed the same way.")),
 27: ('earth2studio/earth2studio/models/dx/wind_gust.py', 219, 'OFL101', 'center', T("leaf", GO + E2S + "models/dx/wind_gust.py:219 WindgustAFNO.__call__ `(x - self.center) / self.scale`.")),
 28: ('earth2studio/earth2studio/models/px/aifs2ens.py', 860, 'OFL101', 'latitudes', T("leaf", GO + E2S + "models/px/aifs2ens.py:860 AIFS2ENS._prepare_input: zenith / local-time fields from `self.latitudes` / `self.longitudes` buffers, concatenated with the input fields.")),
 29: ('earth2studio/earth2studio/models/px/stormscope.py', 1091, 'OFL101', 'glm_mask', T("leaf", GO + E2S + "models/px/stormscope.py:1091 StormScopeBase._denormalize_state `out * self.stds + self.means`, `torch.where(self.glm_mask.view(...), ...)` (no forward in the class).")),
 30: ('earth2studio/earth2studio/models/dx/cbottle_tc.py', 457, 'OFL105', 'device_buffer', T("leaf", GO + E2S + "models/dx/cbottle_tc.py:457 `device = self.device_buffer.device` (a root buffer, never onloaded): condition / labels / images are placed on the offload device and fed to the diffusion sampler with the core model, whose leaf outputs come back on the compute device.")),
 31: ('openhgnn/openhgnn/models/MetaHIN.py', 353, 'OFL102', 'user_emb', F("AL", OHG + "MetaHIN.eval_no_MAML (models/MetaHIN.py:353), block fact right.")),
 32: ('earth2studio/skills/earth2studio-create-prognostic/references/skeleton-template.py', 342, 'OFL105', 'device_buffer', U("leaf", SKILL + "references/skeleton-template.py:342 ModelName.__call__ `self.device_buffer.device`: the template's fact is right for a copy (counted C).")),
 33: ('openhgnn/openhgnn/models/RHGNN.py', 178, 'OFL104', 'relation_transformation_weight[i]', F("AL", OHG + "models/RHGNN.py:178 RHGNN.forward (ParameterDict read; leaf fact right).")),
 34: ('earth2studio/earth2studio/models/dx/cbottle_sr.py', 88, 'OFL205', '', T("leaf", GO + E2S + "models/dx/cbottle_sr.py:88 CBottleSR's regrid / device buffers (:158-:189) used in _forward / _reorder_*; no forward.")),
 35: ('pearl/pearl/neural_networks/contextual_bandit/neural_linear_regression.py', 145, 'OFL102', 'linear_layer_e2e', T("block", GO + "pearl neural_networks/contextual_bandit/neural_linear_regression.py:145: the user builds NeuralLinearBandit (a PolicyLearner, torch.nn.Module with no forward, policy_learner.py:40) and hands it to PearlAgent; agent.learn -> learn_batch (neural_linear_bandit.py:166) -> self.model.forward_with_intermediate_values: `model` sits in the root's unmatched group, never onloaded.")),
 36: ('aurora/aurora/model/levelcond.py', 65, 'OFL104', 'layers[i]', F("PD", AUR_PD + "model/levelcond.py:32 `self.layers = torch.nn.ParameterDict({...: construct_module() ...})`, :65 `self.layers[...](x[index(i)], ...)`.")),
 37: ('earth2studio/earth2studio/models/dx/wind_gust.py', 66, 'OFL205', '', T("leaf", GO + E2S + "models/dx/wind_gust.py:66 WindgustAFNO's buffers used in __call__.")),
 38: ('earth2studio/earth2studio/models/px/interpmodafno.py', 122, 'OFL205', '', T("leaf", GO + E2S + "models/px/interpmodafno.py:122 InterpModAFNO's center / scale / geop / lsm buffers (:179-:182) used in _interpolate (:390-:391).")),
 39: ('garage/src/garage/torch/algos/pearl.py', 316, 'OFL202', '_policy.reset_belief', F("FA", GAR_P + "algos/pearl.py:316 train().")),
 40: ('openhgnn/openhgnn/trainerflow/FED_REC_trainer.py', 619, 'OFL103', 'item_emb.weight', F("AL", OHG + "trainerflow/FED_REC_trainer.py:619 Server.predict, the federated trainer's own server.")),
 41: ('habitat-lab/habitat-hitl/habitat_hitl/environment/controllers/baselines_controller.py', 202, 'OFL201', '_agent.actor_critic.update_hidden_state', F("AL", "habitat-hitl baselines_controller.py:202: as row 4, the controller's own AgentAccessMgr (not a module).")),
 42: ('earth2studio/earth2studio/models/dx/cbottle_tc.py', 355, 'OFL105', 'device_buffer', F("P", "earth2studio models/dx/cbottle_tc.py:355 create_guidance_tensor: every tensor it builds is placed with the same `device` (lat_coords / lon_coords `.to(device)` :358, `torch.tensor(lat_grid).to(device)` :370, `torch.full(..., device=device)`): torch.searchsorted meets no compute-device tensor; it returns the guidance input for the user.")),
 43: ('earth2studio/earth2studio/models/dx/corrdiff_cmip6.py', 56, 'OFL205', '', T("leaf", GO + E2S + "models/dx/corrdiff_cmip6.py:56 CorrDiffCMIP6's grid / normalisation buffers (:856-:910) used in _forward / normalize_input.")),
 44: ('garage/src/garage/torch/algos/pearl.py', 619, 'OFL202', '_policy.infer_posterior', F("FA", GAR_P + "algos/pearl.py:619 adapt_policy().")),
 45: ('earth2studio/skills/earth2studio-create-diagnostic/evals/targets/eval_2_target.py', 38, 'OFL205', '', F("NF", SKILL + "evals/targets/eval_2_target.py:38 PrecipEstimator.")),
 46: ('earth2studio/earth2studio/models/px/aifsens.py', 164, 'OFL205', '', T("leaf", GO + E2S + "models/px/aifsens.py:164 AIFSENS's invariants / latitudes / longitudes buffers (:237-:239) used in _add_invariants / _fill_input / _forward.")),
 47: ('earth2studio/skills/earth2studio-create-prognostic/evals/targets/eval_1_target.py', 161, 'OFL105', 'device_buffer', F("NF", SKILL + "evals/targets/eval_1_target.py:161 IdentityModel.__call__.")),
 48: ('garage/src/garage/torch/algos/pearl.py', 428, 'OFL202', '_policy.reset_belief', F("FA", GAR_P + "algos/pearl.py:428 _obtain_samples().")),
 49: ('aurora/aurora/model/decoder.py', 251, 'OFL104', 'atmos_heads[i]', F("PD", AUR_PD + "model/decoder.py:121 / :125 `self.atmos_heads = nn.ParameterDict({name: LinearPatchReconstruction(...)})` / LevelConditioned, :251 `self.atmos_heads[name](x)`.")),
 50: ('garage/src/garage/torch/algos/pearl.py', 336, 'OFL202', '_policy.reset_belief', F("FA", GAR_P + "algos/pearl.py:336 _optimize_policy().")),
 51: ('earth2studio/earth2studio/models/dx/cbottle_sr.py', 228, 'OFL105', '_device_buffer', T("leaf", GO + E2S + "models/dx/cbottle_sr.py:228 the `device` property reads `_device_buffer.device`; at call time _forward sets `self.sr_model.device = self.device` (:478) and picks the RNG devices from it (:484-:490), so the sampler's tensors land on the offload device (the read the message cites in __init__ is harmless, before offloading).")),
 52: ('aurora/aurora/model/aurora.py', 747, 'OFL104', 'surf_feature_combiner[i]', F("PD", AUR_PD + "model/aurora.py:716 `self.surf_feature_combiner = torch.nn.ParameterDict({v: nn.Linear(2, 1, bias=True) ...})`, :747 `_transform(v, self.surf_feature_combiner[k])` calls `feature_combiner(...)` (:734).")),
 53: ('earth2studio/earth2studio/models/dx/cbottle_infill.py', 338, 'OFL105', 'device_buffer', T("leaf", GO + E2S + "models/dx/cbottle_infill.py:338 `device = self.device_buffer.device` in __call__, inputs placed with it and passed to `self.core_model.infill(...)` (a method, no hook moves them).")),
 54: ('cogdl/cogdl/models/nn/rgcn.py', 297, 'OFL103', 'rel_weight.weight', F("AL", COG + "models/nn/rgcn.py:297 LinkPredictRGCN.predict reads rel_weight.weight (an Embedding never called; leaf fact right).")),
 55: ('transformers4rec/transformers4rec/torch/features/embedding.py', 554, 'OFL103', 'embedding_table.weight', T("leaf", GO + "transformers4rec torch/features/embedding.py:554 SoftEmbedding.forward `(weights.unsqueeze(-1) * self.embedding_table.weight).sum(-2)`: the Embedding leaf is never called, so its hook never onloads it; the user assembles the tr.Model with continuous soft embeddings (`TabularSequenceFeatures.from_schema(..., continuous_soft_embeddings=True)`, documented).")),
 56: ('openhgnn/openhgnn/models/ExpressGNN.py', 169, 'OFL203', 'edge_type_W[i][i][i]', F("AL", OHG + "models/ExpressGNN.py:169 ExpressGNN.gcn_forward.")),
 57: ('aurora/aurora/foundry/common/model.py', 62, 'OFL207', 'model', F("AL", "aurora foundry/common/model.py:62 Model.run: the Azure AI Foundry server's own wrapper builds the Aurora model (create_model, :44) and places it for its rollout; the user holds no module here.")),
 58: ('openhgnn/openhgnn/models/NBF.py', 688, 'OFL103', 'relation.weight', F("AL", OHG + "models/NBF.py:688 GeneralizedRelationalConv.forward.")),
 59: ('openhgnn/openhgnn/trainerflow/FED_REC_trainer.py', 618, 'OFL103', 'user_emb.weight', F("AL", OHG + "trainerflow/FED_REC_trainer.py:618 Server.predict.")),
 60: ('openhgnn/openhgnn/trainerflow/FED_REC_trainer.py', 543, 'OFL103', 'item_emb.weight', F("AL", OHG + "trainerflow/FED_REC_trainer.py:543 Server.aggregate.")),
}


L = labels_of_rows(HERE, R, "/corp57/")

if __name__ == "__main__":
    write_labels(HERE, L)
