"""Write benchmarks/triage22aj/labels.json (round aj; all 60 drawn rows).

No new cause letter was needed (round ai uses other letters; IA was reserved for this round and not used). Standard of
rounds x-ah: true when the hazard is real at (at least one of) the claimed level(s) the way the tree runs its code
(training counts); C when true only under a non-default option the tree documents; false with a cause letter
otherwise (AB code nothing builds or calls, with `api` where the entry is a public method; BB a branch no caller or
config takes; A premise about what is offloaded; AT a training wrapper judged the offload root; AO a copy nothing runs
while a sibling copy runs). Runtime column filled from runtime_column.json where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

ENCODEC = ("encodec-pytorch main.py builds EncodecModel (:128-134, moved to --device, default cuda), moves the wave "
           "to the device (:110) and calls compress(model, wav) -> model.encode(wav[None]) (compress.py:53) and "
           "decompress(model, ...) -> model.decode(frames) (compress.py:158), outside EncodecModel.forward. Its "
           "children encoder (SEANetEncoder), decoder (SEANetDecoder) and quantizer (ResidualVectorQuantizer -> vq -> "
           "layers, a ModuleList two levels down) are no direct ModuleList/Sequential of the root, so at block level "
           "all sit in EncodecModel's unmatched group, onloaded only by EncodecModel.forward. ")
ENC_ROOT = ("The message names VectorQuantization as the root (its own unmatched group); with the application's "
            "root, EncodecModel, the line meets the same offloaded codebook at block (as round ah's row 32). ")
EDT_ROOT = ("EDTalk's demo scripts build `Demo(nn.Module)`, a driver without forward that holds the Generator "
            "(and Audio2Lip), loads checkpoints and writes videos; the offload root is the Generator it builds and "
            "drives (the message takes Demo as the root, 'onloaded only while Demo.forward() (which Demo does not "
            "define)'). With Generator as root, at block level its direct children enc (Encoder), dec (Synthesis), "
            "direction_lipnonlip / direction_exp (Direction*) sit in the unmatched group hooked on Generator.forward, "
            "while fc, lip_fc, pose_fc (and exp_fc) are nn.Sequential blocks hooked on their own forwards. ")
LIPPOSE_V = ("demo_lip_pose_V.py:160 calls self.gen.test_EDTalk_V(...) (networks/generator_lip_pose.py:196) with "
             "device images (:120, :130). ")
LIPPOSE_W = ("code_for_webui/demo_lip_pose.py:200 (imported by webui_emotions.py:12) calls "
             "self.gen.test_from_audio_pose_image(...) (networks/generator_lip_pose.py:182) with device inputs. ")
CIPS_CFG = ("CIPS-3D builds its generators from configs (tl2 build_model, `name:` keys): exp.cips3d.models."
            "generator(_v1).GeneratorNerfINR / GeneratorNerfINR_freeze_NeRF (exp/cips3d/configs), exp.cips3d_inversion."
            "models.generator(_v1.._v5).Generator_Diffcam(_FreezeNeRF), and for the web demo exp.dev.nerf_inr.models."
            "generator_nerf_inr_v16.GeneratorNerfINR (configs/web_demo.yaml:14). The train/gen scripts call only "
            "forward, get_zs, set_device, load_nerf_ema; the one caller of forward_camera_pos_and_lookup in the tree is "
            "scripts/web_demo.py:154/164/174, on the v16 generator (which overrides mapping_network, "
            "generate_avg_frequencies, points_forward and forward_camera_pos_and_lookup, v16.py:1645-1801). ")
CIPS_AB = ("So this class's forward_camera_pos_and_lookup, and every method reached only from it, is called by "
           "nothing in the tree (a public method; the hazard would be real if a user called it with device inputs). ")
CIPS_DEV = ("exp/dev/nerf_inr/models/generator_nerf_inr.py's GeneratorNerfINR is built by no config (configs name "
            "_v16); it is the base class of v16's and the inversion's generators, which do not call staged_forward, "
            "staged_forward_with_frequencies or forward_with_frequencies (the only callers of those names are "
            "piGAN_lib's scripts on piGAN_lib's own generators, and commented lines in exp/dev/nerf_inr/scripts). ")
CIPS_AO = ("The finding names the identical copy in exp/dev/nerf_inr/models/generator_nerf_inr_v16.py as a related "
           "location ('reported at the first copy by path'); that copy is the one the tree runs (web_demo.py on the "
           "v16 GeneratorNerfINR), where the hazard is real at block. The reported line is in a copy nothing calls. ")
CLN = ("CLN wraps gain/bias Linears in legacy spectral_norm only under `spectral_norm=True` (default False); every "
       "construction in the tree passes no spectral_norm (exp/comm/models/nerf_network.py:361, "
       "exp/dev/nerf_inr/models/generator_nerf_inr_v13.py:53, _v14.py:54, _v6.py:69: CLN(in_dim=...[, "
       "use_style_fc=True, style_dim=...])), and no config sets it. ")
SPADE_EAT = ("EAT_code's SPADEDecoder hard-codes norm_G = 'spadespectralinstance' (modules/generator.py:124), so "
             "every SPADEResnetBlock it builds (:128-135) wraps conv_0/conv_1/conv_s in legacy spectral_norm "
             "(modules/util.py:467-471); SPADEDecoder is the decoder of OcclusionAwareSPADEGenerator(Eam) "
             "(:201, :301), built by demo.py / test_*.py / the training scripts. At leaf level the SpectralNorm "
             "pre-hook computes `weight` from the CPU weight_orig/u/v before diffusers' hook (wrapping forward) "
             "onloads the conv; the recomputed weight is a plain attribute the onload does not move. ")
MHA_EAT = ("EAT_code's Audio2kpTransformerBBoxQDeepPrompt (demo.py:9, test_*.py, training scripts) holds "
           "TransformerDeep (modules/transformer.py:744), whose TransformerEncoderLayer / TransformerDecoderLayer call "
           "nn.MultiheadAttention (:355, :419, :423): MHA's forward passes out_proj.weight to "
           "F.multi_head_attention_forward without calling out_proj, a Linear (a supported leaf) whose own group is "
           "hooked on its never-called forward: at leaf level that weight stays on the CPU. ")
XC_TRAIN = ("X-Codec-2.0's CodecLightningModule is the PyTorch-Lightning training wrapper (train.py:32) holding the "
            "codec parts (CodecEnc, generator, discriminator, spec_discriminator, semantic model, criteria) plus "
            "losses and optimizers; training_step drives the parts directly. The offload roots are the models it "
            "holds, not the LightningModule (inference.py builds CodecEncoder / CodecDecoderVocos alone, :67-72). ")

L = {
    1: T("block", ENCODEC + "This row: model.py:161 _encode_frame calls self.encoder (the encode path's first "
         "hazard)."),
    2: F("AB", CIPS_DEV + "This row: generator_nerf_inr.py:1131 GeneratorNerfINR.forward_with_frequencies "
         "(self.siren.forward_with_frequencies_phase_shifts).", api=True),
    3: F("BB", CLN + "This row: exp/comm/models/cond_layer_norm.py:34 (bias_fc)."),
    4: T("leaf", SPADE_EAT + "This row: modules/util.py:468 (conv_0)."),
    5: T("block", EDT_ROOT + LIPPOSE_W + "This row: generator_lip_pose.py:191 self.direction_lipnonlip(alpha_D) in "
         "test_from_audio_pose_image: Direction is in Generator's unmatched group, so its weight (read by its "
         "forward) is on the CPU at block (true with Generator as root; the message's root, Demo, is wrong)."),
    6: T("leaf", MHA_EAT + "This row: transformer.py:391 TransformerDecoderLayer.self_attn."),
    7: F("AB", CIPS_CFG + CIPS_AB + "This row: exp/cips3d_inversion/models/generator.py:1732 "
         "Generator_Diffcam.generate_avg_frequencies (reached only from its forward_camera_pos_and_lookup).",
         api=True),
    8: T("block", EDT_ROOT + LIPPOSE_V + "This row: generator_lip_pose.py:198 self.enc(...) in test_EDTalk_V (the "
         "method's first hazard; recall R1's callee)."),
    9: F("AB", XC_TRAIN + "This row: lightning_module.py:200 CodecLightningModule.inference (self.CodecEnc, "
         "self.generator): no caller in the tree (inference.py and inference_save_code.py use the separately built "
         "parts).", api=True),
    10: F("AB", CIPS_DEV + "This row: generator_nerf_inr.py:758 generate_avg_frequencies reached from staged_forward "
          "(uncalled).", api=True),
    11: T("leaf", SPADE_EAT + "This row: modules/util.py:469 (conv_1)."),
    12: T("block", ENCODEC + "This row: model.py:189 _decode_frame calls self.quantizer.decode(codes) (decode path, "
          "main.py decompress; the codebook buffers are in the unmatched group)."),
    13: F("A", EDT_ROOT + LIPPOSE_V + "This row: generator_lip_pose.py:201 self.pose_fc(shared_fc): pose_fc is an "
          "nn.Sequential of EqualLinears (:168), a block hooked on its own forward, which this call runs: onloaded. "
          "False with the Generator as root; only the message's premise (Demo as root) makes it a hazard."),
    14: F("AB", CIPS_DEV + "This row: generator_nerf_inr.py:197 NeRFNetwork.forward_with_frequencies_phase_shifts "
          "(color_layer_sine), reached only from GeneratorNerfINR.staged_forward_with_frequencies (:1002), uncalled.",
          api=True),
    15: F("AB", CIPS_CFG + CIPS_AB + "This row: exp/cips3d/models/generator_v1.py:1809 GeneratorNerfINR."
          "mapping_network (mapping_network_nerf ...), reached only from forward_camera_pos_and_lookup (the v1 "
          "generator's forward calls the children itself).", api=True),
    16: F("AB", CIPS_DEV + "This row: generator_nerf_inr.py:180 NeRFNetwork.forward_with_frequencies_phase_shifts "
          "(final_layer), reached only from staged_forward_with_frequencies, uncalled.", api=True),
    17: T("leaf", "X-Codec-2.0 vq/module.py:13 WNConv1d wraps every Conv1d it builds in legacy weight_norm; "
          "CodecEncoder builds its convs with it (vq/codec_encoder.py:45, :59, ResidualUnit/EncoderBlock in "
          "vq/module.py:25-40) and inference.py:67-69 builds CodecEncoder().eval().cuda() without any "
          "remove_weight_norm (the decoder's remove_weight_norm, codec_decoder_vocos.py:451, is not called either). "
          "At leaf level the WeightNorm pre-hook recomputes the weight from CPU weight_g/weight_v before diffusers' "
          "hook onloads the conv. The finding is reported once, at the helper, the line where the fix goes."),
    18: F("AB", CIPS_CFG + CIPS_AB + "This row: exp/cips3d/models/generator.py:1895 GeneratorNerfINR."
          "forward_camera_pos_and_lookup (self.mapping_network). (v16's forward_camera_pos_and_lookup, which runs, "
          "differs in text and is not among this finding's related locations.)", api=True),
    19: F("AO", CIPS_CFG + CIPS_AO + "This row: exp/cips3d/models/generator_v1.py:1911 "
          "GeneratorNerfINR.forward_camera_pos_and_lookup; related: generator_nerf_inr_v16.py:1867 (run by "
          "web_demo.py:154)."),
    20: T("block", ENCODEC + ENC_ROOT + "This row: quantization/core_vq.py:292 VectorQuantization.encode -> "
          "self._codebook.encode(x) (EuclideanCodebook's embed buffer), reached from model.py:165."),
    21: F("AB", "EDTalk networks/generator.py:75 Direction_exp.only_exp reads self.weight outside forward, but "
          "nothing calls networks/generator.py's only_exp: the only calls of the name (train/networks_exp/"
          "generator.py:233, :283) are on the networks_exp copy's Direction_exp, in a file no file of the tree "
          "imports (its own findings are suppressed as such); the demos call test_EDTalk_A / test_EDTalk_V / "
          "*_use_exp_weight, which use get_shared_out and forward. The message's related copy "
          "(train/networks_exp/generator.py:75) is that unimported copy.", api=True),
    22: F("AB", CIPS_DEV + "This row: generator_nerf_inr.py:1002 staged_forward_with_frequencies "
          "(self.siren.forward_with_frequencies_phase_shifts).", api=True),
    23: T("block", EDT_ROOT + LIPPOSE_W + "This row: generator_lip_pose.py:184 self.enc(...) in "
          "test_from_audio_pose_image (the method's first hazard)."),
    24: T("leaf", "StyleGAN.pytorch models/GAN.py:277-278: in training, Generator.forward calls "
          "self.truncation.update(dlatents_in[0, 0]) before self.truncation(...) (:291-292); Truncation is built "
          "when truncation_psi > 0 (:246), and the README's training config configs/sample.yaml leaves the default "
          "0.7 (config.py:66). At leaf level Truncation's buffer avg_latent forms a group hooked on "
          "Truncation.forward, which has not run yet: CustomLayers.py:317 adds the CPU avg_latent to the device "
          "last_avg (training)."),
    25: T("block", "ZITS_inpainting TSR_inference.py:38 builds EdgeLineGPT256RelBCE and calls "
          "SampleEdgeLineLogits(model, ...) (src/utils.py:267), which moves the inputs to cuda (:269-272) and calls "
          "model.forward_with_logits(...) (:279) outside forward (also FTR_trainer.py:360/457/507 on "
          "inpaint_model.transformer). This row: src/models/TSR_model.py:182 forward_with_logits calls self.conv1 "
          "(and conv2-4, ln_f, convt1-3 ...), direct children in the root's unmatched group at block."),
    26: T("block", EDT_ROOT + LIPPOSE_V + "This row: generator_lip_pose.py:210 self.dec(latent_poseD, None, feats) "
          "in test_EDTalk_V: dec (Synthesis_lip_pose) is in Generator's unmatched group (a second hazard of the "
          "method; row 8 is its first)."),
    27: T("leaf", MHA_EAT + "This row: transformer.py:332 TransformerEncoderLayer.self_attn."),
    28: F("AB", CIPS_DEV + "This row: generator_nerf_inr.py:848 staged_forward (self.mapping_network, "
          "self.inr_net).", api=True),
    29: F("AB", CIPS_CFG + CIPS_AB + "This row: exp/cips3d_inversion/models/generator.py:1816 "
          "Generator_Diffcam.forward_camera_pos_and_lookup.", api=True),
    30: F("BB", CLN + "This row: exp/comm/models/cond_layer_norm.py:33 (gain_fc)."),
    31: F("AO", CIPS_CFG + CIPS_AO + "This row: exp/cips3d/models/generator.py:1800 GeneratorNerfINR."
          "mapping_network; related: generator_nerf_inr_v16.py:1773-1774 (reached from v16's "
          "forward_camera_pos_and_lookup, v16.py:1867)."),
    32: T("block+leaf", "EDTalk demo_EDTalk_V.py:113 calls self.gen.test_EDTalk_V(...) (networks/generator.py:150) "
          "with device inputs; it calls self.direction_exp.get_shared_out(alpha_D, self.direction_lipnonlip.weight) "
          "(:165). This row: generator.py:89 get_shared_out cats the lip/non-lip weight with Direction_exp's own "
          "weight and multiplies the QR factor with the device alpha (:91-97). Leaf: both weights hang on their "
          "modules' forwards, not run before this line. Block (Generator as root; the message says Generator "
          "too): direction_exp is in the root's unmatched group."),
    33: T("block", ENCODEC + "This row: quantization/core_vq.py:362 ResidualVectorQuantization.encode -> "
          "self.layers[i].encode(residual) (reached from model.py:165 -> vq.py:121)."),
    34: T("block", ENCODEC + ENC_ROOT + "This row: quantization/core_vq.py:296 VectorQuantization.decode -> "
          "self._codebook.decode (decode path, core_vq.py:373 <- vq.py:127 <- model.py:189)."),
    35: F("AT", XC_TRAIN + "This row: lightning_module.py:257 compute_gen_loss (self.discriminator, "
          "self.spec_discriminator) from training_step."),
    36: T("leaf", SPADE_EAT + "This row: modules/util.py:471 (conv_s; the learned shortcut of "
          "SPADEResnetBlock(2*ic, ic) and (ic, oc), :134-135)."),
    37: U("block+leaf", "encodec-pytorch model.py:224 get_lm_model places the LMModel with "
          "next(self.parameters()).device (the offload device under group offloading), so the LM is built and "
          "loaded on the CPU; compress/decompress then run it on device tensors (compress.py:72 input_ on "
          "wav.device; :133 on `device`). Runs only with main.py's non-default `-l/--lm` flag (main.py:41-42, "
          "'Use a language model ... 5x slower'), documented in the CLI help, not in README.md. The message's sink "
          "(.load_state_dict) is wrong: the mismatch is the LM's first call."),
    38: F("A", EDT_ROOT + LIPPOSE_V + "This row: generator_lip_pose.py:203 self.lip_fc(shared_fc): lip_fc is an "
          "nn.Sequential (:163), a block hooked on its own forward: onloaded by this call with Generator as root."),
    39: F("AT", XC_TRAIN + "This row: lightning_module.py:208 compute_disc_loss (self.discriminator, "
          "self.spec_discriminator) from training_step."),
    40: F("AB", CIPS_CFG + CIPS_AB + "This row: exp/cips3d_inversion/models/generator.py:1597 "
          "Generator_Diffcam.points_forward, reached only from forward_camera_pos_and_lookup (Generator_Diffcam's "
          "forward calls it inside forward, which is not flagged).", api=True),
    41: F("AB", CIPS_CFG + CIPS_AB + "This row: exp/cips3d/models/generator.py:1968 GeneratorNerfINR_freeze_NeRF."
          "mapping_network. Its related copies (generator_nerf_inr_v16.py:1934-1935) belong to v16's "
          "GeneratorNerfINR_freeze_NeRF, which no config builds either.", api=True),
    42: T("block", ENCODEC + "This row: model.py:190 _decode_frame calls self.decoder(emb) (a second hazard of the "
          "method; row 12 is its first)."),
    43: T("block+leaf", "ZITS_inpainting: as row 25 (TSR_inference.py -> SampleEdgeLineLogits -> "
          "forward_with_logits outside forward). This row: src/models/TSR_model.py:197 adds the root's own "
          "parameter pos_emb to the device activations: at leaf the root's parameters hang on the root's forward, "
          "at block in its unmatched group, both unrun."),
    44: F("AB", CIPS_CFG + CIPS_AB + "This row: exp/cips3d/models/generator_v1.py:1987 "
          "GeneratorNerfINR_freeze_NeRF.mapping_network (v1's freeze_NeRF is config-built, exp/cips3d/configs, "
          "but only its forward runs).", api=True),
    45: T("block", ENCODEC + "This row: quantization/core_vq.py:373 ResidualVectorQuantization.decode -> "
          "self.layers[i].decode (decode path)."),
    46: T("leaf", MHA_EAT + "This row: transformer.py:392 TransformerDecoderLayer.multihead_attn."),
    47: F("AO", CIPS_CFG + CIPS_AO + "This row: exp/cips3d/models/generator.py:1810 GeneratorNerfINR."
          "generate_avg_frequencies; related: generator_nerf_inr_v16.py:1783 (v16.py:1870 calls it when "
          "truncation_psi < 1)."),
    48: T("block+leaf", "EDTalk train/train_Mouth_Pose_decouple.py trains through Trainer "
          "(train/trainer_Mouth_Pose_decouple.py, an nn.Module training wrapper holding the Generator gen): "
          "gen_update calls self.gen.enc / fc / lip_fc / pose_fc directly and then "
          "self.gen.direction_lipnonlip.get_shared_out(alpha_a) (:104, :117, :144, :156), never Generator.forward. "
          "This row: train/networks_Lip_NonLip/generator.py:33 Direction.get_shared_out uses its own weight with "
          "the device alpha: leaf, the weight hangs on Direction.forward (unrun); block with the Generator as root, "
          "Direction is in its unmatched group (the message names Trainer as root; the line's cause is the same). "
          "Training."),
    49: F("AB", CIPS_CFG + CIPS_AB + "This row: exp/cips3d/models/generator.py:2018 GeneratorNerfINR_freeze_NeRF."
          "points_forward; its related copies are v16's freeze_NeRF (:1984) and generator_pigan_v16 (:1915), "
          "built by no config.", api=True),
    50: T("leaf", "RestoreFormerPlusPlus inference.py builds RestoreFormer (RestoreFormer/RestoreFormer.py:38-40 -> "
          "VQVAEGANMultiHeadTransformer, vqvae_arch.py:707 self.quantize = VectorQuantizer(...)), whose forward "
          "runs self.quantize(h). This row: vqvae_arch.py:44 VectorQuantizer.forward reads self.embedding.weight "
          "without calling the Embedding (a supported leaf in diffusers 0.42.1, hooks/_common.py:51), so at leaf "
          "level its weight is on the CPU when it meets z_flattened."),
    51: F("AT", "SelectionGAN person_transfer/models/PATN.py TransferModel (BaseModel(nn.Module)) is the pix2pix-"
          "style training wrapper holding netG, netD_PB/netD_PP, the losses and optimizers (optimize_parameters -> "
          "backward_G); the offload root would be the generator it holds. This row: PATN.py:160 backward_G calls "
          "self.criterionL1 (L1_plus_perceptualLoss with a VGG19 on DataParallel .cuda(), train_*.sh "
          "--L1_type l1_plus_perL1), a loss network moved to the GPU by hand, not a part of any model one offloads."),
    52: T("leaf", "EAT_code modules/discriminator.py:17 DownBlock2d wraps its conv in legacy spectral_norm when "
          "sn=True; MultiScaleDiscriminator -> Discriminator(sn=...) (:41-50) is built by pretrain_a2kp.py:65 and "
          "prompt_st_dp_eam3d.py:75 from discriminator_params with `sn: True` (config/pretrain_a2kp_s1.yaml:56, "
          "config/deepprompt_eam3d_st_tanh_304_3090_all.yaml:57). Leaf: the SpectralNorm pre-hook computes the "
          "weight on the CPU before the conv is onloaded (training)."),
    53: T("block", ENCODEC + "This row: quantization/vq.py:127 ResidualVectorQuantizer.decode -> self.vq.decode "
          "(reached from model.py:189)."),
    54: T("block+leaf", ENCODEC + "This row: quantization/core_vq.py:182 EuclideanCodebook.quantize `2 * x @ embed` "
          "(reached from VectorQuantization.encode :292): block, the buffer is in EncodecModel's unmatched group; "
          "leaf, embed is EuclideanCodebook's own buffer, hooked on its forward, which the encode path never runs."),
    55: F("AB", CIPS_CFG + CIPS_AB + "This row: exp/cips3d_inversion/models/generator.py:1714 "
          "Generator_Diffcam.mapping_network, reached only from forward_camera_pos_and_lookup.", api=True),
    56: F("AO", CIPS_CFG + CIPS_AO + "This row: exp/cips3d/models/generator.py:1704 GeneratorNerfINR."
          "points_forward; related: generator_nerf_inr_v16.py:1690/:1711/:1740 (v16's points_forward, reached "
          "from its forward_camera_pos_and_lookup)."),
    57: U("leaf", "encodec-pytorch modules/transformer.py:94 StreamingTransformerEncoder's layers are "
          "nn.TransformerEncoderLayer subclasses whose self_attn (nn.MultiheadAttention) reads out_proj.weight "
          "without calling it: a real leaf hazard when the module is offloaded. StreamingTransformerEncoder is "
          "built only inside LMModel (model.py:42), and LMModel only by get_lm_model (model.py:225), run only with "
          "main.py's non-default `-l/--lm` flag (main.py:41-42)."),
    58: F("BB", CLN + "This row: exp/dev/nerf_inr/models/cond_layer_norm.py:34 (bias)."),
    59: F("BB", CLN + "This row: exp/dev/nerf_inr/models/cond_layer_norm.py:33 (gain)."),
    60: T("block+leaf", ENCODEC + "This row: quantization/core_vq.py:195 EuclideanCodebook.dequantize "
          "F.embedding(embed_ind, self.embed) (decode path, reached from VectorQuantization.decode :296): block, "
          "unmatched group; leaf, the buffer's group hangs on EuclideanCodebook.forward."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
