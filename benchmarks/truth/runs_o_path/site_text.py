"""Class-A rows on transformers text / audio models: funnel 377 / 396 ``relative_positional_attention`` (factorized
and relative_shift attention), rwkv 258 ``extract_key_value``, sew_d 995 ``get_rel_embedding``, xlm_roberta 462
``feed_forward_chunk``, axk1 403 ``expand_kv``: the model that holds the class, its forward (pathrun.py)."""

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import torch  # noqa: E402
import pathrun  # noqa: E402


def loaded_like(model):
    for p in model.parameters():
        if p.is_floating_point():
            torch.nn.init.normal_(p, std=0.2)
    return model


def mod(name):
    return importlib.import_module(f"transformers.models.{name}.modeling_{name}")


funnel = mod("funnel")
rwkv = mod("rwkv")
sew_d = mod("sew_d")
xlmr = mod("xlm_roberta")
axk1 = mod("axk1")


def funnel_model(attention_type):
    def build():
        from transformers import FunnelConfig
        config = FunnelConfig(vocab_size=50, block_sizes=[1, 1], block_repeats=None, num_decoder_layers=1, d_model=32,
                              n_head=2, d_head=16, d_inner=37, attention_type=attention_type,
                              hidden_dropout=0.0, attention_dropout=0.0, activation_dropout=0.0)
        return loaded_like(funnel.FunnelModel(config))
    return build


def ids(vocab=50, length=8):
    return lambda: ((), {"input_ids": torch.randint(1, vocab, (1, length))})


def rwkv_model():
    from transformers import RwkvConfig
    config = RwkvConfig(vocab_size=50, context_length=16, hidden_size=32, num_hidden_layers=2, attention_hidden_size=32,
                        intermediate_size=37)
    return loaded_like(rwkv.RwkvModel(config))


def sew_d_model():
    from transformers import SEWDConfig
    config = SEWDConfig(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=37,
                        squeeze_factor=2, max_position_embeddings=32, position_buckets=16,
                        conv_dim=(16, 16), conv_stride=(4, 2), conv_kernel=(8, 4), num_conv_pos_embeddings=4,
                        num_conv_pos_embedding_groups=2, relative_attention=True, hidden_dropout=0.0,
                        attention_dropout=0.0, activation_dropout=0.0, feat_proj_dropout=0.0, layerdrop=0.0)
    return loaded_like(sew_d.SEWDModel(config))


def audio():
    return (), {"input_values": torch.randn(1, 400)}


def xlmr_model():
    from transformers import XLMRobertaConfig
    config = XLMRobertaConfig(vocab_size=50, hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                              intermediate_size=37, max_position_embeddings=40, hidden_dropout_prob=0.0,
                              attention_probs_dropout_prob=0.0)
    return loaded_like(xlmr.XLMRobertaModel(config))


def axk1_model():
    from transformers.models.axk1.configuration_axk1 import AXK1Config
    config = AXK1Config(vocab_size=50, hidden_size=32, intermediate_size=37, moe_intermediate_size=16,
                        num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=2, n_shared_experts=1,
                        n_routed_experts=4, kv_lora_rank=16, q_lora_rank=16, qk_rope_head_dim=8, v_head_dim=16,
                        qk_nope_head_dim=16, n_group=1, topk_group=1, num_experts_per_tok=2,
                        max_position_embeddings=64, use_cache=False, pad_token_id=0, bos_token_id=1, eos_token_id=2)
    return loaded_like(axk1.AXK1Model(config))


SITES = [
    dict(name="funnel_377", file=funnel.__file__, line=377, cls=funnel.FunnelRelMultiheadAttention,
         method="relative_positional_attention", probe="r_kernel", build=funnel_model("factorized"), inputs=ids(),
         rows={"accelerate-sequential": "o50", "model-cpu-offload": "o51", "fsdp2": "o52", "zero3": "o53"}),
    dict(name="funnel_396", file=funnel.__file__, line=396, cls=funnel.FunnelRelMultiheadAttention,
         method="relative_positional_attention", probe="r_kernel", build=funnel_model("relative_shift"), inputs=ids(),
         rows={"accelerate-sequential": "o66", "model-cpu-offload": "o67", "fsdp2": "o68", "zero3": "o69"}),
    dict(name="rwkv_258", file=rwkv.__file__, line=258, cls=rwkv.RwkvSelfAttention,
         method="extract_key_value", probe="time_mix_receptance", build=rwkv_model,
         inputs=lambda: ((), {"input_ids": torch.randint(1, 50, (1, 8)), "use_cache": False}),
         rows={"accelerate-sequential": "o86", "model-cpu-offload": "o87", "fsdp2": "o88", "zero3": "o89"}),
    dict(name="sew_d_995", file=sew_d.__file__, line=995, cls=sew_d.SEWDTransformerEncoder,
         method="get_rel_embedding", probe="rel_embeddings.weight", build=sew_d_model, inputs=audio,
         rows={"fsdp2": "o10", "zero3": "o11"}),
    dict(name="xlm_roberta_462", file=xlmr.__file__, line=462, cls=xlmr.XLMRobertaLayer,
         method="feed_forward_chunk", probe="intermediate.dense.weight", build=xlmr_model, inputs=ids(),
         rows={"model-cpu-offload": "o100", "fsdp2": "o101"}),
    dict(name="axk1_403", file=axk1.__file__, line=403, cls=axk1.AXK1Attention,
         method="expand_kv", probe="kv_b_proj.weight", build=axk1_model, inputs=ids(),
         rows={"model-cpu-offload": "o108", "fsdp2": "o109"}),
]

if __name__ == "__main__":
    pathrun.main(SITES, __file__)
