"""Round h's blind scan: candidate lines for the per-strategy truth set, found by an AST walk without the linter.

Written from the libraries' semantics (docs/strategies.md) and the classes of misses issue 21 names, before the
linter's output on these trees was looked at. A hit is a candidate — a hazard or a look-alike —, never a label:
every row taken into strategies_h.toml is labelled by a run under the real library, and the rules' verdict on it is
what is scored (recall on the positives, precision on the negatives).

Patterns (each says the strategies it is a candidate under):

* ``child-weight-in-forward``: ``self.<child>[.<...>].weight|bias`` read inside a module's ``forward`` without
  calling that child in the same statement — its ``.shape`` / ``.data`` / ``.size()`` / ``.T``, or the tensor
  handed to a call (a functional, a matmul). ZeRO-3 gathers per module (the child's partition is empty unless its
  own forward runs), accelerate's per-module hooks leave the child's weight on meta, an FSDP2 unit's weight is
  sharded outside its unit's forward; under model CPU offload the whole model is onloaded (a look-alike there).
  ``.dtype`` reads are kept as look-alikes (every strategy keeps the dtype).
* ``child-call-outside-forward``: ``self.<child>(...)`` in a public method of a module other than ``forward``
  (``get_image_features``, ``encode``...) without ``@apply_forward_hook``: model CPU offload onloads on
  ``forward`` (and decorated methods) only, FSDP2's root unit unshards on ``__call__`` of the root only. With the
  decorator: the look-alike under model CPU offload.
* ``get-encoder-call``: ``self.get_encoder()`` / ``.get_encoder()(...)`` outside ``forward`` (``generate()``
  runs the encoder child before any forward): model CPU offload, FSDP2.
* ``whole-param-write``: a write of a whole parameter of the module or a child outside ``GatheredParameters``
  (``<...>.weight.data.copy_(``, ``<...>.weight.data = ``, ``<...>.weight.copy_(``, ``nn.init.*(self.<...>.weight``)
  in a method other than ``__init__``: ZeRO-3 writes a partition, accelerate a meta tensor (lost at the next
  onload), FSDP2 a local shard.
* ``component-device``: pipeline code placing with ``self.<component>.device`` (a model's ``.device`` reads the
  first parameter: meta under sequential offload): accelerate-sequential.
* ``component-private-helper``: pipeline code calling ``self.<component>._encode(`` / ``._decode(`` / a tiled
  helper / a child's method ``self.<component>.<child>.<method>(``: model CPU offload (the hook is on ``forward``
  and ``@apply_forward_hook`` methods).

    python benchmarks/truth/blind_scan_h.py [--pattern ID ...] [--counts]            # every hit, one JSON per line
    python benchmarks/truth/blind_scan_h.py --seed 20261241 --per-pattern K > blind_h.jsonl  # the drawn candidates

A hit: {"pattern", "strategies", "tree", "path", "line", "class", "method", "module", "attribute", "text"}.
``modular_*.py`` files are skipped (the generated modeling file holds the same code), as are tests.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import random
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterator

EXAMPLES = Path("/tmp/corp/examples")
SEQ, MCO, FSDP2, ZERO3 = "accelerate-sequential", "model-cpu-offload", "fsdp2", "zero3"
PATTERN_STRATEGIES = {
    "child-weight-in-forward": (SEQ, MCO, FSDP2, ZERO3),
    "child-call-outside-forward": (MCO, FSDP2),
    "get-encoder-call": (MCO, FSDP2),
    "whole-param-write": (SEQ, FSDP2, ZERO3),
    "component-device": (SEQ,),
    "component-private-helper": (MCO,),
}
COMPONENTS = {"vae", "unet", "transformer", "text_encoder", "text_encoder_2", "text_encoder_3", "image_encoder",
              "prior", "decoder", "audio_vae", "vocoder", "controlnet", "movq", "text_decoder", "image_decoder",
              "vision_model", "language_model", "transformer_2", "connectors", "audio_encoder", "safety_checker"}
WEIGHT_NAMES = {"weight", "bias"}
READ_ATTRIBUTES = {"shape", "data", "T", "dtype", "device", "size", "t", "numel", "dim", "ndim", "view", "reshape",
                   "transpose", "to", "unsqueeze", "flatten", "norm", "detach", "clone", "float"}


@dataclass(frozen=True)
class Hit:
    pattern: str
    strategies: tuple[str, ...]
    tree: str
    path: str
    line: int
    cls: str
    method: str
    module: str
    attribute: str
    text: str


def tree_files() -> Iterator[tuple[str, Path, Path]]:
    """(tree, base, file) for the scanned sources: diffusers, transformers models/ and generation/, peft, timm,
    diffusers' examples."""
    for tree, parts in (("diffusers", ("",)), ("transformers", ("models", "generation")), ("peft", ("",)),
                        ("timm", ("",))):
        spec = importlib.util.find_spec(tree)
        if spec is None or not spec.submodule_search_locations:
            continue
        base = Path(next(iter(spec.submodule_search_locations)))
        for part in parts:
            for path in sorted((base / part).rglob("*.py")):
                yield tree, base, path
    if EXAMPLES.is_dir():
        for path in sorted(EXAMPLES.rglob("*.py")):
            yield "examples", EXAMPLES, path


