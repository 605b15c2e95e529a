"""timm classes are built from their registry: the smallest registered variant of their module that holds them.

Run in a subprocess: timm needs torchvision, which this CPU wheel lacks; the benchmarks' stub stands in for it
there and is never imported into the test process."""

import json
import subprocess
import sys
from pathlib import Path

import importlib.util

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("timm") is None, reason="timm is not installed")

ROOT = Path(__file__).resolve().parents[2]
_SCRIPT = """
import json, sys
sys.path.insert(0, {root!r}); sys.path.insert(0, {truth!r})
try:
    import torchvision
except ImportError:
    import torchvision_stub
from offload_lint.confirm.build import build_module_noted
out = {{}}
for target in sys.argv[1:]:
    module, note = build_module_noted(target, None)
    out[target] = [type(module).__name__, note]
print(json.dumps(out))
"""


def _build(*targets: str) -> dict:
    script = _SCRIPT.format(root=str(ROOT), truth=str(ROOT / "benchmarks" / "truth"))
    proc = subprocess.run([sys.executable, "-c", script, *targets], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_timm_layer_and_model_come_from_the_smallest_registered_variant_and_defaults_stay():
    built = _build("timm.models.xception_aligned:PreXceptionModule", "timm.models.cpubone:ClsHead",
                   "timm.models.xception:Xception")
    kind, note = built["timm.models.xception_aligned:PreXceptionModule"]
    assert kind == "PreXceptionModule"
    assert note.startswith("timm.create_model('xception41p') at blocks.0: the smallest of"), note
    kind, note = built["timm.models.cpubone:ClsHead"]
    assert kind == "ClsHead" and "at head" in note, note
    # Look-alike: a class whose default constructor builds keeps it (no registry, no note).
    kind, note = built["timm.models.xception:Xception"]
    assert kind == "Xception" and note is None
