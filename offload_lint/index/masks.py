"""transformers' attention-mask builders: what ``create_causal_mask(...)`` and its siblings do with
their arguments' devices.

Every builder in ``transformers.masking_utils`` places the mask it builds on ``inputs_embeds.device``
(its own comment: "to stay consistent with ``_preprocess_mask_arguments``, which moves the 2D
``attention_mask`` to that device"). ``_preprocess_mask_arguments`` moves a 2-D ``attention_mask``
there (``attention_mask.to(device=inputs_embeds.device, ...)``), reads the cache for sizes and offsets
(moving a tensor offset to that device too), and reads ``encoder_hidden_states`` only for its length;
the bidirectional builders read its batch size and dtype as well. So for devices:

- the result sits where ``inputs_embeds`` sits;
- ``attention_mask`` is moved there (a 4-D mask is returned as given; models build 2-D ones);
- ``config``, ``cache``, ``encoder_hidden_states``, ``layer_idx`` and the flags are read for sizes only;
- anything else (``position_ids``, ``block_sequence_ids``, mask functions) is combined with tensors
  built on that device, an op with ``inputs_embeds``' placement.

Not in the table, so judged as any function: ``create_recurrent_attention_mask`` returns a slice of the
``attention_mask`` it is given, unmoved, and ``create_masks_for_generate`` returns that mask as given
for layer types it does not know.

The table is taken from transformers 5.24.0 so that the lint does not depend on what is installed;
:func:`read_builders` derives the same facts from ``masking_utils``' source with ``ast``, and
``tests/test_masks.py`` checks the table against the installed version with it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

PLACED_LIKE = "inputs_embeds"
MOVED = "attention_mask"
SIZES_ONLY = frozenset({"config", "cache", "past_key_values", "encoder_hidden_states", "layer_idx",
                        "allow_is_causal_skip", "allow_is_bidirectional_skip"})


@dataclass(frozen=True)
class MaskBuilder:
    """A builder's parameters in order (a call's positional arguments map onto them)."""

    name: str
    parameters: tuple[str, ...]

    def parameter(self, argument: int | str) -> str | None:
        """The parameter a call's argument (its position or keyword) fills."""
        if isinstance(argument, str):
            return argument if argument in self.parameters or argument == "past_key_values" else None
        return self.parameters[argument] if 0 <= argument < len(self.parameters) else None


_CAUSAL = ("config", "inputs_embeds", "attention_mask", "cache", "position_ids", "or_mask_function",
           "and_mask_function", "block_sequence_ids", "layer_idx", "allow_is_causal_skip")
_BIDIRECTIONAL = ("config", "inputs_embeds", "attention_mask", "encoder_hidden_states", "cache", "or_mask_function",
                  "and_mask_function", "allow_is_bidirectional_skip")

BUILDERS: dict[str, MaskBuilder] = {builder.name: builder for builder in (
    MaskBuilder("create_causal_mask", _CAUSAL),
    MaskBuilder("create_sliding_window_causal_mask", _CAUSAL),
    MaskBuilder("create_chunked_causal_mask", _CAUSAL),
    MaskBuilder("create_bidirectional_mask", _BIDIRECTIONAL),
    MaskBuilder("create_bidirectional_sliding_window_mask", _BIDIRECTIONAL),
)}


def builder(function_name: str) -> MaskBuilder | None:
    """The builder a call's dotted name (``create_causal_mask``, ``masking_utils.create_causal_mask``) names."""
    return BUILDERS.get(function_name.rsplit(".", 1)[-1])


MASKING_MODULE = "transformers.masking_utils"


def read_builders(source: str) -> dict[str, tuple[str, ...]]:
    """``masking_utils``' top-level ``create_*`` functions that read ``inputs_embeds.device``, with their
    named parameters."""
    found: dict[str, tuple[str, ...]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("create_") and reads_device_of(node, PLACED_LIKE):
            found[node.name] = tuple(arg.arg for arg in node.args.args + node.args.kwonlyargs)
    return found


def reads_device_of(function: ast.FunctionDef, name: str) -> bool:
    """Whether the function reads ``<name>.device``."""
    return any(isinstance(node, ast.Attribute) and node.attr == "device" and isinstance(node.value, ast.Name)
               and node.value.id == name for node in ast.walk(function))


def moves_to_device_of(function: ast.FunctionDef, moved: str, target: str) -> bool:
    """Whether the function assigns ``<moved> = <moved>.to(device=<target>.device, ...)``."""
    for node in ast.walk(function):
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        call = node.value
        if isinstance(call.func, ast.Attribute) and call.func.attr == "to" and isinstance(call.func.value, ast.Name) \
                and call.func.value.id == moved and any(
                    keyword.arg == "device" and ast.unparse(keyword.value) == f"{target}.device"
                    for keyword in call.keywords):
            return True
    return False


def uses_for_sizes_only(function: ast.FunctionDef, name: str, allowed_calls: frozenset[str]) -> bool:
    """Whether every use of ``name`` in the function reads ``.shape``/``.dtype``, tests it against None,
    picks it in a conditional expression whose result is used the same way, or hands it to one of
    ``allowed_calls`` (functions checked the same way)."""
    picked: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.IfExp) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name) and isinstance(node.value.body, ast.Name) \
                and node.value.body.id == name:
            picked.add(node.targets[0].id)
    names = {name} | picked
    parents = {id(child): parent for parent in ast.walk(function) for child in ast.iter_child_nodes(parent)}
    for node in ast.walk(function):
        if not (isinstance(node, ast.Name) and node.id in names and isinstance(node.ctx, ast.Load)):
            continue
        parent = parents.get(id(node))
        if isinstance(parent, ast.Attribute) and parent.attr in ("shape", "dtype"):
            continue
        if isinstance(parent, ast.Compare) and all(isinstance(c, ast.Constant) and c.value is None
                                                   for c in parent.comparators):
            continue
        if isinstance(parent, ast.IfExp):
            continue  # ``a if a is not None else b``: the pick, checked through ``picked``
        if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in allowed_calls:
            continue
        if isinstance(parent, ast.keyword):
            call = parents.get(id(parent))
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in allowed_calls:
                continue
        return False
    return True



__all__ = ["BUILDERS", "MASKING_MODULE", "MOVED", "MaskBuilder", "PLACED_LIKE", "SIZES_ONLY", "builder",
           "moves_to_device_of", "read_builders", "reads_device_of", "uses_for_sizes_only"]
