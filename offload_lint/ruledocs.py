"""The rule docs (``rules/OFLnnn.md``), shipped in the package as ``offload_lint.rule_docs``."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_SOURCE_CHECKOUT_DOCS = Path(__file__).resolve().parent.parent / "rules"


def _is_doc(name: str) -> bool:
    return name.startswith("OFL") and name.endswith(".md")


def _source_checkout() -> bool:
    """Running from a checkout: its rules/ wins over whatever an (editable) install maps."""
    return (_SOURCE_CHECKOUT_DOCS.parent / "pyproject.toml").is_file() and any(_SOURCE_CHECKOUT_DOCS.glob("OFL*.md"))


def docs_directory() -> Path:
    if _source_checkout():
        return _SOURCE_CHECKOUT_DOCS
    # rule_docs has no __init__.py: a namespace package, whose files() is a MultiplexedPath
    # (no usable str()), so find the directory through its entries.
    try:
        for entry in resources.files("offload_lint.rule_docs").iterdir():
            if _is_doc(entry.name) and isinstance(entry, Path):
                return entry.parent
    except (ModuleNotFoundError, TypeError, FileNotFoundError):
        pass
    return _SOURCE_CHECKOUT_DOCS


def all_docs() -> dict[str, str]:
    directory = docs_directory()
    return {path.stem: path.read_text(encoding="utf-8") for path in sorted(directory.glob("OFL*.md"))}


def rule_doc(code: str) -> str | None:
    return all_docs().get(code.upper())
