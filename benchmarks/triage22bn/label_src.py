"""Write benchmarks/triage22bn/labels.json (round bn; 60 rows drawn with seed 20313000 from the 131 shown findings of
twelve libraries, linter cf0dcd8).

Standard of rounds x-bm (see triage22bm/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
documented entry method counts as called; examples count as library code); C when true only under a non-default
option; false with a cause letter otherwise. The offloaded object is the nn.Module a user holds: an OpenMMLab model
built from a config (mmtrack / mmselfsup / mmhuman3d / mmrazor algorithm), an Open3D-ML model passed to a pipeline, a
Chinese-CLIP model (`load_from_name`), a DeepKE model built by an example script (T5Prompt, PromptGeneratorModel,
BiLSTM_CRF, the ASP CorefModel / EREModel / NERModel holding T5Coref / T5ERE / T5NER, CPM-Bee's CPMBeeTorch).
pororo (`Pororo(task=...)`) and controlnet_aux (`XDetector.from_pretrained(...)`) are read as application libraries
(round bd's imaginAIry reading, round bf's docling / sdkit reading): their API builds, places and drives every
nn.Module inside the call and the user holds none, so rows on code those calls reach are AL. mmrazor's dynamic-op
`to_static_op` / `get_dynamic_params`, its GPTQ `pack` / `quant` and its expandable-op `expand` run inside the
library's own NAS export / quantization / expansion steps (round bh's quantizer / supernet AL). mmhuman3d's
DeciWatchPostProcessing builds, places and calls DeciWatch itself (AL; the recall file's SmoothNetFilter shape).

Letters, all earlier rounds': AL a module the library builds and drives inside its own flow; AB code nothing in the
library calls (api: a public method / class, true on the second reading); AH a class built only as a child judged as
the root; BB code reached only under an option nothing sets; Y the only meeting is a 0-dim CPU tensor combined with
device tensors, which torch allows; C true only under a non-default option. No new letter.
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

PORORO = ("pororo is an application library: `Pororo(task=..., lang=...)` returns a task object whose load() builds the "
          "nn.Module, places it `.to(device)` and drives it inside predict(); the user holds no module (round bd's "
          "imaginAIry reading, round bf's docling / sdkit AL). ")

CNAUX = ("controlnet_aux is an application library: `SamDetector.from_pretrained` (segment_anything/__init__.py) builds "
         "Sam via sam_model_registry, places it `sam.to('cuda')` and drives it through SamAutomaticMaskGenerator -> "
         "SamPredictor inside `__call__`; the user holds the plain-object detector, never the module (AL, as rows on "
         "imaginAIry's vendored models in round bd). Second reading (the vendored SAM held as upstream users hold "
         "it, `SamPredictor(sam)`): the torch fact is the upstream one earlier rounds confirmed. ")

RAZOR = ("mmrazor: the dynamic ops' `to_static_op` / `get_dynamic_params` run when the library exports a searched "
         "subnet (structures/subnet/fix_subnet.py:20 `mutable.to_static_op()`, export_fix_subnet / convert): a "
         "conversion step of the library's own NAS / pruning flow on the supernet it built (round bh's supernet / "
         "quantizer AL); the reads put the module's own same-placed tensors together. ")

GPTQ = ("mmrazor implementations/quantization/gptq/gptq.py: GPTQLinear / GPTQConv2d are swapped into the model by the "
        "library's GPTQ compressor and `quant()` -> `pack()` (:311) runs in its own calibration / quantization loop "
        "(round bh's quantizer AL). ")

TXL = ("textbrewer examples/cmrc2018_example/pytorch_pretrained_bert/ is a vendored copy of pytorch_pretrained_bert; the "
       "example builds only BertForQASimple from its own modeling.py and BertConfig from my_modeling.py (main.distill.py "
       ":14 / :18, main.trainer.py:14 / :18); nothing in the tree builds the Transformer-XL classes (AB). The leaf-level "
       "fact (a ParameterList / a Linear's tensors read without calling it) is the one transformers' TransfoXL had, on "
       "the branch that runs. ")

GRID = ("pororo models/brainOCR: GridGenerator has no forward and reads its own buffers `inv_delta_C` / `P_hat` in "
        "build_P_prime, called from TpsSpatialTransformerNetwork.forward (transformation.py:33), built only when the "
        "downloaded option file says Transformation == 'TPS' (model.py:36). ")

ASP = ("deepke triple_extraction/ASP: CorefModel / EREModel / NERModel (the nn.Modules the ASP runner trains and "
       "evaluates) hold T5Coref / T5ERE / T5NER (model_coref.py:52, model_ere.py:46, model_ner.py:44), a "
       "T5PreTrainedModel whose `self.device` is its first parameter's (`shared.weight`, an nn.Embedding). At leaf level "
       "that embedding is grouped on its own forward, so inside the T5 forward (after the decoder ran) `self.device` is "
       "the offload device; forward moves `outputs.last_hidden_state` there (training :184-ish, inference :224-ish) and "
       "get_logits_inference builds `range_vec` there, which then meet the compute-device decoder ids / labels "
       "(`decoder_input_ids`, `labels`, the action head's output). At block level the T5's children are all in the "
       "root group, onloaded by the root's forward (block safe). ")

MIXF = ("mmtracking models/backbones/mixformer_backbone.py: MixFormerAttentionBlock / its attention are blocks of "
        "ConvVisionTransformer, the backbone of the MixFormer SOT model a user holds (`init_model`); the test path "
        "MixFormer.forward -> forward_test -> simple_test -> track -> `self.backbone.forward_test` runs inside the root's "
        "forward, where at block level the backbone (a non-list child) is onloaded with the root group, and at leaf "
        "level each Linear / LayerNorm called by forward_test onloads on its own call. The finding judges the block as "
        "the root (AH). ")

R = {
 1: ('deepke/src/deepke/name_entity_re/cross/seq2seq/models.py', 425, 'OFL102', 'lstm', C("block", "deepke name_entity_re/cross/seq2seq/models.py:425 T5Prompt.generate (called by the trainer's prediction step, constrained_seq2seq.py:193 `self.model.generate`) runs outside T5Prompt.forward and calls `self.lstm`, a non-list child in the root's unmatched group; but `self.lstm` exists only when 'lstm' is in prefix_fusion_way (:79), whose default is 'add' (trainer_arguments.py:252, help '[add, concat, concat_lstm]') and which every config sets to 'add' (example/ner/cross/conf/hydra/run/*.yaml:29): true only under a documented non-default option (C). The same generate() path's default hazard (get_prompt's `wte` / `wte_dec` / `wte_enc` at :98 / :109 / :123 and `self.t5.generate` :432; recall H1) has no finding.")),
 2: ('textbrewer/examples/cmrc2018_example/pytorch_pretrained_bert/modeling_transfo_xl.py', 793, 'OFL104', 'emb_projs[i]', F("AB", TXL + "modeling_transfo_xl.py:793 AdaptiveEmbedding.forward `F.linear(embed, self.emb_projs[0])` (div_val == 1 and d_proj != d_embed).")),
 3: ('deepke/src/deepke/triple_extraction/ASP/models/t5_coref.py', 184, 'OFL105', 'device', T("leaf", GO + ASP + "t5_coref.py:184 training branch `outputs.last_hidden_state.to(self.device)`, then get_logits_training with the compute-device labels / decoder ids.")),
 4: ('pororo/pororo/models/brainOCR/modules/transformation.py', 193, 'OFL101', 'P_hat', F("AL", PORORO + GRID + "transformation.py:193 `self.P_hat.repeat(...)`.")),
 5: ('pororo/pororo/models/tts/hifigan/model.py', 192, 'OFL204', 'ups', F("AL", PORORO + "pororo models/tts/hifigan/model.py:192 the HiFi-GAN generator's legacy weight_norm ConvTranspose1d list, built and driven by pororo's TTS task.")),
 6: ('pororo/pororo/models/caption.py', 199, 'OFL204', 'multihead_attn', F("AL", PORORO + MHA + "pororo models/caption.py:199 the captioning decoder's MultiheadAttention, built and driven by pororo's caption task.")),
 7: ('deepke/example/llm/CPM-Bee/src/cpm_live/native_layers/embedding.py', 106, 'OFL101', 'weight', T("block and leaf", "deepke example/llm/CPM-Bee: src/text_generation.py builds `model = CPMBeeTorch(config=config)` (a 10B model; :29) and runs CPMBeeBeamSearch(...).generate, which calls `self.model.inference(...)` (generation/bee.py:359 / :411) outside CPMBeeTorch.forward; inference ends with `self.input_embedding.projection(hidden_states, ext_table)` (bee_torch.py:227), i.e. embedding.py:106 `F.linear(x / sqrt(d), self.weight)`: at block level input_embedding is a non-list child in the root's unmatched group (not onloaded in inference); at leaf level EmbeddingExt's own weight is grouped on its forward, which ran one line earlier for ext_table and offloaded again; x is on the compute device.")),
 8: ('mmtracking/mmtrack/models/backbones/mixformer_backbone.py', 298, 'OFL102', 'proj_q', F("AH", MIXF + "mixformer_backbone.py:298 `self.proj_q(q_s)` in the attention's forward_test.")),
 9: ('mmrazor/mmrazor/models/architectures/dynamic_ops/mixins/dynamic_mixins.py', 370, 'OFL101', 'weight', F("AL", RAZOR + "dynamic_mixins.py:370 get_dynamic_params `self.weight` (ExpandLinear).")),
 10: ('deepke/src/deepke/triple_extraction/ASP/models/t5_ere.py', 292, 'OFL105', 'device', T("leaf", GO + ASP + "t5_ere.py:292 get_logits_inference `torch.arange(..., device=self.device)`.")),
 11: ('deepke/src/deepke/name_entity_re/few_shot/models/model.py', 419, 'OFL102', 'prompt_model.generator', T("block", "deepke name_entity_re/few_shot: example/ner/few-shot/run.py:105 / predict.py:95 build `model = PromptGeneratorModel(prompt_model=...)` and the Trainer evaluates with `self.model.predict(...)` (module/train.py:166); predict (model.py:413) calls `self.prompt_model.generator(...)` (:419) outside PromptGeneratorModel.forward: prompt_model (PromptBartModel, a non-list child) is in the root's unmatched group, not onloaded at block level.")),
 12: ('controlnet-aux/src/controlnet_aux/segment_anything/modeling/sam.py', 52, 'OFL105', 'pixel_mean', F("AL", CNAUX + "sam.py:52 Sam.device returns `self.pixel_mean.device`.")),
 13: ('mmhuman3d/mmhuman3d/models/losses/prior_loss.py', 703, 'OFL101', 'weights', F("AB", "mmhuman3d models/losses/prior_loss.py:701 MaxMixturePrior.get_mean (`torch.matmul(self.weights, self.means)`, two of its own buffers, returned) is called by nothing in the tree (expose_head.py:234 / :281 and SMPLX.py:412 call other classes' get_mean); on the second reading a caller gets an offload-device tensor back.", api=True)),
 14: ('mmrazor/mmrazor/implementations/quantization/gptq/gptq.py', 172, 'OFL101', 'weight', F("AL", GPTQ + "gptq.py:172 pack's `self.weight.data[:, idx]`.")),
 15: ('textbrewer/examples/cmrc2018_example/pytorch_pretrained_bert/modeling_transfo_xl.py', 1377, 'OFL103', 'out_layer.bias', F("AB", TXL + "modeling_transfo_xl.py:1377 TransfoXLLMHeadModel.forward's sample_logits branch, taken only with sample_softmax > 0 in training (default -1, :205).")),
 16: ('mmtracking/mmtrack/models/backbones/mixformer_backbone.py', 459, 'OFL102', 'norm2', F("AH", MIXF + "mixformer_backbone.py:459 MixFormerAttentionBlock.forward_test `self.norm2(x)`.")),
 17: ('mmtracking/mmtrack/models/backbones/mixformer_backbone.py', 301, 'OFL102', 'proj_k', F("AH", MIXF + "mixformer_backbone.py:301 `self.proj_k(k)`.")),
 18: ('mmselfsup/mmselfsup/models/utils/vector_quantizer.py', 187, 'OFL104', 'embedding.weight', T("leaf", GO + "mmselfsup models/utils/vector_quantizer.py:187 NormEMAVectorQuantizer.forward adds `self.embedding.weight.pow(2).sum(dim=1)` (EmbeddingEMA's weight, grouped on EmbeddingEMA.forward, which runs only later at :193) to the compute-device `z_flattened` term; the quantizer is VQKD's (target_generators/vqkd.py:53), the BEiT v2 target generator run in the algorithm's loss (round bj's mmpretrain VQKD codebook row, runtime-confirmed there).")),
 19: ('deepke/src/deepke/name_entity_re/few_shot/models/model.py', 169, 'OFL104', 'averge_weights[i]', F("Y", "deepke few_shot/models/model.py:169 `weight = F.softmax(self.averge_weights[idx])` (a ParameterList entry, offload device at leaf level); the only meetings are `... * weight[0]` / `* weight[i]` (:170 / :172), 0-dim CPU tensors combined with compute-device scores, which torch allows (slow, no device error).")),
 20: ('pororo/pororo/models/tts/tacotron/tacotron2.py', 263, 'OFL102', '_stop_prediction', F("AL", PORORO + "tacotron2.py:263 Decoder._decode's `self._stop_prediction`, reached from Tacotron.inference (:516), driven by pororo's TTS task.")),
 21: ('mmrazor/mmrazor/models/architectures/dynamic_ops/mixins/dynamic_mixins.py', 236, 'OFL101', 'weight', F("AL", RAZOR + "dynamic_mixins.py:236 get_dynamic_params `self.weight` (DynamicSyncBatchNorm).")),
 22: ('mmselfsup/mmselfsup/models/utils/clip.py', 51, 'OFL204', 'attn', T("leaf", GO + MHA + "mmselfsup models/utils/clip.py:51 ResidualAttentionBlock.attn of the CLIP teacher that build_clip_model builds for CLIPGenerator (target_generators/clip_generator.py:24), the MILAN / EVA target generator (configs/selfsup/milan/*, configs/selfsup/eva/*), run in the algorithm's loss.")),
 23: ('deepke/src/deepke/triple_extraction/ASP/models/t5_coref.py', 277, 'OFL105', 'device', T("leaf", GO + ASP + "t5_coref.py:277 get_logits_inference `range_vec` on self.device.")),
 24: ('chinese-clip/cn_clip/clip/model.py', 96, 'OFL103', 'c_proj.weight', T("leaf", GO + "chinese-clip cn_clip/clip/model.py:96 AttentionPool2d.forward passes `self.c_proj.weight` (with q/k/v_proj's) to F.multi_head_attention_forward without calling c_proj; AttentionPool2d is ModifiedResNet's attnpool, the vision tower of the released RN50 model (clip/utils.py:24 / :44).")),
 25: ('controlnet-aux/src/controlnet_aux/segment_anything/modeling/prompt_encoder.py', 189, 'OFL101', 'positional_encoding_gaussian_matrix', F("AL", CNAUX + "prompt_encoder.py:189 PositionEmbeddingRandom._pe_encoding via forward_with_coords (the point prompts of the mask generator).")),
 26: ('pororo/pororo/models/brainOCR/_modules.py', 612, 'OFL101', 'P_hat', F("AB", "pororo models/brainOCR/_modules.py holds a second copy of TpsSpatialTransformerNetwork / GridGenerator (:414 / :516) that nothing imports: craft.py:12 takes only Vgg16BN and init_weights from it, and model.py:15 imports the TPS network from modules/transformation.py (rows 4 / 40 / 59).")),
 27: ('mmhuman3d/mmhuman3d/core/post_processing/speed_up/deciwatch.py', 584, 'OFL204', 'self_attn', F("AL", MHA + "mmhuman3d core/post_processing/speed_up/deciwatch.py:584: DeciWatch is built, placed and called by the plain-object DeciWatchPostProcessing (:45 `DeciWatch(...).to(self.device)`, :51 load_checkpoint, :88 `self.model(...)`), registered as a post-processing step; the user holds no module (AL). The torch fact (MHA out_proj at leaf level) is right.")),
 28: ('mmtracking/mmtrack/models/backbones/mixformer_backbone.py', 315, 'OFL102', 'proj', F("AH", MIXF + "mixformer_backbone.py:315 `self.proj(x)`.")),
 29: ('pororo/pororo/models/brainbert/tasks/dependency_parse.py', 288, 'OFL204', 'head_attn_pre', F("AL", PORORO + MHA + "pororo brainbert/tasks/dependency_parse.py:288, the dependency-parse head's MultiheadAttention.")),
 30: ('mmrazor/mmrazor/models/utils/expandable_utils/ops.py', 162, 'OFL101', 'bias', F("AL", "mmrazor models/utils/expandable_utils/ops.py:162 ExpandableConv2d's expand path (`_get_expand_op_normal_conv`, reached from expand()), run by expand_expandable_dynamic_model / expand_static_model (tools.py), the library's own model-expansion step: it builds a new op from the module's own tensors (AL, round bh).")),
 31: ('deepke/src/deepke/triple_extraction/ASP/models/t5_ere.py', 197, 'OFL105', 'device', T("leaf", GO + ASP + "t5_ere.py:197 training branch `outputs.last_hidden_state.to(self.device)`.")),
 32: ('chinese-clip/cn_clip/clip/model.py', 89, 'OFL103', 'v_proj.weight', T("leaf", GO + "chinese-clip cn_clip/clip/model.py:89 AttentionPool2d.forward passes `self.v_proj.weight` to F.multi_head_attention_forward without calling v_proj (row 24).")),
 33: ('mmrazor/mmrazor/implementations/quantization/gptq/gptq.py', 159, 'OFL101', 'g_idx', F("AL", GPTQ + "gptq.py:159 pack's `self.g_idx`.")),
 34: ('textbrewer/examples/cmrc2018_example/pytorch_pretrained_bert/modeling_transfo_xl_utilities.py', 114, 'OFL103', 'out_layers[i].weight', F("AB", TXL + "modeling_transfo_xl_utilities.py:114 ProjectedAdaptiveLogSoftmax.forward (n_clusters == 0 branch).")),
 35: ('deepke/src/deepke/triple_extraction/ASP/models/t5_ner.py', 262, 'OFL105', 'device', T("leaf", GO + ASP + "t5_ner.py:262 get_logits_inference `range_vec` on self.device.")),
 36: ('controlnet-aux/src/controlnet_aux/segment_anything/predictor.py', 89, 'OFL201', 'model.image_encoder', F("AL", CNAUX + "predictor.py:89 SamPredictor.set_torch_image `self.model.image_encoder(...)`.")),
 37: ('mmrazor/mmrazor/models/architectures/dynamic_ops/mixins/dynamic_layernorm_mixins.py', 116, 'OFL101', 'bias', F("AL", RAZOR + "dynamic_layernorm_mixins.py:116 get_dynamic_params `self.bias` (DynamicLayerNorm).")),
 38: ('mmrazor/mmrazor/models/architectures/dynamic_ops/mixins/dynamic_conv_mixins.py', 306, 'OFL101', 'bias', F("AL", RAZOR + "dynamic_conv_mixins.py:306 get_dynamic_params `self.bias` (BigNasConv2d).")),
 39: ('controlnet-aux/src/controlnet_aux/segment_anything/modeling/prompt_encoder.py', 98, 'OFL103', 'point_embeddings[i].weight', F("AB", CNAUX + "prompt_encoder.py:98 PromptEncoder._embed_boxes runs only for box prompts; the only in-tree driver, SamAutomaticMaskGenerator, passes point prompts alone (automatic_mask_generator.py:279 predict_torch with point_coords / point_labels): code nothing in the tree reaches (AB), and AL besides.")),
 40: ('pororo/pororo/models/brainOCR/modules/transformation.py', 192, 'OFL101', 'inv_delta_C', F("AL", PORORO + GRID + "transformation.py:192 `self.inv_delta_C.repeat(...)`.")),
 41: ('chinese-clip/cn_clip/clip/model.py', 97, 'OFL103', 'c_proj.bias', T("leaf", GO + "chinese-clip cn_clip/clip/model.py:97 AttentionPool2d.forward passes `self.c_proj.bias` to F.multi_head_attention_forward (row 24).")),
 42: ('mmhuman3d/mmhuman3d/core/post_processing/speed_up/deciwatch.py', 508, 'OFL204', 'self_attn', F("AL", MHA + "mmhuman3d deciwatch.py:508, the encoder layer's MultiheadAttention; DeciWatch is built, placed and called by DeciWatchPostProcessing (row 27).")),
 43: ('controlnet-aux/src/controlnet_aux/segment_anything/predictor.py', 231, 'OFL201', 'model.prompt_encoder.get_dense_pe', F("AL", CNAUX + "predictor.py:231 SamPredictor.predict_torch `self.model.prompt_encoder.get_dense_pe()`.")),
 44: ('deepke/src/deepke/name_entity_re/standard/models/BiLSTM_CRF.py', 28, 'OFL102', 'embed', T("block", "deepke name_entity_re/standard: example/ner/standard/run_lstmcrf.py:51 builds `model = BiLSTM_CRF(...)` and trains / evaluates with `model.loss_fn(input, target, mask)` (:77 / :103 / :147); loss_fn (BiLSTM_CRF.py:35) calls _get_lstm_feature -> `self.embed` / `self.lstm` / `self.linear` (:28-:30) outside forward: all three are non-list children in the root's unmatched group, not onloaded at block level.")),
 45: ('chinese-clip/cn_clip/clip/model.py', 189, 'OFL204', 'attn', T("leaf", GO + MHA + "chinese-clip cn_clip/clip/model.py:189 ResidualAttentionBlock.attn (nn.MultiheadAttention unless use_flash_attention, default False), the blocks of every Chinese-CLIP ViT.")),
 46: ('pororo/pororo/models/tts/hifigan/model.py', 61, 'OFL204', 'convs1', F("AL", PORORO + "pororo models/tts/hifigan/model.py:61 ResBlock1's legacy weight_norm convs1, driven by pororo's TTS task.")),
 47: ('mmrazor/mmrazor/models/architectures/dynamic_ops/mixins/dynamic_mixins.py', 374, 'OFL105', 'weight', F("AL", RAZOR + "dynamic_mixins.py:374 get_dynamic_params `self.weight.device`.")),
 48: ('textbrewer/examples/cmrc2018_example/pytorch_pretrained_bert/modeling_transfo_xl_utilities.py', 213, 'OFL103', 'out_layers[i].bias', F("AB", TXL + "modeling_transfo_xl_utilities.py:213 ProjectedAdaptiveLogSoftmax.log_prob, which nothing calls even upstream in this copy.")),
 49: ('controlnet-aux/src/controlnet_aux/segment_anything/modeling/mask_decoder.py', 121, 'OFL103', 'iou_token.weight', F("AL", CNAUX + "mask_decoder.py:121 MaskDecoder.predict_masks concatenates `self.iou_token.weight` (an Embedding never called).")),
 50: ('pororo/pororo/models/tts/tacotron/attention.py', 25, 'OFL102', '_memory', F("AL", PORORO + "tacotron/attention.py:25 AttentionBase.reset `self._memory(...)`, driven by pororo's TTS task.")),
 51: ('deepke/src/deepke/triple_extraction/ASP/models/t5_ner.py', 175, 'OFL105', 'device', T("leaf", GO + ASP + "t5_ner.py:175 training branch `outputs.last_hidden_state.to(self.device)`.")),
 52: ('deepke/example/llm/CPM-Bee/src/cpm_live/models/ant_torch.py', 130, 'OFL102', 'prompt_embedding', F("AB", "deepke example/llm/CPM-Bee src/cpm_live/models/ant_torch.py:130 CPMAntTorch.inference: nothing in the tree builds CPMAntTorch (text_generation.py builds CPMBeeTorch; generation/ant.py's CPMAnt beam search is used by no script); on the second reading (a user builds CPMAnt and beam-searches) the non-list prompt_embedding is not onloaded at block level, as row 7.", api=True)),
 53: ('controlnet-aux/src/controlnet_aux/segment_anything/predictor.py', 222, 'OFL201', 'model.prompt_encoder', F("AL", CNAUX + "predictor.py:222 SamPredictor.predict_torch `self.model.prompt_encoder(...)`.")),
 54: ('open3d-ml/ml3d/torch/models/point_transformer.py', 182, 'OFL203', 'decoders[i][i]', T("block", GO + "open3d-ml ml3d/torch/models/point_transformer.py:182-:193 PointTransformer.forward calls `self.decoders[4 - i][1:](...)` (a new Sequential slice) and `self.decoders[4 - i][0](...)` (an inner module), never `self.decoders[k]` itself: block level hooks each element of the direct ModuleList `decoders` (nn.Sequential, :74-:79 / :153) on that element's forward, which nothing runs, so the decoder weights stay on the offload device while compute-device features go in. The user builds the model and passes it to a pipeline (`SemanticSegmentation(model, dataset)`, README).")),
 55: ('pororo/pororo/models/brainOCR/_modules.py', 516, 'OFL205', '', F("AB", "pororo models/brainOCR/_modules.py:516 GridGenerator of the copy nothing imports (row 26).")),
 56: ('textbrewer/examples/cmrc2018_example/pytorch_pretrained_bert/modeling_transfo_xl_utilities.py', 213, 'OFL104', 'out_projs[i]', F("AB", TXL + "modeling_transfo_xl_utilities.py:213 log_prob's `self.out_projs[0]` (row 48).")),
 57: ('textbrewer/examples/cmrc2018_example/pytorch_pretrained_bert/modeling_transfo_xl_utilities.py', 115, 'OFL104', 'out_projs[i]', F("AB", TXL + "modeling_transfo_xl_utilities.py:115 forward's `self.out_projs[0]` (n_clusters == 0 branch).")),
 58: ('controlnet-aux/src/controlnet_aux/segment_anything/predictor.py', 88, 'OFL202', 'model.preprocess', F("AL", CNAUX + "predictor.py:88 SamPredictor.set_torch_image `self.model.preprocess(...)` (pixel_mean / pixel_std).")),
 59: ('pororo/pororo/models/brainOCR/modules/transformation.py', 110, 'OFL205', '', F("AL", PORORO + GRID + "transformation.py:110 GridGenerator (no forward, own buffers).")),
 60: ('controlnet-aux/src/controlnet_aux/leres/pix2pix/models/networks.py', 217, 'OFL205', '', F("BB", "controlnet-aux leres/pix2pix/models/networks.py:217 GANLoss (buffers real_label / fake_label, no forward) is built only when `self.isTrain` (pix2pix4depth_model.py:51 / :66 / :70); controlnet_aux's LeReS path uses the test options (options/test_options.py:21 `self.isTrain = False`) and never trains: reached only under an option nothing in the tree sets (BB); and AL besides (LeresDetector drives the model).")),
}

if __name__ == "__main__":
    write_labels(HERE, labels_of_rows(HERE, R, "/tmp/corp64/"))
