"""Real-path relabel of round o's class-A rows (docs/strategies-truth-o-path.md).

A site script defines ``SITES``: each a model that holds the row's class, built small and seeded, the inputs of
the model's own ``forward``, and the row's file, line, class and method. For every (site, strategy) pair this
harness runs, in a fresh interpreter (ZeRO-3 replaces ``F.linear`` for the whole process; FSDP2 and ZeRO-3 need
their own process group):

1. the model without offloading, ``forward(inputs)`` -> the reference output;
2. the same model (same seed, same weights) under the strategy's real library on CPU:
   * accelerate-sequential: ``accelerate.cpu_offload(model, execution_device=cpu)``;
   * model-cpu-offload: ``accelerate.cpu_offload_with_hook(model, execution_device=lazy:0)`` (torch's lazy-tensor
     device stands in for the GPU, as the confirmer does; inputs stay on the CPU, the hook moves them);
   * fsdp2: ``fully_shard(unit, reshard_after_forward=True)`` on the model's ``_no_split_modules`` (innermost
     first, or the site's own ``units``), then on the model, over gloo with one rank;
   * zero3: ``deepspeed.initialize`` with ZeRO-3 and ``stage3_param_persistence_threshold=0`` (every parameter
     partitioned, none kept whole) over gloo with one rank, DeepSpeed's CPU accelerator; ``engine(inputs)``;
   then ``forward(inputs)`` through the strategy's entry (the engine for ZeRO-3), with a line tracer on the row's
   method that counts how often the row's line runs and records, right after it ran, the state of the tensor the
   line reads (read without triggering any hook: ``module._parameters[...]`` through ``OrderedDict``).
3. verdict: positive when the offloaded forward raises through the row's line, or completes with an output that
   differs from the reference (max abs diff > TOL) while the line ran; negative when the line ran and the output
   matches; unsure when the reference itself fails, the line is not reached, or the run breaks elsewhere.

    cd /tmp && PYTHONPATH=/work/wt-relabel-o:/tmp/pkgs/extra python /work/wt-relabel-o/benchmarks/truth/runs_o_path/site_X.py [SITE ...]
"""

from __future__ import annotations

import collections
import inspect
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
TRUTH = HERE.parent
TOL = 1e-4
STRATEGIES = ("accelerate-sequential", "model-cpu-offload", "fsdp2", "zero3")


def _prepare_path() -> None:
    # timm imports torchvision for one class; the truth folder's stand-in serves it (as runs_j/sitecustomize.py)
    sys.path.insert(0, str(TRUTH))
    try:
        import torchvision  # noqa: F401
    except Exception:
        try:
            import torchvision_stub  # noqa: F401
        except Exception:
            pass


# ---------------------------------------------------------------------------------------------------- tracing

class LineTracer:
    def __init__(self, function, line: int, probe: str | None):
        function = inspect.unwrap(function)
        self.code = function.__code__
        self.line = line
        self.probe = probe
        self.hits = 0
        self.after: list[str] = []
        self.before: list[str] = []
        self._pending: set[int] = set()

    def _global(self, frame, event, arg):
        if frame.f_code is self.code:
            return self._local
        return None

    def _local(self, frame, event, arg):
        if id(frame) in self._pending and event in ("line", "return", "exception"):
            self._pending.discard(id(frame))
            if len(self.after) < 3:
                self.after.append(self._state(frame))
        if event == "line" and frame.f_lineno == self.line:
            self.hits += 1
            if len(self.before) < 3:
                self.before.append(self._state(frame))
            self._pending.add(id(frame))
        return self._local

    def _state(self, frame) -> str:
        if not self.probe:
            return ""
        try:
            return describe(resolve_quietly(frame.f_locals["self"], self.probe))
        except Exception as error:  # noqa: BLE001
            return f"probe failed: {type(error).__name__}: {error}"

    def __enter__(self):
        self._old = sys.gettrace()
        sys.settrace(self._global)
        return self

    def __exit__(self, *exc):
        sys.settrace(self._old)
        return False


def resolve_quietly(module, path: str):
    """``self.<path>`` without Module.__getattr__ (ZeRO-3's parameter getter gathers on access)."""
    parts = path.split(".")
    for part in parts[:-1]:
        module = module._modules[part]
    last = parts[-1]
    for store in ("_parameters", "_buffers"):
        table = module.__dict__.get(store, {})
        if last in table:
            return collections.OrderedDict.__getitem__(table, last) if isinstance(table, collections.OrderedDict) \
                else table[last]
    return module._modules[last]


