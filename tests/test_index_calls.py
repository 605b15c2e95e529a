"""The index's one walk for a file's calls (keywords, constructions) gives what a walk per question gave,
in the same order: the first construction listed for a class decides what it is typed as."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from offload_lint.index.extract import _calls_and_constructions, _function_scopes, class_source, dotted_name
from offload_lint.source import parse_python

ROOT = Path(__file__).parent.parent
SOURCES = sorted((ROOT / "fixtures").rglob("*.py")) + sorted((ROOT / "offload_lint" / "index").glob("*.py"))


def _own_nodes(scope: ast.AST):
    """The nodes of a module or function body, not those of the functions or lambdas nested in it, in the
    order of a depth-first stack walk."""
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def _literal_elements(node: ast.expr, key: str) -> list[tuple[ast.expr, str]]:
    if isinstance(node, ast.Dict):
        return [(value, f"{key}[]") for value in node.values if value is not None]
    if isinstance(node, (ast.List, ast.Tuple)):
        return [(element, f"{key}[]") for element in node.elts if not isinstance(element, ast.Starred)]
    return [(node, key)]


def _reference(tree: ast.Module) -> tuple[frozenset[str], dict[str, frozenset[str]],
                                         tuple[tuple[str, str, str, int, bool], ...], tuple[tuple[str, str, str, int], ...],
                                         tuple[tuple[str, str, int], ...]]:
    """What the index recorded before its walks were merged: one ``ast.walk`` for the keywords (by the callee a
    call may build: its name, ``partial``'s first argument, ``super().__init__``'s first base), and per scope
    (the module, then each function in ``ast.walk`` order) a stack walk for the constructions."""
    supers: dict[int, str] = {}
    for cls in ast.walk(tree):
        if isinstance(cls, ast.ClassDef) and cls.bases and (base := dotted_name(cls.bases[0])):
            for node in ast.walk(cls):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "__init__"
                        and isinstance(node.func.value, ast.Call) and isinstance(node.func.value.func, ast.Name)
                        and node.func.value.func.id == "super"):
                    supers[id(node)] = base
    keywords: set[str] = set()
    by_callee: dict[str, set[str]] = {}
    forwarded: dict[tuple[str, str], int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            callee = dotted_name(node.func)
            passed = {k.arg for k in node.keywords if k.arg}
            partial = dotted_name(node.args[0]) if callee and callee.rsplit(".", 1)[-1] == "partial" and node.args \
                else None
            target = partial or supers.get(id(node)) or callee
            if target is not None and passed:
                # ``Block(dim, filter_type=filter_type)``: handed on under its own name, counted apart.
                handed = {k.arg for k in node.keywords if isinstance(k.value, ast.Name) and k.value.id == k.arg}
                by_callee.setdefault(target, set()).update(passed - handed)
                for name in handed:
                    forwarded[(target, name)] = forwarded.get((target, name), 0) + 1
            else:
                keywords.update(passed)
            if callee and node.args:
                starred = any(isinstance(a, ast.Starred) for a in node.args)
                keywords.add(f"{callee.rsplit('.', 1)[-1]}({'*' if starred else len(node.args)}")
        elif isinstance(node, ast.Dict):
            keywords.update(k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str))
    found: list[tuple[str, str, str, int, bool]] = []  # the last item: built in the argument itself
    classes: list[tuple[str, str, str, int]] = []  # constructions handed a class itself
    scopes = [tree] + [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for scope in scopes:
        built: dict[str, list[tuple[int, str]]] = {}
        calls: list[ast.Call] = []
        for node in _own_nodes(scope):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name) and (callee := dotted_name(node.value.func)):
                built.setdefault(node.targets[0].id, []).append((node.lineno, callee))
            elif isinstance(node, ast.Call):
                calls.append(node)
        for call in calls:
            callee = dotted_name(call.func)
            if not callee or not callee.rsplit(".", 1)[-1][:1].isupper():
                continue
            arguments = [(str(i), a) for i, a in enumerate(call.args) if not isinstance(a, ast.Starred)]
            arguments += [(k.arg, k.value) for k in call.keywords if k.arg]
            for key, argument in arguments:
                if (handed := class_source(argument)) is not None:
                    classes.append((callee, key, handed, call.lineno))
                for element, part in _literal_elements(argument, key):
                    if isinstance(element, ast.Call) and (inner := dotted_name(element.func)):
                        found.append((callee, part, inner, call.lineno, True))
                    elif isinstance(element, ast.Name):
                        before = [c for at, c in built.get(element.id, ()) if at < call.lineno]
                        if before:
                            found.append((callee, part, before[-1], call.lineno, False))
    return (frozenset(keywords), {name: frozenset(passed) for name, passed in by_callee.items()}, tuple(found),
            tuple(classes), tuple((callee, name, count) for (callee, name), count in sorted(forwarded.items())))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_one_walk_gives_what_a_walk_per_question_gave(path: Path) -> None:
    tree = parse_python(path.read_bytes())
    assert _calls_and_constructions(tree) == _reference(tree)
    assert _function_scopes(tree) == [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


_NESTED = '''
import torch.nn as nn


def build(config):
    net = Unet(config)
    first = Wrapper(net, depth=2)
    second = Wrapper(model=Other(), **config)
    pick = lambda: Wrapper(model=Hidden(), hidden_option=1)

    class Local:
        def make(self):
            return Wrapper(Inner(), {"table_key": 1})

    return first, second, pick, Local


async def run():
    net = Later()
    return Wrapper(net)


top = Wrapper(block=Block())
'''


def test_constructions_keep_scope_and_stack_order_and_lambdas_add_keywords_only() -> None:
    keywords, by_callee, constructions, _, _ = _calls_and_constructions(ast.parse(_NESTED))
    # The last item: built in the argument itself (``Wrapper(model=Other())``), not kept in a local first.
    assert constructions == (
        ("Wrapper", "block", "Block", 23, True),  # the module first
        ("Wrapper", "model", "Other", 8, True),  # build(): later statements first (a stack walk)
        ("Wrapper", "0", "Unet", 7, False),
        ("Wrapper", "0", "Later", 20, False),  # run(): a function at the same depth as build(), after it
        ("Wrapper", "0", "Inner", 13, True),  # Local.make(): deeper in the tree, so later in ast.walk
    )
    # Inside the lambda: its keyword and call shape count as options set; its construction is not recorded.
    assert {"hidden_option", "depth", "block", "model"} <= by_callee["Wrapper"]
    assert {"table_key", "Wrapper(1", "Wrapper(2", "Unet(1"} <= keywords
    assert not any(inner == "Hidden" for _, _, inner, _, _ in constructions)


_REFERENCES = '''
import models

class Holder:
    def __init__(self):
        self.a = models.SoftNorm(4)
        self.b = REGISTRY["x"]
        kinds = {"norm": "pkg.layers.RmsNorm"}

    def run(self, lora):
        return lora.get_weight().to("cpu") + lora.get_weight()
'''


def test_the_walk_records_what_names_a_class_and_calls_per_attribute() -> None:
    from offload_lint.index.extract import References

    references = References()
    _calls_and_constructions(ast.parse(_REFERENCES), references)
    assert set(references.names) == {"SoftNorm", "REGISTRY", "RmsNorm"}, "Holder's own class line names nothing"
    assert references.names["SoftNorm"] == [_REFERENCES.splitlines().index("        self.a = models.SoftNorm(4)") + 1]
    assert references.attribute_calls["get_weight"] == 2 and references.attribute_calls["to"] == 1


_SUPERS = '''
class Outer(base.Block):
    def __init__(self):
        super().__init__(outer_option=1)
        pick = lambda: super().__init__(lambda_option=1)

        class Local(Mixin):
            def __init__(self):
                super().__init__(local_option=1)

        class Unnamed(make_base()):
            def __init__(self):
                super().__init__(unnamed_option=1)

    class Bare:
        def __init__(self):
            super().__init__(bare_option=1)


def free():
    super().__init__(free_option=1)
'''


def test_super_init_keywords_go_to_the_innermost_class_with_a_named_base() -> None:
    """``super().__init__(...)`` passes its keywords to the first base of the innermost class around it whose base
    is spelled as a name (a class with none, or a computed one, defers to the class around it); lambdas and nested
    functions keep the classes they were written in. The look-alike: outside any class, the callee as spelled."""
    tree = ast.parse(_SUPERS)
    assert _calls_and_constructions(tree) == _reference(tree)
    keywords, by_callee, _, _, _ = _calls_and_constructions(tree)
    assert by_callee == {"base.Block": {"outer_option", "lambda_option", "unnamed_option", "bare_option"},
                         "Mixin": {"local_option"}}
    assert "free_option" in keywords  # no class: a loose keyword, as for any call without a dotted callee


def _held_weight_data_reference(function, self_name):
    """``_held_weight_data`` as it was, with three ``ast.walk``s."""
    from offload_lint.index.extract import _DATA_METADATA, _DATA_SIZES, _over_held, _rooted_in_held

    if self_name is None:
        return ()
    held: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            held |= _over_held(node.target, node.iter, self_name)
    below = {id(node.value): node.attr for node in ast.walk(function)
             if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)}
    found = []
    for node in ast.walk(function):
        if not (isinstance(node, ast.Attribute) and node.attr == "data" and isinstance(node.value, ast.Attribute)
                and node.value.attr == "weight"):
            continue
        if below.get(id(node)) in _DATA_METADATA or not _rooted_in_held(node.value.value, held, self_name):
            continue
        read = "size" if below.get(id(node)) in _DATA_SIZES else "value"
        line, column = node.end_lineno or node.lineno, max(0, (node.end_col_offset or 0) - len("weight.data"))
        found.append((line, column, ast.unparse(node.value.value), read))
    return tuple(sorted(set(found)))


def _parameter_counts_reference(function):
    """``_parameter_counts`` as it was, with three ``ast.walk``s."""
    from offload_lint.index.extract import _PARTITION_SIZES, _parameter_variables

    if not any(isinstance(node, ast.Attribute) and node.attr in ("numel", "nelement") for node in ast.walk(function)):
        return ()
    if any(isinstance(node, ast.Attribute) and node.attr in _PARTITION_SIZES
           or isinstance(node, ast.Constant) and node.value in _PARTITION_SIZES for node in ast.walk(function)):
        return ()
    _, each = _parameter_variables(function, own=True)
    return tuple(sorted({(node.lineno, node.col_offset, f"{node.func.value.id}.{node.func.attr}()")
                         for node in ast.walk(function)
                         if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                         and node.func.attr in ("numel", "nelement") and isinstance(node.func.value, ast.Name)
                         and node.func.value.id in each}))


def test_one_walk_per_method_gives_what_three_walks_gave() -> None:
    """``.weight.data`` of held models and ``p.numel()`` counts, from one fast walk per method, against the
    walks they replaced, on every fixture and index source file (some of which hold both)."""
    from offload_lint.index.extract import _held_weight_data, _parameter_counts

    found = 0
    for path in SOURCES:
        for node in ast.walk(parse_python(path.read_bytes())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = (node.args.posonlyargs + node.args.args)[:1]
                for self_name in [first[0].arg] if first else [None]:
                    held = _held_weight_data(node, self_name)
                    assert held == _held_weight_data_reference(node, self_name), (path, node.name)
                    counts = _parameter_counts(node)
                    assert counts == _parameter_counts_reference(node), (path, node.name)
                    found += bool(held) + bool(counts)
    assert found, "the sources hold some of each: the comparison is not between two empty answers"


def test_function_uses_from_one_walk_equal_those_from_every_node(monkeypatch) -> None:
    """``_function_uses`` filters one fast walk's assignments, calls, attributes and constants; handed every node
    in ``ast.walk`` order instead (what its ``ast.walk`` loops saw), it must answer the same."""
    from offload_lint.index import extract

    functions = [node for path in SOURCES for node in ast.walk(parse_python(path.read_bytes()))
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    fast = [repr(extract._function_uses(node)) for node in functions]
    monkeypatch.setattr(extract, "nodes_in_walk_order", lambda root, kinds: list(ast.walk(root)))
    assert fast == [repr(extract._function_uses(node)) for node in functions]
    assert any(answer != "None" for answer in fast), "some source uses models' parameters: not two empty answers"


_SIGNS = '''
from lib import Base, register_class


class Model(Base, metaclass=Meta):
    """Example: >>> model = Model(config); the "LlamaModel" mapping; STFT (MS-STFT) is no call."""

    def get_head(self):
        return self.head.weight

    def run(self, x):
        return self.get_head() + helpers.Encoder(x)


loaded = Loaded.from_pretrained("path")
AutoModel.register(Config, Registered)
unused = getattr(loaded, "forward_old")
built = vgg16(3)
'''


def test_the_walk_records_the_text_signs_as_facts() -> None:
    """What the text scans of the semantics read before (names loaded by name, names used, calls of capitalised
    names in code and in strings, class bases) comes from the same walk."""
    from offload_lint.index.extract import References

    references = References()
    _calls_and_constructions(ast.parse(_SIGNS), references)
    assert {"Loaded", "Registered", "LlamaModel"} <= references.loaded and "Config" not in references.loaded
    assert "forward_old" in references.words and "get_head" not in references.words, "a def line names nothing"
    assert "get_head" in references.self_words and "head" in references.self_words
    lines = _SIGNS.splitlines()
    docstring = next(number for number, line in enumerate(lines, 1) if "Example:" in line)
    assert references.calls["Model"] == [docstring], "a call shown in a docstring counts as one"
    assert references.calls["Encoder"] == [next(n for n, line in enumerate(lines, 1) if "helpers.Encoder" in line)]
    assert references.spaced_calls["STFT"] == [docstring] and "STFT" not in references.calls
    assert "vgg16" not in references.calls, "call lines are kept for names with a capital only"
    assert references.bases == {"Base": 1, "Meta": 1}


def test_a_function_walked_once_answers_each_question_as_its_own_walk_did() -> None:
    """``nodes_in_walk_order`` keeps the last function's walk and filters it for each question. Asked about
    functions in turn, back again, and about a statement in between (walked apart), every answer must be the
    ``ast.walk`` order filtered by kind: the memo never answers for a function other than the one it holds."""
    from offload_lint.index import extract

    # Plain names are left out of the kept walk: a question about them (with or without other kinds) walks anew.
    kinds = [frozenset({ast.Call}), frozenset({ast.Assign, ast.Return}), frozenset({ast.If, ast.For, ast.Attribute}),
             frozenset({ast.Name}), frozenset({ast.Name, ast.Call}), frozenset({ast.Constant, ast.keyword})]
    functions = [node for path in SOURCES[:40] for node in ast.walk(parse_python(path.read_bytes()))
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    assert len(functions) > 20
    asked = 0
    for first, second in zip(functions, functions[1:]):
        for root in (first, second, first.body[0], first):
            for kind in kinds:
                assert extract.nodes_in_walk_order(root, kind) == [n for n in ast.walk(root) if type(n) in kind]
                asked += 1
    extract.forget_walks()
    assert extract._last_walk[0] is None and asked


GENERATORS = """
def forward(self, x):
    yield x

