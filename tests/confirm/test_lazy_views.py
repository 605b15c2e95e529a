"""The lazy device stands in for a GPU under model CPU offload: the pieces of a split lazy tensor compute there."""

from __future__ import annotations

import pytest
import torch

from offload_lint.confirm.backends import LAZY, make_backend


@pytest.fixture(scope="module")
def lazy() -> torch.device:
    return make_backend(LAZY).onload_device


@pytest.mark.parametrize("split", [
    lambda t: t.chunk(3, dim=-1),
    lambda t: torch.chunk(t, 3, -1),
    lambda t: t.split(4, dim=-1),
    lambda t: torch.split(t, [2, 10], dim=3),
    lambda t: t.unbind(2),
    lambda t: torch.unbind(t, dim=0),
])
def test_pieces_of_a_lazy_tensor_compute_on_the_lazy_device(lazy, split):
    values = torch.arange(2 * 3 * 4 * 12, dtype=torch.float32).reshape(2, 3, 4, 12)
    pieces = split(values.to(lazy))
    expected = split(values)
    assert len(pieces) == len(expected)
    for piece, want in zip(pieces, expected):
        assert (piece + 1).device.type == "lazy"
        assert torch.equal((piece + 1).cpu(), want + 1)


def test_fused_attention_runs_on_the_lazy_device(lazy):
    """q, k, v cut from one fused projection (most attention layers): the output stays lazy and meets the next
    layer's lazy weight (it raised "Input tensor is not a lazy tensor")."""
    qkv, out = torch.nn.Linear(8, 24).to(lazy), torch.nn.Linear(8, 8).to(lazy)
    x = torch.randn(1, 5, 8).to(lazy)
    q, k, v = qkv(x).chunk(3, dim=-1)
    attended = torch.nn.functional.scaled_dot_product_attention(q, k, v)
    assert out(attended).device.type == "lazy"


def test_cpu_tensors_keep_torchs_own_functions(lazy):
    pieces = torch.arange(6).chunk(3)
    assert [piece.tolist() for piece in pieces] == [[0, 1], [2, 3], [4, 5]]
    assert all(piece._base is not None for piece in pieces)  # views, as torch makes them
