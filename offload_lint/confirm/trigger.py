"""Synthesise calls for a method from what it reads.

Shape hints come from the method's source: the shapes of the ``self.<param>`` it reads, the first
leaf layer (Linear/Conv/Embedding) of each child it touches, the config's channel counts; generic
shapes come last. Every candidate is a complete (args, kwargs) built before observation starts.
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import torch

from .patch_grid import patch_grid_for
from .processor_inputs import processor_call
from .prompt_inputs import prompt_call

MAX_CANDIDATES = 6
_CONFIG_CHANNEL_KEYS = (
    "in_channels", "latent_channels", "num_channels", "embedding_dim", "hidden_size", "embed_dim",
    "inner_dim", "out_channels",
)
_TIMESTEP_NAMES = frozenset({"timestep", "timesteps", "t", "sigma", "sigmas"})
_NONE_NAMES = frozenset({"generator", "attention_mask", "encoder_attention_mask", "mask"})
# Integer-valued parameters by name (sizes a model derives shapes from): small, so tiny inputs suffice.
_SMALL_INTS = {"batch_size": 1, "height": 8, "width": 8, "num_frames": 2, "fps": 8, "num_images_per_prompt": 1,
               "num_channels": 4, "channels": 4, "seq_len": 4, "sequence_length": 4, "frames": 2,
               "num_classes": 3}  # a classifier's class count (timm's unannotated reset_classifier(num_classes))
_DEVICE_NAMES = frozenset({"device", "execution_device"})
# An int-or-unannotated parameter named as a length (`query_length`, `block_length`, `seq_len`) gets a short one.
_LENGTH_SUFFIXES = ("_length", "_len")
_SMALL_LENGTH = 4


@dataclass(frozen=True)
class Shape:
    """One guess for the main tensor argument(s)."""

    dims: tuple[int, ...]
    why: str
    integer_high: int | None = None  # indices for an embedding: randint(0, high)


# The shape a tensor argument gets when nothing says better: an image-like batch of one, 4 channels, 16 x 16.
GENERIC_SHAPE = Shape((1, 4, 16, 16), "generic")


@dataclass
class Candidate:
    description: str
    make: Callable[[], tuple[tuple, dict]] = field(repr=False)
    shape: Shape | None = None  # the main tensor shape, when synthesised (a failure may say which rank it wants)
    filled: tuple[str, ...] = ()  # optional tensor parameters given a value
    produced: tuple[str, ...] = ()  # parameters given what another method of the class returns by that name
    documented: tuple[str, ...] = ()  # parameters given the shape the method's docstring documents for them
    no_producers: bool = False  # a producing method could not be called: its values are synthesised from the shape
    given: dict[str, Any] = field(default_factory=dict)  # optional arguments the finding's line needs
    # Said in the verdict's evidence when the call is made with it: where inputs not guessed from a shape came from.
    note: str | None = None

    def key(self) -> Any:
        """What makes two candidates the same call: the input shape, the optional tensors filled, the produced ones."""
        if self.shape is None:
            return self.description
        return (self.shape.dims, self.shape.integer_high, self.filled, self.produced, self.documented)


class NotTriggerable(Exception):
    """The method's arguments cannot be synthesised (non-tensor objects, strings...)."""


def self_attribute_chains(function: Callable) -> list[tuple[str, ...]]:
    """``self.a.b`` chains a method reads, in source order (outermost chain per expression)."""
    try:
        source = textwrap.dedent(inspect.getsource(function))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):
        return []
    chains: list[tuple[str, ...]] = []
    inner: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or id(node) in inner:
            continue
        parts: list[str] = []
        current: ast.AST = node
        while isinstance(current, ast.Attribute):
            parts.append(current.attr)
            inner.add(id(current.value))
            current = current.value
        if isinstance(current, ast.Name) and current.id == "self":
            chain = tuple(reversed(parts))
            if chain not in chains:
                chains.append(chain)
    chains.sort(key=lambda c: _first_position(tree, c))
    return chains


def _first_position(tree: ast.AST, chain: tuple[str, ...]) -> tuple[int, int]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == chain[-1]:
            return (node.lineno, node.col_offset)
    return (10**9, 0)


def _resolve_chain(module: torch.nn.Module, chain: tuple[str, ...]) -> tuple[Any, str]:
    """The deepest tensor or module along ``self.a.b.c`` and its path (``self.w.shape`` -> ``self.w``)."""
    found: Any = None
    label = ""
    obj: Any = module
    for depth, part in enumerate(chain, 1):
        if isinstance(obj, torch.Tensor) or not isinstance(obj, torch.nn.Module):
            break
        try:
            obj = getattr(obj, part)
        except Exception:  # properties can raise on a half-built model
            break
        if isinstance(obj, (torch.nn.Module, torch.Tensor)):
            found, label = obj, ".".join(chain[:depth])
    return found, label


def first_leaf_shape(module: torch.nn.Module) -> Shape | None:
    """Input shape the first Linear/Conv/Embedding inside ``module`` accepts."""
    for layer in module.modules():
        name = type(layer).__name__
        if isinstance(layer, torch.nn.Linear):
            return Shape((2, layer.in_features), f"first leaf {name}")
        if isinstance(layer, torch.nn.Embedding):
            return Shape((2, 4), f"first leaf {name}", integer_high=layer.num_embeddings)
        if isinstance(layer, (torch.nn.modules.conv._ConvNd)):
            spatial = {1: (16,), 2: (16, 16), 3: (4, 16, 16)}[len(layer.kernel_size)]
            return Shape((1, layer.in_channels, *spatial), f"first leaf {name}")
    return None


def tensor_shape_hints(tensor: torch.Tensor, label: str) -> list[Shape]:
    shape = tuple(int(d) for d in tensor.shape)
    if not shape:
        return []
    hints = [Shape(shape, f"shape of self.{label}")]
    if len(shape) >= 2 and shape[0] == 1:
        hints.append(Shape((2, *shape[1:]), f"batch of self.{label}"))
    if len(shape) == 1:
        hints.append(Shape((2, shape[0]), f"batch of self.{label}"))
    return hints


def unpacked_ranks(method: Callable, names: set[str] | None = None) -> list[int]:
    """Ranks the method unpacks its arguments' shapes into: ``b, c, t, h, w = z.shape`` -> 5 (of the parameters
    in ``names`` when given)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(method)))
    except (OSError, TypeError, SyntaxError):
        return []
    parameters = {a.arg for a in ast.walk(tree) if isinstance(a, ast.arg)} - {"self"}
    if names is not None:
        parameters &= names
    ranks: list[int] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple)):
            continue
        target, value = node.targets[0], node.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "size":
            value = value.func
        if not (isinstance(value, ast.Attribute) and value.attr in ("shape", "size")
                and isinstance(value.value, ast.Name) and value.value.id in parameters):
            continue
        if not any(isinstance(element, ast.Starred) for element in target.elts) and len(target.elts) not in ranks:
            ranks.append(len(target.elts))
    return ranks


def _unpacked_axes(tree: ast.AST, parameters: set[str]) -> tuple[int, dict[str, int]] | None:
    """(rank, name -> axis) of the first ``b, c, t, h, w = x.shape`` of a parameter without a starred name."""
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple)):
            continue
        value = node.value
        if not (isinstance(value, ast.Attribute) and value.attr == "shape" and isinstance(value.value, ast.Name)
                and value.value.id in parameters):
            continue
        elements = node.targets[0].elts
        if any(isinstance(element, ast.Starred) for element in elements):
            continue
        return len(elements), {element.id: axis for axis, element in enumerate(elements)
                               if isinstance(element, ast.Name)}
    return None


def _attribute_value(module: Any, node: ast.expr) -> Any:
    """The value of ``self.a.b`` or ``self.a[i]`` on the built module; None when it is not that or not set."""
    index = None
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, int):
        index, node = node.slice.value, node.value
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not (isinstance(node, ast.Name) and node.id == "self" and parts):
        return None
    value: Any = module
    try:
        for part in reversed(parts):
            value = getattr(value, part)
        return value[index] if index is not None else value
    except Exception:  # a property of a half-built model, an index past the end
        return None


_ARITHMETIC = {ast.FloorDiv: lambda a, b: a // b if b else None, ast.Mult: lambda a, b: a * b,
               ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b}


def _local_expressions(tree: ast.AST) -> dict[str, ast.expr]:
    """name -> expression of the locals assigned once (``rs = self.ratio``; ``k = self.a[0] // rs, self.a[1] // rs``
    assigns the tuple to k)."""
    found: dict[str, ast.expr] = {}
    twice: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target = node.targets[0]
        pairs = [(target, node.value)]
        if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple) \
                and len(target.elts) == len(node.value.elts):
            pairs = list(zip(target.elts, node.value.elts))
        for name, value in pairs:
            if isinstance(name, ast.Name):
                if name.id in found:
                    twice.add(name.id)
                found[name.id] = value
    return {name: value for name, value in found.items() if name not in twice}


def _size_value(module: Any, node: ast.expr, local: dict[str, ast.expr], depth: int = 0) -> Any:
    """An integer the method computes from its own sizes: ``self.kernel[0]``, a local made of them
    (``latent_kernel[0]`` with ``latent_kernel = self.kernel[0] // rt, ...``); None for anything else."""
    if depth > 6:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.Name) and node.id in local:
        return _size_value(module, local[node.id], local, depth + 1)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in local \
            and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, int):
        value = local[node.value.id]
        if isinstance(value, ast.Tuple) and 0 <= node.slice.value < len(value.elts):
            return _size_value(module, value.elts[node.slice.value], local, depth + 1)
        return None
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        left, right = (_size_value(module, side, local, depth + 1) for side in (node.left, node.right))
        if isinstance(left, int) and isinstance(right, int):
            return _ARITHMETIC[type(node.op)](left, right)
        return None
    return _attribute_value(module, node)


