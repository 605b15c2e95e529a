"""The case this work started from, on the real pipelines: a copy of the installed diffusers whose
PriorTransformer.post_process_latents is put back to its pre-fix form makes StableUnCLIP and both Kandinsky
prior pipelines fail at block and leaf level; the installed (fixed) tree passes; the StableUnCLIP image
normalizer moved by hand is reported."""

from __future__ import annotations

import os
import re
import shutil

import pytest

from offload_lint.readiness import assess_paths
from offload_lint.readiness.model import LEVELS, Verdict

diffusers = pytest.importorskip("diffusers")
INSTALLED = os.path.dirname(diffusers.__file__)
PRIOR = os.path.join("models", "transformers", "prior_transformer.py")
SEEDED = ("StableUnCLIPPipeline", "KandinskyPriorPipeline", "KandinskyV22PriorPipeline")
# The fix moved the root parameters to the input's device; the pre-fix line used them as they are.
FIXED_LINE = re.compile(r"^(\s+)prior_latents = \(prior_latents \* self\.clip_std\.to\(device\)\) "
                        r"\+ self\.clip_mean\.to\(device\)$", re.MULTILINE)


@pytest.fixture(scope="module")
def pre_fix_tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("pre-fix") / "diffusers"
    shutil.copytree(INSTALLED, root, ignore=shutil.ignore_patterns("__pycache__"))
    prior = root / PRIOR
    text = prior.read_text(encoding="utf-8")
    reverted, count = FIXED_LINE.subn(r"\1prior_latents = (prior_latents * self.clip_std) + self.clip_mean", text)
    if count != 1:
        pytest.skip("the installed PriorTransformer.post_process_latents is not the fixed form this test reverts")
    prior.write_text(reverted, encoding="utf-8")
    return root


@pytest.mark.slow
def test_the_pre_fix_prior_fails_its_pipelines_at_both_levels_and_the_fix_passes(pre_fix_tree, tmp_path):
    broken = {p.name: p for p in assess_paths([str(pre_fix_tree)], only=set(SEEDED),
                                              cache_dir=tmp_path / "cache").pipelines}
    fixed = {p.name: p for p in assess_paths([INSTALLED], only=set(SEEDED), cache_dir=tmp_path / "cache").pipelines}
    assert set(broken) == set(fixed) == set(SEEDED)
    for name in SEEDED:
        component = next(c.name for c in broken[name].components if c.short_class == "PriorTransformer")
        for level in LEVELS:
            row = broken[name].row(component, level)
            assert row.fails_under_test, (name, level, row.reason)
            assert any(c.method == "post_process_latents" and c.attribute in ("clip_std", "clip_mean")
                       for c in row.causes)
            assert fixed[name].row(component, level).verdict is Verdict.PASSES, (name, level)
    normalizer = broken["StableUnCLIPPipeline"].row("image_normalizer", "block")
    assert normalizer.masked and "by hand" in normalizer.reason
