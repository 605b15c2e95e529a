"""The weight ranks torch fixes, which make an all-integer index of a layer's weight one 0-dim element
(``self.label_enc.weight[0, 0]``); a LayerNorm's or RMSNorm's weight follows its ``normalized_shape``, so no index count
proves an element there."""

from __future__ import annotations

import pytest

from offload_lint.index.torch_nn import parameter_dimensions


@pytest.mark.parametrize("qualified, parameter, expected", [
    ("torch.nn.Linear", "weight", 2),
    ("torch.nn.Linear", "bias", 1),
    ("torch.nn.Embedding", "weight", 2),
    ("torch.nn.Conv2d", "weight", 4),
    ("torch.nn.ConvTranspose1d", "weight", 3),
    ("torch.nn.GroupNorm", "weight", 1),
    ("torch.nn.LayerNorm", "weight", None),
    ("torch.nn.LayerNorm", "bias", None),
    ("torch.nn.RMSNorm", "weight", None),
    ("torch.nn.Linear", "running_mean", None),
    ("mylib.layers.Linear", "weight", None),
])
def test_only_ranks_torch_fixes_are_known(qualified: str, parameter: str, expected: int | None) -> None:
    assert parameter_dimensions(qualified, parameter) == expected