def self_chain(node: ast.AST) -> list[str] | None:
    """['child', 'sub', 'weight'] for ``self.child.sub.weight`` (integer subscripts kept as their digits), else
    None."""
    names: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            names.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                and isinstance(node.slice.value, int):
            names.append(str(node.slice.value))
            node = node.value
        elif isinstance(node, ast.Name) and node.id == "self":
            return list(reversed(names))
        else:
            return None


def decorator_names(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    names = set()
    for decorator in function.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        names.add(target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", ""))
    return names


def is_module_class(node: ast.ClassDef) -> bool:
    """A class whose bases look like torch modules (no import is resolved: a blind scan reads names only)."""
    for base in node.bases:
        name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
        if name.endswith(("Module", "Model", "PreTrainedModel", "ModelMixin", "Layer", "Block", "Encoder",
                          "Decoder", "Attention", "MLP", "Mlp", "Head", "Embedding", "Embeddings", "Linear",
                          "Conv2d", "Transformer")):
            return True
    return False


def is_pipeline_class(node: ast.ClassDef) -> bool:
    return any((base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")).endswith("Pipeline")
               or "Pipeline" in (base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", ""))
               for base in node.bases)


def gathered_lines(function: ast.AST) -> set[int]:
    """Lines inside ``with ...GatheredParameters(...)`` bodies."""
    lines: set[int] = set()
    for node in ast.walk(function):
        if isinstance(node, (ast.With, ast.AsyncWith)) and any("GatheredParameters" in ast.unparse(item.context_expr)
                                                                for item in node.items):
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def children_called(statement: ast.stmt) -> set[str]:
    """First names of ``self.<child>...(...)`` calls in a statement (the child's own forward runs there)."""
    called = set()
    for node in ast.walk(statement):
        if isinstance(node, ast.Call):
            chain = self_chain(node.func)
            if chain:
                called.add(chain[0])
    return called


def statements(function: ast.AST) -> Iterator[ast.stmt]:
    for node in ast.walk(function):
        if isinstance(node, ast.stmt) and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.If,
                                                                ast.For, ast.While, ast.With, ast.Try)):
            yield node


def scan_method(cls: ast.ClassDef, function: ast.FunctionDef | ast.AsyncFunctionDef, pipeline: bool,
                module_class: bool) -> Iterator[tuple[str, int, str]]:
    """(pattern, line, attribute) for one method."""
    name = function.name
    gathered = gathered_lines(function)
    decorators = decorator_names(function)
    for statement in statements(function):
        called = children_called(statement)
        for node in ast.walk(statement):
            # child-weight-in-forward: self.<child>...weight read in forward, the child not called here
            if module_class and name == "forward" and isinstance(node, ast.Attribute) and node.attr in WEIGHT_NAMES:
                chain = self_chain(node)
                if chain and len(chain) >= 2 and chain[0] not in called:
                    yield "child-weight-in-forward", node.lineno, ".".join(chain)
            if not isinstance(node, ast.Call):
                continue
            chain = self_chain(node.func)
            text = ast.unparse(node.func)
            # child-call-outside-forward: self.<child>(...) in a public non-forward method of a module
            if module_class and chain and len(chain) == 1 and name != "forward" and not name.startswith("_") \
                    and chain[0] not in ("forward",) and not chain[0].startswith(("get_", "_")) \
                    and "staticmethod" not in decorators and "classmethod" not in decorators \
                    and "property" not in decorators and chain[0] != "apply":
                yield "child-call-outside-forward", node.lineno, chain[0]
            # get-encoder-call
            if text.endswith("get_encoder") and name != "forward":
                yield "get-encoder-call", node.lineno, "get_encoder"
            # whole-param-write: <...>.weight.data.copy_( / <...>.weight.copy_( / nn.init.*(<...>.weight)
            if name != "__init__" and node.lineno not in gathered:
                func = node.func
                if isinstance(func, ast.Attribute) and func.attr in ("copy_", "fill_", "zero_", "normal_",
                                                                    "uniform_", "mul_", "add_"):
                    target = ast.unparse(func.value)
                    if target.endswith((".weight", ".bias", ".weight.data", ".bias.data")) and "self." in target:
                        yield "whole-param-write", node.lineno, target
                if "init." in text and node.args and ast.unparse(node.args[0]).startswith("self.") \
                        and ast.unparse(node.args[0]).endswith((".weight", ".bias")):
                    yield "whole-param-write", node.lineno, ast.unparse(node.args[0])
            # component-private-helper (pipelines)
            if pipeline and chain and len(chain) >= 2 and chain[0] in COMPONENTS:
                if chain[-1] in ("_encode", "_decode", "tiled_encode", "tiled_decode", "_tiled_encode",
                                 "_tiled_decode") or (len(chain) == 3 and not chain[1].startswith("_")
                                                      and chain[2] not in ("to", "parameters", "eval", "train")):
                    yield "component-private-helper", node.lineno, ".".join(chain)
        # whole-param-write by assignment: self.<...>.weight.data = ...
        if isinstance(statement, ast.Assign) and name != "__init__" and statement.lineno not in gathered:
            for target in statement.targets:
                text = ast.unparse(target)
                if text.startswith("self.") and text.endswith((".weight.data", ".bias.data")):
                    yield "whole-param-write", statement.lineno, text
        # component-device (pipelines)
        if pipeline:
            for node in ast.walk(statement):
                if isinstance(node, ast.Attribute) and node.attr == "device":
                    chain = self_chain(node)
                    if chain and len(chain) == 2 and chain[0] in COMPONENTS:
                        yield "component-device", node.lineno, chain[0]


def module_name(tree: str, base: Path, path: Path) -> str:
    relative = path.relative_to(base).with_suffix("")
    prefix = [] if tree == "examples" else [tree]
    return ".".join(prefix + list(relative.parts))


def scan() -> list[Hit]:
    hits: list[Hit] = []
    for tree, base, path in tree_files():
        if "/modular_" in str(path) or "/tests/" in str(path) or path.name.startswith("test_"):
            continue
        try:
            source = path.read_text(encoding="utf-8", errors="replace")
            parsed = ast.parse(source)
        except SyntaxError:
            continue
        lines = source.splitlines()
        for cls in [n for n in ast.walk(parsed) if isinstance(n, ast.ClassDef)]:
            pipeline, module_class = is_pipeline_class(cls), is_module_class(cls)
            if not (pipeline or module_class):
                continue
            for function in cls.body:
                if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                seen: set[tuple[str, int]] = set()
                for pattern, line, attribute in scan_method(cls, function, pipeline, module_class):
                    if (pattern, line) in seen:
                        continue
                    seen.add((pattern, line))
                    hits.append(Hit(pattern, PATTERN_STRATEGIES[pattern], tree, str(path.relative_to(base)), line,
                                    cls.name, function.name, module_name(tree, base, path), attribute,
                                    lines[line - 1].strip()[:160]))
    return hits


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pattern", action="append", default=[])
    parser.add_argument("--seed", type=int)
    parser.add_argument("--per-pattern", type=int, default=10)
    parser.add_argument("--counts", action="store_true", help="print the number of hits per pattern only")
    args = parser.parse_args(argv)
    hits = [hit for hit in scan() if not args.pattern or hit.pattern in args.pattern]
    if args.counts:
        for pattern in PATTERN_STRATEGIES:
            print(pattern, sum(hit.pattern == pattern for hit in hits))
        return 0
    if args.seed is not None:
        rng = random.Random(args.seed)
        drawn: list[Hit] = []
        for pattern in PATTERN_STRATEGIES:
            mine = sorted((hit for hit in hits if hit.pattern == pattern), key=lambda h: (h.tree, h.path, h.line))
            rng.shuffle(mine)
            drawn += mine[: args.per_pattern]
        hits = drawn
    for hit in hits:
        print(json.dumps(asdict(hit)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
