"""The strategies run in the linter's process (accelerate's sequential offload, model CPU offload) use one torch thread
while they run, and give the caller its thread count back: the per-target limit counts CPU time, which idle intra-op
threads on a busy machine used up."""

from __future__ import annotations

import types

import pytest

torch = pytest.importorskip("torch")

from offload_lint.confirm import strategies  # noqa: E402
from offload_lint.confirm.scenario import CheckConfig  # noqa: E402


def test_an_in_process_strategy_runs_with_one_thread_and_restores_the_count(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def run(target, scenario, options, factory, overrides):
        seen.append(torch.get_num_threads())
        return "result"

    fake = types.SimpleNamespace(run=run, backend=lambda: "cpu")
    monkeypatch.setattr(strategies.importlib, "import_module", lambda name: fake)
    previous = torch.get_num_threads()
    torch.set_num_threads(2)
    try:
        request = strategies.StrategyRequest("model-cpu-offload", object(), (), CheckConfig())
        assert strategies._run_in_process(request) == "result"
        assert seen == [1]
        assert torch.get_num_threads() == 2
    finally:
        torch.set_num_threads(previous)
