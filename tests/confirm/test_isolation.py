"""Each module's checks run in a child process: a check that takes too much memory, crashes or hangs is
`untriggered` saying so, and every other check keeps its verdict."""

import signal
import time

import confirm_isolation
import pytest
from offload_lint.confirm import confirm_findings
from offload_lint.confirm.config import ConfirmConfig, parse_confirm_table
from offload_lint.confirm.isolate import Limits, fork_available, private_memory_mib, run_isolated
from offload_lint.confirm.report import UNTRIGGERED, LevelResult
from offload_lint.finding import Finding
from tests.lines import line_of

pytestmark = pytest.mark.skipif(not fork_available(), reason="needs fork and /proc/<pid>/smaps_rollup (Linux)")

MODELS = confirm_isolation.__file__




def finding(cls: str, tag: str) -> Finding:
    line = line_of(MODELS, tag)
    return Finding(MODELS, line, 9, line, 30, "OFL101", "rule", "msg", class_name=cls, method="scale",
                   levels=("block", "leaf"), attribute="mean", module="confirm_isolation")


def test_a_crash_and_a_memory_hog_do_not_cost_the_other_verdicts():
    findings = [finding("CrashingNormalizer", "CRASH_LINE"), finding("HungryNormalizer", "HUNGRY_LINE"),
                finding("SteadyNormalizer", "STEADY_LINE")]
    pairs = confirm_findings(findings, backend="tracking", config=ConfirmConfig(memory_limit=512))
    verdicts = {f.class_name: v for f, v in pairs}
    crashed, hungry, steady = (verdicts[name] for name in ("CrashingNormalizer", "HungryNormalizer",
                                                           "SteadyNormalizer"))
    assert crashed.verdict == UNTRIGGERED and crashed.evidence.count("process died (SIGSEGV) at ") == 2, crashed.evidence
    assert "confirm_isolation.py:" in crashed.evidence and "(scale)" in crashed.evidence
    assert hungry.verdict == UNTRIGGERED and hungry.evidence.count("exceeded memory limit (512 MiB)") == 2, \
        hungry.evidence
    assert steady.verdict == "confirmed" and "(line match)" in steady.evidence, steady.evidence


def test_in_one_process_when_isolation_is_off():
    """`isolate = false` runs the checks here: the crash would end this test process, so only the steady one."""
    pairs = confirm_findings([finding("SteadyNormalizer", "STEADY_LINE")], backend="tracking",
                             config=ConfirmConfig(isolate=False))
    assert pairs[0][1].verdict == "confirmed"


def _stuck_or_fine(key: str, needs_tracking: set[str]) -> LevelResult:
    if key == "stuck":  # waits where the check's own limits cannot reach it (a hang in native code)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGPROF, signal.SIGALRM})
        time.sleep(60)
    needs_tracking.add(key)
    return LevelResult("block", "tracking", "refuted", f"{key} ran", True)


def test_a_hung_check_is_stopped_at_the_wall_clock_limit_and_the_next_one_runs():
    started = time.monotonic()
    results = run_isolated(["first", "stuck", "last"], lambda key: "one module", _stuck_or_fine,
                           lambda key, why: LevelResult("block", "tracking", UNTRIGGERED, why, False, error=why),
                           Limits(memory_mib=None, timeout=0.1, grace=1.0))
    assert time.monotonic() - started < 30
    assert results["first"].verdict == results["last"].verdict == "refuted"
    assert results["stuck"].verdict == UNTRIGGERED
    assert results["stuck"].evidence == "timed out: the check's process was stopped after 2 s of wall-clock time"


def test_private_memory_counts_what_the_process_holds():
    import os

    # Large against what a long test session frees meanwhile (torch's pools): 64 MiB held read as 40 MiB more once.
    before = private_memory_mib(os.getpid())
    held = b"\x01" * (256 * 2**20)
    after = private_memory_mib(os.getpid())
    assert before is not None and after is not None and after - before > 160
    del held


def test_memory_limit_and_isolation_are_settings():
    assert parse_confirm_table({}).memory_limit == 4096 and parse_confirm_table({}).isolate
    config = parse_confirm_table({"memory_limit": 1024, "isolate": False})
    assert config.memory_limit == 1024 and not config.isolate
    assert parse_confirm_table({"memory_limit": 0}).memory_limit is None
    for bad in ({"memory_limit": "4G"}, {"memory_limit": -1}, {"isolate": "yes"}):
        with pytest.raises(ValueError):
            parse_confirm_table(bad)


def test_a_child_that_ends_before_its_first_check_does_not_loop(monkeypatch):
    """A child that exits at once (its start-up failed) is charged to the next check, and the run moves on."""
    import offload_lint.confirm.isolate as isolate

    monkeypatch.setattr(isolate, "_child", lambda *args: None)
    results = run_isolated(["a", "b"], lambda key: "m", _stuck_or_fine,
                           lambda key, why: LevelResult("block", "tracking", UNTRIGGERED, why, False, error=why),
                           Limits(memory_mib=None, timeout=None))
    assert [results[key].evidence for key in ("a", "b")] == [
        "the check's process exited with status 0 before the check ended"] * 2


def test_checks_that_will_use_cuda_run_in_this_process(monkeypatch):
    """A child forked after the parent touched CUDA cannot start it ("Cannot re-initialize CUDA in forked
    subprocess": every finding of the first GPU run came back untriggered so): with CUDA there, auto and cuda
    checks stay in this process; the CPU backends keep their children."""
    import torch

    from offload_lint.confirm.isolate import forks_for

    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert not forks_for("auto") and not forks_for("cuda")
    assert forks_for("tracking") and forks_for("fake-cuda")
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert forks_for("auto")