def axis_minimums(module: torch.nn.Module, method: Callable) -> tuple[int, dict[int, int]] | None:
    """(rank, axis -> least size) for axes the method measures against its own sizes: a tile loop's
    ``num_frames - self.kernel[0]`` wants at least ``self.kernel[0]`` frames (fewer gives no tile at all); the
    size may be a local computed from them (``latent_kernel[0]``)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(method)))
    except (OSError, TypeError, SyntaxError):
        return None
    parameters = {a.arg for a in ast.walk(tree) if isinstance(a, ast.arg)} - {"self"}
    unpacked = _unpacked_axes(tree, parameters)
    if unpacked is None:
        return None
    rank, axes = unpacked
    local = {name: value for name, value in _local_expressions(tree).items() if name not in axes}
    least: dict[int, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and isinstance(node.left, ast.Name) \
                and node.left.id in axes:
            value = _size_value(module, node.right, local)
            if isinstance(value, int) and not isinstance(value, bool) and 1 < value <= _LEAST_AXIS_LIMIT:
                axis = axes[node.left.id]
                least[axis] = max(least.get(axis, 0), value)
    return (rank, least) if least else None


def with_rank(shape: Shape, rank: int, why: str) -> Shape:
    """``shape`` made ``rank``-D: [B, C, H, W] -> [B, C, 2, H, W] (a frame axis after the channels), or trimmed."""
    dims = shape.dims
    if len(dims) < rank:
        inserted = (2,) * (rank - len(dims))
        dims = (*dims[:2], *inserted, *dims[2:]) if len(dims) >= 2 else (*dims, *inserted)
    else:
        dims = (*dims[:max(rank - 1, 1)], *dims[len(dims) - (rank - max(rank - 1, 1)):])[:rank]
    return Shape(tuple(dims), why, shape.integer_high)


def shape_hints(module: torch.nn.Module, method: Callable) -> list[Shape]:
    hints = _shape_hints(module, method)
    ranks = unpacked_ranks(method)
    if ranks:  # the code says which rank it takes: those first
        ranked = [with_rank(h, ranks[0], f"{h.why}, as {ranks[0]}-D (the method unpacks {ranks[0]} dims)")
                  for h in hints if len(h.dims) != ranks[0] and h.integer_high is None]
        hints = [h for h in hints if len(h.dims) == ranks[0]] + ranked + hints
    minimums = axis_minimums(module, method)
    if minimums is not None:  # axes the method tiles by its own sizes: at least one tile, those first
        rank, least = minimums
        hints = [_at_least(h, least) for h in hints if len(h.dims) == rank and h.integer_high is None][:2] + hints
    unique: dict[tuple, Shape] = {}
    for hint in hints:
        unique.setdefault((hint.dims, hint.integer_high), hint)
    return list(unique.values())[:MAX_CANDIDATES]


# The largest axis an input is given to reach one tile of the method's own size (a default video VAE tiles by
# 24 frames of 320 x 320; only fake tensors are built at the default size).
_LEAST_AXIS_LIMIT = 512


def _at_least(shape: Shape, least: dict[int, int]) -> Shape:
    dims = tuple(max(size, least.get(axis, 0)) for axis, size in enumerate(shape.dims))
    named = ", ".join(f"axis {axis} >= {size}" for axis, size in sorted(least.items()))
    return Shape(dims, f"{shape.why}, {named} (the method subtracts its own sizes)", shape.integer_high)


# What a failed call says about the input it wanted (learned from the first failure, then retried).
_RANK_FAILURES = (
    (re.compile(r"not enough values to unpack \(expected (\d+), got \d+\)"), 1),
    (re.compile(r"too many values to unpack \(expected (\d+)"), 1),
    (re.compile(r"Expected (\d+)D \(unbatched\) or (\d+)D \(batched\) input"), 2),
    (re.compile(r"is not equal to len\(dims\) = (\d+)"), 1),  # x.permute(1, 0, 2) of a 2-D input
    (re.compile(r"number of subscripts in the equation \((\d+)\) does not match the number of dimensions"), 1),
    (re.compile(r"too many indices for tensor of dimension (\d+)"), 1, 1),  # `z[:, :, :1]` of a 4-D latent: one more
)
# `permute`'s own rank next to the one it wanted: `input.dim() = 5 is not equal to len(dims) = 4`.
_PERMUTED_RANK = re.compile(r"input\.dim\(\) = (\d+) is not equal to len\(dims\)")
# Ranks named next to another: `torch.cat` of the input with a 5-D tensor (`got 5 and 4`: the input is the 4), a
# convolution whose weight has one axis more than the input (conv3d: a 5-D weight takes a 5-D input).
_OTHER_RANK_FAILURE = re.compile(r"Tensors must have same number of dimensions: got (\d+) and (\d+)")
# An expand to more axes than the input has (`x[:, :, -1:].expand(-1, -1, n, -1, -1)` of a 4-D latent): the target's
# rank, when the expanded tensor has the input's.
_EXPAND_RANK_FAILURE = re.compile(r"Target sizes: \[([-\d, ]+)\]\.\s+Tensor sizes: \[([\d, ]+)\]")
_WEIGHT_RANK_FAILURE = re.compile(r"weight of size \[([\d, ]+)\], expected input\[([\d, ]+)\]")
# The input's trailing axes a normalisation wanted: `Given normalized_shape=[32], expected input with shape [*, 32],
# but got input of size[1, 4, 16, 16]` (the size it names must be the synthesised input's; the RMSNorm of torch 2.13
# writes `[*32]`).
_NORMALIZED_SHAPE_FAILURE = re.compile(r"expected input with shape \[\*,?\s*([\d, ]+)\], but got input of size\s*"
                                       r"\[([\d, ]+)\]")
# An axis a layer needs larger: reflect padding longer than the signal (`padding (a, b) at dimension d of input
# [...]`), a kernel or pooling window larger than what is left after the downsampling inside the method.
_PADDING_FAILURE = re.compile(r"Padding size should be less than the corresponding input dimension, but got: "
                              r"padding \((\d+), (\d+)\) at dimension (\d+) of input (?:torch\.Size\()?\[([\d, ]+)\]")
_SHORT_SIGNAL_FAILURE = re.compile(r"input \(W: (\d+)\) is too small\. Calculated output W: (-?\d+)")
# torch.cat of an empty list, as fake tensors and as real ones say it.
_EMPTY_CAT_FAILURE = re.compile(r"cat expects at least one tensor|expected a non-empty list of Tensors")
_TOO_SMALL_FAILURE = re.compile(r"smaller than kernel size|Output size is too small|Padding size should be less than"
                                # a patchify view whose axis came out 0: too few frames or pixels for its patches
                                r"|shape '\[[-\d, ]*\b0\b[-\d, ]*\]' is invalid for input of size")
# A windowed layer that names the axes it got and its window: `each spatial dim to be at least its kernel size; got
# (T, H, W) = (4, 2, 16) with kernel_size (3, 5, 5)` -> those consecutive input axes grow to the window.
# timm's PatchEmbed(strict_img_size): "Input height (16) doesn't match model (224)."
_IMAGE_SIZE_FAILURE = re.compile(r"Input (height|width) \((\d+)\) doesn't match model \((\d+)\)")
_LARGEST_IMAGE = 512  # larger images (SAM's 1024) cost more than a check on 2 cores can spend
_WINDOW_FAILURE = re.compile(r"at least its kernel size; got \([A-Z, ]+\) = \(([\d, ]+)\) with kernel_size "
                             r"\(([\d, ]+)\)")
_LARGEST_AXIS = 64  # spatial axes grow 16 -> 32 -> 64 at most: a default-sized video encoder downsamples 8x
_LONGEST_SIGNAL = 1 << 14  # a waveform axis grows to what an STFT's reflect padding needs, at most this
_VIDEO_FRAMES = 9
_CHANNEL_FAILURE = re.compile(r"expected input\[([\d, ]+)\] to have (\d+) channels")
# `Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int`.
_INDEX_TYPE_FAILURE = re.compile(r"Expected tensor for argument #\d+ 'indices' to have (?:one of the following )?"
                                 r"scalar types?")
# Two sizes that had to agree: an input axis of the first (or one less: a token prepended by a cat) takes the second.
_SIZE_FAILURES = (
    re.compile(r"The size of tensor a \((\d+)\) must match the size of tensor b \((\d+)\)"),
    re.compile(r"Sizes of tensors must match except in dimension \d+\. Expected size (\d+) but got size (\d+)"),
    # a model's own check of its input length: `expects the mel input features to be of length 64, but found 16`
    re.compile(r"to be of length (\d+), but found (\d+)"),
)
# `mat1 and mat2 shapes cannot be multiplied (AxK and MxN)`: the input's last axis is K where the weight wants M.
_MATMUL_FAILURE = re.compile(r"mat1 and mat2 shapes cannot be multiplied \((\d+)x(\d+) and (\d+)x(\d+)\)")
# One direction only: an einsum names the size a later operand (a weight) gives a subscript and the size an earlier
# operand (the input, operand 0) gave it: `subscript d has size 32 for operand 1 which does not broadcast with
# previously seen size 2` -> the input's axis of size 2 becomes 32.
# An in-place op on a per-sample tensor given a batch (`param.copy_(projected.squeeze(0))` of a batch of 2): the
# broadcast shape is the output's with the input's batch axis in front -> a batch of one.
_BATCH_OF_ONE_FAILURE = re.compile(r"output with shape \[([\d, ]+)\] doesn't match the broadcast shape \[([\d, ]+)\]")
_EINSUM_SIZE_FAILURE = re.compile(r"subscript \w has size (?P<wanted>\d+) for operand [1-9]\d* which does not "
                                  r"broadcast with previously seen size (?P<found>\d+)")
# A model's own check that an axis divides evenly: `The number of spectrogram frames (3) must be a multiple of
# `subsampling_factor` (8)` -> the axis of size 3 becomes 8.
_MULTIPLE_FAILURE = re.compile(r"\((?P<found>\d+)\) (?:must|should) be (?:a multiple of|divisible by)[^(\d]*\(?"
                               r"(?P<factor>\d+)\)?")


def _is_the_input(given: str, shape: Shape) -> bool:
    """Did the layer that refused its channels get the synthesised input (its channel axis), not a tensor computed
    inside the method (a later layer's input says nothing about the method's own)?"""
    sizes = [int(part) for part in given.replace(" ", "").split(",") if part]
    return len(sizes) >= 2 and sizes[1] == shape.dims[1]


def _resized(dims: tuple[int, ...], found: int, wanted: int) -> tuple[int, ...] | None:
    """``dims`` with the last axis of size ``found`` (else ``found - 1``) given ``wanted`` (``wanted - 1``)."""
    for offset in (0, 1):
        for index in range(len(dims) - 1, -1, -1):
            if dims[index] == found - offset and wanted - offset > 0 and (index > 0 or len(dims) == 1):
                return (*dims[:index], wanted - offset, *dims[index + 1:])
    return None


def learned_sizes(dims: tuple[int, ...], text: str) -> tuple[int, ...] | None:
    """The input shape a size-mismatch message asks for, or None when it names no axis of the input."""
    matmul = _MATMUL_FAILURE.search(text)
    if matmul and dims and dims[-1] == int(matmul.group(2)):
        return (*dims[:-1], int(matmul.group(3)))
    batch = _BATCH_OF_ONE_FAILURE.search(text)
    if batch and dims and dims[0] > 1:
        output, broadcast = _sizes(batch.group(1)), _sizes(batch.group(2))
        if broadcast == (dims[0], *output):
            return (1, *dims[1:])
    einsum = _EINSUM_SIZE_FAILURE.search(text)
    if einsum:
        return _resized(dims, int(einsum.group("found")), int(einsum.group("wanted")))
    multiple = _MULTIPLE_FAILURE.search(text)
    if multiple:
        found, factor = int(multiple.group("found")), int(multiple.group("factor"))
        if factor > 0 and found % factor:
            return _resized(dims, found, (found // factor + 1) * factor)
    for pattern in _SIZE_FAILURES:
        match = pattern.search(text)
        if match:
            first, second = int(match.group(1)), int(match.group(2))
            return _resized(dims, first, second) or _resized(dims, second, first)
    return None


def retry_candidates(module: torch.nn.Module, method_name: str, device: torch.device, error: BaseException,
                     failed: Candidate) -> list[Candidate]:
    """A candidate fixed as the error says: the rank the method unpacks or a layer expects, its channel count."""
    retries = _retry_candidates(module, method_name, device, error, failed)
    for retry in retries:
        if failed.no_producers or isinstance(error, ProducerFailed):
            retry.no_producers = True  # once a producer could not be called, its values come from the shape
        if failed.given and not retry.given:  # what the finding's line needs stays given
            retry.make = _giving(module, method_name, retry.make, failed.given, retry.shape, device)
            retry.given = failed.given
    return retries


def _giving(module: torch.nn.Module, method_name: str, make: Callable[[], tuple[tuple, dict]],
            given: dict[str, Any], shape: Shape | None, device: torch.device) -> Callable[[], tuple[tuple, dict]]:
    def made() -> tuple[tuple, dict]:
        args, kwargs = make()
        return args, {**kwargs, **_given_values(module, method_name, given, shape, device)}
    return made


# A given argument that must hold a tensor (`input_ids` read by the line): made like the candidate's others.
GIVE_TENSOR = "<tensor>"


def _given_values(module: torch.nn.Module, method_name: str, given: dict[str, Any], shape: Shape | None,
                  device: torch.device) -> dict[str, Any]:
    """The given arguments the method takes, a GIVE_TENSOR made as an optional tensor of the candidate's shape, or as
    the value its annotation names (``tgt_lang: str | None``: a string the method compares it with; none is left out
    rather than given a tensor)."""
    method = getattr(module, method_name)
    try:
        parameters = inspect.signature(method).parameters
    except (TypeError, ValueError):
        return {}
    values: dict[str, Any] = {}
    for name, value in given.items():
        if name not in parameters:
            continue
        if value != GIVE_TENSOR:
            values[name] = value
            continue
        text = annotation_text(parameters[name].annotation)
        if text in _SCALARS:
            values[name] = True if text == "bool" else _SCALARS[text]
        elif text == "str" or _literal_choices(text):
            choices = _literal_choices(text) or _compared_strings(method, name)
            if choices:
                values[name] = choices[0]
        else:
            values[name] = _fill_value(module, name, shape or GENERIC_SHAPE, device)
    return values


def branch_arguments(function: Callable, line: int) -> dict[str, Any]:
    """Optional arguments the ``if`` tests above ``line`` decide (``if not force_not_quantize:`` -> False; ``if
    input_embeds is not None: ... else: <line>`` -> None). Flags get the bool the branch needs, a not-None optional
    a tensor (GIVE_TENSOR); when the line is the path of an input left None, the optional tensors the line itself
    reads (``self.wte(input_ids)``) are the input it takes instead."""
    try:
        parameters = inspect.signature(function).parameters
        source_lines, start = inspect.getsourcelines(function)
        tree = ast.parse(textwrap.dedent("".join(source_lines)))
    except (OSError, TypeError, ValueError, SyntaxError):
        return {}
    optional = {name: p for name, p in parameters.items() if p.default is not inspect.Parameter.empty}
    given: dict[str, Any] = {}
    for test, in_body in guarding_tests(function, line):
        test, positive = tested_operand(test, in_body)
        if not isinstance(test, ast.Name) or test.id not in optional or test.id in given:
            continue
        if test.id in _DEVICE_NAMES and positive:
            continue  # a device is given anyway; only `if device is None: device = self.w.device` asks for None
        default = optional[test.id].default
        if isinstance(default, bool):
            given[test.id] = positive
        elif default is None:
            given[test.id] = GIVE_TENSOR if positive else None
    if None not in given.values():
        return given
    offset = start - 1
    for node in ast.walk(tree):  # the line is the other input's path: the optional tensors it reads
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.lineno + offset == line \
                and node.id in optional and optional[node.id].default is None and node.id not in given:
            given[node.id] = GIVE_TENSOR
    return given



class ProducerFailed(ValueError):
    """The method that makes an argument (``forward`` returning ``z`` for ``decode(z)``) could not be called."""


def _retry_candidates(module: torch.nn.Module, method_name: str, device: torch.device, error: BaseException,
                      failed: Candidate) -> list[Candidate]:
    refused = _inputs_refused_without(getattr(module, method_name), error, failed.filled) \
        if not isinstance(error, ProducerFailed) else ()
    if refused:
        # `You have to specify either input_ids or inputs_embeds`: the method takes its main input optionally (a
        # second one after the first: `get_multimodal_features` wants `pixel_values`, then `input_ids`).
        try:
            return synthesise(module, method_name, device, fill=(*failed.filled, *refused))[:1]
        except NotTriggerable:
            return []
    if failed.shape is None:
        return []
    produce, document = bool(failed.produced) and not failed.no_producers, bool(failed.documented)
    if isinstance(error, ProducerFailed):
        # the producing method could not be called: the same input, its value synthesised from the shape again
        try:
            return synthesise(module, method_name, device, extra_shapes=[failed.shape], fill=failed.filled,
                              document=document)[:1]
        except NotTriggerable:
            return []
    if not document and len(documented_shapes(module, getattr(type(module), method_name, None))) >= 2:
        # one shape for every tensor failed: each tensor the docstring documents gets its own
        # (`pixel_values` of shape `(batch_size, num_patches, channels, height, width)`, `image_sizes` `(num_images, 2)`)
        try:
            return synthesise(module, method_name, device, extra_shapes=[failed.shape], fill=failed.filled,
                              produce=produce, document=True)[:1]
        except NotTriggerable:
            return []
    text = str(error)
    video = _CHANNEL_FAILURE.search(text)
    shape: Shape | None = _frames_first(failed.shape, video, text) if video else None
    for pattern, group, *more in _RANK_FAILURES if shape is None else ():
        match = pattern.search(text)
        if match:
            rank = int(match.group(group)) + (more[0] if more else 0)
            permuted = _PERMUTED_RANK.search(text)
            if permuted and int(permuted.group(1)) != len(failed.shape.dims):
                # the permuted tensor is the input reshaped (`unflatten(2, (heads, -1)).permute(0, 2, 1, 3)` of a token
                # sequence): the input is off by as many axes as it is
                rank = len(failed.shape.dims) + rank - int(permuted.group(1))
            if rank != len(failed.shape.dims) and rank > 0:
                shape = with_rank(failed.shape, rank, f"{failed.shape.why}, as {rank}-D (learned: {_first(text)})")
            break
    if shape is None:
        shape = _learned_rank_or_axes(failed.shape, text)
    if shape is None and _EMPTY_CAT_FAILURE.search(text) and len(failed.shape.dims) == 5 \
            and failed.shape.dims[2] < _VIDEO_FRAMES:
        # A loop over frame batches ran zero times: more frames (one first frame and a batch of eight).
        dims = (*failed.shape.dims[:2], _VIDEO_FRAMES, *failed.shape.dims[3:])
        shape = Shape(dims, f"{failed.shape.why}, {_VIDEO_FRAMES} frames (learned: {_first(text)})")
    if shape is None and _INDEX_TYPE_FAILURE.search(text) and failed.shape.integer_high is None:
        # an embedding or a gather given floats: the same shape, as indices in range
        shape = Shape(failed.shape.dims, f"{failed.shape.why}, as indices (learned: {_first(text)})",
                      integer_high=_vocabulary_size(module))
    channels = _CHANNEL_FAILURE.search(text)
    if shape is None and channels and len(failed.shape.dims) >= 2 and _is_the_input(channels.group(1), failed.shape):
        dims = list(failed.shape.dims)
        dims[1] = int(channels.group(2))
        shape = Shape(tuple(dims), f"{failed.shape.why}, {dims[1]} channels (learned: {_first(text)})",
                      failed.shape.integer_high)
    if shape is None and failed.shape.integer_high is None:
        resized = learned_sizes(failed.shape.dims, text)
        if resized is not None and resized != failed.shape.dims:
            shape = Shape(resized, f"{failed.shape.why}, sized {list(resized)} (learned: {_first(text)})")
    fill = failed.filled
    missing = _MISSING_ARGUMENTS.search(text) if isinstance(error, TypeError) else None
    if shape is None and missing and _takes_any_keyword(getattr(module, method_name)):
        # `forward(hidden_states, **kwargs)` handing its keywords to a processor that requires more: pass them.
        names = tuple(name for name in re.findall(r"'(\w+)'", missing.group(1)) if name not in fill)
        if not names:
            return []
        fill = (*fill, *names)
        shape = failed.shape
    if shape is None and _used_none(error):
        # An optional tensor left None was used (`encoder_hidden_states.shape`): give the optional ones a value
        # (those given one already keep it).
        optional = _optional_tensor_parameters(getattr(module, method_name))
        fill = (*failed.filled, *(name for name in optional if name not in failed.filled))
        if fill == failed.filled:
            return []
        shape = failed.shape
    if not produce and not failed.no_producers and _produced_parameters(module, method_name):
        # `reduce(layer_input, topo_info)` after `map()` made topo_info: call map first, then retry with its value
        # (and with the shape this failure taught, should the producer not be callable: `decode(z)` of `forward`)
        try:
            return synthesise(module, method_name, device, extra_shapes=[shape or failed.shape],
                              fill=failed.filled if shape is None else fill, produce=True, document=document)[:1]
        except NotTriggerable:
            return []
    if shape is None:
        return []
    try:
        return synthesise(module, method_name, device, extra_shapes=[shape], fill=fill, produce=produce,
                          document=document)[:1]
    except NotTriggerable:
        return []


def _frames_first(failed: Shape, channels: re.Match, text: str) -> Shape | None:
    """A video given as ``(batch, channels, frames, H, W)`` (diffusers' order) to a model that folds the frames into
    the batch as ``(batch, frames, channels, H, W)`` (transformers' ``pixel_values_videos``): the layer saw
    ``[batch * channels, frames, H, W]`` and wants ``channels`` where the frames are. The two axes are swapped."""
    dims = failed.dims
    seen, wanted = _sizes(channels.group(1)), int(channels.group(2))
    if len(dims) != 5 or seen != (dims[0] * dims[1], dims[2], dims[3], dims[4]) or wanted != dims[1]:
        return None
    return Shape((dims[0], dims[2], dims[1], dims[3], dims[4]),
                 f"{failed.why}, frames before channels (learned: {_first(text)})", failed.integer_high)


def _sizes(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.replace(" ", "").split(",") if part)


def _learned_rank_or_axes(failed: Shape, text: str) -> Shape | None:
    """The input the message asks for, from the ranks, trailing axes or too-short axes it names (no rank read from
    the code or the first failure did)."""
    dims = failed.dims
    why = f"learned: {_first(text)}"
    other = _OTHER_RANK_FAILURE.search(text)
    if other:
        first, second = int(other.group(1)), int(other.group(2))
        rank = first if second == len(dims) else second if first == len(dims) else None
        if rank is not None and rank != len(dims):
            return with_rank(failed, rank, f"{failed.why}, as {rank}-D ({why})")
    expand = _EXPAND_RANK_FAILURE.search(text)
    if expand:
        target, given = expand.group(1).replace(" ", "").split(","), _sizes(expand.group(2))
        if len(given) == len(dims) and len(target) > len(dims):
            return with_rank(failed, len(target), f"{failed.why}, as {len(target)}-D ({why})")
    weight = _WEIGHT_RANK_FAILURE.search(text)
    if weight and not _is_the_input(weight.group(2), failed):
        rank = len(_sizes(weight.group(1)))
        if rank != len(dims) and len(dims) >= 3:
            return with_rank(failed, rank, f"{failed.why}, as {rank}-D ({why})")
    normalized = _NORMALIZED_SHAPE_FAILURE.search(text)
    if normalized and _sizes(normalized.group(2)) == dims and failed.integer_high is None:
        wanted = _sizes(normalized.group(1))
        if 0 < len(wanted) < len(dims):
            resized = (*dims[:len(dims) - len(wanted)], *wanted)
            return Shape(resized, f"{failed.why}, sized {list(resized)} ({why})")
    padding = _PADDING_FAILURE.search(text)
    if padding and failed.integer_high is None:
        axis, given = int(padding.group(3)), _sizes(padding.group(4))
        needed = max(int(padding.group(1)), int(padding.group(2)))
        if axis == len(given) - 1 and dims and dims[-1] == given[-1] and dims[-1] <= needed:
            longer = min(max(2 * (needed + 1), 2 * dims[-1]), _LONGEST_SIGNAL)
            if longer > dims[-1]:
                return Shape((*dims[:-1], longer), f"{failed.why}, last axis {longer} ({why})")
    short = _SHORT_SIGNAL_FAILURE.search(text)
    if short and dims and dims[-1] == int(short.group(1)) and failed.integer_high is None:
        width, out = int(short.group(1)), int(short.group(2))
        longer = min(max(2 * width, width + 1 - out), _LONGEST_SIGNAL)
        if longer > width:
            return Shape((*dims[:-1], longer), f"{failed.why}, last axis {longer} ({why})")
    image = _IMAGE_SIZE_FAILURE.search(text)
    if image and len(dims) >= 4 and failed.integer_high is None:
        # timm's patch embedding checks the image size it was built for: the named axis gets it (the other
        # follows from the next failure; square sizes are tried together first).
        axis = -2 if image.group(1) == "height" else -1
        wanted = int(image.group(3))
        if dims[axis] == int(image.group(2)) and wanted <= _LARGEST_IMAGE:
            grown = list(dims)
            grown[axis] = wanted
            if dims[-2] == dims[-1]:
                grown[-2:] = [wanted, wanted]
            return Shape(tuple(grown), f"{failed.why}, sized {grown} ({why})")
    window = _WINDOW_FAILURE.search(text)
    if window and failed.integer_high is None:
        got, kernel = _sizes(window.group(1)), _sizes(window.group(2))
        for start in range(len(dims) - len(got) + 1):
            if dims[start:start + len(got)] == got and len(kernel) == len(got):
                grown = (*dims[:start], *(max(a, k) for a, k in zip(got, kernel)), *dims[start + len(got):])
                if grown != dims:
                    return Shape(grown, f"{failed.why}, sized {list(grown)} ({why})")
    if _TOO_SMALL_FAILURE.search(text) and len(dims) >= 4 and failed.integer_high is None:
        # Downsampling inside the method left too little: more frames (5-D), larger spatial axes.
        grown = list(dims)
        if len(dims) == 5 and dims[2] < _VIDEO_FRAMES:
            grown[2] = _VIDEO_FRAMES
        grown[-2:] = [min(2 * size, max(size, _LARGEST_AXIS)) for size in dims[-2:]]
        if tuple(grown) != dims:
            return Shape(tuple(grown), f"{failed.why}, sized {grown} ({why})")
    return None


# A model forward whose inputs are all optional refuses to run without one (`ValueError: You have to specify either
# input_ids or inputs_embeds`, `You should either provide text ids or the cached text encodings`): the optional
# parameters the message names get a value (the first one named); a message naming none, the first of these.
_REFUSAL_ERRORS = (ValueError,)
_PRIMARY_INPUTS = ("input_ids", "input_values", "input_features", "pixel_values")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def _inputs_refused_without(method: Callable, error: BaseException, given: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The optional input to give a method that refused to run with the optional inputs but ``given`` None, by a
    message or by using one (``input_ids.size()`` on None: ``get_text_features(input_ids=None)``)."""
    if not isinstance(error, _REFUSAL_ERRORS) and not _used_none(error):
        return ()
    try:
        parameters = inspect.signature(method).parameters.values()
    except (TypeError, ValueError):
        return ()
    optional = [p.name for p in parameters if p.default is None and p.name not in given and p.kind in
                (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)]
    named = [word for word in _IDENTIFIER.findall(str(error)) if word in optional and "_" in word]
    if named:
        return (named[0],)
    primary = [name for name in _PRIMARY_INPUTS if name in optional]
    return (primary[0],) if primary else ()


def _used_none(error: BaseException) -> bool:
    text = str(error)
    return isinstance(error, (AttributeError, TypeError)) and ("'NoneType'" in text or "not NoneType" in text)


def _is_token_ids(name: str) -> bool:
    return name == "input_ids" or name.endswith("_ids")


def _vocabulary_size(module: torch.nn.Module) -> int:
    """Token ids must fit every embedding table they may index: the smallest one (the config's vocab otherwise)."""
    sizes = [layer.num_embeddings for layer in module.modules() if isinstance(layer, torch.nn.Embedding)]
    vocab = getattr(getattr(module, "config", None), "vocab_size", None)
    if sizes:
        return max(min(sizes), 1)
    return vocab if isinstance(vocab, int) and vocab > 0 else 2


def _fill_value(module: torch.nn.Module, name: str, shape: Shape, device: torch.device) -> torch.Tensor:
    """An optional tensor given a value: token ids for ``*_ids`` (four tokens in the vocabulary), else a tensor of
    the candidate's shape."""
    if _is_token_ids(name):
        return _make_tensor(Shape((1, 4), "token ids", integer_high=_vocabulary_size(module)), device)
    return _make_tensor(shape, device)


_MISSING_ARGUMENTS = re.compile(r"missing \d+ required (?:positional|keyword-only) arguments?: (.+)$")


def _takes_any_keyword(method: Callable) -> bool:
    try:
        parameters = inspect.signature(method).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.kind == inspect.Parameter.VAR_KEYWORD for p in parameters)


_STATE_SUFFIXES = ("hidden_states", "_states", "embeds", "_emb", "context")


def _optional_tensor_parameters(method: Callable) -> list[str]:
    """Optional parameters that default to None and look like tensors by name (``encoder_hidden_states``)."""
    try:
        parameters = inspect.signature(method).parameters.values()
    except (TypeError, ValueError):
        return []
    return [p.name for p in parameters if p.default is None and p.name.endswith(_STATE_SUFFIXES)]


def _first(text: str, limit: int = 60) -> str:
    return (text.strip().splitlines() or [""])[0][:limit]


def _shape_hints(module: torch.nn.Module, method: Callable) -> list[Shape]:
    hints: list[Shape] = []
    for chain in self_attribute_chains(method):
        value, label = _resolve_chain(module, chain)
        if isinstance(value, torch.Tensor):
            hints.extend(tensor_shape_hints(value, label))
        elif isinstance(value, torch.nn.Module):
            leaf = first_leaf_shape(value)
            if leaf is not None:
                hints.append(Shape(leaf.dims, f"{leaf.why} of self.{label}", leaf.integer_high))
    config = getattr(module, "config", None)
    for key in _CONFIG_CHANNEL_KEYS:
        channels = _config_value(config, key)
        if isinstance(channels, int) and channels > 0:
            hints.append(Shape((1, channels, 16, 16), f"config.{key}"))
            hints.append(Shape((2, channels), f"config.{key}"))
    hints += [Shape((2, 8), "generic"), GENERIC_SHAPE, Shape((1, 3, 32, 32), "generic")]
    unique: dict[tuple, Shape] = {}
    for hint in hints:
        unique.setdefault((hint.dims, hint.integer_high), hint)
    return list(unique.values())


def _config_value(config: Any, key: str) -> Any:
    if config is None:
        return None
    if isinstance(config, dict):
        return config.get(key)
    return getattr(config, key, None)


def _make_tensor(shape: Shape, device: torch.device) -> torch.Tensor:
    if shape.integer_high is not None:
        return torch.randint(0, max(shape.integer_high, 1), shape.dims, device=device)
    return torch.randn(shape.dims, device=device)


def annotation_text(annotation: Any) -> str:
    """A parameter annotation as source-like text, ``Optional[...]`` / ``| None`` removed: "int", "list[int]",
    "torch.device", "list[PIL.Image.Image]" (string annotations pass through)."""
    if annotation is inspect.Parameter.empty:
        return ""
    if isinstance(annotation, str):
        text = annotation
    elif isinstance(annotation, type) and not getattr(annotation, "__args__", None):
        module = annotation.__module__
        text = annotation.__qualname__ if module == "builtins" else f"{module}.{annotation.__qualname__}"
    else:
        text = str(annotation)
    text = text.replace("typing.", "").replace(" ", "")
    for prefix in ("Optional[",):
        if text.startswith(prefix) and text.endswith("]"):
            text = text[len(prefix):-1]
    parts = [part for part in text.split("|") if part != "None"]
    text = "|".join(parts)
    if text.startswith("Union[") and text.endswith("]"):
        text = ",".join(p for p in text[6:-1].split(",") if p != "NoneType")
    if text.startswith("torch._C."):
        text = "torch." + text[len("torch._C."):]
    return text


def _compared_strings(method: Callable | None, name: str) -> list[str]:
    """String constants the method compares ``name`` with (``mode == "extract"``), in source order."""
    if method is None:
        return []
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(method)))
    except (OSError, TypeError, SyntaxError):
        return []
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == name:
            for comparator in node.comparators:
                values = comparator.elts if isinstance(comparator, (ast.Tuple, ast.List, ast.Set)) else [comparator]
                found += [v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    return found


def _literal_choices(text: str) -> list[str]:
    if text.startswith("Literal[") and text.endswith("]"):
        return [part.strip("'\"") for part in text[8:-1].split(",")]
    return []


_SCALARS = {"int": 2, "float": 1.0, "bool": False}


def _scalar(text: str, value: int) -> Any:
    return float(value) if text == "float" else value


def _argument_value(parameter: inspect.Parameter, shape: Shape, device: torch.device,
                    method: Callable | None = None) -> Any:
    """A value for one parameter from its name, annotation and default; a synthetic tensor otherwise."""
    text = annotation_text(parameter.annotation)
    name = parameter.name
    if name in _DEVICE_NAMES or text in ("torch.device", "device"):
        return device
    if name == "dtype" or text in ("torch.dtype", "dtype"):
        return torch.float32
    if name in _NONE_NAMES:
        return None
    if name in _TIMESTEP_NAMES:
        return torch.ones(shape.dims[0], device=device)
    has_default = parameter.default is not inspect.Parameter.empty
    if has_default and (parameter.default is None or isinstance(parameter.default, (int, float, bool, str))):
        return parameter.default
    if name in _SMALL_INTS and text in ("", "int", "float"):
        return _scalar(text, _SMALL_INTS[name])
    if name.endswith(_LENGTH_SUFFIXES) and text in ("", "int"):
        return _SMALL_LENGTH  # `compute_bias(query_length, key_length)`: a length, not a tensor
    if text in _SCALARS:
        return _SCALARS[text]
    if text == "str" or _literal_choices(text):
        choices = _literal_choices(text) or _compared_strings(method, name)
        if choices:
            return choices[0]
        raise NotTriggerable(f"argument {name!r} is a string")
    sequence = _sequence_value(text)
    if sequence is not None:
        return sequence
    if "PIL.Image" in text:
        return _pil_image()
    return _make_tensor(shape, device)


def _sequence_value(text: str) -> Any:
    """``list[int]`` -> [0, 1]; ``list[PIL.Image.Image]`` -> [image]; ``tuple[int, ...]`` -> (0, 1)."""
    for container, build in (("list[", list), ("List[", list), ("tuple[", tuple), ("Tuple[", tuple)):
        if text.startswith(container) and text.endswith("]"):
            inner = text[len(container):-1].split(",")[0]
            if inner in ("int", "float"):
                return build(_scalar(inner, i) for i in range(2))
            if "PIL.Image" in inner:
                return build([_pil_image()])
    return None


def _pil_image() -> Any:
    try:
        from PIL import Image
    except ImportError as error:  # pragma: no cover - PIL ships with diffusers' deps
        raise NotTriggerable("argument needs a PIL image and PIL is not installed") from error
    return Image.new("RGB", (64, 64))


def required_parameters(method: Callable) -> list[inspect.Parameter]:
    """Parameters without a default, plus any ``device`` parameter (its default is usually cpu or None)."""
    signature = inspect.signature(method)
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD,
             inspect.Parameter.KEYWORD_ONLY)
    return [
        p for p in signature.parameters.values()
        if p.kind in kinds and (p.default is inspect.Parameter.empty or p.name in _DEVICE_NAMES)
    ]


