"""Write benchmarks/triage22af/labels.json (round af; all 60 drawn rows).

New cause letters (round af; round ae uses other letters): EA (a feature-transform module held by a plain object,
moved by hand to its input's device right before each use, never part of an offloaded network), EB (an integer index
buffer whose only use is to index device tensors: torch moves a CPU index tensor, no mismatch), EC (the CPU device value
only makes 0-dim tensors, which torch combines with tensors on any device). Standard of rounds x-ad: true when the hazard
is real at (at least one of) the claimed level(s) the way the tree runs its code (training counts); C when true only under
a non-default option the README documents; false with a cause letter otherwise. Runtime column filled from
runtime_column.json where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

SAM2D = ("SAM-Med3D segment_anything/ carries the original 2D SAM (sam_model.Sam, prompt_encoder.PromptEncoder, "
         "mask_decoder.MaskDecoder) next to its 3D model; the 2D classes are built only by build_sam.py:72 "
         "(sam_model_registry / build_sam_vit_*), re-exported by segment_anything/__init__.py but called by nothing; "
         "SamPredictor / SamAutomaticMaskGenerator, their only users, are used by nothing either. The application "
         "(train.py, medim_val_*.py, utils/infer_utils.py) builds Sam3D through build_sam3D.py (sam_model_registry3D). ")
SAM3D = ("SAM-Med3D: train.py and utils/infer_utils.py build Sam3D (build_sam3D.py) and call its children directly: "
         "sam_model.prompt_encoder(points=..., boxes=None, masks=low_res_masks) (train.py:229, infer_utils.py:148), "
         "sam_model.mask_decoder(...) (train.py:234, infer_utils.py:154). ")
MLDVAE = ("MLD: the MLD LightningModule (mld/models/modeltype/mld.py:59) builds the VAE from the config's motion_vae "
          "(configs/modules/motion_vae.yaml: MldVae, arch 'encoder_decoder'; configs/modules_humanact12: ActorVae) and "
          "calls self.vae.encode / self.vae.decode (mld.py:235, 240, 271, 281-282, 481-487, 584, 654, 663 ...) "
          "outside the VAE's forward; the VAE's children are no ModuleList/Sequential, so at block level they all sit in "
          "the root's unmatched group, onloaded only by VAE.forward. ")
MHA = ("torch's nn.MultiheadAttention passes out_proj.weight/.bias to F.multi_head_attention_forward without calling "
       "out_proj (a Linear subclass: its own leaf group), so at leaf level that group is never onloaded (as round ad's "
       "NExT-GPT rows, runtime-confirmed). ")
T2MQ = ("BB: T2M-GPT builds the quantizer from --quantizer (models/vqvae.py:26-33), default 'ema_reset' "
        "(QuantizeEMAReset) in options/option_vq.py:39 and option_transformer.py:48, and every README command passes "
        "--quantizer ema_reset (README.md:188, 225, 255, 293); this class is only built for another choice. ")
TRF = ("EA: TEMOS's feature transforms (Joints2Jfeats/Rifke, Rots2Rfeats/SMPLVelP) are nn.Modules holding only the "
       "mean/std normalisation buffers; they are held by the plain-object SMPLTransform/XYZTransform (transforms/base.py:4 "
       "`class Transform:`), which the TEMOS LightningModule keeps as a plain attribute (model/temos.py:33), so they are "
       "no child of any network, and every use is preceded by a hand move to the input's device "
       "(transforms/smpl.py:85/98/108/118 `self._rots2rfeats.to(self.rfeats.device)` ..., xyz.py:48). Nothing "
       "offloads them; if one did, that .to() would put the buffers on the input's device before unnormalize runs. ")
DAUNET = ("daclip-uir ConditionalUNet (models/modules/DenoisingUNet_arch.py), built by models/networks.py from "
          "which_model_G: ConditionalUNet (options/train.yml, test.yml): self.downs / self.ups are ModuleLists of inner "
          "ModuleLists [block1, block2, Residual(PreNorm(attn)), down/upsample]; at block level each inner ModuleList is a "
          "block hooked on its own forward, which nothing calls (forward unpacks it: `for b1, b2, attn, downsample in "
          "self.downs`), so its weights stay on the CPU while the device x goes through them (the ddim holder pattern, "
          "runtime-confirmed in rounds aa/ad). ")
MOMASK_ENC = ("P: momask transformer.py encode_text places the CLIP tokens with next(self.parameters()).device (the "
              "offload device) and hands them only to self.clip_model.encode_text: at leaf the CLIP leaves' hooks move "
              "them (pre_forward), at block the whole CLIP sits in the root's unmatched group and runs on the CPU with "
              "them, so the device value meets no device tensor. (The method does break, for another cause the linter "
              "does not report: CLIP's own positional_embedding/text_projection are onloaded only by CLIP.forward, "
              "which encode_text bypasses, at leaf; at block gen_t2m.py:203-204 hands the CPU result to the "
              "length estimator.) ")
HYB = ("ICON lib/dataset/TestDataset.py:103-107 builds HybrIKBaseSMPLCam for hps_type 'hybrik', an option the README "
       "documents (README.md:157/160 `-hps_type {pymaf/pixie/pare/hybrik/bev}`; default pymaf, apps/infer.py:63). "
       "HybrIKBaseSMPLCam.forward calls self.smpl.hybrik(...) (simple3dpose.py:328), never SMPL_layer.forward; SMPL_layer "
       "holds its tensors as buffers (SMPL.py:96-148) in its own leaf-level group hooked on SMPL_layer.forward, so "
       "they stay on the CPU and meet the device pose_skeleton in lbs.hybrik (vertices2joints, blend shapes). ")
PYMAF = ("ICON's default HPS (apps/infer.py:63 hps_type 'pymaf'; TestDataset.py:91 pymaf_net), PyMAF with N_ITER 3 "
         "(lib/pymaf/configs/pymaf_config.yaml:34). ")

L = {
    1: F("AB", "MLD mld/transforms/joints2jfeats/base.py:33 Joints2Jfeats.unnormalize: reached only from Rifke.inverse "
         "(rifke.py:94) <- XYZDatastruct.joints (transforms/xyz.py:49), which no MLD model, metric or script uses; the one "
         "Rifke MLD builds (models/metrics/compute.py:30) has normalization=False, so `std`/`mean` are not even "
         "registered (base.py:20-24) and `inverse` is never called (compute.py:134-136 call forward and extract)."),
    2: T("block", DAUNET + "This row: wild-ir/models/modules/DenoisingUNet_arch.py:168 ups[i] (wild-ir/options/train.yml:46)."),
    3: F("BB", T2MQ + "This row: quantize_cnn.py:269 QuantizeReset.dequantize (codebook)."),
    4: U("leaf", HYB + "This row: SMPL.py:267 lbs_weights (W in lbs.hybrik)."),
    5: F("AB", "momask models/mask_transformer/transformer.py:563 MaskTransformer.edit_beta: no caller anywhere in the "
         "tree (edit_t2m.py:142 calls edit; grep `edit_beta(` finds only the def)."),
    6: T("block", MLDVAE + "This row: actor_vae.py:80 ActorVae.decode calls self.decoder outside ActorVae.forward "
         "(built by config_mld_humanact12.yaml -> configs/modules_humanact12/motion_vae.yaml)."),
    7: F("AB", SAM2D + "This row: prompt_encoder.py:72 PromptEncoder.get_dense_pe (pe_layer)."),
    8: U("leaf", HYB + "This row: SMPL.py:266 J_regressor (vertices2joints(J_regressor, v_shaped), lbs.py:349)."),
    9: U("leaf", HYB + "This row: SMPL.py:266 J_regressor_h36m (regresses the joints from the device vertices)."),
    10: F("AB", "TEMOS temos/transforms/rots2joints/base.py:28 Rots2Joints.normalize: no caller (SMPLH, the only "
          "subclass, calls neither normalize nor unnormalize; the `self.normalize(...)` calls in rifke.py:82 and "
          "smplvelp.py:69 are other classes' own). Its sibling unnormalize is suppressed as called nowhere."),
    11: F("P", MOMASK_ENC + "This row: transformer.py:748 ResidualTransformer.encode_text."),
    12: T("block", MLDVAE + "This row: mld_vae.py:139 MldVae.encode calls self.skel_embedding (then the encoder) "
          "outside MldVae.forward with the device motion features."),
    13: T("block", "T2M-GPT models/vqvae.py:116 HumanVQVAE.forward_decoder calls self.vqvae.forward_decoder(x) (its "
          "only child, in the root's unmatched group) outside HumanVQVAE.forward; caller utils/eval_trans.py:204/365 "
          "`net.forward_decoder(index_motion)` with the transformer's device indices, so QuantizeEMAReset.dequantize's "
          "F.embedding meets the CPU codebook (then the decoder's CPU weights)."),
    14: F("AB", "MLD joints2jfeats/base.py:33 Joints2Jfeats.unnormalize (`mean`), as row 1."),
    15: F("EA", TRF + "This row: TEMOS joints2jfeats/base.py:33 unnormalize (std), reached from Rifke.inverse "
          "(rifke.py:86) <- XYZDatastruct/SMPLDatastruct.joints after `_joints2jfeats.to(self.jfeats.device)`."),
    16: F("EB", "GaussianAvatars scene/flame_gaussian_model.py:138 update_mesh_properties reads flame_model.faces, an "
          "integer index buffer of FlameHead (flame.py:169; FlameHead has buffers only, no nn.Parameter). Its uses on the "
          "paths the tree runs by default are indices into the device verts (`verts[:, faces]` :139; "
          "compute_face_orientation indexes with faces[..., k].long(), utils/graphics_utils.py:117-123): torch moves a "
          "CPU index tensor to the indexed tensor's device, no mismatch. Label risk: the optional mesh rendering of the "
          "viewer / render.py --render_mesh (render.py:76, train.py:83 under msg['show_mesh']) hands self.faces to "
          "nvdiffrast, which would need it on the GPU."),
    17: T("block+leaf", PYMAF + "pymaf_net.py:119 Regressor.forward_init (called by PyMAF.forward, pymaf_net.py:302, on "
          "self.regressor[0], never through Regressor.forward) reads its buffers init_pose/init_shape/init_cam: at block "
          "regressor[0] is a block whose group (buffers and its SMPL child) is onloaded only by Regressor.forward; at "
          "leaf Regressor's own buffers hang on Regressor.forward. The CPU pred_cam/pose meet device tensors: at leaf "
          "projection(pred_joints (SMPL output, moved by SMPL's hook), pred_cam) (:140); at block the CPU outputs go to "
          "maf_extractor[0].sampling with the device image features (:331)."),
    18: F("BB", T2MQ + "This row: quantize_cnn.py:262 QuantizeReset.quantize (codebook)."),
    19: T("block", "momask models/vq/model.py:57 RVQVAE.encode calls the encoder and self.quantizer.quantize outside "
          "RVQVAE.forward (children encoder/decoder/quantizer: no ModuleList at the root, all in its unmatched group); "
          "the transformers' trainers and eval call vq_model.encode(motion) with device motions "
          "(models/mask_transformer/transformer_trainer.py, utils/eval_t2m.py)."),
    20: T("leaf", MHA + "This row: mld/models/operator/cross_attention.py:242 TransformerEncoderLayer.self_attn, the layer "
          "of MldVae's SkipTransformerEncoder (mld_vae.py:81) and MldDenoiser's (mld_denoiser.py:104, SKIP_CONNECT True "
          "in every config)."),
    21: T("leaf", MHA + "This row: da-clip/src/open_clip/transformer.py:203 ResidualAttentionBlock.attn, in every "
          "text and vision Transformer of the CLIP that DaCLIP wraps (factory.py:190-192 for 'daclip' models; "
          "da-clip/README.md trains daclip_ViT-B-32)."),
    22: F("P", MOMASK_ENC + "This row: transformer.py:195 MaskTransformer.encode_text (gen_t2m.py:203 and the "
          "generate/edit paths)."),
    23: T("leaf", SAM3D + "mask_decoder3D.py:392 MaskDecoder3D.predict_masks (from forward) concatenates "
          "iou_token.weight and mask_tokens.weight (nn.Embedding, never called) with the device sparse prompt embeddings: "
          "at leaf their groups are never onloaded."),
    24: T("leaf", SAM3D + "prompt_encoder3D.py:104 _embed_points (from forward, points given, pad=(boxes is None) True "
          "so labels -1 exist) adds not_a_point_embed.weight (nn.Embedding, never called) to the device point embedding."),
    25: F("BB", SAM3D + "prompt_encoder3D.py:180 reads no_mask_embed.weight only when masks is None; every caller passes "
          "masks (train.py:232 low_res_masks, infer_utils.py:151 prev_low_res_mask)."),
    26: T("block+leaf", MLDVAE + "This row: mld_vae.py:146 MldVae.encode tiles self.global_motion_token (a Parameter of "
          "the root: block, unmatched group; leaf, the root's own group on MldVae.forward) with the device features."),
    27: T("block", MLDVAE + "This row: mld_vae.py:205 MldVae.decode (query_pos_decoder, then self.decoder; with the "
          "configs' arch 'encoder_decoder' the same calls at :219-224)."),
    28: T("block", PYMAF + "pymaf_net.py:132 Regressor.forward_init calls self.smpl (part of the regressor[0] block) "
          "outside Regressor.forward, as row 17: at block it runs on the CPU copy and its CPU outputs meet the device "
          "features in maf_extractor sampling (:331)."),
    29: F("EB", "ICON hybrik SMPL.py:266 `parents` (an integer buffer, the kinematic tree) passed to lbs.hybrik, where it "
          "only indexes tensors (`rest_pose[:, parents[1:]]` lbs.py:597/607, batch_rigid_transform :526, "
          "`for i in range(1, parents.shape[0])`): torch moves a CPU index tensor, no mismatch. (Besides, HybrIK is the "
          "non-default hps_type, as rows 4, 8, 9.)"),
    30: F("AB", SAM2D + "This row: sam_model.py:111 Sam.preprocess (pixel_std), called only by SamPredictor "
          "(predictor.py:88). (Blind recall R2.)"),
    31: F("EC", "momask transformer.py:450 MaskTransformer.edit (edit_t2m.py:142, text mode): `device = "
          "next(self.parameters()).device` (CPU under offloading) is used only in the text branch's "
          "`torch.linspace(0, 1, timesteps, device=device)` (:482), iterated element by element: each timestep is a 0-dim "
          "CPU tensor, and noise_schedule's cosine of it multiplies device tensors, which torch allows for 0-dim CPU "
          "tensors. (cond_vector .to(device) is in the action/uncond branches only.) Label risk: read, not run."),
    32: F("AB", "TEMOS rots2joints/base.py:28 Rots2Joints.normalize (std), as row 10."),
    33: T("leaf", "da-clip/src/open_clip/model.py:244 CLIP.encode_text passes self.attn_mask (a buffer of CLIP) to "
          "self.transformer; DaCLIP (daclip_model.py:58/67-68) calls self.clip.encode_text from its own forward during "
          "training (training/train.py) and evaluate.py:35 calls it directly, never CLIP.forward; at leaf CLIP's own "
          "buffers/parameters hang on CLIP.forward, so attn_mask (and positional_embedding) stay on the CPU while the "
          "token embeddings come out of the hooked token_embedding on the device. (Block: in training DaCLIP.forward "
          "onloads its unmatched group, which holds the CLIP; evaluate.py passes CPU inputs: no mismatch at block.)"),
    34: T("leaf", MHA + "This row: cross_attention.py:303 TransformerDecoderLayer.multihead_attn, the layer of MldVae's "
          "SkipTransformerDecoder (mld_vae.py:89-98, arch 'encoder_decoder' in configs/modules/motion_vae.yaml)."),
    35: F("BB", T2MQ + "This row: quantize_cnn.py:172 Quantizer.quantize (embedding.weight), the 'orig' choice."),
    36: T("block", "T2M-GPT models/vqvae.py:79 VQVAE_251.forward_decoder (quantizer.dequantize, then self.decoder) "
          "outside VQVAE_251.forward, reached from HumanVQVAE.forward_decoder (row 13) with device indices."),
    37: F("BB", "da-clip/src/open_clip/transformer.py:174 AttentionalPooler.attn is built only when the vision config "
          "sets attentional_pool (transformer.py:438-439), i.e. the coca_* model configs; DA-CLIP's models "
          "(daclip_ViT-B-32.json, daclip_ViT-L-14.json) and every README command do not."),
    38: T("block+leaf", SAM3D + "prompt_encoder3D.py:105 _embed_points adds point_embeddings[i].weight (Embeddings of "
          "a ModuleList, never called): at leaf each is its own group, never onloaded; at block the prompt encoder is "
          "called directly, so neither a block hook (PromptEncoder3D as root) nor Sam3D's root hook (never called) "
          "onloads it."),
    39: T("leaf", MHA + "This row: mld_denoiser.py:104 MldDenoiser.encoder = SkipTransformerEncoder of "
          "cross_attention.TransformerEncoderLayer (arch trans_enc, SKIP_CONNECT True in every config)."),
    40: F("BB", T2MQ + "This row: quantize_cnn.py:380 QuantizeEMA.dequantize (codebook), the 'ema' choice."),
    41: F("AB", SAM2D + "This row: mask_decoder.py:122 MaskDecoder.predict_masks (mask_tokens.weight)."),
    42: F("AT", "TEMOS temos/model/losses/compute.py:6 TemosComputeLosses: a loss accumulator whose 'buffers' are 0-dim "
          "running sums (:55-57) updated in compute/update; it is held in the TEMOS LightningModule's ModuleDict "
          "_losses (model/temos.py:39-41). Only if that training wrapper were the offload root would it be offloaded; "
          "the offload targets are the networks (textencoder, motionencoder, motiondecoder)."),
    43: F("AB", "VIBE lib/smplify/prior.py:177 MaxMixturePrior.get_mean: no caller anywhere in the tree (grep "
          "`get_mean` finds only the def); the same method is suppressed as called nowhere in the copies of T2M-GPT and "
          "MLD."),
    44: T("leaf", MHA + "This row: cross_attention.py:302 TransformerDecoderLayer.self_attn (MldVae's decoder, as row 34)."),
    45: F("AB", SAM2D + "This row: prompt_encoder.py:114 PromptEncoder._embed_boxes."),
    46: F("AB", SAM2D + "This row: prompt_encoder.py:96 PromptEncoder._embed_points."),
    47: F("BB", SAM3D + "prompt_encoder3D.py:114 _embed_boxes runs only for boxes, and every caller passes boxes=None "
          "(train.py:231, infer_utils.py:150)."),
    48: T("block", "momask models/vq/model.py:81 RVQVAE.forward_decoder calls self.quantizer.get_codes_from_indices "
          "(then the decoder) outside RVQVAE.forward with the generated device token ids (gen_t2m.py, edit_t2m.py "
          "`vq_model.forward_decoder(...)`): the codebooks are in the root's unmatched group, on the CPU."),
    49: F("BB", "MLD mld/models/architectures/uestc_stgcn.py:93 STGCN.forward (edge_importance ParameterList, leaf; blind "
          "recall R3): STGCN is built only by UESTCMetrics (models/metrics/stgcn.py:32), which base.py:161 builds only "
          "when cfg.METRIC.TYPE names 'UESTCMetrics'; no config of the tree does (config_mld_humanml3d.yaml:73 "
          "TemosMetric/TM2TMetrics, config_mld_humanact12.yaml:81 HUMANACTMetrics ...), and the README names no UESTC "
          "run. The hazard itself is real where STGCN is built."),
    50: F("AB", SAM2D + "This row: prompt_encoder.py:183 PromptEncoder.forward (no_mask_embed.weight)."),
    51: T("block", DAUNET + "This row: wild-ir DenoisingUNet_arch.py:153 downs[i]."),
    52: F("P", "da-clip/src/open_clip/daclip_model.py:58 DaCLIP.encode_text calls self.clip.encode_text outside "
          "DaCLIP.forward (block claimed). Its callers outside forward pass CPU inputs: evaluate.py:35 (tokenizer output, "
          "never moved; the script never moves anything to a GPU), and zero_shot_eval returns before building a "
          "classifier unless imagenet-val data is given (training/zero_shot.py:46-47; the README's commands give "
          "none). At block the CLIP then runs on the CPU copy with CPU inputs: no device tensor meets it. (Inside "
          "DaCLIP.forward, training, the root's unmatched group is onloaded.)"),
    53: F("BB", "da-clip/src/open_clip/modified_resnet.py:80 AttentionPool2d (v_proj.bias into "
          "F.multi_head_attention_forward) is built only for ResNet CLIPs (ModifiedResNet, RN50 ... configs); DA-CLIP's "
          "configs and commands use ViT-B-32 / ViT-L-14."),
    54: T("block", MLDVAE + "This row: actor_vae.py:70 ActorVae.encode calls self.encoder outside ActorVae.forward "
          "(humanact12 config)."),
    55: F("AB", "VIBE lib/smplify/prior.py:177 get_mean (means), as row 43."),
    56: F("EA", TRF + "This row: TEMOS rots2rfeats/base.py:33 Rots2Rfeats.unnormalize (std), reached from "
          "SMPLVelP.inverse (smplvelp.py:81) <- SMPLDatastruct.rots after `self._rots2rfeats.to(self.rfeats.device)` "
          "(transforms/smpl.py:85-86)."),
    57: T("block", DAUNET.replace("DenoisingUNet_arch.py)", "DenoisingUNet_arch.py, config/daclip-sde)") + "This row: "
          "daclip-sde DenoisingUNet_arch.py:144 downs[i]."),
    58: T("block+leaf", PYMAF + "pymaf_net.py:336 PyMAF.forward reads self.maf_extractor[rf_i].Dmap (a buffer of "
          "MAF_Extractor, maf_extractor.py:73) for rf_i >= 1 before calling that extractor (:338): at block the "
          "extractor is a ModuleList block, onloaded only by its forward; at leaf MAF_Extractor's own buffers hang on "
          "its forward; the CPU Dmap is multiplied with the device SMPL vertices."),
    59: T("leaf", MHA + "This row: actor_vae.py:204 ActorAgnosticDecoder.seqTransDecoder = nn.TransformerDecoder "
          "(torch's layers; ActorVae, humanact12 config)."),
    60: T("block", DAUNET.replace("DenoisingUNet_arch.py)", "DenoisingUNet_arch.py, config/daclip-sde)") + "This row: "
          "daclip-sde DenoisingUNet_arch.py:159 ups[i]."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
