"""OFL201-OFL206 on fixtures/outside: exact (code, line) findings, and silent look-alikes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES
from tests.markers import expected
from tests.lines import line_of

OUTSIDE = FIXTURES / "outside"


def findings(name: str, select: list[str] | None = None, **options):
    settings = Settings(select=select)
    return lint(Options(paths=[str(OUTSIDE / name)], settings=settings, jobs=1, **options)).findings


def codes_and_lines(name: str, prefix: str = "OFL2", select: list[str] | None = None, **options):
    return sorted((f.code, f.line) for f in findings(name, select, **options) if f.code.startswith(prefix))


def marked_lines(name: str, code: str) -> list[int]:
    """Lines of ``fixtures/outside/<name>`` whose ``# OFLnnn`` marker names ``code``."""
    shown, suppressed = expected((OUTSIDE / name).read_text())
    return sorted({line for (_, line, found) in shown + suppressed if found == code})




# Exact findings per fixture are checked by tests/test_fixtures.py; these check what markers cannot say.
def test_harmless_component_reads_are_silent():
    flagged = {line for _, line in codes_and_lines("text_pipeline.py")}
    harmless = range(line_of(OUTSIDE / "text_pipeline.py", "def harmless"), line_of(OUTSIDE / "text_pipeline.py", "def harmless") + 6)
    assert not flagged & set(harmless)  # .dtype, .shape, .to(device), calling the component


def test_component_entry_point_names_the_component_finding():
    got = [f for f in findings("normalizer_pipeline.py") if f.code == "OFL202"]
    assert sorted(f.line for f in got) == marked_lines("normalizer_pipeline.py", "OFL202")
    assert all(f.path.endswith("normalizer_pipeline.py") and f.class_name == "UnclipPipeline" for f in got)
    assert "OFL101 at" in got[0].message and f":{line_of(OUTSIDE / 'normalizer_pipeline.py', 'def scale(self, embeds)') + 1}" in got[0].message


def test_component_moved_by_hand_is_its_own_finding():
    moved = [f for f in findings("normalizer_pipeline.py") if f.code == "OFL207"]
    assert [f.line for f in moved] == [line_of(OUTSIDE / "normalizer_pipeline.py", "self.image_normalizer.to(image_embeds.device)")]
    assert "by hand" in moved[0].message and "exclude" in moved[0].message
    # the scale() call right after the move runs on the moved weights: no OFL202 there
    assert line_of(OUTSIDE / "normalizer_pipeline.py", "self.image_normalizer.to(image_embeds.device)") + 1 not in \
        marked_lines("normalizer_pipeline.py", "OFL202")


def test_entry_point_answer_does_not_depend_on_select():
    assert [line for _, line in codes_and_lines("normalizer_pipeline.py", select=["OFL202"])] == \
        marked_lines("normalizer_pipeline.py", "OFL202")


def test_reach_into_block_is_not_also_ofl102():
    assert codes_and_lines("dit_block_reach.py", prefix="OFL102") == []


def test_stale_opt_out_does_not_depend_on_select():
    # OptedOutForAChild's reason is a class rule (OFL204 in WeightNormedUnit), found when not selected too
    assert codes_and_lines("no_forward.py", select=["OFL206"], show_suppressed=True) == [
        ("OFL206", line) for line in marked_lines("no_forward.py", "OFL206")]


def test_stale_opt_out_is_off_by_default():
    assert not [code for code, _ in codes_and_lines("no_forward.py") if code == "OFL206"]


def test_opt_out_with_a_reason_keeps_its_finding_hidden():
    hidden = [f for f in findings("no_forward.py", show_suppressed=True) if f.suppressed_by]
    # OFL204 in WeightNormedUnit is hidden too: its only user, OptedOutForAChild, opts out
    _, suppressed = expected((OUTSIDE / "no_forward.py").read_text())
    assert sorted((f.code, f.line) for f in hidden) == sorted((code, line) for (_, line, code) in suppressed)


@pytest.mark.parametrize("name", ["text_pipeline.py", "normalizer_pipeline.py", "dit_block_reach.py"])
def test_levels_are_named(name):
    assert all(f.levels for f in findings(name) if f.code in ("OFL201", "OFL202", "OFL203", "OFL207"))


def test_returned_after_computing_is_not_an_accessor():
    # the engine keeps one finding per method and weight, so ask the component facts directly
    from offload_lint.analyze.collect import collect_method
    from offload_lint.analyze.components import _handed_on

    lines = (OUTSIDE / "vae_stats_pipeline.py").read_text().splitlines(keepends=True)
    start = line_of(OUTSIDE / "vae_stats_pipeline.py", "def returned_after_computing")
    computed = collect_method(lines, start, start + 2, "self").accesses
    returned = [raw for raw in computed if raw.returned]
    assert [raw.range.start.line for raw in returned] == [start + 2]
    assert not _handed_on((), returned[0], computed)
    start = line_of(OUTSIDE / "vae_stats_pipeline.py", "def returned_as_a_tuple")
    alone = collect_method(lines, start, start + 1, "self").accesses
    assert [_handed_on((), raw, alone) for raw in alone if raw.chain[-1] != "scaling_factor"] == [True, True]