def follow_up_candidates(module: torch.nn.Module, device: torch.device) -> list[Candidate]:
    """Calls of ``module.forward`` after a mutator (C6): a token sequence ``[B, S, D]`` first (attention
    layers: D = the first Linear's in_features), then the usual candidates."""
    extra: list[Shape] = []
    leaf = first_leaf_shape(module)
    if leaf is not None and len(leaf.dims) == 2 and leaf.integer_high is None:
        extra.append(Shape((1, 4, leaf.dims[1]), f"token sequence for {leaf.why}"))
    return synthesise(module, "forward", device, extra_shapes=extra)


# transformers' ``generate()`` takes every input as optional and, given none, starts from a bos token the tiny
# configs do not define ("`bos_token_id` has to be defined when no `input_ids` are provided"): its prompt is a few
# token ids of the vocabulary, and it makes two new tokens (every step runs the same modules as the first).
GENERATION_METHODS = ("generate",)
GENERATION_NEW_TOKENS = 2


def generation_candidate(module: torch.nn.Module, method_name: str, device: torch.device) -> Candidate | None:
    """A prompt for a language model's ``generate()`` (a model with a ``generation_config``), or None."""
    if method_name not in GENERATION_METHODS or getattr(module, "generation_config", None) is None:
        return None
    try:
        parameters = inspect.signature(getattr(module, method_name)).parameters
    except (TypeError, ValueError):
        return None
    if "input_ids" not in parameters and not _takes_any_keyword(getattr(module, method_name)):
        return None
    shape = Shape((1, 4), "token ids for generate()", integer_high=_vocabulary_size(module))

    def make() -> tuple[tuple, dict]:
        return (), {"input_ids": _make_tensor(shape, device), "max_new_tokens": GENERATION_NEW_TOKENS,
                    "do_sample": False}

    return Candidate(f"input_ids <- {list(shape.dims)} (token ids for generate()), "
                     f"max_new_tokens={GENERATION_NEW_TOKENS}", make)


