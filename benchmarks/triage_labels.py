"""What the triage rounds' label sources (``benchmarks/triage22<round>/label_src.py``) share: the row constructors and
the writing of ``labels.json`` next to the round's ``sample.json``, one entry per drawn row."""

from __future__ import annotations

import json
import os

READ = "read: no harness (time / packages not installed)"


def true(level: str, why: str, runtime: str = READ) -> dict:
    """A true row: the hazard holds at ``level`` (block, leaf, both)."""
    return {"label": "true", "level": level, "runtime": runtime, "why": why}


def unsure(level: str, why: str, runtime: str = READ) -> dict:
    """A row true only under a configuration the tree does not use by default (cause C)."""
    return {"label": "C", "level": level, "cause": "C", "runtime": runtime, "why": why}


def false(cause: str, why: str, runtime: str = READ, api: bool = False) -> dict:
    """A false row with its cause letter; ``api``: true on a second reading (a public method counted as reached)."""
    row = {"label": "false", "cause": cause, "runtime": runtime, "why": f"{cause}: {why}"}
    return {**row, "api": True} if api else row


def write_labels(here: str, labels: dict[int, dict]) -> None:
    """``labels.json`` in ``here``: the label of every row of ``here``'s ``sample.json``, numbered from 1."""
    with open(os.path.join(here, "sample.json")) as handle:
        count = len(json.load(handle))
    out = {str(number): labels[number] for number in range(1, count + 1)}
    with open(os.path.join(here, "labels.json"), "w") as handle:
        json.dump(out, handle, indent=1, ensure_ascii=False)
    print(len(out), "rows")
