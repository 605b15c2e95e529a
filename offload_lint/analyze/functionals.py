"""A leaf layer's computation spelled as a functional call (``F.linear(x, self.proj.weight)``):
recognized during the libcst pass so that a fix calling the layer instead needs no second parse."""

from __future__ import annotations

from typing import Callable

import libcst as cst
from libcst.metadata import CodeRange

from ..index.torch_nn import COMPUTATION_OF_FUNCTIONAL, FUNCTIONAL_MODULES
from .records import FunctionalCall, SourceRange

_SPELLINGS = {f"{module}.{functional}": functional for module in FUNCTIONAL_MODULES
              for functional in COMPUTATION_OF_FUNCTIONAL}
_CODE = cst.Module([])


def dotted(node: cst.CSTNode | None) -> str | None:
    """``torch.nn.functional.linear`` for that attribute chain; None for anything else."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None


def bind(call: cst.Call, parameters: tuple[str, ...]) -> dict[str, cst.BaseExpression] | None:
    """Arguments by parameter name; None for ``*args``/``**kwargs`` or unknown keywords."""
    bound: dict[str, cst.BaseExpression] = {}
    for position, argument in enumerate(call.args):
        if argument.star:
            return None
        if argument.keyword is None:
            if position >= len(parameters):
                return None
            bound[parameters[position]] = argument.value
        elif argument.keyword.value in parameters:
            bound[argument.keyword.value] = argument.value
        else:
            return None
    return bound


def normalized(code: str) -> str:
    """Source without whitespace and with one kind of quote, for comparing arguments as written."""
    return "".join(code.split()).replace('"', "'")


def functional_call(call: cst.Call, position: Callable[[cst.CSTNode], CodeRange],
                    ) -> tuple[FunctionalCall, list[cst.BaseExpression]] | None:
    """The record of ``call`` if it is a layer computation's functional with an input and a weight,
    and its weight and bias argument nodes (the accesses that get the record)."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value in COMPUTATION_OF_FUNCTIONAL):
        return None
    functional = _SPELLINGS.get(dotted(func) or "")
    if functional is None:
        return None
    computation = COMPUTATION_OF_FUNCTIONAL[functional]
    bound = bind(call, ("input", "weight") + tuple(name for name, _ in computation.parameters))
    if bound is None or "input" not in bound or "weight" not in bound:
        return None
    arguments = tuple((name, normalized(_CODE.code_for_node(node))) for name, node in bound.items()
                      if name not in ("input", "weight"))
    record = FunctionalCall(functional, SourceRange.of(position(call)), _CODE.code_for_node(bound["input"]),
                            isinstance(bound["input"], cst.Name), _CODE.code_for_node(bound["weight"]), arguments)
    return record, [bound[name] for name in ("weight", "bias") if name in bound]
