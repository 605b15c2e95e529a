"""A component's submodule called after the component's own forward in the same pipeline method: model CPU offload and
FSDP2 keep the top group onloaded there (``Strategy.top_group_after_forward``), so those strategies are left out of
the finding, or the finding is kept suppressed with the forward's line. The order itself (:mod:`analyze.call_order`)
on the shapes the fixture does not hold. Fixture: fixtures/strategies/after_own_forward.py (its markers are checked
per strategy by tests/test_strategies.py)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from offload_lint.analyze.call_order import OrderQuestion, forward_before
from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.strategies import STRATEGIES, AfterForward, parse_strategies
from tests.lines import line_of

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "strategies" / "after_own_forward.py"


def _lint(strategies: str, show_suppressed: bool = True):
    options = Options(paths=[str(FIXTURE)], settings=Settings(levels=parse_strategies(strategies)), jobs=1,
                      show_suppressed=show_suppressed)
    return lint(options).findings


def test_only_the_strategies_that_keep_the_top_group_after_forward_say_so():
    keeping = {s.name for s in STRATEGIES if s.top_group_after_forward is not AfterForward.RELEASED}
    assert keeping == {"model-cpu-offload", "fsdp2"}


@pytest.mark.parametrize("strategy", ["model-cpu-offload", "fsdp2"])
def test_a_call_after_the_forward_is_kept_suppressed_with_the_forward_line(strategy):
    (finding,) = [f for f in _lint(strategy) if f.method == "project_after"]
    forward = line_of(FIXTURE, "def project_after(") + 1
    assert finding.suppressed_by == f"self.text_encoder(...) on line {forward} runs first, and " \
                                    f"{'model CPU offload' if strategy == 'model-cpu-offload' else 'FSDP2'} keeps its weights onloaded after it"
    assert all(f.method != "project_after" for f in _lint(strategy, show_suppressed=False))


def test_a_finding_left_for_other_strategies_names_the_ones_left_out():
    (finding,) = [f for f in _lint("all") if f.method == "project_after"]
    assert finding.levels == ("block",)
    assert "Not under model CPU offload and FSDP2: self.text_encoder(...) on line" in finding.message


def test_the_message_under_model_cpu_offload_gives_its_own_fixes():
    (finding,) = [f for f in _lint("model-cpu-offload") if f.method == "project_before"]
    assert "block_modules" not in finding.message and "unmatched group" not in finding.message, finding.message
    assert "make the call after self.text_encoder(...) in this method" in finding.message
    assert "until another model's hook offloads them" in finding.message


def test_a_submodule_handed_to_a_call_is_worded_for_the_strategy():
    (finding,) = [f for f in _lint("fsdp2") if f.method == "project_handed"]
    assert "unmatched group" not in finding.message and "leaf level" not in finding.message, finding.message
    assert "FSDP2 leaves the weights onloaded after it, until a backward reshards them" in finding.message


def _question(tmp_path: Path, source: str, marker: str, offloaders: frozenset[str] | None,
              methods: frozenset[str] = frozenset()) -> OrderQuestion:
    path = tmp_path / "pipeline.py"
    path.write_text(textwrap.dedent(source))
    line = line_of(path, marker)
    column = path.read_text().splitlines()[line - 1].index("self.text_encoder.")
    method_line = line_of(path, "def run(")
    return OrderQuestion(str(path), method_line, "text_encoder", line, column, forward_attribute=True,
                         offloaders=offloaders, methods=methods)


def test_a_forward_inside_a_with_block_runs_before(tmp_path):
    question = _question(tmp_path, """
        class P:
            def run(self, ids):
                with torch.no_grad():
                    out = self.text_encoder(ids)
                return self.text_encoder.final_norm(out)  # TOUCH
        """, "# TOUCH", offloaders=frozenset())
    assert forward_before(question) == line_of(tmp_path / "pipeline.py", "out = self.text_encoder(ids)")


def test_a_forward_in_a_short_circuited_operand_or_a_lambda_does_not(tmp_path):
    question = _question(tmp_path, """
        class P:
            def run(self, ids, cached):
                out = cached or self.text_encoder(ids)
                later = lambda: self.text_encoder(ids)
                return self.text_encoder.final_norm(out)  # TOUCH
        """, "# TOUCH", offloaders=frozenset())
    assert forward_before(question) is None


def test_a_touch_in_a_lambda_runs_when_the_lambda_does(tmp_path):
    question = _question(tmp_path, """
        class P:
            def run(self, ids):
                out = self.text_encoder(ids)
                norm = lambda h: self.text_encoder.final_norm(h)  # TOUCH
                return norm
        """, "# TOUCH", offloaders=frozenset())
    assert forward_before(question) is None


def test_a_nested_function_handed_on_may_run_anywhere(tmp_path):
    question = _question(tmp_path, """
        class P:
            def run(self, ids, apply):
                def norm(h):
                    return self.text_encoder.final_norm(h)  # TOUCH
                out = self.text_encoder(ids)
                return apply(norm, out)
        """, "# TOUCH", offloaders=frozenset())
    assert forward_before(question) is None


def test_another_method_in_between_may_run_another_model(tmp_path):
    source = """
        class P:
            def run(self, ids):
                out = self.text_encoder(ids)
                self.encode_image(ids)
                return self.text_encoder.final_norm(out)  # TOUCH
        """
    kept_until_another = _question(tmp_path, source, "# TOUCH", offloaders=frozenset({"unet"}),
                                   methods=frozenset({"run", "encode_image"}))
    assert forward_before(kept_until_another) is None
    kept = _question(tmp_path, source, "# TOUCH", offloaders=None, methods=frozenset({"run", "encode_image"}))
    assert forward_before(kept) == line_of(tmp_path / "pipeline.py", "out = self.text_encoder(ids)")


def test_a_tokenizer_call_in_between_offloads_nothing(tmp_path):
    question = _question(tmp_path, """
        class P:
            def run(self, ids, text):
                out = self.text_encoder(ids)
                more = self.tokenizer(text)
                return self.text_encoder.final_norm(out), more  # TOUCH
        """, "# TOUCH", offloaders=frozenset({"unet"}), methods=frozenset({"run"}))
    assert forward_before(question) is not None


def test_the_fix_names_the_methods_the_strategy_hooks_as_the_semantics_read_them():
    """A method registered with ``register_fsdp_forward_method`` (here declared on the command line) runs the root's
    hooks: the fix offers it, read from the same declarations the rules use."""
    from offload_lint.strategies import Declarations

    def fix_of(declarations: Declarations) -> str:
        settings = Settings(levels=parse_strategies("fsdp2"), declarations=declarations)
        (finding,) = [f for f in lint(Options(paths=[str(FIXTURE)], settings=settings, jobs=1)).findings
                      if f.method == "project_before"]
        return finding.message[finding.message.index("Fix:"):]

    registered = "go through a method its hook runs around (self.text_encoder.get_input_embeddings())"
    assert registered not in fix_of(Declarations())
    assert registered in fix_of(Declarations(fsdp_forward_methods=frozenset({"get_input_embeddings"})))
