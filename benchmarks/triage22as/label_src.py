"""Write benchmarks/triage22as/labels.json (round as; the 60 drawn rows of the shown findings of seven libraries).

Standard of rounds x-ar: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, loaders, configs and tests use the class (training counts; a public method counts as called; a line that
would meet the hazard on its own counts even where an earlier line of the same cause fails first; an offloaded weight
that reaches computation outside its group's onload counts only where it meets the compute device, as the tracking
backend judges: a call whose inputs the library itself placed with `self.device` (the offload device) and that
returns to CPU-only readers is P -- label risk (a) of the doc); C when true only
under a non-default option the library ships, documents or tests; false with a cause letter otherwise. Letters used
here, all earlier rounds': AB code nothing in the library builds or calls (`api`: true on the second reading); BB a
branch no doc, config, loader or test takes; BE a method reached only through a forward() of its class (its
hierarchy); KA a call into a component's submodule whose method reads no weight; P where a value's device comes from /
where it goes (every reader of the value is CPU-only, or the next hook moves it). No new letter this round.

Rows are authored by draw number with their (path, line, code, attribute) written out; the script stops if a drawn row's
key differs. The runtime column is filled from runtime_column.json where a run exists.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, ConvTranspose, Linear, Embedding, by isinstance) on its own forward and "
      "groups a non-leaf module's own parameters / buffers on that module's forward; every hook moves its args / "
      "kwargs to the onload device; the hooks replace the instance's `forward`.) ")

MHA = ("nn.MultiheadAttention hands out_proj.weight / bias to F.multi_head_attention_forward without calling out_proj "
       "(an nn.Linear subclass hooked on its own forward at leaf level): CPU weights against the device queries. ")

SP = ("spandrel: a user loads a checkpoint with ModelLoader and gets the architecture class (the offload root) and "
      "calls `model(x)`. ")

SILENT = ("Label risk (a): offloading is silently defeated there (the whole call computes on the offload device, "
          "the CPU, with the never-onloaded weights); the tracking runs report such calls untriggered, and this round "
          "follows them (a strict-user reading would count the row true). ")

CFM = ("torchcfm runner/src/models/components/mlpode.py (MLPODEF, BayesMLPODEF, DeepEnsHyperMLPODEF) and its "
       "BayesLinear are built by no config, script, test or notebook of the tree (the runner's Hydra configs name "
       "other models; `grep` finds the classes only in base.py / mlpode.py), and the regularizers / samplers flagged "
       "are called by nothing; research code outside the pip package (torchcfm/). ")

R = {
    1: ("spandrel/libs/spandrel/spandrel/architectures/GFPGAN/__arch/stylegan2_bilinear_arch.py", 428, "OFL105",
        "constant_input.weight", F(
            "AB", "StyleGAN2GeneratorBilinear.make_noise is called nowhere in spandrel (GFPGAN's generator subclass "
            "overrides forward and draws its noise from `out.new_empty`); on a public reading the CPU noises it "
            "returns reach StyleConv as a kwarg, which StyleConv's hook moves, so not `api` either.")),
    2: ("gliner/gliner/model.py", 2158, "OFL102", "model", F(
        "P", "gliner: users hold the object GLiNER.from_pretrained returns (a BaseEncoderGLiNER, an nn.Module whose "
        "`model` child is the network) and call predict_entities / inference, which reach run_batch -> "
        "`self.model(**model_inputs)` (:2158) outside BaseEncoderGLiNER.forward: at block level `model` is in the "
        "root's group and never onloaded there, but run_batch first moves the batch to `self.device` (:2149, the "
        "first parameter's device: the offload device), so the network runs on the offload device with offload-device "
        "inputs and its outputs go to CPU post-processing: they never meet a compute-device tensor. " + SILENT)),
    3: ("spandrel/libs/spandrel/spandrel/architectures/IPT/__arch/ipt.py", 342, "OFL204", "self_attn", T(
        "leaf", GO + MHA + SP + "IPT's TransformerDecoderLayer.self_attn (:342), called in its forward (:368); "
        "VisionTransformer.forward runs the decoder on every path (:203-212).")),
    4: ("gliner/gliner/modeling/multitask/relations_layers.py", 130, "OFL204", "attn", U(
        "leaf", GO + MHA + "gliner AttentionAdjacency (relation_mode 'attention' / 'attn' of RelationsRepLayer, "
        ":378-379) calls self.attn(X, X, X, need_weights=True) (:143): out_proj is still applied to the output. C: "
        "relations_layer is a relex-model option (config.relations_layer, base.py:2114-2117); 'attention' is listed "
        "only in RelationsRepLayer's docstring; docs/configs.md lists dot / gcn / gat; no config or test sets it.")),
    5: ("torchcfm/runner/src/models/components/base.py", 328, "OFL101", "weight_isp_std", F(
        "AB", CFM + "BayesLinear.sample_weights is reached only from DeepEnsHyperMLPODEF.get_structures (mlpode.py"
        ":271), whose result goes to `.cpu().numpy()`.")),
    6: ("torchcfm/runner/src/models/components/mlpode.py", 93, "OFL103", "fc1.weight", F(
        "AB", CFM + "MLPODEF.group_weights: no caller.")),
    7: ("torchcfm/runner/src/models/components/base.py", 345, "OFL101", "bias_mean", F(
        "AB", CFM + "BayesLinear.sample: called from BayesLinear.forward (inside its own hook) and from "
        "BayesMLPODEF.get_structure (mlpode.py:251, result to `.cpu().numpy()`); neither model is built.")),
    8: ("spandrel/libs/spandrel/spandrel/architectures/AuraSR/__arch/aura_sr.py", 371, "OFL203", "layers[i][i]", F(
        "AB", "AuraSR's UnetUpsampler picks `attn_klass = FullAttention if layer_full_attn else LinearTransformer` and "
        "then builds `attn_klass(...) if layer_full_attn else None` (:528-541, :583-596): LinearTransformer is never "
        "instantiated; block level would moreover need LinearTransformer itself as the offload root.")),
    9: ("chronos/src/chronos/chronos2/model.py", 426, "OFL105", "device", T(
        "leaf", GO + "chronos Chronos2Model (a transformers PreTrainedModel; `self.device` is its first parameter's, "
        "`shared`, an nn.Embedding hooked on its own forward at leaf level and offloaded while forward runs): "
        "_prepare_patched_context (from encode, :593, inside forward) places context_time_enc on the CPU and "
        "concatenates it with the patched context (:440), on the compute device when the model is called with device "
        "tensors (pipeline.fit's HF Trainer, direct calls). Block level: inside forward the root's group is onloaded; "
        "refuted there.")),
    10: ("spandrel/libs/spandrel/spandrel/architectures/Uformer/__arch/Uformer.py", 1667, "OFL102",
         "encoderlayer_1.flops", F(
             "KA", "Uformer.flops sums each layer's flops(), which compute with ints (resolution, dims, window "
             "sizes); none of the 21 flops() methods of the file reads a weight.")),
    11: ("spandrel/libs/spandrel/spandrel/architectures/Uformer/__arch/Uformer.py", 1189, "OFL103",
         "modulator.weight", T(
             "leaf", GO + SP + "Uformer's loader sets modulator from the checkpoint (`...modulator.weight` in "
             "state_dict, __init__.py:83; the official Uformer-B weights have it; tests build modulator=True). "
             "LeWinTransformerBlock.forward adds the nn.Embedding's weight (hooked on its never-called forward) to "
             "the device windows: `x_windows + self.modulator.weight` (:1189, with_pos_embed).")),
    12: ("ncps/ncps/torch/cfc_cell.py", 155, "OFL103", "ff2.bias", T(
        "leaf", GO + "ncps CfC with a wiring (the README's `CfC(in, AutoNCP(...))`) builds its layers as "
        "WiredCfCCell -> CfCCell(sparsity_mask=...) (wired_cfc_cell.py:55); CfCCell.forward then runs "
        "`F.linear(x, self.ff2.weight * self.sparsity_mask, self.ff2.bias)` (:155) without calling ff2 (an nn.Linear "
        "hooked on its own forward at leaf level): CPU weight / bias against the device x (sparsity_mask is the "
        "cell's own parameter, onloaded).")),
    13: ("torchcfm/runner/src/models/components/mlpode.py", 230, "OFL104", "fc1.weight", F(
        "AB", CFM + "BayesMLPODEF.group_weights: no caller.")),
    14: ("chronos/src/chronos/chronos_bolt.py", 494, "OFL202", "model.encode", F(
        "P", "chronos ChronosBoltPipeline.embed (public, README) calls self.model.encode (:494) outside "
        "ChronosBoltModelForForecasting.forward: at block level input_patch_embedding, shared and the T5 encoder sit "
        "in the root's group, not onloaded; but embed moves the context to `self.model.device` (:490-493, the offload "
        "device) and `.cpu()`s the result (:495-498), so nothing meets a compute-device tensor. " + SILENT)),
    15: ("spandrel/libs/spandrel/spandrel/architectures/SPAN/__arch/span.py", 176, "OFL103", "sk.weight", F(
        "P", "SPAN Conv3XC.update_params (run by forward in eval) reads conv[0..2] / sk weights via `.data` without "
        "calling them: at leaf level they are all on the CPU, so `self.weight_concat + sk_w` (:176) is CPU + CPU; "
        "the result is assigned to eval_conv.weight.data and eval_conv's own hook moves it to the device when "
        "eval_conv(x) runs right after (:199). Conv3XC has no own tensors (no hook of its own).")),
    16: ("spandrel/libs/spandrel_extra_arches/spandrel_extra_arches/architectures/DDColor/__arch/ddcolor.py", 391,
         "OFL103", "query_embed.weight", U(
             "leaf", GO + "DDColor SingleColorDecoder.forward passes the nn.Embedding's weight (never called) as the "
             "query embedding to its Transformer (no own tensors, no hook): `tgt = zeros_like(query_embed)` and "
             "`tgt + query_pos` stay on the CPU until the first MultiheadAttention's hook moves them, and "
             "`tgt + dropout(tgt2)` (transformer.py) meets the device output. C: spandrel's DDColor loader picks "
             "SingleColorDecoder only for checkpoints without `color_decoder.query_feat` (__init__.py:134-146; "
             "tested, tests/test_DDColor.py:51-56); the published DDColor weights use MultiScaleColorDecoder.")),
    17: ("gliner/gliner/modeling/multitask/relations_layers.py", 293, "OFL204", "attn", U(
        "leaf", GO + MHA + "gliner GATDecoder (relations_layer='gat', documented in docs/configs.md:688-697 for relex "
        "models) calls self.attn in forward. C: relations_layer is an option of relation-extraction models, 'gat' "
        "one of three documented choices; no config or test sets it (configs/config_relex.yaml: null).")),
    18: ("audio-diffusion-pytorch/audio_diffusion_pytorch/models.py", 217, "OFL102", "to_flat", T(
        "block", GO + "audio-diffusion-pytorch README: `vocoder.sample(mel_spectrogram, num_steps=10)` "
        "(README.md:130). DiffusionVocoder.sample calls self.to_flat (an nn.ConvTranspose1d direct child of the root, "
        "in the root's group) outside forward: CPU weight against the spectrogram on the compute device.")),
    19: ("spandrel/libs/spandrel_extra_arches/spandrel_extra_arches/architectures/DDColor/__arch/ddcolor.py", 305,
         "OFL103", "level_embed.weight", T(
             "leaf", GO + SP + "DDColor MultiScaleColorDecoder.forward (the published weights' decoder) adds "
             "`self.level_embed.weight[i]` (an nn.Embedding never called) to the device projections (:303-306).")),
    20: ("spandrel/libs/spandrel_extra_arches/spandrel_extra_arches/architectures/DDColor/__arch/transformer.py", 252,
         "OFL204", "self_attn", U(
             "leaf", GO + MHA + "DDColor transformer.py TransformerDecoderLayer.self_attn, built only under "
             "SingleColorDecoder (row 16's C).")),
    21: ("spandrel/libs/spandrel/spandrel/architectures/Uformer/__arch/Uformer.py", 1678, "OFL102", "conv.flops", F(
        "KA", "As row 10 (the bottleneck layer's flops()).")),
    22: ("snac/snac/snac.py", 90, "OFL102", "decoder", T(
        "block", GO + "snac README: `codes = model.encode(audio)`, `audio_hat = model.decode(codes)` with the model "
        "and audio on cuda. SNAC's encoder / quantizer / decoder are custom modules (no ModuleList / Sequential direct "
        "child), in the root's group, onloaded only by SNAC.forward; decode calls self.decoder (:90) outside it: CPU "
        "weights against the device latents.")),
    23: ("chronos/src/chronos/chronos2/model.py", 599, "OFL102", "input_patch_embedding", F(
        "P", "As row 14, Chronos-2: Chronos2Pipeline.embed (pipeline.py:1130) moves context and group ids to "
        "`self.model.device` (the offload device) before calling encode, and `.cpu()`s the embeddings: at block level "
        "(the row's level) input_patch_embedding (:599), shared and the encoder run on the offload device with "
        "offload-device inputs. " + SILENT)),
    24: ("chronos/src/chronos/chronos2/model.py", 490, "OFL105", "device", T(
        "leaf", GO + "As row 9: _prepare_patched_future places patched_future_covariates (:490), its mask (:493) and "
        "future_time_enc (:499) with self.device (the CPU at leaf level); the mask comes back from encode and meets "
        "the device quantile loss in _compute_loss (`future_target_mask.float() * inv_future_covariate_mask`, :562) "
        "when training (pipeline.fit); with future covariates on the device, :512 concatenates them with the CPU time "
        "encoding. The zeros of :490 alone are embedded through a hook (moved). Block level refuted as row 9.")),
    25: ("snac/snac/vq.py", 94, "OFL102", "quantizers[i].decode_code", T(
        "block", GO + "As row 22: SNAC.decode -> quantizer.from_codes -> quantizers[i].decode_code (:94) -> "
        "F.embedding(codes, codebook.weight): the codebook is in SNAC's group, not onloaded, against device codes.")),
    26: ("torchcfm/runner/src/models/components/base.py", 413, "OFL101", "bias_isp_std", F(
        "AB", CFM + "BayesLinear.kl_with_prior: called only by compute_kl_term / kl_reg of BayesMLPODEF, which no code "
        "calls.")),
    27: ("torchcfm/runner/src/models/components/base.py", 411, "OFL101", "weight", F(
        "AB", "As row 26.")),
    28: ("spandrel/libs/spandrel/spandrel/architectures/RestoreFormer/__arch/restoreformer_arch.py", 747, "OFL102",
         "encoder", F(
             "BE", "RestoreFormer.encode is called only by RestoreFormer.forward (:758), inside the root's hook; "
             "spandrel calls `model(x)`.")),
    29: ("torchcfm/runner/src/models/components/mlpode.py", 87, "OFL103", "fc1.weight", F(
        "AB", CFM + "MLPODEF.grn_reg: no caller.")),
    30: ("gliner/gliner/modeling/base.py", 824, "OFL102", "cross_fuser", F(
        "BE", "gliner BaseBiEncoderModel.features_enhancement is reached from get_representations (:882), which only "
        "the subclasses' forward() call (BiEncoderSpanModel :963, BiEncoderTokenModel :1144): inside the root's "
        "hook.")),
    31: ("spandrel/libs/spandrel_extra_arches/spandrel_extra_arches/architectures/DDColor/__arch/ddcolor.py", 315,
         "OFL103", "query_embed.weight", T(
             "leaf", GO + SP + "As row 19: query_embed.weight (never called) becomes query_pos of every cross / "
             "self-attention layer (no own tensors, no hook): `tgt + query_pos` meets the device output from the "
             "second layer on (and from the first once query_feat, row 37, is fixed).")),
    32: ("torchcfm/runner/src/models/components/mlpode.py", 592, "OFL102", "fc1.get_structures", F(
        "AB", CFM + "DeepEnsHyperMLPODEF.l1_reg: no caller.")),
    33: ("spandrel/libs/spandrel_extra_arches/spandrel_extra_arches/architectures/CodeFormer/__arch/codeformer.py", 40,
         "OFL103", "embedding.weight", F(
             "AB", "codeformer.py VectorQuantizer.forward runs only from VQAutoEncoder.forward (:387), which "
             "CodeFormer (the only class spandrel builds from this file) overrides; nothing builds VQAutoEncoder "
             "alone. The same weight's read in get_codebook_feat, which CodeFormer.forward calls, is row 39 (true).")),
    34: ("spandrel/libs/spandrel/spandrel/architectures/Swin2SR/__arch/Swin2SR.py", 195, "OFL103", "qkv.weight", T(
        "leaf", GO + SP + "Swin2SR WindowAttention.forward: `F.linear(input=x, weight=self.qkv.weight, bias=qkv_bias)` "
        "(:195) without calling qkv (an nn.Linear hooked on its own forward): CPU weight against the device x.")),
    35: ("spandrel/libs/spandrel/spandrel/architectures/Uformer/__arch/Uformer.py", 1670, "OFL102",
         "encoderlayer_2.flops", F("KA", "As row 10.")),
    36: ("spandrel/libs/spandrel/spandrel/architectures/IPT/__arch/ipt.py", 345, "OFL204", "multihead_attn", T(
        "leaf", GO + MHA + "As row 3: TransformerDecoderLayer.multihead_attn (:345), called at :371.")),
    37: ("spandrel/libs/spandrel_extra_arches/spandrel_extra_arches/architectures/DDColor/__arch/ddcolor.py", 316,
         "OFL103", "query_feat.weight", T(
             "leaf", GO + SP + "As row 19: `output = self.query_feat.weight...` (:316), the CPU query features, "
             "goes through CrossAttentionLayer (no hook) where `tgt + self.dropout(tgt2)` meets the device attention "
             "output (transformer_utils.py:113).")),
    38: ("snac/snac/vq.py", 39, "OFL103", "codebook.weight", T(
        "leaf", GO + "snac VectorQuantize.embed_code: `F.embedding(embed_id, self.codebook.weight)` (:39) without "
        "calling codebook (an nn.Embedding hooked on its own forward); reached from forward's decode_latents and from "
        "SNAC.decode: CPU codebook against device indices.")),
    39: ("spandrel/libs/spandrel_extra_arches/spandrel_extra_arches/architectures/CodeFormer/__arch/codeformer.py", 92,
         "OFL103", "embedding.weight", T(
             "leaf", GO + SP + "CodeFormer.forward calls quantize.get_codebook_feat (:734), whose "
             "`torch.matmul(min_encodings.float(), self.embedding.weight)` (:92) reads the never-called nn.Embedding's "
             "CPU weight against the device one-hot codes.")),
    40: ("gliner/gliner/modeling/encoder.py", 777, "OFL102", "projection", F(
        "BE", "As row 30: Encoder.encode_text is reached from BaseBiEncoderModel.get_representations (base.py:862), "
        "called only from the bi-encoder models' forward.")),
    41: ("spandrel/libs/spandrel/spandrel/architectures/AuraSR/__arch/aura_sr.py", 632, "OFL105",
         "style_network.net[i].weight", F(
             "P", "AuraSR UnetUpsampler.device (style_network.net[0] is an EqualLinear, own parameters on the CPU "
             "at leaf level) places the style noise on the CPU (:666-671); its only reader is self.style_network "
             "(F.normalize, then net's first EqualLinear, whose hook moves it to the device).")),
    42: ("audio-diffusion-pytorch/audio_diffusion_pytorch/models.py", 111, "OFL102", "encoder", T(
        "block", GO + "README: `latent = autoencoder.encode(audio)` (README.md:169). DiffusionAE.encode calls "
        "self.encoder (a custom module in the root's group) outside forward: CPU weights against the device audio.")),
    43: ("snac/snac/snac.py", 84, "OFL102", "encoder", T(
        "block", GO + "As row 22: SNAC.encode (README) calls self.encoder and self.quantizer outside forward.")),
    44: ("audio-diffusion-pytorch/audio_diffusion_pytorch/diffusion.py", 216, "OFL105", "device", F(
        "AB", "ARVSampler is built only by DiffusionAR (models.py:227-240), exported but built by no README example, "
        "test or script of the tree. On the public reading (`api`): at leaf level self.device is net's first "
        "(offloaded) weight's, the ladder sigmas are CPU tensors, and `alphas[0] * start` (:278) meets the device "
        "start chunk.", api=True)),
    45: ("spandrel/libs/spandrel_extra_arches/spandrel_extra_arches/architectures/DDColor/__arch/transformer.py", 176,
         "OFL204", "self_attn", F(
             "BB", "DDColor transformer.py TransformerEncoderLayer: SingleColorDecoder builds its Transformer with "
             "enc_layers=0 (ddcolor.py:141-144 passes none, default 0), so the encoder holds no layer and the "
             "prototype layer is not in the module tree; no loader or test sets enc_layers.")),
    46: ("gliner/gliner/model.py", 3734, "OFL105", "device", F(
        "P", "gliner run_batch moves the batch to self.device (next(self.model.parameters()).device); the batch meets "
        "only self.model (its hooks move kwargs when the network itself is offloaded; when the GLiNER object is, the "
        "whole run is on the CPU, row 2) and the decoder's CPU post-processing of the model's outputs (tokens, "
        "id_to_classes, the output tensors), never a compute-device tensor.")),
    47: ("gliner/gliner/model.py", 2149, "OFL105", "device", F("P", "As row 46 (BaseEncoderGLiNER.run_batch).")),
    48: ("gliner/gliner/model.py", 3256, "OFL105", "device", F(
        "P", "As row 46 (UniEncoderSpanDecoderGLiNER.run_batch; generate_labels reads the model's outputs).")),
    49: ("spandrel/libs/spandrel/spandrel/architectures/GFPGAN/__arch/stylegan2_arch.py", 573, "OFL105",
         "constant_input.weight", F("AB", "As row 1 (StyleGAN2Generator.make_noise, called nowhere).")),
    50: ("spandrel/libs/spandrel_extra_arches/spandrel_extra_arches/architectures/DDColor/__arch/transformer.py", 253,
         "OFL204", "multihead_attn", U("leaf", GO + MHA + "As row 20 (cross-attention; SingleColorDecoder, C).")),
    51: ("spandrel/libs/spandrel/spandrel/architectures/HVICIDNet/__arch/HVI_transform.py", 7, "OFL205", "", T(
        "leaf", GO + SP + "HVI-CIDNet: CIDNet.forward calls self.trans.HVIT(x) (cidnet.py:79); RGB_HVI defines no "
        "forward, so at leaf level its own parameter density_k (shape [1], not 0-dim) is grouped on a forward nothing "
        "runs, and `(...).pow(k)` (HVI_transform.py:53) meets the device image. Block level: trans is in the root's "
        "group, onloaded inside CIDNet.forward (refuted there).")),
    52: ("spandrel/libs/spandrel_extra_arches/spandrel_extra_arches/architectures/DDColor/__arch/transformer_utils.py",
         79, "OFL204", "multihead_attn", T(
             "leaf", GO + MHA + "DDColor CrossAttentionLayer.multihead_attn, called in forward_post (:106; "
             "pre_norm=False, the default) by MultiScaleColorDecoder (the published weights' decoder).")),
    53: ("spandrel/libs/spandrel/spandrel/architectures/HVICIDNet/__arch/cidnet.py", 131, "OFL102", "trans.HVIT", F(
        "AB", "CIDNet.HVIT (a public method kept from the training repository, where the loss uses it) is called "
        "nowhere in spandrel. On the public reading (`api`): at block level trans is in the root's group, not "
        "onloaded outside forward, and density_k (CPU) meets the device image.", api=True)),
    54: ("chronos/src/chronos/chronos2/model.py", 616, "OFL105", "device", T(
        "leaf", GO + "As row 9: future_attention_mask on self.device (:616, the CPU at leaf level) is concatenated "
        "with the context's attention mask (:623, on the device with device inputs) and handed to the encoder with "
        "the device embeddings; group_ids (:627) likewise. Block level refuted as row 9.")),
    55: ("gliner/gliner/modeling/encoder.py", 771, "OFL102", "bert_layer", F("BE", "As row 40 (bert_layer).")),
    56: ("audio-diffusion-pytorch/audio_diffusion_pytorch/models.py", 45, "OFL102", "sampler", T(
        "block", GO + "README: `model.sample(noise, num_steps=10)` (README.md:43) on a DiffusionModel; sample calls "
        "self.sampler (VSampler, holding the shared net) outside forward: at block level net / sampler are custom "
        "modules in the root's group, not onloaded, against the device noise.")),
    57: ("snac/snac/snac.py", 89, "OFL102", "quantizer.from_codes", T(
        "block", GO + "As row 22 (SNAC.decode -> self.quantizer.from_codes, :89).")),
    58: ("snac/snac/vq.py", 95, "OFL102", "quantizers[i].out_proj", T(
        "block", GO + "As row 25 (out_proj of each quantizer, :95).")),
    59: ("spandrel/libs/spandrel/spandrel/architectures/RestoreFormer/__arch/restoreformer_arch.py", 753, "OFL102",
         "post_quant_conv", F("BE", "As row 28 (RestoreFormer.decode, called only by forward :759).")),
    60: ("chronos/src/chronos/chronos2/pipeline.py", 1130, "OFL202", "model.encode", T(
        "leaf", GO + "Chronos2Pipeline.embed -> Chronos2Model.encode (the message names `device` among what encode "
        "touches): at leaf level the context the pipeline placed with `self.model.device` (:1131, the offload device) "
        "and encode's own self.device placements (row 54) meet the compute-device embeddings the hooked layers return "
        "(model.py:605-606, :623). Block level: as row 23 (P), refuted.")),
}



L = labels_of_rows(HERE, R, "/corp43/")

if __name__ == "__main__":
    write_labels(HERE, L)