WEIGHT_NORM_FILES = ["weight_norm_helpers.py", "weight_norm_forms.py", "weight_norm_subclass.py"]


def marked(name: str, code: str) -> list[tuple[str, int]]:
    """(path name, line) of every marker naming ``code`` in a fixture."""
    return [(name, line) for line in marked_lines(name, code)]


def weight_norm_findings():
    paths = [str(OUTSIDE / name) for name in WEIGHT_NORM_FILES]
    return lint(Options(paths=paths, settings=Settings(select=["OFL204"]), jobs=1)).findings


def test_legacy_weight_norm_through_helpers_statements_containers_and_aliases():
    got = sorted((Path(f.path).name, f.line) for f in weight_norm_findings())
    assert got == sorted(p for name in WEIGHT_NORM_FILES for p in marked(name, "OFL204"))


def test_weight_norm_is_located_at_the_call_that_applies_it():
    for finding in weight_norm_findings():
        text = Path(finding.path).read_text().splitlines()[finding.line - 1][finding.column - 1:]
        assert re.match(r"(nn\.utils\.weight_norm|weight_norm|wn|spectral_norm|WN|NORM|norm_f)\(", text), (finding.path, finding.line, text)


def test_a_subclass_inheriting_the_call_is_not_reported_in_its_own_file():
    assert not [f for f in weight_norm_findings() if f.path.endswith("weight_norm_subclass.py")]


def test_a_helper_is_reported_once_with_every_call_as_a_related_location():
    """wn_conv1d() builds two classes' layers: one finding, at the helper, naming both calls."""
    (finding,) = [f for f in weight_norm_findings()
                  if f.line == line_of(OUTSIDE / "weight_norm_helpers.py", "return weight_norm(nn.Conv1d(")]
    assert Path(finding.path).name == "weight_norm_helpers.py" and finding.message.startswith("wn_conv1d()")
    calls = [(Path(location.path).name, location.line) for location in finding.related]
    assert calls == [("weight_norm_forms.py", line_of(OUTSIDE / "weight_norm_forms.py", "self.conv_in = wn_conv1d(")),
                     ("weight_norm_forms.py", line_of(OUTSIDE / "weight_norm_forms.py", "layers = [wn_conv1d(")),
                     ("weight_norm_forms.py", line_of(OUTSIDE / "weight_norm_forms.py", "self.down.append(wn_conv1d("))]
    for location in calls:
        assert f"weight_norm_forms.py:{location[1]}:" in finding.message


def test_weight_norm_on_an_appended_element_and_through_a_conditional_alias():
    """Round i's recall misses (StyleTTS2): ``self.ups.append(weight_norm(ConvTranspose1d(...)))`` into an empty
    ModuleList, and ``norm_f = weight_norm if use_spectral_norm == False else spectral_norm; norm_f(Conv1d(...))``;
    an alias whose default branch is no wrapper stays clean."""
    source = OUTSIDE / "weight_norm_forms.py"
    by_line = {f.line: f for f in weight_norm_findings() if Path(f.path).name == "weight_norm_forms.py"}
    appended = by_line[line_of(source, "self.ups.append(wn(")]
    assert appended.attribute == "ups" and "legacy torch.nn.utils.weight_norm" in appended.message
    assert by_line[line_of(source, "self.pre = norm_f(")].attribute == "pre"
    assert by_line[line_of(source, "self.convs = nn.ModuleList([norm_f(")].attribute == "convs"
    assert line_of(source, "self.norm = norm_f(") not in by_line
    assert line_of(source, "self.plain.append(") not in by_line


def test_weight_norm_through_a_module_level_conditional_alias():
    """``NORM = spectral_norm if USE_SPECTRAL_NORM else wn`` at file scope: the file's constant takes ``wn``; an alias
    whose constant takes ``nn.Identity`` stays clean."""
    source = OUTSIDE / "weight_norm_forms.py"
    by_line = {f.line: f for f in weight_norm_findings() if Path(f.path).name == "weight_norm_forms.py"}
    assert by_line[line_of(source, "self.pre = NORM(")].attribute == "pre"
    assert line_of(source, "self.norm = MAYBE_NORM(") not in by_line


