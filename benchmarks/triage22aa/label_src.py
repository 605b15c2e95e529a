"""Write benchmarks/triage22aa/labels.json (round aa; all 60 rows).

New cause letters: none. Standard of rounds x-z: true when the hazard is real at the claimed level(s) the way the tree
runs its code (training counts); false with a cause letter otherwise. Runtime column filled from runtime_column.json
where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}
R = "read: no harness (time)"

WN = ("MockingBird, legacy torch.nn.utils.weight_norm (imported from torch.nn.utils): its forward pre-hook recomputes "
      "`weight` from weight_g/weight_v before the conv's leaf group (hooked on the conv's forward) is onloaded, so a CPU "
      "weight meets the device input. ")
HG = (WN + "HiFi-GAN vocoder (models/vocoder/hifigan): train.py:45-47 builds Generator, MultiPeriodDiscriminator and "
      "MultiScaleDiscriminator and trains them with the weight norm (control/cli/vocoder_train.py `hifigan`); only "
      "inference.py:53 removes it from the Generator. ")
FG = (WN + "Fre-GAN vocoder (models/vocoder/fregan): train.py:44-46 builds FreGAN, ResWiseMultiPeriodDiscriminator, "
      "ResWiseMultiScaleDiscriminator (control/cli/vocoder_train.py `fregan`) and trains them with the weight norm; "
      "only inference.py:53 removes it from the generator. ")
VT = (WN + "VITS synthesizer (models/synthesizer/models/vits.py, sublayer/vits_modules.py): train_vits.py:153-159 "
      "builds Vits and MultiPeriodDiscriminator(hps.model.use_spectral_norm) and trains them; nothing calls "
      "Generator/WN.remove_weight_norm (vits.py:297, vits_modules.py:173), so inference (vits.ipynb) keeps it too. "
      "Label risk: the VITS config is loaded from a checkpoint folder not in the tree (VITS's defaults: resblock '1', "
      "use_spectral_norm false). ")
MEL = ("MockingBird models/ppg2mel/__init__.py MelDecoderMOLv2.inference (the voice-conversion path: run.py:77, "
       "control/toolbox/__init__.py:381, control/mkgui/app_vc.py:144) calls reduce_proj (:180), decoder "
       "(Decoder.inference :186 / inference_batched :184) and postnet, never forward; at block these direct children "
       "(no ModuleList) are the root's unmatched group, onloaded only by MelDecoderMOLv2.forward; the features are on "
       "the device (run.py moves them with .to(device)). ")
MVS = ("mvsnerf MVSNeRF.forward_alpha (:563) -> self.nerf.forward_alpha: renderer.py render_density (:167) -> "
       "run_network_mvs with viewdirs None -> batchify's fn.forward_alpha (:36), run by both finetuning scripts "
       "(train_mvs_nerf_finetuning_pl.py:98, _fusion_:213) with features on the device; `nerf` is a direct child "
       "(no ModuleList), the root's unmatched group at block, onloaded only by MVSNeRF.forward. ")
DDRM = ("ddrm models/diffusion.py Model (DDIM's model, built when config.model.type == 'simple': configs "
        "celeba_hq/bedroom/cat/church.yml): self.down/self.up are the root's ModuleLists of bare nn.Module() holders "
        "(block, attn, downsample/upsample); block level hooks each holder as a block on its own forward, which "
        "nothing calls (Model.forward indexes into it), so the layers stay offloaded while h is on the device. ")
GC_CL = ("GraphCL semisupervised_TU/finetuning/net_cl.py ResGCN.forward_cl: nothing in finetuning/ calls forward_cl "
         "(main.py/main_cl.py import net_cl.ResGCN, but finetuning/train_eval.py calls only model(data), :205/:223/"
         ":236); the forward_cl calls at pre-training/train_eval.py:234-235 are on pre-training's own res_gcn.ResGCN "
         "(pre-training/main.py:10). ")
CQL_VAE = ("CQL d4rl/rlkit skewfit (examples/skewfit/*.py -> launchers/skewfit_experiments.py:546 OnlineVaeAlgorithm). ")

L = {
    1: T("leaf", VT + "This row: vits.py DiscriminatorP convs (:307)."),
    2: T("block", MEL + "This row: Decoder.inference `self.linear_projection` (rnn_decoder_mol.py:297), reached from :186 (run.py's batch of one)."),
    3: T("block", "GraphCL unsupervised_TU/deepinfomax_v.py GcnInfomax.forward_GAE (:90 encoder, then projection_head): the training loop calls model.forward_GAE (:157) with data on the device (:155), never forward; encoder/projection_head are direct children (no ModuleList), the root's unmatched group at block."),
    4: T("leaf", VT + "This row: vits.py DiscriminatorS convs (:342)."),
    5: T("block", MEL + "This row: Decoder.decode `self.decoder_rnn_layers[i]` (:202; a ModuleList inside Decoder, not a root child, so no block), from Decoder.inference."),
    6: T("block", "MockingBird vits.py Vits.infer (:500 enc_p, then emb_g, dp, flow, dec): called by train_vits.py:343 (evaluate, on the GPU) and vits.ipynb's tts; never forward; the children are direct (no ModuleList), the root's unmatched group at block; x on the device in training's evaluate."),
    7: F("P", "MockingBird models/encoder/model.py SpeakerEncoder.similarity_matrix (:104 similarity_bias) from loss(): the tree computes the loss on the CPU on purpose (encoder/train.py:32 loss_device = cpu, :77 embeds .to(loss_device), model built with loss_device :35), so the offloaded (CPU) parameter meets CPU tensors: no device mismatch."),
    8: F("BB", VT + "This row: vits_modules.py ResBlock2 convs (:229), built only when resblock != '1' (vits.py:251); VITS configs use '1'. Label risk: the config is not in the tree."),
    9: F("AL", "Chinese-Vicuna tools/quant/quant_linear.py QuantLinear.pack (:343 g_idx): a one-time conversion run by tools/quant_llama.py llama_pack (:241) on the freshly made quant layers before the model is saved; nothing is offloaded then (as AutoGPTQ's pack, cause AL)."),
    10: T("block", MEL + "This row: Decoder.attend `self.attention_layer` (:191), from Decoder.inference."),
    11: T("block", MEL + "This row: Decoder.inference `self.stop_layer` (:298)."),
    12: T("block", DDRM + "This row: `self.down[i].downsample` (:319)."),
    13: T("block", DDRM + "This row: `self.down[i].attn[i]` (:316; attn_resolutions [16] in the configs)."),
    14: T("leaf", VT + "This row: vits_modules.py ResBlock1 convs1 (:184)."),
    15: T("leaf", FG + "This row: fregan/discriminator.py ResWiseMultiScaleDiscriminator dwt_conv2 (:260; use_spectral_norm False)."),
    16: T("block", MVS + "This row: the first call, MVSNeRF.forward_alpha (:563)."),
    17: T("leaf", FG + "This row: FreGAN conv_post (generator.py:131)."),
    18: T("leaf", HG + "This row: hifigan/models.py DiscriminatorS conv_post (:241): MultiScaleDiscriminator builds one spectral-norm and two weight-norm DiscriminatorS."),
    19: T("leaf", FG + "This row: fregan/discriminator.py DiscriminatorP dwt_conv1 (:87)."),
    20: T("block", "MockingBird models/vocoder/wavernn/models/fatchord_version.py WaveRNN.generate (:170 upsample, then I, fc1-fc3, and GRU cells copied from rnn1/rnn2): the WaveRNN vocoder's inference (wavernn/inference.py:63, gen_wavernn.py:29) calls generate, never forward; the children are the root's unmatched group at block; generate moves mels to CUDA itself (:164-165) and builds h1/h2/x with .cuda() (:179-181), so the offloaded weights meet CUDA tensors (unlike the earlier rounds' copies that took the device from the parameters)."),
    21: T("block", DDRM + "This row: `self.up[i].upsample` (:335)."),
    22: T("leaf", FG + "This row: fregan/generator.py ResBlock1 convs1 (:16; config resblock '1')."),
    23: T("leaf", FG + "This row: fregan/discriminator.py DiscriminatorS conv_post (:223; two of the three DiscriminatorS use weight norm, :83-85)."),
    24: F("P", "As row 7: SpeakerEncoder.similarity_matrix similarity_weight (:104): the loss runs on the CPU by design (encoder/train.py:32, :77), where the offloaded parameter already is."),
    25: T("block", DDRM + "This row: `self.up[i].block[i]` (:330)."),
    26: T("leaf", FG + "This row: fregan/discriminator.py DiscriminatorS convs (:215)."),
    27: T("leaf", FG + "This row: fregan/discriminator.py DiscriminatorS dwt_conv2 (:213)."),
    28: T("block", MEL + "This row: Decoder.inference `self.prenet` (:287)."),
    29: T("leaf", HG + "This row: Generator conv_pre (hifigan/models.py:99), trained with the weight norm."),
    30: T("leaf", HG + "This row: Generator conv_post (hifigan/models.py:130)."),
    31: T("leaf", VT + "This row: vits.py DiscriminatorP conv_post (:313)."),
    32: T("leaf", VT + "This row: vits.py DiscriminatorS conv_post (:349)."),
    33: T("leaf", HG + "This row: hifigan/models.py DiscriminatorS convs (:233)."),
    34: T("block", "GraphCL unsupervised_Cora_Citeseer/models/dgi.py DGI.embed (:52 self.gcn): execute.py:212 calls model.embed after training, with features/adj moved to CUDA when available; gcn is a direct child (no ModuleList), the root's unmatched group at block, onloaded only by DGI.forward."),
    35: T("leaf", VT + "This row: vits_modules.py WN res_skip_layers (:138)."),
    36: T("leaf", HG + "This row: hifigan/models.py ResBlock1 convs1 (:16; config_16k_.json resblock '1')."),
    37: F("BB", "mvsnerf models.py Renderer_linear (:500 pts_bias) is built only for --net_type v2 (MVSNeRF :558); opt.py:27 defaults to v0 and every run command in the tree (run_batch.py, renderer.ipynb) passes v0; v2 appears only in a commented-out line (run_batch.py:34)."),
    38: T("leaf", FG + "This row: FreGAN ups (generator.py:102, weight-normed ConvTranspose1d)."),
    39: T("leaf", VT + "This row: vits_modules.py WN cond_layer (:121; present with gin_channels, the multi-speaker VITS that MockingBird trains)."),
    40: F("AB", CQL_VAE + "vae_wrapper.py VAEWrappedEnv.update_env (:323) `self.vae.to(ptu.device)`: its only mention outside its definition is inside get_env_update's docstring (:306, `subprocess_env.update_env(**env.get_env_update())`); nothing in the tree calls update_env."),
    41: F("BB", CQL_VAE + "online_vae_algorithm.py OnlineVaeAlgorithm.update_vae_in_training_subprocess (:141) `self.vae.to(device)` runs only when parallel_vae_train is on (:82-91); the default is True (:26), but all three skewfit examples pass parallel_vae_train=False (sawyer_door.py:52, sawyer_push.py:45, sawyer_pickup.py:56), the only runs of the tree that build the algorithm."),
    42: T("leaf", FG + "This row: FreGAN res_output (generator.py:110)."),
    43: F("AB", GC_CL + "This row: forward_BNConvReLU_cl (:176), reached only from forward_cl."),
    44: T("block", MVS + "This row: Renderer_ours.forward_alpha `self.pts_linears[i]` (:185; a ModuleList inside nerf, not a root child)."),
    45: T("leaf", VT + "This row: vits_modules.py ResBlock1 convs2 (:194)."),
    46: T("leaf", FG + "This row: FreGAN conv_pre (generator.py:89)."),
    47: T("block", "CQL d4rl/rlkit/torch/sac/policies.py TanhGaussianPolicy.log_prob (:80 last_fc): cql.py:190 calls policy.log_prob outside forward while _current_epoch < policy_eval_start (examples/cql_antmaze_new.py sets 40000); fcs is a ModuleList (blocks, onloaded), but last_fc/last_fc_log_std are the root's unmatched group, onloaded only by forward; obs on ptu.device."),
    48: T("block", DDRM + "This row: `self.up[i].attn[i]` (:333)."),
    49: T("block", MVS + "This row: Renderer_ours.forward_alpha `self.pts_bias` (:183)."),
    50: T("block", MEL + "This row: `self.reduce_proj` (:180), the first call of an unmatched child (bnf_prenet/pitch_convs are Sequentials: blocks)."),
    51: F("BB", "As row 37: Renderer_linear.forward_alpha alpha_linear (:507), built only for --net_type v2, which no run in the tree uses."),
    52: T("block", MEL + "This row: `self.decoder.inference(...)` (:186)."),
    53: T("block", CQL_VAE + "rlkit/torch/vae/conv_vae.py ConvVAE.encode (:209 fc1; encoder and fc2 the same) is called outside forward by vae_wrapper.py:386/:390 (encode_imgs / the env's latent encoding, ptu.from_numpy on the device) and vae_trainer.py:41; encoder/fc1/fc2 are direct children (no ModuleList), the root's unmatched group at block."),
    54: T("leaf", "SGL-Torch model/general_recommender/SGL.py _LightGCN._forward_gcn (:97) reads self.user_embeddings.weight for torch.cat and sparse.mm with norm_adj on the device (:191-194); at leaf the Embedding's group is onloaded only by its own forward, which nothing calls (forward and eval call _forward_gcn)."),
    55: F("AB", GC_CL + "This row: forward_cl (:166) itself."),
    56: T("leaf", "DPS util/resizer.py Resizer.forward (:69) multiplies x by self.weights[i], a tensor of the ParameterList self.weights; at leaf that parameter's group is hooked on the ParameterList (its closest parent), whose forward never runs, so it stays on the CPU while x is on the device. Built and run by guided_diffusion/measurements.py:78 (the super-resolution operator, configs/super_resolution_config.yaml). Label risk: the measurement operator is a helper module, not the diffusion model."),
    57: T("leaf", "As row 54: item_embeddings.weight (SGL.py:97)."),
    58: T("block", "CQL d4rl/rlkit/policies/argmax.py ArgmaxDiscretePolicy.get_action (:19) calls self.qf(obs) with obs on ptu.device (:18); the class defines no forward, qf is a direct child (no ModuleList), the root's unmatched group at block, which nothing onloads. Built by examples/dqn_and_double_dqn.py:38 and her/her_dqn_gridworld.py:48 (eval policy)."),
    59: T("block", MEL + "This row: `self.decoder.inference_batched(...)` (:184), the batch path (toolbox/mkgui callers)."),
    60: T("block", "GraphCL adversarialRobustness_Component/code/common/dnn.py GraphClassifier.forward_cl (:139 self.s2v): graph_classification/graph_common.py:40-41 loop_dataset calls classifier.forward_cl in the first 100 epochs, node features .cuda() under ctx gpu; s2v is a direct child (no ModuleList), the root's unmatched group at block (projection_head, a Sequential, is a block and is fine). Label risk: s2v is pytorch_structure2vec's module (external C library)."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
