"""Write benchmarks/triage22bp/labels.json (round bp; 60 rows drawn with seed 20315000 from the 192 shown findings of
twelve libraries, linter dd0ea10).

Standard of rounds x-bo (see triage22bo/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples, inference scripts and tests use the class
(training counts; a documented entry method counts as called; examples count as library code); C when true only under
a non-default option; false with a cause letter otherwise. The offloaded object is the nn.Module a user holds: a
GroundingDINO model (`load_model`, then `model(...)` / `predict`), a basicsr arch (basicsr's archs are its exported
model classes: its own inference/ scripts and downstream packages build RRDBNet / DFDNet / StyleGAN2 / ... and hold
them; a registered arch with an option file counts the same, label risk (b)), a nougat model. IOPaint's SAM / SAM-HQ /
SAM2 models are built, moved `.to(self.device)` and driven by its InteractiveSeg plugin (a plain object) and its AnyText
LatentDiffusion by AnyTextPipeline (a plain object): AL (rounds be-bo's reading); rf-detr's forward_export / export
paths are ONNX-export work (AL, round bl's "one-time / export work"); simpletransformers' model classes are plain
training / prediction wrappers that move their own network (AT); auto-gptq's QuantLinear.pack runs at quantization
time, before saving (AL, round n's reading); torchmetrics' classification metrics are weightless measurement operators
nobody offloads (OP); piq's CLIP-IQA moves its CLIP to the input's device by hand in its forward (EA).

Letters, all earlier rounds': AL a module the library builds and drives inside its own flow / one-time, set-up or
export work; AT a training / prediction wrapper (an estimator) that builds and drives the network; OP a weightless
measurement operator; EA a module moved by hand to its input's device right before use; AB code nothing in the library
calls (api: true on the second reading); P the value meets no compute-device tensor (or a hook moves it first). No new
letter.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as C, write_labels  # noqa: E402,F401

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each Conv / Linear (subclasses included) on its own forward and groups every other parameter / buffer on "
      "its closest owning module's forward; the hooks replace the instance's `forward`.) ")

SN = ("The legacy torch.nn.utils.spectral_norm registers a forward pre-hook that recomputes `weight` from `weight_orig` "
      "/ `weight_u` / `weight_v` and stores it as a plain attribute; module.__call__ runs forward pre-hooks before the "
      "forward that diffusers' leaf hook replaced, so at leaf level the conv's weight is computed on the offload device "
      "and the onload (which moves parameters and buffers only) never moves it: the conv runs with an offload-device "
      "weight. At block level the enclosing block / root group is onloaded before the conv is called. ")

DFD = ("basicsr DFDNet (archs/dfdnet_arch.py) is built and held by basicsr's own inference/inference_dfdnet.py "
       "(`net = DFDNet(64, dict_path=...)`, `net.eval()`, `output = net(...)`). ")

MHA = ("nn.MultiheadAttention.forward passes `self.out_proj.weight` / `.bias` to F.multi_head_attention_forward and never "
       "calls `out_proj` (a NonDynamicallyQuantizableLinear, a Linear subclass, so a hooked leaf at leaf level). ")

GDINO = ("GroundingDINO: users build the model with groundingdino.util.inference.load_model (README) and run "
         "`model(images, captions=...)` (predict() and the demo scripts); the shipped configs set use_text_cross_attention "
         "= True and embed_init_tgt = True, two_stage_type = 'standard' (config/GroundingDINO_SwinT_OGC.py:22-:39). ")

SAMP = ("IOPaint's vendored segment-anything / SAM-HQ / SAM2: the InteractiveSeg plugin (plugins/interactive_seg.py:98-:108, "
        "a plain BasePlugin) builds the model, moves it `.to(self.device)` (SAM2: build_sam2(..., device=self.device)) and "
        "wraps it in its own SamPredictor / SamHQPredictor / SAM2ImagePredictor, which it drives from the web server's "
        "request; nobody offloads it (AL, rounds be-bo's reading). The torch fact is the one earlier rounds labelled on "
        "the upstream segment-anything / sam2 trees (rounds c / d), where users hold the model. This row: ")

ANY = ("IOPaint's AnyText: AnyTextPipeline (model/anytext/anytext_pipeline.py:49, a plain class) builds the LatentDiffusion "
       "(`create_model`, :57), moves it `.eval().to(self.device)` (:69) and drives it with its own DDIMSampler (:70) and "
       "`self.model.encode_first_stage` / `get_first_stage_encoding` / `decode_first_stage` (:280-:316); nobody offloads "
       "it (AL). This row: ")

RFD = ("rf-detr: forward_export / export are the ONNX-export path: `export()` swaps `self.forward = self.forward_export` "
       "(lwdetr.py:136, backbone.py:110, segmentation_head.py:82, position_encoding.py:47) and is called by "
       "deploy/export.py:70 on a copy made for export (AL: one-time export work outside what offloading serves, round "
       "bl's reading); the user holds RFDETRBase / RFDETRLarge, plain objects over a plain Model that holds LWDETR. This "
       "row: ")

TM = ("torchmetrics: the classification metrics are nn.Modules only so that .to() moves their states; they hold no weight "
      "(`thresholds` is a non-persistent buffer of bin edges, e.g. precision_recall_curve.py:162), and nobody offloads a "
      "metric (OP: a weightless measurement operator). compute() is the metric's public API. This row: ")

ST = ("simpletransformers: the user holds ClassificationModel / T5Model / LanguageModelingModel / RetrievalModel, plain "
      "training / prediction wrappers that build the HF network and move it with `_move_model_to_device` "
      "(`self.model.to(self.device)`) before train_model / eval_model / predict; nobody offloads the network inside a "
      "wrapper (AT, round be's reading of estimator wrappers; round bo's TALENT OFL207 suppression). This row: ")

GPTQ = ("auto-gptq: QuantLinear.pack runs once per layer while AutoGPTQForCausalLM.quantize packs the freshly made "
        "quant layers (modeling/_utils.py pack_model), before the model is saved; nothing is offloaded then (AL, round "
        "n's reading of AutoGPTQ's pack). This row: ")

R = {
 1: ('torchmetrics/src/torchmetrics/classification/specificity_sensitivity.py', 128, 'OFL101', 'thresholds', F("OP", TM + "specificity_sensitivity.py:128 BinarySpecificityAtSensitivity.compute.")),
 2: ('groundingdino/groundingdino/models/GroundingDINO/transformer.py', 830, 'OFL204', 'ca_text', T("leaf", GO + MHA + GDINO + "transformer.py:830 DeformableTransformerDecoderLayer.ca_text, called in its forward (:903-:909) for every decoder layer.")),
 3: ('iopaint/iopaint/plugins/segment_anything2/modeling/sam/mask_decoder.py', 184, 'OFL103', 'iou_token.weight', F("AL", SAMP + "sam2 MaskDecoder.predict_masks `self.iou_token.weight` (:184).")),
 4: ('torchmetrics/src/torchmetrics/classification/precision_fixed_recall.py', 425, 'OFL101', 'thresholds', F("OP", TM + "precision_fixed_recall.py:425 MultilabelPrecisionAtFixedRecall.compute.")),
 5: ('torchmetrics/src/torchmetrics/classification/precision_fixed_recall.py', 134, 'OFL101', 'thresholds', F("OP", TM + "precision_fixed_recall.py:134 BinaryPrecisionAtFixedRecall.compute.")),
 6: ('simpletransformers/simpletransformers/t5/t5_model.py', 1439, 'OFL207', 'model', F("AT", ST + "t5/t5_model.py:1439 T5Model._move_model_to_device.")),
 7: ('basicsr/basicsr/archs/dfdnet_arch.py', 26, 'OFL204', 'conv1', T("leaf", SN + DFD + "dfdnet_arch.py:26 SFTUpBlock.conv1's spectral-norm Conv2d (DFDNet.upsample0-3, :97-:100).")),
 8: ('torchmetrics/src/torchmetrics/classification/precision_recall_curve.py', 587, 'OFL101', 'thresholds', F("OP", TM + "precision_recall_curve.py:587 MultilabelPrecisionRecallCurve.compute.")),
 9: ('iopaint/iopaint/plugins/segment_anything2/modeling/sam/prompt_encoder.py', 77, 'OFL102', 'pe_layer', F("AL", SAMP + "sam2 PromptEncoder.get_dense_pe `self.pe_layer` (:77), reached from SAM2Base._forward_sam_heads.")),
 10: ('iopaint/iopaint/model/anytext/ldm/models/diffusion/ddpm.py', 849, 'OFL101', 'scale_factor', F("AL", ANY + "ddpm.py:849 LatentDiffusion.get_first_stage_encoding `self.scale_factor * z` (the pipeline calls it at anytext_pipeline.py:281 on its own model, placed on its device at :69).")),
 11: ('torchmetrics/src/torchmetrics/wrappers/transformations.py', 71, 'OFL102', 'wrapped_metric.compute', F("OP", TM + "wrappers/transformations.py:71 MetricInputTransformer.compute calls the wrapped metric's compute (a metric wrapping a metric).")),
 12: ('iopaint/iopaint/model/anytext/ldm/models/diffusion/ddpm.py', 420, 'OFL101', 'posterior_variance', F("AL", ANY + "ddpm.py:420 DDPM.q_posterior, reached from log_images (training-time image logging; IOPaint never calls it).")),
 13: ('rf-detr/rfdetr/models/lwdetr.py', 234, 'OFL102', 'transformer', F("AL", RFD + "lwdetr.py:234 LWDETR.forward_export `self.transformer`.")),
 14: ('iopaint/iopaint/plugins/segment_anything/modeling/sam.py', 167, 'OFL101', 'pixel_std', F("AL", SAMP + "segment_anything Sam.preprocess `self.pixel_std` (:167), from SamPredictor.set_torch_image (predictor.py:90).")),
 15: ('iopaint/iopaint/plugins/segment_anything2/modeling/sam2_base.py', 474, 'OFL102', 'sam_mask_decoder.conv_s0', F("AL", SAMP + "sam2 SAM2Base.forward_image `self.sam_mask_decoder.conv_s0` (:474), from SAM2ImagePredictor.set_image.")),
 16: ('iopaint/iopaint/plugins/segment_anything2/modeling/sam2_base.py', 200, 'OFL105', 'next(self.parameters())', F("AL", SAMP + "sam2 SAM2Base.device `next(self.parameters()).device` (:200).")),
 17: ('iopaint/iopaint/plugins/segment_anything2/sam2_image_predictor.py', 399, 'OFL201', 'model.sam_mask_decoder', F("AL", SAMP + "SAM2ImagePredictor._predict `self.model.sam_mask_decoder(...)` (:399).")),
 18: ('simpletransformers/simpletransformers/pretrain_retrieval/pretrain_retrieval_model.py', 1972, 'OFL207', 'query_encoder', F("AT", ST + "pretrain_retrieval_model.py:1972 PretrainRetrievalModel._move_model_to_device (query_encoder).")),
 19: ('torchmetrics/src/torchmetrics/metric.py', 1246, 'OFL101', 'metric_a', F("OP", TM + "metric.py:1246 CompositionalMetric.compute: `metric_a` is a constant operand registered as a buffer when it is a tensor (:1219); a composition of metrics.")),
 20: ('auto-gptq/auto_gptq/nn_modules/qlinear/qlinear_tritonv2.py', 108, 'OFL101', 'g_idx', F("AL", GPTQ + "qlinear_tritonv2.py:108 QuantLinear.pack `self.g_idx`.")),
 21: ('auto-gptq/auto_gptq/nn_modules/qlinear/qlinear_marlin.py', 171, 'OFL105', 's', F("AL", GPTQ + "qlinear_marlin.py:171 QuantLinear.pack `self.s.device`.")),
 22: ('simpletransformers/simpletransformers/language_modeling/language_modeling_model.py', 1904, 'OFL207', 'model', F("AT", ST + "language_modeling_model.py:1904 LanguageModelingModel._move_model_to_device.")),
 23: ('groundingdino/groundingdino/models/GroundingDINO/transformer.py', 318, 'OFL103', 'tgt_embed.weight', T("leaf", GO + GDINO + "transformer.py:318 Transformer.forward builds `tgt_ = self.tgt_embed.weight[:, None, :].repeat(...)` without calling the Embedding (a module that is not a Linear / Conv: its weight is grouped on its own forward, which never runs); with refpoint_embed None (GroundingDINO.forward passes input_query_bbox / input_query_label None) `tgt = tgt_` goes to the decoder, whose first layer adds it to the compute-device `tgt_query_pos` (ref_point_head's output; `with_pos_embed`, :898).")),
 24: ('iopaint/iopaint/plugins/segment_anything/predictor.py', 91, 'OFL201', 'model.image_encoder', F("AL", SAMP + "SamPredictor.set_torch_image `self.model.image_encoder(...)` (:91).")),
 25: ('rf-detr/rfdetr/models/backbone/backbone.py', 133, 'OFL102', 'encoder', F("AL", RFD + "backbone.py:133 Backbone.forward_export `self.encoder` / `self.projector`.")),
 26: ('simpletransformers/simpletransformers/classification/classification_model.py', 3069, 'OFL207', 'model', F("AT", ST + "classification_model.py:3069 ClassificationModel._move_model_to_device.")),
 27: ('basicsr/basicsr/archs/ecbsr_arch.py', 215, 'OFL103', 'conv3x3.bias', T("leaf", GO + "basicsr archs/ecbsr_arch.py:215 ECB.rep_params reads `self.conv3x3.weight` / `.bias` without calling the Conv2d; ECB.forward in eval mode (`else: RK, RB = self.rep_params(); y = F.conv2d(input=x, weight=rep_weight, bias=rep_bias, ...)`, :203-:209) is the inference path, so at leaf level the never-called conv3x3's tensors stay on the offload device and meet the compute-device input in F.conv2d. ECBSR is a registered arch (options/train/ECBSR/*.yml; test options build it with the SR model) a user may hold (label risk b).")),
 28: ('iopaint/iopaint/plugins/segment_anything/predictor.py', 241, 'OFL201', 'model.mask_decoder', F("AL", SAMP + "SamPredictor.predict_torch `self.model.mask_decoder(...)` (:241).")),
 29: ('rf-detr/rfdetr/models/lwdetr.py', 231, 'OFL103', 'refpoint_embed.weight', F("AL", RFD + "lwdetr.py:231 LWDETR.forward_export `self.refpoint_embed.weight` (LWDETR.forward reads it the same way, :169-:173; that read is a different finding's question).")),
 30: ('iopaint/iopaint/plugins/segment_anything/predictor_hq.py', 248, 'OFL201', 'model.prompt_encoder.get_dense_pe', F("AL", SAMP + "SamHQPredictor.predict_torch `self.model.prompt_encoder.get_dense_pe()` (:248).")),
 31: ('basicsr/basicsr/archs/ecbsr_arch.py', 143, 'OFL101', 'mask', T("leaf", GO + "basicsr archs/ecbsr_arch.py:143 SeqConv3x3.rep_params (called from ECB.rep_params, :216, on ECB's eval forward path) reads SeqConv3x3's own parameters (`mask`, `k0` / `b0`, ...): SeqConv3x3 is not a Conv / Linear, its tensors are grouped on its own forward, which the eval path never calls; the re-parameterised kernel meets the compute-device input in ECB's F.conv2d. Same holder as row 27.")),
 32: ('iopaint/iopaint/plugins/segment_anything/modeling/prompt_encoder.py', 89, 'OFL103', 'point_embeddings[i].weight', F("AL", SAMP + "segment_anything PromptEncoder._embed_points `self.point_embeddings[i].weight` (:89).")),
 33: ('nougat/nougat/model.py', 578, 'OFL105', 'device', F("P", "nougat model.py:578 NougatModel.inference moves the image to `self.device` (the offload device) and calls `self.encoder(image_tensors)` (:580): at leaf level the first hooked layer (the Swin patch embedding's Conv2d) moves its argument to the compute device itself, and nothing computes with the stored tensor before that; at block level encoder and decoder sit in the root's group, which inference (not forward) never onloads, so the whole call runs on the offload device (slow, no mismatch). The value meets no compute-device tensor.")),
 34: ('iopaint/iopaint/plugins/segment_anything2/modeling/sam/prompt_encoder.py', 110, 'OFL103', 'point_embeddings[i].weight', F("AL", SAMP + "sam2 PromptEncoder._embed_boxes `self.point_embeddings[2].weight` (:110).")),
 35: ('torchmetrics/src/torchmetrics/classification/roc.py', 455, 'OFL101', 'thresholds', F("OP", TM + "roc.py:455 MultilabelROC.compute.")),
 36: ('iopaint/iopaint/plugins/segment_anything/modeling/mask_decoder.py', 332, 'OFL103', 'mask_tokens.weight', F("AL", SAMP + "SAM-HQ MaskDecoderHQ.predict_masks `self.mask_tokens.weight` (:332).")),
 37: ('piq/piq/feature_extractors/clip.py', 291, 'OFL204', 'attn', F("AL", "piq feature_extractors/clip.py:291 ResidualAttentionBlock.attn: in the RN50 CLIP that piq loads (clip.load(), RN50.pt, :19-:23) ResidualAttentionBlock serves only the text transformer, and the only text encoding is CLIPIQA.__init__'s `self.feature_extractor.encode_text(tokens)` (clip_iqa.py:86), once, at construction, before anyone could offload (AL: set-up work); CLIPIQA.forward then moves the CLIP to the input's device by hand (`self.feature_extractor.to(x)`, clip_iqa.py:119). The MHA leaf fact itself is right.")),
 38: ('piq/piq/feature_extractors/clip.py', 188, 'OFL103', 'v_proj.weight', F("EA", "piq feature_extractors/clip.py:188 AttentionPool2d.forward (the RN50 visual tower's attnpool) passes `self.v_proj.weight` to F.multi_head_attention_forward; its only caller, CLIPIQA.forward, moves the whole CLIP to the input's device by hand first (`self.feature_extractor = self.feature_extractor.to(x)`, clip_iqa.py:119) and then calls encode_image (:122): every weight is on the compute device when the read runs (EA; what that `.to` does to offloading is OFL207's matter).")),
 39: ('basicsr/basicsr/archs/hifacegan_util.py', 81, 'OFL204', 'conv_0', T("leaf", SN + "basicsr archs/hifacegan_util.py:81 SPADEResnetBlock.conv_0 (default norm_g 'spectralspadesyncbatch3x3', :67; HiFaceGAN's SPADEGenerator builds its head / middle / up blocks with it, hifacegan_arch.py:40-:49; options/test/HiFaceGAN/test_hifacegan.yml). Recall H2.")),
 40: ('basicsr/basicsr/archs/discriminator_arch.py', 113, 'OFL204', 'conv4', F("AL", "basicsr archs/discriminator_arch.py:113 UNetDiscriminatorSN.conv4 (spectral norm): the Real-ESRGAN GAN discriminator, built as net_d and driven only by the training model object (RealESRGANModel.optimize_parameters, models/realesrgan_model.py:237-:257); nobody offloads a training discriminator (AL). The spectral-norm leaf fact itself is right.")),
 41: ('iopaint/iopaint/model/anytext/ldm/models/diffusion/ddpm.py', 1364, 'OFL105', 'betas', F("AL", ANY + "ddpm.py:1364 LatentDiffusion.p_sample_loop `self.betas.device` (the DDPM sampler; AnyText samples with its DDIMSampler, so nothing in IOPaint calls it: AB too).")),
 42: ('iopaint/iopaint/plugins/segment_anything/predictor.py', 90, 'OFL202', 'model.preprocess', F("AL", SAMP + "SamPredictor.set_torch_image `self.model.preprocess(...)` (:90).")),
 43: ('simpletransformers/simpletransformers/custom_models/models.py', 1111, 'OFL105', 'device', F("AB", "simpletransformers custom_models/models.py:1111 ColBERTModel.query moves ids and mask to `self.device`; nothing in the library builds ColBERTModel (no `ColBERTModel(` call in the tree; the retrieval models use their own encoders), and query is also reached from its forward. On the second reading (a user builds and offloads it at leaf level) the mask on the offload device meets the compute-device query in BERT's attention: true.", api=True)),
 44: ('simpletransformers/simpletransformers/pretrain_retrieval/pretrain_retrieval_model.py', 1971, 'OFL207', 'context_encoder', F("AT", ST + "pretrain_retrieval_model.py:1971 PretrainRetrievalModel._move_model_to_device (context_encoder).")),
 45: ('iopaint/iopaint/plugins/segment_anything2/sam2_image_predictor.py', 401, 'OFL202', 'model.sam_prompt_encoder.get_dense_pe', F("AL", SAMP + "SAM2ImagePredictor._predict `self.model.sam_prompt_encoder.get_dense_pe()` (:401).")),
 46: ('basicsr/basicsr/archs/dfdnet_util.py', 132, 'OFL204', 'conv_fusion', T("leaf", SN + DFD + "dfdnet_util.py:132 MSDilationBlock.conv_fusion (DFDNet.multi_scale_dilation, dfdnet_arch.py:94).")),
 47: ('basicsr/basicsr/archs/dfdnet_arch.py', 41, 'OFL204', 'shift_block', T("leaf", SN + DFD + "dfdnet_arch.py:41 SFTUpBlock.shift_block's two spectral-norm Conv2d (called in SFTUpBlock.forward).")),
 48: ('iopaint/iopaint/plugins/segment_anything/predictor_hq.py', 92, 'OFL202', 'model.preprocess', F("AL", SAMP + "SamHQPredictor.set_torch_image `self.model.preprocess(...)` (:92).")),
 49: ('rf-detr/rfdetr/models/segmentation_head.py', 153, 'OFL102', 'spatial_features_proj', F("AL", RFD + "segmentation_head.py:153 SegmentationHead.forward_export.")),
 50: ('basicsr/basicsr/archs/stylegan2_bilinear_arch.py', 372, 'OFL105', 'constant_input.weight', F("P", "basicsr archs/stylegan2_bilinear_arch.py:372 StyleGAN2GeneratorBilinear.make_noise places the noise maps on `constant_input.weight.device` and returns them; nothing in the tree calls this make_noise (models/stylegan2_model.py:181 is the model object's own method), and a caller would pass them as forward's `noise` argument, which the root / NoiseInjection hooks move to the compute device before use: the value meets no compute-device tensor (AB as well).")),
 51: ('iopaint/iopaint/model/anytext/ldm/models/diffusion/ddpm.py', 613, 'OFL102', 'model_ema', F("AL", ANY + "ddpm.py:613 DDPM.on_train_batch_end `self.model_ema(self.model)` (Lightning training hook; EMA work).")),
 52: ('basicsr/basicsr/archs/hifacegan_arch.py', 69, 'OFL102', 'fc', F("AB", "basicsr archs/hifacegan_arch.py:69 SPADEGenerator.encode, reached from mixed_guidance_forward (:96, :127; 'a helper class for subspace visualization'), which nothing in the tree calls; forward also calls encode (:75), inside the root's own forward where fc is onloaded (BE for that path), and HiFaceGAN, the registered subclass, overrides encode (:163). On the second reading (a user calls mixed_guidance_forward on a block-offloaded generator) `fc` sits in the root's unmatched group, not onloaded: true.", api=True)),
 53: ('iopaint/iopaint/plugins/segment_anything/predictor_hq.py', 239, 'OFL201', 'model.prompt_encoder', F("AL", SAMP + "SamHQPredictor.predict_torch `self.model.prompt_encoder(...)` (:239).")),
 54: ('auto-gptq/auto_gptq/nn_modules/qlinear/qlinear_marlin.py', 174, 'OFL105', 'bias', F("AL", GPTQ + "qlinear_marlin.py:174 QuantLinear.pack `self.bias.device`.")),
 55: ('iopaint/iopaint/plugins/segment_anything/predictor_hq.py', 93, 'OFL201', 'model.image_encoder', F("AL", SAMP + "SamHQPredictor.set_torch_image `self.model.image_encoder(...)` (:93).")),
 56: ('simpletransformers/simpletransformers/pretrain_retrieval/pretrain_retrieval_model.py', 1316, 'OFL207', 'context_encoder', F("AT", ST + "pretrain_retrieval_model.py:1316 PretrainRetrievalModel.predict moves context_encoder to its device by hand.")),
 57: ('iopaint/iopaint/plugins/segment_anything/predictor.py', 243, 'OFL201', 'model.prompt_encoder.get_dense_pe', F("AL", SAMP + "SamPredictor.predict_torch `self.model.prompt_encoder.get_dense_pe()` (:243).")),
 58: ('iopaint/iopaint/plugins/segment_anything2/sam2_image_predictor.py', 97, 'OFL202', 'model.forward_image', F("AL", SAMP + "SAM2ImagePredictor.set_image `self.model.forward_image(...)` (:97).")),
 59: ('iopaint/iopaint/plugins/segment_anything2/sam2_image_predictor.py', 140, 'OFL202', 'model.forward_image', F("AL", SAMP + "SAM2ImagePredictor.set_image_batch `self.model.forward_image(...)` (:140).")),
 60: ('rf-detr/rfdetr/models/backbone/dinov2.py', 168, 'OFL104', 'encoder.embeddings.position_embeddings', F("AL", RFD + "backbone/dinov2.py:168 DinoV2.export rewrites the position embeddings once for export (the interpolated table stored for the exported graph).")),
}

if __name__ == "__main__":
    write_labels(HERE, labels_of_rows(HERE, R, "/tmp/corp66/"))