def test_a_helper_returning_a_container_of_a_wrapped_layer_is_reported_at_the_helper(monkeypatch):
    """``return nn.Sequential(spectral_norm(nn.Conv1d(...)), ...)`` and fastai's ``conv = spectral_norm(conv); layers =
    [conv]; ...; return nn.Sequential(*layers)``: one finding at the helper's wrapper call, the class's call related,
    each confirmed at leaf level under diffusers' hooks; the parametrized and plain blocks beside them are not."""
    import warnings

    from offload_lint.confirm.backends import TRACKING
    from offload_lint.confirm.join import confirm_findings

    helpers = OUTSIDE / "weight_norm_helpers.py"
    forms = OUTSIDE / "weight_norm_forms.py"
    found = [f for f in weight_norm_findings() if f.class_name == "HelperContainers"]
    assert sorted((f.line, f.attribute) for f in found) == [
        (line_of(helpers, "return nn.Sequential(spectral_norm("), "sn_block"),
        (line_of(helpers, "conv = spectral_norm(conv)"), "refine")]
    for finding in found:
        assert Path(finding.path).name == "weight_norm_helpers.py"
        assert "returns an nn.Sequential holding a layer wrapped with the legacy torch.nn.utils.spectral_norm" \
            in finding.message
        called = f"self.{finding.attribute} = "
        assert [(Path(r.path).name, r.line) for r in finding.related] == [("weight_norm_forms.py", line_of(forms, called))]
    monkeypatch.syspath_prepend(str(OUTSIDE))
    warnings.simplefilter("ignore", FutureWarning)  # torch deprecates the legacy wrappers
    verdicts = confirm_findings(found, backend=TRACKING)
    assert [(f.code, f.attribute, v.verdict) for f, v in verdicts] == [
        ("OFL204", "sn_block", "confirmed"), ("OFL204", "refine", "confirmed")], [v.evidence for _, v in verdicts]


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


# Fixtures whose findings depend on installed transformers (the environment test lints the others bare).
INSTALLED = FIXTURES / "installed"


def test_a_path_the_installed_class_lacks_is_said_to_raise_attribute_error():
    transformers = pytest.importorskip("transformers")
    source = INSTALLED / "installed_encoders.py"
    found = lint(Options(paths=[str(source)], jobs=1)).findings
    shown, _ = expected(source.read_text())
    assert sorted((f.line, f.code) for f in found) == sorted((line, code) for (_, line, code) in shown.elements())
    by_line = {f.line: f.message for f in found}
    clip = by_line[line_of(source, "hidden = self.text_encoder.text_model.final_layer_norm")]
    # No T5EncoderModel ever had ``text_model``: broken code in every version, no offloading hazard, not reported.
    assert line_of(source, "self.text_encoder_2.text_model.final_layer_norm") not in by_line
    assert f"the installed CLIPTextModel (transformers {transformers.__version__}) has no 'text_model' (earlier " \
           "releases had it" in clip and "this line raises AttributeError" in clip
    assert "guess" not in clip
    # The fixes that work where the path exists: no "take the value from the output" (the normed state is not in it).
    assert "block_modules=['text_model', 'final_layer_norm']" in clip and "output" not in clip.split("Fix:")[1]


def _accessor_findings(levels: tuple[str, ...]):
    settings = Settings(levels=levels)
    return lint(Options(paths=[str(OUTSIDE / "accessor_pipeline.py")], settings=settings, jobs=1)).findings


def test_accessor_value_is_a_block_level_finding_and_names_the_embedding():
    source = OUTSIDE / "accessor_pipeline.py"
    block = [f for f in _accessor_findings(("block",)) if "get_input_embeddings()" in f.message]
    assert sorted(f.line for f in block) == [line_of(source, "return embed_layer(ids)"),
                                             line_of(source, "get_input_embeddings()(ids)")]
    assert all(f.levels == ("block",) and "leaf level" in f.message and "exclude_modules" in f.message for f in block)
    # at leaf level the embedding layer has its own hook
    assert not [f for f in _accessor_findings(("leaf",)) if "get_input_embeddings()" in f.message]


def test_device_property_names_its_readers_and_only_strategies_where_device_lies():
    source = OUTSIDE / "accessor_pipeline.py"
    got = [f for f in _accessor_findings(("block", "leaf")) if f.attribute == "text_encoder.device"]
    assert [f.line for f in got] == [line_of(source, "return self.text_encoder.device")]
    # the pipeline's own reader, not DiffusionPipeline._execution_device (which asks the hooks first)
    assert "what __call__() places" in got[0].message and "_execution_device()" not in got[0].message
    assert got[0].levels == ("block", "leaf")
    # FSDP2 and ZeRO-3 keep .device true: nothing to report
    assert not [f for f in _accessor_findings(("fsdp2", "zero3")) if f.attribute == "text_encoder.device"]
