"""Static findings joined with runtime observations."""

import json

import confirm_models
from offload_lint.confirm import annotate, confirm_findings
from offload_lint.finding import Finding
from tests.lines import line_of

MODELS = confirm_models.__file__
MODULE = "confirm_models"




def body_line(cls: str, method: str) -> int:
    import inspect

    return inspect.getsourcelines(getattr(getattr(confirm_models, cls), method))[1] + 1


def finding(cls: str, method: str, attribute: str, line: int, levels=("block", "leaf"), code="OFL101") -> Finding:
    return Finding(MODELS, line, 9, line, 30, code, "rule", "msg", class_name=cls, method=method,
                   levels=levels, attribute=attribute, module=MODULE)


def test_line_match_confirms_and_uncovered_access_becomes_ofl900():
    bug_line = line_of(MODELS, "# BUG: offloaded outside forward")
    only_std = finding("TinyPrior", "post_process_latents", "clip_std", bug_line)
    pairs = confirm_findings([only_std], backend="fake-cuda")
    verdict = pairs[0][1]
    assert verdict.verdict == "confirmed"
    assert "line match" in verdict.evidence and verdict.level == "block,leaf"
    # clip_mean is read on the same line, so the same access list explains it: no OFL900 for that line.
    assert all(f.code != "OFL900" for f, _ in pairs)


def test_attribute_match_when_line_differs():
    wrong_line = finding("TinyNormalizer", "scale", "std", line=1)
    verdict = confirm_findings([wrong_line], backend="tracking")[0][1]
    assert verdict.verdict == "confirmed"
    assert "no line match" in verdict.evidence


def test_an_access_on_a_related_location_is_a_line_match():
    """A finding's related locations are other places of the same cause: an access there matches its line."""
    from offload_lint.confirm.join import _at_line
    from offload_lint.confirm.report import Access, Frame
    from offload_lint.finding import RelatedLocation
    from offload_lint.related import with_related

    reported = finding("TinyPrior", "post_process_latents", "clip_std", line=1)
    access = Access("compute", "clip_std", "mul", (Frame(MODELS, 40, "post_process_latents"),))
    assert not _at_line(access, reported)
    assert _at_line(access, with_related(reported, (RelatedLocation(MODELS, 40, 1, "another use"),)))
    elsewhere = RelatedLocation(MODELS.replace("confirm_models", "other_models"), 40, 1, "generated copy")
    assert not _at_line(access, with_related(reported, (elsewhere,)))


def test_a_template_finding_is_reached_where_its_generated_copy_runs():
    """A template never runs: its finding's line is judged at the related generated copy's line, and coverage of
    that file that misses the line is "not reached", not an unknown that lets a run refute it."""
    from offload_lint.confirm.join import line_reached
    from offload_lint.confirm.report import LevelResult
    from offload_lint.finding import RelatedLocation
    from offload_lint.related import with_related

    template = finding("TinyPrior", "post_process_latents", "clip_std", line=7)
    template = template.__class__(**{**template.__dict__, "path": MODELS.replace("confirm_models", "modular_models")})
    reported = with_related(template, (RelatedLocation(MODELS, 40, 1, "generated copy"),))

    def ran(*lines: int) -> LevelResult:
        return LevelResult("accelerate-sequential", "cpu", "refuted", "", True, lines_run={MODELS: frozenset(lines)})

    assert not line_reached(reported, ran(39, 41)), "the generated file ran, but not the finding's copy of the line"
    assert line_reached(reported, ran(40))
    assert line_reached(template, ran(39, 41)), "without the related copy nothing says which lines are its own"


def test_fixed_code_is_refuted_and_level_is_respected():
    fixed_line = line_of(MODELS, "self.clip_std.to(device)")
    fixed = finding("TinyPriorFixed", "post_process_latents", "clip_std", fixed_line)
    leaf_read = finding("FunctionalProjection", "forward", "proj.weight", line_of(MODELS, "return F.linear(x, self.proj.weight, self.proj.bias)"),
                        levels=("leaf",), code="OFL103")
    block_claim = finding("FunctionalProjection", "forward", "proj.weight", line_of(MODELS, "return F.linear(x, self.proj.weight, self.proj.bias)"),
                          levels=("block",), code="OFL103")
    verdicts = [v for _, v in confirm_findings([fixed, leaf_read, block_claim], backend="fake-cuda")]
    assert [v.verdict for v in verdicts] == ["refuted", "confirmed", "refuted"]
    assert verdicts[1].level == "leaf"


