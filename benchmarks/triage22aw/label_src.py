"""Write benchmarks/triage22aw/labels.json (round aw; 60 rows drawn with seed 20296000 from the 402 shown findings of
twelve libraries).

Standard of rounds x-au: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, loaders, configs, examples and tests use the class (training counts; a public method counts as called; a
line that would meet the hazard on its own counts even where an earlier line of the same cause fails first; a finding
whose line is an identical copy or whose cause is reached at its related locations counts); C when true only under a
non-default option the library ships, documents or tests; false with a cause letter otherwise. A child class's method
flagged as if the child were the offload root is true when the real root reaches that method outside its onload. A CPU
long-index tensor indexing a device tensor is accepted by PyTorch (round au).

Letters used here, all earlier rounds': P where a value's device comes from / where it goes (here mostly: scvi-tools'
`@auto_move_data` places a method's inputs on the device of `self.parameters()`, the offload device outside any hook,
so a call outside forward runs wholly on the CPU; a value read only to be returned / converted to numpy; a placed value
that only a hooked call receives); AL one-time / setup / export work outside what offloading serves (statistics,
type-map surgery, LoRA merge, ONNX export); KA a call into a submodule whose method reads no weight; AB code nothing in
the library builds or calls; AT a wrapper judged the offload root (here: laplace's FeatureExtractor around the user's
network). One new letter, NG: a torch-class rule (OFL204's nn.MultiheadAttention facts) applied to a project
subclass whose overriding forward calls the child the rule says is never called (rows 52, 58).

Rows are authored by draw number with their (path, line, code, attribute) written out; the script stops if a drawn
row's key differs. The runtime column is filled from runtime_column.json where a run exists.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, ConvTranspose, Linear, Embedding, by isinstance) on its own forward and "
      "groups a non-leaf module's own parameters / buffers (ParameterList / ParameterDict: the container's) on that "
      "module's forward; every hook moves its args / kwargs to the onload device; the hooks replace the instance's "
      "`forward`.) ")

SCVI = ("scvi-tools: users hold a model object (SCVI, LinearSCVI, DestVI, VELOVI, ...), whose `module` (a "
        "BaseModuleClass nn.Module) is what offloading would be applied to. BaseModuleClass.forward (decorated "
        "@auto_move_data) runs `_generic_forward(self, ...)`, a module-level function that calls module.inference / "
        "generative / loss: those run INSIDE forward on the training path and on every `self.module.forward(...)` "
        "call of the model classes. `@auto_move_data` (module/base/_decorators.py:25-40), on inference / generative "
        "/ many helpers, does nothing in training mode and in eval mode (after training / load) moves every argument "
        "to the device of `self.parameters()`: outside a hook that is the offload device (CPU), so a direct call "
        "outside forward computes wholly on the CPU at block level (no hook runs unless the root has direct list "
        "children); at leaf level each Linear / Embedding hook moves its input to the device, so root-owned tensors "
        "or the CPU-placed inputs then meet device values. ")

DP = ("deepmd-kit (pt backend): users train with `dp --pt train`, freeze / compress with `dp --pt freeze` / "
      "`compress`, and run inference through deepmd.infer.DeepPot (DeepEval, pt/infer/deep_eval.py) or the ASE "
      "calculator, which call the model's forward. ")

RFL = ("deepmd RepFlowLayer (DPA3): the optim_*_update_dynamic methods run only with `use_dynamic_sel: true` "
       "(default False, repflows.py:223; set by examples/water/dpa3/input_torch_dynamic.json and a multi-task example); "
       "they read the MLPLayer children's `matrix` / `bias` directly (MLPLayer is deepmd's own nn.Module, not "
       "nn.Linear: at leaf level its parameters are grouped on its own forward, which these methods bypass) and "
       "matmul / add them with the device node / edge embeddings. ")

PFRL = ("pfrl FactorizedNoisyLinear (nn/noisy_linear.py; what `pfrl.nn.to_factorized_noisy` puts into Rainbow / "
        "noisy-net agents' Q-functions, examples/atari/train_rainbow.py) never calls its `mu` / `sigma` nn.Linear "
        "children: forward builds W = mu.weight + sigma.weight * eps and runs F.linear(x, W, b). At leaf level both "
        "Linears are hooked on their own forward, never run, so their weights stay on the offload device and "
        "F.linear meets the device x. ")

R = {
    1: ("scvi-tools/src/scvi/module/_vae.py", 351, "OFL101", "library_log_means", T(
        "block", GO + SCVI + "VAE.marginal_ll (:665, @auto_move_data; SCVI / LinearSCVI.get_marginal_ll, "
        "model/base/_vaemixin.py:183) calls self.forward (hooked: runs on the device, `library` a device tensor) and "
        "then, with `use_observed_lib_size=False` (the default of LDVAE, the LinearSCVI module, _vae.py:824), "
        "_compute_local_library_params(batch_index) (:727): `linear(one_hot(batch_index), self.library_log_means)` "
        "(:351) with the CPU buffer after the root group was offloaded again; Normal(...).log_prob(library) meets "
        "the device library at :729-731. (Inside generative, :541, it is inside forward.)")),
    2: ("deepmd-kit/deepmd/pt/model/model/spin_model.py", 402, "OFL102", "backbone_model.get_dim_aparam", F(
        "KA", "SpinModel.get_dim_aparam -> backbone_model.get_dim_aparam() returns an int from the fitting's config "
        "(numb_aparam); no parameter or buffer is read.")),
    3: ("dgllife/python/dgllife/model/gnn/gnn_ogb.py", 79, "OFL103", "project_residual.weight", T(
        "leaf", GO + "dgllife GCNOGBLayer (the GCN of the OGB examples, GNNOGB): `project_residual` is an "
        "nn.Embedding(1, out_feats) never called; forward adds its weight to the device node_feats (:79): at leaf "
        "level the Embedding is hooked on its own forward only, so the CPU weight meets the device features.")),
    4: ("scvi-tools/src/scvi/module/_mrdeconv.py", 370, "OFL102", "z_encoder", F(
        "P", SCVI + "MRDeconv.inference is @auto_move_data; DestVI's get_proportions / get_gamma call "
        "module.inference directly in eval mode (model/_destvi.py:253 etc.), so x_augmented / batch_index are moved "
        "to the offloaded parameters' device (CPU) and z_encoder (CPU at block level) runs on CPU inputs: nothing on "
        "the compute device meets it at :370. (DestVI's failure at block level is in generative, where the hooked "
        "Sequential gamma_encoder moves z to the device and the unhooked `decoder` / root parameters meet it: a "
        "different line.)")),
    5: ("deepmd-kit/deepmd/pt/model/descriptor/se_a.py", 826, "OFL104", "compress_data[i]", U(
        "leaf", GO + DP + "DescrptBlockSeA.forward's `if self.compress` branch (only after enable_compression, i.e. "
        "`dp compress`) passes the ParameterList element compress_data[i] (grouped on the ParameterList's forward, "
        "never called at leaf level: CPU) to the tabulate_fusion_se_a custom op with the device `ss` / `rr`. A "
        "documented non-default mode: C.")),
    6: ("scvi-tools/src/scvi/module/base/_priors.py", 270, "OFL101", "pseudoinput_x", F(
        "AB", "scvi.module.base's VampPrior (and MogPrior, rows 34, 38, 54) is exported from scvi.module.base but "
        "nothing in the tree, its docs or tests builds it (the sysvi / destvi VampPriors are other classes). Were it "
        "built under a host VAE, :270 passes exp(pseudoinput_x) into the host's inference, whose leaf hooks move it "
        "(P).")),
    7: ("deepmd-kit/deepmd/pt/model/descriptor/sezm_nn/embedding.py", 984, "OFL101", "spin_mask", U(
        "leaf", GO + DP + "SpinEmbedding exists only with DescrptSeZM's `use_spin` (sezm.py:822, non-default, for "
        "magnetic systems); DescrptSeZM.forward calls spin_embedding.edge_l1 (sezm.py:1341), not its forward, so at "
        "leaf level its own buffers (spin_mask, cart_to_l1) and parameter stay on the offload device: "
        "`self.spin_mask.index_select(0, atype_src)` (:984) with a device index and the gate with the device edge_env "
        "(:985) fail.")),
    8: ("deepmd-kit/deepmd/pt/model/atomic_model/base_atomic_model.py", 494, "OFL101", "out_std", F(
        "P", "serialize() converts out_bias / out_std with to_numpy_array (:493-494) for saving / freezing / "
        "conversion: the offloaded buffer is only copied to numpy; nothing on the compute device meets it.")),
    9: ("deepmd-kit/deepmd/pt/model/descriptor/se_t.py", 294, "OFL102", "seat.compute_input_stats", F(
        "AL", "compute_input_stats computes the environment-matrix statistics from data samples and stores them in "
        "the descriptor's mean / stddev buffers: setup work `dp train` runs once before training "
        "(compute_or_load_stat), not the inference offloading serves.")),
    10: ("deepmd-kit/deepmd/pt/model/descriptor/sezm_nn/wignerd.py", 1169, "OFL101", "_l2_monomial_coeff", U(
        "leaf", GO + "WignerDCalculator.forward_zonal (called by DescrptSeZM, sezm.py:1856 / :1867, not through "
        "forward): at leaf level its own buffers stay on the offload device; the :1169 matmul with the device "
        "monomials runs only on the Triton path (`_use_triton_monomials`: triton_infer_level() >= 1, the opt-in "
        "DP_TRITON_INFER, kernels/utils.py:22, and a CUDA input in eval): C. (The dense path below, :1173, einsums "
        "other own buffers the same way: that is the default-path hazard, another line.)")),
    11: ("torch-rechub/torch_rechub/models/generative/hstu.py", 263, "OFL103", "output_projection.bias", U(
        "leaf", GO + "HSTUModel.forward's `else` branch (tie_embeddings=False; default True, hstu.py:113; tested in "
        "tests/test_hstu_model.py:110) reads output_projection.weight / .bias (an nn.Linear never called: hooked only "
        "on its own forward at leaf level) and F.linear-s them with the device hstu_output: C. (The default branch's "
        "token_embedding.weight, read after the Embedding's forward returned, is the same hazard on another line.)")),
    12: ("scvi-tools/src/scvi/external/cellassign/_model.py", 136, "OFL202", "module.generative", F(
        "P", SCVI + "CellAssign.predict -> module.generative (@auto_move_data, eval): CellAssignModule has no "
        "submodule, only its own parameters / buffers, so the inputs are moved to the CPU (the offloaded parameters' "
        "device) and the whole generative runs on the CPU at both levels: nothing meets the compute device.")),
    13: ("deepmd-kit/deepmd/pt/model/descriptor/sezm_nn/lora.py", 156, "OFL101", "A_by_l", F(
        "AL", "LoRASO3._compute_delta_weight from merge_into_base(): folding the LoRA delta into the base weight once "
        "after fine-tuning (a one-time conversion; with every tensor offloaded it is an all-CPU computation). Inside "
        "forward the parameters are onloaded (the message's second site).")),
    14: ("deepmd-kit/deepmd/pt/model/descriptor/repflow_layer.py", 673, "OFL104", "edge_self_linear.bias", U(
        "leaf", GO + RFL + "optim_edge_update_dynamic `bias + sub_node_update` (row 22's sibling).")),
    15: ("scvi-tools/src/scvi/external/decipher/_module.py", 80, "OFL105", "_dummy_param", T(
        "leaf", GO + "Decipher.get_latent_representation (external/decipher/_model.py:179-184) does "
        "`x = x.to(self.module.device)` -- this property, the offloaded `_dummy_param`'s device, CPU -- then "
        "`z_loc, _ = self.module.encoder_x_to_z(x)` (ConditionalDenseNN: a ModuleList of nn.Linear, hooked at leaf "
        "level: z_loc on the device) and `torch.cat([z_loc, x])` with the CPU x. Block level: every child in the "
        "root's group, all CPU: harmless.")),
    16: ("deepmd-kit/deepmd/pt/model/descriptor/repflow_layer.py", 587, "OFL104", "edge_angle_linear1.matrix", U(
        "leaf", GO + RFL + "optim_angle_update_dynamic: torch.matmul with the device flat_edge_ebd.")),
    17: ("deepmd-kit/deepmd/pt/nvalchemi/dpa4wrapper.py", 367, "OFL101", "_charge_spin_buf", U(
        "block+leaf", GO + "DPA4Wrapper (the nvalchemi adapter) .compute_embeddings (public, :481) -> adapt_input "
        "passes `self._charge_spin_buf` into self.model.forward_common_lower outside DPA4Wrapper.forward: an "
        "offloaded CPU buffer with the device coordinates. The buffer is None unless `default_charge_spin` is given "
        "(:163-169; models with charge / spin embeddings): C. Inside forward (:430) it is onloaded.")),
    18: ("deepmd-kit/deepmd/pt/model/descriptor/sezm.py", 2485, "OFL101", "mean", F(
        "P", "get_stat_mean_and_stddev returns the mean / stddev buffers (\"interface compatibility, not used in "
        "forward\", :2484) to the stat / serialization code, which stores or converts them; nothing on the compute "
        "device meets them.")),
    19: ("deepmd-kit/deepmd/pt/model/descriptor/repformer_layer.py", 258, "OFL102", "mapqk.serialize", F(
        "P", "Atten2Map.serialize -> mapqk.serialize() (MLPLayer.serialize): the weights are copied to numpy for "
        "saving / compression; nothing on the compute device meets them.")),
    20: ("dgllife/python/dgllife/model/model_zoo/jtvae.py", 353, "OFL102", "W", T(
        "block", GO + "dgllife JTNNVAE.reconstruct (examples/generative_models/jtvae/reconstruct.py:40, graphs on "
        "the device) -> decode -> decoder.decode: `self.W(root_hidden)` with root_hidden built from the device "
        "mol_vec (:346-353); `decoder` is a non-list child in JTNNVAE's group, onloaded only by JTNNVAE.forward "
        "(training): CPU Linear with a device input. (The encoders in encode() meet the device graphs first: same "
        "cause.) sample_prior's CPU vectors would be harmless.")),
    21: ("deepmd-kit/deepmd/pt/model/descriptor/dpa1.py", 468, "OFL102", "se_atten.compute_input_stats", F(
        "AL", "As row 9 (DescrptDPA1.compute_input_stats: statistics before training).")),
    22: ("deepmd-kit/deepmd/pt/model/descriptor/repflow_layer.py", 673, "OFL104", "edge_self_linear.matrix", U(
        "leaf", GO + RFL + "optim_edge_update_dynamic: torch.matmul of the device node_ebd with edge_self_linear.matrix.")),
    23: ("deepmd-kit/deepmd/pt/model/descriptor/repflow_layer.py", 589, "OFL104", "angle_self_linear.matrix", U(
        "leaf", GO + RFL + "optim_angle_update_dynamic's feat='angle' branch.")),
    24: ("deepmd-kit/deepmd/pt/model/model/spin_model.py", 533, "OFL102", "backbone_model.change_type_map", F(
        "AL", "change_type_map remaps / extends the type-dependent tensors when a pretrained model is fine-tuned on "
        "a new type map (`dp --pt train --finetune`): one-time model surgery before training, not inference.")),
    25: ("scvi-tools/src/scvi/external/stereoscope/_module.py", 193, "OFL101", "beta", F(
        "P", SCVI + "SpatialDeconv.generative runs inside forward (training, _generic_forward); the Stereoscope model "
        "never calls it directly (it calls get_proportions / get_ct_specific_expression). A direct call "
        "(@auto_move_data, eval) on this child-less module runs wholly on the CPU: softplus(self.beta) meets "
        "nothing on the device.")),
    26: ("pgt/torch_geometric_temporal/nn/hetero/heterogclstm.py", 139, "OFL104", "b_o[i]", T(
        "leaf", GO + "HeteroGCLSTM keeps W_* / b_* in nn.ParameterDicts (grouped on the ParameterDict's forward at "
        "leaf level, never called); _calculate_output_gate adds b_o[node_type] to the device O (:139), as :136 "
        "matmuls W_o.")),
    27: ("scvi-tools/src/scvi/external/scar/_module.py", 287, "OFL101", "px_r", T(
        "leaf", GO + SCVI + "SCAR_VAE.generative (public, @auto_move_data) called directly in eval: at leaf level the "
        "decoder's Linears move z to the device, px_rate / px_dropout are device tensors, and the root's own px_r "
        "(CPU: the root's forward never ran) goes into ZeroInflatedNegativeBinomial with them. In the library "
        "generative is reached only through module.forward (scar/_model.py:361): a public-method reading (label "
        "risk (a)).")),
    28: ("scvi-tools/src/scvi/module/_multivae.py", 760, "OFL102", "z_decoder_accessibility", F(
        "P", SCVI + "MULTIVAE.generative runs inside forward on every library path (MULTIVI calls "
        "self.module.forward, model/_multivi.py:572 / :703 / :1046); a direct call (@auto_move_data, eval) moves "
        "its inputs to the CPU and, MULTIVAE having no direct list child, the decoders run on the CPU at block level "
        "(the claimed level): nothing meets the compute device.")),
    29: ("deepmd-kit/deepmd/pt/model/descriptor/se_t_tebd.py", 413, "OFL102", "se_ttebd.filter_layers_strip.serialize", F(
        "P", "serialize (here reached from enable_compression) copies the networks' weights to numpy to build the "
        "compression tables: nothing on the compute device meets them.")),
    30: ("scvi-tools/src/scvi/external/diagvi/_module.py", 433, "OFL104", "gmm_scales[i]", U(
        "leaf", GO + "DIAGVAE keeps gmm_logits / gmm_means / gmm_scales in nn.ParameterDicts (grouped on the "
        "ParameterDict's forward at leaf level: never onloaded, even inside DIAGVAE.forward during training); the "
        "GMM prior (with semi-supervision `logits + 100 * logits_input` on the device, :445) and pz.log_prob of the "
        "device z in the loss meet them. Only with `gmm_prior=True` (setup_anndata, default False, "
        "diagvi/_model.py:338): C.")),
    31: ("deepmd-kit/deepmd/pt/model/descriptor/dpa1.py", 544, "OFL102", "se_atten.filter_layers.serialize", F(
        "P", "As row 29 (DescrptDPA1.serialize: weights to numpy).")),
    32: ("deepmd-kit/deepmd/pt/model/descriptor/sezm_nn/block.py", 854, "OFL104", "adam_ffn_layer_scales[i]", U(
        "leaf", GO + "SeZMInteractionBlock._run_ffn_unit_impl multiplies the device y by the ParameterList element "
        "adam_ffn_layer_scales[unit_idx] (grouped on the ParameterList's forward: never onloaded at leaf level); the "
        "branch runs only with `layer_scale: true` (default False, argcheck.py:985-988): C.")),
    33: ("pfrl/pfrl/nn/noisy_linear.py", 65, "OFL103", "mu.weight", T("leaf", GO + PFRL + "mu.weight at :65.")),
    34: ("scvi-tools/src/scvi/module/base/_priors.py", 78, "OFL205", "", F(
        "AB", "As row 6: scvi.module.base.MogPrior is built by nothing in the tree, docs or tests. Were it a child "
        "of a VAE, its parameters (no forward) would stay offloaded at leaf level and get_prior's distribution "
        "would meet the device z (true under that use).")),
    35: ("scvi-tools/src/scvi/external/velovi/_model.py", 913, "OFL202", "module._get_rates", F(
        "P", "VELOVI.get_rates -> module._get_rates() returns softplus / clamp of the root's rate parameters, and "
        "get_rates converts each with .cpu().numpy() (:916-920): nothing on the compute device meets them.")),
    36: ("pfrl/pfrl/nn/noisy_linear.py", 67, "OFL103", "mu.bias", T("leaf", GO + PFRL + "mu.bias at :67.")),
    37: ("torch-rechub/torch_rechub/models/generative/rqvae.py", 160, "OFL103", "embedding.weight", F(
        "P", "VectorQuantizer.get_codebook returns the codebook weight; its only caller, "
        "ResidualVectorQuantizer.get_codebook (:342-349), stacks the codebooks and returns them; nothing in the "
        "tree, docs or tests combines them with a device tensor (the quantizer's forward computes with its own "
        "calls).")),
    38: ("scvi-tools/src/scvi/module/base/_priors.py", 150, "OFL205", "", F(
        "AB", "As row 6 (base VampPrior: built by nothing).")),
    39: ("scvi-tools/src/scvi/external/velovi/_model.py", 398, "OFL201", "module.switch_time_unconstr", T(
        "block+leaf", GO + SCVI + "VELOVI.get_latent_time runs self.module.forward (hooked: generative_outputs on "
        "the device) and then reads the root parameter switch_time_unconstr (offloaded again after forward): "
        "`generative_outputs['px_rho'] * switch_time` (:400) meets the CPU (n_genes) vector.")),
    40: ("scvi-tools/src/scvi/external/velovi/_model.py", 876, "OFL202", "module.get_px", T(
        "block", GO + SCVI + "VELOVI.get_gene_likelihood passes the device generative outputs of module.forward "
        "(px_pi, px_rho, px_tau, scale) to module.get_px, which combines them with softplus(switch_time_unconstr) "
        "and the other root parameters (velovi/_module.py:511...), offloaded again after forward.")),
    41: ("laplace/laplace/lllaplace.py", 361, "OFL202", "model.find_last_layer", F(
        "AT", "LLLaplace wraps the user's network in FeatureExtractor (utils/feature_extractor.py) and "
        "find_last_layer runs `self.model(x)` -- the user's network's forward -- with forward hooks on its modules. "
        "The linter takes FeatureExtractor as the offload root (its `model` child in an unmatched group); what a user "
        "offloads is the network it passes to Laplace(...), whose hooked forward is exactly what find_last_layer "
        "calls.")),
    42: ("scvi-tools/src/scvi/external/gimvi/_model.py", 320, "OFL202", "module.sample_from_posterior_z", F(
        "P", SCVI + "GIMVI.get_latent_representation -> JVAE.sample_from_posterior_z -> inference (@auto_move_data, "
        "eval): the batch is moved to the CPU; z_encoder (CPU at block level) computes qz / z on the CPU; the "
        "hooked l_encoders[mode] (a direct ModuleList) returns the library on the device, which "
        "sample_from_posterior_z does not use. Nothing meets the device at the z path.")),
    43: ("torch-rechub/torch_rechub/models/generative/hstu.py", 262, "OFL103", "output_projection.weight", U(
        "leaf", GO + "As row 11 (output_projection.weight; tie_embeddings=False only): C.")),
    44: ("deepmd-kit/deepmd/pt/infer/deep_eval.py", 665, "OFL207", "dp", T(
        "block+leaf", DP + "DeepEval (DeepPot, the documented inference entry point) holds the loaded ModelWrapper as "
        "`self.dp` and every _eval_model call runs `model = self.dp.to(DEVICE)` (:665): an offloaded model would be "
        "moved whole onto the device at each evaluation, defeating offloading.")),
    45: ("laplace/laplace/lllaplace.py", 617, "OFL202", "model.find_last_layer", F(
        "AT", "As row 41 (FunctionalLLLaplace._find_last_layer).")),
    46: ("torch-rechub/torch_rechub/models/ranking/bst.py", 48, "OFL204", "transformer_layers", T(
        "leaf", GO + "BST's nn.TransformerEncoder of TransformerEncoderLayer(activation=nn.LeakyReLU(), "
        "batch_first=True): the fast path is off (not relu / gelu), so each layer calls self_attn(...) "
        "(nn.MultiheadAttention.forward), which passes out_proj.weight / .bias to F.multi_head_attention_forward "
        "without calling out_proj (a Linear subclass, hooked only on its own forward at leaf level).")),
    47: ("scvi-tools/src/scvi/external/sysvi/_priors.py", 61, "OFL205", "", T(
        "leaf", GO + "sysvi VampPrior (SysVI's default prior='vamp', sysvi/_module.py:82 / :146) defines no forward: "
        "its u / u_cat / u_cont / w stay offloaded at leaf level while the host's encoder (Linears hooked) returns "
        "device m_p / v_p; log_prob's `Normal(m_p, v_p.sqrt()).log_prob(z) + torch.log(w)` (a K x 1 x 1 CPU tensor) "
        "fails in the loss (training).")),
    48: ("deepmd-kit/deepmd/pt/infer/deep_eval.py", 1329, "OFL207", "dp", T(
        "block+leaf", DP + "As row 44 (_eval_embedding, behind DeepEval.eval_descriptor / eval_fitting_last_layer: "
        "`self.dp.to(DEVICE)` at :1329).")),
    49: ("cellpose/cellpose/vit_sam.py", 137, "OFL105", "next(self.parameters())", F(
        "P", "cellpose core._forward (core.py:155) places the images with net.device (this property: CPU under "
        "offloading) and calls `net(X)` at once: the root's forward hook moves X to the onload device; the placed "
        "value reaches only a hooked call.")),
    50: ("torch-rechub/torch_rechub/models/matching/sasrec.py", 54, "OFL204", "attention_layers", T(
        "leaf", GO + "SASRec calls each nn.MultiheadAttention of attention_layers (forward: "
        "F.multi_head_attention_forward with out_proj.weight / .bias, out_proj never called): at leaf level the "
        "out_proj Linear stays offloaded.")),
    51: ("scvi-tools/src/scvi/external/tangram/_model.py", 123, "OFL201", "module.mapper_unconstrained", F(
        "P", "Tangram.get_mapper_matrix: `torch.softmax(self.module.mapper_unconstrained, dim=1).detach().cpu()"
        ".numpy()`: the offloaded parameter is read on the CPU and converted to numpy; nothing on the compute "
        "device meets it.")),
    52: ("graphium/graphium/nn/encoders/laplace_pos_encoder.py", 81, "OFL204", "pe_encoder", F(
        "NG", GO + "LapPENodeEncoder's 'Transformer' option (default 'DeepSet', :20; only tests build it) wraps "
        "TransformerEncoderLayerMup (base_layers.py:208) in nn.TransformerEncoder. Its self_attn is "
        "MultiheadAttentionMup, a project subclass of nn.MultiheadAttention whose overriding forward calls "
        "`self.out_proj(attn)` itself (base_layers.py:204): out_proj's leaf hook runs, the message's mechanism "
        "(out_proj.weight passed to F.multi_head_attention_forward) does not apply. torch's encoder-layer fast path, "
        "which would read the weights without calls in eval / no_grad, is off for an odd head count "
        "(TransformerEncoderLayer.forward: 'num_head is odd'), and every builder in the tree uses nhead=1 "
        "(laplace_pos_encoder.py:72, tests/test_base_layers.py:77); with an even nhead the fast path would be taken "
        "and the hazard real (checked: torch._transformer_encoder_layer_fwd is called for nhead=2, not for 1).")),
    53: ("deepmd-kit/deepmd/pt/model/task/fitting.py", 579, "OFL105", "bias_atom_e", F(
        "AL", "As row 24 (GeneralFitting.change_type_map: fine-tuning type-map surgery; the zeros are concatenated "
        "with the same offloaded buffer).")),
    54: ("scvi-tools/src/scvi/module/base/_priors.py", 253, "OFL105", "w", F(
        "AB", "As row 6 (base VampPrior.get_prior: built by nothing).")),
    55: ("deepmd-kit/deepmd/pt/model/atomic_model/base_atomic_model.py", 475, "OFL105", "out_bias", F(
        "AL", "As row 24 (BaseAtomicModel.change_type_map).")),
    56: ("deepmd-kit/deepmd/pt/infer/deep_eval.py", 831, "OFL207", "dp", T(
        "block+leaf", DP + "As row 44 (_eval_model_spin, the spin models' evaluation: `self.dp.to(DEVICE)` at "
        ":831).")),
    57: ("torch-rechub/torch_rechub/utils/onnx_export.py", 188, "OFL207", "model", F(
        "AL", "ONNXExporter.export moves the model to the export device and traces it once to write an ONNX file: a "
        "one-time export, not the inference offloading serves.")),
    58: ("graphium/graphium/nn/base_layers.py", 229, "OFL204", "self_attn", F(
        "NG", "As row 52: self_attn is MultiheadAttentionMup, whose own forward calls self.out_proj(attn) "
        "(:204), so 'forward() passes out_proj.weight to F.multi_head_attention_forward' is false for it; the "
        "inherited fast path is off at the tree's nhead=1.")),
    59: ("pfrl/pfrl/nn/noisy_linear.py", 62, "OFL105", "sigma.weight", T(
        "leaf", GO + PFRL + "eps is placed with sigma.weight's device (CPU), W built on the CPU, and F.linear meets "
        "the device x (:68 / :70), as the message says.")),
    60: ("scvi-tools/src/scvi/external/velovi/_model.py", 548, "OFL201", "module.switch_time_unconstr", T(
        "block+leaf", GO + SCVI + "As row 39 (VELOVI.get_velocity: `switch_time * rho` with the device rho from "
        "module.forward, :550).")),
}

L = labels_of_rows(HERE, R, "/corp47/")

if __name__ == "__main__":
    write_labels(HERE, L)
