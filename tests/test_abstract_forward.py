"""A base whose ``forward`` is ``@abstractmethod`` (gliner's ``BaseModel``) or only raises ``NotImplementedError``
leaves it to its subclasses: a base method every subclass's forward calls runs inside that subclass's hook, and so
does the base helper it reaches (gliner's ``features_enhancement`` behind ``get_representations``), as for a base
with no forward at all. One subclass that calls it from another method keeps it a way in."""

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

        {base_forward}

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


ABSTRACT = "@abstractmethod\n    def forward(self, x):\n        ..."
NOT_IMPLEMENTED = 'def forward(self, x):\n        """Subclasses compute."""\n        raise NotImplementedError("subclasses")'


@pytest.mark.parametrize("base_forward", [ABSTRACT, NOT_IMPLEMENTED])
@pytest.mark.parametrize("token_forward, token_encode, reported", [
    ("self.representations(x) + 1", "x", False),
    ("x + 1", "self.representations(x)", True),
])
def test_a_base_method_only_subclass_forwards_call(tmp_path, base_forward, token_forward, token_encode, reported):
    source = MODEL.format(base_forward=base_forward, token_forward=token_forward, token_encode=token_encode)
    compile(source, "model.py", "exec")  # the case is the code it names, not a file the linter cannot read
    (tmp_path / "model.py").write_text(source)
    found = [f for f in lint(Options(paths=[str(tmp_path)], jobs=1)).findings if f.method == "enhance"]
    assert bool(found) is reported, [f.message for f in found]