def describe(tensor) -> str:
    import torch

    if tensor is None:
        return "None"
    if not isinstance(tensor, torch.Tensor):
        return type(tensor).__name__
    kind = type(tensor).__name__
    bits = [f"{kind} device={tensor.device} shape={list(tensor.shape)}"]
    status = getattr(tensor, "ds_status", None)
    if status is not None:
        bits.append(f"ds_status={status.name}")
        bits.append(f"data.numel={tensor.data.numel()}")
    return " ".join(bits)


# ---------------------------------------------------------------------------------------------------- outputs

def flat_tensors(value, depth: int = 0):
    import torch

    if depth > 5:
        return
    if isinstance(value, torch.Tensor):
        yield value
    elif isinstance(value, dict):
        for key in value:
            yield from flat_tensors(value[key], depth + 1)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from flat_tensors(item, depth + 1)
    elif hasattr(value, "to_tuple"):
        yield from flat_tensors(value.to_tuple(), depth + 1)


def to_plain(tensor):
    import torch

    try:
        from torch.distributed.tensor import DTensor

        if isinstance(tensor, DTensor):
            tensor = tensor.full_tensor()
    except ImportError:
        pass
    if tensor.device.type not in ("cpu",):
        if tensor.device.type == "meta":
            return None
        tensor = tensor.to("cpu")
    return tensor.detach().to(torch.float64) if tensor.is_floating_point() else tensor.detach()


def compare(reference, result, keep=None) -> tuple[float | None, str]:
    ref = list(flat_tensors(reference))
    out = list(flat_tensors(result))
    if keep is not None:
        ref = [ref[i] for i in keep]
        out = [out[i] for i in keep]
    ref = [to_plain(t) for t in ref]
    notes = []
    if len(ref) != len(out):
        notes.append(f"{len(ref)} reference tensors, {len(out)} offloaded")
    worst = 0.0
    for index, (a, b) in enumerate(zip(ref, out)):
        if b.device.type == "meta":
            notes.append(f"output {index} is a meta tensor")
            worst = float("inf")
            continue
        b = to_plain(b)
        if a is None or a.shape != b.shape:
            notes.append(f"output {index}: shape {None if a is None else list(a.shape)} vs {list(b.shape)}")
            worst = float("inf")
            continue
        if a.is_floating_point():
            diff = (a - b).abs().max().item() if a.numel() else 0.0
        else:
            diff = float((a != b).sum().item())
        if diff != diff:  # NaN
            diff = float("inf")
        worst = max(worst, diff)
    return worst, "; ".join(notes)


# ---------------------------------------------------------------------------------------------------- strategies

def init_group() -> None:
    import torch.distributed as dist

    if dist.is_initialized():
        return
    folder = tempfile.mkdtemp(prefix="relabel-o-")
    dist.init_process_group("gloo", init_method=f"file://{folder}/rendezvous", rank=0, world_size=1)


def apply(strategy: str, model, site: dict):
    import torch

    if strategy == "accelerate-sequential":
        from accelerate import cpu_offload

        cpu_offload(model, execution_device=torch.device("cpu"))
        return model, "accelerate.cpu_offload(model, execution_device=cpu)"
    if strategy == "model-cpu-offload":
        from accelerate import cpu_offload_with_hook
        from offload_lint.confirm.backends import init_lazy

        init_lazy()
        model, hook = cpu_offload_with_hook(model, execution_device=torch.device("lazy", 0))
        return model, "accelerate.cpu_offload_with_hook(model, execution_device=lazy:0)"
    if strategy == "fsdp2":
        from torch.distributed.fsdp import fully_shard

        init_group()
        names = tuple(site.get("units") if site.get("units") is not None
                      else (getattr(model, "_no_split_modules", None) or ()))
        units = [(name, sub) for name, sub in model.named_modules() if name and type(sub).__name__ in names]
        units.sort(key=lambda pair: pair[0].count("."), reverse=True)
        scalars = {p for p in model.parameters() if p.dim() == 0} or None
        for _, unit in units:
            fully_shard(unit, reshard_after_forward=True, ignored_params=scalars)
        fully_shard(model, reshard_after_forward=True, ignored_params=scalars)
        return model, (f"fully_shard on {len(units)} unit(s) of {sorted(set(names)) or 'none'} then the root, "
                       f"reshard_after_forward=True, gloo 1 rank")
    if strategy == "zero3":
        import deepspeed
        import deepspeed.ops

        init_group()
        deepspeed.ops.__compatible_ops__["deepspeed_shm_comm"] = False
        config = {"train_micro_batch_size_per_gpu": 1, "steps_per_print": 10 ** 9, "wall_clock_breakdown": False,
                  "zero_optimization": {"stage": 3, "stage3_param_persistence_threshold": 0}}
        engine, *_ = deepspeed.initialize(model=model, config=config, dist_init_required=False)
        engine.eval()
        return engine, "deepspeed.initialize(ZeRO-3, persistence threshold 0), gloo 1 rank, engine(inputs)"
    raise ValueError(strategy)


