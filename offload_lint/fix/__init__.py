"""Fixes: typed edits the rules attach to findings (``model``), built with libcst from the
linted source (``codemods``), applied per file with conflict handling and a re-lint loop
(``apply``)."""

from __future__ import annotations

from .model import Applicability, Edit, Fix

__all__ = ["Applicability", "Edit", "Fix"]