def forward(self, x):
    return (yield from self.blocks(x))

def forward(self, x):
    def inner():
        yield x
    return inner

def forward(self, x, f=lambda: (yield)):
    class Local:
        def __iter__(self):
            yield 1
    return [v for v in x]

def forward(self, x):
    if x:
        for v in x:
            with ctx():
                yield v
"""


def test_a_forward_yields_only_in_its_own_body() -> None:
    """``_is_generator`` skips its body walk when the function's walk holds no yield at all; a yield nested in
    a function, lambda or class of its own must still not count, and one deep in its own body must."""
    from offload_lint.index import extract

    functions = ast.parse(GENERATORS).body
    expected = [True, True, False, False, True]
    for function, generator in zip(functions, expected, strict=True):
        extract.nodes_in_walk_order(function, frozenset({ast.Call}))  # the kept walk, as the summary leaves it
        assert extract._is_generator(function) is generator, ast.unparse(function)
        extract.forget_walks()
        assert extract._is_generator(function) is generator, "without a kept walk"


SHADOWING = """
class M:
    def plain(self, x):
        return self.proj(x)

    def with_hook(self, x):
        def hook(self, inputs):
            return self.scale
        return self.proj.register_forward_hook(hook)

    def with_local_class(self, x):
        if x:
            class Local:
                def f(self):
                    return self.w
        return self.proj(x)

    def with_other_helper(self, x):
        def helper(y):
            return self.proj(y)
        return helper(x)
