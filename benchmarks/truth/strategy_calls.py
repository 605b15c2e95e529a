"""Factories and calls for the per-strategy truth set's runtime checks (strategies.toml, `confirm` field).

Used as `PYTHONPATH=benchmarks/truth python -m offload_lint.confirm ... --factory strategy_calls:NAME --call
strategy_calls:NAME`: the confirmer synthesises neither a path into interpolate_pos_encoding, a Q-Former config
for Blip2TextEmbeddings, nor MusicGen's three sub-configs. Inputs are seeded: the reference and the offloaded run
must see the same tensors.
"""

import torch


def clip_embeddings_interpolated(module, device):
    """CLIPVisionEmbeddings.forward on an image one patch larger than configured: reaches interpolate_pos_encoding."""
    size = module.image_size + module.patch_size
    pixels = torch.randn(1, 3, size, size, generator=torch.Generator().manual_seed(0)).to(device)
    return module(pixels, interpolate_pos_encoding=True)


def blip2_text_embeddings():
    from transformers.models.blip_2.configuration_blip_2 import Blip2QFormerConfig
    from transformers.models.blip_2.modeling_blip_2 import Blip2TextEmbeddings
    torch.manual_seed(0)
    return Blip2TextEmbeddings(Blip2QFormerConfig(vocab_size=50, hidden_size=32, num_hidden_layers=1,
                                                  num_attention_heads=2, intermediate_size=37,
                                                  max_position_embeddings=16)).eval()


def blip2_text_embeddings_call(module, device):
    return module(input_ids=torch.tensor([[1, 2, 3]], device=device))


def musicgen_tiny():
    from transformers import EncodecConfig, MusicgenConfig, MusicgenDecoderConfig, T5Config
    from transformers.models.musicgen.modeling_musicgen import MusicgenForConditionalGeneration
    torch.manual_seed(0)
    config = MusicgenConfig(
        text_encoder=T5Config(vocab_size=50, d_model=16, d_kv=8, d_ff=32, num_layers=1, num_heads=2).to_dict(),
        audio_encoder=EncodecConfig(hidden_size=8, num_filters=4, codebook_size=16, codebook_dim=8,
                                    upsampling_ratios=[2, 2], num_residual_layers=1).to_dict(),
        decoder=MusicgenDecoderConfig(vocab_size=16, hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                                      ffn_dim=32, num_codebooks=2, max_position_embeddings=32).to_dict())
    return MusicgenForConditionalGeneration(config).eval()


def musicgen_unconditional_call(module, device):
    return module.get_unconditional_inputs(num_samples=1)
