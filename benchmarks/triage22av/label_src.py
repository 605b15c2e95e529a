"""Write benchmarks/triage22av/labels.json (round av; 60 rows drawn with seed 20295000 from the 355 shown findings of
twelve libraries).

Standard of rounds x-au: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, loaders, configs and tests use the class (training counts; a public method counts as called; a line that
would meet the hazard on its own counts even where an earlier line of the same cause fails first); C when true only
under a non-default option the library ships, documents or tests; false with a cause letter otherwise. A child
class's method flagged as if the child were the offload root is true when the real root reaches that method outside
its onload.

Letters used here, all earlier rounds': P where a value's device comes from / where it goes (here: a sink whose
operands are all the module's own offloaded tensors, a runtime buffer filled from activations, a returned device
nothing uses); AL one-time / training-side work outside what offloading serves (trainers' and drivers' moves for
DDP / FairScale; model surgery before fine-tuning: replace_input_channels / replace_num_classes); KA a call into a
submodule whose method reads no weight (a weightless activation); AH a class built only as a child judged as the root;
BB a branch the library's configs / callers never take. No new letter this round.

Rows are authored by draw number with their (path, line, code, attribute) written out; the script stops if a drawn row's
key differs. The runtime column is filled from runtime_column.json where a run exists.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as C, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, ConvTranspose, Linear, Embedding, by isinstance) on its own forward and "
      "groups every other parameter / buffer with its closest owning module (`_find_parent_module_in_module_dict`: an "
      "RMSNorm's weight with the RMSNorm itself) on that module's forward; every hook moves its args / kwargs to the "
      "onload device; the hooks replace the instance's `forward`.) ")

ATTNRES = ("fla AttnRes (`attnres_block_size`, a config field of every fla model config, default None; README news "
           "'Add fused AttnRes support', set by 27 test files, e.g. tests/models/test_modeling_hgrn2.py:50; no shipped "
           "model config sets it): with it set, the block / model forward passes `self.<x>_res_proj.weight` (an "
           "nn.Linear never called), `self.<x>_res_norm.weight` and the pre-norm's weight (RMSNorms whose forward is "
           "not called on this path) to the Triton kernel `fused_attnres` with device residuals. At leaf level each "
           "of those weights is grouped on its own module's forward, which never runs: they stay on the offload "
           "device and the kernel gets a CPU pointer. Block level: the modules sit in their block's / the root's group, "
           "onloaded: safe (the finding claims leaf only). C: true only under a documented, tested non-default "
           "option. ")
FLCE = ("fla CausalLM forward with labels and `fuse_linear_cross_entropy=True` (default False; README: 'You can "
        "control using `fuse_linear_cross_entropy` in the model configuration'): `criterion(hidden_states, labels, "
        "self.lm_head.weight, self.lm_head.bias)` -> FusedLinearCrossEntropyLoss with the device hidden states; "
        "lm_head (nn.Linear) is not called on that branch, so at leaf level its weight stays on the offload device. "
        "Training only and non-default: C. ")
MHA = ("nn.MultiheadAttention's out_proj is a NonDynamicallyQuantizableLinear (an nn.Linear: hooked at leaf level on "
       "its own forward, which MultiheadAttention never calls); forward passes out_proj.weight / bias to "
       "F.multi_head_attention_forward with the device query. ")
DEMUCS = ("audio-separator's Demucs v4 (HTDemucs, uvr_lib_v5/demucs/htdemucs.py, the htdemucs / htdemucs_ft models "
          "the Separator loads) builds CrossTransformerEncoder (`t_layers` > 0 in those configs) whose layers / "
          "layers_t ModuleLists hold MyTransformerEncoderLayer (an nn.TransformerEncoderLayer subclass: self_attn an "
          "nn.MultiheadAttention) and CrossTransformerEncoderLayer (cross_attn an nn.MultiheadAttention). ")
TFC = ("audio-separator's MDXC model TFC_TDF_net (the Separator's MDXC architecture) builds encoder_blocks / "
       "decoder_blocks as nn.ModuleLists of bare `nn.Module()` holders (`block = nn.Module(); block.tfc_tdf = ...; "
       "block.downscale = ...`) and forward calls the holder's layers one by one (`for block in self.encoder_blocks: "
       "x = block.tfc_tdf(x); x = block.downscale(x)`). At block level each holder is a hooked group on its own "
       "forward, which nothing runs (a bare Module has none): its layers' weights stay on the offload device and "
       "meet the device x. ")
XLABS = ("InvokeAI's XLabsIPAdapterExtension drives the XLabs IP-Adapter model (XlabsIpAdapterFlux, an nn.Module "
         "with no forward) piece by piece inside the FLUX denoise loop: image_proj at run_image_proj, each double "
         "block's k / v projections at run_ip_adapter. At block level the root XlabsIpAdapterFlux has no direct "
         "ModuleList (ip_adapter_double_blocks is a module holding `double_blocks`), so every weight is in the root's "
         "unmatched group, whose hook is on a forward that does not exist: never onloaded; the CPU Linear weights "
         "meet the device image embeddings / projections. Leaf level: each Linear is hooked on its own forward "
         "(safe; the finding claims block only). ")
ZIMG = ("InvokeAI's ZImageControlNetExtension drives ZImageControlAdapter (a diffusers ModelMixin whose own forward "
        "the extension never calls) by its submodules: `self._adapter.control_all_x_embedder[key](control_cat)`. "
        "control_all_x_embedder is an nn.ModuleDict (not a list), so at block level it is in the adapter's "
        "unmatched group, onloaded only by ZImageControlAdapter.forward, which never runs: the CPU embedder meets "
        "the device control latents. ")
TRAINER = ("a trainer / driver's own move of the model it trains (`self.<model>.to(self.device)` before wrapping it in "
           "DDP / FairScale / for a device switch); nothing offloads a model being trained (rounds ap / at / au's AL). ")
SURGERY = ("super-gradients model surgery before fine-tuning (`replace_input_channels` / `replace_num_classes`, "
           "called by the recipes' model factory right after building the model): it builds new Conv2d / heads "
           "(replace_conv2d_input_channels_with_random_weights: a new nn.Conv2d with the old one's device / dtype, "
           "random weights with the old weights' mean / std) on the old module's device; every tensor it reads or "
           "makes is on the offload device together, nothing on the compute device meets them, and it is one-time "
           "setup that precedes any offloading (an offloaded model rebuilt by surgery would need offloading "
           "re-applied anyway). ")
REPVGG = ("super-gradients RepVGG / QARepVGG re-parameterisation (`fuse_block_residual_branches` / "
          "`prep_model_for_conversion`, run once before export or by `predict()`'s fused copy): "
          "`_get_equivalent_kernel_bias[_for_branches]` combines the block's own tensors only (branch convs' weights, "
          "BN running stats / affine, `alpha`, `id_tensor`); under offloading all of them are on the offload device "
          "together (leaf: each in its own never-called group; the block's own alpha / id_tensor in the block's "
          "group), so the arithmetic is CPU-with-CPU and no compute-device operand exists. The finding's 'meets "
          "tensors on the compute device' names no such tensor. ")

R = {
    1: ("fla/fla/models/wall_transformer/modeling_wall_transformer.py", 336, "OFL103", "res_proj.weight", C(
        "leaf", GO + ATTNRES + "WallTransformerModel.forward (:336) top-level fused_attnres with res_proj.weight.")),
    2: ("fla/fla/models/bitnet/modeling_bitnet.py", 368, "OFL104", "res_norm.weight", C(
        "leaf", GO + ATTNRES + "BitNetModel.forward (:368) res_norm.weight (an RMSNorm not called on this path).")),
    3: ("fla/fla/models/mesa_net/modeling_mesa_net.py", 319, "OFL103", "res_proj.weight", C(
        "leaf", GO + ATTNRES + "MesaNetModel.forward (:319).")),
    4: ("fla/fla/models/comba/modeling_comba.py", 438, "OFL103", "lm_head.weight", C(
        "leaf", GO + FLCE + "CombaForCausalLM.forward (:438).")),
    5: ("fla/fla/layers/lightnet.py", 234, "OFL104", "g_norm.bias", T(
        "leaf", GO + "fla LightNetAttention.forward (:229-236, unconditional) passes self.g_norm.weight / .bias "
        "(g_norm a FusedRMSNormGated, never called) and self.o_proj.weight / .bias (nn.Linear, never called) to the "
        "fused Triton op rms_norm_swish_gate_linear with the device o: at leaf level all four stay on the offload "
        "device (each grouped on its own module's forward). Block level: in the layer's group: safe.")),
    6: ("fla/fla/models/hgrn/modeling_hgrn.py", 327, "OFL104", "res_norm.weight", C(
        "leaf", GO + ATTNRES + "HGRNModel.forward (:327).")),
    7: ("fla/fla/layers/raven.py", 352, "OFL104", "g_norm.weight", T(
        "leaf", GO + "fla Raven.forward with the defaults (use_output_gate=False, fuse_norm=True; "
        "configuration_raven.py:36 / :56) takes `rms_norm_linear(o, self.g_norm.weight, self.g_norm.bias, "
        "self.o_proj.weight, self.o_proj.bias)` (:350-357): g_norm (fla RMSNorm) and o_proj (Linear) are never "
        "called on this path, so at leaf level their weights stay on the offload device and meet the device o in "
        "the fused op.")),
    8: ("fla/fla/models/abc/modeling_abc.py", 427, "OFL103", "lm_head.weight", C(
        "leaf", GO + FLCE + "ABCForCausalLM.forward (:427).")),
    9: ("fla/fla/models/hgrn/modeling_hgrn.py", 125, "OFL104", "attn_res_norm.weight", C(
        "leaf", GO + ATTNRES + "HGRNBlock.forward (:125).")),
    10: ("fla/fla/models/log_linear_mamba2/modeling_log_linear_mamba2.py", 127, "OFL103", "mlp_res_proj.weight", C(
        "leaf", GO + ATTNRES + "LogLinearMamba2Block.forward (:127).")),
    11: ("fla/fla/models/gated_deltanet/modeling_gated_deltanet.py", 335, "OFL104", "res_norm.weight", C(
        "leaf", GO + ATTNRES + "GatedDeltaNetModel.forward (:335).")),
    12: ("fla/fla/models/abc/modeling_abc.py", 321, "OFL103", "res_proj.weight", C(
        "leaf", GO + ATTNRES + "ABCModel.forward (:321).")),
    13: ("fla/fla/models/transformer/modeling_transformer.py", 146, "OFL103", "mlp_res_proj.weight", C(
        "leaf", GO + ATTNRES + "TransformerBlock.forward (:146).")),
    14: ("supergradients/src/super_gradients/training/models/classification_models/beit.py", 425, "OFL101", "pos_embed", F(
        "BB", "super-gradients Beit: `if self.pos_embed is not None: x = x + self.pos_embed` (:424-425). pos_embed "
        "exists only with use_abs_pos_emb=True (:332); the Beit class default is True, but both registered models "
        "(BeitBasePatch16_224 :472, BeitLargePatch16_224 :488, what `models.get('beit_base_patch16_224')` and the "
        "recipes build) pass use_abs_pos_emb=False (they use the relative position bias), so the line never runs "
        "for any model the library ships. (forward_features is also the first step of Beit.forward (:446); counted "
        "reached as a public method.)")),
    15: ("fla/fla/models/retnet/modeling_retnet.py", 155, "OFL104", "mlp_res_norm.weight", C(
        "leaf", GO + ATTNRES + "RetNetBlock.forward (:155).")),
    16: ("fla/fla/models/transformer/modeling_transformer.py", 322, "OFL103", "res_proj.weight", C(
        "leaf", GO + ATTNRES + "TransformerModel.forward (:322).")),
    17: ("fla/fla/models/linear_attn/modeling_linear_attn.py", 323, "OFL103", "res_proj.weight", C(
        "leaf", GO + ATTNRES + "LinearAttentionModel.forward (:323).")),
    18: ("fla/fla/models/raven/modeling_raven.py", 140, "OFL103", "attn_res_proj.weight", C(
        "leaf", GO + ATTNRES + "RavenBlock.forward (:140).")),
    19: ("xfuser/xfuser/model_executor/cache/utils.py", 140, "OFL104", "cache_context.original_hidden_states", F(
        "P", "xfuser CachedTransformerBlocks (FBCache / TeaCache wrappers of a diffusers transformer's blocks): "
        "CacheContext registers `original_hidden_states` as a buffer holding None (:25, persistent=False); forward "
        "assigns it the current activations each step (`self.cache_context.original_hidden_states = orig_hidden`, "
        ":150, a device tensor) before process_blocks reads it (:140). A None buffer is in no offload group when "
        "offloading is applied, and the value read is always the device tensor assigned earlier in the same forward: "
        "`hidden - original_hidden_states` is device-with-device. Not a weight; nothing offloads it.")),
    20: ("xfuser/xfuser/model_executor/cache/utils.py", 141, "OFL104", "cache_context.original_encoder_hidden_states", F(
        "P", "As row 19: `original_encoder_hidden_states` is a None-registered buffer assigned the device encoder "
        "activations at :151 in the same forward, before :141 reads it.")),
    21: ("fla/fla/models/kda/modeling_kda.py", 162, "OFL103", "mlp_res_proj.weight", C(
        "leaf", GO + ATTNRES + "KDABlock.forward (:162).")),
    22: ("fla/fla/models/delta_net/modeling_delta_net.py", 128, "OFL103", "attn_res_proj.weight", C(
        "leaf", GO + ATTNRES + "DeltaNetBlock.forward (:128).")),
    23: ("supergradients/src/super_gradients/modules/qarepvgg_block.py", 220, "OFL103", "branch_1x1.weight", F(
        "P", REPVGG + "QARepVGGBlock._get_equivalent_kernel_bias_for_branches (:220) pads branch_1x1.weight and adds "
        "it to kernel3x3 (from branch_3x3's conv / BN) and id_tensor: all offloaded together.")),
    24: ("fla/fla/models/bitnet/modeling_bitnet.py", 188, "OFL104", "mlp_res_norm.weight", C(
        "leaf", GO + ATTNRES + "BitNetBlock.forward (:188).")),
    25: ("nnunet/nnunetv2/training/nnUNetTrainer/pretraining/dynamicPretrainedTrainer.py", 104, "OFL207", "network", F(
        "AL", "nnU-Net DynamicPretrainedTrainer.initialize, `if self.is_ddp:` branch: " + TRAINER +
        "The next lines convert to SyncBatchNorm and wrap in DDP; the optimizer and scheduler are built just before "
        "(:102).")),
    26: ("invokeai/invokeai/backend/z_image/z_image_controlnet_extension.py", 127, "OFL201", "_adapter.control_all_x_embedder[i]", T(
        "block", GO + ZIMG + "prepare_control_state (:127).")),
    27: ("supergradients/src/super_gradients/training/models/classification_models/beit.py", 440, "OFL102", "fc_norm", T(
        "block", GO + "super-gradients Beit.forward_head (public, timm-style; Beit.forward runs forward_features "
        "then forward_head, :446-447): with the default global_pool='avg' (also the registered models') fc_norm is a "
        "LayerNorm, a direct non-list child of the root, in the root's group; called directly (feature / head "
        "use), `self.fc_norm(x)` (:440) runs outside the root's forward with CPU weights against the device x. "
        "Label risk: true only through the public-method standard (nothing in the tree calls forward_head except "
        "forward).")),
    28: ("fla/fla/layers/lightnet.py", 233, "OFL104", "g_norm.weight", T(
        "leaf", GO + "As row 5 (the same call, g_norm.weight at :233).")),
    29: ("fastnlp/fastNLP/core/drivers/torch_driver/fairscale.py", 173, "OFL207", "model", F(
        "AL", "fastNLP FairScaleDriver.setup (:173): " + TRAINER + "setup then calls configure_ddp (FairScale "
        "ShardedDDP / FSDP for the Trainer).")),
    30: ("supar/supar/models/const/aj/model.py", 315, "OFL102", "label_embed", T(
        "block", GO + "supar AttachJuxtaposeConstituencyModel.rightmost_chain, reached from loss() (training) and "
        "decode() (parsing), which the Parser calls after model(words, feats) returned: label_embed (an nn.Embedding, "
        "a direct non-list child) is in the root's group, offloaded again after forward; `self.label_embed"
        "(span_labels)` (:315) indexes the CPU table with device span labels and its output meets the device x "
        "(:316).")),
    31: ("supergradients/src/super_gradients/training/models/kd_modules/kd_module.py", 92, "OFL102", "student.replace_input_channels", F(
        "AL", SURGERY + "KDModule.replace_input_channels (:92) forwards to the student's.")),
    32: ("nnunet/nnunetv2/training/nnUNetTrainer/pretraining/thrp_primusx_finetuning.py", 114, "OFL207", "network", F(
        "AL", "nnU-Net PretrainedTrainer_Primusx.initialize (:114, `if self.is_ddp:`): " + TRAINER)),
    33: ("supergradients/src/super_gradients/training/sg_trainer/sg_trainer.py", 1874, "OFL207", "net", F(
        "AL", "super-gradients Trainer._switch_device (:1874; nothing in the tree calls it): the "
        "Trainer's device switch for the network it trains: " + TRAINER)),
    34: ("invokeai/invokeai/backend/ideogram4/modeling_ideogram4.py", 301, "OFL105", "next(self.parameters())", F(
        "P", "InvokeAI Ideogram4Transformer.device property (`return next(self.parameters()).device`): the only "
        "sink is RETURN, and nothing in the tree reads `.device` of an Ideogram4Transformer (the denoise code gets "
        "`device` passed in, ideogram4/denoise.py:43; grep finds no `transformer.device` use), so no tensor is "
        "placed with it. A returned device with no user is no mismatch (rounds at / au's P: RETURN as a sink on "
        "its own).")),
    35: ("invokeai/invokeai/backend/image_util/hed.py", 68, "OFL101", "norm", T(
        "leaf", GO + "InvokeAI ControlNetHED_Apache2 (the HED edge detector) defines `__call__` instead of forward "
        "(:67): `model(x)` runs the class's __call__, so the hooks that diffusers installs on the instance's forward "
        "never fire; at leaf level the root's own parameter `norm` is grouped on that forward and stays on the "
        "offload device: `x - self.norm` (:68) meets the device image. (Block level too: every child is in the "
        "root's unmatched group for the same reason.)")),
    36: ("fastreid/projects/FastDistill/fastdistill/resnet_distill.py", 203, "OFL102", "conv1", F(
        "AH", "fast-reid FastDistill ResNet (build_resnet_backbone_distill, a registry backbone) is built only as "
        "a meta-architecture's `backbone` (a direct non-list child); extract_feature is called by Distiller / "
        "overhaul's forward (overhaul.py:81 `self.backbone.extract_feature(images, preReLU=True)`, :96 for the "
        "teachers, which are held in a plain list). Under the real root the backbone is in the root's unmatched "
        "group, onloaded while the root's forward runs: safe. The finding judges ResNet as its own root.")),
    37: ("supergradients/src/super_gradients/training/models/segmentation_models/regseg.py", 302, "OFL102", "stem.replace_input_channels", F(
        "AL", SURGERY + "RegSeg.replace_input_channels (:302) forwards to the stem's.")),
    38: ("supergradients/src/super_gradients/modules/qarepvgg_block.py", 226, "OFL101", "alpha", F(
        "P", REPVGG + "`kernel3x3 + self.alpha * kernel1x1 + kernelid` (:226).")),
    39: ("supergradients/src/super_gradients/modules/conv_bn_act_block.py", 96, "OFL102", "act", F(
        "KA", "super-gradients Conv.fuseforward (:96) `self.act(self.conv(x))`: `act` is `activation_type()`, an "
        "activation class: the constructions pass variables (yolo_base.py:229 / :396 / :401, csp_darknet53.py:50-101) "
        "that the YOLO builders set to `nn.SiLU if arch_params.yolo_type == 'yoloX' else nn.Hardswish` (yolo_base.py:345) "
        "or a caller's activation class; it holds no weight, so calling it outside the root's onload reads nothing "
        "offloaded. (Nothing in the tree calls fuseforward either.)")),
    40: ("audiosep/audio_separator/separator/uvr_lib_v5/demucs/transformer.py", 490, "OFL204", "layers", T(
        "leaf", GO + DEMUCS + MHA + "CrossTransformerEncoder.layers (:490).")),
    41: ("colbert/baleen/condenser/model.py", 49, "OFL105", "device", T(
        "leaf", GO + "ColBERT / Baleen ElectraReader (a transformers ElectraPreTrainedModel, loaded by "
        "baleen/condenser/condense.py:34 `ElectraReader.from_pretrained(...)`): `self.device` is the first "
        "parameter's device (electra.embeddings.word_embeddings, an nn.Embedding hooked on its own forward at leaf "
        "level: on the offload device outside it); `torch.ones(1, device=self.device)` is made on the CPU and "
        "torch.cat with the device flat_scores (:49) fails.")),
    42: ("audiosep/audio_separator/separator/uvr_lib_v5/tfc_tdf_v3.py", 244, "OFL203", "encoder_blocks[i].downscale", T(
        "block", GO + TFC + "encoder_blocks[i].downscale (:244).")),
    43: ("audiosep/audio_separator/separator/uvr_lib_v5/demucs/transformer.py", 323, "OFL204", "cross_attn", T(
        "leaf", GO + DEMUCS + MHA + "CrossTransformerEncoderLayer.cross_attn (:323), called in _ca_block.")),
    44: ("nnunet/nnunetv2/training/nnUNetTrainer/pretraining/pretrainedTrainer.py", 130, "OFL207", "network", F(
        "AL", "nnU-Net PretrainedTrainer.initialize (:130, `if self.is_ddp:`): " + TRAINER)),
    45: ("invokeai/invokeai/backend/llava_onevision_pipeline.py", 74, "OFL202", "_vllm_model.generate", F(
        "BB", "InvokeAI LlavaOnevisionPipeline.run calls `self._vllm_model.generate(**inputs, max_new_tokens=..., "
        "do_sample=False, streamer=TextIteratorStreamer(...))` (:63-74). The component finding it cites, OFL105 at "
        "transformers generation/utils.py:2778 (`torch.tensor(sequences, device=self.device)`), is on generate's "
        "continuous-batching branch, which this call never takes (it passes no continuous-batching config, and that "
        "branch raises NotImplementedError for a streamer, :2749-2750); and that tensor is the returned token ids, "
        "not met with weights. The ordinary generate path calls the model's forward, whose hooks onload it. The "
        "issue's class 6 ('OFL202 that cites a component finding its caller's path never reaches').")),
    46: ("invokeai/invokeai/backend/ip_adapter/resampler.py", 162, "OFL203", "layers[i][i]", T(
        "block", GO + "InvokeAI IP-Adapter Plus Resampler (held by the IPAdapter class, a RawModel, not an "
        "nn.Module, so the Resampler is an offload root of its own): self.layers is a ModuleList of "
        "ModuleList([PerceiverAttention, FeedForward]) and forward unpacks each pair (`for attn, ff in self.layers`, "
        ":161-163): at block level each inner ModuleList is a hooked group on its own forward, which never runs, so "
        "attn / ff weights stay on the offload device and meet the device latents.")),
    47: ("invokeai/invokeai/backend/image_util/hed.py", 57, "OFL205", "", T(
        "leaf", GO + "As row 35: ControlNetHED_Apache2 owns `norm` and defines no forward (its `__call__` runs "
        "instead), so its own group is never onloaded at leaf level.")),
    48: ("fastnlp/fastNLP/modules/torch/decoder/crf.py", 306, "OFL101", "_constrain", T(
        "block+leaf", GO + "fastNLP ConditionalRandomField.viterbi_decode, reached from SeqLabeling.predict -> "
        "_decode (sequence_labeling.py:181; the Tester / users call predict, outside forward): `_constrain` is the "
        "CRF's own nn.Parameter (requires_grad=False); at leaf level grouped on the CRF's forward, at block level in "
        "SeqLabeling's root group: both outside their onload here, so `transitions = self._constrain.data.clone()` is "
        "on the CPU and `vscore += transitions[n_tags, :n_tags]` (:309) meets the device logits.")),
    49: ("fla/fla/layers/mamba2.py", 490, "OFL105", "conv1d.weight", T(
        "leaf", GO + "fla Mamba2: forward takes cuda_kernels_forward only when `'cuda' in self.in_proj.weight.device"
        ".type` (:683); at leaf level in_proj's weight is on the offload device outside its forward, so torch_forward "
        "always runs. Its decode step (a cache present) places the conv state with conv1d.weight's device (:490, the "
        "CPU: conv1d is hooked on its own forward, not called here) and multiplies it with the CPU conv1d.weight "
        "(:492-494); the CPU result then meets the device gate / dt from in_proj's output: generation with a cache "
        "fails.")),
    50: ("supergradients/src/super_gradients/training/models/detection_models/pp_yolo_e/pp_yolo_head.py", 184, "OFL105", "pred_cls[i].weight", F(
        "AL", SURGERY + "PPYOLOEHead.replace_num_classes (:184) builds the new pred_cls convs on the old head's "
        "device and initialises them with torch.nn.init.constant_: CPU with CPU.")),
    51: ("audiosep/audio_separator/separator/uvr_lib_v5/tfc_tdf_v3.py", 251, "OFL203", "decoder_blocks[i].tfc_tdf", T(
        "block", GO + TFC + "decoder_blocks[i].tfc_tdf (:251).")),
    52: ("audiosep/audio_separator/separator/uvr_lib_v5/roformer/mel_band_roformer.py", 381, "OFL203", "layers[i][i]", T(
        "block", GO + "audio-separator MelBandRoformer (the Separator's Roformer models): self.layers is a ModuleList "
        "of ModuleList([time_transformer, freq_transformer]) and forward unpacks each pair (:377-387): at block level "
        "each inner ModuleList is a hooked group on its own forward, never run; the transformers' weights stay on the "
        "offload device and meet the device x.")),
    53: ("supergradients/src/super_gradients/training/models/detection_models/yolo_nas/dfl_heads.py", 182, "OFL105", "next(self.parameters())", T(
        "block+leaf", GO + "super-gradients NDFLHeads.cache_anchors (YOLO-NAS's head; public, "
        "@torch.jit.ignore, for a fixed eval size): `device = infer_model_device(self)` (:182, the first parameter's "
        "device: the offload device outside forward) places anchor_points / stride_tensor on the CPU and registers "
        "them as buffers (:186-187) after offloading was applied (in no group); forward then uses them "
        "(`if self.eval_size:`) with the device predictions. Label risk: nothing in the tree calls NDFLHeads."
        "cache_anchors (PPYOLOE's prep_model_for_conversion calls its own head's); true through the public-method "
        "standard.")),
    54: ("audiosep/audio_separator/separator/uvr_lib_v5/tfc_tdf_v3.py", 249, "OFL203", "decoder_blocks[i].upscale", T(
        "block", GO + TFC + "decoder_blocks[i].upscale (:249).")),
    55: ("supergradients/src/super_gradients/modules/repvgg_block.py", 112, "OFL101", "alpha", F(
        "P", REPVGG + "RepVGGBlock._get_equivalent_kernel_bias (:112).")),
    56: ("audiosep/audio_separator/separator/uvr_lib_v5/demucs/transformer.py", 492, "OFL204", "layers_t", T(
        "leaf", GO + DEMUCS + MHA + "CrossTransformerEncoder.layers_t (:492).")),
    57: ("invokeai/invokeai/backend/z_image/z_image_controlnet_extension.py", 273, "OFL201", "_adapter.control_all_x_embedder[i]", T(
        "block", GO + ZIMG + "compute_hints (:273).")),
    58: ("invokeai/invokeai/backend/flux/extensions/xlabs_ip_adapter_extension.py", 75, "OFL201", "_model.ip_adapter_double_blocks.double_blocks[i].ip_adapter_double_stream_k_proj", T(
        "block", GO + XLABS + "k_proj (:75).")),
    59: ("invokeai/invokeai/backend/flux/extensions/xlabs_ip_adapter_extension.py", 55, "OFL201", "_model.image_proj", T(
        "block", GO + XLABS + "image_proj (:55).")),
    60: ("invokeai/invokeai/backend/flux/extensions/xlabs_ip_adapter_extension.py", 76, "OFL201", "_model.ip_adapter_double_blocks.double_blocks[i].ip_adapter_double_stream_v_proj", T(
        "block", GO + XLABS + "v_proj (:76).")),
}

L = labels_of_rows(HERE, R, "/corp46/")

if __name__ == "__main__":
    write_labels(HERE, L)
