"""Exact findings on the fixtures: every `# OFLnnn` marker (tests/markers.py) is found, nothing else is."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.finding import BLOCK, LEAF
from tests.markers import expected
from tests.lines import line_of

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
# Each folder is linted as a project of its own; OFL206 is off by default and checked here too.
FOLDERS = ("core", "outside", "readiness")
CHECK_PREFIX = "OFL3"


def _lint_folder(folder: str):
    settings = Settings(extend_select=["OFL206"])
    return lint(Options(paths=[str(FIXTURES / folder)], settings=settings, jobs=1, show_suppressed=True)).findings


def _marked(folder: str) -> tuple[Counter, Counter]:
    shown: Counter = Counter()
    suppressed: Counter = Counter()
    for path in sorted((FIXTURES / folder).rglob("*.py")):
        found, hidden = expected(path.read_text(), str(path.relative_to(FIXTURES)))
        # readiness --check's codes mark test configs, not linted code: tests/readiness/test_check.py has them.
        found = Counter({key: n for key, n in found.items() if not key[2].startswith(CHECK_PREFIX)})
        shown += found
        suppressed += hidden
    return shown, suppressed


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_marker_is_found_and_nothing_else(folder):
    got = _lint_folder(folder)
    shown, suppressed = _marked(folder)
    key = lambda f: (str(Path(f.path).resolve().relative_to(FIXTURES)), f.line, f.code)  # noqa: E731
    assert Counter(key(f) for f in got if not f.suppressed_by) == shown
    assert Counter(key(f) for f in got if f.suppressed_by) == suppressed


@pytest.fixture(scope="module")
def findings():
    options = Options(paths=[str(FIXTURES / "core")], settings=Settings(), jobs=1, show_suppressed=True)
    return lint(options).findings


def test_opt_out_suppresses_instead_of_dropping():
    hidden = lint(Options(paths=[str(FIXTURES / "core" / "optout.py")], jobs=1))
    assert hidden.findings == [] and hidden.suppressed == 1


def by_attribute(findings, name: str, attribute: str):
    return [f for f in findings if Path(f.path).name == name and f.attribute == attribute]


def test_levels_follow_the_hooks(findings):
    # Root parameters outside forward(): both levels.
    (clip_std,) = by_attribute(findings, "prior.py", "clip_std")
    assert clip_std.levels == (BLOCK, LEAF)
    # A leaf weight read inside forward(): the unmatched group is onloaded at block level.
    (proj,) = by_attribute(findings, "leaf_reads.py", "proj.weight")
    assert proj.levels == (LEAF,)
    # An unmatched child called from an entry point: block level only.
    assert {f.levels for f in findings if f.code == "OFL102"} == {(BLOCK,)}
    # Scorer.score is called from Ranker.forward, where block level onloads Scorer's weights.
    (score,) = by_attribute(findings, "helpers.py", "weight_vector")
    assert score.levels == (LEAF,)


def test_a_python_number_from_the_caller_mixes_no_devices_in_a_child(findings):
    # The child shifts the ids by its ``offset`` parameter: a number at one call, a tensor at the other.
    def levels(method: str) -> tuple[str, ...]:
        (found,) = [f for f in findings if f.code == "OFL105" and f.method == method]
        return found.levels
    assert levels("shifted_prompts") == (BLOCK,)
    assert levels("shifted_by_input") == (BLOCK, LEAF)


def test_messages_name_the_attribute_method_hook_and_fix(findings):
    (finding,) = by_attribute(findings, "prior.py", "clip_std")
    assert finding.class_name == "Prior" and finding.method == "post_process_latents"
    for part in ("post_process_latents()", "'clip_std'", "Prior.forward()", "block and leaf level",
                 "self.clip_std.to(prior_latents.device)"):
        assert part in finding.message




def test_external_call_site_is_named(findings):
    (finding,) = by_attribute(findings, "helpers.py", "weight_vector")
    caller = line_of(FIXTURES / "core" / "helpers.py", "return self.scorer.score(x)")
    assert finding.call_site is not None and finding.call_site.line == caller
    assert "called from" in finding.message and f"helpers.py:{caller}" in finding.message
    decode = [f for f in findings if Path(f.path).name == "vae.py" and f.code == "OFL102" and f.method == "decode"]
    assert {(f.class_name, f.call_site.line) for f in decode} == {
        ("TinyVAE", line_of(FIXTURES / "core" / "vae.py", "image = self.vae.decode(latents)")),
        ("CheckpointedVAE", line_of(FIXTURES / "core" / "vae.py", "self.checkpointed_vae.decode(latents)")),
    }


@pytest.mark.parametrize("level, only_here, not_here", [(BLOCK, "OFL102", "OFL204"), (LEAF, "OFL104", "OFL102")])
def test_level_option_restricts_findings(findings, level, only_here, not_here):
    """One level finds the rules the default run (both levels) finds at that level, and says only that level.
    (Read from the default run, not listed: a new rule's fixture adds its code to both sides.)"""
    both = {f.code for f in findings if level in f.levels and not f.suppressed_by}
    options = Options(paths=[str(FIXTURES / "core")], settings=Settings(levels=(level,)), jobs=1)
    findings = lint(options).findings
    assert {f.code for f in findings} == both
    assert only_here in both and not_here not in both and len(both) >= 5
    assert all(f.levels == (level,) for f in findings)


def test_a_cached_table_in_a_kwargs_dict_is_moved_by_the_block_hooks(findings):
    """RotaryTransformer: the table is memoized on self, gathered with dict.update() and handed only to the
    blocks (also through gradient checkpointing), whose hooks move it at both levels: nothing is reported."""
    assert [f.message for f in findings if f.class_name == "RotaryTransformer"] == []


def test_an_untyped_child_names_the_construction_that_typed_it(findings):
    # ``self.model = model`` has no annotation: the message says which construction typed it.
    (found,) = [f for f in findings if Path(f.path).name == "handed_in_children.py" and "UntypedWrapper's" in f.message]
    assert "'model' is handed in untyped; UntypedWrapper(...) at " in found.message
    assert "is handed a TinyEncoder" in found.message


def test_a_parameter_list_read_through_a_loop_variable(findings):
    """Round i's recall miss (StyleTTS2's AdaINResBlock1): ``for conv, alpha in zip(self.convs, self.alphas)`` reads
    the ParameterList's tensors as the subscript ``self.alphas[i]`` does; moved to the input's device, or only
    counted, they are no hazard."""
    source = FIXTURES / "core" / "forwardless_containers.py"
    found = [f for f in findings if Path(f.path).name == "forwardless_containers.py" and f.class_name == "SnakeResBlock"]
    assert [(f.line, f.code, f.attribute) for f in found] == [
        (line_of(source, "x = x + (1 / alpha) * torch.sin(alpha * x)"), "OFL104", "alphas[i]")]
    assert "ParameterList self.alphas" in found[0].message


def test_a_hub_model_loaded_into_a_constructor_local_is_dropped_but_its_kept_parts_are_judged(findings):
    """Round i's cause AU (Show-o2's ``siglip = SiglipModel.from_pretrained(...)`` in ``__init__``, two children
    kept): the loaded model's findings and those of classes only it holds are suppressed with the reason; the kept
    encoder's, a model also loaded by a function, and the parts of one whose kept path cannot be followed stay."""
    found = {f.line: f for f in findings if Path(f.path).name == "loaded_local_parts.py"}
    source = FIXTURES / "core" / "loaded_local_parts.py"
    dropped = found[line_of(source, "return self.text_model(x)  # OFL102 (suppressed)")]
    assert dropped.suppressed_by.startswith("loaded with HubDualModel.from_pretrained() only inside "
                                            "SemanticLayers.__init__(), as a local")
    head = found[line_of(source, "nn.MultiheadAttention(dim, 2, batch_first=True)  # OFL204 (suppressed)")]
    assert head.suppressed_by.startswith("held only by HubVisionTower, which the tree never keeps")
    kept = [f for f in findings if Path(f.path).name == "loaded_local_parts.py" and f.class_name == "HubEncoder"]
    assert kept and not any(f.suppressed_by for f in kept)
    assert not found[line_of(source, "return self.text_model(x)  # OFL102\n")].suppressed_by
    assert not found[line_of(source, "self.attention = nn.MultiheadAttention(dim, 2, batch_first=True)  # OFL204\n")] \
        .suppressed_by


def test_a_container_grown_by_appends_is_typed_and_its_elements_weightless_methods_need_no_hook():
    """fixtures/core/grown_containers.py (jukebox's prior): ``self.layers = nn.ModuleList()`` filled by a lambda's
    layers; checking and clearing each attention's cache through ``for layer in self.layers: layer.attn.<m>()``
    touch no weight (not reported), warming it from a projection's weight does (reported at both calls)."""
    from offload_lint.engine import Linter

    path = FIXTURES / "core" / "grown_containers.py"
    findings = lint(Options(paths=[str(path)], settings=Settings(), jobs=1)).findings
    lines = {(f.line, f.code) for f in findings}
    assert (line_of(path, "self.transformer.warm_cache(x.shape[0])"), "OFL102") in lines
    assert not {line for line, _ in lines} & {line_of(path, "self.transformer.check_cache("),
                                              line_of(path, "self.transformer.del_cache()")}
    project, semantics, _ = Linter(Options(paths=[str(path)], settings=Settings(), jobs=1)).project_model()
    transformer = next(c for c in project.project_classes() if c.name == "CachedTransformer")
    assert transformer.owned["layers"].classes == (f"{transformer.qualified.rsplit('.', 1)[0]}.AttentionLayer",)
    assert not semantics.touches_weights(transformer, "check_cache")
    assert semantics.touches_weights(transformer, "warm_cache")


def test_a_child_made_on_first_use_after_construction_is_suppressed_with_the_reason():
    """fixtures/core/caches_built_at_inference.py (Zonos' speaker model): ``if self.speaker is None: self.speaker =
    SpeakerEncoder()`` in a method a loaded model runs is made after offloading: its call is kept suppressed with the
    reason; the same guard in a method ``__init__`` calls makes the child at construction, and stays reported."""
    path = FIXTURES / "core" / "caches_built_at_inference.py"
    findings = lint(Options(paths=[str(path)], settings=Settings(), jobs=1, show_suppressed=True)).findings
    (lazy,) = [f for f in findings if f.line == line_of(path, "return self.speaker(wav)")]
    assert lazy.suppressed_by and "built on first use in SpeechModel.speaker_embedding()" in lazy.suppressed_by
    (prepared,) = [f for f in findings if f.line == line_of(path, "return self.prepared(wav)")]
    assert prepared.code == "OFL102" and not prepared.suppressed_by


def test_a_bound_method_of_a_handed_modules_child_is_judged_and_fixed_on_the_handed_class():
    """fixtures/core/bound_method_parts.py (ChatTTS' GPT keeps ``embed.emb_text.__call__``): the child is Embed's, not
    the holder's; the finding names Embed's unmatched group and Embed's block modules, with no automatic fix (one on
    the holder would change nothing); a bound method of Embed's declared block module runs that block's hook."""
    path = FIXTURES / "core" / "bound_method_parts.py"
    findings = lint(Options(paths=[str(path)], settings=Settings(), jobs=1)).findings
    (finding,) = findings
    assert finding.line == line_of(path, "hidden = self.emb_text(ids)")
    assert "in Embed's unmatched group" in finding.message and "add 'emb_text' to Embed._group_offload_block_modules" \
        in finding.message and "Decoder._group_offload_block_modules" not in finding.message
    assert finding.fix is None
