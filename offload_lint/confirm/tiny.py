"""Tiny configs for classes whose constructor needs arguments (C4), synthesised from the signature and source.

No per-class tables: each parameter gets a value from its name, its annotation, the literal defaults of its
siblings and the string literals ``__init__`` compares it with. Sizes come from one ``Sizes`` (a base width
``dim``, ``heads``, a ``count`` for layers/blocks), so related values agree: ``heads * head_dim == dim``,
channel counts are multiples of 8 (group norms with 8 groups divide them). ``tiny_configs`` yields a few
candidates (32/1/1, then 64/2/2, ...); the builder takes the first that constructs.

Two modes: ``required`` fills only parameters without a default (keeps the class's own defaults);
``shrink`` also replaces size-like defaults (``hidden_size=768``, ``num_layers=12``, ``block_out_channels``
tuples, nested ``PretrainedConfig`` objects) – used when a default build is too large to compute for real.
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from .trigger import annotation_text, source_tree, tested_operand

_EMPTY = inspect.Parameter.empty
_SKIP = object()  # keep the default / leave the parameter out


@dataclass(frozen=True)
class Sizes:
    dim: int
    heads: int
    count: int
    # The data's own channel counts (`in_channels`, `out_channels`, `latent_channels`, `z_channels`) when they
    # differ from the width: a VAE checks `block_out_channels[-1] % (2 * latent_channels) == 0`. None: the width.
    channels: int | None = None

    @property
    def head_dim(self) -> int:
        return self.dim // self.heads

    @property
    def groups(self) -> int:
        return min(8, self.dim)


CANDIDATE_SIZES = (Sizes(32, 1, 1), Sizes(64, 2, 2), Sizes(16, 1, 1), Sizes(32, 2, 2), Sizes(32, 1, 1, channels=4))
_SMALL_FACTOR = 4  # a defaulted tuple of ints no larger than this holds factors or counts, never widths
_DATA_CHANNELS = ("in_channels", "out_channels", "latent_channels", "z_channels")


def compared_strings(tree: ast.AST | None, name: str) -> list[str]:
    """String literals the source compares ``name`` (or ``self.name``) with, in source order."""
    if tree is None:
        return []
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        if not any(_is_name(operand, name) for operand in operands):
            continue
        for operand in operands:
            values = operand.elts if isinstance(operand, (ast.Tuple, ast.List, ast.Set)) else [operand]
            found += [v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)
                      and v.value not in found]
    return found


def _is_name(node: ast.AST, name: str) -> bool:
    return (isinstance(node, ast.Name) and node.id == name) or (
        isinstance(node, ast.Attribute) and node.attr == name and isinstance(node.value, ast.Name))


def _words(name: str) -> list[str]:
    return [w for w in name.lower().split("_") if w]


def _is_head_dim(name: str) -> bool:
    return name in ("dim_head", "head_dim", "d_head", "d_k", "d_v") or name.endswith("head_dim") or \
        name.endswith("_dim_head")


def _is_heads(name: str) -> bool:
    return name in ("heads", "n_head", "n_heads", "nheads", "num_heads") or name.endswith("_heads") or \
        name.endswith("heads") and not _is_head_dim(name)


def _is_count(name: str) -> bool:
    words = _words(name)
    if _is_layer_count(name):
        return True  # `num_hidden_layers`: a count first, whatever its middle words (`hidden` is a size word)
    if words and words[0] in ("n", "num") and len(words) > 1 and _is_size("_".join(words[1:])):
        return False  # n_embd, n_positions, n_inner: sizes
    # (`depth`, `nlayers`, `n_layer`, `num_layers` are layer counts, above)
    return (bool(words) and words[0] in ("num", "n", "nlayers", "depth") and not _is_vocab(name)) or \
        name == "layers_per_block" or name.endswith(("_layers", "_blocks")) or \
        (name.endswith("_layer") and name.startswith("n"))


def _is_layer_count(name: str) -> bool:
    """A count of layers or blocks: `num_hidden_layers`, `encoder_layers`, `num_blocks`, `depth`, `n_layer`."""
    return (name.endswith(("_layers", "_blocks")) and not _is_vocab(name)) or \
        name in ("depth", "nlayers", "n_layer", "n_layers", "num_layers", "num_blocks", "n_blocks")


def _is_index(name: str) -> bool:
    """A position among siblings (`layer_idx`, `block_index`, `layer_id`), not a size: 0 always exists."""
    return name in ("idx", "index", "layer_id", "block_id", "stage_id") or name.endswith(("_idx", "_index"))


def _is_name_parameter(name: str) -> bool:
    return name == "name" or name.endswith("_name")


def _is_vocab(name: str) -> bool:
    return any(key in name for key in ("vocab", "num_embeddings", "num_classes", "codebook", "num_codes")) or \
        name in ("n_e", "num_tokens", "n_embed", "num_vq_embeddings")


def _is_size(name: str) -> bool:
    words = _words(name)
    # "filters": a conv's output channels (`num_filters` is a width, shrunk to 1 it made 0-channel convs)
    keys = ("dim", "dims", "channels", "features", "filters", "hidden", "embd", "size", "width", "d", "model", "bins",
            "ctx", "inner", "length", "len", "positions", "embed", "latent", "proj", "out", "in")
    return any(w in keys for w in words) or "channel" in name or name.endswith("dim") or name in (
        "d_model", "dim", "hidden_size")


def _is_groups(name: str) -> bool:
    return "groups" in name and name != "groups"


_ACT = ("silu", "gelu")


def _type_value(name: str, tree: ast.AST | None, siblings: dict[str, Any], text: str) -> Any:
    compared = compared_strings(tree, name)
    if compared:
        return compared[0]
    if text.startswith("Literal["):
        return text[8:-1].split(",")[0].strip("'\"")
    suffix = name.rsplit("_", 1)[-1]
    for other, default in siblings.items():
        if other != name and other.endswith(suffix) and isinstance(default, str):
            return default
    return _SKIP


def _int_tuple(name: str, sizes: Sizes, length: int) -> tuple[int, ...]:
    if "mult" in name:
        return tuple(2 ** i if i < 2 else 2 for i in range(length))
    if "reduction" in name or "ratio" in name:  # `stage_channels[1] == stage_channels[0] // reductions[0]`
        return (1,) * length
    if _is_count(name) or "layers" in name or "blocks" in name or "depth" in name:
        return (sizes.count,) * length
    if _is_heads(name):
        return (sizes.heads,) * length
    if _is_head_dim(name):
        return (sizes.head_dim,) * length
    return (sizes.dim,) * length


def value_for(parameter: inspect.Parameter, sizes: Sizes, *, siblings: dict[str, Any], tree: ast.AST | None,
              shrink: bool, length: int = 1) -> Any:
    """A value for one constructor parameter, or ``_SKIP`` (keep its default)."""
    name = parameter.name
    lower = name.lower()
    text = annotation_text(parameter.annotation)
    default = parameter.default
    has_default = default is not _EMPTY
    if has_default and not shrink:
        return _SKIP
    # Strings: keep any string default; required strings from what the source compares them with.
    if isinstance(default, str) or (has_default and default is None and not _sizeish(lower, text)):
        return _SKIP
    if isinstance(default, bool) or (has_default and not isinstance(default, (int, float, tuple, list))):
        return _SKIP
    if isinstance(default, (tuple, list)):
        if default and all(isinstance(v, int) and not isinstance(v, bool) for v in default):
            if all(0 <= v <= _SMALL_FACTOR for v in default) and not _divides_widths(lower):
                return _SKIP  # per-stage factors and flags (`spatial_expansions=(2, 2, 2)`), not sizes: kept
            return type(default)(_int_tuple(lower, sizes, len(default)))
        return _SKIP
    if lower in ("eps", "epsilon") or lower.endswith("_eps") or lower.endswith("epsilon"):
        return 1e-6
    if "dropout" in lower or "pdrop" in lower or lower.endswith("_p") or lower == "p":
        return 0.0
    if lower in ("act_fn", "activation", "act", "activation_fn", "nonlinearity") or "activation" in lower or \
            lower.endswith("_act") or lower.endswith("act_fn"):
        if has_default:
            return _SKIP
        return _type_value(name, tree, siblings, text) if compared_strings(tree, name) else _ACT[sizes.count - 1 if sizes.count <= 2 else 0]
    if lower.endswith("_type") or lower.endswith("_mode") or lower == "type" or text == "str" or \
            text.startswith("Literal["):
        if has_default:
            return _SKIP
        value = _type_value(name, tree, siblings, text)
        # A required name the source compares with nothing (peft's `adapter_name`, `module_name`): any name does.
        return "default" if value is _SKIP and _is_name_parameter(lower) else value
    if not has_default and _is_index(lower):
        return 0  # `MambaMixer(config, layer_idx)`: an index into the config's per-layer lists; the first exists
    if not has_default and text == "" and _is_name_parameter(lower):
        return "default"  # unannotated `module_name`: a label, any name does
    if text == "bool" or lower == "bias" or lower.startswith(("use_", "is_", "add_", "only_")):
        if has_default:
            return _SKIP
        return lower == "bias" or lower.endswith("_bias")
    if has_default and isinstance(default, float):
        return _SKIP  # scales, betas, init ranges: not sizes
    if text.startswith(("tuple[", "Tuple[", "list[", "List[", "Sequence[")) or "Sequence[" in text:
        inner = text.split("[", 1)[1]
        if inner.startswith(("str", "'str")):
            return _type_tuple(name, siblings, length)
        if inner.startswith(("Sequence[bool]", "collections.abc.Sequence[bool]", "list[bool]")) or \
                "Sequence[bool]" in inner:
            return [[True] * 2]
        if inner.startswith("bool"):
            return [True] * length
        if inner.startswith("float"):
            return tuple(1.0 for _ in range(max(length, 1)))
        return _int_tuple(lower, sizes, max(length, 2 if "mult" in lower else length))
    if text == "float" or lower in ("beta", "alpha", "scale") or lower.endswith(("_scale", "_factor", "beta")):
        return _SKIP if has_default else (0.25 if "beta" in lower else 1.0)
    if has_default and isinstance(default, int) and _is_position_table(lower) and default <= MAX_POSITION_TABLE:
        return _SKIP  # a loop that generates past a shrunk table indexes out of it; the table itself is cheap
    value = _int_for(lower, sizes)
    if value is not None:
        if has_default and isinstance(default, int) and default <= value:
            return _SKIP  # already tiny
        if has_default and isinstance(default, int) and _is_factor(lower):
            return _SKIP  # a compression ratio or factor: classes accept only some (`Unsupported ratio: 1`)
        return value
    if text in ("int", ""):
        if has_default:
            return _SKIP
        if text == "int":
            return sizes.dim
    return _SKIP if has_default else _object_value(parameter, sizes, text)


# A position table's default length is kept up to this many rows (rows × a tiny width is a few thousand elements):
# code that generates token by token (`for i in range(entry_length)`, 67 beam steps) indexes past a table shrunk to
# the tiny width, with `index out of range`, before any weight of interest is reached.
MAX_POSITION_TABLE = 1024


def _is_position_table(lower: str) -> bool:
    return "positions" in _words(lower) or lower.endswith("position_embeddings")


def _sizeish(lower: str, text: str) -> bool:
    return text == "int" and (_is_size(lower) or _is_count(lower))


def _int_for(lower: str, sizes: Sizes) -> int | None:
    if lower in ("kernel_size", "conv_kernel_size") or lower.endswith("kernel_size"):
        return 3
    if lower in ("stride", "dilation") or lower.endswith("_stride"):
        return 1
    if lower == "padding":
        return 1
    if lower.endswith("patch_size") or lower == "patch_size":
        return 2
    if lower == "groups":
        return 1
    if _is_groups(lower):
        return sizes.groups
    if _is_head_dim(lower):
        return sizes.head_dim
    if _is_heads(lower):
        return sizes.heads
    if _is_vocab(lower):
        return 16
    if _is_count(lower):
        return sizes.count
    if "multiple" in lower or "ratio" in lower or "mult" in lower or "reduction" in lower:
        return 1
    if sizes.channels is not None and lower.endswith(_DATA_CHANNELS):
        return sizes.channels
    if lower in ("image_size", "sample_size", "resolution", "img_size") or lower.endswith("image_size"):
        return sizes.dim
    if _is_size(lower) or "spacial" in lower or "spatial" in lower:
        return sizes.dim
    return None


def _divides_widths(lower: str) -> bool:
    """Per-stage reductions and ratios divide the (shrunk, all equal) widths: 1 keeps the stages agreeing."""
    return "reduction" in lower or "ratio" in lower


def _is_factor(lower: str) -> bool:
    return any(word in lower for word in ("ratio", "factor", "reduction", "expansion", "mult", "multiple"))


def _type_tuple(name: str, siblings: dict[str, Any], length: int) -> Any:
    """A tuple of block types: a sibling default of the same kind, length matched to the counts."""
    suffix = name.rsplit("_", 1)[-1]
    for other, default in siblings.items():
        if other != name and other.endswith(suffix) and isinstance(default, (tuple, list)) and default and \
                all(isinstance(v, str) for v in default):
            values = list(default)[:length] or list(default)[:1]
            return type(default)(values)
    return _SKIP


def _object_value(parameter: inspect.Parameter, sizes: Sizes, text: str) -> Any:
    """Non-scalar required parameters: a config object (its class shrunk), a layer (``nn.Linear``)."""
    annotation = parameter.annotation
    if isinstance(annotation, type):
        if _looks_like_config(annotation):
            return _tiny_config_object(annotation, sizes)
        import torch

        if issubclass(annotation, torch.nn.Module):
            return annotation if False else _tiny_layer(sizes)
    lower = parameter.name.lower()
    if "config" in lower and text:
        return _SKIP
    if lower.endswith(("layer", "linear", "module", "proj", "projection")):
        return _tiny_layer(sizes)
    return _SKIP


def _tiny_layer(sizes: Sizes) -> Any:
    import torch

    return torch.nn.Linear(sizes.dim, sizes.dim)


# A wrapper named for the layer it wraps (peft's `HRAConv2d`, `SVDConv2d`, `Embedding`) needs that kind as its base.
_LAYER_KINDS = ("Conv1d", "Conv2d", "Conv3d", "Embedding")


def _match_layer_kind(cls: type, kwargs: dict[str, Any], sizes: Sizes) -> None:
    import torch

    kind = next((k for k in _LAYER_KINDS if cls.__name__.endswith(k)), None)
    if kind is None:
        return
    for name, value in kwargs.items():
        if type(value) is not torch.nn.Linear:
            continue
        if kind == "Embedding":
            kwargs[name] = torch.nn.Embedding(16, sizes.dim)
        else:
            kwargs[name] = getattr(torch.nn, kind)(sizes.dim, sizes.dim, 3, padding=1)


def _looks_like_config(cls: type) -> bool:
    return any(base.__name__ in ("PretrainedConfig", "PreTrainedConfig", "ConfigMixin")
               for base in cls.__mro__) or cls.__name__.endswith("Config")


def _tiny_config_object(cls: type, sizes: Sizes) -> Any:
    config = cls()
    shrink_object(config, sizes)
    return config


# An embedding table of this many rows or fewer (`num_point_embeddings = 4`) holds kinds, not a vocabulary.
SMALL_TABLE = 16


def _is_table_of_kinds(lower: str) -> bool:
    """``num_<kind>_embeddings``: the rows of an embedding table the code indexes by meaning (SAM 2's point
    embeddings: negative, positive, a box's two corners, read as ``point_embed.weight[2]``); a small one keeps its
    default, shrunk it loses the rows the code reads."""
    words = _words(lower)
    return len(words) > 2 and words[0] == "num" and words[-1] == "embeddings"


def shrink_object(config: Any, sizes: Sizes, depth: int = 0, changes: list[tuple[Any, str, Any]] | None = None,
                  positioned: list[tuple[Any, str, Any, list[tuple[Any, str, int]]]] | None = None) -> None:
    """Shrink a config object's size-like attributes in place (nested configs too): ``hidden_size`` → dim,
    ``num_hidden_layers`` → count, ``num_attention_heads`` → heads, ``intermediate_size`` → 2 × dim …
    A config that validates itself (transformers' strict config classes: ``validate()``) and refuses the result
    gets shrinks undone, last first, until it accepts it (Mimi: fewer semantic quantizers than quantizers)."""
    if depth > 3:
        return
    top = changes is None
    changes = [] if changes is None else changes
    positioned = [] if positioned is None else positioned  # fields naming layers by position (see below)
    for name, value in list(vars(config).items()):
        if name.startswith("_"):
            continue
        if hasattr(value, "to_dict") and hasattr(value, "__dict__") and not isinstance(value, type):
            shrink_object(value, sizes, depth + 1, changes, positioned)
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        lower = name.lower()
        if lower.endswith("_id") or lower.endswith("_ids") or lower.endswith("_token_id"):
            continue
        if _is_table_of_kinds(lower) and value <= SMALL_TABLE:
            continue
        if lower == "stride" or lower.endswith("_stride"):
            continue  # not a size: at 1 it saves nothing and divides by zero (SAM 2 video: `log2(total) // log2(stride)`)
        new = sizes.count if _is_layer_count(lower) else 2 * sizes.dim \
            if "intermediate" in lower or lower in ("n_inner", "ffn_dim") else _int_for(lower, sizes)
        if lower in ("max_position_embeddings", "n_positions", "n_ctx"):
            new = 64
        if lower.endswith("image_size"):
            new = 16  # the trigger's generic images are 16 × 16
        if new is not None and new < value:
            try:
                setattr(config, name, new)
                changes.append((config, name, value))
            except Exception:  # read-only property
                pass
    _token_ids_in_vocabulary(config)
    _layer_indices_follow(config, changes, positioned)
    if top:
        _per_layer_fields_follow(changes, positioned)
        _accepted_by_validation(config, changes)
        _resolutions_follow_image_size(config, changes)


# Words of a field that names layers by position (`vision_feature_layer=-2`, `fullatt_block_indexes`, `out_indices`,
# `intermediate_hidden_state_indices`), and words that make it something else (`block_repeats`, `*_token_index`).
_POSITION_WORDS = frozenset(("index", "indices", "indexes", "idx", "ids"))
_LAYER_WORDS = frozenset(("layer", "layers", "block", "blocks", "hook", "stage", "stages", "attn", "hidden"))
_NOT_POSITION_WORDS = frozenset(("token", "ignore", "repeats", "repeat", "dilations", "rates", "per", "period",
                                 "interval", "step", "offset", "kernel", "stride", "ratio", "ratios", "number"))


def _layer_positions(name: str, value: Any) -> list[int] | None:
    """The layer positions a config field holds (an int or a list of ints), None when it is not such a field."""
    words = set(_words(name))
    many = isinstance(value, (list, tuple))
    values = list(value) if many else [value]
    if not values or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return None
    if words & _NOT_POSITION_WORDS or name.endswith(("_id", "_token_index")) or \
            (not many and (_is_count(name) or _is_size(name))) or _is_vocab(name):
        return None
    positions, layered = bool(words & _POSITION_WORDS), bool(words & _LAYER_WORDS)
    if (positions and (layered or many)) or (layered and (many or values[0] < 0)):
        return values
    return None


def _layer_counts(changes: list[tuple[Any, str, Any]], holders: list[Any]) -> list[tuple[Any, str, int]]:
    """The layer counts shrunk in these holders: (holder, name, default)."""
    return [(holder, name, old) for holder, name, old in changes
            if any(holder is h for h in holders) and _is_layer_count(name.lower()) and isinstance(old, int)]


def _layer_indices_follow(config: Any, changes: list[tuple[Any, str, Any]],
                          positioned: list[tuple[Any, str, Any, list[tuple[Any, str, int]]]]) -> None:
    """Fields that name layers by position (the config's own shrunk layer counts, else those of its parts: LLaVA's
    `vision_feature_layer` indexes its vision tower's layers) keep room in the count: a negative position ``-k``
    (from the end of the hidden states) keeps at least ``k`` layers, and the layers at positive positions are kept
    (``_per_layer_fields_follow`` chooses the layers and moves the positions to theirs). A position past every
    default count is not a layer's, and is left. ``positioned`` receives (holder, field, value, counts)."""
    parts = [value for value in vars(config).values()
             if hasattr(value, "to_dict") and hasattr(value, "__dict__") and not isinstance(value, type)]
    counts = _layer_counts(changes, [config]) or _layer_counts(changes, parts)
    if not counts:
        return
    fields = [(name, value) for name, value in vars(config).items() if not name.startswith("_")]
    if _aligns_stages(config):  # a backbone's `out_indices` is a property over `_out_indices`
        fields.append(("out_indices", getattr(config, "out_indices", None)))
    for name, value in fields:
        positions = _layer_positions(name.lower(), value)
        if positions is None:
            continue
        ahead = {p for p in positions if p >= 0}
        behind = max((-p for p in positions if p < 0), default=0)
        fitting = [(holder, count, old) for holder, count, old in counts
                   if max(ahead, default=0) <= old and behind <= old + 1
                   and not (isinstance(value, (list, tuple)) and len(value) == old)]  # per layer, not positions
        if not fitting:
            continue
        for holder, count, old in fitting:
            if getattr(holder, count) < min(max(behind, len(ahead)), old):
                try:
                    setattr(holder, count, min(max(behind, len(ahead)), old))
                except Exception:  # read-only property
                    pass
        if ahead:
            positioned.append((config, name, value, fitting))


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _aligns_stages(config: Any) -> bool:
    return callable(getattr(config, "set_output_features_output_indices", None)) and \
        isinstance(getattr(config, "stage_names", None), list)


def _per_layer_fields_follow(changes: list[tuple[Any, str, Any]],
                             positioned: list[tuple[Any, str, Any, list[tuple[Any, str, int]]]]) -> None:
    """Which layers a shrunk count keeps, and the fields that follow from that choice. Kept: the layers fields name
    by position (`fullatt_block_indexes`, `out_indices`: a backbone's stage ``k`` is layer ``k``'s output), the
    first layer of each kind or flag a per-layer list holds (a model may need one full-attention layer among sliding
    ones: NeoMME's `global_layers[0]`), then the first layers up to the shrunk count, which grows to hold them.
    Per-layer lists (`layer_types`, `no_rope_layers`: as long as the default count; a strict config validates
    `len(layer_types) == num_hidden_layers`) keep the kept layers' values; positions move to the kept layers' new
    places, in the same order (`fullatt_block_indexes=[7, 15, 23, 31]` of 32 layers → `[0, 1, 2, 3]` of 4,
    `out_indices=[3, 6, 9, 12]` of 12 → `[1, 2, 3, 4]`, Zamba 2's `hybrid_layer_ids` onto the layers its
    `layers_block_type` makes hybrid); a backbone's stage names keep the stem and one per kept layer, and its
    outputs are aligned to them again by its own `set_output_features_output_indices`."""
    places: dict[tuple[int, str], dict[int, int]] = {}  # (holder, count) -> default layer -> kept place
    for holder, count, old in _layer_counts(changes, [h for h, _, _ in changes]):
        new = getattr(holder, count, None)
        if (id(holder), count) in places or not isinstance(new, int) or not 0 < new < old or old <= _SMALL_FACTOR:
            continue  # a default of a few layers (or stages): a list as long may be anything (an image's means)
        lists = {name: value for name, value in vars(holder).items()
                 if not name.startswith("_") and isinstance(value, (list, tuple)) and len(value) == old
                 and all(v is None or isinstance(v, (str, int, float)) for v in value)}
        kept: set[int] = set()
        for _, _, value, fitting in positioned:
            if any(h is holder and c == count for h, c, _ in fitting):
                staged = max(_as_list(value)) == old  # stage k: layer k's output (a backbone's stem is stage 0)
                kept |= {p - 1 if staged else p for p in _as_list(value) if (p > 0 if staged else p >= 0) and
                         p - staged < old}
        for value in lists.values():
            if all(isinstance(v, str) for v in value) or all(isinstance(v, int) and not isinstance(v, bool)
                                                            and v in (0, 1) for v in value):  # kinds, flags
                kept |= {list(value).index(kind) for kind in dict.fromkeys(value)}
        layers = sorted(kept | set([layer for layer in range(old) if layer not in kept][:max(0, new - len(kept))]))
        if len(layers) != new:
            try:
                setattr(holder, count, len(layers))
                new = len(layers)
            except Exception:  # read-only property
                layers = list(range(new))
        places[(id(holder), count)] = {layer: place for place, layer in enumerate(layers)}
        for name, value in lists.items():
            try:
                setattr(holder, name, type(value)(value[layer] for layer in layers))
                changes.append((holder, name, value))
            except Exception:  # read-only property
                continue
        names = getattr(holder, "stage_names", None)
        if _aligns_stages(holder) and len(names) == old + 1:
            try:
                holder.stage_names = names[:new + 1]
                changes.append((holder, "stage_names", names))
            except Exception:  # read-only property
                pass
    for config, name, value, fitting in positioned:
        holder, count, old = fitting[0]
        place = places.get((id(holder), count))
        if place is None:
            continue
        staged = max(_as_list(value)) == old
        many = isinstance(value, (list, tuple))

        def moved(p: int) -> int:
            if p < 0 or (staged and p == 0):
                return p
            return place.get(p - 1, p - 1) + 1 if staged else place.get(p, p)

        result: Any = type(value)(moved(p) for p in value) if many else moved(value)
        if name == "out_indices" and _aligns_stages(config):
            previous = (getattr(config, "_out_features", None), getattr(config, "_out_indices", None))
            try:
                config.set_output_features_output_indices(out_features=None, out_indices=list(result))
            except Exception:  # no stage of the shrunk count is named: the default (the last stage)
                try:
                    config.set_output_features_output_indices(out_features=None, out_indices=None)
                except Exception:
                    continue
            changes += [(config, "_out_features", previous[0]), (config, "_out_indices", previous[1])]
            continue
        if result == value:
            continue
        try:
            setattr(config, name, result)
            changes.append((config, name, value))
        except Exception:  # read-only property
            continue
    for holder, _, _ in changes:  # a backbone whose outputs name no moved position: aligned to its kept stages
        if _aligns_stages(holder) and not any(c is holder and n == "out_indices" for c, n, _, _ in positioned):
            outputs = getattr(holder, "_out_indices", None)
            if isinstance(outputs, list) and any(p >= len(holder.stage_names) for p in outputs):
                try:
                    holder.set_output_features_output_indices(out_features=None, out_indices=None)
                except Exception:
                    pass


def _resolutions_follow_image_size(config: Any, changes: list[tuple[Any, str, Any]]) -> None:
    """A grid of ``[height, width]`` resolutions in multiples of the vision tower's image size (LLaVA-NeXT's
    ``image_grid_pinpoints``: an image is resized to one and cut into tiles of the tower's side) is scaled with
    that side when it was shrunk: left at 336-pixel multiples for a 16-pixel tower, one image is 883 tiles."""
    shrunk = [(old, getattr(holder, name, None)) for holder, name, old in changes
              if name.lower().endswith("image_size")]
    sides = {(old, new) for old, new in shrunk if isinstance(old, int) and isinstance(new, int) and 0 < new < old}
    if len(sides) != 1:
        return
    (old, new), = sides
    for name, value in list(vars(config).items()):
        if not name.endswith("grid_pinpoints") or not isinstance(value, (list, tuple)) or not value:
            continue
        pairs = [pair for pair in value if isinstance(pair, (list, tuple)) and len(pair) == 2
                 and all(isinstance(side, int) and side > 0 and side % old == 0 for side in pair)]
        if len(pairs) != len(value):
            continue
        try:
            setattr(config, name, [[side // old * new for side in pair] for pair in pairs])
        except Exception:  # read-only property
            continue


def _accepted_by_validation(config: Any, changes: list[tuple[Any, str, Any]]) -> None:
    """When the config (or a nested one) that validates itself refuses the shrunk sizes, the one shrink whose undoing
    it accepts is undone (the last such); none found, everything stays shrunk. One at a time: undoing them all
    would build the default model, gigabytes for a large one, for a config that may refuse its defaults too."""
    objects = {id(obj): obj for obj in [config, *(holder for holder, _, _ in changes)]}
    checks = [check for obj in objects.values() if callable(check := getattr(obj, "validate", None))]

    def accepted() -> bool:
        try:
            for check in checks:
                check()
        except Exception:  # refused
            return False
        return True

    if not checks or accepted():
        return
    for holder, name, old in reversed(changes):
        try:
            shrunk = getattr(holder, name)
            setattr(holder, name, old)
        except Exception:  # a property that refuses to be read or set (a per-layer field of a layered config)
            continue
        if accepted():
            return
        setattr(holder, name, shrunk)


def _token_ids_in_vocabulary(config: Any) -> None:
    """Special token ids a shrunk vocabulary no longer holds (``pad_token_id=151329`` for 64 tokens: an embedding's
    ``padding_idx`` outside it is refused), moved into it: distinct ids counted down from its last. The vocabulary
    is the config's own, or its text config's."""
    text = getattr(config, "text_config", None)
    vocab = getattr(config, "vocab_size", None)
    if not isinstance(vocab, int) or isinstance(vocab, bool):
        vocab = getattr(text, "vocab_size", None) if text is not None else None
    if not isinstance(vocab, int) or isinstance(vocab, bool) or vocab < 2:
        return
    taken = {value for name, value in vars(config).items()
             if name.lower().endswith("_id") and isinstance(value, int) and 0 <= value < vocab}
    free = (token for token in range(vocab - 1, -1, -1) if token not in taken)
    for name, value in list(vars(config).items()):
        if name.startswith("_") or not name.lower().endswith("_id") or isinstance(value, bool) \
                or not isinstance(value, int) or value < vocab:
            continue
        token = next(free, None)
        if token is None:
            return
        try:
            setattr(config, name, token)
        except Exception:  # read-only property
            continue


def _required(parameters: list[inspect.Parameter]) -> list[inspect.Parameter]:
    return [p for p in parameters if p.default is _EMPTY]


def constructor_parameters(cls: type) -> list[inspect.Parameter]:
    init = _original_init(cls)
    try:
        signature = inspect.signature(init, eval_str=True)  # `from __future__ import annotations` modules
    except Exception:
        try:
            signature = inspect.signature(init)
        except (TypeError, ValueError):
            return []
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD,
             inspect.Parameter.KEYWORD_ONLY)
    own = [p for name, p in signature.parameters.items() if name != "self" and p.kind in kinds]
    if not any(p.kind == inspect.Parameter.VAR_KEYWORD for p in signature.parameters.values()):
        return own
    # `LoRACompatibleConv(*args, lora_layer=None, **kwargs)` hands the rest to `nn.Conv2d.__init__`: its parameters
    # are the ones to give, as keywords.
    base = _next_init_class(cls)
    names = {p.name for p in own}
    inherited = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in (constructor_parameters(base) if base else [])
                 if p.name not in names]
    return own + inherited


def _next_init_class(cls: type) -> type | None:
    """The class whose ``__init__`` a ``super().__init__(*args, **kwargs)`` in ``cls``'s own reaches."""
    mro = cls.__mro__
    owner = next((index for index, klass in enumerate(mro) if "__init__" in vars(klass)), None)
    if owner is None:
        return None
    return next((klass for klass in mro[owner + 1:] if "__init__" in vars(klass) and klass is not object), None)


def _original_init(cls: type) -> Callable:
    init = cls.__init__
    init = getattr(init, "__wrapped__", init)  # register_to_config wraps ModelMixin.__init__
    # A class decorator that replaces __init__ without functools.wraps (kernels' `use_kernelized_func`, which
    # transformers puts on its Mamba mixers when `kernels` is installed) keeps the original in its closure.
    for cell in getattr(init, "__closure__", None) or ():
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if inspect.isfunction(value) and value.__name__ == "__init__" and value is not init:
            return value
    return init


def _length_hint(parameters: list[inspect.Parameter], shrink: bool) -> int:
    """Block-type tuples and channel tuples must agree in length: use the length of a defaulted type tuple."""
    for p in parameters:
        if isinstance(p.default, (tuple, list)) and p.default and all(isinstance(v, str) for v in p.default):
            return len(p.default)
    return 1


def tiny_configs(cls: type, *, shrink: bool = False) -> Iterator[tuple[str, dict[str, Any]]]:
    """(description, kwargs) candidates, distinct, first the smallest plausible one."""
    parameters = constructor_parameters(cls)
    tree = source_tree(_original_init(cls))
    siblings = {p.name: p.default for p in parameters if p.default is not _EMPTY}
    length = _length_hint(parameters, shrink)
    by_name = {p.name: p for p in parameters}
    asserted = [name for name in asserted_not_none(tree) if name in by_name]
    family_config = module_config_class(cls) if "config" in by_name else None
    seen: list[dict] = []
    for sizes in CANDIDATE_SIZES:
        kwargs: dict[str, Any] = {}
        for parameter in parameters:
            value = value_for(parameter, sizes, siblings=siblings, tree=tree, shrink=shrink, length=length)
            if value is _SKIP:
                continue
            kwargs[parameter.name] = value
        _match_layer_kind(cls, kwargs, sizes)
        if family_config is not None:  # `TDNNLayer(config, layer_id=0)`: an unannotated config of its family
            for parameter in parameters:
                if parameter.name not in kwargs and parameter.default is _EMPTY and parameter.name == "config" \
                        and parameter.annotation is _EMPTY:
                    kwargs[parameter.name] = _tiny_config_object(family_config, sizes)
        declared = getattr(cls, "config_class", None)
        if "config" in by_name and by_name["config"].default is None and kwargs.get("config") is None \
                and isinstance(declared, type) and _looks_like_config(declared):
            # `MusicgenForConditionalGeneration(config=None, text_encoder=None, ...)` builds from a config or from
            # every part: the model's own config class, as from_pretrained gives it
            kwargs["config"] = _tiny_config_object(declared, sizes)
        for name in asserted:  # `assert sample_size is not None` in __init__: a None default cannot construct
            if kwargs.get(name, by_name[name].default) is None:
                kwargs[name] = tiny_size(name, sizes)
        if shrink:
            _agree_heads(kwargs, parameters, sizes)
        key = {k: _describe_value(v) for k, v in kwargs.items()}
        if seen and any(_looks_like_config(type(v)) for v in kwargs.values()):
            # a config object shrunk to other sizes is another candidate (RWKV divides by `num_hidden_layers - 1`:
            # one layer fails, two build); the first keeps its plain name
            key = {k: f"{text} ({sizes.dim} wide, {sizes.heads} heads, {sizes.count} layers)"
                   if _looks_like_config(type(kwargs[k])) else text for k, text in key.items()}
        if key in seen:
            continue
        seen.append(key)
        yield ", ".join(f"{k}={v}" for k, v in key.items()), kwargs


def module_config_class(cls: type) -> type | None:
    """The config class the models defined next to ``cls`` take (their ``config_class``; the most common one)."""
    import collections
    import sys

    module = sys.modules.get(cls.__module__)
    counts: collections.Counter = collections.Counter()
    for value in vars(module).values() if module is not None else ():
        config = getattr(value, "config_class", None) if isinstance(value, type) else None
        if isinstance(config, type) and value.__module__ == cls.__module__ and _looks_like_config(config):
            counts[config] += 1
    return counts.most_common(1)[0][0] if counts else None


def asserted_not_none(tree: ast.AST | None) -> list[str]:
    """Names the constructor cannot take as None: ``assert a is not None and b is not None``."""
    names: list[str] = []
    for node in ast.walk(tree) if tree is not None else ():
        if not isinstance(node, ast.Assert):
            continue
        parts = node.test.values if isinstance(node.test, ast.BoolOp) and isinstance(node.test.op, ast.And) \
            else [node.test]
        for part in parts:
            if isinstance(part, ast.Compare) and isinstance(part.left, ast.Name) and len(part.ops) == 1 \
                    and isinstance(part.ops[0], ast.IsNot) and isinstance(part.comparators[0], ast.Constant) \
                    and part.comparators[0].value is None and part.left.id not in names:
                names.append(part.left.id)
    return names


def _agree_heads(kwargs: dict[str, Any], parameters: list[inspect.Parameter], sizes: Sizes) -> None:
    """heads × head_dim = dim when the class has both a heads and a head-dim parameter."""
    names = [p.name for p in parameters]
    heads = [n for n in names if _is_heads(n.lower())]
    head_dims = [n for n in names if _is_head_dim(n.lower())]
    for name in heads:
        kwargs.setdefault(name, sizes.heads)
    for name in head_dims:
        kwargs.setdefault(name, sizes.head_dim)


def _describe_value(value: Any) -> str:
    if isinstance(value, (int, float, str, bool, tuple, list)) or value is None:
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."
    return type(value).__name__


def argument_named_in(cls: type, kwargs: dict[str, Any], error: BaseException,
                      sizes: Sizes = CANDIDATE_SIZES[0]) -> tuple[str, Any] | None:
    """The first constructor parameter left None that a failed constructor's message names
    (``must provide sample_size``, ``Has to define `in_channels`: None``), with a tiny size for it."""
    text = str(error)
    named = []
    for parameter in constructor_parameters(cls):
        value = kwargs.get(parameter.name, parameter.default)
        # None, or a size left 0 that the message quotes (peft: "`r` should be a positive integer value ... 0")
        quoted_zero = value == 0 and not isinstance(value, bool) and f"`{parameter.name}`" in text
        if value is not None and not quoted_zero:
            continue
        found = re.search(rf"(?<![\w.]){re.escape(parameter.name)}(?!\w)", text)
        if found:
            named.append((found.start(), parameter.name))
    if not named and "NoneType" in text:  # `sample_size // patch_size` with patch_size=None: the statement reads it
        read = _failing_constructor_names(cls, error)
        named = [(read.index(parameter.name), parameter.name) for parameter in constructor_parameters(cls)
                 if kwargs.get(parameter.name, parameter.default) is None and parameter.name in read]
    for _, name in sorted(named):
        return name, tiny_size(name, sizes)
    return None


def tiny_size(name: str, sizes: Sizes) -> int:
    """A tiny positive size for a field the synthesis left None (by its name; the width otherwise); an index
    (`layer_idx`) is the first layer's, 0: the width indexed past a config's shrunk per-layer lists."""
    if _is_index(name.lower()):
        return 0
    value = _int_for(name.lower(), sizes)
    return value if isinstance(value, int) and value > 0 else sizes.dim


def _failing_constructor_names(cls: type, error: BaseException) -> list[str]:
    """Names read by the statement of ``cls``'s constructor (its own ``__init__`` or a base's) that the error
    passed through last, in source order: ``self.proj = PatchEmbed(..., in_channels=in_channels)`` when the
    failure is deeper, in the Conv2d that got None."""
    statement = failing_constructor_statement(cls, error)
    if statement is None:
        return []
    names = [node for node in ast.walk(statement) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)]
    return [node.id for node in sorted(names, key=lambda node: (node.lineno, node.col_offset))]


def failing_constructor_statement(cls: type, error: BaseException) -> ast.stmt | None:
    """The innermost statement of ``cls``'s constructor (its own ``__init__`` or a base's) that the error passed
    through last; None when the error did not pass through it."""
    codes = {getattr(_original_init(klass), "__code__", None) for klass in cls.__mro__ if "__init__" in vars(klass)}
    frame_line: tuple[Any, int] | None = None
    traceback = error.__traceback__
    while traceback is not None:
        if traceback.tb_frame.f_code in codes:
            frame_line = (traceback.tb_frame.f_code, traceback.tb_lineno)
        traceback = traceback.tb_next
    if frame_line is None:
        return None
    code, line = frame_line
    try:
        source_lines, start = inspect.getsourcelines(code)
        tree = ast.parse(textwrap.dedent("".join(source_lines)))
    except (OSError, TypeError, SyntaxError):
        return None
    line -= start - 1
    statements = [node for node in ast.walk(tree) if isinstance(node, ast.stmt)
                  and not isinstance(node, (ast.FunctionDef, ast.If, ast.For, ast.While, ast.With, ast.Try))
                  and node.lineno <= line <= (node.end_lineno or node.lineno)]
    if not statements:
        return None
    return min(statements, key=lambda node: (node.end_lineno or node.lineno) - node.lineno)


def argument_refused_in(cls: type, kwargs: dict[str, Any], error: BaseException) -> str | None:
    """A parameter the synthesis set although its default is None, that a failed constructor's message quotes
    (```num_attention_heads``` "is not possible to define … via `num_attention_heads`"): leave it at its default."""
    text = str(error)
    for parameter in constructor_parameters(cls):
        if parameter.default is None and kwargs.get(parameter.name) is not None \
                and f"`{parameter.name}`" in text:
            return parameter.name
    return None


def constructor_wants_values(cls: type, error: BaseException) -> bool:
    """A default constructor that failed for want of values: its message names a None-default parameter, or its
    source asserts one is not None."""
    if argument_named_in(cls, {}, error) is not None:
        return True
    defaults = {p.name: p.default for p in constructor_parameters(cls)}
    tree = source_tree(_original_init(cls))
    return any(defaults.get(name, _EMPTY) is None for name in asserted_not_none(tree) + _raised_when_none(tree))


def _raised_when_none(tree: ast.AST | None) -> list[str]:
    """Names an ``if`` that raises tests for None: ``if config is None and (vision_model is None or ...): raise``."""
    names: list[str] = []
    for node in ast.walk(tree) if tree is not None else ():
        if not isinstance(node, ast.If) or not any(isinstance(statement, ast.Raise) for statement in node.body):
            continue
        for test in ast.walk(node.test):
            if isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and len(test.ops) == 1 \
                    and isinstance(test.ops[0], ast.Is) and isinstance(test.comparators[0], ast.Constant) \
                    and test.comparators[0].value is None and test.left.id not in names:
                names.append(test.left.id)
    return names


def needs_arguments(error: BaseException) -> bool:
    text = str(error)
    return isinstance(error, TypeError) and ("required" in text and ("argument" in text or "positional" in text))


def size_names(cls: type) -> list[str]:  # pragma: no cover - debugging aid
    return [p.name for p in constructor_parameters(cls) if re.search(r"dim|channels|size|heads|layers", p.name)]


def _string_test(test: ast.expr) -> tuple[str, str] | None:
    """``name == "literal"`` (or ``self.name == "literal"``) -> (name, literal)."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 \
            and isinstance(test.ops[0], ast.Eq) and isinstance(test.comparators[0], ast.Constant) \
            and isinstance(test.comparators[0].value, str):
        left = test.left
        if isinstance(left, ast.Name):
            return left.id, test.comparators[0].value
        if isinstance(left, ast.Attribute) and _is_name(left.value, "self"):
            return left.attr, test.comparators[0].value
    return None


def _is_string_option(parameter: inspect.Parameter) -> bool:
    return isinstance(parameter.default, str) or annotation_text(parameter.annotation) == "str"


def _string_switch(cls: type, parameter: inspect.Parameter) -> str | None:
    """The first string the constructor compares a string option with; None when it compares it with none."""
    from .trigger import _compared_strings

    literals = _compared_strings(_original_init(cls), parameter.name)
    return literals[0] if literals else None


def _layer_switch(cls: type, parameter: inspect.Parameter, sizes: Sizes) -> Any:
    """A value that makes a ``Layer(...) if option else Identity()`` build the layer."""
    if isinstance(parameter.default, bool) or annotation_text(parameter.annotation) == "bool":
        return True
    if _is_string_option(parameter):
        return _string_switch(cls, parameter)
    return tiny_size(parameter.name, sizes)


def _switched_on(cls: type, parameter: inspect.Parameter, sizes: Sizes) -> Any:
    """A value that switches an optional constructor argument on: True for a flag, a string the constructor compares
    it with for a string option (``qk_norm == "layer_norm"``), a tiny size otherwise; None when nothing fits (a
    string option compared with no literal: any size given would be refused as an unknown name)."""
    text = annotation_text(parameter.annotation)
    default = parameter.default
    if isinstance(default, bool) or text == "bool":
        return True
    if _is_string_option(parameter):
        return _string_switch(cls, parameter)
    if default is None or default is _EMPTY or isinstance(default, int):
        value = _int_for(parameter.name.lower(), sizes)
        return value if isinstance(value, int) and value > 1 else sizes.dim
    return None


def constructor_overrides(cls: type, attributes: list[str], sizes: Sizes = CANDIDATE_SIZES[0]) -> dict[str, Any]:
    """Constructor arguments that set the given ``self`` attributes: ``self.added_kv_proj_dim = added_kv_proj_dim``
    and ``self.is_cross_attention = cross_attention_dim_head is not None`` read parameters; each gets a tiny
    non-None value (a size, or True for a flag). Empty when no attribute comes from a parameter."""
    if not attributes:
        return {}
    tree = source_tree(_original_init(cls))
    parameters = {p.name: p for p in constructor_parameters(cls)}
    if tree is None:
        return {}
    overrides: dict[str, Any] = {}
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    wanted = set(attributes)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        targets = [t.attr for t in node.targets if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                   and t.value.id == "self"]
        if not set(targets) & wanted or isinstance(node.value, ast.Constant) and node.value.value is None:
            continue  # `self.norm_cross = None` is the branch the finding does not want
        read = [node.value]
        parent = parents.get(id(node))
        while parent is not None:  # `if added_kv_proj_dim is not None: self.add_q_proj = ...` needs that test
            if isinstance(parent, ast.If):
                read.append(parent.test)
                literal = _string_test(parent.test)  # `elif cross_attention_norm == "layer_norm":`
                if literal is not None and literal[0] in parameters:
                    overrides.setdefault(*literal)
            parent = parents.get(id(parent))
        names = {n.id for expression in read for n in ast.walk(expression) if isinstance(n, ast.Name)}
        names |= {n.attr for expression in read for n in ast.walk(expression)
                  if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"}
        for name in names & set(parameters) - set(overrides):
            value = _switched_on(cls, parameters[name], sizes)
            if value is not None:
                overrides[name] = value
    for name in attributes:  # a parameter of the same name the source does not assign directly (config fields)
        if name in parameters and name not in overrides and parameters[name].default is None \
                and (value := _switched_on(cls, parameters[name], sizes)) is not None:
            overrides[name] = value
    # The branch switched on builds layers from other optional arguments (`if use_conv: nn.Conv2d(channels, ...)`):
    # they need sizes too.
    for node in ast.walk(tree):
        if not isinstance(node, ast.If) or not {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)} \
                & {name for name, value in overrides.items() if value}:
            continue
        body = {n.id for statement in node.body for n in ast.walk(statement) if isinstance(n, ast.Name)}
        for name in sorted(body & set(parameters) - set(overrides)):
            if parameters[name].default is None and not _is_string_option(parameters[name]):
                value = _int_for(name.lower(), sizes)
                overrides[name] = value if isinstance(value, int) and value > 1 else sizes.dim
    return overrides


# Modules without weights a constructor builds in place of a layer it was not asked for.
_WEIGHTLESS_MODULES = ("Identity",)


def _is_weightless(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant) and node.value is None:
        return True
    function = node.func if isinstance(node, ast.Call) else None
    name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", None)
    return name in _WEIGHTLESS_MODULES


def layer_switch_overrides(cls: type, attribute: str, sizes: Sizes = CANDIDATE_SIZES[0]) -> dict[str, Any]:
    """Constructor arguments that make ``self.<attribute>`` the layer rather than the weightless stand-in in a
    ``self.<attribute> = nn.Linear(...) if hidden_dim is not None else nn.Identity()``: a tiny config that keeps
    the default (None) builds the Identity, and the finding about the layer has nothing to observe."""
    tree = source_tree(_original_init(cls))
    parameters = {p.name: p for p in constructor_parameters(cls)}
    overrides: dict[str, Any] = {}
    for node in ast.walk(tree) if tree is not None else ():
        if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.IfExp) or not any(
                isinstance(t, ast.Attribute) and _is_name(t.value, "self") and t.attr == attribute
                for t in node.targets):
            continue
        body_weightless, else_weightless = _is_weightless(node.value.body), _is_weightless(node.value.orelse)
        if body_weightless == else_weightless:
            continue
        # The layer is the body when the other branch is weightless: then the test must hold.
        test, positive = tested_operand(node.value.test, else_weightless)
        name = test.id if isinstance(test, ast.Name) else (
            test.attr if isinstance(test, ast.Attribute) and _is_name(test.value, "self") else None)
        if name not in parameters or not positive:
            continue
        value = _layer_switch(cls, parameters[name], sizes)
        if value is not None:
            overrides[name] = value
    return overrides


def guarded_assignment_overrides(cls: type, attribute: str, sizes: Sizes = CANDIDATE_SIZES[0]) -> dict[str, Any]:
    """Constructor arguments that take the branches ``self.<attribute>`` is assigned in (``if self.regularizer ==
    "fsq": self.regularization = FSQRegularizer(...)``; ``if use_conv: self.conv = ...``): without them the
    attribute does not exist. Only the tests above the assignment are read, not what it is built from."""
    tree = source_tree(_original_init(cls))
    parameters = {p.name: p for p in constructor_parameters(cls)}
    if tree is None:
        return {}
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    assignments = [node for node in ast.walk(tree) if isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Attribute) and _is_name(t.value, "self") and t.attr == attribute for t in node.targets)]
    for node in assignments:  # assigned with no test above it, or in an `else`: the default build may have it
        child, parent, guarded = node, parents.get(id(node)), False
        while parent is not None:
            if isinstance(parent, ast.If):
                if child in parent.orelse:
                    return {}
                guarded = True
            child, parent = parent, parents.get(id(parent))
        if not guarded:
            return {}
    for node in assignments:
        if isinstance(node.value, ast.Constant) and node.value.value is None:
            continue
        overrides: dict[str, Any] = {}
        child, parent = node, parents.get(id(node))
        while parent is not None:
            if isinstance(parent, ast.If) and child in parent.body:
                literal = _string_test(parent.test)
                if literal is not None and literal[0] in parameters:
                    overrides.setdefault(*literal)
                elif literal is None:
                    test, positive = tested_operand(parent.test, True)
                    name = test.id if isinstance(test, ast.Name) else (
                        test.attr if isinstance(test, ast.Attribute) and _is_name(test.value, "self") else None)
                    if positive and name in parameters and name not in overrides \
                            and (value := _layer_switch(cls, parameters[name], sizes)) is not None:
                        overrides[name] = value
                    elif positive and (field := _config_flag(tree, test, parameters)) is not None:
                        overrides.setdefault(CONFIG_FIELD + field, True)
            child, parent = parent, parents.get(id(parent))
        if overrides:
            return overrides
    return {}


# An override of a field of the ``config`` argument rather than an argument: ``config.relative_attention``.
CONFIG_FIELD = "config."


def _config_flag(tree: ast.AST, test: ast.expr, parameters: dict[str, inspect.Parameter]) -> str | None:
    """The ``config`` field a truthiness test reads: ``if config.use_x:``, or ``if self.x:`` after ``self.x =
    config.x`` / ``getattr(config, "x", False)`` in the constructor (DeBERTa-v2's ``relative_attention``)."""
    if "config" not in parameters:
        return None
    if isinstance(test, ast.Attribute) and _is_name(test.value, "config"):
        return test.attr
    if not (isinstance(test, ast.Attribute) and _is_name(test.value, "self")):
        return None
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Assign) and any(isinstance(t, ast.Attribute) and _is_name(t.value, "self")
                                                     and t.attr == test.attr for t in node.targets)):
            continue
        value = node.value
        if isinstance(value, ast.Attribute) and _is_name(value.value, "config"):
            return value.attr
        if isinstance(value, ast.Call) and _is_name(value.func, "getattr") and len(value.args) >= 2 \
                and _is_name(value.args[0], "config") and isinstance(value.args[1], ast.Constant) \
                and isinstance(value.args[1].value, str):
            return value.args[1].value
    return None


def with_config_fields(kwargs: dict[str, Any]) -> dict[str, Any]:
    """``kwargs`` with its ``config.<field>`` overrides set on a copy of its ``config`` (the arguments themselves
    otherwise); unchanged when there is no config to set them on."""
    import copy

    fields = {key[len(CONFIG_FIELD):]: value for key, value in kwargs.items() if key.startswith(CONFIG_FIELD)}
    if not fields:
        return kwargs
    plain = {key: value for key, value in kwargs.items() if not key.startswith(CONFIG_FIELD)}
    config = plain.get("config")
    if config is None:
        return plain
    config = copy.deepcopy(config)
    for name, value in fields.items():
        setattr(config, name, value)
    return {**plain, "config": config}


# A constructor that says which value an argument must take: "`z_channels` must be 6, the log base 8 of ...",
# "`double_z` must be `False`".
_MUST_BE = re.compile(r"`(\w+)` must be `?([-\w.']+)`?")


def argument_required_value(cls: type, kwargs: dict[str, Any], error: BaseException) -> tuple[str, Any] | None:
    """(parameter, value) a failed constructor's message says the parameter must be, when that differs from what
    it was given."""
    parameters = {p.name: p for p in constructor_parameters(cls)}
    for name, text in _MUST_BE.findall(str(error)):
        if name not in parameters:
            continue
        try:
            value = ast.literal_eval(text.rstrip("."))
        except (ValueError, SyntaxError):
            continue
        if isinstance(value, (int, float, bool, str)) or value is None:
            if kwargs.get(name, parameters[name].default) != value or type(kwargs.get(name)) is not type(value):
                return name, value
    return None


# "'DbrxConfig' object has no attribute 'ffn_hidden_size'": the class takes one of the family config's parts.
_MISSING_ATTRIBUTE = re.compile(r"'(\w+)' object has no attribute '(\w+)'")


def nested_config_for(kwargs: dict[str, Any], error: BaseException) -> tuple[str, str, Any] | None:
    """(parameter, part, sub-config) when the failed constructor read an attribute its config object lacks and one
    of that config's nested configs has it (transformers' `DbrxExperts(config.ffn_config)`): the class is built
    from that part, as its parent model builds it."""
    if not isinstance(error, AttributeError):
        return None
    found = _MISSING_ATTRIBUTE.search(str(error))
    if found is None:
        return None
    owner, attribute = found.groups()
    return nested_config_with(kwargs, (attribute,), owner)


def missing_attribute(error: BaseException) -> str | None:
    """The attribute an ``AttributeError`` says an object lacks."""
    found = _MISSING_ATTRIBUTE.search(str(error)) if isinstance(error, AttributeError) else None
    return found.group(2) if found else None


def nested_config_with(kwargs: dict[str, Any], attributes: tuple[str, ...],
                       owner: str | None = None) -> tuple[str, str, Any] | None:
    """(parameter, part, sub-config): the first nested config of a config argument (of class ``owner``) that has
    every one of ``attributes`` (a part tried before lacked the last one: `CLIPConfig.text_config` has
    `hidden_size` but not the `image_size` a vision encoder reads next)."""
    for parameter, value in kwargs.items():
        if owner is not None and type(value).__name__ != owner or not hasattr(value, "__dict__"):
            continue
        for part, nested in vars(value).items():
            if hasattr(nested, "to_dict") and not isinstance(nested, type) \
                    and all(hasattr(nested, attribute) for attribute in attributes):
                return parameter, part, nested
    return None
