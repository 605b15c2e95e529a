"""OFL102: a child in the top module's own group is called from a method forward() does not run."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ..analyze.facts import AccessFact, Placement, Touch
from ..finding import Finding, RelatedLocation
from ..fix.fixes import declare_block_module
from ..strategies import BLOCK_GROUP_KEYS, BY_KEY, STRATEGIES, onloads
from ..related import with_related
from .base import Confirm, MethodCheck, Rule, Scope

if TYPE_CHECKING:
    from ..index.project import Owned


class UnmatchedChildOutsideForward(Rule):
    code = "OFL102"
    name = "unmatched-child-outside-forward"
    summary = "A child that block-level offloading puts in the unmatched group is called outside forward()"
    scope = Scope.METHOD
    confirm = Confirm.METHOD
    has_fix = True
    fix_where_defined = "add the children it names to {owner}._group_offload_block_modules"
    fix_where_defined_under = "block_groups"
    related_note = "another call of self.{attribute} in {method}()"

    def check_method(self, check: MethodCheck) -> Iterable[Finding]:
        if check.context.hooked:
            return
        # Direct children the method calls: one cause, reported once per strategy (below).
        plain: list[tuple[AccessFact, str, tuple[str, ...]]] = []
        for fact in check.facts(Touch.CHILD_CALL, Touch.CHILD_METHOD):
            levels = _in_top_group(check, fact)
            if fact.touch is Touch.CHILD_CALL:
                # Given only tensors on its own weights' device, the child computes there; its output goes nowhere
                # near the compute device (saved with .cpu(), written into offloaded weights). Not where the stale
                # copy holds no usable values (a partition, meta).
                levels = tuple(level for level in levels if not BY_KEY[level].move_is_fix
                               or check.derived.child_call_hazard(fact.access, level))
            if fact.touch is Touch.CHILD_METHOD and fact.outer is None:
                # Given no tensor, a child's method whose result stays computes among the model's own tensors where
                # the strategy moves the whole model (timm's reset_classifier -> self.head.reset(...)).
                levels = tuple(level for level in levels
                               if not check.derived.child_method_among_model_tensors(fact.access, level))
            if fact.touch is Touch.CHILD_METHOD:
                # Given tensors placed on the model's own (offload) device, it computes there (XTTS's get_style_emb);
                # reading its weights only back to host memory, it gets their values from a usable CPU copy.
                levels = tuple(level for level in levels
                               if not check.derived.child_method_on_offload_device(fact.access, level)
                               and not check.derived.child_method_reads_to_host(fact.access, level)
                               and not check.derived.child_method_among_own_weights(fact.access, level))
            if not levels:
                continue
            resolution = fact.access.resolution
            called = resolution.dotted.removesuffix(".forward")
            if fact.touch is Touch.CHILD_METHOD:
                called += "()"  # a method of the child bypasses even the child's own hooks
            # A class outside block scope: its children sit in the group of the module on top.
            path = fact.outer.receiver + resolution.owner.path if fact.outer is not None else resolution.owner.path
            child = path[0]
            top = fact.outer.top.name if fact.outer is not None else check.cls.name
            # A block module of another model is offloaded with that model's list, not its own.
            readers = () if fact.outer is not None else tuple(
                parent for parent in check.semantics.block_module_parents(check.cls)
                if not set(step for step in path if isinstance(step, str)) <= set(parent.block_modules))
            if set(levels) <= set(BLOCK_GROUP_KEYS):
                why = (f"block-level group offloading puts '{child}' in {top}'s unmatched group, onloaded only while "
                       f"{fact.offload.hook_by_level[levels[0]]} runs")
            else:
                why = (f"{onloads(levels)} '{child}' with {top}'s own weights, only while "
                       f"{check.semantics.describe_hook(check.cls, ())} runs")
            if fact.outer is not None and (premise := check.semantics.child_only_model(check.cls)):
                why += f" ({premise})"  # the premise that made the class a child, not a root
            handed = check.cls.owned.get(child) if fact.outer is None else None
            if handed is not None and handed.bound_method_of:
                found = _bound_method_finding(self, check, fact, handed, levels)
                if found is not None:
                    yield found
                continue
            if handed is not None and handed.typed_by:
                why += f" ('{child}' is handed in untyped; {handed.typed_by})"
            elif handed is not None and handed.handed_part:
                why += (f" ('{child}' is {handed.handed_part}, part of a module {check.cls.name}.__init__ is handed or "
                        f"builds, taken for a module because it is called)")
            elif handed is not None and handed.unread_factory:
                why += f" ('{child}' is {handed.unread_factory})"
            elif handed is not None and handed.built_from:
                why += f" ('{child}' is {handed.built_from})"
            calls_forward = fact.touch is Touch.CHILD_CALL
            if fact.outer is None and calls_forward and not readers and path == (child,) and handed is not None \
                    and not (handed.typed_by or handed.handed_part or handed.unread_factory or handed.built_from):
                plain.append((fact, child, levels))
                continue
            message = (f"{check.where(fact)} and calls self.{called}; {why}. "
                       f"Fix: {_fix(check, path, called, calls_forward, levels, top, tuple(r.name for r in readers))}")
            # Declaring a block module is group offloading's own fix; the other strategies need their own. The
            # declaration belongs to the module on top, which may be another class in another file; one name is
            # enough only when the call runs that child's forward().
            fix = declare_block_module(check.source, check.cls, fact.access.raw.range.start.line, (child,)) \
                if set(levels) & set(BLOCK_GROUP_KEYS) and fact.outer is None and calls_forward and len(_child_names(path)) == len(path) == 1 \
                and not readers else None
            yield check.finding(self, fact.access, message, levels, fix)
        yield from _children_findings(self, check, plain)


def _children_findings(rule: Rule, check: MethodCheck,
                       calls: list[tuple[AccessFact, str, tuple[str, ...]]]) -> Iterable[Finding]:
    """The direct children of the class's own group that a method calls outside forward(): one cause (the method
    runs outside the hook), reported at the first call, the others its related locations, and one fix naming them
    all (pretrained-models.pytorch's ``features()`` calls BNInception's 138 layers one by one). Grouped strategy by
    strategy, so that a strategy finds the same alone as beside others: each strategy's group is reported at its
    first call, and the strategies whose first call is the same share the finding."""
    by_level: dict[str, list[tuple[AccessFact, str]]] = {}
    for fact, child, levels in calls:
        for level in levels:
            by_level.setdefault(level, []).append((fact, child))
    at: dict[int, list[str]] = {}
    for level, members in by_level.items():
        at.setdefault(id(members[0][0]), []).append(level)
    for levels in at.values():
        yield _children_finding(rule, check, {level: by_level[level] for level in levels})


def _children_finding(rule: Rule, check: MethodCheck, by_level: dict[str, list[tuple[AccessFact, str]]]) -> Finding:
    top = check.cls.name
    levels = tuple(key for key in by_level)
    first = next(iter(by_level.values()))[0][0]
    # The children each strategy's group holds: one sentence per set (block level keeps blocks apart).
    parts: dict[tuple[str, ...], list[str]] = {}
    for level, members in by_level.items():
        parts.setdefault(tuple(dict.fromkeys(child for _, child in members)), []).append(level)
    whys = []
    for children, keys in parts.items():
        named = _listed([f"'{child}'" for child in children])
        if set(keys) <= set(BLOCK_GROUP_KEYS):
            whys.append(f"block-level group offloading puts {named} in {top}'s unmatched group, onloaded only while "
                        f"{first.offload.hook_by_level[keys[0]]} runs")
        else:
            whys.append(f"{onloads(tuple(keys))} {named} with {top}'s own weights, only while "
                        f"{check.semantics.describe_hook(check.cls, ())} runs")
    unique = {id(fact): (fact, child) for members in by_level.values() for fact, child in members}
    calls = sorted(unique.values(), key=lambda call: (call[0].access.raw.range.start.line,
                                                      call[0].access.raw.range.start.column))
    children = tuple(dict.fromkeys(child for _, child in calls))
    blocked = tuple(dict.fromkeys(child for level in levels if level in BLOCK_GROUP_KEYS for _, child in by_level[level]))
    called = _listed([f"self.{child}" for child in children])
    message = f"{check.where(first)} and calls {called}; {'; '.join(whys)}. " \
              f"Fix: {_children_fix(check, blocked, levels, top, len(children))}"
    fix = declare_block_module(check.source, check.cls, first.access.raw.range.start.line, blocked) if blocked else None
    finding = check.finding(rule, first.access, message, levels, fix)
    if len(calls) > 1:
        # Every child the cause covers, and each call with the strategies it breaks under (JSON; OFL202 cites the
        # calls a component method's caller can reach).
        finding.extra["attributes"] = list(children)
        finding.extra["calls"] = [{"line": fact.access.raw.range.start.line, "attribute": child,
                                   "levels": [level for level in levels if any(f is fact for f, _ in by_level[level])]}
                                  for fact, child in calls]
    method = check.method.name
    seen: set[str] = set()
    related = []
    for fact, child in calls:
        if fact is not first:
            note = (f"another call of self.{child} in {method}()" if child in seen
                    else f"self.{child}, another child {method}() calls")
            start = fact.access.raw.range.start
            related.append(RelatedLocation(check.path, start.line, start.column, note))
        seen.add(child)
    return with_related(finding, tuple(related)) if related else finding


_SHOWN_NAMES = 8  # names listed in a message; the fix and the related locations hold every one


def _listed(names: list[str]) -> str:
    """``'a', 'b' and 'c'``; past :data:`_SHOWN_NAMES`, the first ones and how many more."""
    if len(names) > _SHOWN_NAMES:
        return f"{', '.join(names[:_SHOWN_NAMES])} and {len(names) - _SHOWN_NAMES} more"
    return " and ".join(", ".join(names).rsplit(", ", 1))


def _bound_method_finding(rule: Rule, check: MethodCheck, fact: AccessFact, handed: Owned,
                          levels: tuple[str, ...]) -> Finding | None:
    """``self.emb_text = embed.emb_text.__call__``, called outside the handed module's forward: that module's child,
    offloaded with it (a component offloaded on its own), not with this class; judged and fixed on the handed class
    (None where its block level hooks the child itself). No automatic fix: naming the attribute in this class's
    block modules would change nothing."""
    part = handed.handed_part.rsplit(".", 1)[0]  # ``embed.emb_text``
    name = part.split(".", 1)[1]
    child = name.split(".", 1)[0]
    owner = check.semantics.project.lookup_class(handed.bound_method_of)
    owner_name = handed.bound_method_of.rsplit(".", 1)[-1]
    if owner is not None and check.semantics.block_hook_owner(owner, tuple(name.split(".")))[1]:
        return None  # a block (or declared block module) of the handed class: the bound method runs its hook
    where = (f"block-level group offloading of {owner_name} puts '{name}' in {owner_name}'s unmatched group, onloaded "
             f"only while {owner_name}.forward() runs" if set(levels) <= set(BLOCK_GROUP_KEYS) else
             f"{onloads(levels)} '{name}' with {owner_name}'s weights, only while {owner_name}.forward() runs")
    message = (f"{check.where(fact)} and calls self.{handed.name}, which is {handed.handed_part}: a bound method of "
               f"{part}, a module of the {owner_name} handed to {check.cls.name}.__init__, not a child of "
               f"{check.cls.name}; {where}. Fix: add '{child}' to {owner_name}._group_offload_block_modules (its own "
               f"group, hooked on its own forward, which the bound method runs), or call it through "
               f"{owner_name}.forward()")
    return check.finding(rule, fact.access, message, levels, None)


def _in_top_group(check: MethodCheck, fact: AccessFact) -> tuple[str, ...]:
    """Strategies under which the called child is stale because the top module's hook is not running."""
    top_hook = check.semantics.describe_hook(fact.outer.top if fact.outer is not None else check.cls, ())
    levels = []
    for key in fact.offload.levels:
        strategy = BY_KEY[key]
        if strategy.block_groups and fact.placement is Placement.UNMATCHED:
            levels.append(key)
        elif strategy.top_group and fact.offload.hook_by_level.get(key) == top_hook:
            levels.append(key)
    return tuple(levels)


