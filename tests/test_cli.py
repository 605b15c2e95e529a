"""The command line through a real subprocess: exit codes, formats, noqa, config, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BAD = textwrap.dedent('''
    import torch
    from torch import nn


    class Prior(nn.Module):
        def __init__(self):
            super().__init__()
            self.clip_std = nn.Parameter(torch.ones(4))

        def forward(self, x):
            return x * self.clip_std

        def post_process(self, x):
            return x * self.clip_std
''')
# The same model with post_process() (the last method) fixed.
_head, _, _tail = BAD.rpartition("return x * self.clip_std\n")
GOOD = _head + "return x * self.clip_std.to(x.device)\n" + _tail


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "offload_lint", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


@pytest.fixture
def project(tmp_path):
    (tmp_path / "bad.py").write_text(BAD)
    (tmp_path / "good.py").write_text(GOOD)
    return tmp_path


def test_exit_codes(project):
    assert cli("good.py", "--no-cache", cwd=project).returncode == 0
    bad = cli("bad.py", "--no-cache", cwd=project)
    assert bad.returncode == 1
    assert "bad.py:15:20: OFL101 post_process()" in bad.stdout
    assert "Found 1 finding" in bad.stdout
    assert cli("bad.py", "--no-cache", "--exit-zero", cwd=project).returncode == 0
    usage = cli("--output-format", "xml", cwd=project)
    assert usage.returncode == 2 and "invalid choice" in usage.stderr
    unknown = cli("--select", "XYZ1", "--no-cache", cwd=project)
    assert unknown.returncode == 2 and "unknown rule selector" in unknown.stderr


def test_json_schema(project):
    result = cli("--output-format", "json", "--no-cache", ".", cwd=project)
    assert result.returncode == 1
    (item,) = json.loads(result.stdout)
    required = {"path", "line", "column", "end_line", "end_column", "code", "name", "message", "class", "method",
                "levels"}
    assert required <= set(item)
    assert item["path"] == "bad.py" and item["line"] == 15 and item["column"] == 20
    assert item["end_line"] == 15 and item["end_column"] == 20 + len("self.clip_std")
    assert item["code"] == "OFL101" and item["name"] == "root-parameter-outside-forward"
    assert item["class"] == "Prior" and item["method"] == "post_process" and item["levels"] == ["block", "leaf"]


def test_noqa(project):
    lines = BAD.splitlines()
    lines[14] += "  # noqa: OFL101"
    (project / "bad.py").write_text("\n".join(lines) + "\n")
    assert cli("bad.py", "--no-cache", cwd=project).returncode == 0
    lines[14] = lines[14].replace("# noqa: OFL101", "# noqa: OFL102")
    (project / "bad.py").write_text("\n".join(lines) + "\n")
    assert cli("bad.py", "--no-cache", cwd=project).returncode == 1
    lines[14] = lines[14].replace("# noqa: OFL102", "# noqa")
    (project / "bad.py").write_text("\n".join(lines) + "\n")
    assert cli("bad.py", "--no-cache", cwd=project).returncode == 0


def test_select_ignore_and_config(project):
    assert cli("bad.py", "--no-cache", "--ignore", "OFL101", cwd=project).returncode == 0
    assert cli("bad.py", "--no-cache", "--select", "OFL10", cwd=project).returncode == 1
    assert cli("bad.py", "--no-cache", "--select", "OFL102", cwd=project).returncode == 0
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\n\n[tool.offload-lint]\nignore = ["OFL1"]\n')
    assert cli("bad.py", "--no-cache", cwd=project).returncode == 0
    assert cli("bad.py", "--no-cache", "--extend-select", "OFL101", cwd=project).returncode == 1
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\n\n[tool.offload-lint]\nper-file-ignores = { "bad.py" = ["OFL101"] }\n')
    assert cli("bad.py", "--no-cache", cwd=project).returncode == 0
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\n\n[tool.offload-lint]\nper-file-ignores = { "other.py" = ["OFL101"] }\n')
    assert cli("bad.py", "--no-cache", cwd=project).returncode == 1
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\n\n[tool.offload-lint]\nexclude = ["bad.py"]\n')
    assert cli(".", "--no-cache", cwd=project).returncode == 0
    assert cli("bad.py", "--no-cache", cwd=project).returncode == 1, "an explicit file is linted"
    assert cli("bad.py", "--no-cache", "--force-exclude", cwd=project).returncode == 0
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\n\n[tool.offload-lint]\nsetup-methods = ["__init__", "post_process"]\n')
    assert cli("bad.py", "--no-cache", cwd=project).returncode == 0
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\n\n[tool.offload-lint]\nselect = "oops\n')
    broken = cli("bad.py", "--no-cache", cwd=project)
    assert broken.returncode == 2 and "cannot read configuration" in broken.stderr
    assert "Traceback" not in broken.stderr


def test_bad_files_get_a_diagnostic_and_the_run_goes_on(project):
    (project / "broken.py").write_text("def f(:\n    pass\n")
    (project / "latin1.py").write_bytes("x = 'caf\xe9'\n".encode("latin-1"))
    result = cli(".", "--no-cache", cwd=project)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "broken.py:1:7: OFL000 syntax error" in result.stdout
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    assert f"(as Python {python} parses it)" in result.stdout, "code for a newer Python fails under this one's parser"
    assert "latin1.py:1:1: OFL000 file is not valid UTF-8" in result.stdout
    assert "bad.py:15:20: OFL101" in result.stdout, "the other files are still linted"
    missing = cli("does_not_exist.py", "--no-cache", cwd=project)
    assert missing.returncode == 1 and "OFL000 cannot read file" in missing.stdout


def test_gitignore_is_respected(project):
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    (project / "setup.cfg").write_text("[metadata]\nname = demo\n")  # a package: its public methods are API
    (project / ".gitignore").write_text("bad.py\n")
    assert cli(".", "--no-cache", cwd=project).returncode == 0
    assert cli(".", "--no-cache", "--no-respect-gitignore", cwd=project).returncode == 1
    (project / "generated").mkdir()
    (project / "generated" / "model.py").write_text(BAD)
    (project / ".gitignore").write_text("generated/\n")
    result = cli(".", "--no-cache", cwd=project)
    assert "generated" not in result.stdout and "bad.py" in result.stdout


def test_jupyter_checkpoint_copies_are_excluded_unless_named(project):
    (project / ".ipynb_checkpoints").mkdir()
    (project / ".ipynb_checkpoints" / "bad-checkpoint.py").write_text(BAD)
    result = cli(".", "--no-cache", cwd=project)
    assert "bad-checkpoint.py" not in result.stdout and "bad.py" in result.stdout
    named = cli(".ipynb_checkpoints/bad-checkpoint.py", "--no-cache", cwd=project)
    assert "bad-checkpoint.py" in named.stdout, "a file named on the command line is linted"


def test_output_is_identical_whatever_the_job_count():
    fixtures = str(ROOT / "fixtures" / "core")
    outputs = {cli(fixtures, "--no-cache", "--output-format", "json", "-j", jobs, cwd=ROOT).stdout
               for jobs in ("1", "2", "3")}
    assert len(outputs) == 1 and json.loads(outputs.pop())


def test_cache_gives_the_same_answer_and_notices_edits(project):
    cache = project / "cache"
    first = cli(".", "--cache-dir", str(cache), cwd=project)
    again = cli(".", "--cache-dir", str(cache), cwd=project)
    assert first.stdout == again.stdout and first.returncode == again.returncode == 1
    (project / "bad.py").write_text(GOOD + "\n")
    fixed = cli(".", "--cache-dir", str(cache), cwd=project)
    assert fixed.returncode == 0


def test_linting_never_executes_the_code(tmp_path):
    marker = tmp_path / "executed"
    (tmp_path / "explosive.py").write_text(textwrap.dedent(f'''
        import pathlib
        pathlib.Path({str(marker)!r}).write_text("ran")
        raise SystemExit("imported!")
        import torch
        from torch import nn


        class Head(nn.Module):
            def __init__(self):
                super().__init__()
                self.proj = nn.Linear(4, 4)

            def forward(self, x):
                return x @ self.proj.weight
    '''))
    result = cli(".", "--no-cache", cwd=tmp_path)
    assert result.returncode == 1 and "OFL103" in result.stdout
    assert not marker.exists()


def test_static_linter_runs_without_torch(tmp_path):
    """Block torch and diffusers imports entirely: the linter must not need them."""
    (tmp_path / "bad.py").write_text(BAD)
    (tmp_path / "sitecustomize.py").write_text(textwrap.dedent('''
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("torch", "diffusers", "transformers"):
                    raise ImportError(f"{name} is blocked in this test")
        sys.meta_path.insert(0, Block())
    '''))
    result = subprocess.run([sys.executable, "-m", "offload_lint", "bad.py", "--no-cache"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120,
                            env={"PYTHONPATH": f"{tmp_path}:{ROOT}", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 1, result.stderr
    assert "OFL101" in result.stdout


def test_rule_subcommand(tmp_path):
    shown = cli("rule", "OFL101", cwd=tmp_path)
    assert shown.returncode == 0 and shown.stdout.startswith("# OFL101 root-parameter-outside-forward")
    everything = cli("rule", "--all", cwd=tmp_path)
    assert everything.returncode == 0 and "# OFL105" in everything.stdout
    assert cli("rule", "OFL999", cwd=tmp_path).returncode == 2


def test_statistics(project):
    result = cli(".", "--no-cache", "--statistics", cwd=project)
    assert "1\tOFL101\troot-parameter-outside-forward" in result.stdout


def test_cache_notices_a_changed_installed_base_class(tmp_path):
    """A base class read from an installed package: editing it invalidates the cached answer."""
    site = tmp_path / "site"
    (site / "basepkg").mkdir(parents=True)
    (site / "basepkg" / "__init__.py").write_text(textwrap.dedent('''
        import torch
        from torch import nn


        class Base(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = nn.Parameter(torch.ones(4))
    '''))
    project = tmp_path / "project"
    project.mkdir()
    (project / "model.py").write_text(textwrap.dedent('''
        from basepkg import Base


        class Model(Base):
            def forward(self, x):
                return x

            def rescale(self, x):
                return x * self.scale
    '''))
    cache = str(tmp_path / "cache")

    def run():
        return subprocess.run([sys.executable, "-m", "offload_lint", ".", "--cache-dir", cache], cwd=project,
                              capture_output=True, text=True, timeout=120,
                              env={"PYTHONPATH": f"{ROOT}:{site}", "PATH": "/usr/bin:/bin"})

    assert run().returncode == 1
    text = (site / "basepkg" / "__init__.py").read_text()
    (site / "basepkg" / "__init__.py").write_text(text.replace("self.scale = nn.Parameter(torch.ones(4))",
                                                               "self.scale = 2.0"))
    assert run().returncode == 0, "the cached result must not survive a change in the installed base"


def test_the_summary_counts_one_file_in_the_singular(tmp_path, capsys):
    from offload_lint.cli import main

    source = tmp_path / "model.py"
    source.write_text("x = 1\n")
    main(["--no-cache", str(source)])
    assert "All checks passed! (1 file)" in capsys.readouterr().out


def test_tree_kind_option(project):
    (project / ".git").mkdir()  # a checkout that declares no package: an application, where nothing calls bad.py's
    assert cli(".", "--no-cache", cwd=project).returncode == 0  # model: code nothing runs, its finding suppressed
    assert cli(".", "--no-cache", "--tree-kind", "library", cwd=project).returncode == 1
    (project / "pyproject.toml").write_text('[tool.offload-lint]\ntree-kind = "library"\n')
    assert cli(".", "--no-cache", cwd=project).returncode == 1
    (project / "pyproject.toml").write_text('[tool.offload-lint]\ntree-kind = "package"\n')
    bad_setting = cli(".", "--no-cache", cwd=project)
    assert bad_setting.returncode == 2 and "tree-kind must be one of" in bad_setting.stderr
