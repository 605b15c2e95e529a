"""Write benchmarks/triage22ad/labels.json (round ad; all 60 drawn rows).

New cause letter: CA (a module without weights, here a loss, called outside forward()). Standard of rounds x-ab: true
when the hazard is real at the claimed level(s) the way the tree runs its code (training counts); false with a cause
letter otherwise. Runtime column filled from runtime_column.json where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

VL = ("VL-T5 (transformers 4.2.1, README/notebook): the task models subclass VLT5 (T5ForConditionalGeneration) or "
      "VLBart and are the model each trainer builds (src/<task>.py picks VLT5<Task> or VLBart<Task> by backbone; "
      "scripts/<Task>_VLT5.sh and _VLBart.sh). `device = next(self.parameters()).device` is the first parameter "
      "(the shared embedding), on the CPU under offloading at block (unmatched group, onloaded only inside forward) and "
      "at leaf (its own Embedding group), so every batch tensor is placed on the CPU. ")
VL_LOSS = ("self(...) moves its arguments (pre_forward) but the local `lm_labels` stays on the CPU: "
           "`lm_mask = (lm_labels != -100).float()` is a CPU tensor and `loss.view(B, L) * lm_mask` multiplies it "
           "with the per-token loss the forward returned on the device. ")
VL_GEN = ("input_ids go to HF generate(), which for encoder-decoders makes decoder_input_ids on input_ids.device "
          "(CPU) and concatenates the GPU next tokens to them; at block level generate also calls the encoder "
          "directly (unmatched group, never onloaded). ")
NX = "NExT-GPT (nextgpt/, the current application: train.py, predict.py, scripts/*.sh). "
LG = ("NExT-GPT-Lagacy/code, the older application kept in the tree (its own train.py, inference.py, demo_app.py, "
      "config/base.yaml); it builds ImageBind huge (model/anyToImageVideoAudio.py:57) and the TextFcLayer "
      "projectors (:120-171). ")
DDIM = ("the ddim-style `Model` (ermongroup/ddim lineage; round aa's ddrm copy was runtime-confirmed): self.down / "
        "self.up are ModuleLists of bare nn.Module() holders (block, attn, downsample/upsample); at block level each "
        "holder is a block hooked on its own forward, which nothing calls (forward calls the holder's layers one by "
        "one), so their weights stay on the CPU. ")
DD = "DDNM guided_diffusion/models.py: built by guided_diffusion/diffusion.py:118 for config type 'simple' (celeba_hq.yml, bedroom, cat, church, oldphoto); " + DDIM
DC = ("DiffusionCLIP models/ddpm/diffusion.py DDPM: built by diffusionclip.py for CelebA_HQ and LSUN (clip_finetune, "
      "edit_one_image, unseen2unseen ...), then fine-tuned and sampled; " + DDIM)
TX = ("AB: VL-BERT external/pytorch_pretrained_bert is a vendored copy of the pytorch_pretrained_bert package; "
      "nothing in VL-BERT imports modeling_transfo_xl except the package __init__ and the package's own checkpoint "
      "conversion entry (__main__.py:45 -> convert_transfo_xl_checkpoint_to_pytorch, which builds the model only to "
      "save converted weights and never runs forward/log_prob). VL-BERT's models use BertEncoder/BertLayerNorm only "
      "(common/nlp/...). The Transformer-XL code is real-hazardous in itself but no application path builds and runs "
      "it. ")
PROP = ("AB: NExT-GPT nextgpt/model/multimodal_projector/projector.py defines `device`/`dtype` properties on the "
        "projectors, but nothing in the tree reads a projector's .device (grep: no `projector.device`, "
        "`get_*_projector().device`); the projectors are called through forward. ")
AL_REP = ("AL: YOLOv6 RepVGGBlock subclasses' get_equivalent_kernel_bias runs only from switch_to_deploy, which the "
          "tree calls once right after loading the checkpoint (core/inferer.py:64 model_switch, core/evaler.py:73 "
          "init_model for task != 'train', deploy/* and tools/qat export scripts), before any inference, i.e. before "
          "offloading would be applied; it is a one-time reparameterisation (the weights it reads are fused into "
          "rbr_reparam and the branches deleted). ")

L = {
    1: T("block+leaf", VL + VL_LOSS + "This row: nlvr_model.py:14 VLT5NLVR.train_step (:44), run by src/nlvr.py "
         "(scripts/NLVR_VLT5.sh)."),
    2: T("block+leaf", VL + "This row: vqa_model.py:26 VLT5VQA.train_step: with config.classifier the CPU `target` "
         "(:44) meets the device logit in self.bce_loss (:52); otherwise `loss.view(B, L) * lm_mask` (:69) and "
         "`loss * batch['scores'].to(device)` (:73) meet the device loss. Both branches break. Run by src/vqa.py."),
    3: T("leaf", LG + "layers.py:44 TextFcLayer.tfm = nn.Transformer(norm_first=True, ...) for mode 'transformer', "
         "the mode config/base.yaml:24/30/36 sets for image, video and audio; torch's encoder/decoder layers' "
         "nn.MultiheadAttention passes out_proj.weight to F.multi_head_attention_forward without calling out_proj, so "
         "at leaf that Linear's group is never onloaded (norm_first=True: no fused fast path)."),
    4: T("leaf", LG + "ImageBind multimodal_preprocessors.py:161 SpatioTemporalPosEmbeddingHelper owns pos_embed "
         "(learnable=True for vision/audio/depth/thermal, imagebind_model.py) and has no forward; "
         "RGBDTPreprocessor.tokenize_input_and_cls_pos (:268) calls its get_pos_embedding, so at leaf the helper's "
         "own-parameter group is never onloaded and the CPU pos_embed is added to the device tokens. The legacy "
         "application encodes images, video and audio with it. Same hazard as row 53 (this row: the class, OFL205)."),
    5: T("block", "m2-transformer models/transformer/transformer.py:42 Transformer.step calls self.encoder(visual) "
         "directly; step is what CaptioningModel.beam_search (models/beam_search) runs, not forward; at block level "
         "the root's children encoder/decoder are no ModuleList/Sequential, so both sit in the root's unmatched group, "
         "onloaded only inside Transformer.forward. Run by test.py:26 and train.py:55 (evaluation and SCST training "
         "use beam_search). This row: encoder."),
    6: T("leaf", NX + "nextgpt_llama.py compute_image_loss (called from forward :236): self.device is LlamaForCausalLM's "
         "first-parameter device (embed_tokens, at leaf its own group, CPU); the reported :341 `.to(self.device)` is "
         "the branch without precomputed caption embeddings, whose CPU text_inputs go into the hooked text encoder and "
         "are moved (not a hazard there); the finding's same-cause site :344 is the branch the training data take "
         "(dataset/base_dataset.py:278-284 supplies image_caption_embeddings made by preprocess_embeddings.py): "
         "`torch.stack(...).to(self.device)` lands on the CPU and meets projected_embeddings in l2_loss (:345). "
         "Label risk: true through the named same-cause line, as round ab rows 2-3."),
    7: T("block", DD + "This row: :330 up[i].block[i]."),
    8: T("block", NX + "nextgpt_llama.py generate_videos (reached from generate() after super().generate() "
         "returned, when the output holds [VID] tokens; predict.py:161 calls model.generate) calls "
         "self.get_input_embeddings()(gen_prefix) (:804): embed_tokens lives in `model`, in the root's unmatched group, "
         "offloaded after the last forward, so a CPU embedding meets the device token ids."),
    9: T("block", NX + "nextgpt_llama.py _get_generation :590 `self.get_model().embed_tokens(input_ids)` for text-only "
         "prompts (generate() -> _get_generation, before super().generate()): embed_tokens is in `model`, the root's "
         "unmatched group, not onloaded outside forward."),
    10: F("AB", PROP + "This row: GroupProjector.device (:155), the input projector the scripts build "
          "(--mm_input_projector_type group)."),
    11: F("AB", PROP + "This row: QFormer.device (:216); QFormer is not even built (no script or default selects "
          "'qformer')."),
    12: T("block+leaf", VL + VL_LOSS + "This row: pretrain_model.py:161 VLBartPretraining.train_step (:184), run by "
          "src/pretrain.py (scripts/COCOVG_pretrain_VLBart.sh)."),
    13: T("block+leaf", VL + VL_LOSS + "This row: gqa_model.py:73 VLBartGQA.train_step (:93), src/gqa.py."),
    14: T("block+leaf", VL + VL_GEN + "This row: gqa_model.py:46 VLT5GQA.test_step, called by src/gqa.py:328/:330."),
    15: T("block", DC + "This row: :329 up[i].attn[i]."),
    16: F("AB", TX + "This row: modeling_transfo_xl_utilities.py:114 ProjectedAdaptiveLogSoftmax.forward "
          "out_layers[i].weight."),
    17: T("leaf", "grit models/detection/det_module.py:289 DeformableTransformerDecoderLayer.self_attn = "
          "nn.MultiheadAttention, called in the layer's forward; its out_proj weights go to "
          "F.multi_head_attention_forward without out_proj being called, so at leaf they stay on the CPU. Built: "
          "build_detector (models/caption/detector.py:72) builds the det module when use_reg_feat, which "
          "configs/caption/coco_config.yaml:27 and nocaps_config.yaml:31 set True."),
    18: F("AL", "e4e models/stylegan2/model.py:463 Generator.mean_latent is called only from psp.py:100 "
          "pSp.__load_latent_avg, from load_weights, from pSp.__init__ (a checkpoint without latent_avg): at "
          "construction, before offloading could be applied. (Were it called later, the finding's premise holds: "
          "decoder.style is in pSp's unmatched group.)"),
    19: T("block+leaf", VL + "This row: vqa_model.py:149 VLBartVQA.train_step: the classifier branch's CPU target meets "
          "the device logit in bce_loss; the other branch `loss.view(B, L) * lm_mask`. src/vqa.py with bart."),
    20: F("AB", TX + "This row: :212 ProjectedAdaptiveLogSoftmax.log_prob out_layers[i].weight."),
    21: T("block", DC + "This row: :312 down[i].attn[i] (attn_resolutions [16] in the CelebA/LSUN configs)."),
    22: T("block", DD + "This row: :314 down[i].block[i]."),
    23: T("block", DD + "This row: :335 up[i].upsample (resamp_with_conv)."),
    24: F("AB", "VL-T5 pretrain_model.py:274 VLBartPretraining.generate_step: no caller anywhere in the tree (.py or "
          "notebook); pretrain.py runs train_step and valid_step only."),
    25: T("block+leaf", VL + VL_GEN + "This row: caption_model.py:38 VLT5COCOCaption.test_step, src/caption.py:347/:351."),
    26: T("block+leaf", VL + VL_LOSS + "This row: refcoco_model.py:14 VLT5RefCOCO.train_step (:38), src/refcoco.py."),
    27: T("block", NX + "nextgpt_llama.py generate_audios :851 self.get_input_embeddings()(gen_prefix) after "
          "generation, as row 8 (audio branch, [AUD] tokens)."),
    28: F("CA", "VL-T5 vqa_model.py:52 VLT5VQA.train_step calls self.bce_loss = nn.BCEWithLogitsLoss() (:22): a loss "
          "module with no parameters and only None weight/pos_weight buffers, so being in the root's unmatched group "
          "costs nothing: calling it outside forward touches no offloaded tensor. (The line does fail, through row "
          "2's cause: the CPU target placed with next(self.parameters()).device.)"),
    29: T("block", DC + "This row: :331 up[i].upsample."),
    30: F("AB", TX + "This row: :115 ProjectedAdaptiveLogSoftmax.forward out_projs[i]."),
    31: T("block+leaf", VL + VL_GEN + "This row: gqa_model.py:105 VLBartGQA.test_step, src/gqa.py:328/:330."),
    32: T("block", DC + "This row: :326 up[i].block[i]."),
    33: T("block", DD + "This row: :319 down[i].downsample."),
    34: T("block", DC + "This row: :310 down[i].block[i]."),
    35: T("block+leaf", VL + VL_LOSS + "This row: nlvr_model.py:110 VLBartNLVR.train_step (:141), src/nlvr.py."),
    36: F("AB", TX + "This row: :213 ProjectedAdaptiveLogSoftmax.log_prob out_projs[i]."),
    37: F("AB", "NExT-GPT multimodal_encoder/clip_encoder.py:69 CLIPVisionTower.device: read only by its dummy_feature "
          "property, which nothing uses; and CLIPVisionTower is built only for a tower name starting with openai/laion "
          "(builder.py:10), while the application's towers are ImageBind (imagebind_encoder.py; the scripts pass "
          "$MM_MODEL_NAME for ImageBind)."),
    38: F("CA", "VL-T5 vqa_model.py:177 VLBartVQA.train_step self.bce_loss: as row 28 (a weightless loss module)."),
    39: F("AB", TX + "This row: modeling_transfo_xl.py:1371 TransfoXLLMHeadModel.forward out_layer.bias."),
    40: F("AB", PROP + "This row: TransformersProjector.device (:253), built as the output projectors but the "
          "property is never read."),
    41: F("AB", TX + "This row: :213 ProjectedAdaptiveLogSoftmax.log_prob out_layers[i].bias."),
    42: F("AL", AL_REP + "This row: common.py:432 QARepVGGBlockV2 (kernelavg.to(self.rbr_1x1.weight.device))."),
    43: T("block+leaf", VL + VL_LOSS + "This row: pretrain_model.py:16 VLT5Pretraining.train_step (:39), src/pretrain.py "
          "(scripts/COCOVG_pretrain_VLT5.sh)."),
    44: T("leaf", NX + "compute_video_loss, as row 6: the reported :428 is the text-encoder branch (moved by its hook); "
          "the same-cause :431 branch (precomputed video_caption_embeddings from the dataset, base_dataset.py:295-301) "
          "puts them on the CPU against the device projected_embeddings in l2_loss (:432). Label risk as row 6."),
    45: F("AB", "VL-T5 pretrain_model.py:132 VLT5Pretraining.generate_step: no caller anywhere in the tree, as row 24."),
    46: T("block+leaf", VL + VL_LOSS + "This row: pretrain_model.py:69 VLT5Pretraining.valid_step (:92), "
          "src/pretrain.py:354/:356."),
    47: T("block", "interfacegan models/stylegan_generator.py:281 StyleGANGenerator.synthesize calls "
          "self.model.synthesis(wps) directly; self.model (StyleGANGeneratorModel) has mapping/truncation/synthesis "
          "children, none a ModuleList/Sequential, so at block level all sit in the root's unmatched group, onloaded "
          "only inside self.model.forward, which synthesize never calls. Run by edit.py:104 / generate_data.py via "
          "easy_synthesize (base_generator.py:231) for the stylegan_* models of MODEL_POOL."),
    48: T("block", "interfacegan stylegan_generator.py:237 synthesize calls self.model.truncation(ws) directly (w_avg "
          "buffer and truncation layers in the unmatched group), as row 47."),
    49: F("AL", AL_REP + "This row: common.py:350 QARepVGGBlock.get_equivalent_kernel_bias (rbr_1x1.weight)."),
    50: T("block", DD + "This row: :333 up[i].attn[i]."),
    51: T("block+leaf", VL + VL_GEN + "This row: mmt_model.py:39 VLT5MMT.test_step, src/mmt.py:356/:360 (and "
          "multitask_model.py:63)."),
    52: T("leaf", NX + "projector.py:228 TransformersProjector.tfm = nn.Transformer(norm_first=True, ...): the output "
          "projectors' type is 'transformer' by default (training_utils.py:111/118/125) and in every script "
          "(pretrain_enc.sh:40, finetune.sh:42 ...); its layers' nn.MultiheadAttention reads out_proj.weight without "
          "calling out_proj, so at leaf that Linear stays on the CPU (blind recall hazard R1)."),
    53: T("leaf", LG + "ImageBind multimodal_preprocessors.py:188 get_pos_embedding reads pos_embed of "
          "SpatioTemporalPosEmbeddingHelper, a module without forward; called from RGBDTPreprocessor (:268) for "
          "vision/audio; at leaf the CPU pos_embed meets the device tokens (`tokens + pos_embed`). The same hazard "
          "exists in nextgpt/'s copy (blind recall hazard R4), which the message names as the same cause."),
    54: T("block+leaf", VL + VL_GEN + "This row: caption_model.py:89 VLBartCOCOCaption.test_step, src/caption.py."),
    55: F("AB", PROP + "This row: MLP.device (:33); MLP is built only for mm_input_projector_type 'mlp', which no "
          "script sets (scripts pass 'group'; default 'linear')."),
    56: T("block", "m2-transformer transformer.py:50 Transformer.step calls self.decoder(...) directly, as row 5."),
    57: F("AL", AL_REP + "This row: common.py:429 QARepVGGBlockV2.get_equivalent_kernel_bias (rbr_1x1.weight)."),
    58: F("AB", TX + "This row: modeling_transfo_xl.py:787 AdaptiveEmbedding.forward emb_projs[i]."),
    59: T("leaf", "grit det_module.py:136 DetectionModule.prepare_od_inputs (called by DetectionModule.forward :182) "
          "reads self.query_embed.weight without calling the Embedding, so at leaf its group is never onloaded; the "
          "CPU query_pos/query_tgt go into the deformable decoder with device features. Built as in row 17."),
    60: T("leaf", "SimSwap pg_modules/blocks.py:12 conv2d() wraps each Conv2d in the legacy torch.nn.utils.spectral_norm, "
          "whose forward pre-hook computes `weight` from weight_orig (and u/v) before the leaf's group is onloaded, so "
          "the CPU weight meets the device input. The helper builds the projected discriminator's convolutions "
          "(DownBlock :178, DownBlockPatch :199, SingleDisc :146 ...; projected_discriminator.py), built and trained "
          "by train.py:137 fsModel (models/projected_model.py:20). Training-time, counted true as in rounds x-ab. "
          "Label risk: the reported class SeparableConv2d is built only for separable=True; the cause is the helper, "
          "which every discriminator block uses."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
