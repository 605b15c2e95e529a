"""offload-lint readiness on pipelines written for it (fixtures/readiness): each component's verdict per
level as its ``# readiness:`` marker says, the conditions, the config and the end user's call."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys

import pytest

from offload_lint.analyze.streams import StreamHook, installed_stream_hook, stream_facts
from offload_lint.engine import Linter, Options
from offload_lint.readiness import assess_paths
from offload_lint.readiness.model import LEVELS, Verdict
from offload_lint.readiness.paths import UNKNOWN, Evaluator, Walker
from offload_lint.readiness.report import end_user_calls, pipeline_config
from tests.conftest import FIXTURES, ROOT
from tests.markers import expected_readiness

pytest.importorskip("diffusers")  # the fixtures' pipelines subclass diffusers.DiffusionPipeline

TREE = FIXTURES / "readiness"


@pytest.fixture(scope="module")
def run():
    return assess_paths([str(TREE)])


@pytest.fixture(scope="module")
def by_name(run):
    return {p.name: p for p in run.pipelines}


def _marker_verdict(row) -> str:
    if row.masked:
        return "masked"
    if row.verdict is Verdict.FAILS:
        return "fails" if row.fails_under_test else "fails-if"
    return row.verdict.value


def test_every_marked_component_gets_its_verdict_at_each_level(by_name):
    expected = expected_readiness((TREE / "pipelines.py").read_text())
    assert expected, "the fixture marks its components"
    got = {}
    for (pipeline, component) in expected:
        rows = {level: by_name[pipeline].row(component, level) for level in LEVELS}
        got[(pipeline, component)] = {level: _marker_verdict(row) for level, row in rows.items()}
    assert got == expected


def test_a_row_for_every_component_level_and_streams_setting(by_name):
    pipeline = by_name["UnclipLikePipeline"]
    keys = {(r.component, r.level, r.streams) for r in pipeline.rows}
    assert keys == {(c.name, level, streams) for c in pipeline.components for level in LEVELS
                    for streams in (False, True)}
    assert [c.name for c in pipeline.components] == ["prior", "image_normalizer", "text_encoder", "vae", "denoiser"]
    assert [c.name for c in pipeline.components if c.optional] == ["denoiser"]


def test_the_prefix_prior_fails_through_post_process_latents_and_the_fix_passes(by_name):
    failing = by_name["UnclipLikePipeline"].row("prior", "block")
    assert {(c.code, c.method, c.attribute) for c in failing.causes} >= {("OFL101", "post_process_latents", "clip_std")}
    assert "self.prior.post_process_latents(...)" in failing.causes[0].via
    fixed = by_name["FixedUnclipLikePipeline"]
    assert all(fixed.row("prior", level).verdict is Verdict.PASSES for level in LEVELS)


def test_a_helper_given_the_pipeline_is_followed(by_name):
    row = by_name["PriorLikePipeline"].row("text_encoder", "leaf")
    assert row.fails_under_test and "encode_with -> self.text_encoder(...)" in row.causes[0].via


def test_a_component_handed_to_a_method_is_entered_where_that_method_calls_it():
    project, _, _ = Linter(Options(paths=[str(TREE)])).project_model()
    pipeline = next(c for c in project.project_classes() if c.name == "UnclipLikePipeline")
    entries = Walker(pipeline, frozenset({"text_encoder"})).walk("__call__").entries["text_encoder"]
    assert any(method == "forward" and "_run_encoder" in path.via for method, path in entries)


def test_a_hazard_behind_an_argument_carries_its_condition(by_name):
    row = by_name["UnclipLikePipeline"].row("text_encoder", "block")
    assert row.verdict is Verdict.FAILS and row.condition == "clip_skip is not None"
    assert not row.fails_under_test
    vae = by_name["PriorLikePipeline"].row("vae", "block")
    assert vae.condition is not None and "output_type" in vae.condition and not vae.fails_under_test


def test_a_test_no_input_decides_makes_its_path_dead(by_name):
    row = by_name["UnpassedClipSkipPipeline"].row("text_encoder", "block")
    assert row.verdict is Verdict.PASSES, "encode_prompt(input_ids) leaves clip_skip at its default, None"


def test_dummy_inputs_decide_which_paths_the_test_takes(tmp_path):
    run = assess_paths([str(TREE)], only={"PriorLikePipeline"}, inputs={"PriorLikePipeline": {"output_type": "np"}})
    row = run.pipelines[0].row("vae", "block")
    assert row.fails_under_test, "with output_type='np' the test decodes, and decode() drives the decoder"


def test_the_normalizer_moved_by_hand_is_reported_as_masked(by_name):
    pipeline = by_name["UnclipLikePipeline"]
    normalizer = next(c for c in pipeline.components if c.name == "image_normalizer")
    assert normalizer.moved_by_hand is not None and normalizer.moved_by_hand.code == "OFL207"
    row = pipeline.row("image_normalizer", "leaf")
    assert row.verdict is Verdict.PASSES and "masked" in row.reason
    assert {c.method for c in row.masked} == {"scale", "unscale"}


def test_config_lists_what_fails_under_the_tests_inputs(by_name):
    config = pipeline_config(by_name["UnclipLikePipeline"])
    namespace: dict = {"UnclipLikePipeline": object}
    exec(compile(config.split("# End user")[0], "<config>", "exec"), namespace)
    tester = namespace["UnclipLikePipelineTesterConfig"]
    assert tester.group_offloading_exclude_modules == ["prior"]
    assert tester.group_offloading_leaf_level_exclude_modules == []
    assert "clip_skip is not None" in config and "_supports_group_offloading = False" in config
    leaf_config = pipeline_config(by_name["PriorLikePipeline"])
    namespace = {"PriorLikePipeline": object}
    exec(compile(leaf_config.split("# End user")[0], "<config>", "exec"), namespace)
    assert namespace["PriorLikePipelineTesterConfig"].group_offloading_leaf_level_exclude_modules == ["text_encoder"]


def test_the_end_user_call_excludes_failing_and_opted_out_components(by_name):
    block, leaf = end_user_calls(by_name["UnclipLikePipeline"])
    assert 'offload_type="block_level", num_blocks_per_group=1' in block
    for call in (block, leaf):
        excluded = ast.literal_eval(call.split("exclude_modules=", 1)[1].rstrip(")"))
        assert set(excluded) == {"prior", "denoiser"}


def test_streams_rows_name_what_the_prefetch_chain_meets(by_name):
    pipeline = by_name["PriorLikePipeline"]
    decoder = pipeline.row("decoder", "leaf", streams=True)
    assert any("optional_proj only on some calls" in detail for detail in decoder.details)
    vae = pipeline.row("vae", "block", streams=True)
    assert any("decode()" in note and "nothing is prefetched" in note for note in vae.notes)
    plain = pipeline.row("decoder", "leaf", streams=False)
    assert not plain.notes and not plain.details, "stream facts stay on the streams rows"


def test_streams_rows_follow_the_installed_hook():
    with_fallback = stream_facts("vae", ("decode",), ("quant",), True, StreamHook("hook.py", True, True, True))
    assert with_fallback.undecided is None and any("never calls" in note for note in with_fallback.notes)
    assert any("quant only on some calls" in detail for detail in with_fallback.details)
    without = stream_facts("vae", ("forward",), ("quant",), False, StreamHook("hook.py", True, False, True))
    assert without.undecided is not None and "quant" in without.undecided
    assert stream_facts("vae", ("forward",), (), False, StreamHook(None)).undecided is not None


def test_the_installed_hook_is_read_from_its_source():
    hook = installed_stream_hook()
    assert hook.found and hook.traces_first_forward


@pytest.mark.parametrize("test, env, expected", [
    ("clip_skip is not None", {"clip_skip": None}, False),
    ("clip_skip is not None", {"clip_skip": 2}, True),
    ("clip_skip is not None", {"clip_skip": UNKNOWN}, None),
    ("output_type == 'latent' or x", {"output_type": "latent", "x": UNKNOWN}, True),
    ("not output_type == 'latent' and x", {"output_type": "latent", "x": UNKNOWN}, False),
    ("self.use_tiling and z", {"z": UNKNOWN}, False),
])
def test_tests_are_three_valued(test, env, expected):
    evaluator = Evaluator(env, {"use_tiling": False}, frozenset())
    assert evaluator.truth(ast.parse(test, mode="eval").body) is expected


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "offload_lint", "readiness", *args, "--no-cache"],
                          capture_output=True, text=True, cwd=ROOT)


def test_cli_table_json_and_exit_codes():
    table = _cli(str(TREE), "--pipeline", "PriorLikePipeline")
    assert table.returncode == 1, table.stderr
    assert re.search(r"^\s+text_encoder\s+LeafReadingEncoder\s+passes\s+fails\s", table.stdout, re.MULTILINE)
    rows = json.loads(_cli(str(TREE), "--output-format", "json", "--exit-zero").stdout)
    first = rows[0]
    assert set(first) >= {"pipeline", "component", "component_class", "level", "streams", "verdict", "condition",
                          "findings", "runtime"}
    assert {r["level"] for r in rows} == {"block", "leaf"} and {r["streams"] for r in rows} == {False, True}
    markdown = _cli(str(TREE), "--pipeline", "UnclipLikePipeline", "--output-format", "markdown", "--exit-zero")
    assert markdown.returncode == 0 and "| `prior` | `TinyPrior` | fails | fails |" in markdown.stdout
    missing = _cli(str(TREE), "--pipeline", "NoSuchPipeline")
    assert missing.returncode == 2 and "NoSuchPipeline" in missing.stderr


def test_tests_dummies_are_read_without_importing_them():
    from offload_lint.readiness.dummies import built_components
    from offload_lint.readiness.tests_config import dummy_inputs

    tests = str(TREE / "dummy_tests")
    assert built_components(tests)["PriorLikePipeline"] == {
        "prior": "fixtures.readiness.models.TinyPrior",
        "text_encoder": "fixtures.readiness.models.LeafReadingEncoder",
        "vae": "fixtures.readiness.models.TinyVAE",
    }
    assert dummy_inputs(tests)["PriorLikePipeline"]["output_type"] == "np"


def test_what_a_test_switches_on_decides_the_component_paths():
    from offload_lint.readiness.dummies import setup_calls

    tests = str(TREE / "dummy_tests")
    assert setup_calls(tests) == {"PriorLikePipeline": {"vae": ("enable_tiling",)}}
    plain = assess_paths([str(TREE)], only={"PriorLikePipeline"}, inputs={"PriorLikePipeline": {"output_type": "np"}})
    tiled = assess_paths([str(TREE)], only={"PriorLikePipeline"}, inputs={"PriorLikePipeline": {"output_type": "np"}},
                         switches=setup_calls(tests))
    tiled_decode = lambda run: next(c for c in run.pipelines[0].row("vae", "block").causes  # noqa: E731
                                    if c.method == "tiled_decode")
    assert tiled_decode(plain).condition == "self.vae.use_tiling" and not tiled_decode(plain).taken_by_test
    assert tiled_decode(tiled).taken_by_test


def test_cli_tests_option_makes_the_test_inputs_decide():
    plain = _cli(str(TREE), "--pipeline", "PriorLikePipeline", "--output-format", "json", "--exit-zero")
    with_tests = _cli(str(TREE), "--pipeline", "PriorLikePipeline", "--output-format", "json", "--exit-zero",
                      "--tests", str(TREE / "dummy_tests"))
    vae = lambda rows: next(r for r in rows if r["component"] == "vae" and r["level"] == "block"  # noqa: E731
                            and not r["streams"])
    assert not vae(json.loads(plain.stdout))["fails_under_test"]
    assert vae(json.loads(with_tests.stdout))["fails_under_test"]


def test_a_tests_subfolder_imports_from_the_checkout_root(tmp_path):
    """--tests tests/pipelines (what --check reads) imports the test modules as tests.pipelines...: they
    import ..testing_utils relative to tests."""
    pytest.importorskip("torch")
    from offload_lint.confirm.dummies import _checkout

    (tmp_path / "tests" / "pipelines").mkdir(parents=True)
    assert _checkout(tmp_path / "tests" / "pipelines") == (tmp_path.resolve(), "tests")
    assert _checkout(tmp_path / "tests") == (tmp_path.resolve(), "tests")
    assert _checkout(tmp_path) == (tmp_path.resolve(), "tests")


def test_a_file_that_does_not_parse_is_said_and_the_rest_assessed(tmp_path):
    tree = tmp_path / "pipelines"
    tree.mkdir()
    for name in ("__init__.py", "models.py", "pipelines.py"):
        (tree / name).write_text((TREE / name).read_text())
    (tree / "broken.py").write_text("def broken(:\n")
    done = subprocess.run([sys.executable, "-m", "offload_lint", "readiness", str(tree), "--no-cache",
                           "--pipeline", "PriorLikePipeline"], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert "broken.py:1:" in done.stderr and "OFL000" in done.stderr
    assert "PriorLikePipeline" in done.stdout and "Traceback" not in done.stderr


def test_a_combined_pipeline_takes_the_rows_of_the_pipeline_it_runs_its_components_in(by_name):
    combined = by_name["CombinedPriorPipeline"].row("prior_prior", "block")
    inner = by_name["PriorLikePipeline"].row("prior", "block")
    assert [(c.path, c.line, c.code) for c in combined.causes] == [(c.path, c.line, c.code) for c in inner.causes]
    assert all(c.via.startswith("__call__ -> self.prior_pipe(...) -> __call__") for c in combined.causes)
    assert "through self.prior_pipe(...), a PriorLikePipeline built with prior=prior_prior" in combined.reason
