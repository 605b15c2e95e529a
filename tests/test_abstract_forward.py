"""A base whose ``forward`` is ``@abstractmethod`` leaves it to its subclasses (gliner's ``BaseModel``): a base method
every subclass's forward calls runs inside that subclass's hook, and so does the base helper it reaches
(gliner's ``features_enhancement`` behind ``get_representations``), as for a base with no forward at all. One
subclass that calls it from another method keeps it a way in."""

from __future__ import annotations

import textwrap

import pytest

from offload_lint.engine import Options, lint

MODEL = textwrap.dedent('''
    from abc import abstractmethod

    from torch import nn


    class Base(nn.Module):
        def __init__(self, dim=4):
            super().__init__()
            self.fuser = nn.Linear(dim, dim)

        @abstractmethod
        def forward(self, x):
            ...

        def representations(self, x):
            return self.enhance(x)

        def enhance(self, x):
            return self.fuser(x)


    class SpanModel(Base):
        def forward(self, x):
            return self.representations(x) * 2


    class TokenModel(Base):
        def forward(self, x):
            return {token_forward}

        def encode_only(self, x):
            return {token_encode}
''').lstrip()


@pytest.mark.parametrize("token_forward, token_encode, reported", [
    ("self.representations(x) + 1", "x", False),
    ("x + 1", "self.representations(x)", True),
])
def test_a_base_method_only_subclass_forwards_call(tmp_path, token_forward, token_encode, reported):
    (tmp_path / "model.py").write_text(MODEL.format(token_forward=token_forward, token_encode=token_encode))
    found = [f for f in lint(Options(paths=[str(tmp_path)], jobs=1)).findings if f.method == "enhance"]
    assert bool(found) is reported, [f.message for f in found]
