"""The runtime proof of readiness rows (``offload_lint.confirm.readiness``): each fixture pipeline is built tiny, run
plain, rebuilt with one component group-offloaded at the level and run again, as diffusers' GroupOffloadTesterMixin
does; a failing row names the weight and the line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.lines import line_of as shared_line_of

pytest.importorskip("torch")
pytest.importorskip("diffusers")

from offload_lint.confirm.readiness import STREAMS_ON_CPU, RowJob, check_row, confirm_rows  # noqa: E402
from offload_lint.readiness import assess_paths  # noqa: E402
from offload_lint.readiness.model import PipelineReadiness, Row  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "readiness_confirm"
PIPELINES = FIXTURES / "rows_pipelines.py"
if str(FIXTURES) not in sys.path:
    sys.path.insert(0, str(FIXTURES))


def line_of(marker: str) -> int:
    """The line of the rows fixture that ends with ``marker`` (``tests.lines.line_of``: exactly one)."""
    return shared_line_of(PIPELINES, marker + "\n")


@pytest.fixture(scope="module")
def confirmed():
    run = assess_paths([str(FIXTURES)], jobs=1)
    return {p.name: p for p in confirm_rows(run).pipelines}


def row(pipelines: dict[str, PipelineReadiness], pipeline: str, component: str, level: str,
        streams: bool = False) -> Row:
    found = pipelines[pipeline].row(component, level, streams)
    assert found is not None and found.runtime is not None
    return found


EXPECTED = [
    # pipeline, component, level, runtime verdict, marker of the line a failure names
    ("RowsPipeline", "encoder", "block", "fails", "# RC_ROOT_READ"),
    ("RowsPipeline", "encoder", "leaf", "fails", "# RC_ROOT_READ"),
    ("RowsPipeline", "denoiser", "block", "passes", None),
    ("RowsPipeline", "denoiser", "leaf", "fails", "# RC_LEAF_READ"),
    ("RowsPipeline", "decoder", "block", "passes", None),
    ("RowsPipeline", "decoder", "leaf", "passes", None),
    ("PriorPipeline", "prior", "block", "fails", "# RC_PRIOR_READ"),
    ("PriorPipeline", "prior", "leaf", "fails", "# RC_PRIOR_READ"),
    ("FixedPriorPipeline", "prior", "block", "passes", None),
    ("FixedPriorPipeline", "prior", "leaf", "passes", None),
    ("TextPipeline", "text_encoder", "block", "fails", "# RC_CONDITIONAL"),
    ("TextPipeline", "text_encoder", "leaf", "passes", None),
]


@pytest.mark.parametrize("pipeline,component,level,verdict,marker", EXPECTED,
                         ids=[f"{p}-{c}-{lv}" for p, c, lv, *_ in EXPECTED])
def test_runtime_verdict_per_row(confirmed, pipeline, component, level, verdict, marker):
    found = row(confirmed, pipeline, component, level)
    assert found.runtime.verdict == verdict, found.runtime.evidence
    if marker is not None:
        assert f"{PIPELINES.name}:{line_of(marker)} " in found.runtime.evidence, found.runtime.evidence
        assert f"{component}." in found.runtime.evidence  # the weight, by its name in the component
        # the static cause of the row is the line the runtime saw
        assert f"rows_pipelines.py:{line_of(marker)} on its stack]" in found.runtime.evidence
    else:
        assert "output matches the plain run" in found.runtime.evidence
    assert found.runtime.trace and "plain call __call__" in " ".join(found.runtime.trace)


def test_a_path_only_some_arguments_take_is_run_with_them(confirmed):
    found = row(confirmed, "TextPipeline", "text_encoder", "block")
    assert found.condition == "clip_skip is not None" and not found.fails_under_test
    evidence = found.runtime.evidence
    assert evidence.startswith("fails when clip_skip is not None (ran with clip_skip=1)"), evidence
    assert evidence.endswith("with the test's inputs it passes")
    assert "plain call with clip_skip=1 completed" in " ".join(found.runtime.trace)


def test_runtime_agrees_with_the_static_rows(confirmed):
    decided = [r for p in confirmed.values() for r in p.rows if not r.streams]
    assert decided and all(r.runtime.verdict == r.verdict.value for r in decided), [
        (r.pipeline, r.component, r.level, r.verdict.value, r.runtime.verdict) for r in decided]


def test_streams_rows_are_unknown_on_cpu_with_the_reason(confirmed):
    streamed = [r for p in confirmed.values() for r in p.rows if r.streams]
    assert streamed and {r.runtime.verdict for r in streamed} == {"unknown"}
    assert all(r.runtime.evidence == STREAMS_ON_CPU for r in streamed)


# --- the cuda backend: every row on the GPU, streams rows with real streams ----------------------------------------
needs_cuda = pytest.mark.skipif(not __import__("torch").cuda.is_available(), reason="needs a CUDA device")


@pytest.mark.gpu
@needs_cuda
def test_on_cuda_every_row_runs_streams_rows_too_and_agrees_with_the_tracking_backend(confirmed):
    run = assess_paths([str(FIXTURES)], jobs=1)
    on_gpu = {p.name: p for p in confirm_rows(run, backend="cuda").pipelines}
    for pipeline, component, level, verdict, _ in EXPECTED:
        for streams in (False, True):
            found = row(on_gpu, pipeline, component, level, streams)
            assert found.runtime.verdict == verdict, (pipeline, component, level, streams, found.runtime.evidence)
    streamed = [r for p in on_gpu.values() for r in p.rows if r.streams]
    assert all("use_stream=True on the cuda backend" in " ".join(r.runtime.trace) for r in streamed
               if r.runtime.verdict != "unknown")


def test_a_compiled_function_refusing_the_observer_is_unknown_not_a_failure():
    """torch.compile's Unsupported under the observer, with no offloaded weight seen, says nothing about offloading
    (AnyFlowFAR's flex attention: on a GPU the same rows with nothing watching pass)."""
    import numpy as np
    import torch._dynamo.exc

    from offload_lint.confirm.readiness import OffloadedRun, Recipe, _judge

    recipe = Recipe(build=lambda: None, inputs=dict, reference=np.zeros(2))
    job = RowJob("p.Pipeline", "p.py", "transformer", "block")
    refused = OffloadedRun(error=torch._dynamo.exc.Unsupported("Attempted to call function marked as skipped"))
    outcome = _judge(refused, recipe.reference, recipe, job, [])
    assert outcome.verdict == "unknown" and "torch.compile does not trace through the observer" in outcome.evidence
    crashed = OffloadedRun(error=RuntimeError("Expected all tensors to be on the same device"))
    assert _judge(crashed, recipe.reference, recipe, job, []).verdict == "fails"


def test_the_cuda_backend_without_a_gpu_is_a_clear_error_not_a_traceback(capsys):
    import torch

    if torch.cuda.is_available():
        pytest.skip("CUDA present")
    from offload_lint.readiness.cli import run_readiness

    code = run_readiness([str(FIXTURES), "--pipeline", "PriorPipeline", "--confirm", "--backend", "cuda"])
    assert code == 2
    assert "the cuda backend needs a CUDA device" in capsys.readouterr().err


def test_on_a_device_the_other_components_and_the_tensor_inputs_move_the_offloaded_one_stays():
    import torch

    from offload_lint.confirm.readiness import inputs_on, place_components

    class Pipe:
        def __init__(self) -> None:
            self.components = {"encoder": torch.nn.Linear(2, 2), "denoiser": torch.nn.Linear(2, 2),
                               "scheduler": object()}

    pipe = Pipe()
    place_components(pipe, torch.device("meta"), keep="denoiser")
    assert pipe.components["encoder"].weight.device.type == "meta"
    assert pipe.components["denoiser"].weight.device.type == "cpu"  # its hooks place it

    generator = torch.Generator("cpu")
    moved = inputs_on(lambda: {"latents": torch.ones(1), "images": [torch.ones(1)], "prompt": "a",
                               "generator": generator}, torch.device("meta"))()
    assert moved["latents"].device.type == "meta" and moved["images"][0].device.type == "meta"
    assert moved["prompt"] == "a" and moved["generator"] is generator


def test_a_pipeline_that_does_not_build_costs_its_rows_unknown_not_the_run():
    outcome = check_row(RowJob("rows_pipelines.NoSuchPipeline", str(PIPELINES), "prior", "block"), None, 30)
    assert outcome.verdict == "unknown" and "NoSuchPipeline" in outcome.evidence
    assert outcome.trace  # what was tried


# --- built from a checkout's test dummies (--tests DIR) --------------------------------------------------------
CHECKOUT = FIXTURES / "checkout"


def test_dummies_from_the_checkout_build_with_an_offline_stand_in_recorded():
    job = RowJob("rows_pipelines.TextPipeline", str(PIPELINES), "text_encoder", "leaf")
    outcome = check_row(job, str(CHECKOUT), 60)
    assert outcome.verdict == "passes", outcome.evidence
    (stand_in,) = outcome.stand_ins
    assert stand_in.startswith("CLIPTokenizer.from_pretrained('hf-internal-testing/tiny-random-clip')")
    assert "TextPipelineFastTests.get_dummy_components()" in outcome.trace[0]
    assert "get_dummy_inputs() completed" in " ".join(outcome.trace)


def test_a_test_module_that_does_not_import_falls_back_to_the_tiny_builder_and_says_why():
    job = RowJob("rows_pipelines.FixedPriorPipeline", str(PIPELINES), "prior", "block")
    outcome = check_row(job, str(CHECKOUT), 60)
    assert outcome.verdict == "passes" and outcome.stand_ins == ()
    trace = " | ".join(outcome.trace)
    assert "could not import tests.pipelines.text.test_broken_prior" in trace and "tiny builder" in trace


def test_checkout_package_named_tests_does_not_clash_with_an_imported_one():
    own = sys.modules.get("tests")
    job = RowJob("rows_pipelines.TextPipeline", str(PIPELINES), "text_encoder", "block")
    assert check_row(job, str(CHECKOUT), 60).verdict == "passes"
    assert sys.modules.get("tests") is own


# --- the seed of this work, on the real pipelines -------------------------------------------------------------
# StableUnCLIPPipeline fails alike (checked by hand: its build takes three times as long as this one's).
PRIOR_PIPELINES = [("diffusers.pipelines.kandinsky.pipeline_kandinsky_prior.KandinskyPriorPipeline", "prior")]


def _prior_jobs() -> list[RowJob]:
    import importlib

    jobs = []
    for qualified, component in PRIOR_PIPELINES:
        module = importlib.import_module(qualified.rsplit(".", 1)[0])
        jobs += [RowJob(qualified, module.__file__, component, level) for level in ("block", "leaf")]
    return jobs


@pytest.mark.slow
def test_prior_transformer_before_the_fix_fails_both_levels_and_passes_with_it(monkeypatch):
    from diffusers.models.transformers.prior_transformer import PriorTransformer

    from offload_lint.confirm.readiness import run_jobs

    jobs = _prior_jobs()
    fixed = run_jobs(jobs)
    assert {job.pipeline: o.verdict for job, o in fixed.items()} and all(
        o.verdict == "passes" for o in fixed.values()), {j: o.evidence for j, o in fixed.items()}

    import prior_prefix

    monkeypatch.setattr(PriorTransformer, "post_process_latents", prior_prefix.post_process_latents_before_the_fix)
    before = run_jobs(jobs)  # the children are forked after the patch: they run the pre-fix method
    line = next(i for i, text in enumerate(Path(prior_prefix.__file__).read_text().splitlines(), 1)
                if text.rstrip().endswith("# RC_PREFIX_READ"))
    for job, outcome in before.items():
        assert outcome.verdict == "fails", (job, outcome.evidence)
        assert f"prior_prefix.py:{line} " in outcome.evidence and "prior.clip_std" in outcome.evidence


# --- rows as pytest items (the confirmer's pytest plugin) --------------------------------------------------------
def test_rows_are_pytest_items_with_the_runtime_verdict(tmp_path):
    import os
    import subprocess

    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # a project of its own: none of this repo's tests
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "offload_readiness", "-rA",
               f"--offload-readiness={PIPELINES}", "--offload-readiness-pipeline=PriorPipeline",
               "--offload-readiness-pipeline=FixedPriorPipeline"]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parents[2]),
                                                                os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300, env=environment)
    assert "2 failed, 2 passed" in done.stdout, done.stdout + done.stderr
    assert "PASSED offload-readiness::FixedPriorPipeline[prior-block]" in done.stdout
    assert "FAILED offload-readiness::PriorPipeline[prior-leaf]" in done.stdout
    assert f"rows_pipelines.py:{line_of('# RC_PRIOR_READ')} " in done.stdout  # the failure names the line


