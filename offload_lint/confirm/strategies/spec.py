"""What each offloading strategy is, as data: no torch import here.

A strategy is applied with the real library on CPU (see docs/confirmer.md, "Strategies"); this module says which
library, how it runs, which error texts are the device/sharding errors a user of that library sees, and the
declarations a user can make when applying it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import strategies as static

# The names ``--strategy`` takes, from the static model's data (one list of strategies).
GROUP_BLOCK = static.GROUP_BLOCK.name
GROUP_LEAF = static.GROUP_LEAF.name
ACCELERATE_SEQUENTIAL = static.ACCELERATE_SEQUENTIAL.name
MODEL_CPU_OFFLOAD = static.MODEL_CPU_OFFLOAD.name
FSDP2 = static.FSDP2.name
ZERO3 = static.ZERO3.name

# The two diffusers group-offloading levels run through the existing engine (``engine.run_level``).
GROUP_LEVELS: dict[str, str] = {GROUP_BLOCK: static.GROUP_BLOCK.key, GROUP_LEAF: static.GROUP_LEAF.key}


@dataclass(frozen=True)
class StrategySpec:
    name: str
    library: str  # what applies it, as a user would call it
    requires: tuple[str, ...]  # importable modules it needs
    install: str  # what to install when one is missing
    # Substrings of the errors the strategy's hooks raise when an access bypasses them (verbatim from CPU runs).
    errors: tuple[str, ...] = ()
    # Those errors are ones a call can raise with nothing offloaded too (ZeRO-3's size mismatches read like a wrong
    # guess of the arguments; model CPU offload's device errors like a limit of the lazy backend): an error with no
    # watched access confirms only when the same call with every weight onloaded does not raise.
    errors_need_control: bool = False
    distributed: bool = False  # runs in spawned ranks over gloo
    meaning: str = ""  # what "offloaded" means for this strategy, for evidence texts
    # The module of this package that applies it: ``run`` in-process, or ``run_rank`` in each rank when
    # ``distributed`` ("": the group levels, which ``engine.run_level`` runs).
    runtime: str = ""
    # Its library patches torch for the rest of the process (ZeRO-3 replaces ``F.linear``): the other distributed
    # strategies of a process group run before it.
    patches_torch: bool = False
    # A run can get past an earlier offending access of the same call with that access's module fixed
    # (``StrategyOptions.judged``): onloaded in this process, or made a unit of its own (FSDP2).
    repairs: bool = False


STRATEGIES: dict[str, StrategySpec] = {
    spec.name: spec
    for spec in (
        StrategySpec(GROUP_BLOCK, "diffusers apply_group_offloading(offload_type='block_level')",
                     ("diffusers", "accelerate"), "pip install 'offload-lint[confirm]'"),
        StrategySpec(GROUP_LEAF, "diffusers apply_group_offloading(offload_type='leaf_level')",
                     ("diffusers", "accelerate"), "pip install 'offload-lint[confirm]'"),
        StrategySpec(
            ACCELERATE_SEQUENTIAL, "accelerate.cpu_offload(model, execution_device='cpu')", ("accelerate",),
            "pip install 'offload-lint[confirm]'",
            errors=("is not on the expected device", "Cannot copy out of meta tensor",
                    "Tensor on device meta", "meta tensor"),
            meaning="on meta (not loaded by its module's hook)", runtime="accelerate_sequential", repairs=True,
        ),
        StrategySpec(
            MODEL_CPU_OFFLOAD, "accelerate.cpu_offload_with_hook(model, execution_device='cuda:0' or 'lazy:0')",
            ("accelerate",),
            "pip install 'offload-lint[confirm]'",
            errors=("Input tensor is not a lazy tensor", "Expected all tensors to be on the same device",
                    "incompatible tensor type", "weight type (torch.FloatTensor) should be the same"),
            errors_need_control=True,
            meaning="on cpu while the model's hook has offloaded it (the execution device holds it only from the "
                    "model's forward on)", runtime="model_cpu_offload", repairs=True,
        ),
        StrategySpec(
            FSDP2, "torch.distributed.fsdp.fully_shard(unit, reshard_after_forward=True) over gloo",
            ("torch.distributed.fsdp",), "pip install 'offload-lint[confirm]'",
            errors=("got mixed torch.Tensor and DTensor",),
            distributed=True,
            meaning="a sharded DTensor (its FSDP unit is not unsharded here)", runtime="fsdp2", repairs=True,
        ),
        StrategySpec(
            ZERO3, "deepspeed.initialize(model, config={'zero_optimization': {'stage': 3}}) over gloo",
            ("deepspeed",), "pip install 'offload-lint[confirm,zero3]'",
            errors=("size mismatch", "must match the size of tensor", "shapes cannot be multiplied",
                    "invalid for input of size 0", "index out of range", "size 0", "must be a matrix"),
            errors_need_control=True,
            distributed=True,
            meaning="a ZeRO-3 partition of size 0 (not gathered here)", runtime="zero3", patches_torch=True,
            repairs=True,
        ),
    )
}

RUNTIME_STRATEGIES = tuple(name for name in STRATEGIES if name not in GROUP_LEVELS)
# Strategies whose runs can fix one submodule to get past an earlier offending access (``StrategySpec.repairs``).
REPAIRING_STRATEGIES = tuple(name for name in RUNTIME_STRATEGIES if STRATEGIES[name].repairs)


def strategy_names(spec: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """``"fsdp2,zero3"`` / ``"all"`` / a sequence -> known names, in the registry's order; ValueError otherwise."""
    text = spec if isinstance(spec, str) else ",".join(str(name) for name in spec)
    return tuple(static.BY_KEY[key].name for key in static.parse_strategies(text))


@dataclass(frozen=True)
class JudgedSite:
    """The finding a run is made for, when its line lies past an earlier offending access of the same call (set
    by the join, not by users): the attribute it names, dotted from the model, and its line."""

    attribute: str
    path: str
    line: int
    # (line, attribute) of the other findings of the same method: an access at one of those lines that names no
    # weight (FSDP2's error) is fixed by fixing that attribute.
    siblings: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class StrategyOptions:
    """Declarations a user makes when applying a strategy (the command line's and pyproject's options).

    ``preload_module_classes``: accelerate's argument of that name (one hook for the class's whole subtree).
    ``fsdp_units``: class names wrapped with ``fully_shard`` (None: the model's ``_no_split_modules``, as
    accelerate does); the root is always a unit. ``fsdp_forward_methods``: root methods passed to
    ``register_fsdp_forward_method`` after sharding. ``z3_leaf_modules``: class names given to
    ``deepspeed.utils.set_z3_leaf_modules``. ``world_size``: ranks for the distributed strategies.
    ``warm_up``: run the model's own forward once before the method (the order users run them in; FSDP2 then
    has its root lazily initialised, model CPU offload has just onloaded and is offloaded again before the call).
    """

    preload_module_classes: tuple[str, ...] | None = None
    offload_buffers: bool = False
    fsdp_units: tuple[str, ...] | None = None
    fsdp_forward_methods: tuple[str, ...] = ()
    z3_leaf_modules: tuple[str, ...] = ()
    world_size: int = 2
    warm_up: bool = True
    seed: int = 0
    # With a judged site, an in-process strategy onloads the modules of earlier offending accesses and re-runs the
    # calls until the site's line is reached (``common.repairs_needed``).
    judged: JudgedSite | None = None
    # Submodules (dotted paths) a sharding strategy makes units of their own, as a fix of an access to them would
    # (set by the re-run past earlier accesses, not by users).
    repaired_units: tuple[str, ...] = ()
