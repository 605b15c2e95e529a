"""Write benchmarks/triage22ay/labels.json (round ay; 60 rows drawn with seed 20298000 from the 269 shown findings of
twelve libraries, linter c6eb604).

Standard of rounds x-aw (see triage22aw/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
public method counts as called; a line that would meet the hazard on its own counts even where an earlier line of the
same cause fails first); C when true only under a non-default option the library ships, documents or tests (here:
rlpyt's launch scripts vary `normalize_observation` / `normalize_conv_out`); false with a cause letter otherwise. The
offloaded object is the nn.Module a user holds or reaches on the object it holds (scvi standard: the estimator's
`model` / `net` after fit or load).

Letters, all earlier rounds' except OP: P where a value's device comes from / where it goes; AL one-time / set-up /
training-run work outside what offloading serves (here also: a module the library builds and drives inside one call,
rlpyt's runner and sheeprl's CLI, so nothing can have offloaded it); AT a wrapper or a Lightning task judged the
offload root; AH a class built only as a child judged as the root; AB code nothing builds; BB code never reached (here:
a helper that fails without offloading). **New letter OP**: a weightless measurement operator / sampler
(deepinv.physics.Physics, PhysicsGenerator subclasses: masks, filters, RNG states, grids as buffers) judged as an
offload root: such an object is an argument of the reconstruction model, not a model anyone offloads.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, ConvTranspose, Linear, Embedding) on its own forward and groups a non-leaf "
      "module's own parameters / buffers on that module's forward; every hook moves its args / kwargs to the onload "
      "device; the hooks replace the instance's `forward`.) ")

OP = ("deepinv's physics operators (deepinv.physics.Physics / LinearPhysics / DecomposablePhysics subclasses and their "
      "wrappers) and physics generators (PhysicsGenerator subclasses) are nn.Modules only to carry their operator data "
      "(filters, masks, sampling grids, RNG states: buffers, set per call by update_parameters); a user passes them to "
      "the reconstruction model (`model(y, physics)`) and applies offloading, if at all, to that model (a DRUNet / "
      "DiffUNet / unrolled network). Nothing in the docs, examples or tests offloads an operator; offloading one saves "
      "no weight memory. ")

RLPYT = ("rlpyt: agents build their models in agent.initialize (called by the sampler in the runner's startup); a user "
         "evaluating a trained policy initializes the agent by hand and calls agent.step -> agent.model(...) "
         "(the model a user can offload). ")

DEEPOD = ("DeepOD detectors are sklearn-like: `clf.fit(X)` builds and trains the network, `clf.decision_function(X)` "
          "scores; the network (clf.net / clf.model) is what a user could offload between the two. ")

R = {
    1: ("deepinv/deepinv/physics/wrappers.py", 594, "OFL102", "base.A_adjoint", F(
        "OP", OP + "PhysicsCropper wraps a physics operator (RAM builds it around the measurement operator, ram.py:416); "
        "A_adjoint is the operator's adjoint.")),
    2: ("deepinv/deepinv/physics/blur.py", 646, "OFL101", "angle", F(
        "OP", OP + "BlurFFT.U multiplies by the FFT phase buffer `angle` of the blur operator.")),
    3: ("scarches/scarches/models/scgen/vaearith_model.py", 121, "OFL202", "model.predict", F(
        "P", "scgen.predict -> vaeArith.predict places every input with next(self.parameters()).device (:188, the "
        "offload device outside a hook): at block level encoder / decoder (custom modules, the root's unmatched "
        "group) are CPU too and the whole computation runs on the CPU; at leaf level the FC Linears' hooks move the "
        "CPU input to the device and every later value (mu, std, eps=randn_like, delta, the decoder output) is on the "
        "device; the results go to .cpu() / numpy. No line meets both devices.")),
    4: ("deepinv/deepinv/physics/radio.py", 110, "OFL101", "dataWeight", F(
        "OP", OP + "RadioInterferometry.A: the NUFFT measurement times its data weights.")),
    5: ("rlpyt/rlpyt/projects/safe/cppo_model.py", 81, "OFL104", "obs_rms.mean", T(
        "leaf", GO + RLPYT + "CppoModel (normalize_observation=True by default, cppo_model.py:27; configs/cppo_pid.py) "
        "holds a RunningMeanStdModel (buffers mean / var / count, no forward): at leaf level its buffers are grouped "
        "on its own forward, which nothing calls, so `observation - self.obs_rms.mean` meets the CPU buffer.")),
    6: ("deepod/deepod/models/time_series/usad.py", 466, "OFL102", "encoder", F(
        "AL", "UsadModel.validation_step runs only inside USAD.fit's training loop (usad.py:230), and fit builds the "
        "UsadModel itself just before (usad.py:130): nothing can have offloaded it.")),
    7: ("torch-uncertainty/src/torch_uncertainty/post_processing/calibration/vector_scaler.py", 68, "OFL101",
        "temp_b", F("P", "The `temperature` property returns [temp_w, temp_b]: Scaler.fit hands the list to LBFGS "
                    "(scaler.py:101, parameter references), conformal/abstract.py:67 and the tutorial read "
                    "`.item()`: nothing on the compute device meets the returned tensors.")),
    8: ("rlpyt/rlpyt/ul/models/rl/atari_rl_models.py", 181, "OFL104", "conv_rms.var", U(
        "leaf", GO + RLPYT + "AtariDqnModel's conv_rms (a RunningMeanStdModel: buffers, no forward) is read in "
        "forward only with normalize_conv_out=True (default False, :136; the ul launch scripts vary it): at leaf "
        "level its buffers are never onloaded, `conv / conv_var.sqrt()` meets them. C.")),
    9: ("deepinv/deepinv/physics/generator/inpainting.py", 12, "OFL205", "", F(
        "OP", OP + "The 'weights' are PhysicsGenerator's `initial_random_state` buffer (an RNG byte state); "
        "reset_rng does `self.rng.set_state(self.initial_random_state.cpu())`: converted to the CPU, meets no device.")),
    10: ("deepinv/deepinv/physics/blur.py", 279, "OFL101", "filter", F(
        "OP", OP + "Downsampling.A convolves with its anti-aliasing filter buffer (after "
        "update_parameters(filter=..., device=x.device)).")),
    11: ("torch-uncertainty/src/torch_uncertainty/post_processing/calibration/matrix_scaler.py", 70, "OFL101",
         "temp_b", F("P", "As row 7 (MatrixScaler.temperature returns the parameter list for LBFGS / .item()).")),
    12: ("deepinv/deepinv/physics/forward.py", 1248, "OFL101", "mask", F(
        "OP", OP + "DecomposablePhysics.A_dagger: pseudo-inverse with the singular-value mask buffer.")),
    13: ("deepinv/deepinv/physics/generator/blur.py", 657, "OFL101", "XX0", F(
        "OP", OP + "DiffractionBlurGenerator._zernike_basis: the pupil grid buffer XX0 of a PSF sampler.")),
    14: ("rlpyt/rlpyt/agents/qpg/sac_v_agent.py", 78, "OFL207", "v_model", F(
        "AL", RLPYT + "SacAgent.to_device is the runner's start-up placement (MinibatchRl startup: agent.initialize "
        "builds the models, then agent.to_device(cuda_idx)); the models it moves were just built in the same "
        "start-up, and an offloading user does not call the placement API.")),
    15: ("deepinv/deepinv/physics/blur.py", 848, "OFL101", "filters", F(
        "OP", OP + "SpaceVaryingBlur.A_adjoint: product-convolution with the operator's filters buffer.")),
    16: ("deepinv/deepinv/physics/generator/blur.py", 17, "OFL205", "", F(
        "OP", OP + "As row 9 (PSFGenerator.reset_rng: RNG state .cpu()).")),
    17: ("deepinv/deepinv/physics/wrappers.py", 181, "OFL102", "base.A_dagger", F(
        "OP", OP + "LinearPhysicsMultiScaler wraps a physics operator for multiscale methods; base.A_dagger is the "
        "wrapped operator's pseudo-inverse.")),
    18: ("torch-uncertainty/src/torch_uncertainty/post_processing/mc_batch_norm.py", 88, "OFL102", "model", F(
        "AT", "MCBatchNorm is a post-processing wrapper around the user's trained network (`MCBatchNorm(model, "
        "num_estimators, ...)`); fit runs `self.model(x)`, the network's own forward: what a user offloads is its "
        "network, whose hooked forward this call is. The linter takes the wrapper as the root and the network as a "
        "child in its unmatched group.")),
    19: ("scarches/scarches/models/expimap/expimap_model.py", 249, "OFL201", "model.decoder.nonzero_terms", F(
        "P", "expiMap decoder.nonzero_terms (modules.py:146-151): `(self.L0.expr_L.weight.data.norm(p=1, dim=0)>0)"
        ".cpu().numpy()`: the offloaded weight is read on the CPU and converted to numpy.")),
    20: ("sheeprl/sheeprl/algos/ppo_recurrent/agent.py", 393, "OFL102", "rnn", F(
        "AL", "sheeprl runs from its CLI (`sheeprl exp=...`): build_agent builds the agent and the RecurrentPPOPlayer "
        "inside the training / evaluation script, whose test() (ppo_recurrent/utils.py:58; called at the end of "
        "ppo_recurrent.py:518 and by evaluate.py:54) drives player.get_actions; no user code holds the player between "
        "its build and its use, so nothing can have offloaded it.")),
    21: ("deepod/deepod/core/networks/ts_network_tcn.py", 148, "OFL204", "conv1", T(
        "leaf", GO + DEEPOD + "TcnResidualBlockTranspose (TcnAE's decoder; the TcnED detector's default network, "
        "tcned.py:120) wraps its ConvTranspose1d with the legacy torch.nn.utils.weight_norm: its forward pre-hook "
        "computes `weight` from weight_g / weight_v in Module.__call__ before the group-offloading forward wrapper "
        "onloads them, so at leaf level the conv runs with a CPU weight on the device input.")),
    22: ("rlpyt/rlpyt/projects/safe/cppo_model.py", 122, "OFL102", "obs_rms.update", F(
        "AL", RLPYT + "update_obs_rms is called only by the training algorithm (CPPO optimize_agent -> "
        "agent.update_obs_rms) inside the runner's training loop, on models the same runner built: nothing can have "
        "offloaded them.")),
    23: ("deepinv/deepinv/physics/virtual.py", 59, "OFL102", "physics.A_adjoint", F(
        "OP", OP + "VirtualLinearPhysics wraps a physics operator; physics.A_adjoint is its adjoint.")),
    24: ("deepinv/deepinv/physics/generator/blur.py", 1050, "OFL205", "", F(
        "OP", OP + "As row 9 (ProductConvolutionBlurGenerator: RNG state / grids of a blur sampler).")),
    25: ("rlpyt/rlpyt/models/running_mean_std.py", 7, "OFL205", "", T(
        "leaf", GO + RLPYT + "RunningMeanStdModel owns buffers (mean, var, count) and no forward: at leaf level they "
        "are grouped on its never-called forward, and its host's forward reads them (CppoModel, row 5, default "
        "normalize_observation=True).")),
    26: ("rlpyt/rlpyt/agents/qpg/sac_agent.py", 79, "OFL207", "q2_model", F(
        "AL", RLPYT + "As row 14 (SacAgent.to_device, the runner's start-up placement).")),
    27: ("deepinv/deepinv/physics/scattering.py", 261, "OFL105", "wavenumber", F(
        "OP", OP + "Scattering.update_parameters reads its wavenumber buffer's device to register new receiver / "
        "transmitter buffers.")),
    28: ("scarches/scarches/models/scpoli/scpoli.py", 300, "OFL105", "next(self.parameters())", T(
        "leaf", GO + "scpoli.classify moves the stored prototype means to next(self.parameters()).device (CPU under "
        "offloading) and takes torch.cdist with `latent` from get_latent, which the encoder's hooked Linears put on the "
        "device at leaf level. (scPoli.classify first places x with the same offloaded-parameter device, "
        "scpoli_model.py:439, so Encoder.forward's `torch.cat((x, batch))` with the hooked embeddings' device output "
        "fails before this line; counted as the rounds do: the line fails on its own.)")),
    29: ("scarches/scarches/plotting/trvae_eval.py", 52, "OFL202", "model.get_latent", F(
        "BB", "TRVAE_EVAL.latent_as_anndata passes `self.adata.X` (numpy / scipy) straight to trVAE.get_latent, whose "
        "first line is `torch.log(1 + x)`: it raises TypeError with or without offloading (the helper is exported from "
        "scarches.plotting but broken).")),
    30: ("rlpyt/rlpyt/projects/safe/cppo_agent.py", 88, "OFL201", "model.module.update_obs_rms", F(
        "AL", RLPYT + "As row 22 (update_obs_rms during training, here the DDP branch `self.model.module`).")),
    31: ("scarches/scarches/models/sagenet/classifier.py", 145, "OFL207", "net", F(
        "AL", "sagenet's Classifier is built in sage.train_model (sagenet.py:83), which calls clf.fit at once "
        "(:95): fit moves the net it was just given at construction; nothing can have offloaded it.")),
    32: ("scarches/scarches/models/scpoli/scpoli_model.py", 358, "OFL202", "model.get_latent", T(
        "block", GO + "scPoli.get_latent places x with next(self.model.parameters()).device (CPU); scpoli.get_latent "
        "(default inject_condition=['encoder','decoder']) embeds the conditions with self.embeddings, a direct "
        "ModuleList of the root (hooked blocks at block level: device output), and the encoder (root's unmatched "
        "group, CPU) concatenates the CPU x with the device embeddings (Encoder.forward torch.cat): fails. The "
        "message's fix (block modules for the encoder) alone would not do: x is placed on the CPU.")),
    33: ("deeppurpose/DeepPurpose/DTI.py", 561, "OFL207", "model", T(
        "block+leaf", "DeepPurpose DBTA (model_initialize / model_pretrained, the README's entry points) holds the "
        "Classifier network as self.model; every predict() does `self.model.to(self.device)`: an offloaded network "
        "is moved whole onto the device at each prediction (the deepmd DeepEval standard).")),
    34: ("pytabkit/pytabkit/models/alg_interfaces/nn_interfaces.py", 161, "OFL207", "model", F(
        "AT", "NNAlgInterface.model is a TabNNModule (pl.LightningModule, lightning_modules.py:34) that fit builds and "
        "pl.Trainer drives; what a pytabkit user holds is a sklearn estimator (RealMLP_TD_Classifier...). A Lightning "
        "task is not what a user offloads (the rounds' AT for Lightning tasks).")),
    35: ("deepod/deepod/core/networks/ts_network_tcn.py", 118, "OFL204", "conv2", T(
        "leaf", GO + DEEPOD + "TcnResidualBlock (TCNnet: DeepSADTS's default network='TCN', dsad.py:90; tests "
        "test_dsvdd.py:51) wraps conv2 with the legacy weight_norm; as row 21.")),
    36: ("deepinv/deepinv/physics/generator/noise.py", 5, "OFL205", "", F(
        "OP", OP + "As row 9 (SigmaGenerator.reset_rng).")),
    37: ("rlpyt/rlpyt/models/pg/mujoco_lstm_model.py", 64, "OFL104", "obs_rms.var", U(
        "leaf", GO + RLPYT + "As row 5 but normalize_observation defaults False (:25); the mujoco pg launch scripts "
        "vary it (launch_mujoco_ppo_*.py:28): C.")),
    38: ("scarches/scarches/models/scgen/vaearith.py", 188, "OFL105", "next(self.parameters())", F(
        "P", "As row 3: vaeArith.predict's placed inputs reach only the encoder's / decoder's hooked Linears (leaf: "
        "moved to the device) or CPU weights (block: all CPU); `mu + std * eps` has eps = randn_like(std), same "
        "device.")),
    39: ("deepinv/deepinv/physics/generator/downsampling.py", 7, "OFL205", "", F(
        "OP", OP + "As row 9 (DownsamplingGenerator.reset_rng).")),
    40: ("deeppurpose/DeepPurpose/DDI.py", 372, "OFL207", "model", T(
        "block+leaf", "As row 33 (DDI_Model.predict: `self.model.to(device)` at each prediction).")),
    41: ("scarches/scarches/plotting/trvae_eval.py", 57, "OFL202", "model.get_y", F(
        "BB", "As row 29 (TRVAE_EVAL passes numpy adata.X to trVAE.get_y: TypeError in torch.log without offloading).")),
    42: ("deepinv/deepinv/physics/generator/inpainting.py", 334, "OFL205", "", F(
        "OP", OP + "As row 9 (GaussianSplittingMaskGenerator.reset_rng).")),
    43: ("deepod/deepod/core/networks/ts_network_transformer.py", 224, "OFL204", "self_attn", T(
        "leaf", GO + DEEPOD + "TransformerBatchNormEncoderLayer (TSTransformerEncoder with norm='BatchNorm', PReNet's "
        "default, prenet.py:85) calls self.self_attn(src, src, src) (an nn.MultiheadAttention: "
        "F.multi_head_attention_forward reads out_proj.weight without calling out_proj): at leaf level out_proj "
        "stays offloaded. torch's TransformerEncoder takes no fast path for a custom layer.")),
    44: ("scarches/scarches/models/scgen/vaearith_model.py", 147, "OFL202", "model.batch_removal", F(
        "P", "As row 3 (vaeArith.batch_removal: inputs placed with the offloaded parameter's device, every result "
        "converted with .cpu().numpy()).")),
    45: ("scarches/scarches/models/expimap/expimap_model.py", 414, "OFL201", "model.decoder.L0.ext_L_m.weight", F(
        "P", "latent_directions concatenates decoder weights (`.weight.data`, all offloaded: CPU) and converts the "
        "sums / counts with .cpu().numpy(): nothing on the compute device meets them.")),
    46: ("scarches/scarches/models/scgen/vaearith_model.py", 94, "OFL202", "model.reconstruct", F(
        "P", "scgen.reconstruct places data with next(self.model.parameters()).device (CPU) and the decoder (block: "
        "unmatched group, CPU) computes on the CPU; the result goes to numpy.")),
    47: ("rlpyt/rlpyt/ul/models/rl/atari_rl_models.py", 80, "OFL104", "conv_rms.var", U(
        "leaf", GO + RLPYT + "As row 8 (AtariPgModel, normalize_conv_out default False, :34): C.")),
    48: ("deepod/deepod/core/networks/ts_network_tcn.py", 111, "OFL204", "conv1", T(
        "leaf", GO + DEEPOD + "As row 35 (TcnResidualBlock.conv1, legacy weight_norm).")),
    49: ("deepod/deepod/models/time_series/usad.py", 265, "OFL201", "model.encoder", T(
        "block", GO + DEEPOD + "USAD.decision_function -> testing calls self.model.encoder / decoder1 / decoder2 "
        "directly; UsadModel defines no forward, so at block level its children (custom modules, the root's "
        "unmatched group) are never onloaded: the device batch meets CPU Linear weights.")),
    50: ("deepinv/deepinv/physics/generator/blur.py", 1396, "OFL104", "generator2d.lin_y", F(
        "OP", OP + "DiffractionBlurGenerator3D.step reads the 2-D generator's grid buffers lin_x / lin_y.")),
    51: ("deepod/deepod/models/time_series/tranad.py", 482, "OFL204", "multihead_attn", T(
        "leaf", GO + DEEPOD + "TranAD's TransformerDecoderLayer (TranADNet, tranad.py:273-276, inside torch's "
        "TransformerDecoder) calls self.multihead_attn(tgt, memory, memory) (:525): out_proj.weight read without "
        "calling out_proj; at leaf level it stays offloaded.")),
    52: ("cell2location/cell2location/nn/fclayers.py", 161, "OFL203", "fc_layers[i][i]", F(
        "AH", "cell2location's FCLayers is built only as FCLayersPyro, the encoder_class of the amortised guide "
        "(distributions/AutoAmortisedNormalMessenger.py:37 / :118): never an offload root, so block level never "
        "chunks its fc_layers into hooked blocks; under any real root its layers sit in the root's groups.")),
    53: ("deepod/deepod/core/networks/ts_network_transformer.py", 143, "OFL204", "self_attn", T(
        "leaf", GO + DEEPOD + "The LayerNorm TransformerEncoderLayer (TSTransformerEncoder's default norm, used by "
        "DeepSVDDTS / DevNetTS / DeepSADTS network='Transformer') calls self.self_attn in _sa_block: as row 43.")),
    54: ("scarches/scarches/models/expimap/expimap_model.py", 412, "OFL201", "model.decoder.L0.expr_L.weight", F(
        "P", "As row 45.")),
    55: ("deepod/deepod/models/time_series/usad.py", 265, "OFL201", "model.decoder1", T(
        "block", GO + DEEPOD + "As row 49 (decoder1).")),
    56: ("rlpyt/rlpyt/models/pg/mujoco_ff_model.py", 72, "OFL104", "obs_rms.mean", U(
        "leaf", GO + RLPYT + "As row 37 (MujocoFfModel, normalize_observation default False): C.")),
    57: ("scarches/scarches/models/scpoli/scpoli.py", 232, "OFL105", "next(self.parameters())", F(
        "P", "add_new_cell_type moves both the prototype means and the caller's latent to next(self.parameters())"
        ".device (:232-249): torch.cdist then runs with two CPU tensors; the stored prototypes are moved again by "
        "classify. Nothing meets the device.")),
    58: ("deepinv/deepinv/physics/pet.py", 365, "OFL105", "attenuation", F(
        "OP", OP + "PET.update_parameters places its operator-norm probe with the attenuation buffer's device.")),
    59: ("deepinv/deepinv/physics/inpainting.py", 166, "OFL105", "mask", F(
        "OP", OP + "Inpainting.__mul__ (operator composition) builds the composed operator on the mask's device.")),
    60: ("cell2location/cell2location/nn/fclayers_context.py", 209, "OFL203", "fc_layers[i][i]", F(
        "AB", "cell2location/nn/fclayers_context.py's FCLayers is imported and built by nothing in the tree "
        "(nn/__init__ exports fclayers.FCLayers only).")),
}

L = labels_of_rows(HERE, R, "/corp49/")

if __name__ == "__main__":
    write_labels(HERE, L)
