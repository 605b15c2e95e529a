"""The same model code vendored in several files is one cause: reported once, at the copy that runs (imported
from outside its folder, else the first by path), with the other identical copies as related locations; a copy
whose method differs keeps its own finding (fixtures/outside/vendored/)."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint, lint_files
from offload_lint.report.json_format import render as render_json
from tests.lines import line_of

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "fixtures" / "outside" / "vendored"
SHIFT = "return x + self.mean"
RESCALE = "return x * self.scale"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the fixture's package as a project of its own."""
    shutil.copytree(FIXTURE, tmp_path / "vendored")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    return tmp_path


def run(project: Path, cache: Path | None = None) -> list:
    return lint(Options(paths=[str(project)], settings=Settings(), jobs=1, cache_dir=cache)).findings


def at(project: Path, copy: str, text: str) -> tuple[str, int]:
    path = project / "vendored" / copy / "model.py"
    return str(path), line_of(path, text)


def places(findings: list) -> dict[tuple[str, int], list[tuple[str, int]]]:
    return {(f.path, f.line): [(r.path, r.line) for r in f.related] for f in findings if f.method in ("shift", "rescale")}


def test_identical_copies_are_one_finding_at_the_imported_copy(project):
    found = places(run(project))
    assert found == {
        at(project, "b_runs", SHIFT): [at(project, "a_spare", SHIFT)],
        at(project, "b_runs", RESCALE): [at(project, "a_spare", RESCALE), at(project, "c_diverged", RESCALE)],
        # Its shift() was edited: not the same code, its own finding.
        at(project, "c_diverged", "return x + 2 * self.mean"): [],
    }


def test_the_note_says_why_that_copy_is_reported(project):
    (finding,) = [f for f in run(project) if f.method == "shift" and f.related]
    (related,) = finding.related
    assert related.note == ("an identical copy of method VendoredNorm.shift; reported at the copy imported from "
                            "outside its folder (the first by path if several are)")
    assert f"{related.path}:{related.line}:" in finding.message


def test_without_an_importer_the_first_copy_by_path_is_reported(project):
    (project / "vendored" / "app.py").unlink()
    found = places(run(project))
    assert found[at(project, "a_spare", SHIFT)] == [at(project, "b_runs", SHIFT)]
    (finding,) = [f for f in run(project) if f.method == "shift" and f.related]
    assert "reported at the first copy by path (none is imported from outside its folder)" in finding.message


def test_a_copied_from_comment_names_the_copy_where_the_fix_goes(project):
    """diffusers' and transformers' copies say where they come from: that copy is reported, imported or not."""
    model = project / "vendored" / "b_runs" / "model.py"
    model.write_text(model.read_text().replace(
        "class VendoredNorm", "# Copied from vendored.a_spare.model.VendoredNorm\nclass VendoredNorm"))
    found = places(run(project))
    assert found[at(project, "a_spare", SHIFT)] == [at(project, "b_runs", SHIFT)]
    assert found[at(project, "a_spare", RESCALE)] == [at(project, "b_runs", RESCALE), at(project, "c_diverged", RESCALE)]
    (finding,) = [f for f in run(project) if f.method == "shift" and f.related]
    assert "reported at the copy the others' `# Copied from` comments name" in finding.message


def test_noqa_on_the_reported_line_covers_every_copy(project):
    model = project / "vendored" / "b_runs" / "model.py"
    model.write_text(model.read_text().replace(f"{SHIFT}  # OFL101", f"{SHIFT}  # noqa: OFL101"))
    assert [f for f in run(project) if f.method == "shift" and "2 * self.mean" not in f.message] == []


