"""Round o's blind scan: new candidate patterns for the per-strategy truth set, found by an AST walk without the linter.

Round h's scan (``blind_scan_h.py``) is nearly used up on the files no earlier truth file names (round n:
whole-param-write, component-device and get-encoder-call have no hit left), so accelerate-sequential and ZeRO-3 had
almost no blind positives. These patterns are written from the libraries' semantics (docs/strategies.md) and issue
21's classes, before the linter's output on these trees was looked at in this round. A hit is a candidate (a hazard or
a look-alike), never a label: every row is labelled by a run under the real library.

Patterns (each names the strategies it is a candidate under):

* ``child-weight-value-outside-forward``: ``self.<child>[.<...>].weight|bias`` read for its value (not ``.dtype`` /
  ``.device`` / ``.shape`` / ``.size()`` / ``.ndim`` / ``.requires_grad``, not compared with None, not written) in a
  method of a module other than ``forward`` and the initialisers, the child not called in the same statement.
  Accelerate's hooks onload a module's weights only while that module's forward runs (meta outside), ZeRO-3 gathers
  per module (an empty partition outside), an FSDP2 unit's weight is a sharded DTensor outside its unit's forward.
  (Under model CPU offload the read meets a CPU weight: not named here, to keep the pattern's strategies those the
  per-module hooks decide.)
* ``root-param-read-public``: ``self.<name>`` where ``__init__`` registers ``<name>`` as the module's own parameter
  or buffer (``self.<name> = nn.Parameter(...)``, ``register_parameter("<name>", ...)``,
  ``register_buffer("<name>", ...)``), read for its value in a public method other than ``forward`` (not
  ``_``-prefixed, not a static or class method): no strategy's hook runs for it (accelerate: meta unless the
  module's forward runs, model CPU offload: the component still on the CPU, FSDP2: the root's shard, ZeRO-3: a
  partition). Buffers accelerate does not offload are the look-alikes.
* ``inplace-param-write``: an in-place write of a parameter outside ``__init__`` / ``reset_parameters`` /
  ``_init_weights`` / ``init_weights`` and outside ``GatheredParameters``: ``<x>.data.<op>_(...)``,
  ``<x>.data = ...``, ``self.<...>.weight|bias.<op>_(...)`` or ``<p>.<op>_(...)`` for a loop variable over
  ``parameters()`` under ``torch.no_grad()``, and ``.fill_`` / ``.zero_`` on a weight anywhere. Accelerate writes a
  meta tensor (the next onload brings back the offloaded copy), ZeRO-3 writes a partition.
* ``child-shape-before-call``: ``self.<child>[.<...>].weight|bias.shape`` / ``.size(...)`` / ``.numel()`` read in a
  module's ``forward`` on a line before any ``self.<child>(...)`` call of the same first name: ZeRO-3's partition
  of a module not yet gathered has shape ``[0]``.
* ``child-call-outside-forward``: round h's pattern (``blind_scan_h.py``) as it is, for its remaining hits: model CPU
  offload, FSDP2.

    python benchmarks/truth/blind_scan_o.py [--pattern ID ...] [--counts]            # every hit, one JSON per line

A hit has round h's fields: {"pattern", "strategies", "tree", "path", "line", "cls", "method", "module",
"attribute", "text"}; ``attribute`` is the self chain read or written (``conv.weight``), or the written expression
when no self chain names it. ``modular_*.py`` files and tests are skipped, as in round h.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent))

import blind_scan_h as h  # noqa: E402

SEQ, MCO, FSDP2, ZERO3 = h.SEQ, h.MCO, h.FSDP2, h.ZERO3
# The order is the draw's: a line drawn under an earlier pattern is not drawn again under a later one.
PATTERN_STRATEGIES = {
    "inplace-param-write": (SEQ, ZERO3),
    "child-shape-before-call": (ZERO3,),
    "child-weight-value-outside-forward": (SEQ, FSDP2, ZERO3),
    "root-param-read-public": (SEQ, MCO, FSDP2, ZERO3),
    "child-call-outside-forward": (MCO, FSDP2),
}
INIT_METHODS = {"__init__", "reset_parameters", "_reset_parameters", "init_weights", "_init_weights",
                "_initialize_weights", "initialize_weights", "_init_weight", "init_weight", "reset_parameter"}
METADATA = {"dtype", "device", "shape", "size", "ndim", "dim", "requires_grad", "is_cuda", "numel", "is_meta",
            "layout", "names", "nelement", "element_size", "is_floating_point", "is_contiguous", "grad_fn", "grad",
            "data_ptr", "register_hook", "requires_grad_"}
INPLACE = {"copy_", "mul_", "add_", "sub_", "div_", "fill_", "zero_", "normal_", "uniform_", "clamp_", "lerp_",
           "addcmul_", "addcdiv_", "set_", "masked_fill_", "index_copy_", "index_fill_", "scatter_", "clamp_min_",
           "clamp_max_", "t_", "transpose_", "resize_", "renorm_", "sign_", "abs_", "neg_", "exp_", "sqrt_",
           "trunc_normal_", "kaiming_uniform_", "xavier_uniform_", "orthogonal_"}
SHAPE_READS = {"shape", "size", "numel", "nelement"}


def _parents(function: ast.AST) -> dict[ast.AST, ast.AST]:
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(function):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    return parents


def _value_read(node: ast.Attribute, parents: dict[ast.AST, ast.AST]) -> bool:
    """A load of the tensor's value: not a metadata attribute of it, not compared with None, not a write target,
    not the receiver of an in-place op, not inside ``isinstance`` / ``hasattr`` / ``getattr``."""
    if not isinstance(node.ctx, ast.Load):
        return False
    parent = parents.get(node)
    if isinstance(parent, ast.Attribute):
        if parent.attr in METADATA or parent.attr in INPLACE or parent.attr == "data" and \
                isinstance(parents.get(parent), ast.Attribute) and (parents[parent].attr in INPLACE | METADATA):
            return False
        if parent.attr == "data" and isinstance(parents.get(parent), (ast.Assign, ast.AugAssign)) and \
                parent in getattr(parents[parent], "targets", [getattr(parents[parent], "target", None)]):
            return False
    if isinstance(parent, ast.Subscript) and not isinstance(parent.ctx, ast.Load):
        return False  # a write into the tensor
    if isinstance(parent, ast.Compare) and any(isinstance(c, ast.Constant) and c.value is None
                                               for c in parent.comparators + [parent.left]):
        return False
    if isinstance(parent, (ast.UnaryOp, ast.BoolOp)) or isinstance(parent, (ast.If, ast.IfExp)) and \
            getattr(parent, "test", None) is node:
        return False  # truth tests of an optional tensor (``if self.conv.bias``) are look-ups, not reads of values
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and \
            parent.func.id in ("isinstance", "hasattr", "getattr", "id", "type", "len"):
        return False
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Attribute) and parent.func.attr == "get":
        return False
    return True


def _no_grad_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[int]:
    """Lines run under ``torch.no_grad()`` / ``torch.inference_mode()``: the method's decorator or a ``with``."""
    def is_no_grad(text: str) -> bool:
        return "no_grad" in text or "inference_mode" in text

    if any(is_no_grad(ast.unparse(d)) for d in function.decorator_list):
        return set(range(function.lineno, (function.end_lineno or function.lineno) + 1))
    lines: set[int] = set()
    for node in ast.walk(function):
        if isinstance(node, (ast.With, ast.AsyncWith)) and any(is_no_grad(ast.unparse(i.context_expr))
                                                                for i in node.items):
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def _parameter_loop_names(function: ast.AST) -> set[str]:
    """Names bound by ``for p in <...>.parameters()`` / ``for n, p in <...>.named_parameters()`` (and
    ``.buffers()``) in the method."""
    names: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.iter, ast.Call) and \
                isinstance(node.iter.func, ast.Attribute) and \
                node.iter.func.attr in ("parameters", "named_parameters", "buffers", "named_buffers"):
            target = node.target
            if isinstance(target, ast.Tuple) and target.elts:
                target = target.elts[-1]
            if isinstance(target, ast.Name):
                names.add(target.id)
    return names


