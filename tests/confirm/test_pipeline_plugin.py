import os
import subprocess
import sys
import textwrap
from importlib.metadata import entry_points
from pathlib import Path

import confirm_pipeline
from offload_lint.confirm import confirm_pipeline as run_pipeline

PIPELINE_FILE = confirm_pipeline.__file__


def marker_line(marker: str) -> int:
    return next(i for i, line in enumerate(open(PIPELINE_FILE).read().splitlines(), 1) if marker in line)


def test_pipeline_run_reports_every_offloaded_access_with_lines():
    pipe = confirm_pipeline.TinyUnCLIPPipeline()
    report = run_pipeline(pipe, lambda p: p(), level="block")
    assert report.completed, report.error
    weights = {a.weight for a in report.offending}
    assert weights == {"prior.clip_std", "prior.clip_mean", "image_normalizer.mean", "image_normalizer.std"}
    scale_line = marker_line("PIPELINE_SCALE_LINE")
    prior_line = marker_line("PIPELINE_PRIOR_LINE")
    normalizer = [a for a in report.offending if a.weight.startswith("image_normalizer")]
    assert all(a.caller.path == PIPELINE_FILE and a.caller.line == scale_line for a in normalizer)
    prior = [a for a in report.offending if a.weight.startswith("prior")]
    assert all(any(f.line == prior_line and f.path == PIPELINE_FILE for f in a.frames) for a in prior)
    # hooks are gone afterwards: the plain pipeline still runs
    assert pipe(1).shape == (1, 4, 8, 8)


def test_pipeline_only_chosen_components_are_offloaded():
    pipe = confirm_pipeline.TinyUnCLIPPipeline()
    report = run_pipeline(pipe, lambda p: p(), components=["vae"], level="leaf")
    assert report.completed and report.offending == []


def test_offload_confirm_fixture(tmp_path):
    """The plugin as the lead registers it (pytest11), exercised in a separate pytest process."""
    root = Path(__file__).resolve().parents[2]
    (tmp_path / "pyproject.toml").write_text('[tool.offload-lint.confirm]\nbackend = "tracking"\n')
    (tmp_path / "test_user.py").write_text(textwrap.dedent('''
        def test_it(offload_confirm):
            report = offload_confirm.assert_confirmed("confirm_models:TinyNormalizer", "scale")
            assert report.backend == "tracking"
            offload_confirm.assert_refuted("confirm_models:TinyPriorFixed", "post_process_latents")
    '''))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(root / "fixtures" / "confirm")])}
    # Installed, the pytest11 entry point loads the plugin; from a bare checkout, -p does.
    registered = any(ep.value == "offload_lint.confirm.pytest_plugin" for ep in entry_points(group="pytest11"))
    load = [] if registered else ["-p", "offload_lint.confirm.pytest_plugin"]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", *load, "-p", "no:cacheprovider", str(tmp_path / "test_user.py")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout
