"""The pre-commit hook, run for real with ``pre-commit run`` from a config naming a snapshot of this checkout.

No network, and nothing assumed about the interpreter running the tests (a virtualenv or the
system Python): pre-commit builds the hook's own virtualenv and pip installs the snapshot into
it, building it with the setuptools virtualenv seeds (no build isolation, no index). The
dependencies (libcst, pathspec) come from what runs this test: a ``sitecustomize`` on
PYTHONPATH appends this interpreter's site-packages to ``sys.path`` of every Python that
pre-commit starts, after the hook environment's own, so pip finds them installed and the hook
still imports the offload-lint installed in its environment.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from frontend_helpers import BAD_MODEL, GOOD_MODEL, ROOT, run_offload_lint

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

GIT_IDENTITY = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}


def git(*args: str, cwd: Path) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, **GIT_IDENTITY}, check=True)
    return done.stdout.strip()


def commit(repo: Path, files: dict[str, str], message: str) -> str:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git("add", "-A", cwd=repo)
    git("commit", "-q", "-m", message, cwd=repo)
    return git("rev-parse", "HEAD", cwd=repo)


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> Path:
    """This checkout as it is now (tracked and new, not ignored files), committed to a git repo."""
    snapshot = tmp_path_factory.mktemp("hook-repo")
    listed = git("ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=ROOT)
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (snapshot / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, snapshot / name)
    git("init", "-q", cwd=snapshot)
    commit(snapshot, {}, "snapshot")
    return snapshot


@pytest.fixture
def project(tmp_path: Path) -> tuple[Path, str]:
    """A user's repository: a first commit without Python files; returns (path, that commit)."""
    repo = tmp_path / "project"
    repo.mkdir()
    git("init", "-q", cwd=repo)
    first = commit(repo, {"README.md": "demo\n",
                          "pyproject.toml": '[project]\nname = "demo"\n\n[tool.offload-lint]\nexclude = ["vendored/"]\n'}, "start")
    return repo, first


@pytest.fixture(scope="module")
def site_packages_of_this_interpreter(tmp_path_factory) -> Path:
    """A directory for PYTHONPATH whose sitecustomize adds this interpreter's site-packages last."""
    directory = tmp_path_factory.mktemp("outer-site")
    paths = [sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"], *site.getsitepackages()]
    if site.ENABLE_USER_SITE:
        paths.append(site.getusersitepackages())
    existing = [p for p in dict.fromkeys(paths) if Path(p).is_dir()]
    (directory / "sitecustomize.py").write_text(
        "import site\n" + "".join(f"site.addsitedir({p!r})\n" for p in existing))
    return directory


# What every hook run of this module printed: the first one built the hook's environment (whichever test ran first).
_OUTPUTS: list[str] = []


def run_hook(hook_repo: Path, project: Path, from_ref: str, to_ref: str,
             outer_site: Path, hook_id: str = "offload-lint") -> subprocess.CompletedProcess:
    """The hook on the files ``to_ref`` changed since ``from_ref``, as checked out at ``to_ref`` (pre-commit reads the
    working tree, as in a pre-push or CI run), from a config naming the snapshot at its commit, as a user's
    ``.pre-commit-config.yaml`` names a release. Every run shares one pre-commit home beside the snapshot: the first
    builds the hook's environment (pip installs the snapshot), the others reuse it, as on a user's machine."""
    git("checkout", "-q", to_ref, cwd=project)
    config = hook_repo.parent / "hooks.pre-commit-config.yaml"
    if not config.exists():
        rev = git("rev-parse", "HEAD", cwd=hook_repo)
        config.write_text(f"repos:\n- repo: {hook_repo}\n  rev: {rev}\n  hooks:\n"
                          "  - id: offload-lint\n  - id: offload-lint-fix\n")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "VIRTUALENV_"))},
        "PRE_COMMIT_HOME": str(hook_repo.parent / "pre-commit-home"),
        "PIP_NO_INDEX": "1",
        "PIP_NO_BUILD_ISOLATION": "0",  # pip reads "0" here as: do not isolate the build
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PIP_CONFIG_FILE": os.devnull,  # this machine's pip configuration plays no part
        "PYTHONPATH": str(outer_site),  # only the sitecustomize: no checkout code on the path
    }
    done = subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", hook_id, "--config", str(config),
         "--from-ref", from_ref, "--to-ref", to_ref, "--color", "never"],
        cwd=project, env=env, capture_output=True, text=True, timeout=600,
    )
    _OUTPUTS.append(done.stdout + done.stderr)
    return done


