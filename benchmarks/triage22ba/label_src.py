"""Write benchmarks/triage22ba/labels.json (round ba; 60 rows drawn with seed 20300000 from the 265 shown findings of
twelve libraries, linter 6d04fd6).

Standard of rounds x-ay (see triage22ay/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
public method counts as called; a line that would meet the hazard on its own counts even where an earlier line of the
same cause fails first); C when true only under a non-default option the library ships, documents or tests (here:
spikingjelly's memopt GCContainer, which calls a memory module's functional_forward directly); false with a cause
letter otherwise. The offloaded object is the nn.Module a user holds (bindsnet's Network, pomegranate's model,
spikingjelly's network, ptls' seq encoder).

Letters, all earlier rounds': BE a method reached through a forward() of its class's hierarchy; P where a value's
device comes from / where it goes; Y a 0-dim tensor (CPU 0-dim values combine with device tensors; an item()-select);
KA a component call / attribute that reads no weight (`.size()`); AL one-time set-up / work the library drives inside
one call; AT a training wrapper / Lightning-driven module judged the offload root; AH a class built only as a child
judged as the root; NF a unit test's model (tests never offload). No new letter.
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

BIND = ("bindsnet: a user builds a Network (nn.Module, no forward), adds Nodes layers and Connections with add_layer / "
        "add_connection (add_module on the root, no ModuleList), moves it to the GPU and drives it with "
        "network.run(inputs, time) (README, examples/mnist); run calls each connection's compute(source.s) and "
        "update(); connections define no forward. ")

SJ_BE = ("spikingjelly: MemoryModule.forward (base.py:754) dispatches to single_step_forward / multi_step_forward, which "
         "call single_step_functional_forward / multi_step_functional_forward (base.py:699 / :747); so the method is "
         "reached from the class's own (inherited) forward and the module's tensors are onloaded by its hook. ")

SJ_C = (SJ_BE + "The one path that skips the hook is spikingjelly's memopt GCContainer (an nn.Sequential whose "
        "to_functional_forward calls a memory child's functional_forward directly, base.py:1474 / :1504, "
        "memopt/checkpointing.py:423), an opt-in memory optimisation: at leaf level the child's own tensors are then "
        "never onloaded. True only under that option: C (leaf). ")

POME = ("pomegranate >= 1.0: distributions / mixtures / HMMs / KMeans are nn.Modules holding their parameters as "
        "nn.Parameter (requires_grad=False) and buffers; README moves model and X with .cuda(); `self.device` is "
        "next(self.parameters()).device (the `_device` Parameter). fit -> summarize / from_summaries, "
        "predict_proba -> log_probability: neither calls forward (Distribution.forward = summarize + log_probability), "
        "so at leaf level a module's own tensors stay offloaded and at block level the root's do. ")

NF = ("a unit test's model (spikingjelly/test/...): built and called only by the test, on the CPU; tests never offload. "
      "The torch-class fact (nn.MultiheadAttention reads out_proj.weight without calling it) is right, but this class is "
      "nobody's model. ")

R = {
    1: ("bindsnet/bindsnet/network/topology.py", 1487, "OFL205", "", T(
        "leaf", GO + BIND + "LocalConnection1D.compute reads self.w (Parameter) with the source layer's device spikes; "
        "at leaf level w is grouped on the connection's forward, which nothing calls (examples/mnist/loc1d_mnist.py)."
    )),
    2: ("spikingjelly/spikingjelly/activation_based/ann2snn/recipes/spikezip_qann.py", 424, "OFL102", "query", F(
        "BE", SJ_BE + "SpikeZIPRobertaSelfAttention.multi_step_forward (:467) -> super().multi_step_forward -> "
        "multi_step_functional_forward: query / key / value are called inside the class's forward; at block level the "
        "root's group (or the enclosing block) is onloaded.")),
    3: ("spikingjelly/test/activation_based/test_ann2snn_transformer.py", 1725, "OFL204", "attn", F("NF", NF)),
    4: ("neuralprophet/neuralprophet/components/seasonality/fourier.py", 234, "OFL104", "season_params[i]", F(
        "AT", "neuralprophet: the user holds NeuralProphet (a plain object); its TimeNet (pl.LightningModule) is built "
        "by fit and driven only through pl.Trainer (fit / predict / test build a Trainer that places the module "
        "itself, accelerator from the NeuralProphet config, CPU by default): no user-side offloading of the task. "
        "The mechanism (a ParameterDict's tensors at leaf level) is real were it offloaded.")),
    5: ("spikingjelly/test/activation_based/test_ann2snn.py", 580, "OFL204", "mha", F("NF", NF)),
    6: ("pomegranate/pomegranate/distributions/conditional_categorical.py", 218, "OFL104", "_log_probs[i]", F(
        "Y", POME + "`self._log_probs[j][tuple(X[i, :, j])]`: indexing with 0-dim integer tensors is a select by "
        "item() (no device check), and the 0-dim CPU result added in place to `logps[i]` (X's device) is a CPU "
        "scalar, which torch allows with device tensors. No device error.")),
    7: ("spikingjelly/spikingjelly/activation_based/lava_exchange.py", 698, "OFL101", "voltage_decay", U(
        "leaf", GO + SJ_C + "CubaLIFNode.multi_step_forward (:751) calls single_step_functional_forward itself.")),
    8: ("bindsnet/bindsnet/learning/learning.py", 1308, "OFL201", "connection.w.size", F(
        "KA", "The finding is `self.connection.w.size(...)`: a shape read, no weight data (the learning rule is a plain "
              "object, not a module). The weight itself (`self.connection.w += ...` on the same line) is the "
              "connection's own OFL205 finding (rows 1, 25, 31, 44).")),
    9: ("pomegranate/pomegranate/distributions/joint_categorical.py", 205, "OFL101", "check_data", F(
        "P", POME + "check_data is a bool buffer passed as `check_parameter=` and only compared `== False` in "
              "_check_parameter (_utils.py:164): a Python bool; it meets no device tensor.")),
    10: ("pomegranate/pomegranate/factor_graph.py", 244, "OFL101", "check_data", F(
        "P", "As row 9 (FactorGraph.log_probability).")),
    11: ("spikingjelly/spikingjelly/activation_based/ann2snn/operators.py", 2688, "OFL102", "q_proj.ann_forward", F(
        "AH", "TDMultiheadAttention is built only by the ANN2SNN converter as a replacement child of an "
        "nn.MultiheadAttention inside the user's network (never the root); its ann_forward is called by nothing "
        "(TDModule's default functional path, operators.py:128, is overridden here). Under any real root at block "
        "level it sits in a hooked block or the root's group.")),
    12: ("spikingjelly/spikingjelly/activation_based/ann2snn/recipes/spikezip_qann.py", 598, "OFL102", "proj", F(
        "BE", SJ_BE + "As row 2 (SpikeZIPViTSelfAttention).")),
    13: ("pomegranate/pomegranate/kmeans.py", 198, "OFL105", "device", F(
        "P", POME + "`distances = torch.empty(..., device=self.device)` (CPU under offloading) is filled by "
        "`distances[:] = ...` (a cross-device copy, allowed) and divided by n, an int (X.shape[1]; a tensor only for a "
        "MaskedTensor input): it meets no device tensor on this line. (The matmul with self.centroids two lines up is "
        "the real failure, row 60's.)")),
    14: ("bindsnet/bindsnet/network/nodes.py", 547, "OFL101", "tc_decay", F(
        "AL", BIND + "compute_decays runs only in Network.add_layer (network.py:131), while the network is built, "
        "before anything is offloaded.")),
    15: ("pomegranate/pomegranate/distributions/exponential.py", 181, "OFL101", "_w_sum", F(
        "P", POME + "`self._w_sum + torch.sum(sample_weight, dim=0)`: sample_weight is made by _reshape_weights with "
        "device=self.device (_distribution.py:87, CPU under offloading): CPU + CPU, no device tensor on the line.")),
    16: ("bindsnet/bindsnet/conversion/topology.py", 59, "OFL205", "", F(
        "Y", "ConstantPad2dConnection's only tensors are AbstractConnection's 0-dim wmin / wmax Parameters (no w); "
        "update() compares them with Python floats (learning.py:98); compute is F.pad. Nothing meets the device.")),
    17: ("spikingjelly/spikingjelly/activation_based/neuron/mpbn.py", 286, "OFL104", "vbn.running_var", T(
        "leaf", GO + "MPBNLIFNode.forward (:300) clones vbn's running stats (vbn is a BatchNorm1d, not a leaf-hooked "
        "type: its buffers are grouped on vbn.forward, which nothing calls) and passes them to F.batch_norm with the "
        "device input in single_step_functional_forward.")),
    18: ("pomegranate/pomegranate/distributions/normal.py", 268, "OFL101", "_xw_sum", T(
        "block+leaf", POME + "Normal.summarize (diag / sphere): `self._xw_sum + torch.sum(X * sample_weight)`: X on "
        "the device, _xw_sum offloaded (sample_weight is CPU too, so `X * sample_weight` fails first on the same "
        "line, same cause).")),
    19: ("spikingjelly/spikingjelly/activation_based/neuron/psn.py", 440, "OFL101", "weight", U(
        "leaf", GO + SJ_C + "SlidingPSN (MemoryModule) reads self.weight in single_step_functional_forward.")),
    20: ("bindsnet/bindsnet/learning/learning.py", 991, "OFL201", "connection.w.size", F(
        "KA", "`(...) = self.connection.w.size()`: a shape read (as row 8).")),
    21: ("spikingjelly/spikingjelly/activation_based/layer/dropout.py", 357, "OFL101", "weight", U(
        "leaf", GO + SJ_C + "DropConnectLinear.drop is called from its single_step_functional_forward.")),
    22: ("pomegranate/pomegranate/distributions/exponential.py", 182, "OFL101", "_xw_sum", T(
        "leaf", POME + "As row 18 (Exponential.summarize `_xw_sum + torch.sum(X * sample_weight)`).")),
    23: ("norse/norse/torch/module/receptive_field.py", 180, "OFL105", "rf_parameters", F(
        "BE", "SpatialReceptiveField2d._update_weights is called from its own forward (:189); at leaf level the "
        "module's own tensors (rf_parameters) are grouped on that forward and onloaded: the device read is the onload "
        "device.")),
    24: ("spikingjelly/spikingjelly/activation_based/neuron/psn.py", 422, "OFL105", "weight", U(
        "leaf", GO + SJ_C + "SlidingPSN.gen_gemm_weight (from multi_step_functional_forward) places the GEMM weight "
        "with self.weight.device.")),
    25: ("bindsnet/bindsnet/network/topology.py", 1304, "OFL205", "", T(
        "leaf", GO + BIND + "LocalConnection.compute (examples/mnist/*locally_connected*) reads w with the device "
        "spikes.")),
    26: ("pytorch-lifestream/ptls/nn/trx_encoder/tabformer_feature_encoder.py", 34, "OFL204", "transformer_encoder",
         T("leaf", GO + "TabFormerFeatureEncoder (exported from ptls.nn; built as `TabFormerFeatureEncoder(2, 16)` in the tutorial notebook tutorials/notebooks/tabformer-emb.ipynb, an .ipynb the export leaves out, and passed as feature_encoder to TabformerPretrainModule, whose inference path calls it, tabformer_module.py:234) runs self.transformer_encoder (torch "
           "TransformerEncoder) in forward (:40): the layers' self_attn.out_proj.weight is read by "
           "F.multi_head_attention_forward (or the fast path reads every Linear weight) without calling the Linear.")),
    27: ("spikingjelly/spikingjelly/activation_based/layer/dropout.py", 396, "OFL101", "bias", U(
        "leaf", GO + SJ_C + "As row 21 (bias).")),
    28: ("pomegranate/pomegranate/bayesian_network.py", 441, "OFL102", "_factor_graph.predict_proba", F(
        "P", POME + "BayesianNetwork.predict_proba -> self._factor_graph.predict_proba(X): the factor graph's "
        "marginals / factors are read outside any forward (offloaded), but X enters only as 0-dim values and mask "
        "entries (`if X._masked_mask[j, i] == True: value = X._masked_data[j, i]; p[j, value] = 1.0`, "
        "factor_graph.py:329-334: item()-selects); the whole belief propagation runs on the offloaded tensors and the "
        "CPU marginals go back to the caller: no device tensor is met. (Labelled true from reading first; the runtime "
        "run, untriggered, and the code read above turned it to P after the doc's first version (a6e46e7).)")),
    29: ("spikingjelly/spikingjelly/activation_based/ann2snn/operators.py", 2727, "OFL102",
         "v_proj.single_step_forward", F("BE", SJ_BE + "TDMultiheadAttention.single_step_forward (:2887) -> "
                                         "MemoryModule.single_step_forward -> single_step_functional_forward.")),
    30: ("spikingjelly/spikingjelly/activation_based/ann2snn/operators.py", 2884, "OFL102",
         "out_proj.multi_step_forward", F("BE", SJ_BE + "As row 29 (multi-step).")),
    31: ("bindsnet/bindsnet/network/topology.py", 1623, "OFL205", "", T(
        "leaf", GO + BIND + "LocalConnection2D.compute (examples/mnist/loc2d_mnist.py).")),
    32: ("spikingjelly/spikingjelly/activation_based/ann2snn/operators.py", 2748, "OFL102",
         "out_proj.single_step_forward", F("BE", SJ_BE + "As row 29.")),
    33: ("spikingjelly/test/activation_based/test_ann2snn_transformer.py", 1624, "OFL104", "norm2.bias", F(
        "NF", NF.replace("The torch-class fact (nn.MultiheadAttention reads out_proj.weight without calling it) is "
                         "right, but this class is nobody's model. ", "") + "ann_reference is the test's ANN "
        "reference computation.")),
    34: ("pomegranate/pomegranate/gmm.py", 143, "OFL105", "device", T(
        "block+leaf", POME + "GeneralMixtureModel._initialize: sample_weight = ones(..., device=self.device) (CPU) "
        "and the KMeans it builds stays on self.device (:150-151): fit_predict then meets the device X.")),
    35: ("spikingjelly/spikingjelly/activation_based/neuron/psn.py", 249, "OFL101", "mask0", U(
        "leaf", GO + SJ_C + "MaskedPSN.masked_weight (from single_step_functional_forward).")),
    36: ("bindsnet/bindsnet/learning/learning.py", 880, "OFL201", "connection.w.size", F("KA", "As row 20.")),
    37: ("bindsnet/bindsnet/learning/learning.py", 1902, "OFL201", "connection.w.size", F("KA", "As row 20.")),
    38: ("pomegranate/pomegranate/bayes_classifier.py", 180, "OFL101", "check_data", F("P", "As row 9.")),
    39: ("spikingjelly/spikingjelly/activation_based/neuron/spikezip.py", 207, "OFL101", "neg_min", U(
        "leaf", GO + SJ_C + "STBIFNeuron.multi_step_functional_forward reads its neg_min buffer.")),
    40: ("bindsnet/bindsnet/network/nodes.py", 1132, "OFL101", "tc_theta_decay", F("AL", "As row 14.")),
    41: ("spikingjelly/spikingjelly/activation_based/examples/ILC-SAN/hybrid_td3_cuda_norm.py", 66, "OFL102", "san",
         F("AL", "An example training script: SpikeActorDeepCritic is built by the script's own TD3 run and act() is "
               "called by its training / evaluation loop in the same process; nothing offloads it.")),
    42: ("pomegranate/pomegranate/distributions/student_t.py", 158, "OFL101", "dofs", F(
        "Y", "dofs is a 0-dim integer buffer (checked ndim=0, :75-76): a CPU 0-dim tensor combines with device "
             "tensors. (The means / covs on :156 are the real failure, not this finding.)")),
    43: ("pomegranate/pomegranate/distributions/categorical.py", 183, "OFL101", "check_data", F("P", "As row 9.")),
    44: ("bindsnet/bindsnet/network/topology.py", 540, "OFL205", "", T(
        "leaf", GO + BIND + "Conv1dConnection.compute: F.conv1d(s, self.w, ...) (examples/mnist/conv1d_MNIST.py).")),
    45: ("spikingjelly/test/activation_based/test_ann2snn.py", 458, "OFL204", "mha", F("NF", NF)),
    46: ("spikingjelly/spikingjelly/activation_based/learning.py", 1401, "OFL103", "synapse.weight", F(
        "AT", "MSTDPETLearner is a plasticity-rule helper (a MemoryModule) that wraps the user's synapse layer to "
              "compute reward-modulated STDP updates during training (step() is called by the training loop); the "
              "user's network, not the learner, is what could be offloaded.")),
    47: ("pomegranate/pomegranate/kmeans.py", 256, "OFL105", "device", T(
        "block+leaf", POME + "KMeans.summarize: sample_weight on self.device (CPU) then multiplies device-X-derived "
        "values.")),
    48: ("spikingjelly/test/activation_based/test_ann2snn_transformer.py", 1606, "OFL104", "norm1.bias", F(
        "NF", "As row 33.")),
    49: ("pomegranate/pomegranate/kmeans.py", 112, "OFL105", "next(self.parameters())", T(
        "block+leaf", POME + "KMeans.device, the source of rows 47 / 13's placements: the offloaded `_device` "
        "Parameter; consumed by _initialize / summarize with device X.")),
    50: ("spikingjelly/spikingjelly/activation_based/neuron/mpbn.py", 171, "OFL104", "vbn.weight", F(
        "AL", "re_parameterize_v_threshold is a one-time fold of the trained BN into the threshold (called by "
              "tests, before deployment), which registers vbn's Parameters on the node and replaces vbn by "
              "Identity: set-up before anything is offloaded.")),
    51: ("neuralprophet/neuralprophet/components/seasonality/fourier.py", 182, "OFL104", "season_params[i]", F(
        "AT", "As row 4 (LocalFourierSeasonality).")),
    52: ("pomegranate/pomegranate/gmm.py", 313, "OFL105", "device", T(
        "block+leaf", POME + "GeneralMixtureModel.summarize: `y[:, i:i+1] * sample_weight` with sample_weight on "
        "self.device (CPU) and y from the device X.")),
    53: ("spikingjelly/test/activation_based/test_ann2snn.py", 596, "OFL204", "mha", F("NF", NF)),
    54: ("spikingjelly/test/activation_based/test_ann2snn.py", 539, "OFL204", "mha", F("NF", NF)),
    55: ("pomegranate/pomegranate/hmm/sparse_hmm.py", 474, "OFL105", "device", F(
        "P", POME + "SparseHMM.forward IS the module's forward (the forward algorithm, called as self.forward(...), "
              "which the hook replaces): at leaf level the root's own tensors, the `_device` Parameter first "
              "(Distribution.__init__), are onloaded while it runs, so self.device is the onload device.")),
    56: ("pytorch-lifestream/ptls/nn/seq_encoder/custom_encoder.py", 148, "OFL204", "attn", T(
        "leaf", GO + "ptls' custom Encoder (CustomSeqEncoder, containers.py:198) defaults to self_attn_mode="
        "'quadratic', i.e. an nn.MultiheadAttention called in Attention.forward: out_proj.weight read without "
        "calling out_proj.")),
    57: ("spikingjelly/test/activation_based/test_ann2snn_transformer.py", 1965, "OFL204", "attn", F("NF", NF)),
    58: ("spikingjelly/spikingjelly/activation_based/neuron/mpbn.py", 172, "OFL104", "vbn.bias", F(
        "AL", "As row 50.")),
    59: ("bindsnet/bindsnet/conversion/topology.py", 9, "OFL205", "", F("Y", "As row 16 (PermuteConnection).")),
    60: ("pomegranate/pomegranate/kmeans.py", 16, "OFL205", "", T(
        "leaf", POME + "KMeans defines no forward; _distances does torch.matmul(X, self.centroids.T) (:192) with "
        "device X and the never-onloaded centroids.")),
}

L = labels_of_rows(HERE, R, "/corp51/")

if __name__ == "__main__":
    write_labels(HERE, L)
