"""Which method runs under which hook.

``forward``, and methods reachable only from ``forward`` through the class's own call
graph, run inside the module's forward hook ("hooked"). Every other method is an entry
point: nothing onloads the module's weights for it. A hooked method that code outside the
class also calls is an entry point too, and its findings name that call site.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..finding import CallSite
from ..index.project import ClassInfo, ProjectIndex
from ..index.summary import INDEX
from .semantics import METHOD, MODULE, OffloadSemantics

DEFAULT_SETUP_METHODS = frozenset({
    "__init__", "__repr__", "__str__", "__getstate__", "__setstate__", "__post_init__", "extra_repr",
    "_init_weights", "init_weights", "_initialize_weights", "initialize_weights", "reset_parameters",
    "_reset_parameters", "_init_weight", "init_weight", "post_init", "_post_init", "tie_weights",
    "_tie_weights", "_load_from_state_dict", "load_state_dict", "state_dict", "_save_to_state_dict",
    "_set_gradient_checkpointing", "_convert_deprecated_attention_blocks", "to", "cuda", "cpu", "half",
    "float", "double", "bfloat16", "train", "eval", "apply", "from_pretrained", "save_pretrained",
    "from_config", "_from_config", "__len__", "__iter__", "__getitem__", "__contains__", "__hash__",
    "__eq__",
})


class Context(Enum):
    HOOKED = "hooked"  # runs only inside the class's forward
    ENTRY = "entry"  # nothing onloads the class's weights for it
    SETUP = "setup"  # construction / weight init / serialization: before offloading applies


@dataclass
class MethodContext:
    context: Context
    # Why it is an entry point: the entry methods that reach it (empty when it is one itself).
    via: tuple[str, ...] = ()
    external_calls: tuple[CallSite, ...] = field(default_factory=tuple)

    @property
    def hooked(self) -> bool:
        return self.context is Context.HOOKED


class EntryPoints:
    def __init__(self, project: ProjectIndex, semantics: OffloadSemantics, setup_methods: frozenset[str]) -> None:
        self.project = project
        self.semantics = semantics
        self.setup_methods = setup_methods
        self._by_class: dict[str, dict[str, MethodContext]] = {}
        self._external: dict[tuple[str, str], list[CallSite]] | None = None

    def is_setup(self, name: str) -> bool:
        return name in self.setup_methods or name.startswith(("_init_", "init_weights", "_reset_"))

    def context(self, cls: ClassInfo, method: str) -> MethodContext:
        table = self._by_class.get(cls.qualified)
        if table is None:
            table = self._by_class[cls.qualified] = self._compute(cls)
        return table.get(method, MethodContext(Context.ENTRY))

    def _compute(self, cls: ClassInfo) -> dict[str, MethodContext]:
        methods = cls.methods
        callees = {
            name: {callee for callee in summary.self_calls if callee in methods and callee != name}
            for name, (_, summary) in methods.items()
            if not summary.is_static
        }
        called = set().union(*callees.values()) if callees else set()
        entry_roots = [
            name for name in callees
            if name != "forward" and not self.is_setup(name) and name not in called
        ]
        from_forward = _reach(["forward"], callees, self.is_setup) if "forward" in callees else set()
        from_entry: dict[str, list[str]] = {}
        for root in entry_roots:
            for name in _reach([root], callees, self.is_setup):
                from_entry.setdefault(name, []).append(root)
        table: dict[str, MethodContext] = {}
        for name in callees:
            external = tuple(self.external_calls(cls, name))
            if name in from_entry:
                via = tuple(r for r in from_entry[name] if r != name)
                table[name] = MethodContext(Context.ENTRY, via, external)
            elif name in from_forward:
                context = Context.ENTRY if external else Context.HOOKED
                table[name] = MethodContext(context, (), external)
            else:
                table[name] = MethodContext(Context.SETUP)
        return table

    # --- callers outside the class ---------------------------------------------------------
    def external_calls(self, cls: ClassInfo, method: str) -> list[CallSite]:
        if method in ("forward", "__call__"):
            return []
        if self._external is None:
            self._external = self._index_external_calls()
        sites: list[CallSite] = []
        for info in cls.mro:
            sites.extend(self._external.get((info.qualified, method), []))
        return sorted(set(sites), key=lambda s: (s.path, s.line, s.column))

    def _index_external_calls(self) -> dict[tuple[str, str], list[CallSite]]:
        """Calls ``self.<child or component>...m(...)`` whose receiver's class is known."""
        table: dict[tuple[str, str], list[CallSite]] = {}
        for caller in self.project.project_classes():
            for _, summary in caller.summary.methods.items():
                for site in summary.call_sites:
                    if site.receiver[:1] != ("self",) or len(site.receiver) < 2:
                        continue
                    for qualified in self.receiver_classes(caller, site.receiver[1:]):
                        table.setdefault((qualified, site.method), []).append(
                            CallSite(caller.file.path, site.line, site.column + 1)
                        )
        return table

    def receiver_classes(self, caller: ClassInfo, chain: tuple[str, ...]) -> tuple[str, ...]:
        """Classes that ``self.<chain>`` may hold: children (through the semantics) or pipeline components."""
        if caller.is_module:
            resolution = self.semantics.resolve(caller, chain)
            if resolution is None or resolution.target != MODULE or resolution.rest:
                return ()
            return resolution.owner.classes
        if len(chain) == 1 and chain[0] != INDEX:
            return self.semantics.component(caller, chain[0]) or ()
        return ()


def _reach(starts: list[str], callees: dict[str, set[str]], is_setup) -> set[str]:
    seen: set[str] = set()
    stack = list(starts)
    while stack:
        name = stack.pop()
        if name in seen or (is_setup(name) and name not in starts):
            continue
        seen.add(name)
        stack.extend(callees.get(name, ()))
    return seen


__all__ = ["Context", "DEFAULT_SETUP_METHODS", "EntryPoints", "MethodContext", "METHOD"]
