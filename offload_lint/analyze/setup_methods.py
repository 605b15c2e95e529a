"""The methods that run before offloading applies, by default (``setup-methods`` replaces them).

A module of its own, importing nothing: :mod:`offload_lint.config` needs the default, and the flake8
plugin's warm path loads the configuration without the analysis (:mod:`.entry_points` and the index).
"""

DEFAULT_SETUP_METHODS = frozenset({
    "__init__", "__repr__", "__str__", "__getstate__", "__setstate__", "__post_init__", "extra_repr",
    "_init_weights", "init_weights", "_initialize_weights", "initialize_weights", "reset_parameters",
    "_reset_parameters", "_init_weight", "init_weight", "post_init", "_post_init", "tie_weights",
    "_tie_weights", "_load_from_state_dict", "load_state_dict", "state_dict", "_save_to_state_dict",
    "_set_gradient_checkpointing", "_convert_deprecated_attention_blocks", "to", "cuda", "cpu", "half",
    "float", "double", "bfloat16", "train", "eval", "apply", "from_pretrained", "save_pretrained",
    "from_config", "_from_config", "__len__", "__iter__", "__getitem__", "__contains__", "__hash__",
    "__eq__", "__getattr__", "__setattr__", "__delattr__", "__dir__", "__deepcopy__", "__copy__", "__reduce__",
    # Weight re-parametrization (vocoders call it once after loading): it computes with no input.
    "apply_weight_norm", "remove_weight_norm",
    # Structural edits transformers makes while it builds a model (``init_weights`` prunes the heads a config lists).
    "prune_heads", "_prune_heads",
    # Hooks torch calls to convert, copy or (de)serialize a module (``Module.to()``/``.half()`` call
    # ``_apply``; ``state_dict()``/``load_state_dict()`` the extra-state and state-dict hooks; ``copy`` and
    # ``pickle`` ``__setstate__``; DataParallel ``_replicate_for_data_parallel``). Group offloading moves
    # ``param.data`` itself and calls none of them.
    "_apply", "to_empty", "share_memory", "requires_grad_", "zero_grad", "get_extra_state",
    "set_extra_state", "_replicate_for_data_parallel", "_load_state_dict_pre_hook", "_load_state_dict_post_hook",
    "_state_dict_hook", "_state_dict_pre_hook", "__getnewargs__", "__reduce_ex__",
})
