"""Runs a ``readiness --check`` rule doc example: one code block holding several files, each
introduced by a ``# file: NAME`` line (the pipelines, then ``tests/...``), checked as a diffusers
checkout's tests folder against the pipelines. ``tests/testing_utils.py`` (the list-form tester
classes) is supplied unless the example writes its own."""

from __future__ import annotations

import re
from pathlib import Path

from offload_lint.finding import Finding

_FILE = re.compile(r"^# file: (\S+)\s*$", re.M)
TESTS = "tests"

TESTING_UTILS = '''\
class BasePipelineTesterConfig:
    pipeline_class = None
    group_offloading_exclude_modules = []
    group_offloading_leaf_level_exclude_modules = []
    group_offloading_onload_component_names = []


class MemoryTesterMixin:
    _USE_STREAM = False

    def test_group_offloading_inference_block_level(self):
        ...

    def test_group_offloading_inference_leaf_level(self):
        ...
'''


def split_files(source: str) -> dict[str, str]:
    """``{"pipeline_toy.py": "...", "tests/test_toy.py": "..."}`` from one example."""
    parts = _FILE.split(source)
    if len(parts) < 3 or parts[0].strip():
        raise ValueError("a check example starts with '# file: NAME' and holds pipelines and tests/ files")
    return {name: text.lstrip("\n") for name, text in zip(parts[1::2], parts[2::2])}


def write_example(source: str, root: Path) -> dict[str, str]:
    files = split_files(source)
    files.setdefault(f"{TESTS}/testing_utils.py", TESTING_UTILS)
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return files


def check_example(source: str, root: Path) -> list[Finding]:
    from offload_lint.readiness.check import check

    files = write_example(source, root)
    pipelines = [str(root / name) for name in files if not name.startswith(f"{TESTS}/")]
    return check(str(root / TESTS), pipelines, jobs=1).findings
