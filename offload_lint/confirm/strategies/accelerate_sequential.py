"""accelerate's sequential CPU offload on CPU: ``cpu_offload(model, execution_device="cpu")``.

Every module with direct tensors gets its own hook; its weights stay on meta except while its own ``forward``
runs (the hook replaces the ``forward`` attribute, so an explicit ``.forward()`` is hooked too). A weight read
where its module's hook is not running is a meta tensor: most ops raise ("Tensor on device meta is not on the
expected device cpu!", "Cannot copy out of meta tensor"), but CPU ``F.linear``/``@``/conv without a bias accept
a meta weight and return wrong values. The watch records every op that mixes a meta tensor with a computed one,
and the result is compared with the un-offloaded run.
"""

from __future__ import annotations

from typing import Any, Callable

import torch

from ..scenario import Step
from .common import Applied, MixWatch, run_in_process, tensor_names, tensor_or_module
from .spec import ACCELERATE_SEQUENTIAL, STRATEGIES, StrategyOptions

BACKEND = "accelerate (meta weights, cpu execution)"


def placed_on_meta(source: torch.Tensor, result: torch.Tensor) -> bool:
    """A ``.to()`` that put real data on meta: the device it was given was read off an offloaded weight (``x.to(
    self.device)``, ``inputs.to(self.text_encoder.device)``), and the data is gone."""
    return result.is_meta and not source.is_meta


def apply(module: torch.nn.Module, options: StrategyOptions) -> Applied:
    from accelerate import cpu_offload

    preload = list(options.preload_module_classes) if options.preload_module_classes else None
    real = module.state_dict()  # the real tensors, before the hooks put meta ones in their place
    cpu_offload(module, execution_device=torch.device("cpu"), offload_buffers=options.offload_buffers,
                preload_module_classes=preload)

    def offloaded(tensor: torch.Tensor) -> str | None:
        if not tensor.is_meta:
            return None
        return tensor_names(module).get(id(tensor), "a tensor on meta")

    watch = MixWatch(offloaded=offloaded, needs_partner=True, meaning=STRATEGIES[ACCELERATE_SEQUENTIAL].meaning,
                     placed=placed_on_meta)

    def onload_part(path: str) -> None:
        """The submodule without its hooks, holding its real tensors: what a fix of an access to it gives; a
        parameter or buffer of the model itself holds its real value (its module's hook offloads it again after
        that module's forward)."""
        from accelerate.hooks import remove_hook_from_submodules
        from accelerate.utils import set_module_tensor_to_device

        part = tensor_or_module(module, path)
        if isinstance(part, torch.Tensor):
            set_module_tensor_to_device(module, path, "cpu", value=real[path])
            return
        remove_hook_from_submodules(part)
        prefix = path + "."
        part.load_state_dict({name[len(prefix):]: tensor for name, tensor in real.items() if name.startswith(prefix)},
                             strict=False, assign=True)

    return Applied(module, torch.device("cpu"), BACKEND, watch, onload_part=onload_part, onloads_tensors=True)


def backend() -> str:
    return BACKEND


def run(target: Any, scenario: list[Step], options: StrategyOptions,
        factory: Callable[[], torch.nn.Module] | None = None, overrides: dict[str, Any] | None = None) -> Any:
    return run_in_process(ACCELERATE_SEQUENTIAL, target, scenario, options, factory, overrides, apply, BACKEND)
