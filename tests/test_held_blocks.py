"""A class built only as another model's block element (fixtures/core/held_blocks.py): judged inside the model that
holds it, as block level offloads it; the same code run under diffusers' real hooks on the tracking backend."""

from __future__ import annotations

import importlib.util

import pytest

from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.lines import line_of

PATH = FIXTURES / "core" / "held_blocks.py"


def test_a_block_only_class_is_not_judged_as_a_model_of_its_own():
    findings = lint(Options(paths=[str(PATH)], jobs=1)).findings
    fused = line_of(PATH, "fused = fused + self.fuse_layers[i][j](features[j])")
    assert not [f for f in findings if f.line == fused]
    shared = line_of(PATH, "x = level[0](x)  # OFL203")
    assert [f.code for f in findings if f.line == shared] == ["OFL203"]


@pytest.fixture(scope="module")
def models():
    pytest.importorskip("torch")
    pytest.importorskip("diffusers")
    spec = importlib.util.spec_from_file_location("held_blocks", PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _block_verdict(cls: type) -> str:
    from offload_lint.confirm import confirm

    return confirm(cls, "forward", backend="tracking").verdict_at("block")


def test_the_holder_offloaded_at_block_level_runs_its_blocks_whole(models):
    assert _block_verdict(models.MultiBranchNet) == "refuted"


def test_the_block_offloaded_alone_would_break(models):
    # the premise the linter no longer takes for FuseStage: offloaded alone, its containers are split into groups
    assert _block_verdict(models.FuseStage) == "confirmed"