def test_hook_fails_on_the_bad_commit_and_passes_on_the_good_one(hook_repo: Path, project,
                                                                  site_packages_of_this_interpreter) -> None:
    repo, start = project
    bad = commit(repo, {"model.py": BAD_MODEL}, "bad model")
    good = commit(repo, {"model.py": GOOD_MODEL}, "fixed model")

    failed = run_hook(hook_repo, repo, start, bad, site_packages_of_this_interpreter)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "offload-lint" in failed.stdout and "Failed" in failed.stdout
    assert failed.stdout.count("model.py:16:") == 2 and "OFL101" in failed.stdout
    assert any("Installing environment for" in output for output in _OUTPUTS), "pip installed the hook's environment"

    passed = run_hook(hook_repo, repo, bad, good, site_packages_of_this_interpreter)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "Passed" in passed.stdout and "OFL101" not in passed.stdout


def test_hook_skips_excluded_files_and_commits_without_python(hook_repo: Path, project,
                                                               site_packages_of_this_interpreter) -> None:
    repo, start = project
    vendored = commit(repo, {"vendored/model.py": BAD_MODEL}, "vendored copy, excluded in pyproject")
    docs_only = commit(repo, {"README.md": "more\n"}, "docs only")

    excluded = run_hook(hook_repo, repo, start, vendored, site_packages_of_this_interpreter)
    assert excluded.returncode == 0, excluded.stdout + excluded.stderr
    assert "OFL101" not in excluded.stdout

    no_files = run_hook(hook_repo, repo, vendored, docs_only, site_packages_of_this_interpreter)
    assert no_files.returncode == 0, no_files.stdout + no_files.stderr
    assert "(no files to check)Skipped" in no_files.stdout


# A hazard that needs two files: the root parameter is defined in base.py, read outside forward in child.py.
BASE = """import torch
from torch import nn


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(4))
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        return self.proj(x)
"""
CHILD = """from base import Base


class Child(Base):
    def rescale(self, x):
        return x * self.scale
"""


def test_hook_sees_the_files_of_the_project_that_are_not_staged(hook_repo: Path, project,
                                                                 site_packages_of_this_interpreter) -> None:
    repo, start = project
    base = commit(repo, {"base.py": BASE}, "a base class, nothing wrong alone")
    child = commit(repo, {"child.py": CHILD}, "a subclass reading the base's parameter outside forward")
    clean = run_hook(hook_repo, repo, start, base, site_packages_of_this_interpreter)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    failed = run_hook(hook_repo, repo, base, child, site_packages_of_this_interpreter)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "child.py:6:20: OFL101" in failed.stdout and "base.py:" not in failed.stdout


def test_the_fix_hook_applies_the_safe_fixes(hook_repo: Path, project, site_packages_of_this_interpreter) -> None:
    repo, start = project
    annotated = BAD_MODEL.replace("def post_process_latents(self, latents):",
                                  "def post_process_latents(self, latents: torch.Tensor):")
    bad = commit(repo, {"model.py": annotated}, "bad model, input annotated: safe fixes")
    fixed = run_hook(hook_repo, repo, start, bad, site_packages_of_this_interpreter, hook_id="offload-lint-fix")
    assert fixed.returncode == 1, fixed.stdout + fixed.stderr  # pre-commit fails a hook that changed files
    assert "files were modified by this hook" in fixed.stdout
    assert "(2 fixed, 0 remaining)" in fixed.stdout
    assert "latents * self.clip_std.to(latents.device) + self.clip_mean.to(latents.device)" in (
        repo / "model.py").read_text()