def synthesise(module: torch.nn.Module, method_name: str, device: torch.device,
               extra_shapes: list[Shape] | None = None, fill: tuple[str, ...] = (),
               produce: bool = False, document: bool = False,
               given: dict[str, Any] | None = None) -> list[Candidate]:
    """Candidate calls for ``module.<method_name>``; raises NotTriggerable when none can be made.
    ``extra_shapes`` are tried first; ``fill`` names optional tensor parameters given a tensor of the shape;
    ``produce``: parameters another method of the class returns by name get its value (learned after a failure);
    ``document``: tensors the docstring gives a shape get that shape (learned after a failure)."""
    unbound = getattr(type(module), method_name, None)
    if unbound is None or not callable(unbound):
        raise NotTriggerable(f"{type(module).__name__} has no method {method_name!r}")
    bound = getattr(module, method_name)
    parameters = required_parameters(bound)
    given = given or {}
    candidates = []
    if not (extra_shapes or fill or produce or document):
        candidates += _patch_grid_candidates(module, bound, parameters, unbound, device, given)
        candidates += _prompt_candidates(module, bound, parameters, unbound, device)
        candidates += _processor_candidates(module, bound, parameters, unbound, device, given)
    if not parameters and not fill and not given:
        return [*candidates, Candidate("no arguments", lambda: ((), {}))]
    hints = list(extra_shapes or []) + shape_hints(module, unbound)
    unique: dict[tuple, Shape] = {}
    for hint in hints:
        unique.setdefault((hint.dims, hint.integer_high), hint)
    producers = _produced_parameters(module, method_name) if produce else {}
    documented = documented_shapes(module, unbound) if document else {}
    for shape in list(unique.values())[:MAX_CANDIDATES]:
        def make(shape: Shape = shape) -> tuple[tuple, dict]:
            args, kwargs = [], {}
            for parameter in parameters:
                if parameter.name in producers:
                    value = _produced_value(module, producers[parameter.name], device)
                elif parameter.name in documented:
                    value = _make_tensor(documented[parameter.name], device)
                else:
                    value = _argument_value(parameter, shape, device, unbound)
                defaulted = parameter.default is not parameter.empty and parameter.kind != parameter.POSITIONAL_ONLY
                if parameter.kind == parameter.KEYWORD_ONLY or defaulted:  # keeps later positions aligned
                    kwargs[parameter.name] = value
                else:
                    args.append(value)
            for name in fill:
                kwargs[name] = _fill_value(module, name, shape, device)
            kwargs.update(_given_values(module, method_name, given, shape, device))
            return tuple(args), kwargs

        names = ", ".join([*(p.name for p in parameters), *fill, *(f"{k}={'tensor' if v == GIVE_TENSOR else v!r}"
                                                                    for k, v in given.items())])
        made = "".join(f"; {name} from {producers[name][0]}()" for name in producers)
        made += "".join(f"; {name} {list(documented[name].dims)} as documented" for name in documented
                        if name in {p.name for p in parameters})
        candidates.append(Candidate(f"{names} <- {list(shape.dims)} ({shape.why}{made})", make, shape, fill,
                                    tuple(producers), tuple(documented), given=dict(given)))
    return candidates


