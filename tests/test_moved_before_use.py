"""Buffers moved to the compute device before they meet anything (fixtures/core/moved_before_use.py; issue 22 round
bf, cause P): ``self.scale = self.scale.to(z.device)`` makes later reads in the method the copy on the device, and
``w[None].repeat(n, 1, 1).to(device)`` only tiles the weight before moving it. Nothing is reported there and the run
under diffusers' hooks refutes it; the method that reads the buffer unmoved stays reported and is confirmed."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "moved_before_use.py"


def test_only_the_unmoved_read_is_reported():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())


def test_a_component_weight_tiled_then_moved_is_no_read_of_the_component(tmp_path):
    (tmp_path / "m.py").write_text(
        "import torch\nfrom torch import nn\n\n\nclass Embedder(nn.Module):\n    def __init__(self):\n"
        "        super().__init__()\n        self.y_embedding = nn.Parameter(torch.randn(4, 8))\n"
        "        self.proj = nn.Linear(8, 8)\n\n    def forward(self, y):\n        return self.proj(y)\n\n\n"
        "class Pipeline:\n    def __init__(self):\n        self.transformer = Embedder()\n"
        "        self._execution_device = torch.device('cpu')\n\n    def null_embed(self, n):\n"
        "        return self.transformer.y_embedding[None].{tile}.to(self._execution_device)\n")
    for tile, codes in (("repeat(n, 1, 1)", []), ("tile((n, 1, 1))", []), ("mul(n)", ["OFL201"])):
        (tmp_path / "m.py").write_text((tmp_path / "m.py").read_text().replace("{tile}", tile))
        found = lint(Options(paths=[str(tmp_path)], settings=Settings(), jobs=1)).findings
        assert [f.code for f in found] == codes, tile
        (tmp_path / "m.py").write_text((tmp_path / "m.py").read_text().replace(tile, "{tile}"))


@pytest.mark.parametrize(("method", "verdict"), [("normalize", "refuted"), ("unnormalize", "confirmed")])
def test_the_runs_under_the_hooks_agree(monkeypatch, method, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm("moved_before_use:LatentScaler", method, CheckConfig(level="both", backend="tracking"))
    assert report.verdict == verdict, report.to_text()
