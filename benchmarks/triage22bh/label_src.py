"""Write benchmarks/triage22bh/labels.json (round bh; 60 rows drawn with seed 20307000 from the 129 shown findings of
twelve libraries, linter 19a36ab).

Standard of rounds x-bg (see triage22bg/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, configs, examples and tests use the class (training counts; a public
entry method counts as called); C when true only under a non-default option or on a template; false with a cause
letter otherwise. The offloaded object is the nn.Module a user holds: an OpenMMLab model built from a config
(`init_model(cfg)` / `MODELS.build(cfg.model)`, mmagic `MMagicInferencer`), a pyiqa metric (`pyiqa.create_metric`),
a torchtext RoBERTa / T5 bundle model, a HF model converted in place by modelopt (`mtsp.convert`), an example's
model. Quantization / NAS machinery (torchao observers / QAT / module-swap quantizers, aimet and modelopt quantizers,
nni one-shot supernet operations) is built and driven by the library's own prepare / calibrate / convert / search
flow, which places the model itself: AL (rounds bb / bf's GPTQModel / auto-round reading).

Letters, earlier rounds': AL a module the library builds and drives inside its own flow; AH a class judged as the
offload root that is only ever a block / child of another model whose forward runs it; AB code nothing calls; BB code
reached only under an option no config / doc / recipe sets; KA a weightless child; NF a class nobody's model (unit
tests, test utilities); F (round b) a slice of a ModuleList / Sequential resolved as an element. **New letter**: **TF**
a TensorFlow / Keras class (aimet's `aimet_tensorflow` Keras QcQuantizeWrapper, a `tf.keras.layers.Layer`) read as a
torch module: no torch offloading applies.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each Conv / Linear / Embedding on its own forward and groups every other parameter / buffer on its "
      "closest owning module's forward; the hooks replace the instance's `forward`, so torch forward pre-hooks run "
      "before the onload.) ")

MHA = ("nn.MultiheadAttention.forward passes `self.out_proj.weight` / `.bias` to F.multi_head_attention_forward and "
       "never calls `out_proj` (a NonDynamicallyQuantizableLinear, hooked on its own forward at leaf level), so at leaf "
       "level out_proj's weight stays on the offload device while the input is on the compute device. ")

SN = ("legacy torch.nn.utils.spectral_norm registers a forward pre-hook that recomputes the plain attribute `weight` "
      "from `weight_orig` / `u` / `v`; torch runs it before the instance forward diffusers wrapped, so at leaf level "
      "it computes an offload-device `weight` that the onload (which moves only parameters / buffers) never moves, "
      "and F.linear meets the compute-device input. ")

CLIPRN = ("pyiqa archs/clip_model.py AttentionPool2d (the RN50 CLIP's attnpool, ModifiedResNet :366) passes "
          "q_proj / k_proj / v_proj / c_proj weights and biases to F.multi_head_attention_forward without calling the "
          "Linears; at leaf level they stay offloaded. Reached: CLIPIQA's default backbone is 'RN50' "
          "(archs/clipiqa_arch.py:152; `pyiqa.create_metric('clipiqa')`). ")

AFINE = ("BB: pyiqa archs/afineclip_model.py AttentionPool2d is built only inside ModifiedResNet (:326), i.e. for an RN "
         "CLIP backbone; its only user, A-FINE (archs/afine_arch.py:304 / :317), loads `clip_backbone='ViT-B/32'` and "
         "no option / config in the tree passes an RN backbone. The torch fact would hold for an RN backbone. ")

AO_OBS = ("torchao observers are inserted by the library's own quantization flows (pt2e `prepare_pt2e` / "
          "`convert_pt2e`, the static-quant `insert_observers_` / `quantize_` tutorials) and their qparams are read by "
          "the convert step, which places the model itself; nobody group-offloads a model mid-calibration (round bb / "
          "bf's quantizer AL). Every operand of the read is the observer's own buffers, placed the same way. ")

NNI = ("nni one-shot NAS: the MixedOperation / supernet modules are created by the strategy (`DARTS` / `ENAS` / "
       "`RandomOneShot` mutate the user's model space inside `NasExperiment.run`) and frozen / exported by it "
       "(`freeze`, `export`, the strategy's `robust_default` / `grid` samplers); the user holds the search space, "
       "the strategy holds and drives the supernet. ")

EAGLE = ("modelopt speculative decoding: the user loads a HF model and converts it in place (`mtsp.convert(model, "
         "[('eagle', cfg)])`, examples/speculative_decoding/main.py), so the user holds HFEagleModel; "
         "pseudo_speculative_generate (plugins/transformers.py:922) is the public method AcceptanceRateValidation "
         "calls (speculative/utils.py:353). It runs the base model through `super().forward(...)` (:935), which skips "
         "the instance forward diffusers wrapped, so at block level nothing of the root's unmatched group (the base "
         "`model`, `lm_head`, the new `eagle_module`, `eagle_rotary_emb`) is ever onloaded. ")

R = {
 1: ('mmagic/mmagic/models/archs/linear_module.py', 57, 'OFL204', 'linear', F("BB", "mmagic LinearModule(with_spectral_norm=True) (models/archs/linear_module.py:57): its only in-tree builder is MultiLayerDiscriminator's fc (archs/multi_layer_disc.py:127); no config builds it with both an fc and spectral norm (configs/_base_/models/base_deepfillv1.py: fc_in_channels set, no spectral norm; base_deepfillv2.py:66-74: spectral norm, fc_in_channels=None). The torch fact holds when set.")),
 2: ('torchao/torchao/quantization/observer.py', 244, 'OFL101', 'zero_point', F("AL", AO_OBS + "quantization/observer.py:244 AffineQuantizedFixedQParamObserver.calculate_qparams returns its scale / zero_point buffers.")),
 3: ('nni/nni/nas/oneshot/pytorch/supermodule/operation.py', 729, 'OFL101', 'k_proj_weight', F("AL", NNI + "supermodule/operation.py:729 MixedMultiHeadAttention._freeze_weight_impl slices its own weights to build the frozen module.")),
 4: ('mmdetection3d/mmdet3d/models/layers/pointnet_modules/paconv_sa_module.py', 318, 'OFL203', 'mlps[i][i]', F("AH", "mmdet3d PAConvCUDASAModuleMSG (pointnet_modules/paconv_sa_module.py:318) is only ever an SA module of a PointNet2 / PAConv backbone (configs/_base_/models/paconv_ssg-cuda.py:6), itself a plain child of the segmentor the user builds; at block level the segmentor's plain children are in its unmatched group, onloaded by its forward (test_step -> _run_forward -> forward), which runs this line. The fact holds only were the SA module the offload root.")),
 5: ('mmagic/mmagic/models/editors/biggan/biggan_modules.py', 240, 'OFL204', 'gain', T("leaf", GO + SN + "mmagic BigGANConditionBN.gain (editors/biggan/biggan_modules.py:240, `spectral_norm(self.gain)` with sn_style='torch'), called in its forward; the BigGAN configs set sn_style='torch' (configs/biggan/biggan_2xb25-500kiters_cifar10-32x32.py:26, the biggan-deep cvt configs :27).")),
 6: ('torchao/test/prototype/test_prototype_float8_tensor.py', 81, 'OFL105', 'linear.weight', F("NF", "A unit test's toy model (torchao test/prototype/test_prototype_float8_tensor.py:81 ToyLinearSoftmaxModel.example_inputs, CUDA-only test).")),
 7: ('pyiqa/pyiqa/archs/topiq_arch.py', 126, 'OFL204', 'self_attn', T("leaf", GO + MHA + "pyiqa TOPIQ TransformerDecoderLayer.self_attn (archs/topiq_arch.py:126), a layer of CFANet (`pyiqa.create_metric('topiq_nr')`).")),
 8: ('aimet/TrainingExtensions/tensorflow/src/python/aimet_tensorflow/keras/quant_sim/qc_quantize_wrapper.py', 467, 'OFL201', '_layer_to_wrap.weights.[].assign', F("TF", "aimet_tensorflow/keras/quant_sim/qc_quantize_wrapper.py:467 QcQuantizeWrapper is a tf.keras.layers.Layer; `self._layer_to_wrap.weights[i].assign(...)` is Keras variable assignment: no torch module, no torch offloading.")),
 9: ('pyiqa/pyiqa/archs/topiq_arch.py', 127, 'OFL204', 'multihead_attn', T("leaf", GO + MHA + "pyiqa TOPIQ TransformerDecoderLayer.multihead_attn (archs/topiq_arch.py:127, called at :146).")),
 10: ('torchao/torchao/quantization/observer.py', 244, 'OFL101', 'scale', F("AL", AO_OBS + "As row 2 (scale).")),
 11: ('pyiqa/pyiqa/archs/topiq_arch.py', 89, 'OFL204', 'self_attn', T("leaf", GO + MHA + "pyiqa TOPIQ TransformerEncoderLayer.self_attn (archs/topiq_arch.py:89, called at :106).")),
 12: ('mmdetection3d/projects/NeRF-Det/nerfdet/nerf_utils/nerf_mlp.py', 268, 'OFL102', 'posi_encoder', F("AH", "mmdet3d NeRF-Det VanillaNeRF is only ever NerfDet's plain child `self.nerf_mlp` (projects/NeRF-Det/nerfdet/nerfdet.py:97); query_density is called from NerfDet.extract_feat (:311), inside NerfDet's forward (loss / predict via forward(mode=...)); at block level NerfDet's unmatched group holds nerf_mlp and is onloaded there. nerf_utils/nerf_mlp.py:268 posi_encoder.")),
 13: ('pyiqa/pyiqa/archs/afineclip_model.py', 285, 'OFL103', 'c_proj.bias', F("BB", AFINE + "afineclip_model.py:285 c_proj.bias.")),
 14: ('torchao/torchao/quantization/pt2e/observer.py', 399, 'OFL101', 'eps', F("AL", AO_OBS + "quantization/pt2e/observer.py:399 UniformQuantizationObserverBase._calculate_qparams, called by convert_pt2e through calculate_qparams.")),
 15: ('mmagic/mmagic/models/editors/biggan/biggan_deep_discriminator.py', 154, 'OFL204', 'decision', T("leaf", GO + SN + "mmagic BigGANDeepDiscriminator.decision (editors/biggan/biggan_deep_discriminator.py:154, sn_style='torch' in configs/biggan/biggan-deep_cvt-hugging-face-rgb_imagenet1k-128x128.py:39-41), called in its forward.")),
 16: ('pyiqa/pyiqa/archs/clip_model.py', 317, 'OFL103', 'c_proj.bias', T("leaf", GO + CLIPRN + "clip_model.py:317 c_proj.bias.")),
 17: ('pyiqa/pyiqa/archs/afineclip_model.py', 277, 'OFL103', 'v_proj.weight', F("BB", AFINE + "afineclip_model.py:277 v_proj.weight.")),
 18: ('mmaction2/projects/umt/models/vit.py', 78, 'OFL103', 'qkv.weight', T("leaf", GO + "mmaction2 projects/umt/models/vit.py:78 Attention.forward `F.linear(input=x, weight=self.qkv.weight, bias=qkv_bias)`: the qkv Linear is never called, so its leaf hook never onloads it; the UMT configs set qkv_bias=True (projects/umt/configs/umt-base-p16-res224_kinetics710-pre-ft_u8_k400-rgb.py:14), and the line runs either way.")),
 19: ('nni/nni/nas/oneshot/pytorch/supermodule/_singlepathnas.py', 179, 'OFL101', 't_expansion', F("AL", NNI + "supermodule/_singlepathnas.py:179 DifferentiableSuperConv2d.export (Single-Path NAS), called by the strategy's export.")),
 20: ('torchao/torchao/prototype/qat/mx.py', 220, 'OFL105', 'weight', F("AL", "torchao QAT: MXFakeQuantizedLinear.to_linear (prototype/qat/mx.py:220) is called by the QAT convert step (`quantize_(model, QATConfig(step='convert'))` swaps each fake-quantized module for a plain Linear built on the weight's own device and given the same weight): the library's flow; the new Linear and the weight it receives share a device (nothing mixed).")),
 21: ('modelopt/modelopt/torch/quantization/nn/modules/tensor_quantizer.py', 280, 'OFL101', '_amax', F("AB", "modelopt TensorQuantizer.step_size (quantization/nn/modules/tensor_quantizer.py:272-280) is a property nothing in the tree reads (`grep .step_size`); it returns `_amax / const` to a caller that does not exist. A public property: on a second reading (an outside caller mixing it with compute-device tensors) the fact would hold.", api=True)),
 22: ('torch-pruning/reproduce/engine/models/imagenet/vision_transformer.py', 103, 'OFL204', 'self_attention', T("leaf", GO + MHA + "Torch-Pruning reproduce/engine/models/imagenet/vision_transformer.py:103 EncoderBlock.self_attention (torchvision's ViT copy built by the reproduction scripts, reproduce/main_imagenet.py), called in EncoderBlock.forward.")),
 23: ('nni/nni/nas/oneshot/pytorch/supermodule/operation.py', 494, 'OFL101', 'bias', F("AL", NNI + "supermodule/operation.py:494 MixedBatchNorm2d.freeze_weight.")),
 24: ('modelopt/examples/llm_eval/modeling.py', 352, 'OFL202', 'model.generate', F("AL", "modelopt examples/llm_eval/modeling.py:352 LlamaModel.run: the eval harness's own wrapper builds the HF model in load() (:321 `LlamaForCausalLM.from_pretrained(..., device_map=...)`), places it and calls generate itself; the user holds the wrapper, no module (bf row 56's AL). Besides, the component finding cited (transformers generation/utils.py:2778) is on generate's continuous-batching branch this call does not take (rounds ax / av's BB).")),
 25: ('nni/test/ut/nas/strategy/test_sanity.py', 240, 'OFL105', 'linear.weight', F("NF", "A unit test's policy network (nni test/ut/nas/strategy/test_sanity.py:240 ActorNetwork.forward).")),
 26: ('torchtext/torchtext/models/roberta/modules.py', 123, 'OFL204', 'layers', T("leaf", GO + MHA + "torchtext models/roberta/modules.py:123 TransformerEncoder.layers = nn.TransformerEncoder(nn.TransformerEncoderLayer(...)); each layer's self_attn out_proj is read, never called (also on the fast path, which reads every weight); the user holds the bundle's model (`ROBERTA_BASE_ENCODER.get_model()`).")),
 27: ('nni/nni/nas/oneshot/pytorch/supermodule/operation.py', 722, 'OFL101', 'bias_k', F("AL", NNI + "As row 3 (operation.py:722 bias_k).")),
 28: ('mmagic/mmagic/models/editors/disco_diffusion/guider.py', 509, 'OFL105', 'next(self.parameters())', T("leaf", GO + "mmagic ImageTextGuider.device (editors/disco_diffusion/guider.py:509) is the first parameter's device; at leaf level it is the offload device, so compute_prompt_stats places `model_stat['weights']` there (:377-378), and cond_fn multiplies compute-device CLIP distances by it (:479 `dists.mul(model_stat['weights'])`): mismatch. Reached from DiscoDiffusion.infer (disco.py:199), the README's call (configs/disco_diffusion/README.md:86-94).")),
 29: ('mmaction2/mmaction/models/similarity/adapters.py', 45, 'OFL204', 'attn', F("BB", "mmaction2 ResidualAttentionBlock.attn (models/similarity/adapters.py:45) is built only by TransformerAdapter (:99); the only retrieval config uses SimpleMeanAdapter (configs/retrieval/clip4clip/clip4clip_vit-base-p32-res224-clip-pre_8xb16-u12-5e_msrvtt-9k-rgb.py:17). The MHA fact would hold were it built.")),
 30: ('nni/nni/nas/oneshot/pytorch/supermodule/operation.py', 731, 'OFL101', 'v_proj_weight', F("AL", NNI + "As row 3 (operation.py:731 v_proj_weight).")),
 31: ('torchao/torchao/quantization/pt2e/observer.py', 1116, 'OFL101', 'histogram', F("AL", AO_OBS + "quantization/pt2e/observer.py:1116 HistogramObserver._compute_quantization_error (from calculate_qparams at convert).")),
 32: ('torchao/torchao/quantization/pt2e/observer.py', 1469, 'OFL101', 'scale', F("AL", AO_OBS + "quantization/pt2e/observer.py:1469 FixedQParamsObserver.calculate_qparams.")),
 33: ('modelopt/modelopt/torch/quantization/plugins/huggingface.py', 239, 'OFL101', 'weight', F("AL", "modelopt HFParallelLinear._setup (quantization/plugins/huggingface.py:239) runs when mtq.quantize converts a tensor-parallel HF Linear (DynamicModule conversion): the library's convert flow; it reads only the DTensor weight's `placements` / `device_mesh` (metadata, not values).")),
 34: ('mmdetection3d/projects/NeRF-Det/nerfdet/nerf_utils/nerf_mlp.py', 269, 'OFL102', 'mlp.query_density', F("AH", "As row 12 (nerf_mlp.py:269 self.mlp.query_density).")),
 35: ('torchao/torchao/quantization/qat/linear.py', 122, 'OFL105', 'weight', F("AL", "torchao QAT FakeQuantizedLinear.to_linear (quantization/qat/linear.py:122): as row 20.")),
 36: ('nni/nni/nas/oneshot/pytorch/supermodule/differentiable.py', 176, 'OFL102', '_softmax', F("KA", "nni DifferentiableMixedInput._softmax is nn.Softmax (weightless); export_probs (supermodule/differentiable.py:176) applies it to `_arch_alpha` and moves the result to the CPU (`.cpu().tolist()`): no offloaded weight is reached through the call (and the supermodule is the strategy's, AL).")),
 37: ('modelopt/modelopt/torch/quantization/plugins/vllm.py', 218, 'OFL102', 'w13_weight_quantizer', F("AL", "modelopt's vLLM plugin (quantization/plugins/vllm.py:218 _QuantFusedMoEBase.fold_weight): the module is a vLLM FusedMoE layer quantized inside vLLM's own model runner, which places and drives it; no diffusers / accelerate offloading there.")),
 38: ('mmdetection3d/projects/NeRF-Det/nerfdet/nerf_utils/nerf_mlp.py', 178, 'OFL102', 'base', F("AH", "As row 12 (nerf_mlp.py:178, the inner MLP's query_density reached from VanillaNeRF.query_density).")),
 39: ('torchao/torchao/prototype/quantization/module_swap/quantized_modules.py', 31, 'OFL101', 'weight', F("AL", "torchao module_swap: quantized_weight (prototype/quantization/module_swap/quantized_modules.py:31) is read outside forward only by the library's range-setting routines (module_swap/range_setting_methods.py:36, `torch.abs(m.weight - m.quantized_weight)`), which calibrate the swapped model themselves; weight and quantizer are placed the same way.")),
 40: ('modelopt/modelopt/torch/speculative/plugins/transformers.py', 974, 'OFL102', 'eagle_rotary_emb', T("block", GO + EAGLE + "plugins/transformers.py:974 `self.eagle_rotary_emb(...)`: its inv_freq buffer stays offloaded while eagle_input_hidden_states is on the compute device.")),
 41: ('modelopt/modelopt/torch/speculative/plugins/transformers.py', 718, 'OFL102', 'eagle_module', T("block", GO + EAGLE + "plugins/transformers.py:718 _eagle_forward calls self.eagle_module(...), reached from pseudo_speculative_generate (:981).")),
 42: ('pyiqa/pyiqa/archs/clip_model.py', 310, 'OFL103', 'v_proj.bias', T("leaf", GO + CLIPRN + "clip_model.py:310 v_proj.bias (in the torch.cat of in_proj_bias).")),
 43: ('modelopt/modelopt/torch/speculative/plugins/transformers.py', 957, 'OFL102', 'eagle_module.fc', T("block", GO + EAGLE + "plugins/transformers.py:957 `self.eagle_module.fc(...)` (EAGLE-3, use_aux_hidden_state, the eagle3 default).")),
 44: ('nni/nni/nas/oneshot/pytorch/supermodule/_singlepathnas.py', 163, 'OFL101', 't_kernel', F("AL", NNI + "As row 19 (_singlepathnas.py:163 t_kernel).")),
 45: ('pyiqa/pyiqa/archs/clip_model.py', 307, 'OFL103', 'v_proj.weight', T("leaf", GO + CLIPRN + "clip_model.py:307 v_proj.weight.")),
 46: ('pyiqa/pyiqa/archs/afineclip_model.py', 279, 'OFL103', 'k_proj.bias', F("BB", AFINE + "afineclip_model.py:279 k_proj.bias.")),
 47: ('aimet/TrainingExtensions/torch/src/python/aimet_torch/v2/quantization/float/quantizer.py', 274, 'OFL105', 'maxval', F("AL", "aimet FloatQuantizeDequantize.compute_encodings (v2/quantization/float/quantizer.py:274) runs inside `sim.compute_encodings(callback)`, aimet's calibration flow on its QuantizationSimModel; the `.device` read is inside the forward_wrapper it installs as forward for that pass.")),
 48: ('pyiqa/pyiqa/archs/afineclip_model.py', 276, 'OFL103', 'k_proj.weight', F("BB", AFINE + "afineclip_model.py:276 k_proj.weight.")),
 49: ('torchao/torchao/prototype/quantization/module_swap/quantized_modules.py', 31, 'OFL102', 'weight_quantizer', F("AL", "As row 39 (the weight_quantizer call in quantized_weight).")),
 50: ('modelopt/modelopt/torch/quantization/plugins/vllm.py', 166, 'OFL102', 'w13_input_quantizer', F("AL", "As row 37 (plugins/vllm.py:166 invoke_fused_moe_quantized, called by vLLM's fused-MoE kernel path).")),
 51: ('modelopt/tests/_test_utils/torch/nas_prune/models.py', 2022, 'OFL203', 'main[i].main[i]', F("NF", "A test utility model (modelopt tests/_test_utils/torch/nas_prune/models.py:2022), built only by the NAS / pruning unit tests.")),
 52: ('torchao/torchao/quantization/pt2e/observer.py', 1097, 'OFL105', 'histogram', F("AL", AO_OBS + "pt2e/observer.py:1097 HistogramObserver._compute_quantization_error (`self.histogram.device`).")),
 53: ('mmaction2/mmaction/models/localizers/drn/drn_utils/FPN.py', 40, 'OFL203', 'inner_blocks[i][i]', F("F", "mmaction2 DRN FPN.forward (localizers/drn/drn_utils/FPN.py:33-40) iterates `zip(x[:-1][::-1], self.inner_blocks[:-1][::-1], ...)`: a slice of a slice of the ModuleList is a ModuleList, so `inner_block` is an element of inner_blocks (a conv_block Sequential, drn_utils/backbone.py:12), called through its own forward (a hooked block), not a layer inside one. FPN is besides only DRN's plain child (drn.py:103), so AH too.")),
 54: ('mmagic/mmagic/models/editors/disco_diffusion/disco.py', 112, 'OFL105', 'next(self.parameters())', T("leaf", GO + "mmagic DiscoDiffusion defines no forward; infer (editors/disco_diffusion/disco.py:115, the README's call) places the initial noise with `self.device` (:185 / :192), the first parameter's device = the offload device; at leaf level the unet's layers move their inputs but the guidance (cond_fn with init_image / the CLIP stats) mixes the CPU image with compute-device outputs. At block level nothing of the root's unmatched group (unet, guider) is ever onloaded, since the root's forward never runs.")),
 55: ('pyiqa/pyiqa/archs/clip_model.py', 306, 'OFL103', 'k_proj.weight', T("leaf", GO + CLIPRN + "clip_model.py:306 k_proj.weight.")),
 56: ('nni/nni/nas/hub/pytorch/modules/nasbench201.py', 86, 'OFL203', 'layers[i][i]', F("AH", "nni NasBench201Cell (nas/hub/pytorch/modules/nasbench201.py:86) is only ever an element of the hub model's `self.cells` ModuleList (nas/hub/pytorch/nasbench201.py:185-194): a block of its own at block level, onloaded whole (its nested layers included) on its forward.")),
 57: ('aimet/TrainingExtensions/tensorflow/src/python/aimet_tensorflow/keras/quant_sim/qc_quantize_wrapper.py', 385, 'OFL201', '_layer_to_wrap.weights.[].assign', F("TF", "As row 8 (qc_quantize_wrapper.py:385 _quantize_params, Keras).")),
 58: ('modelopt/examples/windows/accuracy_benchmark/modeling.py', 207, 'OFL207', 'model', F("AL", "modelopt examples/windows/accuracy_benchmark/modeling.py:207 AutoAWQCausalModel.load: the benchmark's own wrapper loads the AWQ model (:202) and places it (:207) for its own evaluation loop; the user holds the wrapper, no module (round bg's aurora foundry AL).")),
 59: ('modelopt/modelopt/torch/speculative/plugins/transformers.py', 992, 'OFL104', 'eagle_module.d2t', T("both", GO + EAGLE + "plugins/transformers.py:992 `draft_token += self.eagle_module.d2t[draft_token]` (EAGLE-3 with a reduced draft vocabulary, the eagle3 default): d2t is eagle_module's buffer, offloaded outside eagle_module's forward at leaf level too; indexing it with a compute-device index fails.")),
 60: ('mmaction2/mmaction/models/localizers/drn/drn_utils/FPN.py', 42, 'OFL203', 'layer_blocks[i][i]', F("F", "As row 53 (FPN.py:42 layer_block from `self.layer_blocks[:-1][::-1]`).")),
}


L = labels_of_rows(HERE, R, "/corp58/")

if __name__ == "__main__":
    write_labels(HERE, L)
