"""Labels of the round l draw (docs/triage-issue22-l.md), in draw order; writes labels.json next to this file.
Each: (label, cause, runtime, why). Rows whose "api" flag is set are AB rows that turn true in the second reading
(a public method nothing in the tree calls counted as reached); benchmarks/triage22j_tally.py prints that reading.
Rows are judged each on its own (round k's rule). Runtime texts name the harness of benchmarks/triage22l_cases.py
whose JSON is in runtime/, or say "read" with the reason no run was made."""
import json
from pathlib import Path

READ = "read"
VALLE_ROOT = ("VALL-E's model (get_model, valle/models/__init__.py; `--model-name` VALL-E by default, VALL-F and "
              "Transformer are the option's other documented values) is built alone and called by valle/bin/infer.py "
              "(`model.inference(...)` under no_grad, after `model.eval()`): it is its own offload root")
VALLF = (f"{VALLE_ROOT}. VALLF.inference (model-name VALL-F; VALLE overrides inference) calls the root's direct "
         "child outside VALLF.forward; the child is not a ModuleList/Sequential, so at block level it is in the root's "
         "unmatched group, onloaded only in forward")
TTS = (f"{VALLE_ROOT}. Transformer (model-name Transformer, the option's third documented value; its docstring calls it "
       "a debug TTS) `inference` calls the root's direct child outside Transformer.forward; at block level the child is "
       "in the root's unmatched group (add_prenet defaults to False, so encoder_prenet/decoder_prenet are Identity/Linear, "
       "not Sequential)")
MHA = ("vall-e's MultiheadAttention copy (valle/modules/activation.py) never calls `self.out_proj` (a Linear, its own "
       "leaf hook): it hands out_proj.weight/bias to F.multi_head_attention_forward (line 420-421, the AR decoder and "
       "Transformer's decoder, which pass masks) and to torch._native_multi_head_attention (lines 349-350, the fast path "
       "the NAR decoder takes in inference: no mask, eval, no_grad, batch_first, 16 heads)")
CUTIE = ("ProPainter's web demo (web-demos/hugging_face, README's demo) builds `CUTIE(config)` in BaseTracker (a plain "
         "object) and drives it only through its methods (InferenceCore: encode_image, encode_mask, segment, "
         "pixel_fusion, readout_query); CUTIE.forward raises NotImplementedError, so nothing of the root's own group "
         "(its buffers and non-container children) is ever onloaded")
SPADE_SAD = ("SadTalker's facerender builds OcclusionAwareSPADEGenerator -> SPADEDecoder with norm_G "
             "'spadespectralinstance' (generator.py:125), so SPADEResnetBlock's convs are wrapped in the legacy "
             "torch.nn.utils.spectral_norm, whose pre-hook computes `weight` from weight_orig/u/v before the conv's leaf "
             "hook onloads them (round k's LivePortrait rows 45, 48, 52: the same code, runtime-confirmed there)")
A2M = ("AniPortrait's scripts/audio2vid.py and app.py build `Audio2MeshModel(...)` alone and call "
       "`a2m_model.infer(...)` (audio2vid.py:162), which runs outside Audio2MeshModel.forward; the model has no "
       "ModuleList/Sequential child, so at block level every child is in its unmatched group")

R_VALLE = ("harness valle_inference (VALLE.inference as valle/bin/infer.py calls it, d_model 32, 1 layer): block confirmed "
           "(ar_text_embedding, ar_text_position.alpha, ar_audio_embedding, ar_audio_position.alpha, ar_decoder, "
           "ar_predict_layer at valle.py:1039, nar_text_embedding, nar_text_position, nar_audio_position, nar_decoder); "
           "leaf confirmed (ar_decoder's and nar_decoder's layers.0.self_attn.out_proj.weight/bias in "
           "F.multi_head_attention_forward at activation.py:408-421)")
R_TTS = ("harness valle_transformer (Transformer.inference, d_model 32, 1 layer): block confirmed (text_embedding, "
         "encoder_position.alpha, encoder at transformer.py:347, decoder_prenet 357, decoder_position, decoder 367, "
         "predict_layer 374, stop_layer 376); leaf confirmed (encoder's and decoder's layers.0.self_attn.out_proj "
         "weight/bias in F.multi_head_attention_forward at transformer.py:347, 367)")
R_VALLF = ("read: VALLF.inference cannot run on the installed torch 2.13 whatever the offloading (its AR decoder, "
           "nn.TransformerDecoder, is handed a tuple `(y_pos, None)` at valle.py:626 and torch >= 2.1's "
           "_get_seq_len fails on it; the repository's 2023 torch looped over the layers directly). The same "
           "mechanism on VALLE's identical children is confirmed by harness valle_inference")
R_FAST = ("read: harness valle_inference's NAR decoder took the slow path under the tracking backend (its tensors "
          "report has_torch_function, which turns the fast path off), and confirmed the same out_proj weights there "
          "(activation.py:408-421); the fast path itself (no mask, eval, no_grad, batch_first, even heads) is what "
          "VALLE.inference's NAR stages take on a GPU")
R_SAD = ("harness sadtalker_spade (SPADEDecoder.forward as built, 4x4 feature): block refuted; leaf confirmed (weight "
         "derived from weight_orig/weight_u/weight_v of every SPADEResnetBlock's conv_0 at util.py:469, conv_1 at 470, "
         "and up_0/up_1's conv_s at 476)")
R_RS = ("harness ipadapter_resampler (Resampler.forward, small): block confirmed (layers.i.0 PerceiverAttention's "
        "norm1/norm2/to_q/to_kv at resampler.py:57-78 and layers.i.1 FeedForward at 144: the pairs' hooks never fire); "
        "leaf refuted")
R_A2M = ("harness aniportrait_a2m (Audio2MeshModel.infer as audio2vid.py calls it; tiny Wav2Vec2Config, eager "
         "attention): block confirmed (audio_encoder's feature_extractor, feature_projection, encoder; in_fn at "
         "model.py:66, out_fn at 67); leaf refuted")
R_A2P = ("harness sadtalker_audio2pose (Audio2Pose.test as Audio2Coeff.generate calls it; the auido2pose.yaml config): "
         "block confirmed (netG.decoder's linear_audio, classbias, MLP, resunet, pose_linear at cvae.py:132-146, reached "
         "through `self.netG.test(batch)`; also audio_encoder at audio2pose.py's own call, which no finding names); "
         "leaf refuted")
R_MV = ("harness mambavision_mixer (MambaVisionMixer.forward as Block builds it; selective_scan_fn a plain-torch "
        "stand-in of mamba_ssm's reference recurrence): block refuted; leaf confirmed (conv1d_x.weight in conv1d at "
        "mamba_vision.py:408, conv1d_z.weight at 409, dt_proj.bias in the scan's delta_bias); conv1d_x/z.bias are None "
        "in the build (no access)")

