"""Factories and calls for the issue-22 "b" triage rows the default confirmer cannot build or trigger.

Used as ``offload-lint confirm TARGET METHOD --factory benchmarks.triage22_cases:NAME [--call ...]`` (see
``benchmarks/triage22_runtime.sh``). Each factory builds the sampled class tiny, the way a user of the library
builds it; each call makes the call a real caller makes (the caller's arguments, its mode), not a synthetic one.
timm needs a stub ``torchvision`` on PYTHONPATH (see ``triage22_confirm.py``).
"""

from __future__ import annotations

import torch


# --- peft -------------------------------------------------------------------------------------------------------

def monteclora():
    from peft.tuners.lora.monteclora import MontecloraSampler

    return MontecloraSampler(in_features=8, out_features=8, num_samples=4, device="cpu")


def monteclora_loss(module):
    """LoraModel._get_variational_loss (lora/model.py:1233) calls get_variational_loss() with no argument in training."""
    module.train()
    kl, entropy = module.get_variational_loss()
    return kl + entropy


def cpt_embedding():
    from peft import CPTConfig
    from peft.tuners.cpt.model import CPTEmbedding

    config = CPTConfig(
        cpt_token_ids=[0, 1, 2, 3],
        cpt_mask=[1, 1, 1, 1],
        cpt_tokens_type_mask=[1, 2, 2, 3],
        task_type="CAUSAL_LM",
    )
    config.token_dim = 8  # set by PeftModel from the base model's config; CPTConfig.__post_init__ resets it to None
    config.num_transformer_submodules = 1
    word_embeddings = torch.nn.Embedding(16, 8)
    module = CPTEmbedding(config, word_embeddings)
    with torch.no_grad():
        module.delta_embedding.weight.normal_()
    return module


def cpt_forward(module, device=None):
    """PeftModel.get_prompt calls prompt_encoder(prompt_tokens) — CPTEmbedding.forward, which calls get_projection()."""
    return module(torch.arange(4, device=device))


# --- timm --------------------------------------------------------------------------------------------------------

def _timm(name, **kwargs):
    import timm

    return timm.create_model(name, pretrained=False, **kwargs).eval()


def visformer():
    return _timm("visformer_tiny", img_size=64, num_classes=8)


def volo():
    return _timm("volo_d1_224", img_size=64, num_classes=8)


def swinv2_cr():
    return _timm("swinv2_cr_tiny_224", img_size=64, num_classes=8)


def ghostnet():
    model = _timm("ghostnet_050", num_classes=8)
    model.set_grad_checkpointing(True)
    return model


def image_64(module, device=None):
    return module.forward_intermediates(torch.randn(1, 3, 64, 64, device=device))


def image_64_grad(module, device=None):
    """forward_intermediates with gradients on: timm's checkpoint_seq only checkpoints when grad is enabled."""
    with torch.enable_grad():
        x = torch.randn(1, 3, 64, 64, device=device, requires_grad=True)
        return module.forward_intermediates(x)


def distillation_teacher():
    from timm.task.distillation import DistillationTeacher

    return DistillationTeacher(_timm("test_vit", num_classes=8))


def teacher_normalize(module, device=None):
    """timm/task/distillation.py:416: normalize_input(input, self.student_mean, self.student_std) with the
    student's normalization buffers (on the compute device) and an input batch."""
    x = torch.randn(2, 3, 32, 32, device=device)
    mean = torch.tensor([0.5, 0.5, 0.5], device=device).view(1, -1, 1, 1)
    std = torch.tensor([0.5, 0.5, 0.5], device=device).view(1, -1, 1, 1)
    return module.normalize_input(x, mean, std)


def resampler():
    from timm.layers.patch_embed import PatchEmbedResamplerFixedOrigSize

    return PatchEmbedResamplerFixedOrigSize(orig_size=(8, 8))


def resampler_prewarm_then_forward(module, device=None):
    """prewarm() with the default device, then forward() with a weight on the compute device (as
    PatchEmbedInterpolator passes it): the prewarmed entry is keyed by the offload device, forward's lookup by the
    weight's device."""
    module.prewarm([(4, 4)])
    return module(torch.randn(8, 3, 8, 8, device=device), [4, 4])


def ml_decoder():
    from timm.layers.ml_decoder import MLDecoder

    return MLDecoder(num_classes=8, decoder_embedding=32, initial_num_features=16)


