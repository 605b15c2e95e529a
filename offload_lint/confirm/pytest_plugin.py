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
        from .runner import confirm

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


# --- readiness rows as test items (``--offload-readiness PATH``) ------------------------------------------------
# One item per pipeline × component × level, so pytest-xdist spreads them over workers (each worker collects
# the same rows: the static assessment is deterministic). An item passes, fails or skips with the row's runtime
# verdict (passes / fails / unknown); the row, as readiness's json, is attached to the report
# (``user_properties``), which xdist sends back to the controller.
READINESS_MARKER = "offload_readiness"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("offload-readiness", "group-offloading readiness of diffusers pipelines, run on CPU")
    group.addoption("--offload-readiness", action="append", default=[], metavar="PATH",
                    help="collect one item per pipeline x component x level of the pipelines in PATH (repeatable)")
    group.addoption("--offload-readiness-pipeline", action="append", default=[], metavar="NAME",
                    help="only these pipeline classes (repeatable)")
    group.addoption("--offload-readiness-tests", default=None, metavar="DIR",
                    help="a diffusers checkout: build each pipeline from its test's dummies")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"{READINESS_MARKER}: a readiness row run under group offloading")


@pytest.hookimpl(tryfirst=True)  # before -k / -m deselect: the rows are selectable like any item
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    paths = config.getoption("offload_readiness", default=None)
    if not paths:
        return
    collector = ReadinessRows.from_parent(session, name="offload-readiness", nodeid="offload-readiness")
    items.extend(collector.collect())


class ReadinessRows(pytest.Collector):
    def collect(self) -> list[pytest.Item]:
        from ..readiness import assess_paths
        from ..readiness.model import Verdict

        config = self.config
        only = set(config.getoption("offload_readiness_pipeline")) or None
        run = assess_paths(list(config.getoption("offload_readiness")), only=only)
        items: list[pytest.Item] = []
        for pipeline in sorted(run.pipelines, key=lambda p: p.qualified):
            for row in pipeline.rows:
                if row.streams or row.verdict is Verdict.OPTED_OUT:
                    continue  # streams need an accelerator; an opted-out component is not offloaded
                item = ReadinessItem.from_parent(self, name=f"{pipeline.name}[{row.component}-{row.level}]",
                                                 pipeline=pipeline, row=row)
                item.add_marker(READINESS_MARKER)
                items.append(item)
        return items


class ReadinessItem(pytest.Item):
    def __init__(self, *, pipeline: Any, row: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pipeline = pipeline
        self.row = row

    def runtest(self) -> None:
        from .readiness import row_job, run_jobs

        job = row_job(self.pipeline, self.row)
        outcome = run_jobs([job], tests_dir=self.config.getoption("offload_readiness_tests"))[job]
        self.user_properties.append(("offload_readiness", {**self.row.to_json(), "runtime": outcome.to_json()}))
        if outcome.verdict == "unknown":
            pytest.skip(outcome.evidence)
        if outcome.verdict == "fails":
            raise ReadinessFailure(outcome)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ReadinessFailure):
            outcome = excinfo.value.outcome
            static = self.row.verdict.value
            trace = "\n".join(f"  {step}" for step in outcome.trace)
            return (f"{self.row.component} fails under {self.row.level}-level group offloading (static verdict: "
                    f"{static})\n{outcome.evidence}\ntrace:\n{trace}")
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[str, int, str]:
        return self.pipeline.path, self.pipeline.line - 1, self.name


class ReadinessFailure(Exception):
    def __init__(self, outcome: Any):
        super().__init__(outcome.evidence)
        self.outcome = outcome
