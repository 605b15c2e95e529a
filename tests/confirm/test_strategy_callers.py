"""Pipeline code under the strategies other than group offloading: the pipeline built with tiny components, the
strategy applied as its library's users apply it (accelerate-sequential and model CPU offload over every component,
FSDP2 on the component the finding names), the method run. Each verdict is observed; the same method gives
different verdicts under different strategies, so each expectation can fail.

Fixture: fixtures/confirm/confirm_callers.py (``TinyCallerPipeline``).
"""

from __future__ import annotations

import dataclasses
import importlib.util

import pytest

import confirm_callers
from offload_lint.confirm.report import CONFIRMED, REFUTED, UNTRIGGERED
from offload_lint.confirm.strategies.findings import confirm_findings_by_strategy
from offload_lint.finding import Finding
from tests.lines import line_of

pytest.importorskip("accelerate")

PATH = confirm_callers.__file__
MODULE = "confirm_callers"


def finding(code: str, method: str, attribute: str, marker: str, strategy: str) -> Finding:
    line = line_of(PATH, marker)
    return Finding(PATH, line, 9, line, 30, code, "rule", "msg", class_name="TinyCallerPipeline", method=method,
                   levels=(strategy,), attribute=attribute, module=MODULE)


CASES = [
    # `ids.to(self.text_encoder.device)`: meta under sequential offload (the data is gone, the encoder's hook
    # cannot copy it); cpu under model CPU offload and a DTensor's device under FSDP2, both moved by the hook.
    ("accelerate-sequential", "OFL201", "encode_prompt", "text_encoder.embeddings", "# CALLER_DEVICE_READ", CONFIRMED),
    # `device = device or self.text_encoder.device`: called without the device (the fallback's line), the ids are
    # placed on meta on the next line; the placement names the line the device was read on.
    ("accelerate-sequential", "OFL201", "embed", "text_encoder", "# CALLER_DEVICE_FALLBACK", CONFIRMED),
    ("accelerate-sequential", "OFL201", "embed_else", "text_encoder", "# CALLER_DEVICE_IF_NONE", CONFIRMED),
    ("model-cpu-offload", "OFL201", "encode_prompt", "text_encoder.embeddings", "# CALLER_DEVICE_READ", REFUTED),
    # generate() outside forward: every layer has its own hook under sequential offload; the whole encoder is
    # offloaded under model CPU offload, sharded under FSDP2.
    ("accelerate-sequential", "OFL202", "caption_unmoved", "text_encoder.generate", "# CALLER_UNMOVED", REFUTED),
    ("model-cpu-offload", "OFL202", "caption_unmoved", "text_encoder.generate", "# CALLER_UNMOVED", CONFIRMED),
    ("fsdp2", "OFL202", "caption_unmoved", "text_encoder.generate", "# CALLER_UNMOVED", CONFIRMED),
    # The final norm after the encoder's forward: still onloaded under model CPU offload (it leaves when the next
    # model runs) and under FSDP2 (the root is not resharded after its forward by default).
    ("model-cpu-offload", "OFL201", "encode_prompt", "text_encoder.final_norm", "# CALLER_SUBMODULE", REFUTED),
    ("fsdp2", "OFL201", "encode_prompt", "text_encoder.final_norm", "# CALLER_SUBMODULE", REFUTED),
    # The order the linter reads (Strategy.top_group_after_forward): a submodule called before the component's
    # forward is offloaded / sharded, the same call after it is onloaded.
    ("model-cpu-offload", "OFL201", "head_first", "text_encoder.head", "# CALLER_HEAD_FIRST", CONFIRMED),
    ("fsdp2", "OFL201", "head_first", "text_encoder.head", "# CALLER_HEAD_FIRST", CONFIRMED),
    ("model-cpu-offload", "OFL201", "head_after", "text_encoder.head", "# CALLER_HEAD_AFTER", REFUTED),
    ("fsdp2", "OFL201", "head_after", "text_encoder.head", "# CALLER_HEAD_AFTER", REFUTED),
]


@pytest.mark.parametrize("strategy,code,method,attribute,marker,expected", CASES,
                         ids=[f"{c[0]}-{c[4][2:]}" for c in CASES])
