"""Where a test's expectation lies in a file, found by its text: tests name no line numbers."""

from __future__ import annotations

from pathlib import Path


def line_of(path: str | Path, text: str) -> int:
    """The 1-based number of the one line of ``path`` that contains ``text`` (none or several: an error,
    so that an edit of the file cannot silently move an expectation onto another line). A ``text`` ending
    in a newline must end the line."""
    lines = Path(path).read_text().splitlines()
    numbers = [number for number, line in enumerate(lines, 1) if text in line + "\n"]
    if len(numbers) != 1:
        raise LookupError(f"{text!r} is on {len(numbers)} lines of {path}, not one")
    return numbers[0]
