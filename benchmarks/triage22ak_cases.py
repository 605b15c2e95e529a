"""Calls of the issue-22 "ak" triage runtime checks (docs/triage-issue22-ak.md): generate() on the confirmer's tiny
builds of the drawn rows' models (transformers 5.24.0 from /tmp/pkgs/tf524 on PYTHONPATH), so that the generation
path the labels rely on runs, not only the method the finding names. Each takes (module, device) as
`offload-lint confirm --call` passes them; the confirmer's tiny-config build is the factory."""

import torch


def _image_tokens_qianfan(config):
    vc = config.vision_config
    size = vc.image_size if isinstance(vc.image_size, int) else vc.image_size[0]
    patch = vc.patch_size if isinstance(vc.patch_size, int) else vc.patch_size[0]
    return int((size // patch) ** 2 * config.downsample_ratio ** 2), size


def qianfan_generate_call(module, device=None):
    """QianfanOCRForConditionalGeneration.generate(input_ids with the image tokens, pixel_values): generate() runs
    base_model.get_image_features before the first forward (generation/utils.py:1044-1061)."""
    config = module.config
    n, size = _image_tokens_qianfan(config)
    ids = torch.tensor([[1] + [config.image_token_id] * n + [2]], device=device)
    pixel_values = torch.randn(1, 3, size, size, device=device)
    return module.generate(input_ids=ids, pixel_values=pixel_values, max_new_tokens=1, do_sample=False)


def fuyu_generate_call(module, device=None):
    """FuyuForCausalLM.generate(input_ids, pixel_values as patches): generate() runs FuyuModel.get_image_features
    (vision_embed_tokens) before the first forward."""
    config = module.config
    dim = config.patch_size * config.patch_size * config.num_channels
    ids = torch.tensor([[1, config.image_token_id, config.image_token_id, 2]], device=device)
    pixel_values = torch.randn(1, 2, dim, device=device)
    return module.generate(input_ids=ids, pixel_values=pixel_values, max_new_tokens=1, do_sample=False)


def parakeet_generate_call(module, device=None):
    """ParakeetForRNNT.generate(input_features): ParakeetRNNTGenerationMixin._prepare_model_inputs runs
    get_audio_features (encoder, encoder_projector) before the first forward (generation_parakeet.py:193-208)."""
    mel = module.config.encoder_config.num_mel_bins
    gc = module.generation_config
    if gc.decoder_start_token_id is None and gc.bos_token_id is None:
        # the tiny config names no start token (the hub checkpoints' generation configs do): the blank token
        gc.decoder_start_token_id = module.config.blank_token_id
    features = torch.randn(1, 32, mel, device=device)
    return module.generate(input_features=features, max_new_tokens=2)