def test_pipeline_code_runs_under_the_strategy(strategy, code, method, attribute, marker, expected):
    ((_, verdict),) = confirm_findings_by_strategy([finding(code, method, attribute, marker, strategy)], strategy)
    assert verdict.verdict == expected, verdict.evidence
    assert verdict.level == strategy
    if expected == CONFIRMED:
        assert "line match" in verdict.evidence, verdict.evidence


def test_sequential_device_read_is_located_at_the_placement():
    """The failure surfaces inside the encoder's hook; the evidence names the line that put the ids on meta."""
    case = finding("OFL201", "encode_prompt", "text_encoder.embeddings", "# CALLER_DEVICE_READ",
                   "accelerate-sequential")
    ((_, verdict),) = confirm_findings_by_strategy([case], "accelerate-sequential")
    assert "placed on the device of an offloaded weight" in verdict.evidence, verdict.evidence
    assert "cpu -> meta" in verdict.evidence


def test_line_not_run_is_not_refuted():
    """A completed call that never ran the finding's line gives no verdict (the optional argument that guards the
    norm is given; a finding placed on a line the method does not run stays untriggered)."""
    case = finding("OFL202", "caption_twice", "text_encoder.generate", "# CALLER_UNMOVED", "accelerate-sequential")
    ((_, verdict),) = confirm_findings_by_strategy([case], "accelerate-sequential")
    assert verdict.verdict == UNTRIGGERED and "line not reached" in verdict.evidence, verdict.evidence


HAS_DEEPSPEED = importlib.util.find_spec("deepspeed") is not None
needs_deepspeed = pytest.mark.skipif(not HAS_DEEPSPEED, reason="deepspeed is not installed (offload-lint[zero3])")

ZERO3_CASES = [
    # A root parameter read by a component's method outside its forward: a partition of size 0.
    ("zero3", "OFL202", "noise_embeds", "image_normalizer.scale", "# CALLER_MIXIN_MOVED", CONFIRMED),
    # ZeRO-3 gathers per module on its own call: generate() calls the head, whose hook gathers its weight.
    ("zero3", "OFL202", "caption_unmoved", "text_encoder.generate", "# CALLER_UNMOVED", REFUTED),
    # Every weight is released after its module's call (persistence threshold 0): the head is gathered again by
    # its own call after the encoder's forward.
    ("zero3", "OFL201", "head_after", "text_encoder.head", "# CALLER_HEAD_AFTER", REFUTED),
]


@needs_deepspeed
@pytest.mark.parametrize("strategy,code,method,attribute,marker,expected", ZERO3_CASES,
                         ids=[f"{c[0]}-{c[4][2:]}" for c in ZERO3_CASES])
def test_pipeline_code_runs_under_zero3(strategy, code, method, attribute, marker, expected):
    test_pipeline_code_runs_under_the_strategy(strategy, code, method, attribute, marker, expected)


@needs_deepspeed
def test_zero3_size_mismatch_of_a_wrong_guess_is_no_confirmation():
    """ZeRO-3's errors read like a wrong guess of the arguments: head_first's guessed ``hidden`` has the wrong
    width, and the same call with nothing partitioned fails the same way, so no guess confirms (the head is
    gathered by its own call)."""
    case = finding("OFL201", "head_first", "text_encoder.head", "# CALLER_HEAD_FIRST", "zero3")
    ((_, verdict),) = confirm_findings_by_strategy([case], "zero3")
    assert verdict.verdict != CONFIRMED, verdict.evidence
    assert "onloaded too" in verdict.evidence, verdict.evidence


@needs_deepspeed
def test_zero3_a_component_moved_by_hand_then_scaled_and_unscaled():
    """unCLIP's ``noise_image_embeddings``: the error ``scale()`` raises after the move is located at its line, and
    ``unscale()`` past it is confirmed (refuted before: the move, made inside ``GatheredParameters`` as the repair,
    left plain whole parameters)."""
    path = confirm_callers.__file__

    def at(marker: str, attribute: str) -> Finding:
        line = line_of(path, marker)
        return Finding(path, line, 9, line, 30, "OFL202", "rule", "msg", class_name="RewrappedNormalizerPipeline",
                       method="noise_embeds", levels=("zero3",), attribute=attribute, module=MODULE)

    (_, scale), (_, unscale) = confirm_findings_by_strategy(
        [at("# REWRAPPED_SCALE", "image_normalizer.scale"), at("# REWRAPPED_UNSCALE", "image_normalizer.unscale")],
        "zero3")
    assert scale.verdict == CONFIRMED and "line match" in scale.evidence, scale.evidence
    assert unscale.verdict == CONFIRMED and "line match" in unscale.evidence, unscale.evidence