# --- the pieces, without running a pipeline ------------------------------------------------------------------------
def test_a_condition_becomes_the_call_arguments_that_make_it_hold():
    from offload_lint.confirm.readiness import condition_arguments
    from rows_pipelines import TextPipeline

    assert condition_arguments(TextPipeline, "clip_skip is not None") == {"clip_skip": 1}
    assert condition_arguments(TextPipeline, "clip_skip is not None or interpolate_pos_encoding") == {"clip_skip": 1}
    assert "no argument of TextPipeline.__call__" in condition_arguments(TextPipeline, "interpolate_pos_encoding")
    assert "no test of a call argument" in condition_arguments(TextPipeline, "len(prompt) > 3")


def test_a_refusal_that_names_an_optional_input_gives_it_a_value():
    from offload_lint.confirm.readiness import refused_without

    class Refusing:
        def __call__(self, prompt: str = "a", image=None, image_embeds=None):
            raise AssertionError("not called")

    error = ValueError("Provide either `image` or `image_embeds`. Cannot leave both undefined.")
    (name, value), = refused_without(Refusing, error, {}).items()
    assert name == "image" and value.size == (32, 32)
    assert refused_without(Refusing, error, {"image": value, "image_embeds": None}) == {}
    assert refused_without(Refusing, TypeError("`image` is wrong"), {}) == {}


def test_offline_stand_ins_keep_the_class_family_and_its_lengths():
    from transformers import CLIPTokenizer, T5Config

    from offload_lint.confirm.dummies import _config_class_named_in, stand_ins

    assert _config_class_named_in("hf-internal-testing/tiny-random-t5") is T5Config
    made: list[str] = []
    with stand_ins(made):
        tokenizer = CLIPTokenizer.from_pretrained("hf-internal-testing/tiny-random-clip")
    assert tokenizer.model_max_length == 77  # CLIPTextConfig's positions: the dummies size tables for them
    assert len(made) == 1 and "tiny-random-clip" in made[0]
    assert "_falling_back" not in CLIPTokenizer.from_pretrained.__func__.__qualname__  # the library's own again
