"""Parse: read a file the way Python reads source, and parse it, or say clearly why not.

Decoding follows the interpreter: a UTF-8 byte order mark, a PEP 263 coding declaration on
line 1 or 2, UTF-8 otherwise; ``\\r\\n`` and lone ``\\r`` become ``\\n`` (universal newlines).
Form feeds and the other characters ``str.splitlines`` treats as line breaks are not line
breaks in Python: :func:`split_lines` splits where Python counts lines. A file gets a
:class:`SourceProblem` (OFL000) only where Python itself refuses to compile it; code written for a
newer Python (PEP 695 type parameters) is read past its type parameter lists (:func:`parse_python`).
"""

from __future__ import annotations

import ast
import codecs
import io
import os
import re
import stat
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path

_BOM = codecs.BOM_UTF8
_UNKNOWN_ENCODING = re.compile(r"unknown encoding(?: for [^:]*)?: (.+)")


@dataclass(frozen=True)
class SourceProblem:
    """Why a file could not be analyzed; reported as an OFL000 diagnostic."""

    line: int
    column: int
    message: str


def module_name_for(path: Path) -> tuple[str, bool]:
    """Dotted import name from the package layout (``pkg/sub/mod.py`` -> ``pkg.sub.mod``)."""
    path = Path(os.path.realpath(path))  # Path.resolve() raises on a symlink loop
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
        if not stat.S_ISREG(path.stat().st_mode):  # a FIFO or a device would block or never end
            return SourceProblem(1, 1, "cannot read file: not a regular file")
        data = path.read_bytes()
    except OSError as error:
        return SourceProblem(1, 1, f"cannot read file: {error.strerror or error}")
    return decode(data)


def read_lines(path: Path, keepends: bool = False) -> list[str]:
    """The file's lines as Python numbers them; empty when it cannot be read or decoded."""
    text = read_text(path)
    return [] if isinstance(text, SourceProblem) else split_lines(text, keepends)


def split_lines(text: str, keepends: bool = False) -> list[str]:
    """Lines of decoded source (``\\n`` only: a form feed does not end a line for Python)."""
    if not text:
        return []
    lines = text.split("\n")
    last = lines.pop()
    if keepends:
        lines = [line + "\n" for line in lines]
    if last:
        lines.append(last)
    return lines


def decode(data: bytes) -> str | SourceProblem:
    """Source bytes -> text, as the interpreter decodes them (see the module docstring)."""
    declared: str | None = None
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        declared = None if encoding in ("utf-8", "utf-8-sig") else encoding
    except SyntaxError as error:
        problem = _declaration_problem(data, str(error))
        if problem is not None:
            return problem
        encoding = "utf-8-sig"  # undecodable first lines without a declaration: decided below
    except LookupError as error:
        return SourceProblem(1, 1, f"coding declaration names an unknown encoding ({error})")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        rejected = _python_rejects(data)
        if rejected is not None or declared is not None:
            line = data[: error.start].count(b"\n") + 1
            what = f"{declared}, as its coding declaration says" if declared else "UTF-8, and it declares no other encoding"
            return SourceProblem(line, 1, f"file is not valid {what} (byte {error.start}: {error.reason})")
        # Python compiles it (undecodable bytes only in comments): so do we, with them replaced.
        text = data.decode(encoding, errors="replace")
    except LookupError as error:  # a codec tokenize accepted but that cannot decode
        return SourceProblem(1, 1, f"coding declaration names an unusable encoding ({error})")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _declaration_problem(data: bytes, reason: str) -> SourceProblem | None:
    """The PEP 263 errors Python reports before reading any code (None: not one of those)."""
    line = _declaration_line(data)
    unknown = _UNKNOWN_ENCODING.search(reason)
    if unknown:
        return SourceProblem(line, 1, f"coding declaration names an unknown encoding {unknown.group(1)!r}")
    if reason.startswith("encoding problem"):
        return SourceProblem(line, 1, "file starts with a UTF-8 byte order mark but declares another encoding")
    return None


def _declaration_line(data: bytes) -> int:
    for number, line in enumerate(data.removeprefix(_BOM).split(b"\n")[:2], start=1):
        if b"coding" in line:
            return number
    return 1


