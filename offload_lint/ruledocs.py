"""The rule docs (``rules/OFLnnn.md``), shipped in the package as ``offload_lint.rule_docs``."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def docs_directory() -> Path:
    try:
        packaged = resources.files("offload_lint.rule_docs")
        candidate = Path(str(packaged))
        if candidate.is_dir() and any(candidate.glob("OFL*.md")):
            return candidate
    except (ModuleNotFoundError, TypeError):
        pass
    return Path(__file__).resolve().parent.parent / "rules"  # a source checkout


def all_docs() -> dict[str, str]:
    directory = docs_directory()
    return {path.stem: path.read_text(encoding="utf-8") for path in sorted(directory.glob("OFL*.md"))}


def rule_doc(code: str) -> str | None:
    return all_docs().get(code.upper())
