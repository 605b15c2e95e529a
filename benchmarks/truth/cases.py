"""Runtime cases of the truth set: site id -> how to build the class tiny and the call that reaches the site.

`build()` runs inside the confirmer's backend mode (under FakeTensorMode on fake-cuda), `call(module, device)`
creates its inputs on `device` (the onload device). Configs are the smallest that construct; nothing is
downloaded.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

import torch

CASES: dict[str, "Case"] = {}


@dataclass(frozen=True)
class Case:
    target: str  # "package.module:Class" (for the report)
    build: Callable[[], torch.nn.Module] | None
    call: Callable[[torch.nn.Module, torch.device], Any] | None
    method: str = "forward"
    functions: tuple[str, ...] = ()  # functions whose frames count for the site (default: the symbol's method)
    block_modules: list[str] | None = None
    timeout: float = 60
    backend: str = "auto"
    custom: Callable[[], tuple[str, str]] | None = None  # a check that is not one method under the confirmer


def case(site_id: str, target: str, build, call, **kwargs: Any) -> None:
    if site_id in CASES:
        raise ValueError(f"duplicate case {site_id}")
    CASES[site_id] = Case(target, build, call, **kwargs)


def cls(target: str) -> Any:
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


TINY_TEXT = dict(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=2,
                 num_key_value_heads=2, head_dim=16, vocab_size=99, max_position_embeddings=64)


def tiny(config_target: str, **overrides: Any) -> Any:
    """A transformers config with small sizes (`overrides` win; unknown names are ignored by the config)."""
    config_cls = cls(config_target)
    values = dict(TINY_TEXT)
    values.update(overrides)
    return config_cls(**values)


def build_from(model_target: str, config_target: str, **overrides: Any) -> Callable[[], torch.nn.Module]:
    def build() -> torch.nn.Module:
        return cls(model_target)(tiny(config_target, **overrides))
    return build


def ids(device: torch.device, batch: int = 1, length: int = 6, vocab: int = 99) -> torch.Tensor:
    return torch.randint(0, vocab, (batch, length), device=device)


TF = "transformers.models."

# ---------------------------------------------------------------- transformers: leaf weights read directly

case("tf-data2vec-tdnn-weight",
     TF + "data2vec.modeling_data2vec_audio:TDNNLayer",
     lambda: cls(TF + "data2vec.modeling_data2vec_audio:TDNNLayer")(
         tiny(TF + "data2vec.configuration_data2vec_audio:Data2VecAudioConfig",
              tdnn_dim=(16, 16), tdnn_kernel=(3, 3), tdnn_dilation=(1, 1)), 0),
     lambda m, d: m(torch.randn(1, 10, m.in_conv_dim, device=d)))

case("tf-emu3-codebook-sum",
     TF + "emu3.modeling_emu3:Emu3VQVAEVectorQuantizer",
     lambda: cls(TF + "emu3.modeling_emu3:Emu3VQVAEVectorQuantizer")(
         tiny(TF + "emu3.configuration_emu3:Emu3VQVAEConfig", codebook_size=16, embed_dim=8)),
     lambda m, d: m(torch.randn(1, 1, 8, 2, 2, device=d)))
