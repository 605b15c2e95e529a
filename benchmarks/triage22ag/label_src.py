"""Write benchmarks/triage22ag/labels.json (round ag; all 60 drawn rows).

New cause letter (round ag; round ah uses other letters): FA (a replaced forward that moves its module to the compute
device by hand before computing: SeeSR's tiled-VAE VAEHook, `to_gpu=True` by default, calls `self.net.to(gpu)` first,
so the weights the hook would have onloaded are on the device when it computes; offloading is defeated, but nothing
meets the offload device). Standard of rounds x-af: true when the hazard is real at (at least one of) the claimed
level(s) the way the tree runs its code (training counts); C when true only under a non-default option the README
documents; false with a cause letter otherwise. Runtime column filled from runtime_column.json where a run exists.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_RT = os.path.join(HERE, "runtime_column.json")
RT = {int(k): v for k, v in json.load(open(_RT)).items()} if os.path.exists(_RT) else {}

BASICSR = ("SeeSR carries basicsr, whose archs are built only through ARCH_REGISTRY from an option yml's network_g / "
           "network_d (basicsr/archs/__init__.py imports every *_arch.py; build_network in sr_model/srgan_model); the "
           "tree's only basicsr option, basicsr/options/dape.yaml, is a DAPEModel that builds RAM directly "
           "(dape_model.py:36), and SeeSR's own scripts (train_seesr.py, test_seesr.py, gradio_seesr.py) build "
           "diffusers/RAM models only: no config of the tree builds this class. ")
SPECTRAL = "The legacy spectral_norm pre-hook hazard itself is real where the class is built. "
CYC_LDM = ("cycle-diffusion runs the latent-diffusion models only through its wrappers "
           "(model/gan_wrapper/latentdiff_stochastic_wrapper.py, latentdiff_stochastic_text_wrapper.py): DDIMSampler "
           "(convsample_ddim :56-57, ddpm_ddim_encoding :154-156), encode_first_stage / decode_first_stage; the "
           "`vanilla` branch raises NotImplementedError (:117-118). The DDPM-sampling methods of the vendored ldm "
           "(p_sample_loop, p_mean_variance, q_posterior, q_mean_variance, _prior_bpd, _predict_eps_from_xstart) are "
           "reached only from the vendored ldm training script's ImageLogger (lib/latentdiff/main.py:353 log_images) "
           "or sample_diffusion.convsample (vanilla), which the application never runs. ")
CYC_MODEL = ("cycle-diffusion model/lib/latentdiff/ldm/modules/diffusionmodules/model.py:216 `Model` (the DDPM UNet "
             "with bare nn.Module() down/up holders) is built by nothing: autoencoder.py imports only Encoder and "
             "Decoder from this file, and no config targets diffusionmodules.model.Model. ")
SINSR_BACK = ("SinSR ldm/modules/diffusionmodules/model_back.py is imported by no file of the tree (grep "
              "`model_back` finds nothing); SinSR's autoencoders import ldm.modules.diffusionmodules.model. ")
YOLO = ("StoryGen data_process/yolov7 (a copy of WongKinYiu/yolov7, an earlier round's repository) runs only "
        "human_ocr_mask.py (README.md:64), which unpickles a detection checkpoint with attempt_load(weights) "
        "(human_ocr_mask.py:9, weights at :76; the stock yolov7 detector); the copy carries no model yaml and no "
        "train script, so the classes built are those pickled in that checkpoint (Conv, SPPCSPC, RepConv, IDetect "
        "...). ")
SVITON = ("StableVITON builds cldm.cldm.ControlLDM (configs/VITONHD.yaml:2), a subclass of ldm LatentDiffusion, which "
          "overrides DDPM.p_mean_variance (:999), p_sample_loop (:1120), sample, sample_log and log_images; "
          "ControlLDM overrides log_images (cldm.py:168) and sample_log (cldm.py:265, DDIMSampler only), and "
          "validation_step uses self.ddim_sampler (cldm.py:346). ")
PVDM_DDPM = ("PVDM losses/ddpm.py DDPM (built by exps/diffusion.py:121 for training and evals/eval.py:138 for "
             "sampling, sampling_timesteps=100 so ddim_sample): ddim_sample places img and time_cond on "
             "`self.betas.device` (:296), the offload device at leaf (DDPM's own buffers hang on DDPM.forward, which "
             "sample() bypasses); model_predictions (:272) calls the denoiser, whose hooked leaves move the CPU inputs "
             "and return device outputs; predict_start_from_noise (:214-218) gathers the CPU buffers with the CPU t "
             "(extract_into_tensor :61) and multiplies/subtracts them with the device model output (pred_noise). ")
CYC_WRAP = ("cycle-diffusion DDPMDDIMWrapper (model/gan_wrapper/ddpm_ddim_wrapper.py), built by get_gan_wrapper.py:20 "
            "for gan_type DDPM_DDIM (config/experiments/translate_afhq*_ddim_eta01.cfg: afhq -> i_DDPM generator, "
            ":370-371); UnsupervisedTranslation.forward calls source_gan_wrapper.encode(image) and "
            "target_gan_wrapper(z) (model/unsupervised_translation.py:48-49). `device` (:537-538) is "
            "next(self.parameters()).device, the generator's first Linear (time_embed), at leaf its own group, on "
            "the CPU outside its forward. extract() (lib/ddpm_ddim/utils/diffusion_utils.py:17) rebuilds the "
            "coefficient on t.device, so a CPU t gives CPU coefficients of shape (bs,1,1,1) that meet the device "
            "image/latents. ")
CCSR_BT = ("EA: CCSR dataset/batch_transform.py RealESRGANBatchTransform is a plain class (BatchTransform, :14) held by "
           "the LightningDataModule (dataset/data_module.py:25-27); its USMSharp / DiffJPEG are filter modules with "
           "constant kernels/tables, no child of any network, and each use is preceded by a hand move to the batch's "
           "device (`self.usm_sharpener.to(hq)`, `self.jpeger.to(hq)`). Nothing offloads them; OFL207's concern "
           "(defeating the hooks) has no hooks to defeat. ")
TILEVAE = ("FA: SeeSR pipelines/pipeline_seesr.py:183-203 _init_tiled_vae (called by test_seesr.py:105, "
           "gradio_seesr.py:68, predict.py:83) saves the original forward and sets vae.encoder.forward / "
           "vae.decoder.forward to a VAEHook (utils/vaehook.py:537), default vae_to_gpu=True; VAEHook.__call__ "
           "(:547-559) first moves the whole encoder/decoder to the GPU by hand (`self.net.to(devices."
           "get_optimal_device())`), then runs the saved forward or the tiled path, then moves it back. If "
           "offloading were enabled first, the replaced hook is skipped, but the weights are on the compute device "
           "when used (offloading defeated, not a mismatch); enabled afterwards, the hooks wrap the saved forward. ")

L = {
    1: F("BB", BASICSR + "This row: dfdnet_arch.py:26 SFTUpBlock (DFDNet) conv1 with legacy spectral_norm. " + SPECTRAL),
    2: F("P", SVITON + "cldm.py:162 get_unconditional_conditioning returns learnable_vector.repeat(N,1,1) "
         "(use_imageCLIP True, VITONHD.yaml:23), for the unconditional branch of the DDIM sampler (log_images :243, "
         "validation_step :364). Leaf: the CPU copy becomes the cross-attention context, consumed only by the hooked "
         "to_k/to_v Linears, whose pre_forward moves it (send_to_device). Block: the whole UNet/ControlNet sit in "
         "ControlLDM's unmatched group with the vector, both on the CPU outside ControlLDM.forward (the DDIM sampler "
         "places x on model.betas.device, also CPU); what meets the device tensors there is the UNet, not this "
         "vector. Label risk: read, not run (ControlLDM needs the SD checkpoints' configs and open_clip weights)."),
    3: F("BB", "PVDM losses/ddpm.py:223 predict_noise_from_start runs only for parameterization 'x0' "
         "(model_predictions :286-290); every DDPM the tree builds (exps/diffusion.py:121, evals/eval.py:138) keeps "
         "the default 'eps' (:101)."),
    4: F("AB", CYC_LDM + "This row: ldm/models/diffusion/ddpm.py:224 DDPM.q_posterior."),
    5: F("BB", "StableVITON ldm/models/diffusion/ddpm.py:480 on_train_batch_end calls self.model_ema only `if "
         "self.use_ema`; configs/VITONHD.yaml:19 sets use_ema: False, so model_ema is never built (:103-105). (Even "
         "with it, LitEma's shadow buffers and the model's parameters would both sit in the root's unmatched group on "
         "the CPU after forward: no mismatch.)"),
    6: F("BB", BASICSR + "This row: discriminator_arch.py:118 UNetDiscriminatorSN conv8 (spectral_norm). " + SPECTRAL),
    7: F("AB", CYC_LDM + "This row: ddpm.py:210 DDPM.q_mean_variance (caller _prior_bpd only)."),
    8: F("EA", CCSR_BT + "This row: batch_transform.py:140 usm_sharpener."),
    9: F("AB", SINSR_BACK + "This row: model_back.py:555 Decoder.forward up[i].upsample."),
    10: F("M", "CCSR ldm/models/diffusion/ddpm.py:1300 configure_optimizers appends self.logvar to the optimizer's "
          "parameter list (only `if self.learn_logvar`); no value of logvar meets a tensor here: the list goes to "
          "AdamW. (Round c's M: a list of parameters handed to an optimizer is no 'values meet' sink.)"),
    11: T("block", "StyleDrop taming/models/vqgan.py: VQModel (a plain nn.Module, built by get_model :107-114) is "
          "the standalone image tokenizer; the application decodes generated tokens with autoencoder.decode_code "
          "(train_t2i_discrete_muse.py:89, train_t2i_discrete_wds.py:144, gradio_demo.py:156) -> decode (:62) -> "
          "self.decoder outside VQModel.forward (:70): at block level encoder/decoder/quantize are no ModuleList, so "
          "they sit in VQModel's unmatched group, onloaded only by VQModel.forward, never called; the device "
          "codebook vectors meet the CPU decoder."),
    12: F("BB", YOLO + "common.py:746 TransformerLayer (torch MultiheadAttention `ma`, :753) is built only from "
          "model yamls naming TransformerBlock/C3TR-style modules, not in that checkpoint."),
    13: F("BB", "PVDM losses/ddpm.py:222 predict_noise_from_start (sqrt_recip_alphas_cumprod): as row 3, "
          "parameterization 'x0' only."),
    14: F("BB", BASICSR + "This row: hifacegan_util.py:82 SPADEResnetBlock conv_1 (spectral_norm, HiFaceGAN). "
          + SPECTRAL),
    15: F("AB", CYC_LDM + "This row: ddpm.py:987 LatentDiffusion._predict_eps_from_xstart (no caller at all)."),
    16: F("AB", SVITON + "This row: ddpm.py:327 DDPM.p_mean_variance (overridden by LatentDiffusion.p_mean_variance)."),
    17: F("A", "DragonDiffusion builds EfficientSam (src/demo/utils.py:12 build_efficient_sam_vits) and calls it as "
          "sam(img, points, labels) (utils.py:74, :139): EfficientSam.forward -> predict_masks -> "
          "self.prompt_encoder.get_dense_pe() (efficient_sam.py:120). The row judges PromptEncoder as the block-level "
          "root; with the model the application builds as root, prompt_encoder is a non-ModuleList child in "
          "EfficientSam's unmatched group, onloaded by EfficientSam.forward, inside which get_dense_pe runs."),
    18: F("BB", YOLO + "common.py:1662 WindowAttention_v2 (Swin-v2 attention; :1729 qkv.weight into F.linear) is "
          "built only from the SwinV2 model yamls, not in that checkpoint."),
    19: T("leaf", CYC_WRAP + "This row: the `device` property (:538). Leaf: generate (:412-413, inside the wrapper's "
          "forward) places t/t_next on it, denoising_step_with_eps's extract() makes CPU coefficients that meet the "
          "device xt (from z); encode (:483, :488) likewise against the device image. Block (the wrapper as root): "
          "in encode, outside the wrapper's forward, the generator is in the unmatched group and `device` is the "
          "CPU while the image is on the device."),
    20: T("block+leaf", "PVDM models/autoencoder/autoencoder_vit.py:219 ViTAutoencoder.extract adds the root "
          "parameter xy_pos_embedding to h_xy, computed by the encoder from the device video; extract is called "
          "outside ViTAutoencoder.forward by tools/trainer.py:69-70/83/93 (latent extraction for diffusion "
          "training) and evals/eval.py:161. Leaf: the root's own parameters hang on ViTAutoencoder.forward (CPU); "
          "block: the unmatched group likewise (there the encoder call itself fails first). Note: at leaf the "
          "`torch.cat([h_xy, xy_token])` one line earlier (:218, root parameter xy_token) meets the device h_xy "
          "first."),
    21: T("leaf", PVDM_DDPM + "This row: :217 sqrt_recipm1_alphas_cumprod, whose CPU coefficient multiplies the "
          "device pred_noise (the sink is that multiplication, not extract_into_tensor as the message says: t is on "
          "the CPU too)."),
    22: T("block", "LFDM DM/modules/video_flow_diffusion_model.py: FlowDiffusion.sample_one_video (called by "
          "DM/test_video_flow_diffusion_{mhad,mug,natops}.py:149/155/163, outside FlowDiffusion.forward) calls "
          "self.generator.forward_with_flow (:210) on the device sample image; generator (and its bottleneck) is a "
          "non-ModuleList child in FlowDiffusion's unmatched group, onloaded only by FlowDiffusion.forward."),
    23: F("P", CYC_WRAP + "This row: encode :484 sample_xt(x0, T, b=self.betas): betas reaches only extract(), which "
          "rebuilds it with torch.tensor(a, device=t.device): wherever betas sits, the coefficient lands on t's "
          "device. What breaks encode is `device` (rows 19, 42: T on the CPU), not the buffer; with a device t a CPU "
          "betas is harmless."),
    24: T("block", "StyleDrop taming/modules/vqvae/quantize.py:322 VectorQuantizer2.get_codebook_entry calls "
          "self.embedding(indices) with the generated device token ids, reached from VQModel.decode_code "
          "(vqgan.py:65) outside any forward (see row 11): at block the quantizer's embedding is in the unmatched "
          "group of the root (VQModel, or the quantizer if it were the root), never onloaded."),
    25: T("block", "RF-Solver-Edit Hunyuanvideo_Video_Edit: hyvideo/inference.py:560-562 enables VAE tiling "
          "(--vae-tiling default True, hyvideo/config.py:78) and the pipeline decodes with vae.decode "
          "(pipeline_hunyuan_video.py:1125-1127); AutoencoderKLCausal3D._decode (:306-310) takes the tiled paths for "
          "video latents, spatial_tiled_decode (:430, this row :459) calls post_quant_conv and decoder outside "
          "AutoencoderKLCausal3D.forward: at block both are in the VAE's unmatched group (no "
          "_group_offload_block_modules), never onloaded."),
    26: F("AB", "CCSR ldm/models/diffusion/ddpm.py:1062 LatentDiffusion.p_sample_loop (and its copies in "
          "ddpm_ccsr_stage1/2.py): reached only from LatentDiffusion.sample <- sample_log/log_images; CCSR's "
          "ControlLDM (model/ccsr_stage1.py, ccsr_stage2.py; configs/model/*.yaml) overrides log_images "
          "(ccsr_stage1.py:364) and samples with its SpacedSampler (:383-387), as do inference_ccsr*.py."),
    27: F("BB", YOLO + "common.py:1176 weight_gen (OREPA re-parameterised conv, weight_rbr_pfir_conv) is built only "
          "from the OREPA model yamls, not in that checkpoint."),
    28: F("Y", "CCSR model/ccsr_stage1.py:322 apply_condition_encoder multiplies by self.scale_factor, a 0-dim "
          "buffer (ldm/models/diffusion/ddpm_ccsr_stage1.py:576 register_buffer('scale_factor', "
          "torch.tensor(scale_factor)), or 1/std() under scale_by_std, also 0-dim): a 0-dim CPU tensor combines with "
          "device tensors."),
    29: T("block", "RF-Solver-Edit HunyuanVideo: hyvideo/inference.py:560-562 enables tiling and calls "
          "self.pipeline.vae.encode(source_video) for the source video to invert; encode (:283-284) takes "
          "temporal_tiled_encode for videos longer than tile_sample_min_tsize, which calls encoder/quant_conv "
          "(this row :498) outside AutoencoderKLCausal3D.forward: block, the VAE's unmatched group, never onloaded."),
    30: F("BB", "StyleDrop open_clip/modified_resnet.py:78 AttentionPool2d (q/k/v_proj weights into "
          "F.multi_head_attention_forward) is built only for ResNet CLIPs (ModifiedResNet); StyleDrop builds "
          "'ViT-bigG-14' only (gradio_demo.py:102, train_t2i_custom_v2.py:72, predict.py:41, "
          "extract_empty_feature.py:11)."),
    31: F("AB", CYC_MODEL + "This row: model.py:354 Model.forward up[i].attn[i]."),
    32: T("leaf", PVDM_DDPM + "This row: :216 sqrt_recip_alphas_cumprod: its CPU coefficient multiplies the CPU "
          "img (fine) and the CPU product is then subtracted from/with the device term (:216-217), so the buffer's "
          "value meets the device model output in that expression (the multiplication of row 21's buffer with "
          "pred_noise fails first)."),
    33: F("BB", BASICSR + "This row: ecbsr_arch.py:143 SeqConv3x3.rep_params (mask) of ECBSR."),
    34: F("AB", "cycle-diffusion lib/latentdiff/ldm/models/autoencoder.py:97 VQModel.encode: the LDM checkpoints "
          "the wrappers load hold VQModelInterface (ldm's celebahq/ffhq LDM configs) or AutoencoderKL first stages, "
          "and VQModelInterface overrides encode (:269-272); VQModel.encode itself is called only by VQModel.forward "
          "(:118), inside its own hook. Plain VQModel is built only by ldm's first-stage training configs, which "
          "the application never runs."),
    35: F("BB", YOLO + "common.py:1199 weight_gen (OREPA, weight_rbr_gconv_pw): as row 27."),
    36: T("block", "CCSR ldm/models/autoencoder.py:83 AutoencoderKL.encode (first_stage_model of ControlLDM, "
          "configs/model/ccsr_stage*.yaml) is called through encode_first_stage (ddpm_ccsr_stage2.py:985-986) from "
          "get_input (:701, training_step before the root's forward) and from SpacedSampler's guidance "
          "(model/spaced_sampler.py:304): outside AutoencoderKL.forward, so at block the encoder/quant_conv in the "
          "VAE's unmatched group (or ControlLDM's, outside its forward) are on the CPU while the device image goes in."),
    37: F("BB", BASICSR + "This row: ecbsr_arch.py:215 ECB.rep_params (conv3x3.weight)."),
    38: F("AB", CYC_MODEL + "This row: model.py:335 Model.forward down[i].block[i]."),
    39: F("AB", SVITON + "This row: ddpm.py:349 DDPM.p_sample_loop (overridden by LatentDiffusion.p_sample_loop)."),
    40: F("AB", "StyleDrop taming/modules/vqvae/quantize.py:50 VectorQuantizer.forward: the first VectorQuantizer "
          "class is built by nothing; vqgan.py:6 imports VectorQuantizer2 under that name."),
    41: F("AB", CYC_MODEL + "This row: model.py:356 Model.forward up[i].upsample."),
    42: T("block+leaf", CYC_WRAP + "This row: encode :483 `T = (...).to(self.device)`: the CPU T makes "
          "sample_xt's coefficient CPU (extract), which multiplies the device image x0 (:312-313); the loop's t/t_next "
          "(:488-489) do the same in sample_xt_next/compute_eps."),
    43: F("P", "DragonDiffusion efficient_sam_decoder.py:69 _embed_points adds invalid_points.weight (an Embedding "
          "never called: its leaf group never onloaded) times `invalid_label_ids`, a mask made from the labels; the "
          "application's only caller, src/demo/utils.py:69-78, builds points and labels as CPU tensors "
          "(torch.tensor of numpy arrays, never moved) and the point embedding comes from the pe_layer's "
          "forward_with_coords on those CPU points, so the CPU weight meets CPU tensors; the SAM's hooked leaves "
          "move the sparse embeddings later. Label risk: a caller handing device points would break it."),
    44: F("BB", "StyleDrop open_clip/modified_resnet.py:80 AttentionPool2d (q_proj.bias): as row 30."),
    45: F("BB", BASICSR + "This row: discriminator_arch.py:114 UNetDiscriminatorSN conv5. " + SPECTRAL),
    46: F("BB", BASICSR + "This row: ecbsr_arch.py:215 ECB.rep_params (conv3x3.bias)."),
    47: F("AB", "SinSR ldm/modules/quantize.py:50 VectorQuantizer.forward: SinSR's autoencoder imports "
          "ldm.modules.vqvae.quantize.VectorQuantizer2 (ldm/models/autoencoder.py:7); this file (a second copy) and "
          "its first VectorQuantizer are imported/built by nothing."),
    48: F("AB", SINSR_BACK + "This row: model_back.py:436 Encoder.forward down[i].attn[i]."),
    49: F("AB", SVITON + "This row: ddpm.py:1127 LatentDiffusion.p_sample_loop, reached only from "
          "LatentDiffusion.sample <- sample_log (non-ddim) / log_images, both overridden by ControlLDM."),
    50: T("leaf", CYC_WRAP + "This row: generate :412 (inside DDPMDDIMWrapper.forward): t placed on the CPU "
          "`device`, extract() gives CPU coefficients that meet the device xt (z's slices) in "
          "denoising_step_with_eps; the generator's own hooked leaves move the CPU t, so the failure is in the "
          "wrapper's arithmetic."),
    51: F("AB", CYC_LDM + "This row: ddpm.py:251 DDPM.p_sample_loop (betas.device)."),
    52: F("BB", BASICSR + "This row: discriminator_arch.py:117 UNetDiscriminatorSN conv7. " + SPECTRAL),
    53: F("BB", BASICSR + "This row: discriminator_arch.py:113 UNetDiscriminatorSN conv4. " + SPECTRAL),
    54: F("EA", CCSR_BT + "This row: batch_transform.py:142 jpeger."),
    55: F("FA", TILEVAE + "This row: :199 vae.encoder.forward."),
    56: F("AB", SINSR_BACK + "This row: model_back.py:434 Encoder.forward down[i].block[i]."),
    57: F("FA", TILEVAE + "This row: :201 vae.decoder.forward."),
    58: F("AB", YOLO + "utils/loss.py:911 ComputeLossBinOTA.__call__ -> SigmoidBin.training_loss: a training loss; "
          "the copy has no train script and human_ocr_mask.py only detects."),
    59: F("AB", CYC_MODEL + "This row: model.py:351 Model.forward up[i].block[i]."),
    60: F("EA", CCSR_BT + "This row: batch_transform.py:349 usm_sharpener (the second transform class of the file)."),
}

for number, runtime in RT.items():
    L[number] = {**L[number], "runtime": runtime}

if __name__ == "__main__":
    write_labels(HERE, L)