def ml_decoder_forward(module, device=None):
    return module(torch.randn(2, 16, 4, 4, device=device))


class _TinyNet(torch.nn.Module):
    """A root with a Linear inside a block list (block level) to put an adapter on."""

    def __init__(self):
        super().__init__()
        self.blocks = torch.nn.ModuleList([torch.nn.Sequential(torch.nn.Linear(8, 8)) for _ in range(2)])
        self.head = torch.nn.Linear(8, 4)

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def _peft_wrapped(config):
    from peft import inject_adapter_in_model

    return inject_adapter_in_model(config, _TinyNet())


def oft_model():
    """A model with OFT (coft=True) on its Linears: merge() reaches OFTRotationModule.get_weight (layer.py:293)."""
    from peft import OFTConfig

    return _peft_wrapped(OFTConfig(r=0, oft_block_size=4, coft=True, target_modules=r"blocks\.\d+\.0|head"))


def bdlora_model():
    """A model with block-diagonal LoRA: merge() reaches BlockDiagonalLinear.weight_as_blockdiagonal_matrix."""
    from peft import LoraConfig

    return _peft_wrapped(LoraConfig(r=4, target_modules=r"blocks\.\d+\.0|head", use_bdlora={"target_modules_bd_a": ["blocks.0.0", "blocks.1.0"], "target_modules_bd_b": ["head"], "nblocks": 2}))


def merge_all(module, device=None):
    """What `model.merge_adapter()` / `merge_and_unload()` do: each tuner layer's merge()."""
    from peft.tuners.tuners_utils import BaseTunerLayer

    for layer in module.modules():
        if isinstance(layer, BaseTunerLayer):
            layer.merge()
    return module(torch.randn(2, 8, device=device))


def gpsa():
    from timm.models.convit import GPSA

    return GPSA(dim=32, num_heads=4)


def gpsa_forward_then_map(module, device=None):
    """ConVit use: forward() first (it rebuilds rel_indices on qk.weight.device for N tokens), then the public
    get_attention_map() diagnostic on the same input."""
    x = torch.randn(2, 16, 32, device=device)
    module(x)
    return module.get_attention_map(x)


def whisper():
    from transformers import WhisperConfig, WhisperForConditionalGeneration

    config = WhisperConfig(
        vocab_size=64, num_mel_bins=8, d_model=16, encoder_layers=1, decoder_layers=1,
        encoder_attention_heads=2, decoder_attention_heads=2, encoder_ffn_dim=32, decoder_ffn_dim=32,
        max_source_positions=16, max_target_positions=32, pad_token_id=0, bos_token_id=1, eos_token_id=2,
        decoder_start_token_id=1, suppress_tokens=None, begin_suppress_tokens=None,
    )
    return WhisperForConditionalGeneration(config).eval()


def whisper_generate(module, device=None):
    """examples/community/speech_to_image_diffusion.py:89: speech_model.generate(input_features, max_length=...)."""
    features = torch.randn(1, 8, 32, device=device)
    return module.generate(features, max_new_tokens=3)


# --- recall spot check (hazards found by reading, checked at runtime) ----------------------------------------------

def supertuning_model():
    from peft import SupertuningConfig

    return _peft_wrapped(SupertuningConfig(target_modules=r"blocks\.\d+\.0|head", sparsity=0.5))


def dora_model():
    from peft import LoraConfig

    return _peft_wrapped(LoraConfig(r=4, use_dora=True, target_modules=r"blocks\.\d+\.0|head"))


def tiny_forward(module, device=None):
    return module(torch.randn(2, 8, device=device))


def wan_transformer():
    from diffusers import WanTransformer3DModel

    return WanTransformer3DModel(
        patch_size=(1, 2, 2), num_attention_heads=2, attention_head_dim=8, in_channels=4, out_channels=4,
        text_dim=16, freq_dim=16, ffn_dim=32, num_layers=2, rope_max_seq_len=32,
    ).eval()


def wan_stg_call(module, device=None):
    """examples/community/pipeline_stg_wan.py:579-580: each block's forward replaced by forward_without_stg
    (after offloading was applied, as the pipeline does on every denoising step), then the transformer called."""
    import types

    from pipeline_stg_wan import forward_without_stg

    for block in module.blocks:
        block.forward = types.MethodType(forward_without_stg, block)
    return module(
        hidden_states=torch.randn(1, 4, 1, 8, 8, device=device),
        timestep=torch.tensor([10], device=device),
        encoder_hidden_states=torch.randn(1, 4, 16, device=device),
        return_dict=False,
    )[0]


