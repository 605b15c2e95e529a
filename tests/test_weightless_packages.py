"""Classes of packages known to hold no weights (torchvision's transforms, ``torch_nn.WEIGHTLESS_PACKAGES``): a
module calling such a child outside forward touches nothing offloading moves, whether or not the package is
installed (anomalib's PreProcessor, issue 22 round bd, cause KA). A child of a package the index cannot read is still
taken as one with weights."""

from __future__ import annotations

from offload_lint.engine import Options, lint

TEMPLATE = '''
from torch import nn
from {package} import {name}


class PreProcessor(nn.Module):
    def __init__(self, transform: {name} | None = None):
        super().__init__()
        self.transform = transform

    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        if self.transform:
            batch.image = self.transform(batch.image)

    def forward(self, batch):
        return self.transform(batch) if self.transform else batch
'''


def _found(tmp_path, package: str, name: str) -> list:
    (tmp_path / "m.py").write_text(TEMPLATE.format(package=package, name=name))
    return [f for f in lint(Options(paths=[str(tmp_path)], jobs=1)).findings if f.method == "on_train_batch_start"]


def test_a_torchvision_transform_child_holds_no_weights(tmp_path):
    assert _found(tmp_path, "torchvision.transforms.v2", "Transform") == []


def test_a_child_of_an_unreadable_package_is_taken_to_hold_weights(tmp_path):
    assert [f.code for f in _found(tmp_path, "unreadable_vision_package.layers", "Transform")] == ["OFL102"]