def test_the_hook_manifest_is_what_pre_commit_needs() -> None:
    from pre_commit.clientlib import load_manifest

    hooks = {hook["id"]: hook for hook in load_manifest(str(ROOT / ".pre-commit-hooks.yaml"))}
    assert sorted(hooks) == ["offload-lint", "offload-lint-fix", "offload-lint-readiness-check"]
    check = hooks.pop("offload-lint-readiness-check")
    assert check["entry"].split()[-2:] == ["readiness", "--check"] and check["pass_filenames"] is False
    assert check["args"][0] == "tests/pipelines", "the tests folder is --check's value"
    for hook in hooks.values():
        assert hook["language"] == "python"
        assert hook["types_or"] == ["python", "pyi"]
        assert hook["require_serial"] is True and hook["pass_filenames"] is True
        assert "--force-exclude" in hook["entry"].split() and "--in-project" in hook["entry"].split()
    assert "--fix" not in hooks["offload-lint"]["entry"].split()
    assert "--fix" in hooks["offload-lint-fix"]["entry"].split()


# --- the CLI side of the hook's entry ------------------------------------------------------------
def test_force_exclude_without_file_names_lints_nothing(write_project) -> None:
    root = write_project({"model.py": BAD_MODEL})
    done = run_offload_lint("--force-exclude", "--no-cache", cwd=root)
    assert (done.returncode, done.stdout) == (0, "All checks passed! (0 files)\n"), done.stderr
    assert run_offload_lint("--no-cache", cwd=root).returncode == 1, "without the flag: . as before"


def test_force_exclude_applies_excludes_to_named_files(write_project) -> None:
    root = write_project({"vendored/model.py": BAD_MODEL, "model.py": BAD_MODEL},
                         pyproject='[project]\nname = "demo"\n\n[tool.offload-lint]\nexclude = ["vendored/"]\n')
    named = run_offload_lint("--force-exclude", "--no-cache", "vendored/model.py", "model.py", cwd=root)
    assert named.returncode == 1
    assert "vendored" not in named.stdout and named.stdout.count("model.py:16:") == 2
    unforced = run_offload_lint("--no-cache", "vendored/model.py", cwd=root)
    assert unforced.returncode == 1, "a file named without --force-exclude is linted even when excluded"


def test_in_project_reports_the_named_files_as_the_whole_run_does(write_project) -> None:
    import json

    root = write_project({"base.py": BASE, "child.py": CHILD, "other.py": BAD_MODEL})
    alone = run_offload_lint("--no-cache", "child.py", cwd=root)
    assert alone.returncode == 0, "the file alone: its base class is not seen"
    named = run_offload_lint("--no-cache", "--in-project", "--output-format", "json", "child.py", cwd=root)
    whole = run_offload_lint("--no-cache", "--output-format", "json", ".", cwd=root)
    assert named.returncode == 1, named.stderr
    in_child = [finding for finding in json.loads(whole.stdout) if finding["path"] == "child.py"]
    assert in_child and json.loads(named.stdout) == in_child, "only the named file, as the whole run reports it"


def test_in_project_from_a_subfolder_and_with_excludes(write_project) -> None:
    root = write_project({"base.py": BASE, "child.py": CHILD, "vendored/child.py": CHILD},
                         pyproject='[project]\nname = "demo"\n\n[tool.offload-lint]\nexclude = ["vendored/"]\n')
    (root / "sub").mkdir()
    below = run_offload_lint("--no-cache", "--in-project", "../child.py", cwd=root / "sub")
    assert below.returncode == 1 and below.stdout.startswith("../child.py:6:20: OFL101"), below.stdout + below.stderr
    forced = run_offload_lint("--no-cache", "--in-project", "--force-exclude", "vendored/child.py", cwd=root)
    assert (forced.returncode, forced.stdout) == (0, "All checks passed! (0 files)\n"), forced.stderr