def _prompt_candidates(module: torch.nn.Module, bound: Callable, parameters: list[inspect.Parameter],
                       unbound: Callable, device: torch.device) -> list[Candidate]:
    """The SAM family's prompt encoder and mask decoder called with prompts that agree (``prompt_inputs.py``)."""
    call = prompt_call(module, bound, parameters, device,
                       lambda parameter: _argument_value(parameter, GENERIC_SHAPE, device, unbound))
    return [Candidate(call[0], call[1])] if call is not None else []


def _processor_candidates(module: torch.nn.Module, bound: Callable, parameters: list[inspect.Parameter],
                          unbound: Callable, device: torch.device, given: dict[str, Any]) -> list[Candidate]:
    """What the model's own image processor or feature extractor makes, sized from its config
    (``processor_inputs.py``); every other required parameter as the generic candidates make it."""
    call = processor_call(module, bound, parameters, device,
                          lambda parameter: _argument_value(parameter, GENERIC_SHAPE, device, unbound))
    if call is None:
        return []
    description, make = call
    if given:
        make = _giving(module, bound.__name__, make, given, GENERIC_SHAPE, device)
    return [Candidate(description, make, given=dict(given), note=f"{bound.__name__}'s inputs: {description}")]


def _patch_grid_candidates(module: torch.nn.Module, bound: Callable, parameters: list[inspect.Parameter],
                           unbound: Callable, device: torch.device, given: dict[str, Any]) -> list[Candidate]:
    """Flattened patches with the grid they came from (``pixel_values`` with ``image_grid_thw``), made to agree;
    every other required parameter as the generic candidates make it. No shape to learn from a failure: resizing
    the patches alone would break the agreement."""
    grid = patch_grid_for(module, bound)
    if grid is None:
        return []
    names = {p.name for p in parameters}
    candidates = []
    for layout, dims in grid.layouts():
        def make(dims: tuple[int, ...] = dims) -> tuple[tuple, dict]:
            shape = Shape(dims, "patches")
            args, kwargs = [], {}
            for parameter in parameters:
                if parameter.name == grid.pixels:
                    value = _make_tensor(shape, device)
                elif parameter.name == grid.grid:
                    value = grid.grid_tensor(device)
                else:
                    value = _argument_value(parameter, shape, device, unbound)
                defaulted = parameter.default is not parameter.empty and parameter.kind != parameter.POSITIONAL_ONLY
                if parameter.kind == parameter.KEYWORD_ONLY or defaulted:
                    kwargs[parameter.name] = value
                else:
                    args.append(value)
            if grid.pixels not in names:
                kwargs[grid.pixels] = _make_tensor(shape, device)
            if grid.grid not in names:
                kwargs[grid.grid] = grid.grid_tensor(device)
            kwargs.update(_given_values(module, bound.__name__, given, shape, device))
            return tuple(args), kwargs

        row = [1, grid.side, grid.side] if grid.axes == "thw" else [grid.side, grid.side]
        candidates.append(Candidate(f"{grid.pixels} <- {list(dims)} ({layout}), {grid.grid} <- [{row}] "
                                    f"(patch grid of the vision config)", make, given=dict(given)))
    return candidates


def produced_by(cls: type, name: str, consumer: str) -> tuple[str, int | None] | None:
    """(method, position) of another method of the class that returns a value by this name: ``reduce(layer_input,
    topo_info)`` takes what ``map`` returns as ``return layer_output, router_logits, topo_info`` (position 2; None when
    it returns the name alone). Such a value (a tuple of routing tensors, a cache) cannot be synthesised from a shape.
    A method the consumer calls itself is downstream, not a producer: ``encode(x)`` hands ``x`` to ``_encode(x)``,
    whose ``x = self.encoder(x); return x`` names the same value after using it; nor is one that calls the consumer.
    """
    calls = self_calls(cls)
    downstream = calls.get(consumer, set())
    # A method that calls the consumer hands it a value rather than making one (``_encode(x)`` returns the ``x`` it
    # passed to ``tiled_encode(x)`` after reassigning it): not a producer either.
    upstream = {name for name, callees in calls.items() if consumer in callees}
    for method_name, function in own_methods(cls):
        if method_name in (consumer, "__init__") or method_name in downstream or method_name in upstream:
            continue
        for node in ast.walk(source_tree(function) or ast.Module([], [])):
            if not isinstance(node, ast.Return) or node.value is None:
                continue
            if isinstance(node.value, ast.Name) and node.value.id == name:
                return method_name, None
            if isinstance(node.value, ast.Tuple):
                for index, element in enumerate(node.value.elts):
                    if isinstance(element, ast.Name) and element.id == name:
                        return method_name, index
    return None


