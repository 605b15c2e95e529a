"""In an application, a module another module holds as a plain child is judged with that holder at block level; one a
script also builds itself (ZITS's ``TSR_inference.py`` builds the ``EdgeLineGPT256RelBCE`` its ``FTR_model`` holds)
is offloaded as a whole there, and block level judges it as a model of its own too."""

from __future__ import annotations

import textwrap
from pathlib import Path

from offload_lint.engine import Options, lint

ENCODER = '''
    from torch import nn


    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)
            self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

        def forward(self, x):
            for block in self.blocks:
                x = block(x)
            return self.proj(x)

        def sample(self, x):
            return self.proj(x)
'''
HOLDER = '''
    from torch import nn

    from encoder import Encoder


    class Inpainter(nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = Encoder()

        def forward(self, x):
            return self.encoder(x)
'''
TRAIN = '''
    from holder import Inpainter

    model = Inpainter()
    print(model)
'''
INFER = '''
    from encoder import Encoder

    encoder = Encoder()
    print(encoder.sample(None))
'''


def _block_findings(root: Path, files: dict[str, str]) -> list:
    (root / ".git").mkdir(parents=True)
    for name, text in files.items():
        (root / name).write_text(textwrap.dedent(text))
    found = lint(Options(paths=[str(root)], jobs=1)).findings
    return [f for f in found if f.method == "sample" and f.code == "OFL102"]


def test_a_child_a_script_also_builds_is_judged_as_a_root_at_block_level(tmp_path):
    found = _block_findings(tmp_path, {"encoder.py": ENCODER, "holder.py": HOLDER, "train.py": TRAIN,
                                       "infer.py": INFER})
    assert found and "block-level" in found[0].message


def test_a_child_only_its_holder_builds_is_judged_with_the_holder(tmp_path):
    assert not _block_findings(tmp_path, {"encoder.py": ENCODER, "holder.py": HOLDER, "train.py": TRAIN})
