"""Methods a forward the tree does not spell out runs (fixtures/core/inherited_forward_reads.py; issue 22 round bi,
cause BE): the ``weight`` / ``bias`` properties of an ``nn.Linear`` subclass, which the inherited ``nn.Linear.forward``
reads, and methods forward dispatches to by a name built from a constant prefix. Nothing is reported there and the runs
under diffusers' hooks refute them; a public method reading the weights outside forward stays reported and is
confirmed."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected

FIXTURE = FIXTURES / "core" / "inherited_forward_reads.py"


def test_only_the_read_outside_any_forward_is_reported():
    found = lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings
    shown, _ = expected(FIXTURE.read_text())
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())


@pytest.mark.parametrize(("cls", "method", "verdict"), [
    ("NoisyLinear", "forward", "refuted"), ("Preprocessor", "forward", "refuted"),
    ("NoisyLinear", "noise_level", "confirmed"),
])
def test_the_runs_under_the_hooks_agree(monkeypatch, cls, method, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    report = confirm(f"inherited_forward_reads:{cls}", method, CheckConfig(level="both", backend="tracking"))
    assert report.verdict == verdict, report.to_text()


def test_a_prefix_of_underscores_alone_dispatches_to_nothing(tmp_path):
    """``getattr(self, "_" + name)`` names no family of methods: a private method is not taken as reached by it."""
    (tmp_path / "m.py").write_text(
        "import torch\nfrom torch import nn\n\n\nclass M(nn.Module):\n    def __init__(self):\n"
        "        super().__init__()\n        self.scale = nn.Parameter(torch.ones(4))\n\n"
        "    def _scaled(self, x):\n        return x * self.scale\n\n"
        "    def forward(self, x, name):\n        return getattr(self, '_' + name)(x)\n")
    found = lint(Options(paths=[str(tmp_path)], settings=Settings(), jobs=1)).findings
    assert [f.method for f in found] == ["_scaled"]
