"""Write benchmarks/triage22an/labels.json (round an; the 36 drawn rows of 209 shown findings of five libraries).

Standard of rounds x-al: true when the hazard is real at (at least one of) the claimed level(s) the way the library's
README, docs, recipes, configs and tests use the class (training counts; a public method counts as called); C when true
only under a non-default option the library ships or documents; false with a cause letter otherwise. Existing letters
used here: AB code nothing builds or calls; BB a branch no caller, doc or config takes; P where a value's device comes
from / where it goes (here: the whole path is placed with an offloaded tensor's device and runs on the CPU, or the
tensor it meets is offloaded alike); CA a module without weights called outside forward; GC a plain-object attribute
taken for a submodule; EA a module held by a plain object, moved by hand to its input's device; EC the CPU value makes
only 0-dim tensors. No new letter (MA unused). Runtime column filled from runtime_column.json where a run exists.
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
      "module's forward, whose hook also moves its arguments.) ")

SB_RECIPE = ("speechbrain recipes hold their models in `self.modules`, a torch.nn.ModuleDict that Brain builds from the "
             "yaml's `modules:` (core.py); a user offloads either that dict or one of its models; at block level "
             "neither's unmatched group is onloaded by a call of one model's non-forward method. ")

ST = ("speechbrain lobes/models/transformer/TransformerST.py: TransformerST's direct children (custom_src_module / "
      "custom_tgt_module / custom_mt_src_module, a speechbrain.nnet.containers.ModuleList, i.e. a plain nn.Module "
      "wrapping a torch ModuleList, containers.py:215-229; encoder, decoder, positional_encoding) are no ModuleList, so "
      "at block level with TransformerST the root (or the ModuleDict) all of them sit in the unmatched group, onloaded "
      "only by TransformerST.forward. ")

LAVIS_DEV = ("LAVIS models are loaded with load_model_and_preprocess(..., device=device) and called with "
             "samples whose image is placed on the device (README: `vis_processors['eval'](raw_image).unsqueeze(0)"
             ".to(device)`); tasks call model.generate / predict_answers (lavis/tasks/captioning.py:104, vqa.py:133). ")

ULIP = ("LAVIS lavis/models/ulip_models/ULIP_models.py: ULIP_WITH_IMAGE is built only by ULIP_PointBERT (:216), only as "
        "X-InstructBLIP's point-cloud encoder (blip2_vicuna_xinstruct.py:840-850), which calls it as `encoder(data)` "
        "(:581, :941): forward(pc, text=None) never takes its `if text is not None` branch (:156), the only caller of "
        "encode_text; nothing else in LAVIS (no config, doc, test) calls encode_text or builds the class. ")

SEGRES = ("MONAI monai/networks/nets/segresnet_ds.py: up_layers is an nn.ModuleList of nn.ModuleDict levels (:328-372; "
          "SegResNetDS2.up_layers_auto a deepcopy of it, :484); at block level with the network as root diffusers makes "
          "each ModuleDict a block and hooks it on its own forward (group_offloading.py: a hook per module of the "
          "group), which never runs: the code indexes level['upsample'] / level['blocks'] / level['head'] and calls "
          "those. Their weights stay on the CPU while x is on the compute device. ")

WN = ("legacy torch.nn.utils.weight_norm registers a forward pre-hook that recomputes `weight` from weight_g / weight_v "
      "before the module's forward; diffusers' leaf hook wraps forward, so the recomputation reads the CPU weight_g / "
      "weight_v and the conv runs with a CPU weight against a device input. ")

L = {
    1: F("CA", SB_RECIPE + "recipes/Voicebank/MTL/ASR_enhance/train.py:178 `self.modules.enhance_model.stft(clean_wavs)`: "
         "enhance_model is EnhanceResnet (hparams/models/enhance_model.yaml), whose stft is speechbrain.processing."
         "features.STFT (EnhanceResnet.py:73): an nn.Module with no parameter or buffer (its window is a plain tensor "
         "moved with `self.window.to(x.device)`, features.py STFT.forward). The call touches no offloaded weight at any "
         "level; extract_feats (:179) is parameter-free too (EnhanceResnet.py:139-141). The message guesses the class."),
    2: T("both", GO + "MONAI monai/networks/nets/dints.py:860 TopologySearch.get_prob_a reads the root parameter "
         "log_alpha_a; get_ram_cost_usage (:878-908, called by the DiNTS search as tests/networks/nets/"
         "test_dints_network.py:126-127 do) puts `sizes` and `ram_cost` on self.device, the constructor's device "
         "argument (the compute device: :586, :892, :898), and multiplies them with arch_code_prob_a / cell_prob "
         "derived from log_alpha_a / log_alpha_c (:905-907). Outside forward those parameters are on the CPU at both "
         "levels (TopologySearch as root: its own group; as DiNTS's child dints_space: DiNTS's unmatched group at block "
         "level, TopologySearch's own group at leaf). In get_ram_cost_usage log_alpha_a's probabilities are indexed to 0-dim values (:905: no "
         "mismatch), log_alpha_c's cell_prob rows meet ram_cost at :906; log_alpha_a itself meets the device in "
         "decode() (:965 -> get_prob_a(child=True): `path_activation` on self.device times `_arch_code_prob_a[blk_idx]`, "
         ":865-869; tests/networks/nets/test_dints_network.py:130 grid.decode()). The message names the meeting point "
         "inside forward (where the parameter is onloaded); the real one is decode's."),
    3: T("leaf", GO + LAVIS_DEV + "lavis/models/clip_models/model.py:140 AttentionPool2d.forward passes "
         "q/k/v_proj.weight, torch.cat of their biases and c_proj.weight/bias to F.multi_head_attention_forward "
         "without calling the Linears: at leaf level those stay on the CPU (AttentionPool2d's own positional_embedding "
         "group hooks its forward and moves x to the device). Built by ModifiedResNet (:191) for the CLIP ResNet model "
         "types, e.g. 'RN50' (PRETRAINED_MODEL_CONFIG_DICT, :415; configs/models/clip_resnet50.yaml)."),
    4: T("block", GO + LAVIS_DEV + "lavis/models/blip2_models/blip2_opt.py:334 Blip2OPT.predict_answers (VQA task, "
         "vqa.py:133) runs `self.opt_model.get_input_embeddings()(opt_tokens.input_ids)` with the ids placed on "
         "image.device (:329, the compute device); Blip2OPT's children (visual_encoder, ln_vision, Qformer, opt_model, "
         "opt_proj) are no ModuleList, so all sit in the unmatched group, not onloaded outside forward: a CPU "
         "embedding table indexed by device ids. (The visual encoder line :297 is an earlier mismatch of the same "
         "method; this line is one on its own.)"),
    5: U("block", GO + SB_RECIPE + ST + "recipes/Fisher-Callhome-Spanish/ST/transformer/train.py:74 calls "
         "self.modules.Transformer.forward_mt(transcription_tokens, tokens_bos) (TransformerST.py:270-330: "
         "custom_mt_src_module, mt_encoder, custom_tgt_module, decoder) with the batch on the device: CPU embedding / "
         "linear weights against device tokens. Reached only when mt_weight > 0 (:73); both shipped yamls set "
         "mt_weight: 0 (transformer.yaml:123, conformer.yaml:116), the README's results table documents a run with "
         "mt_weight 0.2 (README.md:32): C. (The fix's block_modules=['Transformer', 'forward_mt'] names a method.)"),
    6: T("block", GO + LAVIS_DEV + "lavis/models/blip2_models/blip2_vicuna_instruct.py:546 (video frames) and :574 "
         "(images) Blip2VicunaInstruct._predict_class, from the public predict_class (:434), run self.llm_proj on the "
         "Q-Former output with the atts on image.device; llm_proj, like every child (no ModuleList), sits in the "
         "unmatched group, never onloaded outside forward: CPU Linear against a device input. predict_class is public "
         "API with no caller inside LAVIS (counted as called, the library premise)."),
    7: F("P", GO + "lavis/models/blip2_models/blip2_vicuna_xinstruct.py:1173 is inside `if 'discrn' in samples and "
         "self.use_caption` (:1158; the discrn caption eval configs, e.g. projects/xinstruct_blip/eval/discrn/"
         "image_3d_caption.yaml): the prompt is built from text captions only and tokenised `.to(self.device)` "
         "(:1169), and self.device is the first parameter's device (base_model.py:26-27, the first modality encoder's, "
         "on the CPU at block level); get_input_embeddings and llm_model.generate then run wholly on the CPU with CPU "
         "ids: no compute-device tensor on this path, no mismatch. (The related location :1492, the modality path, "
         "meets device features, but the encoders before it, :581, fail first; not this row's line.)"),
    8: F("BB", ULIP + "This row: ULIP_models.py:121 encode_text uses the root parameter text_projection."),
    9: F("P", GO + "lavis/models/blip_diffusion_models/blip_diffusion.py:355 get_image_latents from the public edit() "
         "(:377-392): the image is placed by _inversion_transform with `.to(self.device)` (:373), self.device being "
         "the first parameter's (base_model.py:26-27; the Q-Former's, on the CPU at block level), and every child "
         "(blip, text_encoder, vae, unet: no ModuleList) sits in the unmatched group, on the CPU; the tokens, "
         "generators and latents of edit() are all placed with self.device (:440, :447): the whole path computes on "
         "the CPU, no mismatch (slow, not broken). The vae is indeed not onloaded; nothing meets it on the device."),
    10: T("block", GO + LAVIS_DEV + "lavis/models/blip2_models/blip2_t5_instruct.py:586 (video frames) / :614 (images) "
          "Blip2T5Instruct._predict_class, from the public predict_class, runs self.t5_proj on the Q-Former output "
          "(atts on image.device) and self.t5_model (:658); both in the unmatched group, not onloaded outside forward. "
          "Public API with no caller inside LAVIS (counted as called)."),
    11: F("BB", ULIP + "This row: ULIP_models.py:113 encode_text calls token_embedding / transformer."),
    12: T("leaf", GO + LAVIS_DEV + "lavis/models/eva_vit.py:124 Attention.forward: `F.linear(input=x, "
          "weight=self.qkv.weight, bias=qkv_bias)` reads the Linear's weight without calling it: on the CPU at leaf "
          "level while x is on the device (Attention's own q_bias / v_bias group hooks its forward and moves x). EVA "
          "ViT-g is BLIP-2's default image encoder (blip2 configs vit_model: eva_clip_g)."),
    13: T("leaf", GO + "speechbrain/integrations/huggingface/encodec.py:282 Encodec._raw_embeddings, from the public "
          "encode() (:216-238; the class docstring's own example: `tokens, emb = model.encode(audio, length)`, "
          ":35): encode is not forward, so the root's own buffers (token_index_offsets, vocabulary_flat, emb_mean, "
          "emb_std: :108-122) stay on the CPU at leaf level, while the tokens come from self.model.encode, whose "
          "leaf hooks move the audio: `tokens + self.token_index_offsets` is device + CPU ([heads] shape, not 0-dim)."),
    14: T("leaf", GO + "speechbrain/integrations/huggingface/encodec.py:303 Encodec.embeddings (renorm_embeddings "
          "defaults True, :92): `(emb - self.emb_mean) / self.emb_std`, the root's buffers on the CPU outside forward "
          "at leaf level, emb from the device tokens (as row 13; with :282/:283 fixed, this line meets device emb)."),
    15: F("GC", SB_RECIPE + "recipes/IWSLT22_lowresource/AST/transformer/train_with_samu_mbart.py:97 "
          "`self.modules.mBART.tokenizer.batch_decode(hyps, ...)`: mBART is speechbrain.integrations.huggingface.mbart."
          "mBART (hparams :106), whose `tokenizer` is a transformers AutoTokenizer (huggingface.py:430), a plain "
          "object: batch_decode turns ids into strings, no weight involved."),
    16: F("BB", SB_RECIPE + "recipes/LibriSpeech/G2P/evaluate.py:180 `self.modules.word_emb.batch_embeddings(char)` "
          "runs only under `if self.hparams.use_word_emb` (:178); both G2P yamls set use_word_emb: False "
          "(hparams_g2p_rnn.yaml:159, hparams_g2p_transformer.yaml:165) and the README documents no run with it."),
    17: T("block", GO + SB_RECIPE + ST + "recipes/CVSS/S2ST/train.py:65 (default path, every batch) calls "
          "self.modules.transformer.forward_mt_decoder_only(enc_out, tokens_bos) (TransformerST.py:332-375: "
          "custom_tgt_module, positional encoding, decoder) with the batch on the device (:47): CPU embedding / decoder "
          "weights against device tokens at block level."),
    18: F("BB", ULIP + "This row: ULIP_models.py:42 ResidualAttentionBlock.attn (nn.MultiheadAttention, out_proj "
          "read without its call): the blocks belong to ULIP_WITH_IMAGE.transformer, the text transformer run only by "
          "encode_text (vision_model is a separate encoder)."),
    19: T("leaf", GO + "MONAI monai/networks/nets/vista3d.py:546 PointMappingSAM.forward (VISTA3D.point_head, run for "
          "point prompts) adds self.point_embeddings[0/1].weight (nn.Embedding, never called: CPU at leaf) into "
          "point_embedding, built from the device features / coordinates; PointMappingSAM holds no tensor of its own "
          "(no hook, arguments not moved). Block claim false: point_head is no block, it sits in VISTA3D's unmatched "
          "group, onloaded while VISTA3D.forward runs (true on the leaf claim)."),
    20: T("leaf", WN + "speechbrain lobes/models/HifiGAN.py:1077 DiscriminatorS.conv_post = weight_norm(Conv1d) (norm_f "
          "is weight_norm except for the first of MultiScaleDiscriminator's three, :1111-1113); built by "
          "HifiganDiscriminator in the HiFi-GAN vocoder recipes (recipes/LJSpeech/TTS/vocoder/hifigan/hparams/"
          "train.yaml) and run every training step."),
    21: F("EC", "speechbrain lobes/models/DiffWave.py:644 DiffWaveDiffusion.inference: `c1 = 1 / inference_alphas[n] ** "
          "0.5` indexes the CPU buffer alphas (or, with fast sampling, a CPU torch.tensor) to a 0-dim tensor; "
          "`c1 * (audio - c2 * noise_pred)` with 0-dim CPU factors and device tensors is allowed by PyTorch (a 0-dim "
          "CPU tensor acts as a scalar): no mismatch at this line. The comparisons of :626-634 are CPU with CPU."),
    22: T("leaf", WN + "speechbrain lobes/models/HifiGAN.py:1068 DiscriminatorS.convs: seven weight_norm Conv1d, as row "
          "20 (HiFi-GAN recipes' discriminator, every training step)."),
    23: T("leaf", GO + "MONAI monai/networks/nets/vista3d.py:558 PointMappingSAM.forward (class_vector None: point-only "
          "prompts) concatenates mask_tokens.weight / supported_embed.weight (Embeddings never called: CPU at leaf) "
          "with the device point_embedding (torch.cat). As row 19, point_head has no hook of its own."),
    24: T("leaf", GO + "speechbrain lobes/models/PIQ.py:684 VQEmbedding.straight_through passes "
          "self.embedding.weight.detach() (nn.Embedding, never called: CPU at leaf) with the device encoder output "
          "z_e_x_ to VectorQuantizationStraightThrough.apply (distances against the codebook), and index_selects it "
          "(:694). Built as the codebook of VectorQuantizedPSI_Audio (PIQ.py:501/:504, in its forward) by the ESC50 "
          "interpretation recipe (recipes/ESC50/interpret/hparams/piq.yaml)."),
    25: T("both", "speechbrain decoders/scorer.py:1971 HuggingFaceLMRescorer.to_device: `self.lm.to(self.device)` "
          "(or to `device`), called by RescorerBuilder.move_rescorers_to_device (:2189; recipes/LibriSpeech/ASR/CTC/"
          "train_with_wav2vec.py:151 at the test stage; tests/unittests/test_rescorer.py:195). Call order: a user who "
          "group-offloads the rescorer's causal LM after building it gets all its weights moved to the device at once "
          "(a memory peak that defeats offloading), as rounds' OFL207 'call order' rows (Wan2.1 QwenPromptExpander)."),
    26: T("leaf", WN + "speechbrain nnet/CNN.py:981 ConvTranspose1d(weight_norm=True) wraps its nn.ConvTranspose1d; "
          "HifiganGenerator's upsampling layers are built so (HifiGAN.py:453-460), in every HiFi-GAN recipe and in "
          "the pretrained vocoder interface (inference/vocoders.py HIFIGAN, which calls generator.remove_weight_norm() "
          "on the first decode, :82-84: after offloading that recomputes the weight from the CPU g / v into a new "
          "Parameter no group holds, so the CPU weight persists)."),
    27: F("EA", "speechbrain recipes/LibriTTS/focalcodec/metrics/speaker_similarity.py:80 SpkSimWavLM.append: a metric "
          "object (MetricStats-like, no nn.Module) that loads its own WavLM speaker-verification model "
          "(AutoModelForAudioXVector, :56) and moves it to the signal's device before scoring "
          "(`self.model.to(hyp_sig.device)`): an evaluation model held by a plain object, never the model the recipe "
          "trains or a user offloads; the hand move is its placement (as round's EA filter modules)."),
    28: T("both", "MONAI monai/optimizers/lr_finder.py:305 LearningRateFinder.range_test: `self.model.to(self.device)` "
          "(device: the constructor argument, :246); the finder takes the user's network, records its current device "
          "(next(parameters()).device, :238: the CPU offload device under group offloading) and restores it after the "
          "test (:253). Call order: a group-offloaded network handed to the finder is moved whole to the device "
          "(a memory peak that defeats offloading), as rounds' OFL207 'call order' rows."),
    29: T("leaf", GO + "speechbrain nnet/diffusion.py:301 DenoisingDiffusion.sample (recipes/AudioMNIST/diffusion/"
          "train.py:801/:887, `self.modules.diffusion_sample.sample(...)`) places the start noise and the timesteps "
          "with self.alphas.device (:301, :308), a root buffer on the CPU outside forward; at leaf level self.model "
          "(the UNet)'s hooks move them, so model_out comes back on the device and sample_step mixes it with the CPU "
          "sample and the CPU coefficient buffers indexed by the CPU timesteps ([B] tensors, :334-353): a mismatch "
          "downstream of the line (true through a chain, as round al's SAM rows). The fix `shape.device` names a "
          "tuple's attribute."),
    30: T("block", SEGRES + "This row: SegResNetDS2.forward :530 (with_label path, up_layers_auto). SegResNetDS2 as the "
          "root (a public network; MONAI's tests build it alone); as VISTA3D's image encoder it is no block of VISTA3D "
          "and runs onloaded in VISTA3D's unmatched group (label risk)."),
    31: T("block", SEGRES + "This row: SegResNetDS2.forward :517 (with_point path, up_layers), as row 30."),
    32: F("EA", "speechbrain recipes/LibriTTS/focalcodec/metrics/dwer.py:99 DWER.append: a metric object holding its "
          "own ASR model (built by the metric), moved to the audio's device before transcribing "
          "(`self.model.to(hyp_audio.device)`), as row 27."),
    33: T("leaf", GO + LAVIS_DEV + "lavis/models/med.py:1336 XBertLMHeadDecoder.generate_from_encoder (BLIP captioning: "
          "blip_caption.py:188, the caption task's model.generate) builds image_atts with self.device, the "
          "PreTrainedModel's first-parameter device (the word-embedding table, an Embedding leaf: CPU at leaf level); "
          "they go as encoder_attention_mask through generate into BertSelfAttention's cross-attention, which holds no "
          "tensor of its own (no hook, arguments not moved), where the CPU extended mask is added to the device "
          "attention scores: mismatch downstream (a chain). Block claim: the whole decoder is in BlipCaption's "
          "unmatched group and the visual encoder before it fails first."),
    34: F("AB", "LAVIS lavis/models/beats/quantizer.py:168 NormEMAVectorQuantizer.forward is built only by "
          "lavis/models/beats/Tokenizers.py:99 (Tokenizers), which nothing in LAVIS builds: "
          "lavis/processors/audio_processors.py:17 imports it and never uses it; no config, doc or test names it (the "
          "BEATs audio encoder X-InstructBLIP uses is BEATs.py, without the quantizer)."),
    35: F("P", "k-diffusion k_diffusion/external.py:63 DiscreteSchedule.get_sigmas places t with self.sigmas.device "
          "(the CPU under offloading: a buffer of the wrapper, onloaded only by its forward) and passes it to "
          "t_to_sigma, whose `(1 - w) * self.log_sigmas[low_idx]` (:82) meets log_sigmas, a buffer of the same module "
          "offloaded alike: CPU with CPU, no mismatch at the place the message names (the census of "
          "docs/container-blocks-and-combined-pipelines.md labelled the same line false for the same reason). The "
          "returned CPU sigmas are indexed to 0-dim values by the samplers."),
    36: T("block", SEGRES + "This row: SegResNetDS._forward :410 (the Auto3DSeg segresnet; SegResNetDS is the root users "
          "build)."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