def registered_names(cls: ast.ClassDef) -> set[str]:
    """The module's own parameters and buffers as ``__init__`` registers them."""
    names: set[str] = set()
    for function in cls.body:
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or function.name != "__init__":
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                callee = ast.unparse(node.value.func)
                if callee.split(".")[-1] == "Parameter":
                    for target in node.targets:
                        chain = h.self_chain(target)
                        if chain and len(chain) == 1:
                            names.add(chain[0])
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("register_buffer", "register_parameter") and \
                    h.self_chain(node.func.value) == [] and node.args and \
                    isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                if node.func.attr == "register_parameter" and len(node.args) > 1 and \
                        isinstance(node.args[1], ast.Constant) and node.args[1].value is None:
                    continue
                names.add(node.args[0].value)
    return names


def _write_target(node: ast.expr) -> tuple[str, list[str] | None]:
    """(text, self chain or None) of the tensor an in-place op writes; ``.data`` dropped."""
    if isinstance(node, ast.Attribute) and node.attr == "data":
        node = node.value
    return ast.unparse(node), h.self_chain(node)


def scan_method(cls: ast.ClassDef, function: ast.FunctionDef | ast.AsyncFunctionDef,
                registered: set[str]) -> Iterator[tuple[str, int, str]]:
    """(pattern, line, attribute) for one method of a module class."""
    name = function.name
    parents = _parents(function)
    gathered = h.gathered_lines(function)
    no_grad = _no_grad_lines(function)
    loop_names = _parameter_loop_names(function)
    decorators = h.decorator_names(function)
    static = "staticmethod" in decorators or "classmethod" in decorators
    first_call: dict[str, int] = {}  # child -> first line it is called on (forward only)
    if name == "forward":
        for node in ast.walk(function):
            if isinstance(node, ast.Call):
                chain = h.self_chain(node.func)
                if chain and len(chain) >= 1:
                    first_call[chain[0]] = min(first_call.get(chain[0], node.lineno), node.lineno)
    initialiser = name in INIT_METHODS or name.lstrip("_").startswith(("init_", "reset_param")) or \
        name.endswith(("init_weights", "_init_weight"))
    for statement in h.statements(function):
        called = h.children_called(statement)
        written: set[ast.AST] = set()  # the tensors this statement writes (their reads are not value reads)
        for node in ast.walk(statement):
            write = _written(node, loop_names, registered, getattr(node, "lineno", 0) in no_grad)
            if write is None:
                continue
            tensor, text, chain = write
            written.add(tensor)
            if not initialiser and not static and node.lineno not in gathered:
                yield "inplace-param-write", node.lineno, ".".join(chain) if chain else text
        for node in ast.walk(statement):
            if not isinstance(node, ast.Attribute) or node in written:
                continue
            chain = h.self_chain(node)
            if not chain:
                continue
            # child-shape-before-call (forward)
            if name == "forward" and node.attr in h.WEIGHT_NAMES and len(chain) >= 2:
                parent = parents.get(node)
                if isinstance(parent, ast.Attribute) and parent.attr in SHAPE_READS and \
                        node.lineno < first_call.get(chain[0], 10 ** 9):
                    yield "child-shape-before-call", node.lineno, ".".join(chain)
            # child-weight-value-outside-forward
            if not initialiser and name != "forward" and not static and node.attr in h.WEIGHT_NAMES \
                    and len(chain) >= 2 and chain[0] not in called and _value_read(node, parents):
                yield "child-weight-value-outside-forward", node.lineno, ".".join(chain)
            # root-param-read-public
            if len(chain) == 1 and chain[0] in registered and name != "forward" and not name.startswith("_") \
                    and not initialiser and not static and _value_read(node, parents):
                yield "root-param-read-public", node.lineno, chain[0]


