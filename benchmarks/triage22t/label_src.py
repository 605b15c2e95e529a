"""Write benchmarks/triage22t/labels.json (round t; every row labelled by reading first; runtime runs added after, RUN)."""
import json, os
R_MD = "read: the premise (schnetpack's forward-less MD modules as an offload root) is what is judged, not a line a run could settle"
R_TIME = "read: no harness (time)"
R_PYKAN = "read: pykan imports matplotlib/sklearn/pandas at module level (not installed); no harness built in the time"
R_NF = "read: neuralforecast imports lightning/pandas (not installed); no harness built in the time"
R_TA = "read: no harness (time); torchani's package __init__ pulls its optional extensions"
R_TMD = "read: torchmdnet.utils imports lightning_utilities (not installed); no harness built in the time"
R_MSST = "read: bs_roformer/scnet import einops/beartype/rotary_embedding_torch (not installed); the mdx23c run (msst_mdx23c) shows the same mechanism"
MD = ("schnetpack md: {what} is a forward-less nn.Module of the MD driver (md/simulator.py: Simulator(nn.Module), no "
      "forward, holds system, integrator, simulator_hooks and the calculator whose ML model is what one offloads); no "
      "offloaded model contains it and nothing offloads the driver (it has no forward to onload anything): AA as round "
      "n's forward-less helpers.")
T = lambda why, lvl, rt=R_TIME: {"label": "true", "level": lvl, "runtime": rt, "why": why}
F = lambda c, why, rt=R_TIME, api=False: dict({"label": "false", "cause": c, "runtime": rt, "why": f"{c}: {why}"}, **({"api": True} if api else {}))
C = lambda why, rt=R_TIME: {"label": "C", "cause": "C", "runtime": rt, "why": f"C: {why}"}
KSWAP = ("KANLayer/Symbolic_KANLayer.swap(i1, i2, mode) is called with ints (MultKAN.swap/auto_swap, tutorials Interp_10A/B); "
         "swap_ permutes rows/columns of `.data` of the layer's own tensor with those ints, wholly on the offload device, "
         "meeting no compute-device tensor (the fix's `i1.device` takes an int for a tensor). Also an .ipynb_checkpoints copy (kan/ holds the run copy, false too).")
MSWAP = ("MLP.swap(l, i1, i2) (tutorials Interp_10A/B: model.swap with ints) permutes rows of the Linear's own `.data` with "
         "python ints, wholly on the offload device. Also an .ipynb_checkpoints copy (kan/MLP.py identical, false too).")
