"""Write benchmarks/triage22bm/labels.json (round bm; 60 rows drawn with seed 20312000 from the 173 shown findings of
twelve libraries, linter 43c3372).

Standard of rounds x-bk (see triage22bk/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
documented entry method counts as called; examples count as library code, as earlier rounds counted dgl's /
physicsnemo's examples); C when true only under a non-default option; false with a cause letter otherwise. The
offloaded object is the nn.Module a user holds: a chroma model (Chroma / GraphBackbone / GraphDesign /
GraphClassifier), a torchsde example model (LatentSDE, ScoreMatchingSDE and its Unet denoiser), a MONAI generative
network (VQVAE, SPADENet), a pytorch-frame model / encoder, a graph-weather / ClimaX model, an alphafold3-pytorch
Alphafold3, an ACE stepper's network, an elegantrl L2A TrsCell. ElegantRL's and rllte's networks (built, placed and
driven by the plain-object agents / intrinsic-reward modules) are AL (rounds be / bg / bi / bk's reading); the torch
fact is stated where it was checked.

Letters, all earlier rounds': P the value meets no device tensor (or is read inside the root's own forward, where the
root's tensors are onloaded: round ba's P rule); AL a module the library builds and drives inside its own flow; AB
code nothing in the library calls (api: a public method / class, true on the second reading); BE a method reached only
through a forward() of its class; BB code reached only under an option nothing sets (ACE's filter_type='non-linear',
chroma's covariance_model='residue_gas'), or code that fails without offloading (rllte's GIRM cannot be imported:
round ay's use); C true only under a non-default option. No new letter.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as C, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each Conv / Linear (subclasses included) on its own forward and groups every other parameter / buffer on "
      "its closest owning module's forward (a ParameterList / ParameterDict, or a module without forward, is never "
      "called); the hooks replace the instance's `forward`.) ")

MHA = ("nn.MultiheadAttention.forward passes `self.out_proj.weight` / `.bias` to F.multi_head_attention_forward and never "
       "calls `out_proj` (a NonDynamicallyQuantizableLinear, a Linear subclass, so a hooked leaf at leaf level): its "
       "weight stays on the offload device while the attention runs (torch/nn/modules/activation.py). ")

RGAS = ("chroma layers/structure/mvn.py:745 BackboneMVNResidueGas is built only when DiffusionChainCov gets "
        "covariance_model='residue_gas' (layers/structure/diffusion.py:546-:547); every model defaults to 'brownian' / "
        "'globular' (graph_backbone.py:83, graph_design.py:232, graph_classifier.py:77, procap.py:150) and no config, "
        "doc or example in the tree sets 'residue_gas' (only tests/layers/structure/test_mvn.py): code reached only under "
        "an option nothing sets (BB); the leaf-level fact (no forward, own buffers) is right. ")

LORENZ = ("torchsde examples/latent_sde_lorenz.py: the script builds LatentSDE (the model a user holds, trained through "
          "forward) and calls `latent_sde.sample(batch_size=..., ts=ts, bm=bm_vis)` (:254) outside forward with "
          "compute-device ts; at block level pz0_mean / pz0_logstd / projector sit in the root's unmatched group, "
          "onloaded only by LatentSDE.forward (at leaf level the root parameters are grouped on the root's forward too). ")

DESIGN = ("chroma models/graph_design.py: Chroma.design (chroma.py:531) and users call GraphDesign.sample, which runs "
          "SidechainDecoderGNN.decode -> _decode_post_func outside GraphDesign.forward (the default potts path through "
          "`self.decoder_chi.decode` :926 / :1040, the documented autoregressive path through `self.decoder.decode` "
          ":895); the decoders are non-list children in GraphDesign's unmatched group (and Chroma, with no forward at "
          "all, never onloads its children at block level either). ")

XDIRECT = ("chroma: EdgeSidechainsDirect exists only for sidechain_embedding 'X_direct' / 'mixed_chi_X' "
           "(graph_design.py:1397 / :1403; default 'chi_rbf', :205) and step() runs only for 'mixed_chi_X' (:1574); no "
           "file in the tree sets either (the released checkpoint's hyperparameters could, unverifiable offline): true "
           "only under a non-default option (C). ")

RLLTE = ("rllte: the intrinsic-reward modules are plain objects (rllte/common/prototype/base_reward.py:38 BaseReward) that "
         "build their networks, place them on their device and train them in update(); the user holds an agent / "
         "reward object, not the network (AL). ")

GIRM = ("rllte xplore/reward/girm.py cannot be imported: it imports `BaseIntrinsicRewardModule` from "
        "rllte.common.prototype (:36), which no longer exists, and the package comments its export out "
        "(xplore/reward/__init__.py:37 `# from .girm import GIRM as GIRM`); no GIRM instance can exist: code that fails "
        "without offloading (BB, round ay's use). ")

SFNO = ("ace fme/ace/models/modulus: SpectralAttentionS2 / SpectralAttention2d are built only for "
        "filter_type='non-linear' (sfnonet.py:68 / :85); the block's default is 'linear' (:53 / :131) and every config "
        "in the tree sets `filter_type: linear` (configs/baselines/*, configs/examples/*): reached only under an option "
        "nothing sets (BB). The leaf-level fact (ParameterList tensors passed to compl_muladd2d_fwd) is right. ")

ERL = ("elegantrl agents: AgentPPO / AgentA2C are plain objects (elegantrl/agents/AgentBase.py) that build ActorPPO / "
       "CriticPPO, place them `.to(self.device)` and drive them in explore_env / update_net; nobody offloads the actor "
       "(AL). ")

LATENT = ("torchsde examples/latent_sde.py: the path the finding names (f_aug / g_aug) runs inside LatentSDE.forward's "
          "sdeint (:148), where the root's buffers are onloaded; but the script also samples outside forward, "
          "`model.sample_p(ts=ts_vis, ..., eps=eps)` / `model.sample_q(...)` (:260 / :288, drift 'h' and diffusion 'g' "
          "by name), where the root buffers stay on the offload device and meet the solver's compute-device state. ")

UNET = ("torchsde examples/unet.py: Unet's down/ups res / attn blocks are ModuleLists of ModuleLists; block level hooks "
        "each inner ModuleList (no forward, never called) while forward calls their elements one by one (:321-:342): "
        "their weights stay on the offload device. The script builds the Unet itself (`denoiser = unet.Unet(...)`, "
        "cont_ddpm.py:305) and wraps it in ScoreMatchingSDE (label risk: if the user offloads only the wrapper, the "
        "Unet is a non-list child in its root group and these rows would be AH). ")

DDPM = ("torchsde examples/cont_ddpm.py: ScoreMatchingSDE (`forward = ScoreMatchingSDE(denoiser).to(device)`, :310) "
        "derives its device from its first parameter (the denoiser's, offload device under either root); the sampling "
        "code draws the initial state with it and integrates it through ReverseDiffeqWrapper with compute-device ts. ")

THESEUS = ("theseus utils/examples/tactile_pose_estimation/trainer.py: TactilePushingTrainer._update logs "
           "`param_.grad.norm().item()` (:173) inside torch.no_grad(): a norm of the gradient reduced to a Python float "
           "for a log line meets no compute-device tensor (P); the trainer is also a plain object driving its own "
           "TactileMeasModel (AL on the other reading). ")

R = {
 1: ('chroma/chroma/layers/structure/mvn.py', 799, 'OFL101', 'Ri_local', F("BB", RGAS + "mvn.py:799 BackboneMVNResidueGas._multiply_R_inverse_transpose (`Ri_local`).")),
 2: ('torchsde/examples/latent_sde_lorenz.py', 203, 'OFL105', 'pz0_mean', T("block", LORENZ + "latent_sde_lorenz.py:203 `eps = torch.randn(..., device=self.pz0_mean.device)`: the offload device; z0 then meets the compute-device `ts` in torchsde.sdeint (:205).")),
 3: ('torchsde/examples/latent_sde_lorenz.py', 207, 'OFL102', 'projector', T("block", LORENZ + "latent_sde_lorenz.py:207 `self.projector(zs)`: projector is an nn.Linear direct child (not a list), in LatentSDE's unmatched group, not onloaded in sample().")),
 4: ('chroma/chroma/models/graph_design.py', 1679, 'OFL102', 'embed_chi', T("block", DESIGN + "graph_design.py:1679 `self.embed_chi(chi_p_t)` (chi_rbf, the default sidechain_embedding, :205) in _decode_post_func.")),
 5: ('chroma/chroma/layers/structure/rmsd.py', 186, 'OFL101', 'R_to_F', T("leaf", "chroma layers/structure/rmsd.py:186-:187 CrossRMSD.pairedRMSD multiplies the compute-device cross-covariance with its own `R_to_F` buffer; it is reached from BackboneRMSD.align (:274; BackboneRMSD has no forward) and the Loss*RMSD forwards, never through CrossRMSD.forward; CrossRMSD has no Conv / Linear, so at leaf level its buffer is grouped on CrossRMSD.forward and stays on the offload device. Reached in sampling: DiffusionChainCov.energy / _score_direct align X0 by default (diffusion.py:896 / :1273, align_X0=True at :683 / :741 / :807 / :865), DiffusionChainCov held by GraphBackbone (graph_backbone.py:160). Recall hazard H1.")),
 6: ('rllte/rllte/xplore/reward/pseudo_counts.py', 151, 'OFL202', 'encoder.encode', F("AL", RLLTE + "pseudo_counts.py:106-:112 PseudoCounts (a plain BaseReward object) builds InverseDynamicsEncoder, places it `.to(self.device)` and trains it in update(); watch() (:151) encodes observations with it.")),
 7: ('ace/fme/ace/models/modulus/s2convolutions.py', 417, 'OFL104', 'w[i]', F("BB", SFNO + "s2convolutions.py:417 SpectralAttentionS2.forward_mlp (`self.w[l]`).")),
 8: ('elegantrl/rlsolver/methods/L2A/transformer.py', 55, 'OFL204', 'self_attn', T("leaf", GO + MHA + "elegantrl rlsolver/methods/L2A/transformer.py:55 TrsDecoderLayer.self_attn, called in its forward; TrsCell (the L2A network the demo scripts build and train, demo_instance.py) stacks these layers.")),
 9: ('ace/fme/ace/models/makani_fcn3/models/networks/fourcastnet3.py', 857, 'OFL102', 'atmo_decoder', F("BE", "ace fme/ace/models/makani_fcn3/models/networks/fourcastnet3.py:848 AtmoSphericNeuralOperatorNet.decode is called only from its own forward (:906); the stepper (fme/ace/step/fcn3.py:81) runs the network through forward. Inside forward the root group is onloaded.")),
 10: ('elegantrl/elegantrl/agents/AgentPPO.py', 241, 'OFL201', 'act.state_avg', F("AL", ERL + "elegantrl/agents/AgentPPO.py:241 AgentPPO.update_avg_std_for_normalization writes / reads `self.act.state_avg`.")),
 11: ('elegantrl/helloworld/helloworld_REINFORCE_single_file.py', 216, 'OFL102', 'net', F("AL", "elegantrl helloworld/helloworld_REINFORCE_single_file.py:216 ActorREINFORCE.get_action: the actor is built, placed and driven by the plain-object AgentREINFORCE of the same script (explore_action :290, update_net); nobody offloads it (AL). The torch fact is right at block level (net, a non-list child, is in the root's group).")),
 12: ('rllte/rllte/xplore/reward/girm.py', 311, 'OFL201', 'vae.encoder.encode', F("BB", GIRM + "girm.py:311 compute_irs `self.vae.encoder.encode`.")),
 13: ('torchsde/examples/latent_sde_lorenz.py', 204, 'OFL101', 'pz0_mean', T("block", LORENZ + "latent_sde_lorenz.py:204 `z0 = self.pz0_mean + self.pz0_logstd.exp() * eps`: root parameters outside forward, fed to torchsde.sdeint with the compute-device ts.")),
 14: ('chroma/chroma/layers/structure/protein_graph_allatom.py', 210, 'OFL102', 'embed', C("block", XDIRECT + "protein_graph_allatom.py:210 EdgeSidechainsDirect._featurize calls `self.embed` from step() (graph_design.py:1575), outside EdgeSidechainsDirect.forward and GraphDesign.forward.")),
 15: ('chroma/chroma/layers/structure/mvn.py', 524, 'OFL205', '', T("leaf", "chroma layers/structure/mvn.py:524 ConditionalBackboneMVNGlobular has no forward and reads its own buffers (`R_clamp`, `R_clamp_inverse`, `mu_sample`) in _multiply_R / sample (:620, :723); SubstructureConditioner builds it (conditioners.py:881) and its forward calls `self.conditional_distribution.sample(Z=Z)` (:938) with a compute-device Z: at leaf level the buffers are grouped on a forward nobody calls. The holder is the user-built conditioner passed to Chroma.sample (label risk: a user may offload only Chroma, which does not hold this module).")),
 16: ('chroma/chroma/models/graph_design.py', 1659, 'OFL102', 'chi_to_X', T("block", DESIGN + "graph_design.py:1659 `self.chi_to_X(...)` in _decode_post_func.")),
 17: ('alphafold3-pytorch/alphafold3_pytorch/alphafold3.py', 2822, 'OFL105', 'device', F("P", "alphafold3-pytorch alphafold3.py:2822 ElucidatedAtomDiffusion.sample_schedule: `steps` is built on self.device and divided by the int `N - 1`; the schedule values are consumed as Python floats (`t.item()`, :2858) and as the 0-dim `init_sigma`: no compute-device tensor meets them here (the offload-device noise of sample(), row 43, is the real meeting).")),
 18: ('elegantrl/elegantrl/agents/AgentPPO.py', 132, 'OFL202', 'act.get_action', F("AL", ERL + "AgentPPO.py:132 AgentPPO.explore_action `self.act.get_action`.")),
 19: ('chroma/chroma/models/graph_backbone.py', 214, 'OFL102', 'time_features', T("block", "chroma models/graph_backbone.py:214 GraphBackbone._time_features calls `self.time_features` (a non-list child in GraphBackbone's unmatched group). The path the finding names (_debug_plot_denoising_geometry) is a debug method, but the same call runs in sampling outside forward: GraphBackbone.sample_sde (:186-:187) passes `lambda X, C, t: self.denoise(X, C, t)` to DiffusionChainCov.sample_sde, and denoise calls _time_features (:230); Chroma.sample runs it (chroma.py:361).")),
 20: ('chroma/chroma/models/graph_design.py', 1674, 'OFL102', 'W_S', T("block", DESIGN + "graph_design.py:1674 `self.W_S(S_p_t)` in _decode_post_func.")),
 21: ('generative-models/generative/networks/nets/spade_network.py', 210, 'OFL102', 'fc_mu', F("AB", "generative-models networks/nets/spade_network.py:418 SPADENet.encode (the path the finding names) is called by nothing in the library (its forward calls `self.encoder(x)`, :410); on the second reading (a user calls SPADENet.encode) the encoder, a non-list child in the root's unmatched group, is not onloaded at block level (recall H3).", api=True)),
 22: ('generative-models/generative/networks/nets/vqvae.py', 419, 'OFL102', 'encoder', T("block", "generative-models networks/nets/vqvae.py:419 VQVAE.encode calls `self.encoder` (a non-list child, in VQVAE's unmatched group) outside forward; reached from index_quantize (:434) and encode_stage_2_inputs, which the library's inferers call on the autoencoder (VQVAETransformerInferer / LatentDiffusionInferer).")),
 23: ('rllte/rllte/xplore/reward/girm.py', 359, 'OFL201', 'vae.decoder', F("BB", GIRM + "girm.py:359 update `self.vae.decoder`.")),
 24: ('ace/fme/ace/models/modulus/layers.py', 382, 'OFL104', 'w[i]', F("AB", "ace fme/ace/models/modulus/layers.py:382 layers.SpectralAttentionS2 is built by nothing: sfnonet.py:33-:34 imports SpectralAttentionS2 from s2convolutions and only SpectralAttention2d from layers; and even the used copy needs filter_type='non-linear', which no config sets (rows 7, 59).", api=True)),
 25: ('elegantrl/elegantrl/agents/AgentPPO.py', 308, 'OFL202', 'act.get_logprob_entropy', F("AL", ERL + "AgentPPO.py:308 AgentA2C.update_objectives `self.act.get_logprob_entropy`.")),
 26: ('chroma/chroma/layers/structure/mvn.py', 726, 'OFL101', 'R_clamp', F("AB", "chroma layers/structure/mvn.py:726 ConditionalBackboneMVNGlobular._multiply_R_transpose is reached only from the base class's methods (BackboneMVNGlobular.sample with ddX :517, multiply_covariance :426) that nothing calls on a conditional instance: SubstructureConditioner calls only the overridden sample() (conditioners.py:889 / :938), which uses _multiply_R.", api=True)),
 27: ('chroma/chroma/layers/structure/protein_graph_allatom.py', 201, 'OFL101', 'rff', C("block and leaf", XDIRECT + "protein_graph_allatom.py:201 `torch.einsum(..., self.rff)` in the `rff` basis, which only `mixed_chi_X` builds (graph_design.py:1403), reached from EdgeSidechainsDirect.step (:244) outside its forward.")),
 28: ('elegantrl/examples/demo_FinRL_ElegantRL_China_A_shares.py', 355, 'OFL101', 'action_std_log', F("AL", "elegantrl examples/demo_FinRL_ElegantRL_China_A_shares.py:355 ActorPPO.get_action reads `action_std_log` outside forward (torch fact right at both levels), but the actor is built, placed (`.to(self.device)`, :406) and driven by the script's plain-object AgentPPO (:450, :505); nobody offloads it (AL; recall H4, not counted).")),
 29: ('torchsde/examples/latent_sde.py', 126, 'OFL101', 'mu', T("block and leaf", LATENT + "latent_sde.py:126 h() reads the `mu` buffer (with `theta`).")),
 30: ('torchsde/examples/unet.py', 342, 'OFL203', 'ups_attn_blocks[i][i]', T("block", UNET + "unet.py:342 `attn_block(h)` of `self.ups_attn_blocks[i]`.")),
 31: ('torchsde/examples/latent_sde.py', 123, 'OFL101', 'sigma', T("block and leaf", LATENT + "latent_sde.py:123 g() returns `self.sigma.repeat(...)` (offload device) to the solver.")),
 32: ('elegantrl/elegantrl/agents/AgentPPO.py', 193, 'OFL202', 'act.get_logprob_entropy', F("AL", ERL + "AgentPPO.py:193 AgentPPO.update_objectives `self.act.get_logprob_entropy`.")),
 33: ('alphafold3-pytorch/alphafold3_pytorch/alphafold3.py', 6635, 'OFL105', 'zero', F("P", "alphafold3-pytorch alphafold3.py:6635 Alphafold3.device returns the root buffer `zero`'s device; every use (:7054, :7111, :7708, :7758) is inside Alphafold3.forward, where the root's own tensors are onloaded at both levels (round ba's P rule); the one outside use, forward_with_alphafold3_inputs (:6741), moves the inputs to the offload device and then calls the hooked forward, whose pre_forward sends args / kwargs to the onload device.")),
 34: ('pytorch-frame/torch_frame/nn/conv/ft_transformer_convs.py', 59, 'OFL204', 'transformer', T("leaf", GO + MHA + "pytorch-frame nn/conv/ft_transformer_convs.py:59 FTTransformerConvs' nn.TransformerEncoder (its layers' self_attn), run in forward (:89); FTTransformer builds it.")),
 35: ('climax/src/climax/climate_projection/arch.py', 58, 'OFL204', 'time_agg', T("leaf", GO + MHA + "climax climate_projection/arch.py:58 ClimaXClimateBench.time_agg, called in forward (:132).")),
 36: ('rllte/rllte/xplore/reward/girm.py', 311, 'OFL201', 'vae.decoder', F("BB", GIRM + "girm.py:311 compute_irs `self.vae.decoder`.")),
 37: ('elegantrl/examples/demo_FinRL_ElegantRL_China_A_shares.py', 450, 'OFL202', 'act.get_action', F("AL", "elegantrl examples/demo_FinRL_ElegantRL_China_A_shares.py:450 AgentPPO.explore_action (a plain object) drives the actor it built; as row 28.")),
 38: ('torchsde/examples/cont_ddpm.py', 133, 'OFL105', 'device', T("block and leaf", DDPM + "cont_ddpm.py:133 sample_t1_marginal: `torch.randn(..., device=self.device)` on the offload device, the initial state of the reverse SDE solved with the compute-device ts.")),
 39: ('chroma/chroma/layers/structure/mvn.py', 745, 'OFL205', '', F("BB", RGAS + "mvn.py:745 BackboneMVNResidueGas (OFL205: no forward, own buffers).")),
 40: ('torchsde/examples/unet.py', 322, 'OFL203', 'down_attn_blocks[i][i]', T("block", UNET + "unet.py:322 `attn_block(h)` of `self.down_attn_blocks[i]`.")),
 41: ('graph-weather/graph_weather/models/aurora/processor.py', 54, 'OFL204', 'encoder', T("leaf", GO + MHA + "graph-weather models/aurora/processor.py:54 PerceiverProcessor's nn.TransformerEncoder, run in forward (:85 / :91); exported in graph_weather.models.aurora.")),
 42: ('pytorch-frame/torch_frame/nn/encoder/stype_encoder.py', 733, 'OFL104', 'weight_list[i]', T("leaf", GO + "pytorch-frame nn/encoder/stype_encoder.py:733 LinearEmbeddingEncoder.encode_forward (called by the encoder's forward) multiplies compute-device features with `self.weight_list[idx]` (nn.ParameterList, never called); a documented encoder for embedding columns (test_stypewise_encoder.py).")),
 43: ('alphafold3-pytorch/alphafold3_pytorch/alphafold3.py', 2865, 'OFL105', 'device', T("leaf", "alphafold3-pytorch alphafold3.py:2865 ElucidatedAtomDiffusion.sample: `self.device` is `next(self.net.parameters()).device` (:2755), a DiffusionModule parameter on the offload device at leaf level outside its owner's forward, so `atom_pos` / `eps` are drawn there; `atom_pos_hat - model_output` (:2884) meets the network's compute-device output.")),
 44: ('torchsde/examples/unet.py', 321, 'OFL203', 'down_res_blocks[i][i]', T("block", UNET + "unet.py:321 `res_block(hs[-1], t)` of `self.down_res_blocks[i]`.")),
 45: ('ace/fme/ace/models/modulus/layers.py', 272, 'OFL104', 'b[i]', F("BB", SFNO + "layers.py:272 SpectralAttention2d.forward_mlp (`self.b[l]`).")),
 46: ('graph-weather/graph_weather/models/aurora/encoder.py', 18, 'OFL204', 'swin_transformer', T("leaf", GO + MHA + "graph-weather models/aurora/encoder.py:18 Swin3DEncoder's nn.Transformer; forward runs `self.swin_transformer.encoder(x)` (:45).")),
 47: ('ace/fme/ace/models/modulus/layers.py', 272, 'OFL104', 'w[i]', F("BB", SFNO + "layers.py:272 SpectralAttention2d.forward_mlp (`self.w[l]`).")),
 48: ('torchsde/examples/unet.py', 341, 'OFL203', 'ups_res_blocks[i][i]', T("block", UNET + "unet.py:341 `res_block(...)` of `self.ups_res_blocks[i]`.")),
 49: ('theseus/theseus/utils/examples/tactile_pose_estimation/trainer.py', 177, 'OFL201', 'measurements_model.fc1.weight', F("P", THESEUS + "trainer.py:177 `_print_grad(..., self.measurements_model.fc1.weight)`.")),
 50: ('pytorch-frame/torch_frame/nn/models/tab_transformer.py', 156, 'OFL103', 'pad_embedding.weight', T("leaf", GO + "pytorch-frame nn/models/tab_transformer.py:156 TabTransformer.forward reads `self.pad_embedding.weight` (an nn.Embedding never called) and concatenates it with the compute-device categorical embedding (:160).")),
 51: ('elegantrl/examples/demo_FinRL_ElegantRL_China_A_shares.py', 505, 'OFL202', 'act.get_logprob_entropy', F("AL", "elegantrl examples/demo_FinRL_ElegantRL_China_A_shares.py:505 AgentPPO.update_objectives; as row 28.")),
 52: ('theseus/theseus/utils/examples/tactile_pose_estimation/trainer.py', 178, 'OFL201', 'measurements_model.fc1.bias', F("P", THESEUS + "trainer.py:178 `_print_grad(..., self.measurements_model.fc1.bias)`.")),
 53: ('rllte/rllte/xplore/reward/girm.py', 357, 'OFL201', 'vae.logvar', F("BB", GIRM + "girm.py:357 update `self.vae.logvar`.")),
 54: ('torchsde/examples/cont_ddpm.py', 66, 'OFL105', 'next(self.parameters())', T("block and leaf", DDPM + "cont_ddpm.py:66 Module.device (`next(self.parameters()).device`), read by sample_t1_marginal (:133), as row 38.")),
 55: ('graph-weather/graph_weather/models/aurora/model.py', 104, 'OFL204', 'attention', T("leaf", GO + MHA + "graph-weather models/aurora/model.py:104 SelfAttentionLayer.attention, called in forward (:114); AuroraModel stacks them (recall H2).")),
 56: ('generative-models/generative/networks/layers/vector_quantizer.py', 111, 'OFL103', 'embedding.weight', T("leaf", GO + "generative-models networks/layers/vector_quantizer.py:111 EMAQuantizer.quantize (called from its forward, :162, and VectorQuantizer.quantize) reads `self.embedding.weight` (an nn.Embedding never called) against the compute-device inputs.")),
 57: ('pytorch-frame/torch_frame/nn/encoder/stype_encoder.py', 846, 'OFL104', 'bias_dict[i]', T("leaf", GO + "pytorch-frame nn/encoder/stype_encoder.py:846 LinearModelEncoder.encode_forward adds `self.bias_dict[col_name]` (nn.ParameterDict, never called) to compute-device features.")),
 58: ('chroma/chroma/layers/basic.py', 134, 'OFL103', 'embedding.weight', F("AB", "chroma layers/basic.py:107 MeanEmbedding is used by nothing in chroma (no model or layer builds it; grep finds only its definition); on the second reading (a user builds it) the leaf-level fact holds.", api=True)),
 59: ('ace/fme/ace/models/modulus/s2convolutions.py', 417, 'OFL104', 'b[i]', F("BB", SFNO + "s2convolutions.py:417 SpectralAttentionS2.forward_mlp (`self.b[l]`).")),
 60: ('chroma/chroma/models/graph_classifier.py', 235, 'OFL103', 'sequence_embedding.weight', T("leaf", GO + "chroma models/graph_classifier.py:235 GraphClassifier.encode (from forward :315 and from ProClassConditioner, conditioners.py:720) computes `O @ self.sequence_embedding.weight` (an nn.Embedding never called) with the compute-device one-hot sequence.")),
}

if __name__ == "__main__":
    write_labels(HERE, labels_of_rows(HERE, R, "/tmp/corp63/"))
