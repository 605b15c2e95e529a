"""Write benchmarks/triage22ah/labels.json (round ah; all 60 drawn rows).

New cause letters (round ah; round ag uses other letters): GA (a hand move of a pipeline component the pipeline itself
excludes from offloading, `_exclude_from_cpu_offload`, whose .to() builds the few parameters anew on the device), GB (a
class built only by its own file's `if __name__ == '__main__'` self-test on CPU tensors, which no script of the
application imports or runs), GC (a plain-object attribute of a component, no nn.Module, taken for a submodule holding
weights). Standard of rounds x-af: true when the hazard is real at (at least one of) the claimed level(s) the way the
tree runs its code (training counts); C when true only under a non-default option the README documents; false with a
cause letter otherwise. Runtime column filled from runtime_column.json where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

TP = ("Spec-Bench's LLaMA copies (transformers 4.3x modeling_llama) read the projection weights without calling the "
      "Linear only under `if (self.config.)pretraining_tp > 1` (tensor-parallel pretraining emulation). Every run of the "
      "tree uses Vicuna-7B v1.3 and its EAGLE/EAGLE-3/Medusa/Hydra heads (eval.sh:1-5, scripts/eval_script.sh); neither "
      "the tree nor those checkpoints set pretraining_tp above 1 (vicuna-7b-v1.3's config predates the key; "
      "LlamaConfig and the copies' EConfig default it to 1; no .json/.sh/.md of the tree names it), so the branch "
      "never runs; the else branch calls self.q_proj(...) etc. ")
EAGLE_TOPK = ("Spec-Bench builds EaModel (model/eagle*/ea_model.py; evaluation/inference_eagle2.py / inference_eagle3.py "
              "-> model.eagenerate) with the draft head `ea_layer` (cnets.Model) as a child; eagenerate -> "
              "utils.initialize_tree / update_inference_inputs call ea_layer.topK_genrate outside any forward. ")
TOPK_DEV = ("topK_genrate places topk_cs_index with `self.embed_tokens.weight.device`; at leaf level embed_tokens "
            "(nn.Embedding, a supported leaf) is onloaded only inside its own forward, so the index lands on the CPU; "
            "`parents = topk_cs_index + bias` goes into parents_list, whose first entry is made on the device "
            "(torch.zeros(..., device=scores.device)), and torch.cat(parents_list)[top_scores_index // top_k] mixes "
            "them (the message's sink, searchsorted, is one step later). ")
BICODEC = ("Spark-TTS builds BiCodec (sparktts/models/bicodec.py:70 load_from_checkpoint, from BiCodecTokenizer, "
           "audio_tokenizer.py) and calls model.tokenize / model.detokenize (audio_tokenizer.py:115/128/145 <- "
           "cli/SparkTTS.py:71/231) with inputs on the app's device, outside BiCodec.forward. ")
SEEDQ = ("AnyGPT's image tokenizer: SeedLlamaTokenizer (seed2/seed_llama_tokenizer.py) holds "
         "Blip2QformerQuantizer (no forward of its own) and calls model.get_codebook_indices (encode, :92) and "
         "model.get_codebook_entry (decode, :96/:104); the CLI moves images and codes to its device first "
         "(anygpt/src/infer/cli_infer_chat_model.py:115, :122). ")
ENCODEC = ("IMS-Toucan's CodecAudioPreprocessor (Preprocessing/EnCodecAudioPreprocessor.py, a plain object) holds "
           "EnCodec (Codec/encodec.py:13: children encoder SEANetEncoder, quantizer ResidualVectorQuantizer, decoder "
           "SEANetDecoder, none a ModuleList/Sequential) and calls self.model.encode(audio.to(device)) (:46; "
           "CodecAlignerDataset.py:193/212 builds it for data preparation) and self.model.decode(codes) (:50; "
           "toucantts_train_loop.py:123, toucantts_meta_train_loop.py:204, TTSDataset.py:128, "
           "autoaligner_train_loop.py:126 with codes `.to(device)`), outside EnCodec.forward: at block level the whole "
           "codec sits in the root's unmatched group, offloaded outside EnCodec.forward. ")
WANBLK = ("llmc replaces every block of the Wan 2.1 transformer with LlmcWanTransformerBlock (llmc/models/wan_t2v.py:42, "
          "wan_i2v.py:44; configs/quantization/video_gen/wan_i2v/*.yaml, wan_t2v). FakeAffineLayerNorm "
          "(module_utils.py:48) holds its own weight/bias parameters and a parameter-free LayerNorm: at leaf level "
          "those parameters sit in no supported leaf, so they form a group hooked on affine_norm's own forward; "
          "LlmcWanTransformerBlock.forward reads them before calling the module (:88-89 before :92, :110-111 before "
          ":114), and multiplies them with the device scale/shift. ")
BLOOM = ("RPTQ4LLM main.py builds only OPTClass (:239; 'bloom-3b' is commented out at :31), so models/bloom.py's "
         "BLOOMClass is built by nothing in the tree. ")
MAINTEST = ("IMS-Toucan: the class is built only by its own file's `if __name__ == '__main__'` self-test on CPU "
            "tensors; nothing in the application (Recipes/, InferenceInterfaces/, Modules/*train_loop*) imports it. ")

L = {
    1: F("BB", TP + "This row: model/eagle2/cnets.py:261 LlamaAttention.forward (k_proj.weight)."),
    2: F("BB", TP + "This row: model/samd/tree_model/eagle/eagle_model.py:423 LlamaAttention.forward (o_proj.weight)."),
    3: F("AB", "Spark-TTS sparktts/modules/speaker/speaker_encoder.py:72 SpeakerEncoder.get_codes_from_indices: no "
         "caller in the tree (the only `get_codes_from_indices(` calls are ResidualFSQ's own, residual_fsq.py:154/259/"
         "296); BiCodec.detokenize uses SpeakerEncoder.detokenize -> quantizer.get_output_from_indices."),
    4: T("leaf", BICODEC + "This row: factorized_vector_quantize.py:171 FactorizedVectorQuantize.decode_latents "
         "(reached from tokenize :151 <- BiCodec.tokenize bicodec.py:166, the voice-cloning prompt) reads "
         "self.codebook.weight without calling the Embedding (a leaf, onloaded only in its own forward) and multiplies "
         "it with the device encodings. At block the whole BiCodec is in the root's unmatched group anyway."),
    5: F("BB", TP + "This row: model/eagle/cnets.py:345 LlamaMLP.forward (down_proj.weight)."),
    6: T("block", SEEDQ + "This row: qformer_quantizer.py:302 get_codebook_indices calls self.quantize(...) outside "
         "any forward: at block level quantize (VectorQuantizer2, no ModuleList) sits in the root's unmatched group, "
         "which no forward ever onloads (the class has none), so its codebook meets the device query output. (The "
         "visual encoder call at :291 meets the same CPU weights first.)"),
    7: F("BB", TP + "This row: model/samd/tree_model/eagle/eagle_model.py:456 LlamaMLP.forward (up_proj.weight)."),
    8: T("leaf", "IMS-Toucan Modules/Vocoder/BigVGAN.py:42 self.ups holds legacy weight_norm ConvTranspose1d layers: at "
         "leaf level the WeightNorm forward pre-hook recomputes `weight` from the CPU weight_g/weight_v before "
         "diffusers' hook (which wraps forward) onloads them. BigVGAN is built for training (Recipes/BigVGAN_combined.py"
         ":266, BigVGAN_e2e.py:52, weight norm on; training counts); the inference interface uses HiFiGAN and removes "
         "its weight norm."),
    9: F("AL", "GPTQ-for-LLaMa quant/quant_linear.py:326 QuantLinear.pack (g_idx): a one-time conversion run by "
         "llama_pack (llama.py:265-274, also opt.py:244, neox.py:229) right after quantization, before the model is "
         "saved; nothing runs it on an offloaded model (as round aa's Chinese-Vicuna quant_linear.py:343 row, AL)."),
    10: T("block+leaf", "Spec-Bench SAMD (eval.sh:28 `--tree_method eagle2`) builds Eagle2 -> Eagle2Model "
          "(samd/tree_model/eagle2/eagle2.py:23, draft.py:38); Eagle2.gen_draft calls Eagle2Model.topk_genrate outside "
          "Eagle2Model.forward. :858 places topk_cs_index with `self.embed_tokens.weight.device`: at leaf embed_tokens is "
          "onloaded only inside its own forward, at block it is in the root's unmatched group, offloaded after the "
          "self(...) call at :836; parents (:875) then go into parents_list next to a device tensor (:853) and "
          "torch.cat(parents_list)[...] (:909) mixes devices."),
    11: T("block", ENCODEC + "This row: encodec.py:44 EnCodec.encode calls self.encoder."),
    12: F("AL", "Spark-TTS sparktts/modules/blocks/layers.py:25 WNConv1d (legacy weight_norm): the only construction "
          "of BiCodec, load_from_checkpoint (bicodec.py:70-111), ends with model.remove_weight_norm() (:109; "
          "self.apply(torch.nn.utils.remove_weight_norm) over every layer, :213-220), before any user could offload; "
          "the tree has no training code. After removal `weight` is a plain Parameter of the leaf."),
    13: F("BB", TP + "This row: model/eagle/modeling_llama_kv.py:540 LlamaAttention.forward (q_proj.weight)."),
    14: F("BB", "IMS-Toucan Modules/ToucanTTS/ToucanTTS.py:388 `self.energy_predictor.compute_loss` sits in _forward's "
          "teacher-forcing branch (is_inference False), reached only from ToucanTTS.forward (:299), inside the root's "
          "hook; the outside-forward caller inference() passes is_inference=True (:466-473) and takes the other branch "
          "(:355-372), so this line never runs outside forward."),
    15: T("block", ENCODEC + "This row: encodec.py:55 EnCodec.decode calls self.quantizer.decode."),
    16: F("BB", "AnyGPT seed2/seed_qformer/clip_vit.py:116 ResidualAttentionBlock (torch MultiheadAttention): built only "
          "by create_clip_vit_L, which Blip2Base.init_vision_encoder uses for vit_model 'clip_L' (blip2.py:75); "
          "Blip2QformerQuantizer defaults vit_model to 'eva_clip_g' (qformer_quantizer.py:162, :342) and nothing in the "
          "tree passes another, so the EVA ViT (eva_vit.py) is built instead."),
    17: F("BB", TP + "This row: model/samd/tree_model/eagle/eagle_model.py:457 LlamaMLP.forward (down_proj.weight)."),
    18: F("BB", TP + "This row: model/eagle2/cnets.py:262 LlamaAttention.forward (v_proj.weight)."),
    19: F("BB", TP + "This row: model/space/modeling_llama_space.py:360 LlamaAttention.forward (o_proj.weight)."),
    20: F("GB", MAINTEST + "This row: Modules/EmbeddingModel/StyleTTSEncoder.py:63 ResBlk.conv1x1 (legacy "
          "spectral_norm): StyleTTSEncoder is built only by StyleEmbedding(style_tts_encoder=True), and StyleEmbedding "
          "only by StyleEmbedding.py:61/68 under __main__; no other file names StyleEmbedding."),
    21: T("leaf", SEEDQ + "This row: qformer_quantizer.py:95 VectorQuantizer2.forward (called from get_codebook_indices "
          ":302) reads self.embedding.weight for the distances before calling self.embedding (:98): at leaf the "
          "Embedding's group is onloaded only inside its forward, so the CPU codebook meets the device z."),
    22: T("block", "DiffRhythm builds CFM (infer/infer_utils.py:228; train/train.py:38) and infer/infer.py:53 calls "
          "cfm_model.sample(...) with device inputs, outside CFM.forward; CFM's transformer (DiT) is no "
          "ModuleList/Sequential, so at block it sits in the root's unmatched group, on the CPU. This row: cfm.py:208 "
          "sample() -> fn -> self.transformer(...)."),
    23: F("BB", TP + "This row: model/eagle3/modeling_llama_kv.py:693 LlamaAttention.forward (v_proj.weight)."),
    24: F("BB", TP + "This row: model/rest/rest/model/modeling_llama_kv.py:547 LlamaAttention.forward (v_proj.weight)."),
    25: F("GB", MAINTEST + "This row: StyleTTSEncoder.py:97 LearnedDownSample.conv (legacy spectral_norm), built only "
          "inside StyleTTSEncoder, as row 20."),
    26: T("block+leaf", ENCODEC + "This row: vq.py:313 EuclideanCodebook.dequantize reads the buffer `embed` (F.embedding "
          "with the device codes), reached from EnCodec.decode -> ResidualVectorQuantization.decode -> "
          "VectorQuantization.decode (:418); at leaf the buffer's group hangs on EuclideanCodebook.forward, which decode "
          "never runs; at block it is in EnCodec's unmatched group (the message names EuclideanCodebook's forward, the "
          "leaf reading)."),
    27: F("BB", TP + "This row: model/recycling/modeling_llama_kv.py:370 LlamaAttention.forward (q_proj.weight)."),
    28: F("A", "Spec-Bench SAMD model/samd/tree_model/eagle2/eagle2.py:57 Eagle2.gen_draft: Eagle2 (a TreeModel) is an "
          "orchestrating strategy object without a forward of its own: it holds the LLM's own lm_head (`self.head = "
          "lm.lm_head`, :22) and the draft network Eagle2Model (:23), and is held by DraftModel (draft.py:38), itself "
          "forward-less. The offload roots are the LLM and Eagle2Model, not Eagle2; the message's fix (add 'model' to "
          "Eagle2._group_offload_block_modules) is for a root nobody offloads. The hazard the call leads to is real "
          "inside Eagle2Model.topk_genrate (row 10, labelled true)."),
    29: F("BB", TP + "This row: model/rest/rest/model/modeling_llama_kv.py:639 LlamaAttention.forward (o_proj.weight)."),
    30: T("block+leaf", "DiffRhythm CFM.sample (as row 22) builds the start noise y0 with self.device (cfm.py:228; the "
          "first parameter's device, the offload device at leaf and, outside forward, at block) and the time grid t "
          "(:239); odeint(fn, y0, t) then adds the device flow predictions to the CPU y0, and :247 torch.where(mask, "
          "out, cond) meets the device cond. (The message's sink, the addition at :236, is under duplicate_test, "
          "False by default and in every caller.)"),
    31: F("BB", "IMS-Toucan ToucanTTS.py:395 `self.duration_predictor.compute_loss`, teacher-forcing branch of "
          "_forward, as row 14: reached outside forward only from inference(), which passes is_inference=True."),
    32: T("block", ENCODEC + "This row: vq.py:418 VectorQuantization.decode calls self._codebook.decode (-> "
          "EuclideanCodebook.dequantize, F.embedding with the CPU `embed` and the device codes). The message takes "
          "VectorQuantization as the block-level root; the root is EnCodec, whose unmatched group holds the quantizer, "
          "so the line meets offloaded weights at block for the same kind of cause (its suggested "
          "VectorQuantization._group_offload_block_modules fix would not be read)."),
    33: F("BB", TP + "This row: model/eagle/modeling_llama_kv.py:543 LlamaAttention.forward (k_proj.weight)."),
    34: F("GB", MAINTEST + "This row: StyleTTSEncoder.py:57 ResBlk.conv1 (legacy spectral_norm), as row 20."),
    35: T("leaf", WANBLK + "This row: module_utils.py:111 (affine_norm3.bias)."),
    36: T("block", "AnyGPT builds SoundStorm (anygpt/src/infer/voice_clone.py:18, from cli_infer_chat_model.py:60 / "
          "cli_infer_base_model.py) and semantic2acoustic (voice_clone.py:32, called at cli_infer_chat_model.py:166 with "
          "`torch.Tensor(semantic_codes).int().to(self.device)`) calls soundstorm.generate outside SoundStorm.forward; "
          "semantic_token_emb and net are no ModuleList, so at block they sit in the root's unmatched group: "
          "soundstorm.py:695 self.semantic_token_emb(cond_tokens) embeds the device tokens with the CPU table."),
    37: F("BB", TP + "This row: model/eagle/cnets.py:344 LlamaMLP.forward (up_proj.weight)."),
    38: T("leaf", WANBLK + "This row: module_utils.py:88 (affine_norm1.weight)."),
    39: T("block", "IMS-Toucan ToucanTTS.inference (called during training by Utility/utils.py:76 "
          "plot_progress_spec_toucantts <- toucantts_train_loop.py:217 with default_emb = a dataset embedding, "
          "lang_id on the device) runs _forward outside ToucanTTS.forward; with the default "
          "integrate_language_embedding_into_encoder_out=True and a multilingual/multispeaker model, ToucanTTS.py:345 "
          "calls self.encoder.language_embedding(lang_ids): at block the encoder sits in the root's unmatched group, on "
          "the CPU, while lang_ids are on the device (training-time path; counts)."),
    40: F("BB", TP + "This row: model/eagle/modeling_llama_kv.py:544 LlamaAttention.forward (v_proj.weight)."),
    41: F("GB", MAINTEST + "This row: Modules/ToucanTTS/CodecDiscriminator.py:60 DiscriminatorNet.filters (legacy "
          "weight_norm): DiscriminatorNet is built only by SpectrogramDiscriminator (:17), which only the file's own "
          "__main__ (:87) builds; no other file names CodecDiscriminator."),
    42: F("AB", BLOOM + "This row: models/bloom.py:178 BLOOMClass._model_logits_on_dataset2 (model.transformer.h[i])."),
    43: T("block+leaf", SEEDQ + "This row: qformer_quantizer.py:316 get_codebook_entry adds self.pos_embed_image (a root "
          "parameter; blocks_for_image=True by default, :175) to the device query_output_up: the root's own group "
          "(leaf) and unmatched group (block) hang on a forward the class does not have."),
    44: T("block+leaf", ENCODEC + "This row: vq.py:303 EuclideanCodebook.quantize (`2 * x @ embed` with the CPU buffer), "
          "reached from EnCodec.encode -> ResidualVectorQuantization.encode -> VectorQuantization.encode (:414); leaf: "
          "the buffer's group hangs on EuclideanCodebook.forward, never run here."),
    45: T("leaf", EAGLE_TOPK + TOPK_DEV + "This row: model/eagle2/cnets.py:701 (inference_eagle2.py)."),
    46: T("leaf", EAGLE_TOPK + TOPK_DEV + "This row: model/eagle3/cnets.py:703 (inference_eagle3.py, use_eagle3 -> "
          "cnets.Model)."),
    47: T("block+leaf", BICODEC + "This row: residual_fsq.py:144 ResidualFSQ.get_codes_from_indices, reached from "
          "get_output_from_indices <- SpeakerEncoder.detokenize (speaker_encoder.py:109) <- BiCodec.detokenize "
          "(bicodec.py:184): the buffer `scales` (:97) of ResidualFSQ is onloaded (leaf) only by ResidualFSQ.forward, "
          "never run on this path, and (block) only by BiCodec.forward; it multiplies the device codes."),
    48: F("BB", "RPTQ4LLM models/opt.py:104 OPTClass._model_generate (model.generate) runs only for lm-eval "
          "greedy_until (generation) tasks (models/models_utils.py:442); README.md:21-31 and main.py:34 run "
          "lambada_openai, piqa, arc_easy, arc_challenge, openbookqa, boolq, all loglikelihood tasks (plus --eval_ppl). "
          "The sink the message cites (transformers generation/utils.py:2778) is generate's continuous-batching branch, "
          "not taken by a plain generate(do_sample=False) call either."),
    49: T("leaf", "DiffRhythm CFM.forward (training, train/train.py:38 -> trainer) reads self.device (cfm.py:268; "
          "CFM.device is its first parameter's device): at leaf that parameter belongs to a leaf of the transformer, on "
          "the CPU until that leaf runs, so `lens` (when not given), frac_lengths (:276) and time (:288) are made on "
          "the CPU and `(1 - t) * x0 + t * x1` (:293) meets the device batch."),
    50: T("block", ENCODEC + "This row: EnCodecAudioPreprocessor.py:46 audio_to_codebook_indexes -> self.model.encode "
          "(the OFL102 of row 11)."),
    51: T("block", ENCODEC + "This row: EnCodecAudioPreprocessor.py:50 indexes_to_audio -> self.model.decode (the "
          "OFL102 of row 15)."),
    52: T("leaf", WANBLK + "This row: module_utils.py:110 (affine_norm3.weight)."),
    53: T("leaf", WANBLK + "This row: module_utils.py:89 (affine_norm1.bias)."),
    54: F("AB", BLOOM + "This row: models/bloom.py:265 BLOOMClass._model_logits_on_dataset2 (model.lm_head)."),
    55: F("GA", "AnyGPT seed2/pipeline_stable_unclip_img2img.py:552 noise_image_embeddings "
          "`self.image_normalizer.to(image_embeds.device)`: a copy of diffusers' StableUnCLIPImg2ImgPipeline, which "
          "declares `_exclude_from_cpu_offload = ['image_normalizer']` (:97): the normalizer (two parameters, mean and "
          "std) is meant to stay on the device and the .to() builds them anew there, so the scale/unscale calls run "
          "(docs/confirm-diffusers.md:690: the same diffusers calls refuted at runtime). Nothing about offloading is "
          "defeated beyond two vectors the pipeline excludes by design."),
    56: F("AB", BLOOM + "This row: models/bloom.py:272 BLOOMClass._model_logits_on_dataset_2 (self.model.to)."),
    57: F("GC", "IMS-Toucan InferenceInterfaces/ControllableInterface.py:74 `self.model.text2phone.get_phone_string(...)`: "
          "text2phone is an ArticulatoryCombinedTextFrontend (Preprocessing/TextFrontend.py:26, a plain class, no "
          "nn.Module) assigned at ToucanTTSInterface.py:45/114; it is no submodule of the interface, holds no "
          "parameters group offloading moves, and get_phone_string runs espeak/transphone text processing. (The "
          "message says itself that the binding was guessed from the names.)"),
    58: T("block", "IMS-Toucan BigVGAN.py:75 forward calls self.ups[i][i_up](x): self.ups is a ModuleList of "
          "ModuleLists (:39-45); at block each inner ModuleList is a block hooked on its own forward, which nothing "
          "calls, so its ConvTranspose1d weights stay on the CPU (the holder pattern of rounds aa/ad/af). BigVGAN is "
          "built for training (Recipes/BigVGAN_combined.py:266, BigVGAN_e2e.py:52)."),
    59: T("leaf", SEEDQ + "This row: qformer_quantizer.py:143 Blip2QformerQuantizer (OFL205): its own parameters "
          "(query_tokens, pos_embed_image, and the norms' and Q-Former's non-leaf parameters) hang at leaf level on a "
          "forward the class does not define; get_codebook_indices expands query_tokens (:292) next to the device "
          "image embeddings, get_codebook_entry adds pos_embed_image (:316)."),
    60: F("AB", BLOOM + "This row: models/bloom.py:283 BLOOMClass._model_generate (model.generate)."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