L = {
 1: F("AB", "torchani EnergyShifter._atomic_saes reached only from the public sae(), which nothing in the tree, its docs, tools or tests calls (EnergyShifter is the legacy 1.x class; tests/test_legacy_data.py builds EnergyShifter(None) and never calls sae). Second reading: self_energies indexed with device species outside forward (true).", R_TA, api=True),
 2: C("EasyOCR trainer: GridGenerator (no forward) registers inv_delta_C/P_hat; build_P_prime, called by TPS_SpatialTransformerNetwork.forward, computes them with the device batch_C_prime at leaf (grouped on GridGenerator.forward, never run). The TPS stage exists only under `Transformation: 'TPS'` (trainer/model.py:16); the shipped config (config_files/en_filtered_config.yaml:34) sets 'None' and no file sets 'TPS'. Run confirms at leaf under TPS.", "confirmed leaf (easyocr_tps): derived from GridGenerator.inv_delta_C / P_hat via bmm at transformation.py:158/159 (build_P_prime); block refuted"),
 3: F("A", KSWAP, R_PYKAN),
 4: T("pykan MultKAN.attribute (called by plot(), prune(), auto_symbolic ... , tutorials): device = self.act_fun[0].grid.device is the offload device (act_fun is a ModuleList: each KANLayer a block, its grid onloaded only on its forward; leaf: grid grouped on KANLayer.forward), so subnode_score.to(device) lands on the CPU and meets the device edge_actscale (cached from the forward's activations) in the einsum at MultKAN.py:2003.", "block, leaf", R_PYKAN),
 5: F("A", "pykan MultKAN.symbolic_formula unpacks symbolic_fun[l].affine[j, i] into 0-dim tensors and combines them with sympy symbols (MultKAN.py:2299-2302) and with the equally offloaded subnode_scale/subnode_bias: no compute-device tensor.", R_PYKAN),
 6: F("AH", "bs_roformer_experimental's Transformer is built only inside BSRoformer.layers (a ModuleList whose elements are ModuleLists of Transformers); the finding judges Transformer as a root whose `layers` elements are hooked. Inside the real root the line does compute with offloaded weights (block: the root's layers elements are ModuleLists whose forward never runs, so no hook onloads any Transformer), for a cause the finding does not state (as round r's AH rows 28/44/55).", R_MSST),
 7: T("Music-Source-Separation-Training TFC_TDF_net (`--model_type mdx23c`, the default): encoder_blocks is a ModuleList of bare nn.Module() holders; block level hooks each holder on its forward, which never runs (forward calls block.tfc_tdf / block.downscale directly, mdx23c_tfc_tdf_v3.py:216-218), so their weights stay offloaded and meet the device input.", "block", "confirmed block (msst_mdx23c): encoder_blocks.0.tfc_tdf.* weights via conv2d/F.instance_norm at mdx23c_tfc_tdf_v3.py:132/133 (TFC_TDF.forward, from :216); leaf refuted"),
 8: F("AA", MD.format(what="PILEBarostat (a simulation hook)"), R_MD),
 9: F("Y", "pykan MLP.w (checkpoint copy of kan/MLP.py:58) returns the Linears' weights; its one caller, MLP.reg('w') (MLP.py:160), reduces them to a 0-dim loss term on the offload device that fit() adds to the device loss: a 0-dim CPU tensor combines with device tensors.", R_PYKAN),
 10: F("AA", MD.format(what="NHCBarostatIsotropic (a simulation hook)"), R_MD),
 11: F("AO", "pykan .ipynb_checkpoints/KANLayer-checkpoint.py is a Jupyter checkpoint copy nothing imports; the run copy kan/KANLayer.py:194 is a hazard (MultKAN.update_grid_from_samples -> KANLayer.update_grid_from_samples: coef2curve(x on the device, self.grid/self.coef offloaded) at block and leaf). Copy-lenient: true.", R_PYKAN),
 12: T("TFC_TDF_net (`--model_type experimental_mdx23c_stht`, utils/settings.py:360): decoder_blocks holders as row 7, block.upscale called directly (mdx23c_tfc_tdf_v3_with_STHT.py:289).", "block", "read: same code shape as msst_mdx23c (run) in the STHT variant; not run separately (time)"),
 13: F("AA", MD.format(what="NHCBarostatAnisotropic (a simulation hook)"), R_MD),
 14: F("AB", "torchani EnergyShifter.sae: public, called by nothing in the tree, docs, tools or tests (as row 1). Second reading: true.", R_TA, api=True),
 15: F("A", KSWAP, R_PYKAN),
 16: T("as row 7: decoder_blocks[i].tfc_tdf called directly (mdx23c_tfc_tdf_v3.py:225).", "block", "confirmed block (msst_mdx23c): decoder_blocks.0/1.tfc_tdf.* weights reached; leaf refuted"),
 17: F("AH", "DualPathRNN is built only as SCNet's (scnet_unofficial) direct non-container child `dualpath_blocks` (scnet.py:155): at block it is in the root's unmatched group, onloaded during SCNet.forward, where its layers' elements run.", R_MSST),
 18: F("BC", "torchani VerletCellList: forward's _cache_values replaces the _prev_* buffers with the device tensors it computed (coords.detach() ...), which no group records, so after any forward _prev_coords is a compute-device tensor and reset_cached_values (tools/scaling-md-benchmark.py:290, between runs) places its zeros there.", R_TA),
 19: F("AA", MD.format(what="PILELocalThermostat (a simulation hook)"), R_MD),
 20: F("AA", MD.format(what="NPTRingPolymer (an integrator)"), R_MD),
 21: T("neuralforecast BaseModel.training_step/validation/predict call self._normalization (_base_model.py:1594 ...) outside forward; with scaler_type='revin' (a documented scaler) TemporalNorm.transform computes with revin_weight (_scalers.py:458): the scaler is a direct non-container child of the model (block: root group, onloaded only in forward; leaf: grouped on TemporalNorm.forward, never called), the batch on the device.", "block, leaf", R_NF),
 22: F("AA", MD.format(what="NormalModeTransformer (the ring-polymer transformer held by the System)"), R_MD),
 23: F("AA", MD.format(what="NHCBarostatIsotropic (a simulation hook)"), R_MD),
 24: F("A", "torchani _ANI.symbols (a property) iterates the atomic_numbers buffer to index a Python tuple (PERIODIC_TABLE[z]): host-side, no compute-device tensor.", R_TA),
 25: F("AA", MD.format(what="NHCBarostatAnisotropic (a simulation hook)"), R_MD),
 26: T("as row 7: encoder_blocks[i].downscale called directly (mdx23c_tfc_tdf_v3.py:218).", "block", "confirmed block (msst_mdx23c): encoder_blocks.0/1.downscale.* weights reached; leaf refuted"),
 27: F("AA", MD.format(what="PILEGlobalThermostat (a simulation hook)"), R_MD),
 28: C("as row 2: P_hat repeated at transformation.py:155 and used in bmm with the device batch_T at :159, only under `Transformation: 'TPS'`, which no shipped config sets.", "confirmed leaf (easyocr_tps): derived from GridGenerator.P_hat via bmm at transformation.py:159; block refuted"),
 29: T("neuralforecast MQLoss (a documented multi-quantile loss) overrides __call__, so its quantiles parameter is onloaded by no hook: at leaf grouped on MQLoss.forward (never runs); BaseModel.training_step calls self.loss(y=..., y_hat=...) with device tensors (pytorch.py:746 `(1 - self.quantiles)`). (Block: also offloaded there, as the loss is a direct child called outside forward.)", "leaf", R_NF),
 30: F("A", KSWAP, R_PYKAN),
 31: F("AA", MD.format(what="NHCThermostat (a simulation hook)"), R_MD),
 32: T("neuralforecast BaseModel._normalization calls self.scaler.transform outside forward (_base_model.py:1064) from training/validation/predict steps; with scaler_type='revin' its revin_bias/revin_weight are offloaded there and meet the device batch (rows 21, 44).", "block, leaf", R_NF),
 33: F("A", KSWAP, R_PYKAN),
 34: T("torchmd-net DipoleMoment (output_model='DipoleMoment', a documented option): its buffer atomic_mass is read in pre_reduce (`self.atomic_mass[z]`, output_modules.py:~200) which TorchMD_Net.forward calls; at leaf the buffer is grouped on DipoleMoment's forward, which the class does not have and nothing calls: offloaded, indexed with the device z.", "leaf", R_TMD),
 35: T("as row 12: encoder_blocks[i].downscale called directly (mdx23c_tfc_tdf_v3_with_STHT.py:281).", "block", "read: same code shape as msst_mdx23c (run) in the STHT variant; not run separately (time)"),
 36: T("SCNet_Tran (`--model_type scnet_tran`): decoder is a ModuleList of nn.Sequential(FusionLayer, SUlayer); forward unpacks each Sequential and calls its two layers directly (scnet_tran.py:653-654), so the element's hook (on Sequential.forward) never fires and their weights stay offloaded at block.", "block", R_MSST),
 37: F("AA", MD.format(what="ThermostatHook"), R_MD),
 38: F("AA", MD.format(what="NPTRingPolymer (an integrator)"), R_MD),
 39: T("pykan MultKAN.prune_edge (prune(), documented): old_mask = self.act_fun[i].mask.data (offloaded: KANLayer is a block / grouped on its forward) is multiplied with (self.edge_scores[i] > threshold), scores derived from the forward's device activations (MultKAN.py:1776-1777).", "block, leaf", R_PYKAN),
 40: F("AA", MD.format(what="TRPMDThermostat"), R_MD),
 41: F("AH", "torchmd-net ScalarPlusWeightedCoulomb is built only as TorchMD_Net's output_model (a direct non-container child); pre_reduce is called inside TorchMD_Net.forward, where the root's group is onloaded at block.", R_TMD),
 42: T("SCNet (`--model_type scnet`): as row 36 (scnet.py:359-360).", "block", R_MSST),
 43: F("AH", "torchmd-net ElectronicSpatialExtent: as row 41 (output_model child, pre_reduce from TorchMD_Net.forward).", R_TMD),
 44: T("as row 21: revin_bias (_scalers.py:457).", "block, leaf", R_NF),
 45: F("AA", MD.format(what="LangevinThermostat"), R_MD),
 46: F("AM", "neuralforecast KANLinear.update_grid (-> scaled_spline_weight) runs only under KAN.forward(windows_batch, update_grid=True) (kan.py:454/481); BaseModel calls self(windows_batch) and nothing in the tree passes update_grid=True.", R_NF),
 47: F("AA", MD.format(what="GLEThermostat"), R_MD),
 48: C("Music-Source-Separation-Training bandit: ResidualTransformer's nn.TransformerEncoderLayer passes self_attn.out_proj.weight to F.multi_head_attention_forward without calling out_proj (leaf: offloaded), but it exists only in the Transformer variants (bsrnn/core.py:223, 360); the shipped bandit configs name MultiMaskMultiSourceBandSplitRNN and model_from_config builds the RNN class.", R_MSST),
 49: F("AA", MD.format(what="NormalModeTransformer"), R_MD),
 50: T("as row 29: MQLoss.__call__ `(1 - self.quantiles)` (pytorch.py:746) with the device error, at leaf.", "leaf", R_NF),
 51: F("AO", "pykan .ipynb_checkpoints/MLP-checkpoint.py is a checkpoint copy nothing imports; the run copy kan/MLP.py:75 (`act_scale[None, :] * self.linears[i].weight` before linears[i] is called, with save_act=True the default; MLP built in tutorials Interp_10*, Physics_3) is a hazard at block and leaf. Copy-lenient: true.", R_PYKAN),
 52: F("AH", "torchmd-net Scalar (the default output_model): as row 41.", R_TMD),
 53: F("AA", MD.format(what="NPTVelocityVerlet (an integrator)"), R_MD),
 54: T("torchani ANIq.compute_from_external_neighbors (public entry for external neighbor lists; tests/test_builtin_models.py:71 calls it for every builtin model) runs outside forward and calls self.energy_shifter(elem_idxs) (arch.py:654): energy_shifter is a direct non-container child of the root, offloaded at block, its self_energies indexed with the device elem_idxs.", "block", R_TA),
 55: F("A", MSWAP, R_PYKAN),
 56: F("AA", MD.format(what="NPTVelocityVerlet (an integrator)"), R_MD),
 57: F("A", "torchmd-net TensorNet.setup_for_inference is called only by benchmarks/inference.py with z.cpu(), batch.cpu() before the model is moved to the device: the precomputation runs wholly on the CPU (the offload device).", R_TMD),
 58: F("AA", MD.format(what="System (the MD state container)"), R_MD),
 59: F("AK", "schnetpack UnsupervisedModelOutput.calculate_loss calls self.loss_fn, a loss function (nothing in the tree builds UnsupervisedModelOutput; every ModelOutput's loss_fn in the configs is a torch.nn loss without weights): no weight is touched.", R_TIME),
 60: F("A", MSWAP, R_PYKAN),
}
out = {str(k): v for k, v in sorted(L.items())}
assert len(out) == 60
json.dump(out, open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "labels.json"), "w"), indent=1)
