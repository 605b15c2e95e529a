"""Incremental analysis: after an edit, only the files the edit can reach are analysed again, and
the answer is the cold run's, byte for byte."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Linter, Options, lint
from offload_lint.report.json_format import render as render_json

FILES = {
    "base.py": '''
        import torch
        from torch import nn


        class Base(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = nn.Parameter(torch.ones(4))
    ''',
    "child.py": '''
        from base import Base


        class Child(Base):
            def forward(self, x):
                return x * self.scale

            def rescale(self, x):
                return x * self.scale
    ''',
    "holder.py": '''
        import torch
        from torch import nn

        from child import Child


        class Holder(nn.Module):
            def __init__(self):
                super().__init__()
                self.child = Child()
                self.proj = nn.Linear(4, 4)

            def forward(self, x):
                return self.proj(self.child(x))

            def run(self, x):
                return self.child.rescale(x)
    ''',
}
# Files no edit below reaches (the test for a changed import edits one of them).
UNRELATED = '''
        import torch
        from torch import nn


        class Other{number}(nn.Module):
            def __init__(self):
                super().__init__()
                self.bias = nn.Parameter(torch.zeros(4))

            def forward(self, x):
                return x + self.bias

            def shifted(self, x):
                return x + self.bias
'''
FILES.update({f"unrelated{number}.py": UNRELATED.format(number=number) for number in range(4)})


@pytest.fixture
def project(tmp_path) -> Path:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    for name, text in FILES.items():
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip())
    return tmp_path


@pytest.fixture
def analysed(monkeypatch) -> list[set[str] | None]:
    """The ``only`` set of each analysis in this process (None: every file)."""
    seen: list[set[str] | None] = []
    original = Linter._analyze

    def spying(self, entries, only=None):
        seen.append(None if only is None else {Path(path).name for path in only})
        return original(self, entries, only)

    monkeypatch.setattr(Linter, "_analyze", spying)
    return seen


def report(project: Path, cache: Path | None) -> str:
    result = lint(Options(paths=[str(project)], settings=Settings(), jobs=1, cache_dir=cache))
    out = io.StringIO()
    render_json(result, out)
    return out.getvalue()


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("file, old, new, reanalysed", [
    # A base class: its subclass (and what holds that) are analysed again.
    ("base.py", "nn.Parameter(torch.ones(4))", "2.0", {"base.py", "child.py", "holder.py"}),
    # A component class: the class holding it, and the component itself.
    ("child.py", "rescale(self, x):\n        return x * self.scale", "rescale(self, x):\n        return x",
     {"base.py", "child.py", "holder.py"}),
    # A caller moves: the component's findings name its call site.
    ("holder.py", "    def run(", "\n\n    def run(", {"base.py", "child.py", "holder.py"}),
])
def test_an_edit_reanalyses_its_dependents_and_gives_the_cold_answer(project, tmp_path, analysed, file, old, new,
                                                                      reanalysed):
    cache = tmp_path / "cache"
    before = report(project, cache)
    edit(project / file, old, new)
    analysed.clear()
    after = report(project, cache)
    assert analysed == [reanalysed], "the unrelated file's findings are taken from the last run"
    assert after == report(project, None)
    assert after != before


def test_a_removed_file_takes_its_findings_and_its_dependents_along(project, tmp_path):
    cache = tmp_path / "cache"
    report(project, cache)
    (project / "holder.py").unlink()
    after = report(project, cache)
    assert "holder.py" not in after
    assert after == report(project, None)


def test_a_changed_import_analyses_everything(project, tmp_path, analysed):
    cache = tmp_path / "cache"
    report(project, cache)
    edit(project / "unrelated0.py", "import torch\n", "import torch\nimport math\n")
    analysed.clear()
    after = report(project, cache)
    assert analysed == [None]
    assert after == report(project, None)


def test_random_blank_lines_give_the_cold_answer(project, tmp_path):
    """Blank lines anywhere move findings in the edited file and in the files that name its lines."""
    import random

    cache = tmp_path / "cache"
    report(project, cache)
    chooser = random.Random(7)
    for _ in range(8):
        path = project / chooser.choice(sorted(FILES))
        lines = path.read_text().split("\n")
        lines.insert(chooser.randrange(len(lines)), "")
        path.write_text("\n".join(lines))
        assert report(project, cache) == report(project, None), path.name


def test_a_run_over_some_files_keeps_the_state_of_the_whole_project(project, tmp_path, analysed):
    """pre-commit lints the staged files only; the next run over the whole project is still incremental."""
    cache = tmp_path / "cache"
    report(project, cache)
    edit(project / "holder.py", "    def run(", "\n    def run(")
    lint(Options(paths=[str(project / "holder.py")], settings=Settings(), jobs=1, cache_dir=cache))
    analysed.clear()
    after = report(project, cache)
    assert analysed == [{"base.py", "child.py", "holder.py"}]
    assert after == report(project, None)


def test_a_file_asked_after_an_edit_brings_the_whole_answer_up_to_date(project, tmp_path, analysed):
    """flake8 asks file by file. After an edit, the first file asked updates the whole project's answer
    incrementally (the edited file and its dependents) and stores it: the next file is read from the cache."""
    from offload_lint.engine import lint_files
    from offload_lint.result import whole_project_answer

    cache = tmp_path / "cache"
    report(project, cache)
    edit(project / "child.py", "rescale(self, x):\n        return x * self.scale", "rescale(self, x):\n        return x")
    files = sorted(str(path) for path in project.glob("*.py"))
    holder = str(project / "holder.py")
    assert whole_project_answer([holder], files, Settings(), cache) is None
    analysed.clear()
    asked = lint_files([holder], files, Settings(), cache_dir=cache, discovered=True)
    assert analysed == [{"base.py", "child.py", "holder.py"}]
    whole = lint(Options(paths=files, settings=Settings(), jobs=1, cache_dir=None, discovered=True))
    assert asked.findings == whole.restricted_to([holder]).findings
    stored = whole_project_answer([str(project / "child.py")], files, Settings(), cache)
    assert stored is not None and stored.findings == whole.restricted_to([str(project / "child.py")]).findings


def test_a_file_asked_without_a_whole_run_stores_nothing(project, tmp_path, analysed):
    """With no whole run's state in the cache (an editor's first file), only the file asked is analyzed."""
    from offload_lint.engine import lint_files
    from offload_lint.result import whole_project_answer

    cache = tmp_path / "cache"
    files = sorted(str(path) for path in project.glob("*.py"))
    lint_files([str(project / "holder.py")], files, Settings(), cache_dir=cache, discovered=True)
    assert analysed and analysed[0] is not None and "unrelated0.py" not in analysed[0]
    assert whole_project_answer([str(project / "holder.py")], files, Settings(), cache) is None


def test_an_edit_elsewhere_in_a_file_reuses_its_unchanged_methods_libcst_results(project, tmp_path, monkeypatch):
    """A method whose text an edit left as it was takes its result from the file's previous version, moved to
    its new lines (no libcst); the method the edit changed is parsed again. Both give the cold answer."""
    from offload_lint import engine

    cache = tmp_path / "cache"
    report(project, cache)
    parsed: list[list] = []
    original = engine._libcst_pass()

    class Spy:
        @staticmethod
        def collect_files(jobs):
            parsed.append([(Path(path).name, [job[:2] for job in methods]) for path, methods, _ in jobs])
            return original.collect_files(jobs)

    monkeypatch.setattr(engine, "_libcst_pass", lambda: Spy)

    def parsed_after(old: str, new: str) -> set[str]:
        """The files whose methods the incremental run after the edit parsed (the cold run's answer checked too)."""
        edit(project / "child.py", old, new)
        parsed.clear()
        warm = report(project, cache)
        files = {name for call in parsed for name, jobs in call if jobs}
        assert warm == report(project, None)
        return files

    assert parsed_after("class Child(Base):\n", "\n\nclass Child(Base):\n") == set(), "above every method: reused"
    # The look-alike: a blank line inside rescale() changes its text, which libcst parses again.
    assert parsed_after("def rescale(self, x):\n", "def rescale(self, x):\n\n") == {"child.py"}


FOLD = {
    "folded.py": '''
        import torch
        from torch import nn


        class Folded(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(4, 4, 3)
                self.scale = nn.Parameter(torch.ones(4, 1, 1, 1))

            def forward(self, x):
                return self.conv(x)

            def fold(self):
                self.folded = self.scale * self.conv.weight  # kept beside the conv, on the CPU after offloading


        def build():
            model = Folded()
            model.fold()
            return model
    ''',
}
LATE = '''
    from diffusers.hooks import apply_group_offloading

    from folded import build

    model = build()
    apply_group_offloading(model, onload_device="cuda", offload_type="leaf_level")
    print(model)
'''


def test_a_new_caller_elsewhere_undoes_a_suppression_by_callers(tmp_path, analysed):
    """A fold whose only caller is a loader is suppressed; a script (a file the class graph does not link to it)
    edited to call it after offloading makes the warm run report it as the cold run does."""
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    for name, text in {**FOLD, **{f"unrelated{n}.py": UNRELATED.format(number=n) for n in range(4)}}.items():
        (project / name).write_text(textwrap.dedent(text).lstrip())
    (project / "late.py").write_text(textwrap.dedent(LATE).lstrip())
    cache = tmp_path / "cache"
    before = report(project, cache)
    assert "fold()" not in before
    edit(project / "late.py", "print(model)", "model.fold()")
    analysed.clear()
    after = report(project, cache)
    assert analysed and analysed[-1] is not None and "folded.py" in analysed[-1]
    assert after == report(project, None)
    assert "fold()" in after


# Signs that read tree-wide name facts (is this method called anywhere, is this class built anywhere): an edit in
# another file that adds or removes the first such call changes the defining file's findings, with no class-graph
# edge between the two files.
NAMED = {
    "model.py": '''
        import torch
        from torch import nn


        class Unet(nn.Module):
            def __init__(self):
                super().__init__()
                self.proj = nn.Linear(4, 4)
                self.null_emb = nn.Parameter(torch.zeros(4))

            def forward(self, x):
                return self.proj(x)

            def _proc_emb_drop(self, feat):
                return feat + self.null_emb


        class Decoder(nn.Module):
            def __init__(self):
                super().__init__()
                self.unet = Unet()

            def forward(self, x):
                return self.unet(x)


        class LegacyUnet(nn.Module):
            def __init__(self):
                super().__init__()
                self.proj = nn.Linear(4, 4)
                self.blocks = nn.ModuleList([nn.Linear(4, 4)])

            def forward(self, x):
                return self.blocks[0](x)

            def project(self, x):
                return self.proj(x)
    ''',
    "scaler.py": '''
        import torch
        from torch import nn


        class Scaler(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = nn.Parameter(torch.ones(4))

            def rescale(self, x):
                return x * self.scale


        def make_scaler():
            return Scaler()
    ''',
    "user.py": '''
        from model import Decoder
        from scaler import Scaler


        class Maker(nn.Module):
            def make(self):
                return None


        def run(x):
            return x


        def registered():
            return "unet"
    ''',
}
# A function of another file calls the method nothing called (code nothing runs until then).
CALLS_METHOD = ("    return x\n", "    return Decoder().unet._proc_emb_drop(x)\n")
# A module of another file builds the helper in a method and hands it on (built by functions only until then).
MODULE_BUILDS = ("        return None\n", "        return Scaler()\n")
# Another file names a class nothing named (a leftover in a file the tree runs until then): a registry string.
NAMES_CLASS = ('    return "unet"\n', '    return "LegacyUnet"\n')


def _named_project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    files = {**NAMED, **{f"unrelated{n}.py": UNRELATED.format(number=n) for n in range(6)}}
    for name, text in files.items():
        (project / name).write_text(textwrap.dedent(text).lstrip())
    user = project / "user.py"
    user.write_text("from torch import nn\n" + user.read_text())
    return project


def suppressed_report(project: Path, cache: Path | None) -> str:
    result = lint(Options(paths=[str(project)], settings=Settings(), jobs=1, cache_dir=cache, show_suppressed=True))
    out = io.StringIO()
    render_json(result, out)
    return out.getvalue()


@pytest.mark.parametrize("change, defining, reason", [
    (CALLS_METHOD, "model.py", "_proc_emb_drop() of Unet is called nowhere"),
    (MODULE_BUILDS, "scaler.py", "built only by functions or plain objects"),
    (NAMES_CLASS, "model.py", "LegacyUnet is named nowhere"),
])
def test_a_name_fact_changed_elsewhere_reanalyses_the_files_that_read_it(tmp_path, analysed, change, defining, reason):
    """Warm runs equal cold ones both ways: the edit adds the name's first use (the suppression's reason goes) and the
    reverse edit removes it (the reason is back), and each time only the reading files are analysed again."""
    project = _named_project(tmp_path)
    cache = tmp_path / "cache"
    assert reason in suppressed_report(project, cache)
    # The reverse edit leaves a comment: the same text as the first run would be answered by that run's result.
    for old, new, holds in ((*change, False), (change[1], change[0] + "# no longer\n", True)):
        edit(project / "user.py", old, new)
        analysed.clear()
        after = suppressed_report(project, cache)
        assert after == suppressed_report(project, None)
        assert (reason in after) is holds
        assert analysed[0] is not None and defining in analysed[0], analysed
        assert not any(name.startswith("unrelated") for name in analysed[0]), analysed


def test_an_edit_that_changes_no_name_fact_reanalyses_no_reader(tmp_path, analysed):
    """Look-alike: blank lines moved in the other file change no name's facts: the defining files are not analysed
    again."""
    project = _named_project(tmp_path)
    cache = tmp_path / "cache"
    report(project, cache)
    edit(project / "user.py", "def run(x):", "\n\ndef run(x):")
    analysed.clear()
    after = report(project, cache)
    assert after == report(project, None)
    assert analysed[0] == {"user.py"}, analysed


def test_a_removed_late_caller_restores_a_suppression_by_callers(tmp_path, analysed):
    """The reverse: the script's late call of the fold goes again; the warm run suppresses it as the cold run does (the
    fold's name is one the analysis asked about, and its attribute calls changed)."""
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    for name, text in {**FOLD, **{f"unrelated{n}.py": UNRELATED.format(number=n) for n in range(4)}}.items():
        (project / name).write_text(textwrap.dedent(text).lstrip())
    (project / "late.py").write_text(textwrap.dedent(LATE).lstrip().replace("print(model)", "model.fold()"))
    cache = tmp_path / "cache"
    assert "fold()" in report(project, cache)
    edit(project / "late.py", "model.fold()", "print(model)")
    analysed.clear()
    after = report(project, cache)
    assert analysed and analysed[-1] is not None and "folded.py" in analysed[-1]
    assert after == report(project, None)
    assert "fold()" not in after


def test_a_run_over_some_files_notes_the_names_its_edit_changed(tmp_path, analysed):
    """pre-commit lints the edited file alone (which replaces its cached version); the next whole run still knows which
    names that edit changed and analyses the defining file again, as the cold run answers."""
    project = _named_project(tmp_path)
    cache = tmp_path / "cache"
    suppressed_report(project, cache)
    edit(project / "user.py", *CALLS_METHOD)
    lint(Options(paths=[str(project / "user.py")], settings=Settings(), jobs=1, cache_dir=cache, show_suppressed=True))
    analysed.clear()
    after = suppressed_report(project, cache)
    assert analysed[0] is not None and "model.py" in analysed[0], analysed
    assert after == suppressed_report(project, None)
    assert "_proc_emb_drop() of Unet is called nowhere" not in after


RECEIVED = {
    "blocks.py": '''
        from torch import nn


        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.ff = nn.Linear(4, 4)

            def forward(self, x):
                return self.ff(x)

            def inference(self, x):
                return self.ff(x)
    ''',
    "train.py": "from blocks import Block\n\nprint(Block()(None))\n",
    "serve.py": "def run(model, x):\n    model.frontend(x)\n    return model.inference(x)\n",
}


def test_an_edit_of_what_a_receiver_is_used_as_gives_the_cold_answer(tmp_path, analysed):
    """``model.inference(x)`` beside ``model.frontend(x)`` is no Block's (Block has no ``frontend``); the edit that
    drops the ``frontend`` use changes no fact of the name ``inference``, yet makes the receiver possibly a Block:
    the warm run analyses Block again and reports its ``inference`` as the cold run does."""
    project = tmp_path / "project"
    project.mkdir()
    (project / ".git").mkdir()
    for name, text in RECEIVED.items():
        (project / name).write_text(textwrap.dedent(text).lstrip())
    cache = tmp_path / "cache"
    before = report(project, cache)
    assert "inference()" not in before
    edit(project / "serve.py", "    model.frontend(x)\n", "")
    analysed.clear()
    after = report(project, cache)
    assert after == report(project, None)
    assert "inference()" in after


HANDED = {
    "transformers.py": '''
        import torch
        from torch import nn


        class QueryTransformer(nn.Module):
            def __init__(self):
                super().__init__()
                self.level_embed = nn.Parameter(torch.zeros(4))
                self.proj = nn.Linear(4, 4)

            def forward(self, src, queries):
                return self.proj(src + self.level_embed) + queries


        class PlainTransformer(nn.Module):
            def __init__(self):
                super().__init__()
                self.proj = nn.Linear(4, 4)

            def forward(self, src, queries):
                return self.proj(src) + queries


        def build_transformer():
            return QueryTransformer()
    ''',
    "detector.py": '''
        from torch import nn


        class Detector(nn.Module):
            def __init__(self, transformer):
                super().__init__()
                self.transformer = transformer
                self.query_embed = nn.Embedding(4, 4)

            def forward(self, src):
                return self.transformer(src, self.query_embed.weight)
    ''',
    "build.py": '''
        from detector import Detector
        from transformers import PlainTransformer, QueryTransformer, build_transformer


        def build():
            transformer = build_transformer()
            return Detector(transformer)
    ''',
}


@pytest.mark.parametrize("file, old, new", [
    ("build.py", "transformer = build_transformer()", "transformer = PlainTransformer()"),
    ("transformers.py", "return QueryTransformer()", "return PlainTransformer()"),
], ids=["another class handed", "the builder returns another class"])
def test_a_change_of_what_a_holder_is_handed_analyses_the_holder_again(tmp_path, file, old, new):
    """``Detector`` holds what other files hand its ``__init__``: a QueryTransformer (its own parameter gives it a
    leaf-level hook that moves ``query_embed.weight``), then a PlainTransformer (no hook: the weight meets the
    compute device). Neither edit touches detector.py; the warm run must still give the cold answer."""
    project = tmp_path / "project"
    project.mkdir()
    for name, text in HANDED.items():
        (project / name).write_text(textwrap.dedent(text).lstrip())
    cache = tmp_path / "cache"
    assert "query_embed.weight" not in report(project, cache)
    edit(project / file, old, new)
    after = report(project, cache)
    assert after == report(project, None)
    assert "query_embed.weight" in after


CONFIG_BRANCH = {
    "config.py": '''
        class TinyConfig:
            def __init__(self, pretraining_tp=1):
                self.pretraining_tp = pretraining_tp
    ''',
    "attention.py": '''
        import torch.nn.functional as F
        from torch import nn


        class Attention(nn.Module):
            def __init__(self, config):
                super().__init__()
                self.config = config
                self.q_proj = nn.Linear(4, 4)

            def forward(self, x):
                if self.config.pretraining_tp > 1:
                    return F.linear(x, self.q_proj.weight)
                return self.q_proj(x)
    ''',
    "infer.py": '''
        import torch

        from attention import Attention
        from config import TinyConfig

        if __name__ == "__main__":
            print(Attention(TinyConfig())(torch.ones(1, 4)))
    ''',
}


def test_a_config_default_changed_elsewhere_gives_the_cold_answer(tmp_path):
    """A branch shut by a config class's default (analyze.config_branches) opens when another file changes the
    default: the warm run reports the finding, as a cold run does, and hides it again when the default comes back."""
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)  # an application's checkout: its own code loads the configs
    for name, text in CONFIG_BRANCH.items():
        (project / name).write_text(textwrap.dedent(text).lstrip())
    cache = tmp_path / "cache"
    assert "runs only when `self.config.pretraining_tp > 1`" in suppressed_report(project, cache)
    for old, new, shut in (("pretraining_tp=1", "pretraining_tp=2", False), ("pretraining_tp=2", "pretraining_tp=1", True)):
        edit(project / "config.py", old, new)
        after = suppressed_report(project, cache)
        assert after == suppressed_report(project, None)
        assert ("runs only when `self.config.pretraining_tp > 1`" in after) is shut


