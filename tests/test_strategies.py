"""Each strategy's findings on the strategy fixtures, as their markers name them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from offload_lint.config import ConfigError, Settings, load_settings
from offload_lint.engine import Options, lint
from offload_lint.strategies import BY_KEY, STRATEGIES, Declarations, parse_strategies, strategies_text
from tests.lines import line_of
from tests.markers import expected, expected_by_strategy

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "strategies"
MODELS = FIXTURES / "models.py"
MARKED = sorted(FIXTURES.glob("*.py"))


def _lint(levels: tuple[str, ...], declarations: Declarations = Declarations()):
    settings = Settings(levels=levels, declarations=declarations)
    return lint(Options(paths=[str(FIXTURES)], settings=settings, jobs=1)).findings


def _found(findings, strategy: str) -> Counter:
    key = parse_strategies(strategy)[0]
    return Counter((Path(f.path).name, f.line, f.code, strategy) for f in findings if key in f.levels)


def _marked(strategy: str) -> Counter:
    marked: Counter = Counter()
    for path in MARKED:
        for (line, code, named), count in expected_by_strategy(path.read_text()).items():
            if named == strategy:
                marked[(path.name, line, code, named)] += count
    return marked


@pytest.fixture(scope="module")
def all_findings():
    return _lint(parse_strategies("all"))


@pytest.mark.parametrize("strategy", [s.name for s in STRATEGIES])
def test_each_strategy_alone_finds_what_its_markers_name(strategy):
    assert _found(_lint(parse_strategies(strategy)), strategy) == _marked(strategy)


@pytest.mark.parametrize("strategy", [s.name for s in STRATEGIES])
def test_all_strategies_together_find_the_same_per_strategy(all_findings, strategy):
    assert _found(all_findings, strategy) == _marked(strategy)


@pytest.mark.parametrize("path", MARKED, ids=lambda path: path.name)
def test_every_marker_names_its_strategies(path):
    shown, _ = expected(path.read_text())
    by_strategy = expected_by_strategy(path.read_text())
    assert {(line, code) for (_, line, code) in shown} == {(line, code) for (line, code, _) in by_strategy}


def test_the_default_run_is_group_offloading_at_both_levels():
    default = lint(Options(paths=[str(FIXTURES)], jobs=1)).findings
    assert {key for f in default for key in f.levels} == {"block", "leaf"}


def test_declarations_given_on_the_command_line_count_like_those_in_the_code(all_findings):
    # Without the script that registers generate() for FSDP2, generate() breaks under FSDP2 too.
    alone = lint(Options(paths=[str(MODELS)], settings=Settings(levels=parse_strategies("fsdp2")), jobs=1)).findings
    assert any(f.method == "generate" for f in alone)
    declared = Declarations(fsdp_forward_methods=frozenset({"generate"}))
    settings = Settings(levels=parse_strategies("fsdp2"), declarations=declared)
    told = lint(Options(paths=[str(MODELS)], settings=settings, jobs=1)).findings
    assert not any(f.method == "generate" for f in told)


def test_messages_name_the_strategies(all_findings):
    (rescale,) = [f for f in all_findings if f.method == "rescale_moved"]
    assert strategies_text(rescale.levels) in rescale.message
    assert "register_fsdp_forward_method" in rescale.message  # what to do where .to() is no fix


def test_a_child_reached_from_outside_its_parents_forward_names_the_way_in(all_findings):
    in_child = [f for f in all_findings if f.class_name == "SpectrumCoder" and f.method == "unpack"]
    assert {f.code for f in in_child} == {"OFL101", "OFL102"}
    for finding in in_child:
        assert "reached from AudioCoder.decode()" in finding.message and "AudioCoder.forward()" in finding.message
    (call,) = [f for f in in_child if f.code == "OFL102"]
    # The block-module declaration belongs to the parent, in its own class: no edit of the child's file. It
    # names the path to the called layer: 'coder' alone hooks the child on its forward(), which unpack() skips.
    assert "add 'coder' and 'expand' to AudioCoder._group_offload_block_modules" in call.message and call.fix is None
    # A child of a child: the module on top is CodecModel, reached through Quantizer.dequantize().
    (codebook,) = [f for f in all_findings if f.code == "OFL205" and f.class_name == "Codebook"]
    assert "CodecModel.decode()" in codebook.message and "CodecModel's unmatched group" in codebook.message
    assert "add 'quantizer' to CodecModel._group_offload_block_modules" in codebook.message


def test_strategy_names_and_config(tmp_path):
    assert parse_strategies("group-block,fsdp2") == ("block", "fsdp2")
    assert parse_strategies("all") == tuple(BY_KEY)
    (tmp_path / "pyproject.toml").write_text('[tool.offload-lint]\nstrategy = ["zero3"]\nz3-leaf-modules = ["Moe"]\n')
    settings = load_settings(tmp_path)
    assert settings.levels == ("zero3",) and settings.declarations.z3_leaf_modules == {"Moe"}
    (tmp_path / "pyproject.toml").write_text('[tool.offload-lint]\nstrategy = ["zero-4"]\n')
    with pytest.raises(ConfigError, match="unknown strategy 'zero-4'"):
        load_settings(tmp_path)


def test_command_line_reports_strategies(capsys):
    from offload_lint.cli import main

    assert main([str(MODELS), "--strategy", "fsdp2,zero3", "--output-format", "json", "--no-cache"]) == 1
    import json

    findings = json.loads(capsys.readouterr().out)
    (explicit,) = [f for f in findings if f["code"] == "OFL107" and f["method"] == "project"]
    assert explicit["strategies"] == ["zero3"] and explicit["levels"] == []
    assert main([str(MODELS), "--strategy", "all", "--statistics", "--no-cache"]) == 1
    statistics = capsys.readouterr().out
    assert "OFL101\troot-parameter-outside-forward\t(group-block" in statistics and "zero3 " in statistics


def test_level_and_strategy_together_are_a_usage_error(capsys):
    from offload_lint.cli import main

    assert main([str(MODELS), "--level", "block", "--strategy", "fsdp2"]) == 2
    assert "either --level or --strategy" in capsys.readouterr().err
    assert main([str(MODELS), "--strategy", "fsdp3"]) == 2
    assert "unknown strategy 'fsdp3'" in capsys.readouterr().err


def test_a_citation_that_holds_only_under_fsdp2_gives_fsdp2s_own_fix(all_findings):
    """OFL202 cites OFL102's fix at the definition (a block module to declare) only where it is one: a citation
    that holds only under FSDP2 names torch's way to run the root's hook around the called method instead."""
    cited = {(Path(f.path).name, f.attribute): f for f in all_findings if f.code == "OFL202"}
    only_fsdp2 = cited[("helper_reach.py", "vae.encode")]
    assert only_fsdp2.levels == ("fsdp2",)
    assert 'register_fsdp_forward_method(model, "encode") (FSDP2)' in only_fsdp2.message
    assert "_group_offload_block_modules" not in only_fsdp2.message
    # Look-alike: the same kind of citation holding at block level too keeps group offloading's fix.
    also_block = cited[("private_helpers.py", "vae.decode")]
    assert set(also_block.levels) == {"block", "fsdp2"}
    assert "Fix it there (add the children it names to HelperAutoencoder._group_offload_block_modules)" in also_block.message


def test_a_public_methods_device_fallback_says_when_it_breaks(all_findings):
    """``device = device or self.text_encoder.device`` breaks only when the caller passes no device; a method
    that also reads the device unconditionally breaks whatever it is passed, and says nothing of the fallback."""
    by_method = {f.method: f for f in all_findings
                 if Path(f.path).name == "component_device.py" and f.code == "OFL201"}
    assert "when called without device" in by_method["encode"].message
    assert "`device or self._execution_device`" in by_method["encode"].message
    assert "when called without device" in by_method["encode_else"].message
    assert "when called without" not in by_method["encode_twice"].message
    assert [r.note for r in by_method["encode_twice"].related] == ["another use of self.text_encoder in encode_twice()"]
    assert "_encode" not in by_method, "a private method's callers pass the device"


@pytest.mark.parametrize("strategy", [s.name for s in STRATEGIES])
def test_a_method_judged_only_for_a_helpers_first_parameter_read_is_judged_under_each_strategy_alone(strategy):
    """fixtures/core/device_helper_rebuild.py (timm's ``reset_classifier``: ``dd = get_device_dtype(self)``, a new head
    built with it): a strategy run alone reports what a run of all strategies reports for it. The method was picked
    only for the other strategies' reasons, so ``--strategy accelerate-sequential`` alone said nothing where
    ``--strategy all`` named accelerate-sequential (the parameter is on meta there)."""
    path = FIXTURES.parent / "core" / "device_helper_rebuild.py"

    def found(levels: tuple[str, ...]) -> set[tuple[int, str]]:
        findings = lint(Options(paths=[str(path)], settings=Settings(levels=levels), jobs=1)).findings
        key = parse_strategies(strategy)[0]
        return {(f.line, f.code) for f in findings if key in f.levels}

    assert found(parse_strategies(strategy)) == found(parse_strategies("all"))
    if strategy == "accelerate-sequential":
        assert found(parse_strategies(strategy)) == {(line_of(path, "dd = get_device_dtype(self)  # OFL105"), "OFL105")}
