"""In an application, a model built only under a command-line switch the tree defines off by default and nothing turns
on (DETR's ``if args.masks: model = DETRsegm(model, ...)``, ``--masks`` passed by no script) is never built as the
tree runs: its findings, and those of the classes only it holds, are kept with the reason. A script, a config, a doc
or code that turns the switch on keeps them shown."""

from __future__ import annotations

import textwrap
from pathlib import Path

from offload_lint.engine import Options, lint

MODELS = '''
    import torch
    from torch import nn


    class Detector(nn.Module):
        def __init__(self):
            super().__init__()
            self.query_embed = nn.Embedding(4, 8)
            self.head = nn.Linear(8, 8)

        def forward(self, x):
            return self.head(x + self.query_embed(torch.arange(4)))


    class AttentionMap(nn.Module):
        def __init__(self):
            super().__init__()
            self.k_linear = nn.Linear(8, 8)

        def forward(self, q, k):
            return q @ nn.functional.linear(k, self.k_linear.weight).transpose(-1, -2)


    class SegmentationHead(nn.Module):
        def __init__(self, detector):
            super().__init__()
            self.detector = detector
            self.attention = AttentionMap()

        def forward(self, x):
            return self.attention(x, self.detector.query_embed.weight)


    def build(args):
        model = Detector()
        if args.masks:
            model = SegmentationHead(model)
        return model
'''
MAIN = '''
    import argparse

    from models import build

    parser = argparse.ArgumentParser()
    parser.add_argument("--masks", action="store_true", help="train the segmentation head")
    args = parser.parse_args()
    model = build(args)
'''


def _findings(root: Path, extra: dict[str, str] | None = None):
    (root / ".git").mkdir(parents=True)
    for name, text in {"models.py": MODELS, "main.py": MAIN, **(extra or {})}.items():
        (root / name).write_text(textwrap.dedent(text))
    found = lint(Options(paths=[str(root)], jobs=1, show_suppressed=True)).findings
    return [f for f in found if f.class_name in ("SegmentationHead", "AttentionMap")]


def test_a_head_built_only_under_an_unset_switch_is_never_built(tmp_path):
    found = _findings(tmp_path)
    assert found and all(f.suppressed_by for f in found)
    head = [f for f in found if f.class_name == "SegmentationHead"]
    assert head and "command-line switch --masks (models.py:" in head[0].suppressed_by
    assert all("held only by SegmentationHead" in f.suppressed_by for f in found if f.class_name == "AttentionMap")


def test_a_script_passing_the_switch_keeps_the_findings(tmp_path):
    found = _findings(tmp_path, {"train.sh": "python main.py --masks\n"})
    assert found and not any(f.suppressed_by for f in found)


def test_code_setting_the_switch_keeps_the_findings(tmp_path):
    found = _findings(tmp_path, {"finetune.py": "from main import args\nargs.masks = True\n"})
    assert found and not any(f.suppressed_by for f in found)


def _report(root: Path, cache: Path | None) -> list[tuple[str, int, str, str | None]]:
    found = lint(Options(paths=[str(root)], jobs=1, show_suppressed=True, cache_dir=cache)).findings
    return sorted((Path(f.path).name, f.line, f.code, f.suppressed_by) for f in found)


def test_turning_the_switch_on_and_off_in_code_gives_the_cold_answer_warm(tmp_path):
    """Warm runs after an edit of another Python file that sets the switch (and then removes it) equal cold runs."""
    root = tmp_path / "app"
    _findings(root, {"finetune.py": "from main import args\n"})
    cache = tmp_path / "cache"
    before = _report(root, cache)
    assert any(reason and "--masks" in reason for *_, reason in before)
    finetune = root / "finetune.py"
    for text in ("from main import args\nargs.masks = True\n", "from main import args\n"):
        finetune.write_text(text)
        assert _report(root, cache) == _report(root, None)
    assert _report(root, cache) == before


def test_the_switch_word_used_elsewhere_analyses_only_what_changed(tmp_path, monkeypatch):
    """Look-alike: an edit that writes the word ``masks`` (a local) in another file changes no switch fact, so the
    warm run analyses what the edit reaches, not every file again, and still gives the cold answer."""
    from offload_lint.engine import Linter

    root = tmp_path / "app"
    _findings(root, {"viz.py": "def show(image):\n    return image\n"})
    cache = tmp_path / "cache"
    _report(root, cache)
    seen: list = []
    original = Linter._analyze

    def spying(self, entries, only=None):
        seen.append(only)
        return original(self, entries, only)

    monkeypatch.setattr(Linter, "_analyze", spying)
    (root / "viz.py").write_text("def show(image):\n    masks = image > 0\n    return masks\n")
    assert _report(root, cache) == _report(root, None)
    assert seen and seen[0] is not None
