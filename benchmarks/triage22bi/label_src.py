"""Write benchmarks/triage22bi/labels.json (round bi; 60 rows drawn with seed 20308000 from the 304 shown findings of
twelve libraries, linter 19a36ab).

Standard of rounds x-bg (see triage22bg/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
public entry method counts as called); C when true only under a non-default option or on a template; false with a
cause letter otherwise. The offloaded object is the nn.Module a user holds: a torchrl policy / model (ACTModel, an
OpenVLA policy), a physicsnemo model (FieldVariationalGPHead, AeroJEPA, HealDA, VFGN simulator, the guardrail wrapper
GeoTransolverGuard, an example's VPSDE), a torchrec dense module (CrossNet family), a gluonts torch network (TFT,
LagTST, nursery models), a ReAgent model, an e3nn network. Protenix (`protenix pred` / the InferenceRunner), sample-
factory (`run_rl(cfg)`: the learner / actor workers build and drive the actor-critic), timesfm's finetuner and
torchrec's sharded modules (DistributedModelParallel builds, places and drives them) build and drive their modules in
their own flows: AL (round be / bg's reading); the torch fact is stated where it was checked.

Letters, all earlier rounds': AL a module the library builds and drives inside its own flow / training-side work; AH a
class built only as a child judged as the root; AT a training wrapper judged the offload root; AB code nothing in the
library calls (tests only); BE a method reached only through a forward() of its class hierarchy (here also: through a
forward that dispatches by getattr / mode, and an inherited nn.Linear.forward); NF a class nobody's model (an
environment, a unit test's mock, a tokenizer); P the value meets no device tensor (every operand on the offload
device). No new letter.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each Conv / Linear / Embedding (subclasses included) on its own forward and groups every other parameter "
      "/ buffer on its closest owning module's forward (a ParameterList / ParameterDict is itself that owner and is "
      "never called); the hooks replace the instance's `forward`.) ")

MHA = ("nn.MultiheadAttention.forward passes `self.out_proj.weight` / `.bias` to F.multi_head_attention_forward and never "
       "calls `out_proj` (a NonDynamicallyQuantizableLinear, a Linear subclass, so a hooked leaf at leaf level): its "
       "weight stays on the offload device while the attention runs (torch/nn/modules/activation.py). ")

NOISY = ("torchrl modules/models/exploration.py:29 `class NoisyLinear(nn.Linear)`: it inherits nn.Linear.forward, which "
         "reads the `weight` / `bias` properties (`F.linear(input, self.weight, self.bias)`); at leaf level the class "
         "is a Linear, hooked on that inherited forward, so the properties run onloaded; at block level it sits inside "
         "the user's MLP block. The linter's 'NoisyLinear does not define forward, so never' misses the inherited "
         "forward. ")

CROSS = ("torchrec modules/crossnet.py: the CrossNet family (CrossNet / LowRankCrossNet / VectorCrossNet / "
         "LowRankMixtureCrossNet, used by DLRM_DCN in torchrec/models/experimental) keeps its kernels and biases in "
         "nn.ParameterLists read in forward; at leaf level the ParameterList is their owner and is never called, so "
         "they stay on the offload device and meet the compute-device input. ")

AERO = ("physicsnemo experimental/models/aerojepa: AeroJEPATrunk (no forward) is built as a child of AeroJEPA "
        "(aerojepa.py:90 docstring, the examples); the user holds AeroJEPA. ")

SF = ("sample-factory: the actor-critic is built and driven by the library's own runner (`run_rl(cfg)` -> learner / "
      "rollout workers; sf_examples' `enjoy` too); the user holds a config, no module (AL). ")

TFM = ("timesfm v1/src/finetuning/finetuning_torch.py: TimesFMFinetuner is the library's training driver; moving the "
       "model it was handed to its device before training is the trainer's own placement (AL, training-side). ")

PTX = ("protenix: the model is built and driven by the library's inference / training runners (`protenix pred`, "
       "runner/inference.py); the user holds no module (AL). Fact checked: with the default "
       "`triangle_multiplicative='cuequivariance'` (configs/configs_base.py:129) the fused kernel gets the "
       "OpenfoldLinear (nn.Linear subclass) weights directly, never calling them, so at leaf level they would be on the "
       "offload device. ")

VLA = ("torchrl sota-implementations/vla_grpo/openvla_oft/modeling_prismatic.py: OpenVLAForActionPrediction "
       "(subclass of PrismaticForConditionalGeneration) is the policy the recipe loads; its root children "
       "(vision_backbone, projector, language_model) are not ModuleList / Sequential, so at block level all sit in the "
       "root's unmatched group, onloaded only by the root's forward. ")

R = {
 1: ('gluonts/src/gluonts/nursery/robust-mts-attack/pts/modules/flows.py', 147, 'OFL101', 'running_mean', T("leaf", GO + "gluonts nursery robust-mts-attack pts/modules/flows.py:147 BatchNorm.inverse (eval) reads `self.running_mean` / `running_var`; the flow's sampling calls each layer's `inverse` (flows.py:326 MAF.inverse), never BatchNorm.forward, so its buffers (owner: the BatchNorm) stay offloaded and meet the compute-device `y` at :152.")),
 2: ('gluonts/src/gluonts/nursery/robust-mts-attack/pts/modules/gaussian_diffusion.py', 179, 'OFL101', 'sqrt_recipm1_alphas_cumprod', T("leaf", GO + "gaussian_diffusion.py:56 GaussianDiffusion defines no forward; sample() (:242) -> p_sample_loop -> predict_start_from_noise reads the schedule buffers (:179), owner the GaussianDiffusion, never onloaded; `extract` gathers them with a compute-device `t`.")),
 3: ('torchrl/torchrl/modules/models/exploration.py', 166, 'OFL101', 'weight_sigma', F("BE", NOISY + "exploration.py:166 the `weight` property.")),
 4: ('torchrl/torchrl/envs/custom/vla.py', 377, 'OFL101', '_group_id', F("NF", "torchrl envs/custom/vla.py:377 ToyVLAEnv._reset: an environment (EnvBase), not a model anyone offloads; the buffer belongs to the env's own state.")),
 5: ('reagent/reagent/models/seq2slate.py', 809, 'OFL102', 'encoder_scorer', F("BE", "reagent models/seq2slate.py:809 Seq2SlateTransformerModel.decode is reached from forward (:497, mode RANK -> _rank :554 -> decode :625 / :660); callers use the model through `forward(input, mode=...)` (Seq2SlateTransformerNet), so the root group is onloaded when decode runs.")),
 6: ('physicsnemo/physicsnemo/diffusion/multi_diffusion/patching.py', 326, 'OFL101', '_global_index', F("AL", "physicsnemo diffusion/multi_diffusion/patching.py:326 RandomPatching2D.global_index: a patching utility the training loss drives (diffusion/metrics/legacy_losses.py:859 `patching.global_index(batch_size, img_clean.device)`), not the model offloaded; `_global_index` is re-registered on the requested device at :322-:324 right before the read.")),
 7: ('torchrec/torchrec/modules/mc_modules.py', 1386, 'OFL101', '_mch_sorted_raw_ids', F("P", "torchrec modules/mc_modules.py:1381-:1390 MCHManagedCollisionModule.open_slots: `self._mch_slots - torch.searchsorted(self._mch_sorted_raw_ids, self._delimiter)`, every operand the module's own buffer (same group, same device); a metric returned to ManagedCollisionCollection.open_slots (:449); no compute-device tensor met.")),
 8: ('reagent/reagent/preprocessing/preprocessor.py', 217, 'OFL101', 'one_tensor', F("BE", "reagent preprocessing/preprocessor.py:217 _preprocess_BINARY is dispatched from forward via `getattr(self, '_preprocess_' + feature_type)` (:179 / :189, from forward's per-feature loop); no other caller: the root is onloaded when it runs.")),
 9: ('torchrec/torchrec/modules/crossnet.py', 425, 'OFL104', 'bias[i]', T("leaf", GO + CROSS + "crossnet.py:425 LowRankMixtureCrossNet.forward `x_0 * (expert + self.bias[layer])`.")),
 10: ('torchrl/torchrl/modules/models/exploration.py', 174, 'OFL101', 'bias_sigma', F("BE", NOISY + "exploration.py:174 the `bias` property.")),
 11: ('torchrec/torchrec/distributed/quant_embedding.py', 1331, 'OFL203', '_mcec_lookup[i][i]', F("AL", "torchrec distributed/quant_embedding.py:1331 ShardedQuantManagedCollisionEmbeddingCollection.compute: a sharded inference module that torchrec's sharder builds, places and drives (DistributedModelParallel / quant sharding); the lookups are torchrec's own per-rank modules, no user-held model.")),
 12: ('torchrec/torchrec/modules/crossnet.py', 179, 'OFL104', 'V_kernels[i]', T("leaf", GO + CROSS + "crossnet.py:179 LowRankCrossNet.forward `F.linear(x_l, self.V_kernels[layer])`.")),
 13: ('torchrl/torchrl/testing/mocking_classes.py', 1424, 'OFL101', 'count', F("NF", "torchrl testing/mocking_classes.py:1424 MultiAgentCountingEnv._reset: a unit test's mock environment; nobody offloads it.")),
 14: ('torchrl/sota-implementations/vla_grpo/openvla_oft/modeling_prismatic.py', 476, 'OFL102', 'projector', T("block", GO + VLA + "modeling_prismatic.py:476 `self.projector(...)` in _process_vision_features, called from predict_action (:1813) and generate_action_verl (:1950), which run outside the root's forward.")),
 15: ('torchrl/torchrl/data/vla/tokenizers.py', 138, 'OFL101', 'high', F("NF", "torchrl data/vla/tokenizers.py:138 UniformActionTokenizer.decode: a tokenizer (nn.Module holding `low` / `high` buffers, no weights) built standalone by the recipe (sota-implementations/vla_grpo/utils.py:383) or handed to an env transform (envs/transforms/_action.py:2157); not part of an offloaded model.")),
 16: ('physicsnemo/physicsnemo/experimental/uq/field_variational_gp_head.py', 705, 'OFL102', '_radial_bn', T("block", GO + "physicsnemo experimental/uq/field_variational_gp_head.py:705 `self._radial_bn(...)` in _transform_features, reached from the public forward_and_loss / transform_features (the training API the docstring documents), outside the root's forward; `_radial_bn` is a non-list child in the root's unmatched group.")),
 17: ('physicsnemo/physicsnemo/experimental/models/aerojepa/decoder.py', 365, 'OFL102', 'p_head', F("AB", AERO + "decoder.py:365 reached only from AeroJEPATrunk.forward_batch (trunk.py:287), which nothing in the library calls (test/experimental/models/aerojepa/test_trunk.py only); AeroJEPA never calls it.")),
 18: ('e3nn/e3nn/o3/_linear.py', 315, 'OFL101', 'weight', F("AB", "e3nn o3/_linear.py:292-:315 Linear.weight_view_for_instruction: an inspection helper that returns a view of the weight; nothing in the library calls it (tests/o3/linear_test.py:177 only; TensorProduct's own variant is another class); the view is returned, no compute-device tensor met.", api=True)),
 19: ('torchrl/torchrl/modules/models/exploration.py', 166, 'OFL101', 'weight_epsilon', F("BE", NOISY + "exploration.py:166 the `weight` property (weight_epsilon).")),
 20: ('gluonts/src/gluonts/nursery/daf/network/kernel.py', 325, 'OFL104', '_output_biases[i]', T("leaf", GO + "gluonts nursery/daf/network/kernel.py:325 AttentionKernel._compute_attn_output (from forward) feeds `self._output_weights[layer]`, `self._output_biases[layer]` (nn.ParameterLists) to F.linear with the compute-device hidden state; owner the never-called ParameterList.")),
 21: ('torchrl/sota-implementations/vla_grpo/openvla_oft/modeling_prismatic.py', 1941, 'OFL102', 'get_input_embeddings()', T("block", GO + VLA + "modeling_prismatic.py:1941 generate_action_verl (the GRPO rollout entry) runs `self.get_input_embeddings()(input_ids)` (the language model's embedding) before any root forward.")),
 22: ('torchrl/torchrl/data/vla/tokenizers.py', 132, 'OFL101', 'high', F("NF", "torchrl data/vla/tokenizers.py:132 UniformActionTokenizer.encode: as row 15 (a standalone tokenizer, not part of an offloaded model).")),
 23: ('escnn/escnn/kernels/sparse_basis.py', 165, 'OFL101', 'points', T("leaf", GO + "escnn kernels/sparse_basis.py:165 SparseOrbitBasis.sample reads its `points` buffer; the basis is a child of BlocksBasisSampler whose forward calls `self.basis.sample(points)` (nn/modules/basismanager/basissampler_singleblock.py:64, used by the point convolutions), never the basis's forward, so at leaf level its buffers (owner: the basis) stay offloaded and meet the compute-device `points` (the linter names the check_equivariance path; the fact holds on the sampler path).")),
 24: ('gluonts/src/gluonts/torch/model/lag_tst/module.py', 101, 'OFL204', 'encoder', T("leaf", GO + MHA + "gluonts torch/model/lag_tst/module.py:101 LagTSTModel's nn.TransformerEncoder (its layers' self_attn).")),
 25: ('protenix/protenix/model/triangular/triangular.py', 511, 'OFL103', 'linear_z.weight', F("AL", PTX + "triangular.py:511 `p_out_weight=self.linear_z.weight`.")),
 26: ('physicsnemo/physicsnemo/experimental/models/aerojepa/trunk.py', 235, 'OFL102', 'decoder', T("block", GO + AERO + "trunk.py:235 decode_queries calls `self.decoder(...)` / `self.mask_head`; AeroJEPA's public decode_field / decode_field_chunked / predict (aerojepa.py:268-:358) call `self.trunk.decode_queries(...)` outside AeroJEPA.forward, and the trunk (non-list child) is in AeroJEPA's unmatched group at block level: not onloaded.")),
 27: ('reagent/reagent/evaluation/cb/policy_evaluator.py', 16, 'OFL205', '', F("AL", "reagent evaluation/cb/policy_evaluator.py:16 PolicyEvaluator: an offline evaluator (nn.Module holding running sums) the contextual-bandit training loop drives; not a model anyone offloads.")),
 28: ('sample-factory/sf_examples/dmlab/dmlab_model.py', 53, 'OFL105', 'next(self.parameters())', F("AL", SF + "sf_examples/dmlab/dmlab_model.py:53 DmlabEncoder.device_for_input_tensor (the torch fact, a parameter's device, would be the offload device at leaf level).")),
 29: ('physicsnemo/examples/weather/regen/sda/score.py', 115, 'OFL102', 'eps', T("block", GO + "physicsnemo examples/weather/regen/sda/score.py:115 VPSDE.sample (the example's generation entry) calls the score network `self.eps(x, t, c)` outside VPSDE.forward; `eps` is a non-list child in the root's unmatched group.")),
 30: ('gluonts/src/gluonts/nursery/few_shot_prediction/src/meta/models/EcDc/components/attention.py', 79, 'OFL204', 'multihead_attn', T("leaf", GO + MHA + "gluonts nursery few_shot_prediction EcDc/components/attention.py:79.")),
 31: ('physicsnemo/physicsnemo/experimental/models/healda/attention_layers.py', 492, 'OFL103', 'k_proj.weight', T("leaf", GO + "physicsnemo experimental/models/healda/attention_layers.py:489-:513 PixelCrossAttention.forward passes `self.k_proj.weight` / `v_proj.weight` / biases to pixel_attention (triton) or _pixel_attention_reference, never calling k_proj / v_proj (Linear leaves): offloaded at leaf level.")),
 32: ('gluonts/src/gluonts/torch/model/tft/layers.py', 294, 'OFL204', 'attention', T("leaf", GO + MHA + "gluonts torch/model/tft/layers.py:294 TemporalFusionDecoder (TFT, a main gluonts.torch model).")),
 33: ('physicsnemo/physicsnemo/experimental/models/healda/attention_layers.py', 499, 'OFL103', 'v_proj.bias', T("leaf", GO + "attention_layers.py:499 `B_v=self.v_proj.bias`, as row 31.")),
 34: ('e3nn/e3nn/nn/models/gate_points_2101.py', 131, 'OFL104', 'sc.output_mask', T("leaf", GO + "e3nn nn/models/gate_points_2101.py:122 / :131 Convolution.forward calls `self.sc(...)` (its hook offloads sc's own buffers when it returns) and then reads `self.sc.output_mask` (a 1-D buffer of the FullyConnectedTensorProduct) into `c_x * m` with compute-device values.")),
 35: ('physicsnemo/physicsnemo/experimental/models/aerojepa/decoder.py', 551, 'OFL102', 'query_in', F("AB", AERO + "decoder.py:551 reached only from AeroJEPATrunk.forward_batch, which only a test calls (as row 17).")),
 36: ('physicsnemo/physicsnemo/models/vfgn/graph_network_modules.py', 1126, 'OFL102', '_graph_network', T("block", GO + "physicsnemo models/vfgn/graph_network_modules.py:1126 VFGNLearnedSimulator.inference, the rollout entry examples/additive_manufacturing/sintering_physics/inference.py:124 / :197 calls, runs `self._graph_network(...)` outside the root's forward; a non-list child in the root's unmatched group.")),
 37: ('protenix/protenix/model/triangular/triangular.py', 507, 'OFL103', 'linear_a_g.weight', F("AL", PTX + "triangular.py:507.")),
 38: ('torchrl/torchrl/modules/value_norm.py', 89, 'OFL205', '', F("AL", "torchrl modules/value_norm.py:89 PopArtValueNorm: running value statistics the loss / trainer update and apply (training-side); not a model anyone offloads.")),
 39: ('torchrec/torchrec/modules/crossnet.py', 260, 'OFL104', 'bias[i]', T("leaf", GO + CROSS + "crossnet.py:260 VectorCrossNet.forward.")),
 40: ('torchrl/torchrl/data/vla/tokenizers.py', 53, 'OFL205', '', F("NF", "torchrl data/vla/tokenizers.py:53 UniformActionTokenizer: as row 15.")),
 41: ('gluonts/src/gluonts/nursery/spliced_binned_pareto/tcn.py', 146, 'OFL204', 'causal', T("leaf", GO + "gluonts nursery/spliced_binned_pareto/tcn.py:146 `torch.nn.utils.weight_norm(conv1_pre)`: the legacy weight_norm forward pre-hook recomputes `weight` from weight_g / weight_v before diffusers' replaced forward onloads them, so the conv runs with a weight made on the offload device.")),
 42: ('reagent/reagent/models/seq2slate.py', 214, 'OFL204', 'layers', T("leaf", GO + MHA + "reagent models/seq2slate.py:214 DecoderPyTorch's nn.TransformerDecoderLayers (Seq2Slate ranking model).")),
 43: ('torchrec/torchrec/modules/crossnet.py', 89, 'OFL104', 'bias[i]', T("leaf", GO + CROSS + "crossnet.py:89 CrossNet.forward.")),
 44: ('gluonts/src/gluonts/nursery/daf/network/kernel.py', 219, 'OFL104', '_query_weights[i]', T("leaf", GO + "gluonts nursery/daf/network/kernel.py:219 AttentionKernel._compute_attn_score: ParameterList weights into F.linear, as row 20.")),
 45: ('reagent/reagent/models/seq2slate.py', 169, 'OFL204', 'transformer_encoder', T("leaf", GO + MHA + "reagent models/seq2slate.py:169 EncoderPyTorch's nn.TransformerEncoder.")),
 46: ('gluonts/src/gluonts/nursery/robust-mts-attack/pts/model/transformer_tempflow/transformer_tempflow_network.py', 66, 'OFL204', 'transformer', T("leaf", GO + MHA + "gluonts nursery robust-mts-attack transformer_tempflow_network.py:66 nn.Transformer.")),
 47: ('sample-factory/sample_factory/model/encoder.py', 27, 'OFL105', 'next(self.parameters())', F("AL", SF + "sample_factory/model/encoder.py:27 Encoder.device_for_input_tensor.")),
 48: ('timesfm/v1/src/finetuning/finetuning_torch.py', 350, 'OFL207', 'model', F("AL", TFM + "finetuning_torch.py:350 finetune().")),
 49: ('gluonts/src/gluonts/nursery/robust-mts-attack/pts/modules/gaussian_diffusion.py', 56, 'OFL205', '', T("leaf", GO + "gaussian_diffusion.py:56 GaussianDiffusion (no forward) owns the schedule buffers read by sample / log_prob paths (as row 2).")),
 50: ('protenix/protenix/model/triangular/triangular.py', 507, 'OFL103', 'linear_b_g.weight', F("AL", PTX + "triangular.py:507.")),
 51: ('torchrl/torchrl/modules/models/act.py', 197, 'OFL103', 'action_queries.weight', T("leaf", GO + "torchrl modules/models/act.py:197 ACTModel.forward reads `self.action_queries.weight` (an nn.Embedding, a hooked leaf never called) and feeds it to the transformer decoder with compute-device memory.")),
 52: ('gluonts/src/gluonts/nursery/few_shot_prediction/src/meta/models/model.py', 74, 'OFL105', 'next(self.parameters())', F("AB", "gluonts nursery few_shot_prediction meta/models/model.py:74 SeriesModel.device: no caller in the tree places anything with it (grep for `.device` uses of the model finds none).")),
 53: ('gluonts/src/gluonts/nursery/robust-mts-attack/pts/modules/gaussian_diffusion.py', 230, 'OFL105', 'betas', T("leaf", GO + "gaussian_diffusion.py:230 p_sample_loop: `device = self.betas.device` (the never-onloaded root buffer) places the initial noise, which goes to the denoise network (a child whose leaves are onloaded to the compute device).")),
 54: ('physicsnemo/physicsnemo/experimental/models/aerojepa/aerojepa.py', 341, 'OFL105', 'next(self.parameters())', T("leaf", GO + "physicsnemo experimental/models/aerojepa/aerojepa.py:341 AeroJEPA.decode_field_chunked (public) takes `next(self.parameters()).device` (offload device at leaf level) to place the query chunks handed to trunk.decode_queries, whose leaves compute on the compute device.")),
 55: ('physicsnemo/physicsnemo/experimental/guardrails/embedded/ood_guard.py', 89, 'OFL205', '', T("leaf", GO + "physicsnemo experimental/guardrails/embedded/ood_guard.py:89 OODGuard (buffers, no forward) is a child of the user-held GeoTransolverGuard wrapper (geotransolver_guard.py:207), whose forward calls the guard's collect / check methods; at leaf level the guard's buffers (owner: OODGuard) are never onloaded and meet compute-device embeddings in _check_geometry / _check_global.")),
 56: ('reagent/reagent/models/linear_regression.py', 187, 'OFL105', 'avg_A', F("BE", "reagent models/linear_regression.py:187 LinearRegressionUCB._calculate_coefs runs from forward (:236 -> calculate_coefs_if_necessary :201-:206) or from the `coefs` property; in forward the root is onloaded, and outside it `torch.eye(..., device=self.avg_A.device)` meets only the same module's buffers (every operand on one device).")),
 57: ('timesfm/v1/src/finetuning/finetuning_torch.py', 205, 'OFL207', 'model', F("AL", TFM + "finetuning_torch.py:205 _setup_distributed_model().")),
 58: ('physicsnemo/physicsnemo/models/dlwp_healpix/layers/healpix_decoder.py', 255, 'OFL203', 'decoder[i][i]', F("AH", "physicsnemo models/dlwp_healpix/layers/healpix_decoder.py:255 UNetDecoder is built only as the `decoder` child of HEALPixRecUNet / HEALPixUNet (HEALPixRecUNet.py:243, HEALPixUNet.py:228 `instantiate(...)`); with the user's model as root the decoder is a non-list child in its unmatched group, onloaded by the root's forward, which calls it.")),
 59: ('e3nn/e3nn/o3/_so3grid.py', 13, 'OFL205', '', T("leaf", GO + "e3nn o3/_so3grid.py:13 SO3Grid (buffers, no forward) is a child of SO3Activation (nn/_so3act.py:31-:32), whose forward calls `self.grid_in.to_grid(...)` / `self.grid_out.from_grid(...)`: at leaf level the grids' buffers (owner: SO3Grid) are never onloaded and meet compute-device features.")),
 60: ('reagent/reagent/evaluation/world_model_evaluator.py', 202, 'OFL201', 'trainer.memory_network', F("AT", "reagent evaluation/world_model_evaluator.py:202 `self.trainer` is an MDNRNNTrainer (a training wrapper, LightningModule); nobody offloads a trainer, and the evaluator drives the world model inside the library's evaluation.")),
}


L = labels_of_rows(HERE, R, "/corp59/")

if __name__ == "__main__":
    write_labels(HERE, L)