def _written(node: ast.AST, loop_names: set[str], registered: set[str],
             no_grad: bool) -> tuple[ast.AST, str, list[str] | None] | None:
    """(tensor node, text, self chain) when ``node`` writes a parameter in place, else None: ``<x>.data.<op>_()``,
    ``<w>.<op>_()`` under ``torch.no_grad()``, ``.fill_()`` / ``.zero_()`` on a weight, ``nn.init.<fn>_(<w>)``,
    ``<x>.data = ...``, ``<x>.data[...] = ...`` / ``<w>[...] = ...`` under ``torch.no_grad()``. ``<x>`` is a self chain
    or a loop variable over ``parameters()``; ``<w>`` a self chain ending in weight / bias / a registered name, or
    such a loop variable."""
    def tensor_of(receiver: ast.AST) -> tuple[ast.AST, bool, list[str] | None, bool] | None:
        through_data = isinstance(receiver, ast.Attribute) and receiver.attr == "data"
        tensor = receiver.value if through_data else receiver
        chain = h.self_chain(tensor)
        is_loop = isinstance(tensor, ast.Name) and tensor.id in loop_names
        if not (chain or is_loop):
            return None
        is_weight = is_loop or bool(chain) and (chain[-1] in h.WEIGHT_NAMES or len(chain) == 1 and chain[0] in registered)
        return tensor, through_data, chain, is_weight

    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in INPLACE:
        made = tensor_of(node.func.value)
        if made is not None:
            tensor, through_data, chain, is_weight = made
            if through_data or no_grad and is_weight or node.func.attr in ("fill_", "zero_") and is_weight:
                return tensor, ast.unparse(tensor), chain
    if isinstance(node, ast.Call) and node.args and "init." in ast.unparse(node.func) and \
            ast.unparse(node.func).endswith("_"):
        made = tensor_of(node.args[0])
        if made is not None and made[3]:
            return made[0], ast.unparse(made[0]), made[2]
    if isinstance(node, (ast.Assign, ast.AugAssign)):
        for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
            subscript = isinstance(target, ast.Subscript)
            inner = target.value if subscript else target
            if isinstance(inner, ast.Attribute) and inner.attr == "data" or subscript and no_grad:
                made = tensor_of(inner)
                if made is not None and (made[1] or made[3]):
                    return made[0], ast.unparse(made[0]), made[2]
    return None