OPTION_BRANCH = {
    "attention.py": '''
        import torch.nn.functional as F
        from torch import nn


        class Attention(nn.Module):
            def __init__(self, dim=4, tp_slices=1):
                super().__init__()
                self.tp_slices = tp_slices
                self.q_proj = nn.Linear(dim, dim)

            def forward(self, x):
                if self.tp_slices > 1:
                    return F.linear(x, self.q_proj.weight)
                return self.q_proj(x)
    ''',
    "model.py": '''
        from torch import nn

        from attention import Attention


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.attention = Attention(4)

            def forward(self, x):
                return self.attention(x)
    ''',
    "build.py": '''
        from attention import Attention


        def build():
            return Attention(4)
    ''',
}


@pytest.mark.parametrize("old, new", [("Attention(4)", "Attention(4, tp_slices=2)"), ("Attention(4)", "Attention(4, 2)")],
                         ids=["by keyword", "by position"])
def test_a_constructor_option_passed_elsewhere_gives_the_cold_answer(tmp_path, old, new):
    """A branch on a stored constructor option that every construction leaves at its default (analyze.config_branches)
    opens when another file's call passes the option: the warm run reports the finding, as a cold run does, and hides
    it again when the call goes back."""
    project = tmp_path / "project"
    project.mkdir()
    for name, text in OPTION_BRANCH.items():
        (project / name).write_text(textwrap.dedent(text).lstrip())
    cache = tmp_path / "cache"
    shut = "self.tp_slices is the constructor's tp_slices (default 1)"
    assert shut in suppressed_report(project, cache)
    for before, after_text, hidden in ((old, new, False), (new, old, True)):
        edit(project / "build.py", before, after_text)
        after = suppressed_report(project, cache)
        assert after == suppressed_report(project, None)
        assert (shut in after) is hidden


