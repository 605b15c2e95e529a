"""A child that holds no weights (an activation, a pooling layer, a loss) is in no group worth onloading: calling it
outside ``forward()`` breaks nothing (VL-T5's ``self.bce_loss(logits, target)`` in a training step), while a child
with weights called there is still reported."""

from __future__ import annotations

import textwrap

import pytest

from offload_lint.engine import Options, lint

MODEL = textwrap.dedent('''
    from torch import nn


    class Answerer(nn.Module):
        def __init__(self):
            super().__init__()
            self.head = nn.Linear(8, 4)
            self.criterion = nn.{loss}()

        def forward(self, x):
            return self.head(x)

        def train_step(self, logits, target):
            return self.{called}(logits, target)
''').lstrip()


@pytest.mark.parametrize("loss", ["BCEWithLogitsLoss", "NLLLoss", "SmoothL1Loss", "KLDivLoss", "CTCLoss"])
def test_a_loss_called_outside_forward_is_not_reported(tmp_path, loss):
    path = tmp_path / "model.py"
    path.write_text(MODEL.format(loss=loss, called="criterion"))
    findings = lint(Options(paths=[str(path)], jobs=1)).findings
    assert not [f for f in findings if f.attribute == "criterion"], [f.message for f in findings]


def test_a_child_with_weights_called_there_is_reported(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(MODEL.format(loss="BCEWithLogitsLoss", called="head"))
    findings = lint(Options(paths=[str(path)], jobs=1)).findings
    assert [f for f in findings if f.attribute == "head" and f.method == "train_step"], [f.message for f in findings]
