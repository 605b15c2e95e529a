"""Write benchmarks/triage22bb/labels.json (round bb; 60 rows drawn with seed 20301000 from the 127 shown findings of
twelve libraries, linter f615fc0).

Standard of rounds x-ba (see triage22ba/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, examples and tests use the class (a public method counts as
called; a line that would meet the hazard on its own counts even where an earlier line of the same cause fails
first); C when true only under a non-default option the library ships and documents (here: compel's "clip skip"
returned-embeddings type); false with a cause letter otherwise. The offloaded object is the nn.Module a user holds or
that a user-held object (a pipeline, a codec, an interface) holds as a component, as diffusers' pipelines hold theirs.

Letters, all earlier rounds': AL one-time set-up / conversion / work the library drives inside one call (here: GPTQModel's
quantization loop and its load-time kernel repacks, kaolin's skinning-module construction and baking, an example's own
training script); AT a training-only component (a GAN discriminator built only by the Lightning training experiment);
AH a class built only as a child judged as the root; BB code reached only by a path the library never runs; BM the
method is the module's forward through rebinding (HQQLinear.set_backend: `cls.forward = getattr(cls, backend.value)`);
KA a component call / attribute that reads no weight (a config dataclass, a str); NF a unit test's model; P where a
value's device comes from / where it goes (a device read that is the onload device inside the module's own forward,
or a cache key). No new letter.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, ConvTranspose, Linear, Embedding) on its own forward and groups a non-leaf "
      "module's own parameters / buffers on that module's forward; every hook moves its args / kwargs to the onload "
      "device; the hooks wrap the instance's `forward`, so torch forward pre-hooks run before the onload.) ")

TF_CLIP = (GO + "torch-fidelity exports FeatureExtractorCLIP (torch_fidelity/__init__.py:3); its ModifiedResNet's "
           "AttentionPool2d.forward (feature_extractor_clip.py:126) hands q_proj / k_proj / v_proj / c_proj's weight "
           "and bias to F.multi_head_attention_forward (:130-147) without calling the Linears: at leaf level each "
           "Linear is onloaded only inside its own forward, so these stay on the offload device while x is on the "
           "onload device. ")

TF_INC = (GO + "FeatureExtractorInceptionV3 (exported, torch_fidelity/__init__.py:2) computes the 'logits_unbiased' "
          "feature (the one ISC uses) as `x.mm(self.fc.weight.T)` (feature_extractor_inceptionv3.py:192) and adds "
          "`self.fc.bias` (:199) without calling self.fc: at leaf level the Linear's tensors stay offloaded. ")

TRK = (GO + "trankit: the Pipeline builds a Trainer per language whose Seq2SeqModel (layers/seq2seq.py:358, forward "
       ":470) does MWT expansion / lemmatization through Seq2SeqModel.predict / predict_greedy (:545 / :500), never "
       "forward; predict encodes with self.encoder (an LSTM) after zero_state put h0 / c0 on the GPU (:440-446) and "
       "embeds with self.embedding / pos_embedding. At block level these children (no ModuleList) sit in the root's "
       "group, onloaded only by Seq2SeqModel.forward. ")

GQ_LOOP = ("GPTQModel's quantization loop (quantize(): ModuleLooper, the per-layer GPTQ / RTN / ParoQuant processors) "
           "materializes and places every module itself (shell_module_materialize, move_to, its own offload_to_disk); "
           "nobody applies diffusers / accelerate group offloading to these quantization-time helpers. ")

KAO = ("kaolin simplicits: SimplicitsObject.create_with_rkpm (training.py:796-849) builds SimplicitsRKPM, moves it to "
       "the points' device, runs model.init(pts, ...) (fitting nodes / radii / eigenvectors) and hands it to the "
       "object, whose SkinnedPhysicsPoints.from_skinning_mod (training.py:400-419) bakes skinning weights and dwdx "
       "once; the simulation then uses the baked tensors. Set-up inside one library call, before anything could be "
       "offloaded. ")

OUT_AH = ("outetts: the vendored Encodec EncodecModel (wav_tokenizer/encoder/model.py) is built only as a child of "
          "EncodecFeatures (decoder/feature_extractors.py:71-80, inside WavEncoder); outetts' inference path is "
          "WavEncoder.forward -> EncodecFeatures.infer -> encodec.encoder(...) and quantizer.infer -> self.vq(...) "
          "(vq.py:138), all module calls. EncodecModel's own encode / decode / forward (:140-191), which reach "
          "_encode_frame / _decode_frame and the quantizers' encode / decode, are never run by outetts. As the root "
          "of a block-level offload EncodecModel is judged in a place it never holds. ")

HQQ_BM = ("hqq: HQQLinear.__init__ calls self.set_backend(HQQLinear.backend) (core/quantize.py:416), and set_backend does "
          "`cls.forward = getattr(cls, backend.value)` (:512): forward IS forward_pytorch / forward_aten / ... at run "
          "time, so diffusers' hook wraps it and onloads W_q / scale / zero (HQQLinear's own Parameters / buffers, "
          "grouped on its forward at leaf level) before dequantize runs. ")

R = {
    1: ("torch-fidelity/torch_fidelity/feature_extractor_clip.py", 146, "OFL103", "c_proj.bias", T("leaf", TF_CLIP)),
    2: ("trankit/trankit/layers/seq2seq.py", 453, "OFL102", "encoder", T(
        "block", TRK + "encode (:448) calls self.encoder with the GPU inputs / states outside forward.")),
    3: ("gptqmodel/gptqmodel/quantization/paroquant/optimization.py", 939, "OFL101", "pairs", F(
        "AL", GQ_LOOP + "_ParoQuantOptimLinear is ParoQuant's optimization-time stand-in for a layer being quantized "
                        "(paroquant/optimization.py), built and stepped by the quantizer.")),
    4: ("gptqmodel/gptqmodel/looper/module_looper.py", 1434, "OFL201", "gptq_model.quantize_config.dynamic_get", F(
        "KA", "ModuleLooper (looper/module_looper.py:162, a plain class) calls gptq_model.quantize_config.dynamic_get: "
              "quantize_config is the QuantizeConfig dataclass (quantization/config.py:2761 dynamic_get), no module, "
              "no weight.")),
    5: ("torch-fidelity/torch_fidelity/feature_extractor_clip.py", 145, "OFL103", "c_proj.weight", T("leaf", TF_CLIP)),
    6: ("outetts/outetts/wav_tokenizer/encoder/quantization/core_vq.py", 419, "OFL102", "layers[i].decode", F(
        "AH", OUT_AH + "LanguageVectorQuantization.decode (:415) is reached only from EncodecModel._decode_frame.")),
    7: ("torch-fidelity/torch_fidelity/feature_extractor_clip.py", 138, "OFL103", "v_proj.weight", T("leaf", TF_CLIP)),
    8: ("gptqmodel/gptqmodel/nn_modules/qlinear/torch_int8.py", 186, "OFL105", "qweight", F(
        "AL", "TorchInt8Linear.post_init (nn_modules/qlinear/torch_int8.py:151) is the one-time load conversion "
              "(transform_cpu -> dequantize_weight -> _ensure_unpack_buffers), run when the quantized model is "
              "loaded, before anything is offloaded; the GPTQ buffers are then dropped (:156-157). A CPU int8 "
              "kernel.")),
    9: ("gptqmodel/gptqmodel/nn_modules/qlinear/torch_int8.py", 219, "OFL101", "qzeros", F("AL", "As row 8.")),
    10: ("hqq/hqq/core/quantize.py", 840, "OFL101", "W_q", F(
        "AL", "HQQLinear.unpack (core/quantize.py:836) returns W_q unpacked on W_q's own device (nothing mixed); its "
              "callers are the backend conversions run once at load (backends/marlin.py:96, backends/bitblas.py:64, "
              "utils/vllm.py:428 / :534), which repack the layer for another kernel before use.")),
    11: ("outetts/outetts/wav_tokenizer/encoder/quantization/core_vq.py", 189, "OFL101", "embed", F(
        "BB", OUT_AH + "EuclideanCodebook.dequantize (:188) is reached from VectorQuantization.decode, which only "
              "EncodecModel's unused encode / decode chain calls; on the inference path the codebook runs through "
              "its own forward (:206, called as self._codebook(x) at :299).")),
    12: ("kaolin/kaolin/physics/simplicits/network.py", 89, "OFL101", "bb_max", F(
        "AL", KAO + "compute_dwdx (network.py:80) is the baking step.")),
    13: ("kaolin/kaolin/physics/simplicits/rkpm.py", 368, "OFL101", "nodes", F(
        "AL", KAO + "RKPM.dfunc_dx is reached from get_hessian_matrix (rkpm.py:222), called only by init (:180).")),
    14: ("gptqmodel/gptqmodel/quantization/quantizer.py", 30, "OFL205", "", F(
        "AL", GQ_LOOP + "Quantizer (quantization/quantizer.py:30) is the GPTQ / RTN per-layer scale-zero helper "
              "(rtn.py:52, gptq.py:297), built and used inside quantize().")),
    15: ("hqq/hqq/core/quantize.py", 932, "OFL101", "W_q", F(
        "BM", HQQ_BM + "dequantize_aten (:907) is reached from forward_aten / forward_aten_backprop, i.e. forward.")),
    16: ("torch-fidelity/torch_fidelity/feature_extractor_clip.py", 140, "OFL103", "v_proj.bias", T("leaf", TF_CLIP)),
    17: ("outetts/outetts/wav_tokenizer/encoder/model.py", 183, "OFL102", "quantizer.decode", F("AH", OUT_AH)),
    18: ("gptqmodel/gptqmodel/nn_modules/qlinear/bitblas.py", 578, "OFL101", "qzeros", F(
        "AL", "BitblasBaseQuantLinear.list_buffers is read by _load_bitblas_quant_state (bitblas.py:697), called "
              "from the repack of a GPTQ module into the BitBLAS layout (:810-822): a load-time conversion.")),
    19: ("kaolin/kaolin/physics/simplicits/rkpm.py", 461, "OFL101", "nodes", F("AL", KAO + "As row 13 (grad_phi).")),
    20: ("outetts/outetts/wav_tokenizer/decoder/discriminators.py", 156, "OFL204", "convs", F(
        "AT", "DiscriminatorR (wav_tokenizer/decoder/discriminators.py) is a GAN discriminator of WavTokenizer's "
              "training, built only by the vendored Lightning experiment (decoder/experiment.py); outetts' "
              "inference (AudioCodec, the interfaces) never builds it. The legacy weight_norm mechanism is real.")),
    21: ("trankit/trankit/models/mwt_model.py", 64, "OFL202", "model.predict", T(
        "block", TRK + "Trainer.predict (models/mwt_model.py:58) is the Pipeline's MWT expansion call.")),
    22: ("outetts/outetts/wav_tokenizer/decoder/discriminator_dac.py", 30, "OFL204", "band_convs", F(
        "AT", "As row 20 (MRD, the DAC multi-resolution discriminator).")),
    23: ("outetts/outetts/wav_tokenizer/audio_codec.py", 81, "OFL202", "decoder.codes_to_features", T(
        "block+leaf", GO + "outetts' AudioCodec (wav_tokenizer/audio_codec.py:10, built by the interfaces and by "
        "examples/training/OuteTTS-0.3/data_creation_example.py:21) decodes with "
        "self.decoder.codes_to_features(codes) (:81), and WavDecoder.codes_to_features (model.py:142-151) does "
        "F.embedding(device indices, self.codebook_weights), a WavDecoder root buffer (model.py:77) onloaded only by "
        "WavDecoder.forward at either level.")),
    24: ("gptqmodel/gptqmodel/quantization/quantizer.py", 188, "OFL101", "scale", F("AL", GQ_LOOP + "As row 14.")),
    25: ("hqq/hqq/core/quantize.py", 846, "OFL101", "W_q", F(
        "BM", HQQ_BM + "dequantize (:846) is reached from forward_pytorch_backprop(_compile), i.e. forward.")),
    26: ("outetts/outetts/wav_tokenizer/encoder/quantization/core_vq.py", 176, "OFL101", "embed", F(
        "BB", OUT_AH + "EuclideanCodebook.quantize (:174) is reached from VectorQuantization.encode only; the "
              "inference path quantizes inside EuclideanCodebook.forward (:206-212).")),
    27: ("kaolin/kaolin/physics/simplicits/rkpm.py", 263, "OFL101", "evecs", F(
        "AL", KAO + "SimplicitsRKPM.grad (rkpm.py:250) is reached from compute_dwdx, the baking step.")),
    28: ("gptqmodel/gptqmodel/quantization/paroquant/optimization.py", 1016, "OFL104", "quantizer.zero_point_float", F(
        "AL", GQ_LOOP + "As row 3 (_export_runtime_state, the ParoQuant export after optimization).")),
    29: ("torch-fidelity/examples/sngan_cifar10.py", 51, "OFL204", "conv4", F(
        "AL", "The example's own SNGAN Discriminator, built and trained in the script (examples/sngan_cifar10.py:108 "
              "`D = Discriminator(...).to(device).train()`, loop :124): a module a script builds and drives in one "
              "process. The legacy spectral_norm mechanism is real.")),
    30: ("gptqmodel/gptqmodel/nn_modules/qlinear/torch_int8.py", 233, "OFL101", "scales", F("AL", "As row 8.")),
    31: ("torch-fidelity/examples/sngan_cifar10.py", 48, "OFL204", "conv1", F("AL", "As row 29.")),
    32: ("gptqmodel/gptqmodel/nn_modules/qlinear/torch.py", 466, "OFL105", "qzeros", F(
        "P", "TorchLinear._stream_decode_qzeros (nn_modules/qlinear/torch.py:465) reads qzeros.device only as a cache "
             "key (with data_ptr, so a re-onload recomputes); it runs from _forward_streaming / "
             "_dequantize_weight_cached_248 inside forward (:302-360), where TorchLinear's own buffers are onloaded "
             "(leaf level groups them on its forward); from the public dequantize_weight() outside forward every "
             "tensor is on the offload device together, nothing mixed.")),
    33: ("kaolin/kaolin/physics/simplicits/network.py", 89, "OFL101", "bb_min", F("AL", KAO + "As row 12.")),
    34: ("outetts/outetts/wav_tokenizer/encoder/model.py", 161, "OFL102", "encoder", F("AH", OUT_AH)),
    35: ("outetts/outetts/wav_tokenizer/decoder/discriminators.py", 67, "OFL204", "conv_post", F(
        "AT", "As row 20 (DiscriminatorP).")),
    36: ("hqq/hqq/core/quantize.py", 387, "OFL205", "", F(
        "BM", HQQ_BM + "'defines no forward()' is wrong: forward is set on the class at construction.")),
    37: ("gptqmodel/gptqmodel/looper/module_looper.py", 852, "OFL201",
         "gptq_model.quantize_config.moe_routing_bypass", F(
        "KA", "As row 4 (QuantizeConfig.moe_routing_bypass, quantization/config.py:3136: a config method).")),
    38: ("outetts/outetts/wav_tokenizer/encoder/quantization/core_vq.py", 289, "OFL102", "_codebook.decode", F(
        "AH", OUT_AH + "VectorQuantization.decode (:288) is called only by the residual quantizers' encode / decode "
              "(:353, :362, :410, :419).")),
    39: ("gptqmodel/gptqmodel/quantization/quantizer.py", 207, "OFL101", "zero", F("AL", GQ_LOOP + "As row 14.")),
    40: ("outetts/outetts/wav_tokenizer/encoder/model.py", 162, "OFL102", "quantizer.encode", F("AH", OUT_AH)),
    41: ("kaolin/kaolin/physics/simplicits/rkpm.py", 163, "OFL102", "rkpm.set_kernels", F(
        "AL", KAO + "SimplicitsRKPM.init (rkpm.py:104) is the fitting step itself.")),
    42: ("gptqmodel/gptqmodel/nn_modules/qlinear/torch_int8.py", 226, "OFL101", "qweight", F("AL", "As row 8.")),
    43: ("outetts/outetts/wav_tokenizer/encoder/modules/conv.py", 28, "OFL204", "conv", T(
        "leaf", GO + "apply_parametrization_norm (encoder/modules/conv.py:25-28) applies the legacy "
        "torch.nn.utils.weight_norm (imported :16), whose forward pre-hook computes `weight` from weight_g / weight_v "
        "before the offload hook onloads them; EncodecFeatures builds its SEANetEncoder with norm='weight_norm' "
        "(decoder/feature_extractors.py:71), on outetts' inference path (WavEncoder.forward -> "
        "EncodecFeatures.infer -> self.encodec.encoder(audio), :135). The computed weight stays on the offload "
        "device; nothing removes the weight norm at load.")),
    44: ("gptqmodel/gptqmodel/quantization/paroquant/optimization.py", 1014, "OFL104", "quantizer.scale", F(
        "AL", GQ_LOOP + "As row 28.")),
    45: ("gptqmodel/gptqmodel/looper/module_looper.py", 1527, "OFL201", "gptq_model.lm_head.split", F(
        "KA", "BaseQModel.lm_head is the str 'lm_head' (models/base.py:182); `.split('.')` (looper/module_looper.py:1527) "
              "is str.split, no weight.")),
    46: ("torch-fidelity/examples/sngan_cifar10.py", 53, "OFL204", "conv6", F("AL", "As row 29.")),
    47: ("torch-fidelity/examples/sngan_cifar10.py", 55, "OFL204", "fc", F("AL", "As row 29.")),
    48: ("trankit/trankit/layers/seq2seq.py", 502, "OFL102", "embedding", T(
        "block", TRK + "predict_greedy (:500) embeds with self.embedding / pos_embedding outside forward.")),
    49: ("gptqmodel/gptqmodel/nn_modules/qlinear/gguf.py", 887, "OFL105", "qweight", F(
        "P", "GGUFTorchLinear._resolve_dequant_target (nn_modules/qlinear/gguf.py:881) falls back to qweight.device "
             "only when no device is given; the layer's forward passes device=x_flat.device (:1156), and the public "
             "dequantize_weight() with no device keeps every tensor on the offload device together.")),
    50: ("trankit/trankit/layers/seq2seq.py", 550, "OFL102", "embedding", T(
        "block", TRK + "predict (:545, beam search) embeds with self.embedding / pos_embedding outside forward.")),
    51: ("gptqmodel/gptqmodel/quantization/paroquant/optimization.py", 1008, "OFL102", "quantizer.pack_params", F(
        "AL", GQ_LOOP + "As row 28.")),
    52: ("torch-fidelity/torch_fidelity/feature_extractor_inceptionv3.py", 192, "OFL103", "fc.weight", T("leaf", TF_INC)),
    53: ("hqq/tests/test_quantize.py", 136, "OFL201", "m.weight.numel", F(
        "NF", "A unit test (hqq/tests/test_quantize.py): self.m is the test's Linear; .numel() reads no data either.")),
    54: ("compel/src/compel/embeddings_provider.py", 550, "OFL201", "text_encoder.text_model.final_layer_norm", U(
        "block", GO + "compel with a diffusers pipeline (pipe.enable_group_offload offloads text_encoder, a "
        "CLIPTextModel): with returned_embeddings_type=PENULTIMATE_HIDDEN_STATES_NORMALIZED (\"clip skip\", "
        "documented in README.md:251 / doc/compel.md:66, not the default) _encode_token_ids_to_embeddings calls "
        "self.text_encoder.text_model.final_layer_norm(...) (embeddings_provider.py:550) after the text encoder's "
        "forward returned; at block level text_model (no ModuleList) is in CLIPTextModel's root group, offloaded "
        "again after that forward, so the LayerNorm's weights are on the offload device. True only under that "
        "option: C.")),
    55: ("trankit/trankit/models/lemma_model.py", 123, "OFL202", "model.predict", T(
        "block", TRK + "Trainer.predict (models/lemma_model.py) is the Pipeline's lemmatizer call.")),
    56: ("torch-fidelity/torch_fidelity/feature_extractor_inceptionv3.py", 199, "OFL103", "fc.bias", T("leaf", TF_INC)),
    57: ("gptqmodel/gptqmodel/nn_modules/qlinear/torch.py", 485, "OFL105", "g_idx", F(
        "P", "TorchLinear._stream_g_idx_long (nn_modules/qlinear/torch.py:480) picks target_device = qweight.device "
             "(or g_idx.device) and caches g_idx there; it runs inside forward (_forward_streaming :360, "
             "_forward_eager -> dequantize_weight -> _dequantize_weight_cached_248 :703), where TorchLinear's own "
             "buffers are onloaded, so the device is the onload device; the cache is re-keyed by device (:490). "
             "Outside forward (public dequantize_weight) everything is on the offload device together; _prefetch "
             "returns early when the buffers are not on CUDA (:636-638).")),
    58: ("llm-compressor/src/llmcompressor/modeling/deepseekv32/model.py", 498, "OFL103", "kv_b_proj.weight", T(
        "leaf", GO + "llm-compressor's DeepSeek-V3.2 model (modeling/deepseekv32/model.py, used by "
        "examples/disk_offloading/deepseek_v32_example.py): MLA.forward's MQA decode branch (mask None, seqlen 1: "
        ":862) reads self.kv_b_proj.weight (:498 / :501) for an einsum with the query instead of calling "
        "kv_b_proj; at leaf level that weight stays on the offload device. Reached on any generation step "
        "(calibration prefill takes the MHA branch, :473-475, which calls the module).")),
    59: ("gptqmodel/gptqmodel/nn_modules/qlinear/torch.py", 483, "OFL105", "qweight", F("P", "As row 57.")),
    60: ("gptqmodel/gptqmodel/nn_modules/qlinear/torch.py", 703, "OFL105", "qweight", F(
        "P", "As row 57 (_dequantize_weight_cached_248 :700, inside forward through _forward_eager).")),
}

L = labels_of_rows(HERE, R, "/corp52/")

if __name__ == "__main__":
    write_labels(HERE, L)