# `pixel_values (`torch.Tensor` of shape `(batch_size, num_patches, channels, height, width)`)` in a docstring.
_DOCUMENTED_SHAPE = re.compile(r"^\s*(\w+) \(`([^`]*)` of shape `\(([^`]*)\)`", re.MULTILINE)
# Documented axis names -> the config field that sizes them (looked up on the config and its nested configs), or a
# small number. Unknown names get 2.
_AXIS_FIELDS = {"channels": "num_channels", "num_channels": "num_channels", "height": "image_size",
                "width": "image_size", "image_size": "image_size", "hidden_size": "hidden_size"}
_AXIS_VALUES = {"batch_size": 1, "num_images": 1, "num_patches": 1, "batch": 1, "sequence_length": 4,
                "seq_len": 4, "num_frames": 2,
                # an image's channels where no config says (BLIP's vision config has no num_channels: RGB)
                "channels": 3, "num_channels": 3}
_INTEGER_TYPES = ("LongTensor", "IntTensor")
_SIZE_SUFFIXES = ("_sizes", "_size", "_hw", "_thw")  # a tensor of sizes (H, W): positive integers


def documented_shapes(module: torch.nn.Module, function: Callable | None) -> dict[str, Shape]:
    """The shapes the method's docstring documents for its parameters, with the axes named after the config
    (channels -> config.num_channels, height/width -> image_size) or small numbers. Integer tensors (a
    ``LongTensor``, a tensor of sizes) hold values in range: sizes are the image size."""
    doc = inspect.getdoc(function) if function is not None else None
    if not doc:
        return {}
    config = getattr(module, "config", None)
    shapes: dict[str, Shape] = {}
    for name, kind, axes in _DOCUMENTED_SHAPE.findall(doc):
        dims = tuple(_axis_size(axis.strip(), config) for axis in axes.split(",") if axis.strip())
        if not dims or "Tensor" not in kind:
            continue
        high = None
        if any(t in kind for t in _INTEGER_TYPES) or name.endswith(_SIZE_SUFFIXES):
            high = _axis_size("image_size", config) + 1 if name.endswith(_SIZE_SUFFIXES) else 2
        shapes[name] = Shape(dims, f"{name} as documented", integer_high=high)
    return shapes


def _axis_size(axis: str, config: Any) -> int:
    if axis.isdigit():
        return int(axis)
    field = _AXIS_FIELDS.get(axis)
    value = _nested_config_value(config, field) if field else None
    if isinstance(value, int) and value > 0:
        return value
    return _AXIS_VALUES.get(axis, 2)


def _nested_config_value(config: Any, key: str, depth: int = 0) -> Any:
    """``key`` on the config, else on its nested configs (``vision_config.image_size``)."""
    if config is None or depth > 2:
        return None
    value = _config_value(config, key)
    if value is not None:
        return value
    for nested in (vars(config).values() if hasattr(config, "__dict__") else ()):
        if hasattr(nested, "to_dict") and not isinstance(nested, type):
            found = _nested_config_value(nested, key, depth + 1)
            if found is not None:
                return found
    return None


def _produced_parameters(module: torch.nn.Module, method_name: str) -> dict[str, tuple[str, int | None]]:
    """Required parameters of the method that another method of the class returns by name -> (producer, position)."""
    try:
        parameters = required_parameters(getattr(module, method_name))
    except (TypeError, ValueError, AttributeError):
        return {}
    return {p.name: found for p in parameters if (found := produced_by(type(module), p.name, method_name))}


def _produced_value(module: torch.nn.Module, producer: tuple[str, int | None], device: torch.device) -> Any:
    """Call the producing method with synthesised inputs (before observation starts) and take the value."""
    method, index = producer
    errors: list[str] = []
    for candidate in synthesise(module, method, device):
        try:
            args, kwargs = candidate.make()
            value = getattr(module, method)(*args, **kwargs)
        except Exception as error:  # a wrong guess for the producer: the next one
            errors.append(f"{type(error).__name__}: {_first(str(error))}")
            continue
        return value if index is None else value[index]
    raise ProducerFailed(f"{method}() makes this argument and could not be called: {'; '.join(errors[-2:])}")


_FRAMEWORK_MODULES = ("torch.", "diffusers.models.modeling_utils", "diffusers.configuration_utils",
                      "transformers.modeling_utils", "builtins")


