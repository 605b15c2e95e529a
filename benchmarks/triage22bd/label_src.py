"""Write benchmarks/triage22bd/labels.json (round bd; 60 rows drawn with seed 20303000 from the 195 shown findings of
twelve libraries, linter 96455c5).

Standard of rounds x-bc (see triage22bc/label_src.py): true when the hazard is real at (at least one of) the claimed
level(s) the way the library's README, docs, loaders, configs, examples and tests use the class (training counts; a
public entry method counts as called); C when true only under a non-default option the library ships or documents;
false with a cause letter otherwise (`api`: true only were a user to call a public helper directly). The offloaded
object is the nn.Module a user holds: anomalib's torch model (`lightning_model.model`, also what `engine.export` writes
and `TorchInferencer` loads and calls, deploy/inferencers/torch_inferencer.py:135 / :185), uform's VLM, the text
encoder / UNet a refiners or LyCORIS user builds. imaginAIry is used through its API (`imagine`, `generate_video`,
`describe`, the CLI), which builds and drives every nn.Module inside the call: rows on code those calls reach are AL,
rows on code they never reach are BB (its CompVis generation path, api/generate_compvis.py, is imported nowhere: the
live path is refiners / flux, api/generate.py:266-280).

Letters, all earlier rounds' but one: Y a 0-dim tensor (CPU 0-dim values combine with device tensors); AL a module the library builds and drives inside one call (the user holds no
nn.Module); AT a Lightning task judged as the offload root (the memory-bank `fit` anomalib's Engine runs at the end of
training); AH a class built only as a child judged as the root; BB code never reached on any documented path; KA calls
that read no weight; P where a value's device comes from / where it goes (every operand on the offload device).
**New letter OW**: a LyCORIS adapter module judged as an offload root: the adapters are built by LycorisNetwork
(wrapper.py:197, create_lycoris :64) and attached to the base model only by rebinding `org_module.forward =
self.forward` (modules/base.py:287), the base layer kept in a plain list (`self.org_module = [org_module]`, :197), so
they are no children of the UNet / text encoder a user offloads: their weights are never offloaded; and merge_to /
onfly_merge first move the adapter onto the base weight's device (`self.to(self.org_weight)`, base.py:330 / :350).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from triage_labels import false as F, labels_of_rows, true as T, write_labels  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

GO = ("(diffusers 0.42.1: block level chunks the root's direct ModuleList / Sequential children into hooked groups and "
      "puts every other child and the root's own tensors in one group onloaded only by the root's forward; leaf level "
      "hooks each supported layer (Conv, Linear, Embedding, LayerNorm, ...) on its own forward and groups any other "
      "module's own parameters / buffers on that module's forward (a ParameterDict's on the ParameterDict's, which "
      "never runs); every hook moves its args / kwargs to the onload device.) ")

OW = ("LyCORIS: the adapter modules are built by LycorisNetwork (lycoris/wrapper.py:197; create_lycoris :64) and "
      "attached by rebinding `org_module.forward = self.forward` (modules/base.py:287), the base layer kept in a plain "
      "list (`self.org_module = [org_module]`, base.py:197): they are no children of the UNet / text encoder a user "
      "offloads, so their weights are never offloaded; merge_to / onfly_merge (base.py:326 / :344, the paths the "
      "finding names) first move the adapter to the base weight's device (`self.to(self.org_weight)`, :330 / :350), "
      "so every operand sits on one device. Nobody applies group offloading to a LycorisNetwork or to one adapter. ")

AT = ("anomalib's memory-bank models: `fit` runs once at the end of training, called by MemoryBankMixin's "
      "on_train_epoch_end (models/components/base/memory_bank_module.py:78) on the Lightning module the Engine drives "
      "and moves (`Dfm` / `Dfkde` / `AiVad`, each a LightningModule); the finding takes that Lightning module as the "
      "offload root at block level. Nothing offloads a LightningModule during Engine.fit (round ba's / bc's AT). ")

KA = ("anomalib PreProcessor (pre_processing/pre_processor.py:37, an nn.Module and a Lightning Callback): "
      "`self.transform` is a torchvision v2 transform (Compose / Resize / Normalize, pre_processor.py:78), an nn.Module "
      "with no parameter or buffer: calling it outside forward reads no weight. ")

IM_BB = ("imaginAIry: ")
IM_DEAD = ("the CompVis path (LatentDiffusion / DDPM of modules/diffusion/ddpm.py, ldm AutoencoderKL of "
           "modules/autoencoder.py, the DDIM / PLMS / k-diffusion solvers of samplers/) is loaded only by "
           "model_manager.get_diffusion_model (utils/model_manager.py:116 -> :383), called only by "
           "api/generate_compvis.py:95, which nothing imports (api/generate.py:266-280 dispatches to refiners / flux), and "
           "by the developer tool weight_management/execution_trace.py:63. ")
IM_AL = ("imaginAIry builds and drives this model inside one API call; the user holds no nn.Module (README: "
         "`imagine(...)`, the `aimg` CLI). The mechanism itself is right were the model held and offloaded (second "
         "reading). ")

R = {
    1: ("lycoris/lycoris/modules/boft.py", 134, "OFL101", "oft_blocks", F("OW", OW + "get_r from merge_to / onfly_merge.")),
    2: ("imaginairy/imaginairy/vendored/clip/model.py", 109, "OFL103", "c_proj.bias", F(
        "BB", IM_BB + "AttentionPool2d is built only by ModifiedResNet (the RN50-family CLIPs, vendored/clip/model.py:"
        "~150); imaginAIry loads only ViT CLIPs (`ViT-L/14`, modules/clip_embedders.py:68 / :107, "
        "enhancers/describe_image_clip.py:18; clipseg `ViT-B/16`, enhancers/clip_masking.py:24).")),
    3: ("lycoris/lycoris/modules/glora.py", 183, "OFL103", "a2.weight", F("OW", OW + "GLoRA make_weight from get_diff_weight / merge.")),
    4: ("anomalib/src/anomalib/models/image/dsr/torch_model.py", 936, "OFL103", "_embedding.weight", T(
        "leaf", GO + "DSR's VectorQuantizer.forward (reached from DsrModel.forward) reads `self._embedding.weight` "
        "(:936-937) without calling the Embedding: at leaf level the Embedding is a hooked leaf whose forward never "
        "runs; its CPU weight meets the device `flat_input`.")),
    5: ("anomalib/src/anomalib/pre_processing/pre_processor.py", 103, "OFL102", "transform", F("KA", KA)),
    6: ("refiners/src/refiners/foundationals/clip/concepts.py", 41, "OFL101", "new_weight", F(
        "P", "EmbeddingExtender.add_embedding (concepts.py:35-45) concatenates the (offloaded) new_weight with the new "
        "embedding moved to `self.new_weight.device`: every operand on the offload device, no device tensor met; the "
        "new Parameter replaces new_weight inside the text encoder (a child the root's block group re-onloads by "
        "walking its modules' parameters at the next forward).")),
    7: ("imaginairy/imaginairy/vendored/clip/model.py", 417, "OFL102", "visual", F(
        "AL", IM_AL + "describe_image_clip.py:18 / :29 (`clip.load` then `model.encode_image`).")),
    8: ("lycoris/lycoris/modules/lokr.py", 478, "OFL101", "lokr_w2_b", F(
        "OW", OW + "bypass_forward_diff is also reached from LokrModule.forward -> bypass_forward (lokr.py:548-549 / "
        ":541).")),
    9: ("imaginairy/imaginairy/modules/autoencoder.py", 231, "OFL102", "post_quant_conv", F("BB", IM_BB + IM_DEAD)),
    10: ("imaginairy/imaginairy/modules/diffusion/ddpm.py", 1428, "OFL101", "sqrt_alphas_cumprod", F(
        "BB", IM_BB + IM_DEAD + "q_sample via log_images (training-time logging) and samplers/base.py:104.")),
    11: ("imaginairy/imaginairy/modules/diffusion/ddpm.py", 453, "OFL101", "sqrt_alphas_cumprod", F(
        "BB", IM_BB + IM_DEAD + "predict_eps_from_z_and_v is called only by samplers/ddim.py:143.")),
    12: ("imaginairy/imaginairy/modules/diffusion/ddpm.py", 432, "OFL101", "log_one_minus_alphas_cumprod", F(
        "BB", IM_BB + IM_DEAD + "q_mean_variance is called by nothing in the tree.")),
    13: ("anomalib/src/anomalib/models/image/dfm/torch_model.py", 166, "OFL102", "gaussian_model.fit", F(
        "AT", AT + "Dfm.fit (dfm/lightning_model.py:146 / :156).")),
    14: ("imaginairy/imaginairy/vendored/codeformer/vqgan_arch.py", 95, "OFL103", "embedding.weight", F(
        "AL", IM_AL + "CodeFormer is built and run inside enhance_faces (enhancers/face_restoration_codeformer.py:66 / "
        ":103); CodeFormer.forward calls quantize.get_codebook_feat (codeformer_arch.py:297), which reads the "
        "Embedding's weight without calling it: leaf level, offloaded.")),
    15: ("lycoris/lycoris/modules/lokr.py", 365, "OFL101", "lokr_w2_a", F("OW", OW)),
    16: ("anomalib/src/anomalib/pre_processing/pre_processor.py", 129, "OFL102", "transform", F("KA", KA)),
    17: ("anomalib/src/anomalib/models/video/ai_vad/clip/model.py", 95, "OFL103", "v_proj.bias", F(
        "BB", "AttentionPool2d is built only by the ResNet CLIPs; AI-VAD loads `ViT-B/16` only "
        "(models/video/ai_vad/features.py:199).")),
    18: ("imaginairy/imaginairy/modules/autoencoder.py", 414, "OFL103", "decoder.conv_out.weight", F(
        "BB", IM_BB + IM_DEAD + "get_last_layer is reached only from training_step; imaginAIry does not train the VAE.")),
    19: ("anomalib/src/anomalib/models/components/classification/kde_classifier.py", 162, "OFL102",
         "pca_model.fit_transform", F("AT", AT + "Dfkde.fit (dfkde/lightning_model.py:147).")),
    20: ("anomalib/src/anomalib/pre_processing/pre_processor.py", 91, "OFL102", "transform", F("KA", KA)),
    21: ("anomalib/src/anomalib/models/video/ai_vad/density.py", 504, "OFL102", "gmm.fit", F(
        "AT", AT + "AiVad.fit (ai_vad/lightning_model.py:200).")),
    22: ("imaginairy/imaginairy/modules/autoencoder.py", 132, "OFL102", "encoder", F("BB", IM_BB + IM_DEAD)),
    23: ("anomalib/src/anomalib/models/video/ai_vad/density.py", 217, "OFL102", "velocity_estimator.fit", F(
        "AT", AT + "AiVad.fit (ai_vad/lightning_model.py:200).")),
    24: ("imaginairy/imaginairy/modules/sgm/autoencoding/regularizers/quantize.py", 254, "OFL103", "embedding.weight", F(
        "BB", IM_BB + "the sgm VectorQuantizer is built by no config (the SVD configs use DiagonalGaussianRegularizer, "
        "configs/svd.yaml:103).")),
    25: ("refiners/src/refiners/foundationals/clip/concepts.py", 42, "OFL105", "new_weight", F(
        "P", "As row 6: the embedding is placed on new_weight's (offload) device and concatenated with new_weight "
        "there; nothing on the compute device is met.")),
    26: ("lycoris/lycoris/modules/lokr.py", 360, "OFL101", "lokr_w1_a", F("OW", OW)),
    27: ("anomalib/src/anomalib/models/video/ai_vad/density.py", 446, "OFL101", "min", F(
        "Y", "GroupedKNNEstimator._normalize (`(distances - self.min) / (self.max - self.min)`, density.py:446) is "
        "reached at inference (CombinedDensityEstimator.predict, :256 / :260 -> predict, normalize=True, :357), and "
        "at leaf level the buffers stay offloaded, but `min` / `max` are 0-dim (registered as `torch.tensor(torch.inf)` "
        "/ `-inf`, :300-301, refilled with reductions in _compute_normalization_statistics): torch lets a CPU 0-dim "
        "tensor combine with device tensors, so no device error.")),
    28: ("lycoris/lycoris/modules/ia3.py", 115, "OFL101", "weight", F(
        "OW", OW + "_bypass_forward is also reached from IA3Module.forward (ia3.py:133-134).")),
    29: ("uform/python/uform/torch_decoders.py", 56, "OFL204", "pooler", T(
        "leaf", GO + "uform-gen's VLMForCausalLM (torch_decoders.py:137, a transformers PreTrainedModel the user loads "
        "with from_pretrained) builds ImageFeaturesPooler (:165), whose nn.TransformerDecoderLayer's self_attn / "
        "multihead_attn pass out_proj.weight to F.multi_head_attention_forward without calling out_proj: at leaf "
        "level out_proj stays offloaded.")),
    30: ("anomalib/src/anomalib/models/image/dfm/torch_model.py", 89, "OFL101", "sigma_mat", T(
        "leaf", GO + "DFMModel.forward (inference) -> score (:168) -> `self.gaussian_model.score_samples(...)` "
        "(:185): SingleClassGaussian's buffers (mean_vec / u_mat / sigma_mat, :54-56) are grouped on its forward (its "
        "fit, :92), which inference never runs: torch.matmul with the device features meets the CPU sigma_mat.")),
    31: ("imaginairy/imaginairy/modules/sgm/diffusionmodules/model.py", 463, "OFL203", "down[i].attn[i]", F(
        "BB", IM_BB + "sgm `Model` (model.py:320) is built by no config and no code (the SVD configs build Encoder / "
        "VideoDecoder).")),
    32: ("lycoris/lycoris/modules/loha.py", 204, "OFL101", "hada_t1", F("OW", OW)),
    33: ("lycoris/lycoris/modules/glora.py", 187, "OFL103", "b1.weight", F("OW", OW)),
    34: ("anomalib/src/anomalib/models/video/ai_vad/density.py", 393, "OFL101", "memory_bank", T(
        "leaf", GO + "GroupedKNNEstimator (the appearance / pose estimator of AI-VAD) is called at inference "
        "through its predict(), not its forward: AiVadModel.forward -> CombinedDensityEstimator.forward -> predict "
        "(density.py:223, :256 / :260 `self.appearance_estimator.predict(...)`): its 2-D memory_bank buffer "
        "(:299, refilled by fit, :338) is grouped on its own forward at leaf level, stays offloaded and meets the "
        "device features in torch.cdist (:393). (The finding names the fit path; the inference path meets the same "
        "line.)")),
    35: ("imaginairy/imaginairy/modules/sgm/autoencoding/regularizers/quantize.py", 353, "OFL101", "embed_avg", F(
        "BB", IM_BB + "EMAVectorQuantizer / EmbeddingEMA are built by no config.")),
    36: ("lycoris/lycoris/modules/dylora.py", 103, "OFL104", "up_list[i]", F("OW", OW)),
    37: ("imaginairy/imaginairy/modules/sgm/diffusionmodules/model.py", 745, "OFL203", "up[i].upsample", F(
        "AH", "sgm Decoder is built only as the `decoder` child of AutoencodingEngine (modules/sgm/autoencoder.py:143, "
        "VideoDecoder of configs/svd.yaml:119), itself inside the DiffusionEngine generate_video builds and drives "
        "(api/video_sample.py:414 / :272): as a non-list child it is onloaded whole with its root's group at block "
        "level; judged as a root of its own. (Also AL: the user holds no nn.Module.)")),
    38: ("anomalib/src/anomalib/models/image/padim/torch_model.py", 190, "OFL104", "gaussian.inv_covariance", T(
        "leaf", GO + "PadimModel.forward passes `self.gaussian.mean` / `.inv_covariance` (MultiVariateGaussian "
        "buffers, grouped on its forward, which inference never runs) to the anomaly-map generator with the device "
        "embedding (:188-190).")),
    39: ("imaginairy/imaginairy/vendored/clip/model.py", 422, "OFL101", "positional_embedding", F(
        "AL", IM_AL + "describe_image_clip.py:39 (`model.encode_text`).")),
    40: ("imaginairy/imaginairy/modules/sgm/diffusionmodules/model.py", 743, "OFL203", "up[i].attn[i]", F(
        "AH", "As row 37.")),
    41: ("imaginairy/imaginairy/vendored/refiners/foundationals/clip/concepts.py", 37, "OFL105", "new_weight", F(
        "P", "As row 6 (imaginAIry's vendored copy of refiners' EmbeddingExtender).")),
    42: ("imaginairy/imaginairy/modules/diffusion/model.py", 536, "OFL203", "up[i].attn[i]", F(
        "BB", IM_BB + "ldm `Model` (modules/diffusion/model.py:375) is built by nothing.")),
    43: ("lycoris/lycoris/modules/base.py", 254, "OFL105", "dtype_tensor", F("OW", OW)),
    44: ("imaginairy/imaginairy/modules/diffusion/model.py", 532, "OFL203", "up[i].block[i]", F("BB", "As row 42.")),
    45: ("imaginairy/imaginairy/modules/sgm/diffusionmodules/model.py", 741, "OFL203", "up[i].block[i]", F(
        "AH", "As row 37.")),
    46: ("lycoris/lycoris/modules/loha.py", 196, "OFL105", "hada_w1_b", F("OW", OW)),
    47: ("anomalib/src/anomalib/models/image/efficient_ad/torch_model.py", 693, "OFL104", "quantiles[i]", T(
        "leaf", GO + "EfficientAdModel.forward -> compute_maps (:578) reads the ParameterDict `quantiles`: at leaf "
        "level its tensors are grouped on the ParameterDict's forward, which never runs; they meet the device maps.")),
    48: ("imaginairy/imaginairy/modules/diffusion/model.py", 518, "OFL203", "down[i].attn[i]", F("BB", "As row 42.")),
    49: ("imaginairy/imaginairy/modules/diffusion/ddpm.py", 496, "OFL105", "betas", F("BB", IM_BB + IM_DEAD)),
    50: ("imaginairy/imaginairy/vendored/clipseg/__init__.py", 492, "OFL204", "extra_blocks", F(
        "AL", IM_AL + "CLIPDensePredT is built and run inside get_img_mask (enhancers/clip_masking.py:24 / :37); its "
        "TransformerEncoderLayers' MultiheadAttention out_proj would stay offloaded at leaf level.")),
    51: ("anomalib/src/anomalib/models/image/efficient_ad/torch_model.py", 642, "OFL104", "mean_std[i]", T(
        "leaf", GO + "EfficientAdModel.forward in training -> compute_losses (:576) reads the ParameterDict "
        "`mean_std`: as row 47.")),
    52: ("imaginairy/imaginairy/modules/sgm/autoencoding/regularizers/quantize.py", 407, "OFL104", "embedding.weight", F(
        "BB", "As row 35.")),
    53: ("anomalib/src/anomalib/models/image/efficient_ad/torch_model.py", 597, "OFL104", "mean_std[i]", T(
        "leaf", GO + "EfficientAdModel.forward -> compute_student_teacher_distance (:574) reads `mean_std`: as row "
        "47.")),
    54: ("imaginairy/imaginairy/vendored/clip/model.py", 204, "OFL204", "attn", F(
        "AL", IM_AL + "ResidualAttentionBlock's nn.MultiheadAttention (:204), in the ViT CLIPs of rows 7 / 39.")),
    55: ("anomalib/src/anomalib/models/components/cluster/gmm.py", 22, "OFL205", "", T(
        "leaf", GO + "AI-VAD's velocity estimator at inference: CombinedDensityEstimator.predict (density.py:252) -> "
        "GMMEstimator.predict -> `self.gmm.score_samples(features)` (:523): GaussianMixture has no forward, so its "
        "buffers (means, precisions_cholesky, weights) stay offloaded at leaf level and meet the device features.")),
    56: ("imaginairy/imaginairy/vendored/clipseg/__init__.py", 486, "OFL204", "blocks", F("AL", "As row 50.")),
    57: ("imaginairy/imaginairy/vendored/k_diffusion/external.py", 72, "OFL105", "sigmas", F(
        "BB", IM_BB + IM_DEAD + "DiscreteSchedule is built only by samplers/kdiff.py's CompVis denoisers.")),
    58: ("imaginairy/imaginairy/vendored/codeformer/codeformer_arch.py", 112, "OFL204", "self_attn", F(
        "AL", IM_AL + "CodeFormer, enhance_faces (face_restoration_codeformer.py:66).")),
    59: ("imaginairy/imaginairy/samplers/kdiff.py", 100, "OFL202", "cv_denoiser.get_sigmas", F(
        "BB", IM_BB + IM_DEAD)),
    60: ("anomalib/src/anomalib/models/video/ai_vad/clip/model.py", 190, "OFL204", "attn", T(
        "leaf", GO + "AI-VAD's region feature extractor loads CLIP `ViT-B/16` (features.py:199) and calls "
        "encode_image; each ResidualAttentionBlock calls `self.attn(x, x, x, need_weights=False, ...)` (:204), and "
        "nn.MultiheadAttention passes out_proj.weight without calling out_proj: at leaf level out_proj stays "
        "offloaded.")),
}

L = labels_of_rows(HERE, R, "/corp54/")

if __name__ == "__main__":
    write_labels(HERE, L)
