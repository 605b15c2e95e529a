"""--fix, --unsafe-fixes and --diff through the command line: the rule docs' examples fixed equal
their ``good fixed`` examples, a second run changes nothing, ``# noqa`` lines stay, exit codes and
summaries read as ruff's, and fixable/unfixable pick the codes."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import libcst as cst
import pytest

from offload_lint.cli import main
from offload_lint.ruledocs import all_docs
from offload_lint.rules import ALL_RULES

ROOT = Path(__file__).resolve().parent.parent
_BLOCK = re.compile(r"```python (bad|good)( fixed(?:-unsafe)?)?\n(.*?)```", re.S)
_MARK = re.compile(r"\s*#\s*OFL\d{3}(?:\s*,\s*OFL\d{3})*\s*$")


def doc_pairs():
    """(code, bad example, its fixed version, needs --unsafe-fixes) for every ``good fixed`` block."""
    for code, text in sorted(all_docs().items()):
        last_bad = None
        for index, (kind, fixed, source) in enumerate(_BLOCK.findall(text)):
            if kind == "bad":
                last_bad = source
            elif fixed:
                assert last_bad is not None, f"{code}: a fixed example needs a bad example before it"
                yield pytest.param(code, last_bad, source, fixed.endswith("unsafe"), id=f"{code}-{index}")


def without_markers(source: str) -> str:
    return "\n".join(_MARK.sub("", line) for line in source.splitlines()) + "\n"


def run(args: list[str], capsys) -> tuple[int, str, str]:
    code = main(["--no-cache", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def write(tmp_path: Path, source: str, name: str = "example.py") -> Path:
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no pyproject.toml above: default settings, relative paths


def test_every_fixable_rule_shows_its_fix_in_its_doc():
    """The rules that declare ``has_fix`` are those whose docs show a fixed example (read from the registry)."""
    documented = {code for code, *_ in (p.values for p in doc_pairs())}
    assert documented == {rule.code for rule in ALL_RULES if rule.has_fix}
    assert len(documented) >= 6  # OFL101-105, OFL204: the registry is read, not emptied


@pytest.mark.parametrize("code, bad, fixed, unsafe", list(doc_pairs()))
def test_doc_example_fixed_is_the_documented_good_example(code, bad, fixed, unsafe, tmp_path, capsys):
    path = write(tmp_path, bad)
    if unsafe:  # an unsafe fix is not applied by --fix alone
        status, _, _ = run([str(path), "--select", code, "--fix"], capsys)
        assert path.read_text() == bad and status == 1
    status, out, _ = run([str(path), "--select", code, "--fix", *(["--unsafe-fixes"] if unsafe else [])], capsys)
    assert without_markers(path.read_text()) == without_markers(fixed), out
    assert status == 0 and "0 remaining" in out, out
    # Idempotent: the fixed file has nothing left to fix.
    status, out, _ = run([str(path), "--select", code, "--fix", "--unsafe-fixes"], capsys)
    assert without_markers(path.read_text()) == without_markers(fixed)
    assert status == 0 and "All checks passed!" in out, out


PRIOR = '''import torch
from torch import nn


class Prior(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.clip_std = nn.Parameter(torch.ones(1, 8))
        self.clip_mean = nn.Parameter(torch.zeros(1, 8))

    def forward(self, x):
        return self.proj(x)

    def post_process(self, latents: torch.Tensor) -> torch.Tensor:
        latents = latents * self.clip_std
        return latents + self.clip_mean * self.clip_std
'''


def test_one_finding_per_weight_and_method_fixes_every_use(tmp_path, capsys):
    """The second use of clip_std is a related location of the first's finding, whose fix edits both: one round of
    --diff shows every use moved."""
    path = write(tmp_path, PRIOR)
    status, out, err = run([str(path), "--diff"], capsys)
    assert status == 1 and "Would fix 2 findings." in err
    assert "\n+        return latents + self.clip_mean.to(latents.device) * self.clip_std.to(latents.device)\n" in out
    status, out, _ = run([str(path), "--fix"], capsys)
    assert status == 0, out
    assert "latents = latents * self.clip_std.to(latents.device)\n" in path.read_text()
    assert ("return latents + self.clip_mean.to(latents.device) * self.clip_std.to(latents.device)\n"
            in path.read_text())
    assert "Found 2 findings (2 fixed, 0 remaining) in 1 file." in out


def test_noqa_line_is_never_touched(tmp_path, capsys):
    source = PRIOR.replace("latents = latents * self.clip_std\n", "latents = latents * self.clip_std  # noqa: OFL101\n")
    path = write(tmp_path, source)
    status, out, _ = run([str(path), "--fix"], capsys)
    text = path.read_text()
    assert "latents = latents * self.clip_std  # noqa: OFL101\n" in text
    assert "self.clip_mean.to(latents.device)" in text
    assert status == 0, out


def test_an_edit_on_another_findings_noqa_line_is_skipped(tmp_path, capsys):
    """The weight_norm fix edits the import; an import line under a bare noqa stays, and so does the finding."""
    source = ("from torch import nn\nfrom torch.nn.utils import weight_norm  # noqa\n\n\n"
              "class V(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
              "        self.conv = weight_norm(nn.Conv1d(4, 4, 3))\n\n    def forward(self, x):\n"
              "        return self.conv(x)\n")
    path = write(tmp_path, source)
    status, out, _ = run([str(path), "--fix", "--unsafe-fixes"], capsys)
    assert path.read_text() == source
    assert status == 1 and "(0 fixed, 1 remaining)" in out, out


def test_diff_changes_nothing_and_exits_1_when_there_is_a_diff(tmp_path, capsys):
    path = write(tmp_path, PRIOR)
    status, out, err = run(["example.py", "--diff"], capsys)
    assert status == 1 and path.read_text() == PRIOR
    assert out.startswith("--- example.py\n+++ example.py\n")
    assert "\n-        latents = latents * self.clip_std\n" in out
    assert "\n+        latents = latents * self.clip_std.to(latents.device)\n" in out
    assert "Would fix 2 findings." in err
    clean = write(tmp_path, PRIOR.replace("latents * self.clip_std\n", "latents\n").replace(
        "self.clip_mean * self.clip_std", "1"), "clean.py")
    status, out, err = run([str(clean), "--diff"], capsys)
    assert (status, out) == (0, "") and "No fixes available." in err


def test_unsafe_fixes_are_hidden_and_counted(tmp_path, capsys):
    source = PRIOR.replace("latents: torch.Tensor", "latents")  # unannotated: unsafe
    path = write(tmp_path, source)
    status, out, _ = run([str(path)], capsys)
    assert " OFL101 [*] " not in out
    assert "No fixes available (2 hidden fixes can be enabled with the `--unsafe-fixes` option)." in out
    status, out, _ = run([str(path), "--unsafe-fixes"], capsys)
    assert out.count(" OFL101 [*] ") == 2 and "[*] 2 fixable with the `--fix` option." in out
    status, out, _ = run([str(path), "--fix"], capsys)
    assert status == 1 and path.read_text() == source
    assert "(0 fixed, 2 remaining)" in out and "2 hidden fixes" in out


def test_fixable_and_unfixable_settings(tmp_path, capsys):
    path = write(tmp_path, PRIOR)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n\n[tool.offload-lint]\nunfixable = ["OFL101"]\n')
    status, out, _ = run([str(path), "--fix"], capsys)
    assert status == 1 and path.read_text() == PRIOR and "[*]" not in out
    status, out, _ = run([str(path), "--fix", "--fixable", "OFL1", "--unfixable", "OFL105"], capsys)
    assert status == 1 and path.read_text() == PRIOR  # unfixable from the configuration still wins
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n\n[tool.offload-lint]\nfixable = ["OFL105"]\n')
    status, out, _ = run([str(path), "--fix"], capsys)
    assert path.read_text() == PRIOR
    status, out, _ = run([str(path), "--extend-fixable", "OFL101", "--fix"], capsys)
    assert status == 0 and path.read_text() != PRIOR
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n\n[tool.offload-lint]\nfix = "yes"\n')
    status, _, err = run([str(path)], capsys)
    assert status == 2 and "fix must be true or false" in err


def test_fix_from_the_configuration(tmp_path, capsys):
    path = write(tmp_path, PRIOR)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n\n[tool.offload-lint]\nfix = true\n')
    status, out, _ = run([str(path)], capsys)
    assert status == 0 and "(2 fixed, 0 remaining)" in out
    path.write_text(PRIOR)
    status, out, _ = run([str(path), "--no-fix"], capsys)
    assert status == 1 and path.read_text() == PRIOR


def test_json_carries_the_fix_and_the_fixed_findings(tmp_path, capsys):
    path = write(tmp_path, PRIOR)
    _, out, _ = run([str(path), "--output-format", "json"], capsys)
    (first, *_) = json.loads(out)
    assert first["fix"]["applicability"] == "safe"
    # The insertions go right after each read of clip_std: the finding is at the first, the second is its related
    # location.
    assert first["fix"]["edits"] == [{"line": line, "column": column, "end_line": line, "end_column": column,
                                      "content": ".to(latents.device)"} for line, column in _after_each_clip_std()]
    assert [location["line"] for location in first["related_locations"]] == [_after_each_clip_std()[1][0]]
    assert first["fix"]["no_help_under"] == ["accelerate-sequential", "fsdp2", "zero3"]
    assert "no help under accelerate's sequential CPU offload, FSDP2 and DeepSpeed ZeRO-3" in first["fix"]["message"]
    _, out, _ = run([str(path), "--output-format", "json", "--fix"], capsys)
    data = json.loads(out)
    assert len(data) == 2 and all(entry["fixed"] for entry in data)


def _after_each_clip_std() -> list[tuple[int, int]]:
    """(line, 1-based column) right after each ``self.clip_std`` of PRIOR."""
    return [(number, text.index("self.clip_std") + len("self.clip_std") + 1)
            for number, text in enumerate(PRIOR.splitlines(), 1) if "self.clip_std" in text and "Parameter" not in text]


def test_sarif_fixes_validate_against_the_schema(tmp_path, capsys):
    jsonschema = pytest.importorskip("jsonschema")
    path = write(tmp_path, PRIOR)
    _, out, _ = run([str(path), "--output-format", "sarif"], capsys)
    log = json.loads(out)
    schema = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.validate(log, schema)
    (fix, *_) = log["runs"][0]["results"][0]["fixes"]
    (change,) = fix["artifactChanges"]
    assert change["artifactLocation"]["uri"] == "example.py"
    assert change["replacements"] == [{"deletedRegion": {"startLine": line, "startColumn": column, "endLine": line,
                                                          "endColumn": column},
                                       "insertedContent": {"text": ".to(latents.device)"}}
                                      for line, column in _after_each_clip_std()]
    assert fix["properties"]["applicability"] == "safe"


LAYERS = '''import torch
import torch.nn.functional as F
from torch import nn


class Layers(nn.Module):
    def __init__(self):
        super().__init__()
        self.plain = nn.Linear(8, 8, bias=False)
        self.conv = nn.Conv2d(4, 4, 3, padding=1)
        self.embed = nn.Embedding(10, 8)

    def forward(self, x: torch.Tensor, ids: torch.Tensor, image: torch.Tensor):
        a = F.linear(x, self.plain.weight)
        b = F.conv2d(image, self.conv.weight, self.conv.bias, self.conv.stride, self.conv.padding,
                     self.conv.dilation, self.conv.groups)
        c = F.conv2d(image, self.conv.weight, self.conv.bias, padding=1)
        d = F.conv2d(image, self.conv.weight, self.conv.bias)
        e = F.embedding(ids, self.embed.weight)
        return a, b, c, d, e
'''


def test_functional_calls_become_layer_calls_only_when_they_are_the_layers_computation(tmp_path, capsys):
    path = write(tmp_path, LAYERS)
    status, out, _ = run([str(path), "--select", "OFL103", "--fix"], capsys)
    text = path.read_text()
    assert "        a = self.plain(x)\n" in text  # built with bias=False: the functional's None bias
    assert "        b = self.conv(image)\n" in text  # every argument the layer's own
    assert "        c = self.conv(image)\n" in text  # padding=1 as the constructor has it
    # The functional's padding 0 is not the layer's padding 1: a move, not a call.
    assert "d = F.conv2d(image, self.conv.weight.to(image.device), self.conv.bias.to(image.device))" in text
    assert "        e = self.embed(ids)\n" in text
    assert status == 0, out
    cst.parse_module(text)



COPIED = '''import torch.nn.functional as F
from torch import nn


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        return self.proj(x)

    def first(self, x):
        return F.linear(x, self.proj.weight, self.proj.bias) * 2

    def second(self, x):
        return F.linear(x, self.proj.weight, self.proj.bias) * 2
'''


def test_a_method_copied_under_another_name_is_fixed_at_its_own_lines(tmp_path, capsys):
    # The second method's text is the first's (its name aside): the libcst pass parses it once and
    # moves the result, functional call included, to the copy's lines.
    path = write(tmp_path, COPIED)
    status, out, _ = run([str(path), "--select", "OFL103", "--fix"], capsys)
    assert path.read_text().count("        return self.proj(x) * 2\n") == 2, path.read_text()
    assert status == 0, out


VAE = '''from torch import nn


class Base(nn.Module):
    _group_offload_block_modules = ["quant_conv"]


class VAE(Base):
    """A VAE."""

    def __init__(self):
        super().__init__()
        self.quant_conv = nn.Conv2d(4, 4, 1)
        self.encoder = nn.Conv2d(3, 4, 3)
        self.decoder = nn.Conv2d(4, 3, 3)

    def forward(self, x):
        return self.decoder(self.quant_conv(self.encoder(x)))

    def encode(self, x):
        return self.encoder(x)

    def decode(self, z):
        return self.decoder(z)
'''


def test_block_modules_keep_what_the_class_inherits_and_grow_in_rounds(tmp_path, capsys):
    path = write(tmp_path, VAE)
    status, out, _ = run([str(path), "--select", "OFL102", "--fix", "--unsafe-fixes"], capsys)
    text = path.read_text()
    # Both children, in two rounds: the second insertion conflicted with the first and was re-linted.
    assert '    """A VAE."""\n\n    _group_offload_block_modules = ["quant_conv", "encoder", "decoder"]\n\n    def __init__' in text
    assert status == 0 and "(2 fixed, 0 remaining)" in out, out


_LEGACY_HEADER = ("from torch import nn\nfrom torch.nn.utils import {imports}\n\n\n"
                  "class V(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                  "        self.conv = weight_norm(nn.Conv1d(4, 4, 3))\n\n    def forward(self, x):\n"
                  "        return self.conv(x)\n")


@pytest.mark.parametrize("imports, rest, used", [
    ("remove_weight_norm, weight_norm", "\n    def remove(self):\n        remove_weight_norm(self.conv)\n",
     "remove_weight_norm"),  # in the class
    ("weight_norm", "\n\ndef strip(model):\n    return model.conv.weight_g\n", "weight_g"),  # in another statement
], ids=["same-class", "another-statement"])
def test_weight_norm_fix_is_withheld_where_the_file_relies_on_the_legacy_wrapper(imports, rest, used, tmp_path,
                                                                                 capsys):
    source = _LEGACY_HEADER.format(imports=imports) + rest
    path = write(tmp_path, source)
    status, out, _ = run([str(path), "--fix", "--unsafe-fixes"], capsys)
    assert path.read_text() == source and status == 1
    assert f"no automatic fix: the file uses {used}" in out


def test_core_fixtures_change_only_at_findings_and_still_parse(tmp_path, capsys):
    """Every fixture of the suite, fixed with --unsafe-fixes: each changed line is a line a fix
    edits (or a line it adds), every file parses, and a second run changes nothing."""
    import difflib

    tree = tmp_path / "core"
    shutil.copytree(ROOT / "fixtures" / "core", tree)
    before = {p: p.read_text() for p in tree.rglob("*.py")}
    _, out, _ = run([str(tree), "--output-format", "json", "--unsafe-fixes"], capsys)
    edited: dict[Path, set[int]] = {}
    for finding in json.loads(out):
        if finding["fix"]:
            lines = {line for edit in finding["fix"]["edits"] for line in range(edit["line"], edit["end_line"] + 1)}
            edited.setdefault(Path(finding["path"]).resolve(), set()).update(lines)
    assert edited, "the fixtures have fixable findings"
    status, out, _ = run([str(tree), "--fix", "--unsafe-fixes", "--output-format", "json"], capsys)
    fixed = [f for f in json.loads(out) if f["fixed"]]
    assert fixed
    changed_files = 0
    for path, text in before.items():
        after = path.read_text()
        cst.parse_module(after)
        if after == text:
            continue
        changed_files += 1
        matcher = difflib.SequenceMatcher(a=text.splitlines(), b=after.splitlines(), autojunk=False)
        for tag, i1, i2, _, _ in matcher.get_opcodes():
            if tag in ("replace", "delete"):
                # Lines of a later round's findings count too: their edits were computed on the fixed text.
                assert set(range(i1 + 1, i2 + 1)) <= edited.get(path.resolve(), set()) | _later_round_lines(fixed, path), (
                    path.name, tag, i1, i2)
    assert changed_files == len(edited)
    snapshot = {p: p.read_text() for p in tree.rglob("*.py")}
    status, out, _ = run([str(tree), "--fix", "--unsafe-fixes"], capsys)
    assert {p: p.read_text() for p in tree.rglob("*.py")} == snapshot
    assert "(0 fixed," in out


def _later_round_lines(fixed: list[dict], path: Path) -> set[int]:
    return {line for f in fixed if Path(f["path"]).resolve() == path.resolve()
            for edit in f["fix"]["edits"] for line in range(edit["line"], edit["end_line"] + 1)}


def test_a_declaration_goes_above_a_decorated_first_method(tmp_path, capsys):
    source = ('from torch import nn\n\n\ndef register(f):\n    return f\n\n\nclass VAE(nn.Module):\n'
              '    # the constructor\n    @register\n    def __init__(self):\n        super().__init__()\n'
              '        self.decoder = nn.Conv2d(4, 3, 3)\n\n    def forward(self, x):\n        return self.decoder(x)\n\n'
              '    def decode(self, z):\n        return self.decoder(z)\n')
    path = write(tmp_path, source)
    status, out, _ = run([str(path), "--fix", "--unsafe-fixes"], capsys)
    assert path.read_text() == source.replace(
        "class VAE(nn.Module):\n", 'class VAE(nn.Module):\n    _group_offload_block_modules = ["decoder"]\n\n')
    assert status == 0, out


def _finding(line: int, column: int, edits, code: str = "OFL101"):
    from offload_lint.finding import Finding
    from offload_lint.fix.model import Applicability, Fix

    return Finding(path="m.py", line=line, column=column, end_line=line, end_column=column + 1, code=code,
                   name="n", message="m", fix=Fix(Applicability.SAFE, tuple(edits), "fix"))


def test_fix_text_shares_identical_edits_and_defers_overlapping_ones():
    from offload_lint.fix.apply import FixPolicy, fix_text
    from offload_lint.fix.model import Edit

    text = "a = b\nc = d  # noqa: OFL101\ne = f\n"
    shared = Edit(1, 5, 1, 6, "B")
    result = fix_text(text, [
        _finding(1, 1, [shared]),
        _finding(3, 1, [shared]),  # the same edit: fixed by the first one's
        _finding(1, 5, [Edit(1, 5, 1, 6, "X")]),  # overlaps: waits for the next round
        _finding(2, 1, [Edit(2, 5, 2, 6, "D")]),  # under noqa: never
        _finding(3, 5, [Edit.insertion(3, 6, ".to(x)")]),
        _finding(3, 1, [Edit(9, 1, 9, 2, "?")]),  # no such line (the file changed): not applied
    ], FixPolicy())
    assert result.text == "a = B\nc = d  # noqa: OFL101\ne = f.to(x)\n"
    assert [(a.finding.line, a.finding.column) for a in result.applied] == [(1, 1), (3, 1), (3, 5)]


def test_moved_line_follows_added_and_replaced_lines():
    from offload_lint.fix.apply import moved_line
    from offload_lint.fix.model import Edit

    declaration = Edit.insertion(2, 1, "    x = 1\n\n")  # two lines above line 2 and below
    collapsed = Edit(10, 5, 13, 6, "self.proj(x)")  # four lines become one
    assert moved_line([declaration, collapsed], 1) == 1
    assert moved_line([declaration, collapsed], 5) == 7
    assert moved_line([declaration, collapsed], 12) == 12  # inside the rewritten call: its first line
    assert moved_line([declaration, collapsed], 20) == 19


def test_a_fixed_text_that_does_not_parse_leaves_the_file(tmp_path):
    from offload_lint.fix.apply import FixPolicy, run_fixes
    from offload_lint.fix.model import Edit

    path = write(tmp_path, "a = b\n", "m.py")
    broken = _finding(1, 1, [Edit(1, 5, 1, 6, "(")])
    outcome, _ = run_fixes([broken], FixPolicy(), relint=lambda: [])
    assert path.read_text() == "a = b\n" and not outcome.applied
    assert outcome.problems == ["m.py: the fixed text does not parse; the file is left as it was"]


def test_weight_norm_fix_is_withheld_for_a_state_dict_key_but_not_for_a_comment(tmp_path, capsys):
    base = ("from torch import nn\nfrom torch.nn.utils import weight_norm\n\n\n"
            "class V(nn.Module):\n    \"\"\"Built with weight_norm (weight_g / weight_v).\"\"\"\n\n"
            "    def __init__(self):\n        super().__init__()\n"
            "        self.conv = weight_norm(nn.Conv1d(4, 4, 3))  # recomputes weight from weight_g\n\n"
            "    def forward(self, x):\n        return self.conv(x)\n")
    path = write(tmp_path, base)
    status, _, _ = run([str(path), "--fix", "--unsafe-fixes"], capsys)
    assert status == 0 and "from torch.nn.utils.parametrizations import weight_norm\n" in path.read_text()
    keyed = base + "\n\ndef convert(state):\n    return state.pop(\"conv.weight_g\")\n"
    path.write_text(keyed)
    status, out, _ = run([str(path), "--fix", "--unsafe-fixes"], capsys)
    assert status == 1 and path.read_text() == keyed
    assert "no automatic fix: the file uses weight_g" in out


DEVICE_READS = '''import torch
from diffusers.models.modeling_utils import ModelMixin
from torch import nn


class Embedder(ModelMixin):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        return self.proj(x)

    def noise(self, batch_size: int):
        return torch.randn(batch_size, 8, device=self.proj.weight.device)

    def noise_like(self, sample: torch.Tensor):
        return torch.randn(sample.shape, device=self.proj.weight.device)
'''


def test_device_read_fix_uses_the_input_or_the_models_own_device(tmp_path, capsys):
    path = write(tmp_path, DEVICE_READS)
    _, out, _ = run([str(path), "--select", "OFL105", "--output-format", "json"], capsys)
    fixes = {f["method"]: f["fix"] for f in json.loads(out)}
    assert fixes["noise_like"]["applicability"] == "safe"
    assert fixes["noise_like"]["edits"][0]["content"] == "sample.device"
    # No tensor argument: the diffusers model's own (group-offload aware) device, unsafe, and no help on meta.
    assert fixes["noise"]["applicability"] == "unsafe"
    assert fixes["noise"]["edits"][0]["content"] == "self.device"
    assert fixes["noise"]["no_help_under"] == ["accelerate-sequential"]
    status, out, _ = run([str(path), "--select", "OFL105", "--fix", "--unsafe-fixes"], capsys)
    text = path.read_text()
    assert "torch.randn(batch_size, 8, device=self.device)" in text
    assert "torch.randn(sample.shape, device=sample.device)" in text
    assert status == 0, out


def test_a_fix_reads_a_file_whose_statements_share_lines(tmp_path, capsys):
    """Fixes parse only the statement they edit, from the index's statement positions; where two
    top-level statements share a line those are not known, and the whole file is read instead."""
    source = ("import torch; from torch import nn\nimport torch.nn.functional as F\n\n\n"
              "class Head(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
              "        self.proj = nn.Linear(4, 4)\n\n    def forward(self, x):\n        return x\n\n"
              "    def score(self, x: torch.Tensor):\n        return F.linear(x, self.proj.weight, self.proj.bias)\n")
    path = write(tmp_path, source)
    status, out, _ = run([str(path), "--select", "OFL103", "--fix"], capsys)
    assert "return self.proj(x)\n" in path.read_text(), out
    assert status == 0


MEMBERS = '''import torch
import torch.nn.functional as F
from torch import nn


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.twice = nn.Linear(4, 4)

    def forward(self, x):
        return x

    def reset(self):
        self.twice = nn.Linear(4, 4, bias=False)

    class Inner(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4, bias=False)

        def forward(self, x):
            return x

        def score(self, x: torch.Tensor):
            return F.linear(x, self.proj.weight)

    def score(self, x: torch.Tensor):
        return F.linear(x, self.proj.weight, self.proj.bias)

    def again(self, x: torch.Tensor):
        return F.linear(x, self.twice.weight)
'''


def test_a_fix_in_a_method_sees_the_constructor_of_its_own_class_only(tmp_path, capsys):
    """A fix parses the method around the finding and the class's statements that assign the
    layer, not the whole class: the nested class's own constructor counts for its method only,
    and a layer built twice in the class is not known (a move instead of a call)."""
    path = write(tmp_path, MEMBERS)
    status, out, _ = run([str(path), "--select", "OFL103", "--fix", "--unsafe-fixes"], capsys)
    text = path.read_text()
    assert "            return self.proj(x)\n" in text, out  # Inner.proj: bias=False, so no bias to pass
    assert "        return self.proj(x)\n" in text, out
    assert "        return F.linear(x, self.twice.weight.to(x.device))\n" in text, out
    cst.parse_module(text)


def test_a_one_element_tuple_of_block_modules_keeps_its_comma(tmp_path, capsys):
    source = ("from torch import nn\n\n\nclass VAE(nn.Module):\n    _group_offload_block_modules = ('encoder',)\n\n"
              "    def __init__(self):\n        super().__init__()\n        self.encoder = nn.Conv2d(3, 4, 3)\n"
              "        self.decoder = nn.Conv2d(4, 3, 3)\n\n    def forward(self, x):\n"
              "        return self.decoder(self.encoder(x))\n\n    def decode(self, z):\n        return self.decoder(z)\n")
    path = write(tmp_path, source)
    status, out, _ = run([str(path), "--select", "OFL102", "--fix", "--unsafe-fixes"], capsys)
    assert "_group_offload_block_modules = ('encoder', 'decoder',)\n" in path.read_text(), out
    assert status == 0


CASTS = '''import torch
import torch.nn.functional as F
from torch import nn


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        a = F.linear(x, self.proj.weight.type(torch.float32))
        b = F.linear(x, self.proj.weight.float())
        return a + b
'''


def test_a_cast_weight_is_moved_before_the_cast(tmp_path, capsys):
    """``self.w.type(torch.float32)`` keeps w's device: the move goes on the weight, not on the method."""
    path = write(tmp_path, CASTS)
    run([str(path), "--select", "OFL103", "--fix"], capsys)
    text = path.read_text()
    assert "a = F.linear(x, self.proj.weight.to(x.device).type(torch.float32))" in text
    assert "b = F.linear(x, self.proj.weight.to(x.device).float())" in text
    status, out, _ = run([str(path), "--select", "OFL103"], capsys)
    assert status == 0, out


SLICED = '''import torch
from torch import nn


class Vision(nn.Module):
    def __init__(self):
        super().__init__()
        self.position_embedding = nn.Embedding(17, 8)
        self.codebook = nn.Embedding(16, 8)
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        return self.proj(x)

    def interpolate(self, embeddings: torch.Tensor, codes: torch.Tensor):
        grid = self.position_embedding.weight[1:, :].reshape(1, 4, 4, 8)
        return embeddings + grid + self.codebook.weight[codes][0]
'''


def test_a_move_goes_after_a_slice_and_before_an_index_by_tensor(tmp_path, capsys):
    """A weight sliced by numbers is moved after the slice (before what is read off it); one indexed by a tensor on
    the compute device is moved before the index, which would raise on the offload device."""
    path = write(tmp_path, SLICED)
    status, out, _ = run([str(path), "--fix"], capsys)
    text = path.read_text()
    assert "grid = self.position_embedding.weight[1:, :].to(embeddings.device).reshape(1, 4, 4, 8)\n" in text, text
    assert "self.codebook.weight.to(embeddings.device)[codes][0]\n" in text, text
    assert status == 0, out
