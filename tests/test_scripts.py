"""The scripts under scripts/ still run against the package as it is now."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_explain_sinks_prints_each_access_and_where_its_value_goes():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "explain_sinks.py"), "fixtures/core/prior.py", "Prior",
                           "post_process_latents"], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert "self.clip_std" in done.stdout and "kind='compute'" in done.stdout
