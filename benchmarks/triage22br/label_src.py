"""Write benchmarks/triage22br/labels.json (round br; 60 rows drawn with seed 20317000 from the 236 shown findings of
twelve libraries, linter c2abb2de).

Standard of rounds x-bq (see triage22bq/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
documented entry method counts as called; examples count as library code); C when true only under a non-default
option; false with a cause letter otherwise. Labelled from reading only (no runtime run this round: time).

Letters, all earlier rounds': BB code reached only under an option nothing sets (Llama's pretraining_tp > 1; the
non-DDIM sampling path); AB code nothing in the library calls (api: a public method, true on the second reading); AL a
module the library builds and drives inside its own flow (vissl's NCE memory-bank loss); BE a method reached only
through a forward() of its class; Y a 0-dim tensor; P the value meets no compute-device tensor unmoved (here: the
hooked call it is handed to moves it). No new letter.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, unsure as C, write_labels  # noqa: E402,F401

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each Conv / Linear on its own forward and groups every other parameter / buffer on its closest owning "
      "module's forward.) ")
MHA = ("nn.MultiheadAttention.forward passes `out_proj.weight` / `.bias` to F.multi_head_attention_forward and never "
       "calls `out_proj` (a hooked Linear leaf at leaf level): its weight stays on the offload device. ")
TP = ("the `config.pretraining_tp > 1` branch (transformers' old Llama slicing); every config in the tree sets 1 "
      "(configuration_aquila.py:95, configuration_sparsellama.py:134, the shipped config.json), so the "
      "`self.<proj>(x)` branch runs (bq row 3's shape). This row: ")
LDM = ("FlagAI's AltDiffusion LatentDiffusion samples through DDIMSampler (`sample_log(ddim=True)`; `log_images` sets "
       "ddim_steps=200): the DDPM `p_sample_loop` / `q_posterior` path is reached only from `sample()` with DDIM off, "
       "which nothing in the tree does; on the second reading (`sample()` a public method) the root's buffers stay "
       "offloaded at both levels while the image is on the compute device. This row: ")
NCE = ("vissl's NCE loss (losses/nce_loss.py) is a loss module with a memory bank (NCEAverage, AliasMethod), built by "
       "vissl's trainer from the loss config and driven in its own training loop; it is not the model a user offloads "
       "(AL). This row: ")
DELTA = ("flagai's ca-lora example vendors OpenDelta: a delta layer (no forward of its own) is inserted as a child of a "
         "backbone module and its pre_forward / post_forward wrap that module's forward; OpenDelta's own examples "
         "(examples_prompt/src/run.py) build prefix / bitfit models. At leaf level the delta layer's own parameters "
         "form a group hooked on the delta layer's forward, which never runs, so they stay on the offload device and "
         "meet the backbone's compute-device tensors. Label risk: a vendored copy in an example. This row: ")
WN = ("vissl DINO / iBOT heads wrap the prototype Linear in the legacy torch.nn.utils.weight_norm, whose forward "
      "pre-hook recomputes `weight` from weight_g / weight_v before diffusers' replaced forward onloads the leaf (bq's "
      "H2 shape, runtime-confirmed there for spectral norm): at leaf level the recomputed weight is on the offload "
      "device. The heads are built from vissl's model config for SSL training (training counts). This row: ")
HACK = ("towhee's SeparableConv2d.hack flips its conv / LayerNorm parameters in place (`w.set_(w.flip(...))`), called "
        "only by NNFp.hack / FrontConv.hack and a unit test (tests/unittests/models/layers/test_conv2d_separable.py:38); "
        "nothing in the library calls NNFp.hack; even when called, every tensor involved is the offloaded parameter "
        "itself (no compute-device tensor) and the next onload moves the flipped data (lost only with use_stream, where "
        "the pinned copies are restored). This row: ")
NOBUILD = ("the plain DDPM UNet `Model` class of the vendored ldm code is built nowhere in the tree (only its Encoder / "
           "Decoder are imported, by autoencoders.py:8 / autoencoder_m18.py:6); its `down` / `up` are ModuleLists of "
           "bare nn.Module() holders, so the torch fact holds if a user built and offloaded it (api). This row: ")

R = {
 1: ('flagai/flagai/model/mm/AltDiffusion.py', 262, 'OFL101', 'posterior_variance', F("BB", LDM + "DDPM.q_posterior (AltDiffusion.py:262).", api=True)),
 2: ('naturalspeech2/naturalspeech2_pytorch/naturalspeech2_pytorch.py', 1381, 'OFL105', 'device', T("leaf", GO + "naturalspeech2: NaturalSpeech2.sample (README's inference entry) -> ddim_sample places the times / noise on `self.device` (the first parameter, on the offload device); at leaf level the denoiser's hooked leaves return compute-device outputs that meet them.")),
 3: ('towhee/towhee/models/multiscale_vision_transformers/mvit.py', 581, 'OFL102', 'proj.relprop', F("AB", "towhee mvit.py:581 MultiScaleAttention.relprop (layer-wise relevance propagation) is reached only from MultiScaleBlock.relprop, which only unit tests (tests/unittests/models/layers/*) call; nothing in the library runs it.", api=True)),
 4: ('vissl/vissl/models/trunks/beit_transformer.py', 135, 'OFL103', 'qkv.weight', T("leaf", GO + "vissl beit_transformer.py:135 Attention.forward passes `self.qkv.weight` to F.linear without calling the Linear `qkv`: at leaf level the weight stays on the offload device; BEiT is a vissl trunk built from its model config.")),
 5: ('flagai/flagai/model/tools/peft/peft_model.py', 949, 'OFL102', 'word_embeddings', C("block", "flagai's vendored peft: PeftModelForCausalLM.prepare_inputs_for_generation runs `self.word_embeddings(...)` (the base model's embedding) during generate, outside PeftModel.forward, only for prompt-learning configs other than prefix tuning (prompt / p-tuning); FlagAI's examples use LoRA, where this branch is not taken.")),
 6: ('towhee/towhee/models/cvnet/cvnet.py', 82, 'OFL102', 'encoder_q', F("AB", "towhee cvnet.py:82 CVNet.extract_global_descriptor runs `self.encoder_q` outside forward; only the unit test (tests/unittests/models/cvnet/test_cvnet.py:35 / :53) calls it in the tree; the torch fact holds for a user calling it.", api=True)),
 7: ('flagai/flagai/model/mm/model.py', 410, 'OFL203', 'up[i].upsample', F("AB", NOBUILD + "flagai/model/mm/model.py:410.", api=True)),
 8: ('flagai/flagai/model/mm/clip_model.py', 267, 'OFL101', 'attn_mask', T("block", GO + "flagai CLIP.encode_text (examples/clip/inference_clip.py, EVA_CLIP examples call model.encode_text outside forward): at block level the root's attn_mask buffer (and token_embedding / transformer, non-list children) stay offloaded while `text` is on the compute device.")),
 9: ('flagai/flagai/model/mm/AltDiffusion.py', 991, 'OFL101', 'scale_factor', F("Y", "AltDiffusion.py:560 / :599 `scale_factor` is a 0-dim buffer (torch.tensor(scale_factor), 1. / z.std()): torch combines a 0-dim CPU tensor with tensors on any device; differentiable_decode_first_stage also has no caller in the tree.")),
 10: ('flagai/examples/prosparse-llama-2-7b/modeling_sparsellama.py', 1062, 'OFL103', 'lm_head.weight', F("BB", TP + "SparseLlamaForCausalLM.forward lm_head.")),
 11: ('flagai/flagai/model/aquila2/modeling_aquila.py', 218, 'OFL103', 'gate_proj.weight', F("BB", TP + "AquilaMLP gate_proj.")),
 12: ('flagai/flagai/model/mm/AltDiffusion.py', 1278, 'OFL101', 'sqrt_recip_alphas_cumprod', F("AB", "AltDiffusion.py:1277 LatentDiffusion._predict_eps_from_xstart has no caller in the tree (DDIMSampler computes eps itself).", api=True)),
 13: ('towhee/towhee/models/clip/clip.py', 132, 'OFL103', 'q_proj.bias', T("leaf", GO + "towhee clip.py:132 AttentionPool2d.forward hands q_proj / k_proj / v_proj / c_proj weights and biases to F.multi_head_attention_forward without calling the Linears (OpenAI CLIP's RN attnpool): at leaf level they stay on the offload device; the RN CLIP models are towhee.models.clip's create_model variants.")),
 14: ('naturalspeech2/naturalspeech2_pytorch/naturalspeech2_pytorch.py', 1445, 'OFL102', 'codec', T("block", GO + "naturalspeech2: NaturalSpeech2.sample (the README's inference call) -> process_prompt runs `self.codec(prompt)` outside forward; codec is a non-list child in the root's unmatched group, onloaded only by NaturalSpeech2.forward.")),
 15: ('vissl/vissl/losses/nce_loss.py', 428, 'OFL101', 'alias', F("AL", NCE + "AliasMethod.draw `alias`.")),
 16: ('meshgpt/meshgpt_pytorch/meshgpt_pytorch.py', 1422, 'OFL102', 'autoencoder.decode_from_codes_to_faces', T("block", GO + "meshgpt: MeshTransformer.generate (README's inference call) runs `self.autoencoder.decode_from_codes_to_faces(codes)` outside forward; the autoencoder is a non-list child in the transformer's unmatched group.")),
 17: ('flagai/flagai/model/mm/AltDiffusionM18.py', 1086, 'OFL105', 'betas', F("BB", LDM + "AltDiffusionM18 LatentDiffusion.p_sample_loop `self.betas.device`.", api=True)),
 18: ('flagai/flagai/model/aquila2/modeling_aquila.py', 322, 'OFL103', 'v_proj.weight', F("BB", TP + "AquilaAttention v_proj.")),
 19: ('towhee/towhee/models/mdmmt/mmt.py', 248, 'OFL105', 'next(self.parameters())', T("leaf", GO + "towhee mdmmt/mmt.py:248 MMTVID.device is its first parameter's device (the offload device at leaf level); MMTVID.forward builds ids / embeddings with it and adds them to compute-device features (`position_embeddings + token_type_embeddings + features`).")),
 20: ('flagai/flagai/model/aquila2/modeling_aquila.py', 220, 'OFL103', 'down_proj.weight', F("BB", TP + "AquilaMLP down_proj.")),
 21: ('muse-maskgit/muse_maskgit_pytorch/vqgan_vae.py', 375, 'OFL105', 'next(self.parameters())', T("leaf", GO + "muse-maskgit vqgan_vae.py:375 VQGanVAE.device (first parameter, the offload device at leaf level) places the perceptual-loss VGG (`vgg` property) used in forward(return_loss=True) during VAE training (README's VQGanVAETrainer): the VGG built after offloading is on the CPU and meets compute-device images. Label risk: training only.")),
 22: ('vissl/vissl/losses/nce_loss.py', 427, 'OFL101', 'prob', F("AL", NCE + "AliasMethod.draw `prob`.")),
 23: ('vissl/vissl/losses/nce_loss.py', 348, 'OFL101', 'memory', F("AL", NCE + "NCEAverage.update_memory `memory`.")),
 24: ('flagai/flagai/model/vision/vit.py', 335, 'OFL102', 'fc_norm', F("BE", "flagai vision/vit.py:332 VisionTransformer.forward_head is called only from forward (:345).")),
 25: ('flagai/examples/prosparse-llama-2-7b/modeling_sparsellama.py', 257, 'OFL103', 'gate_proj.weight', F("BB", TP + "SparseLlamaMLP gate_proj.")),
 26: ('vissl/vissl/models/trunks/convit.py', 160, 'OFL101', 'alpha', F("AB", "vissl convit.py GPSA.get_attention is reached only from get_attention_map (attention visualisation), called from vision_transformer.py:566, which nothing in vissl's training / extraction paths calls.", api=True)),
 27: ('flagai/flagai/model/vision/vit.py', 336, 'OFL102', 'head', F("BE", "flagai vision/vit.py:332 VisionTransformer.forward_head is called only from forward (:345).")),
 28: ('flagai/examples/AltCLIP/hf_altclip/modeling_altclip.py', 138, 'OFL102', 'visual_projection', T("block", GO + "flagai examples/AltCLIP/hf_altclip AltCLIP.get_image_features (documented usage `model.get_image_features(**inputs)`, :121): vision_model / visual_projection are non-list children in the root's unmatched group, onloaded only by forward (recall H1's shape).")),
 29: ('vissl/vissl/models/heads/dino_head.py', 93, 'OFL204', 'prototypes0', T("leaf", WN + "DINOHead prototypes0.")),
 30: ('dalle-pytorch/dalle_pytorch/dalle_pytorch.py', 206, 'OFL102', 'codebook', T("block", GO + "dalle-pytorch DiscreteVAE.decode runs `self.codebook` outside forward, from DALLE.generate_images (:556, the README's generation call) and from the trained VAE's own decode use; codebook is a non-list child in the VAE's unmatched group.")),
 31: ('meshgpt/meshgpt_pytorch/meshgpt_pytorch.py', 884, 'OFL203', 'decoder_attn_blocks[i][i]', T("block", GO + "meshgpt MeshAutoencoder.decode unpacks `decoder_attn_blocks` (a ModuleList of ModuleLists) and calls the layers one by one; the autoencoder is the user-held model in the README's autoencoder training and tokenising: at block level each inner ModuleList leads its group and is never called.")),
 32: ('flagai/flagai/model/glm_model.py', 457, 'OFL104', 'word_embeddings.weight', T("leaf", GO + "flagai GLMModel.forward ties the output projection, `F.linear(logits_parallel, self.word_embeddings.weight)` under output_predict: at leaf level the Embedding's weight is onloaded only while word_embeddings.forward runs (earlier in the same forward), then offloaded again.")),
 33: ('flagai/examples/prosparse-llama-2-7b/modeling_sparsellama.py', 368, 'OFL103', 'v_proj.weight', F("BB", TP + "LlamaAttention v_proj.")),
 34: ('vissl/vissl/losses/nce_loss.py', 374, 'OFL205', '', F("AL", NCE + "AliasMethod (OFL205 leaf).")),
 35: ('towhee/towhee/models/clip/clip.py', 622, 'OFL101', 'text_projection', T("leaf", GO + "towhee clip.py:622 CLIP.encode_text (called by clip4clip.py:114 and by users for text features) uses the root parameter `text_projection` outside CLIP.forward: at leaf level the root's own parameters are onloaded only by CLIP.forward.")),
 36: ('naturalspeech2/naturalspeech2_pytorch/naturalspeech2_pytorch.py', 1496, 'OFL102', 'codec.decode', T("block", GO + "naturalspeech2 NaturalSpeech2.sample runs `self.codec.decode(...)` outside forward (the README's inference call).")),
 37: ('video-diffusion/video_diffusion_pytorch/video_diffusion_pytorch.py', 528, 'OFL203', 'ups[i][i]', T("block", GO + "video-diffusion Unet3D.forward unpacks `ups` (a ModuleList of ModuleLists) and calls the layers one by one; the user builds Unet3D and hands it to GaussianDiffusion (README), the denoiser being the natural offload target (bq's UnetDiffusion row 7 shape). Label risk: if the GaussianDiffusion wrapper is offloaded instead, Unet3D is a non-list child (AH).")),
 38: ('flagai/flagai/model/mm/modules/diffusionmodules/model.py', 421, 'OFL203', 'down[i].attn[i]', F("AB", NOBUILD + "modules/diffusionmodules/model.py:421.", api=True)),
 39: ('towhee/towhee/models/mcprop/transformerpooling.py', 33, 'OFL204', 'transformer_encoder', T("leaf", GO + MHA + "towhee mcprop TransformerPooling's nn.TransformerEncoder, called in its forward (MCProp's text / image aggregation).")),
 40: ('flagai/flagai/model/mm/modules/diffusionmodules/model.py', 419, 'OFL203', 'down[i].block[i]', F("AB", NOBUILD + "modules/diffusionmodules/model.py:419.", api=True)),
 41: ('flagai/flagai/model/mm/modules/diffusionmodules/model.py', 440, 'OFL203', 'up[i].upsample', F("AB", NOBUILD + "modules/diffusionmodules/model.py:440.", api=True)),
 42: ('meshgpt/meshgpt_pytorch/meshgpt_pytorch.py', 1349, 'OFL105', 'device', T("leaf", GO + "meshgpt MeshTransformer.generate builds its start codes with `self.device` (offload device); at leaf level the hooked decoder returns compute-device logits whose samples are concatenated with them. Label risk: read, not run.")),
 43: ('flagai/flagai/model/mm/model.py', 389, 'OFL203', 'down[i].block[i]', F("AB", NOBUILD + "flagai/model/mm/model.py:389.", api=True)),
 44: ('towhee/towhee/models/layers/transformer_encoder.py', 46, 'OFL204', 'transformer_encoder', T("leaf", GO + MHA + "towhee layers/transformer_encoder.py TransformerEncoder wraps nn.TransformerEncoder, called in its forward; used by towhee's video / retrieval models.")),
 45: ('towhee/towhee/models/repmlp/repmlp.py', 163, 'OFL203', 'stages[i][i]', T("block", GO + "towhee RepMLPNet.forward unpacks `stages` (ModuleList of ModuleLists) and calls the blocks one by one; RepMLPNet is the model towhee.models.repmlp's create_model returns.")),
 46: ('flagai/examples/ca-lora/src/section-4.1/opendelta/opendelta/delta_models/prefix.py', 139, 'OFL205', '', T("leaf", DELTA + "PrefixLayerGPT2 past_key / past_value.")),
 47: ('vissl/vissl/models/heads/ibot_head.py', 97, 'OFL204', 'prototypes1', T("leaf", WN + "IBOTHead prototypes1.")),
 48: ('meshgpt/meshgpt_pytorch/meshgpt_pytorch.py', 650, 'OFL105', 'next(self.parameters())', T("leaf", GO + "meshgpt MeshAutoencoder.device (first parameter) places the face / vertex tensors its tokenize / decode helpers build; at leaf level they land on the CPU and meet hooked layers' compute-device outputs. Label risk: read, not run.")),
 49: ('towhee/towhee/models/mcprop/depthaggregator.py', 33, 'OFL204', 'self_attn', T("leaf", GO + MHA + "towhee mcprop DepthAggregator.self_attn, called in its forward.")),
 50: ('flagai/flagai/model/mm/AltDiffusion.py', 1536, 'OFL105', 'betas', F("BB", LDM + "AltDiffusion LatentDiffusion.p_sample_loop `self.betas.device`.", api=True)),
 51: ('flagai/examples/ca-lora/src/section-4.1/opendelta/opendelta/delta_models/prefix.py', 269, 'OFL205', '', T("leaf", DELTA + "PrefixLayerBert.")),
 52: ('vissl/vissl/models/heads/ibot_head.py', 88, 'OFL204', 'prototypes0', T("leaf", WN + "IBOTHead prototypes0.")),
 53: ('towhee/towhee/models/layers/conv2d_separable.py', 87, 'OFL104', 'ln2.weight', F("AB", HACK + "ln2.weight.")),
 54: ('flagai/examples/ca-lora/src/section-4.1/opendelta/opendelta/delta_models/prefix.py', 393, 'OFL205', '', F("P", "OpenDelta ReparameterizeFunction.allocate_parameter: its own tensor is `input_tokens` (an integer Parameter, :456), handed to `self.wte(...)`, a child Embedding whose group hook moves its arguments to the compute device; the MLP `control_trans` is called too: nothing unmoved meets a compute-device tensor.")),
 55: ('flagai/examples/ca-lora/src/section-4.1/opendelta/opendelta/delta_models/prefix.py', 86, 'OFL205', '', T("leaf", DELTA + "PrefixLayerBart.")),
 56: ('flagai/examples/ca-lora/src/section-4.1/opendelta/opendelta/delta_models/bitfit.py', 31, 'OFL205', '', T("leaf", DELTA + "BiasLayer.bias added in post_forward (`hiddens + self.bias`, bitfit.py:67).")),
 57: ('towhee/towhee/models/perceiver/multi_head_attention.py', 23, 'OFL204', 'attention', T("leaf", GO + MHA + "towhee perceiver MultiHeadAttention.attention, called in its forward.")),
 58: ('towhee/towhee/models/layers/conv2d_separable.py', 84, 'OFL104', 'ln1.weight', F("AB", HACK + "ln1.weight.")),
 59: ('towhee/towhee/models/layers/conv2d_separable.py', 88, 'OFL104', 'ln2.bias', F("AB", HACK + "ln2.bias.")),
 60: ('towhee/towhee/models/layers/conv2d_separable.py', 85, 'OFL104', 'ln1.bias', F("AB", HACK + "ln1.bias.")),
}

if __name__ == "__main__":
    write_labels(HERE, labels_of_rows(HERE, R, "/tmp/corp68/"))
