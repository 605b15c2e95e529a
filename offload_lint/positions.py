"""Line and column of every libcst node, as libcst's ``PositionProvider`` gives them, computed faster.

libcst computes positions by generating the module's code with a state that records, for every
node, where its code starts and ends (the syntactic range where a node declares one, else the
range including its whitespace). That pass costs more than the parse itself: a position object
and a range object per node, a regex per token, a generator-based context manager per node.
:class:`_PositionState` records the same ranges as plain tuples and builds a ``CodeRange`` only
for the nodes a visitor asks about. :func:`positions` checks itself once against libcst's own
provider and falls back to it if they ever disagree (a libcst whose code generation differs).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import libcst as cst
from libcst._nodes.internal import CodegenState
from libcst.metadata import CodeRange, PositionProvider

_NEWLINE = re.compile(r"\r\n?|\n")
Span = tuple[tuple[int, int], tuple[int, int]]


class _Syntactic:
    """``with state.record_syntactic_position(node, start_node=..., end_node=...)``."""

    __slots__ = ("state", "node", "start_node", "end_node", "start")

    def __init__(self, state: "_PositionState", node: cst.CSTNode, start_node: cst.CSTNode | None,
                 end_node: cst.CSTNode | None) -> None:
        self.state, self.node, self.start_node, self.end_node = state, node, start_node, end_node

    def __enter__(self) -> None:
        self.start = (self.state.line, self.state.column)

    def __exit__(self, *_: object) -> None:
        state = self.state
        computed = state.computed
        start = computed[self.start_node][0] if self.start_node is not None else self.start
        end = computed[self.end_node][1] if self.end_node is not None else (state.line, state.column)
        computed[self.node] = (start, end)


class _PositionState(CodegenState):
    """Code generation that only tracks where each node's code starts and ends."""

    def __init__(self, default_indent: str, default_newline: str) -> None:
        super().__init__(default_indent=default_indent, default_newline=default_newline)
        self.line = 1  # 1-based, as libcst counts
        self.column = 0
        self.starts: list[tuple[int, int]] = []
        self.computed: dict[cst.CSTNode, Span] = {}

    def _advance(self, value: str) -> None:
        if "\n" not in value and "\r" not in value:
            self.column += len(value)
            return
        segments = _NEWLINE.split(value)
        self.line += len(segments) - 1
        self.column = len(segments[-1])

    def add_indent_tokens(self) -> None:
        self.tokens.extend(self.indent_tokens)
        for token in self.indent_tokens:
            self._advance(token)

    def add_token(self, value: str) -> None:
        self.tokens.append(value)
        self._advance(value)

    def before_codegen(self, node: cst.CSTNode) -> None:
        self.starts.append((self.line, self.column))

    def after_codegen(self, node: cst.CSTNode) -> None:
        start = self.starts.pop()
        if node not in self.computed:  # a syntactic range recorded inside wins
            self.computed[node] = (start, (self.line, self.column))

    def record_syntactic_position(self, node: cst.CSTNode, *, start_node: cst.CSTNode | None = None,
                                  end_node: cst.CSTNode | None = None) -> Any:
        return _Syntactic(self, node, start_node, end_node)


class _Ranges(Mapping):
    """node -> ``CodeRange``, built when asked."""

    def __init__(self, spans: dict[cst.CSTNode, Span]) -> None:
        self._spans = spans

    def __getitem__(self, node: cst.CSTNode) -> CodeRange:
        start, end = self._spans[node]
        return CodeRange(start, end)

    def __iter__(self) -> Iterator[cst.CSTNode]:
        return iter(self._spans)

    def __len__(self) -> int:
        return len(self._spans)

    def __contains__(self, node: object) -> bool:
        return node in self._spans


def _fast(module: cst.Module) -> Mapping[cst.CSTNode, CodeRange]:
    state = _PositionState(module.default_indent, module.default_newline)
    module._codegen(state)
    return _Ranges(state.computed)


def _libcst(module: cst.Module) -> Mapping[cst.CSTNode, CodeRange]:
    return cst.metadata.MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)


_SAMPLE = '''\
@decorator(1)
class A(B, metaclass=M):
    """Doc."""

    def f(self, x: int = 1, *args, **kwargs) -> "T":
        y = self.proj.weight[0] + (x * 2)  # comment
        if y is not None and not x:
            return [i for i in range(3) if i], {"k": v for v in y}
        with open(p) as h, ctx():
            z = lambda q: q ** 2; w = f"{x!r:>3}"
        try:
            del z
        except (ValueError, KeyError) as e:
            raise RuntimeError("x") from e
        finally:
            pass
        return self.f(
            x,
            key=y,
        )[1:2, ...]
'''


def _agrees() -> bool:
    try:
        module = cst.parse_module(_SAMPLE)
        fast, reference = _fast(module), _libcst(module)
        return dict(fast.items()) == dict(reference.items())
    except Exception:  # any change in libcst's internals: use its own provider
        return False


_USE_FAST: bool | None = None


def positions(module: cst.Module) -> Mapping[cst.CSTNode, CodeRange]:
    """What ``MetadataWrapper(module).resolve(PositionProvider)`` gives, for ``module`` itself
    (not a copy: the wrapper must be built with ``unsafe_skip_copy=True``)."""
    global _USE_FAST
    if _USE_FAST is None:
        _USE_FAST = _agrees()
    return _fast(module) if _USE_FAST else _libcst(module)