"""


def test_nodes_shadowing_self_are_found_with_and_without_the_kept_walks_shortcut() -> None:
    """``_shadowed_nodes`` returns at once when the method's walk holds no class or function but itself; where one
    is there, a nested function with its own ``self`` and a local class still shadow it, a closure over the
    method's ``self`` does not."""
    from offload_lint.index import extract

    methods = {node.name: node for node in ast.parse(SHADOWING).body[0].body}
    expected = {"plain": 0, "with_hook": 1, "with_local_class": 1, "with_other_helper": 0}
    for name, method in methods.items():
        shadowed = extract._shadowed_nodes(method, "self")
        selfs = [n for n in ast.walk(method) if isinstance(n, ast.Name) and n.id == "self" and id(n) in shadowed]
        assert len(selfs) == expected[name], name
        extract.forget_walks()


_SHARING = '''
import torch.nn as nn


class A(nn.Module):
    def __init__(self, config):
        self.config = config
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        return self.proj(x) + self.config.scale


class B(nn.Module):
    def __init__(self, config):
        self.config = config
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        return self.proj(x) + self.config.scale

    def extra(self):
        pass
'''


def test_equal_sets_of_the_summaries_are_one_object_and_equal_to_unshared_ones(monkeypatch) -> None:
    """Equal sets and name tuples of a file's summaries, and of the next file's, are one object; the summaries
    equal those built without sharing."""
    from offload_lint.index import extract

    def summary(text: str, path: str):
        return extract.summarize(ast.parse(text), path, path.removesuffix(".py"), False)

    extract.forget_shared()
    first, second = summary(_SHARING, "a.py"), summary(_SHARING, "b.py")
    extract.forget_shared()
    a, b = first.classes
    assert a.methods["forward"].self_chains == frozenset({("proj",), ("config",), ("config", "scale")})
    assert a.methods["forward"].self_chains is b.methods["forward"].self_chains
    assert a.methods["forward"].self_chains is second.classes[0].methods["forward"].self_chains
    chains = {chain: chain for chain in a.methods["forward"].self_chains}
    assert all(chains[chain] is chain for chain in second.classes[1].methods["forward"].self_chains)
    assert a.methods["forward"].params is b.methods["forward"].params
    assert b.methods["extra"].self_calls is a.methods["forward"].host_read_chains  # the one empty set
    assert second.classes[0].bound_attributes is a.bound_attributes and a.bases is b.bases
    monkeypatch.setattr(extract, "_shared_summary", lambda found: found)
    assert summary(_SHARING, "a.py") == first