# Steps that name no child (a property returning one): the name to list is the child's own.
_NOT_CHILD_NAMES = frozenset({"base_model"})


def _child_names(path: tuple) -> list[str]:
    """The attribute names that lead from the top module along ``path``, up to the first step that is no
    child's name (an accessor call, an index, a property)."""
    names = []
    for step in path:
        if not isinstance(step, str) or not step.isidentifier() or step in _NOT_CHILD_NAMES:
            break
        names.append(step)
    return names


def _block_modules_fix(path: tuple, called: str, calls_forward: bool, top: str, readers: tuple[str, ...]) -> str:
    """What to name in ``_group_offload_block_modules``. diffusers reads that list once, on the module
    offloading is applied to, and matches its names against the children of every module it recurses
    into; a named child gets its own group, hooked on its own forward(). So every module on the way
    to the one called must be named, and naming helps only when the call runs that module's forward()."""
    names = _child_names(path)
    if len(names) < len(path):
        calls_forward = False  # reached through an accessor or an index: the names on the way are not known
    # The list is a set of names matched at every depth: a name met twice on the way (``self.attn.attn``) once.
    quoted = " and ".join(", ".join(f"'{name}'" for name in dict.fromkeys(names)).rsplit(", ", 1))
    where = f"{top}._group_offload_block_modules"
    if readers:
        where = " and ".join(f"{reader}._group_offload_block_modules" for reader in readers)
    if not names:
        return f"name in {where} the module self.{called} returns and every module on the way to it"
    if not calls_forward:
        child = ".".join(names)
        return (f"add {quoted} and each child that self.{called} calls to {where} (naming '{names[-1]}' alone "
                f"hooks its own group on self.{child}.forward(), which self.{called} does not run)")
    if readers and calls_forward:
        return (f"add {quoted} to {where} (block-level offloading recurses into {top} with that model's list; "
                f"{top}'s own list is never read, and the names apply at every depth it recurses into)")
    if len(set(names)) > 1:
        return (f"add {quoted} to {where} (diffusers reads only the list of the module offloading is applied to, "
                f"and matches its names at every depth it recurses into)")
    return f"add {quoted} to {where}"


