"""Write benchmarks/triage22bf/labels.json (round bf; 60 rows drawn with seed 20305000 from the 122 shown findings of
twelve libraries, linter 01b7113).

Standard of rounds x-be (see triage22bd/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
public entry method counts as called); C when true only under a non-default option the library ships or documents;
false with a cause letter otherwise. The offloaded object is the nn.Module a user holds: a ptlflow model
(`ptlflow.get_model(...)`, called directly for inference), TableFormerV2 (`TableFormerV2.from_pretrained`, then
`generate`, tests/test_tableformer_v2.py:292), a brevitas model holding brevitas layers, a VideoSys pipeline's
components (`pipe.vae`, `pipe.transformer`: DiffusionPipeline subclasses whose own `cpu_offload` option offloads
exactly these), sockeye models from `load_models` handed to the Translator. Library-driven work is AL, as rounds
bb / bd / be: auto-round's `quantize()` loop (wrappers it builds and places itself), docling's predictors
(TFPredictor / CodeFormulaPredictor build, place and drive the model), sdkit's `load_model(context, ...)` +
`apply_filters` (the library places the model on `context.torch_device`), sockeye-train's trainer, brevitas' export
managers and example scripts, and constructor-time code (runs before any offloading can be applied, as earlier
rounds' `_prune_heads` row).

Letters, all earlier rounds' (no new letter): AL a module the library builds and drives inside one call (or
constructor-time code); AB code nothing calls / a module nothing imports; AH a class built only as a child judged as
the root; BB code never reached on any documented path / shipped config; KA calls that read no weight; P where a
value's device comes from / where it goes (every operand on one device, or moved there before use); AX a legacy
weight_norm that the only inference path removes before running.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, Linear, Embedding, LayerNorm, ...) on its own forward and groups any other "
      "module's own parameters / buffers on that module's forward.) ")

SDKIT = ("sdkit builds and places CodeFormer itself (models/model_loader/codeformer/__init__.py:27-32, "
         "`model.to(context.torch_device)`) and drives it inside `apply_filters(context, 'codeformer', ...)` "
         "(filter/codeformer/__init__.py:77); the user holds a Context, no nn.Module (README: load_model / "
         "generate_images / apply_filters). The torch fact is right were the model held and offloaded. ")
AR_AL = ("auto-round's quantization wrappers are built by the compressor around each layer of the block it is "
         "tuning and driven by its own `quantize()` loop, which places every block itself (round bb's GPTQModel / "
         "llm-compressor AL): nothing is offloaded there. ")
DOC_AL = ("docling-ibm-models' TableFormer v1 is built, placed and driven by TFPredictor "
          "(tableformer/data_management/tf_predictor.py:181 `TableModel04_rs(self._config, self._init_data, "
          "self._device)`, then `self._model.predict(...)`); docling users hold the predictor, not the nn.Module. ")
MEMP = ("ptlflow models/memflow/MemFlowNet/MemFlow_P.py is imported by nothing (grep `MemFlow_P`: no hit; memflow.py:11 "
        "imports MemFlowNet from MemFlowNet/MemFlow.py): its MemFlowNet is never built. ")
VS_BB = ("the `norm_type != 'ada_norm_single'` branch (a copy of diffusers' Transformer2DModel output head): the "
         "checkpoints VideoSys loads (Latte-1, Open-Sora-Plan v1.1 / v1.2) are configured with norm_type "
         "'ada_norm_single', so the `elif` branch runs and `transformer_blocks[0].norm1.emb` is never called. ")
SPAN_KA = ("span_marker Trainer.preprocess_dataset calls `self.model.model_card_data.set_...(...)`: model_card_data is "
           "SpanMarkerModelCardData, a dataclass (model_card.py), not an nn.Module; the call records dataset "
           "statistics for the model card and reads no weight. ")
SOCK_TRAIN = ("sockeye layers.py: the fused F.multi_head_attention_forward branch runs only `if self.training` "
              "(the comment: 'use fused multi-head attention op during training'); in eval the `else` branch calls "
              "the Linears (`self.ff_q(queries)`, `self.ff_kv(...)`, `self.ff_in(inputs)`). Training is "
              "sockeye-train's own loop (train.py builds the model and EarlyStoppingTrainer drives it), nothing a "
              "user offloads. ")

R = {
    1: ("sdkit/sdkit/models/model_loader/codeformer/codeformer_arch.py", 103, "OFL204", "self_attn", F(
        "AL", SDKIT + "TransformerSALayer's nn.MultiheadAttention.")),
    2: ("ptlflow/ptlflow/models/lcv/corr_lcv.py", 21, "OFL101", "raw_P", T(
        "leaf", GO + "LCV_RAFT.forward calls `self.corr_block.compute_cost_volume(fmap1, fmap2)` (lcv_raft.py:147) "
        "before the block's own forward (`self.corr_block(corr_pyramid, coords)` later): LearnableCorrBlock's own "
        "raw_P / raw_D / eye are grouped on its forward, so here they sit on the CPU; W (built from raw_P) meets the "
        "device fmap1 in `torch.tensordot(fmap1, self.W, ...)` (corr_lcv.py:36).")),
    3: ("videosys/videosys/models/autoencoders/autoencoder_kl_open_sora_plan_v110.py", 490, "OFL102", "decoder", T(
        "block", GO + "CausalVAEModelWrapper.decode (:812) is a public method of the VAE the Open-Sora-Plan pipeline "
        "holds as `vae` (pipeline_open_sora_plan.py:288); called directly, the wrapper's unmatched group (its `vae`, "
        "with decoder) is not onloaded. Label risk: the pipeline itself calls `self.vae(latents)` "
        "(pipeline_open_sora_plan.py:1185), i.e. forward, which returns self.decode(x) (:831) and onloads.")),
    4: ("auto-round/auto_round/auto_scheme/delta_loss.py", 371, "OFL101", "qdq_w", F(
        "AL", AR_AL + "AutoSchemeWrapperLinearForGGUFK (AutoScheme's scoring wrapper).")),
    5: ("ptlflow/ptlflow/models/lcv/corr_lcv.py", 29, "OFL101", "raw_D", T(
        "leaf", GO + "As row 2: `torch.atan(self.raw_D)` -> D -> W, which meets the device fmap1 at :36.")),
    6: ("ptlflow/ptlflow/models/memflow/memflow.py", 246, "OFL104", "network.update_block.aggregator.gamma", T(
        "leaf", GO + "MemFlow.forward multiplies `self.network.update_block.aggregator.gamma` (a shape-[1] Parameter "
        "of GMA's Aggregate, MemFlowNet/gma.py:102) with the device memory_readout outside the aggregator's forward: "
        "at leaf level the Aggregate's own gamma is onloaded only in its forward (and offloaded again after it), so "
        "a CPU 1-element (not 0-dim) tensor meets a device tensor.")),
    7: ("brevitas/src/brevitas_examples/text_to_speech/utilities/stft.py", 107, "OFL101", "forward_basis", F(
        "AL", "TacotronSTFT is built only by the MelGAN example's preprocess_dataset.py (:14) to compute mel "
        "spectrograms of the dataset on the CPU; nothing offloads a feature extractor a script builds and uses.")),
    8: ("ptlflow/ptlflow/models/craft/setrans_ablation.py", 255, "OFL103", "first_linear.weight", F(
        "AB", "MultiHeadFeatTrans.add_identity_bias is called by nothing: the only caller, setrans.py:217-219 "
        "(applied in CrossAttFeatTrans.__init__, :540), handles CrossAttFeatTrans / ExpandedFeatTrans only; and it is "
        "a constructor-time weight init in any case.")),
    9: ("brevitas/src/brevitas_examples/common/svd_quant.py", 29, "OFL105", "layer.weight", F(
        "P", "ErrorCorrectedModule.forward reads `self.layer.weight.device` only to move the layer back where it "
        "was after moving it (and the correction) to `x.device` for the call (:30-35): the call runs with every "
        "operand on the input's device; the device read places nothing that meets a device tensor.")),
    10: ("ptlflow/ptlflow/models/flowseek/depth_anything_v2/dinov2.py", 355, "OFL102", "norm", F(
        "AH", "DinoVisionTransformer is built only as DepthAnythingV2's `pretrained` child inside FlowSeek; "
        "get_intermediate_layers is called from DepthAnythingV2 (dpt.py:207) inside FlowSeek.forward, where the "
        "whole non-list subtree sits in the root's group, onloaded. The finding takes the DINO as the root.")),
    11: ("brevitas/src/brevitas/nn/mixin/parameter.py", 51, "OFL105", "weight", F(
        "P", "`weights_to_quantize = self.weight_orig.to(self.weight.device)` (only when weight quant is disabled and "
        "a weight_orig exists): weight and weight_orig are the same module's own parameters, in one group, so the "
        "device read moves weight_orig onto the device where weight already is; nothing is placed against a device "
        "tensor by it.")),
    12: ("brevitas/src/brevitas/export/shark/handler.py", 199, "OFL104", "module.weight", F(
        "AL", "SharkLinearQuant is an export handler: brevitas' SharkManager swaps it in during export "
        "(brevitas_examples/llm/main.py:164, `--export-target shark`) and runs it on the model under export; the "
        "handler handles offloaded parameters itself (`module.offload_params(module)`, handler.py:191). Library-driven "
        "export, nothing a user offloads with diffusers' hooks.")),
    13: ("ptlflow/ptlflow/models/memflow/MemFlowNet/MemFlow_P.py", 87, "OFL102", "fnet", F("AB", MEMP)),
    14: ("docling-ibm-models/docling_ibm_models/tableformer/models/table04_rs/bbox_decoder_rs.py", 130, "OFL102",
         "_input_filter", F("AL", DOC_AL + "BBoxDecoder.inference from TableModel04_rs.predict.")),
    15: ("docling-ibm-models/docling_ibm_models/tableformer_v2/model.py", 389, "OFL204", "self_attn", T(
        "leaf", GO + "TableFormerV2 (a PreTrainedModel users load with from_pretrained and call generate, "
        "tests/test_tableformer_v2.py:292): BboxDecoderLayer.forward calls `self.self_attn(...)` (:421), an "
        "nn.MultiheadAttention that passes out_proj.weight to F.multi_head_attention_forward without calling "
        "out_proj: at leaf level out_proj stays offloaded (rounds be / bd, confirmed at runtime there).")),
    16: ("ptlflow/ptlflow/models/flowseek/depth_anything_v2/dinov2_layers/block.py", 249, "OFL104", "ls1.gamma", F(
        "BB", "NestedTensorBlock.forward_nested's stochastic-depth branch runs only `if self.training and "
        "self.sample_drop_ratio > 0.0` on list inputs (DINOv2's multi-crop pre-training, xformers attn_bias); FlowSeek "
        "runs the frozen Depth-Anything DINO on tensors (forward -> the Tensor branch).")),
    17: ("brevitas/src/brevitas/nn/quant_rnn.py", 986, "OFL203", "layers[i][i]", F(
        "AH", "QuantLSTM is a layer (brevitas.nn) built as a child of the user's model: as a non-list child its "
        "subtree sits in the root's group, as an element of the root's ModuleList its own forward onloads the block; "
        "only with QuantLSTM itself as the offload root would the inner ModuleLists (`self.layers = "
        "nn.ModuleList(layers)`, :839, of per-direction lists) be hooked on a forward nothing runs.")),
    18: ("videosys/videosys/models/autoencoders/autoencoder_kl_open_sora.py", 677, "OFL101", "scale", F(
        "P", "VideoAutoencoderPipeline.decode first moves both buffers to the latents' device (`self.scale = "
        "self.scale.to(device)`, `self.shift = ...`, :673-675, device = z.device) and only then multiplies; the "
        "pipeline calls it through forward (`self.vae(samples, decode_only=True)`, pipeline_open_sora.py:638).")),
    19: ("auto-round/auto_round/utils/bagel_loader.py", 205, "OFL105", "next(self.parameters())", F(
        "AL", "BagelForQuantization is built by auto-round's own loader (`load_bagel_model`, called from "
        "utils/model.py:435 / :737 when AutoRound is given a BAGEL path) and quantized by its `quantize()` loop, which "
        "places blocks itself; nothing offloads it. The torch fact is right (recall H1).")),
    20: ("videosys/videosys/models/transformers/open_sora_plan_v110_transformer_3d.py", 2732, "OFL203",
         "transformer_blocks[i].norm1.emb", F("BB", VS_BB)),
    21: ("docling-ibm-models/docling_ibm_models/tableformer/models/table04_rs/bbox_decoder_rs.py", 148, "OFL102",
         "_f_beta", F("AL", DOC_AL + "As row 14.")),
    22: ("videosys/videosys/models/autoencoders/autoencoder_kl_open_sora.py", 670, "OFL101", "shift", T(
        "block, leaf", GO + "VideoAutoencoderPipeline.encode (public; reached by the pipeline's reference "
        "conditioning, `vae.encode(...)` in collect_references_batch, pipeline_open_sora.py:746, and :858) computes "
        "`(z - self.shift) / self.scale` outside forward: the root's own buffers (shape [1, C, 1, 1, 1] for the "
        "shipped list-valued shift / scale, :644-649) are onloaded only by its forward, and z comes from the device "
        "(leaf hooks move the spatial VAE's inputs).")),
    23: ("auto-round/auto_round/experimental/qmodules/nvfp4.py", 179, "OFL101", "weight_packed", F(
        "P", "NVFP4QuantLinear.dequant_weight_online from the `weight` property (:183-186) combines only the "
        "module's own buffers (weight_packed, weight_scale, weight_global_scale, one group): every operand on one "
        "device, no device tensor met; forward recomputes from the onloaded buffers and never uses the cached "
        "weight.")),
    24: ("auto-round/auto_round/experimental/qmodules/mx.py", 203, "OFL101", "weight", F(
        "AB", "MXFP4QuantLinear.pre_dequantize (the finding's entry) is called by nothing in the tree (grep "
        "`pre_dequantize`: only the definitions and the flag). Second reading (a public method counts as called): "
        "true at leaf -- the dequantized Parameter it installs after offloading is in no group and stays on the CPU.",
        api=True)),
    25: ("auto-round/auto_round/wrapper.py", 256, "OFL104", "orig_layer.weight", F(
        "AL", AR_AL + "WrapperLinear (the signround tuning wrapper).")),
    26: ("docling-ibm-models/docling_ibm_models/tableformer_v2/model.py", 653, "OFL102", "fpn", T(
        "block", GO + "TableFormerV2.generate calls `self.encode_images(images)` (model.py ~:845) before any forward: "
        "fpn / se_module / conv_mixer / feature_to_embedding are non-list children in the root's group, onloaded "
        "only by forward.")),
    27: ("ptlflow/ptlflow/models/memflow/MemFlowNet/MemFlow_P.py", 21, "OFL205", "", F("AB", MEMP)),
    28: ("brevitas/src/brevitas/nn/quant_rnn.py", 847, "OFL203", "layers[i][i]", F("AH", "As row 17 "
                                                                                "(QuantRecurrentStackBase).")),
    29: ("videosys/videosys/models/autoencoders/autoencoder_kl_open_sora_plan_v110.py", 477, "OFL102", "encoder", T(
        "block", GO + "As row 3: CausalVAEModelWrapper.encode (:807) is public; the wrapper's unmatched group "
        "(vae.encoder) is onloaded only by the wrapper's forward (= decode). Label risk: the text-to-video pipeline "
        "never encodes.")),
    30: ("docling-ibm-models/docling_ibm_models/tableformer/models/table04_rs/transformer_rs.py", 153, "OFL204",
         "_encoder", F("AL", DOC_AL + "Tag_Transformer's nn.TransformerEncoder (its MHA's out_proj): the torch fact "
                       "is right were the model held.")),
    31: ("brevitas/src/brevitas_examples/text_to_speech/melgan/res_stack_brevitas.py", 47, "OFL204", "layers", F(
        "AX", "The MelGAN example's only inference path, melgan_val.py:51, calls `model.eval(inference=True)`, which "
        "runs Generator.remove_weight_norm (generator_brevitas.py:80-92) and through it ResStack.remove_weight_norm "
        "(res_stack_brevitas.py:92) before any inference: no weight_norm pre-hook is left.")),
    32: ("sockeye/sockeye/layers.py", 672, "OFL103", "ff_kv.weight", F("AL", SOCK_TRAIN)),
    33: ("ptlflow/ptlflow/models/memflow/MemFlowNet/MemFlow_P.py", 115, "OFL102", "cnet", F("AB", MEMP)),
    34: ("brevitas/src/brevitas_examples/text_to_speech/melgan/generator_brevitas.py", 48, "OFL204", "generator", F(
        "AX", "As row 31 (Generator's own weight_norm layers, removed by eval(inference=True)).")),
    35: ("docling-ibm-models/docling_ibm_models/tableformer/models/table04_rs/tablemodel04_rs.py", 176, "OFL102",
         "_tag_transformer._embedding", F("AL", DOC_AL + "TableModel04_rs.predict itself.")),
    36: ("docling-ibm-models/docling_ibm_models/tableformer_v2/model.py", 920, "OFL102", "bbox_head", T(
        "block", GO + "TableFormerV2.generate calls `self.bbox_head(...)` after its forward calls returned (model.py "
        "~:920): bbox_head is a non-list child in the root's group, offloaded again after each forward.")),
    37: ("ptlflow/ptlflow/models/flowformerplusplus/FlowFormer/twins_ft.py", 597, "OFL203", "blocks[i][i]", F(
        "AB", "twins_ft.py is imported by nothing: both importers comment it out (FlowFormer/encoders.py:6, "
        "videoflow/Networks/encoders.py:6 `# from .twins_ft import ...`).")),
    38: ("videosys/videosys/models/autoencoders/autoencoder_kl_open_sora.py", 551, "OFL105",
         "next(self.parameters())", F(
             "AB", "VideoAutoencoderKL.device: the class is built only as VideoAutoencoderPipeline's spatial_vae, and "
             "nothing reads `spatial_vae.device` (the pipeline reads the outer VAE's device, row 60; the "
             "`self.parameters.device` at :34 / :38 is DiagonalGaussianDistribution's tensor).")),
    39: ("videosys/videosys/pipelines/open_sora/pipeline_open_sora.py", 295, "OFL201",
         "transformer.y_embedder.y_embedding", F(
             "P", "null_embed moves the embedding to the execution device in the same expression "
             "(`...y_embedding[None].repeat(n, 1, 1)[:, None].to(self._execution_device)`, :295): the value meets "
             "device tensors only after the move.")),
    40: ("sockeye/sockeye/beam_search.py", 79, "OFL202", "_model.encode_and_initialize", T(
        "block", GO + "Sockeye's inference never calls SockeyeModel.forward: beam search calls "
        "`model.encode_and_initialize` / `decode_step` (beam_search.py:79 ...); SockeyeModel's children "
        "(embeddings, encoder, decoder, output layer, length_ratio; no ModuleList at the root) are in its unmatched "
        "group, never onloaded. Label risk: the models are loaded by `load_models` and handed to the Translator "
        "(a user of the Python API holds them; the CLI holds them itself).")),
    41: ("docling-ibm-models/docling_ibm_models/tableformer_v2/model.py", 230, "OFL204", "self_attn", T(
        "leaf", GO + "As row 15: CachedTransformerDecoderLayer._sa_block calls `self.self_attn(...)` (:255).")),
    42: ("span-marker/span_marker/trainer.py", 212, "OFL201", "model.model_card_data.set_label_examples",
         F("KA", SPAN_KA)),
    43: ("sdkit/sdkit/models/model_loader/codeformer/vqgan_arch.py", 45, "OFL103", "embedding.weight", F(
        "AB", "VectorQuantizer.forward is reached only from VQAutoEncoder.forward (vqgan_arch.py:374); CodeFormer "
        "overrides forward (codeformer_arch.py:232) and uses only `self.quantize.get_codebook_feat` (:268), so this "
        "forward never runs in sdkit.")),
    44: ("videosys/videosys/models/modules/attentions.py", 611, "OFL105", "to_q.weight", F(
        "AB", "VchitectAttention.fuse_projections is reached only from VchitectXLTransformerModel.fuse_qkv_projections "
        "(vchitect_transformer_3d.py:463), which nothing in the tree calls (the CogVideoX pipeline fuses its own "
        "transformer); and the fused `to_qkv` it builds is used by no processor (grep `to_qkv`: built only).")),
    45: ("sdkit/sdkit/models/model_loader/codeformer/vqgan_arch.py", 90, "OFL103", "embedding.weight", F(
        "AL", SDKIT + "CodeFormer.forward -> `self.quantize.get_codebook_feat` (codeformer_arch.py:268).")),
    46: ("brevitas/src/brevitas/nn/quant_rnn.py", 61, "OFL205", "", T(
        "leaf", GO + "GateParams (quant_rnn.py:61) owns `bias` and defines no forward; the RNN layers use its "
        "quant_bias() inside their forward, so at leaf level that bias is never onloaded and meets the device gates. "
        "QuantRNN / QuantLSTM are public brevitas layers a user's model holds.")),
    47: ("auto-round/auto_round/algorithms/quantization/sign_roundv2/quantizer.py", 264, "OFL104",
         "orig_layer.weight", F("AL", AR_AL + "SignRoundDQWrapperLinear.")),
    48: ("ptlflow/ptlflow/models/craft/setrans.py", 569, "OFL103", "key.weight", F(
        "AL", "CrossAttFeatTrans.add_identity_bias runs only at construction (`self.apply(add_identity_bias)` in "
        "__init__, setrans.py:540): a weight init before any offloading can be applied (earlier rounds' "
        "constructor-time AL).")),
    49: ("sockeye/sockeye/training.py", 402, "OFL201", "model_object.model.no_sync", F(
        "KA", "`self.model_object.model.no_sync()` is DistributedDataParallel's context manager (gradient-sync "
        "switch): it reads no weight; and it is sockeye-train's own loop.")),
    50: ("sockeye/sockeye/layers.py", 548, "OFL103", "ff_in.weight", F("AL", SOCK_TRAIN)),
    51: ("videosys/videosys/models/transformers/latte_transformer_3d.py", 1433, "OFL203",
         "transformer_blocks[i].norm1.emb", F("BB", VS_BB)),
    52: ("span-marker/span_marker/trainer.py", 220, "OFL201", "model.model_card_data.set_widget_examples",
         F("KA", SPAN_KA)),
    53: ("sockeye/sockeye/layers.py", 671, "OFL103", "ff_q.weight", F("AL", SOCK_TRAIN)),
    54: ("ptlflow/ptlflow/models/flowseek/depth_anything_v2/dinov2_layers/block.py", 257, "OFL104", "ls2.gamma",
         F("BB", "As row 16.")),
    55: ("brevitas/src/brevitas/export/shark/handler.py", 201, "OFL104", "module.bias", F("AL", "As row 12.")),
    56: ("docling-ibm-models/docling_ibm_models/code_formula_model/code_formula_predictor.py", 257, "OFL202",
         "_model.generate", F(
             "AL", "CodeFormulaPredictor builds SamOPTForCausalLM, places it on its own device and drives "
             "`self._model.generate(...)` inside predict(); the user holds the predictor (docling's pipeline).")),
    57: ("videosys/videosys/pipelines/cogvideox/pipeline_cogvideox.py", 363, "OFL202", "vae.decode", T(
        "block", GO + "CogVideoXPipeline.decode_latents calls `self.vae.decode(latents)` (:363), never the VAE's "
        "forward: VideoSys' AutoencoderKLCogVideoX keeps decoder / post_quant_conv as non-list children in its "
        "unmatched group (autoencoder_kl_cogvideox.py:1108), onloaded only by forward. Label risk: VideoSysEngine "
        "builds the pipeline (the components are what its own cpu_offload option offloads).")),
    58: ("videosys/videosys/models/transformers/open_sora_plan_v120_transformer_3d.py", 2072, "OFL203",
         "transformer_blocks[i].norm1.emb", F("BB", VS_BB)),
    59: ("span-marker/span_marker/trainer.py", 216, "OFL201", "model.model_card_data.set_train_set_metrics",
         F("KA", SPAN_KA)),
    60: ("videosys/videosys/models/autoencoders/autoencoder_kl_open_sora.py", 724, "OFL105",
         "next(self.parameters())", F(
             "P", "VideoAutoencoderPipeline.device is read by collect_references_batch to place reference frames "
             "(`r.unsqueeze(0).to(vae.device, vae.dtype)`, pipeline_open_sora.py:746) before `vae.encode`: at leaf "
             "level the spatial VAE's hooks move that input to the onload device, at block level the whole VAE "
             "computes on the offload device with it; the placement itself meets no device tensor (the failure on "
             "this path is the shift buffer, row 22). Label risk: on a reading that counts a wrong reported device "
             "as the hazard, true.")),
}

L = labels_of_rows(HERE, R, "/corp56/")

if __name__ == "__main__":
    write_labels(HERE, L)
