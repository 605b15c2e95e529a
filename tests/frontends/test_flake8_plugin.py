"""The flake8 plugin, through a real flake8: same findings, messages, columns and noqa as the CLI."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from offload_lint.ruledocs import all_docs

from frontend_helpers import (BAD_MODEL, GOOD_MODEL, ROOT, checkout_env, flake8_can_read, run_flake8,
                              run_offload_lint)

FLAKE8_FORMAT = "%(path)s|%(row)d|%(col)d|%(code)s|%(text)s"
_BAD_EXAMPLE = re.compile(r"```python bad\n(.*?)```", re.S)

INNER = '''\
import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.scale = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.rescale(self.proj(x))

    def rescale(self, x):
        return x * self.scale
'''
# Only this other file makes Inner.rescale() an entry point (a leaf-level finding in inner.py).
OUTER = '''\
from torch import nn

from inner import Inner


class Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner.rescale(x)
'''


def flake8_findings(*args: str, cwd: Path, extra_config: str = "") -> set[tuple[str, int, int, str, str]]:
    done = run_flake8("--select", "OFL", "--format", FLAKE8_FORMAT, *args, cwd=cwd, extra_config=extra_config)
    assert done.returncode in (0, 1), done.stderr
    found = set()
    for line in done.stdout.splitlines():
        path, row, col, code, text = line.split("|", 4)
        found.add((Path(path).as_posix().removeprefix("./"), int(row), int(col), code, text))
    return found


def cli_findings(*args: str, cwd: Path) -> set[tuple[str, int, int, str, str]]:
    done = run_offload_lint("--output-format", "json", "--no-cache", *args, cwd=cwd)
    assert done.returncode in (0, 1), done.stderr
    return {(Path(f["path"]).as_posix(), f["line"], f["column"], f["code"], f["message"])
            for f in json.loads(done.stdout)}


@pytest.fixture
def fixture_project(tmp_path: Path) -> Path:
    """The repository's fixtures plus every rule doc's bad example, as one project."""
    shutil.copytree(ROOT / "fixtures", tmp_path / "fixtures")
    for code, text in all_docs().items():
        for index, source in enumerate(_BAD_EXAMPLE.findall(text)):
            (tmp_path / f"doc_{code}_{index}.py").write_text(source)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "fixtures"\n')
    return tmp_path


def test_flake8_reports_what_the_cli_reports_at_the_same_line_and_column(fixture_project: Path) -> None:
    cli = cli_findings(".", cwd=fixture_project)
    flake8 = flake8_findings(".", cwd=fixture_project)
    assert len(cli) >= 10 and {code for *_, code, _ in cli} >= {"OFL101", "OFL103", "OFL105"}
    assert flake8 == {finding for finding in cli if flake8_can_read(fixture_project / finding[0])}


def test_flake8_column_is_the_cli_column_not_one_off(write_project) -> None:
    root = write_project({"model.py": BAD_MODEL})
    columns = sorted(col for _, row, col, _, _ in flake8_findings("model.py", cwd=root))
    line = BAD_MODEL.splitlines()[15]
    # 1-based columns of self.clip_std and self.clip_mean, as an editor shows them.
    assert columns == [line.index("self.clip_std") + 1, line.index("self.clip_mean") + 1]


def test_noqa_is_honoured_like_the_cli(write_project) -> None:
    lines = BAD_MODEL.splitlines()
    source_line = lines[15]
    variants = {
        "specific.py": source_line + "  # noqa: OFL101",
        "bare.py": source_line + "  # noqa",
        "other_code.py": source_line + "  # noqa: E501",
    }
    # A class of its own per file: identical copies of one class would be one finding, at the first copy by path.
    root = write_project({name: "\n".join(lines[:15] + [line]).replace("class Prior", f"class Prior{index}") + "\n"
                          for index, (name, line) in enumerate(variants.items())})
    cli = cli_findings(".", cwd=root)
    flake8 = flake8_findings(".", cwd=root)
    assert {path for path, *_ in flake8} == {"other_code.py"}
    assert flake8 == cli


def test_per_file_mode_sees_callers_in_other_files_through_the_project_index(write_project) -> None:
    root = write_project({"inner.py": INNER, "outer.py": OUTER})
    alone = cli_findings("inner.py", cwd=root)
    assert alone == set(), "the CLI given one file cannot see outer.py: the test needs that difference"
    found = flake8_findings("inner.py", cwd=root)
    assert [(row, code) for _, row, _, code, _ in found] == [(15, "OFL101")]
    assert "called from outer.py:12" in next(iter(found))[4]


def test_stray_undecodable_bytes_in_a_comment_keep_the_project_view(write_project) -> None:
    # Python compiles a comment holding bytes that are no UTF-8; flake8 reads such a file as latin-1 and the engine
    # with replacements. Both are the file on disk: the plugin must not lint it alone as if it were unsaved text.
    root = write_project({"inner.py": INNER, "outer.py": OUTER})
    (root / "inner.py").write_bytes(INNER.replace("    def rescale(self, x):", "    def rescale(self, x):  # \xff\xfe")
                                    .encode("latin-1"))
    found = flake8_findings("inner.py", cwd=root)
    assert [(row, code) for _, row, _, code, _ in found] == [(15, "OFL101")]
    assert "called from outer.py:12" in next(iter(found))[4]


def test_offload_level_option_on_command_line_and_in_flake8_config(write_project) -> None:
    root = write_project({"inner.py": INNER, "outer.py": OUTER})  # a leaf-level-only finding
    assert flake8_findings("inner.py", cwd=root)
    assert flake8_findings("--offload-level", "block", "inner.py", cwd=root) == set()
    assert flake8_findings("inner.py", cwd=root, extra_config="offload-level = block") == set()
    assert flake8_findings("--offload-level", "leaf", "inner.py", cwd=root)


def test_plugin_honours_tool_offload_lint_in_pyproject(write_project) -> None:
    root = write_project({"inner.py": INNER, "outer.py": OUTER},
                         pyproject='[project]\nname = "demo"\n\n[tool.offload-lint]\nlevel = "block"\n')
    assert flake8_findings("inner.py", cwd=root) == set()
    assert flake8_findings("--offload-level", "leaf", "inner.py", cwd=root), "the flake8 option wins"


def test_setup_methods_option_turns_a_method_into_setup(write_project) -> None:
    root = write_project({"model.py": BAD_MODEL})
    assert flake8_findings("model.py", cwd=root)
    assert flake8_findings("--offload-extend-setup-methods", "post_process_latents", "model.py", cwd=root) == set()


def test_unsaved_buffer_on_stdin_is_linted_not_the_file_on_disk(write_project) -> None:
    root = write_project({"model.py": GOOD_MODEL})
    config = root / ".flake8-offload-test"
    run_flake8("--version", cwd=root)  # writes the config file the run below reuses
    done = subprocess.run(
        [sys.executable, "-m", "flake8", "--config", str(config), "--select", "OFL",
         "--stdin-display-name", "model.py", "-"],
        input=BAD_MODEL, cwd=root, env=checkout_env(), capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 1, done.stderr
    assert [line.split(" ")[0] for line in done.stdout.splitlines()] == ["model.py:16:26:", "model.py:16:42:"]


def test_large_project_without_index_cache_falls_back_to_the_file_alone(write_project, monkeypatch) -> None:
    import ast

    from offload_lint import flake8_plugin
    from offload_lint.engine import Options, lint
    from offload_lint.config import load_settings

    root = write_project({"inner.py": INNER, "outer.py": OUTER})
    monkeypatch.chdir(root)
    monkeypatch.setattr(flake8_plugin, "LARGE_PROJECT_FILES", 1)

    def plugin_codes() -> list[str]:
        plugin = flake8_plugin.OffloadLintPlugin(ast.parse(INNER), "inner.py", INNER.splitlines(keepends=True))
        return [message.split()[0] for _, _, message, _ in plugin.run()]

    assert plugin_codes() == [], "over the limit and no cache: inner.py alone"
    cache_dir = root / ".offload-lint-cache"
    from offload_lint.cache import Cache

    assert not Cache(cache_dir).has_manifest()
    lint(Options(paths=["."], settings=load_settings(root), jobs=1, cache_dir=cache_dir))  # what the CLI does
    assert plugin_codes() == ["OFL101"], "with the CLI's index cache: the whole project"


def test_one_process_sees_another_file_change_between_two_files(write_project, monkeypatch) -> None:
    """flake8 reuses a process for many files: the reused project model must follow edits."""
    import ast

    from offload_lint.flake8_plugin import OffloadLintPlugin

    root = write_project({"inner.py": INNER, "outer.py": OUTER})
    monkeypatch.chdir(root)

    def codes() -> list[str]:
        plugin = OffloadLintPlugin(ast.parse(INNER), "inner.py", INNER.splitlines(keepends=True))
        return [message.split()[0] for _, _, message, _ in plugin.run()]

    assert codes() == ["OFL101"]
    (root / "outer.py").write_text(OUTER.replace("self.inner.rescale(x)", "self.inner(x)"))
    assert codes() == []


def test_files_excluded_in_pyproject_get_no_findings(write_project) -> None:
    root = write_project({"vendored/model.py": BAD_MODEL, "model.py": BAD_MODEL},
                         pyproject='[project]\nname = "demo"\n\n[tool.offload-lint]\nexclude = ["vendored/"]\n')
    assert {path for path, *_ in flake8_findings(".", cwd=root)} == {"model.py"}
    assert {path for path, *_ in cli_findings(".", cwd=root)} == {"model.py"}


def test_an_unchanged_project_is_answered_from_the_whole_project_run(write_project, monkeypatch) -> None:
    """After ``offload-lint .``, the plugin reads that run's findings for its file (no re-analysis),
    the same findings it computes itself; after an edit it computes again."""
    import ast

    from offload_lint import engine
    from offload_lint.config import load_settings
    from offload_lint.flake8_plugin import OffloadLintPlugin

    root = write_project({"inner.py": INNER, "outer.py": OUTER, "model.py": BAD_MODEL})
    monkeypatch.chdir(root)

    def plugin_findings(name: str) -> list[tuple[int, int, str]]:
        text = (root / name).read_text()
        plugin = OffloadLintPlugin(ast.parse(text), name, text.splitlines(keepends=True))
        return sorted((line, column, message) for line, column, message, _ in plugin.run())

    computed = {name: plugin_findings(name) for name in ("inner.py", "model.py")}
    assert [m.split()[0] for *_, m in computed["inner.py"]] == ["OFL101"]
    engine.lint(engine.Options(paths=["."], settings=load_settings(root), jobs=1,
                               cache_dir=root / ".offload-lint-cache"))
    analyzed: list[object] = []
    original = engine.Linter._analyze
    monkeypatch.setattr(engine.Linter, "_analyze", lambda self, *a, **k: analyzed.append(a) or original(self, *a, **k))
    assert {name: plugin_findings(name) for name in computed} == computed
    assert analyzed == [], "read from the whole-project run"
    (root / "outer.py").write_text(OUTER.replace("self.inner.rescale(x)", "self.inner(x)"))
    assert plugin_findings("inner.py") == []
    assert analyzed, "the project changed: analyzed again"


def test_a_restricted_result_counts_only_its_files_suppressed_findings() -> None:
    from offload_lint.engine import LintResult

    whole = LintResult([], files=3, suppressed_by_path={"a.py": 2, "b.py": 3})
    assert whole.suppressed == 5
    assert whole.restricted_to(["a.py"]).suppressed == 2
    assert whole.restricted_to(["c.py"]).suppressed == 0


def test_nothing_is_analyzed_when_flake8_shows_no_ofl_code(write_project, monkeypatch) -> None:
    """flake8 runs every installed plugin whatever ``--select`` says: with no OFL code shown the plugin returns at
    once; with one shown (``--extend-select`` too) it analyzes as before."""
    import ast

    from flake8.options.parse_args import parse_args

    from offload_lint import flake8_plugin

    root = write_project({"model.py": BAD_MODEL})
    monkeypatch.chdir(root)
    monkeypatch.setattr(flake8_plugin.OffloadLintPlugin, "any_selected", True)  # restored after the test

    def plugin_codes(*argv: str) -> list[str]:
        _, options = parse_args([*argv, "model.py"])
        flake8_plugin.OffloadLintPlugin.any_selected = flake8_plugin._any_code_selected(options)
        plugin = flake8_plugin.OffloadLintPlugin(ast.parse(BAD_MODEL), "model.py", BAD_MODEL.splitlines(keepends=True))
        return sorted({message.split()[0] for _, _, message, _ in plugin.run()})

    assert plugin_codes("--select", "OFL") == ["OFL101"]
    assert plugin_codes("--select", "E9", "--extend-select", "OFL1") == ["OFL101"]
    monkeypatch.setattr(flake8_plugin, "_lint_files", lambda *a, **k: pytest.fail("analyzed, no OFL code shown"))
    assert plugin_codes("--select", "E9") == []
    assert plugin_codes("--select", "OFL", "--ignore", "OFL") == []


def test_the_tree_kind_option_keeps_an_application_a_library(write_project) -> None:
    # A pyproject.toml that only configures tools declares no package: the tree is an application, and the model
    # nothing in it builds or calls is code nothing runs there.
    root = write_project({"model.py": BAD_MODEL}, pyproject="[tool.black]\nline-length = 100\n")
    assert flake8_findings("model.py", cwd=root) == set()
    assert flake8_findings("--offload-tree-kind", "library", "model.py", cwd=root)


def test_many_files_of_one_project_in_one_process_are_analysed_once(write_project, monkeypatch) -> None:
    """flake8 over a tree hands a worker many files: from the second file of a project on, the plugin analyses the
    whole project once and answers each file from that run, with what each file's own analysis gives; an edit to
    any file of the project makes the next file analyse again."""
    import ast

    from offload_lint import engine
    from offload_lint.config import load_settings
    from offload_lint.flake8_plugin import OffloadLintPlugin

    root = write_project({"inner.py": INNER, "outer.py": OUTER, "model.py": BAD_MODEL, "good.py": GOOD_MODEL})
    monkeypatch.chdir(root)
    monkeypatch.setenv("OFFLOAD_LINT_NO_CACHE", "1")
    names = ["inner.py", "model.py", "good.py", "outer.py"]
    settings = load_settings(root)
    alone = {name: sorted((f.line, f.column - 1, f"{f.code} {f.message}")
                          for f in engine.lint_files([name], sorted(names), settings).findings) for name in names}
    assert alone["inner.py"] and alone["model.py"] and not alone["good.py"]

    runs: list[list[str] | None] = []
    original = engine.Linter.run
    monkeypatch.setattr(engine.Linter, "run", lambda self: runs.append(self.options.report_paths) or original(self))

    def plugin_findings(name: str) -> list[tuple[int, int, str]]:
        text = (root / name).read_text()
        plugin = OffloadLintPlugin(ast.parse(text), name, text.splitlines(keepends=True))
        return sorted((line, column, message) for line, column, message, _ in plugin.run())

    assert {name: plugin_findings(name) for name in names} == alone
    assert runs == [["inner.py"], None], "the first file alone, then one run over the whole project"
    (root / "outer.py").write_text(OUTER.replace("self.inner.rescale(x)", "self.inner(x)"))
    assert plugin_findings("inner.py") == []
    assert runs[2:] == [None], "the project changed: analysed again"
