"""Write benchmarks/triage22bc/labels.json (round bc; 60 rows drawn with seed 20302000 from the 190 shown findings of
twelve libraries, linter f615fc0).

Standard of rounds x-ba (see triage22ba/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
public entry method counts as called; a line that would meet the hazard on its own counts even where an earlier line
of the same cause fails first); C when true only under a non-default option the library ships or documents; false with
a cause letter otherwise (`api`: a public helper that is reached from forward, true only were a user to call it
directly). The offloaded object is the nn.Module a user holds (DI-engine's policy model, REINVENT's network, a
DeepRobust defense / attack module, a neuromancer block, hippynn's GraphModule).

Letters, all earlier rounds' but one: BE a method reached from forward by a path the linter does not follow; P where a
value's device comes from / where it goes (every operand on the offload device, or converted with .cpu()); Y a 0-dim
tensor (CPU 0-dim values combine with device tensors); AL a module the library builds and drives inside one call (the
user holds a plain estimator / explainer / detector object) or an example script's own model; AT a module built inside
a Lightning-driven estimator's fit; AH a class built only as a child judged as the root. **New letter ML**: a child
that the root also lists in one of its ModuleLists (DI-engine's `self.actor = nn.ModuleList([self.encoder,
self.actor_head])`) is a block of its own at block level, with its own hook: not in the unmatched group.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, Linear, Embedding, ...) on its own forward and groups a non-leaf module's own "
      "parameters / buffers on that module's forward (a ParameterList's on the ParameterList's, which never runs); "
      "every hook moves its args / kwargs to the onload device; the hooks replace the instance's `forward`.) ")

RI = ("REINVENT 4: the sampler / scorer objects (LibInvent DecoratorModel, LinkInventModel, TransformerModel) are plain "
      "objects holding `self.network`, the nn.Module a user would offload; sampling drives the network only through "
      "its non-forward methods. ")

RI_TF = (RI + "TransformerModel's network is an EncoderDecoder (transformer/core/network/encode_decode/model.py:20): "
         "children encoder, decoder, generator (no ModuleList: the root's unmatched group at block level), src_embed / "
         "tgt_embed (Sequential: hooked blocks). ")

RI_LI = (RI + "LinkInvent's EncoderDecoder (linkinvent/networks/encoder_decoder.py) holds `_encoder` / `_decoder` "
         "(no ModuleList: the root's unmatched group at block level); LinkInventModel.sample "
         "(link_invent_model.py:128 / :133) calls network.forward_encoder / forward_decoder, never network.forward. ")

DR_ATK = ("DeepRobust: attacks are nn.Modules (BaseAttack(Module), global_attack/base_attack.py:11) that the user "
          "builds with the victim / surrogate model and drives with `attack.attack(...)` (README, examples/graph/"
          "test_mettack.py / test_prbcd.py); `adj_changes` is an nn.Parameter (mettack.py:59, topology_attack.py:74); "
          "they define no forward, so at leaf level their own Parameters are grouped on a forward nothing calls and "
          "`get_modified_adj` meets the device `ori_adj`. (Premise: a user offloads the attack module it holds.) ")

DI_WM = ("DI-engine DDPPOWorldMode (world_model/ddppo.py:80, an nn.Module with no forward of its own) holds "
         "`self.scaler = StandardScaler(...)` (:135; ensemble.py:9, buffers mu / std, no forward); step() "
         "(:185) and _train_rollout_model() (:306) call scaler.transform / fit with device inputs; at leaf level the "
         "scaler's buffers are grouped on StandardScaler.forward, which does not exist, at block level the root has no "
         "forward either. ")

DI_ML = ("DI-engine `self.actor = nn.ModuleList([self.actor_encoder, self.actor_head])` / `self.critic = "
         "nn.ModuleList([...])` (bonus/model.py:188-189, mavac.py:119-120): at block level diffusers walks these "
         "ModuleLists as blocks and hooks each element (the encoder and the heads) on its own forward (checked: a "
         "module listed both as a direct child and in a ModuleList gets one group_offloading hook of its own), so "
         "`self.actor_head(x)` / `self.encoder(x)` from a mode method onload themselves. The finding's 'unmatched "
         "group' premise misses the ModuleList alias. ")

DI_DIFF = ("DI-engine GaussianDiffusion.forward (diffusion.py:292) -> conditional_sample -> p_sample_loop (:216) -> "
           "`sample_fn(self, x, cond, t)` (default_sample_fn :15 / n_step_guided_p_sample :37) -> "
           "model.p_mean_variance (:204) -> predict_start_from_noise / q_posterior: reached from the module's own "
           "forward through a module-level function that receives `self`; PlanDiffuser.get_eval calls "
           "`self.diffuser(...)` (forward). ")

LAML = ("LightAutoML: the torch models (NODE, FT-Transformer, text embedders, the L2X explainer network) are built and "
        "trained inside the library's own fit_predict (TorchModel / TabularAutoML; L2XTextExplainer.fit), the user "
        "holding the plain AutoML / explainer object, never the nn.Module. ")

RT = ("RecTools: SASRec / BERT4Rec's torch backbone (TransformerTorchBackbone) is built by "
      "`_init_torch_model` inside the estimator's fit (models/nn/transformers/base.py:426 / :469) and driven by a "
      "Lightning Trainer (fit) and the estimator's recommend(); the user holds SASRecModel (a rectools ModelBase, not "
      "an nn.Module). The torch fact (nn.MultiheadAttention passes out_proj.weight to F.multi_head_attention_forward "
      "without calling out_proj) is right; the module is not one a user offloads (as round ba's neuralprophet). ")

NM_Y = ("a 0-dim CPU tensor: torch allows a CPU 0-dim tensor to combine with device tensors, so the returned "
        "regularisation term adds into the device loss without a device error. ")

R = {
    1: ("di-engine/ding/torch_utils/network/merge.py", 349, "OFL102", "_layer_norms[i]", F(
        "BE", "VectorMerge.encode is called only by VectorMerge.forward (merge.py:390: `gates, outputs = "
              "self.encode(inputs)`); VectorMerge is built only by its unit test (torch_utils/network/tests/"
              "test_merge.py:27). Reached from the module's own forward: the root's group is onloaded.", api=True)),
    2: ("deeprobust/deeprobust/graph/global_attack/topology_attack.py", 20, "OFL205", "", T(
        "leaf", GO + DR_ATK + "PGDAttack.attack (:82) -> get_modified_adj (:180) with adj_changes (:74).")),
    3: ("di-engine/ding/bonus/model.py", 213, "OFL102", "encoder", F("ML", DI_ML + "PPOFModel.compute_critic, "
        "called directly by the PPOF policy (policy/ppof.py:163): `self.encoder(x)` and `self.critic_head(x)` are "
        "elements of self.actor / self.critic (bonus/model.py:181-189), hooked blocks.")),
    4: ("di-engine/ding/world_model/model/ensemble.py", 23, "OFL101", "mu", T(
        "block+leaf", GO + DI_WM + "transform: `(data - self.mu) / self.std` with device data (ddppo.py:185).")),
    5: ("di-engine/ding/model/template/vae.py", 132, "OFL102", "decode_reconst_action_head", T(
        "block", GO + "BCQ (model/template/bcq.py:13) holds `self.vae = VanillaVAE(...)` (:76, no ModuleList: the "
        "root's unmatched group); compute_eval (:204) calls `self.vae.decode_with_obs(...)`. Through "
        "`BCQ.forward(inputs, mode='compute_eval')` (what the BCQ policy does, policy/bcq.py:331) the root's hook "
        "onloads the group, but BCQ's own docstring examples call `model.compute_eval(inputs)` directly (:199), "
        "which leaves the VAE's weights offloaded at block level. Label risk: true by the documented direct call.")),
    6: ("di-engine/ding/model/template/diffusion.py", 198, "OFL101", "posterior_mean_coef2", F(
        "BE", DI_DIFF + "q_posterior reads the buffers inside the root's forward.", api=True)),
    7: ("di-engine/ding/torch_utils/network/popart.py", 123, "OFL101", "bias", T(
        "leaf", GO + "PopArt (a custom module holding weight / bias Parameters, not a supported leaf) is the "
        "critic head's `popart`; the PPOF policy calls `self._model.critic_head.popart.update_parameters(reward)` in "
        "training (policy/ppof.py:198), outside PopArt.forward: `(old_std * self.bias.data + old_mu - self.mu)` with "
        "old_std / mu moved to the reward's device (:97-99) meets the offloaded bias.")),
    8: ("neuromancer/src/neuromancer/slim/butterfly/permutation.py", 50, "OFL105", "logit", F(
        "P", "Permutation.argmax: `prob = sigmoid(self.logit).round()` and `torch.arange(..., "
             "device=self.logit.device)` are both on the offload device; permutation_mult combines only them; the "
             "CPU index tensor is returned (nothing in the tree calls argmax). No device tensor meets it.")),
    9: ("di-engine/ding/model/template/vae.py", 129, "OFL102", "decode_action_head", T(
        "block", GO + "As row 5 (decode_with_obs's decode_action_head, BCQ.compute_eval called directly as its "
        "docstring does).")),
    10: ("di-engine/ding/torch_utils/network/rnn.py", 220, "OFL104", "wh[i]", T(
        "leaf", GO + "DI-engine's own LSTM (rnn.py:131, get_lstm's default 'normal', used by DRQN / R2D2 models) "
        "holds wx / wh in nn.ParameterLists (:161-166) read in its forward by `torch.matmul(h, self.wh[l])` (:220): "
        "at leaf level the ParameterList's tensors are grouped on ParameterList.forward, which never runs.")),
    11: ("di-engine/ding/model/template/diffusion.py", 182, "OFL101", "sqrt_recipm1_alphas_cumprod", F(
        "BE", DI_DIFF + "predict_start_from_noise reads the buffers inside the root's forward.", api=True)),
    12: ("pygod/pygod/nn/dmgd.py", 186, "OFL101", "r", F(
        "AL", "pygod: the user holds the DMGD detector (a plain Detector, detector/base.py:22); DMGDBase is built by "
              "the detector's init_model (detector/dmgd.py:159) inside fit and trained there, loss_func called by "
              "the detector's own loop (:179).")),
    13: ("reinvent4/reinvent/models/linkinvent/networks/encoder_decoder.py", 67, "OFL102", "_decoder", T(
        "block", GO + RI_LI + "forward_decoder calls self._decoder, offloaded.")),
    14: ("neuromancer/src/neuromancer/modules/blocks.py", 331, "OFL101", "spline_weight", U(
        "leaf", GO + "KANLinear.update_grid (:348) reads scaled_spline_weight (spline_weight * spline_scaler) and "
        "meets the device splines in torch.bmm (:358); it is reached from KANBlock.update_epoch (:543, after "
        "`grid_updates` epochs, an opt-in of KANBlock's constructor) and KANBlock.update_grid (:534), public "
        "training-time grid refinements called by nothing in the tree (KAN.forward(update_grid=True) passes a "
        "tensor where update_grid iterates `.items()`: fails without offloading). True only under the grid-update "
        "option: C.")),
    15: ("deeprobust/deeprobust/graph/global_attack/mettack.py", 73, "OFL101", "adj_changes", T(
        "block+leaf", GO + DR_ATK + "BaseMeta.get_modified_adj: `torch.clamp(adj_changes_square + ori_adj, 0, 1)` "
        "with the device ori_adj (Metattack.attack :309).")),
    16: ("deeprobust/deeprobust/graph/global_attack/topology_attack.py", 212, "OFL205", "", T(
        "leaf", GO + DR_ATK + "MinMax(PGDAttack).attack (:259).")),
    17: ("di-engine/ding/torch_utils/network/popart.py", 122, "OFL101", "weight", T(
        "leaf", GO + "As row 7: `(self.weight.data.t() * old_std / self.sigma)` with old_std on the reward's "
        "device.")),
    18: ("di-engine/ding/world_model/model/ensemble.py", 20, "OFL101", "mu", T(
        "block+leaf", GO + DI_WM + "fit: `self.mu.data.mul_(0.0).add_(mu)` with mu from the device train_inputs "
        "(ddppo.py:306).")),
    19: ("reinvent4/reinvent/models/transformer/transformer.py", 214, "OFL201", "network.generator", T(
        "block", GO + RI_TF + "sample: `self.network.generator(out[:, -1], ...)` (:214), generator offloaded.")),
    20: ("deeprobust/deeprobust/graph/targeted_attack/ugba.py", 422, "OFL207", "trojan", F(
        "AL", "Backdoor (ugba.py:375) is a plain object; its `trojan` (GraphTrojanNet) is built and trained inside "
              "Backdoor.fit and moved by inject_trigger with the device it is given: the library's own one-call "
              "work, no user-held offloaded module.")),
    21: ("reinvent4/reinvent/models/linkinvent/networks/encoder_decoder.py", 51, "OFL102", "_encoder", T(
        "block", GO + RI_LI + "forward_encoder calls self._encoder, offloaded.")),
    22: ("lightautoml/lightautoml/ml_algo/torch_based/node_nn_model.py", 526, "OFL101", "feature_thresholds", F(
        "AL", LAML + "ODST's data-aware initialize runs on the first batch inside that training.")),
    23: ("di-engine/ding/model/template/mavac.py", 208, "OFL102", "actor_head", F("ML", DI_ML + "MAVAC.compute_actor "
        "(docstring: `model(inputs, 'compute_actor')`): actor_head is self.actor[1].")),
    24: ("rl4co/rl4co/models/zoo/mdam/encoder.py", 90, "OFL102", "projection", F(
        "AH", "MDAMGraphAttentionEncoder is built only as MDAMPolicy's `encoder` (zoo/mdam/policy.py:30-38); "
              "change() is called by MDAMDecoder.forward (decoder.py:173), itself called from MDAMPolicy.forward "
              "(policy.py:77): at block level the policy root's group (encoder included) is onloaded. The block-level "
              "claim takes the encoder as the root.")),
    25: ("di-engine/ding/model/template/edac.py", 179, "OFL102", "critic", F(
        "BE", "EDAC.compute_critic is reached from EDAC.forward (:82) by `getattr(self, mode)(inputs)`; the EDAC "
              "policy calls `self._learn_model.forward(data, mode='compute_critic')` (policy/edac.py:228 / :240 / "
              ":292) and the docstring `model(inputs, mode='compute_critic')` (:162): the root's hook onloads "
              "`critic`.", api=True)),
    26: ("deeprobust/deeprobust/graph/defense/r_gcn.py", 311, "OFL104", "gc1.weight_miu", F(
        "Y", "RGCN._loss: `torch.norm(self.gc1.weight_miu, 2).pow(2)` is " + NM_Y + "(kl_loss is computed from "
             "gc1.miu / sigma, activations set in gc1's forward, on the device.)")),
    27: ("neuromancer/src/neuromancer/modules/blocks.py", 1153, "OFL104", "f.weight", F(
        "Y", "BilinearTorch.reg_error: `torch.tensor(0.0).to(self.f.weight)`: " + NM_Y)),
    28: ("rl4co/rl4co/models/zoo/mdam/encoder.py", 86, "OFL104", "attention_layer.W_out", T(
        "leaf", GO + "MDAMGraphAttentionEncoder.change (called from MDAMDecoder.forward, decoder.py:173, inside the "
        "policy's forward) reads `self.attention_layer.W_out` (MultiHeadAttentionMDAM's own nn.Parameter, mha.py) "
        "outside attention_layer.forward: at leaf level grouped on that forward, so offloaded while `torch.mm(heads, "
        "W_out...)` takes the device heads. rl4co's README calls the policy directly (`policy(td, env, "
        "decode_type='greedy')`).")),
    29: ("deeprobust/deeprobust/graph/defense/gcn.py", 165, "OFL105", "gc1.weight", T(
        "block+leaf", GO + "GCN.fit (README: `gcn = GCN(...).to(device); gcn.fit(features, adj, labels, "
        "idx_train)`): `self.device = self.gc1.weight.device` is the offload device; features / adj / labels are "
        "put there (:169-175), forward's hook moves its inputs to the onload device, and `F.nll_loss(output[idx_"
        "train], labels[idx_train])` meets the CPU labels.")),
    30: ("deeprobust/deeprobust/graph/defense/simpgcn.py", 213, "OFL104", "D_k[i]", T(
        "block+leaf", GO + "SimPGCN.myforward is called by fit / test (:259 / :285 / :326) outside forward; "
        "`fea @ self.D_k[0]` (ParameterList) with device features; at block level D_k / scores are the root's "
        "unmatched group, at leaf level the ParameterList's.")),
    31: ("rectools/rectools/models/nn/transformers/ligr.py", 56, "OFL204", "multi_head_attn", F("AT", RT)),
    32: ("deeprobust/deeprobust/graph/defense/prognn.py", 106, "OFL202", "estimator.normalize", F(
        "AL", "ProGNN (prognn.py:12) is a plain object; its EstimateAdj is built inside ProGNN.fit (:60, "
              "`.to(self.device)`) and driven by its own train / test loop.")),
    33: ("neuromancer/src/neuromancer/slim/linear.py", 539, "OFL105", "sigma", F(
        "P", "SVDLinear.effective_W outside forward (eig(), linear.py:82; plot.py's `.detach().cpu().numpy()`): "
             "U, V, sigma and `torch.eye(...).to(self.sigma.device)` are all on the offload device; the product "
             "stays there. Inside forward (LinearBase.forward :100) the module's own tensors are onloaded, sigma's "
             "device with them.")),
    34: ("di-engine/ding/torch_utils/network/rnn.py", 219, "OFL104", "wx[i]", T(
        "leaf", GO + "As row 10 (`torch.matmul(x[s], self.wx[l])`).")),
    35: ("reinvent4/reinvent/models/linkinvent/link_invent_model.py", 133, "OFL202", "network.forward_decoder", T(
        "block", GO + RI_LI + "(the caller side of row 13).")),
    36: ("neuromancer/src/neuromancer/slim/linear.py", 116, "OFL103", "linear.weight", F(
        "P", "slim Linear.effective_W returns `self.linear.weight.T`; its callers are eig() (torch.linalg.eig on "
             "the same CPU tensor) and plot.py (`.detach().cpu().numpy()`); Linear.forward calls self.linear(x). "
             "No device tensor meets it.")),
    37: ("hippynn/hippynn/layers/hiplayers.py", 176, "OFL103", "selfint.weight", F(
        "Y", "regularization_params' only consumer is LPReg.forward (layers/regularization.py:15-18): "
             "`sum(torch.sum(torch.abs(torch.pow(p, self.p))) for p in params)`, a CPU reduction to " + NM_Y)),
    38: ("hippynn/hippynn/graphs/predictor.py", 101, "OFL207", "graph", T(
        "block+leaf", "hippynn's Predictor (a plain object) moves the user's GraphModule with `self.graph.to(device)` "
        "when given model_device, as examples/feature_extraction.py:60 does (`Predictor.from_graph(model, ..., "
        "model_device=device)`): a hand move of the whole offloaded model.")),
    39: ("rectools/rectools/models/nn/transformers/net_blocks.py", 213, "OFL204", "multi_head_attn", F("AT", RT)),
    40: ("di-engine/ding/torch_utils/network/diffusion.py", 484, "OFL203", "downs[i][i]", F(
        "AH", "DiffusionUNet1d is built only as GaussianDiffusion's `model` child (from the config string "
              "model='DiffusionUNet1d', dizoo/d4rl/config/halfcheetah_medium_expert_pd_config.py:27; PlanDiffuser "
              "diffusion.py:338) and by its unit test; as a non-list child of the root it is onloaded whole with the "
              "root's group. The block-level claim takes it as the root.")),
    41: ("di-engine/ding/torch_utils/network/diffusion.py", 650, "OFL203", "blocks[i][i]", F(
        "AH", "TemporalValue is built only as ValueDiffusion's `model` (policy/plan_diffuser.py:78, the d4rl "
              "config :46) and by its unit test: as row 40.")),
    42: ("neuromancer/src/neuromancer/slim/linear.py", 74, "OFL105", "device", F(
        "Y", "LinearBase.reg_error: `torch.tensor(0.0).to(self.device)`: " + NM_Y)),
    43: ("reinvent4/reinvent/models/transformer/transformer.py", 199, "OFL202", "network.encode", T(
        "block", GO + RI_TF + "sample: `self.network.encode(src, src_mask)`: encoder offloaded.")),
    44: ("lightautoml/lightautoml/text/embed.py", 697, "OFL103", "embedding_table.weight", F("AL", LAML)),
    45: ("rectools/rectools/models/nn/transformers/sasrec.py", 191, "OFL204", "multi_head_attn", F("AT", RT)),
    46: ("reinvent4/reinvent/models/transformer/transformer.py", 207, "OFL202", "network.decode", T(
        "block", GO + RI_TF + "sample: `self.network.decode(...)`: decoder offloaded.")),
    47: ("di-engine/ding/example/ppo_with_complex_obs.py", 136, "OFL204", "transformer_encoder", F(
        "AL", "An example script's own model (Encoder inside the example's PPO model), built and trained by the "
              "script's own pipeline in one process (round ba's AL row 41). The torch fact is right.")),
    48: ("hippynn/hippynn/layers/transform.py", 42, "OFL103", "adjust_layer.weight", F("Y", "As row 37.")),
    49: ("neuromancer/src/neuromancer/slim/linear.py", 205, "OFL105", "linmap.twiddle", F(
        "P", "ButterflyLinear.effective_W outside forward (eig / plots): `torch.eye(...).to(twiddle.device)` and the "
             "Butterfly's offloaded twiddle are on the same device; the result goes to eig or `.cpu()`.")),
    50: ("reinvent4/reinvent/models/transformer/transformer.py", 138, "OFL201", "network.generator", T(
        "block", GO + RI_TF + "likelihood: `self.network.forward(...)` (:137, the hooked instance forward, which "
        "offloads the group on return) then `self.network.generator(out, ...)`: generator offloaded.")),
    51: ("deeprobust/deeprobust/graph/global_attack/mettack.py", 147, "OFL205", "", T(
        "leaf", GO + DR_ATK + "Metattack.attack (:309).")),
    52: ("lightautoml/lightautoml/text/embed.py", 410, "OFL103", "embedding.weight", F("AL", LAML)),
    53: ("deeprobust/deeprobust/graph/defense/prognn.py", 247, "OFL202", "estimator.normalize", F(
        "AL", "As row 32 (ProGNN.test).")),
    54: ("di-engine/ding/torch_utils/network/diffusion.py", 496, "OFL203", "ups[i][i]", F("AH", "As row 40.")),
    55: ("neuromancer/src/neuromancer/modules/blocks.py", 706, "OFL203", "layers[i][i]", T(
        "block", GO + "StackedMLP (a neuromancer block a user builds and calls, `net(x)`): `self.layers` is a "
        "ModuleList of ModuleDicts (:673-676); block level hooks each ModuleDict on its forward, which never runs; "
        "block_eval (reached from Block.forward) calls `layer['linear'](out)` / `layer['nonlinear'](...)`: offloaded.")),
    56: ("di-engine/ding/world_model/model/ensemble.py", 9, "OFL205", "", T(
        "block+leaf", GO + DI_WM)),
    57: ("deeprobust/deeprobust/graph/global_attack/mettack.py", 20, "OFL205", "", T(
        "leaf", GO + DR_ATK + "BaseMeta is the base of Metattack / MetaApprox, which inherit its no-forward shape.")),
    58: ("lightautoml/lightautoml/ml_algo/torch_based/fttransformer/fttransformer_utils.py", 122, "OFL203",
         "layers[i][i]", F("AL", LAML)),
    59: ("lightautoml/lightautoml/addons/interpretation/l2x.py", 722, "OFL207", "model", F("AL", LAML)),
    60: ("neuromancer/src/neuromancer/modules/blocks.py", 1275, "OFL204", "transformer_encoder", T(
        "leaf", GO + "neuromancer's Transformer block (blocks.py, registered among the blocks) builds "
        "nn.TransformerEncoder(TransformerEncoderLayer(batch_first=True)); torch's layer reads self_attn's "
        "in_proj / out_proj weights itself (fast path) or MultiheadAttention passes out_proj.weight without calling "
        "out_proj: out_proj stays offloaded at leaf level.")),
}

L = labels_of_rows(HERE, R, "/corp53/")

if __name__ == "__main__":
    write_labels(HERE, L)
