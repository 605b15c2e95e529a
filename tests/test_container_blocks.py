"""Container blocks (OFL203): what the findings and their fixes claim, run with diffusers' real block-level offloading
on the tracking backend (fixtures/core/container_blocks.py; the static findings are checked with every fixture in
tests/test_fixtures.py)."""

from __future__ import annotations

import sys

import pytest

from tests.conftest import FIXTURES

pytest.importorskip("torch")
pytest.importorskip("diffusers")

from offload_lint.confirm import confirm  # noqa: E402

sys.path.insert(0, str(FIXTURES / "core"))
import container_blocks as models  # noqa: E402


def _verdicts(cls: type) -> tuple[str, str]:
    report = confirm(cls, "forward", backend="tracking")
    return report.verdict_at("block"), report.verdict_at("leaf")


@pytest.mark.parametrize("cls", [models.CascadeUNet, models.EnumeratedLevels, models.DictStages,
                                 models.UnpackedLayers, models.DeepLevels, models.BareLevels])
def test_a_container_block_breaks_at_block_level_only(cls):
    assert _verdicts(cls) == ("confirmed", "refuted")


@pytest.mark.parametrize("cls", [models.LevelsAsModules, models.SequentialLevels, models.ZippedFlatBlocks,
                                 models.DeclaredLevels, models.ClassLevels])
def test_look_alikes_and_the_declared_fix_run(cls):
    assert _verdicts(cls) == ("refuted", "refuted")


def test_the_declaration_is_no_fix_for_module_dicts_nor_two_deep():
    """What the messages say instead of the declaration for these two."""

    class DeclaredDictStages(models.DictStages):
        _group_offload_block_modules = ["stages"]

    DeclaredDictStages.__module__ = models.__name__
    models.DeclaredDictStages = DeclaredDictStages
    assert _verdicts(DeclaredDictStages)[0] == "confirmed"
    assert _verdicts(models.DeclaredDeepLevels)[0] == "confirmed"


def test_the_declaration_is_no_fix_for_bare_module_levels():
    assert _verdicts(models.DeclaredBareLevels) == ("confirmed", "refuted")


def test_each_finding_names_the_fix_that_works_for_its_shape():
    from offload_lint.engine import Options, lint

    findings = lint(Options(paths=[str(FIXTURES / "core" / "container_blocks.py")], jobs=1)).findings
    by_class: dict[str, list[str]] = {}
    for finding in findings:
        by_class.setdefault(finding.class_name, []).append(finding.message)
    assert any("add 'down_blocks' to CascadeUNet._group_offload_block_modules" in m for m in by_class["CascadeUNet"])
    assert all("does not help a ModuleDict" in m for m in by_class["DictStages"])
    deep = by_class["DeepLevels"]
    assert sum("not the layers of a container among them" in m for m in deep) == 1
    assert sum("add 'down_blocks' to DeepLevels._group_offload_block_modules" in m for m in deep) == 1
    bare = by_class["BareLevels"]
    assert len(bare) == 2 and all("a bare nn.Module()" in m and "at leaf level" in m for m in bare)
    assert not any("add 'down' to" in m for m in bare)
