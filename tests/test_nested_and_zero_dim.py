"""Two causes of round bq (issue 22): a class built only inside a container that is itself an element of the model's
container is a child riding in the block's group, not a model whose own containers block level splits
(fixtures/core/nested_block_elements.py, cause AH: miles-credit's CrossFormer); a forward-less module whose only own
tensors are 0-dim misses no hook that matters (fixtures/core/zero_dim_own_weights.py, cause Y: torchgfn's GFlowNets;
round br's latent-diffusion ``scale_factor``, a full reduction registered as a buffer).
Runs under diffusers' hooks agree."""

from __future__ import annotations

import warnings

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected


@pytest.mark.parametrize("name", ["nested_block_elements.py", "zero_dim_own_weights.py"])
def test_only_the_marked_findings(name):
    fixture = FIXTURES / "core" / name
    found = lint(Options(paths=[str(fixture)], settings=Settings(), jobs=1)).findings
    shown, _ = expected(fixture.read_text())
    assert sorted(("", f.line, f.code) for f in found) == sorted(shown.elements())


@pytest.mark.parametrize(("target", "method", "level", "verdict"), [
    ("nested_block_elements:CrossFormer", "forward", "block", "confirmed"),
    ("zero_dim_own_weights:ScalarLoss", "loss", "leaf", "refuted"),
    ("zero_dim_own_weights:VectorLoss", "loss", "leaf", "confirmed"),
])
def test_the_runs_under_the_hooks_agree(monkeypatch, target, method, level, verdict):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURES / "core"))
    warnings.simplefilter("ignore")
    report = confirm(target, method, CheckConfig(level=level, backend="tracking"))
    assert report.verdict == verdict, report.to_text()
