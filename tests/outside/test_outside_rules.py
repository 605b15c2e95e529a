"""OFL201-OFL206 on fixtures/outside: exact (code, line) findings, and silent look-alikes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

OUTSIDE = FIXTURES / "outside"


def findings(name: str, select: list[str] | None = None, **options):
    settings = Settings(select=select)
    return lint(Options(paths=[str(OUTSIDE / name)], settings=settings, jobs=1, **options)).findings


def codes_and_lines(name: str, prefix: str = "OFL2", select: list[str] | None = None, **options):
    return sorted((f.code, f.line) for f in findings(name, select, **options) if f.code.startswith(prefix))


def test_pipeline_driving_text_encoder_internals():
    # clip-skip final norm, token embedding and layers[i] calls, a root parameter read, a getter's layer called
    assert codes_and_lines("text_pipeline.py") == [
        ("OFL201", 45), ("OFL201", 49), ("OFL201", 51), ("OFL201", 52), ("OFL201", 56),
    ]


def test_harmless_component_reads_are_silent():
    lines = {line for _, line in codes_and_lines("text_pipeline.py")}
    assert not lines & set(range(58, 63))  # .dtype, .shape, .to(device), calling the component


def test_component_entry_point_reported_at_the_call_site():
    got = [f for f in findings("normalizer_pipeline.py") if f.code == "OFL202"]
    assert sorted(f.line for f in got) == [32, 33, 37]
    assert all(f.path.endswith("normalizer_pipeline.py") and f.class_name == "UnclipPipeline" for f in got)
    assert "OFL101 at" in got[0].message and ":17" in got[0].message


def test_prior_to_device_is_called_a_mask():
    by_line = {f.line: f.message for f in findings("normalizer_pipeline.py") if f.code == "OFL202"}
    assert "masks this rather than fixing it" in by_line[37]
    assert "masks" not in by_line[32]


def test_entry_point_answer_does_not_depend_on_select():
    assert codes_and_lines("normalizer_pipeline.py", select=["OFL202"]) == [("OFL202", 32), ("OFL202", 33), ("OFL202", 37)]


def test_reach_into_block():
    assert codes_and_lines("dit_block_reach.py") == [("OFL203", 34), ("OFL203", 41)]


def test_reach_into_block_is_not_also_ofl102():
    assert codes_and_lines("dit_block_reach.py", prefix="OFL102") == []


def test_torch_modules_reading_their_own_leaves():
    # MultiheadAttention, legacy weight_norm on a layer and in a ModuleList; parametrizations are silent
    assert codes_and_lines("torch_self_readers.py") == [("OFL204", 11), ("OFL204", 21), ("OFL204", 22)]


def test_weights_without_forward_and_stale_opt_out():
    assert codes_and_lines("no_forward.py", select=["OFL2"], show_suppressed=True) == [
        ("OFL204", 60), ("OFL205", 7), ("OFL206", 36),
    ]


def test_stale_opt_out_does_not_depend_on_select():
    # OptedOutForAChild's reason is a class rule (OFL204 in WeightNormedUnit), found when not selected too
    assert codes_and_lines("no_forward.py", select=["OFL206"], show_suppressed=True) == [("OFL206", 36)]


def test_stale_opt_out_is_off_by_default():
    assert ("OFL206", 36) not in codes_and_lines("no_forward.py")


def test_opt_out_with_a_reason_keeps_its_finding_hidden():
    hidden = [f for f in findings("no_forward.py", show_suppressed=True) if f.suppressed_by]
    # OFL204 in WeightNormedUnit is hidden too: its only user, OptedOutForAChild, opts out
    assert [(f.code, f.line) for f in hidden] == [("OFL103", 54), ("OFL204", 60)]


@pytest.mark.parametrize("name", ["text_pipeline.py", "normalizer_pipeline.py", "dit_block_reach.py"])
def test_levels_are_named(name):
    assert all(f.levels for f in findings(name) if f.code in ("OFL201", "OFL202", "OFL203"))


def test_component_stats_moved_or_returned_are_silent():
    # torch.sqrt(self.vae.bn.running_var + eps) moved directly, at its only use, or on the next line;
    # self.vae.latents_mean returned (alone or in a tuple) to the caller
    lines = {line for _, line in codes_and_lines("vae_stats_pipeline.py")}
    assert not lines & set(range(28, 48))


def test_component_stats_computed_on_the_wrong_device_are_reported():
    # combined with an input, used before the move, a local bound twice, returned after
    # computing with it elsewhere in the method, and returned computed
    assert codes_and_lines("vae_stats_pipeline.py") == [
        ("OFL201", 51), ("OFL201", 55), ("OFL201", 60), ("OFL201", 65), ("OFL201", 69),
    ]


def test_returned_after_computing_is_not_an_accessor():
    # the engine keeps one finding per method and weight, so ask the rule's filter directly
    from offload_lint.engine import collect_method
    from offload_lint.rules.component_internals import _handed_on

    lines = (OUTSIDE / "vae_stats_pipeline.py").read_text().splitlines(keepends=True)
    computed = collect_method(lines, 64, 66, "self")
    returned = [raw for raw in computed if raw.returned]
    assert [raw.range.start.line for raw in returned] == [66]
    assert not _handed_on((), returned[0], computed)
    alone = collect_method(lines, 43, 44, "self")
    assert [_handed_on((), raw, alone) for raw in alone if raw.chain[-1] != "scaling_factor"] == [True, True]


WEIGHT_NORM_FILES = ["weight_norm_helpers.py", "weight_norm_forms.py", "weight_norm_subclass.py"]


def marked(name: str, code: str) -> list[tuple[str, int]]:
    """(path name, line) of every ``# expect: CODE`` marker in a fixture."""
    lines = (OUTSIDE / name).read_text().splitlines()
    return [(name, number) for number, line in enumerate(lines, start=1)
            if re.search(rf"#\s*expect:.*\b{code}\b", line)]


