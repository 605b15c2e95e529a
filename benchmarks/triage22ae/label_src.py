"""Write benchmarks/triage22ae/labels.json (round ae; all 60 drawn rows).

No new cause letter was needed (DA is unused). Standard of rounds x-ad: true when the hazard is real at the claimed
level(s) the way the tree runs its code (training counts); the level recorded is the level at which it holds (a
claimed level that does not hold is said in `why`); false with a cause letter otherwise. Runtime column filled from
runtime_column.json where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

LM_CACHE = ("landmark-attention lm_benchmark: the cache storages (caches/mem_cache.py MemLMCacheStorage, used with "
            "--lm_cache mem, the README's landmark evaluation and eval_cmd_generator.py's default; caches/kv_cache.py "
            "KVLMCacheStorage, --lm_cache kv, eval_cmd_generator.py's pg19_xl settings) are nn.Modules whose registered "
            "buffers are read and written only by retrieve_for_query/store_in_cache, which CausalSelfAttention.forward "
            "calls (models/landmark.py:184/:252, base_new.py likewise) during evaluation with use_cache=True "
            "(optim/transformer_xl.py:41/:86). At leaf level those buffers form the storage's own group, hooked on its "
            "forward, which nothing calls (it has none): they stay on the CPU and meet the device q/keys. Block level "
            "does not hold: GPTBase's direct children are lm_cache, transformer (a ModuleDict) and lm_head, none a "
            "ModuleList/Sequential, so every module is in the root's group, onloaded for GPTBase.forward, inside which "
            "the storages are used; the claimed block level is over-claimed. Blind recall hazard R1. ")
OT_ROOT = ("OpenTransformer: the tree builds SpeechToText (egs/aishell/conf/*.yaml: type speech2text) and decodes with "
           "SpeechToTextRecognizer, which calls model.frontend.inference, model.encoder(...) (forward) and "
           "model.decoder.inference (recognize/speech2text.py:26/:30/:36). ")
OT_ENC_INF = (OT_ROOT + "ConformerEncoderBlock.inference / TransformerEncoderLayer.inference are called only by "
              "ConformerEncoder.inference / TransformerEncoder.inference, both commented out (conformer.py:166-180, "
              "transformer.py:136-152); the recogniser runs the encoder's forward. Nothing calls the row's path "
              "(conformer's inference would also raise AttributeError: it calls self.post_ffn_forward, which does not "
              "exist). The 'called nowhere' suppression did not fire because other classes' `inference` is called. "
              "Besides, ConformerEncoderBlock/TransformerEncoderLayer are not the offload root (premise A too). ")
OT_DEC_INF = (OT_ROOT + "TransformerDecoder.inference (decoder/transformer.py:184-208) has its layer loop commented out "
              "and calls self.forward(...), so TransformerDecoderLayer.inference is called by nothing; the attention "
              "modules' inference() is called only from the layers' inference methods (encoder and decoder), all "
              "unreached. ")
OT_CTC = ("OpenTransformer otrans/model/ctc.py: CTCModel is End2EndModel['ctc']; no config of the tree builds it "
          "(egs/aishell/conf/transformer_baseline.yaml and conformer_baseline.yaml: type speech2text, ctc_weight 0.0, so "
          "not even CTCAssistor is built). ")
OT_LM = ("OpenTransformer language models (egs/aishell/conf/rnnlm.yaml type rnn_lm -> RecurrentLanguageModel, "
         "transformer_lm.yaml -> TransformerLanguageModel): eval.py -lm builds one (:65-72) and hands it to "
         "SpeechToTextRecognizer, whose beam search calls self.lm_decode -> self.lm.predict(...) every step "
         "(recognize/speech2text.py:102-103, recognize/base.py:33/:36). The LM is its own model; predict runs outside "
         "its forward, and at block level its non-ModuleList children sit in the root's unmatched group, never onloaded "
         "during decoding. ")
E2A = ("end2end-asr: test.py:40 calls model.evaluate(...) on the Transformer (models/asr/transformer.py; built by "
       "utils/functions.py:152 with an Encoder and a Decoder); evaluate runs outside Transformer.forward and calls "
       "self.encoder (:106), self.decoder (:107), then self.decoder.beam_search (:113, --beam-search) or greedy_search "
       "(:116/:118). At block level the root's direct children encoder and decoder are not ModuleLists, so they sit in "
       "the root's unmatched group, onloaded only inside Transformer.forward. ")
GLM_CHAT = ("chat()/stream_chat() put input_ids on self.device (PreTrainedModel.device: the first parameter, the word "
            "embedding, on the CPU under offloading) and generate; the concatenation with the device next tokens "
            "would fail (the VL-T5 generation rows of round ad). But nothing in the tree runs this copy's chat: ")
WN = ("Baichuan-Audio third_party/cosy24k_vocoder: the web demos (s2s_gradio_demo_cosy_multiturn.py:16, "
      "base_tts_demo.py:38) build Cosy24kVocoder and call vocoder.decode -> hifigan_generator.forward. The convolution "
      "is wrapped in the legacy torch.nn.utils.weight_norm, whose forward pre-hook recomputes `weight` from "
      "weight_g/weight_v in __call__, before diffusers' hook inside forward onloads the leaf's group; "
      "remove_weight_norm (generator.py:376) has no caller in the tree. So at leaf the CPU weight meets the device "
      "input (blind recall hazards R3/R4). ")
CHATGLM_DEV = ("the layer puts hidden_states, position_ids and attention_mask on cur_device = next(self.parameters())"
               ".device (the author's model-parallel trick, Chatglm6b_ModelParallel/readme.md:58). ")

L = {
    1: T("leaf", LM_CACHE + "This row: mem_cache.py:89 retrieve_for_query, cache_mem_v."),
    2: F("AB", OT_ENC_INF + "This row: conformer.py:52 pre_ffn_forward reached from ConformerEncoderBlock.inference "
         "(the call from forward :77 is inside forward)."),
    3: F("BB", OT_CTC + "CTCModel.inference (:100 self.assistor) is called by CTCRecognizer (recognize/ctc.py:40/:62), "
         "built only for model_type 'ctc'. It also unpacks the encoder's three outputs into two (ValueError regardless "
         "of offloading). Were CTCModel built, the line would break at block."),
    4: F("BB", "E2E-ASR src/plugin.py: EmbeddingRegularizer is built only when the config has an `emb` section with "
         "enable (bin/train_asr.py:53-58; bin/test_asr.py:66 with fuse > 0); no config of the tree has one "
         "(config/libri/*.yaml). This row, fuse_prob :108 (the fuse_normalize branch) reading emb_table.weight, would "
         "hold at leaf with such a config."),
    5: T("leaf", "zero_nlp chinese_dolly_v2_3b/dolly/modeling.py:324 GPTNeoXLayer.forward (the model trainer_dolly.py:22 "
         "imports and trains): cur_device = next(self.parameters()).device is input_layernorm.weight, a LayerNorm leaf "
         "offloaded at leaf level, so hidden_states/position_ids/attention_mask go to the CPU; the residual additions "
         "then add the CPU hidden_states to the device attention/MLP outputs. (Block: the layers are not the root's "
         "direct ModuleList, the root group is onloaded: fine; not claimed.) Training-time, counted true as in x-ad."),
    6: F("AB", OT_DEC_INF + "This row: decoder/transformer.py:95 TransformerDecoderLayer.inference (norm1 ...)."),
    7: F("BB", "E2E-ASR src/plugin.py:98 EmbeddingRegularizer.get_weight: called only for logging by train_asr.py:152 "
         "when emb fusion is on, and the plugin is built by no config of the tree (no `emb` section in "
         "config/libri/*.yaml); besides, the value only goes to the tensorboard log (no device tensor meets it)."),
    8: F("BE", "OpenTransformer module/attention.py:44 BasedAttention.compute_context: BasedAttention defines no forward, "
         "but it is only the base class of MultiHeadedSelfAttention / ...WithRelPos / MultiHeadedCrossAttention, whose "
         "forward() calls self.compute_context (attention.py forward methods), so output_proj runs inside the module's "
         "forward; the other callers are the unreached inference() methods. Nor is an attention module the offload root."),
    9: T("leaf", WN + "This row: f0_predictor.py:29 ConvRNNF0Predictor.condnet (five weight_norm Conv1d; the "
         "generator's f0_predictor, run first in forward)."),
    10: T("block", E2A + "This row: transformer.py:116 evaluate -> self.decoder.greedy_search (default, no --beam-search)."),
    11: F("BB", "E2E-ASR src/lm.py:42 RNNLM.forward reads self.emb.weight only when emb_tying; the tree's only LM config "
          "(config/libri/lm_example.yaml:23) sets emb_tying: False, so self.trans runs instead."),
    12: T("leaf", LM_CACHE + "This row: mem_cache.py:114 store_in_cache, last_incomplete_k (torch.cat with the device keys)."),
    13: T("block", OT_LM + "This row: lm.py:145 TransformerLanguageModel.predict (embedding, pos_embedding, after_norm, "
          "output_project; its blocks ModuleList is hooked, the rest is not)."),
    14: F("AB", GLM_CHAT + "zero_nlp Chatglm6b_ModelParallel/thuglm/modeling_chatglm.py:1246 chat is this folder's "
          "model (train_model_all.py:74 trains it); the folder has no inference code, and the only chat() calls in the "
          "tree (Chatglm6b_ModelParallel_ptuning/infer_ptuning.ipynb, simple_thu_chatglm6b/infer.ipynb, "
          "chatglm_v2_6b_lora) are on models loaded from the hub with trust_remote_code (the hub's modeling file)."),
    15: F("AB", OT_DEC_INF + "This row: attention.py:157 MultiHeadedCrossAttention.inference (vk_proj), reached only "
          "from TransformerDecoderLayer.inference."),
    16: F("AB", OT_CTC + "This row: ctc.py:52 CTCAssistor.compute_loss reached from CTCModel.ts_forward (:112), which "
          "nothing calls (its own OFL102 at :107 is suppressed as called nowhere); the call from CTCAssistor.forward is "
          "inside forward."),
    17: T("block", E2A + "This row: transformer.py:433 Decoder.beam_search -> self.trg_embedding, reached from evaluate "
          "(:113). The message names Decoder's unmatched group and Decoder._group_offload_block_modules; the group "
          "that is never onloaded is the root Transformer's (label risk: the line breaks, the fix named would not work)."),
    18: T("leaf", "BRIO modeling_pegasus.py:835 PegasusDecoder._prepare_decoder_attention_mask: the causal mask is put on "
          "self.device (the first parameter, embed_tokens, a leaf group offloaded right after the embedding call at the "
          "top of PegasusDecoder.forward), then added to the expanded decoder attention mask on the device. Reached on "
          "every scoring forward (main.py:82 BRIO(model_path, ..., is_pegasus) for the XSum config, config.py:68)."),
    19: F("AB", OT_ENC_INF + "This row: conformer.py:95 ConformerEncoderBlock.attn_infer (mha.inference)."),
    20: T("leaf", LM_CACHE + "This row: kv_cache.py:21 KVLMCacheStorage (OFL205: owns buffers, no forward)."),
    21: T("block", E2A + "This row: transformer.py:339 Decoder.greedy_search -> self.trg_embedding (label risk as row 17)."),
    22: T("leaf", LM_CACHE + "This row: mem_cache.py:21 MemLMCacheStorage (OFL205)."),
    23: T("block", "Baichuan-Audio cosy24k_vocoder.py:37 Cosy24kVocoder.decode calls self.hifigan_generator.forward(...) "
          "directly; Cosy24kVocoder defines no forward. The application holds only this object (Cosy24kVocoder."
          "from_pretrained, .cuda(), .decode: web_demo/s2s_gradio_demo_cosy_multiturn.py:16-17, generation.py:545), so "
          "group offloading applied to the vocoder it holds puts hifigan_generator (no ModuleList) in the root's "
          "unmatched group, hooked on a forward nothing calls: decode meets CPU weights at block. Label risk: if the "
          "generator, not the forward-less wrapper, is taken as the offload root (the standard of round ad's recall), "
          "this line is fine."),
    24: T("leaf", WN + "This row: generator.py:126 ResBlock.convs2."),
    25: T("block", E2A + "This row: transformer.py:113 evaluate -> self.decoder.beam_search."),
    26: F("AB", OT_ENC_INF + "This row: encoder/transformer.py:69 TransformerEncoderLayer.inference (norm1 ...)."),
    27: T("block", E2A + "This row: transformer.py:106 evaluate -> self.encoder(...)."),
    28: T("leaf", WN + "This row: generator.py:369 HiFTGenerator.conv_post."),
    29: T("leaf", "BRIO modeling_bart.py:862 BartDecoder._prepare_decoder_attention_mask, as row 18 for BART (main.py:82, "
          "CNN/DM config, the default): the causal mask on self.device (embed_tokens, offloaded at leaf) added to the "
          "device expanded mask."),
    30: F("AB", OT_DEC_INF + "This row: attention.py:88 MultiHeadedSelfAttention.inference (qvk_proj), reached only from "
          "the layers' inference."),
    31: F("AB", GLM_CHAT + "this row is stream_chat (:1272) of the same Chatglm6b_ModelParallel/thuglm copy as row 14."),
    32: T("leaf", LM_CACHE + "This row: kv_cache.py:49 retrieve_for_query, cache_v."),
    33: T("leaf", LM_CACHE + "This row: kv_cache.py:41 retrieve_for_query, cache_k."),
    34: T("leaf", LM_CACHE + "This row: mem_cache.py:45 retrieve_for_query, last_incomplete_v."),
    35: T("leaf", LM_CACHE + "This row: mem_cache.py:52 retrieve_for_query, cache_mem_k."),
    36: F("AB", OT_ENC_INF + "This row: encoder/transformer.py:72 TransformerEncoderLayer.inference (slf_attn.inference)."),
    37: F("BB", "zero_nlp pipeline/llama/pipellama.py:243 PipeCausalLM.forward reads lm_head.weight only when "
          "config.pretraining_tp > 1; the file's only configs (compare_basemodel_pipemodel, train: LlamaConfig(...) "
          ":432/:455) leave pretraining_tp at 1, so self.lm_head(hidden_states) runs. (The branch would also raise "
          "AttributeError: PipeCausalLM has no vocab_size.)"),
    38: T("leaf", "zero_nlp pipeline/llama/pipellama.py:199 PipeDecoderLayer.forward (run by the file's __main__: the "
          "pipe model is an nn.Sequential of PipeEmbedding, PipeDecoderLayer x N, PipeCausalLM, :269-285): cur_device "
          "= next(self.decoder_layer.parameters()).device is self_attn.q_proj.weight, a leaf offloaded at leaf level, "
          "so hidden_states/attention_mask/position_ids go to the CPU; transformers' LlamaDecoderLayer has no own "
          "parameter (no hook moving its kwargs), so `residual + hidden_states` adds the CPU residual to the device "
          "attention output. (Block: fine, the root Sequential's children are no ModuleLists; not claimed.)"),
    39: T("leaf", "zero_nlp chinese_llama/fastchat/models/llama/modeling_llama_zh.py:287 LlamaDecoderLayer.forward "
          "(main.py:57 builds LlamaForCausalLM from it): cur_device = next(self.parameters()).device is "
          "self_attn.q_proj.weight (leaf group, offloaded), so the residual stays on the CPU and `residual + "
          "hidden_states` meets the device attention output."),
    40: T("block", "DiffuSeq diffuseq/transformer_model.py:111 TransformerNetModel.get_logits -> self.lm_head "
          "(logits_mode 1): called outside forward by the training loss (gaussian_diffusion.py:614/:632-633) and by "
          "sample_seq2seq.py:191; lm_head is a direct non-Sequential child, in the root's unmatched group, onloaded only "
          "inside TransformerNetModel.forward."),
    41: T("block", OT_LM + "This row: lm.py:76 RecurrentLanguageModel.predict (embedding, rnn, output_project)."),
    42: T("leaf", WN + "This row: generator.py:114 ResBlock.convs1."),
    43: T("leaf", WN + "This row: generator.py:325 HiFTGenerator.conv_pre."),
    44: F("AB", OT_DEC_INF + "This row: decoder/transformer.py:98 TransformerDecoderLayer.inference (slf_attn.inference)."),
    45: F("AB", OT_DEC_INF + "This row: attention.py:156 MultiHeadedCrossAttention.inference (q_proj)."),
    46: T("leaf", LM_CACHE + "This row: mem_cache.py:115 store_in_cache, last_incomplete_v."),
    47: T("leaf", LM_CACHE + "This row: mem_cache.py:43 retrieve_for_query, last_incomplete_k."),
    48: T("block", "DiffuSeq transformer_model.py:107 TransformerNetModel.get_embeds -> self.word_embedding: called "
          "outside forward by the training loss (gaussian_diffusion.py:600) and sample_seq2seq.py:146; word_embedding is "
          "in the root's unmatched group, as row 40."),
    49: T("leaf", "PreSumm src/models/encoder.py:91 ExtTransformerEncoder.forward reads self.pos_emb.pe, the buffer of a "
          "PositionalEncoding it never calls; at leaf the buffer is the PositionalEncoding's own group, hooked on its "
          "forward, so the CPU pe is added to the device sentence vectors. Built by ExtSummarizer (model_builder.py:142, "
          "every -task ext run with the default -encoder bert)."),
    50: F("AB", GLM_CHAT + "zero_nlp Chatglm6b_ModelParallel_ptuning/modeling_chatglm.py (the folder's top-level copy) "
          "is imported by nothing (main_parallel.py:160 imports thuglm.modeling_chatglm; infer_ptuning.ipynb loads "
          "THUDM/chatglm-6b from the hub). This row: stream_chat :1280."),
    51: F("BB", "DiffuSeq transformer_model.py:114 get_logits reads lm_head.weight only for logits_mode == 2; nothing "
          "sets logits_mode (the constructor's default 1; create_model_and_diffusion does not pass it)."),
    52: F("AB", OT_ENC_INF + "This row: conformer.py:93 ConformerEncoderBlock.attn_infer (mha_norm)."),
    53: F("AB", OT_ENC_INF + "This row: conformer.py:114 ConformerEncoderBlock.inference (final_norm)."),
    54: T("leaf", WN + "This row: generator.py:333 HiFTGenerator.ups (ConvTranspose1d; at block too, since each "
          "element of the ups ModuleList is a block hooked on its own forward: not claimed)."),
    55: F("AB", OT_DEC_INF + "This row: decoder/transformer.py:111 TransformerDecoderLayer.inference (src_attn.inference)."),
    56: F("AB", OT_ENC_INF + "This row: conformer.py:62 conv_augment_forward reached from ConformerEncoderBlock.inference."),
    57: T("leaf", "zero_nlp Chatglm6b_ModelParallel/thuglm/modeling_chatglm.py:611 GLMBlock.forward (the model "
          "train_model_all.py:74 trains): " + CHATGLM_DEV + "cur_device is input_layernorm.weight, a leaf offloaded at "
          "leaf level, so the CPU position_ids reach apply_rotary_pos_emb_index's F.embedding with the device cos/sin "
          "and the CPU attention_mask the device scores (SelfAttention has no parameter of its own, so no hook moves "
          "its kwargs)."),
    58: F("AB", OT_CTC + "This row: ctc.py:119 CTCModel.recognize has no caller at all (CTCRecognizer calls "
          "model.inference)."),
    59: T("block", E2A + "This row: transformer.py:107 evaluate -> self.decoder(...)."),
    60: F("AB", GLM_CHAT + "as row 50, the unimported top-level Chatglm6b_ModelParallel_ptuning/modeling_chatglm.py; "
          "this row: chat :1254."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