@needs_deepspeed
def test_zero3_repairs_are_the_users_fixes_of_that_call_only():
    """A run past an earlier call of a partitioned component fixes that call as users do: a hand move
    (``image_normalizer.to(device)``, unCLIP's ``noise_image_embeddings``) is not made, which left plain whole
    parameters behind once gathered; a method runs inside ``GatheredParameters`` and the parameters are partitions
    again after it, where the whole component stayed gathered for the rest of the check before (a later ``unscale()``
    was refuted)."""
    import torch

    from offload_lint.confirm.caller import BuiltCaller
    from offload_lint.confirm.strategies.callers import apply_zero3

    from offload_lint.confirm.strategies.common import torch_patches_undone

    normalizer = confirm_callers.RewrappingNormalizer()
    with torch_patches_undone():  # DeepSpeed's F.linear, for the tests after this one
        applied = apply_zero3(BuiltCaller(None, {"image_normalizer": normalizer}), "image_normalizer")
        applied.repair("image_normalizer", "to")
        assert normalizer.to(torch.device("cpu")) is normalizer
        assert getattr(normalizer.mean, "ds_status", None) is not None  # still DeepSpeed's partition, not a new one
        applied.repair("image_normalizer", "scale")
        assert normalizer.scale(torch.ones(2, 8)).shape == (2, 8)
        assert normalizer.mean.numel() == 0  # released after the fixed call
        with pytest.raises(RuntimeError):
            normalizer.unscale(torch.ones(2, 8))


@needs_deepspeed
def test_zero3_in_process_leaves_torch_as_it_found_it():
    """DeepSpeed replaces ``F.linear`` for the rest of its process; an in-process check puts it back."""
    import torch

    linear = torch.nn.functional.linear
    case = finding("OFL202", "noise_embeds", "image_normalizer.scale", "# CALLER_MIXIN_MOVED", "zero3")
    confirm_findings_by_strategy([case], "zero3")
    assert torch.nn.functional.linear is linear


def _module_finding(cls: str, text: str) -> Finding:
    import inspect

    import confirm_strategies

    function = getattr(confirm_strategies, cls).embed
    lines, first = inspect.getsourcelines(function)
    line = first + next(i for i, source in enumerate(lines) if text in source)
    return Finding(inspect.getsourcefile(function), line, 1, line, 1, "OFL105", "test", "test", class_name=cls,
                   method="embed", levels=("accelerate-sequential", "model-cpu-offload"), attribute="device",
                   module="confirm_strategies")


@pytest.mark.parametrize("cls,strategy,expected", [
    ("InputsOnOwnDevice", "accelerate-sequential", CONFIRMED),
    ("InputsOnOwnDevice", "model-cpu-offload", REFUTED),
    ("InputsOnInputDevice", "accelerate-sequential", REFUTED),
])
def test_inputs_placed_with_an_offloaded_device(cls, strategy, expected):
    """A module method that puts its input on ``self.device`` (meta under sequential offload): the failure is
    raised inside the embedding's hook, a line later; the placement ties it to the finding's line."""
    ((_, verdict),) = confirm_findings_by_strategy([_module_finding(cls, ".to(")], strategy)
    assert verdict.verdict == expected, verdict.evidence
    if expected == CONFIRMED:
        assert "line match" in verdict.evidence and "cpu -> meta" in verdict.evidence, verdict.evidence