def _fix(check: MethodCheck, path: tuple, called: str, calls_forward: bool, levels: tuple[str, ...], top: str,
         readers: tuple[str, ...]) -> str:
    block = _block_modules_fix(path, called, calls_forward, top, readers) if set(levels) & set(BLOCK_GROUP_KEYS) else ""
    return _fixes(check, levels, block, "it")


def _children_fix(check: MethodCheck, blocked: tuple[str, ...], levels: tuple[str, ...], top: str, count: int) -> str:
    quoted = _listed([f"'{child}'" for child in blocked])
    block = f"add {quoted} to {top}._group_offload_block_modules" if blocked else ""
    return _fixes(check, levels, block, "them" if count > 1 else "it")


def _fixes(check: MethodCheck, levels: tuple[str, ...], block: str, called: str) -> str:
    fixes = [block] if block else []
    # Each strategy's own way of running its hook around a method (Strategy.hooked_method_fix).
    fixes += [f"{strategy.hooked_method_fix.format(method=check.method.name)} ({strategy.title})"
              for strategy in STRATEGIES if strategy.key in levels and strategy.hooked_method_fix]
    if check.method.name == "forward" and check.method.is_generator:
        # The body of a generator forward() runs after the hook: only a forward() that returns does.
        return ", ".join(fixes) + ", or make forward() return its results (collect them in a list) instead of yielding"
    return ", ".join(fixes) + f", or reach {called} through forward()"
