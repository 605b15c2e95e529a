"""Each offloading strategy applied with the real library on CPU: verdicts per (fixture, strategy).

Fixtures: fixtures/confirm/confirm_strategies.py (each class's docstring states the expected answers). The
sharding strategies run in spawned gloo ranks, all their checks in one process group per world size (one
spawn for the whole module, shared by the FSDP2 and ZeRO-3 tests).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap
from dataclasses import replace

import pytest
import torch

from offload_lint.confirm import CheckConfig, confirm
from offload_lint.confirm.report import CONFIRMED, REFUTED, UNTRIGGERED
from offload_lint.confirm.strategies import StrategyOptions, StrategyRequest, run_requests, strategy_names
from offload_lint.strategies import STRATEGIES as STATIC_STRATEGIES
from offload_lint.confirm.strategies.common import compare
from offload_lint.confirm.scenario import Step
from offload_lint.finding import Finding
from tests.lines import line_of

pytest.importorskip("accelerate")



def _has_deepspeed() -> bool:
    try:
        return importlib.util.find_spec("deepspeed") is not None
    except ImportError:
        return False


HAS_DEEPSPEED = _has_deepspeed()
NO_DEEPSPEED = "deepspeed is not installed (pip install 'offload-lint[confirm,zero3]')"
MODULE = "confirm_strategies"


def check(cls: str, method: str, strategy: str, **options: object) -> StrategyRequest:
    config = CheckConfig(strategies=(strategy,), strategy_options=StrategyOptions(**options), timeout=60)
    return StrategyRequest(strategy, f"{MODULE}:{cls}", (Step(method),), config)


# (class, method, options) -> expected verdict, per strategy.
ACCELERATE_SEQUENTIAL = [
    ("RootScale", "scaled", {}, CONFIRMED),
    ("LeafWeightInParent", "forward", {}, CONFIRMED),  # bias-less F.linear on meta: silently wrong, seen by the watch
    ("LeafWeightInParent", "forward", {"preload_module_classes": ("BlockReadsLeafWeight",)}, REFUTED),
    ("MovedToInputDevice", "scaled", {}, CONFIRMED),  # Cannot copy out of meta tensor
    ("ExplicitBlockForward", "forward", {}, REFUTED),  # the hook replaces the forward attribute
    ("ExplicitLayerForward", "project", {}, REFUTED),
    ("WidthFromWeight", "empty_state", {}, REFUTED),  # meta keeps its shape
    ("Autoencoder", "decode", {}, REFUTED),
    ("CpuRoundTrip", "decode", {}, REFUTED),
    ("HelperCalledFromParent", "forward", {}, CONFIRMED),
    ("WidenedHead", "widen", {}, CONFIRMED),  # Cannot copy out of meta tensor
    ("RunningStatistics", "centered", {}, REFUTED),  # buffers stay on the execution device
]
MODEL_CPU_OFFLOAD = [
    ("RootScale", "scaled", {}, CONFIRMED),
    ("Autoencoder", "decode", {}, CONFIRMED),
    ("NormedDecode", "decode", {}, CONFIRMED),  # lazy layer_norm accepts cpu weights: only the watch sees it
    ("NormedDecode", "forward", {}, REFUTED),
    ("LeafWeightInParent", "forward", {}, REFUTED),
    ("MovedToInputDevice", "scaled", {}, REFUTED),  # .to(x.device) is a real fix here
    ("WidthFromWeight", "empty_state", {}, REFUTED),
    ("CpuRoundTrip", "decode", {}, UNTRIGGERED),  # fails with the model onloaded too
    # The forward fails on any accelerator (its own CPU tensor); the hook puts the model back on the CPU after a
    # forward anyway, so decode runs without the warm-up: its decoder computes with cpu weights.
    ("CpuRoundTripForward", "decode", {}, CONFIRMED),
    ("PatchGridVision", "get_image_features", {}, CONFIRMED),  # patches and their grid made together
    ("TableWithoutInput", "table", {}, UNTRIGGERED),  # a weight's value handed back on the CPU: the caller decides
    ("WidenedHead", "widen", {}, REFUTED),  # the CPU weights copied: the new head holds their values
    ("RunningStatistics", "centered", {}, CONFIRMED),  # the buffer moves with the model
]
ACCELERATE_SEQUENTIAL_UNSEEN = [
    # rebuilt modules no forward can show: what they hold is read from them; a matching return value refutes nothing
    ("FusesWithoutForward", "fuse", {}, CONFIRMED),  # to_qk.weight is a meta tensor
    ("FusesFromKeptBuffers", "fuse", {}, UNTRIGGERED),  # holds the un-offloaded values: placement is not seen
]
FSDP2 = [
    ("RootScale", "scaled", {}, CONFIRMED),
    ("RootScale", "scaled", {"fsdp_forward_methods": ("scaled",)}, REFUTED),
    ("LeafWeightInParent", "forward", {}, REFUTED),  # the block is a unit: its pre-forward unshards proj
    ("LeafWeightInParent", "forward", {"fsdp_units": ()}, REFUTED),  # the root unit alone holds everything
    ("ExplicitBlockForward", "forward", {}, CONFIRMED),
    ("ExplicitBlockForward", "forward", {"fsdp_units": ()}, REFUTED),  # no block unit to bypass
    ("ExplicitLayerForward", "forward", {}, REFUTED),
    ("MovedToInputDevice", "scaled", {}, CONFIRMED),  # a DTensor moved is still a DTensor
    ("WidthFromWeight", "empty_state", {}, REFUTED),  # DTensor shape is global
    ("Autoencoder", "decode", {}, CONFIRMED),
    ("ScalarTemperature", "text_features", {}, CONFIRMED),  # the 0-dim parameter left out, as the backend says
    ("HeadRewrites", "tie_head", {}, REFUTED),  # DTensor into DTensor: the copy lands in the shard
    ("HeadRewrites", "half_head", {}, CONFIRMED),  # `.data =` : the next forward computes otherwise
    ("WidenedHead", "widen", {}, CONFIRMED),  # a DTensor copied into a plain tensor
    ("RunningStatistics", "centered", {}, REFUTED),  # buffers are not sharded
]
ZERO3 = [
    ("RootScale", "scaled", {}, CONFIRMED),
    ("GatheredScale", "scaled", {}, REFUTED),
    ("LeafWeightInParent", "forward", {}, REFUTED),  # gathered by the getter inside the root forward
    ("ExplicitLayerForward", "project", {}, CONFIRMED),
    ("ExplicitLayerForward", "project_called", {}, REFUTED),
    ("ExplicitLayerForward", "forward", {}, REFUTED),
    ("MovedToInputDevice", "scaled", {}, CONFIRMED),
    ("WidthFromWeight", "empty_state", {}, CONFIRMED),  # .shape is [0] outside forward
    ("HelperCalledFromParent", "forward", {}, REFUTED),  # a child's helper inside the root's forward: gathered
    ("FusedFromData", "fuse", {}, CONFIRMED),  # `.data` of a partition: a plain empty tensor sharing its storage
    ("HeadRewrites", "zero_head", {}, CONFIRMED),  # an in-place init of a partition of size 0
    ("WidenedHead", "widen", {}, CONFIRMED),  # an empty partition copied into the new head's rows
    ("RunningStatistics", "centered", {}, REFUTED),  # buffers are not partitioned
]


def _label(case: tuple) -> str:
    cls, method, options, _ = case
    suffix = "-" + ",".join(f"{k}={v}" for k, v in options.items()) if options else ""
    return f"{cls}.{method}{suffix}"


@pytest.fixture(scope="module")
def sharded_results() -> dict[tuple[str, str], object]:
    """Every FSDP2 (and, when installed, ZeRO-3) case, run in one process group of two ranks."""
    cases = [("fsdp2", case) for case in FSDP2] + ([("zero3", case) for case in ZERO3] if HAS_DEEPSPEED else [])
    requests = [check(cls, method, strategy, **options) for strategy, (cls, method, options, _) in cases]
    results = run_requests(requests)
    return {(strategy, _label(case)): result for (strategy, case), result in zip(cases, results)}


@pytest.mark.parametrize("case", ACCELERATE_SEQUENTIAL, ids=_label)
def test_accelerate_sequential(case: tuple) -> None:
    cls, method, options, expected = case
    (result,) = run_requests([check(cls, method, "accelerate-sequential", **options)])
    assert result.verdict == expected, result.evidence
    assert result.backend.startswith("accelerate")


@pytest.mark.parametrize("case", MODEL_CPU_OFFLOAD, ids=_label)
def test_model_cpu_offload(case: tuple) -> None:
    cls, method, options, expected = case
    (result,) = run_requests([check(cls, method, "model-cpu-offload", **options)])
    assert result.verdict == expected, result.evidence


def test_model_cpu_offload_executes_on_a_gpu_when_there_is_one(monkeypatch) -> None:
    """On a CPU the lazy-tensor device stands in for the accelerator; where CUDA is, the model goes to ``cuda:0``,
    as ``enable_model_cpu_offload`` puts it, and the result says which device ran it."""
    import torch

    from offload_lint.confirm.strategies import model_cpu_offload

    if not torch.cuda.is_available():
        (result,) = run_requests([check("RootScale", "scaled", "model-cpu-offload")])
        assert result.verdict == CONFIRMED and "lazy:0 execution device" in result.backend, result.backend
        assert model_cpu_offload.execution_device() == torch.device("lazy:0")
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert model_cpu_offload.execution_device() == torch.device("cuda", 0)


def test_swapping_a_moved_copys_data_in_is_no_access() -> None:
    """On a GPU, ``Module._apply`` (a model's own ``to()``, which the model CPU offload hook calls) finds a cpu
    parameter and its cuda copy shallow-copy compatible and sets ``param.data = copy``: the watch sees an op with an
    offloaded tensor and a computed one, which moves and computes nothing. (Shown on CPU with two cpu tensors.)"""
    import torch

    from offload_lint.confirm.strategies.common import MixWatch

    weight, moved = torch.nn.Parameter(torch.ones(3)), torch.zeros(3)
    watch = MixWatch(offloaded=lambda t: "weight" if t is weight else None, needs_partner=True)
    with watch:
        weight.data = moved  # what Module._apply does when the copy can replace the data in place
        used = weight + moved  # a computation with the offloaded tensor: still seen
    assert [access.op for access in watch.accesses] == ["add"], watch.accesses
    assert used.shape == (3,)


@pytest.mark.gpu
@pytest.mark.parametrize("case", MODEL_CPU_OFFLOAD, ids=_label)
def test_model_cpu_offload_on_cuda_gives_the_lazy_devices_verdicts(case: tuple) -> None:
    """The same fixtures executed on a real GPU: the lazy device's verdicts are the accelerator's."""
    import torch

    if not torch.cuda.is_available():
        pytest.skip("needs a CUDA device")
    cls, method, options, expected = case
    (result,) = run_requests([check(cls, method, "model-cpu-offload", **options)])
    assert "cuda:0 execution device" in result.backend
    assert result.verdict == expected, result.evidence


def test_model_cpu_offload_apply_forward_hook() -> None:
    pytest.importorskip("diffusers")
    request = check("HookedAutoencoder", "decode", "model-cpu-offload")
    (result,) = run_requests([StrategyRequest(request.strategy, "confirm_strategies_hooked:HookedAutoencoder",
                                              request.scenario, request.config)])
    assert result.verdict == REFUTED, result.evidence


def test_model_cpu_offload_onloading_a_diffusers_model_is_no_access() -> None:
    """The hook onloads a ModelMixin through its own ``to()``: torch's type check between a cpu parameter and its
    lazy copy runs from diffusers' modeling_utils, a frame the watch counts as the model's; it computes nothing."""
    pytest.importorskip("diffusers")
    request = check("HookedAutoencoder", "decode", "model-cpu-offload")
    (result,) = run_requests([StrategyRequest(request.strategy, "confirm_strategies_hooked:MixinHookedAutoencoder",
                                              request.scenario, request.config)])
    assert result.verdict == REFUTED, result.evidence


@pytest.mark.parametrize("case", FSDP2, ids=_label)
def test_fsdp2_two_ranks(case: tuple, sharded_results: dict) -> None:
    result = sharded_results[("fsdp2", _label(case))]
    assert result.verdict == case[3], result.evidence
    assert result.backend.startswith("gloo, 2 ranks (spawned)"), result.backend


@pytest.mark.skipif(not HAS_DEEPSPEED, reason=NO_DEEPSPEED)
@pytest.mark.parametrize("case", ZERO3, ids=_label)
def test_zero3_two_ranks(case: tuple, sharded_results: dict) -> None:
    result = sharded_results[("zero3", _label(case))]
    assert result.verdict == case[3], result.evidence


@pytest.mark.skipif(not HAS_DEEPSPEED, reason=NO_DEEPSPEED)
def test_zero3_a_partitions_data_read_is_located_at_its_line(sharded_results: dict) -> None:
    import confirm_strategies

    result = sharded_results[("zero3", "FusedFromData.fuse")]
    line = line_of(confirm_strategies.__file__, "# FUSED_DATA_READ")
    assert any(access.at(confirm_strategies.__file__, range(line, line + 1)) for access in result.offending), \
        result.evidence
    assert "to_q.weight.data" in result.evidence


@pytest.mark.skipif(not HAS_DEEPSPEED, reason=NO_DEEPSPEED)
def test_zero3_a_run_past_an_earlier_read_gathers_what_that_read_needs() -> None:
    """The added projection's read comes after the weights' read, whose unpack stops the first run: the run made
    again with to_q and to_k gathered (their fix) reaches it, add_k still partitioned."""
    import confirm_strategies

    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    path = confirm_strategies.__file__
    findings = [Finding(path, line_of(path, marker), 1, line_of(path, marker), 2, "OFL103", "rule", "msg",
                        class_name="FusedFromData", method="fuse", levels=("zero3",), attribute=attribute,
                        module=MODULE)
                for marker, attribute in (("# FUSED_DATA_READ", "to_q.weight"), ("# FUSED_ADDED_READ", "add_k.weight"))]
    verdicts = {f.attribute: v for f, v in confirm_findings_by_strategy(findings, "zero3")}
    assert verdicts["add_k.weight"].verdict == CONFIRMED, verdicts["add_k.weight"].evidence
    assert "add_k.weight.data" in verdicts["add_k.weight"].evidence


@pytest.mark.parametrize("strategy", ["accelerate-sequential", "model-cpu-offload",
                                      pytest.param("zero3", marks=pytest.mark.skipif(not HAS_DEEPSPEED,
                                                                                     reason=NO_DEEPSPEED))])
def test_a_run_past_an_earlier_root_parameter_read_onloads_that_parameter_alone(strategy: str) -> None:
    """A safety checker's two root embeddings read one line after the other: the model holds the judged one too, so
    the run past the first read onloads that parameter alone and the second is confirmed at its own line
    (untriggered before: only submodules could be onloaded)."""
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    first = replace(_finding("TwoRootEmbeddings", "scores", "# ROOT_FIRST"), attribute="special", levels=(strategy,))
    second = replace(_finding("TwoRootEmbeddings", "scores", "# ROOT_SECOND"), attribute="concepts",
                     levels=(strategy,))
    verdicts = {f.attribute: v for f, v in confirm_findings_by_strategy([first, second], strategy)}
    assert verdicts["special"].verdict == CONFIRMED, verdicts["special"].evidence
    assert verdicts["concepts"].verdict == CONFIRMED, verdicts["concepts"].evidence
    assert "re-run with special onloaded" in verdicts["concepts"].evidence, verdicts["concepts"].evidence


def test_untriggered_says_why() -> None:
    control, warm_up, skipped = run_requests([check("CpuRoundTrip", "decode", "model-cpu-offload"),
                                              check("ForwardReadsChildWeightValue", "scaled", "accelerate-sequential"),
                                              check("CpuRoundTripForward", "decode", "model-cpu-offload")])
    assert "fails with the model onloaded too" in control.evidence
    assert "the model's own forward fails under accelerate-sequential" in warm_up.evidence, warm_up.evidence
    # Model CPU offload puts the model back on the CPU after a forward: a failed warm-up is said and skipped.
    assert "no warm-up forward (it failed" in skipped.evidence, skipped.evidence


def test_evidence_names_the_weight_and_the_line() -> None:
    """A silent meta computation is named by the watch: which weight, which op, which line of the model."""
    (result,) = run_requests([check("LeafWeightInParent", "forward", "accelerate-sequential")])
    access = result.offending[0]
    assert access.weight == "blocks.0.proj.weight" and access.op == "linear"
    assert access.source is not None and access.source.path.endswith("confirm_strategies.py")
    assert access.source.function == "forward"


def test_fsdp2_error_is_the_users_error(sharded_results: dict) -> None:
    result = sharded_results[("fsdp2", "RootScale.scaled")]
    assert "got mixed torch.Tensor and DTensor" in (result.error or "")
    assert any(a.source is not None and a.source.function == "scaled" for a in result.offending)


def test_confirm_api_reports_one_result_per_strategy() -> None:
    report = confirm(f"{MODULE}:LeafWeightInParent", "forward",
                     CheckConfig(strategies="group-block,group-leaf,accelerate-sequential,model-cpu-offload"))
    assert {name: report.verdict_at(name) for name in report.levels} == {
        "group-block": REFUTED, "group-leaf": CONFIRMED, "accelerate-sequential": CONFIRMED,
        "model-cpu-offload": REFUTED}
    assert report.verdict == CONFIRMED


def test_strategy_names() -> None:
    assert strategy_names("fsdp2, accelerate-sequential") == ("accelerate-sequential", "fsdp2")
    assert len(strategy_names("all")) == len(STATIC_STRATEGIES) >= 6
    with pytest.raises(ValueError, match="unknown strategy 'fsdp'"):
        strategy_names("fsdp")


def test_compare_catches_silent_differences() -> None:
    import torch

    assert compare(torch.ones(2), torch.ones(2)) is None
    assert "meta" in (compare(torch.ones(2), torch.empty(2, device="meta")) or "")
    assert "shape" in (compare(torch.ones(1, 8), torch.ones(1, 0)) or "")
    assert "differs" in (compare(torch.ones(2), torch.zeros(2)) or "")


class _Box:
    """A result object without an ``__eq__`` of its own (as diffusers' DiagonalGaussianDistribution)."""

    def __init__(self, tensor) -> None:
        self.tensor = tensor


def test_compare_looks_into_objects_without_equality() -> None:
    import torch

    from offload_lint.confirm.strategies.common import compare

    assert compare(_Box(torch.ones(2)), _Box(torch.ones(2))) is None
    assert "differs" in (compare(_Box(torch.ones(2)), _Box(torch.zeros(2))) or "")


def test_unpicklable_target_is_untriggered_not_a_crash() -> None:
    import torch

    class Local(torch.nn.Module):  # defined in a function: spawned ranks cannot import it
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return x

    config = CheckConfig(strategies=("fsdp2",), timeout=30)
    (result,) = run_requests([StrategyRequest("fsdp2", Local, (Step("forward"),), config)])
    assert result.verdict == UNTRIGGERED
    assert "spawned ranks" in result.evidence or "import" in result.evidence


@pytest.mark.skipif(HAS_DEEPSPEED, reason="deepspeed is installed here")
def test_zero3_without_deepspeed_says_what_to_install() -> None:
    (result,) = run_requests([check("RootScale", "scaled", "zero3")])
    assert result.verdict == UNTRIGGERED
    assert "offload-lint[confirm,zero3]" in result.evidence


def test_zero3_missing_library_is_reported_in_a_child_without_it(tmp_path) -> None:
    """Blocks the deepspeed import in a child interpreter: the check says what to install, no traceback."""
    script = textwrap.dedent("""
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name == "deepspeed" or name.startswith("deepspeed."):
                    raise ImportError("blocked for the test")
        sys.meta_path.insert(0, Block())
        from offload_lint.confirm.strategies import missing_library
        print(missing_library("zero3"))
    """)
    output = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert "pip install 'offload-lint[confirm,zero3]'" in output


@pytest.mark.slow
def test_fsdp2_one_rank() -> None:
    requests = [check("RootScale", "scaled", "fsdp2", world_size=1),
                check("RootScale", "scaled", "fsdp2", world_size=1, fsdp_forward_methods=("scaled",))]
    first, second = run_requests(requests)
    assert (first.verdict, second.verdict) == (CONFIRMED, REFUTED), (first.evidence, second.evidence)
    assert first.backend == "gloo, 1 rank (spawned)"


def _finding(cls: str, method: str, text: str, code: str = "OFL101", **extra: object) -> Finding:
    """A static finding at the line of ``cls.method`` that contains ``text`` (its attribute: what ``self.`` names there)."""
    import inspect

    import confirm_strategies

    function = getattr(getattr(confirm_strategies, cls), method)
    lines, first = inspect.getsourcelines(function)
    line = first + next(i for i, source in enumerate(lines) if text in source)
    return Finding(path=inspect.getsourcefile(function), line=line, column=1, end_line=line, end_column=1, code=code,
                   name="test", message="test", class_name=cls, method=method,
                   attribute=text[len("self."):] if text.startswith("self.") else None,
                   module=MODULE, extra=dict(extra))


def test_findings_are_judged_per_strategy() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    root = _finding("RootScale", "scaled", "self.scale")
    moved = _finding("MovedToInputDevice", "scaled", "self.scale", strategies=["model-cpu-offload"])
    pipeline = _finding("RootScale", "scaled", "self.scale", code="OFL201")
    by_levels = replace(_finding("BlockReadsLeafWeight", "forward", "F.linear"), levels=("leaf", "model-cpu-offload"),
                        attribute="proj.weight")
    pairs = confirm_findings_by_strategy([root, moved, pipeline, by_levels], "accelerate-sequential,model-cpu-offload")
    (_, first), (_, second), (_, third), (_, fourth) = pairs
    assert first.verdict == CONFIRMED and first.level == "accelerate-sequential,model-cpu-offload", first.evidence
    assert "line match" in first.evidence
    assert (second.verdict, second.level) == (REFUTED, "model-cpu-offload"), second.evidence
    # Pipeline code is run as a caller (strategies/callers.py), never as the class's own method: a module whose
    # "component" is a parameter has no component to offload.
    assert third.verdict == UNTRIGGERED and "is not an nn.Module" in third.evidence, third.evidence
    # levels ("leaf", "model-cpu-offload"), of which only model-cpu-offload was asked for
    assert (fourth.verdict, fourth.level) == (REFUTED, "model-cpu-offload"), fourth.evidence


def test_confirm_command_takes_strategies(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from offload_lint.confirm.cli import confirm_main

    status = confirm_main([f"{MODULE}:LeafWeightInParent", "forward", "--strategy", "accelerate-sequential",
                           "--preload-module-classes", "BlockReadsLeafWeight", "--output-format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert (status, report["verdict"], list(report["levels"])) == (0, REFUTED, ["accelerate-sequential"])
    with pytest.raises(SystemExit):
        confirm_main([f"{MODULE}:RootScale", "scaled", "--strategy", "fsdp"])


def test_lint_confirm_runs_findings_under_their_strategies(capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """``offload-lint --confirm --strategy accelerate-sequential``: each finding judged under the real hooks."""
    import json
    from pathlib import Path

    from offload_lint.cli import main

    fixtures = Path(__file__).resolve().parents[2] / "fixtures" / "confirm"
    monkeypatch.chdir(fixtures)
    status = main(["confirm_strategies.py", "--strategy", "accelerate-sequential", "--select", "OFL103",
                   "--confirm", "--output-format", "json"])
    findings = json.loads(capsys.readouterr().out)
    leaf_read = [f for f in findings if f["code"] == "OFL103" and f["class"] == "BlockReadsLeafWeight"]
    assert status == 1 and leaf_read, findings
    assert (leaf_read[0]["verdict"], leaf_read[0]["level"]) == (CONFIRMED, "accelerate-sequential")
    assert "proj.weight" in leaf_read[0]["evidence"]


def test_group_levels_alone_keep_the_default_confirmer_run() -> None:
    from offload_lint.config import Settings
    from offload_lint.confirm_bridge import runtime_strategies
    from offload_lint.strategies import Declarations

    assert runtime_strategies(Settings()) == ((), None)
    settings = Settings(levels=("leaf", "fsdp2"),
                        declarations=Declarations(fsdp_forward_methods=frozenset({"generate"})))
    strategies, options = runtime_strategies(settings)
    assert strategies == ("group-leaf", "fsdp2")
    assert options.fsdp_forward_methods == ("generate",) and options.fsdp_units is None


def test_a_completed_run_that_missed_the_finding_line_refutes_nothing() -> None:
    """Strategy runs record the target's executed lines: a line in a branch the run did not take (training only)
    is untriggered, not refuted; a line that ran keeps its verdict."""
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    missed = _finding("TrainingOnlyKernel", "forward", "TRAINING_ONLY_KERNEL", code="OFL104")
    ran = _finding("TrainingOnlyKernel", "plain", "PLAIN_KERNEL", code="OFL104")
    (_, first), (_, second) = confirm_findings_by_strategy([missed, ran], "accelerate-sequential")
    assert first.verdict == UNTRIGGERED and "line not reached" in first.evidence, first.evidence
    assert second.verdict == CONFIRMED, second.evidence


def test_a_line_after_another_offending_line_is_not_refuted() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    first = _finding("EarlierReadPoisons", "forward", "FIRST_READ", code="OFL104")
    later = _finding("EarlierReadPoisons", "forward", "LATER_READ", code="OFL104")
    named = replace(later, attribute="b.bias")
    (_, one), (_, two), (_, three) = confirm_findings_by_strategy([first, later, named], "accelerate-sequential")
    assert one.verdict == CONFIRMED, one.evidence
    # An attribute that names no part of the model: nothing is known to keep offloaded, so no run past FIRST_READ.
    assert two.verdict == UNTRIGGERED and "another line offended" in two.evidence, two.evidence
    # The bias's meta copy is cast, made a diagonal and multiplied: the access is named after the weight.
    assert three.verdict == CONFIRMED and "derived from b.bias" in three.evidence, three.evidence


def test_a_method_that_rebuilds_a_module_is_judged_by_the_forward_that_follows() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    finding = _finding("RebuildsHead", "reset_classifier", "HEAD_ON_FIRST_DEVICE", code="OFL105",
                       strategies=["accelerate-sequential", "model-cpu-offload"])
    (_, sequential), = confirm_findings_by_strategy([finding], "accelerate-sequential")
    # The new head is made on meta (``nn.Linear(..., device=device)``): a creation on the device read at the
    # finding's line, which the forward that follows fails on.
    assert sequential.verdict == CONFIRMED and "then forward()" in sequential.evidence, sequential.evidence
    assert "created on the device of an offloaded weight" in sequential.evidence, sequential.evidence
    # A finding on a line no access names is judged by the change and the forward that follows it.
    elsewhere = _finding("RebuildsHead", "reset_classifier", "def reset_classifier", code="OFL105",
                         strategies=["accelerate-sequential"])
    (_, changed), = confirm_findings_by_strategy([elsewhere], "accelerate-sequential")
    assert changed.verdict == CONFIRMED and "changed head" in changed.evidence, changed.evidence
    (_, whole), = confirm_findings_by_strategy([finding], "model-cpu-offload")
    assert whole.verdict == REFUTED and "then forward()" in whole.evidence, whole.evidence


@pytest.mark.parametrize("strategy", ["accelerate-sequential", "model-cpu-offload"])
def test_a_line_past_an_earlier_offending_access_is_judged_with_that_access_fixed(strategy: str) -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    head = replace(_finding("TwoProjectionsOutsideForward", "features", "HEAD_READ", code="OFL102"), attribute="head")
    shape = replace(_finding("TwoProjectionsOutsideForward", "head_width", "HEAD_SHAPE", code="OFL102"),
                    attribute="head")
    (_, read), (_, width) = confirm_findings_by_strategy([head, shape], strategy)
    assert read.verdict == CONFIRMED and "line match" in read.evidence, read.evidence
    assert "re-run with encoder onloaded" in read.evidence, read.evidence
    assert width.verdict == REFUTED and "re-run with encoder onloaded" in width.evidence, width.evidence


def test_a_helper_reached_only_through_forward_gets_no_warm_up_that_stops_before_it() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    corner = replace(_finding("HelperAfterEarlierRead", "_corners", "CORNER_READ", code="OFL103"),
                     attribute="corner.weight")
    (_, verdict), = confirm_findings_by_strategy([corner], "accelerate-sequential")
    assert verdict.verdict == CONFIRMED and "line match" in verdict.evidence, verdict.evidence
    assert "re-run with kind onloaded" in verdict.evidence, verdict.evidence


def test_the_judged_attributes_own_modules_are_never_onloaded() -> None:
    from offload_lint.confirm.strategies.common import repair_path

    assert repair_path("vision_model.embeddings.patch.weight", "language_projection") == "vision_model"
    # Inside the judged attribute's tree the divergence is deeper: its sibling, not its ancestor, is onloaded.
    assert repair_path("vision_model.embeddings.patch.weight", "vision_model.post_layernorm") == \
        "vision_model.embeddings"
    assert repair_path("vision_model.post_layernorm.weight", "vision_model") is None  # the judged tree itself
    assert repair_path("vision_model.weight", "vision_model.post_layernorm") is None  # an ancestor's own weight
    assert repair_path("clip_mean", "head") is None  # the model's own tensor: nothing smaller to onload


@pytest.mark.parametrize("strategy", ["accelerate-sequential", "model-cpu-offload"])
def test_a_check_out_of_time_is_untriggered_under_every_in_process_strategy(strategy: str, monkeypatch) -> None:
    import importlib

    from offload_lint.confirm.limits import TargetTimeout
    from offload_lint.confirm.strategies import _IN_PROCESS, _run_in_process

    module = importlib.import_module(f"offload_lint.confirm.strategies.{_IN_PROCESS[strategy]}")

    def out_of_time(*args: object, **kwargs: object) -> None:
        raise TargetTimeout(10)

    monkeypatch.setattr(module, "run", out_of_time)
    result = _run_in_process(check("RootScale", "scaled", strategy))
    assert result.verdict == UNTRIGGERED and "timed out after 10 s of CPU time" in result.evidence, result.evidence
    assert result.backend, result


def test_a_value_computed_from_an_offloaded_weight_is_named_after_it() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    norms = replace(_finding("CodebookDistances", "forward", "CODEBOOK_NORMS", code="OFL103"),
                    attribute="embedding.weight")
    (_, verdict), = confirm_findings_by_strategy([norms], "accelerate-sequential")
    assert verdict.verdict == CONFIRMED and "derived from embedding.weight" in verdict.evidence, verdict.evidence


def test_findings_whose_rule_runs_nothing_are_not_run_under_a_strategy() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    # OFL108 (a write into parameters handed in): the parameters arrive as an argument, which the confirmer does not
    # build; the command line leaves these out, and so does the per-strategy join.
    write = _finding("TwoProjectionsOutsideForward", "features", "HEAD_READ", code="OFL108")
    (_, verdict), = confirm_findings_by_strategy([write], "accelerate-sequential")
    assert verdict.verdict == UNTRIGGERED and "arrive as an argument" in verdict.evidence, verdict.evidence


@pytest.mark.parametrize("method,marker,strategy,expected", [
    ("zero_head", "# HEAD_ZEROED", "accelerate-sequential", CONFIRMED),  # meta takes no write; the hook loads the old
    ("tie_head", "# HEAD_TIED", "accelerate-sequential", CONFIRMED),
    ("half_head", "# HEAD_HALVED", "accelerate-sequential", CONFIRMED),
    ("zero_head", "# HEAD_ZEROED", "model-cpu-offload", REFUTED),  # real CPU weights: the write lands
    ("half_head", "# HEAD_HALVED", "model-cpu-offload", REFUTED),
])
def test_a_whole_weight_write_is_judged_by_the_forward_after_it(method: str, marker: str, strategy: str,
                                                                expected: str) -> None:
    """OFL113: the method completes either way; what the strategy did with the write shows in the forward that
    follows, compared with the un-offloaded model's after the same write (refuted before: a method returning None
    matched)."""
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    write = replace(_finding("HeadRewrites", method, marker, code="OFL113"), attribute="head.weight",
                    levels=(strategy,))
    (_, verdict), = confirm_findings_by_strategy([write], strategy)
    assert verdict.verdict == expected, verdict.evidence
    assert "then forward()" in verdict.evidence, verdict.evidence


@pytest.mark.parametrize("strategy,expected", [("accelerate-sequential", CONFIRMED), ("model-cpu-offload", REFUTED)])
def test_a_write_into_a_layer_the_forward_does_not_use_is_judged_by_what_the_layer_holds(strategy: str,
                                                                                          expected: str) -> None:
    """``fuse_projections``: the forward after the method matches (it never uses the fused layer), so what the new
    layer holds decides (refuted before under accelerate-sequential: the layer on meta went unseen)."""
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    write = replace(_finding("FusedLayerUnused", "fuse", "# FUSED_COPY", code="OFL113"), attribute="to_qk.weight",
                    levels=(strategy,))
    (_, verdict), = confirm_findings_by_strategy([write], strategy)
    assert verdict.verdict == expected, verdict.evidence
    if expected == CONFIRMED:
        assert "to_qk.weight is a meta tensor" in verdict.evidence, verdict.evidence


def test_a_whole_weight_write_under_the_sharding_strategies(sharded_results: dict) -> None:
    """FSDP2: an in-place copy between two sharded DTensors lands in the shard the next forward gathers (refuted);
    ``.data =`` replaces what the sharded parameter holds, and the forward computes otherwise (confirmed). ZeRO-3:
    every write meets a partition of size 0 (confirmed at its line)."""
    assert sharded_results[("fsdp2", "HeadRewrites.tie_head")].verdict == REFUTED
    assert sharded_results[("fsdp2", "HeadRewrites.half_head")].verdict == CONFIRMED
    if HAS_DEEPSPEED:
        assert sharded_results[("zero3", "HeadRewrites.zero_head")].verdict == CONFIRMED


def test_a_tensor_made_on_an_offloaded_weights_device_is_a_placement() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    read = replace(_finding("IdsOnEmbeddingDevice", "forward", "DEVICE_OF_WEIGHT", code="OFL105"),
                   attribute="embed.weight")
    (_, sequential), = confirm_findings_by_strategy([read], "accelerate-sequential")
    assert sequential.verdict == CONFIRMED and "line match" in sequential.evidence, sequential.evidence
    assert "created on the device of an offloaded weight" in sequential.evidence, sequential.evidence
    (_, whole), = confirm_findings_by_strategy([read], "model-cpu-offload")
    assert whole.verdict == REFUTED, whole.evidence  # forward is hooked: the device read is the execution device


def test_a_weight_a_hook_cannot_move_as_an_input_is_named() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    read = replace(_finding("WeightHandedToNorm", "relative", "REL_WEIGHT_READ", code="OFL103"), attribute="rel.weight")
    (_, verdict), = confirm_findings_by_strategy([read], "accelerate-sequential")
    assert verdict.verdict == CONFIRMED and "matched self.rel.weight" in verdict.evidence, verdict.evidence
    assert "whose hook could not move it" in verdict.evidence, verdict.evidence


def test_every_offloaded_operand_of_an_op_is_named() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    weight = replace(_finding("WeightAndBiasReadApart", "forward", "WEIGHT_READ_APART", code="OFL103"),
                     attribute="project_out.weight")
    bias = replace(_finding("WeightAndBiasReadApart", "forward", "BIAS_READ_APART", code="OFL103"),
                   attribute="project_out.bias")
    (_, first), (_, second) = confirm_findings_by_strategy([weight, bias], "accelerate-sequential")
    assert first.verdict == CONFIRMED, first.evidence
    assert second.verdict == CONFIRMED and "and project_out.bias via linear" in second.evidence, second.evidence


def test_fsdp2_says_which_parameters_it_left_whole(sharded_results: dict) -> None:
    result = sharded_results[("fsdp2", "ScalarTemperature.text_features")]
    assert result.backend.endswith("1 scalar parameter(s) left whole"), result.backend


def test_a_method_handed_an_offloaded_model_is_run_with_it() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    def handed(marker: str, receiver: str) -> Finding:
        return replace(_finding("AdapterFromBackbone", "from_backbone", marker, code="OFL109"), attribute=receiver)

    stem, act, head = handed("HANDED_STEM", "backbone.stem"), handed("HANDED_ACT", "backbone.act"), \
        handed("HANDED_HEAD", "backbone.head")
    (_, first), (_, weightless), (_, later) = confirm_findings_by_strategy([stem, act, head], "accelerate-sequential")
    assert first.verdict == CONFIRMED and "derived from backbone.stem.weight" in first.evidence, first.evidence
    assert weightless.verdict == REFUTED, weightless.evidence
    assert later.verdict == CONFIRMED and "re-run with backbone.stem un-offloaded" in later.evidence, later.evidence


@pytest.mark.skipif(not HAS_DEEPSPEED, reason=NO_DEEPSPEED)
def test_a_method_handed_a_zero3_model_reads_its_partitions() -> None:
    """``from_unet`` under ZeRO-3: the handed model's state dict holds partitions of size 0 (its children's hooks
    never ran), one line after another past the earlier reads; the weightless child is refuted."""
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    def handed(marker: str, receiver: str) -> Finding:
        return replace(_finding("AdapterFromBackbone", "from_backbone", marker, code="OFL109"), attribute=receiver)

    findings = [handed("HANDED_STEM", "backbone.stem"), handed("HANDED_ACT", "backbone.act"),
                handed("HANDED_HEAD", "backbone.head")]
    (_, first), (_, weightless), (_, later) = confirm_findings_by_strategy(findings, "zero3")
    assert first.verdict == CONFIRMED and "ZeRO-3 partition of size 0" in first.evidence, first.evidence
    # named from the handed models, as the finding and the repairs name them
    assert "backbone.stem.weight: a ZeRO-3 partition" in first.evidence, first.evidence
    assert weightless.verdict == REFUTED, weightless.evidence
    assert later.verdict == CONFIRMED and "head.weight" in later.evidence, later.evidence


def test_a_handed_model_is_made_from_an_earlier_one_when_its_class_can() -> None:
    """``FusedFromPair.from_pair(backbone, adapter)`` fails un-offloaded with an adapter built alone (untriggered
    before); the adapter made with ``SidecarAdapter.from_backbone(backbone)`` fits, and the adapter's line is judged."""
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    backbone = replace(_finding("FusedFromPair", "from_pair", "PAIR_BACKBONE", code="OFL109"),
                       attribute="backbone.stem")
    adapter = replace(_finding("FusedFromPair", "from_pair", "PAIR_ADAPTER", code="OFL109"), attribute="adapter.proj")
    _, (_, verdict) = confirm_findings_by_strategy([backbone, adapter], "accelerate-sequential")
    assert verdict.verdict == CONFIRMED, verdict.evidence
    assert "SidecarAdapter.from_backbone(backbone)" in verdict.evidence, verdict.evidence


def test_a_handed_model_shares_the_config_of_the_instance_it_is_loaded_into() -> None:
    """``load_blocks(adapter)`` on an instance whose block count differs from the adapter's default: the adapter takes
    the instance's ``layers`` for its ``motion_layers`` (untriggered before: the load failed un-offloaded too)."""
    import confirm_strategies_hooked

    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    path = confirm_strategies_hooked.__file__
    line = line_of(path, "# HOST_LOAD")
    finding = Finding(path, line, 1, line, 2, "OFL109", "rule", "msg", class_name="MotionLikeHost",
                      method="load_blocks", levels=("accelerate-sequential",), attribute="adapter.blocks",
                      module="confirm_strategies_hooked")
    (_, verdict), = confirm_findings_by_strategy([finding], "accelerate-sequential")
    assert verdict.verdict == CONFIRMED, verdict.evidence


def test_handed_blocks_are_taken_from_a_model_and_the_model_made_from_it() -> None:
    """``JoinedBlock.from_modules(base_block, side_block)``: no build makes a ``SideBlock`` alone (untriggered
    before); both blocks are taken at one path of a ``StackModel`` and of ``SideModel.from_stack`` of it. Under
    ZeRO-3 (one model per engine) the handed block the finding names is the one partitioned, and the run past the
    other block's read swaps that whole block back."""
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    base = replace(_finding("JoinedBlock", "from_modules", "JOIN_BASE", code="OFL109"), attribute="base_block.layers")
    side = replace(_finding("JoinedBlock", "from_modules", "JOIN_SIDE", code="OFL109"), attribute="side_block.layers")
    (_, first), (_, later) = confirm_findings_by_strategy([base, side], "accelerate-sequential")
    assert first.verdict == CONFIRMED, first.evidence
    assert "of SideModel.from_stack(source)" in first.evidence, first.evidence
    assert later.verdict == CONFIRMED and "line match" in later.evidence, later.evidence
    if HAS_DEEPSPEED:
        (_, sharded), = confirm_findings_by_strategy([side], "zero3")
        assert sharded.verdict == CONFIRMED and "side_block.layers" in sharded.evidence, sharded.evidence


def test_a_handed_block_is_paired_at_the_same_index_under_another_name() -> None:
    """``JoinedUpBlock.from_modules(base_block, side_block)``: the adapter keeps its blocks as ``connections``, not at
    the base model's ``blocks`` (untriggered before: no block at the same path)."""
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    base = replace(_finding("JoinedUpBlock", "from_modules", "JOIN_UP_BASE", code="OFL109"),
                   attribute="base_block.layers")
    side = replace(_finding("JoinedUpBlock", "from_modules", "JOIN_UP_SIDE", code="OFL109"),
                   attribute="side_block.layers")
    _, (_, verdict) = confirm_findings_by_strategy([base, side], "accelerate-sequential")
    assert verdict.verdict == CONFIRMED, verdict.evidence
    assert "blocks.0 / connections.0" in verdict.evidence, verdict.evidence


def test_a_model_another_is_made_from_keeps_its_layer_counts() -> None:
    """``TwinFromPair.from_pair(backbone, adapter)``: the backbone, built shrunk, has one layer where the method loads
    two; made again with its layer count at its default, and the adapter made from it, the side line is judged
    (untriggered before: the load failed un-offloaded too)."""
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    base = replace(_finding("TwinFromPair", "from_pair", "TWIN_BASE", code="OFL109"), attribute="backbone.layers")
    side = replace(_finding("TwinFromPair", "from_pair", "TWIN_SIDE", code="OFL109"), attribute="adapter.layers")
    _, (_, verdict) = confirm_findings_by_strategy([base, side], "accelerate-sequential")
    assert verdict.verdict == CONFIRMED, verdict.evidence
    assert "TwinAdapter.from_backbone(backbone)" in verdict.evidence, verdict.evidence


def test_a_handed_model_is_built_with_the_config_value_the_methods_class_needs() -> None:
    """The adapter's constructor computes with the backbone's ``time_dim``: built with the default None the method
    fails without offloading too (untriggered before); the backbone is built with a tiny size for it, and said so."""
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    stem = replace(_finding("AdapterNeedingTime", "from_backbone", "HANDED_TIME_STEM", code="OFL109"),
                   attribute="backbone.stem")
    (_, verdict), = confirm_findings_by_strategy([stem], "accelerate-sequential")
    assert verdict.verdict == CONFIRMED and "derived from backbone.stem.weight" in verdict.evidence, verdict.evidence
    assert "time_dim=" in verdict.evidence and "given to the handed models" in verdict.evidence, verdict.evidence


def test_a_handed_model_sharded_by_fsdp2_is_judged_line_by_line() -> None:
    """FSDP2's error names no weight: the call that stopped at HANDED_STEM is made again with the receiver the
    finding at that line names (``backbone.stem``) un-offloaded."""
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    stem = replace(_finding("AdapterFromBackbone", "from_backbone", "HANDED_STEM", code="OFL109"),
                   attribute="backbone.stem")
    head = replace(_finding("AdapterFromBackbone", "from_backbone", "HANDED_HEAD", code="OFL109"),
                   attribute="backbone.head")
    (_, first), (_, later) = confirm_findings_by_strategy([stem, head], "fsdp2")
    assert first.verdict == CONFIRMED, first.evidence
    assert later.verdict == CONFIRMED and "re-run with backbone.stem un-offloaded" in later.evidence, later.evidence


def test_fsdp2_gets_past_an_earlier_child_call_by_making_it_a_unit() -> None:
    """The child to fix is the one whose sharded weight the watch saw used first (FSDP2's own error names none), or
    the one the finding at the line the error was raised from names."""
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    child = replace(_finding("ChildCalledThenHeadRead", "features", "CHILD_CALLED", code="OFL102"), attribute="encoder")
    head = replace(_finding("ChildCalledThenHeadRead", "features", "CHILD_THEN_HEAD", code="OFL102"), attribute="head")
    (_, first), (_, later) = confirm_findings_by_strategy([child, head], "fsdp2")
    assert first.verdict == CONFIRMED, first.evidence
    assert later.verdict == CONFIRMED and "re-run with encoder made a unit of its own" in later.evidence, \
        later.evidence
    (_, alone), = confirm_findings_by_strategy([head], "fsdp2")  # no finding names the child: the watch does
    assert alone.verdict == CONFIRMED and "re-run with encoder made a unit of its own" in alone.evidence, \
        alone.evidence
    assert "head.weight: a sharded DTensor" in alone.evidence, alone.evidence
    (_, with_context), = confirm_findings_by_strategy([head], "fsdp2", context=[child])  # named, not judged
    assert with_context.verdict == CONFIRMED, with_context.evidence


@pytest.mark.parametrize("case", ACCELERATE_SEQUENTIAL_UNSEEN, ids=_label)
def test_a_rebuild_no_forward_can_show_is_judged_by_what_it_holds(case: tuple) -> None:
    cls, method, options, expected = case
    (result,) = run_requests([check(cls, method, "accelerate-sequential", **options)])
    assert result.verdict == expected and "it rebuilt to_qk" in result.evidence, result.evidence
    if expected == CONFIRMED:
        assert "to_qk.weight is a meta tensor" in result.evidence, result.evidence
    else:
        assert "hold what they hold without offloading" in result.evidence, result.evidence


def test_a_line_behind_a_constructor_flag_and_a_none_device_is_reached() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    # The table the finding reads exists only with `has_bias_table=True`, and the line runs only when the caller
    # passes no device: the build switches the flag on and the call leaves `device` None, as the group-offloading
    # runs do.
    read = replace(_finding("OptionalBiasTable", "compute_bias", "DEVICE_WHEN_NONE", code="OFL105"),
                   attribute="bias_table.weight")
    (_, verdict), = confirm_findings_by_strategy([read], "accelerate-sequential")
    assert verdict.verdict == CONFIRMED and "line match" in verdict.evidence, verdict.evidence
    assert "created on the device of an offloaded weight" in verdict.evidence, verdict.evidence


def test_a_helper_behind_a_flag_runs_through_its_entry_with_the_flag_on() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy
    from offload_lint.confirm.trigger import entry_switches
    import confirm_strategies

    assert entry_switches(confirm_strategies.TiledEncoder, "encode", "_tiled_encode") == {"use_tiling": True}
    read = replace(_finding("TiledEncoder", "_tiled_encode", "TILED_SCALE"), attribute="scale")
    (_, verdict), = confirm_findings_by_strategy([read], "accelerate-sequential")
    assert verdict.verdict == CONFIRMED and "line match" in verdict.evidence, verdict.evidence
    assert "use_tiling=True" in verdict.evidence, verdict.evidence


def test_handed_models_are_built_as_a_user_pairs_and_loads_them() -> None:
    """A later handed model takes the config values it shares with an earlier one (an adapter's block widths must be
    its UNet's), and configs read as loaded from JSON: lists, which `from_unet` may assign into."""
    pytest.importorskip("diffusers")
    from diffusers.configuration_utils import ConfigMixin, register_to_config
    from diffusers.models.modeling_utils import ModelMixin

    from offload_lint.confirm.strategies.handed import _built_together

    class Backbone(ModelMixin, ConfigMixin):
        @register_to_config
        def __init__(self, widths: tuple[int, ...] = (8, 16), depth: int = 2):
            super().__init__()
            self.blocks = torch.nn.ModuleList(torch.nn.Linear(w, w) for w in widths)

    class Adapter(ModelMixin, ConfigMixin):
        @register_to_config
        def __init__(self, widths: tuple[int, ...] = (4, 4, 4), scale: float = 1.0):
            super().__init__()
            self.blocks = torch.nn.ModuleList(torch.nn.Linear(w, w) for w in widths)

    models = _built_together([("backbone", Backbone), ("adapter", Adapter)])
    backbone, adapter = models["backbone"][0], models["adapter"][0]
    assert backbone.config.widths == [8, 16] and isinstance(models["backbone"][1].config.widths, list)
    assert adapter.config.widths == [8, 16] and len(adapter.blocks) == 2, "the adapter takes the backbone's widths"


def test_a_handed_model_takes_an_earlier_ones_value_under_a_prefixed_name() -> None:
    """`MotionAdapter(motion_layers_per_block=...)` must be the UNet's `layers_per_block` (`from_unet2d` refuses
    otherwise): a parameter that is an earlier model's name behind a one-word prefix takes its value; one whose
    default is None (a part built only when asked) stays unasked, as does a name no earlier model has."""
    pytest.importorskip("diffusers")
    from diffusers.configuration_utils import ConfigMixin, register_to_config
    from diffusers.models.modeling_utils import ModelMixin

    from offload_lint.confirm.strategies.handed import _built_together

    class Backbone(ModelMixin, ConfigMixin):
        @register_to_config
        def __init__(self, layers_per_block: int = 3, in_channels: int = 4, out_channels: int = 4,
                     block_channels: tuple[int, ...] = (2, 2)):
            super().__init__()
            self.blocks = torch.nn.ModuleList(torch.nn.Linear(2, 2) for _ in range(layers_per_block))

    class MotionAdapter(ModelMixin, ConfigMixin):
        @register_to_config
        def __init__(self, motion_layers_per_block: int = 2, conv_in_channels: int | None = None,
                     motion_max_seq_length: int = 32, conditioning_embedding_out_channels: tuple[int, ...] = (16, 32),
                     base_block_channels: int = 8):
            super().__init__()
            self.blocks = torch.nn.ModuleList(torch.nn.Linear(2, 2) for _ in range(motion_layers_per_block))

    models = _built_together([("unet", Backbone), ("motion_adapter", MotionAdapter)])
    backbone, adapter = models["unet"][0], models["motion_adapter"][0]
    assert adapter.config.motion_layers_per_block == backbone.config.layers_per_block
    assert adapter.config.conv_in_channels is None and adapter.config.motion_max_seq_length == 32
    # a longer prefix names something else (a conditioning embedding's widths, not the model's output channels),
    # and a sequence is no value for a number
    assert list(adapter.config.conditioning_embedding_out_channels) == [16, 32]
    assert adapter.config.base_block_channels == 8


def test_a_run_of_a_model_that_lacks_the_finding_s_attribute_refutes_nothing() -> None:
    from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy

    read = replace(_finding("TableBehindAnOption", "table_weight", "ABSENT_TABLE", code="OFL103"),
                   attribute="table.weight")
    (_, verdict), = confirm_findings_by_strategy([read], "accelerate-sequential")
    assert verdict.verdict == UNTRIGGERED and "has no 'table'" in verdict.evidence, verdict.evidence
