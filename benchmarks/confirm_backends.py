"""Which CPU backend agrees with the GPU semantics: fake-cuda, tracking and torch's lazy device on the fixtures.

    python benchmarks/confirm_backends.py

Every fixture case (confirm_models, the look-alikes and their positives) at block and leaf level on each backend;
prints agreement with the expected verdicts and the time, side by side in one run.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "fixtures" / "confirm")]

import confirm_lookalikes as lookalikes  # noqa: E402
import confirm_models as models  # noqa: E402

from offload_lint.confirm.backends import FAKE_CUDA, LAZY, TRACKING  # noqa: E402
from offload_lint.confirm.runner import confirm  # noqa: E402
from offload_lint.confirm.scenario import CheckConfig  # noqa: E402

C, R = "confirmed", "refuted"
CASES = [
    (models.TinyPrior, "post_process_latents", C, C), (models.TinyPriorFixed, "post_process_latents", R, R),
    (models.TinyPriorMetadata, "post_process_latents", R, R),
    (models.TinyPriorDeviceRead, "post_process_latents", C, C),
    (models.TinyNormalizer, "scale", C, C), (models.TinyNormalizer, "unscale", C, C),
    (models.FunctionalProjection, "forward", R, C), (models.NormWeightReader, "forward", R, C),
    (models.TinyVAE, "decode", C, R), (models.TinyVAEWithBlocks, "decode", R, R), (models.TinyVAE, "forward", R, R),
    *[(cls, lookalikes.method_of(cls), R, R) for cls in lookalikes.NEGATIVES],
    *[(cls, lookalikes.method_of(cls), C if "block" in levels else R, C if "leaf" in levels else R)
      for cls, levels in lookalikes.POSITIVES],
]


def main() -> int:
    for backend in (FAKE_CUDA, TRACKING, LAZY):
        started = time.perf_counter()
        agree, disagree = 0, []
        for cls, method, block, leaf in CASES:
            report = confirm(cls, method, CheckConfig(backend=backend, timeout=30))
            got = (report.verdict_at("block"), report.verdict_at("leaf"))
            if got == (block, leaf):
                agree += 1
            else:
                first = next((r.error for r in report.levels.values() if r.error), "")
                disagree.append(f"    {cls.__name__}.{method}: {got} expected {(block, leaf)} {first[:90]}")
        print(f"{backend:10} {agree}/{len(CASES)} cases agree  {time.perf_counter() - started:.1f} s")
        print("\n".join(disagree[:5]) + (f"\n    ... {len(disagree) - 5} more" if len(disagree) > 5 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
