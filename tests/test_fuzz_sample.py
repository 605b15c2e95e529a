"""A small seeded sample of benchmarks/fuzz.py: mutated fixture models and special files through
the CLI (-j 1 and -j 2) and flake8, with the same checks as the full run (docs/benchmarks.md)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load_benchmark(name: str):
    """Load ``benchmarks/<name>.py`` by its path: putting ``benchmarks/`` on ``sys.path`` would let its scripts
    shadow fixture modules of the same name (``confirm_strategies``) for every test collected after this one."""
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


fuzz = _load_benchmark("fuzz")


def test_seeded_fuzz_sample_has_no_failure(tmp_path: Path) -> None:
    rng = random.Random(3)
    models = sorted((ROOT / "fixtures").glob("**/*.py"))
    inputs = fuzz.batch_inputs(rng, 1, 40, [], models, share=0.0)
    inputs.append(fuzz.Input("pkg1/special_fifo.py", "special:fifo", make="fifo"))
    inputs.append(fuzz.Input("pkg2/special_loop.py", "special:loop", make="loop"))
    inputs.append(fuzz.Input("pkg3/special_dangling.py", "special:dangling", make="dangling"))
    inputs.append(fuzz.Input("loose/deep.py", "model:deep_nesting", ("x = " + "(" * 5000 + ")" * 5000 + "\n").encode()))
    inputs.append(fuzz.Input("loose/latin1.py", "model:encoding",
                             b"# coding: latin-1\n# caf\xe9\n" + models[0].read_bytes()))
    directory = tmp_path / "batch"
    fuzz.write_batch(directory, inputs)
    tally = fuzz.Tally()
    fuzz.check_batch(directory, inputs, tally, tmp_path / "kept", "sample", tmp_path / "caches")
    assert tally.failures == []
    assert tally.rejected >= 5 and tally.ofl000 == tally.rejected, "broken inputs were made and each got one OFL000"
    assert tally.findings > 0, "intact models still have their findings"


def test_another_plugins_traceback_is_told_apart_from_offload_lints() -> None:
    theirs = ('Traceback (most recent call last):\n  File "/site-packages/pycodestyle.py", line 1\n'
              'flake8.exceptions.PluginExecutionFailed: a.py: "pycodestyle[E]" failed during execution due to '
              "IndexError('string index out of range')")
    ours = theirs.replace("pycodestyle[E]", "offload-lint[OFL]")
    assert fuzz.other_plugin(theirs) == "pycodestyle"
    assert fuzz.other_plugin(ours) is None
    assert fuzz.other_plugin("Traceback (most recent call last):\n  File \"/x/offload_lint/engine.py\"") is None
