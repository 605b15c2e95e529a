"""What a class still runs of its bases' code: the calls a method makes through ``super()``, and whether base
methods the class does not override use one of its names. Asked by the entry points (is an override run by its
base's code?) and by the semantics (may code in the tree run this definition?)."""

from __future__ import annotations

from collections.abc import Collection

from ..index.project import ClassInfo
from ..index.summary import MethodSummary

_SUPER_DEPTH = 4  # super() chains followed through this many bases


def super_callees(cls: ClassInfo, defining: ClassInfo, summary: MethodSummary, depth: int = 0) -> frozenset[str]:
    """The methods a method runs through ``super().<name>(...)``: what the base definitions it reaches call on
    ``self`` (torchdrug's ``ChebyshevConv.forward`` runs ``MessagePassingBase.forward``, which calls
    ``message_and_aggregate``), resolved later on ``cls`` as every ``self`` call is."""
    if not summary.super_calls or depth > _SUPER_DEPTH:
        return frozenset()
    found: set[str] = set()
    for name in summary.super_calls:
        after = False
        for info in cls.mro:
            if info is defining:
                after = True
                continue
            base = info.summary.methods.get(name) if after else None
            if base is not None:
                found |= base.self_calls | super_callees(cls, info, base, depth + 1)
                if cls.methods.get(name, (None,))[0] is info:
                    # ``super()._forward(x)`` of a method the class does not override (curated-transformers'
                    # encoder layers): the same definition ``self._forward(x)`` runs.
                    found.add(name)
                break
    return frozenset(found)


def runs_base_code_using(cls: ClassInfo, bases: Collection[ClassInfo], name: str) -> bool:
    """Whether ``cls`` still runs a method defined in one of ``bases`` (one the class does not override) that uses
    ``self.<name>``: calls it, directly or through ``super()``, or reads it (a bound method handed on). Then
    ``cls``'s own definition of ``name`` runs from the base's code. torchdrug's ``RelationalGraphConv`` overrides
    both ``message`` and ``message_and_aggregate``, the only base method calling ``message``: nothing of the base
    runs its ``message``."""
    owners = {id(base) for base in bases}
    return any(id(owner) in owners
               and (name in summary.self_calls or any(chain[:1] == (name,) for chain in summary.self_chains)
                    or name in super_callees(cls, owner, summary))
               for owner, summary in cls.methods.values())
