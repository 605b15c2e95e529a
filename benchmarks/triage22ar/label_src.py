"""Write benchmarks/triage22ar/labels.json (round ar; the 60 drawn rows of the shown findings of seven libraries).

Standard of rounds x-aq: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, tutorials, configs and tests use the class (training counts; a public method counts as called; a line that
would meet the hazard on its own counts even where an earlier line of the same cause fails first); C when true only
under a non-default option the library ships, documents or tests; false with a cause letter otherwise. Existing letters
used here: AB code nothing in the library builds or calls (`api`: true on the second reading); EA a feature-transform
module held by a plain object, moved by hand to its input's device (round ag); LC not a network (round ae); NB tensor
methods on a parameter / tensor taken for calls into an unknown component, in a CPU unit test (round ao); P where a
value's device comes from / where it goes; Y a 0-dim parameter / buffer combined with compute-device tensors (torch
allows a 0-dim CPU tensor there). New letter of this round (after aq's NE): NF a unit test's call into a model (or a
model's submodule / method) that the test itself built on its own device; tests never offload, and the hazard, if any,
is the component's own finding (counted there).

Rows are authored by draw number with their (path, line, code, attribute) written out; the script stops if a drawn row's
key differs. The runtime column is filled from runtime_column.json where a run exists.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, ConvTranspose, Linear, Embedding) on its own forward and groups a non-leaf "
      "module's own parameters / buffers (an nn.ParameterList's / ParameterDict's with the list itself) on that "
      "module's forward, whose hook also moves its arguments; the hooks replace the instance's `forward`.) ")

NFM = ("normflows: the README / example notebooks build `nf.NormalizingFlow(q0, flows[, p])` (a ModuleList `flows`, the "
       "base distribution `q0` an unmatched child), move it to the device and train with `model.forward_kld(x)` "
       "(core.py:87-102: `self.flows[i].inverse(z)` and `self.q0.log_prob(z)`, never NormalizingFlow.forward) and sample "
       "with `model.sample(n)` (`self.q0(n)` and `flow(z)`: hooked calls). Offloaded as the root: at block level each "
       "flow is a block hooked on its own forward, so `.inverse` runs with the block's weights on the CPU and q0 (in "
       "the root's group, onloaded only by NormalizingFlow.forward) is never onloaded; at leaf level a flow's / base "
       "distribution's own parameters are grouped on its forward, which `.inverse` / `.log_prob` bypass. Label risk: "
       "the premise that a user offloads a (small) flow model at all, as round aq's pyro flows. ")

TESTONLY = ("Label risk: the class is exported in the package namespace but built in the tree only by its own unit "
            "test (public-API reading, as a base distribution / flow layer any user may pick). ")

SBI = ("sbi: the trained estimator (a ConditionalDensityEstimator: no forward at all; a RatioEstimator / vector-field "
       "estimator: forward only wraps one method) is what a user holds and would offload; training (`loss`) and the "
       "posterior's `log_prob` / `sample` call its non-forward methods, so at block level its unmatched children "
       "(embedding nets, the wrapped net) are never onloaded there, against device theta / x. ")

MHA = ("nn.MultiheadAttention hands out_proj.weight / bias to F.multi_head_attention_forward without calling out_proj "
       "(an nn.Linear subclass hooked on its own forward at leaf level): CPU weights against the device queries. ")

NF = ("NF (new): a unit test calls into a model it built itself (BotorchTestCase.device, the CPU here); tests never "
      "offload; the component's own finding carries the hazard, if any. ")

R = {
    1: ("botorch/botorch/utils/multi_objective/box_decompositions/dominated.py", 21, "OFL205", "", F(
        "LC", "botorch DominatedPartitioning is a box decomposition (BoxDecomposition, an nn.Module only to hold "
        "buffers: ref_point, the Pareto Y, hypercell bounds) built from Y on Y's device by acquisition functions "
        "(qEHVI's partitioning); no doc or test offloads it, and its methods compute with its own buffers and Y.")),
    2: ("normflows/normflows/flows/neural_spline/coupling.py", 239, "OFL101", "tail_bound", U(
        "both", GO + NFM + "coupling.py:170-257 PiecewiseRationalQuadraticCDF registers tail_bound as a buffer only "
        "when it is a tensor (:188-191); the CDF exists only as the `unconditional_transform` of a "
        "PiecewiseRationalQuadraticCoupling, which CoupledRationalQuadraticSpline / CircularCoupledRationalQuadratic"
        "Spline build with apply_unconditional_transform=True (wrapper.py:76, :174); a tensor tail_bound comes only "
        "with the circular wrapper (tests: wrapper_test.py:36-46; the circular_nsf notebook uses the autoregressive "
        "one). Leaf: the wrapper's forward calls prqct.inverse -> `self.unconditional_transform.inverse(...)` "
        "(coupling.py), bypassing the CDF's hook: tail_bound (and the CDF's own widths / heights) on the CPU against "
        "the device inputs in unconstrained_rational_quadratic_spline's masks (sample path). Block: forward_kld -> "
        "wrapper.inverse (no hook) -> the CDF's forward with the block not onloaded. C: a tensor tail_bound (the "
        "circular coupled spline) is a shipped, tested option, not the default.")),
    3: ("botorch/botorch_community/models/vbll_helper.py", 458, "OFL101", "W_mean", T(
        "leaf", GO + "botorch_community VBLL: Regression.W() builds the last-layer distribution from W_mean / "
        "W_logdiag. The message's caller (vblls.py:216 sample_posterior_function) is harmless: "
        "`self.head.W().rsample(...).to(self.device)` moves the CPU sample to the fixed device. But Regression.forward "
        "(vbll_helper.py:470-474) returns closures (`_get_train_loss_fn` / `_get_val_loss_fn`) that call self.W() "
        "after forward has returned, when VBLLModel.fit calls `out.train_loss_fn(y)` (vblls.py:416-417): at leaf level "
        "the head's own parameters are offloaded again by then, and `W.mean @ x[..., None]` (:484) meets the device "
        "features x. Label risk: the message's named path is the harmless one; the hazard at the line is real through "
        "the training closures.")),
    4: ("botorch/test/models/test_approximate_gp.py", 72, "OFL201", "model.model", F(
        "NF", NF + "test_approximate_gp.py:60-74 setUp builds SingleTaskVariationalGP on self.device and hands "
        "self.model.model to VariationalELBO for one backward pass.")),
    5: ("botorch/test/utils/test_context_managers.py", 66, "OFL201", "module.c.eq", F(
        "NB", "botorch test_context_managers.py: self.module is a bare nn.Module() with three registered Parameters "
        "a, b, c (:26-30); `self.module.c.eq(...)` is a tensor comparison in a CPU test, not a call into a component.")),
    6: ("normflows/normflows/distributions/base.py", 708, "OFL101", "loc", T(
        "both", GO + NFM + "base.py:707-708 GaussianPCA.log_prob: `z_ = z - self.loc` (loc shape [1, dim]) with the "
        "device z when GaussianPCA is the q0 of a NormalizingFlow (forward_kld -> q0.log_prob). " + TESTONLY)),
    7: ("perceiver-pytorch/perceiver_pytorch/perceiver_pytorch.py", 281, "OFL203", "layers[i][i][i][i]", T(
        "block", GO + "perceiver-pytorch Perceiver (the README's model): self.layers is a ModuleList of ModuleLists "
        "[cross_attn, cross_ff, self_attns] (:223-240); at block level each self.layers[i] is a block hooked on its "
        "own forward (a ModuleList's, never called); forward iterates it and calls its PreNorm modules one by one "
        "(:276-282): this row's self_attn / self_ff inside self_attns run with CPU weights against the device x.")),
    8: ("botorch/botorch_community/models/np_regression.py", 401, "OFL102", "decoder", T(
        "block", GO + "botorch_community NeuralProcessModel.posterior (:377-405): X moved to self.device (train_X's "
        "device) and passed to self.decoder (a Decoder, not a ModuleList): at block level in the root's unmatched group, "
        "onloaded only by NeuralProcessModel.forward, which posterior does not call: CPU weights against the device X.")),
    9: ("botorch/botorch/models/multitask.py", 317, "OFL101", "_task_mapper", U(
        "both", GO + "botorch MultiTaskGP._map_tasks :316-317 `self._task_mapper[long_task_values]`: a CPU buffer "
        "indexed by device task indices raises. Reached outside forward from MultiTaskGPyTorchModel._apply_noise / "
        "posterior (gpytorch.py:846-850, :931). C: _task_mapper is None when the task values are contiguous 0..n-1 "
        "(get_task_value_remapping, models/utils/assorted.py:429), the tutorials' case; it exists only with "
        "non-contiguous task values / all_tasks / output_tasks, which the tests exercise.")),
    10: ("botorch/test_community/models/test_np_regression.py", 87, "OFL202", "model.data_to_z_params", F(
        "NF", NF + "test_np_regression.py:85-90 test_data_to_z_params on the model built in setUp.")),
    11: ("botorch/test/utils/test_context_managers.py", 43, "OFL201", "module.b.equal", F(
        "NB", "As row 5: `self.module.b.equal(b)` compares a Parameter of a bare nn.Module in a CPU test.")),
    12: ("sbi/sbi/utils/pyroutils.py", 179, "OFL202", "estimator.unnormalized_log_ratio", T(
        "block", GO + SBI + "pyroutils.py:172-180 RatioEstimatorDistribution.log_prob (tested: tests/pyroutils_test.py) "
        "calls estimator.unnormalized_log_ratio, which RatioEstimator.forward wraps (ratio_estimators.py:152-154); "
        "called directly it bypasses the root hook: embedding_net_theta / embedding_net_x / net in the unmatched group "
        "on the CPU against device theta / x.")),
    13: ("sbi/sbi/neural_nets/estimators/mixture_density_estimator.py", 182, "OFL102", "_logits_layer", T(
        "block", GO + SBI + "MultivariateGaussianMDN.get_mixture_components (:163-231), reached from its log_prob / "
        "sample and from MixtureDensityEstimator.get_uncorrected_mog (:560-571, from log_prob / loss / sample): "
        "_logits_layer and the other Linear heads are unmatched children (of the MDN, and of the estimator holding "
        "it), onloaded by no forward on these paths: CPU weights against the device context.")),
    14: ("sbi/sbi/neural_nets/estimators/zuko_flow.py", 291, "OFL102", "net", T(
        "block", GO + SBI + "ZukoUnconditionalFlow defines no forward; sample_and_log_prob (:284-293, from "
        "vi_utils.py:124, the VI posterior's q) calls self.net() (a zuko unconditional flow, unmatched, never onloaded) "
        "and rsamples on its parameters' device: CPU samples / log-probs where VIPosterior's link transform and "
        "potential expect the device. Label risk: the flow has no input; the device meeting is in the caller "
        "(vi_utils.py:126-130 and the VI loss), and the premise is that a user offloads the VI q.")),
    15: ("sbi/sbi/neural_nets/estimators/mixed_density_estimator.py", 80, "OFL102", "condition_embedding", T(
        "block", GO + SBI + "MixedDensityEstimator (MNLE's estimator; no forward) sample (:63-80): "
        "self.condition_embedding(condition) with the embedding in the unmatched group, never onloaded: CPU weights "
        "against the device condition.")),
    16: ("sbi/sbi/neural_nets/estimators/base.py", 467, "OFL101", "_theta_scale", U(
        "both", GO + SBI + "ConditionalVectorFieldEstimator.to_z :467 `(theta - self._theta_shift) / "
        "self._theta_scale` (buffers of shape [1, *input_shape]) with device theta, from "
        "vector_field_potential.py:172-174 outside forward. C: to_z is called only when compose_enabled, i.e. the "
        "builder's compose_standardization=True (vector_field_nets.py:151, default False, :270-277).")),
    17: ("perceiver-pytorch/perceiver_pytorch/gated.py", 113, "OFL203", "layers[i][i]", F(
        "AB", "perceiver-pytorch gated.py's Perceiver is not exported (perceiver_pytorch/__init__.py), not in the "
        "README and built nowhere in the tree (no tests). On the public-module reading it holds at block level as "
        "row 7: self.layers[i] ModuleLists never called, their PreNorm layers called one by one (:113-117).",
        api=True)),
    18: ("sbi/sbi/neural_nets/net_builders/vector_field_nets.py", 965, "OFL204", "self_attn", T(
        "leaf", MHA + "sbi vector_field_nets.py:965 DiTBlockWithCrossAttention.self_attn, called in forward (:1026); "
        "the vector-field transformer with cross attention (net='transformer_cross_attn', estimator_configs.py:400).")),
    19: ("normflows/normflows/flows/base.py", 45, "OFL102", "flow.forward", T(
        "block", GO + NFM + "base.py:28-45 Reverse.inverse calls `self.flow.forward(z)` (the replaced instance forward: "
        "hooked at leaf level, so leaf is safe). At block level a Reverse in NormalizingFlow.flows is a block hooked on "
        "Reverse.forward only; forward_kld -> flows[i].inverse -> Reverse.inverse -> the wrapped flow with the block's "
        "weights on the CPU against the device z. " + TESTONLY)),
    20: ("botorch/botorch/sampling/pathwise/features/maps.py", 127, "OFL105", "weight", F(
        "P", "botorch KernelFeatureMap.num_outputs (:121-128): the canary placed with weight's device goes only into "
        "self.output_transform(...) whose `.shape[-1]` is read; no value meets a device tensor.")),
    21: ("normflows/normflows/distributions/base.py", 442, "OFL101", "log_scale", T(
        "both", GO + NFM + "base.py:439-470 GlowBase.log_prob (a q0 of MultiscaleFlow.log_prob / forward_kld, "
        "core.py:588-613, bypassing q0's hook): :442 reads the CPU log_scale (with log_scale_logs); with class "
        "labels the one-hot is placed on loc.device (:447-452) so the message's sink (:457, `log_scale + (y @ "
        "self.log_scale_cc)`) is all-CPU, and the CPU log_scale meets the device z at :464-:468 (with device 1-dim "
        "labels the CPU one-hot meets them in scatter_ at :452 first). Label risk: the meeting is after the line "
        "named and the message's sink is not it. " + TESTONLY)),
    22: ("normflows/normflows/distributions/base.py", 98, "OFL101", "log_scale", T(
        "both", GO + NFM + "base.py:94-103 DiagGaussian.log_prob (the README's base, `nf.distributions.base."
        "DiagGaussian(2)`) from NormalizingFlow.forward_kld (core.py:101): CPU loc / log_scale against the device z.")),
    23: ("normflows/normflows/flows/mixing.py", 180, "OFL101", "P", T(
        "both", GO + NFM + "mixing.py:160-181 InvertibleAffine._assemble_W (use_lu=True default): W from the buffers P / "
        "eye / sign_S and parameters L / U / log_S, all CPU when reached from inverse (forward_kld's path); inverse "
        "then computes `z @ W` with the device z (:206; forward's is :196). The message names forward's `z @ W`, where the parameters are "
        "onloaded; the inverse path is the hazard. " + TESTONLY)),
    24: ("sbi/sbi/neural_nets/estimators/score_estimator.py", 476, "OFL105", "_mean_base", F(
        "P", "sbi ConditionalScoreEstimator.solve_schedule returns a linspace placed with _mean_base's device; both "
        "callers move it: vector_field_posterior.py:386-388 `ts = ts.to(self.device)`, and base_vf_inference.py:329 "
        "hands it as validation times to loss(), which does `times = times.to(input.device)` "
        "(score_estimator.py:266).")),
    25: ("botorch/test/models/test_higher_order_gp.py", 211, "OFL202", "model.posterior", F(
        "NF", NF + "test_higher_order_gp.py test_fantasize calls posterior on its own HigherOrderGP; the component "
        "finding is higher_order_gp.py:556.")),
    26: ("botorch/botorch/models/approximate_gp.py", 169, "OFL102", "model", T(
        "block", GO + "botorch ApproximateGPyTorchModel.posterior (:147-177; SingleTaskVariationalGP, the acquisition "
        "functions' entry point) calls self.model(X) (the gpytorch ApproximateGP child, not a ModuleList): at block "
        "level in the root's unmatched group, onloaded only by the root's forward (:180-183), which posterior does "
        "not call: variational / kernel parameters on the CPU against the device X.")),
    27: ("perceiver-pytorch/perceiver_pytorch/experimental.py", 143, "OFL203", "layers[i][i]", U(
        "block", GO + "perceiver-pytorch experimental.py Perceiver (the README: 'change the above import to `from "
        "perceiver_pytorch.experimental import Perceiver`'): self.layers ModuleList of 7-module ModuleLists "
        "(:97-112), unpacked and called one by one in forward (:140-150): at block level each self.layers[i] is hooked "
        "on its never-called forward: CPU weights against the device x / data. C (changed after the run): with the "
        "README's arguments (fourier_encode_data=True, the default) the model does not run at all, offloaded or not "
        "(data_proj's width counts input_channels twice, :78-80: a shape error), so the hazard is reached only with "
        "fourier_encode_data=False, a documented constructor flag.")),
    28: ("botorch/test/models/utils/test_inducing_point_allocators.py", 90, "OFL202", "previous_model.posterior", F(
        "NF", NF + "test_inducing_point_allocators.py:80-95 calls posterior on the SingleTaskVariationalGP it built; "
        "the component finding is approximate_gp.py:169 (row 26).")),
    29: ("normflows/normflows/distributions/target.py", 8, "OFL205", "", F(
        "P", "normflows Target (target.py:8-63) owns only the 0-dim buffers prop_scale / prop_shift; "
        "rejection_sampling places eps and prob on prop_scale.device and computes with the buffers and its own "
        "log_prob: an all-CPU path with no device input; the samples are returned and the notebooks move them "
        "(`target.sample(n).to(device)`); as the NormalizingFlow's p only log_prob (no tensors of its own) is used.")),
    30: ("botorch/botorch/models/latent_kronecker_gp.py", 424, "OFL102", "outcome_transform.untransform", T(
        "block", GO + "botorch LatentKroneckerGP._rsample_from_base_samples (from posterior sampling, :302-425): "
        "`self.outcome_transform.untransform(samples, X=X)` (Standardize: means / stdvs buffers of shape [..., 1, m]) "
        "with outcome_transform in the root's unmatched group, not onloaded outside forward: CPU statistics against "
        "the device samples.")),
    31: ("botorch/botorch/test_functions/multi_objective.py", 1044, "OFL105", "bounds", F(
        "LC", "botorch ZDT2 is a synthetic test problem (BaseTestProblem, an nn.Module holding bounds / ref_point "
        "buffers); gen_pareto_front builds the analytic front on bounds' device; nobody offloads a test function.")),
    32: ("botorch/test_community/models/test_np_regression.py", 42, "OFL201", "model.r_encoder", F(
        "NF", NF + "test_np_regression.py:40-45 test_r_encoder calls the encoder of the model built in setUp.")),
    33: ("normflows/normflows/distributions/target.py", 99, "OFL205", "", F(
        "P", "As row 29: TwoMoons (the README's target) inherits Target.rejection_sampling; its log_prob uses no tensor "
        "of its own; TwoIndependent.sample (:94) combines two such all-CPU samples.")),
    34: ("normflows/normflows/distributions/target.py", 46, "OFL105", "prop_scale", F(
        "P", "As row 29: Target.sample's zeros placed on prop_scale.device meet only rejection_sampling's samples "
        "placed on the same device (torch.cat, :66-72); no device tensor enters; callers move the result.")),
    35: ("botorch/botorch/utils/multi_objective/box_decompositions/non_dominated.py", 351, "OFL205", "", F(
        "LC", "As row 1: FastNondominatedPartitioning, a box decomposition holding buffers.")),
    36: ("sbi/sbi/inference/posteriors/npe_a_posterior.py", 114, "OFL202", "posterior_estimator.get_uncorrected_mog", T(
        "block", GO + SBI + "npe_a_posterior.py:102-116 NPE_A_Posterior._get_corrected_mog calls the "
        "MixtureDensityEstimator's get_uncorrected_mog (mixture_density_estimator.py:560-571): `self._embedding_net("
        "condition)` and net.get_mixture_components outside any forward (the estimator defines none): CPU weights "
        "against the device condition.")),
    37: ("normflows/normflows/distributions/base.py", 712, "OFL105", "loc", T(
        "both", GO + NFM + "base.py:710-714 GaussianPCA.log_prob: Sig = W.T W + exp(2 log_sigma) * eye placed on "
        "loc.device: CPU, meeting the device z_ in `torch.matmul(z_, torch.inverse(Sig))` (:716); :708 (row 6) fails "
        "first. " + TESTONLY)),
    38: ("zuko/zuko/bayesian.py", 209, "OFL104", "means[i]", U(
        "both", GO + "zuko BayesianModel (docs/tutorials/bayesian_flows.ipynb): forward raises; means / logvars are "
        "ParameterDicts (no forward). Offloaded as the root, at block level they sit in the root's group (onloaded only "
        "by the never-run forward), at leaf level in their own groups (never onloaded). With reparameterize("
        "local_trick=True) each Linear's forward is replaced by _local_reparameterization_trick (:171-196), where "
        "w_mean = self.means[...] (:209) meets the device x in `linear(x, w_mean, b_mean)` (:223); the message's sink "
        "(`module.mask * w_mean`, :213) is CPU-CPU under offloading. C: local_trick=True is a non-default, tested "
        "option (tests/test_bayesian.py:16-28); the tutorial uses the default, whose sample_params reads the same "
        "ParameterDicts (:115-118, not this line).")),
    39: ("sbi/sbi/neural_nets/estimators/score_estimator.py", 450, "OFL105", "_mean_base", F(
        "P", "sbi ConditionalScoreEstimator.train_schedule: the times placed with _mean_base's device are scaled by "
        "Python floats only, and its only caller, loss() (:264-266), moves them: `times = times.to(input.device)`.")),
    40: ("neuraloperator/neuralop/training/trainer.py", 420, "OFL207", "model", T(
        "both", "neuraloperator Trainer (a plain class, trainer.py:27) takes the user's model and moves it by hand at "
        "the start of evaluate (:420, also train :201): an offloaded model handed to the library's Trainer (its "
        "examples' way to train / evaluate) is moved whole to the device outside the hooks, defeating offloading (as "
        "rounds m / an label workspace / LR-finder moves).")),
    41: ("deepxde/deepxde/nn/pytorch/deeponet.py", 293, "OFL104", "b[i]", F(
        "Y", "deepxde DeepONetCartesianProd.b is a ParameterList of 0-dim Parameters (`torch.tensor(0.0)`, :262-264); "
        "`y += self.b[index]` with a 0-dim CPU tensor is legal on a device y.")),
    42: ("botorch/test/utils/test_context_managers.py", 92, "OFL201", "module.c.eq", F(
        "NB", "As row 5: `self.module.c.eq(...)` on a Parameter of a bare nn.Module in a CPU test.")),
    43: ("botorch/test/optim/utils/test_model_utils.py", 72, "OFL201", "model.train_inputs.[].equal", F(
        "NB", "botorch test_model_utils.py:66-73: `self.model.train_inputs[0].equal(train_X)` compares a training-input "
        "tensor (gpytorch's train_inputs tuple, no module) in a CPU test.")),
    44: ("sbi/sbi/neural_nets/net_builders/vector_field_nets.py", 868, "OFL204", "attn", T(
        "leaf", MHA + "sbi vector_field_nets.py:868 DiTBlock.attn, called in forward (:919); the vector-field "
        "transformer (net='transformer', VectorFieldTransformer :1051-1140).")),
    45: ("sbi/sbi/inference/potentials/likelihood_based_potential.py", 391, "OFL202", "likelihood_estimator.log_prob", T(
        "block", GO + SBI + "MixedLikelihoodBasedPotential.__call__ (MNLE's potential, :372-395) calls the "
        "MixedDensityEstimator's log_prob: condition_embedding and the discrete / continuous nets outside any forward "
        "(none defined): CPU weights against the device theta / x.")),
    46: ("normflows/normflows/core.py", 521, "OFL203", "flows[i][i]", T(
        "block", GO + "normflows MultiscaleFlow (the Glow notebook's model): self.flows is a ModuleList of ModuleLists "
        "(core.py:475); at block level each self.flows[i] is a block hooked on its own (never called) forward; "
        "forward_and_log_det (:504-527, public) calls each flow one by one: CPU weights against the device z. The same "
        "holds for the notebook's log_prob / forward_kld / forward (flows[i][j].inverse).")),
    47: ("botorch/test_community/models/test_np_regression.py", 59, "OFL201", "model.decoder", F(
        "NF", NF + "test_np_regression.py:55-62 test_decoder calls the decoder of the model built in setUp.")),
    48: ("sbi/sbi/neural_nets/net_builders/vector_field_nets.py", 973, "OFL204", "cross_attn", T(
        "leaf", MHA + "sbi vector_field_nets.py:973 DiTBlockWithCrossAttention.cross_attn, called in forward (:1037).")),
    49: ("perceiver-pytorch/perceiver_pytorch/perceiver_pytorch.py", 277, "OFL203", "layers[i][i]", T(
        "block", GO + "As row 7: cross_attn (PreNorm(Attention)) of self.layers[i], called at :277 with CPU weights "
        "against the device latents / data.")),
    50: ("neuraloperator/neuralop/models/codano.py", 386, "OFL104", "positional_encoding[i]", U(
        "leaf", GO + "neuraloperator CODANO: self.positional_encoding is an nn.ParameterDict (:340-363), grouped at "
        "leaf level on its own never-called forward; _get_positional_encoding (:373-389, from the lifting path inside "
        "forward, :424-428) irfftn's the CPU parameter and the stacked encoding is concatenated with the device x "
        "(:428). C: use_positional_encoding=False is the default (:151); True is tested (tests/test_codano.py:8).")),
    51: ("deepxde/deepxde/nn/pytorch/msffn.py", 65, "OFL104", "b[i]", T(
        "leaf", GO + "deepxde MsFFN (examples/pinn_forward/Poisson_multiscale_1d.py:54): self.b is a ParameterList of "
        "frozen [in_dim, width/2] Fourier-feature matrices (:40-45); at leaf level grouped on the ParameterList's "
        "never-called forward; forward passes self.b[i] to _fourier_feature_forward, `torch.matmul(y, b)` (:82) with "
        "the device inputs.")),
    52: ("botorch/test/utils/multi_objective/box_decompositions/test_box_decomposition.py", 42, "OFL205", "", F(
        "LC", "A test's DummyFastPartitioning (a box decomposition, as row 1) in a CPU unit test.")),
    53: ("normflows/normflows/distributions/target.py", 176, "OFL205", "", F(
        "P", "As row 29: RingMixture inherits Target.rejection_sampling (all-CPU, 0-dim buffers); its log_prob uses "
        "no tensor of its own.")),
    54: ("zuko/zuko/bayesian.py", 210, "OFL104", "logvars[i]", U(
        "both", GO + "As row 38: w_var from self.logvars[...] (:210) meets the device x.square() in "
        "`linear(x.square(), w_var, b_var)` (:224) under local_trick=True (C).")),
    55: ("normflows/normflows/core.py", 579, "OFL203", "flows[i][i]", T(
        "block", GO + "As row 46: MultiscaleFlow.sample (:553-587; the Glow notebook's `model.sample(y=y)`) calls "
        "each flow of self.flows[i] one by one (:579): CPU weights against the device z (q0[i], a block of the q0 "
        "ModuleList, is called through its hook).")),
    56: ("neuraloperator/neuralop/layers/rno_block.py", 209, "OFL104", "biases[i]", F(
        "Y", "neuraloperator RNOCell.biases is a ParameterList of 0-dim Parameters (`torch.randn(())`, complex or "
        "real, rno_block.py:185-189); adding a 0-dim CPU tensor to device gates is legal.")),
    57: ("neuraloperator/neuralop/losses/differentiation.py", 1229, "OFL207", "FC", F(
        "EA", "neuraloperator FourierDiff is a plain class (differentiation.py:858) holding a Fourier-continuation "
        "module (FC, :994-998: buffers only) and moving it to its input's device right before use "
        "(`FC = self.FC.to(u_clone.device)`); nobody offloads it.")),
    58: ("neuraloperator/neuralop/losses/differentiation.py", 1178, "OFL207", "FC", F(
        "EA", "As row 57 (:1178, 1-d).")),
    59: ("neuraloperator/neuralop/losses/differentiation.py", 1296, "OFL207", "FC", F(
        "EA", "As row 57 (:1296, 3-d).")),
    60: ("neuraloperator/neuralop/training/trainer.py", 422, "OFL207", "data_processor", F(
        "EA", "neuraloperator Trainer.evaluate :421-422 moves the data processor; DataProcessor.to is overridden "
        "(data_processors.py:35, :90-96, :359-365) to move only its input / output normalizers (mean / std buffers), "
        "not the wrapped model: feature-transform modules held by a plain object, moved to the device before use.")),
}



L = labels_of_rows(HERE, R, "/corp42/")

if __name__ == "__main__":
    write_labels(HERE, L)
