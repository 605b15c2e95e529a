"""C6: a mutator (fuse_projections) is confirmed through the forward() that follows it."""

import inspect

import pytest

import confirm_mutators
from offload_lint.confirm import confirm, confirm_findings
from offload_lint.confirm.engine import FOLLOW_UP, structure, structure_changed
from offload_lint.finding import Finding

MUTATORS = confirm_mutators.__file__


def cat_line(cls) -> int:
    lines, start = inspect.getsourcelines(cls.fuse_projections)
    return start + next(i for i, line in enumerate(lines) if "torch.cat" in line)


@pytest.mark.parametrize("backend", ["fake-cuda", "tracking"])
def test_fuse_projections_confirmed_through_the_next_forward(backend):
    report = confirm(confirm_mutators.FusableAttention, "fuse_projections", backend=backend)
    for result in report.levels.values():
        assert result.verdict == "confirmed", result.evidence
        assert result.evidence.startswith(f"{FOLLOW_UP}: compute access to to_qkv.weight")
        assert all(a.step == FOLLOW_UP for a in result.accesses if a.offending)


@pytest.mark.parametrize("backend", ["fake-cuda", "tracking"])
@pytest.mark.parametrize("cls", ["FusableAttentionHarmless", "FusableAttentionNoChange"])
def test_look_alike_mutators_are_refuted(backend, cls):
    report = confirm(getattr(confirm_mutators, cls), "fuse_projections", backend=backend)
    for result in report.levels.values():
        assert result.verdict == "refuted", result.evidence
    follow_up = "forward() after it changed the module" in report.levels["leaf"].evidence
    assert follow_up == (cls == "FusableAttentionHarmless")


def test_default_processor_is_set_before_the_follow_up():
    report = confirm(confirm_mutators.ProcessorAttention, "fuse_projections", level="leaf", backend="fake-cuda")
    assert report.levels["leaf"].verdict == "confirmed", report.levels["leaf"].evidence


def test_follow_up_that_cannot_run_is_untriggered_not_refuted():
    report = confirm(confirm_mutators.OpaqueForwardAttention, "fuse_projections", level="leaf",
                     backend="fake-cuda")
    result = report.levels["leaf"]
    assert result.verdict == "untriggered"
    assert FOLLOW_UP in result.evidence


def test_structure_compares_identities():
    module = confirm_mutators.FusableAttention()
    before = structure(module)
    assert not structure_changed(before, structure(module))
    module.to_q = type(module.to_q)(16, 16)  # same names, new objects
    assert structure_changed(before, structure(module))


def test_join_credits_the_mutators_finding_and_reports_no_ofl900():
    cls = confirm_mutators.FusableAttention
    line = cat_line(cls)
    found = Finding(MUTATORS, line, 9, line, 30, "OFL103", "leaf-weight-read", "msg", class_name=cls.__name__,
                    method="fuse_projections", levels=("leaf",), attribute="to_q.weight", module="confirm_mutators")
    harmless = confirm_mutators.FusableAttentionHarmless
    refuted = Finding(MUTATORS, line, 9, line, 30, "OFL103", "leaf-weight-read", "msg",
                      class_name=harmless.__name__, method="fuse_projections", levels=("leaf",),
                      attribute="to_q.weight", module="confirm_mutators")
    pairs = confirm_findings([found, refuted], backend="fake-cuda")
    assert len(pairs) == 2  # follow-up accesses are the mutator's, never OFL900
    (_, confirmed), (_, looks_alike) = pairs
    assert confirmed.verdict == "confirmed"
    assert f"{FOLLOW_UP}: compute access to to_qkv" in confirmed.evidence
    assert looks_alike.verdict in ("refuted", "untriggered")


@pytest.mark.parametrize("backend", ["fake-cuda", "tracking"])
def test_follow_up_passes_the_arguments_a_processor_says_are_missing(backend):
    report = confirm(confirm_mutators.PassThroughAttention, "fuse_projections", level="leaf", backend=backend)
    result = report.levels["leaf"]
    assert result.verdict == "confirmed", report.to_text()
    assert "to_qkv.weight" in result.evidence
    assert any("missing 2 required positional arguments" in error for error in result.errors), result.errors


@pytest.mark.parametrize("backend", ["fake-cuda", "tracking"])
def test_a_layer_built_inside_an_unmatched_groups_module_is_onloaded_with_it(backend):
    # the virtual GPU used to keep the new layer's CPU init ops as its provenance after the group moved it
    report = confirm(confirm_mutators.ResettableClassifier, "reset_classifier", backend=backend)
    verdicts = {level: result.verdict for level, result in report.levels.items()}
    assert verdicts == {"block": "refuted", "leaf": "confirmed"}, report.to_text()
    assert "head.fc.weight" in report.levels["leaf"].evidence
