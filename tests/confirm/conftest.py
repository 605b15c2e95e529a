import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "confirm"
for path in (str(ROOT), str(FIXTURES)):
    if path not in sys.path:
        sys.path.insert(0, path)

pytest.importorskip("torch")
pytest.importorskip("diffusers")