def test_child_call_finding_matches_the_call_line():
    call_line = line_of(MODELS, "        return self.decoder(z)\n")
    child = finding("TinyVAE", "decode", "decoder", call_line, levels=("block",), code="OFL102")
    pairs = confirm_findings([child], backend="fake-cuda")
    assert pairs[0][1].verdict == "confirmed"
    assert "line match" in pairs[0][1].evidence
    assert len(pairs) == 1  # every decoder access is explained by the call-line finding


def test_runtime_only_access_reported_as_ofl900():
    # A finding on scale only; unscale is run too (another finding) but claims a different attribute/line.
    scale = finding("TinyNormalizer", "scale", "mean", line_of(MODELS, "return (embeds - self.mean)"))
    unscale_wrong = finding("TinyNormalizer", "unscale", "not_a_weight", 1, levels=("block",))
    pairs = confirm_findings([scale, unscale_wrong], backend="tracking")
    extra = [f for f, _ in pairs if f.code == "OFL900"]
    assert {f.attribute for f in extra} == {"std", "mean"}
    assert all(f.line == line_of(MODELS, "return (embeds * self.std)") for f in extra if f.method == "unscale")
    assert all(f.runtime is not None and f.runtime.verdict == "confirmed" for f in extra)  # a typed verdict
    assert all("verdict" not in f.extra for f in extra)


def test_untriggered_without_class_or_import():
    no_class = Finding(MODELS, 1, 1, 1, 2, "OFL105", "rule", "msg")
    bad_module = Finding(MODELS, 1, 1, 1, 2, "OFL101", "rule", "msg", class_name="Nope", method="forward",
                         module="no_such_module_xyz")
    verdicts = [v for _, v in confirm_findings([no_class, bad_module], backend="tracking")]
    assert [v.verdict for v in verdicts] == ["untriggered", "untriggered"]
    assert "ModuleNotFoundError" in verdicts[1].evidence


def test_annotate_adds_json_fields_and_shows_progress(capsys):
    # Each finding sits on its method's first body line: a line that never runs would be "untriggered" (C7).
    findings = [finding("TinyNormalizer", m, "mean", body_line("TinyNormalizer", m)) for m in ("scale", "unscale")]
    findings += [finding(name, "post_process_latents", "clip_std", body_line(name, "post_process_latents"))
                 for name in ("TinyPrior", "TinyPriorFixed", "TinyPriorMetadata", "TinyPriorDeviceRead")]
    annotated = annotate(findings, progress=True, backend="fake-cuda")
    data = [f.to_json() for f in annotated]
    json.dumps(data)
    assert {"verdict", "backend", "level", "evidence"} <= set(data[0])
    assert all(f.runtime is not None and not f.extra for f in annotated)  # the verdict is a typed field
    # TinyPriorDeviceRead places a tensor with clip_std's device and adds it to the input: confirmed.
    assert [d["verdict"] for d in data[:6]] == ["confirmed", "confirmed", "confirmed", "refuted", "refuted",
                                                "confirmed"]
    assert "confirm [" in capsys.readouterr().err  # 6 targets > 5: progress bar on stderr


def test_annotate_is_quiet_for_few_targets(capsys):
    annotate([finding("TinyNormalizer", "scale", "mean", 1)], progress=True, backend="tracking")
    assert capsys.readouterr().err == ""


def test_kept_results_do_not_keep_the_built_models_alive():
    """In one process (``isolate = false``) a whole tree keeps every check's result until the join: a failed try's
    traceback must not hold the model (its frames' locals) — a whole-tree run grew to 12 GB that way."""
    import gc

    from offload_lint.confirm.config import ConfirmConfig
    from offload_lint.confirm.join import plan_checks, run_checks

    pool = finding("TinyTokenPool", "pool", "proj.weight", line_of(MODELS, "# POOL_PROJECTION"), code="OFL103")
    results = run_checks(plan_checks([pool]), backend="tracking", config=ConfirmConfig(isolate=False))
    assert any(result.failures for result in results.values())  # wrong guesses were made and kept
    gc.collect()
    assert not [o for o in gc.get_objects() if isinstance(o, confirm_models.TinyTokenPool)]


def test_second_call_of_the_reported_submodule_is_the_same_hazard_and_deep_stacks_keep_the_call_line():
    call = finding("DeepTwiceVAE", "decode", "decoder", line_of(MODELS, "# FIRST_DECODER_CALL"), levels=("block",),
                   code="OFL102")
    pairs = confirm_findings([call], backend="fake-cuda")
    assert [f.code for f, _ in pairs] == ["OFL102"], [f.message for f, _ in pairs]  # no OFL900 for the 2nd call
    verdict = pairs[0][1]
    assert verdict.verdict == "confirmed" and "(line match)" in verdict.evidence, verdict.evidence