def swiftformer():
    return _timm("swiftformer_xs", num_classes=8)


def cspnext():
    return _timm("cspnext_tiny", num_classes=8)


def reset_then_forward(module, device=None):
    """timm's reset_classifier() (fine-tuning a pretrained model for new classes) after offloading was applied,
    then the model's forward."""
    module.reset_classifier(4)
    return module(torch.randn(1, 3, 64, 64, device=device))


def features_then_head(module, device=None):
    """timm's documented feature API: forward_features() then forward_head(pre_logits=...)."""
    x = module.forward_features(torch.randn(1, 3, 64, 64, device=device))
    return module.forward_head(x)


def classifier_head():
    from timm.layers.classifier import ClassifierHead

    return ClassifierHead(16, 8)


def head_reset_then_forward(module, device=None):
    module.reset(4)
    return module(torch.randn(1, 16, 4, 4, device=device))


def eva_mrope():
    """An Eva with interleaved multimodal RoPE: its `rope` is a RotaryEmbeddingMRope (no forward()),
    whose buffers Eva._pos_embed reads through rope.get_embed()."""
    from timm.models.eva import Eva

    return Eva(img_size=32, patch_size=8, embed_dim=32, depth=1, num_heads=2, num_classes=4,
               use_rot_pos_emb=True, rope_type="mrope", rope_mrope_section=(2, 3, 3)).eval()


def image_32_forward(module, device=None):
    return module(torch.randn(1, 3, 32, 32, device=device))


def naflexvit_mrope():
    """A NaFlexVit with rope_type='mrope' (its rope is a RotaryEmbeddingMRope, used by _generate_rope_naflex)."""
    from timm.models.naflexvit import NaFlexVit, NaFlexVitCfg

    cfg = NaFlexVitCfg(embed_dim=32, depth=1, num_heads=2, patch_size=8, rope_type="mrope",
                       rope_mrope_section=(2, 3, 3))
    return NaFlexVit(cfg, img_size=32, num_classes=4).eval()


def peanut_model():
    """A model with PEANuT adapters: merge() reaches Linear._compute_delta_weight (peanut/layer.py:160)."""
    from peft import PeanutConfig

    return _peft_wrapped(PeanutConfig(r=4, target_modules=r"blocks\.\d+\.0|head"))


def _tiny_llama():
    from transformers import LlamaConfig, LlamaForCausalLM

    config = LlamaConfig(vocab_size=64, hidden_size=16, intermediate_size=32, num_hidden_layers=2,
                         num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32)
    return LlamaForCausalLM(config).eval()


def shadow_model():
    """peft's ShadowModel (the tuner a PeftModel wraps) around a tiny Llama: the offload root of row 13. At equal
    widths the backbone shares the base embeddings and is called with inputs_embeds (shadow/model.py:704)."""
    from peft import ShadowConfig, get_peft_model

    return get_peft_model(_tiny_llama(), ShadowConfig(task_type="CAUSAL_LM")).base_model.eval()


def shadow_model_narrow():
    """Row 14: a narrower shadow (8 vs 16) makes shadow_projection a Linear (an Identity at equal widths)."""
    from peft import ShadowConfig, get_peft_model

    config = ShadowConfig(task_type="CAUSAL_LM", shadow_hidden_size=8, shadow_num_attention_heads=2)
    return get_peft_model(_tiny_llama(), config).base_model.eval()


def generate_tokens(module, device=None):
    """`peft_model.generate(...)`: PeftModelForCausalLM.generate -> base_model.generate, which BaseTuner.__getattr__
    forwards to the wrapped transformers model (its forward pre-hooks run; the tuner's forward() does not)."""
    return module.generate(input_ids=torch.tensor([[1, 2, 3]], device=device), max_new_tokens=2)


def prompt_tuning_model():
    """A PeftModel with prompt tuning on a tiny Llama: the offload root of rows 7-8 (PeftModel.get_prompt*)."""
    from peft import PromptTuningConfig, get_peft_model

    return get_peft_model(_tiny_llama(), PromptTuningConfig(task_type="CAUSAL_LM", num_virtual_tokens=4)).eval()


def save_prompt_embeddings(module, device=None):
    """What saving does (tuners_utils.py:1673): get_prompt_embedding_to_save(adapter_name)."""
    return module.get_prompt_embedding_to_save("default")