def test_json_and_sarif_carry_the_related_copies(project):
    def cli(fmt: str):
        done = subprocess.run([sys.executable, "-m", "offload_lint", "--no-cache", "--output-format", fmt, "vendored"],
                              cwd=project, capture_output=True, text=True, timeout=120,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        assert done.returncode == 1, done.stderr
        return json.loads(done.stdout)

    (finding,) = [f for f in cli("json") if f["method"] == "rescale"]
    assert [r["path"] for r in finding["related_locations"]] == ["vendored/a_spare/model.py", "vendored/c_diverged/model.py"]
    sarif = cli("sarif")["runs"][0]["results"]
    (result,) = [r for r in sarif if r["properties"]["method"] == "rescale"]
    uris = [r["physicalLocation"]["artifactLocation"]["uri"] for r in result["relatedLocations"]]
    assert [uri.rsplit("/", 2)[-2] for uri in uris] == ["a_spare", "c_diverged"]


def test_one_file_at_a_time_gives_the_answer_of_the_whole_run(project):
    """flake8 lints file by file: a copy's finding is named at the reported copy there too."""
    folder = str(project / "vendored")
    spare, runs = (str(project / "vendored" / name / "model.py") for name in ("a_spare", "b_runs"))
    shift = lambda result: [f for f in result.findings if f.method == "shift"]  # noqa: E731
    assert shift(lint_files([spare], [folder], Settings(), read_installed=False)) == []
    (found,) = shift(lint_files([runs], [folder], Settings(), read_installed=False))
    assert [location.path for location in found.related] == [spare]


def report(project: Path, cache: Path | None) -> str:
    out = io.StringIO()
    render_json(lint(Options(paths=[str(project)], settings=Settings(), jobs=1, cache_dir=cache)), out)
    return out.getvalue()


def test_an_edited_copy_unfolds_and_the_cached_run_gives_the_cold_answer(project, tmp_path):
    cache = tmp_path / "cache"
    report(project, cache)
    assert places(run(project, cache))[at(project, "b_runs", SHIFT)] == [at(project, "a_spare", SHIFT)]
    spare = project / "vendored" / "a_spare" / "model.py"
    spare.write_text(spare.read_text().replace(SHIFT, "return x + self.mean * 1.0"))
    after = report(project, cache)
    assert after == report(project, None)
    found = places(run(project, cache))
    assert found[at(project, "b_runs", SHIFT)] == []
    assert found[at(project, "a_spare", "return x + self.mean * 1.0")] == []


def _keys(text: str) -> tuple[str, str]:
    import ast
    import textwrap

    from offload_lint.index.copies import set_copy_keys
    from offload_lint.index.extract import summarize

    text = textwrap.dedent(text)
    summary = summarize(ast.parse(text), "m.py", "m", False)
    set_copy_keys(summary, text)
    (cls,) = [cls for cls in summary.classes if cls.name == "A"]
    return cls.copy_key, cls.methods["run"].copy_key


def test_the_copy_key_ignores_comments_blank_lines_and_indentation_but_not_code():
    plain = _keys('''
        class A:
            def run(self, x):
                if x:
                    x = x + 1
                return x
    ''')
    nested_and_commented = _keys('''
        class Outer:
            class A:  # vendored
                # a comment
                def run(self, x):

                    if x:  # "quoted" '#'
                        x = x + 1
                    return x  # done
    ''')
    assert nested_and_commented == plain
    assert _keys('''
        class A:
            def run(self, x):
                if x:
                    x = x + 1
                    return x
    ''')[1] != plain[1], "a statement moved into the block is other code"
    assert _keys('''
        class A:
            def run(self, x):
                if x:
                    x = x + "#1"
                return x
    ''')[1] != plain[1]


def test_a_dropped_copy_hands_its_own_related_places_to_the_reported_one():
    """A copy that is itself reported with a related place (a template with its generated file) keeps that place
    when it folds into another copy."""
    from offload_lint.finding import Finding, RelatedLocation
    from offload_lint.related import Copy, fold_copies

    generated = RelatedLocation("b/modeling.py", 7, 1, "generated from this file")
    kept = Finding("a/model.py", 5, 1, 5, 9, "OFL101", "n", "m", "A", "run", attribute="w")
    dropped = Finding("b/modular.py", 5, 1, 5, 9, "OFL101", "n", "m", "A", "run", attribute="w", related=(generated,))
    (folded,) = fold_copies([kept, dropped], lambda f: Copy("k", (0,) if f is kept else (1,), "a copy; {why}", "first"))
    assert [(r.path, r.line) for r in folded.related] == [("b/modular.py", 5), ("b/modeling.py", 7)]
    assert folded.related[0].note == "a copy; first"
