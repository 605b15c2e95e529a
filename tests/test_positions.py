"""The fast position pass gives every node the range libcst's own PositionProvider gives it."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from offload_lint import positions

FIXTURES = sorted((Path(__file__).parent.parent / "fixtures").rglob("*.py"))


def _libcst_ranges(module: cst.Module) -> dict:
    return dict(cst.metadata.MetadataWrapper(module, unsafe_skip_copy=True).resolve(cst.metadata.PositionProvider))


def test_the_self_check_passes_with_the_installed_libcst() -> None:
    assert positions._agrees()


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_same_ranges_as_libcst(path: Path) -> None:
    module = cst.parse_module(path.read_text(encoding="utf-8"))
    fast = dict(positions._fast(module).items())
    assert fast == _libcst_ranges(module)


def test_crlf_tabs_and_continuations() -> None:
    source = "class A:\r\n\tdef f(self, x):\r\n\t\treturn self.w \\\r\n\t\t\t+ x\r\n"
    module = cst.parse_module(source)
    assert dict(positions._fast(module).items()) == _libcst_ranges(module)