def scan() -> list[h.Hit]:
    hits: list[h.Hit] = []
    for tree, base, path in h.tree_files():
        if "/modular_" in str(path) or "/tests/" in str(path) or path.name.startswith("test_"):
            continue
        try:
            source = path.read_text(encoding="utf-8", errors="replace")
            parsed = ast.parse(source)
        except SyntaxError:
            continue
        lines = source.splitlines()
        for cls in [n for n in ast.walk(parsed) if isinstance(n, ast.ClassDef)]:
            if not h.is_module_class(cls):
                continue
            registered = registered_names(cls)
            for function in cls.body:
                if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                seen: set[tuple[str, int]] = set()
                for pattern, line, attribute in scan_method(cls, function, registered):
                    if (pattern, line) in seen:
                        continue
                    seen.add((pattern, line))
                    hits.append(h.Hit(pattern, PATTERN_STRATEGIES[pattern], tree, str(path.relative_to(base)), line,
                                      cls.name, function.name, h.module_name(tree, base, path), attribute,
                                      lines[line - 1].strip()[:160]))
    hits += [hit for hit in h.scan() if hit.pattern == "child-call-outside-forward"]
    return hits


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pattern", action="append", default=[])
    parser.add_argument("--counts", action="store_true", help="print the number of hits per pattern only")
    args = parser.parse_args(argv)
    hits = [hit for hit in scan() if not args.pattern or hit.pattern in args.pattern]
    if args.counts:
        for pattern in PATTERN_STRATEGIES:
            print(pattern, sum(hit.pattern == pattern for hit in hits))
        return 0
    for hit in hits:
        print(json.dumps(asdict(hit)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
