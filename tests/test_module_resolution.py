"""Which class an import names, where its module's name alone does not say: packages reached through folders
without ``__init__.py`` and copied side by side (Diffsound's ``Codebook/specvqgan`` and ``Diffsound/specvqgan``: each
copy's ``VQModel`` holds its own copy's ``Encoder``, the one Python finds beside the running script), and the
``torch.nn.Module`` subclasses of packages the index does not read (Lightning's module: the root its model is a child
of, whether or not Lightning is installed)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from offload_lint.engine import Options, lint

ENCODER = textwrap.dedent('''
    from torch import nn


    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.down = nn.ModuleList()
            for _ in range(2):
                level = nn.Module()
                level.conv = nn.Conv2d(4, 4, 3)
                self.down.append(level)

        def forward(self, x):
            for level in self.down:
                x = level.conv(x)
            return x
''').lstrip()
VQ = textwrap.dedent('''
    from torch import nn
    from vqkit.modules.coders import Encoder


    class VQModel(nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = Encoder()

        def forward(self, x):
            return self.encoder(x)
''').lstrip()


def test_each_copy_of_a_package_without_init_files_holds_its_own_classes(tmp_path):
    (tmp_path / ".git").mkdir()
    for copy in ("first", "second"):
        for name, text in {"vqkit/modules/coders.py": ENCODER, "vqkit/models/vq.py": VQ,
                           "train.py": "from vqkit.models.vq import VQModel\n\nprint(VQModel())\n"}.items():
            path = tmp_path / copy / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    findings = lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
    # Held as VQModel's child, Encoder is no offload root: block level never cuts its ModuleList into blocks.
    assert not [f for f in findings if f.class_name == "Encoder" and f.code == "OFL203"], \
        [(f.path, f.message) for f in findings]


SYSTEM = textwrap.dedent('''
    from torch import nn
    {import_line}


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = nn.Linear(4, 4)
            self.head = nn.Linear(4, 4)

        def forward(self, x):
            return self.head(self.encoder(x))


    class System({base}):
        def __init__(self):
            super().__init__()
            self.model = Net()

        def forward(self, x):
            return self.model(x)

        def predict_step(self, batch, index):
            return self.model.encoder(batch).sum()
''').lstrip()


@pytest.mark.parametrize("import_line, base", [
    ("import pytorch_lightning as pl", "pl.LightningModule"),
    ("from lightning.pytorch import LightningModule", "LightningModule"),
    ("import lightning as L", "L.LightningModule"),
])
def test_a_lightning_module_is_the_root_its_model_is_a_child_of(tmp_path, import_line, base):
    (tmp_path / ".git").mkdir()
    (tmp_path / "system.py").write_text(SYSTEM.format(import_line=import_line, base=base))
    (tmp_path / "train.py").write_text("from system import System\n\nprint(System().predict_step(None, 0))\n")
    findings = lint(Options(paths=[str(tmp_path)], jobs=1)).findings
    # predict_step runs outside System.forward(): block level leaves the model in System's unmatched group (a
    # training_step's read is kept suppressed: only training runs it, tests/test_training_wrapper.py).
    assert [f for f in findings if f.code == "OFL102" and f.method == "predict_step" and f.class_name == "System"], \
        [f.message for f in findings]



GENERATOR = textwrap.dedent('''
    from torch import nn


    class Generator(nn.Module):
        def __init__(self):
            super().__init__()
            self.head = nn.Linear(4, 4)

        def forward(self, x):
            return self.head(x)

        def {method}(self, x):
            return self.head(x)
''').lstrip()


def test_an_import_loads_the_copy_beside_the_running_script(tmp_path):
    # EDTalk: demo.py's ``from networks.generator import Generator`` loads networks/generator.py beside it, not
    # train/networks/generator.py (whose scripts sit in train/): the demo's calls reach the first copy's methods.
    (tmp_path / ".git").mkdir()
    files = {"networks/generator.py": GENERATOR.format(method="test_demo"),
             "train/networks/generator.py": GENERATOR.format(method="test_train"),
             "demo.py": "import torch\nfrom networks.generator import Generator\n\n\nclass Demo:\n"
                        "    def __init__(self):\n        self.gen = Generator()\n\n    def run(self, x):\n"
                        "        return self.gen.test_demo(x)\n\n\nprint(Demo().run(torch.ones(4)))\n",
             "train/train.py": "import torch\nfrom networks.generator import Generator\n\n\nclass Trainer:\n"
                               "    def __init__(self):\n        self.gen = Generator()\n\n    def run(self, x):\n"
                               "        return self.gen.test_train(x)\n\n\nprint(Trainer().run(torch.ones(4)))\n"}
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    findings = lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
    for method in ("test_demo", "test_train"):
        found = [f for f in findings if f.method == method]
        assert found and not any(f.suppressed_by for f in found), [(f.path, f.suppressed_by) for f in found]
