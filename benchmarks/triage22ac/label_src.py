"""Write benchmarks/triage22ac/labels.json (round ac; the 60 drawn rows of 159 shown findings).

New cause letters: none (BM, reserved for this round, is not needed). Standard of rounds x-ab: true when the hazard is
real at the claimed level(s) the way the tree runs its code (training counts); false with a cause letter otherwise; C
(unsure) when true only under a configuration the tree's scripts do not use by default but its README documents with a
released checkpoint. Runtime column filled from runtime_column.json where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, unsure as U, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

CLIP = ("Diffsound sound_synthesis/modeling/modules/clip/model.py AttentionPool2d exists only in ModifiedResNet, which "
        "clip/model.py build_model (:397) builds only for a ResNet CLIP state dict; the tree's only CLIP user, "
        "embeddings/clip_text_embedding.py:25-26, loads clip_name, and every config sets 'ViT-B/32' (configs/caps*.yaml, "
        "audioset.yaml :72, evaluation/caps_text.yaml :70), so the VisionTransformer branch is built and the text tower "
        "used; AttentionPool2d is never built. ")
WNHS = ("HierSpeechpp, legacy torch.nn.utils.weight_norm: the forward pre-hook recomputes weight from weight_g/weight_v "
        "before the conv's leaf group (hooked on the conv's forward) is onloaded, so a CPU weight meets the device input. "
        "inference.py:146-150 / inference_vc.py build the models, .cuda(), eval(), and never call remove_weight_norm "
        "(the remove methods exist but nothing calls them). ")
PPG = ("ppg-vc src/mel_decoder_mol_v2.py MelDecoderMOLv2 (conf/seq2seq_mol_ppg2mel_vctk_libri_oneshotvc_r4_normMel_v2.yaml "
       "model_name seq2seqmolv2 -> src/__init__.py build_model) is built by convert_from_wav.py:84-90 and run through "
       "ppg2mel_model.inference (:146) with CUDA inputs, never forward; reduce_proj, decoder and postnet are direct "
       "children that are no ModuleList/Sequential, so at block they are the root's unmatched group, onloaded only by "
       "MelDecoderMOLv2.forward. Decoder (src/rnn_decoder_mol.py) is shared by MelDecoderMOL and MelDecoderMOLv2. "
       "(MockingBird's models/ppg2mel, round aa, is a copy of this code: not an independent observation.) ")
PWG = ("VQMIVC carries a copy of kan-bayashi/ParallelWaveGAN (a library with its own setup.py in ParallelWaveGAN/, and "
       "its own recipes: egs/*/voc1/conf/*.yaml, run.sh -> parallel_wavegan/bin/decode.py). ")
NORM = ("decode.py:68-73 --normalize-before defaults to False and no script in the tree passes it (no run.sh, "
        "VQMIVC convert.py:148-151 neither), so the `if normalize_before:` branch that reads mean/scale never runs. ")
SQ = ("AcademiCodec academicodec/models/encodec/test.py:165-178 builds SoundStream, removes its weight norm, .cuda(), "
      "and test_one (:118-120, run by egs/*/test.sh) calls soundstream.encode(wav) and .decode(codes) with wav on CUDA, "
      "never forward; encoder, quantizer, decoder are direct children that are no ModuleList/Sequential, so at block "
      "they are SoundStream's unmatched group, never onloaded on this path. ")
HC = ("AcademiCodec HiFi-Codec (academicodec/models/hificodec): train.py:74-79 builds Encoder, Generator, Quantizer, "
      "MultiPeriodDiscriminator, MultiScaleDiscriminator on the GPU and trains them; vqvae.py (VQVAE: quantizer, "
      "generator, encoder) and vqvae_tester.py run inference with wav.cuda(), and nothing calls remove_weight_norm "
      "there. Legacy weight_norm: the pre-hook recomputes weight before the leaf group is onloaded. ")
DIFF = ("Diffsound sound_synthesis/modeling/transformers/diffusion_transformer.py DiffusionTransformer.sample is called "
        "outside any forward: dalle_spec.py generate_content (:226; evaluation/generate_samples_batch.py:106/:162) and "
        "DALLE.sample (:312; the training solver's sampling step, engine/solver_spec.py:209-213). The schedule buffers "
        "(:224-231) are root buffers of DiffusionTransformer (at leaf grouped under it, hooked on its forward; at block "
        "in the unmatched group of whichever root holds it), so they stay on the CPU. sample() takes `device = "
        "self.log_at.device` (:612), so t and log_z are made on the CPU too. ")
SPEC = ("Diffsound Codebook/specvqgan/modules/diffusionmodules/model.py Encoder/Decoder (taming-style; self.down/self.up are "
        "ModuleLists of bare nn.Module holders) are built only inside VQModel (specvqgan/models/vqgan.py :10/:25-30, "
        "configs caps_codebook.yaml etc.: target specvqgan.models.vqgan.VQModel) as self.encoder/self.decoder; the "
        "copies in Diffsound/ (taming, specvqgan) likewise sit inside their codec/VQ models. Block level makes blocks "
        "only of the offload root's direct ModuleList/Sequential children: with VQModel (or the DALLE/codec wrapper) "
        "as root, encoder/decoder are in its unmatched group and onloaded whole by its forward, so the holders' "
        "missing forward does not matter; nothing offloads Encoder or Decoder by itself. ")

L = {
    1: F("BB", CLIP + "This row: AttentionPool2d.forward k_proj.bias (:77)."),
    2: T("leaf", "VISinger2 egs/visinger2/models.py ResBlock3 (:382-388): its one conv is wrapped in legacy weight_norm; "
         "Generator builds resblocks_downs = ResBlock3 per downsampling step unconditionally (:484-487) and forward "
         "runs them (:527); SynthesizerTrn.dec is this Generator, trained by egs/visinger2/train.py and run by "
         "inference.py (:62-64, no remove_weight_norm call). The pre-hook recomputes weight before the conv's leaf "
         "group is onloaded."),
    3: T("leaf", WNHS + "This row: modules.py:135 WN.in_layers (weight-normed Conv1d per layer, called in WN.forward); "
         "WN is built by hierspeechpp_speechsynthesizer.py PosteriorSFEncoder / PosteriorAudioEncoder (:133, :188-190) "
         "of SynthesizerTrn (:562-, gin_channels 256), whose infer (:75 of the class) runs them."),
    4: F("P", DIFF + "This row: q_pred_one_timestep (:241-251) is called only from q_posterior (:325) with log_x_t = "
         "the sampler's own log_z (built on `device` = the CPU, :633-641) and t on the CPU, so log_bt/log_at and their "
         "operands are all on the CPU: no device tensor meets the buffer here. The sampling path does fail, but "
         "elsewhere: predict_start's torch.cat of the transformer output with the CPU zero_vector (:287-288) and "
         "q_pred with device content tokens (row 11). The linter would need the device of log_x_t (derived from the "
         "buffer's own device via :612)."),
    5: T("block", "VQMIVC predict.py (cog Predictor) setup (:68-95) builds Encoder (model_encoder.py:167), .to(cuda); "
         "predict (:123) calls self.encoder.encode(src_mel) with src_mel on the device (:116), never forward; Encoder's "
         "conv, codebook and rnn are direct children that are no ModuleList/Sequential, so at block they are its "
         "unmatched group, never onloaded on this path: conv's CPU weight meets mel at model_encoder.py:195. convert.py:134 "
         "does the same."),
    6: T("leaf", WNHS + "This row: hierspeechpp_speechsynthesizer.py:406 Generator.ups (weight-normed ConvTranspose1d), "
         "SynthesizerTrn.dec (:624), run by infer."),
    7: U("leaf", WNHS + "This row: speechsr24k/speechsr.py:31 AMPBlock0.convs2 (weight-normed), the resblocks of "
         "speechsr24k Generator (config.json resblock '0' -> AMPBlock0, :74). C: SpeechSR-24k is built only with "
         "--output_sr 24000 (inference.py:165-170, inference_speechsr.py:9); the default is 48000 (:203) and the .sh "
         "scripts pass none; README.md:169-171 documents the option and ships the checkpoint (README.md:108)."),
    8: T("block", SQ + "This row: core_vq.py:291 VectorQuantization.decode calls self._codebook.decode (EuclideanCodebook "
         "embed buffer into F.embedding with the device codes), reached from ResidualVectorQuantization.decode "
         "(:358) <- ResidualVectorQuantizer.decode (vq.py:120) <- SoundStream.decode (net3.py:59). The message names "
         "VectorQuantization as the root; with SoundStream as root the whole quantizer is in the unmatched group, so "
         "the hazard holds the same."),
    9: F("AO", "Diffsound Codebook/vocoder_audioset/modules.py is a copy of the MelGAN vocoder module that no file of the "
         "tree imports: vocoder_audioset's own code imports mel2wav.modules (mel2wav/interface.py:1, "
         "scripts/train.py:5), and Codebook/train.py:30 imports `vocoder.modules`, which in this tree resolves to "
         "Diffsound/Diffsound/vocoder/modules.py (row 10), not to this file (Codebook has no vocoder/ folder). The same "
         "weight_norm hazard is real in the sibling copies that run (rows 10 and the recall's mel2wav copy). Label "
         "risk: if Codebook/train.py's `vocoder.modules` is read as this folder under its SpecVQGAN name, the row is "
         "true (leaf)."),
    10: T("leaf", "Diffsound Diffsound/vocoder/modules.py (MelGAN): ResnetBlock.block (:75-81) is built of WNConv1d "
          "(legacy weight_norm, :18-19); the Generator is built by evaluation/generate_samples_batch.py:25/:29-53 "
          "(load_vocoder, .to('cuda'), the sample generation) and Codebook/train.py:30/:349 (VocoderMelGan, the "
          "training-time sample logger); nothing removes the weight norm. The pre-hook recomputes weight before the "
          "conv's leaf group is onloaded."),
    11: T("block+leaf", DIFF + "This row: q_pred (:253-266) reads log_cumprod_* (CPU). Through DALLE.sample (:264-316, "
          "filter_ratio [0, 0.5, 1.0], :270) sample() takes the `else` branch (:645-648): log_x_start = "
          "index_to_log_onehot(content_token) on the device (the batch's tokens), q_sample -> q_pred adds the CPU buffer "
          "to it (:264-265): a CPU/device meeting at both levels. (The site the message names, extract, gathers with "
          "a CPU t, so the meeting is two lines on, in the same method.)"),
    12: T("block+leaf", "VQMIVC model_encoder.py VQEmbeddingEMA.encode (:227-240): embedding is a buffer of "
          "VQEmbeddingEMA (:223), which has no leaf layer, so at leaf it is grouped under VQEmbeddingEMA and onloaded "
          "only by VQEmbeddingEMA.forward; Encoder.encode (:197) calls codebook.encode instead (predict.py:123, "
          "convert.py:134, inference on CUDA). At block the codebook is in Encoder's unmatched group, not onloaded "
          "through encode. Either way the CPU buffer meets x_flat (device) at :231."),
    13: F("BB", PWG + NORM + "This row: melgan.py:255 MelGANGenerator.inference `(c - self.mean) / self.scale`."),
    14: F("A", SPEC + "This row: Encoder.forward down[i].downsample (:488)."),
    15: U("leaf", "DaGAN modules/util.py SPADEResnetBlock: conv_s (:377) is wrapped in legacy spectral_norm when "
          "'spectral' in norm_G and fin != fout; SPADEGenerator (modules/generator.py:9-29, norm_G "
          "'spadespectralinstance') builds up_0/up_1 with fin != fout, and SPADEDepthAwareGenerator builds "
          "SPADEGenerator (:255). The spectral-norm pre-hook recomputes weight from weight_orig before the conv's leaf "
          "group is onloaded. C: SPADEDepthAwareGenerator is built only with --generator SPADEDepthAwareGenerator "
          "(demo.py:30, run.py:49, required argument); README's commands use DepthAwareGenerator, the SPADE training "
          "command is commented out (README.md:106), but README.md:36 offers the released SPADE model."),
    16: F("BB", "FGT LAFC/models/utils/network_blocks.py VanillaConv (:16-27): featureConv gets spectral_norm only for "
          "norm == 'SN'; no caller in the tree passes 'SN' (LAFC lafc.py/lafc_single.py pass norm=None, "
          "conv_type vanilla from LAFC/config/train*.yaml :63), so the wrapped conv is never built."),
    17: T("block", SQ + "This row: net3.py:59 SoundStream.decode calls self.quantizer.decode."),
    18: T("leaf", "Diffsound Codebook/AudiocaptionLoss: eval.py:260-275 builds ACT (models/TransModel.py), .to(device), "
          "and evaluates captions; ACT.transformer_decoder (:97) is a torch.nn.TransformerDecoder whose layers' "
          "nn.MultiheadAttention pass out_proj.weight/.bias to F.multi_head_attention_forward without calling "
          "out_proj; at leaf out_proj (a Linear) is its own group, hooked on a forward nothing runs, so its CPU weight "
          "meets the device attention output."),
    19: T("block+leaf", PWG + "parallel_wavegan/utils/utils.py load_model (:325-350) attaches model.pqmf = PQMF(...) "
          "when out_channels > 1: the multi-band MelGAN recipes (egs/ljspeech|vctk/voc1/conf/multi_band_melgan.v*.yaml, "
          "decoded by bin/decode.py:147-162). MelGANGenerator.inference (:258) calls self.pqmf.synthesis, which uses "
          "PQMF's buffers (updown_filter :148, synthesis_filter :150); PQMF defines no forward, so at leaf its buffer "
          "group (hooked on its forward) is never onloaded, and at block it is in the generator's unmatched group, "
          "not onloaded by inference. The CPU filters meet the device x in conv_transpose1d/conv1d. This row: "
          "updown_filter. Label risk: VQMIVC's own convert.py uses a PWG vocoder (vocoder/README.md); the MB-MelGAN "
          "path is the vendored library's recipes."),
    20: F("A", SPEC + "This row: Decoder.forward up[i].block[i] (:658)."),
    21: T("leaf", HC + "This row: models.py:438 Quantizer_module.forward reads self.embedding.weight (:438-439) before "
          "calling self.embedding (:441); the Embedding's weight is grouped under the Embedding (its owner), hooked on "
          "its forward, so at the read it is still on the CPU while x is on the device. Called by "
          "Quantizer.for_one_step (:470/:482) in training and in VQVAE.encode."),
    22: U("leaf", WNHS + "This row: speechsr24k/speechsr.py:73 Generator.conv_pre (weight-normed). C: SpeechSR-24k only "
          "with --output_sr 24000 (see row 7)."),
    23: F("BB", PPG + "This row: mel_decoder_mol_v2.py:214 decoder.inference_batched runs only for a batch > 1 "
          "(:213); convert_from_wav.py converts one utterance at a time (ppg of batch 1, :133-141), so :216's "
          "decoder.inference runs instead (that call is a finding of its own, not this row)."),
    24: T("block", PPG + "This row is reported at :203 speaker_embedding_table, inside `if not self.use_spk_dvec`, which "
          "the config (use_spk_dvec True) never takes (the table is not even built, :112-113); the finding names "
          ":210 reduce_proj and :218 postnet as the same cause, and both run on this path with device inputs: true, as "
          "round ab's rows 2-3 (reported in an untaken branch, same cause at the taken site)."),
    25: F("BB", PPG + "This row: rnn_decoder_mol.py:338 Decoder.inference_batched prenet: inference_batched runs only "
          "for a batch > 1 (mel_decoder_mol_v2.py:213-214, mel_decoder_mol_encAddlf0.py:209-210); the tree's one "
          "caller converts batch 1."),
    26: F("BB", "FGT FGT/models/utils/network_blocks_2d.py PartialConv2d-family `PartialConv.forward` (:141) is "
          "built only for conv_type 'partial' (models/BaseNetwork.py:11-13); FGT/config/train.yaml:75 sets vanilla "
          "and inputs.py:56 defaults to vanilla; no script passes partial."),
    27: T("leaf", WNHS + "This row: modules.py:128 WN.cond_layer (weight-normed, built when gin_channels != 0); "
          "SynthesizerTrn passes gin_channels=256 (:584) to every WN, and WN.forward runs cond_layer(g)."),
    28: F("A", "VISinger2 modules/stft.py TorchSTFT.transform (:380-390) is called by "
          "MultiFrequencyDiscriminator.forward (egs/visinger2_flow/models.py:709; same in egs/visinger2), which is "
          "built only as disc_multfrequency inside Discriminator (:791), the model train.py:82 builds (net_d). With "
          "Discriminator as the offload root, disc_multfrequency (no ModuleList) is in its unmatched group and onloaded "
          "whole by Discriminator.forward, which calls it; nothing offloads TorchSTFT as a root. At leaf (not "
          "claimed) MelScale's fb is under MelScale, called through its forward. No hazard."),
    29: T("leaf", HC + "This row: models.py:142 Generator.ups (weight-normed ConvTranspose1d)."),
    30: T("block", PPG + "This row: rnn_decoder_mol.py:191 Decoder.attend calls attention_layer, reached from "
          "Decoder.inference (:287) <- MelDecoderMOLv2.inference :216 (batch 1): decoder is in the root's unmatched "
          "group, not onloaded."),
    31: F("A", SPEC + "This row: Decoder.forward up[i].attn[i] (:660)."),
    32: T("leaf", WNHS + "This row: ttv_v1/t2w2v_transformer.py:300 PitchPredictor.ups (weight-normed); PitchPredictor "
          "is Text2W2V's pp (:383), run by its infer methods (:456, :488; inference.py text2w2v) and training "
          "(train_ttv_v1.py, :409)."),
    33: F("A", SPEC + "This row: Decoder.forward up[i].upsample (:662)."),
    34: T("leaf", "VISinger2 modules/modules.py WN.res_skip_layers (:147-149, legacy weight_norm): WN is built by "
          "egs/visinger2_flow/models.py PosteriorEncoder (:370, built :874) and modules.ResidualCouplingLayer (:324) "
          "of the flow (:891), run in training (:962) and infer (:1039, reverse); nothing removes the weight norm."),
    35: F("BB", PPG + "This row: rnn_decoder_mol.py:350 Decoder.inference_batched stop_layer: batch > 1 only (see "
          "row 25)."),
    36: T("leaf", "VISinger2 egs/visinger2/models.py DiscriminatorP.convs (:623): weight_norm (config use_spectral_norm "
          "false, config.json:58); built by the Discriminator of egs/visinger2/train.py (net_d, trained on the GPU). "
          "Training-time hazard, counted true as in rounds x-ab."),
    37: T("block", "TPSMM modules/inpainting_network.py InpaintingNetwork.get_encode (:117-) calls self.first (a "
          "SameBlock2d, no ModuleList) outside forward; InpaintingNetwork is a model the tree builds on its own "
          "(run.py:53-66 builds inpainting_network, kp_detector, bg_predictor, dense_motion_network separately) and "
          "modules/model.py:166 (GeneratorFullModel.forward, training) calls get_encode after the network's forward "
          "has returned, i.e. after its unmatched group was offloaded again; x['driving'] is on the device."),
    38: T("leaf", HC + "This row: models.py:285 DiscriminatorS.conv_post (weight_norm for the DiscriminatorS built with "
          "use_spectral_norm False), MultiScaleDiscriminator built by train.py:78. Training-time hazard."),
    39: T("leaf", HC + "This row: models.py:380 Encoder.ups (weight-normed Conv1d)."),
    40: T("block", SQ + "This row: core_vq.py:357 ResidualVectorQuantization.encode calls layers[i].encode, reached "
          "from SoundStream.encode (net3.py:55)."),
    41: T("block", "VISinger2 egs/visinger2_flow/models.py SynthesizerTrn.infer (:995-) runs outside forward and calls "
          "text_encoder, duration_predictor, f0_decoder, mel_decoder, the prenets, flow, dec ... (direct children, no "
          "ModuleList: the root's unmatched group at block); egs/visinger2_flow/inference.py builds it, .cuda(), and "
          "calls infer with CUDA inputs. Reported at :997 emb_spk, inside `if n_speakers > 0` (config n_speakers 0, "
          "not taken); the finding names the other children, which run: true, as row 24."),
    42: T("block", "VISinger2 egs/visinger2/models.py SynthesizerTrn.infer (:988-): as row 41 (inference.py:62-92 "
          "builds it, .cuda(0), infer); reported at :990 emb_spk (n_speakers 0, not taken); the other children named "
          "in the finding run."),
    43: F("BB", "ppg-vc src/mel_decoder_lsa.py MelDecoderLSA.inference -> rnn_decoder_lsa.py Decoder.inference (:300): "
          "MelDecoderLSA is trained by bin/train_linglf02mel_seq2seq_lsa.py (forward only), and inference runs only "
          "through convert_from_wav.py's build_model(model_config['model_name']) (:85), which picks MelDecoderLSA for "
          "'seq2seqlsa'; the tree's only seq2seq config names 'seq2seqmolv2' (conf/...normMel_v2.yaml:31). Label risk: "
          "a user who trains with the LSA script would write such a config."),
    44: F("BB", CLIP + "This row: k_proj.weight (:74)."),
    45: F("BB", "FGT LAFC/models/utils/network_blocks.py PartialConv.forward (:140) is built only for conv_type "
          "'partial' (LAFC/models/BaseNetwork.py:14-18); LAFC/config/train.yaml and train_single.yaml :63 set vanilla, "
          "flow_inputs.py:34 defaults to vanilla."),
    46: F("BB", PWG + NORM + "This row: style_melgan.py:215 StyleMelGANGenerator.inference `(c - self.mean)`."),
    47: F("BB", PWG + NORM + "This row: melgan.py:255 MelGANGenerator.inference `(c - self.mean)`."),
    48: T("block+leaf", SQ + "This row: core_vq.py:176 EuclideanCodebook.quantize (`2 * x @ embed`), reached from "
          "VectorQuantization.encode (:287) <- SoundStream.encode. EuclideanCodebook holds only buffers, so at leaf "
          "they are grouped under it and onloaded only by its forward, which encode does not run; at block the "
          "quantizer is in the unmatched group."),
    49: F("BB", DIFF + "This row: sample_fast (:748-, `device = self.log_at.device` :770) runs only for a sample_type "
          "with ',fast' (dalle_spec.py:212-213), which generate_samples_batch.py passes only when fast != False "
          "(:101-102, :148-149); its one call passes fast=False (:205), and DALLE.sample never uses it."),
    50: F("BB", CLIP + "This row: q_proj.weight (:73)."),
    51: T("leaf", PWG + "parallel_wavegan/layers/pqmf.py PQMF (:52) owns buffers (analysis/synthesis/updown filters, "
          ":104-113) and defines no forward; at leaf they are grouped under PQMF and hooked on a forward nothing "
          "calls. synthesis() runs at inference in the multi-band recipes (see row 19) with device inputs: true at leaf. "
          "(analysis(), the other method named, runs only in training's criterion PQMF, a separate module built by "
          "bin/train.py, not part of the offloaded generator.)"),
    52: F("BB", CLIP + "This row: c_proj.bias (:83)."),
    53: F("BB", PWG + "style_melgan.py:213 is inside `if not isinstance(c, torch.Tensor)`; decode.py:160-162 always "
          "passes a tensor. (The taken twin at :223-225, noise placed on next(self.parameters()).device, is moved to "
          "the device by the hook of noise_upsample's first conv at either level.)"),
    54: F("BB", PWG + NORM + "This row: hifigan.py:219 HiFiGANGenerator.inference `(c - self.mean) / self.scale`."),
    55: T("block+leaf", "As row 19; this row: pqmf.py:150 synthesis_filter in F.conv1d."),
    56: T("leaf", "Diffsound Codebook/specvqgan/modules/vqvae/quantize.py VectorQuantizer.forward (:47-48, :64) reads "
          "self.embedding.weight in a matmul and never calls self.embedding; the Embedding's weight is grouped under "
          "the Embedding (its owner) and hooked on its forward, so it stays on the CPU while z is on the device. Built "
          "by VQModel (specvqgan/models/vqgan.py:33, VectorQuantizer1d :183 inherits this forward), the codebook model "
          "of configs/caps_codebook.yaml etc. trained by Codebook/train.py."),
    57: F("AB", "DaGAN/face-alignment is a copy of the face_alignment library; DaGAN calls "
          "face_alignment.FaceAlignment(...) with the default face_detector='sfd' (demo.py:119, demo_multi.py:120, "
          "crop-video.py:86, utils.py:604; api.py:53), so the BlazeFace detector (net_blazeface.py) is built by "
          "nothing in the application."),
    58: F("AB", "As row 57 (BlazeFaceDetector is never built). Also a constructor-time call (blazeface_detector.py:30), "
          "before any offloading could be applied."),
    59: F("BB", "E2FGVI core/loss.py AdversarialLoss.__call__ reads the real_label/fake_label buffers only for "
          "type nsgan/lsgan; core/trainer.py:48-49 builds it with config losses.GAN_LOSS, which both configs set to "
          "'hinge' (configs/train_e2fgvi.json:17, train_e2fgvi_hq.json:17), where the buffers are never read. (A "
          "loss held by the Trainer object, not part of an offloaded model, in any case.)"),
    60: T("leaf", DIFF + "This row (OFL105): the CPU `device` places t, the mask logits and log_z on the CPU "
          "(:633-641); at leaf the transformer's leaf hooks move their inputs to the device, so predict_start's output "
          "log_pred is on the device and torch.cat with the CPU zero_vector (type_as(log_x_t), :287-288) fails: the "
          "hazard the finding names, at leaf. At block (also claimed) the transformer itself is not onloaded either "
          "(the unmatched group), so the first failure there is the unonloaded child, not this device choice."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
