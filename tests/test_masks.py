"""transformers' mask builders: the lint's table, the readers that derive it from source, and the table
checked against the installed transformers."""

import ast
import importlib.util
from pathlib import Path

import pytest

from offload_lint.index.masks import (
    BUILDERS,
    MOVED,
    PLACED_LIKE,
    SIZES_ONLY,
    builder,
    moves_to_device_of,
    read_builders,
    uses_for_sizes_only,
)

_MASKING = '''
def _preprocess(config, inputs_embeds, attention_mask, encoder_hidden_states=None):
    if attention_mask is not None and attention_mask.ndim == 2:
        attention_mask = attention_mask.to(device=inputs_embeds.device, dtype=torch.bool)
    kv_length = encoder_hidden_states.shape[1] if encoder_hidden_states is not None else 3
    return attention_mask, kv_length

def create_placed_mask(config, inputs_embeds, attention_mask, encoder_hidden_states=None):
    attention_mask, kv_length = _preprocess(config, inputs_embeds, attention_mask, encoder_hidden_states)
    embeds = encoder_hidden_states if encoder_hidden_states is not None else inputs_embeds
    return sdpa_mask(embeds.shape[0], kv_length, device=inputs_embeds.device, dtype=embeds.dtype)

def create_sliced_mask(config, inputs_embeds, attention_mask):
    return attention_mask[:, -inputs_embeds.shape[1]:]

def create_mixing_mask(config, inputs_embeds, attention_mask, encoder_hidden_states=None):
    return encoder_hidden_states @ attention_mask.to(inputs_embeds.device)
'''


def _functions(source: str) -> dict[str, ast.FunctionDef]:
    return {node.name: node for node in ast.parse(source).body if isinstance(node, ast.FunctionDef)}


def test_only_builders_that_place_on_the_embeddings_device_are_read():
    assert read_builders(_MASKING) == {
        "create_placed_mask": ("config", "inputs_embeds", "attention_mask", "encoder_hidden_states"),
        "create_mixing_mask": ("config", "inputs_embeds", "attention_mask", "encoder_hidden_states"),
    }


def test_a_move_and_a_sizes_only_use_are_told_from_other_uses():
    functions = _functions(_MASKING)
    assert moves_to_device_of(functions["_preprocess"], "attention_mask", "inputs_embeds")
    assert not moves_to_device_of(functions["create_mixing_mask"], "attention_mask", "inputs_embeds")
    assert uses_for_sizes_only(functions["create_placed_mask"], "encoder_hidden_states", frozenset({"_preprocess"}))
    assert uses_for_sizes_only(functions["_preprocess"], "encoder_hidden_states", frozenset())
    assert not uses_for_sizes_only(functions["create_mixing_mask"], "encoder_hidden_states", frozenset())


def test_a_call_maps_onto_the_builders_parameters():
    causal = builder("masking_utils.create_causal_mask")
    assert causal is not None and causal.parameter(1) == PLACED_LIKE and causal.parameter(MOVED) == MOVED
    assert causal.parameter("past_key_values") == "past_key_values" and causal.parameter(40) is None
    assert builder("create_recurrent_attention_mask") is None  # returns the mask it is given, unmoved
    assert {PLACED_LIKE, MOVED}.isdisjoint(SIZES_ONLY)


def _installed_masking_utils() -> str:
    spec = importlib.util.find_spec("transformers")  # locates the package without running it
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("transformers is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / "masking_utils.py"
    if not path.exists():
        pytest.skip("this transformers has no masking_utils")
    return path.read_text()


def test_the_table_matches_the_installed_transformers():
    source = _installed_masking_utils()
    functions = _functions(source)
    found = read_builders(source)
    preprocess = functions["_preprocess_mask_arguments"]
    assert moves_to_device_of(preprocess, MOVED, PLACED_LIKE)
    assert uses_for_sizes_only(preprocess, "encoder_hidden_states", frozenset())
    for name, entry in BUILDERS.items():
        assert found.get(name, ())[: len(entry.parameters)] == entry.parameters, name
        assert uses_for_sizes_only(functions[name], "encoder_hidden_states",
                                   frozenset({"_preprocess_mask_arguments"})), name
        assert not any(isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "to"
                       and isinstance(node.func.value, ast.Name) and node.func.value.id == PLACED_LIKE
                       for node in ast.walk(functions[name])), name
