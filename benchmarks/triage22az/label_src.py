"""Write benchmarks/triage22az/labels.json (round az; 60 rows drawn with seed 20299000 from the 113 shown findings of
twelve libraries).

Standard of rounds x-ax: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, loaders, configs, examples and tests use the class (training counts; a public method counts as called;
a line that would meet the hazard on its own counts even where an earlier line of the same cause fails first); C when
true only under a non-default option the library ships, documents or tests; false with a cause letter otherwise.

Letters used here, all earlier rounds' but one: KA a call that reads no weight (AutoAWQ's fusers hand the HF model's
modules to constructors that only store them, and iterate a ModuleList through tqdm); BB code never reached (a branch
no shipped config takes: pretraining_tp > 1; torch's MultiheadAttention fast path under batch_first=False); AL
training- / preparation-side work (checkpoint save() during training; quantization packing on a module the converter
just built); AB code nothing calls (a Module method named backward autograd never calls; a get_device() with no
caller); BE a method reached only through forward() by a path the linter does not follow (attention_utils'
eager_attention_forward(module=self) calling module.apply_relative_pos_emb). **New letter BM**: the method is the
module's forward through instance rebinding (`self.forward = self.forward_<mode>` in __init__ or a converter, before
any offloading is applied): diffusers' hooks wrap the instance's forward, so the rebound method runs under the onload.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as C, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, ConvTranspose, Linear, Embedding, by isinstance) on its own forward and "
      "groups every other parameter / buffer with its closest owning module on that module's forward; every hook "
      "moves its args / kwargs to the onload device.) ")
AWQ = ("AutoAWQ fusers (awq/models/*.py, `<Model>Fuser.fuse_transformer`, run by `AutoAWQForCausalLM.from_quantized("
       "..., fuse_layers=True)` inside loading, base.py:539-543, before any user could offload) hand the HF model's "
       "modules to constructors that only store them (LlamaLikeModel / MixtralModel / FalconModel / MPTModel(vocab, "
       "blocks, embedding, norm); LlamaLikeBlock / FalconDecoderLayer / MPTBlock(qkv_layer=..., o_proj=..., norm_1=...)"
       ": `self.embedding = embedding`, `self.norm = norm`, `norm_1.to(dev)`, QuantAttentionFused stores qkv / o_proj) "
       "or iterate `self.model.model.layers` through `tqdm.tqdm(...)`; nothing runs the handed module, so no weight is "
       "read at the line. ")
BM = ("neural-compressor's HPU fp8 / mixed-precision modules choose their forward per mode by rebinding it on the "
      "instance: PatchedModuleBase.__init__ (fp8_quant/patched_module_base.py:163-170) sets `self.forward = "
      "self.forward_measure / forward_qdq / forward_quant`, and HPUMixedPrecisionLinear's converters set `new_self."
      "forward = new_self.forward_mesaure` (mixed_low_precision/modules.py:117) and `self.forward = self."
      "forward_inference` (:138). The rebinding happens at conversion, before offloading is applied; diffusers' hook "
      "wraps the module's current `forward` (the instance attribute) and `module(...)` goes through it, so the "
      "rebound method runs under the onload. (The code is also HPU-only: torch.ops.hpu.) ")
CRF = ("CRF (the tagger's child; `decode` is its public Viterbi entry, called by the taggers at prediction) runs "
       "_viterbi_decode outside CRF.forward; at leaf level CRF's own parameters form its own group, onloaded only "
       "by CRF.forward, so the CPU transition tensors meet the device emissions. ")
PETALS_TP = ("petals OptimizedLlamaAttention.forward: the `self.config.pretraining_tp > 1` branch (LlamaConfig default "
             "1; round ax's sparseml rows on the same transformers-derived code were BB); the default path calls "
             "self.q_proj / k_proj / v_proj / o_proj (hooked). ")
B4T_REL = ("bert4torch attention: `apply_relative_pos_emb` is called only by layers/attention/attention_utils.py:44 "
           "`eager_attention_forward(module, ...)` -> `module.apply_relative_pos_emb(...)`, which "
           "MultiHeadAttention.attention_forward calls with `self` (attention_layer.py:200) from forward (:165): it "
           "runs inside the attention's forward; at block level the attention sits inside a layer of the encoder's "
           "ModuleList, onloaded with its block. ")
DP_SAVE = ("deeppavlov TorchModel.save (core/models/torch_model.py:175-187; the ranker's copy at "
           "torch_transformers_el_ranker.py:143-149): `self.model.cpu().state_dict()` then `self.model.to(self.device)`"
           ", a checkpoint save run by the trainer (nn_trainer.py:157 / :204 / :209 / :343, chainer.save) during "
           "training; the model it moves is the one being trained, held on self.device from __init__ (:72). ")

LAB = {}
for n in (2, 4, 7, 11, 16, 20, 21, 23, 24, 25, 27, 28, 29, 31, 35, 36, 39, 40, 42, 45, 46, 49, 50):
    LAB[n] = F("KA", AWQ)
LAB[1] = T("leaf", GO + "bert4torch MiniCPMV.get_vllm_embedding (called from forward, minicpmv.py:148): word_embeddings "
           "(an Embedding) has just run its own hook and is back on the offload device, so `device` (:58) is the CPU; "
           "patch_attn_mask is made there (:80) and handed as patch_attention_mask to self.vpm, which is no leaf (no "
           "hook of its own moves it) and uses it as the attention mask against device activations.")
for n, where in ((3, "PatchedLmHeadLinearAllreduce (:550)"), (15, "PatchedParallelLMHead (:260)"),
                 (17, "PatchedLinearBase (:170)"), (32, "PatchedMatmul (:104)")):
    LAB[n] = F("BM", BM + where + ".")
for n, where in ((5, "forward_mesaure scales (:67)"), (10, "forward_mesaure qweight (:69)"),
                 (38, "forward_mesaure scale_bf16_to_fp8 (:68)"), (8, "forward_inference qzeros (:89)")):
    LAB[n] = F("BM", BM + "HPUMixedPrecisionLinear." + where + ".")
for n, what in ((6, "weight (:291)"), (48, "bias (:292)")):
    LAB[n] = F("BB", "bert4torch MiniCPM-V resampler MultiheadAttention (an nn.MultiheadAttention subclass whose "
               "out_proj is a plain nn.Linear): out_proj." + what + " is read only on the fast path "
               "(torch._native_multi_head_attention), which needs batch_first=True; the Resampler builds it as "
               "`MultiheadAttention(embed_dim, num_heads)` (resampler.py:105, batch_first False), so forward always "
               "takes the slow path, whose multi_head_attention_forward calls `self.out_proj(attn_output)` (:560 / "
               ":590, hooked).")
LAB[9] = T("leaf", GO + "AutoAWQ fused QuantAttentionFused.forward passes `self.alibi.slopes` to flash_attn_func "
           "(:275; :291 the kv-cache path); ALiBi (attn.py:89) is an nn.Module holding slopes / bias as Parameters "
           "with no forward at all, built for MPT (block.py:351 `use_alibi=True`); at leaf level its group's hook is "
           "on a forward nothing calls, so slopes stay on the offload device against device q.")
for n, what in ((12, "qweight (:325)"), (13, "scales (:324)")):
    LAB[n] = F("AL", "neural-compressor INCWeightOnlyLinear.pack: called by the quantizers (rtn.py:253, teq.py:340, "
               "gptq.py:840 / :1069, save_load.py:557) on a module they have just built, to fill its packed "
               "buffers (`self.qweight = self.qweight.T.contiguous()` under use_optimum_format, then writes); model "
               "preparation before any offloading, not a call on the held model. " + what)
for n, what in ((14, "end_transitions (:308)"), (34, "start_transitions (:270)")):
    LAB[n] = T("leaf", GO + "ltp " + CRF + what)
for n, what in ((18, "transitions (:315)"), (47, "end_transitions (:329)"), (51, "start_transitions (:291)")):
    LAB[n] = T("leaf", GO + "hanlp " + CRF + what)
for n, what in ((19, "qzeros"), (22, "qweight")):
    LAB[n] = F("AB", "AutoAWQ WQLinear_IPEX.backward (gemm_ipex.py:110): a plain method named backward on an "
               "nn.Module (not an autograd.Function); autograd never calls it and nothing in the tree does (the IPEX "
               "kernel is inference-only, :90 'Only inference is supported'). " + what + " (:112).")
for n, what in ((26, "v_proj.weight (:69)"), (37, "k_proj.weight (:68)"), (59, "o_proj.weight (:122)")):
    LAB[n] = F("BB", PETALS_TP + what)
LAB[30] = F("AL", DP_SAVE + "TorchModel.save (:187).", api=True)
LAB[60] = F("AL", DP_SAVE + "TorchTransformersElRanker.save (:149).", api=True)
for n, what in ((33, "DebertaV2Attention.apply_deberta_pos_emb via apply_relative_pos_emb (:306)"),
                (44, "T5Attention.apply_relative_pos_emb (:779)"),
                (57, "NezhaTypicalRelativeAttention.apply_relative_pos_emb (:385)"),
                (58, "DebertaV2Attention.apply_relative_pos_emb (:295)")):
    LAB[n] = F("BE", B4T_REL + what + ".")
LAB[41] = T("block", GO + "bert4torch example task_data_parallel_v1.py Model (root: children bert, dropout, dense; no "
            "direct ModuleList): `predict` (:82-87, used by the example's evaluate, :115 `model.module.predict`) runs "
            "self.bert and self.dense outside Model.forward; both sit in the root's group, on the offload device.")
LAB[43] = C("leaf", GO + "bert4torch BertEmbeddings.apply_hierarchical_pos_embedding (core.py:132-144), reached from "
            "forward (:173-175) only with `hierarchical_position` set and sequences longer than max_position: reads "
            "self.position_embeddings.weight (an nn.Embedding, :111, hooked on its own forward, which this path never "
            "calls) into take_along_dim with the device position_index. The option is non-default, documented by the "
            "example task_sentiment_classification_hierarchical_position.py:64 and examples/README.md: C.")
LAB[52] = F("AB", "hanlp ContextualWordEmbeddingModule.get_device (contextual_word_embedding.py:73-75) returns "
            "next(self.parameters()).device; its only use in the tree is a commented-out line (:57 `# this_device = "
            "self.get_device()`): no reader places anything with it.")
LAB[53] = T("leaf", GO + "axolotl KimiSparseMoeBlock.route_tokens_to_experts, eval branch (:851-853): "
            "`scores + self.gate.e_score_correction_bias` after self.gate(...) has run; KimiMoEGate (:619, an "
            "nn.Module, not a Linear) holds weight and e_score_correction_bias (:632) in its own group, onloaded only "
            "while gate.forward runs, so the bias is back on the offload device here.")
LAB[54] = T("leaf", GO + "bert4torch AdaptiveEmbedding (Transformer-XL embeddings, transformer_xl.py:31): forward "
            "reads self.emb_projs[i], a Parameter of an nn.ParameterList (no forward), into F.linear with the "
            "device embedding (:43 for div_val 1, :59 the adaptive path); the ParameterList's group is hooked on a "
            "forward nothing calls. (Not run: bert4torch.snippets needs torch4keras.)")
LAB[55] = T("block", GO + "petals DistributedLlamaForSpeculativeGeneration (root; children model, lm_head, "
            "small_model: no direct ModuleList) `_sample`, run by generate (tests/test_speculative_generation.py), "
            "calls self.small_model.generate(...) (:49) before the root's own forward in each round; small_model's "
            "weights sit in the root's group, on the offload device, and its generate runs its forward with no "
            "hook of its own.")
LAB[56] = T("leaf", GO + "bert4torch GLM-4V PatchEmbedding.forward: `x += self.position_embedding.weight.unsqueeze(0)` "
            "(:54); position_embedding is an nn.Embedding (:43) hooked on its own forward, which is never called.")

R = {
    1: ('bert4torch/bert4torch/models/minicpmv/minicpmv.py', 58, 'OFL105', 'llm.embeddings.word_embeddings.weight', LAB[1]),
    2: ('autoawq/awq/models/falcon.py', 108, 'OFL201', 'model.transformer.h[i].ln_mlp', LAB[2]),
    3: ('inc/neural_compressor/torch/algorithms/fp8_quant/_quant_common/helper_modules.py', 550, 'OFL205', '', LAB[3]),
    4: ('autoawq/awq/models/starcoder2.py', 136, 'OFL201', 'model.model.embed_tokens', LAB[4]),
    5: ('inc/neural_compressor/torch/algorithms/mixed_low_precision/modules.py', 67, 'OFL101', 'scales', LAB[5]),
    6: ('bert4torch/bert4torch/models/minicpmv/resampler.py', 291, 'OFL103', 'out_proj.weight', LAB[6]),
    7: ('autoawq/awq/models/cohere.py', 94, 'OFL201', 'model.model.layers', LAB[7]),
    8: ('inc/neural_compressor/torch/algorithms/mixed_low_precision/modules.py', 89, 'OFL101', 'qzeros', LAB[8]),
    9: ('autoawq/awq/modules/fused/attn.py', 275, 'OFL104', 'alibi.slopes', LAB[9]),
    10: ('inc/neural_compressor/torch/algorithms/mixed_low_precision/modules.py', 69, 'OFL101', 'qweight', LAB[10]),
    11: ('autoawq/awq/models/falcon.py', 131, 'OFL201', 'model.transformer.ln_f', LAB[11]),
    12: ('inc/neural_compressor/torch/algorithms/weight_only/modules.py', 325, 'OFL101', 'qweight', LAB[12]),
    13: ('inc/neural_compressor/torch/algorithms/weight_only/modules.py', 324, 'OFL101', 'scales', LAB[13]),
    14: ('ltp/python/core/ltp_core/models/nn/crf.py', 308, 'OFL101', 'end_transitions', LAB[14]),
    15: ('inc/neural_compressor/torch/algorithms/fp8_quant/_quant_common/helper_modules.py', 260, 'OFL205', '', LAB[15]),
    16: ('autoawq/awq/models/falcon.py', 115, 'OFL201', 'model.transformer.h[i].self_attention.query_key_value', LAB[16]),
    17: ('inc/neural_compressor/torch/algorithms/fp8_quant/_quant_common/helper_modules.py', 170, 'OFL205', '', LAB[17]),
    18: ('hanlp/hanlp/layers/crf/crf.py', 315, 'OFL101', 'transitions', LAB[18]),
    19: ('autoawq/awq/modules/linear/gemm_ipex.py', 112, 'OFL101', 'qzeros', LAB[19]),
    20: ('autoawq/awq/models/phi3.py', 126, 'OFL201', 'model.model.norm', LAB[20]),
    21: ('autoawq/awq/models/gemma2.py', 155, 'OFL201', 'model.model.norm', LAB[21]),
    22: ('autoawq/awq/modules/linear/gemm_ipex.py', 112, 'OFL101', 'qweight', LAB[22]),
    23: ('autoawq/awq/models/gemma.py', 146, 'OFL201', 'model.model.embed_tokens', LAB[23]),
    24: ('autoawq/awq/models/phi3.py', 125, 'OFL201', 'model.model.embed_tokens', LAB[24]),
    25: ('autoawq/awq/models/mpt.py', 109, 'OFL201', 'model.transformer.blocks[i].norm_1', LAB[25]),
    26: ('petals/src/petals/models/llama/block.py', 69, 'OFL103', 'v_proj.weight', LAB[26]),
    27: ('autoawq/awq/models/mpt.py', 120, 'OFL201', 'model.transformer.norm_f', LAB[27]),
    28: ('autoawq/awq/models/qwen2.py', 137, 'OFL201', 'model.model.norm', LAB[28]),
    29: ('autoawq/awq/models/mixtral.py', 184, 'OFL201', 'model.model.embed_tokens', LAB[29]),
    30: ('deeppavlov/deeppavlov/core/models/torch_model.py', 187, 'OFL207', 'model', LAB[30]),
    31: ('autoawq/awq/models/llama.py', 102, 'OFL201', 'model.model.layers', LAB[31]),
    32: ('inc/neural_compressor/torch/algorithms/fp8_quant/_quant_common/helper_modules.py', 104, 'OFL205', '', LAB[32]),
    33: ('bert4torch/bert4torch/layers/attention/attention_layer.py', 306, 'OFL102', 'relative_positions', LAB[33]),
    34: ('ltp/python/core/ltp_core/models/nn/crf.py', 270, 'OFL101', 'start_transitions', LAB[34]),
    35: ('autoawq/awq/models/phi3.py', 95, 'OFL201', 'model.model.layers', LAB[35]),
    36: ('autoawq/awq/models/gemma.py', 102, 'OFL201', 'model.model.layers', LAB[36]),
    37: ('petals/src/petals/models/llama/block.py', 68, 'OFL103', 'k_proj.weight', LAB[37]),
    38: ('inc/neural_compressor/torch/algorithms/mixed_low_precision/modules.py', 68, 'OFL101', 'scale_bf16_to_fp8', LAB[38]),
    39: ('autoawq/awq/models/aquila.py', 139, 'OFL201', 'model.model.norm', LAB[39]),
    40: ('autoawq/awq/models/qwen3.py', 138, 'OFL201', 'model.model.embed_tokens', LAB[40]),
    41: ('bert4torch/examples/training_trick/task_data_parallel_v1.py', 86, 'OFL102', 'dense', LAB[41]),
    42: ('autoawq/awq/models/mpt.py', 119, 'OFL201', 'model.transformer.wte', LAB[42]),
    43: ('bert4torch/bert4torch/layers/core.py', 135, 'OFL103', 'position_embeddings.weight', LAB[43]),
    44: ('bert4torch/bert4torch/layers/attention/attention_layer.py', 779, 'OFL102', 'relative_positions', LAB[44]),
    45: ('autoawq/awq/models/falcon.py', 107, 'OFL201', 'model.transformer.h[i].ln_attn', LAB[45]),
    46: ('autoawq/awq/models/mistral.py', 103, 'OFL201', 'model.model.layers', LAB[46]),
    47: ('hanlp/hanlp/layers/crf/crf.py', 329, 'OFL101', 'end_transitions', LAB[47]),
    48: ('bert4torch/bert4torch/models/minicpmv/resampler.py', 292, 'OFL103', 'out_proj.bias', LAB[48]),
    49: ('autoawq/awq/models/stablelm.py', 104, 'OFL201', 'model.model.layers', LAB[49]),
    50: ('autoawq/awq/models/stablelm.py', 135, 'OFL201', 'model.model.norm', LAB[50]),
    51: ('hanlp/hanlp/layers/crf/crf.py', 291, 'OFL101', 'start_transitions', LAB[51]),
    52: ('hanlp/hanlp/layers/embeddings/contextual_word_embedding.py', 74, 'OFL105', 'next(self.parameters())', LAB[52]),
    53: ('axolotl/src/axolotl/model_support/kimi_linear/modeling_kimi.py', 853, 'OFL104', 'gate.e_score_correction_bias', LAB[53]),
    54: ('bert4torch/bert4torch/layers/misc.py', 43, 'OFL104', 'emb_projs[i]', LAB[54]),
    55: ('petals/src/petals/models/llama/speculative_model.py', 49, 'OFL102', 'small_model.generate', LAB[55]),
    56: ('bert4torch/bert4torch/models/glm4v/visual.py', 54, 'OFL103', 'position_embedding.weight', LAB[56]),
    57: ('bert4torch/bert4torch/layers/attention/attention_layer.py', 385, 'OFL102', 'relative_positions_encoding', LAB[57]),
    58: ('bert4torch/bert4torch/layers/attention/attention_layer.py', 295, 'OFL102', 'layernorm', LAB[58]),
    59: ('petals/src/petals/models/llama/block.py', 122, 'OFL103', 'o_proj.weight', LAB[59]),
    60: ('deeppavlov/deeppavlov/models/torch_bert/torch_transformers_el_ranker.py', 149, 'OFL207', 'model', LAB[60]),
}

L = labels_of_rows(HERE, R, "/corp50/")

if __name__ == "__main__":
    write_labels(HERE, L)
