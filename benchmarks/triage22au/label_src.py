"""Write benchmarks/triage22au/labels.json (round au; all 51 shown findings of eight libraries, drawn with seed
20294000).

Standard of rounds x-at: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, loaders, configs and tests use the class (training counts; a public method counts as called; a line that
would meet the hazard on its own counts even where an earlier line of the same cause fails first; a finding whose
line is an identical copy (the linter's dedup) or whose cause is reached at its related locations counts, as round
at's rows 44 / 50); C when true only under a non-default option the library ships, documents or tests; false with a
cause letter otherwise. A child class's method flagged as if the child were the offload root is true when the real
root reaches that method outside its onload. One departure from "as the tracking backend judges", stated: a CPU
long-index tensor indexing a device tensor (`cuda_t[:, cpu_idx]`) is accepted by PyTorch ("indices should be either
on cpu or on the same device as the indexed tensor"), so a tracking "compute access" that is only such an index
does not by itself make a row true (row 47; docs/triage-issue22-au.md, runtime).

Letters used here, all earlier rounds': P where a value's device comes from / where it goes (here: a sink whose
operands are all the module's own offloaded tensors, a CPU index, or a placed value that only hooked calls receive);
AL one-time / training-side work outside what offloading serves (a trainer's move); KA a call into a submodule whose
method reads no weight (or a guessed component that is no module); AB code nothing builds or calls; BB a branch the
library's configs never take. No new letter this round.

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

FC = ("fairchem: users load EquiformerV2 (the standalone 'equiformer_v2' class of the OC20 checkpoints, "
      "equiformer_v2_deprecated.py, or HydraModel with 'equiformer_v2_backbone'), eSCN ('escn' / 'escn_backbone' / "
      "'escn_export') and eSEN ('esen_backbone') models through the trainer / calculator and call them. The SO3 helper "
      "modules (SO3_Grid, SO3_Rotation, CoefficientMapping[Module]) hold buffers and define no forward: at leaf level "
      "their buffers are grouped on their own forward, never called, so they stay on the offload device whatever the "
      "root. At block level they are safe under HydraModel (the backbone is a non-list child: one group onloaded by "
      "the root's forward) and under eSEN (SO3_grid an nn.ModuleDict), not under the standalone EquiformerV2 root, "
      "whose SO3_rotation (nn.ModuleList) and SO3_grid (ModuleListInfo) are direct list children: each element a "
      "block group whose hook is on its forward, never called. The messages name the helper as the root (\"SO3_Grid."
      "forward() (which SO3_Grid does not define)\"): the hazard is real under the model root, the fixes they propose "
      "(`add 'mapping' to SO3_Rotation._group_offload_block_modules`) are not (diffusers reads the root's list). ")
RINV = ("equiformer_v2 CoefficientMappingModule.coefficient_idx (:141) computes the mask from its own CPU buffers and "
        "then sets `self.device = mask.device` (:142, CPU); get_rotate_inv_rescale builds `torch.ones(..., "
        "device=self.device)` (:164) on the CPU and SO3_Rotation.rotate_inv multiplies it into the device wigner_inv "
        "(:470): a (1, N, M) CPU tensor against an (E, N, M) device tensor. SO3_Rotation.rotate (:461) makes the first "
        "call at run time (the cache is empty: SO3_Rotation's mapping is not queried in __init__), so the leak comes "
        "from :141 / :142 through rotate. ")
SO3G = ("SO3_Grid's to_grid_mat / from_grid_mat are read outside any forward: at leaf level they stay on the offload "
        "device, and the einsum with the device embedding fails. ")
CIDX = ("the line is `torch.bitwise_and(self.l_harmonic.le(lmax), self.m_harmonic.le(mmax))`: both operands are the "
        "module's own buffers (same device, offloaded or not) compared with Python ints (`lmax: int`, `mmax: int`); "
        "nothing on the compute device meets them there. In eSEN's / exportable eSCN's CoefficientMapping the line is "
        "also on a branch the models never take (`lmax > self.lmax or mmax > self.lmax`: every caller passes the "
        "mapping's own lmax / mmax, which returns the precomputed `coefficient_idx_l{l}_m{m}` buffer); the returned "
        "CPU indices only index tensors, which PyTorch accepts for device tensors. ")
MHA = ("nn.MultiheadAttention's out_proj is a NonDynamicallyQuantizableLinear (an nn.Linear: hooked at leaf level on "
       "its own forward, which MultiheadAttention never calls); forward passes out_proj.weight / bias to "
       "F.multi_head_attention_forward with the device query. ")
PTB = ("AL: moment's tutorials/finetune_demo/classification.py is a fine-tuning script: PTBXL_Trainer builds the "
       "MOMENT classifier, moves it to its device and trains / evaluates it with an optimizer and a scheduler; nothing "
       "offloads a model being fine-tuned (the trainer's build-and-move, rounds ap / at's AL). ")
MOM = ("momentfm MOMENT / MOMENTPipeline (README: `MOMENTPipeline.from_pretrained(...)`, then `model(x_enc=...)`): "
       "normalizer (RevIN) and patch_embedding are direct non-list children of the root, in its group, onloaded only "
       "while MOMENT.forward runs. ")
TRX = ("tirex TiRexZero (what `load_model('NX-AI/TiRex')` returns; `model.forecast(ctx)`) defines no forward: at block "
       "level input_patch_embedding, out_norm and output_patch_embedding sit in the root's group, never onloaded; only "
       "the sLSTM blocks (a direct ModuleList) are hooked. ")

R = {
    1: ("uni2ts/src/uni2ts/module/position/attn_bias.py", 80, "OFL103", "emb.weight", T(
        "leaf", GO + "uni2ts BinaryAttentionBias (MoiraiModule's var_attn_bias_layer, module.py:137): `self.emb` is an "
        "nn.Embedding never called; forward reads its weight (:80) and `~ind * weight[:1] + ind * weight[1:]` (:82) "
        "meets the device ind.")),
    2: ("moment/tutorials/finetune_demo/classification.py", 281, "OFL207", "model", F(
        "AL", PTB[4:] + "evaluate_epoch (:281).")),
    3: ("fairchem/src/fairchem/core/models/esen/common/so3.py", 166, "OFL205", "", T(
        "leaf", GO + FC + SO3G + "eSEN's SO3_Grid (class-level): esen_block.py:203 / :207 call SO3_grid['lmax_lmax']"
        ".to_grid / from_grid, nn/activation.py:75-76 get_to_grid_mat / get_from_grid_mat, then einsum with x.")),
    4: ("moment/momentfm/models/moment.py", 363, "OFL102", "normalizer", T(
        "block", GO + MOM + "detect_anomalies (:410, a public method; nothing in the tree or the tutorials calls it) -> "
        "reconstruct (:351) calls self.normalizer (:363) and self.patch_embedding (:366) outside forward. With the "
        "default revin_affine=False RevIN has no weights and the line itself is harmless; the cause is reached at the "
        "related location :366 (patch_embedding.value_embedding). Label risk: the `api` reading (a public method "
        "counted as called).")),
    5: ("fairchem/src/fairchem/core/models/equiformer_v2/so3.py", 590, "OFL101", "to_grid_mat", T(
        "leaf", GO + FC + SO3G + "SO3_Grid.to_grid (:590): the equiformer_v2 copy is called by nothing in the tree "
        "(EquiformerV2 goes through SO3_Embedding.to_grid -> get_to_grid_mat); its identical copy in eSEN (related "
        "location esen/common/so3.py:257) runs in every eSEN block (esen_block.py:203). Label risk: a line-strict "
        "reading counts this row false (the reported copy never runs).")),
    6: ("fairchem/src/fairchem/core/models/esen/common/so3.py", 249, "OFL101", "to_grid_mat", T(
        "leaf", GO + FC + SO3G + "get_to_grid_mat returns the buffer (:249); esen/nn/activation.py:75 einsums it with "
        "the device x.")),
    7: ("pypots/pypots/nn/modules/tcn/layers.py", 45, "OFL204", "conv2", T(
        "leaf", GO + "pypots TCN (imputation/tcn): TemporalBlock wraps conv1 / conv2 with the legacy "
        "torch.nn.utils.weight_norm; its forward pre-hook recomputes `weight` from weight_g / weight_v before the leaf "
        "hook onloads them, so the conv runs with a CPU weight (conv2, :45).")),
    8: ("fairchem/src/fairchem/core/models/equiformer_v2/so3.py", 141, "OFL101", "l_harmonic", T(
        "leaf", GO + FC + RINV + "The message names the wrong sink (torch.bitwise_and, whose operands are both CPU "
        "buffers); the hazard is the device read on the next line. Label risk: a sink-strict reading counts it false "
        "(P).")),
    9: ("fairchem/src/fairchem/core/models/esen/common/so3.py", 253, "OFL101", "from_grid_mat", T(
        "leaf", GO + FC + SO3G + "get_from_grid_mat returns the buffer (:253); esen/nn/activation.py:76 einsums it "
        "with the device grid.")),
    10: ("fairchem/src/fairchem/core/models/escn/so3_exportable.py", 238, "OFL205", "", T(
        "leaf", GO + FC + SO3G + "exportable eSCN's SO3_Grid (class-level): escn_exportable.py:624-625 "
        "get_to_grid_mat / get_from_grid_mat, einsum with the device x in SO2Block / the message block.")),
    11: ("fairchem/src/fairchem/core/models/escn/so3_exportable.py", 203, "OFL101", "m_harmonic", F(
        "P", FC + CIDX)),
    12: ("fairchem/src/fairchem/core/models/escn/escn_exportable.py", 702, "OFL104", "mappingReduced.to_m", T(
        "leaf", GO + FC + "exportable eSCN SO2Block holds its own CoefficientMapping (:671); forward einsums the device "
        "x with mappingReduced.to_m (:702, :734), a buffer of a forward-less module: CPU at leaf level.")),
    13: ("moment/tutorials/finetune_demo/classification.py", 228, "OFL207", "model", F(
        "AL", PTB[4:] + "train_ul (:228).")),
    14: ("pypots/pypots/nn/modules/raindrop/backbone.py", 74, "OFL204", "transformer_encoder", T(
        "leaf", GO + MHA + "pypots Raindrop (classification/raindrop): BackboneRaindrop.forward runs "
        "self.transformer_encoder (:211); every layer's self_attn.out_proj stays on the offload device.")),
    15: ("fairchem/src/fairchem/core/models/equiformer_v2/so3.py", 141, "OFL101", "m_harmonic", T(
        "leaf", GO + FC + RINV + "As row 8 (m_harmonic).")),
    16: ("tirex/src/tirex/models/tirex.py", 207, "OFL105", "input_patch_embedding.hidden_layer.weight", F(
        "P", TRX + "_prepare_context_for_embedding (:207) places the context with the weight's device (CPU under "
        "offloading). At leaf level every Linear's hook moves it (refuted at leaf: 'moved'); at block level it meets "
        "input_patch_embedding's weights, also on the CPU (never onloaded), and the sLSTM blocks' hooks move the "
        "result: the placed value never meets the compute device. The block-level failure (out_norm / "
        "output_patch_embedding) is row 48's cause, not this value.")),
    17: ("pypots/pypots/clustering/vader/model.py", 245, "OFL201", "model.backbone.gmm_layer.set_values", F(
        "KA", "pypots VaDER._train_model (the estimator's fit, after pretraining) hands GMM statistics to "
        "gmm_layer.set_values, which only replaces three nn.Parameters (`self.mu_c_unscaled = nn.Parameter(mu)`, "
        "vader/layers.py:98-100): no weight is read, nothing is computed; and it is the training loop.")),
    18: ("pypots/pypots/nn/modules/tcn/layers.py", 31, "OFL204", "conv1", T(
        "leaf", GO + "As row 7 (conv1, :31).")),
    19: ("fairchem/src/fairchem/core/models/esen/common/so3.py", 129, "OFL101", "m_harmonic", F(
        "P", FC + CIDX)),
    20: ("fairchem/src/fairchem/core/models/equiformer_v2/so3.py", 586, "OFL101", "from_grid_mat", T(
        "leaf", GO + FC + SO3G + "get_from_grid_mat (:586) feeds SO3_Embedding._from_grid (:404-413) and "
        "activation.py:158 (SeparableS2Activation): einsum with the device grid. Block level too under the "
        "standalone EquiformerV2 root.")),
    21: ("uni2ts/src/uni2ts/model/moirai/module.py", 189, "OFL103", "mask_encoding.weight", T(
        "leaf", GO + "uni2ts MoiraiModule.forward: `mask_fill(reprs, prediction_mask, self.mask_encoding.weight)` "
        "(:189): mask_encoding is an nn.Embedding never called; its CPU weight meets the device reprs. (Blind recall "
        "hazard 1.)")),
    22: ("fairchem/src/fairchem/core/models/equiformer_v2/so3.py", 31, "OFL205", "", T(
        "leaf", GO + FC + RINV + "Class-level: CoefficientMappingModule owns buffers, defines no forward.")),
    23: ("pypots/pypots/nn/modules/totem/autoencoder.py", 360, "OFL103", "_embedding.weight", T(
        "leaf", GO + "pypots TOTEM VectorQuantizer.forward reads the codebook `self._embedding.weight` (an "
        "nn.Embedding never called) in the distance (:359-361) and the matmul (:370) with the device inputs.")),
    24: ("pypots/pypots/nn/modules/seft/backbone.py", 43, "OFL204", "attn", T(
        "leaf", GO + MHA + "pypots SeFT _SAB.forward calls self.attn (:70).")),
    25: ("moment/tutorials/finetune_demo/classification.py", 201, "OFL207", "model", F(
        "AL", PTB[4:] + "train_epoch_ft (:201).")),
    26: ("pypots/pypots/nn/modules/csai/layers.py", 101, "OFL204", "transformer_encoder", T(
        "leaf", GO + MHA + "pypots CSAI TorchTransformerEncoder.forward runs self.transformer_encoder (:104); its "
        "layers (deep copies of encoder_layer) each hold a MultiheadAttention.")),
    27: ("fairchem/src/fairchem/core/models/esen/common/so3.py", 129, "OFL101", "l_harmonic", F(
        "P", FC + CIDX)),
    28: ("fairchem/src/fairchem/core/models/escn/escn.py", 332, "OFL104", "sphharm_weights[i]", T(
        "leaf", GO + FC + "eSCN.forward einsums the device spherical harmonics with self.sphharm_weights[i] (:332), a "
        "parameter of an nn.ParameterList (grouped at leaf level on the list's forward, which nothing calls).")),
    29: ("pypots/pypots/nn/modules/csai/layers.py", 98, "OFL204", "encoder_layer", F(
        "AB", "pypots CSAI TorchTransformerEncoder keeps `self.encoder_layer` only as the template nn.TransformerEncoder "
        "deep-copies (:101); the template itself is never run (its out_proj is never read). The copies' hazard is row "
        "26.")),
    30: ("pypots/pypots/nn/modules/tslanet/backbone.py", 105, "OFL101", "pos_embed", F(
        "BB", "pypots BackboneTSLANet.pretrain's `x + self.pos_embed` (:105) is the task_name == 'classification' "
        "branch; the only user, imputation/tslanet/core.py:49 (in fit's criterion path), builds the backbone with "
        "task_name 'imputation' (the branch at :107), and pypots ships no TSLANet classifier.")),
    31: ("pypots/pypots/nn/modules/csdi/backbone.py", 92, "OFL101", "alpha_torch", T(
        "leaf", GO + "pypots CSDI: _CSDI.forward calls backbone.calc_loss / calc_loss_valid (imputation/csdi/core.py:100, "
        ":110) in fit's training and validation; `self.alpha_torch[t]` (:92) indexes the CPU buffer (BackboneCSDI's "
        "own, grouped on its forward, which calc_loss is not) with the device t. Label risk: the training path "
        "('training counts'); inference (impute) does not read alpha_torch.")),
    32: ("pypots/pypots/clustering/crli/model.py", 441, "OFL201", "model.kmeans.fit_predict", F(
        "KA", "pypots _CRLI.kmeans is scikit-learn's KMeans (crli/core.py:14, :43), not a module; CRLI.predict hands it "
        "the latent as numpy. The message itself says it guesses from the names.")),
    33: ("pypots/pypots/nn/modules/helix/backbone.py", 108, "OFL204", "attn", T(
        "leaf", GO + MHA + "pypots HELIX UnifiedAttentionEncoder.forward calls self.attn (:123).")),
    34: ("fairchem/src/fairchem/core/models/escn/so3_exportable.py", 81, "OFL205", "", T(
        "leaf", GO + FC + "exportable eSCN's CoefficientMapping (class-level): SO2Block's mappingReduced.to_m is "
        "einsummed with the device x (escn_exportable.py:702, :734; row 12).")),
    35: ("pypots/pypots/nn/modules/seft/backbone.py", 105, "OFL204", "attn", T(
        "leaf", GO + MHA + "pypots SeFT _PMA.forward calls self.attn (:135). As row 24.")),
    36: ("moment/tutorials/finetune_demo/classification.py", 175, "OFL207", "model", F(
        "AL", PTB[4:] + "train_epoch_lp (:175).")),
    37: ("fairchem/src/fairchem/core/models/equiformer_v2/so3.py", 461, "OFL102", "mapping.coefficient_idx", T(
        "block", GO + FC + RINV + "rotate (:461) is that first call: it reads the mapping's offloaded buffers and "
        "leaves mapping.device = CPU, which rotate_inv's rescale then meets (:470). Under the standalone EquiformerV2 "
        "root (SO3_rotation a direct ModuleList) at block level; the index itself (`self.wigner[:, out_mask, :]`, "
        ":462) is harmless on a GPU. Label risk: under HydraModel block level is safe; counting the side effect as "
        "this line's is a judgement.")),
    38: ("moment/momentfm/models/moment.py", 474, "OFL102", "normalizer", T(
        "block", GO + MOM + "short_forecast (:462, a public method nothing calls) runs self.normalizer (:474) and "
        "self.patch_embedding (:487) outside forward. As row 4 (label risk: `api`; the line harmless with "
        "revin_affine=False, the related location :487 not).")),
    39: ("fairchem/src/fairchem/core/models/equiformer_v2/so3.py", 497, "OFL205", "", T(
        "leaf", GO + FC + SO3G + "equiformer_v2 SO3_Grid (class-level): SO3_Embedding.to_grid / _from_grid and "
        "activation.py:155-158 use get_to_grid_mat / get_from_grid_mat with device embeddings.")),
    40: ("pypots/pypots/nn/modules/film/layers.py", 62, "OFL101", "eval_matrix", T(
        "leaf", GO + "pypots FiLM HiPPO_LegT.reconstruct (:61-62, a public method): `self.eval_matrix @ c` with the "
        "module's own buffer, grouped on its forward. Nothing in the tree calls reconstruct (the FiLM backbone reads "
        "legt.eval_matrix directly, backbone.py:68); label risk: the `api` reading.")),
    41: ("fairchem/src/fairchem/core/models/escn/so3_exportable.py", 203, "OFL101", "l_harmonic", F(
        "P", FC + CIDX)),
    42: ("fairchem/src/fairchem/core/models/equiformer_v2/so3.py", 595, "OFL101", "from_grid_mat", T(
        "leaf", GO + FC + SO3G + "As row 5 (from_grid, :595; eSEN's copy at esen/common/so3.py:262 runs in "
        "esen_block.py:207).")),
    43: ("tirex/src/tirex/models/tirex.py", 88, "OFL105", "input_patch_embedding.hidden_layer.weight", F(
        "P", TRX + "_forecast_quantiles (:88) places the context with the weight's device; as row 16, the placed value "
        "only reaches hooked calls (leaf) or the CPU weights of the never-onloaded group (block); the run refutes "
        "leaf and shows block failing at out_norm / output_patch_embedding (row 48's cause).")),
    44: ("pypots/pypots/imputation/helix/core.py", 69, "OFL102", "backbone.get_attention_weights", F(
        "KA", "pypots _HELIX.get_attention_weights -> BackboneHELIX.get_attention_weights (helix/backbone.py:233-254) "
        "only collects the attention maps the encoders stored in their last forward (get_last_attn_weights): no "
        "weight is read. Nothing in the tree calls it either.")),
    45: ("fairchem/src/fairchem/core/models/escn/escn.py", 526, "OFL104", "sphharm_weights[i]", T(
        "leaf", GO + FC + "As row 28 (eSCNBackbone.forward, :526).")),
    46: ("fairchem/src/fairchem/core/models/equiformer_v2/so3.py", 582, "OFL101", "to_grid_mat", T(
        "leaf", GO + FC + SO3G + "get_to_grid_mat (:582) feeds SO3_Embedding.to_grid (:372-392) and activation.py:155: "
        "einsum with the device embedding. Block level too under the standalone EquiformerV2 root.")),
    47: ("fairchem/src/fairchem/core/models/equiformer_v2/so3.py", 467, "OFL102", "mapping.coefficient_idx", F(
        "P", FC + "rotate_inv's coefficient_idx call (:467) is a cache hit (rotate ran first: `mask_indices_cache`, a "
        "plain CPU attribute); it reads no buffer, and its CPU indices only index the device wigner_inv (:468), which "
        "PyTorch accepts. The failing line of rotate_inv is :469-470 (row 50).")),
    48: ("tirex/src/tirex/models/tirex.py", 173, "OFL102", "input_patch_embedding", T(
        "block", GO + TRX + "_forward_model (:173) from forecast / _embed_context: the CPU-placed context meets the "
        "CPU input_patch_embedding (harmless), the hooked blocks return device hidden states, and out_norm (:180) / "
        "output_patch_embedding (:183), the related locations, meet them with CPU weights (the runs confirm both).")),
    49: ("pypots/pypots/nn/modules/etsformer/layers.py", 131, "OFL104", "es.v0", T(
        "leaf", GO + "pypots ETSformer GrowthLayer.forward reads `self.es.v0` (:131) after self.es(values) returned "
        "(es's own parameters are grouped on its forward and offloaded again): torch.cat with the device out.")),
    50: ("fairchem/src/fairchem/core/models/equiformer_v2/so3.py", 469, "OFL102", "mapping.get_rotate_inv_rescale", T(
        "block", GO + FC + RINV + "get_rotate_inv_rescale (:469) returns the CPU rescale, multiplied into the device "
        "wigner_inv at :470. Block level under the standalone EquiformerV2 root (leaf level too). Label risk: under "
        "HydraModel block level is safe.")),
    51: ("fairchem/src/fairchem/core/models/esen/common/so3.py", 16, "OFL205", "", T(
        "leaf", GO + FC + "eSEN's CoefficientMapping (class-level): mappingReduced.to_m is einsummed with the device x "
        "in so2_layers.py:148 / :203 / :278 / :322 and embedding.py:105.")),
}

L = labels_of_rows(HERE, R, "/corp45/")

if __name__ == "__main__":
    write_labels(HERE, L)
