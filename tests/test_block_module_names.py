"""OFL102's block_modules fix names each module on the way to the one called once: diffusers matches the list's
names at every depth, so a path through two children of one name (fairseq's adaptive span ``self.attn.attn``) needs
the name once."""

from __future__ import annotations

import textwrap

from offload_lint.engine import Options, lint

SOURCE = '''
    import torch
    from torch import nn


    class Span(nn.Module):
        def __init__(self):
            super().__init__()
            self.current = nn.Parameter(torch.zeros(1))

        def forward(self, x):
            return x * self.current

        def cache_size(self):
            return self.current * 2


    class Inner(nn.Module):
        def __init__(self):
            super().__init__()
            self.span = Span()

        def forward(self, x):
            return self.span(x)


    class Outer(nn.Module):
        def __init__(self):
            super().__init__()
            self.attn = Inner()

        def forward(self, x):
            return self.attn(x)


    class Layer(nn.Module):
        def __init__(self):
            super().__init__()
            self.attn = Outer()
            self.ff = nn.Linear(4, 4)

        def forward(self, x):
            return self.ff(self.attn(x))

        def span_size(self):
            return self.attn.attn.span.cache_size() + self.ff(torch.zeros(4)).sum()
'''


def test_a_name_met_twice_on_the_way_is_listed_once(tmp_path):
    path = tmp_path / "layer.py"
    path.write_text(textwrap.dedent(SOURCE))
    found = [f for f in lint(Options(paths=[str(path)], jobs=1)).findings
             if f.code == "OFL102" and f.method == "span_size" and "span" in f.message]
    assert found, [f.message for f in lint(Options(paths=[str(path)], jobs=1)).findings]
    message = found[0].message
    assert "'attn' and 'attn'" not in message and "'attn', 'attn'" not in message
    assert "'attn' and 'span'" in message
