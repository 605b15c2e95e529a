"""Write benchmarks/triage22be/labels.json (round be; 60 rows drawn with seed 20304000 from the 136 shown findings of
twelve libraries, linter 96455c5).

Standard of rounds x-bc (see triage22bc/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
public entry method counts as called); C when true only under a non-default option; false with a cause letter
otherwise. The offloaded object is the nn.Module a user holds (LightZero's policy model, a pytorch-fm / topomodelx /
TorchEasyRec model, slideflow's MIL model or feature-extractor ViT, a torch-em user model).

Letters, all earlier rounds' but one: AT a module built inside a Lightning-driven estimator's fit (mambular, autogluon
multimodal); AL a module the library builds and drives inside one call / its own wrapper (autogluon tabular /
timeseries, slideflow's Trainer); AB code nothing calls; KA a weightless child (loss modules); BB a branch never taken;
Y a 0-dim tensor. **New letter UR**: the "weights" are unregistered: `nn.Parameter(...).to(device)` returns a plain
Tensor on an accelerator, so offloading never moves them (openrl).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer on its own forward and groups a non-leaf module's own parameters / buffers on that "
      "module's forward; the hooks replace the instance's `forward`.) ")

LZ = ("LightZero: the policy (lzero/policy/*.py) holds the model (MuZeroModel / UniZeroModel / ...; the module a user "
      "offloads, as round bc read DI-engine's policy model) and the MCTS / buffer / learner call its "
      "initial_inference / recurrent_inference / world_model methods directly; the roots define no forward "
      "(MuZeroModel, StochasticMuZeroModel, UniZeroModel), so at block level their unmatched group (every non-list "
      "child) is never onloaded. ")

LZ_WM = (LZ + "The world model (WorldModel, unizero_world_models/world_model.py:31, `self.transformer = "
         "Transformer(...)` :71) is `UniZeroModel.world_model`, a non-list child of the root: whichever of the two is "
         "taken as root, `transformer` sits in an unmatched group not onloaded when these methods run. ")

AGM = ("autogluon multimodal: the torch model is built by MultiModalPredictor.fit (learners/base.py, "
       "`create_fusion_model`) and driven by Lightning (LitModule, optim/lit_module.py) and predictor.predict; the user "
       "holds the predictor, never the nn.Module (round bc's RecTools / ba's neuralprophet reading: AT). The torch "
       "fact itself is right. ")

AGT = ("autogluon tabular / timeseries: the torch model is built and driven inside the library's own model wrapper "
       "(TabPFNMixModel._fit / Toto*Model._fit / _predict, plain AbstractModel objects) under TabularPredictor / "
       "TimeSeriesPredictor.fit / predict: the user holds the predictor, no nn.Module (round bc's LightAutoML AL). ")

MB = ("mambular: the user holds the sklearn-style estimator (MambularRegressor / ...Classifier / ...LSS, "
      "models/utils/sklearn_base_*.py) whose fit builds `self.task_model = TaskModel(model_class=..., ...)` (a "
      "pl.LightningModule, base_models/utils/lightning_wrapper.py) holding the base model and drives it with pl.Trainer "
      "(README: `model.fit(X, y)`, `model.predict(X)`): nothing a user offloads (round bc's RecTools AT). ")

TZ = ("TorchEasyRec: `tzrec.train_eval` builds the model from a pipeline config and wraps it in TrainWrapper; ")

SF_TR = ("slideflow: `sf.model.build_trainer(...)` returns a plain Trainer (model/torch.py) that builds the "
         "nn.Module itself in train() or loads it (`trainer.load(path)`) and places it for its own loop: the user "
         "holds the Trainer, not the module (round bc's DeepRobust Backdoor / LightAutoML L2X AL). ")

UR = ("openrl registers nothing: `self.x = nn.Parameter(torch.zeros(...), requires_grad=False).to(**self.tpdv)` with "
      "tpdv's device the network's device; on an accelerator `Parameter.to(device)` returns a plain Tensor (checked: "
      "`nn.Parameter(torch.zeros(3)).to('meta')` is a torch.Tensor and named_parameters() of the owner is empty), so "
      "the tensor is an unregistered attribute that group offloading never moves; on the CPU (`.to('cpu')` returns the "
      "Parameter itself) every input is moved to the same CPU by `input_vector.to(**self.tpdv)` first. Either way the "
      "weights never meet a tensor on another device because of offloading. ")

R = {
 1: ('autogluon/multimodal/src/autogluon/multimodal/models/custom_hf_models/modeling_sam_for_conv_lora.py', 651, 'OFL103', 'not_a_point_embed.weight', F("AT", AGM + "modeling_sam_for_conv_lora.py:651 SamPromptEncoder._embed_points (a copy of HF's SAM with conv-LoRA, "
      "built for semantic segmentation by the predictor).")),
 2: ('lightzero/lzero/model/unizero_world_models/reanalysis_context.py', 259, 'OFL102', 'transformer', T("block", GO + LZ_WM + "reanalysis_context.py:259 evaluate_root_token_context_values is called by the reanalysis "
      "buffer `model.world_model.evaluate_root_token_context_values(...)` (mcts/buffer/game_buffer_unizero.py:982).")),
 3: ('lightzero/lzero/model/unizero_world_models/transformer.py', 481, 'OFL105', 'ln_f.weight', T("block+leaf", GO + LZ_WM + "transformer.py:481 generate_empty_keys_values places the KV cache with "
      "`ln_f.weight.device` (the offload device outside the root's forward; ln_f's leaf hook has not run); "
      "KeysValues / Cache allocate there (kv_caching.py:135) and get() hands the CPU cache to attention with device "
      "queries; called from reanalysis_context.py:203 / open_loop.py:146 outside any forward.")),
 4: ('slideflow/slideflow/model/extractors/vit.py', 297, 'OFL102', 'patch_embed', T("block", GO + "slideflow's DINO ViT (model/extractors/vit.py): get_last_selfattention / get_intermediate_layers "
      "are public methods of the ViT a user holds (the extractor's model) and call prepare_tokens -> self.patch_embed "
      "(:297), a non-list child (blocks is the ModuleList): root's unmatched group, not onloaded there. Public entry "
      "methods count as called (nothing in slideflow calls them).")),
 5: ('careamics/src/careamics/models/lvae/layers.py', 1211, 'OFL101', 'top_prior_params', F("AB", "careamics lvae/layers.py:1211 TopDownLayer.get_p_params reached from sample_from_q (:1175): "
      "TopDownLayer.sample_from_q is called by nothing in the tree (grep: the only other sample_from_q call, :1178, is "
      "the stochastic block's own); TopDownLayer is a child of LadderVAE (models/lvae/lvae.py), whose forward calls "
      "TopDownLayer.forward.")),
 6: ('careamics/src/careamics/models/lvae/layers.py', 1176, 'OFL102', 'merge', F("AB", "As row 5: layers.py:1176 self.merge inside TopDownLayer.sample_from_q, which nothing calls.")),
 7: ('mambular/mambular/base_models/tabr.py', 330, 'OFL102', 'embedding_layer', F("AT", MB + "base_models/tabr.py:330 TabR.validate_with_candidates, called by TaskModel's validation_step.")),
 8: ('lightzero/lzero/model/unizero_world_models/world_model_multitask.py', 920, 'OFL102', 'task_emb', T("block", GO + LZ + "world_model_multitask.py:920 WorldModelMT.reset_for_initial_inference `self.task_emb(...)`, "
      "reached from SampledUniZeroMTModel.initial_inference (sampled_unizero_model_multitask.py:396), called by the "
      "multitask policy's MCTS; the root defines no forward.")),
 9: ('autogluon/tabular/src/autogluon/tabular/models/tabpfnmix/_internal/models/foundation/foundation_transformer.py', 138, 'OFL204', 'att', F("AL", AGT + "tabpfnmix foundation_transformer.py:138 nn.MultiheadAttention (recall H1: the torch fact is right; "
      "FoundationTransformer is only built by autogluon's TabPFNMix wrapper, tabpfnmix_model.py).")),
 10: ('torcheasyrec/tzrec/models/match_model.py', 329, 'OFL102', '_loss_modules[i]', F("KA", "torcheasyrec models/match_model.py:329 `self._loss_modules[loss_name](pred, label)`: every loss module is "
       "nn.CrossEntropyLoss(reduction=...) (:293), which holds no tensor; calling it outside forward reads nothing "
       "offloaded (a weightless child).")),
 11: ('lightzero/lzero/model/muzero_model.py', 371, 'OFL102', 'dynamics_network', T("block", GO + LZ + "muzero_model.py:371 MuZeroModel._dynamics via recurrent_inference (called by the MCTS "
       "through the policy's model): dynamics_network a non-list child of a root with no forward.")),
 12: ('mambular/mambular/base_models/tabr.py', 415, 'OFL102', 'embedding_layer', F("AT", MB + "tabr.py:415 TabR.predict_with_candidates, called by TaskModel's predict_step.")),
 13: ('lightzero/lzero/model/muzero_model.py', 307, 'OFL102', 'prediction_network', T("block", GO + LZ + "muzero_model.py:307 MuZeroModel._prediction via initial_inference / recurrent_inference.")),
 14: ('mambular/mambular/arch_utils/layer_utils/attention_utils.py', 81, 'OFL203', 'layers[i][i]', F("AT", MB + "arch_utils/layer_utils/attention_utils.py:81 Transformer.forward iterating `for attn, ff in "
       "self.layers` (each element a ModuleList): the block-level fact is right, but the model is the "
       "Lightning-driven estimator's.")),
 15: ('lightzero/lzero/model/stochastic_muzero_model.py', 379, 'OFL102', 'dynamics_network', T("block", GO + LZ + "stochastic_muzero_model.py:379 StochasticMuZeroModel._dynamics via recurrent_inference.")),
 16: ('lightzero/lzero/model/unizero_world_models/open_loop.py', 135, 'OFL102', 'transformer', T("block", GO + LZ_WM + "open_loop.py:135 PPOWorldModel._open_loop_hidden via compute_loss, which the policies "
       "call as `self._learn_model.world_model.compute_loss(...)` (policy/unizero.py:1262, unizero_ppo.py:435): "
       "training counts.")),
 17: ('mambular/mambular/models/utils/sklearn_base_lss.py', 611, 'OFL201', 'task_model.family.evaluate_nll', F("AT", MB + "models/utils/sklearn_base_lss.py:611 SklearnBaseLSS.score `self.task_model.family.evaluate_nll(y, "
       "predictions)` on the estimator itself (a plain object), the family a distribution helper evaluating numpy "
       "predictions.")),
 18: ('autogluon/timeseries/src/autogluon/timeseries/models/toto/_internal/backbone/backbone.py', 262, 'OFL105', 'next(self.parameters())', F("AL", AGT + "timeseries/models/toto/_internal/backbone/backbone.py:262 TotoBackbone.device.")),
 19: ('autogluon/timeseries/src/autogluon/timeseries/models/toto2/model.py', 253, 'OFL202', '_model.forecast', F("AL", AGT + "timeseries/models/toto2/model.py:253 Toto2Model._predict calling its own `self._model.forecast`.")),
 20: ('torcheasyrec/tzrec/models/rank_model.py', 240, 'OFL102', '_loss_modules[i]', F("KA", "torcheasyrec models/rank_model.py:240 `self._loss_modules[loss_name](pred, label)`: nn.BCEWithLogitsLoss / "
       "CrossEntropyLoss / MSELoss / BinaryFocalLoss / JRCLoss (:191-:209), none holding a tensor (tzrec/loss/*.py: "
       "only the SID contrastive loss has Parameters, not built here).")),
 21: ('autogluon/timeseries/src/autogluon/timeseries/models/toto/_internal/backbone/rotary_embedding_torch.py', 272, 'OFL101', 'scale', F("AL", AGT + "toto/_internal/backbone/rotary_embedding_torch.py:272 RotaryEmbedding.get_scale (xpos only).")),
 22: ('lightzero/lzero/model/stochastic_muzero_model.py', 294, 'OFL102', 'chance_encoder', T("block", GO + LZ + "stochastic_muzero_model.py:294 chance_encode, called by the learner "
       "`self._learn_model.chance_encode(concat_frame)` (policy/stochastic_muzero.py:396).")),
 23: ('lightzero/lzero/model/unizero_world_models/reanalysis_context.py', 206, 'OFL102', 'transformer', T("block", GO + LZ_WM + "reanalysis_context.py:206 seed_reanalysis_root_caches, called by "
       "game_buffer_unizero.py:796.")),
 24: ('mambular/mambular/arch_utils/enode_utils.py', 141, 'OFL101', 'feature_thresholds', F("AT", MB + "arch_utils/enode_utils.py:141 ODSTE.initialize: a data-aware first-call init (reached from the "
       "overridden __call__) of a layer inside the estimator's Lightning model.")),
 25: ('slideflow/slideflow/mil/models/transmil.py', 36, 'OFL102', 'layer1', T("block", GO + "slideflow mil/models/transmil.py:36 TransMIL.calculate_attention calls layer1 / pos_layer "
       "(non-list children: root's unmatched group); slideflow calls it on the loaded MIL model outside forward "
       "(mil/features.py:203 `self.model.calculate_attention(...)`, attention heatmaps); the user holds the MIL model "
       "(`sf.mil.utils.load_model_weights`).")),
 26: ('lightzero/lzero/model/unizero_world_models/tokenizer.py', 247, 'OFL105', 'decoder_network.next(self.parameters())', F("BB", "LightZero unizero_world_models/tokenizer.py:247 is the `except AttributeError` fallback of :245 "
       "`self.decoder_network.device`; the only decoders with decode_to_plain_text's text path are HF "
       "T5ForConditionalGeneration (unizero_model.py:116), which has `.device`, so :247 never runs.")),
 27: ('autogluon/multimodal/src/autogluon/multimodal/models/custom_hf_models/modeling_sam_for_conv_lora.py', 502, 'OFL103', 'iou_token.weight', F("AT", AGM + "modeling_sam_for_conv_lora.py:502 SamMaskDecoder.forward `iou_token.weight`.")),
 28: ('openrl/openrl/modules/utils/valuenorm.py', 6, 'OFL205', '', F("UR", UR + "modules/utils/valuenorm.py:27-35 ValueNorm (built by base_value_network.py:32 with the network's "
       "device).")),
 29: ('slideflow/slideflow/model/torch.py', 1623, 'OFL207', 'model', F("AL", SF_TR + "model/torch.py:1623 Trainer.predict `self.model.to(self.device)`.")),
 30: ('autogluon/multimodal/src/autogluon/multimodal/models/custom_hf_models/modeling_sam_for_conv_lora.py', 663, 'OFL103', 'point_embed[i].weight', F("AT", AGM + "modeling_sam_for_conv_lora.py:663 point_embed[0].weight.")),
 31: ('pytorch-fm/torchfm/model/afi.py', 25, 'OFL204', 'self_attns', T("leaf", GO + "pytorch-fm torchfm/model/afi.py:25 AutomaticFeatureInteractionModel builds "
       "torch.nn.MultiheadAttention layers called in forward; the model is built directly by users "
       "(examples/main.py `get_model`); MHA passes out_proj.weight to F.multi_head_attention_forward without calling "
       "out_proj: stays offloaded at leaf level.")),
 32: ('lightzero/lzero/model/unizero_world_models/world_model.py', 1302, 'OFL103', 'pos_emb.weight', T("block+leaf", GO + LZ_WM + "world_model.py:1302 _lookup_position_embeddings reads `pos_emb.weight` (an "
       "Embedding never called: its leaf hook never runs) and is reached from the world model's inference / loss "
       "paths the policy calls (open_loop.py:136).")),
 33: ('torch-em/torch_em/trainer/default_trainer.py', 543, 'OFL207', 'model', T("block+leaf", GO + "torch-em trainer/default_trainer.py:543 `self.model.to(self.device)`: the user builds the "
       "model (e.g. UNet2d) and hands it to `default_segmentation_trainer(name, model=model, ...)` (segmentation.py); "
       "the trainer moves it whole by hand (round bc's hippynn row 38 reading).")),
 34: ('torcheasyrec/tzrec/modules/sid/kmeans_quantize.py', 166, 'OFL205', '', T("leaf", GO + "torcheasyrec modules/sid/kmeans_quantize.py:166 KMeansQuantizeLayer holds the centroid "
       "codebook and defines no forward; ResidualKMeansQuantizer calls `layer_i.quantize(residual_i)` "
       "(residual_kmeans_quantizer.py:37) with device residuals: at leaf level its own tensors are grouped on a "
       "forward nothing calls.")),
 35: ('autogluon/multimodal/src/autogluon/multimodal/models/mmocr_text_recognition.py', 116, 'OFL105', 'model.next(self.parameters())', F("AT", AGM + "models/mmocr_text_recognition.py:116 `next(self.model.parameters()).device` in forward.")),
 36: ('autogluon/timeseries/src/autogluon/timeseries/models/toto/_internal/backbone/rotary_embedding_torch.py', 190, 'OFL105', 'dummy', F("AL", AGT + "toto rotary_embedding_torch.py:190 `self.dummy.device`.")),
 37: ('mambular/mambular/arch_utils/rnn_utils.py', 130, 'OFL104', 'residual_matrix[i]', F("AT", MB + "arch_utils/rnn_utils.py:130 `self.residual_matrix[i]` (ParameterList): the leaf fact is right.")),
 38: ('autogluon/multimodal/src/autogluon/multimodal/models/custom_hf_models/modeling_sam_for_conv_lora.py', 723, 'OFL103', 'no_mask_embed.weight', F("AT", AGM + "modeling_sam_for_conv_lora.py:723 no_mask_embed.weight.")),
 39: ('mambular/mambular/models/utils/sklearn_base_regressor.py', 380, 'OFL201', 'task_model.estimator', F("AT", MB + "models/utils/sklearn_base_regressor.py:380 pretrain() (the estimator's own pretraining driver).")),
 40: ('torcheasyrec/tzrec/modules/gr/stu.py', 592, 'OFL101', '_uvqk_beta', F("AB", "torcheasyrec modules/gr/stu.py:592 STULayer.cached_forward is called only by STUStack.cached_forward "
       "(:787), which nothing in the tree calls (grep `.cached_forward(`: that one call); the HSTU models call the "
       "stack's forward.")),
 41: ('openrl/openrl/modules/networks/utils/popart.py', 81, 'OFL101', 'mean_sq', F("UR", UR + "modules/networks/utils/popart.py:81 PopArt.update `self.mean_sq` (popart.py:20-35 register the same "
       "way; PopArt is also opt-in, --use_popart default False, configs/config.py:500).")),
 42: ('openrl/openrl/modules/networks/utils/popart.py', 72, 'OFL101', 'stddev', F("UR", UR + "popart.py:72 `old_stddev = self.stddev` used at :85 `self.weight * old_stddev / self.stddev`, every "
       "operand the module's own (this line alone would meet nothing either).")),
 43: ('slideflow/slideflow/mil/models/transmil.py', 32, 'OFL101', 'cls_token', T("block+leaf", GO + "slideflow transmil.py:32 `self.cls_token` (a root Parameter) in calculate_attention, "
       "called outside forward by mil/features.py:203 (as row 25).")),
 44: ('torcheasyrec/tzrec/modules/gr/stu.py', 585, 'OFL101', '_input_norm_weight', F("AB", "As row 40 (stu.py:585 `_input_norm_weight` in STULayer.cached_forward).")),
 45: ('autogluon/tabular/src/autogluon/tabular/models/tabpfnmix/_internal/models/foundation/foundation_transformer.py', 109, 'OFL203', 'layers[i][i]', F("AL", AGT + "tabpfnmix foundation_transformer.py:109 `self.layers` of ModuleDicts.")),
 46: ('slideflow/slideflow/model/torch.py', 1745, 'OFL207', 'model', F("AL", SF_TR + "model/torch.py:1745 Trainer.evaluate `self.model.to(self.device)`.")),
 47: ('torcheasyrec/tzrec/modules/gr/stu.py', 586, 'OFL101', '_input_norm_bias', F("AB", "As row 40 (stu.py:586 `_input_norm_bias`).")),
 48: ('mambular/mambular/base_models/ndtf.py', 165, 'OFL101', 'tree_weights', F("AT", MB + "base_models/ndtf.py:165 NDTF.penalty_forward, called by the TaskModel's training_step.")),
 49: ('mambular/mambular/models/utils/sklearn_base_classifier.py', 463, 'OFL201', 'task_model.estimator', F("AT", MB + "models/utils/sklearn_base_classifier.py:463 pretrain().")),
 50: ('mambular/mambular/base_models/utils/basemodel.py', 130, 'OFL105', 'next(self.parameters())', F("AT", MB + "base_models/utils/basemodel.py:130 BaseModel.get_device.")),
 51: ('torcheasyrec/tzrec/modules/interaction.py', 130, 'OFL104', 'b[i]', T("leaf", GO + "torcheasyrec modules/interaction.py:130 CrossNet-style `self.b[i]` from a ParameterList in "
       "forward (DCN configs): the ParameterList's own group is hooked on its forward, which never runs.")),
 52: ('torcheasyrec/tzrec/modules/sid/vector_quantize.py', 217, 'OFL103', 'embedding.weight', T("leaf", GO + "torcheasyrec modules/sid/vector_quantize.py:217 `weights @ self.embedding.weight` in quantize, "
       "called by ResidualQuantizer (residual_quantizer.py:184) with device residuals; the Embedding is never called.")),
 53: ('torcheasyrec/tzrec/metrics/train_metric_wrapper.py', 20, 'OFL205', '', F("Y", "torcheasyrec metrics/train_metric_wrapper.py:20 TrainMetricWrapper's own tensors are 0-dim nn.Parameters "
       "(`_value`, `_step_total_value`, `_step_cnt`, :35-:39, torch.tensor(0.0)); 0-dim CPU tensors combine with device "
       "tensors; the metric module inside keeps its own states (torchmetrics).")),
 54: ('torch-em/torch_em/trainer/default_trainer.py', 544, 'OFL207', 'loss', F("KA", "torch-em trainer/default_trainer.py:544 `self.loss.to(self.device)`: the loss is DiceLoss() by default "
       "(segmentation.py:546, loss/dice.py), holding no tensor: moving it moves nothing.")),
 55: ('mambular/mambular/base_models/ft_transformer.py', 74, 'OFL204', 'encoder', F("AT", MB + "base_models/ft_transformer.py:74 nn.TransformerEncoder (leaf fact right).")),
 56: ('mambular/mambular/base_models/tabtransformer.py', 89, 'OFL204', 'encoder', F("AT", MB + "base_models/tabtransformer.py:89 nn.TransformerEncoder (leaf fact right).")),
 57: ('torcheasyrec/tzrec/modules/sequence.py', 257, 'OFL204', '_multihead_attn', T("leaf", GO + "torcheasyrec modules/sequence.py:257 SelfAttentionEncoder's nn.MultiheadAttention, called in its "
       "forward (sequence encoders are built from the feature-group config): out_proj.weight passed, out_proj never "
       "called.")),
 58: ('pytorch-fm/torchfm/layer.py', 171, 'OFL104', 'b[i]', T("leaf", GO + "pytorch-fm torchfm/layer.py:171 CrossNetwork `self.b[i]` (ParameterList) in forward; DCN "
       "(model/dcn.py) builds it, users build the model directly.")),
 59: ('mambular/mambular/base_models/autoint.py', 168, 'OFL203', 'layers[i][i]', F("AT", MB + "base_models/autoint.py:168 `self.layers` of ModuleDicts (block fact right).")),
 60: ('topomodelx/topomodelx/nn/hypergraph/allset_transformer_layer.py', 262, 'OFL104', 'multihead_att.Q_weight', T("leaf", GO + "topomodelx nn/hypergraph/allset_transformer_layer.py:262 reads `self.multihead_att.Q_weight` "
       "right after `self.multihead_att(...)` returned (:258): at leaf level the custom MultiHeadAttention's own "
       "Parameters are grouped on its forward and offloaded again when it returns; users build AllSetTransformer "
       "directly (tutorials).")),
}


L = labels_of_rows(HERE, R, "/corp55/")

if __name__ == "__main__":
    write_labels(HERE, L)
