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


def labels_of_rows(here: str, rows: dict[int, tuple], anchor: str) -> dict[int, dict]:
    """The labels of a round whose rows are authored by draw number as (path below ``anchor``, line, code, attribute,
    label): stops when a drawn row of ``here``'s ``sample.json`` has another key (the draw and the labels disagree),
    and takes each row's runtime from ``runtime_column.json`` where a run exists."""
    with open(os.path.join(here, "sample.json")) as handle:
        sample = json.load(handle)

    def drawn(row: dict) -> tuple:
        return (row["path"].split(anchor)[-1], row["line"], row["code"], row.get("attribute") or "")

    bad = [(number, drawn(row), rows.get(number, ("?",))[:4]) for number, row in enumerate(sample, 1)
           if number not in rows or drawn(row) != rows[number][:4]]
    if bad:
        raise SystemExit(f"rows whose key differs: {bad}")
    labels = {number: dict(rows[number][4]) for number in range(1, len(sample) + 1)}
    column = os.path.join(here, "runtime_column.json")
    if os.path.exists(column):
        with open(column) as handle:
            for number, runtime in json.load(handle).items():
                labels[int(number)] = {**labels[int(number)], "runtime": runtime}
    return labels
