"""Write benchmarks/triage22bs/labels.json (round bs; 60 rows drawn with seed 20318000 from the 98 shown findings of
twelve libraries, linter 41bed56).

Standard of rounds x-bq (see triage22bq/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples, notebooks, tutorials and tests use the class
(a documented public method counts as called; examples count as library code); C when true only under a non-default
option; false with a cause letter otherwise. The offloaded object is the nn.Module a user holds: a tape model (the
registry / `from_pretrained`), a machin network or actor the user builds and hands to a frame, a graphnet model, a
HydraGNN model (`create_model_config`), a Borzoi (`Borzoi.from_pretrained`), the backbone a user hands to a
lightning-uq-box UQ method (the method itself is a Lightning training task: AT, as rounds ap / aq / ay labelled such
tasks; label risk b gives the other reading, the task offloaded and driven through `predict_step`). tabicl's TabICL network is built and loaded inside TabICLClassifier / TabICLRegressor.fit
and driven by their predict (AT, round be's estimator reading; the network is built elsewhere only by tabicl's own
pretraining runner); recpack's torch modules likewise inside its Algorithms' fit (AT). A Lightning task's reads made
only by its training side (training_step / validation_step / test_step, configure_optimizers, the on_* hooks, less what
forward / predict_step reach) are AT as round bj labelled lightly's (fix 4 of docs/triage-issue22-bn-bq-fixes.md): the
linter keeps them suppressed when it can read lightning, which was not installed for this lint.

Letters, all earlier rounds': AT a module built and driven inside an estimator's fit / predict, a Lightning training task
judged as the offload root (rounds ap / aq / ay: the network a user offloads is the one the task wraps), or a read only a
Lightning task's training side makes (bj); AH a class built only as a child judged as the root; P the value meets no
compute-device tensor (here: every use is an argument of a hooked call, which diffusers' pre_forward moves). No new
letter.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as C, write_labels  # noqa: E402,F401

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each Conv / Linear / norm layer on its own forward and groups every other parameter / buffer on its "
      "closest owning module's forward; the hooks replace the instance's `forward`, so torch's forward pre-hooks run "
      "before the onload.) ")

WN = ("legacy `torch.nn.utils.weight_norm`: its forward pre-hook computes `weight` from `weight_g` / `weight_v` before "
      "diffusers' leaf hook (the replaced forward) onloads the layer, so the Linear / Conv runs with a weight derived "
      "from offloaded tensors (round bq's spectral-norm H2 shape). ")

MHA = ("nn.MultiheadAttention.forward passes `self.out_proj.weight` / `.bias` to F.multi_head_attention_forward and never "
       "calls `out_proj` (a Linear subclass, so a hooked leaf at leaf level): its weight stays on the offload device. ")

TAPE = "tape: models are built through tape's registry / `ProteinModel.from_pretrained` (README, tape-train / tape-embed). "

MACHIN = ("machin: the user builds the network / actor (machin's examples and docs) and hands it to a frame that drives "
          "it; the user holds it. ")

LUQ = ("lightning-uq-box: the UQ method is a LightningModule training task built around the user's backbone "
       "(`MDNRegression(model=MLP(...), ...)`, trained with a Trainer; tutorials then call `predict_step(X)`). As rounds "
       "ap / aq / ay / bj labelled Lightning tasks, the network a user would offload is the backbone the task wraps, "
       "called through its own (hooked) forward, not the task (the linter's own suppression of VBLLRegression / "
       "MVERegression / CARDBase says the same). On the other reading (the task itself offloaded and driven through "
       "predict_step) this row is true at block level: the backbone and the other non-list children are in the task's "
       "unmatched group, onloaded only by the task's forward, which this path does not run (label risk b). This row: ")

LUQT = ("lightning-uq-box: the read is made only by the Lightning task's training side (training_step / "
        "validation_step / test_step and what they reach, not forward / predict_step): the established reading "
        "(fix 4, bn-bq) is that nobody offloads a task while Lightning trains it; lightning was not installed for the "
        "lint, so the linter could not see the LightningModule base that suppresses these. This row: ")

TABICL = ("tabicl: TabICL is built and loaded inside TabICLClassifier / TabICLRegressor.fit (`self.model_ = TabICL(...)`, "
          "classifier.py:418, regressor.py:352, base.py:322) and driven by their predict; elsewhere only tabicl's "
          "pretraining runner builds it (train/_run.py:230): the user holds the sklearn estimator, not the network "
          "(AT, round be's estimator reading; cornac in bq). This row: ")

RECPACK = ("recpack: the Algorithm (a plain estimator, TorchMLAlgorithm) builds `model_` in fit (`_init_model`) and drives "
           "it in its own training loop and predict (AT). This row: ")

HEADS = ("hydragnn models/Base.py: `heads_NN` is a ModuleList (:102) of ModuleDicts (one per head, keyed by branch), a "
         "direct list child of the root HydraGNN model (every *Stack subclasses Base, built by create_model_config): at "
         "block level each ModuleDict leads its group and is never called (forward indexes `headloc[branch]`), so the "
         "heads' weights stay on the offload device with compute-device x. ")

R = {
 1: ('tabicl/src/tabicl/_model/embedding.py', 797, 'OFL102', 'ln_b', F("AT", TABICL + "ColEmbedding._compute_embeddings_with_cache, reached from TabICL.forward_with_cache (the estimators' KV-cache path).")),
 2: ('hydragnn/hydragnn/globalAtt/gps.py', 66, 'OFL204', 'attn', T("leaf", GO + MHA + "hydragnn globalAtt/gps.py:66 / :181 HydraGPSConv.attn (attn_type 'multihead', the default), called in its forward; HydraGPSConv is the global-attention wrapper Base builds for `global_attn_engine: GPS` (Base.py:269; examples/qm9/qm9.json, README).")),
 3: ('machin/machin/model/nets/resnet.py', 220, 'OFL204', 'conv2', T("leaf", GO + WN + MACHIN + "machin nets/resnet.py:220 BottleneckWN.conv2, in ResNet depth 50 / 101 / 152 (:56-:58; examples/tutorials/parallel_distributed/assign.py builds ResNet(depth=152)).")),
 4: ('tabicl/src/tabicl/_model/learning.py', 601, 'OFL102', 'decoder', F("AT", TABICL + "ICLearning._icl_predictions_repr_cache.")),
 5: ('lightning-uq-box/lightning_uq_box/uq_methods/vae.py', 215, 'OFL102', 'decoder', F("AT", LUQ + "uq_methods/vae.py:215 VAE.decoder_forward runs `self.decoder` (a VAEDecoder the task builds in configure_model), reached from predict_step (:332) and sample (:349) as well as the validation / test steps the message names.")),
 6: ('lightning-uq-box/lightning_uq_box/uq_methods/vae.py', 542, 'OFL102', 'decoder', F("AT", LUQ + "uq_methods/vae.py:542 ConditionalVAE.predict_step runs `self.decoder(x)`.")),
 7: ('tabicl/src/tabicl/_sklearn/regressor.py', 415, 'OFL207', 'model_', F("AT", TABICL + "TabICLRegressor.fit moves the network it has just built to its device (`self.model_.to(self.device_)`): nothing offloaded it.")),
 8: ('tape/tape/models/modeling_unirep.py', 51, 'OFL204', 'wmh', T("leaf", GO + WN + TAPE + "modeling_unirep.py:51 mLSTMCell.wmh, run by mLSTM.forward (:98) in every UniRep model (recall H1).")),
 9: ('hydragnn/hydragnn/globalAtt/equivariant_attention.py', 225, 'OFL101', 'radial_centers', T("leaf", GO + "hydragnn globalAtt/equivariant_attention.py:221-:225 `_radial_basis` subtracts the buffer `radial_centers` (:73) from compute-device distances; it runs from `forward_chunked` (:192), which EquivariantTransformerLayer.forward_attention calls as `self.attention.forward_chunked(...)` (equivariant_transformer.py:164), not through the attention module's forward, whenever chunk_size is set: Base passes `equivariant_attn_chunk_size`, default 512 (create.py:112, Base.py:70 / :297), for `global_attn_engine: EquivariantTransformer` (docs/equivariant_graph_transformer.md). At leaf level the buffer's group is the attention module's own, onloaded only by its forward.")),
 10: ('hydragnn/hydragnn/utils/model/mace_utils/modules/blocks.py', 785, 'OFL203', 'heads_NN[i][i]', F("AH", "hydragnn mace_utils/modules/blocks.py:785 NonLinearMultiheadDecoderBlock is built only by MACEStack (MACEStack.py:585) into `self.multihead_decoders`, a ModuleList of the root whose elements MACEStack.forward calls (:389 / :395): at block level each decoder block is a group onloaded by its own forward, heads_NN included; the nested-list shape would hold only for the block as a root.")),
 11: ('lightning-uq-box/lightning_uq_box/uq_methods/prob_unet.py', 261, 'OFL102', 'fcomb.forward', F("AT", LUQ + "uq_methods/prob_unet.py:261 ProbUNet.sample runs `self.fcomb.forward(...)` from predict_step (:410); ProbUNet defines no forward.")),
 12: ('machin/machin/model/nets/resnet.py', 242, 'OFL204', 'shortcut', T("leaf", GO + WN + MACHIN + "machin nets/resnet.py:242 BottleneckWN.shortcut's weight_norm conv1x1, built when stride != 1 or the widths differ (the first block of each ResNet stage).")),
 13: ('graphnet/src/graphnet/models/components/layers.py', 463, 'OFL103', 'proj_q.weight', T("leaf", GO + "graphnet models/components/layers.py:463 Attention_rel.forward hands `self.proj_q.weight` to F.linear without calling proj_q (an nn.Linear, a hooked leaf): weight on the offload device. Attention_rel is the attention of Block_rel in IceMix's DeepIce (gnn/icemix.py), graphnet's documented model.")),
 14: ('machin/machin/model/nets/resnet.py', 230, 'OFL204', 'conv3', T("leaf", GO + WN + MACHIN + "machin nets/resnet.py:230 BottleneckWN.conv3.")),
 15: ('lightning-uq-box/lightning_uq_box/models/bnn_layers/rnn_layer.py', 143, 'OFL102', 'hh.log_f_hat', F("AT", LUQT + "models/bnn_layers/rnn_layer.py:143 LSTMVariational.log_f_hat is called only by `get_log_f_hat` (models/bnnlv/utils.py:54), which only the BNN tasks' energy loss calls (bnn_vi.py:387 / :576, bnn_lv_vi.py:346: training / validation).")),
 16: ('tabicl/src/tabicl/_model/embedding.py', 786, 'OFL102', 'y_encoder', F("AT", TABICL + "ColEmbedding._compute_embeddings_with_cache.")),
 17: ('lightning-uq-box/lightning_uq_box/uq_methods/bnn_lv_vi.py', 394, 'OFL101', 'log_aleatoric_std', F("AT", LUQ + "uq_methods/bnn_lv_vi.py:394 BNN_LV_VI_Base.predict_step multiplies `torch.exp(self.log_aleatoric_std)` (the task's own Parameter, shape [1], bnn_vi.py:124-:126, not 0-dim) with compute-device noise (:400-:404): with the task offloaded (the other reading) true at block and leaf level.")),
 18: ('tape/tape/models/modeling_utils.py', 687, 'OFL204', 'main', T("leaf", GO + WN + TAPE + "modeling_utils.py:687 SimpleMLP.main's first weight_norm Linear (:690 the second), in ValuePredictionHead / SequenceClassificationHead of every tape task model.")),
 19: ('tabicl/src/tabicl/_model/encoders.py', 201, 'OFL102', 'blocks[i]', F("AT", TABICL + "Encoder.forward_with_cache.")),
 20: ('lightning-uq-box/lightning_uq_box/uq_methods/swag.py', 320, 'OFL102', 'model', F("AT", LUQ + "uq_methods/swag.py:320 SWAGBase.sample_predictions runs `self.model(X)` (the backbone, through its own forward) from predict_step (:417, :507).")),
 21: ('lightning-uq-box/lightning_uq_box/uq_methods/vae.py', 457, 'OFL102', 'encoder.forward', F("AT", LUQ + "uq_methods/vae.py:457 ConditionalVAE.encoder_forward runs `self.encoder.forward(x)` (the encoder handed to the task: a hooked forward if the user offloads it) from predict_step (:531).")),
 22: ('lightning-uq-box/lightning_uq_box/uq_methods/mixture_density.py', 240, 'OFL102', 'model.forward', F("AT", LUQ + "uq_methods/mixture_density.py:240 MDNRegression.predict_step runs `self.model.forward(X)` (the backbone's own forward, which diffusers' hooks replace on the instance).")),
 23: ('lightning-uq-box/lightning_uq_box/uq_methods/bnn_lv_vi.py', 681, 'OFL101', 'log_aleatoric_std', F("AT", LUQT + "uq_methods/bnn_lv_vi.py:681 BNN_LV_VI_Batched_Base.compute_energy_loss (training_step / validation_step).")),
 24: ('lightning-uq-box/lightning_uq_box/uq_methods/mixture_density.py', 168, 'OFL102', 'model.forward', F("AT", LUQT + "uq_methods/mixture_density.py:168 MDNRegression.validation_step.")),
 25: ('tape/tape/models/modeling_utils.py', 706, 'OFL204', 'main', T("leaf", GO + WN + TAPE + "modeling_utils.py:706 SimpleConv.main's weight_norm Conv1d layers, in SequenceToSequenceClassificationHead (secondary-structure task models, tape/examples/adding_model.py).")),
 26: ('lightning-uq-box/lightning_uq_box/uq_methods/prob_unet.py', 172, 'OFL102', 'posterior.forward', F("AT", LUQT + "uq_methods/prob_unet.py:172 ProbUNet.compute_loss (training_step / validation_step).")),
 27: ('tabicl/src/tabicl/_model/layers.py', 613, 'OFL204', 'multihead_attn1', F("AT", TABICL + "InducedSelfAttentionBlock.multihead_attn1 (a TransformerEncoderLayer; the MHA out_proj leaf fact itself is right).")),
 28: ('tape/tape/models/modeling_unirep.py', 55, 'OFL204', 'wh', T("leaf", GO + WN + TAPE + "modeling_unirep.py:55 mLSTMCell.wh (recall H1).")),
 29: ('tabicl/src/tabicl/_model/tabicl.py', 762, 'OFL102', 'icl_predictor.prepare_repr_cache', F("AT", TABICL + "TabICL.forward_with_cache.")),
 30: ('graphnet/src/graphnet/models/components/layers.py', 471, 'OFL103', 'proj_v.weight', T("leaf", GO + "graphnet models/components/layers.py:471 Attention_rel.forward hands `self.proj_v.weight` to F.linear without calling proj_v.")),
 31: ('tabicl/src/tabicl/_sklearn/regressor.py', 599, 'OFL202', 'model_.predict_stats_with_cache', F("AT", TABICL + "TabICLRegressor._batch_forward_with_cache.")),
 32: ('lightning-uq-box/lightning_uq_box/uq_methods/vae.py', 280, 'OFL102', 'loss_fn', F("AT", LUQT + "uq_methods/vae.py:280 VAE.validation_step calls `self.loss_fn` (VAELoss by default, :72-:73).")),
 33: ('tabicl/src/tabicl/_model/layers.py', 726, 'OFL101', 'ind_vectors', F("AT", TABICL + "InducedSelfAttentionBlock.induced_attention_with_cache (leaf fact right: the block's own parameter read outside its forward).")),
 34: ('tabicl/src/tabicl/_model/embedding.py', 776, 'OFL102', 'tf_col.forward_with_cache', F("AT", TABICL + "ColEmbedding._compute_embeddings_with_cache.")),
 35: ('tabicl/src/tabicl/_model/tabicl.py', 422, 'OFL102', 'row_interactor', F("AT", TABICL + "TabICL._inference_forward, reached from predict_stats (the regressor's predict).")),
 36: ('tabicl/src/tabicl/_sklearn/classifier.py', 656, 'OFL202', 'model_.forward_with_cache', F("AT", TABICL + "TabICLClassifier._batch_forward_with_cache.")),
 37: ('tabicl/src/tabicl/_model/learning.py', 570, 'OFL102', 'y_encoder', F("AT", TABICL + "ICLearning.prepare_repr_cache.")),
 38: ('recpack/recpack/algorithms/rec_vae.py', 218, 'OFL201', 'model_.prior', F("AT", RECPACK + "recpack algorithms/rec_vae.py:218 RecVAE._compute_loss calls `self.model_.prior(...)`.")),
 39: ('lightning-uq-box/lightning_uq_box/uq_methods/raps.py', 156, 'OFL102', 'model.predict_step', F("AT", LUQ + "uq_methods/raps.py:154-:156 RAPS.predict_step runs the wrapped (trained) task's `predict_step(X)`: a task wrapping a task.")),
 40: ('lightning-uq-box/lightning_uq_box/uq_methods/bnn_lv_vi.py', 335, 'OFL101', 'log_aleatoric_std', F("AT", LUQT + "uq_methods/bnn_lv_vi.py:335 BNN_LV_VI_Base.compute_energy_loss (training_step / validation_step).")),
 41: ('tabicl/src/tabicl/_model/learning.py', 718, 'OFL102', 'tf_icl.forward_with_cache', F("AT", TABICL + "ICLearning._icl_predictions_with_cache.")),
 42: ('lightning-uq-box/lightning_uq_box/uq_methods/swag.py', 123, 'OFL102', 'loss_fn', F("AT", LUQT + "uq_methods/swag.py:123 SWAGBase.training_step.")),
 43: ('borzoi-pytorch/borzoi_pytorch/pytorch_borzoi_model.py', 261, 'OFL102', 'human_head', T("block", GO + "borzoi-pytorch pytorch_borzoi_model.py:233-:264 Borzoi.predict (public; AnnotatedBorzoi.predict_gene_count calls it, :386 / :450) runs the trunk through get_embs_after_crop and `self.human_head` (a Conv1d, a non-list child of the root) outside forward: at block level human_head, conv_dna, unet and the horizontal / separable convs are in the unmatched group, onloaded only by Borzoi.forward. Borzoi is what users load (`Borzoi.from_pretrained('johahi/borzoi-replicate-0')`, README).")),
 44: ('hydragnn/hydragnn/models/Base.py', 869, 'OFL203', 'heads_NN[i][i][i]', T("block", GO + HEADS + "Base.py:866-:874 node heads of type 'conv' (a ModuleList of conv / batch-norm pairs per branch, :731-:742) unpacked in forward; a config in the tree sets it (1 of the example JSONs; 40 use 'mlp').")),
 45: ('borzoi-pytorch/borzoi_pytorch/pytorch_borzoi_model.py', 408, 'OFL101', 'clip_values', T("both", GO + "borzoi-pytorch pytorch_borzoi_model.py:406-:412 AnnotatedBorzoi._undo_squashed_scale (from the public predict_gene_count, :455) compares compute-device predictions with the root buffer `clip_values` (:338, not 0-dim: one value per track), which the root's forward alone onloads at both levels.")),
 46: ('tabicl/src/tabicl/_model/learning.py', 726, 'OFL102', 'ln', F("AT", TABICL + "ICLearning._icl_predictions_with_cache.")),
 47: ('machin/machin/model/algorithms/trpo.py', 103, 'OFL101', 'action_log_std', T("both", GO + MACHIN + "machin model/algorithms/trpo.py:98-:115 ActorContinuous.get_kl calls `self.forward(...)` (the hooked forward: it onloads, then offloads on return) and then reads the root Parameter `action_log_std` (shape [1, action_dim]) with the compute-device mean; machin's TRPO frame calls `get_kl` in its update (frame/algorithms/trpo.py:386).")),
 48: ('tabicl/src/tabicl/_sklearn/regressor.py', 468, 'OFL202', 'model_.predict_stats_with_cache', F("AT", TABICL + "TabICLRegressor._build_kv_cache.")),
 49: ('graphnet/src/graphnet/models/components/layers.py', 467, 'OFL103', 'proj_k.weight', T("leaf", GO + "graphnet models/components/layers.py:467 Attention_rel.forward hands `self.proj_k.weight` to F.linear without calling proj_k.")),
 50: ('machin/machin/model/algorithms/trpo.py', 148, 'OFL101', 'action_log_std', T("both", GO + MACHIN + "machin model/algorithms/trpo.py:143-:150 ActorContinuous.get_fim reads `action_log_std` after the forward returned and repeats it by the batch size; the frame pairs it with the compute-device action parameters (frame/algorithms/trpo.py:420).")),
 51: ('hydragnn/hydragnn/models/Base.py', 832, 'OFL203', 'heads_NN[i][i]', T("block", GO + HEADS + "Base.py:831-:832 graph heads: `headloc['branch-0'](x_graph_head)` runs a Sequential inside the ModuleDict, never the list element.")),
 52: ('tabicl/src/tabicl/_sklearn/classifier.py', 550, 'OFL202', 'model_.forward_with_cache', F("AT", TABICL + "TabICLClassifier._build_kv_cache.")),
 53: ('graphnet/src/graphnet/models/gnn/icemix.py', 158, 'OFL103', 'cls_token.weight', T("leaf", GO + "graphnet models/gnn/icemix.py:84 / :158 DeepIce.cls_token is an nn.Linear (a hooked leaf) never called: forward reads `self.cls_token.weight` as the class token, on the offload device at leaf level.")),
 54: ('hydragnn/hydragnn/utils/model/mace_utils/modules/blocks.py', 577, 'OFL203', 'heads_NN[i][i]', F("AH", "hydragnn mace_utils/modules/blocks.py:577 LinearMultiheadDecoderBlock, built only by MACEStack (MACEStack.py:596) into its `multihead_decoders` ModuleList, whose elements MACEStack.forward calls: not an offload root.")),
 55: ('recpack/recpack/algorithms/bprmf.py', 218, 'OFL201', 'model_.item_embedding_.weight', F("AT", RECPACK + "recpack algorithms/bprmf.py:218 BPRMF._compute_loss reads `self.model_.item_embedding_.weight`.")),
 56: ('tabicl/src/tabicl/_sklearn/regressor.py', 530, 'OFL202', 'model_.predict_stats', F("AT", TABICL + "TabICLRegressor._batch_forward.")),
 57: ('hydragnn/hydragnn/models/MACEStack.py', 431, 'OFL105', 'next(self.parameters())', F("P", "hydragnn models/MACEStack.py:430-:465 MACEStack._embedding (run inside Base.forward, :766) places `data.node_attributes` with `next(self.parameters()).device` (the offload device at leaf level); every later use is an argument of a hooked call (node_embedding :468, radial_embedding :473, the interaction blocks through conv_args :482, multihead_decoders[0] :390), whose pre_forward sends its tensor arguments to the onload device. Read, not run (torch_geometric / e3nn not installed): label risk.")),
 58: ('recpack/recpack/algorithms/bprmf.py', 219, 'OFL201', 'model_.user_embedding_.weight', F("AT", RECPACK + "recpack algorithms/bprmf.py:219 BPRMF._compute_loss reads `self.model_.user_embedding_.weight`.")),
 59: ('tabicl/src/tabicl/_sklearn/classifier.py', 473, 'OFL207', 'model_', F("AT", TABICL + "TabICLClassifier.fit moves the network it has just loaded to its device: nothing offloaded it.")),
 60: ('lightning-uq-box/lightning_uq_box/models/prob_unet.py', 298, 'OFL105', 'next(self.parameters())', F("AT", LUQ + "models/prob_unet.py:296-:299 Fcomb.tile builds its index with `next(self.parameters()).device` (the first Conv of `layers`, still offloaded at leaf level when tile runs: runtime-confirmed); Fcomb is built by ProbUNet itself (uq_methods/prob_unet.py:119), not handed in by the user, and runs only from ProbUNet's steps.")),
}

if __name__ == "__main__":
    write_labels(HERE, labels_of_rows(HERE, R, "/tmp/corp69/"))
