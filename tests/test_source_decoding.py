"""Source is read as Python reads it: BOM, PEP 263 declarations, universal newlines, form feeds.

Every variant of the same bad model must give the findings of its plain UTF-8 spelling (same
codes, lines, columns) through the CLI and the flake8 plugin; OFL000 is only for bytes Python
itself refuses to compile.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from offload_lint.source import SourceProblem, decode, parse, split_lines

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "frontends"))
from frontend_helpers import run_flake8  # noqa: E402

# Two OFL101 findings on the last line; line 1 can become a coding declaration. The noqa on the
# line before them must not silence them (it would if lines were counted off by one).
MODEL = """\
# a model
import torch
from torch import nn


class Prior(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.clip_mean = nn.Parameter(torch.zeros(1, dim))  # {comment}
        self.clip_std = nn.Parameter(torch.ones(1, dim))

    def forward(self, x):
        return self.proj(x)
{before_method}
    def post_process_latents(self, latents):  # noqa: OFL101
        return latents * self.clip_std + self.clip_mean
"""


def model(comment: str = "mean", before_method: str = "") -> str:
    return MODEL.format(comment=comment, before_method=before_method)


PLAIN = model().encode()
ACCEPTED = {
    "bom": b"\xef\xbb\xbf" + PLAIN,
    "latin1-declared": model(comment="caf\xe9").replace("# a model", "# -*- coding: latin-1 -*-").encode("latin-1"),
    "cp1252-declared-line2": (b"#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\n"
                              + model(comment="\u20ac").split("\n", 1)[1].encode("cp1252")),
    "bom-and-utf8-declared": b"\xef\xbb\xbf# coding: utf-8\n" + PLAIN.split(b"\n", 1)[1],
    "crlf": PLAIN.replace(b"\n", b"\r\n"),
    "cr": PLAIN.replace(b"\n", b"\r"),
    "form-feed": model(before_method="\x0c").encode(),
    "form-feed-in-line": model(comment="a\x0cb", before_method="    \x0c").encode(),
    "other-unicode-line-breaks-in-comments": model(comment="x\x1cy\x1dz\x1e\x85\u2028\u2029").encode(),
    "invalid-utf8-in-a-comment-only": PLAIN.replace(b"# a model", b"# a \xffmodel").replace(b"# mean", b"# m\xe9an"),
}
REJECTED = {
    "unknown-encoding": (b"# coding: no-such-codec\n" + PLAIN, 1, "unknown encoding 'no-such-codec'"),
    "bom-with-latin1-declared": (b"\xef\xbb\xbf# coding: latin-1\n" + PLAIN, 1, "byte order mark"),
    "undecodable-as-declared": (b"# coding: cp1252\n" + PLAIN.replace(b"mean", b"\x81"), 11, "not valid cp1252"),
    "invalid-utf8-in-code": (PLAIN.replace(b"(dim, dim)", b"(dim, '\xe9')"), 9, "not valid UTF-8"),
    "nul-byte": (PLAIN.replace(b"# a model", b"# a \x00model"), 1, "NUL byte"),
}


def python_accepts(data: bytes) -> bool:
    try:
        compile(data, "<test>", "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True


def cli_findings(directory: Path, name: str) -> list[tuple[str, int, int]]:
    done = subprocess.run([sys.executable, "-m", "offload_lint", "--no-cache", "--output-format", "json", name],
                          cwd=directory, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode in (0, 1), done.stderr
    return [(f["code"], f["line"], f["column"]) for f in json.loads(done.stdout)]


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> list[tuple[str, int, int]]:
    directory = tmp_path_factory.mktemp("plain")
    (directory / "model.py").write_bytes(PLAIN)
    found = cli_findings(directory, "model.py")
    assert [code for code, _, _ in found] == ["OFL101", "OFL101"]
    return found


def shifted(found: list[tuple[str, int, int]], lines: int) -> list[tuple[str, int, int]]:
    return [(code, line + lines, column) for code, line, column in found]


def expected_shift(name: str) -> int:
    return {"cp1252-declared-line2": 1}.get(name, 0)  # its declaration takes two lines


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_python_accepts_the_variant(name: str) -> None:
    assert python_accepts(ACCEPTED[name])
    assert not isinstance(decode(ACCEPTED[name]), SourceProblem)


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_accepted_variants_give_the_plain_findings_through_the_cli(name: str, tmp_path: Path, reference) -> None:
    (tmp_path / "model.py").write_bytes(ACCEPTED[name])
    assert cli_findings(tmp_path, "model.py") == shifted(reference, expected_shift(name))


@pytest.mark.parametrize("name", ["latin1-declared", "crlf", "form-feed", "bom", "invalid-utf8-in-a-comment-only"])
def test_accepted_variants_give_the_same_findings_through_flake8(name: str, tmp_path: Path, reference) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    (tmp_path / "model.py").write_bytes(ACCEPTED[name])
    done = run_flake8("--select", "OFL", "--format", "%(code)s %(row)d %(col)d", "model.py", cwd=tmp_path)
    got = [(code, int(row), int(col)) for code, row, col in (line.split() for line in done.stdout.splitlines())]
    assert got == shifted(reference, expected_shift(name)), done.stdout + done.stderr


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_python_rejects_and_so_one_ofl000_with_the_reason(name: str, tmp_path: Path) -> None:
    data, line, reason = REJECTED[name]
    assert not python_accepts(data)
    (tmp_path / "model.py").write_bytes(data)
    done = subprocess.run([sys.executable, "-m", "offload_lint", "--no-cache", "--output-format", "json", "model.py"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    (finding,) = json.loads(done.stdout)
    assert (finding["code"], finding["line"]) == ("OFL000", line), finding
    assert reason in finding["message"] and "not analyzed" in finding["message"]


def test_rejected_bytes_that_flake8_reads_as_latin1_get_ofl000_through_flake8_too(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    data, line, reason = REJECTED["invalid-utf8-in-code"]
    (tmp_path / "model.py").write_bytes(data)
    done = run_flake8("--select", "OFL", "model.py", cwd=tmp_path)
    assert done.stdout.count("OFL000") == 1 and f"model.py:{line}:1: OFL000" in done.stdout, done.stdout + done.stderr


def test_lines_are_counted_as_python_counts_them() -> None:
    text = decode("a = 1\r\nb = 2\rc = 3\n\x0cd = 4  # \x1c \x85 \u2028\n".encode())
    assert isinstance(text, str)
    lines = split_lines(text)
    assert len(lines) == len(ast.parse(text).body) == 4
    assert [node.lineno for node in ast.parse(text).body] == [1, 2, 3, 4]
    assert split_lines("x\ny", keepends=True) == ["x\n", "y"] and split_lines("") == []


def test_nul_byte_position_is_reported() -> None:
    problem = parse("x = 1\ny = '\0'\n", "f.py")
    assert isinstance(problem, SourceProblem) and (problem.line, problem.column) == (2, 6)