KEPT_TO_ITSELF = {
    "clip.py": '''
        import torch
        from torch import nn


        class Clip(nn.Module):
            def __init__(self):
                super().__init__()
                self.pos = nn.Parameter(torch.zeros(3, 4))

            def encode_text(self, text):
                return text + self.pos

            def forward(self, x):
                return x
    ''',
    "app.py": '''
        from clip import Clip


        def similarity(text):
            model = Clip()
            scores = model.encode_text(text)
            return scores


        if __name__ == "__main__":
            similarity(None)
    ''',
    "card.py": '''
        from dataclasses import dataclass, field

        from torch import nn


        @dataclass
        class CardData:
            examples: list = field(default_factory=list)

            def set_label_examples(self, examples):
                self.examples = list(examples)


        class SpanModel(nn.Module):
            def __init__(self, config, card=None):
                super().__init__()
                self.encoder = nn.Linear(8, 8)
                self.card = card or config.card_class()

            def forward(self, x):
                return self.encoder(x)


        class Trainer:
            def __init__(self, model: SpanModel):
                self.model = model

            def preprocess(self, dataset):
                self.model.card.set_label_examples(dataset[:3])
                return dataset
    ''',
    "heads.py": '''
        from torch import nn


        class Head(nn.Module):
            def reset(self, examples):
                self.examples = examples
    ''',
}


@pytest.mark.parametrize("file, old, new, before, after", [
    # The function hands the model back: it may be kept and offloaded (the suppression's reason goes).
    ("app.py", "    return scores\n", "    return model\n", "built only inside similarity()", None),
    # A module class of another file defines the method too: the call may reach a submodule (a finding appears).
    ("heads.py", "    def reset(", "    def set_label_examples(", None, "OFL201"),
])
def test_what_a_function_keeps_and_who_defines_a_method_follow_edits(tmp_path, analysed, file, old, new, before,
                                                                     after):
    project = tmp_path / "project"
    project.mkdir()
    for name, text in KEPT_TO_ITSELF.items():
        (project / name).write_text(textwrap.dedent(text).lstrip())
    cache = tmp_path / "cache"
    first = suppressed_report(project, cache)
    assert before is None or before in first
    assert after is None or after not in first
    for undo in (False, True):
        edit(project / file, *((new, old) if undo else (old, new)))
        warm = suppressed_report(project, cache)
        assert warm == suppressed_report(project, None)
        assert before is None or (before in warm) is undo
        assert after is None or (after in warm) is not undo
