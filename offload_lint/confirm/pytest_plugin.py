"""pytest plugin: the ``offload_confirm`` fixture.

    def test_scale_is_safe(offload_confirm):
        offload_confirm.assert_refuted("mypkg.mod:Normalizer", "scale")

Factories and calls come from ``[tool.offload-lint.confirm]`` of the project's pyproject.toml.
"""

from __future__ import annotations

from typing import Any

import pytest

from .config import ConfirmConfig, load_confirm_config


class OffloadConfirm:
    """What the fixture hands a test: ``confirm`` with the project's configuration applied."""

    def __init__(self, config: ConfirmConfig):
        self.config = config

    def __call__(self, target: Any, method: str, **kwargs: Any) -> Any:
        from .build import target_label
        from .engine import confirm

        target_config = self.config.for_target(target_label(target))
        kwargs.setdefault("factory", target_config.factory)
        kwargs.setdefault("call", target_config.call)
        kwargs.setdefault("backend", self.config.backend)
        kwargs.setdefault("level", self.config.level)
        if target_config.steps and "steps" not in kwargs:
            kwargs["steps"] = [*target_config.steps, (method, kwargs["call"])]
        return confirm(target, method, **kwargs)

    def assert_confirmed(self, target: Any, method: str, **kwargs: Any) -> Any:
        report = self(target, method, **kwargs)
        assert report.verdict == "confirmed", report.to_text()
        return report

    def assert_refuted(self, target: Any, method: str, **kwargs: Any) -> Any:
        report = self(target, method, **kwargs)
        assert report.verdict == "refuted", report.to_text()
        return report

    def pipeline(self, pipeline: Any, run: Any, **kwargs: Any) -> Any:
        from .pipeline import confirm_pipeline

        return confirm_pipeline(pipeline, run, **kwargs)


@pytest.fixture
def offload_confirm(request: pytest.FixtureRequest) -> OffloadConfirm:
    """Run a method under diffusers' real group offloading; see ``offload_lint.confirm.confirm``."""
    pytest.importorskip("torch")
    pytest.importorskip("diffusers")
    return OffloadConfirm(load_confirm_config(request.config.rootpath))
