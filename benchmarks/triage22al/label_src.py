"""Write benchmarks/triage22al/labels.json (round al; all 51 drawn rows: the pool had 51 shown findings).

Standard of rounds x-aj: true when the hazard is real at (at least one of) the claimed level(s) the way the tree runs
its code (training counts); C when true only under a non-default option the tree ships or documents; false with a
cause letter otherwise: AB code nothing builds or calls (here a file nothing imports); BB a branch no caller or config
takes; A premise about what is offloaded (the wrong root); P where a value's device comes from / where it goes (here:
a value a hook moves); AL one-time work the tree runs before offloading would apply (a load-time fuse); BG a CPU-only
export path. New in this round: KA, a call into a component's submodule whose method reads no weight at all (the
linter could not type the component and guessed from the names). Runtime column filled from runtime_column.json where
a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

SAM = ("Segment-and-Track-Anything runs SAM only through SamPredictor: tool/segmentor.py:15-18 builds "
       "sam_model_registry[...] (a Sam) and SamAutomaticMaskGenerator(model=sam), whose .predictor is also the "
       "interactive predictor; SegTracker.py calls everything_generator.generate (:45), segment_with_box (:162, :236: "
       "predict(box=...)) and segment_with_click (:185: point prompts, then point + mask prompts). SamPredictor never "
       "calls Sam.forward: set_torch_image runs model.preprocess and model.image_encoder (predictor.py:88-89), "
       "predict_torch runs model.prompt_encoder(...) (:222) and model.mask_decoder(..., image_pe=model.prompt_encoder."
       "get_dense_pe()) (:229-231), and places every input with self.device = model.device = pixel_mean.device "
       "(predictor.py:57/143/144/148/151, sam.py:51). Root Sam. At leaf level (diffusers 0.42.1: supported layers "
       "hooked on their own forward; a non-leaf module's own parameters/buffers grouped on that module's forward, whose "
       "hook also moves its arguments; no hook on modules without own tensors) pixel_mean stays on the CPU (Sam.forward "
       "never runs), so the inputs are placed on the CPU; the image encoder's hooks move the image and its features "
       "come out on the device; PromptEncoder, MaskDecoder and TwoWayTransformer hold no tensor of their own (no hook, "
       "arguments not moved), so the prompt embeddings built from CPU coordinates, the CPU gaussian matrix and the "
       "unhooked Embedding weights stay on the CPU and meet device tensors in the mask decoder: `src = src + "
       "dense_prompt_embeddings` (mask_decoder.py:127) and, past it, `q = queries + query_pe` (transformer.py:158, "
       "the tokens against the attention output). At block level every child of Sam sits in Sam's unmatched group, "
       "never onloaded by the predictor, and the inputs are on the CPU too: the whole path computes on the CPU, no "
       "mismatch (P for the block claims). ")
SAM_ONNX = ("sam/segment_anything/utils/onnx.py SamOnnxModel is built only by sam/scripts/export_onnx_model.py "
            "(:110, a CPU model from sam_model_registry, no device), which traces it with dummy inputs made on the "
            "CPU (torch.randn / torch.randint / torch.tensor without device, :131-136) for torch.onnx.export: no "
            "compute-device tensor exists on that path (as round v's BG: a CPU-only export path). ")
DETR_SEGM = ("DETRsegm (and its MHAttentionMap bbox_attention) is built only under `--masks` (argparse "
             "store_true, default False): {build}; no script or config of the tree passes --masks (grep of every .sh "
             "and README: none), and every script builds the detector alone. ")
MHA = ("{ctx} nn.MultiheadAttention's forward passes out_proj.weight/bias to F.multi_head_attention_forward without "
       "calling out_proj, a NonDynamicallyQuantizableLinear (a supported leaf); at leaf level its group hangs on "
       "out_proj.forward, never run, so the weight stays on the CPU when it meets the attention output (batch_first "
       "False: no fused fast path). ")
LEVEL_EMBED = ("{ctx} The weight is read without calling the Embedding (so at leaf level it is on the CPU) and "
               "passed as an argument to self.transformer(...), a {tcls} that holds its own nn.Parameter "
               "`level_embed` ({tline}): diffusers' leaf level groups a non-leaf module's own parameters on that "
               "module and hooks its forward, and GroupOffloadingHook.pre_forward sends every positional and keyword "
               "argument to the onload device (hooks/group_offloading.py:430), so query_embed reaches the "
               "transformer's body on the device; it meets nothing on the CPU. The message says the transformer 'has "
               "no hook to move it at leaf level'. ")
YOLOV7_FUSE = ("yolov7-pytorch yolo.py:107-110 (YOLO.generate, the inference builder of YoloBody used by predict.py "
               "and get_map.py; train.py:293 and summary.py:16 build it without fusing) loads the checkpoint and runs `self.net = self.net.fuse().eval()` before moving the net to "
               "the device (:113-115); YoloBody.fuse (nets/yolo.py:286-295) calls RepConv.fuse_repvgg_block on every "
               "RepConv and folds every Conv's BN, a one-time reparameterisation at load (the weights it reads are "
               "fused into rbr_reparam / conv and the branches deleted), before offloading would be applied; on the "
               "offload device it would only compute CPU with CPU. ")
TRANSTRACK = ("TransTrack main_track.py:172-178 builds models/deformable_detr.py's DeformableDETR (--det_val), "
              "models/deformable_detrtrack_test.py's (--eval: track_exps/mot_val.sh, mot_test.sh) or "
              "models/deformable_detrtrack_train.py's (training: track_exps/*train*.sh), all with --with_box_refine and "
              "without --two_stage, so `query_embeds = self.query_embed.weight` is taken; main.py (configs/"
              "r50_deformable_detr*.sh) builds models/deformable_detr.py's. ")

L = {
    1: F("AL", YOLOV7_FUSE + "This row: nets/yolo.py:149 RepConv.fuse_repvgg_block pads rbr_1x1.weight."),
    2: T("leaf", SAM + "This row: prompt_encoder.py:89 _embed_points adds point_embeddings[0].weight (and [1], :90) "
         "to the point embedding, all on the CPU here; the sparse embeddings they make become the decoder's tokens "
         "(mask_decoder.py:123) and meet the device attention output at transformer.py:158 (with device inputs, as the "
         "message assumes, the add itself would fail). Leaf true; block claim P (all on the CPU)."),
    3: T("leaf", "SAM-DETR models/fast_detr.py:126 FastDETR.forward passes self.query_embed.weight (read without "
         "calling the Embedding: at leaf level on the CPU) to self.transformer(...). In the default single-scale "
         "build (scripts r50_e12_4gpu.sh, r50_dc5_*, r50_smca_*: no --multiscale, main.py:39 default False) "
         "models/transformer.py's Transformer holds no tensor of its own (level_embed only under multiscale, :33), so "
         "no hook moves the argument: forward_single_scale builds `tgt = torch.zeros(..., device=query_embed.device)` "
         "(:84) on the CPU and passes query_embed as query_pos; TransformerDecoderLayer (no own tensors) computes "
         "tgt2 through hooked Linears on the device and `tgt = tgt + self.dropout1(tgt2)` (transformer_decoder.py:"
         "216) meets CPU with device. (Under the two --multiscale scripts the transformer's level_embed hook would "
         "move it: P there.)"),
    4: F("BG", SAM_ONNX + "This row: utils/onnx.py:73 SamOnnxModel._embed_masks reads "
         "model.prompt_encoder.no_mask_embed.weight."),
    5: T("leaf", MHA.format(ctx="TransT (pytracking/tracker/transt and pysot_toolkit trackers build the TransT "
         "network, ltr/models/tracking/transt.py, whose featurefusion_network is "
         "ltr/models/neck/featurefusion_network.py's FeatureFusionNetwork: FeatureFusionLayer blocks and a "
         "DecoderCFALayer) runs these in forward / track.") + "This row: featurefusion_network.py:173 "
         "FeatureFusionLayer.self_attn1."),
    6: T("leaf", MHA.format(ctx=TRANSTRACK + "models/deformable_transformer.py's DeformableTransformerDecoderLayer "
         "runs self.self_attn(q, k, tgt) (:309).") + "This row: TransTrack models/deformable_transformer.py:281."),
    7: F("KA", "(new) OSTrack lib/test/tracker/ostrack.py:90 track() calls self.network.box_head.cal_bbox(response, "
         "size_map, offset_map) after self.network.forward(...) (:84). self.network is build_ostrack(cfg, "
         "training=False) (:22), an OSTrack whose box_head is CenterPredictor for the shipped CENTER configs "
         "(experiments/ostrack/*.yaml HEAD TYPE CENTER; lib/models/layers/head.py:240-246). "
         "CenterPredictor.cal_bbox (head.py:142-160) reads no parameter or buffer: torch.max / gather / cat over its "
         "arguments (device outputs of forward) and the int feat_sz. Nothing offloaded is touched; the message says "
         "the component's class is unknown to the linter and the finding is a guess from the names."),
    8: F("AL", YOLOV7_FUSE + "This row: nets/backbone.py:26 Conv.fuseforward: it runs only as the module's forward "
         "after fuse rebinds it (`m.forward = m.fuseforward`, nets/yolo.py:294) at load; offloading applied after "
         "that wraps the instance's forward (diffusers' HookRegistry), i.e. fuseforward itself, so self.conv is "
         "reached through the hooked forward."),
    9: F("AL", YOLOV7_FUSE + "This row: nets/yolo.py:161 reads self.rbr_1x1.weight.data.device to place the identity "
         "kernel it fuses (CPU with CPU at load)."),
    10: T("leaf", MHA.format(ctx="H-Deformable-DETR main.py builds models/deformable_detr.py's DeformableDETR with "
          "models/deformable_transformer.py (every config under configs/), whose decoder layer runs "
          "self.self_attn(q, k, tgt, attn_mask=self_attn_mask).") + "This row: deformable_transformer.py:439."),
    11: F("AL", YOLOV7_FUSE + "This row: nets/yolo.py:174 adds rbr_dense.weight into the fused kernel."),
    12: F("P", LEVEL_EMBED.format(ctx="ReferFormer models/referformer.py:283 ReferFormer.forward reads "
          "self.query_embed.weight and passes it to self.transformer(srcs, text_embed, masks, poses, query_embeds) "
          "(:285-286), the model every script builds (main.py, inference_*.py).", tcls="DeformableTransformer",
          tline="models/deformable_transformer.py:52")),
    13: F("P", LEVEL_EMBED.format(ctx=TRANSTRACK + "This row: models/deformable_detr.py:150 DeformableDETR.forward.",
          tcls="DeformableTransformer", tline="models/deformable_transformer.py:47")),
    14: T("leaf", SAM + "This row: prompt_encoder.py:98 _embed_boxes adds point_embeddings[2]/[3].weight to the box "
          "corner embedding (box prompts: segment_with_box, SegTracker.py:162/:236, and detect_and_seg's Grounding-"
          "DINO boxes); CPU here, meeting the device attention output downstream (transformer.py:158). Leaf true; "
          "block claim P."),
    15: T("leaf", MHA.format(ctx="TransT, as row 5.") + "This row: featurefusion_network.py:174 self_attn2."),
    16: T("leaf", SAM + "This row: prompt_encoder.py:189 PositionEmbeddingRandom._pe_encoding, reached from "
          "forward_with_coords (_embed_points :86, _embed_boxes :97), uses the buffer positional_encoding_gaussian_"
          "matrix, grouped on PositionEmbeddingRandom.forward (which only get_dense_pe runs): on the CPU in the "
          "prompt path; with this tree's CPU coordinates the product is CPU @ CPU and the result is one of the CPU "
          "prompt embeddings that meet the device output at transformer.py:158 (with device coordinates, as the "
          "message says, the matmul itself fails)."),
    17: T("leaf", MHA.format(ctx="TransT, as row 5.") + "This row: featurefusion_network.py:120 "
          "DecoderCFALayer.multihead_attn."),
    18: T("leaf", MHA.format(ctx="SAM-DETR's default single-scale Transformer (models/transformer.py:36-37) builds "
          "models/transformer_encoder.py's TransformerEncoderLayer, whose forward runs self.self_attn(...).") +
          "This row: transformer_encoder.py:47."),
    19: T("leaf", MHA.format(ctx="TransT, as row 5.") + "This row: featurefusion_network.py:176 multihead_attn2."),
    20: T("leaf", SAM + "This row: mask_decoder.py:121 predict_masks cats iou_token.weight and mask_tokens.weight "
          "(Embeddings read without their call: CPU at leaf) into the output tokens; with the (CPU) sparse prompt "
          "embeddings they form the tokens that meet the device attention output at transformer.py:158 (the torch.cat "
          "the message names is CPU with CPU in this tree)."),
    21: F("BB", DETR_SEGM.format(build="H-Deformable-DETR models/deformable_detr.py:621-622") +
          "This row: models/segmentation.py:55 DETRsegm.forward reads detr.query_embed.weight."),
    22: T("leaf", MHA.format(ctx="ReferFormer builds models/deformable_transformer.py's DeformableTransformer "
          "(referformer.py build), whose decoder layer runs self.self_attn(q, k, tgt).") +
          "This row: deformable_transformer.py:308."),
    23: F("P", LEVEL_EMBED.format(ctx=TRANSTRACK + "This row: models/deformable_detrtrack_train.py:214 "
          "DeformableDETR.forward_once (training: forward :159) passes query_embeds to self.transformer(srcs, masks, "
          "pos, query_embeds) (:215).", tcls="deformable_transformer_track.DeformableTransformer",
          tline="models/deformable_transformer_track.py:49")),
    24: F("BB", DETR_SEGM.format(build="SAM-DETR models/fast_detr.py:382-383") + "This row: models/segmentation.py:164 "
          "MHAttentionMap.forward passes k_linear.weight to F.conv2d."),
    25: T("block", "TransT pytracking/tracker/transt/transt.py:68/:89 and pysot_toolkit/trackers/tracker.py:140/:160 "
          "(and net_wrappers.py:48/:51) call net.template(z) and net.track(x) on the TransT network (ltr/models/"
          "tracking/transt.py), never its forward while tracking. TransT's direct children backbone (a Joiner, "
          "nn.Sequential: a block), featurefusion_network, input_proj (Conv2d), class_embed (Linear), bbox_embed (MLP): "
          "at block level all but the backbone sit in TransT's unmatched group, onloaded only by TransT.forward. "
          "This row: transt.py:76 track() applies self.input_proj (CPU weight) to the template features (device "
          "outputs of the hooked backbone) and then featurefusion_network, class_embed, bbox_embed."),
    26: F("AB", "TransTrack models/reid/deformable_detrtrack_test.py is imported by nothing: models/reid/ has no "
          "__init__.py and no file names it (grep `reid` in imports: none; models/__init__.py:11 imports the sibling "
          "models/deformable_detrtrack_test.py, row 51). The linter suppresses the same pattern in the neighbouring "
          "models/reid/deformable_detrtrack_train.py:221 ('reached from no entry point') but reports this file. This "
          "row: reid/deformable_detrtrack_test.py:175 query_embed.weight (also P if it were built: its transformer "
          "holds level_embed, reid/deformable_transformer_track.py)."),
    27: T("leaf", SAM + "This row: prompt_encoder.py:88 _embed_points adds not_a_point_embed.weight (CPU at leaf) to "
          "the point embedding (the padding point the predictor's point prompts add when no box is given); CPU here, "
          "meeting the device attention output downstream (transformer.py:158)."),
    28: F("AL", YOLOV7_FUSE + "This row: nets/yolo.py:148 reads rbr_1x1.bias."),
    29: F("BG", SAM_ONNX + "This row: utils/onnx.py:58 SamOnnxModel._embed_points reads "
          "model.prompt_encoder.not_a_point_embed.weight."),
    30: T("leaf", SAM + "This row: mask_decoder.py:121 iou_token.weight, as row 20."),
    31: F("BB", "FairMOT src/lib/models/common.py:110 TransformerLayer (self.ma, nn.MultiheadAttention) is built only "
          "inside C3TR / TransformerBlock, which yolo.py's parse_model builds only when a model yaml names C3TR "
          "(yolo.py:114-119); FairMOT's only yolo config, src/lib/models/networks/config/yolov5s.yaml, names none "
          "(and the default --arch is dla_34, opts.py:50). The leaf hazard would be real in a C3TR model."),
    32: F("BB", DETR_SEGM.format(build="TransTrack models/deformable_detr.py:457-458 (and the track builders "
          "deformable_detrtrack_test.py:532, _train.py:636)") + "This row: models/segmentation.py:158 "
          "MHAttentionMap.forward k_linear.weight."),
    33: T("leaf", SAM + "This row: sam.py:51 Sam.device returns pixel_mean.device, the property SamPredictor.device "
          "returns (predictor.py:259) and places every input with (:57, :143-151): on the CPU at leaf (Sam.forward never "
          "runs). The CPU coordinates feed the CPU prompt embeddings that meet the device attention output "
          "(transformer.py:158); were the embedding weights fixed, the CPU coordinates would meet them on the device "
          "in _pe_encoding. Leaf true; block claim P (the whole path then runs on the CPU consistently)."),
    34: F("BB", DETR_SEGM.format(build="H-Deformable-DETR models/deformable_detr.py:621-622") +
          "This row: models/segmentation.py:185 MHAttentionMap.forward k_linear.weight."),
    35: T("leaf", MHA.format(ctx="TransT, as row 5.") + "This row: featurefusion_network.py:175 multihead_attn1."),
    36: F("P", LEVEL_EMBED.format(ctx=TRANSTRACK + "This row: models/deformable_detrtrack_train.py:302 "
          "DeformableDETR.forward_train (forward :162/:167/:174) passes query_embeds to self.transformer(srcs, masks, "
          "pos, query_embeds, pre_reference, pre_tgt) (:303).", tcls="deformable_transformer_track.DeformableTransformer",
          tline="models/deformable_transformer_track.py:49")),
    37: F("AL", YOLOV7_FUSE + "This row: nets/yolo.py:175 reads rbr_dense.bias."),
    38: F("BB", DETR_SEGM.format(build="TransTrack models/deformable_detr.py:457-458") +
          "This row: models/segmentation.py:44 DETRsegm.forward reads detr.query_embed.weight."),
    39: T("leaf", SAM + "This row: prompt_encoder.py:164 PromptEncoder.forward returns no_mask_embed.weight (read "
          "without calling the Embedding: CPU at leaf) as the dense embeddings whenever no mask prompt is given (the "
          "everything generator, box prompts, the first click prediction); mask_decoder.py:127 `src = src + "
          "dense_prompt_embeddings` adds them to the device image embeddings: the first mismatch on the path."),
    40: F("A", SAM + "This row: prompt_encoder.py:71 get_dense_pe calls self.pe_layer; the message takes "
          "PromptEncoder as the block root ('PromptEncoder's unmatched group'). PromptEncoder is built only as Sam's "
          "child (build_sam.py); with Sam the root, get_dense_pe from Sam.forward (sam.py:113, the caller the message "
          "names) runs with Sam's unmatched group onloaded, and from the predictor (predictor.py:231) the whole path is "
          "on the CPU at block level (no mismatch). At leaf level pe_layer's forward is hooked (this call is fine). "
          "As round ag's DragonDiffusion get_dense_pe row (A)."),
    41: F("BB", DETR_SEGM.format(build="SAM-DETR models/fast_detr.py:382-383") + "This row: models/segmentation.py:164 "
          "k_linear.bias."),
    42: F("BB", DETR_SEGM.format(build="TransTrack models/deformable_detr.py:457-458") + "This row: "
          "models/segmentation.py:158 k_linear.bias."),
    43: T("leaf", MHA.format(ctx="ReferFormer builds CrossModalFPNDecoder as its pixel_decoder (referformer.py:147, "
          "run at :321), with a VisionLanguageBlock per level (segmentation.py:159-165) whose forward_post runs "
          "self.self_attn (:318) and self.multihead_attn (:329).") + "This row: segmentation.py:267 multihead_attn."),
    44: U("leaf", MHA.format(ctx="YOLOv5-Lite models/common.py:184 TransformerLayer is built only inside C3TR / "
          "TransformerBlock, which models/yolo.py's parse_model builds when a model yaml names it; the default --cfg is "
          "models/v5Lite-s.yaml (train.py:460) and no v5Lite yaml names it, but the tree ships "
          "models/hub/yolov5s-transformer.yaml (:24) and models/hub/TPH-YOLOv5.yaml (:27, :45) with C3TR.") +
          "True only under those shipped, non-default configs: C."),
    45: T("leaf", MHA.format(ctx="ReferFormer, as row 43.") + "This row: segmentation.py:266 self_attn."),
    46: F("BG", SAM_ONNX + "This row: utils/onnx.py:63 SamOnnxModel._embed_points reads "
          "model.prompt_encoder.point_embeddings[i].weight."),
    47: F("BB", DETR_SEGM.format(build="SAM-DETR models/fast_detr.py:382-383") + "This row: models/segmentation.py:51 "
          "DETRsegm.forward reads detr.query_embed.weight."),
    48: F("BB", DETR_SEGM.format(build="H-Deformable-DETR models/deformable_detr.py:621-622") +
          "This row: models/segmentation.py:185 k_linear.bias."),
    49: F("P", LEVEL_EMBED.format(ctx="H-Deformable-DETR models/deformable_detr.py:207 DeformableDETR.forward "
          "(one-stage configs, and two-stage with --mixed_selection) reads self.query_embed.weight[0:num_queries] and "
          "passes it to self.transformer(srcs, masks, pos, query_embeds, self_attn_mask) (:224).",
          tcls="DeformableTransformer", tline="models/deformable_transformer.py:85")),
    50: T("leaf", MHA.format(ctx="ReferFormer builds VisionLanguageFusionModule as fusion_module (referformer.py:141, "
          "run at :243, :270).") + "This row: segmentation.py:413 multihead_attn."),
    51: F("P", LEVEL_EMBED.format(ctx=TRANSTRACK + "This row: models/deformable_detrtrack_test.py:167 "
          "DeformableDETR.forward (eval) passes query_embeds to self.transformer(srcs, masks, pos, query_embeds) (:168).",
          tcls="deformable_transformer_track.DeformableTransformer", tline="models/deformable_transformer_track.py:49")),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