def weight_norm_findings():
    paths = [str(OUTSIDE / name) for name in WEIGHT_NORM_FILES]
    return lint(Options(paths=paths, settings=Settings(select=["OFL204"]), jobs=1)).findings


def test_legacy_weight_norm_through_helpers_statements_containers_and_aliases():
    got = sorted((Path(f.path).name, f.line) for f in weight_norm_findings())
    assert got == sorted(p for name in WEIGHT_NORM_FILES for p in marked(name, "OFL204"))


def test_weight_norm_is_located_at_the_call_that_applies_it():
    lines = (OUTSIDE / "weight_norm_forms.py").read_text().splitlines()
    for finding in weight_norm_findings():
        text = lines[finding.line - 1][finding.column - 1:]
        assert re.match(r"(wn_conv1d|wn_conv_transpose1d|_local_wn_conv|nn\.utils\.weight_norm|wn|spectral_norm|"
                        r"WN)\(", text), (finding.line, text)


def test_a_subclass_inheriting_the_call_is_not_reported_in_its_own_file():
    assert not [f for f in weight_norm_findings() if f.path.endswith("weight_norm_subclass.py")]


def test_helper_named_in_the_message():
    (finding,) = [f for f in weight_norm_findings() if f.attribute == "conv_in"]
    assert "wn_conv1d()" in finding.message and "weight_norm_helpers.py:9" in finding.message


def test_subclass_of_an_installed_base_is_reported_at_its_class_line(tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    (site / "installed_vocoder_for_ofl204.py").write_text(
        "from torch import nn\nfrom torch.nn.utils import weight_norm\n\n\n"
        "class ResidualUnit(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.conv1 = weight_norm(nn.Conv1d(4, 4, 7))\n\n    def forward(self, x):\n"
        "        return self.conv1(x)\n"
    )
    monkeypatch.syspath_prepend(str(site))  # read as an installed package, never imported
    project = tmp_path / "project"
    project.mkdir()
    (project / "vocoder.py").write_text(
        "from installed_vocoder_for_ofl204 import ResidualUnit\n\n\n"
        "class MyUnit(ResidualUnit):\n    pass\n\n\nclass MyUnitAgain(MyUnit):\n    pass\n"
    )
    found = lint(Options(paths=[str(project)], settings=Settings(select=["OFL204"]), jobs=1)).findings
    assert [(f.line, f.column, f.class_name) for f in found] == [(4, 1, "MyUnit")]
    assert "built in ResidualUnit" in found[0].message and "installed_vocoder_for_ofl204.py:8" in found[0].message
