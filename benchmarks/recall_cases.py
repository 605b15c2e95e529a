"""Factories for the recall fixes' runtime spot checks (docs/triage-issue22-b.md, "Fixes after the triage
(recall)"): peft adapters whose tensors live in forward-less ParameterDict/BufferDict children, merges that
read the base layer through get_base_layer(). Used like benchmarks/triage22_cases.py (see recall_runtime.sh)."""

from __future__ import annotations

import torch

from benchmarks.triage22_cases import _peft_wrapped, merge_all, tiny_forward  # noqa: F401

TARGETS = r"blocks\.\d+\.0|head"


def vera_model():
    from peft import VeraConfig

    return _peft_wrapped(VeraConfig(r=4, target_modules=TARGETS))


def adalora_model():
    from peft import AdaLoraConfig

    return _peft_wrapped(AdaLoraConfig(r=4, target_modules=TARGETS, total_step=10))


def ia3_model():
    from peft import IA3Config

    return _peft_wrapped(IA3Config(target_modules=TARGETS, feedforward_modules=[]))


def boft_model():
    from peft import BOFTConfig

    return _peft_wrapped(BOFTConfig(boft_block_size=4, target_modules=TARGETS))


class _TinyEmbedNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(16, 8)
        self.head = torch.nn.Linear(8, 4)

    def forward(self, ids):
        return self.head(self.embed(ids))


def lora_embedding_model():
    from peft import LoraConfig, inject_adapter_in_model

    model = inject_adapter_in_model(LoraConfig(r=4, target_modules=["embed"]), _TinyEmbedNet())
    for name, p in model.named_parameters():
        if "lora_embedding_B" in name:
            torch.nn.init.normal_(p)
    return model


def ids_forward(module, device=None):
    return module(torch.arange(4, device=device))


# --- timm feature API (forward_features / forward_head as entry points) ------------------------------------------

def cait():
    from benchmarks.triage22_cases import _timm

    return _timm("cait_xxs24_224", img_size=64, num_classes=8)


def focalnet():
    from benchmarks.triage22_cases import _timm

    return _timm("focalnet_tiny_srf", num_classes=8)


def pvt_v2():
    from benchmarks.triage22_cases import _timm

    return _timm("pvt_v2_b0", num_classes=8)
