"""Write benchmarks/triage22ax/labels.json (round ax; 60 rows drawn with seed 20297000 from the 153 shown findings of
eleven libraries).

Standard of rounds x-av: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, loaders, configs and tests use the class (training counts; a public method counts as called; a line that
would meet the hazard on its own counts even where an earlier line of the same cause fails first); C when true only
under a non-default option the library ships, documents or tests; false with a cause letter otherwise.

Letters used here, all earlier rounds': P where a value's device comes from / where it goes (a buffer registered
None and filled at run time on the input's device; arithmetic of a module's own offloaded tensors only; a returned
device whose readers are inside the onload or moved by hooks); AL training-side work (a trainer's own move; optimizer
param groups); KA a call that reads no weight (a plain formatter class held as a class attribute; a memory object's
reset()); AH a class built only as a child judged as the root; BB code never reached (a branch no shipped config
takes: pretraining_tp > 1, fused_add_norm, ModifiedResNet, a training-only branch; and classes whose constructor
raises TypeError, so the line is never reached); BE a method reached only through a forward() of its class hierarchy
(super()._forward from the subclasses' forward). No new letter this round.
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
MHA = ("nn.MultiheadAttention's out_proj is a NonDynamicallyQuantizableLinear (an nn.Linear: hooked at leaf level on "
       "its own forward, which MultiheadAttention never calls); forward passes out_proj.weight / bias to "
       "F.multi_head_attention_forward with the device query. ")
FE207 = ("FlagEmbedding's inference classes (README: `model = FlagModel / FlagReranker / FlagLLMReranker / "
         "FlagICLModel(...)`, then `model.encode(...)` / `model.compute_score(...)`) move the HF model they hold by hand "
         "on every call: `self.model.to(device)` (device = target_devices[0], cuda) then run it; with group offloading "
         "applied to `model.model` this puts every weight on the device (the offloading undone) - the inference path, "
         "as round au's deepchem HuggingFaceModel.generate row (true). ")
VBGE = ("FlagEmbedding Visualized_BGE (README: `model = Visualized_BGE(model_name_bge=..., model_weight=...); "
        "model.encode(image=..., text=...)`): `encode` is not forward; the root has no direct ModuleList / Sequential "
        "child, so at block level bge_embeddings / bge_encoder / model_visual / visual_proj sit in the root's group, "
        "onloaded only by Visualized_BGE.forward, which encode never runs; inputs are on `self.device` (cuda). ")
INSEQ = ("inseq: `formatter` is a class attribute holding a plain class (`formatter = InputFormatter`, "
         "models/attribution_model.py:213; DecoderOnlyInputFormatter / EncoderDecoderInputFormatter, not nn.Modules) "
         "of static methods that build batches / argument dicts; the call reads no weight of the attribution model. ")
MEM = ("FlagEmbedding activation-beacon Memory (modeling_beacon.py:14, an nn.Module) `reset()` (:62-95) only resets "
       "Python counters and cached activations; it reads no weight. ")
TYPEERR = ("the class cannot be built: torch's `TransformerEncoderLayer` / `nn.Transformer` take `d_model`, not `dim`, "
           "so `__init__` raises TypeError (unexpected keyword argument 'dim') before the module exists; no "
           "offloaded model holds it. ")
VLL = ("vec2text: users call `model.generate(inputs, generation_kwargs)` (README / vec2text.invert_*), which runs "
       "embed_and_project outside forward. ")

R = {
    1: ("flagembedding/research/llm_embedder/src/retrieval/modeling_dense.py", 190, "OFL102", "dense_pooler", C(
        "block", GO + "llm_embedder DenseRetriever (the root: no direct ModuleList child) encode / index / search run "
        "_pool outside forward; dense_pooler exists only with 'dense' in pooling_method (default ['cls'], args.py:127; "
        "docs/evaluation.md:111 / :128 set `mean dense` for instructor): with it, the CPU Linear meets the device "
        "embedding. C: a documented non-default option.")),
    2: ("flagembedding/research/Matroyshka_reranker/inference/rank_model.py", 208, "OFL207", "model", T(
        "both", FE207 + "MatroyshkaReranker.compute_score_single_gpu (:208).")),
    3: ("flagembedding/research/visual_bge/visual_bge/modeling.py", 204, "OFL102", "bge_encoder", T(
        "block", GO + VBGE + "encode_text -> self.bge_encoder (:204; recall H2).")),
    4: ("zeta/zeta/nn/quant/lfq.py", 217, "OFL102", "project_out", T(
        "block", GO + "zeta LFQ (test_lfq.py: `LFQ(dim=64, codebook_size=16)`: dim != log2(codebook) so project_out is "
        "an nn.Linear, :130-137); indices_to_codes is public (the class docstring's example, :98) and runs outside "
        "forward: at block level project_out is in LFQ's root group, never onloaded; the CPU Linear meets the device "
        "codes.")),
    5: ("zeta/experimental/audio_encoder.py", 73, "OFL204", "transformer_encoder", F(
        "BB", "zeta experimental AudioEncoder: " + TYPEERR + "(`TransformerEncoderLayer(dim=..., nhead=...)` at :68).")),
    6: ("texar/tests/run/executor_test.py", 45, "OFL102", "embedder", T(
        "block", GO + "texar's Executor test model DummyClassifier: predict() (called by the Executor's test / "
        "eval loop) runs _compute_logits outside forward; embedder / encoder / linear are plain children in the root's "
        "group at block level, not onloaded: the CPU embedding meets the device tokens.")),
    7: ("curated/curated_transformers/layers/transformer.py", 367, "OFL102", "mha", F(
        "BE", "curated-transformers _TransformerLayer._forward is called only by its subclasses' forward "
        "(EncoderLayer.forward `return super()._forward(...)` :435, DecoderLayer.forward :473): it runs inside the "
        "layer's own forward, under the layer's / root's onload.")),
    8: ("vec2text/vec2text/models/corrector_encoder.py", 137, "OFL102", "layernorm", T(
        "block", GO + "vec2text CorrectorEncoderModel.generate (Corrector trainer's _generate_with_beam, "
        "vec2text.invert_*) calls get_encoder_embedding outside forward; use_ln is always True (:70): the LayerNorm sits "
        "in the root's group (no direct ModuleList child), never onloaded, and meets the device embeddings.")),
    9: ("vec2text/vec2text/models/inversion_from_logits.py", 135, "OFL101", "sequence_weights", T(
        "both", GO + VLL + "InversionFromLogitsModel.sequence_weights (a root nn.Parameter) is in the root's group at "
        "both levels, on the offload device in generate; the embeddings it is einsum'd with come from the embedder "
        "(leaf hooks: device) or the caller's frozen embeddings (device).")),
    10: ("flagembedding/research/visual_bge/visual_bge/eva_clip/model.py", 257, "OFL101", "attn_mask", T(
        "block", GO + "EVA CLIP.encode_text (public; open_clip-style `model.encode_text(text)`): at block level the "
        "root's own buffer attn_mask and its transformer / token_embedding are in the root group, never onloaded "
        "outside CLIP.forward: CPU mask with device activations. (Leaf: the mask reaches hooked calls and is moved.)")),
    11: ("flagembedding/research/BGE_M3/modeling.py", 103, "OFL102", "sparse_linear", T(
        "block", GO + "BGE_M3 BGEM3Model.encode (public) runs sparse_embedding outside forward; sparse_linear is a plain "
        "child in the root's group at block level. Label risk: in the tree encode is called only from forward "
        "(:226-233); true through the public-method standard.")),
    12: ("zeta/zeta/nn/modules/log_ff.py", 230, "OFL101", "node_weights", F(
        "AL", "zeta LogFF.get_node_param_group returns the parameter objects for an optimizer param group (training "
        "setup); no tensor is computed with, nothing meets the compute device.")),
    13: ("zeta/zeta/nn/biases/alibi.py", 81, "OFL105", "device", F(
        "BB", "zeta AlibiPositionalBias cannot be built: its __init__ calls `super().__init__()` and BaseBias.__init__ "
        "(nn/biases/base.py:8) requires num_heads: TypeError (the run: `could not build`; the library's own "
        "tests/nn/biases/test_alibi.py fails the same way). Were it built, still false (P): the device property "
        "(`next(self.buffers()).device`, :78) is read inside AlibiPositionalBias.forward, under its own onload.")),
    14: ("inseq/inseq/attr/feat/feature_attribution.py", 348, "OFL201", "attribution_model.formatter.format_contrast_targets_alignments", F(
        "KA", INSEQ + "format_contrast_targets_alignments (:348).")),
    15: ("inseq/inseq/attr/feat/feature_attribution.py", 241, "OFL201", "attribution_model.formatter.prepare_inputs_for_attribution", F(
        "KA", INSEQ + "prepare_inputs_for_attribution (:241, tokenises through attribution_model.encode).")),
    16: ("zeta/zeta/structs/local_transformer.py", 146, "OFL203", "layers[i][i]", T(
        "block", GO + "zeta LocalTransformer: self.layers is a ModuleList of ModuleList([attn, ff]) unpacked in "
        "forward (`for attn, ff in self.layers`): each inner ModuleList is a hooked group on its own forward, never "
        "run; attn / ff weights stay on the offload device.")),
    17: ("unsloth/unsloth/kernels/moe/grouped_gemm/reference/layers/llama4_moe.py", 213, "OFL104", "experts.down_proj", T(
        "leaf", GO + "unsloth's Llama4 grouped-GEMM MoE reference layers (used by its MoE tests / benchmarks) take "
        "`self.experts.gate_up_proj` / `down_proj` (Llama4TextExperts' own nn.Parameters, grouped at leaf level on "
        "Llama4TextExperts.forward, which these layers never call) into the grouped GEMM with device tokens. down_proj "
        "(:213).")),
    18: ("zeta/zeta/structs/simple_transformer.py", 159, "OFL101", "mask", F(
        "P", "zeta ParallelTransformerBlock registers `mask` as None (:154) and get_mask (called from forward with "
        "x.device) registers `torch.ones(..., device=device)` at run time (:161-162): a buffer made after offloading "
        "was applied, in no group, on the compute device (round av's P, None-registered buffer).")),
    19: ("sparseml/src/sparseml/transformers/sparsification/modification/modifying_llama.py", 229, "OFL103", "o_proj.weight", F(
        "BB", "sparseml's modified LlamaAttention: the `pretraining_tp > 1` branch (LlamaConfig default 1, the shipped "
        "Llama-2 configs 1); round ae labelled the same branch BB. o_proj (:229).")),
    20: ("inseq/inseq/attr/feat/feature_attribution.py", 657, "OFL201", "attribution_model.formatter.format_step_function_args", F(
        "KA", INSEQ + "format_step_function_args (:657).")),
    21: ("flagembedding/FlagEmbedding/inference/reranker/encoder_only/base.py", 116, "OFL207", "model", T(
        "both", FE207 + "BaseReranker.compute_score_single_gpu (:116).")),
    22: ("flagembedding/FlagEmbedding/inference/embedder/decoder_only/icl.py", 488, "OFL207", "model", T(
        "both", FE207 + "ICLLLMEmbedder.encode_single_device (:488).")),
    23: ("zeta/examples/training/protein_g/protein_gen_transformer.py", 88, "OFL202", "model.generate", F(
        "BB", "zeta example ProteinGenerator.generate_protein calls `self.model.generate(**inputs, max_length=...)`; the "
        "component finding OFL202 cites, OFL105 at transformers generation/utils.py:2778 (`torch.tensor(sequences, "
        "device=self.device)`), is on generate's continuous-batching branch, which this call never takes (no "
        "continuous-batching config), and the tensor is the returned token ids - exactly round av's row 45 (BB). The "
        "ordinary path runs T5's forward. Issue class 6.")),
    24: ("zeta/zeta/nn/modules/gill_mapper.py", 57, "OFL204", "transformer", F(
        "BB", "zeta GILLMapper: " + TYPEERR + "(`nn.Transformer(dim=...)` :57).")),
    25: ("zeta/zeta/nn/modules/cross_modal_reparametization.py", 206, "OFL103", "auxiliary_linear.weight", F(
        "P", "zeta CrossModalReParametrization.merge (one-time re-parameterisation): original_linear.weight.data.add_("
        "scale.item() * auxiliary_linear.weight.data) combines the module's own tensors only, all on the offload "
        "device together; no compute-device operand (round av's RepVGG P).")),
    26: ("flagembedding/research/visual_bge/visual_bge/eva_clip/eva_vit_model.py", 176, "OFL103", "q_proj.weight", T(
        "leaf", GO + "EVA02 Attention.forward with subln (EVA02-CLIP-B-16 / L-14 configs set `subln: true`; the "
        "Visualized_BGE towers): F.linear(x, self.q_proj.weight, self.q_bias) - q_proj (nn.Linear) is never called, "
        "so at leaf level its weight stays on the offload device against the device x.")),
    27: ("zeta/zeta/structs/clip_encoder.py", 84, "OFL105", "vision_tower.device", F(
        "P", "zeta CLIPVisionTower.device returns vision_tower.device; its readers are forward (images.to(self.device), "
        ":54 / :63: block level, the tower's group is onloaded by its own forward; leaf level the CPU images are passed "
        "into self.vision_tower(...) whose embeddings hook moves them) and dummy_feature (a zeros placeholder): no "
        "reader meets the compute device with the offload device.")),
    28: ("textattack/textattack/transformations/sentence_transformations/back_transcription.py", 105, "OFL202", "asr_model.generate", F(
        "BB", "TextAttack BackTranscription calls `self.asr_model.generate(input_features)` (Whisper); the component "
        "finding OFL202 cites, OFL105 at transformers whisper/generation_whisper.py:925 (`self._stack_split_outputs("
        "seek_outputs, ..., self.device, kwargs)`), runs only with return_dict_in_generate, which this call does not "
        "pass, and it stacks output token ids, not met with weights. Issue class 6 (as row 23).")),
    29: ("zeta/zeta/nn/attention/multi_modal_causal_attention.py", 92, "OFL204", "cross_attn", T(
        "leaf", GO + MHA + "zeta SimpleMMCA.forward calls self.cross_attn (:92).")),
    30: ("zeta/zeta/nn/quant/residual_vq.py", 41, "OFL103", "embed.weight", T(
        "leaf", GO + "zeta ResidualVectorQuantizer.forward reads self.embed.weight (an nn.Embedding never called): at "
        "leaf level it stays on the offload device against the device x.")),
    31: ("zeta/examples/todo/hyper_attention.py", 160, "OFL101", "pos_emb_scale", F(
        "P", "zeta example HyperAttention block: pos_emb / pos_emb_scale are registered at run time by "
        "get_rotary_embedding on the caller's device (:162-164): buffers made after offloading was applied, on the "
        "compute device (as row 18).")),
    32: ("zeta/zeta/nn/attention/multi_modal_causal_attention.py", 90, "OFL204", "self_attn", T(
        "leaf", GO + MHA + "zeta SimpleMMCA.forward calls self.self_attn (:90).")),
    33: ("zeta/examples/training/mo/mamba_omega.py", 260, "OFL104", "norm_f.bias", F(
        "BB", "zeta example MixerModel: layer_norm_fn(norm_f.weight, norm_f.bias) only when fused_add_norm is on; "
        "the default is False (:67, :169) and the file's model builds it with False. norm_f.bias (:260).")),
    34: ("flagembedding/FlagEmbedding/inference/reranker/decoder_only/base.py", 302, "OFL207", "model", T(
        "both", FE207 + "BaseLLMReranker.compute_score_single_gpu (:302).")),
    35: ("vec2text/vec2text/models/inversion_from_logits.py", 87, "OFL105", "next(self.parameters())", T(
        "leaf", GO + VLL + "call_embedding_model places the tokenised inputs on next(self.parameters()).device (the "
        "first parameter, the embedder's embedding: offload device at leaf level outside its forward); the embedder's "
        "attention-mask arithmetic then meets device activations (the mask is not an argument of a hooked leaf). "
        "Label risk: read, not run.")),
    36: ("vec2text/vec2text/models/inversion_from_logits_emb.py", 110, "OFL101", "unigram", F(
        "BB", "vec2text unigram update is under `if self.training:` (:103): in training embed_and_project runs from "
        "forward (inside the onload); generate (the outside-forward path) runs in eval mode and skips the branch.")),
    37: ("sparseml/src/sparseml/transformers/sparsification/modification/modifying_llama.py", 142, "OFL103", "k_proj.weight", F(
        "BB", "as row 19 (pretraining_tp > 1 branch). k_proj (:142).")),
    38: ("flagembedding/research/visual_bge/visual_bge/eva_clip/modified_resnet.py", 85, "OFL103", "c_proj.weight", F(
        "BB", "EVA CLIP's ModifiedResNet (AttentionPool2d) is built only for a tuple `vision_cfg.layers`; every shipped "
        "config in eva_clip/model_configs (EVA01 / EVA02 ViTs) is a ViT: never built.")),
    39: ("vec2text/vec2text/trainers/corrector.py", 463, "OFL202", "model.generate", T(
        "block", GO + "vec2text Corrector._generate_with_beam calls CorrectorEncoderModel.generate, which runs "
        "get_encoder_embedding (row 8's layernorm) and encoder_decoder.generate outside CorrectorEncoderModel.forward: "
        "at block level all in the root's group, never onloaded.")),
    40: ("zeta/zeta/nn/modules/perceiver_resampler.py", 120, "OFL203", "layers[i][i]", T(
        "block", GO + "zeta PerceiverResampler: layers = ModuleList of ModuleList([attn, ff]) unpacked in forward: inner "
        "lists are hooked groups never run.")),
    41: ("zeta/zeta/nn/modules/clex.py", 151, "OFL105", "proj_func.ode_up_proj", T(
        "leaf", GO + "zeta Clex.forward overrides its device argument with proj_func.ode_up_proj.device (ODELinear's "
        "parameter, grouped on ODELinear.forward at leaf level: offload device here); ex_positions, inv_freq and the "
        "returned cos / sin are built on the CPU and go to attention with device q / k.")),
    42: ("flagembedding/FlagEmbedding/inference/reranker/decoder_only/models/modeling_minicpm_reranker.py", 1491, "OFL105", "device", T(
        "leaf", GO + "MiniCPM layer-wise reranker chat(): inputs placed with self.device (transformers' first-parameter "
        "device: embed_tokens, offload device at leaf level) and passed to generate, which builds its masks / "
        "positions on that device; as round av's confirmed transformers `self.device` row.")),
    43: ("vec2text/vec2text/trainers/corrector.py", 226, "OFL207", "model", F(
        "AL", "vec2text Corrector._inner_training_loop: a trainer's own move of the model it trains (HF Trainer "
        "training loop).")),
    44: ("zeta/zeta/nn/biases/alibi.py", 78, "OFL105", "next(self.parameters())", F(
        "BB", "as row 13: the class cannot be built (TypeError in BaseBias.__init__); and the device property's only "
        "reader is AlibiPositionalBias.forward, under its own onload.")),
    45: ("sparseml/src/sparseml/pytorch/models/classification/darknet.py", 283, "OFL203", "sections[i][i]", F(
        "AH", "sparseml DarkNet: the per-block branch runs only with backbone_outputs set, i.e. as YOLOv3's backbone "
        "(detection/yolo_v3.py:303 `backbone.as_yolo_backbone([4, 3, 2])`), where DarkNet is a plain child in YOLOv3's "
        "root group, onloaded by YOLOv3.forward; as a root of its own (classification) the branch is not taken.")),
    46: ("flagembedding/research/llm_embedder/src/retrieval/modeling_unified.py", 37, "OFL202", "retriever.encode", T(
        "block", GO + "llm_embedder Retriever (a plain class) -> DenseRetriever.encode, which runs the query / key HF "
        "encoders (plain children in DenseRetriever's root group) outside DenseRetriever.forward: not onloaded. "
        "encode (:37).")),
    47: ("flagembedding/FlagEmbedding/inference/embedder/encoder_only/base.py", 203, "OFL207", "model", T(
        "both", FE207 + "BaseEmbedder.encode_single_device (:203).")),
    48: ("zeta/zeta/nn/modules/gill_mapper.py", 75, "OFL204", "transformer_encoder", F(
        "BB", "zeta GILLMapper: " + TYPEERR + "(`nn.Transformer(dim=...)` :57 fails first; TransformerEncoderLayer(dim=...) :76).")),
    49: ("zeta/zeta/nn/modules/space_time_unet.py", 750, "OFL203", "downs[i][i][i]", T(
        "block", GO + "zeta SpaceTimeUnet: downs = ModuleList of ModuleList([init_block, blocks, attention, "
        "downsample]) unpacked in forward; inner lists are hooked groups never run. blocks[i] (:750).")),
    50: ("unsloth/unsloth/kernels/moe/grouped_gemm/reference/layers/llama4_moe.py", 204, "OFL104", "experts.gate_up_proj", T(
        "leaf", GO + "as row 17. gate_up_proj (:204).")),
    51: ("unsloth/unsloth/kernels/moe/grouped_gemm/reference/layers/llama4_moe.py", 381, "OFL104", "experts.gate_up_proj", T(
        "leaf", GO + "as row 17, the Triton variant (Llama4TritonTextMoe, :381).")),
    52: ("zeta/experimental/melle.py", 72, "OFL204", "decoder", T(
        "leaf", GO + MHA + "zeta experimental MELLE TransformerDecoder.forward calls self.decoder (nn.TransformerDecoder, "
        "d_model= given: builds).")),
    53: ("sparseml/src/sparseml/pytorch/sparsification/pruning/modifier_powerpropagation.py", 67, "OFL104", "layer.weight", T(
        "leaf", GO + "sparseml PowerpropagationWrapper (powerpropagation pruning recipes wrap Conv2d / Linear): forward "
        "reads self.layer.weight and calls F.conv2d / F.linear; the wrapped layer is never called, so at leaf level its "
        "weight stays on the offload device against the device x.")),
    54: ("flagembedding/research/llm_embedder/src/retrieval/modeling_unified.py", 63, "OFL202", "retriever.search", T(
        "block", GO + "as row 46: DenseRetriever.search encodes queries outside forward (:63).")),
    55: ("zeta/examples/training/mo/mamba_omega.py", 259, "OFL104", "norm_f.weight", F(
        "BB", "as row 33 (fused_add_norm off). norm_f.weight (:259).")),
    56: ("inseq/inseq/attr/feat/feature_attribution.py", 626, "OFL201", "attribution_model.formatter.format_attribution_args", F(
        "KA", INSEQ + "format_attribution_args (:626).")),
    57: ("zeta/zeta/nn/modules/space_time_unet.py", 745, "OFL203", "downs[i][i]", T(
        "block", GO + "as row 49. init_block (:745).")),
    58: ("flagembedding/research/Long_LLM/longllm_qlora/src/trainer.py", 31, "OFL201", "model.memory.reset", F(
        "KA", MEM + "LLMTrainer._prepare_inputs (:31).")),
    59: ("flagembedding/research/Long_LLM/activation_beacon/src/trainer.py", 38, "OFL201", "model.memory.reset", F(
        "KA", MEM + "ActivationBeaconTrainer.compute_loss (:38).")),
    60: ("flagembedding/research/llm_embedder/src/retrieval/modeling_unified.py", 44, "OFL202", "retriever.index", T(
        "block", GO + "as row 46: DenseRetriever.index encodes the corpus outside forward (:44).")),
}

L = labels_of_rows(HERE, R, "/corp48/")

if __name__ == "__main__":
    write_labels(HERE, L)