# ---------------------------------------------------------------------------------------------------- one run

def _outside(model, site) -> str:
    if not site.get("probe"):
        return ""
    try:
        return describe(resolve_quietly(_owner(model, site["cls"]), site["probe"]))
    except Exception as caught:  # noqa: BLE001
        return f"probe failed: {type(caught).__name__}: {caught}"


def _owner(model, cls):
    for sub in model.modules():
        if isinstance(sub, cls):
            return sub
    raise LookupError(cls.__name__)


def run_one(site: dict, strategy: str) -> dict:
    import torch

    record = {"site": site["name"], "strategy": strategy, "row": site["rows"].get(strategy),
              "file": site["file"], "line": site["line"], "class": site["cls"].__name__, "method": site["method"]}
    function = site["cls"].__dict__[site["method"]]

    def build():
        torch.manual_seed(site.get("seed", 0))
        model = site["build"]()
        return model.eval()

    def inputs():
        torch.manual_seed(1234)
        return site["inputs"]()

    def call(entry, args, kwargs):
        torch.manual_seed(99)
        with torch.no_grad():
            return entry(*args, **kwargs)

    # reference
    model = build()
    state = {k: v.clone() for k, v in model.state_dict().items()}
    args, kwargs = inputs()
    tracer = LineTracer(function, site["line"], site.get("probe"))
    try:
        with tracer:
            reference = call(site["entry"](model) if site.get("entry") else model, args, kwargs)
    except Exception as error:  # noqa: BLE001
        reference_error = f"{type(error).__name__}: {str(error).splitlines()[0][:200] if str(error) else ''}"
        frames = traceback.extract_tb(error.__traceback__)
        where = [f"{Path(f.filename).name}:{f.lineno}" for f in frames][-1:]
        record.update(verdict="unsure", why="fails without offloading too", reference_hits=tracer.hits,
                      evidence=f"un-offloaded forward raises {reference_error} at {where} (row's line ran "
                               f"{tracer.hits}x before)")
        # the offloaded run all the same: does it fail the same way, after the row's line?
        del model
        model = build()
        entry, how = apply(strategy, model, site)
        args, kwargs = inputs()
        tracer = LineTracer(function, site["line"], site.get("probe"))
        try:
            with tracer:
                call(entry, args, kwargs)
            record["evidence"] += "; offloaded forward completes"
        except Exception as caught:  # noqa: BLE001
            message = f"{type(caught).__name__}: {str(caught).splitlines()[0][:200] if str(caught) else ''}"
            frames = traceback.extract_tb(caught.__traceback__)
            at = [f"{Path(f.filename).name}:{f.lineno}" for f in frames][-1:]
            same = "the same error" if message == reference_error and at == where else f"{message} at {at}"
            record["evidence"] += (f"; under {how}: row's line ran {tracer.hits}x (state after it: "
                                   f"{tracer.after[:1]}), then {same}")
        return record
    record["reference_hits"] = tracer.hits
    record["reference_state"] = tracer.after[:1]
    del model

    # offloaded
    model = build()
    same = all(torch.equal(state[k], v) for k, v in model.state_dict().items())
    record["same_weights"] = same
    entry, how = apply(strategy, model, site)
    record["how"] = how
    record["state_before_forward"] = _outside(model, site)
    args, kwargs = inputs()
    tracer = LineTracer(function, site["line"], site.get("probe"))
    started = time.perf_counter()
    if site.get("entry"):  # a public method of the model, not its forward (ZeRO-3: of the engine's module)
        entry = site["entry"](model)
    try:
        with tracer:
            result = call(entry, args, kwargs)
        error = None
    except Exception as caught:  # noqa: BLE001
        error = caught
        result = None
    record["seconds"] = round(time.perf_counter() - started, 2)
    # the same tensor outside any forward (before and after this one): shows the strategy is live on this module
    record["state_outside_forward"] = _outside(model, site)
    record["hits"] = tracer.hits
    record["state_before_line"] = tracer.before[:1]
    record["state_after_line"] = tracer.after[:1]
    if error is not None:
        frames = traceback.extract_tb(error.__traceback__)
        through = any(os.path.samefile(f.filename, site["file"]) and f.lineno == site["line"]
                      for f in frames if os.path.exists(f.filename))
        last_site = [f"{Path(f.filename).name}:{f.lineno}" for f in frames][-4:]
        message = f"{type(error).__name__}: {str(error).splitlines()[0][:300] if str(error) else ''}"
        record["evidence"] = f"raises {message} (traceback ends {' <- '.join(reversed(last_site))})"
        if through:
            record.update(verdict="positive", why="raises through the row's line")
        else:
            record.update(verdict="unsure", why="breaks elsewhere, not through the row's line")
        return record
    diff, notes = compare(reference, result, site.get("outputs"))
    if site.get("outputs") is not None:
        notes = (notes + "; " if notes else "") + f"outputs compared: {site['outputs']} ({site.get('outputs_why', '')})"
    record["max_abs_diff"] = diff
    if tracer.hits == 0:
        record.update(verdict="unsure", why="the row's line is not reached by forward",
                      evidence=f"forward completes, line not run; max abs diff {diff:.3g}")
        return record
    if diff is not None and diff > TOL:
        record.update(verdict="positive", why="silently wrong output",
                      evidence=f"forward completes, line ran {tracer.hits}x, max abs diff {diff:.3g} vs un-offloaded "
                               f"{notes}".strip())
    else:
        record.update(verdict="negative", why="line ran inside forward, output matches",
                      evidence=f"forward completes, line ran {tracer.hits}x, max abs diff {diff:.3g} vs un-offloaded"
                               + (f" ({notes})" if notes else ""))
    return record


