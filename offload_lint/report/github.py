"""GitHub Actions workflow commands: one ``::error`` annotation per finding.

``::error file=F,line=L,col=C,endLine=L2,endColumn=C2,title=T::message``. GitHub decodes
``%25``, ``%0D`` and ``%0A`` in the message, and additionally ``%3A`` and ``%2C`` in the
properties (where ``:`` and ``,`` would end the value).
"""

from __future__ import annotations

from typing import TextIO

from ..result import LintResult
from ..finding import Finding


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(finding: Finding) -> str:
    # A finding hidden by default (shown with --show-suppressed) is not an error to fail on.
    command = "warning" if finding.suppressed_by else "error"
    properties = {
        "file": finding.path,
        "line": finding.line,
        "col": finding.column,
        "endLine": finding.end_line,
        "endColumn": finding.end_column,
        "title": f"{finding.code} {finding.name}",
    }
    rendered = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties.items())
    return f"::{command} {rendered}::{escape_data(message_of(finding))}"


def message_of(finding: Finding) -> str:
    message = f"{finding.code} {finding.message}"
    if finding.suppressed_by:
        message += f" [suppressed by {finding.suppressed_by}]"
    if finding.runtime is not None:  # --confirm
        message += finding.runtime.describe()
    return message


def render(result: LintResult, out: TextIO, statistics: bool = False) -> None:
    for finding in result.findings:
        out.write(annotation(finding) + "\n")
