"""The focused snippet: only the statements that matter, at their own line numbers."""

from __future__ import annotations

import ast
import textwrap

from offload_lint.analyze.snippet import method_snippet
from offload_lint.analyze.collect import collect_method

SOURCE = textwrap.dedent('''
    class Pipeline:
        def __call__(self, prompt, n):
            scale = 1.0
            if n:
                mean = self.vae.latents_mean
                other = 3
            else:
                other = 4
            for step in range(3):
                scale = scale + 1
                shifted = mean * scale
            try:
                other = 1
            except ValueError:
                pass
            embed = self.text_encoder.get_input_embeddings()
            tokens = embed(prompt)
            if n: extra = self.vae.latents_std
            return tokens + self.unet(shifted)
''').lstrip("\n")
LINES = SOURCE.splitlines(keepends=True)
FOCUS = frozenset({"self.vae.latents_mean", "self.vae.latents_std", "self.text_encoder.get_input_embeddings"})


def focused() -> list[str]:
    snippet, offset = method_snippet(LINES, 2, len(LINES), FOCUS)
    assert offset == 0
    return snippet.splitlines()[1:]  # drop the wrapping ``class _:``


def test_focused_snippet_parses_and_keeps_line_numbers():
    kept = focused()
    ast.parse("class _:\n" + "\n".join(kept))
    assert len(kept) == len(LINES) - 1
    for number, line in enumerate(kept, start=2):
        assert line == "" or line.strip() == "pass" or line == LINES[number - 1].rstrip("\n")


def test_focused_snippet_keeps_what_the_focus_needs():
    text = "\n".join(focused())
    assert "mean = self.vae.latents_mean" in text
    assert "shifted = mean * scale" in text, "uses of a kept statement's names stay"
    assert "tokens = embed(prompt)" in text, "an alias of a component's submodule is followed"
    assert "if n: extra = self.vae.latents_std" in text, "a one-line compound statement stays whole"
    assert "other = 1" not in text and "scale = 1.0" not in text


def test_focus_gives_the_same_accesses_for_the_focused_chains():
    full = collect_method(LINES, 2, len(LINES), "self").accesses
    reduced = collect_method(LINES, 2, len(LINES), "self", FOCUS).accesses
    wanted = {"latents_mean", "latents_std", "get_input_embeddings()"}

    def relevant(accesses):
        return sorted((a.chain, a.range.start.line, a.range.start.column) for a in accesses
                      if len(a.chain) > 1 and a.chain[1] in wanted)

    assert relevant(reduced) == relevant(full) and relevant(full)


def test_unparsable_focus_falls_back_to_the_whole_method(monkeypatch):
    """A focused snippet libcst refuses: the whole method is parsed instead, and its accesses found."""
    from offload_lint.analyze import collect

    lines = ["    def f(self):\n", "        return self.vae.latents_mean\n"]
    whole = collect.method_snippet

    def refused_when_focused(lines, start, end, focus=None):
        return ("    def f(self):\n        return (\n", 0) if focus else whole(lines, start, end)

    monkeypatch.setattr(collect, "method_snippet", refused_when_focused)
    (access,) = collect_method(lines, 1, 2, "self", frozenset({"self.vae.latents_mean"})).accesses
    assert access.chain[:2] == ("vae", "latents_mean") and access.range.start.line == 2
