"""A child's method that touches no weight, however deep it hands the call on (Uformer's ``flops()``: model -> layer
-> block -> attention -> projection, each summing integers; here six calls deep), needs no onloading: calling it
outside ``forward()`` is not reported. The same chain ending in a weight read is."""

from __future__ import annotations

import textwrap

import pytest

from offload_lint.engine import Options, lint

MODEL = textwrap.dedent('''
    from torch import nn


    class Projection(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.dim = dim
            self.proj = nn.Linear(dim, dim)

        def forward(self, x):
            return self.proj(x)

        def flops(self, n):
            return {projection_flops}


    class Attention(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.qkv = Projection(dim)

        def forward(self, x):
            return self.qkv(x)

        def flops(self, n):
            return self.qkv.flops(n) * 3


    class Block(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.attn = Attention(dim)

        def forward(self, x):
            return self.attn(x)

        def flops(self, n):
            return self.attn.flops(n) + n


    class Layer(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.blocks = nn.ModuleList([Block(dim) for _ in range(2)])

        def forward(self, x):
            for block in self.blocks:
                x = block(x)
            return x

        def flops(self, n):
            total = 0
            for block in self.blocks:
                total += block.flops(n)
            return total


    class Stage(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.layer = Layer(dim)

        def forward(self, x):
            return self.layer(x)

        def flops(self, n):
            return self.layer.flops(n)


    class Stack(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.stage = Stage(dim)

        def forward(self, x):
            return self.stage(x)

        def flops(self, n):
            return self.stage.flops(n)


    class Model(nn.Module):
        def __init__(self, dim=4):
            super().__init__()
            self.encoder = Stack(dim)
            self.head = nn.Linear(dim, dim)

        def forward(self, x):
            return self.head(self.encoder(x))

        def flops(self, n):
            return self.encoder.flops(n) + n * 4
''').lstrip()


@pytest.mark.parametrize("projection_flops, reported", [("n * self.dim * self.dim", False),
                                                        ("float(self.proj.weight.sum())", True)])
def test_a_deep_child_method_is_reported_only_when_it_reaches_a_weight(tmp_path, projection_flops, reported):
    (tmp_path / "model.py").write_text(MODEL.format(projection_flops=projection_flops))
    found = [f for f in lint(Options(paths=[str(tmp_path)], jobs=1)).findings
             if f.method == "flops" and f.class_name == "Model"]
    assert bool(found) is reported, [f.message for f in found]
