"""Methods a module-level function calls on the ``self`` forward hands it run inside forward
(fixtures/core/handed_self_forward.py): not reported as ways in; the run under diffusers' hooks agrees, and the
look-alike called from outside forward is confirmed."""

from __future__ import annotations

import warnings

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "core" / "handed_self_forward.py"


def test_methods_run_by_the_function_forward_hands_self_to_are_not_ways_in():
    found = {(f.class_name, f.method) for f in lint(Options(paths=[str(FIXTURE)], settings=Settings(), jobs=1)).findings}
    assert not [key for key in found if key[0] in ("VariationalModule", "SampledDiffusion")]
    assert ("ExposedModule", "generative") in found and ("ExposedModule", "inference") not in found


def test_forward_through_the_function_is_hooked_a_direct_generative_call_is_not(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(FIXTURE.parent))
    warnings.simplefilter("ignore")
    through_forward = confirm("handed_self_forward:VariationalModule", "forward",
                              CheckConfig(level="both", backend="tracking"))
    assert through_forward.verdict == "refuted", through_forward.to_text()
    sampled = confirm("handed_self_forward:SampledDiffusion", "forward", CheckConfig(level="both", backend="tracking"))
    assert sampled.verdict == "refuted", sampled.to_text()
    direct = confirm("handed_self_forward:ExposedModule", "generative", CheckConfig(level="both", backend="tracking"))
    assert direct.verdict == "confirmed", direct.to_text()
    assert "px_r" in direct.to_text()


IMPORTED = FIXTURES / "core" / "handed_self_imported.py"
FUNCTIONS = FIXTURES / "core" / "handed_self_functions.py"


def test_methods_run_by_an_imported_function_forward_hands_self_to_are_not_ways_in():
    found = {(f.class_name, f.method) for f in lint(Options(paths=[str(IMPORTED), str(FUNCTIONS)], settings=Settings(),
                                                            jobs=1)).findings}
    assert not [key for key in found if key[0] == "RelativeSelfAttention"]
    assert ("ExposedRelativeAttention", "relative_scores") in found


def test_forward_through_the_imported_function_is_hooked(monkeypatch):
    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(IMPORTED.parent))
    warnings.simplefilter("ignore")
    report = confirm("handed_self_imported:RelativeEncoder", "forward", CheckConfig(level="both", backend="tracking"))
    assert report.verdict == "refuted", report.to_text()
    direct = confirm("handed_self_imported:ExposedRelativeAttention", "relative_scores",
                     CheckConfig(level="block", backend="tracking"))
    assert direct.verdict == "confirmed", direct.to_text()


def test_an_edit_of_the_imported_function_gives_the_cold_answer(tmp_path):
    """The function's file changes what it calls on the module: the warm run analyses the class handing it ``self``
    again (its file did not change) and gives the cold run's answer."""
    import io

    from offload_lint.report.json_format import render as render_json

    for path in (IMPORTED, FUNCTIONS):
        (tmp_path / path.name).write_text(path.read_text())

    def report(cache):
        out = io.StringIO()
        render_json(lint(Options(paths=[str(tmp_path)], settings=Settings(), jobs=1, cache_dir=cache)), out)
        return out.getvalue()

    cache = tmp_path.parent / f"{tmp_path.name}-cache"
    assert "RelativeSelfAttention" not in report(cache)
    functions = tmp_path / FUNCTIONS.name
    functions.write_text(functions.read_text().replace("scores = module.relative_scores(scores)", "scores = scores"))
    after = report(cache)
    assert after == report(None)
    assert "RelativeSelfAttention" in after
