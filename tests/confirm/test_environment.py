"""A missing dependency stops `--confirm` before the first target: exit 2, one line, no per-finding verdicts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Runs the CLI in a child interpreter where the named packages look uninstalled.
BLOCKED_RUN = """
import sys
for name in sys.argv[1].split(","):
    sys.modules[name] = None  # import fails, importlib.util.find_spec says "not installed"
from offload_lint.cli import main
sys.exit(main(sys.argv[2:]))
"""


def run_blocked(blocked: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "fixtures" / "core")])}
    return subprocess.run([sys.executable, "-c", BLOCKED_RUN, blocked, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env=env)


def test_missing_accelerate_stops_with_exit_2_and_one_line():
    result = run_blocked("accelerate", "fixtures/core/prior.py", "fixtures/core/normalizer.py", "--confirm",
                         "--no-cache", "--output-format", "json")
    assert result.returncode == 2, result.stdout + result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert "accelerate" in lines[0] and "pip install" in lines[0]
    assert "untriggered" not in result.stdout and "Traceback" not in result.stderr


def test_missing_torch_names_torch_for_the_subcommand_too():
    result = run_blocked("torch", "confirm", "prior:Prior", "post_process_latents")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "torch==2.13.0" in result.stderr and "Traceback" not in result.stderr


def test_missing_transformers_is_said_once_and_the_run_goes_on():
    # peft needs transformers (diffusers imports peft when it is installed): without one, neither.
    result = run_blocked("transformers,peft", "fixtures/core/normalizer.py", "--confirm", "--no-cache",
                         "--output-format", "json")
    assert result.returncode == 1, result.stdout + result.stderr
    notes = [line for line in result.stderr.splitlines() if "transformers" in line]
    assert len(notes) == 1 and "untriggered" in notes[0], result.stderr
    findings = json.loads(result.stdout)
    assert any(f["verdict"] == "confirmed" for f in findings)


def test_environment_check_reports_what_is_missing():
    from offload_lint.confirm.environment import check_environment

    environment = check_environment()
    assert environment.complete and environment.has_transformers, environment