def test_generate_gets_a_prompt():
    """transformers' generate() takes every input as optional and, given none, wants a bos token the tiny config
    may not define: it gets a few token ids and two new tokens, and is judged (GPT-2's generate runs its forward
    through the hook each step: refuted under sequential offload)."""
    pytest.importorskip("transformers")
    from offload_lint.confirm.scenario import CheckConfig, Step
    from offload_lint.confirm.strategies import StrategyOptions, StrategyRequest, run_requests

    config = CheckConfig(timeout=120, strategies=("accelerate-sequential",), strategy_options=StrategyOptions())
    (result,) = run_requests([StrategyRequest("accelerate-sequential",
                                              "transformers.models.gpt2.modeling_gpt2:GPT2LMHeadModel",
                                              (Step("generate"),), config)])
    assert result.verdict == REFUTED, result.evidence
    assert "token ids for generate()" in result.evidence


def test_a_fallback_line_is_reached_by_leaving_its_parameter_out():
    from offload_lint.confirm.caller import fallback_parameters

    line = line_of(PATH, "# CALLER_DEVICE_FALLBACK")
    assert fallback_parameters(confirm_callers.TinyCallerPipeline.embed, line) == {"device"}
    assert fallback_parameters(confirm_callers.TinyCallerPipeline.embed, line + 1) == set()
    line = line_of(PATH, "# CALLER_DEVICE_IF_NONE")
    assert fallback_parameters(confirm_callers.TinyCallerPipeline.embed_else, line) == {"device"}


def test_fsdp2_gets_past_an_earlier_component_call_registered_as_its_users_fix_it():
    """`text_encoder.generate()` outside forward stops the call under FSDP2 before the final norm's line; run again
    with `register_fsdp_forward_method(text_encoder, "generate")` (what the finding at that line names), the norm's
    line is judged on its own. Judged alone, no sibling finding names the earlier call, but the stack where the run
    stopped does: the component's public method called from the pipeline's line. Registered, generate() runs the
    root's hooks, and the root (sharded as torch and accelerate leave it) stays unsharded after them: the norm's line
    then runs on whole weights."""
    first = finding("OFL202", "caption_twice", "text_encoder.generate", "# CALLER_TWICE_GENERATE", "fsdp2")
    later = finding("OFL201", "caption_twice", "text_encoder.final_norm", "# CALLER_TWICE_NORM", "fsdp2")
    (_, alone), = confirm_findings_by_strategy([later], "fsdp2")
    assert alone.verdict == REFUTED and "re-run with text_encoder.generate fixed" in alone.evidence, alone.evidence
    assert "caption_twice fixed" not in alone.evidence, "the pipeline's own method is no component's"
    (_, generate), (_, norm) = confirm_findings_by_strategy([first, later], "fsdp2")
    assert generate.verdict == CONFIRMED, generate.evidence
    assert norm.verdict == REFUTED and "re-run with text_encoder.generate fixed" in norm.evidence, norm.evidence


def test_a_component_is_built_as_the_pipelines_own_config_check_asks():
    """`if latents + mask channels != self.denoiser.config.in_channels: raise` refuses every call with the tiny
    denoiser; built with the sum the check computed (what an inpainting checkpoint's UNet has), the call gets to the
    finding's line. The evidence says how the denoiser was built, and the refusal's message keeps its end."""
    line = line_of(PATH, "# CALLER_CONFIG_CHECKED")
    case = Finding(PATH, line, 9, line, 30, "OFL202", "rule", "msg", class_name="ChannelCheckPipeline",
                   method="denoise", levels=("model-cpu-offload",), attribute="denoiser.project", module=MODULE)
    ((_, verdict),) = confirm_findings_by_strategy([case], "model-cpu-offload")
    assert verdict.verdict == CONFIRMED, verdict.evidence
    assert "denoiser built with in_channels=4" in verdict.evidence, verdict.evidence


def test_a_long_repr_inside_a_message_leaves_room_for_its_end():
    from offload_lint.confirm.strategies.common import _short

    config = "FrozenDict([" + ", ".join(f"('field_{i}', {i})" for i in range(30)) + "])"
    error = ValueError(f"Incorrect configuration settings! The config of `pipeline.unet`: {config} expects 4 but "
                       "received `num_channels_latents`: 4 + `num_channels_mask`: 1 = 5.")
    assert _short(error).endswith("FrozenDict(…) expects 4 but received `num_channels_latents`: 4 + "
                                  "`num_channels_mask`: 1 = 5."), _short(error)
    assert _short(ValueError("shapes [1, 4, 16, 16] and (2, 3) differ")) == "shapes [1, 4, 16, 16] and (2, 3) differ"


def test_the_call_a_finding_names_is_never_fixed_to_get_past_it():
    """Under FSDP2 the run stops at the other call of `text_encoder.generate` (the branch it takes). Fixing that
    call as users fix it (`register_fsdp_forward_method(text_encoder, "generate")`) fixes the finding's own call
    too: a run after it refutes nothing about the finding, so that fix is not made."""
    from offload_lint.finding import RelatedLocation

    case = finding("OFL202", "caption_per_sample", "text_encoder.generate", "# CALLER_PER_SAMPLE", "fsdp2")
    other = line_of(PATH, "# CALLER_WHOLE_BATCH")
    case = dataclasses.replace(case, related=(RelatedLocation(PATH, other, 16, "another call of generate"),))
    ((_, verdict),) = confirm_findings_by_strategy([case], "fsdp2")
    assert verdict.verdict != REFUTED, verdict.evidence
    assert "fixed as the strategy's users fix it" not in verdict.evidence, verdict.evidence


def test_a_missing_text_fixing_library_stands_in_as_what_it_is_on_the_prompt():
    """ftfy is imported by the pipeline's module only when installed and then called on every prompt: the run
    stops with a NameError before any component runs. On the plain ASCII prompt ftfy.fix_text is the identity, so
    it stands in as that (said in the evidence), and the module is left as it was."""
    import importlib.util

    import confirm_text_fixers

    if importlib.util.find_spec("ftfy") is not None:
        pytest.skip("ftfy is installed: the pipeline uses it")
    path = confirm_text_fixers.__file__
    line = line_of(path, "# TEXT_FIXED_GENERATE")
    case = Finding(path, line, 9, line, 30, "OFL202", "rule", "msg", class_name="CleanedPromptPipeline",
                   method="caption", levels=("model-cpu-offload",), attribute="text_encoder.generate",
                   module="confirm_text_fixers")
    ((_, verdict),) = confirm_findings_by_strategy([case], "model-cpu-offload")
    assert verdict.verdict == CONFIRMED and "line match" in verdict.evidence, verdict.evidence
    assert "ftfy is not installed: fix_text stood in by the identity" in verdict.evidence, verdict.evidence
    assert not hasattr(confirm_text_fixers, "ftfy")


def test_the_linter_names_exactly_the_strategies_the_runtime_confirms_for_a_call_before_and_after_the_forward():
    """The static side of the order (``Strategy.top_group_after_forward``) against the real libraries: each method's
    finding names model CPU offload and FSDP2 exactly where running it under them breaks."""
    from offload_lint.config import Settings
    from offload_lint.engine import Options, lint
    from offload_lint.strategies import parse_strategies

    asked = ("model-cpu-offload", "fsdp2")
    static = lint(Options(paths=[PATH], settings=Settings(levels=parse_strategies(",".join(asked))), jobs=1)).findings
    for method, marker in (("head_first", "# CALLER_HEAD_FIRST"), ("head_after", "# CALLER_HEAD_AFTER")):
        named = {key for f in static if f.method == method and f.line == line_of(PATH, marker) for key in f.levels}
        confirmed = set()
        for strategy in asked:
            ((_, verdict),) = confirm_findings_by_strategy(
                [finding("OFL201", method, "text_encoder.head", marker, strategy)], strategy)
            if verdict.verdict == CONFIRMED:
                confirmed.add(strategy)
        assert named == confirmed, (method, named, confirmed)


def test_group_levels_in_a_run_with_other_strategies_build_the_pipeline_too():
    """``--strategy all`` judges every strategy through one path: a group level there runs the pipeline as the group
    levels' own path does (it was handed to the module path and came back "not an nn.Module")."""
    case = dataclasses.replace(finding("OFL201", "encode_prompt", "text_encoder.final_norm", "# CALLER_SUBMODULE",
                                       "group-block"), levels=("block", "fsdp2"))
    ((_, verdict),) = confirm_findings_by_strategy([case], ["group-block", "fsdp2"])
    assert "group-block: confirmed" in verdict.evidence, verdict.evidence
    assert "fsdp2: refuted" in verdict.evidence, verdict.evidence
