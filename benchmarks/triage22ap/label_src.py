"""Write benchmarks/triage22ap/labels.json (round ap; the 60 drawn rows of the shown findings of eight libraries).

Standard of rounds x-ao: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, recipes, configs and tests use the class (training counts; a public method counts as called; a line that
would meet the hazard on its own counts even where an earlier line of the same cause fails first); C when true only
under a non-default option the library ships, documents or tests; false with a cause letter otherwise. Existing
letters used here: A premise about what is offloaded (a child nothing offloads alone taken as the root); AT a training wrapper
(a LightningModule task) judged the offload root; AB code nothing in the library builds or calls (`api`: true on the second reading, a public class /
method counted as used); AL one-time work the tree runs before offloading would apply; BB a branch no caller, doc,
recipe, config or test takes; BE a method reached only through a forward() of its class (onloaded there; `api` where it
is a public timm-style method a user may call directly); EC the CPU value becomes only a Python number / list; KA a
call into a component's submodule whose method reads no weight; P where a value's device comes from / where it goes
(the whole path is placed with an offloaded tensor's device and runs on the CPU, or the value reaches only a hook that
moves it); S an OFL207 move made by a test on a component it just built (tests never offload). New letters of this
round (NC on): NC a unit test's layers handed to a helper that only compares their weights (torch.equal), taken for a
call that runs them; nothing is offloaded in the CPU test.

Labels are keyed by (path, line, code, attribute) so that they follow the rows of sample.json whatever their draw
order; a drawn row without a key stops the script. Runtime column filled from runtime_column.json where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, ConvTranspose, Linear, Embedding) on its own forward and groups a non-leaf "
      "module's own parameters / buffers on that module's forward, whose hook also moves its arguments; a module without "
      "own tensors gets no hook; the hooks replace the instance's `forward`.) ")

WN = ("Legacy torch.nn.utils.weight_norm registers a forward pre-hook that recomputes the weight from its _g / _v "
      "parameters; torch runs forward pre-hooks before `forward`, where diffusers' leaf hook onloads, so the recomputed "
      "weight is made from the CPU _g / _v and the layer computes with a CPU weight against a device input. ")

CAI_USE = ("CompressAI's documented use (README, docs/source/tutorials, examples/codec.py, compressai.utils.eval_model "
           "with --cuda): build or load a zoo model, `net.update()`, then `net.compress(x)` / `net.decompress(strings, "
           "shape)` on the input's device; compress / decompress are not forward. ")

CAI_PL = ("CompressAI entropy_models/entropy_models.py EntropyBottleneck keeps matrices / biases / factors in "
          "nn.ParameterList children (:368-385). At leaf level diffusers groups a parameter with its closest module in "
          "named_modules(), here the ParameterList itself, and hooks that group on the ParameterList's forward, which "
          "nothing calls: these parameters stay on the CPU even inside EntropyBottleneck.forward, and "
          "_logits_cumulative (from _likelihood in forward, and from loss() / update()) computes them with the device "
          "input. Every CompressAI model has an entropy bottleneck (zoo bmshj2018-*, mbt2018*, cheng2020-*). ")

CAI_AR = ("CompressAI's autoregressive models decompress into y_hat = torch.zeros(..., device=z_hat.device) "
          "(google.py:673-676 / vbr.py decompress), and z_hat comes from entropy_bottleneck.decompress, which under "
          "offloading builds its output from the CPU _quantized_cdf and CPU medians (entropy_models.py:311-330, "
          ":579-584): y_crop and the CPU context_prediction weight / bias make a CPU ctx_p, which meets the device "
          "params (h_s output; h_s is a hooked Sequential / hooked convs) in torch.cat at the next line. At leaf level "
          "MaskedConv2d (an nn.Conv2d) is hooked on its own forward, never run here; at block level it sits in the "
          "root's unmatched group. Label risk: the device meeting is one line after the F.conv2d the message names. ")

CAI_AR_C = ("CompressAI's autoregressive compress: _compress_ar gets y_hat = F.pad(g_a(x)) (device) and convolves it with "
            "context_prediction.weight * mask (a MaskedConv2d, nn.Conv2d subclass: hooked on its own forward at leaf "
            "level, in the root's unmatched group at block level, never called here): CPU weight against device "
            "y_crop in F.conv2d. The models warn that GPU inference is not recommended for the autoregressive models "
            "(entropy coder on the CPU) but run it. ")

STZ_P = ("stanza constituency LSTMModel (the constituency parser's model; Trainer / the Pipeline call parse_sentences) "
         "runs everything except forward() outside forward: initial_word_queues places the word ids with "
         "`next(self.parameters()).device` (lstm_model.py:746), at block level (LSTMModel the root; only output_layers "
         "is a ModuleList) the root's unmatched group, on the CPU, so the embeddings, word LSTM, tree stacks and "
         "build_constituents / transform_word_to_constituent compute CPU with CPU; forward's hook moves the states "
         "(namedtuples) to the device for the scoring only. ")

SAMPLER = ("pythae samplers take a trained model (docs / README: `sampler = XSampler(model=my_trained_model); "
           "gen_data = sampler.sample(num_samples=...)`) and generate on self.device (cuda when available), calling the "
           "model's children directly; at block level (the VAE the root: encoder / decoder / quantizer are not "
           "ModuleList / Sequential) they sit in the unmatched group, onloaded only by the model's forward, which "
           "sampling never runs: CPU weights against device latents. Label risk: BaseSampler.__init__ moves the model "
           "to the device (base_sampler.py:43), so offloading applied before the sampler is built is undone there "
           "(NA kind); the row holds for offloading applied to the model after the sampler is built. ")

STZ_COREF = ("stanza coref CorefModel (model.py:49) is a plain object holding its nn.Module components (bert, we, pw, "
             "rough_scorer, a_scorer, sp, ...; model.py:685-708, trainable dict), as a diffusers pipeline holds its "
             "components: offloading applies per component. ")

ALN_TEST = ("allennlp tests: the test builds its own modules (setup_method / the test) and moves them with .cuda() to "
            "run on the GPU (skipped without CUDA); tests never offload, and nothing could have offloaded the module "
            "between its construction and this move. ")

K = {}


def add(path, line, code, attr, label):
    K[(path, line, code, attr)] = label


# --- CompressAI ---
add("CompressAI/compressai/models/google.py", 318, "OFL102", "entropy_bottleneck.compress", T(
    "block", GO + CAI_USE + "google.py:314-324 ScaleHyperprior.compress (bmshj2018-hyperprior): at block level "
    "entropy_bottleneck and gaussian_conditional sit in the root's unmatched group (g_a / h_a / h_s / g_s are "
    "Sequentials, hooked): EntropyBottleneck.compress subtracts the CPU medians (quantiles, :394-396) from the device "
    "z in quantize (:167-169), and build_indexes runs LowerBound's CPU `bound` buffer (shape [1]) through torch.max "
    "with the device scales (ops/bound_ops.py).", ))
add("CompressAI/compressai/models/vbr.py", 264, "OFL102", "gaussian_conditional.build_indexes", T(
    "block", GO + CAI_USE + "vbr.py:239-300 ScaleHyperpriorVbr.decompress (zoo bmshj2018-hyperprior-vbr, built with "
    "vr_entbttlnck=True, zoo/image_vbr.py:88): at block level gaussian_conditional sits in the root's unmatched group; "
    "build_indexes (entropy_models.py:720-725) runs lower_bound_scale, a LowerBound whose CPU `bound` buffer (shape "
    "[1], not a 0-dim scalar) meets the device scales_hat * scale in torch.max (scales_hat from h_s, a hooked "
    "Sequential)."))
add("CompressAI/compressai/models/vbr.py", 248, "OFL101", "Gain", T(
    "both", GO + CAI_USE + "vbr.py:248 ScaleHyperpriorVbr.decompress: scale = torch.abs(self.Gain[s]), Gain a root "
    "parameter (shape [8], :38-44) offloaded outside forward at either level: a 0-dim CPU tensor, harmless in products "
    "with device tensors, but the default path (stage 2, no_quantoffset False) expands it to a full shape "
    "(`scale.detach().expand(q_stdev.unsqueeze(dim=4).shape)`, :282-288) and concatenates it with the device q_stdev "
    "in torch.cat. Label risk: the message names an index as the meeting point; the meeting is at the cat."))
add("CompressAI/compressai/latent_codecs/gain/hyper.py", 93, "OFL102", "entropy_bottleneck.compress", F(
    "AB", "CompressAI latent_codecs/gain/hyper.py GainHyperLatentCodec (and GainHyperpriorLatentCodec, its only "
    "intended holder) is built nowhere in the tree (grep: only the latent_codecs exports); docs/source/latent_codecs.rst "
    "lists it among the predefined latent codecs users may compose. On that public-API reading it holds at block level: "
    "entropy_bottleneck in the unmatched group, its CPU medians meet the device z in EntropyBottleneck.compress's "
    "quantize.", api=True))
add("CompressAI/compressai/models/vbr.py", 908, "OFL103", "context_prediction.weight", T(
    "both", GO + CAI_AR + "This row: vbr.py:908 JointAutoregressiveHierarchicalPriorsVbr._decompress_ar (zoo "
    "mbt2018-vbr) context_prediction.weight."))
add("CompressAI/compressai/models/google.py", 713, "OFL103", "context_prediction.weight", T(
    "both", GO + CAI_AR + "This row: google.py:713 JointAutoregressiveHierarchicalPriors._decompress_ar (zoo "
    "mbt2018, cheng2020-anchor / -attn inherit it) context_prediction.weight."))
add("CompressAI/compressai/models/google.py", 714, "OFL103", "context_prediction.bias", T(
    "both", GO + CAI_AR + "This row: google.py:714 context_prediction.bias."))
add("CompressAI/compressai/models/vbr.py", 740, "OFL103", "context_prediction.mask", T(
    "both", GO + CAI_AR_C + "This row: vbr.py:740 JointAutoregressiveHierarchicalPriorsVbr._compress_ar "
    "`self.context_prediction.weight * self.context_prediction.mask` (mask: MaskedConv2d's buffer)."))
add("CompressAI/compressai/entropy_models/entropy_models.py", 581, "OFL105", "_quantized_cdf", F(
    "EC", "CompressAI entropy_models.py:579-584 EntropyBottleneck.decompress places `indexes` with "
    "self._quantized_cdf.device; the indexes are used only through `indexes[i].reshape(-1).int().tolist()` "
    "(:317) for the entropy coder and for shape checks: a Python list, no tensor meets a device through them. (The "
    "decompressed output is built with cdf.new_empty and the medians, :311-330, not with this read.)"))
add("CompressAI/compressai/entropy_models/entropy_models_vbr.py", 651, "OFL105", "_quantized_cdf", F(
    "EC", "CompressAI entropy_models_vbr.py:649-654 EntropyBottleneckVbr.decompress places `indexes` with "
    "self._quantized_cdf.device; EntropyModelVbr.decompress (:306-366) uses them only for size checks and "
    "`indexes[i].reshape(-1).int().tolist()` (:354): a Python list for the entropy coder."))
add("CompressAI/compressai/models/pointcloud/hrtzxf2022.py", 291, "OFL105", "placeholder", F(
    "BB", "CompressAI models/pointcloud/hrtzxf2022.py:284-295 XyzsLatentCodec.decompress reads "
    "self.placeholder.device only in mode 'float16'; the codec is built with mode='learned' by default (:226) and the "
    "only builder (DensityPreservingReconstructionPccModel, :114-120) passes latent_xyzs_codec=None unless a caller "
    "sets it; nothing in the tree (configs, examples, tests, docs) sets mode float16 (grep 'float16' / "
    "'latent_xyzs_codec': none)."))
for _line, _attr in ((447, "matrices[i]"), (452, "biases[i]"), (458, "factors[i]")):
    add("CompressAI/compressai/entropy_models/entropy_models.py", _line, "OFL104", _attr, T(
        "leaf", GO + CAI_PL + f"This row: entropy_models.py:{_line} {_attr}."))

# --- NeuralCompression ---
add("NeuralCompression/projects/torch_vct/model_pipeline.py", 215, "OFL102", "entropy_model.process_previous_latent_q", F(
    "P", GO + "NeuralCompression projects/torch_vct/model_pipeline.py:197-230 VCTPipeline.encode_Iscene (reached from "
    "compress_video, model_lightning.py:160) passes a fake previous latent made by _temporal_pad_token_maker "
    "(PerChannelWeight: `self.weight * self.weight.new_ones(shape)`, :68-81), itself in the root's unmatched group at "
    "block level, i.e. on the CPU, to entropy_model.process_previous_latent_q, whose weights are on the CPU too: this "
    "line computes CPU with CPU. (The device scene meets the CPU entropy model at :218, another line.)"))
add("NeuralCompression/projects/torch_vct/neural/entropy_model.py", 225, "OFL102", "patcher", F(
    "P", GO + "NeuralCompression projects/torch_vct/neural/entropy_model.py:225 VCTEntropyModel."
    "process_previous_latent_q, reached (as the message says) from VCTPipeline.encode_Iscene "
    "(model_pipeline.py:215), gets the fake previous latent made by the offloaded PerChannelWeight (on the CPU at block "
    "level) and runs the offloaded patcher on it: CPU with CPU."))
add("NeuralCompression/neuralcompression/layers/_vq_bottleneck.py", 59, "OFL104", "codebooks[i]", T(
    "leaf", GO + "NeuralCompression layers/_vq_bottleneck.py:41-59 VQBottleneck.forward reads self.codebooks[0], a "
    "parameter of the nn.ParameterList `codebooks` (_q_bottleneck.py); at leaf level diffusers groups it with the "
    "ParameterList (its closest module) and hooks that group on the ParameterList's forward, which nothing calls: the "
    "codebook stays on the CPU and quantize_vectors compares it with the device latent. Built by the zoo's MS-ILLM "
    "VQ-VAE (zoo/_msillm_vqvae.py:69)."))

# --- pythae (benchmark_VAE) ---
add("benchmark_VAE/src/pythae/models/rhvae/rhvae_model.py", 543, "OFL101", "beta_zero_sqrt", T(
    "both", GO + "pythae models/rhvae/rhvae_model.py RHVAE.get_nll (public; pythae's tests and "
    "examples/scripts/reproducibility call get_nll on the models) divides device gamma (randn_like of the device "
    "latents, :541-543) by the root parameter beta_zero_sqrt (shape [1], :81-83), offloaded outside forward at both "
    "levels: a 1-element CPU tensor, not a 0-dim scalar, against device tensors."))
add("benchmark_VAE/src/pythae/models/rhvae/rhvae_model.py", 459, "OFL101", "beta_zero_sqrt", T(
    "both", GO + "pythae rhvae_model.py:457-462 RHVAE._tempering, reached from predict() and get_nll() (public), "
    "computes beta_k from the root parameter beta_zero_sqrt (shape [1], CPU outside forward at both levels); the CPU "
    "result then scales the device rho (`rho = (beta_sqrt_old / beta_sqrt) * rho__`). Label risk: the meeting is at "
    "the caller's product, not in the Python-number arithmetic the message names."))
add("benchmark_VAE/src/pythae/models/hvae/hvae_model.py", 155, "OFL101", "beta_zero_sqrt", T(
    "both", GO + "pythae models/hvae/hvae_model.py:151-157 HVAE._tempering, reached from get_nll (:180-, public), "
    "computes beta_k from the root parameter beta_zero_sqrt (shape [1], :54-57; CPU outside forward at both levels); "
    "get_nll then multiplies the device rho__ with it (:230-231). Label risk: the meeting is at the caller's product."))
add("benchmark_VAE/src/pythae/models/vq_vae/vq_vae_utils.py", 32, "OFL103", "embeddings.weight", T(
    "leaf", GO + "pythae models/vq_vae/vq_vae_utils.py Quantizer.forward (VQVAE's quantizer, run in VQVAE.forward) "
    "reads self.embeddings.weight for the distances and the quantized vectors (:31-47) without calling the "
    "nn.Embedding, which is hooked on its own forward at leaf level: CPU codebook against the device z."))
add("benchmark_VAE/src/pythae/samplers/manifold_sampler/rhvae_sampler.py", 68, "OFL201", "model.decoder", T(
    "block", GO + SAMPLER + "This row: rhvae_sampler.py:68 RHVAESampler.sample, self.model.decoder(z=samples)."))
add("benchmark_VAE/src/pythae/samplers/pixelcnn_sampler/pixelcnn_sampler.py", 218, "OFL201", "model.decoder", T(
    "block", GO + SAMPLER + "This row: pixelcnn_sampler.py:218 PixelCNNSampler.sample, self.model.decoder(z_quant) "
    "(z_quant from the device z, :197-216)."))
add("benchmark_VAE/src/pythae/samplers/pixelcnn_sampler/pixelcnn_sampler.py", 209, "OFL201", "model.quantizer.embeddings", T(
    "block", GO + SAMPLER + "This row: pixelcnn_sampler.py:209 PixelCNNSampler.sample, "
    "self.model.quantizer.embeddings(device indices): the quantizer is in the VQVAE's unmatched group at block level "
    "(at leaf level the Embedding call fires its own hook: block only)."))
add("benchmark_VAE/src/pythae/samplers/vamp_sampler/vamp_sampler.py", 62, "OFL201", "model.encoder", T(
    "block", GO + SAMPLER + "This row: vamp_sampler.py:62 VAMPSampler.sample, self.model.encoder(means) (means from "
    "pseudo_inputs of the device idle_input, :58-60)."))
add("benchmark_VAE/src/pythae/samplers/maf_sampler/maf_sampler.py", 205, "OFL201", "model.decoder", T(
    "block", GO + SAMPLER + "This row: maf_sampler.py:205 MAFSampler.sample, self.model.decoder(z) with z from the "
    "sampler's own MAF on the device."))
add("benchmark_VAE/src/pythae/samplers/two_stage_vae_sampler/two_stage_sampler.py", 283, "OFL201", "model.decoder", T(
    "block", GO + SAMPLER + "This row: two_stage_sampler.py:283 TwoStageVAESampler.sample, self.model.decoder(z), z "
    "from the sampler's second-stage VAE on the device (:281-282)."))

# --- stanza ---
add("stanza/stanza/models/coref/span_predictor.py", 33, "OFL105", "ffnn.next(self.parameters())", T(
    "both", GO + STZ_COREF + "span_predictor.py:30-33 SpanPredictor.device reads the first ffnn Linear's weight "
    "device: the CPU under offloading at either level (SpanPredictor the root: ffnn a hooked Sequential at block "
    "level, the Linear hooked on its own forward at leaf level; neither runs before the read). get_training_data "
    "(:96-109, called by CorefModel.run for every document, model.py:411) places heads / starts / ends there; the "
    "gold starts / ends meet the device span scores in evaluation (`res.span_y[0] == pred_starts`, model.py:181) and "
    "in the training loss (model.py:538); at leaf level SpanPredictor has no own tensors and no hook, so the CPU heads "
    "also meet the device words in forward (:53). Runtime: confirmed."))
add("stanza/stanza/models/coref/model.py", 411, "OFL202", "sp.get_training_data", T(
    "both", GO + STZ_COREF + "model.py:411 CorefModel.run calls self.sp.get_training_data(doc, words), which places "
    "the span heads / gold starts / ends with SpanPredictor.device (the CPU first ffnn weight, span_predictor.py:33): "
    "the CPU gold spans meet the device scores in evaluation (model.py:181) and the loss (:538); at leaf level the CPU "
    "heads also meet the device words in SpanPredictor.forward (:53), which has no hook."))
add("stanza/stanza/models/coref/model.py", 414, "OFL202", "sp.predict", T(
    "leaf", GO + STZ_COREF + "model.py:414 CorefModel.run (inference, the Pipeline's coref) calls "
    "self.sp.predict(doc, words, clusters), which places heads_ids with SpanPredictor.device (CPU, "
    "span_predictor.py:33) and calls self(...): at leaf level SpanPredictor has no own tensors, hence no hook to move "
    "its arguments, and `heads_ids.unsqueeze(1) - torch.arange(..., device=words.device)` (:53) meets the device "
    "words. (At block level the root's hook moves the arguments: leaf only.)"))
add("stanza/stanza/models/coref/word_encoder.py", 49, "OFL105", "device", T(
    "leaf", GO + STZ_COREF + "word_encoder.py:49 WordEncoder.forward places word_boundaries with self.device (attn's "
    "weight, :27-30; at leaf level the Linear is hooked on its own forward, not yet run: CPU); _attn_scores builds "
    "attn_mask on the same CPU device (:80-81) and adds it to the device attention scores of the hooked attn Linear "
    "(:93-94). WordEncoder has no own tensors, so no hook moves anything at its forward."))
add("stanza/stanza/models/coref/anaphoricity_scorer.py", 88, "OFL103", "start_map.weight", T(
    "leaf", GO + STZ_COREF + "anaphoricity_scorer.py:80-89 AnaphoricityScorer._ffnn (from forward) multiplies the "
    "device scores with self.start_map.weight without calling start_map (an nn.Linear, hooked on its own forward at "
    "leaf level, never run): CPU weight against device x. start_map exists when config.singletons, which the shipped "
    "coref_config.toml sets (:63-64; wl_coref.py's --disable_singletons turns it off)."))
add("stanza/stanza/models/depparse/model.py", 65, "OFL105", "next(self.parameters())", F(
    "P", GO + "stanza depparse/model.py:64-65 BaseParser.get_device is read by the depparse Trainer (trainer.py:137, "
    ":159) to place the batch (CPU under offloading); the default parser (GraphParser, --model_type graph) then calls "
    "self(...) / self.forward (model.py:374, :379): the root's hook (block) or its own-tensor hook (leaf: "
    "drop_replacement, parserlstm_h_init / _c_init) moves the inputs to the device. The transition parser (non-default, "
    "'only used to build silver datasets', trainer.py:164-171) runs embed() outside forward on the placed inputs: at "
    "block level all on the CPU."))
add("stanza/stanza/models/depparse/transition/model.py", 523, "OFL101", "partial_tree_start", F(
    "P", GO + "stanza depparse/transition/model.py:523 TransitionParser.update_partial_tree_lstm (the non-default "
    "--model_type transition) appends the root parameter partial_tree_start to partial-tree embeddings outside forward; "
    "at block level (the claim) the whole outside-forward path of the transition parser is placed with get_device (the "
    "CPU first parameter, depparse/model.py:65) and runs the unmatched children on the CPU (embed, the partial-tree "
    "LSTM): CPU with CPU."))
add("stanza/stanza/models/constituency/lstm_model.py", 937, "OFL101", "constituent_open_tensors", F(
    "P", GO + STZ_P + "This row: lstm_model.py:937 build_constituents (bilstm / bilstm_max composition, set by tests) "
    "indexes constituent_open_tensors and runs constituent_open_embedding, both on the CPU, with CPU children tensors."))
add("stanza/stanza/models/constituency/lstm_model.py", 937, "OFL102", "constituent_open_embedding", F(
    "P", GO + STZ_P + "This row: lstm_model.py:937 build_constituents calls constituent_open_embedding (CPU) on the CPU "
    "constituent_open_tensors."))
add("stanza/stanza/models/constituency/lstm_model.py", 909, "OFL102", "constituent_reduce_embedding", F(
    "P", GO + STZ_P + "This row: lstm_model.py:909 transform_word_to_constituent (tree_lstm_cx composition) calls "
    "constituent_reduce_embedding on the CPU tag_tensors buffer and multiplies with the CPU word hx."))
add("stanza/stanza/models/constituency/lstm_tree_stack.py", 63, "OFL102", "lstm", F(
    "P", GO + STZ_P + "This row: lstm_tree_stack.py:63 LSTMTreeStack.initial_state (from initial_transitions / "
    "initial_constituents, outside forward) runs self.lstm on start_embedding: both in the unmatched group at block "
    "level (LSTMModel the root, or LSTMTreeStack itself as the message takes it): CPU with CPU."))
add("stanza/stanza/models/constituency/lstm_tree_stack.py", 22, "OFL205", "", F(
    "P", GO + "stanza constituency/lstm_tree_stack.py LSTMTreeStack defines no forward; with the default "
    "--sentence_boundary_vectors everything (uses_boundary_vector, lstm_model.py:487, :514) its only own tensor, "
    "start_embedding, goes only into self.lstm (initial_state :51-53), an nn.LSTM whose own leaf-level hook moves its "
    "arguments to the device; push_states / output use the LSTM's outputs. At block level the tree stack runs CPU with "
    "CPU (LSTMModel's outside-forward path, placed on the CPU first parameter's device). The zero-buffer variant "
    "(input_zeros / hidden_zeros, sentence_boundary_vectors words / none) is set by no config, doc or test."))
add("stanza/stanza/models/constituency/transformer_tree_stack.py", 20, "OFL205", "", U(
    "leaf", GO + "stanza constituency/transformer_tree_stack.py TransformerTreeStack defines no forward, so at leaf "
    "level its own start_embedding is grouped on a forward nothing runs (CPU); initial_state adds it to the position "
    "encoding of SinusoidalEncoding (own buffer `pe`, onloaded by its own hook: device) at :114-115. Built only under "
    "--transition_stack attn / --constituent_stack attn (lstm_model.py:490-495, :517-521; default lstm), which "
    "tests/constituency/test_lstm_model.py:341-372 set: C."))
add("stanza/stanza/models/constituency/lstm_model.py", 568, "OFL204", "reduce_attn", F(
    "BB", "stanza constituency/lstm_model.py:567-568 reduce_attn (nn.MultiheadAttention) is built only under "
    "--constituency_composition attn (default max, constituency_parser.py:767); no config, doc or test sets attn "
    "(test_lstm_model.py:216-246 tests bilstm, max, key, untied_key, untied_max, bilstm_max, tree_lstm, tree_lstm_cx, "
    "bigram)."))
add("stanza/stanza/models/mwt/trainer.py", 110, "OFL202", "model.predict", F(
    "P", GO + "stanza mwt/trainer.py:85-110 Trainer.predict places the batch with `next(self.model.parameters())"
    ".device` (:89), the CPU under offloading, then calls Seq2SeqModel.predict: at block level (no ModuleList / "
    "Sequential child) the embedding, encoder, decoder, dec2vocab and the SOS_tensor buffer are all in the unmatched "
    "group on the CPU: CPU with CPU. At leaf level the children it touches are hooked and move their inputs "
    "(SOS_tensor into the hooked Embedding, zero_state's h0 / c0 into the hooked LSTM); with the default beam_size 1 "
    "(greedy, mwt_expander.py:62) the Beam on SOS_tensor.device (:320) is not built. (At leaf level the CPU src placed "
    "at :89 meets device copy probabilities in decode's scatter_add, seq2seq_model.py:173-176: a hazard of the trainer's "
    "device read, not of what this call leaves un-onloaded.)"))

# --- allennlp ---
add("allennlp/allennlp/modules/token_embedders/embedding.py", 314, "OFL101", "weight", F(
    "AL", "allennlp modules/token_embedders/embedding.py:243-316 Embedding.extend_vocab runs only from "
    "Model.extend_embedder_vocab, which Model._load / from_archive (models/model.py:353, :485) and `allennlp evaluate "
    "--extend-vocab` (commands/evaluate.py:356) call while loading the model, before a user could offload it; it "
    "replaces self.weight with a new Parameter, which offloading applied afterwards manages."))
add("allennlp/allennlp/modules/token_embedders/embedding.py", 313, "OFL105", "weight", F(
    "AL", "allennlp embedding.py:313 extend_vocab places the extra rows on self.weight.data.device while the model is "
    "loaded (Model._load / from_archive, models/model.py:353, :485; evaluate --extend-vocab, commands/evaluate.py:356), "
    "before offloading could apply; the concatenated weight becomes the new Parameter that offloading then manages."))
add("allennlp/allennlp/modules/transformer/transformer_layer.py", 187, "OFL102", "output.get_output_dim", F(
    "KA", "allennlp modules/transformer/transformer_layer.py:186-187 TransformerLayer.get_output_dim returns "
    "self.output.get_output_dim(), i.e. OutputLayer's `self.dense.out_features` (output_layer.py:19-20): an int read "
    "from a Linear's attribute, no weight."))
add("allennlp/allennlp/modules/seq2seq_encoders/gated_cnn_encoder.py", 65, "OFL204", "_convolutions", T(
    "leaf", WN + "allennlp modules/seq2seq_encoders/gated_cnn_encoder.py:59-65 ResidualBlock wraps each Conv1d with "
    "torch.nn.utils.weight_norm when do_weight_norm (default True, :16) and calls it in forward (:87): GatedCnnEncoder, "
    "registered as 'gated-cnn-encoder' (seq2seq_encoders/__init__.py:18) and tested (gated_cnn_encoder_test.py), "
    "never removes the weight norm."))
add("allennlp/tests/nn/pretrained_model_initializer_test.py", 105, "OFL201", "net1.linear_1", F(
    "NC", "allennlp tests/nn/pretrained_model_initializer_test.py:105 `self._are_equal(self.net1.linear_1, "
    "self.net2.linear_1)`: _are_equal (:46-49) compares the two Linears' weight and bias with torch.equal, it does not "
    "run them; net1 is the test's _Net1 built in setup_method (:41) on the CPU, never offloaded."))
for _line, _attr, _what in ((136, "net1", "test_load_to_gpu_from_gpu: self.net1.cuda(device=0)"),
                            (137, "net2", "test_load_to_gpu_from_gpu: self.net2.cuda(device=0)"),
                            (189, "net1", "test_load_to_gpu_from_cpu: self.net1.cuda(device=0)")):
    add("allennlp/tests/nn/pretrained_model_initializer_test.py", _line, "OFL207", _attr, F(
        "S", ALN_TEST + f"This row: pretrained_model_initializer_test.py:{_line} {_what} (built in setup_method, :41-42)."))
for _line, _attr in ((336, "lstm"), (339, "rnn")):
    add("allennlp/tests/modules/encoder_base_test.py", _line, "OFL207", _attr, F(
        "S", ALN_TEST + f"This row: encoder_base_test.py:{_line} test_non_contiguous_initial_states_handled_on_gpu: "
        f"self.{_attr}.cuda() (built in setup_method)."))

# --- torchgeo ---
add("torchgeo/torchgeo/models/dofa.py", 353, "OFL102", "fc_norm", F(
    "BE", "torchgeo models/dofa.py:325-357 DOFA.forward_features is called only by DOFA.forward (:383; grep "
    "'forward_features(': no other caller in the tree), where the root's group is onloaded. On the reading that a user "
    "calls the public timm-style forward_features directly, fc_norm (unmatched group at block level) is on the CPU.",
    api=True))
add("torchgeo/torchgeo/models/copernicusfm.py", 627, "OFL101", "cls_token", F(
    "BE", "torchgeo models/copernicusfm.py:546-641 CopernicusFM.forward_features is called only by "
    "CopernicusFM.forward (:686), where the root's own cls_token is onloaded; on the reading that a user calls "
    "forward_features directly, the CPU cls_token meets the device pos_embed.", api=True))
add("torchgeo/torchgeo/models/dofa.py", 83, "OFL204", "transformer_encoder", T(
    "leaf", "torchgeo models/dofa.py:75-85 TransformerWeightGenerator (DOFA's dynamic patch-embedding weight generator, "
    "run in every DOFA forward) holds an nn.TransformerEncoder of nn.TransformerEncoderLayer: its self_attn "
    "(nn.MultiheadAttention) hands out_proj.weight / bias to F.multi_head_attention_forward (or the fused encoder-layer "
    "fast path in eval, which also takes linear1 / linear2 weights) without calling out_proj, a Linear subclass hooked "
    "on its own forward at leaf level: CPU weights against the device tokens."))

# --- doctr ---
add("doctr/doctr/models/recognition/parseq/pytorch.py", 261, "OFL102", "embed", F(
    "BE", "doctr models/recognition/parseq/pytorch.py:251-267 PARSeq.decode is called only from PARSeq.forward "
    "(:363 training, :377-380 through decode_autoregressive), where the root's unmatched group (embed, decoder) is "
    "onloaded; the recognition predictor calls the model (forward)."))

# --- mmf ---
add("mmf/mmf/modules/layers.py", 407, "OFL204", "fa_image", T(
    "leaf", WN + "mmf modules/layers.py:404-441 TopDownAttentionLSTM (ReLUWithWeightNormFC-style weight_norm Linears "
    "fa_image / fa_hidden, called in its forward) is the attention combine layer of the BUTD captioning model "
    "(mmf/configs/models/butd/defaults.yaml:15 `type: top_down_attention_lstm`, projects/butd); nothing removes the "
    "weight norm."))
add("mmf/mmf/modules/layers.py", 653, "OFL204", "logits", T(
    "leaf", WN + "mmf modules/layers.py:647-666 BiAttention wraps its BCNet with weight_norm(name='h_mat'); BAN "
    "(mmf/models/ban.py:50, projects/ban configs, model zoo 'ban') builds it with glimpse = gamma 4 <= BCNet.c 32, so "
    "BCNet.forward uses h_mat (:582-586): the pre-hook recomputes h_mat from the CPU h_mat_g / h_mat_v before BCNet's "
    "own-tensor hook onloads, and `v_ * self.h_mat` meets the device v_."))
add("mmf/mmf/modules/layers.py", 226, "OFL204", "main", T(
    "leaf", WN + "mmf modules/layers.py:220-229 WeightNormClassifier: a Sequential of weight_norm Linears called in "
    "forward; BAN's classifier (mmf/models/ban.py:76, projects/ban) and the classifier type 'weight_norm' "
    "(ClassifierLayer, :103-104)."))
add("mmf/mmf/trainers/mmf_trainer.py", 103, "OFL207", "model", F(
    "AL", "mmf trainers/mmf_trainer.py:85-103 MMFTrainer.load_model builds the model (build_model) and moves it to "
    "self.device in the same method, while the trainer is set up, before anyone could apply offloading to it; "
    "offloading applied afterwards is not undone by this line."))

# --- rows of later pools (linter revisions between e6a00c3 and the frozen copy) ---
add("allennlp/tests/nn/pretrained_model_initializer_test.py", 105, "OFL201", "net2.linear_1", F(
    "NC", "allennlp tests/nn/pretrained_model_initializer_test.py:105 `self._are_equal(self.net1.linear_1, "
    "self.net2.linear_1)`: _are_equal (:46-49) compares the two Linears' weight and bias with torch.equal, it does not "
    "run them; net2 is the test's _Net2 built in setup_method (:42) on the CPU, never offloaded."))
add("CompressAI/compressai/models/vbr.py", 415, "OFL102", "entropy_bottleneck.compress", T(
    "block", GO + CAI_USE + "vbr.py:414-416 MeanScaleHyperpriorVbr.compress, the branch taken at stage 2 when the model "
    "is built with the class default vr_entbttlnck=False (the zoo's pretrained vbr models pass True and take :420, the "
    "same call with qs): entropy_bottleneck sits in the root's unmatched group at block level and "
    "EntropyBottleneck.compress subtracts its CPU medians from the device z in quantize."))
add("stanza/stanza/models/constituency/transformer_tree_stack.py", 119, "OFL102", "w_key", F(
    "P", GO + STZ_P + "This row: transformer_tree_stack.py:119 TransformerTreeStack.initial_state (from "
    "initial_transitions, --transition_stack attn) runs w_key on start_embedding plus the position encoding, all in the "
    "unmatched group at block level: CPU with CPU."))
add("stanza/stanza/models/constituency/lstm_model.py", 919, "OFL102", "dummy_embedding", F(
    "P", GO + STZ_P + "This row: lstm_model.py:918-919 dummy_constituents places open_idx on the word_zeros buffer's "
    "device (CPU at block level) and runs the CPU dummy_embedding on it: CPU with CPU."))
add("stanza/stanza/models/constituency/lstm_model.py", 746, "OFL105", "next(self.parameters())", U(
    "leaf", GO + "stanza constituency/lstm_model.py:746 initial_word_queues places the word / delta / tag ids with "
    "`next(self.parameters()).device`, the LSTMModel's own first parameter (word_start_embedding), on the CPU outside "
    "forward at either level. At block level the embeddings and LSTMs they go to are in the unmatched group on the CPU "
    "(CPU with CPU, P); at leaf level the ids go to hooked Embeddings, which move them (P), but the same device is "
    "handed to extract_bert_embeddings (:805), which builds the transformer's ids and attention mask on the CPU "
    "(common/bert_embedding.py:543-549) and runs the transformer child, whose hooked layers put the scores on the device "
    "while the CPU mask meets them in attention. The constituency models with a transformer are the non-default "
    "'default_accurate' / transformer packages (default_packages.py:416-428: the default en model is "
    "ptb3-revised_charlm): C."))
add("NeuralCompression/projects/illm/gan_compression_module.py", 71, "OFL102", "discriminator", F(
    "AT", "NeuralCompression projects/illm/gan_compression_module.py GANCompressionModule is the project's "
    "LightningModule (TargetRateCompressionModule -> ImageModule(LightningModule), image_module.py:24) whose forward "
    "returns self.model(x) (:75-76); run_discriminator is called by its training_step. The offload root a user holds is "
    "the compression model (self.model), not the Lightning training wrapper with its discriminator."))
add("doctr/doctr/models/recognition/master/pytorch.py", 249, "OFL102", "decoder", F(
    "BE", "doctr models/recognition/master/pytorch.py:231-258 MASTER.decode is called only from MASTER.forward "
    "(:206), where the root's unmatched group (decoder, linear) is onloaded; the recognition predictor calls the model."))
add("stanza/stanza/models/coref/span_predictor.py", 107, "OFL105", "device", T(
    "both", GO + STZ_COREF + "span_predictor.py:106-108 get_training_data places heads / starts / ends with "
    "self.device (the first ffnn Linear's weight, CPU under offloading at either level); the gold starts / ends meet "
    "the device span scores in evaluation (model.py:181) and the loss (model.py:538); at leaf level SpanPredictor has no "
    "hook and the CPU heads meet the device words in forward (:53). Runtime: confirmed."))
add("torchgeo/torchgeo/models/copernicusfm.py", 654, "OFL102", "head", F(
    "BE", "torchgeo models/copernicusfm.py:643-654 CopernicusFM.forward_head is called only by CopernicusFM.forward "
    "(:695), where the root's unmatched group (head) is onloaded; on the reading that a user calls the timm-style "
    "forward_head directly, the CPU head meets the device features.", api=True))
add("NeuralCompression/projects/torch_vct/neural/entropy_model.py", 233, "OFL102", "encoder_sep", F(
    "P", GO + "NeuralCompression projects/torch_vct/neural/entropy_model.py:233 VCTEntropyModel."
    "process_previous_latent_q, reached from VCTPipeline.encode_Iscene (model_pipeline.py:215), gets the fake previous "
    "latent made by the offloaded PerChannelWeight (CPU at block level) and runs the offloaded encoder_sep on it: CPU with "
    "CPU."))
add("torchgeo/torchgeo/models/copernicusfm.py", 607, "OFL101", "coord_token", F(
    "BE", "torchgeo models/copernicusfm.py:546-641 CopernicusFM.forward_features is called only by "
    "CopernicusFM.forward (:686), where the root's own coord_token is onloaded; on the reading that a user calls "
    "forward_features directly, the CPU coord_token meets the device embeddings.", api=True))
add("stanza/stanza/models/constituency/transformer_tree_stack.py", 142, "OFL105", "w_key.weight", U(
    "leaf", GO + "stanza constituency/transformer_tree_stack.py:142 TransformerTreeStack.push_states places key_stack / "
    "value_stack / mask on w_key.weight's device, read before w_key runs (a Linear hooked on its own forward at leaf "
    "level: CPU); the device new_keys / new_values are copied into the CPU stacks and attention() multiplies the CPU "
    "key_stack with the device query (torch.matmul, :92). Built only under --transition_stack / --constituent_stack attn "
    "(default lstm), which tests/constituency/test_lstm_model.py:341-372 set: C."))
add("torchgeo/torchgeo/trainers/byol.py", 381, "OFL102", "model.augment", F(
    "AT", "torchgeo trainers/byol.py BYOLTask is a LightningModule training task (trainers/base.py:16 BaseTask("
    "LightningModule)); training_step calls its BYOL model's augment. The offload root a user holds is the network, not "
    "the Lightning training wrapper."))
add("mmf/mmf/modules/layers.py", 91, "OFL204", "layers", T(
    "leaf", WN + "mmf modules/layers.py:86-96 ReLUWithWeightNormFC: a Sequential of a weight_norm Linear and ReLU, "
    "called in forward; used by LogitClassifier (:199-200, classifier type 'logit': projects/pythia/configs, pythia's "
    "defaults) and NonLinearElementMultiply (:372-373, 'non_linear_element_multiply'); nothing removes the weight norm."))
add("stanza/stanza/models/constituency/lstm_model.py", 797, "OFL101", "word_start_embedding", T(
    "leaf", GO + "stanza constituency/lstm_model.py:796-799 initial_word_queues (outside forward; the parser's "
    "parse_sentences / analyze_trees) concatenates the root parameter word_start_embedding (CPU outside forward at leaf "
    "level, grouped on LSTMModel.forward) with the word inputs produced by the hooked embeddings on the device "
    "(torch.cat), under the default --sentence_boundary_vectors everything. (At block level the whole path is on the "
    "CPU: P for the block claim.)"))
add("stanza/stanza/models/constituency/lstm_tree_stack.py", 62, "OFL101", "start_embedding", F(
    "P", GO + STZ_P + "This row: lstm_tree_stack.py:51-53 LSTMTreeStack.initial_state (from initial_transitions, the "
    "block claim) runs self.lstm on start_embedding, both in LSTMModel's unmatched group: CPU with CPU."))
add("stanza/stanza/models/constituency/tree_embedding.py", 85, "OFL102", "key", F(
    "A", "stanza constituency/tree_embedding.py TreeEmbedding is built only as the tree_embedding child of the "
    "ConstituencyClassifier (classifiers/constituency_classifier.py:38, from_parser_file / model_from_params), which "
    "calls tree_embedding.embed_trees from its own forward (:62-65): with the classifier (the model users hold) as the "
    "offload root, TreeEmbedding and its key / query / value sit in the root's unmatched group, onloaded during that "
    "forward. The message takes TreeEmbedding itself as the root, which nothing offloads alone."))
add("stanza/stanza/models/depparse/transition/model.py", 524, "OFL101", "partial_tree_h0", F(
    "P", GO + "stanza depparse/transition/model.py:524 TransitionParser.update_partial_tree_lstm (the non-default "
    "--model_type transition) collects the root parameter partial_tree_h0 outside forward; at block level (the claim) "
    "the transition parser's outside-forward path is placed with get_device (the CPU first parameter, "
    "depparse/model.py:65) and runs the unmatched children on the CPU: CPU with CPU."))
add("stanza/stanza/models/constituency/lstm_model.py", 908, "OFL101", "tag_tensors", F(
    "P", GO + STZ_P + "This row: lstm_model.py:908-911 transform_word_to_constituent (tree_lstm_cx) indexes the CPU "
    "tag_tensors buffer into the CPU constituent_reduce_embedding and multiplies with the CPU word hx."))
add("benchmark_VAE/src/pythae/samplers/vamp_sampler/vamp_sampler.py", 71, "OFL201", "model.decoder", T(
    "block", GO + SAMPLER + "This row: vamp_sampler.py:71 VAMPSampler.sample, self.model.decoder(z) with z from the "
    "device encoder output."))
add("allennlp/allennlp/modules/seq2seq_encoders/pytorch_transformer_wrapper.py", 69, "OFL204", "_transformer", T(
    "leaf", "allennlp modules/seq2seq_encoders/pytorch_transformer_wrapper.py:60-70 PytorchTransformer (registered "
    "seq2seq encoder 'pytorch_transformer', tested) wraps an nn.TransformerEncoder: each layer's self_attn hands "
    "out_proj.weight / bias to F.multi_head_attention_forward (or the fused encoder-layer path) without calling out_proj, "
    "a Linear subclass hooked on its own forward at leaf level: CPU weights against the device inputs."))
add("torchgeo/torchgeo/models/ltae.py", 76, "OFL204", "attention", T(
    "leaf", "torchgeo models/ltae.py LTAE (exported by torchgeo.models, tests/models/test_ltae.py) calls "
    "self.attention(x, x, x) in forward (:121): nn.MultiheadAttention hands out_proj.weight / bias to "
    "F.multi_head_attention_forward without calling out_proj (a Linear subclass hooked on its own forward at leaf level): "
    "CPU weights against the device queries."))
add("mmf/mmf/modules/embeddings.py", 271, "OFL204", "module", T(
    "leaf", "mmf modules/embeddings.py:268-285 MultiHeadImageFeatureEmbedding calls its nn.MultiheadAttention in "
    "forward, which hands out_proj.weight / bias to F.multi_head_attention_forward without calling out_proj (hooked on "
    "its own forward at leaf level): CPU weights against the device features. Built by the registered 'multihead' model "
    "(PythiaMultiHead, models/pythia.py:364-, :409) with projects/pythia/configs/multihead."))


def key(row):
    return (row["path"], row["line"], row["code"], row.get("attribute"))


with open(os.path.join(HERE, "sample.json")) as _handle:
    SAMPLE = json.load(_handle)
missing = [(i, key(r)) for i, r in enumerate(SAMPLE, 1) if key(r) not in K]
if missing:
    sys.exit(f"rows without a label: {missing}")
L = {i: dict(K[key(r)]) for i, r in enumerate(SAMPLE, 1)}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