# ---------------------------------------------------------------------------------------------------- driver

def main(sites: list[dict], script: str) -> None:
    argv = sys.argv[1:]
    if argv and argv[0] == "--one":
        _prepare_path()
        os.environ.setdefault("DS_ACCELERATOR", "cpu")
        name, strategy = argv[1], argv[2]
        site = next(s for s in sites if s["name"] == name)
        try:
            record = run_one(site, strategy)
        except Exception as error:  # noqa: BLE001
            record = {"site": name, "strategy": strategy, "row": site["rows"].get(strategy), "verdict": "unsure",
                      "why": "harness error", "evidence": f"{type(error).__name__}: {str(error)[:300]}",
                      "trace": traceback.format_exc()[-1500:]}
        print("RESULT " + json.dumps(record, default=str), flush=True)
        sys.stdout.flush()
        os._exit(0)  # tearing down a process group can block
    wanted = set(argv)
    for site in sites:
        if wanted and site["name"] not in wanted:
            continue
        for strategy in STRATEGIES:
            if strategy not in site["rows"]:
                continue
            env = dict(os.environ, DS_ACCELERATOR="cpu", RANK="0", LOCAL_RANK="0", WORLD_SIZE="1",
                       LOCAL_WORLD_SIZE="1", MASTER_ADDR="127.0.0.1", MASTER_PORT="29533")
            started = time.perf_counter()
            try:
                done = subprocess.run([sys.executable, script, "--one", site["name"], strategy], env=env,
                                      capture_output=True, text=True, timeout=600)
                lines = [l for l in done.stdout.splitlines() if l.startswith("RESULT ")]
                if lines:
                    record = json.loads(lines[-1][len("RESULT "):])
                else:
                    record = {"site": site["name"], "strategy": strategy, "row": site["rows"][strategy],
                              "verdict": "unsure", "why": "no result",
                              "evidence": (done.stderr or done.stdout)[-600:]}
            except subprocess.TimeoutExpired:
                record = {"site": site["name"], "strategy": strategy, "row": site["rows"][strategy],
                          "verdict": "unsure", "why": "timed out (600 s)", "evidence": ""}
            record["wall"] = round(time.perf_counter() - started, 1)
            print(json.dumps(record, default=str), flush=True)