L = {
    1: ("true", "", R_FAST, f"{MHA}. This row: the fast path's out_proj.weight (activation.py:349), leaf"),
    2: ("true", "", R_VALLF, f"{VALLF}: `self.ar_predict_layer(...)` (valle.py:633), a Linear"),
    3: ("true", "", READ,
        f"{CUTIE}. QueryTransformerBlock's `read_from_query` CrossAttention holds `cross_attn = nn.MultiheadAttention` "
        "(transformer_layers.py:55), reached through readout_query (memory_manager.py:189); torch's MHA hands out_proj's "
        "weight to F.multi_head_attention_forward without calling out_proj, so at leaf it stays offloaded (the round-k "
        "mechanism confirmed by harness xpose_text_layer)"),
    4: ("true", "", R_VALLF, f"{VALLF}: `self.nar_text_position(x)` (valle.py:675), a SinePositionalEmbedding whose `alpha` "
        "is an nn.Parameter of shape [1] (not 0-dim)"),
    5: ("true", "", R_VALLE, f"{VALLE_ROOT}. VALLE.inference (the default model) calls `self.ar_audio_position(y_emb)` "
        "(valle.py:1015) outside VALLE.forward: SinePositionalEmbedding (alpha Parameter) is in the root's unmatched "
        "group at block level"),
    6: ("true", "", R_MV,
        "MambaVisionMixer.forward (the mixer of the later stages' blocks of every MambaVision model) reads "
        "`self.conv1d_x.weight` into F.conv1d (mamba_vision.py:408) without calling conv1d_x: at leaf the Conv1d's own "
        "hook never runs, so the weight stays offloaded while x is on the compute device (not run: selective_scan_fn "
        "needs mamba_ssm's CUDA kernel)"),
    7: ("false", "AB", READ,
        "AniPortrait's Wav2Vec2Model.encode (wav2vec2.py:78) has no caller in the tree (Audio2MeshModel and "
        "Audio2PoseModel call `self.audio_encoder(...)`, i.e. forward)"),
    8: ("true", "", R_MV, "as row 6: `self.conv1d_z.weight` in F.conv1d (mamba_vision.py:409)"),
    9: ("false", "AW", R_MV,
        "`conv1d_z` is built with `bias=conv_bias//2` (mamba_vision.py:388-394): conv_bias is a bool (default True; the "
        "one caller passes none), and True//2 == 0, so the Conv1d has no bias in any build: `self.conv1d_z.bias` is None "
        "and F.conv1d gets bias=None (checked: nn.Conv1d(..., bias=True//2).bias is None)"),
    10: ("false", "AB", READ, "AniPortrait's Wav2Vec2Model.feature_extract (wav2vec2.py:67) has no caller in the tree"),
    11: ("true", "", R_A2M, f"{A2M}: `self.out_fn(layer_in)` (model.py:67), a Linear"),
    12: ("true", "", R_VALLF, f"{VALLF}: `self.ar_audio_embedding(y)` (valle.py:615), a TokenEmbedding"),
    13: ("false", "AB", READ,
        "YOLOP's SharpenConv.fuseforward (common.py:74) has no caller (nothing swaps forward for fuseforward; "
        "SharpenConv is in no block config either)"),
    14: ("true", "", R_FAST, f"{MHA}. This row: the fast path's out_proj.bias (activation.py:350), leaf"),
    15: ("true", "", R_TTS, f"{TTS}: `self.decoder(y_pos, x, tgt_mask=...)` (transformer.py:367)"),
    16: ("false", "AB", READ,
        "TokenEmbedding.embedding(index) (embedding.py:40-41) has no caller in the tree (the models call the "
        "embeddings, or read the `weight` property)"),
    17: ("true", "", R_VALLF, f"{VALLF}: `self.ar_text_embedding(text)` (valle.py:599)"),
    18: ("true", "", READ, f"{CUTIE}. encode_mask subtracts the root buffer `pixel_mean` from the compute-device "
         "image (cutie.py:72): at either level it is never onloaded"),
    19: ("true", "", R_TTS, f"{TTS}: `self.encoder(x, src_key_padding_mask=...)` (transformer.py:347)"),
    20: ("false", "AB", READ,
         "SigmoidBin.training_loss is called only by ComputeLossBinOTA.__call__ (loss.py:911), and nothing in yolov7 "
         "builds ComputeLossBinOTA (train.py and train_aux.py use ComputeLoss/ComputeLossOTA/ComputeLossAuxOTA)"),
    21: ("C", "AF", READ,
         "AdversarialLoss (a loss module the trainer builds and holds) reads its 0-dim label buffers, expanded to the "
         "outputs' shape, only for type nsgan/lsgan; ProPainter's only GAN config (configs/train_propainter.json) sets "
         "GAN_LOSS 'hinge', which uses no buffer. A hazard only under an option nothing sets (and only if a loss module "
         "were offloaded)"),
    22: ("true", "", R_A2M, f"{A2M}: `self.audio_encoder(input_value, ...)` (model.py:59), a transformers Wav2Vec2Model "
         "subclass"),
    23: ("false", "AB", READ,
         "yolov7's RepConv_OREPA.get_custom_L2 (common.py:1290) has no caller (its comment: 'Optional ... use like "
         "this'; no training code calls it)"),
    24: ("true", "", R_TTS,
         f"{TTS}. `self.decoder = nn.TransformerDecoder(TransformerDecoderLayer(...))` (transformer.py:143): the layer is "
         f"vall-e's own TransformerDecoderLayer, whose self_attn/multihead_attn are {MHA}. Transformer.inference calls the "
         "decoder with tgt_mask (slow path). The message names the layers' attention 'nn.MultiheadAttention' (it is the "
         "copy; the mechanism is the same)"),
    25: ("true", "", R_MV,
         "MambaVisionMixer.forward calls `self.dt_proj(dt)` (mamba_vision.py:410), then reads `self.dt_proj.bias` into "
         "selective_scan_fn's delta_bias (line 422): at leaf the Linear's hook offloads it again after its forward "
         "returns, so the bias read afterwards is on the offload device (not run: mamba_ssm CUDA kernel)"),
    26: ("false", "AB", READ, "as row 23: `rbr_1x1.bn.running_var` in get_custom_L2 (common.py:1294)"),
    27: ("false", "AB", READ,
         "SadTalker's src/facerender/modules/discriminator.py (DownBlock2d with sn, Discriminator, MultiScale"
         "Discriminator) is imported by nothing: the tree has no facerender training code (util.py's DownBlock2d is "
         "another class)"),
    28: ("true", "", R_TTS, f"{TTS}: `self.decoder_prenet(y)` (transformer.py:357), a Linear by default"),
    29: ("true", "", R_RS,
         "IP-Adapter's IPAdapterPlus/IPAdapterPlusXL build `Resampler(...)` as `image_proj_model`, held by the "
         "IPAdapter object (not a module): its own root. `self.layers` is a ModuleList of ModuleList([PerceiverAttention, "
         "FeedForward]) pairs; block level hooks each pair on the pair's forward, which nothing runs (resampler.py:143 "
         "unpacks and calls attn and ff), so their weights stay offloaded"),
    30: ("false", "AB", READ, "as row 23: `rbr_dense.bn.running_var` in get_custom_L2 (common.py:1293)"),
    31: ("false", "AB", READ,
         "GPEN's Generator.make_noise (gpen_model.py:466) has no caller in the tree; were it called, its noises would go "
         "into the hooked generator (as round k's rows 35, 49)"),
    32: ("false", "AB", READ, "as row 7: `self.encoder(...)` in the uncalled Wav2Vec2Model.encode (wav2vec2.py:106)"),
    33: ("false", "AL", READ,
         "RepConv.fuse_repvgg_block runs only from Model.fuse() (yolo.py:698), which models/experimental.py's "
         "attempt_load calls while loading (`ckpt[...].float().fuse().eval()`, line 253): a structural edit at load "
         "time, before any offloading"),
    34: ("true", "", R_VALLE,
         f"{VALLE_ROOT}. VALLE builds `nar_decoder = TransformerEncoder(TransformerEncoderLayer(...))` (valle.py:231, "
         f"vall-e's classes), whose self_attn is {MHA}; the NAR stages of VALLE.inference run it. The message calls it "
         "'a torch.nn.TransformerDecoder' with 'an nn.MultiheadAttention' (VALLF's default decoder_cls; for VALLE, "
         "vall-e's own classes): the break is the same"),
    35: ("false", "AL", READ, "as row 33: `self.rbr_1x1.weight.device` in fuse_repvgg_block (common.py:606)"),
    36: ("false", "AK", READ,
         "`img_prop_module = BidirectionalPropagation(3, learnable=False)` (propainter.py:289): with learnable False it "
         "builds no deform_align/backbone/fuse entries, so the module holds no parameter or buffer; calling it outside "
         "InpaintGenerator.forward touches no weight (the learnable `feat_prop_module` runs inside forward)"),
    37: ("false", "AK", READ, "relays row 36 (`self.model.img_propagation` from the web demo's inpainter): no weight"),
    38: ("true", "", R_TTS, f"{TTS}: `self.encoder_position(x)` (transformer.py:346), alpha Parameter of shape [1]"),
    39: ("true", "", R_A2M, f"{A2M}: `self.in_fn(hidden_states)` (model.py:66)"),
    40: ("true", "", R_A2P,
         "SadTalker's inference runs Audio2Coeff -> `audio2pose_model.test(batch)` (test_audio2coeff.py:85); "
         "Audio2Pose (its own root) has no ModuleList/Sequential child, so its `netG = CVAE(cfg)` is in its unmatched "
         "group, and Audio2Pose.test calls `self.netG.test(batch)` (audio2pose.py:73, 85) -> `self.decoder(batch)` "
         "(cvae.py:49) with DECODER's weights offloaded at block level: the line breaks. The message blames CVAE's own "
         "unmatched group and proposes CVAE._group_offload_block_modules; CVAE is only a child, so the fix belongs on "
         "Audio2Pose (the issue's class 6, as round k's row 29)"),
    41: ("true", "", R_TTS, f"{TTS}: `self.text_embedding(x)` (transformer.py:344)"),
    42: ("true", "", READ, f"as row 3: SelfAttention's `self_attn = nn.MultiheadAttention` (transformer_layers.py:20), "
         "run by QueryTransformerBlock.forward"),
    43: ("true", "", READ, f"{CUTIE}. encode_image divides by the root buffer `pixel_std` (cutie.py:58)"),
    44: ("false", "AB", READ,
         "CUTIE's `device` property (cutie.py:248) is read by nothing in the tree (the tracker places its inputs with "
         "its own `self.device`)"),
    45: ("true", "", READ,
         f"{CUTIE}. QueryTransformer.forward reads `self.query_init.weight` (object_transformer.py:137), an Embedding "
         "never called, and adds the compute-device obj_init: at leaf it stays offloaded (at block the whole root group "
         "is never onloaded either)"),
    46: ("false", "AB", READ, "as row 20: `self.bins` in SigmoidBin.training_loss (loss.py:97), reached only from "
         "ComputeLossBinOTA, which nothing builds"),
    47: ("false", "AL", READ, "as row 33: `rbr_1x1.weight` in fuse_repvgg_block (common.py:593)"),
    48: ("true", "", R_VALLE, f"as row 34: VALLE's `ar_decoder` (valle.py:141; VALLF.__init__, which VALLE runs), run by "
         "the AR loop of VALLE.inference with a causal mask (slow path, activation.py:420)"),
    49: ("false", "AB", READ, "as row 23: `rbr_1x1.bn.weight` in get_custom_L2 (common.py:1294)"),
    50: ("true", "", R_TTS, f"{TTS}: `self.predict_layer(...)` (transformer.py:374)"),
    51: ("true", "", READ, "as row 18: `pixel_std` in encode_mask (cutie.py:72)"),
    52: ("true", "", R_SAD, f"{SPADE_SAD}. This row: `conv_s` (util.py:460; up_0 and up_1 change channels)"),
    53: ("true", "", READ, "as row 45: `self.query_emb.weight` (object_transformer.py:138)"),
    54: ("true", "", READ, f"{CUTIE}. encode_image calls `self.pix_feat_proj(...)` (cutie.py:60), a Conv2d in the "
         "root's unmatched group at block level"),
    55: ("true", "", R_SAD, f"{SPADE_SAD}. This row: `conv_0` (util.py:457)"),
    56: ("false", "AB", READ, "relays row 46 from ComputeLossBinOTA.__call__ (loss.py:911): a class nothing builds"),
    57: ("false", "AW", R_MV, "as row 9: `conv1d_x.bias` is None in every build (mamba_vision.py:408)"),
    58: ("true", "", R_SAD, f"{SPADE_SAD}. This row: `conv_1` (util.py:458)"),
    59: ("false", "AB", READ, "as row 7: `self.adapter` in the uncalled Wav2Vec2Model.encode (wav2vec2.py:117)"),
    60: ("true", "", READ, "as row 43: `pixel_mean` in encode_image (cutie.py:58)"),
}

API = {7, 10, 13, 16, 23, 26, 30, 32, 49, 59}  # AB rows reached only through a public method nothing calls

if __name__ == "__main__":
    out = {}
    for number, (label, cause, runtime, why) in sorted(L.items()):
        entry = {"label": label, "cause": cause, "runtime": runtime, "why": why}
        if number in API:
            entry["api"] = True
        out[str(number)] = entry
    Path(__file__).with_name("labels.json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    print(len(out), "rows")
