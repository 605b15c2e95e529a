"""--output-format github and sarif, through the CLI; SARIF checked against the official schema.

tests/data/sarif-schema-2.1.0.json is OASIS's schema (errata01, id
https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json),
copied unchanged from github.com/oasis-tcs/sarif-spec, sarif-2.1/schema/sarif-schema-2.1.0.json
at commit e0583813964ec43cea53b6b531b402866095ed1f.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import jsonschema
import pytest

from offload_lint.finding import Finding
from offload_lint.report.github import annotation, escape_data, escape_property
from offload_lint.rules import ALL_RULES
from offload_lint.ruledocs import all_docs

from frontend_helpers import BAD_MODEL, GOOD_MODEL, ROOT, run_offload_lint

SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())
_COMMAND = re.compile(r"^::(?P<kind>error|warning|notice) (?P<properties>[^:]*)::(?P<message>.*)$")


def parse_annotation(line: str) -> tuple[str, dict[str, str], str]:
    """Read a workflow command back as GitHub's runner does (split first, then unescape)."""
    match = _COMMAND.match(line)
    assert match, f"not a workflow command: {line!r}"
    properties = {}
    for item in match.group("properties").split(","):
        key, _, value = item.partition("=")
        properties[key] = _unescape(value)
    return match.group("kind"), properties, _unescape(match.group("message"))


def _unescape(text: str) -> str:
    for encoded, plain in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(encoded, plain)
    return text


def lint_json(root: Path, *paths: str) -> list[dict]:
    done = run_offload_lint("--output-format", "json", "--no-cache", *paths, cwd=root)
    return json.loads(done.stdout)


# --- github -----------------------------------------------------------------------------------
def test_escaping_of_message_and_properties() -> None:
    assert escape_data("100%\r\nnext") == "100%25%0D%0Anext"
    assert escape_property("a:b,c%") == "a%3Ab%2Cc%25"
    assert escape_data("a:b,c") == "a:b,c", "':' and ',' are plain in the message"


def test_annotation_survives_awkward_path_and_multiline_message() -> None:
    finding = Finding(path="dir,x/a:b 100%.py", line=3, column=5, end_line=4, end_column=9, code="OFL101",
                      name="root-parameter-outside-forward", message="line one\nline two: 50%, done")
    line = annotation(finding)
    assert "\n" not in line
    kind, properties, message = parse_annotation(line)
    assert kind == "error"
    assert properties == {"file": "dir,x/a:b 100%.py", "line": "3", "col": "5", "endLine": "4", "endColumn": "9",
                          "title": "OFL101 root-parameter-outside-forward"}
    assert message == "OFL101 line one\nline two: 50%, done"


def test_github_format_from_the_cli(write_project) -> None:
    root = write_project({"model.py": BAD_MODEL, "fixed.py": GOOD_MODEL})
    done = run_offload_lint("--output-format", "github", "--no-cache", ".", cwd=root)
    assert done.returncode == 1, done.stderr
    expected = lint_json(root, ".")
    parsed = [parse_annotation(line) for line in done.stdout.splitlines()]
    assert len(parsed) == len(expected) == 2, "annotations only, no summary line"
    for (kind, properties, message), finding in zip(parsed, expected):
        assert kind == "error"
        assert properties == {
            "file": "model.py", "line": str(finding["line"]), "col": str(finding["column"]),
            "endLine": str(finding["end_line"]), "endColumn": str(finding["end_column"]),
            "title": "OFL101 root-parameter-outside-forward",
        }
        assert message == f"OFL101 {finding['message']}"


def test_github_format_clean_run_prints_nothing(write_project) -> None:
    root = write_project({"fixed.py": GOOD_MODEL})
    done = run_offload_lint("--output-format", "github", "--no-cache", ".", cwd=root)
    assert (done.returncode, done.stdout) == (0, "")


# --- sarif ------------------------------------------------------------------------------------
def sarif_of(root: Path, *paths: str) -> dict:
    done = run_offload_lint("--output-format", "sarif", "--no-cache", *paths, cwd=root)
    assert done.returncode in (0, 1), done.stderr
    log = json.loads(done.stdout)
    errors = sorted(jsonschema.Draft4Validator(SCHEMA).iter_errors(log), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])
    return log


def test_the_schema_file_is_the_official_one() -> None:
    assert SCHEMA["id"] == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    invalid = {"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}  # a driver needs a name
    assert list(jsonschema.Draft4Validator(SCHEMA).iter_errors(invalid))


def test_sarif_driver_documents_every_rule(write_project) -> None:
    log = sarif_of(write_project({"fixed.py": GOOD_MODEL}), ".")
    assert log["version"] == "2.1.0" and log["runs"][0]["results"] == []
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["name"] == "offload-lint"
    by_id = {rule["id"]: rule for rule in driver["rules"]}
    assert set(by_id) == {rule.code for rule in ALL_RULES} | {"OFL000"}
    docs = all_docs()
    for rule in ALL_RULES:
        descriptor = by_id[rule.code]
        assert descriptor["name"] == rule.name
        assert descriptor["shortDescription"]["text"] == rule.summary
        what_it_does = docs[rule.code].split("## What it does\n", 1)[1].split("\n## ", 1)[0]
        assert descriptor["fullDescription"]["text"] == " ".join(what_it_does.split())
        assert descriptor["help"]["markdown"] == docs[rule.code]


def test_sarif_results_locate_each_finding(write_project) -> None:
    root = write_project({"models/bad model.py": BAD_MODEL, "fixed.py": GOOD_MODEL, "broken.py": "def (:\n"})
    log = sarif_of(root, ".")
    run = log["runs"][0]
    expected = lint_json(root, ".")
    assert len(run["results"]) == len(expected) == 3
    base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert base == root.resolve().as_uri() + "/"
    rules = run["tool"]["driver"]["rules"]
    for result, finding in zip(run["results"], expected):
        assert result["ruleId"] == finding["code"] == rules[result["ruleIndex"]]["id"]
        assert result["level"] == "error"
        assert result["message"]["text"] == finding["message"]
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert (root / unquote(location["artifactLocation"]["uri"])).resolve() == (root / finding["path"]).resolve()
        assert location["region"] == {"startLine": finding["line"], "startColumn": finding["column"],
                                      "endLine": finding["end_line"], "endColumn": finding["end_column"]}
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
    assert uris == {"broken.py", "models/bad%20model.py"}
    assert {r["ruleId"] for r in run["results"]} == {"OFL000", "OFL101"}


@pytest.mark.parametrize("output_format", ["github", "sarif"])
def test_ci_formats_keep_the_exit_code(write_project, output_format: str) -> None:
    root = write_project({"model.py": BAD_MODEL})
    assert run_offload_lint("--output-format", output_format, "--no-cache", ".", cwd=root).returncode == 1
    assert run_offload_lint("--output-format", output_format, "--no-cache", "--exit-zero", ".",
                            cwd=root).returncode == 0
