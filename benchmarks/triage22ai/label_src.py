"""Write benchmarks/triage22ai/labels.json (round ai; all 60 drawn rows).

No new cause letter was needed (round aj uses other letters; HA.. stays unused). Standard of rounds x-ah: true when the
hazard is real at (at least one of) the claimed level(s) the way the tree runs its code (training counts); C when true
only under a non-default option the tree's docs document (OV-DETR --masks, mdetr --mask_model smallconv); false with a
cause letter otherwise. Runtime column filled from runtime_column.json where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

MHA = ("torch's nn.MultiheadAttention.forward passes `self.out_proj.weight` / `.bias` to F.multi_head_attention_forward "
       "without calling out_proj (a Linear subclass, its own leaf group at leaf level, onloaded only by its own forward, "
       "which nothing calls), so the output projection stays on the CPU while the attention's inputs are moved to the "
       "device by the MHA's own hook (in_proj_weight is the MHA's own parameter). ")
DETRQ = ("DETR's pattern: the nn.Embedding's weight is read without calling the Embedding (leaf: onloaded only by its own "
         "forward) and handed to the transformer, which has no parameters of its own (no hook at leaf level); there "
         "`query_embed.unsqueeze(1).repeat(1, bs, 1)` and `tgt = torch.zeros_like(query_embed)` stay on the CPU, the "
         "decoder layers (no own parameters, no hook) add `tgt + dropout(self_attn(...))`, whose right side the MHA's "
         "hook computed on the device. ")
ATTNPOOL = ("DenseCLIP's AttentionPool2d (CLIP's, with interpolated positional embedding) passes q_proj/k_proj/v_proj/"
            "c_proj `.weight` and `torch.cat([q.bias, k.bias, v.bias])` / `c_proj.bias` to F.multi_head_attention_forward "
            "without calling the Linears (leaf: each is onloaded only by its own forward, never called), next to the "
            "device features. Built by CLIPResNetWithAttention (`self.attnpool`, used in its forward), the backbone 7 "
            "of the tree's configs select (segmentation/configs/denseclip_*; detection/configs/*denseclip*). ")
OVDETR_2S = ("OV-DETR: `query_embed` exists only when not two_stage (model.py:52-53) and every command of the tree "
             "passes --two_stage (run_scripts.md:16, :43, :62, the last one the --masks segmentation command), so the "
             "`if not two_stage` branch that reads it never runs. ")
CORA_CLIP = ("CORA's models/clip/model.py CLIP is built only by models/clip/clip.py build_model / load, which nothing in "
             "CORA calls: backbone.py imports ModifiedResNet only (:20, :157) and classifier.py Transformer only (:21); "
             "no `clip.load` / `build_model(state_dict` outside models/clip/. ")
CORA_CLS = ("CORA Classifier (models/classifier.py:32) is a child of FastDETR (fast_detr.py:62) called as a module "
            "`self.classifier(categories)` inside FastDETR.forward (:203, :321, :382, :385, :415); encode_text is reached "
            "only through Classifier.forward -> forward_feature (:131) -> encode_text (:119), inside Classifier's own "
            "hook (its own parameters onloaded at leaf level; at block level the root's unmatched group is onloaded by "
            "FastDETR.forward, the texts placed on `self.positional_embedding.device` :114). ")
ZSCLIP = ("multimodal-prompt-learning's zero-shot trainer (trainers/zsclip.py, ZeroshotCLIP / ZeroshotCLIP2; "
          "scripts/zsclip/zeroshot.sh) holds the whole CLIP as its model: build_model loads it, `clip_model.to(self."
          "device)` (:40), then `clip_model.encode_text(prompts)` with prompts on the device (:46-49, :92); "
          "model_inference calls `self.clip_model.encode_image(image)` per batch (:56). With CLIP group-offloaded in "
          "place of that .to(), these methods run outside CLIP.forward. ")
ZEG_INIT = ("ZegFormer's CLIP is loaded by TransformerZeroshotPredictor.__init__ straight onto cuda (transformer_zeroshot_"
            "predictor.py:80) and encode_text runs there once, in the constructor, to build the class text features "
            "(:138, :146-149), before the model the application builds exists as a whole, so before any offloading "
            "could be applied (AL: one-time work the tree runs before offloading). ")
MOAI_EVAL = ("MoAI eval_process / demo_process run outside MoAIModel.forward (pipeline/*Pipeline.py:107, demo.py); at "
             "block level the whole model (no ModuleList child of the root) is in the root's unmatched group, on the "
             "CPU there. But the token ids the line embeds are never moved to the device (`processor(...).input_ids`, "
             "CPU), the vision tower places its images on its own weights' device (build_mlp.py:131 "
             "`images.to(device=self.device)`, CPU), so verb_embeds and map_embeds are both CPU and meet only each other "
             "(the cat at :214 / :329), and the dict goes to generate -> MoAIModel.forward, whose hook moves kwargs to "
             "the onload device (GroupOffloadingHook.pre_forward send_to_device). No mixed-device operation: P (where a "
             "value's device comes from / where it goes). Label risk: on a CUDA model without offloading these CPU ids "
             "would meet CUDA embedding weights; the tree's own line looks broken there. ")
MPL_LOAD = ("multimodal-prompt-learning build_model: `load_pretrained_weights(self.model.prompt_learner, cfg.MODEL."
            "INIT_WEIGHTS)` loads a checkpoint's state dict into the prompt learner (Dassl's load_pretrained_weights: "
            "torch.load + load_state_dict), before `self.model.to(self.device)` on the next line; nothing computes with "
            "the module there (AL: one-time build work before any device placement or offloading). ")

L = {
    1: F("BB", OVDETR_2S + "This row: ovdetr/models/segmentation.py:80 DETRsegm.forward_train `self.detr.query_embed.weight`."),
    2: F("P", MOAI_EVAL + "This row: moai/arch_moai.py:213 eval_process `self.get_input_embeddings()(...)`."),
    3: T("leaf", MHA + "mdetr builds its Transformer (models/transformer.py, build_transformer) for every MDETR; "
         "TransformerDecoderLayer.cross_attn_image (:327) is called in forward_post/pre. This row: transformer.py:327."),
    4: T("leaf", MHA + "ZegFormer: every config selects ZegFormerHead (configs/*: SEM_SEG_HEAD.NAME), which builds "
         "TransformerZeroshotPredictor (zeg_former_head.py:76) holding transformer.py's Transformer; its "
         "TransformerDecoderLayer.self_attn (:274) runs in the decoder. This row: transformer.py:274."),
    5: T("leaf", ATTNPOOL + "This row: detection/denseclip/models.py:90 (v_proj.bias in the bias cat)."),
    6: F("AB", "OV-DETR ovdetr/models/model.py:149 DeformableDETR.forward: only OVDETR is built (models/__init__.py:34) "
         "and OVDETR.forward (:252) overrides it, dispatching to forward_train/forward_test; DeformableDETR.forward runs "
         "for no object of the tree (and query_embed is absent under --two_stage anyway)."),
    7: T("leaf", ATTNPOOL + "This row: detection/denseclip/models.py:88 (v_proj.weight)."),
    8: T("leaf", MHA + "ZegCLIP: all 8 configs build CLIPTextEncoder and VPTCLIPVisionTransformer (models/backbone/"
         "text_encoder.py, img_encoder.py), whose Transformers stack utils.py's ResidualAttentionBlock (:147 attn) and "
         "run it in forward. This row: models/backbone/utils.py:147."),
    9: F("AB", "Vary Vary-master/vary/model/llm/qwen/modeling_qwen.py:980 QWenLMHeadModel.chat_stream: nothing in the tree "
         "calls chat / chat_stream (the only mentions are the copied Qwen warning strings :59-67); Vary's demos and "
         "trainers call model.generate on varyQwenForCausalLM (vary/demo/run_qwen_vary.py)."),
    10: T("leaf", ATTNPOOL + "This row: detection/denseclip/models.py:96 (c_proj.bias)."),
    11: T("leaf", MHA + "CORA: Classifier (models/classifier.py:63) builds clip/model.py's Transformer of "
          "ResidualAttentionBlocks (:216 attn) and runs it in encode_text <- forward_feature <- Classifier.forward, "
          "called from FastDETR.forward (fast_detr.py:203) for every category not yet cached. This row: "
          "models/clip/model.py:216."),
    12: U("leaf", "OV-DETR ovdetr/models/segmentation.py:377 MHAttentionMap.forward: `F.conv2d(k, self.k_linear.weight"
          ".unsqueeze(-1).unsqueeze(-1), self.k_linear.bias)` reads the Linear's weight without calling it (leaf: "
          "onloaded only by its own forward) next to the device features. MHAttentionMap is built only by DETRsegm, "
          "which models/__init__.py:51-52 builds under --masks, the instance-segmentation command run_scripts.md:52-66 "
          "documents (not the default detection runs): C."),
    13: F("BB", "CORA models/segmentation.py:167 MHAttentionMap (k_linear.weight): built only by DETRsegm, which "
          "fast_detr.py:836-837 builds under --masks; no config of the tree (configs/COCO/*.sh, configs/controller.sh) "
          "nor any document passes --masks (CORA's runs are detection only)."),
    14: T("leaf", MHA + "CORA dab_transformer.py:407 TransformerEncoderLayer.self_attn (nn.MultiheadAttention unless "
          "use_deformable_attention, a flag no config sets, main.py:48); the configs build 3 encoder layers "
          "(--enc_layers 3). This row: models/dab_transformer.py:407."),
    15: T("block", ZSCLIP + "This row: clip/model.py:599 encode_text `self.token_embedding(text)`: at block level "
          "token_embedding and transformer sit in CLIP's unmatched group, onloaded only by CLIP.forward, never run; the "
          "CPU table meets the device prompts. Label risk: a build-time call (the blind recall list had marked it 'not "
          "counted'); labelled true because the trainer's own device move precedes it, which is where offloading goes."),
    16: F("BB", "CORA models/segmentation.py:167 MHAttentionMap (k_linear.bias): as row 13, --masks is set by no config "
          "or document of the tree."),
    17: T("leaf", ATTNPOOL + "This row: segmentation/denseclip/models.py:97 (v_proj.bias in the bias cat)."),
    18: T("leaf", MHA + "ZegFormer transformer.py:275 TransformerDecoderLayer.multihead_attn, as row 4."),
    19: F("AB", CORA_CLIP + "This row: models/clip/model.py:382 CLIP.encode_image (visual)."),
    20: T("leaf", MHA + "multimodal-prompt-learning clip/model.py:171 ResidualAttentionBlock (design 'CoOp'/'CoCoOp' "
          "and the zero-shot CLIP: Transformer :352-356) runs in every CoOp/CoCoOp/zsclip model's text and image "
          "encoders. This row: clip/model.py:171."),
    21: F("AB", "Vary modeling_qwen.py:917 QWenLMHeadModel.chat: no caller in the tree, as row 9."),
    22: F("AB", CORA_CLIP + "This row: models/clip/model.py:387 CLIP.encode_text (positional_embedding)."),
    23: F("BE", CORA_CLS + "This row: models/classifier.py:97 Classifier.encode_text (token_embedding / transformer)."),
    24: T("leaf", ATTNPOOL + "This row: segmentation/denseclip/models.py:102 (c_proj.weight)."),
    25: T("block", ZSCLIP + "This row: clip/model.py:596 encode_image `self.visual(...)`: at block level visual "
          "(VisionTransformer, no ModuleList) sits in CLIP's unmatched group, onloaded only by CLIP.forward, which the "
          "zero-shot trainer never calls; its conv1 meets the device image."),
    26: T("leaf", ATTNPOOL + "This row: segmentation/denseclip/models.py:103 (c_proj.bias)."),
    27: T("leaf", MHA + "ZegFormer third_party/model.py:368 ResidualAttentionBlock: the predictor's CLIP (ViT-B/16) "
          "runs its visual transformer in encode_image inside MaskFormer.forward (mask_former_model.py:356) under "
          "CLIP_CLASSIFICATION: True, which the shipped *_gzss_eval.yaml configs set. This row: third_party/model.py:368."),
    28: T("leaf", ATTNPOOL + "This row: segmentation/denseclip/models.py:94 (k_proj.weight)."),
    29: T("leaf", DETRQ + "mdetr models/mdetr.py:131 MDETR.forward (encode_and_save) reads self.query_embed.weight and "
          "passes it to self.transformer (transformer.py:93-118; pass_pos_and_query default True -> "
          "tgt = zeros_like(query_embed)). Every MDETR run."),
    30: T("leaf", MHA + "mdetr transformer.py:262 TransformerEncoderLayer.self_attn (the image-text encoder, every "
          "MDETR). This row: models/transformer.py:262."),
    31: T("leaf", ATTNPOOL + "This row: segmentation/denseclip/models.py:97 (k_proj.bias in the bias cat)."),
    32: F("P", "MoAI moai/arch/build_mlp.py:149 CLIPVisionTower.device (`self.vision_tower.device`, the CLIP vision "
          "model's first parameter): its readers (:123, :131) place the images with it and pass them straight into "
          "self.vision_tower(...): at leaf level CLIPVisionEmbeddings (own class_embedding) is hooked and moves the "
          "pixel values to the onload device; at block level the value is the onload device inside MoAIModel.forward "
          "and the CPU outside it (eval_process, where every value stays on the CPU, see row 2). The placed value "
          "meets no tensor of another device (round ae's P rule for CLIP towers' device properties)."),
    33: T("leaf", MHA + "OV-DETR deformable_transformer.py:139 DeformableTransformerDecoderLayer.self_attn "
          "(nn.MultiheadAttention; every OV-DETR, two-stage or not). This row: ovdetr/models/deformable_transformer.py:139."),
    34: F("BB", "ZegFormer mask_former/modeling/transformer/transformer_predictor.py:121 TransformerPredictor.forward "
          "(query_embed.weight): TransformerPredictor is built only by MaskFormerHead (heads/mask_former_head.py:98) "
          "and PerPixelBaselinePlusHead (per_pixel_baseline.py:202); every config of the tree selects "
          "SEM_SEG_HEAD.NAME ZegFormerHead, whose TransformerPredictor construction is commented out "
          "(zeg_former_head.py:75). The same pattern in the predictor that runs is row 58 (true)."),
    35: T("leaf", ATTNPOOL + "This row: detection/denseclip/models.py:86 (q_proj.weight)."),
    36: F("AB", CORA_CLIP + "This row: models/clip/model.py:395 CLIP.encode_text (text_projection)."),
    37: F("AL", ZEG_INIT + "This row: mask_former/third_party/model.py:511 CLIP.encode_text (positional_embedding)."),
    38: F("BB", "mdetr models/transformer.py:101 `self.CLS.weight`: CLS exists only with contrastive_loss (:50), the "
          "--contrastive_loss flag (main.py:206, store_true) that no config (configs/*.json) or documented command "
          "(.github/*.md) passes (they use the contrastive align loss instead)."),
    39: F("P", MOAI_EVAL + "This row: moai/arch_moai.py:328 demo_process (demo.py), the same code as eval_process."),
    40: T("leaf", MHA + "mdetr transformer.py:326 TransformerDecoderLayer.self_attn, as row 3."),
    41: F("AL", MPL_LOAD + "This row: trainers/cocoop.py:234."),
    42: F("A", "ZegFormer third_party/model.py:504 CLIP.encode_image (visual), OFL102 block: the CLIP is no offload root "
          "but a submodule of the model the application builds (sem_seg_head.predictor.clip_model, "
          "transformer_zeroshot_predictor.py:157); its only caller is MaskFormer.forward (mask_former_model.py:188 -> "
          ":356), inside the root's hook: at block level the root's unmatched group (everything below sem_seg_head, no "
          "ModuleList child) is onloaded there. A: premise about what is offloaded."),
    43: U("leaf", DETRQ + "mdetr models/segmentation.py:45 DETRsegm.forward reads self.detr.query_embed.weight into "
          "self.detr.transformer. DETRsegm is built only with --mask_model (mdetr.py:748-753, default 'none'), which "
          "the PhraseCut commands of .github/phrasecut.md pass (smallconv): C."),
    44: T("leaf", MHA + "DenseCLIP detection/denseclip/models.py:322 ResidualAttentionBlock, stacked by the text "
          "context encoder / CLIP ViT the detection configs build (CLIPTextContextEncoder in the DenseCLIP configs). "
          "This row: detection/denseclip/models.py:322."),
    45: T("block+leaf", ZSCLIP + "This row: clip/model.py:601 `x + self.positional_embedding.type(self.dtype)`: a root "
          "parameter of CLIP, onloaded (leaf: CLIP's own group; block: unmatched group) only by CLIP.forward, meets the "
          "device embeddings. Label risk: as row 15 (build-time call)."),
    46: T("block+leaf", ZSCLIP + "This row: clip/model.py:609 `... @ self.text_projection` (root parameter), as row 45."),
    47: T("leaf", DETRQ + "mdetr models/mdetr.py:133 `torch.cat([query_embed, self.qa_embed.weight], 0)` (qa_embed "
          "read without calling it), built when qa_dataset is set, which the shipped CLEVR configs do (configs/"
          "clevr.json, clevr_humans.json, clevr_cogent_pretrain.json: do_qa)."),
    48: F("AL", ZEG_INIT + "This row: mask_former/third_party/model.py:509 CLIP.encode_text (token_embedding)."),
    49: F("BE", CORA_CLS + "This row: models/classifier.py:99 (positional_embedding)."),
    50: F("AL", MPL_LOAD + "This row: trainers/coop.py:245."),
    51: T("leaf", "CORA models/fast_detr.py:179 FastDETR.forward: without --rpn (no config sets it) `query = "
          "self.query_embed.weight` (an nn.Embedding read without calling it; leaf: on the CPU) is expanded and, with "
          "--anchor_pre_matching (every config), its sigmoid goes into self._sample_feature (:200), where the boxes are "
          "scaled by the device image sizes (the message's `rpn_boxes[i][:,[0,2]] * sizes[i][0]`)."),
    52: F("BE", CORA_CLS + "This row: models/classifier.py:107 (text_projection)."),
    53: F("BB", OVDETR_2S + "This row: ovdetr/models/model.py:312 OVDETR.forward_train (query_embed.weight)."),
    54: F("AB", CORA_CLIP + "This row: models/clip/model.py:385 CLIP.encode_text (token_embedding)."),
    55: U("leaf", "mdetr models/segmentation.py:183 MHAttentionMap.forward: `F.conv2d(k, self.k_linear.weight...)` "
          "reads the Linear's weight without calling it (leaf). Built by DETRsegm's mask head only with --mask_model "
          "(PhraseCut, .github/phrasecut.md): C, as row 43."),
    56: F("AL", ZEG_INIT + "This row: mask_former/third_party/model.py:519 CLIP.encode_text (text_projection)."),
    57: F("BB", OVDETR_2S + "This row: ovdetr/models/segmentation.py:160 DETRsegm.forward_test (query_embed.weight)."),
    58: T("leaf", DETRQ + "ZegFormer transformer_zeroshot_predictor.py:232 TransformerZeroshotPredictor.forward "
          "`self.transformer(self.input_proj(src), mask, self.query_embed.weight, pos)`: the predictor every config "
          "builds (ZegFormerHead, zeg_former_head.py:76), transformer.py's DETR Transformer."),
    59: U("leaf", "OV-DETR ovdetr/models/segmentation.py:377 MHAttentionMap (k_linear.bias), as row 12: C (--masks)."),
    60: F("BB", "CORA models/dab_transformer.py:225 `self.patterns.weight` (an Embedding read without calling it): "
          "only when num_patterns > 0, but build_transformer passes num_patterns = 0 hard-coded (:88) and no option "
          "changes it, so the else-less branch never runs."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
