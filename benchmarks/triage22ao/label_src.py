"""Write benchmarks/triage22ao/labels.json (round ao; the 60 drawn rows of 212 shown findings of six libraries).

Standard of rounds x-an: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, recipes, configs and tests use the class (training counts; a public method counts as called; a line that
would meet the hazard on its own counts even where an earlier line of the same cause fails first); C when true only
under a non-default option the library ships or documents; false with a cause letter otherwise. Existing letters used
here: AB code nothing in the library builds or calls; AL one-time work the tree runs before offloading would apply;
BB a branch no caller, doc, recipe, config or test takes; EC the CPU value becomes only a Python number / 0-dim value;
KA a call into a component's submodule whose method reads no weight; LB a module kept outside the module tree (held
by a plain object) that no offloading of the library's model reaches; P where a value's device comes from (here: the
whole path is placed with an offloaded tensor's device and runs on the CPU). New letters of this round (NA on):
NA the library's own inference moves the component onto the compute device by hand right before the call (its own
CPU/GPU swapping), so the line meets device weights; NB tensor methods on a known torch layer's own parameters
(nn.Linear.weight.clone / .bias.zero_) taken for calls into an unknown component's submodules, in a CPU unit test.
Runtime column filled from runtime_column.json where a run exists.
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
      "hooks each supported layer on its own forward and groups a non-leaf module's own parameters / buffers on that "
      "module's forward, whose hook also moves its arguments; the hooks replace the instance's `forward`.) ")

WN = ("Legacy torch.nn.utils.weight_norm registers a forward pre-hook that recomputes `weight` from weight_g / weight_v; "
      "torch runs forward pre-hooks before `forward`, where diffusers' leaf hook onloads, so the recomputed weight is "
      "made from the CPU weight_g / weight_v and the conv runs a CPU weight against a device input. ")

FS_HIFI = ("fairseq fairseq/models/text_to_speech/hifigan.py Generator is built by HiFiGANVocoder "
           "(vocoder.py:187-197, `--vocoder hifigan`, get_vocoder :300; the hub TTS models take the type from their "
           "data config, hub_interface.py:86), which loads the checkpoint and never calls remove_weight_norm (only "
           "CodeHiFiGANVocoder does, :231): the weight norm stays active in inference. ")

SM_HIFI = ("seamless_communication models/vocoder/hifigan.py Generator is the base of CodeGenerator, built by "
           "VocoderBuilder (builder.py:100-116) for load_vocoder_model (inference/translator.py:151, the README's "
           "Translator for speech output; streaming/agents/online_vocoder.py:34); the loader keeps weight_g / weight_v "
           "(loader.py:25) and nothing calls Generator.remove_weight_norm: the weight norm is active in inference. ")

FUSED_LN = ("flash-attention: `fused_dropout_add_ln=True` is the configuration training/README.md:52 shows for "
            "GPTLMHeadModel and the model tests set (tests/models/test_gpt.py:93, test_bert.py:114, test_llama.py:116, "
            "test_gpt_neox.py:52, test_gptj.py:38). Under it the forward passes the norm's weight / bias to the "
            "Triton layer_norm_fn without calling the norm module, whose parameters (an nn.LayerNorm or RMSNorm child) "
            "are grouped on that child's own forward at leaf level, never run: CPU weight into a kernel with device "
            "activations. ")

FUSED_MLP = ("flash-attention ops/fused_dense.py FusedMLP is the MLP GPTLMHeadModel builds under `fused_mlp=True` "
             "(models/gpt.py:228, training/README.md:51, tests/models/test_gpt.py), and BERT's (models/bert.py:100-108). "
             "forward (:593-606) hands fc1 / fc2's weight and bias to fused_mlp_func without calling the Linears "
             "(supported leaves, hooked on their own forward, never run): CPU weights at leaf level against the device "
             "x. ")

EMF = ("fairseq fairseq/models/speech_to_text/modules/emformer.py: NoSegAugmentedMemoryTransformerEncoderLayer is built "
       "only by the `convtransformer_emformer` arch (examples/simultaneous_translation/models/"
       "convtransformer_simul_trans.py:26/:154), which no README, doc, script or config of the tree names; forward_jit / "
       "forward_jit_test are @torch.jit.export entry points (TorchScript deployment, where diffusers' Python hooks do "
       "not run) that nothing in the tree calls (grep: only emformer.py's own chain, :854/:1665/:1743). ")

TT_TEST = ("torchtitan tests/unit_tests/test_checkpoint.py:186 sets self.model_part = nn.Linear(2, 2) (a known torch "
           "layer); test_save_load_restores_state snapshots and zeroes its own parameters, `weight` / `bias`, with "
           "tensor methods (clone, zero_) around a mocked checkpoint save / load, all on the CPU: no submodule is "
           "called, no offloading is applied, nothing meets a compute device. The message guesses `weight.clone` as a "
           "call into an unknown component's submodule and proposes block_modules=['weight', 'clone']. ")

TAC_SYN = ("coqui-TTS runs Tacotron2.inference through Synthesizer / synthesis() (TTS/tts/utils/synthesis.py:169-171: "
           "`device = next(model.parameters()).device`, 'cuda' only when the Synthesizer was built with use_cuda, "
           "which also moves the whole model to cuda in _load_tts): under offloading the first parameter is on the CPU, "
           "the inputs are placed there, and at block level (Tacotron2 the root: encoder, decoder, postnet all in its "
           "unmatched group, never onloaded since inference is not forward) the whole path computes on the CPU: no "
           "mismatch. The message also takes Decoder as the root, which is not what a user offloads. ")

GSLM_TAC = ("fairseq examples/textless_nlp/gslm/unit2speech: utils.py synthesize_audio places the units with "
            "`inp.cuda()` (:27) and calls model.inference (:32) on the Tacotron2 load_tacotron builds (:38-45). "
            "Tacotron2's children (embedding, encoder, decoder, postnet: model.py:549-566, no ModuleList) sit in the "
            "root's unmatched group at block level, onloaded only by Tacotron2.forward, which inference never runs: CPU "
            "weights against device activations (the embedding at :635 fails first, same cause; this line on its own "
            "too). ")

SEAM_AGENT = ("seamless_communication streaming/agents/online_text_decoder.py MMATextDecoderAgent holds the "
              "MonotonicDecoderModel (load_monotonic_decoder_model) and, in run_decoder, places the target tokens on "
              "args.device (:78, :212-217) and calls self.model.decode (:221) and self.model.project (:225), never the "
              "model's forward; its children (text_decoder_frontend, text_decoder, final_proj: monotonic_decoder/"
              "model.py, no ModuleList) sit in the root's unmatched group at block level, not onloaded: CPU weights "
              "against device tokens / encoder output. ")

L = {
    1: T("leaf", FS_HIFI + WN + "This row: hifigan.py:61 ResBlock.convs2 (weight_norm Conv1d), run in ResBlock.forward "
         "(:95) for every Generator resblock."),
    2: T("leaf", FS_HIFI + WN + "This row: hifigan.py:150 Generator.conv_post."),
    3: T("leaf", FUSED_LN + "This row: modules/block.py:145 Block.forward, `self.norm1.bias` into layer_norm_fn "
         "(prenorm, fused branch :132-151)."),
    4: F("P", GO + "coqui-TTS TTS/tts/models/xtts.py:294 get_gpt_cond_latents places the mel with self.device, "
         "`next(self.parameters()).device` (:254-255), the first parameter being gpt.conditioning_encoder's (GPT is "
         "registered first, :226; ConditioningEncoder is GPT's first child, gpt.py:136): under offloading that weight is "
         "on the CPU outside its forward at either level, so the mel is on the CPU. At block level (Xtts the root, its "
         "forward raises NotImplementedError, :694; or GPT the root as the message takes it) conditioning_encoder and "
         "conditioning_perceiver sit in the unmatched group, on the CPU: CPU with CPU at gpt.py:362-364, no mismatch."),
    5: T("leaf", GO + "coqui-TTS TTS/vc/modules/freevc/wavlm/modules.py MultiheadAttention.forward (the WavLM that "
         "FreeVC builds, freevc.py:372 get_wavlm, and runs in voice conversion) takes the F.multi_head_attention_forward "
         "branch (:475-483: not TPU, no incremental state, q_head_dim == head_dim) and passes q/k/v_proj.weight, "
         "concatenated biases and out_proj.weight/bias without calling the Linears (supported leaves, hooked on their "
         "own forward): on the CPU at leaf level against the device query. This row: :528 q_proj.weight."),
    6: T("leaf", FUSED_LN + "This row: models/gpt.py:565 GPTModel.forward, self.ln_f.weight into layer_norm_fn (the "
         "final norm, fused branch :561-572)."),
    7: T("leaf", "flash-attention ops/fused_dense.py:676-690 ParallelFusedMLP.forward hands fc1 / fc2's weight and bias "
         "(ColumnParallelLinear / RowParallelLinear, nn.Linear subclasses, supported leaves) to fused_mlp_func without "
         "calling them: on the CPU at leaf level against the device x. Built by GPTLMHeadModel under fused_mlp with a "
         "tensor-parallel process_group (models/gpt.py:228), as tests/models/test_gpt_parallel.py:67/:85 and "
         "test_gpt_generation_parallel.py:35 build it. This row: :678 fc1.bias. (Label risk: group offloading of a "
         "tensor-parallel model is an unusual setup.)"),
    8: F("AB", "coqui-TTS TTS/tts/layers/xtts/hifigan_decoder.py:671-672 HifiDecoder.device (a property returning the "
         "first parameter's device) has no reader: nothing in the tree reads `hifigan_decoder.device` or `self.device` "
         "inside HifiDecoder (grep; Xtts uses its own Xtts.device, xtts.py:254); forward / inference take their inputs' "
         "devices. The CPU value is returned to nobody."),
    9: T("both", GO + "flash-attention modules/mha.py:824-835 ParallelMHA.allocate_inference_cache allocates the KV cache "
         "on out_proj.weight's device, on the CPU under offloading at either level (outside the module's forward); it is "
         "called by GPTLMHeadModel.allocate_inference_cache (models/gpt.py:508-511, :630) from "
         "utils/generation.py:647 update_graph_cache, i.e. generate(..., cg=True), which "
         "tests/models/test_gpt_generation_parallel.py:118-123 runs. The forward then writes device k/v into the CPU "
         "cache and hands the CPU cache to attention (mha.py:369-370 / flash_attn_with_kvcache) with a device query. "
         "(Label risk: the CUDA-graph path has other problems under offloading, e.g. update_graph_cache's own device "
         "read, generation.py:632.)"),
    10: F("AB", "fairseq fairseq/modules/kmeans_attention.py is imported by nothing in the tree (grep of "
          "'kmeans_attention': no import); Kmeans.update is reached only through update_kmeans_on_backwards (:267-274), "
          "which nothing calls. This row: :361 Kmeans.update, ema_inplace on the root buffer `means`."),
    11: F("KA", "fairseq examples/discriminative_reranking_nmt: DiscriminativeNMTReranker.sentence_forward (:358-359) "
          "calls BertRanker.sentence_forward (:237-261) after the model's forward, from the criterion (:78) and the "
          "task (:99). With the README's configuration (config/deen.yaml, model.pretrained_model XLM-R base, "
          "sentence_rep default 'head', :283-284; embed_dim default 768, :300, equal to the encoder's) it slices "
          "encoder_out[:, :1, :] and reads no weight: transform_layer exists only when embed_dim differs from the "
          "pretrained encoder's (:161-164), which no config sets. (classification_forward, :85 of the criterion, does "
          "reach weights: another line.)"),
    12: T("block", GO + "fairseq examples/speech_to_speech/unity/sequence_generator.py:287 SequenceGenerator."
          "generate_decoder runs self.model.forward_decoder (EnsembleModel: each model's decoder, called directly) for "
          "UnitY's two-pass generation (sequence_generator_multi_decoder.py:182/:257, built by the speech_to_speech / "
          "speech_to_text tasks, tasks/speech_to_speech.py:365, speech_to_text.py:178); fairseq's generate moves the "
          "sample to the device. Offloading the S2S model a user holds (UnityConformerModel / XMTransformer UnitY: "
          "no ModuleList among its direct children), the decoder sits in the root's unmatched group, never onloaded on "
          "this path (the root's forward never runs): CPU weights against device tokens and encoder outputs. (The "
          "message takes the SequenceGenerator as the offload root and proposes a fix on it; the hazard at this line is "
          "the model's. forward_encoder, earlier, fails first with the same cause.)"),
    13: T("block", GO + "seamless_communication models/unity/model.py:424 UnitYNART2UModel.decode (public; the "
          "library premise counts it as called) runs decoder_frontend and decoder without the T2U model's forward; its "
          "children (encoder, decoder_frontend, decoder, final_proj, prosody_proj: no ModuleList) sit in the root's "
          "unmatched group at block level, on the CPU, while encoder_output comes on the device (the Translator places "
          "inputs on its device argument). Inside the tree only UnitYNART2UModel.forward calls decode (:393-399; the "
          "generator and the streaming unit decoder call t2u_model(...), generator.py:338, online_unit_decoder.py:105), "
          "so this holds on the public-API reading."),
    14: F("NB", TT_TEST + "This row: :259 `self.model_part.weight.clone()`."),
    15: F("P", TAC_SYN + "This row: TTS/tts/layers/tacotron/tacotron2.py:349 Decoder.inference calls self.prenet."),
    16: T("leaf", GO + "fairseq examples/data2vec/models/data2vec_vision.py:483 Attention.forward `F.linear(input=x, "
          "weight=self.qkv.weight, bias=qkv_bias)` reads the Linear's weight without calling it: on the CPU at leaf "
          "level while x is on the device (Attention's own q_bias / v_bias group hooks its forward and moves x). The "
          "data2vec_vision model is the one config/vision/pretraining/base_imagenet*.yaml train."),
    17: F("AB", EMF + "This row: :827 after_attention_ops (from NoSegAugmentedMemoryTransformer.forward_jit) calls "
          "pos_ff / layer_norm."),
    18: F("P", TAC_SYN + "This row: tacotron2.py:265 Decoder.decode (from inference) calls attention_rnn, decoder_rnn, "
          "linear_projection."),
    19: T("block", GO + "coqui-TTS TTS/vocoder/models/multiband_melgan_generator.py:29-30 pqmf_analysis runs "
          "pqmf_layer.analysis (PQMF's buffers H / G / updown_filter, pqmf.py:33-39, used by F.conv1d) outside "
          "MultibandMelganGenerator.forward: GAN.train_step (TTS/vocoder/models/gan.py:96-109) runs model_g(x), then "
          "pqmf_synthesis(y_hat) and pqmf_analysis(y) on the device batch. At block level pqmf_layer sits in the "
          "generator's unmatched group (layers is a Sequential block), onloaded and offloaded with its forward: CPU "
          "filters against the device waveform (offloading the GAN wrapper instead, model_g is never onloaded at all)."),
    20: F("AB", EMF + "This row: :438 NoSegAugmentedMemoryMultiheadAttentionBmm.prepare_attention_weights (from "
          "forward_jit) calls rpe_k."),
    21: T("block", GSLM_TAC + "This row: tacotron2/model.py:195 Encoder.inference calls self.convolutions[i]."),
    22: T("leaf", "pytorch3d pytorch3d/implicitron/models/implicit_function/decoding_functions.py:453 "
          "TransformerEncoderLayer.self_attn is a torch.nn.MultiheadAttention (batch_first False: no fast path), run at "
          ":477; its forward passes out_proj.weight / bias to F.multi_head_attention_forward without calling out_proj (a "
          "NonDynamicallyQuantizableLinear, a supported leaf hooked on its own forward, never run): CPU at leaf level "
          "against the device attention output. Built by TransformerWithInputSkips for NeRFormerImplicitFunction "
          "(neural_radiance_field.py:259-275), the implicit function of the shipped NeRFormer configs "
          "(projects/implicitron_trainer/configs/repro_singleseq_nerformer.yaml:9, repro_multiseq_nerformer.yaml:15)."),
    23: F("NA", "coqui-TTS TTS/tts/layers/tortoise/autoregressive.py:566 UnifiedVoice.inference_speech is called only by "
          "Tortoise.inference (TTS/tts/models/tortoise.py:722), which first moves the model to the compute device by "
          "hand, `self.autoregressive = self.autoregressive.to(self.device)` (:715), and runs the call inside "
          "temporary_cuda (:396-403, `model.to(self.device)` then `.cpu()` after): Tortoise swaps its own models between "
          "the CPU and the GPU. text_embedding / text_pos_embedding are on the device at this line (the unmatched group, "
          "never touched by a hook here, keeps what .to() put there): no mismatch. The hand move defeats offloading "
          "(an OFL207 kind of problem), not the mismatch the message names."),
    24: F("EC", "fairseq examples/adaptive_span/adaptive_span_model_wrapper.py:124-125 get_current_max_span ends in "
          "AdaptiveMask.get_current_max_size (adaptive_span_attention.py:42-47): `math.ceil(self.current_val.max()"
          ".item() * self._max_size)`, a Python int from the CPU parameter, returned to the criterion's logging "
          "(adaptive_span_loss.py:62): no tensor meets the compute device."),
    25: T("block", GSLM_TAC + "This row: tacotron2/model.py:454 Decoder.decode (from Tacotron2.inference :657) calls "
          "self.gate_layer."),
    26: F("AB", "coqui-TTS TTS/tts/layers/xtts/dvae.py:128-129 Quantize.embed_code is reached from DiscreteVAE.decode "
          "(:335), which only DiscreteVAE.forward in eval mode (:375) and DiscreteVAE.infer (:354-357) call; nothing in "
          "the tree calls either: XTTS's GPT trainer uses only get_codebook_indices (gpt_trainer.py:289), whose "
          "self.codebook(logits) runs Quantize.forward. On the public-API reading (infer) it holds at leaf: Quantize's "
          "embed buffer is offloaded again after Quantize.forward, and F.embedding meets device codes.", api=True),
    27: T("leaf", FUSED_MLP + "This row: :595 fc1.weight."),
    28: T("leaf", SM_HIFI + WN + "This row: hifigan.py:176 Generator.conv_post."),
    29: F("AL", "coqui-TTS TTS/tts/layers/glow_tts/glow.py:139-141 InvConvNear.store_inverse runs only from "
          "load_checkpoint(..., eval=True) (glow_tts.py:519-530 GlowTTS, overflow.py:268-277 Overflow via "
          "decoder.store_inverse), i.e. while the model is loaded, before a user can offload it; it registers weight_inv "
          "as an nn.Parameter of InvConvNear, which offloading then groups with the module's other parameters and "
          "onloads on InvConvNear.forward (:119-121 uses it there). No CPU value is 'stored for later use' under "
          "offloading."),
    30: T("leaf", FUSED_MLP + "This row: :596 fc2.weight."),
    31: F("AB", EMF + "This row: :1375 NoSegAugmentedMemoryTransformerEncoderLayer.gen_summary_queries (from "
          "forward_jit_test) calls memory_op."),
    32: T("leaf", FUSED_LN + "ParallelBlock (modules/block.py) is built under parallel_block, which GPT-NeoX's config "
          "conversion sets with an untied norm (models/gpt_neox.py:120-121; Falcon with several kv heads likewise); "
          "with fused_dropout_add_ln its forward hands norm2's weight / bias to layer_norm_fn (:371-387). This row: :373 "
          "norm2.weight."),
    33: F("AB", "fairseq examples/textless_nlp/gslm/unit2speech/tacotron2/layers.py:65 TacotronSTFT is built nowhere "
          "in the tree (grep 'TacotronSTFT(': only its definition): the unit2speech scripts synthesize from units and "
          "ship no mel-extraction path. This row: :101 mel_spectrogram reads mel_basis."),
    34: T("leaf", GO + "coqui-TTS TTS/utils/audio/torch_transforms.py TorchSTFT defines __call__ instead of forward and "
          "owns `window` as an nn.Parameter (:98): at leaf level its own-parameter group is hooked on forward, which "
          "__call__ never runs, so torch.stft (:122-132) gets the CPU window with a device waveform. Built as "
          "SpecDiscriminator.stft (TTS/vocoder/models/univnet_discriminator.py:22, called at :38), the discriminator of "
          "UnivNet (univnet_config.py:97 discriminator_model 'univnet_discriminator'), run in GAN training "
          "(gan.py). This row: :127 the window read."),
    35: F("BB", "flash-attention ops/triton/mlp.py FusedDenseSqreluDense is built only when the GPT config sets "
          "fused_dense_sqrelu_dense (models/gpt.py:137-142, :247-256); no README, config, training yaml or test sets it "
          "(grep). This row: :148 fc1.bias into fused_dense_sqrelu_dense_function."),
    36: F("NB", TT_TEST + "This row: :265 `self.model_part.bias.zero_()`."),
    37: T("leaf", FS_HIFI + WN + "This row: hifigan.py:131 Generator.ups (weight_norm ConvTranspose1d)."),
    38: T("leaf", FUSED_LN + "This row: modules/block.py:144 Block.forward, self.norm1.weight."),
    39: U("leaf", "fairseq fairseq/models/bart/model.py:312-313 BARTClassificationHead wraps out_proj with the legacy "
          "torch.nn.utils.spectral_norm (a forward pre-hook recomputing `weight` from weight_orig / u / v before the "
          "leaf hook onloads: a CPU weight against a device input) only when do_spectral_norm, i.e. "
          "--spectral-norm-classification-head (:64-66, passed at :160-161; default False). The option is documented "
          "for R4F fine-tuning (examples/rxf/README.md:5) and used by tests/test_binaries.py:1588 (with RoBERTa): true "
          "only under that non-default, documented option: C."),
    40: T("leaf", WN + "fairseq fairseq/models/fconv.py:676 Linear() returns nn.utils.weight_norm(m); every FConv "
          "model (the conv seq2seq translation models, e.g. the hub's conv.wmt14.* / fconv_wmt_en_de) builds its "
          "projections with it (:190, :202, :222, :329, ...) and nothing removes the weight norm. This row: :676."),
    41: T("leaf", FUSED_LN + "ParallelBlock as row 32 (GPT-NeoX, untied norm). This row: :373 norm2.bias."),
    42: T("leaf", FUSED_MLP + "This row: :597 fc1.bias."),
    43: T("leaf", "OFL205 on coqui-TTS TTS/utils/audio/torch_transforms.py:6 TorchSTFT: owns `window` (nn.Parameter, "
          ":98) and mel_basis, defines no forward (its __call__, :104, is what `self.stft(y)` runs), so at leaf level "
          "the hook on forward never onloads the window; SpecDiscriminator (UnivNet's discriminator) calls it on the "
          "device waveform in GAN training: as row 34."),
    44: F("BB", "fairseq fairseq/models/speech_to_text/modules/emformer.py:63-90 Fp32LayerNorm (emformer's own, not "
          "fairseq.modules') reads torch_module.weight / bias without calling torch_module: a real leaf-level read, but "
          "the class is built only inside emformer's layers, i.e. only under `--arch convtransformer_emformer` "
          "(examples/simultaneous_translation/models/convtransformer_simul_trans.py:154/:201), which no README, doc, "
          "script or config of the tree names (grep 'emformer' in .md/.sh/.yaml/.txt: none)."),
    45: T("leaf", GO + "As row 5 (coqui-TTS FreeVC's WavLM MultiheadAttention, the F.multi_head_attention_forward "
          "branch). This row: wavlm/modules.py:520 out_proj.weight."),
    46: T("leaf", FUSED_LN + "This row: models/bert.py:389 BertModel.forward, emb_ln.bias into layer_norm_fn "
          "(:384-390)."),
    47: T("leaf", SM_HIFI + WN + "This row: hifigan.py:144 Generator.conv_pre."),
    48: T("leaf", GO + "fairseq fairseq/hub_utils.py GeneratorHubInterface (what torch.hub.load / from_pretrained "
          "return: `en2de.translate(...)`) places every batch with self.device, `self._float_tensor.device` (:131), a "
          "buffer of the interface, and generate() (:172-200) moves the sample there with utils.apply_to_sample. Under "
          "offloading (the interface or its models offloaded; the interface has no forward that would onload the "
          "buffer) that is the CPU. At leaf level the hooked layers move their inputs, so the model's outputs come back "
          "on the device, while SequenceGenerator builds tokens / scores on src_tokens.device (the CPU) and combines "
          "them with the device lprobs (search.py BeamSearch.step `lprobs + scores[...]`): a mismatch downstream of "
          "this read (the message's meeting point, apply_to_sample, is where the value is placed, not where it meets "
          "the device). At block level the whole generation runs on the CPU (P for the block claim). Label risk: "
          "true through a chain, as round al's SAM rows."),
    49: T("block", SEAM_AGENT + "This row: :225 self.model.project (final_proj)."),
    50: T("leaf", GO + "fairseq examples/textless_nlp/gslm/unit2speech/tacotron2/waveglow_denoiser.py Denoiser.forward "
          "(utils.py:34, synthesize_audio) calls self.stft.transform (:36, audio.cuda()) and self.stft.inverse (:39), "
          "never STFT.forward: at leaf level STFT's own buffers (forward_basis, inverse_basis) are grouped on STFT's "
          "forward, never run, so F.conv_transpose1d (stft.py:113) meets the CPU inverse_basis with device magnitudes "
          "(transform's F.conv1d fails first, same cause). Label risk: the row needs the user to offload the Denoiser, "
          "a small post-processing module the script builds (utils.py:54)."),
    51: F("BB", "fairseq examples/MMPT/mmpt/models/mmfusionnlg.py:424 MMBertForNLG.generate builds input_ids on "
          "next(self.parameters()).device only when input_ids is None (:415-425); its one caller, MMFusionNLG.generate "
          "(:100-109), always passes input_ids=caps (asserted to have 3 tokens, :95): the branch is never taken. (The "
          "other use the message cites, :549, is another line.)"),
    52: F("LB", "coqui-TTS TTS/tts/layers/tortoise/wav2vec_alignment.py:44-59 Wav2VecAlignment is a plain object "
          "(no nn.Module) that loads its own Wav2Vec2ForCTC and moves it to the device and back around each call "
          "(:59, :64); Tortoise holds it as a plain attribute, only when enable_redaction (tortoise.py:336-337), so the "
          "model is outside Tortoise's module tree: no offloading of the library's model reaches it, and nothing is "
          "defeated by the move."),
    53: T("leaf", GO + "fairseq examples/attention_head_selection/src/modules/attn_head_selector.py:59-75 "
          "AttnHeadSelector.head_select, called from the encoder's _forward before the layers "
          "(models/head_selection_s2t_transformer.py:126), samples from the root parameter head_logits outside "
          "AttnHeadSelector.forward (grouped there at leaf level: on the CPU here) and indexes the CPU samples with "
          "task_ids (the batch's language / domain ids, set by the task from the device sample: src/speech_to_text_head_selection.py:108-115, :158-159, :176-177); the stored batch_subset / batch_weights are then "
          "returned by AttnHeadSelector.forward to the attention layers, which use them with device tensors. The "
          "examples/attention_head_selection README documents training and inference with this model."),
    54: F("NB", TT_TEST + "This row: :260 `self.model_part.bias.clone()`."),
    55: T("block", SEAM_AGENT + "This row: :221 self.model.decode (text_decoder_frontend, text_decoder)."),
    56: F("BB", "fairseq fairseq/modules/gumbel_vector_quantizer.py:97-114 get_codebook_indices is called only by "
          "codebook() (nothing calls it) and sample_from_codebook (:124-135), which wav2vec2 runs only when "
          "codebook_negatives > 0 (models/wav2vec/wav2vec2.py:736-737; default 0, :231); no config or doc sets it."),
    57: F("AL", "fairseq fairseq/tasks/speech_to_speech.py:398-405 build_generator builds the vocoder (get_vocoder) and "
          "moves it to cuda in the same statement sequence, at construction: the vocoder is a task attribute created "
          "there, before any user could apply offloading to it (and outside the S2S model's module tree); offloading "
          "applied afterwards is not undone by this line."),
    58: F("BB", "flash-attention layers/rotary.py:414-426: the xPos branch that reads self.scale.device runs only when "
          "scale_base is set (`scale` is None otherwise, :369-374), i.e. rotary_emb_scale_base in the GPT / BERT "
          "configs (models/gpt.py:78, bert.py:64), which no README, config or test sets (grep). (Also, "
          "_update_cos_sin_cache called from RotaryEmbedding.forward runs with the buffer onloaded.)"),
    59: F("NB", TT_TEST + "This row: :264 `self.model_part.weight.zero_()`."),
    60: F("AB", "OFL205 on fairseq examples/textless_nlp/gslm/unit2speech/tacotron2/layers.py:65 TacotronSTFT: built "
          "nowhere in the tree (as row 33)."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