def _python_rejects(data: bytes) -> SyntaxError | ValueError | None:
    """Whether the interpreter refuses these bytes (asked only on the rare undecodable path)."""
    try:
        compile(data, "<source>", "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, ValueError) as error:
        return error
    except (RecursionError, MemoryError):
        return None
    return None


# The interpreter's own parser reads the files: code written for a newer Python is a syntax error here.
_PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"


def parse(text: str, filename: str) -> ast.Module | SourceProblem:
    nul = text.find("\0")
    if nul != -1:
        line = text.count("\n", 0, nul) + 1
        column = nul - (text.rfind("\n", 0, nul) + 1) + 1
        return SourceProblem(line, column, "file contains a NUL byte, which Python does not accept in source")
    try:
        return parse_python(text, filename)
    except SyntaxError as error:
        return SourceProblem(error.lineno or 1, error.offset or 1,
                             f"syntax error: {error.msg} (as Python {_PYTHON} parses it)")
    except RecursionError:
        return SourceProblem(1, 1, "file is nested too deeply for Python's parser")
    except MemoryError:
        return SourceProblem(1, 1, "file is too large to parse (out of memory)")
    except ValueError as error:
        return SourceProblem(1, 1, f"cannot parse file: {error}")


def parse_python(text: str | bytes, filename: str = "<unknown>") -> ast.Module:
    """``ast.parse``, and for code written for a newer Python than this one, the same code without its type parameter
    lists (PEP 695, Python 3.12: ``class Regressor[T](nn.Module):``, ``def f[T](x: T)``, ``type Alias = ...``): the
    interpreter's parser refuses them, while what they leave out (generics) says nothing about offloading, and a file
    lost to a syntax error takes its classes' bases with it. Positions stay those of the file. SyntaxError when the
    file is invalid anyway, at the line a newer interpreter would name."""
    try:
        return ast.parse(text, filename=filename)
    except SyntaxError as error:
        if isinstance(text, bytes):
            decoded = decode(text)
            if isinstance(decoded, SourceProblem):
                raise
            text = decoded
        if sys.version_info >= (3, 12) or "[" not in text:
            raise
        rewritten = without_type_parameters(text)
        if rewritten == text:
            raise
        # Invalid anyway: the error where the file itself goes wrong, as a newer interpreter reports it (positions
        # are kept), not at the first type parameter list.
        return ast.parse(rewritten, filename=filename)


def without_type_parameters(text: str) -> str:
    """``text`` with each PEP 695 type parameter list blanked (spaces, newlines kept) and each ``type`` alias
    statement made an assignment (``type Alias = X`` -> ``_=0; Alias = X``, the same width), as far as it tokenizes."""
    starts = [0]  # where each line starts, as tokenize counts lines (a form feed is no line break)
    for line in split_lines(text, keepends=True):
        starts.append(starts[-1] + len(line))
    edits: list[tuple[int, int, str]] = []  # (start offset, end offset, replacement)
    tokens: list[tokenize.TokenInfo] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type not in (tokenize.COMMENT, tokenize.NL):
                tokens.append(token)
    except (tokenize.TokenError, SyntaxError):
        pass  # an invalid file: the headers before the error are still read past, so the error is found where it is
    offset = lambda position: starts[position[0] - 1] + position[1]  # noqa: E731
    at_statement_start = True
    for index, token in enumerate(tokens):
        following = tokens[index + 1:index + 3]
        header = token.type == tokenize.NAME and token.string in ("class", "def") or (
            at_statement_start and token.type == tokenize.NAME and token.string == "type")
        if header and len(following) == 2 and following[0].type == tokenize.NAME and following[1].string == "[":
            end = _closing_bracket(tokens, index + 2)
            if end is None:
                return text
            first, last = offset(tokens[index + 2].start), offset(tokens[end].end)
            edits.append((first, last, re.sub(r"[^\n]", " ", text[first:last])))
        if at_statement_start and token.string == "type" and len(following) == 2 \
                and following[0].type == tokenize.NAME and (following[1].string in ("=", "[")):
            edits.append((offset(token.start), offset(token.end), "_=0;"))
        at_statement_start = token.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT) or token.string == ";"
    for first, last, replacement in sorted(edits, reverse=True):
        text = text[:first] + replacement + text[last:]
    return text


def _closing_bracket(tokens: list[tokenize.TokenInfo], opening: int) -> int | None:
    depth = 0
    for index in range(opening, len(tokens)):
        if tokens[index].string in ("[", "(", "{"):
            depth += 1
        elif tokens[index].string in ("]", ")", "}"):
            depth -= 1
            if depth == 0:
                return index
    return None
