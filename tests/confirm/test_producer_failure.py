"""A method whose argument another method of the class produces (``classify(hidden)`` after ``extract(x)``): when the
producer cannot be called either, that candidate fails like any other and the finding stays untriggered with the
reason; the run goes on. It was a tool error (exit 2) under the strategies' confirmer (timm's dla and hrnet)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from offload_lint.cli import main
from offload_lint.confirm.report import UNTRIGGERED

pytest.importorskip("accelerate")

MODEL = '''from torch import nn


class Split(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        return self.head(self.proj(x))

    def extract(self, x):
        if x.shape[-1] != 5:
            raise RuntimeError("expects five channels")
        hidden = self.proj(x)
        return hidden

    def classify(self, hidden):
        if hidden.dim() != 3:
            raise ValueError("hidden must be [batch, tokens, 8]")
        return self.head(hidden)
'''


def test_a_producer_that_cannot_be_called_leaves_the_finding_untriggered(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "split.py").write_text(MODEL)
    monkeypatch.chdir(tmp_path)
    status = main(["split.py", "--strategy", "model-cpu-offload", "--confirm", "--no-cache", "--output-format", "json"])
    findings = {f["method"]: f for f in json.loads(capsys.readouterr().out)}
    assert status == 1
    assert findings["classify"]["verdict"] == UNTRIGGERED
    assert "extract() makes this argument and could not be called" in findings["classify"]["evidence"]
