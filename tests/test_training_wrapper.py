"""A training wrapper (an nn.Module holding an Accelerator or an optimizer over a held model's parameters) is no
offload root: its findings are suppressed with a reason a user can read, but its reads inside the held model (the
root) stay; look-alike models stay reported."""

from __future__ import annotations

from pathlib import Path

from offload_lint.config import Settings
from offload_lint.engine import Options, lint

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "core" / "training_wrapper.py"


def _findings():
    return lint(Options(paths=[str(FIXTURE)], jobs=1, show_suppressed=True)).findings


def test_the_wrapper_and_its_subclass_are_suppressed_with_the_signs_named():
    hidden = [f for f in _findings() if f.suppressed_by]
    assert {f.method for f in hidden} == {"sample", "preview"}
    for finding in hidden:
        assert "a training wrapper" in finding.suppressed_by
        assert "an accelerate Accelerator" in finding.suppressed_by
        assert "an optimizer (Adam) over a held model's parameters" in finding.suppressed_by
    assert any("its base DenoiserTrainer's __init__" in f.suppressed_by for f in hidden)


def test_the_wrapped_model_the_wrappers_reads_inside_it_and_look_alikes_stay_reported():
    shown = {(f.class_name, f.method) for f in _findings() if not f.suppressed_by}
    assert shown == {("TinyDenoiser", "denoise"), ("DenoiserTrainer", "place"), ("DenoiserTrainer", "peek"),
                     ("DenoiserWithHead", "project"), ("SelfUpdatingCodebook", "lookup")}


def test_signs_are_recorded_only_for_held_optimizers_over_other_parameters():
    import ast

    from offload_lint.index.extract import summarize

    summary = summarize(ast.parse(FIXTURE.read_text()), str(FIXTURE), "training_wrapper", False)
    classes = {c.name: c for c in summary.classes}
    assert [what for _, what in classes["DenoiserTrainer"].training_signs] == [
        "an accelerate Accelerator", "an optimizer (Adam) over a held model's parameters"]
    for name in ("TinyDenoiser", "PlainTrainer", "DenoiserWithHead", "SelfUpdatingCodebook"):
        assert classes[name].training_signs == ()


LIGHTNING = Path(__file__).resolve().parent.parent / "fixtures" / "core" / "lightning_task.py"


def test_a_lightning_task_is_no_root_of_group_offloading_and_says_why():
    """fixtures/core/lightning_task.py: the task's own findings are kept with the reason, its read inside the network
    it holds stays shown off the training's methods, and a unit test of its step cites nothing (tests/test_strategies.py checks FSDP2 and ZeRO-3
    on fixtures/strategies/lightning_task.py)."""
    findings = lint(Options(paths=[str(LIGHTNING)], jobs=1, show_suppressed=True)).findings
    hidden = [f for f in findings if f.suppressed_by]
    assert {f.method for f in hidden} == {"shared_step", "training_step", "configure_optimizers"}
    for finding in hidden:
        assert finding.suppressed_by.startswith("a Lightning training task (ContrastiveTask derives from "
                                                "LightningModule)")
    assert {(f.method, f.code) for f in findings if not f.suppressed_by} == {("project", "OFL103")}


TRAINING_ONLY = Path(__file__).resolve().parent.parent / "fixtures" / "core" / "training_only_networks.py"


def test_networks_only_training_runs_are_no_roots_and_say_why():
    """fixtures/core/training_only_networks.py: the discriminators a Lightning task uses only in training_step are
    kept with the reason; the generator its forward uses, a critic forward uses too and one a function also builds
    stay reported."""
    found = lint(Options(paths=[str(TRAINING_ONLY)], jobs=1, show_suppressed=True)).findings
    by_class: dict[str, set] = {}
    for finding in found:
        by_class.setdefault(finding.class_name, set()).add(finding.suppressed_by or "")
    assert all("a network only training runs" in reason and "VocoderTask.period_discriminator" in reason
               for reason in by_class["PeriodDiscriminator"])
    for shown in ("WaveGenerator", "SharedCritic", "StandaloneCritic", "PredictedCritic"):
        assert by_class[shown] == {""}, (shown, by_class[shown])


def test_a_held_network_reached_only_from_a_task_is_kept_with_the_reason():
    """fixtures/core/training_only_networks.py's BankModel.fit, run only from its task's epoch-end hook (anomalib's
    memory-bank models, round bd): the way in is the task, no model a user offloads; under a strategy sharding the task
    for training it stays reported."""
    found = [f for f in lint(Options(paths=[str(TRAINING_ONLY)], jobs=1, show_suppressed=True)).findings
             if f.class_name == "BankModel"]
    assert found and all("reached only from Lightning training tasks (BankTask.on_train_epoch_end())" in f.suppressed_by
                         for f in found)
    sharded = lint(Options(paths=[str(TRAINING_ONLY)], settings=Settings(levels=("fsdp2",)), jobs=1)).findings
    assert [(f.class_name, f.method) for f in sharded if "Bank" in f.class_name] == [("BankTask", "on_train_epoch_end")]


HANDED = Path(__file__).resolve().parent.parent / "fixtures" / "core" / "lightning_handed_network.py"


def test_a_task_handed_the_users_network_is_a_task_whatever_its_verbs():
    """fixtures/core/lightning_handed_network.py (round bs: lightning-uq-box's UQ methods, each with a ``sample``):
    shown and suppressed as marked, the reason naming what the task is handed."""
    from tests.markers import expected

    found = lint(Options(paths=[str(HANDED)], jobs=1, show_suppressed=True)).findings
    shown, suppressed = expected(HANDED.read_text())
    assert sorted(("", f.line, f.code) for f in found if not f.suppressed_by) == sorted(shown.elements())
    assert sorted(("", f.line, f.code) for f in found if f.suppressed_by) == sorted(suppressed.elements())
    assert all("(what it is handed, self.model, is the user's)" in f.suppressed_by for f in found if f.suppressed_by)