def own_methods(cls: type, skipped: tuple[str, ...] = _FRAMEWORK_MODULES) -> Iterator[tuple[str, Callable]]:
    """(name, function) of what the class and its bases define, most derived first, leaving out ``object`` and the
    classes of the modules in ``skipped`` (torch's and the libraries' base classes); overridden ones appear too."""
    for klass in cls.__mro__:
        if klass is object or klass.__module__.startswith(skipped):
            continue
        for name, value in vars(klass).items():
            function = getattr(value, "__func__", value)
            if inspect.isfunction(function):
                yield name, function


def source_tree(function: Callable) -> ast.AST | None:
    """The function's source parsed (dedented), or None when it has none."""
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return None


def self_calls(cls: type) -> dict[str, set[str]]:
    """method name -> names of the ``self.<method>(...)`` calls in its body, over the class and its own bases."""
    calls: dict[str, set[str]] = {}
    for name, function in own_methods(cls):
        tree = source_tree(function) if name not in calls else None  # the most derived definition wins
        if tree is not None:
            calls[name] = {node.func.attr for node in ast.walk(tree)
                           if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                           and isinstance(node.func.value, ast.Name) and node.func.value.id == "self"}
    return calls


def reaching_entry(cls: type, method: str) -> str | None:
    """The public method to run for a private helper: the helper is reached only through other methods.
    A public caller other than forward wins (it may run outside the hooks); forward when only it reaches the
    helper; None when the helper is public or nothing in the class calls it (run it directly)."""
    if not method.startswith("_") or method.startswith("__"):
        return None
    calls = self_calls(cls)
    callers = {name: {caller for caller, callees in calls.items() if name in callees} for name in calls}
    seen, frontier, entries = {method}, [method], []
    while frontier:
        current = frontier.pop(0)
        for caller in sorted(callers.get(current, ())):
            if caller in seen:
                continue
            seen.add(caller)
            if not caller.startswith("_") or caller == "__call__":
                entries.append(caller)
            else:
                frontier.append(caller)
    others = [name for name in entries if name not in ("forward", "__call__")]
    if others:
        return others[0]
    return "forward" if entries else None


def entry_switches(cls: type, entry: str, method: str) -> dict[str, bool]:
    """The ``self`` flags the calls from ``entry`` down to ``method`` are switched by, with the value each call needs:
    ``encode`` reaches ``_tiled_encode`` only as ``self._tiled_encode(x) if self.use_tiling else self.encoder(x)``,
    which a user turns on with ``enable_tiling()``. Every flag named is returned; the caller keeps those the built
    module holds as a bool."""
    calls = self_calls(cls)
    above: dict[str, str | None] = {entry: None}
    frontier = [entry]
    while frontier:
        current = frontier.pop(0)
        for callee in sorted(calls.get(current, ())):
            if callee not in above:
                above[callee] = current
                frontier.append(callee)
    if method not in above:
        return {}
    switches: dict[str, bool] = {}
    node = method
    while (caller := above[node]) is not None:
        function = getattr(cls, caller, None)
        tree = source_tree(function) if function is not None else None
        wanted: dict[str, set[bool]] = {}
        for test, needed in _tests_around_calls(tree, node) if tree is not None else ():
            conjunction = isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And)
            for part in test.values if conjunction else [test]:
                operand, holds = tested_operand(part, needed)
                name = _self_attribute(operand)
                if name is not None:
                    # the `else` of `a and b` holds whatever one operand is: it asks nothing of either flag
                    wanted.setdefault(name, set()).update((holds,) if needed or not conjunction else (True, False))
        # a flag one call needs on and another off (`[self._tiled_encode(s) for s in x.split(1)] if self.use_slicing
        # else self._tiled_encode(x)`) decides nothing: either way reaches the callee
        for name, values in wanted.items():
            if len(values) == 1:
                switches.setdefault(name, values.pop())
        node = caller
    return switches


def entry_flags(module: torch.nn.Module, entry: str, method: str) -> tuple[tuple[str, bool], ...]:
    """The flags of ``entry_switches`` that the built module holds as a bool, with the value to set, as a user's
    ``enable_tiling()`` sets ``use_tiling``."""
    switches = entry_switches(type(module), entry, method)
    return tuple((name, value) for name, value in sorted(switches.items())
                 if isinstance(getattr(module, name, None), bool))


def _tests_around_calls(tree: ast.AST, callee: str) -> Iterator[tuple[ast.expr, bool]]:
    """The tests of the ``if`` statements and conditional expressions around each ``self.<callee>(...)``, with
    whether the call needs them true."""
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == callee
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "self"):
            continue
        child, parent = node, parents.get(id(node))
        while parent is not None:
            if isinstance(parent, ast.If) and child is not parent.test:
                yield parent.test, child in parent.body
            elif isinstance(parent, ast.IfExp) and child is not parent.test:
                yield parent.test, child is parent.body
            child, parent = parent, parents.get(id(parent))


def public_callers(cls: type, method: str) -> list[str]:
    """Public methods of the class (forward and __call__ aside) whose body calls ``self.<method>``: they make the
    objects the method takes (a ray sampler, a camera) that synthesis cannot."""
    return sorted(name for name, callees in self_calls(cls).items()
                  if method in callees and name != method and not name.startswith("_") and name != "forward")


def tested_operand(test: ast.expr, holds: bool) -> tuple[ast.expr, bool]:
    """What a test examines, and whether the code it guards needs that truthy (or not None): ``not x`` and
    ``x is None`` flip ``holds``, ``x is not None`` keeps it."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, holds = test.operand, not holds
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.comparators[0], ast.Constant) \
            and test.comparators[0].value is None:
        holds, test = holds == isinstance(test.ops[0], ast.IsNot), test.left
    return test, holds


def guarding_tests(function: Callable, line: int) -> list[tuple[ast.expr, bool]]:
    """The ``if`` tests that decide whether ``line`` (a file line) runs, with True when it sits in the body and
    False when in the ``else`` or after an ``if`` whose body always leaves (``if self.lora_layer is None: return``
    earlier in the same block)."""
    try:
        source_lines, start = inspect.getsourcelines(function)
        tree = ast.parse(textwrap.dedent("".join(source_lines)))
    except (OSError, TypeError, SyntaxError):
        return []
    offset = start - 1
    found: list[tuple[ast.expr, bool]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.If):
            continue
        for statements, in_body in ((node.body, True), (node.orelse, False)):
            if statements and statements[0].lineno + offset <= line <= \
                    (statements[-1].end_lineno or statements[-1].lineno) + offset:
                found.append((node.test, in_body))
    for block in _blocks(tree):
        if not block[0].lineno + offset <= line <= (block[-1].end_lineno or block[-1].lineno) + offset:
            continue  # an `if ...: continue` in a loop body before the line leaves that body, not the line's block
        for statement in block:
            if (statement.lineno + offset) >= line:
                break
            if isinstance(statement, ast.If) and not statement.orelse and statement.body \
                    and isinstance(statement.body[-1], _LEAVING) \
                    and (statement.end_lineno or statement.lineno) + offset < line:
                found.append((statement.test, False))
    return found


_LEAVING = (ast.Return, ast.Raise, ast.Continue, ast.Break)


def _blocks(tree: ast.AST) -> Iterator[list[ast.stmt]]:
    """Every statement list of the tree (function bodies, branches, loop bodies)."""
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield block


def _self_attribute(node: ast.expr) -> str | None:
    """``self.x`` or ``getattr(self, "x", ...)`` -> "x"."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return node.attr
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" and \
            len(node.args) >= 2 and isinstance(node.args[0], ast.Name) and node.args[0].id == "self" and \
            isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
        return node.args[1].value
    return None


def _asserts_before(function: Callable, line: int) -> list[ast.expr]:
    """``assert self.norm_cross is not None`` above ``line``: the method needs it for the line to run."""
    try:
        source_lines, start = inspect.getsourcelines(function)
        tree = ast.parse(textwrap.dedent("".join(source_lines)))
    except (OSError, TypeError, SyntaxError):
        return []
    return [node.test for node in ast.walk(tree) if isinstance(node, ast.Assert) and node.lineno + start - 1 < line]


def wanted_attributes(function: Callable, line: int) -> list[str]:
    """``self`` attributes that must be set (truthy / not None) for ``line`` to run:
    ``if self.added_kv_proj_dim is not None:`` and ``if not self.is_cross_attention: ... else: <line>``."""
    wanted: list[str] = []
    tests: list[tuple[ast.expr, bool]] = []
    for test, in_body in guarding_tests(function, line):
        # `if a is not None and b is not None:` needs each of them for its body
        parts = test.values if in_body and isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
        tests += [(part, in_body) for part in parts]
    tests += [(test, True) for test in _asserts_before(function, line)]
    for test, in_body in tests:
        test, positive = tested_operand(test, in_body)
        name = _self_attribute(test)
        if name is not None and positive and name not in wanted:
            wanted.append(name)
    return wanted
