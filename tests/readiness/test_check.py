"""``readiness --check``: a test folder's group-offloading configs against the pipelines' rows.

The fixture folder ``fixtures/readiness/check`` holds tiny pipelines and a diffusers-shaped tests
folder; every expected finding is a ``# OFLnnn`` marker on its line there (tests/markers.py)."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path

import pytest

from offload_lint.readiness.model import Verdict
from offload_lint.readiness.tests_config import (
    EXCLUDE,
    HARD_CODED_NAMES,
    LEAF_EXCLUDE,
    ONLOAD,
    dummy_inputs,
    read_tests,
    returned_literals,
)
from tests.markers import expected

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "fixtures" / "readiness" / "check"
TESTS = FOLDER / "tests"
PIPELINES = FOLDER / "pipelines"


@pytest.fixture(scope="module")
def findings():
    from offload_lint.readiness.check import check

    return check(str(TESTS), [str(PIPELINES)], jobs=1).findings


@pytest.fixture(scope="module")
def configs():
    return {config.name: config for config in read_tests(TESTS)}


def line_in_tests(name: str, marker: str, whole: bool = False) -> int:
    """The 1-based line of the only line of ``tests/<name>`` holding ``marker`` (``whole``: being it)."""
    lines = [n for n, text in enumerate((TESTS / name).read_text().splitlines(), start=1)
             if (text.strip() == marker if whole else marker in text)]
    assert len(lines) == 1, f"{marker!r} is on {len(lines)} lines of {name}"
    return lines[0]


def at(findings, name: str, marker: str, code: str, whole: bool = False):
    line = line_in_tests(name, marker, whole)
    return [f for f in findings if Path(f.path).name == name and f.line == line and f.code == code]


# --- the findings, end to end ---------------------------------------------------------------
def test_every_marker_is_found_and_nothing_else(findings):
    marked: Counter = Counter()
    for path in sorted(TESTS.rglob("*.py")):
        marked += expected(path.read_text(), path.name)[0]
    got = Counter((Path(f.path).name, f.line, f.code) for f in findings)
    assert got == marked
    assert {code for _, _, code in got} == {"OFL301", "OFL302", "OFL303", "OFL304", "OFL305", "OFL306"}


def test_unlisted_failure_names_component_class_level_cause_and_list(findings):
    by_component = {f.attribute: f for f in at(findings, "test_toy_unlisted.py", "ToyPipeline  # OFL301, OFL301",
                                                 "OFL301")}
    text_encoder, vae = by_component["text_encoder"].message, by_component["vae"].message
    assert "'text_encoder' (RootParamModel)" in text_encoder and "block and leaf levels with streams" in text_encoder
    assert "OFL101 at " in text_encoder and "toy_pipelines.py:" in text_encoder
    assert f"add 'text_encoder' to {EXCLUDE}" in text_encoder
    assert "'vae' (LeafWeightModel)" in vae and "at leaf level with streams" in vae and "OFL103 at " in vae
    assert f"add 'vae' to {LEAF_EXCLUDE}" in vae


def test_leaf_listed_component_failing_at_block(findings):
    [moved] = at(findings, "test_toy_unlisted.py", '"text_encoder",  # OFL305', "OFL305")
    assert f"move it from {LEAF_EXCLUDE} to {EXCLUDE}" in moved.message and "OFL101 at " in moved.message
    [unlisted] = at(findings, "test_toy_unlisted.py", "pipeline_class = ToyPipeline  # OFL301", "OFL301", whole=True)
    assert unlisted.attribute == "text_encoder" and "at block level under" in unlisted.message


def test_needless_exclusions(findings):
    [clean] = at(findings, "test_toy.py", '"transformer",  # OFL302', "OFL302")
    assert f"remove it from {EXCLUDE}" in clean.message and "(CleanModel)" in clean.message
    [leaf_only] = at(findings, "test_toy.py", '"vae",  # OFL302', "OFL302")
    assert f"move it from {EXCLUDE} to {LEAF_EXCLUDE}" in leaf_only.message
    assert "passes group offloading at block level" in leaf_only.message
    [onload] = at(findings, "test_clean.py", '"vae",  # OFL302', "OFL302")
    assert f"remove it from {ONLOAD}" in onload.message


def test_the_tests_inputs_decide_a_conditional_hazard(findings):
    [avoided] = at(findings, "test_clip_skip.py", '"text_encoder",  # OFL302', "OFL302")
    assert "clip_skip is not None" in avoided.message
    [taken] = at(findings, "test_clip_skip.py", "ClipSkipVariantPipeline  # OFL301", "OFL301")
    assert taken.attribute == "text_encoder"


def test_typo_is_reported_and_a_non_module_component_is_not(findings):
    [typo] = at(findings, "test_toy.py", '"text_encodr",  # OFL303', "OFL303")
    assert "no component of ToyPipeline" in typo.message and "text_encoder, transformer, vae" in typo.message
    assert not [f for f in findings if f.attribute == "tokenizer"]


def test_stale_markers_and_justified_ones(findings):
    [xfail] = at(findings, "test_clean.py", "@pytest.mark.xfail(strict=True", "OFL304")
    assert "XPASS" in xfail.message and "remove the xfail marker" in xfail.message
    [switch] = at(findings, "test_unittest_form.py", "test_group_offloading = False  # OFL304", "OFL304")
    assert "set test_group_offloading = True" in switch.message
    justified = {line_in_tests("test_toy_listed.py", "@pytest.mark.skip"),
                 line_in_tests("test_unittest_form.py", 'self.skipTest("text_encoder reads scale after forward")')}
    assert not [f for f in findings if f.code == "OFL304" and f.line in justified]
    platform = line_in_tests("test_clean.py", "@pytest.mark.skipif")
    assert not [f for f in findings if Path(f.path).name == "test_clean.py" and f.line == platform]


def test_opt_out_needed_by_nothing(findings):
    [opt_out] = at(findings, "test_opt_out.py", "OptOutPipeline  # OFL306", "OFL306")
    assert opt_out.attribute == "transformer" and "OptedOutCleanModel" in opt_out.message
    assert "drop the flag" in opt_out.message


def test_pipelines_outside_the_linted_paths_are_not_judged(findings):
    assert not [f for f in findings if "no_such_component" in f.message]


# --- reading the tests ------------------------------------------------------------------------
def test_lists_inherit_across_files_with_their_positions(configs):
    inherited = configs["TestToyInheritedMemory"]
    names = [(item.name, Path(item.place.path).name) for item in inherited.lists[EXCLUDE]]
    assert names == [("text_encoder", "test_toy_listed.py"), ("transformer", "test_toy_inherited.py")]
    assert inherited.lists[EXCLUDE][0].place.line == line_in_tests("test_toy_listed.py", '"text_encoder",  # post_process')
    assert [i.name for i in inherited.lists[LEAF_EXCLUDE]] == ["vae"]
    assert inherited.list_form and inherited.runs_group_offloading


def test_stream_switch_and_config_classes(configs):
    assert configs["TestToyUnlistedMemory"].streams == (True,)
    assert configs["TestCleanPipelineStreams"].streams == (False, True)
    assert configs["ToyUnlistedConfig"].streams == (False,)
    assert not configs["ToyUnlistedConfig"].runs_group_offloading
    assert "BasePipelineTesterConfig" not in configs  # its pipeline_class is a placeholder
    assert configs["CleanWrapperFastTests"].pipeline_class == "CleanPipeline"  # a test-side wrapper's base


def test_markers_found_and_kinds(configs):
    memory = {m.test: m for m in configs["TestCleanPipelineMemory"].markers}
    assert memory["test_group_offloading_inference_block_level"].kind == "xfail"
    assert memory["test_group_offloading_inference_block_level"].strict
    assert memory["test_group_offloading_inference_leaf_level"].kind == "override"
    assert memory["test_group_offloading_inference_leaf_level"].levels == ("leaf",)
    skipped = {m.test: m.kind for m in configs["TestCleanPipelineMemorySkipped"].markers}
    assert skipped == {"test_group_offloading_inference_block_level": "skip"}  # skipif on mps is not one
    # the shared mixin's skip of the pipeline-level test is no marker of any pipeline's test
    assert not [m for c in configs.values() for m in c.markers if m.pipeline_level]


def test_older_form_reads_the_hard_coded_names(configs):
    older = configs["ToyPipelineFastTests"]
    assert not older.list_form and older.runs_group_offloading
    assert older.hard_coded == ("text_encoder", "text_encoder_2", "transformer", "unet", "controlnet")
    assert older.hard_coded != HARD_CODED_NAMES  # read from the folder's test body, not the default
    assert not configs["CleanPipelineFastTests"].runs_group_offloading


def test_dummy_inputs_keep_the_literals():
    inputs = dummy_inputs(TESTS)
    assert inputs["ClipSkipVariantPipeline"] == {"clip_skip": 2, "output_type": "pt"}
    assert inputs["ClipSkipPipeline"] == {"output_type": "pt"}  # the tensor is left out
    assert inputs["ToyPipeline"] == {"output_type": "pt"}


def test_returned_literals_shapes():
    import ast

    source = '''
def get_dummy_inputs(self, device, seed=0):
    generator = torch.manual_seed(seed)
    inputs = dict(prompt="a cat", generator=generator, num_inference_steps=2)
    inputs["height"] = 8
    inputs["num_inference_steps"] = steps
    inputs.update({"output_type": "np", "clip_skip": None})
    return inputs
'''
    function = ast.parse(source).body[0]
    assert returned_literals(function) == {"prompt": "a cat", "height": 8, "output_type": "np", "clip_skip": None}


# --- the hook in the assessor ----------------------------------------------------------------
def test_assessor_can_ignore_an_opt_out():
    from offload_lint.readiness import assess_paths

    plain = assess_paths([str(PIPELINES)], only={"OptOutPipeline"}, jobs=1).pipelines[0]
    ignored = assess_paths([str(PIPELINES)], only={"OptOutPipeline"}, jobs=1, ignore_opt_out=True).pipelines[0]
    assert {r.verdict for r in plain.rows_of("text_encoder")} == {Verdict.OPTED_OUT}
    assert {r.verdict for r in ignored.rows_of("text_encoder")} == {Verdict.FAILS}
    assert {r.verdict for r in ignored.rows_of("transformer")} == {Verdict.PASSES}
    assert not ignored.components[0].supports_group_offloading  # the record keeps the flag


# --- formats, exit codes, entry points ------------------------------------------------------------
def test_run_check_formats_and_exit_codes():
    from offload_lint.readiness.check import run_check

    out = io.StringIO()
    assert run_check(str(TESTS), [str(PIPELINES)], "json", out=out, jobs=1) == 1
    data = json.loads(out.getvalue())
    codes = {item["code"] for item in data}
    assert codes == {"OFL301", "OFL302", "OFL303", "OFL304", "OFL305", "OFL306"}
    sarif = io.StringIO()
    assert run_check(str(TESTS), [str(PIPELINES)], "sarif", out=sarif, jobs=1, exit_zero=True) == 0
    results = json.loads(sarif.getvalue())["runs"][0]["results"]
    assert {r["ruleId"] for r in results} == codes
    github = io.StringIO()
    run_check(str(TESTS), [str(PIPELINES)], "github", out=github, jobs=1)
    assert "OFL304" in github.getvalue() and github.getvalue().startswith("::")


def test_clean_config_exits_zero_and_bad_arguments_exit_two():
    from offload_lint.readiness.check import run_check

    out = io.StringIO()
    assert run_check(str(TESTS / "test_toy_listed.py"), [str(PIPELINES)], "text", out=out, jobs=1) == 0
    assert "OFL3" not in out.getvalue()
    assert run_check(str(TESTS), [str(PIPELINES)], "markdown", out=io.StringIO()) == 2
    assert run_check(str(TESTS / "missing"), [str(PIPELINES)], "text", out=io.StringIO()) == 2


def test_main_entry_selects_codes(capsys):
    from offload_lint.readiness.check import main

    assert main(["--check", str(TESTS), str(PIPELINES), "--select", "OFL304", "--output-format", "json"]) == 1
    items = json.loads(capsys.readouterr().out)
    assert items and {item["code"] for item in items} == {"OFL304"}
    assert main(["--check", str(TESTS), str(PIPELINES), "--ignore", "OFL3"]) == 0


def test_noqa_on_the_line_silences_it(tmp_path):
    from tests.readiness.examples import check_example

    pipeline = (PIPELINES / "toy_pipelines.py").read_text()
    tests = (TESTS / "test_toy.py").read_text().replace("pipelines.toy_pipelines", "toy_pipelines")
    source = f"# file: toy_pipelines.py\n{pipeline}\n# file: tests/test_toy.py\n{tests}"
    plain = Counter(f.code for f in check_example(source, tmp_path / "plain"))
    assert plain["OFL302"] == 2
    quiet = source.replace('"transformer",  # OFL302', '"transformer",  # noqa: OFL302')
    assert Counter(f.code for f in check_example(quiet, tmp_path / "quiet"))["OFL302"] == 1


def test_through_the_readiness_command(capsys):
    """Once ``offload-lint readiness`` exists (the readiness CLI), ``--check`` goes through it."""
    pytest.importorskip("offload_lint.readiness.cli")
    from offload_lint.cli import main

    code = main(["readiness", "--check", str(TESTS), str(PIPELINES), "--output-format", "json"])
    items = json.loads(capsys.readouterr().out)
    assert code == 1 and {item["code"] for item in items} >= {"OFL301", "OFL304", "OFL306"}
