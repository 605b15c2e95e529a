"""Write benchmarks/triage22at/labels.json (round at; all 59 shown findings of seven libraries, drawn with seed
20293000).

Standard of rounds x-as: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, loaders, configs and tests use the class (training counts; a public method counts as called; a line that
would meet the hazard on its own counts even where an earlier line of the same cause fails first; an offloaded weight
that reaches computation outside its group's onload counts only where it meets the compute device, as the tracking
backend judges); C when true only under a non-default option the library ships, documents or tests; false with a
cause letter otherwise. A child class's method flagged as if the child were the offload root is true when the real
root (the object the library hands the user) reaches that method outside its own forward (round as's snac rows), and
AH when it is reached only from the root's forward. Letters used here, all earlier rounds': LC not a network (a module
holding buffers used as a value, which nothing offloads); AH a class built only as a child judged as the root (the
method is reached only from the parent's forward); P where a value's device comes from / where it goes; KA a call into
a submodule whose method reads no weight; BE a method reached only through a forward() of its class; AL one-time /
training-side work outside what offloading serves (a trainer's move). No new letter this round.

Rows are authored by draw number with their (path, line, code, attribute) written out; the script stops if a drawn row's
key differs. The runtime column is filled from runtime_column.json where a run exists.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, ConvTranspose, Linear, Embedding, by isinstance) on its own forward and "
      "groups a non-leaf module's own parameters / buffers on that module's forward; every hook moves its args / "
      "kwargs to the onload device; the hooks replace the instance's `forward`.) ")

ORB = ("orb-models: users load a DirectForcefieldRegressor / ConservativeForcefieldRegressor (pretrained.py, the "
       "README's `pretrained.orb_v3_conservative_inf_omat(...)`) and call `model.predict(batch)` (ORBCalculator, "
       "calculator.py:108; orb_torchsim.py:93) or `model.loss(batch)` (finetune.py:136). The regressor is the offload "
       "root; its heads sit in a ModuleDict (not a ModuleList), so at block level every head (and the GNS) is in the "
       "root's group, onloaded only while the regressor's forward runs and offloaded again when it returns. ")
ORB_MSG = ("The message names the head as the root (\"puts '<child>' in <Head>'s unmatched group\", \"add ... to "
           "<Head>._group_offload_block_modules\"): the hazard is real under the regressor root, the fix it proposes "
           "is not (diffusers reads the root's list). ")
SN = ("ScalarNormalizer (nn_util.py:295) holds a BatchNorm1d `bn` used only for its running_mean / running_var "
      "(shape [1], not 0-dim): at leaf level bn is not a supported layer, so its buffers are grouped on bn's own "
      "forward, which runs only in training with online=True; in eval they stay on the offload device. ")
BAR = ("LC: tabpfn's BarDistribution / FullSupportBarDistribution is the regression criterion, an nn.Module only to "
       "hold its `borders` buffer; it is not a child of the network (model_loading.py:701 builds it beside the model; "
       "the estimator keeps it as znorm_space_bardist_ / raw_space_bardist_ and moves it by hand, regressor.py:928 "
       "`self.znorm_space_bardist_.to(self.devices_[0])`); no doc, test or path offloads it. ")
FWDX = ("AH: tabpfn TransformerBlock.forward_cross is called only by ColumnAggregator.forward (tabpfn_v3.py:1646 / "
        ":1653, the last block's CLS readout), inside TabPFNV3.forward; the message takes TransformerBlock as the "
        "offload root. With the real root (the TabPFNV3 network the estimator holds, `models_[0]`), column_aggregator "
        "is a direct non-ModuleList child: its blocks sit in the root's group, onloaded while TabPFNV3.forward runs. ")
TPF = ("tabpfn v3 (the default model version, settings.py:37-38): TabPFNV3 (the network in the estimator's models_) "
       "builds ColumnAggregator(use_rope=config.use_rope, default True) with a RotaryEmbedding whose `freqs` is an "
       "nn.Parameter(requires_grad=False) of a module with no children and no forward: at leaf level it is grouped on "
       "RotaryEmbedding.forward, which nothing calls. ")
NAT = ("transformer_lens NativeModel (TransformerBridge.boot_native, rotary positional embedding): NativeRotary holds "
       "cos_cached / sin_cached buffers, has no children and no forward; at leaf level the buffers are grouped on "
       "NativeRotary.forward, never called (named_buffers dedups the shared module to 'rotary.*'); apply_rope is "
       "called from NativeAttention.forward (:263). ")

R = {
    1: ("orb-models/orb_models/common/models/graph_regressor.py", 153, "OFL102", "normalizer", T(
        "block", GO + ORB + ORB_MSG + "GraphHead is orb-v2's stress head (pretrained.py:165). DirectForcefieldRegressor"
        ".loss runs self(batch) and then head.loss outside forward (direct_regressor.py:149, :163); GraphHead.loss "
        "calls `self.normalizer(target)` (:153): ScalarNormalizer in training runs bn on the device target with bn's "
        "running stats offloaded.")),
    6: ("orb-models/orb_models/forcefield/models/forcefield_heads.py", 311, "OFL102", "normalizer.inverse", T(
        "block", GO + ORB + ORB_MSG + "DirectForcefieldRegressor.predict (direct_regressor.py:121-129, the orb-v3 "
        "direct models' inference path) calls head.predict outside forward; ForceHead.predict -> "
        "`self.normalizer.inverse(pred)` (:311): bn's CPU running_var / running_mean against the device prediction "
        "(the GNS call before it, :123, already meets the same cause).")),
    8: ("transformerlens/transformer_lens/HookedTransformer.py", 341, "OFL102", "pos_embed", T(
        "block", GO + "transformer_lens HookedTransformer.generate (README, the main generation API) calls get_residual "
        "(:2123) outside forward in its sampling loop; get_residual runs `self.pos_embed(tokens, ...)` (:341; tokens "
        "synthesized on cfg.device, :337): pos_embed is a direct child (not a ModuleList) in the root's group, not "
        "onloaded, W_pos on the offload device. Label risk: inputs are placed with cfg.device, which from_pretrained "
        "sets to get_device() ('cuda' when present) and apply_group_offloading does not change; a model loaded with "
        "device='cpu' then offloaded keeps cfg.device='cpu' and the path runs all-CPU (P).")),
    9: ("orb-models/orb_models/common/models/nn_util.py", 340, "OFL104", "bn.running_mean", T(
        "leaf", GO + ORB + SN + "ScalarNormalizer.inverse (:340) is reached from ForceHead.predict / EnergyHead"
        ".denormalize / StressHead.denormalize on the predict paths (rows 6, 14, 25): `x * sqrt(running_var) + "
        "running_mean` with x on the device. Block level too (the heads' normalizers sit in the root's group, "
        "offloaded when predict runs outside forward).")),
    10: ("granite-tsfm/tsfm_public/models/tspulse/modeling_tspulse.py", 1008, "OFL101", "affine_bias", T(
        "leaf", GO + "granite-tsfm TSPulse: config defaults scaling='revin' and revin_affine=True "
        "(configuration_tspulse.py:240, :304) build TSPulseLearnableMaskRevIN with affine_weight / affine_bias of "
        "shape (1, 1, 1) (not 0-dim), the module's own parameters, grouped at leaf level on its forward; "
        "TSPulseForReconstruction.forward calls `self.backbone.scaler.inverse(...)` (:2159) after the scaler's "
        "forward has returned (its group offloaded again): `(data - self.affine_bias)` (:1008) meets the device "
        "reconstruction.")),
    12: ("orb-models/orb_models/forcefield/models/forcefield_heads.py", 192, "OFL102", "reference", T(
        "block", GO + ORB + ORB_MSG + "EnergyHead.loss (from the regressors' loss after self(batch): "
        "direct_regressor.py:163, conservative_regressor.py:221; finetune.py) calls `self.reference(atomic_numbers, "
        "n_node)` (:192): LinearReferenceEnergy's CPU weight against the device atomic numbers.")),
    13: ("tabpfn/src/tabpfn/architectures/tabpfn_v3.py", 472, "OFL101", "freqs", T(
        "leaf", GO + TPF + "rotate_queries_or_keys (:472) hands self.freqs to apply_rope, where `positions[:, None] * "
        "inv_freq[None, :]` (:424) meets positions made on t's (the device) device; called from Attention.forward "
        "(:867) in every ColumnAggregator block and from forward_cross (:1215).")),
    14: ("orb-models/orb_models/forcefield/models/forcefield_heads.py", 217, "OFL102", "normalizer.inverse", T(
        "block", GO + ORB + ORB_MSG + "ConservativeForcefieldRegressor.predict (the default orb-v3 conservative "
        "models' inference path) runs self(batch) and then `energy_head.denormalize(preds[...], batch)` "
        "(conservative_regressor.py:181) after the root's group is offloaded again: `self.normalizer.inverse(x)` "
        "(:217) with bn's CPU buffers against the device energy.")),
    15: ("orb-models/orb_models/common/models/nn_util.py", 332, "OFL104", "bn.running_var", T(
        "leaf", GO + ORB + SN + "ScalarNormalizer.forward reads bn.running_var (:332) without calling bn (eval, or "
        "online=False): e.g. ConservativeForcefieldRegressor.forward's `energy_head.normalize(raw_energy, batch, "
        "online=False)` (conservative_regressor.py:154, every inference call) -> `(x - mu) / sigma` (:337) with x on "
        "the device.")),
    17: ("orb-models/orb_models/forcefield/models/forcefield_heads.py", 467, "OFL102", "diag_normalizer", T(
        "block", GO + ORB + ORB_MSG + "StressHead.normalize (:467) is called by StressHead.loss (:434), reached from "
        "DirectForcefieldRegressor.loss after self(batch) (orb-v3 direct models hold a StressHead, pretrained.py: "
        "orb_v3_direct_architecture): in training the normalizer runs bn on the device target with offloaded running "
        "stats.")),
    18: ("orb-models/orb_models/forcefield/models/forcefield_heads.py", 562, "OFL101", "bin_edges", T(
        "block+leaf", GO + ORB + "ConfidenceHead (orb-v3 direct and conservative models, pretrained.py) registers "
        "bin_edges as its own buffer; get_error_bins (:562 `torch.bucketize(clamped_error, self.bin_edges)`) is "
        "called from ConfidenceHead.loss (:600), from the regressors' loss after self(batch) "
        "(conservative_regressor.py:302, direct_regressor.py:186): the buffer is offloaded (root's group at block "
        "level; the head's own group on its forward at leaf level) against the device force errors.")),
    22: ("transformerlens/transformer_lens/components/abstract_attention.py", 202, "OFL101", "W_Q", F(
        "P", "AbstractAttention.QK (a property for interpretability analysis) returns FactoredMatrix(W_Q, W_K^T) of "
        "the offloaded weights; every operand is on the offload device and the result goes back to analysis code "
        "(the weights' values are intact on the offload device): nothing meets a compute-device tensor in the "
        "library.")),
    23: ("transformerlens/transformer_lens/model_bridge/bridge.py", 2153, "OFL105", "original_model.next(self.parameters())",
         F("P", "TransformerBridge.run_with_cache places input_ids with next(original_model.parameters()).device (the "
           "offload device) and passes them straight to self.forward (:2190-2197): into the original model, whose "
           "first hooked layer (the embedding) moves them; nothing meets a compute-device tensor before that.")),
    25: ("orb-models/orb_models/forcefield/models/forcefield_heads.py", 455, "OFL102", "offdiag_normalizer.inverse", T(
        "block", GO + ORB + ORB_MSG + "StressHead.denormalize (:454-455) is reached from StressHead.predict (:417) in "
        "DirectForcefieldRegressor.predict (outside forward; orb-v3 direct models): offloaded bn buffers against the "
        "device prediction.")),
    27: ("orb-models/orb_models/common/models/nn_util.py", 331, "OFL104", "bn.running_mean", T(
        "leaf", GO + ORB + SN + "As row 15 (running_mean, :331).")),
    29: ("orb-models/orb_models/forcefield/models/forcefield_heads.py", 454, "OFL102", "diag_normalizer.inverse", T(
        "block", GO + ORB + ORB_MSG + "As row 25 (diag_normalizer, :454).")),
    30: ("granite-tsfm/tsfm_public/models/patchtst_fm/modeling_patchtst_fm.py", 328, "OFL105", "device", T(
        "leaf", GO + "granite-tsfm PatchTSTFMForPrediction.forward (a transformers PreTrainedModel: self.device is the "
        "first parameter's, on the offload device at leaf level) moves quant_prob (shape (1, Q, 1, 1)) to self.device "
        "(:328) and multiplies it with the device forecast samples (:329); :331 likewise for list inputs.")),
    31: ("orb-models/orb_models/common/models/graph_regressor.py", 155, "OFL102", "normalizer.inverse", T(
        "block", GO + ORB + ORB_MSG + "As row 1 (GraphHead.loss, `self.normalizer.inverse(pred)` :155).")),
    32: ("tabpfn/src/tabpfn/architectures/tabpfn_v3.py", 2408, "OFL104",
         "feature_distribution_embedder.layers[i].inducing_vectors", T(
             "leaf", GO + "tabpfn TabPFNV3: get_default_performance_options sets use_chunkwise_inference=True "
             "(:2040-2046), and with more rows than inference_row_chunk_size (2048) _stages_0_to_2 takes the chunked "
             "path (:2260-2304) -> _compute_all_inducing_hidden -> _process_col_chunk, which reads each "
             "InducedSelfAttentionBlock's own parameter inducing_vectors (:2408) without calling the block (its group "
             "at leaf level onloads only on its forward) and hands it to cross_attn_block1 (a CrossAttentionBlock "
             "with no own tensors, no hook): `x_BQE + attn_out` (:1133) meets the device attention output. Data "
             "sets over 2048 rows (train + test), the library's everyday size.")),
    33: ("granite-tsfm/tsfm_public/models/patchtst_fm/modeling_patchtst_fm.py", 264, "OFL102", "backbone.model_summary",
         F("KA", "PatchTSTFMModel.model_summary (:115-126) only counts parameters (numel / requires_grad) and formats "
           "a string; it reads no weight value.")),
    35: ("orb-models/orb_models/forcefield/models/forcefield_heads.py", 220, "OFL102", "reference", T(
        "block", GO + ORB + ORB_MSG + "As row 14: EnergyHead.denormalize's `x + self.reference(...)` (:220) after "
        "ConservativeForcefieldRegressor.predict's self(batch).")),
    36: ("freia/FrEIA/modules/inv_auto_layers.py", 263, "OFL103", "conv2d.weight", T(
        "leaf", GO + "FrEIA InvAutoConv2D (exported, modules/__init__.py:42, :82) in its reverse pass (rev=True, how "
        "an INN samples: `inn(z, rev=True)`) runs `f.conv_transpose2d(out, self.conv2d.weight, ...)` (:263) without "
        "calling conv2d (a Conv2d hooked on its own forward at leaf level): CPU weight against the device input "
        "(`x[0] - self.bias`, the module's own bias onloaded on its forward).")),
    38: ("orb-models/orb_models/forcefield/models/forcefield_heads.py", 337, "OFL102", "normalizer.inverse", T(
        "block", GO + ORB + ORB_MSG + "ForceHead.denormalize (:337) is called by DirectForcefieldRegressor.loss "
        "after self(batch) for the confidence loss (direct_regressor.py:180; orb-v3 direct models hold a "
        "ConfidenceHead): training path, offloaded bn buffers against the device forces.")),
    40: ("transformerlens/transformer_lens/HookedTransformer.py", 2070, "OFL102", "embed", T(
        "block", GO + "HookedTransformer.generate moves the tokens to cfg.device (:2034-2035) and calls "
        "`self.embed(input)` (:2070) outside forward: embed is a direct child in the root's group, W_E on the offload "
        "device. Label risk as row 8 (cfg.device).")),
    43: ("granite-tsfm/tsfm_public/models/tspulse/modeling_tspulse.py", 1008, "OFL101", "affine_weight", T(
        "leaf", GO + "As row 10 (`/ self.affine_weight`, :1008).")),
    44: ("transformerlens/transformer_lens/model_bridge/sources/native/model.py", 188, "OFL101", "sin_cached", T(
        "leaf", GO + NAT + "The finding's line :188 is the position_ids-None branch; its related location :192 "
        "(`self.sin_cached[position_ids]`) is the branch NativeModel.forward takes (it always passes position_ids, "
        ":459, :466-467): the CPU table is indexed with device positions and `* sin` (:196) meets the device q / k.")),
    50: ("transformerlens/transformer_lens/model_bridge/sources/native/model.py", 187, "OFL101", "cos_cached", T(
        "leaf", GO + NAT + "As row 44 (cos_cached, :187 with :191).")),
    51: ("orb-models/orb_models/common/models/graph_regressor.py", 121, "OFL102", "normalizer.inverse", T(
        "block", GO + ORB + ORB_MSG + "GraphHead.predict (orb-v2's stress head) from DirectForcefieldRegressor"
        ".predict (outside forward): `self.normalizer.inverse(probs)` (:121) for the real-valued stress target.")),
    56: ("tabpfn/src/tabpfn/architectures/tabpfn_v3.py", 442, "OFL205", "", T(
        "leaf", GO + TPF + "As row 13 (the class-level finding).")),
    57: ("granite-tsfm/tsfm_public/models/patchtst_fm/modeling_patchtst_fm.py", 181, "OFL102", "in_layer", F(
        "BE", "PatchTSTFMModel.decode is called only by PatchTSTFMModel.forward (:159); the model is reached through "
        "self.backbone(...) from PatchTSTFMForPrediction, inside the hooks.")),
    58: ("transformerlens/transformer_lens/model_bridge/sources/native/model.py", 137, "OFL205", "", T(
        "leaf", GO + NAT + "As rows 44 / 50 (the class-level finding).")),
    59: ("orb-models/orb_models/common/models/nn_util.py", 340, "OFL104", "bn.running_var", T(
        "leaf", GO + ORB + SN + "As row 9 (running_var, :340).")),
}

for _n, _line, _method in ((2, 362, "ei"), (3, 257, "mean"), (4, 418, "mean_of_square"), (5, 170, "map_to_bucket_idx"),
                           (16, 296, "icdf"), (26, 351, "mode"), (28, 61, "bucket_widths"),
                           (34, 146, "average_bar_distributions_into_this"),
                           (37, 120, "get_probs_for_different_borders"), (39, 56, "has_equal_borders"),
                           (45, 680, "pi"), (47, 463, "plot"), (52, 633, "mean_of_square"), (53, 94, "cdf"),
                           (54, 402, "pi"), (55, 743, "ei")):
    R[_n] = ("tabpfn/src/tabpfn/architectures/shared/bar_distribution.py", _line, "OFL101", "borders", F(
        "LC", BAR[4:] + f"{_method} (:{_line}) is a criterion method the estimator calls on its own copy."))

for _n, _line, _attr in ((7, 1225, "mlp"), (20, 1207, "attention.k_projection"), (21, 1204, "attention.q_projection"),
                         (24, 1210, "attention.v_projection"), (41, 1225, "layernorm_mlp"),
                         (42, 1222, "attention.out_projection"), (46, 1201, "layernorm")):
    R[_n] = ("tabpfn/src/tabpfn/architectures/tabpfn_v3.py", _line, "OFL102", _attr, F(
        "AH", FWDX[4:] + f"({_attr}, :{_line})."))

R[11] = ("orb-models/orb_models/forcefield/models/forcefield_heads.py", 347, "OFL102", "normalizer", F(
    "AH", ORB + "ForceHead.normalize (:347) is called only by DirectForcefieldRegressor.forward (:118, pair "
    "repulsion), inside the root's forward; ForceHead.loss hands the normalizer to forces_loss_function instead "
    "(another line). The message takes ForceHead as the root."))
R[19] = ("orb-models/orb_models/forcefield/models/forcefield_heads.py", 231, "OFL102", "reference", F(
    "AH", ORB + "EnergyHead.normalize reaches :231 (`reference = self.reference(...)`, only when no reference is "
    "passed) from the regressors' forward (conservative_regressor.py:154, direct_regressor.py:118), inside the "
    "root's forward; EnergyHead.loss passes its reference (:193), so :231 does not run there. The message takes "
    "EnergyHead as the root."))
R[48] = ("transformerlens/transformer_lens/components/abstract_attention.py", 188, "OFL101", "W_O", F(
    "P", "As row 22 (AbstractAttention.OV: FactoredMatrix(W_V, W_O) of offloaded weights returned to analysis code)."))
R[49] = ("granite-tsfm/tsfm_public/toolkit/lr_finder.py", 183, "OFL207", "model", F(
    "AL", "granite-tsfm LRFinder (optimal_lr_finder) is a training helper: before_fit moves the model to its device "
    "to sweep learning rates with an optimizer, saves and restores it; it is used before fine-tuning, not on a model "
    "offloaded for inference (the trainer's build-and-move, round ap's AL)."))

L = labels_of_rows(HERE, R, "/corp44/")

if __name__ == "__main__":
    write_labels(HERE, L)
