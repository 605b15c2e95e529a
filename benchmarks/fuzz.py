"""Fuzz the CLI and the flake8 plugin with broken and strange input.

Inputs: programs from hypothesmith (``pip install hypothesmith``) and real model files of the
installed diffusers/transformers, mutated: truncated at a random byte, NUL bytes, random byte
flips, deleted/duplicated lines, deep nesting, a 50,000-line class, mixed encodings (PEP 263
declarations that lie, BOM conflicts, CR/CRLF mixes, form feeds), symlink loops, dangling
symlinks, FIFOs, unreadable files (without root).

Each batch of inputs is one project (a pyproject.toml at its top) linted by
``offload-lint -j 1`` and ``-j 2`` (separate cache directories) and by
``flake8 --select OFL,E9``. Checked, per batch:

- no traceback and no internal error from any front end, exit status 0 or 1;
- every file Python refuses (``compile(..., PyCF_ONLY_AST)`` on its bytes, or unreadable) has
  exactly one OFL000 with a reason, every other file none;
- ``-j 1`` and ``-j 2`` print the same output;
- flake8 reports the CLI's findings (codes, lines, columns) for the files Python accepts, and
  OFL000 or its own E902/E999 once for each file Python refuses;
- nothing is written in the project except the cache directory.

    python benchmarks/fuzz.py --inputs 10000 --seed 0          # the full run (tens of minutes)
    python benchmarks/fuzz.py --inputs 200 --batch 100 --seed 1 # a quick one

Failing inputs are kept under ``--keep`` (default ``fuzz-failures/``) with the reason.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import warnings
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-c", "import sys; from offload_lint.cli import main; sys.exit(main())"]
FLAKE8 = [sys.executable, "-c", "import sys; from flake8.main.cli import main; sys.exit(main())"]
RUN_TIMEOUT_S = 300  # a hang guard only: a batch runs in seconds (flake8 -j 2 once hung in its pool after a worker died)
TRACEBACK_MARKERS = ("Traceback (most recent call last)", "internal error", "There was a critical error")


@dataclass
class Input:
    name: str  # path inside the batch directory
    kind: str
    data: bytes | None = None  # None: a special file made by ``make``
    make: str | None = None  # "fifo", "dangling", "loop", "unreadable"


@dataclass
class Tally:
    inputs: int = 0
    by_kind: Counter = field(default_factory=Counter)
    rejected: int = 0
    ofl000: int = 0
    flake8_broken_reports: Counter = field(default_factory=Counter)
    not_for_flake8: int = 0
    findings: int = 0
    failures: list[str] = field(default_factory=list)
    # flake8 stopped by another plugin's exception (no offload-lint frame in the traceback), by plugin.
    other_plugin_tracebacks: Counter = field(default_factory=Counter)
    seconds: dict[str, float] = field(default_factory=Counter)


# --- inputs -------------------------------------------------------------------------------------
def model_files(limit: int = 400) -> list[Path]:
    """Real model files from the installed packages (read only, never imported)."""
    found: list[Path] = []
    for package in ("diffusers", "transformers"):
        for entry in sys.path:
            base = Path(entry) / package
            if (base / "__init__.py").is_file():
                found += sorted(base.glob("models/**/*.py"))
                break
    random.Random(0).shuffle(found)
    return found[:limit]


def hypothesmith_programs(count: int, seed: int) -> list[str]:
    try:
        import hypothesmith
        from hypothesis import HealthCheck, given, settings, seed as hypothesis_seed
    except ImportError:
        sys.exit("fuzz: pip install hypothesmith")
    programs: list[str] = []
    strategy = hypothesmith.from_grammar() | hypothesmith.from_node()

    @hypothesis_seed(seed)
    @settings(max_examples=count, database=None, deadline=None, derandomize=False,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(source: str) -> None:
        programs.append(source)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        collect()
    return programs[:count]


def deep_nesting(rng: random.Random, text: str) -> str:
    depth = rng.choice([50, 99, 100, 150, 200, 1000, 5000])
    shape = rng.choice(["parens", "lists", "ifs", "calls", "unary"])
    if shape == "parens":
        snippet = "x = " + "(" * depth + "1" + ")" * depth
    elif shape == "lists":
        snippet = "x = " + "[" * depth + "]" * depth
    elif shape == "calls":
        snippet = "x = " + "f(" * depth + ")" * depth
    elif shape == "unary":
        snippet = "x = " + "-" * depth + "1"
    else:  # Python stops at 100 indentation levels; deeper only makes a huge file of spaces
        depth = min(depth, 150)
        snippet = "\n".join(" " * i + "if x:" for i in range(depth)) + "\n" + " " * depth + "pass"
    lines = text.splitlines(keepends=True)
    at = rng.randrange(len(lines) + 1)
    return "".join(lines[:at]) + snippet + "\n" + "".join(lines[at:])


def huge_class(rng: random.Random, lines: int = 50_000) -> str:
    out = ["import torch", "from torch import nn", "", "", "class Huge(nn.Module):",
           "    def __init__(self):", "        super().__init__()",
           "        self.proj = nn.Linear(4, 4)", "        self.scale = nn.Parameter(torch.ones(4))", "",
           "    def forward(self, x):", "        return self.proj(x)", ""]
    number = 0
    while len(out) < lines:
        body = rng.choice(["return x * self.scale", "return self.proj(x)", "return x + 1",
                           "return F.linear(x, self.proj.weight)"])
        out += [f"    def method_{number}(self, x):", f"        {body}", ""]
        number += 1
    return "\n".join(out) + "\n"


ENCODING_MUTATIONS = ("latin1_declared_utf8_bytes", "utf8_undeclared_latin1_bytes", "bom_with_latin1",
                      "cp1252_undefined", "utf16_declared", "unknown_codec", "mixed_newlines",
                      "form_feeds", "bom_only", "comment_latin1_bytes")


def mixed_encoding(rng: random.Random, text: str) -> bytes:
    kind = rng.choice(ENCODING_MUTATIONS)
    body = text.encode("utf-8", "surrogatepass")
    if kind == "latin1_declared_utf8_bytes":
        return b"# -*- coding: latin-1 -*-\n# caf\xc3\xa9\n" + body
    if kind == "utf8_undeclared_latin1_bytes":
        return body + b"\nname = 'caf\xe9'\n"
    if kind == "bom_with_latin1":
        return b"\xef\xbb\xbf# coding: latin-1\n" + body
    if kind == "cp1252_undefined":
        return b"# coding: cp1252\n" + body + b"\n# \x81\n"
    if kind == "utf16_declared":
        return b"# coding: utf-16\n" + body
    if kind == "unknown_codec":
        return b"# coding: no-such-codec\n" + body
    if kind == "mixed_newlines":
        lines = body.split(b"\n")
        return b"".join(line + rng.choice([b"\n", b"\r\n", b"\r"]) for line in lines)
    if kind == "form_feeds":
        lines = body.split(b"\n")
        for _ in range(5):
            index = rng.randrange(len(lines))
            lines[index] = b"\x0c" + lines[index]
        return b"\n".join(lines)
    if kind == "bom_only":
        return b"\xef\xbb\xbf" + body
    return body.replace(b"#", b"# \xff\xfe", 1)


def mutate(rng: random.Random, source: bytes) -> tuple[str, bytes]:
    text = source.decode("utf-8", "replace")
    kind = rng.choice(["truncate", "truncate", "nul", "flip", "delete_lines", "duplicate_lines",
                       "deep_nesting", "encoding", "encoding", "unchanged"])
    if kind == "truncate":
        return kind, source[: rng.randrange(len(source) + 1)]
    if kind == "nul":
        at = rng.randrange(len(source) + 1)
        return kind, source[:at] + b"\0" + source[at:]
    if kind == "flip":
        data = bytearray(source)
        for _ in range(rng.randint(1, 8)):
            if data:
                data[rng.randrange(len(data))] = rng.randrange(256)
        return kind, bytes(data)
    if kind in ("delete_lines", "duplicate_lines"):
        lines = source.splitlines(keepends=True)
        for _ in range(rng.randint(1, 5)):
            if not lines:
                break
            index = rng.randrange(len(lines))
            if kind == "delete_lines":
                del lines[index]
            else:
                lines.insert(index, lines[index])
        return kind, b"".join(lines)
    if kind == "deep_nesting":
        return kind, deep_nesting(rng, text).encode()
    if kind == "encoding":
        return kind, mixed_encoding(rng, text)
    return kind, source


def batch_inputs(rng: random.Random, number: int, size: int, programs: list[str], models: list[Path],
                 share: float) -> list[Input]:
    inputs: list[Input] = []
    packages = [f"pkg{i}" for i in range(4)]
    for index in range(size):
        folder = rng.choice(packages + ["loose"])
        name = f"{folder}/m{number}_{index}.py"
        roll = rng.random()
        if roll < share and programs:
            inputs.append(Input(name, "hypothesmith", programs.pop().encode("utf-8", "surrogatepass")))
        elif roll < 0.985 and models:
            kind, data = mutate(rng, rng.choice(models).read_bytes())
            inputs.append(Input(name, f"model:{kind}", data))
        else:
            special = rng.choice(["fifo", "dangling", "loop", "unreadable", "directory_named_py"])
            inputs.append(Input(name, f"special:{special}", make=special))
    if number % 10 == 0:  # a 50,000-line class every tenth batch (each costs seconds)
        inputs.append(Input(f"pkg0/huge_{number}.py", "huge_class", huge_class(rng).encode()))
    return inputs


def write_batch(directory: Path, inputs: list[Input]) -> None:
    directory.mkdir(parents=True)
    (directory / "pyproject.toml").write_text('[project]\nname = "fuzz"\n')
    for folder in ("pkg0", "pkg1", "pkg2", "pkg3", "loose"):
        (directory / folder).mkdir(parents=True, exist_ok=True)
        if folder != "loose":
            (directory / folder / "__init__.py").write_text("")
    (directory / "loose" / "cycle").symlink_to("..", target_is_directory=True)  # a directory loop
    for item in inputs:
        path = directory / item.name
        if item.data is not None:
            path.write_bytes(item.data)
        elif item.make == "fifo":
            os.mkfifo(path)
        elif item.make == "dangling":
            path.symlink_to(path.with_name("does-not-exist.py"))
        elif item.make == "loop":
            path.symlink_to(path.name)  # points at itself
        elif item.make == "unreadable":
            path.write_text("x = 1\n")
            path.chmod(0)
        elif item.make == "directory_named_py":
            path.mkdir()


_OTHER_PLUGIN_FAILED = re.compile(r'^(.+?): "[^"]+" failed during execution due to')


# --- the oracle ---------------------------------------------------------------------------------
def python_refuses(path: Path) -> bool | str | None:
    """True: Python would not compile it (or it cannot be read); "stops flake8": Python refuses it
    with an error other than SyntaxError (NUL bytes on some 3.11 releases, nesting its parser gives
    up on), on which flake8 itself stops with a traceback; None: not a file we lint."""
    if path.is_dir():
        return None
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return True
        data = path.read_bytes()
    except OSError:
        return True
    try:
        compile(data, str(path), "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, OverflowError):
        return True
    except (ValueError, RecursionError, MemoryError):  # flake8 catches SyntaxError only
        return "stops flake8"
    return False


# --- running ------------------------------------------------------------------------------------
def snapshot(directory: Path, skip: str) -> dict[str, tuple[int, int]]:
    out = {}
    for folder, dirnames, filenames in os.walk(directory):
        dirnames[:] = [d for d in dirnames if d != skip]
        for name in filenames + dirnames:
            path = Path(folder) / name
            try:
                info = path.lstat()
            except OSError:
                continue
            out[str(path.relative_to(directory))] = (info.st_size, info.st_mtime_ns)
    return out


def run(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[subprocess.CompletedProcess | None, float]:
    started = time.perf_counter()
    try:
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S,
                              errors="replace")
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - started
    return done, time.perf_counter() - started


def check_batch(directory: Path, inputs: list[Input], tally: Tally, keep: Path, label: str, caches: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before = snapshot(directory, ".offload-lint-cache")
    problems: list[str] = []
    outputs = {}
    for jobs in ("1", "2"):
        command = [*CLI, "--output-format", "json", "-j", jobs, "--cache-dir", str(caches / f"j{jobs}"), "."]
        done, seconds = run(command, directory, env)
        tally.seconds[f"cli -j{jobs}"] += seconds
        if done is None:
            problems.append(f"cli -j{jobs}: still running after {RUN_TIMEOUT_S} s")
            continue
        if done.returncode not in (0, 1) or any(m in done.stderr + done.stdout for m in TRACEBACK_MARKERS):
            problems.append(f"cli -j{jobs}: exit {done.returncode}: {done.stderr[-2000:]}")
            continue
        outputs[jobs] = done.stdout
    if len(outputs) == 2 and outputs["1"] != outputs["2"]:
        problems.append("cli: -j1 and -j2 outputs differ")
    findings = json.loads(outputs["1"]) if "1" in outputs else []
    tally.findings += sum(1 for f in findings if f["code"] != "OFL000")
    ofl000: Counter = Counter(os.path.normpath(f["path"]) for f in findings if f["code"] == "OFL000")
    for f in findings:
        if f["code"] == "OFL000" and not f["message"].strip(";").strip():
            problems.append(f"OFL000 without a reason: {f['path']}")
    refused: set[str] = set()
    too_deep: set[str] = set()
    for item in inputs:
        verdict = python_refuses(directory / item.name)
        if verdict is None:
            continue
        name = os.path.normpath(item.name)
        if verdict:
            refused.add(name)
        if verdict == "stops flake8":
            too_deep.add(name)
        expected = 1 if verdict else 0
        if ofl000[name] != expected:
            problems.append(f"{name} ({item.kind}): {ofl000[name]} OFL000, expected {expected}")
    tally.rejected += len(refused)
    tally.ofl000 += sum(ofl000.values())
    flake8_env = {**env, "OFFLOAD_LINT_CACHE_DIR": str(caches / "flake8")}
    # flake8 itself blocks forever reading a FIFO, and stops with a traceback (before any plugin
    # runs) where its ast.parse raises something else than SyntaxError: left to the CLI.
    not_for_flake8 = {os.path.normpath(item.name) for item in inputs if item.make == "fifo"} | too_deep
    tally.not_for_flake8 += len(not_for_flake8)
    gave_up: set[str] = set()
    for _ in range(4):
        # Another flake8 plugin that gives up on a file (pyflakes on very deep nesting) stops flake8's whole
        # run: flake8's limit, not ours. Such files are left out and flake8 runs again.
        excluded = ",".join(sorted(Path(name).name for name in not_for_flake8 | gave_up))
        command = [*FLAKE8, "--select", "OFL,E9", "-j", "2", "--format", "%(path)s\t%(row)d\t%(col)d\t%(code)s",
                   *(["--extend-exclude", excluded] if excluded else []), "."]
        done, seconds = run(command, directory, flake8_env)
        tally.seconds["flake8 -j2"] += seconds
        failed = set()
        if done is not None:
            failed = {os.path.normpath(m.group(1)) for line in (done.stdout + "\n" + done.stderr).splitlines()
                      if (m := _OTHER_PLUGIN_FAILED.match(line)) and '"OFL' not in line}
        if not failed - gave_up:
            break
        gave_up |= failed
    if done is None:
        problems.append("flake8: still running")
    elif done.returncode not in (0, 1) or any(m in done.stderr + done.stdout for m in TRACEBACK_MARKERS):
        other = other_plugin(done.stderr + done.stdout)
        if other is not None:
            tally.other_plugin_tracebacks[other] += 1  # that batch's flake8 comparison is lost, not failed
        else:
            problems.append(f"flake8: exit {done.returncode}: {(done.stderr or done.stdout)[-2000:]}")
    else:
        got: list[tuple[str, int, int, str]] = []
        for line in done.stdout.splitlines():
            fields = line.split("\t")
            if len(fields) != 4 or not fields[1].isdigit() or not fields[2].isdigit():
                problems.append(f"flake8 printed a line that is no report: {line[:300]!r}")
                continue
            path, row, col, code = fields
            got.append((os.path.normpath(path), int(row), int(col), code))
        accepted_cli = sorted((os.path.normpath(f["path"]), f["line"], f["column"], f["code"]) for f in findings
                              if os.path.normpath(f["path"]) not in refused)
        accepted_flake8 = sorted(g for g in got if g[0] not in refused)
        accepted_cli = [f for f in accepted_cli if f[0] not in not_for_flake8 and f[0] not in gave_up]
        accepted_flake8 = [g for g in accepted_flake8 if g[0] not in gave_up]
        tally.not_for_flake8 += len(gave_up)
        if accepted_cli != accepted_flake8:
            missing = sorted(set(accepted_cli) - set(accepted_flake8))[:5]
            extra = sorted(set(accepted_flake8) - set(accepted_cli))[:5]
            problems.append(f"flake8 differs from the CLI on accepted files: only CLI {missing}, only flake8 {extra}")
        broken = Counter(g[0] for g in got if g[0] in refused)
        for name in refused - not_for_flake8:
            codes = [g[3] for g in got if g[0] == name]
            tally.flake8_broken_reports[",".join(sorted(codes)) or "none"] += 1
            if broken[name] > 1:
                problems.append(f"flake8: {broken[name]} reports for {name}: {codes}")
    after = snapshot(directory, ".offload-lint-cache")
    if before != after:
        changed = sorted(set(before.items()) ^ set(after.items()))[:5]
        problems.append(f"files changed outside the cache directory: {changed}")
    if problems:
        tally.failures.extend(f"{label}: {p}" for p in problems)
        target = keep / label
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(directory, target, symlinks=True, ignore=_ignore_specials)
        (target / "PROBLEMS.txt").write_text("\n".join(problems) + "\n")


def _ignore_specials(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if not (Path(folder) / n).is_symlink()
            and (Path(folder) / n).exists() and not ((Path(folder) / n).is_file() or (Path(folder) / n).is_dir())]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hypothesmith-share", type=float, default=0.25)
    parser.add_argument("--keep", type=Path, default=Path("fuzz-failures"))
    parser.add_argument("--json", type=Path, help="write the counts here (after every batch)")
    parser.add_argument("--programs-cache", type=Path, help="keep the generated programs here for a rerun")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    models = model_files()
    count = int(args.inputs * args.hypothesmith_share) + 1 if args.hypothesmith_share else 0
    saved = args.programs_cache / f"hypothesmith-{args.seed}-{count}.json" if args.programs_cache else None
    if saved is not None and saved.is_file():
        programs = json.loads(saved.read_text())
    else:
        programs = hypothesmith_programs(count, args.seed) if count else []
        if saved is not None:
            saved.parent.mkdir(parents=True, exist_ok=True)
            saved.write_text(json.dumps(programs))
    generation_s = time.perf_counter() - started
    print(f"fuzz: {len(programs)} hypothesmith programs in {generation_s:.0f} s, {len(models)} model files", flush=True)
    tally = Tally()
    number = 0
    with tempfile.TemporaryDirectory(prefix="offload-lint-fuzz-") as scratch:
        while tally.inputs < args.inputs:
            size = min(args.batch, args.inputs - tally.inputs)
            inputs = batch_inputs(rng, number, size, programs, models, args.hypothesmith_share)
            directory = Path(scratch) / f"batch{number}"
            caches = Path(scratch) / f"caches{number}"
            write_batch(directory, inputs)
            check_batch(directory, inputs, tally, args.keep, f"batch{number}", caches)
            tally.inputs += len(inputs)
            tally.by_kind.update(item.kind.split(":")[0] if not item.kind.startswith("model") else item.kind
                                 for item in inputs)
            for path in directory.rglob("*"):
                if path.is_file() and not path.is_symlink():
                    path.chmod(0o644)
            shutil.rmtree(directory, ignore_errors=True)
            shutil.rmtree(caches, ignore_errors=True)
            if args.json:
                args.json.write_text(json.dumps(summarize(tally, args, started, generation_s), indent=2) + "\n")
            print(f"fuzz: batch {number}: {tally.inputs} inputs, {tally.rejected} refused by Python, "
                  f"{tally.ofl000} OFL000, {len(tally.failures)} failures, {time.perf_counter() - started:.0f} s",
                  flush=True)
            number += 1
    summary = summarize(tally, args, started, generation_s)
    print(json.dumps(summary, indent=2))
    for failure in tally.failures[:50]:
        print("FAILURE", failure)
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2) + "\n")
    return 1 if tally.failures else 0


def other_plugin(output: str) -> str | None:
    """The plugin whose exception stopped flake8, when no frame of the traceback is offload-lint's
    (flake8 names it: ``file.py: "pycodestyle[E]" failed during execution due to IndexError(...)``)."""
    if "offload_lint" in output or "offload-lint" in output:
        return None
    named = re.search(r'"([^"\[]+)(?:\[[^\]]*\])?" failed during execution', output)
    return named.group(1) if named else None


def summarize(tally: Tally, args: argparse.Namespace, started: float, generation_s: float) -> dict:
    return {
        "inputs": tally.inputs, "seed": args.seed, "by_kind": dict(sorted(tally.by_kind.items())),
        "refused_by_python": tally.rejected, "ofl000": tally.ofl000, "other_findings": tally.findings,
        "flake8_reports_for_refused_files": dict(tally.flake8_broken_reports),
        "left_to_the_cli_only": tally.not_for_flake8,
        "other_plugin_tracebacks": dict(tally.other_plugin_tracebacks),
        "failures": len(tally.failures), "seconds": {k: round(v, 1) for k, v in tally.seconds.items()},
        "generation_s": round(generation_s, 1), "total_s": round(time.perf_counter() - started, 1),
        "root": os.geteuid() == 0 if hasattr(os, "geteuid") else None,
        "failure_list": tally.failures,
    }


if __name__ == "__main__":
    sys.exit(main())
