"""Write benchmarks/triage22aq/labels.json (round aq; the 60 drawn rows of the shown findings of eight libraries).

Standard of rounds x-ap: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, recipes, configs and tests use the class (training counts; a public method counts as called; a line that
would meet the hazard on its own counts even where an earlier line of the same cause fails first); C when true only
under a non-default option the library ships, documents or tests; false with a cause letter otherwise. Existing letters
used here: AB code nothing in the library builds or calls (`api`: true on the second reading, a public class / method
counted as used); AL one-time work the tree runs before offloading would apply; AT a training wrapper (a LightningModule
task) judged the offload root; EB an integer index buffer used only as indices; KA a call into a component's submodule
whose method reads no weight; NC a unit test's parameters handed to a comparison (not run); nothing is offloaded in the
CPU test; Y a 0-dim parameter / buffer combined with compute-device tensors (torch allows a 0-dim CPU tensor there).
New letters of this round (after ap's NC): ND a model the library runs only on the CPU (it feeds CPU inputs and builds
CPU tensors in its own forward that meet its activations; it fails on a compute device with or without offloading), so
no offloaded run reaches the line; NE a value read outside forward from a cache that forward itself filled while the
weights were onloaded (the outside call always comes after the forward that fills the cache for its key).

Rows are authored by draw number with their (path, line, code, attribute) written out; the script stops if a drawn row's
key differs. The runtime column is filled from runtime_column.json where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, ConvTranspose, Linear, Embedding) on its own forward and groups a non-leaf "
      "module's own parameters / buffers (an nn.ParameterList's / ParameterDict's with the list itself) on that "
      "module's forward, whose hook also moves its arguments; the hooks replace the instance's `forward`.) ")

FLOW = ("pyro normalizing flows are TransformModule(torch.distributions.Transform, nn.Module) "
        "(distributions/torch_transform.py): they define no forward, and Transform.__call__ precedes nn.Module.__call__ "
        "in the MRO, so `transform(x)`, TransformedDistribution.sample / rsample / log_prob run _call / _inverse / "
        "log_abs_det_jacobian and never a hook on the flow itself. At leaf level the flow's own parameters / buffers "
        "are grouped on the flow's forward, which never runs: they stay on the CPU wherever the flow sits (as the "
        "offload root, a block of a ComposeTransformModule, or a child of a user model). At block level the same "
        "holds when the flow is the root (the docs' `transform = X(...)`; `pyro.module('my_transform', transform)`). "
        "The docs' use: `dist.TransformedDistribution(base_dist, [transform])` with a base distribution on the "
        "compute device (or a device input to `transform(x)`). Label risk: the premise that a flow is offloaded at "
        "all (small modules). ")

TS = ("pyro.contrib.timeseries models (TimeSeriesModel, a PyroModule) define no forward; their public log_prob / "
      "forecast (training through SVI on log_prob, forecasting with `model.forecast(targets, N)`, the forecasting "
      "tutorial) build a GaussianHMM from the model's own parameters / buffers, which no hook ever onloads at either "
      "level (grouped on the never-run forward), against targets on the compute device. ")

TRACK = ("pyro.contrib.tracking: EKFState.predict (extended_kalman_filter.py:120-124) calls the dynamic model's forward "
         "(hooked: sa2 onloaded; Ncv.forward calls jacobian(dt), which fills _F_cache[dt] on the compute device), then "
         "`F = jacobian(dt)` (the cached device F) and `Q = process_noise_cov(dt)` outside forward, and adds Q to "
         "F.mm(cov).mm(F.T) (the device state covariance). sa2 is a 0-dim Parameter (`torch.tensor(sa2)` of a "
         "float). The dynamic model is the module offloading applies to (EKFState / EKFDistribution are plain holders). ")

GP = ("pyro.contrib.gp sparse models: model() / guide() are the SVI objective (the GP tutorials: "
      "`SVI(gpr.model, gpr.guide, ...)`, `TraceMeanField_ELBO().differentiable_loss(gpr.model, gpr.guide)`), run "
      "outside forward (forward is prediction). At block level (the GP model the root) the kernel is an unmatched child "
      "and Xu a root parameter: both in the group onloaded only by the root's forward, so kernel(Xu, X) computes with "
      "CPU Xu / kernel parameters against the data X on the compute device. At leaf level the kernel (own parameters) "
      "is hooked and moves Xu with its arguments (P at that level). ")

MHA = ("nn.MultiheadAttention hands out_proj.weight / bias to F.multi_head_attention_forward without calling out_proj "
       "(an nn.Linear subclass hooked on its own forward at leaf level): CPU weights against the device queries. ")

AT = ("AT: a LightningModule training task (its training_step / shared steps / losses call its networks outside "
      "forward); the network a user would offload is the child it wraps, called through its own forward. As round ap "
      "labels BYOLTask / the GAN compression module. ")

R = {
    1: ("pyro/pyro/contrib/timeseries/lgssm.py", 113, "OFL101", "trans_matrix", T(
        "both", GO + TS + "lgssm.py:110-115 GenericLGSSM._forecast (from forecast(targets, N_timesteps)): "
        "repeated_matmul(self.trans_matrix, N_timesteps) is CPU only (N_timesteps is an int), N_trans_obs (CPU, with "
        "obs_matrix) meets filtering_state.loc (from _filter on the device targets) at :115. Label risk: the meeting "
        "is two lines after the line named, and the message's sink (repeated_matmul) and fix "
        "(`self.trans_matrix.to(N_timesteps.device)`: N_timesteps is an int, the fix raises AttributeError) are "
        "wrong; the hazard of the parameter is real.")),
    2: ("lightning-bolts/src/pl_bolts/models/rl/vanilla_policy_gradient_model.py", 194, "OFL102", "net", F(
        "AT", AT + "This row: vanilla_policy_gradient_model.py:194 VanillaPolicyGradient.loss (from training_step), "
        "self.net(states).")),
    3: ("pyro/pyro/distributions/transforms/batchnorm.py", 103, "OFL101", "beta", T(
        "both", GO + FLOW + "batchnorm.py:103 BatchNorm._call: `(x - self.beta) / self.constrained_gamma * "
        "sqrt(self.moving_variance + eps) + self.moving_mean`: own parameters / buffers (shape [input_dim]) on the CPU "
        "against the device x.")),
    4: ("pyro/pyro/contrib/timeseries/lgssmgp.py", 192, "OFL105", "z_trans_matrix", T(
        "both", GO + TS + "lgssmgp.py:188-203 GenericLGSSMWithGPNoiseModel._forecast places dts with "
        "z_trans_matrix.device (CPU), runs the kernel's transition matrices on it (the MaternKernel child's own "
        "parameters: never onloaded either, it defines no forward) and the CPU gp_trans_matrix meets the device "
        "filtering_state.loc at :212-215.")),
    5: ("pyro/pyro/distributions/transforms/generalized_channel_permute.py", 111, "OFL205", "", T(
        "leaf", GO + FLOW + "generalized_channel_permute.py GeneralizedChannelPermute: own parameter LU and buffer "
        "permutation; _call (:61-62) builds filters = permutation @ L @ U on the CPU and multiplies them with the "
        "device x; _inverse / log_abs_det_jacobian likewise.")),
    6: ("deepchem/deepchem/models/torch_models/progressive_multitask.py", 262, "OFL203", "layers[i][i]", T(
        "block", GO + "deepchem ProgressiveMultitask (ProgressiveMultitaskModel's network, a TorchModel on cuda when "
        "available): self.layers is a ModuleList of per-task ModuleLists (:125, :149). At block level each per-task "
        "ModuleList is a block hooked on its own forward, which nothing calls (forward iterates it and calls its "
        "Linears one by one, :260-262, :277): the Linears' weights stay on the CPU against the device x.")),
    7: ("lightning-bolts/src/pl_bolts/models/regression/logistic_regression.py", 145, "OFL102", "linear", F(
        "AT", AT + "This row: logistic_regression.py:145 LogisticRegression._prepare_batch (from training_step / "
        "validation_step), self.linear(x).")),
    8: ("resemble-enhance/resemble_enhance/enhancer/enhancer.py", 142, "OFL102", "lcfm.eval_tau_", F(
        "KA", "resemble-enhance enhancer.py:133-143 Enhancer.configurate_ calls self.lcfm.eval_tau_(tau), which only "
        "stores `self._eval_tau = tau` (lcfm/lcfm.py:109-110), and lcfm.cfm.solver.configurate_ (settings): no "
        "weight is read.")),
    9: ("pyro/pyro/contrib/tracking/dynamic_models.py", 392, "OFL101", "sa2", F(
        "Y", TRACK + "This row: dynamic_models.py:392 NcvContinuous.process_noise_cov, `Q = Q * (self.sa2 * dt)`: sa2 "
        "is 0-dim, so this product is legal whatever Q's device; the stored Q is on the CPU because of :384 "
        "(`torch.zeros(d, d, device=self.sa2.device)`, row 59, its own finding), not because of this use.")),
    10: ("lightning-bolts/src/pl_bolts/models/gans/pix2pix/pix2pix_module.py", 37, "OFL102", "gen", F(
        "AT", AT + "This row: pix2pix_module.py:37 Pix2Pix._gen_step (from training_step), self.gen(conditioned_images); "
        "Pix2Pix defines no forward.")),
    11: ("pyro/pyro/distributions/transforms/matrix_exponential.py", 95, "OFL205", "", T(
        "leaf", GO + FLOW + "matrix_exponential.py MatrixExponential: own parameter weights (input_dim x input_dim); "
        "_call / _inverse (:72-83) matmul it with the device x in _exp (:47).")),
    12: ("resemble-enhance/resemble_enhance/denoiser/denoiser.py", 49, "OFL102", "mel_fn", T(
        "block", GO + "resemble-enhance denoiser.py:41-50 Denoiser.to_mel (public; called by the denoiser's training "
        "evaluation, denoiser/train.py:78-80, on the device wavs): at block level mel_fn (MelSpectrogram, holding "
        "torchaudio's MelSpectrogram window / filterbank buffers and its own stft_magnitude_min) sits in Denoiser's "
        "unmatched group (net is a UNet, not a ModuleList), onloaded only by Denoiser.forward: the CPU window meets "
        "the device wav in torch.stft. Label risk: the only caller in the tree is the training script's eval_fn.")),
    13: ("audiolm-pytorch/audiolm_pytorch/audiolm_pytorch.py", 803, "OFL105", "next(self.parameters())", F(
        "AL", "audiolm-pytorch audiolm_pytorch.py:801-803 CoarseTransformer.device: its readers are load() (:805-816: "
        "`torch.load(map_location=device)` then load_state_dict, which copies into the parameters across devices: "
        "harmless, and loading precedes offloading) and CoarseTransformerWrapper.__init__ (`self.to(transformer.device)`, "
        ":1588, at construction). The message's 'comparison inside load()' is the version-string comparison.")),
    14: ("pyro/pyro/nn/auto_reg_nn.py", 259, "OFL101", "permutation", F(
        "EB", "pyro nn/auto_reg_nn.py:255-259 ConditionalAutoRegressiveNN.get_permutation returns the integer "
        "permutation buffer; its callers are tests (tests/nn/test_autoregressive.py:51, "
        "tests/distributions/test_transforms.py:92), which use it as Python indices into a CPU Jacobian; the "
        "transforms copy the method (affine_autoregressive.py:339) but read `arn.permutation` only as loop indices.")),
    15: ("pyro/pyro/distributions/transforms/spline.py", 533, "OFL102", "nn", T(
        "block", GO + FLOW + "spline.py:531-542 ConditionalSpline._params calls self.nn(context) (an AutoRegressiveNN / "
        "DenseNN child, not a ModuleList); reached from SplineAutoregressive._call (spline_autoregressive.py:96) and "
        "from ConditionalSpline.condition (the docstring's `ConditionalSpline(hypernet, ...)` with "
        "ConditionalTransformedDistribution.condition(z)): at block level nn is in the root's unmatched group, never "
        "onloaded: its MaskedLinear / Linear weights on the CPU against the device x / context. (At leaf level the "
        "layers are hooked: safe.)")),
    16: ("lightning-bolts/src/pl_bolts/models/gans/srgan/srgan_module.py", 136, "OFL102", "discriminator", F(
        "AT", AT + "This row: srgan_module.py:136 SRGAN._disc_loss (from training_step), self.discriminator(...).")),
    17: ("audiolm-pytorch/audiolm_pytorch/soundstream.py", 706, "OFL102", "decoder_attn", T(
        "block", GO + "audiolm-pytorch soundstream.py:701-709 SoundStream.decode (public; from decode_from_codebook_indices, "
        "which AudioLM / the coarse and fine wrappers call to produce audio, audiolm_pytorch.py:1719, :2025): "
        "decoder_attn (a LocalTransformer, use_local_attn=True by default) is not a ModuleList / Sequential, so at "
        "block level it sits in SoundStream's unmatched group, onloaded only by forward: its CPU weights against the "
        "device x. (decode_from_codebook_indices first meets the CPU codebooks of rq, another finding of the same "
        "cause.)")),
    18: ("mmocr/projects/SPTS/spts/model/spts_decoder.py", 351, "OFL204", "self_attn", T(
        "leaf", MHA + "mmocr projects/SPTS spts_decoder.py:351 TransformerEncoderLayer.self_attn, called in forward "
        "(:374, :394); SPTSDecoder is built by projects/SPTS/config/spts (_base_spts_resnet50.py:43).")),
    19: ("pyro/pyro/distributions/transforms/radial.py", 156, "OFL101", "alpha_prime", T(
        "both", GO + FLOW + "radial.py:155-156 Radial._params returns x0, alpha_prime, beta_prime (own parameters); "
        "ConditionedRadial._call (:45-64): alpha = softplus(alpha_prime) is a CPU tensor of shape [1] (not 0-dim) "
        "added to the device r (:56).")),
    20: ("lightning-bolts/src/pl_bolts/models/self_supervised/simclr/simclr_module.py", 155, "OFL102", "projection", F(
        "AT", AT + "This row: simclr_module.py:155 SimCLR.shared_step (from training_step / validation_step), "
        "self.projection(h1).")),
    21: ("deepchem/deepchem/models/torch_models/hnn.py", 130, "OFL102", "net", T(
        "block", GO + "deepchem hnn.py:107-131 HNN.hamiltonian calls self.net (a MultilayerPerceptron, an nn.Module "
        "holding a Sequential: unmatched at block level, onloaded only by HNN.forward); HNNModel.predict_hamiltonian "
        "(:245-262, public, documented) calls it on X placed on the TorchModel's device (cuda when available): CPU "
        "weights against the device X.")),
    22: ("pyro/pyro/contrib/timeseries/lgssmgp.py", 15, "OFL205", "", T(
        "leaf", GO + TS + "lgssmgp.py GenericLGSSMWithGPNoiseModel: own z_trans_matrix, z_obs_matrix, PyroParams "
        "(obs_noise_scale, trans_noise_scale_sq, init_noise_scale_sq), buffers gp_obs_matrix / obs_loc; _forecast, "
        "_get_init_dist, _get_obs_dist, get_dist use them against the device targets / filtering state.")),
    23: ("pyro/pyro/contrib/timeseries/lgssmgp.py", 205, "OFL101", "z_trans_matrix", T(
        "both", GO + TS + "lgssmgp.py:205-210 _forecast: N_trans_matrix from the CPU z_trans_matrix (repeated_matmul "
        "with the int N_timesteps) and z_obs_matrix make N_trans_obs, which meets the device filtering_state.loc at "
        ":209-211. Label risk: the meeting is a few lines after the line named.")),
    24: ("pyro/pyro/distributions/transforms/sylvester.py", 125, "OFL101", "b", T(
        "both", GO + FLOW + "sylvester.py:109-131 Sylvester._call: `torch.matmul(x, B) + self.b`: B (from the CPU "
        "R_dense / S_dense / u_unnormed) and the own parameter b on the CPU against the device x.")),
    25: ("deepchem/deepchem/models/torch_models/layers.py", 5599, "OFL104", "envelope_w[i]", F(
        "ND", "deepchem layers.py:5486- FerminetEnvelope (its only model is Ferminet, ferminet.py:106; FerminetModel "
        "its TorchModel): FerminetModel feeds CPU inputs (random_walk: torch.from_numpy(x), ferminet.py:507-512), "
        "while TorchModel moves the network to cuda when available (torch_model.py:196-203); FerminetEnvelope.forward "
        "itself starts from `psi = torch.zeros(self.batch_size)` on the CPU and adds device products to it (:5629). "
        "The model runs only on the CPU, with or without offloading: no compute device for the ParameterList "
        "entries to meet. (The leaf-level mechanism the message names is real: ParameterList entries are grouped on "
        "the list's never-called forward.) This row: :5599 envelope_w[i].")),
    26: ("pyro/pyro/contrib/tracking/dynamic_models.py", 303, "OFL101", "sa2", F(
        "NE", TRACK + "This row: dynamic_models.py:292-307 Ncv.jacobian builds F with eye_like(self.sa2) (the CPU "
        "under offloading outside forward) only on a cache miss; its callers are Ncv.forward (:267, inside the hook: "
        "F placed on the compute device and cached per dt) and EKFState.predict (:122), which calls it right after "
        "the forward call for the same dt (:120): it reads the device F from the cache.")),
    27: ("pyro/pyro/distributions/transforms/radial.py", 156, "OFL101", "x0", T(
        "both", GO + FLOW + "radial.py:54 ConditionedRadial._call: `diff = x - x0` with the CPU own parameter x0 "
        "(shape [input_dim]) and the device x.")),
    28: ("pyro/pyro/contrib/gp/models/vsgp.py", 131, "OFL101", "Xu", T(
        "block", GO + GP + "vsgp.py:127-171 VariationalSparseGP.model: kernel(Xu) (CPU with CPU), then "
        "conditional(self.X, self.Xu, self.kernel, ...) runs kernel(Xu, X) with the device X.")),
    29: ("pyro/pyro/distributions/transforms/batchnorm.py", 91, "OFL101", "gamma", T(
        "both", GO + FLOW + "batchnorm.py:89-91 BatchNorm.constrained_gamma (relu(gamma) + 1e-6, CPU, shape "
        "[input_dim]) divides / multiplies the device x in _call (:103) and _inverse (:127), and in "
        "log_abs_det_jacobian (:140).")),
    30: ("deepchem/deepchem/models/torch_models/progressive_multitask.py", 302, "OFL104", "alphas[i][i]", T(
        "both", GO + "deepchem progressive_multitask.py:300-305 ProgressiveMultitask._get_lateral_contrib (from "
        "forward, for every task after the first): alpha = self.alphas[task-1][layer-1], a parameter of shape [1] "
        "(:189, not 0-dim) in a ParameterList inside the ModuleList alphas: at block level each ParameterList is a "
        "block hooked on its never-called forward, at leaf level its entries are grouped on it: CPU alpha times the "
        "device adapter_input.")),
    31: ("pyro/pyro/contrib/timeseries/lgssm.py", 62, "OFL101", "obs_matrix", T(
        "both", GO + TS + "lgssm.py:61-63 GenericLGSSM._get_init_dist places the initial loc with "
        "obs_matrix.new_zeros (CPU) and init_noise_scale_sq (CPU); the GaussianHMM built in get_dist (:78-85) meets "
        "the device targets in log_prob / filter.")),
    32: ("pyro/pyro/contrib/timeseries/gp.py", 445, "OFL101", "obs_matrix", T(
        "both", GO + TS + "gp.py:443-446 DependentMaternGP._get_obs_dist: Normal(obs_matrix.new_zeros(...), "
        "obs_noise_scale) on the CPU; get_dist's GaussianHMM meets the device targets in log_prob / filter.")),
    33: ("pyro/pyro/distributions/transforms/householder.py", 31, "OFL101", "u_unnormed", T(
        "both", GO + FLOW + "householder.py:30-33 u() normalises the CPU own parameter u_unnormed; Sylvester.Q "
        "(sylvester.py:91-95) subtracts 2 * outer(u[0], u[0]) (CPU) from an eye placed on the device x; Householder's "
        "own _call (:45-49) multiplies u with the device y.")),
    34: ("deepchem/deepchem/models/torch_models/progressive_multitask.py", 307, "OFL203", "adapters[i][i][i]", T(
        "block", GO + "deepchem progressive_multitask.py:301, :307-309 _get_lateral_contrib calls adapter[0] / "
        "adapter[1], Linears inside self.adapters[task-1][layer-1] (ModuleLists inside the ModuleList adapters, "
        ":126, :157): at block level each element of adapters is a block hooked on its never-called forward: CPU "
        "weights against the device adapter_input.")),
    35: ("pyro/pyro/contrib/gp/models/sgpr.py", 144, "OFL101", "Xu", T(
        "block", GO + GP + "sgpr.py:144-148 SparseGPRegression.model: Kuu = kernel(Xu) (CPU with CPU), "
        "Kuf = kernel(Xu, X) with the device X; the CPU Luu meets it in solve_triangular.")),
    36: ("deepchem/deepchem/models/torch_models/layers.py", 3999, "OFL104", "W_list[i]", T(
        "leaf", GO + "deepchem layers.py:3994-4003 DTNNGather.forward: W_list / b_list are nn.ParameterLists (:3941-"
        "3960), grouped at leaf level on the lists' never-called forward: `torch.matmul(output, W) + b` with CPU W "
        "against the device atom features. Built by DTNN (dtnn.py:115, :146), DTNNModel's network (TorchModel on cuda "
        "when available).")),
    37: ("pyro/pyro/distributions/transforms/polynomial.py", 17, "OFL205", "", T(
        "leaf", GO + FLOW + "polynomial.py Polynomial: own parameter c, buffers powers / power_mask / mask; _call "
        "(:125, :129, :135) uses them with the device x (blind hazards 10-12).")),
    38: ("deepchem/deepchem/models/torch_models/hf_models.py", 714, "OFL207", "model", T(
        "both", "deepchem hf_models.py:699-731 HuggingFaceModel.generate: `if next(self.model.parameters()).device != "
        "device: self.model.to(device)` (cuda from the TorchModel), then `.to(original_device)` after generating: with "
        "the HF model group-offloaded its first parameter is on the CPU, so every generate() moves the whole model "
        "onto the device outside the hooks (and back): offloading is defeated for the call.")),
    39: ("mmocr/projects/SPTS/spts/model/spts_decoder.py", 427, "OFL204", "multihead_attn", T(
        "leaf", MHA + "mmocr projects/SPTS spts_decoder.py:427 TransformerDecoderLayer.multihead_attn, called in "
        "forward (:465, :497).")),
    40: ("audiolm-pytorch/audiolm_pytorch/audiolm_pytorch.py", 1207, "OFL103", "coarse_quantize_embedding.weight", T(
        "leaf", "audiolm-pytorch audiolm_pytorch.py:1207-1209 FineTransformer.forward repeats "
        "coarse_quantize_embedding.weight (an nn.Embedding, :1036, hooked on its own forward at leaf level, never "
        "called) and adds it to the device coarse_tokens.")),
    41: ("deepchem/deepchem/models/torch_models/layers.py", 5603, "OFL104", "sigma[i]", F(
        "ND", "As row 25 (FerminetEnvelope runs only on the CPU): this row :5603 sigma[i].")),
    42: ("pyro/pyro/distributions/transforms/generalized_channel_permute.py", 34, "OFL105", "LU", T(
        "both", GO + FLOW + "generalized_channel_permute.py:31-35 L places the identity on LU.device (the CPU for "
        "GeneralizedChannelPermute's own LU parameter); L goes into the filters that meet the device x in _call "
        "(:61-62) and into solve_triangular with the device LUx in _inverse (:89).")),
    43: ("deepchem/deepchem/models/torch_models/lstm_generator_models.py", 369, "OFL207", "model", F(
        "AL", "deepchem lstm_generator_models.py:338-369 LSTMGenerator.load_from_pretrained: restore() builds a new "
        "LSTMNeuralNet and loads its weights (:330-336), then `self.model = self.model.to(self.device)` moves that "
        "fresh module: load-time set-up of a module nothing could have offloaded yet.")),
    44: ("pyro/pyro/distributions/transforms/radial.py", 94, "OFL205", "", T(
        "leaf", GO + FLOW + "radial.py Radial: own parameters x0, alpha_prime, beta_prime used in _call with the "
        "device x (rows 19, 27).")),
    45: ("pyro/tests/infer/autoguide/test_inference.py", 95, "OFL201", "guide.loc", F(
        "NC", "pyro tests/infer/autoguide/test_inference.py:93-98 do_test_auto compares the trained guide's loc "
        "parameter with the expected means (assert_equal) after a CPU SVI run; the test offloads nothing.")),
    46: ("pyro/pyro/distributions/transforms/planar.py", 95, "OFL205", "", T(
        "leaf", GO + FLOW + "planar.py Planar: own parameters bias (shape [1]), u, w; ConditionedPlanar._call "
        "(:44-53) matmuls w with the device x and adds bias.")),
    47: ("mmocr/projects/SPTS/spts/model/spts_decoder.py", 426, "OFL204", "self_attn", T(
        "leaf", MHA + "mmocr projects/SPTS spts_decoder.py:426 TransformerDecoderLayer.self_attn, called in forward "
        "(:457, :489).")),
    48: ("lightning-bolts/src/pl_bolts/models/vision/image_gpt/gpt2.py", 14, "OFL204", "attn", T(
        "leaf", MHA + "lightning-bolts image_gpt/gpt2.py:14 Block.attn, called in Block.forward (:26); GPT2 stacks the "
        "blocks (ImageGPT's network).")),
    49: ("lightning-bolts/tests/models/rl/unit/test_vpg.py", 38, "OFL202", "model.loss", F(
        "AT", AT + "This row: a unit test (tests/models/rl/unit/test_vpg.py:38) calls VanillaPolicyGradient.loss on "
        "the task it built on the CPU; the component finding it cites is row 2's kind (AT); nothing is offloaded.")),
    50: ("audiolm-pytorch/audiolm_pytorch/audiolm_pytorch.py", 904, "OFL103", "coarse_quantize_embedding.weight", T(
        "leaf", "audiolm-pytorch audiolm_pytorch.py:904-906 CoarseTransformer.forward repeats "
        "coarse_quantize_embedding.weight (nn.Embedding, :774, never called) and adds it to the device coarse_tokens.")),
    51: ("deepchem/deepchem/models/torch_models/layers.py", 5600, "OFL104", "envelope_g[i]", F(
        "ND", "As row 25 (FerminetEnvelope runs only on the CPU): this row :5600 envelope_g[i].")),
    52: ("deepchem/deepchem/models/torch_models/seqtoseq.py", 503, "OFL201", "model.decoder", T(
        "block", GO + "deepchem seqtoseq.py:481-508 SeqToSeqModel.predict_from_embedding (public) calls "
        "self.model.decoder([torch.tensor(embedding_array, device=self.device), None]) (the TorchModel's device: cuda "
        "when available): at block level the DecoderRNN is in SeqToSeq's unmatched group, onloaded only by "
        "SeqToSeq.forward: CPU weights against the device embedding.")),
    53: ("openpifpaf/src/openpifpaf/network/heads.py", 328, "OFL103", "conv.weight", F(
        "AB", "openpifpaf network/heads.py:326-328 CompositeField4.sparse_task_parameters returns [self.conv.weight] for "
        "a task-sparsity regulariser; its only reader (network/losses/factory.py:78-86) is commented out and passes "
        "sparse_task_parameters=None to the MultiHeadLoss. On a public-API reading (a user handing the list to "
        "MultiHeadLoss, losses/multi_head.py:130) the CPU weight would enter the device loss.", api=True)),
    54: ("pyro/pyro/contrib/tracking/dynamic_models.py", 459, "OFL105", "sa2", T(
        "both", GO + TRACK + "This row: dynamic_models.py:459 NcvDiscrete.process_noise_cov builds "
        "Q = torch.zeros(d, d, device=self.sa2.device) (CPU outside forward), caches it, and EKFState.predict adds it "
        "to the device F.mm(cov).mm(F.T) (extended_kalman_filter.py:124).")),
    55: ("deepchem/deepchem/models/torch_models/grover_layers.py", 629, "OFL204", "attn", T(
        "leaf", MHA + "deepchem grover_layers.py:629 GroverMTBlock.attn, called in forward (:678); GROVER's encoder "
        "blocks.")),
    56: ("pyro/pyro/contrib/oed/glmm/guides.py", 80, "OFL104", "scale_tril[i]", F(
        "AB", "pyro contrib/oed/glmm/guides.py LinearModelPosteriorGuide (and its subclasses SigmoidGuide, "
        "NormalInverseGammaGuide) is built nowhere in the tree (tests and examples use LinearModelLaplaceGuide or "
        "their own functions; docs/source/contrib.oed.rst documents glmm's functions, not guides). On the public-API "
        "reading it holds at leaf level: scale_tril / regressor are nn.ParameterDicts grouped on their never-called "
        "forward, and the CPU scale_tril meets the device mu in MultivariateNormal (:91).", api=True)),
    57: ("openpifpaf/src/openpifpaf/network/heads.py", 171, "OFL103", "conv.weight", F(
        "AB", "openpifpaf network/heads.py:169-171 CompositeField3.sparse_task_parameters: as row 53 (its only reader "
        "is commented out, losses/factory.py:78-86).", api=True)),
    58: ("audiolm-pytorch/audiolm_pytorch/audiolm_pytorch.py", 1211, "OFL103", "fine_quantize_embedding.weight", T(
        "leaf", "audiolm-pytorch audiolm_pytorch.py:1211-1213 FineTransformer.forward repeats "
        "fine_quantize_embedding.weight (nn.Embedding, :1037, never called) and adds it to the device fine_tokens.")),
    59: ("pyro/pyro/contrib/tracking/dynamic_models.py", 384, "OFL105", "sa2", T(
        "both", GO + TRACK + "This row: dynamic_models.py:384-385 NcvContinuous.process_noise_cov builds "
        "Q = torch.zeros(d, d, device=self.sa2.device) and eye_like(self.sa2) (CPU outside forward), caches Q, and "
        "EKFState.predict adds it to the device F.mm(cov).mm(F.T) (extended_kalman_filter.py:124).")),
    60: ("lightning-bolts/tests/models/rl/unit/test_reinforce.py", 40, "OFL202", "model.loss", F(
        "AT", AT + "This row: a unit test (tests/models/rl/unit/test_reinforce.py:40) calls Reinforce.loss on the task "
        "it built on the CPU; the component finding it cites (reinforce_model.py:215) is AT; nothing is offloaded.")),
}


def key(row):
    return (row["path"], row["line"], row["code"], row.get("attribute") or "")


with open(os.path.join(HERE, "sample.json")) as _handle:
    SAMPLE = json.load(_handle)
bad = [(i, key(r), R.get(i, ("?",))[:4]) for i, r in enumerate(SAMPLE, 1) if i not in R or key(r) != R[i][:4]]
if bad:
    sys.exit(f"rows whose key differs: {bad}")
L = {i: dict(R[i][4]) for i in range(1, len(SAMPLE) + 1)}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
