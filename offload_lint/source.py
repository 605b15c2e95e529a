"""Parse: read a file as UTF-8 and parse it, or say clearly why not (never a traceback)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SourceProblem:
    """Why a file could not be analyzed; reported as an OFL000 diagnostic."""

    line: int
    column: int
    message: str


def module_name_for(path: Path) -> tuple[str, bool]:
    """Dotted import name from the package layout (``pkg/sub/mod.py`` -> ``pkg.sub.mod``)."""
    path = path.resolve()
    is_package = path.name == "__init__.py"
    parts = [] if is_package else [path.stem]
    directory = path.parent
    while (directory / "__init__.py").is_file():
        parts.append(directory.name)
        if directory.parent == directory:
            break
        directory = directory.parent
    return ".".join(reversed(parts)) or path.stem, is_package


def read_text(path: Path) -> str | SourceProblem:
    try:
        data = path.read_bytes()
    except OSError as error:
        return SourceProblem(1, 1, f"cannot read file: {error.strerror or error}")
    return decode(data)


def decode(data: bytes) -> str | SourceProblem:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        return SourceProblem(line, 1, f"file is not valid UTF-8 (byte {error.start}: {error.reason})")


def parse(text: str, filename: str) -> ast.Module | SourceProblem:
    try:
        return ast.parse(text, filename=filename)
    except SyntaxError as error:
        return SourceProblem(error.lineno or 1, error.offset or 1, f"syntax error: {error.msg}")
    except (ValueError, RecursionError, MemoryError) as error:
        return SourceProblem(1, 1, f"cannot parse file: {error}")
