"""DeepSpeed ZeRO-3 on CPU: ``deepspeed.initialize`` with ``zero_optimization.stage = 3`` in spawned gloo ranks.

DeepSpeed's CPU accelerator runs over the ranks' gloo group (its shared-memory all-reduce op is not built: it is
a speed-up that compiles for minutes and no collective here needs it). Every parameter is partitioned to a
size-0 tensor; a module's own parameters are gathered by torch hooks on its ``__call__`` and, during the root's
forward through the engine, by the parameter getter (auto-discovery). Outside those, a parameter has size 0:
ops raise ("size mismatch, got input (2), mat (2x8), vec (0)", "The size of tensor a (8) must match the size
of tensor b (0)") or, broadcasting, return silently empty results, and ``.shape`` says ``[0]``. The watch records
every op of the user's code that takes a parameter that is not gathered; results are compared with the
un-offloaded run. ``deepspeed.zero.GatheredParameters`` is the fix.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from typing import Any, Callable

import torch

from .common import Applied, MixWatch, run_in_process, tensor_names, tensor_or_module
from .distributed import RankJob, backend, rank_environment
from .spec import STRATEGIES, ZERO3, StrategyOptions

SHARED_MEMORY_OP = "deepspeed_shm_comm"
# ZeRO-3 replaces torch.nn.functional.linear with its own (config memory_efficient_linear, on by default; it stays
# replaced in the process): an op, not a hook.
LINEAR_FILE = os.path.join("deepspeed", "runtime", "zero", "linear.py")


def zero3_config(persistence_threshold: int | None = None) -> dict[str, Any]:
    """``persistence_threshold``: DeepSpeed's ``stage3_param_persistence_threshold`` (None: its default, 1e5
    elements). A parameter at or under it stays gathered after its module's first call outside the engine."""
    stage: dict[str, Any] = {"stage": 3}
    if persistence_threshold is not None:
        stage["stage3_param_persistence_threshold"] = persistence_threshold
    return {"train_micro_batch_size_per_gpu": 1, "zero_optimization": stage, "steps_per_print": 10 ** 9,
            "wall_clock_breakdown": False}


@dataclass
class Partitioned:
    """A module under ZeRO-3: the engine, what names a tensor that is not gathered, and the gather of one submodule
    that a fix of an access to it would make (``deepspeed.zero.GatheredParameters``)."""

    engine: Any
    offloaded: Callable[[torch.Tensor], str | None]
    onload_part: Callable[[str], None]
    # ``GatheredParameters`` over one submodule's parameters or one tensor ("": the whole module), as a context
    gathered: Callable[[str], Any]


def partition(module: torch.nn.Module, options: StrategyOptions, persistence_threshold: int | None = None,
              prefix: str = "") -> Partitioned:
    """``deepspeed.initialize`` with ZeRO-3 on ``module`` in the current process group. ``prefix``: how the tensors'
    names start (a pipeline's component: ``unet.``)."""
    import deepspeed
    import deepspeed.ops
    from deepspeed.runtime.zero.partition_parameters import ZeroParamStatus

    deepspeed.ops.__compatible_ops__[SHARED_MEMORY_OP] = False
    if options.z3_leaf_modules:
        from deepspeed.utils import set_z3_leaf_modules

        classes = list({type(sub) for sub in module.modules() if type(sub).__name__ in options.z3_leaf_modules})
        if classes:
            set_z3_leaf_modules(module, classes)
    engine, *_ = deepspeed.initialize(model=module, config=zero3_config(persistence_threshold),
                                      dist_init_required=False)

    def offloaded(tensor: torch.Tensor) -> str | None:
        status = getattr(tensor, "ds_status", None)
        if status is None and isinstance(tensor, torch.Tensor) and tensor.numel() == 0:
            return partition_read(tensor)
        if status != ZeroParamStatus.NOT_AVAILABLE:
            return None
        name = tensor_names(module).get(id(tensor))
        return prefix + name if name else "a partitioned parameter"

    def partition_read(tensor: torch.Tensor) -> str | None:
        """``p.data`` of a parameter not gathered is a plain tensor without DeepSpeed's attributes, sharing the
        partition's (empty) storage: ``torch.cat([self.to_q.weight.data, ...])`` reads the partition all the same."""
        storage = tensor.untyped_storage()._cdata
        names = tensor_names(module)
        for parameter in module.parameters():
            if getattr(parameter, "ds_status", None) == ZeroParamStatus.NOT_AVAILABLE \
                    and parameter.data.untyped_storage()._cdata == storage:
                name = names.get(id(parameter))
                return f"{prefix}{name}.data" if name else "a partitioned parameter's .data"
        return None

    # A run past an earlier offending access of the same call (``JudgedSite``) gathers that access's module as its
    # fix would (``deepspeed.zero.GatheredParameters``), for the rest of the check: the module is this check's own.
    held = contextlib.ExitStack()

    def gathered(path: str) -> Any:
        part = tensor_or_module(module, path)
        parameters = [part] if isinstance(part, torch.Tensor) else list(part.parameters())
        return deepspeed.zero.GatheredParameters(parameters, modifier_rank=None)

    def onload_part(path: str) -> None:
        held.enter_context(gathered(path))

    return Partitioned(engine, offloaded, onload_part, gathered)


def watch_for(partitioned: Partitioned, **kwargs: Any) -> MixWatch:
    return MixWatch(offloaded=partitioned.offloaded, needs_partner=False, meaning=STRATEGIES[ZERO3].meaning,
                    op_files=(LINEAR_FILE,), **kwargs)


def apply(module: torch.nn.Module, options: StrategyOptions, world_size: int) -> Applied:
    partitioned = partition(module, options)
    return Applied(module, torch.device("cpu"), backend(world_size), watch_for(partitioned),
                   forward=partitioned.engine, onload_part=partitioned.onload_part, onloads_tensors=True)


def one_rank_environment() -> None:
    """A launcher's environment for a process group of one rank in this process, where nothing set it yet."""
    for name, value in rank_environment(0, 1).items():
        os.environ.setdefault(name, value)


def run_rank(job: RankJob, world_size: int) -> Any:
    from ..build import resolve

    factory = resolve(job.factory) if job.factory is not None else None
    return run_in_process(ZERO3, job.target, list(job.scenario), job.options, factory, dict(job.overrides),
                          lambda module, options: apply(module, options, world_size), backend(world_size))
