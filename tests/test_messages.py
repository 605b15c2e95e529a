"""What messages name: paths relative to the working directory, and only call sites that can run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

MODEL = '''\
import torch
from torch import nn


class Normalizer(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.mean = nn.Parameter(torch.zeros(1, dim))

    def forward(self, x):
        return self.center(self.proj(x))

    def center(self, x):
        return x - self.mean

    def shift(self, x):
        return x + self.mean
'''
# center() runs inside forward() unless a class outside the model calls it, as this one can;
# shift() is an entry point by itself.
CALLER = '''\
from pkg.{module} import Normalizer


class Runner:
    def __init__(self, normalizer: Normalizer):
        self.normalizer = normalizer

    def run(self, x):
        return self.normalizer.{method}(x)
'''
GENERATED_HEADER = "# This file was automatically generated from src/pkg/modular_norm.py. Do NOT edit it.\n"


def lint(cwd: Path, *paths: str) -> list[dict]:
    done = subprocess.run([sys.executable, "-m", "offload_lint", "--no-cache", "--output-format", "json", *paths],
                          cwd=cwd, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)


def center_findings(findings: list[dict]) -> list[dict]:
    return [f for f in findings if f["method"] == "center"]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    return tmp_path


def test_call_sites_in_messages_are_relative_even_for_absolute_arguments(project: Path) -> None:
    (project / "pkg" / "model.py").write_text(MODEL)
    (project / "pkg" / "runner.py").write_text(CALLER.format(module="model", method="center"))
    (finding,) = [f for f in lint(project, str(project / "pkg")) if f["method"] == "center"]
    assert "(called from pkg/runner.py:9:" in finding["message"], finding["message"]
    assert str(project) not in finding["message"] and finding["call_site"].startswith("pkg/runner.py:9:")


def test_definition_read_from_the_tree_is_named_relative_to_the_working_directory(project: Path) -> None:
    """Only the caller is linted; the model's class is read from the same tree."""
    (project / "pkg" / "model.py").write_text(MODEL)
    (project / "pkg" / "runner.py").write_text(CALLER.format(module="model", method="shift"))
    (finding,) = lint(project, "pkg/runner.py")
    assert finding["code"] == "OFL202"
    assert "OFL101 at pkg/model.py:18" in finding["message"], finding["message"]
    assert str(project) not in finding["message"]


def test_a_generation_template_is_no_caller(project: Path) -> None:
    """transformers' layout: modeling_norm.py generated from modular_norm.py, which nothing imports."""
    (project / "pkg" / "modeling_norm.py").write_text(GENERATED_HEADER + MODEL)
    (project / "pkg" / "modular_norm.py").write_text(CALLER.format(module="modeling_norm", method="center"))
    assert center_findings(lint(project, "pkg")) == []
    assert center_findings(lint(project, "pkg/modeling_norm.py")) == [], "no caller at all: hooked"

    (project / "pkg" / "runner.py").write_text(CALLER.format(module="modeling_norm", method="center"))
    (finding,) = center_findings(lint(project, "pkg"))
    assert finding["code"] == "OFL101" and finding["path"] == "pkg/modeling_norm.py"
    assert "(called from pkg/runner.py:9:" in finding["message"], "the runnable caller, not the template"


def test_without_the_generated_header_the_same_file_is_an_ordinary_caller(project: Path) -> None:
    (project / "pkg" / "modeling_norm.py").write_text(MODEL)
    (project / "pkg" / "modular_norm.py").write_text(CALLER.format(module="modeling_norm", method="center"))
    (finding,) = center_findings(lint(project, "pkg"))
    assert finding["code"] == "OFL101" and "(called from pkg/modular_norm.py:9:" in finding["message"]


def test_a_finding_in_a_template_and_its_generated_copy_is_reported_once_at_the_template(project: Path) -> None:
    """The fix goes in modular_norm.py; modeling_norm.py is its related location, in JSON, SARIF and the message."""
    (project / "pkg" / "modeling_norm.py").write_text(GENERATED_HEADER + MODEL)
    (project / "pkg" / "modular_norm.py").write_text(MODEL)
    (finding,) = [f for f in lint(project, "pkg") if f["method"] == "shift"]
    assert finding["path"] == "pkg/modular_norm.py" and finding["module"] == "pkg.modeling_norm"
    (copy,) = finding["related_locations"]
    assert (copy["path"], copy["line"]) == ("pkg/modeling_norm.py", 19)
    assert "pkg/modeling_norm.py:19:" in finding["message"]
    sarif = subprocess.run([sys.executable, "-m", "offload_lint", "--no-cache", "--output-format", "sarif", "pkg"],
                           cwd=project, capture_output=True, text=True, timeout=120,
                           env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    (result,) = [r for r in json.loads(sarif.stdout)["runs"][0]["results"] if r["properties"]["method"] == "shift"]
    (related,) = result["relatedLocations"]
    assert related["physicalLocation"]["artifactLocation"]["uri"].endswith("modeling_norm.py")


def test_noqa_at_the_template_covers_the_generated_copy(project: Path) -> None:
    (project / "pkg" / "modeling_norm.py").write_text(GENERATED_HEADER + MODEL)
    (project / "pkg" / "modular_norm.py").write_text(MODEL.replace("return x + self.mean", "return x + self.mean  # noqa: OFL101"))
    assert [f for f in lint(project, "pkg") if f["method"] == "shift"] == []


def test_one_file_at_a_time_gives_the_answer_of_the_whole_run(project: Path) -> None:
    """flake8 lints file by file: the generated copy is merged into its template there too."""
    from offload_lint.config import Settings
    from offload_lint.engine import lint_files

    (project / "pkg" / "modeling_norm.py").write_text(GENERATED_HEADER + MODEL)
    (project / "pkg" / "modular_norm.py").write_text(MODEL)
    generated, template = str(project / "pkg" / "modeling_norm.py"), str(project / "pkg" / "modular_norm.py")
    shift = lambda result: [f for f in result.findings if f.method == "shift"]  # noqa: E731
    assert shift(lint_files([generated], [str(project / "pkg")], Settings(), read_installed=False)) == []
    (found,) = shift(lint_files([template], [str(project / "pkg")], Settings(), read_installed=False))
    assert [location.path for location in found.related] == [generated]


def test_an_operator_sink_names_the_operation_and_its_expression(project: Path) -> None:
    (project / "pkg" / "model.py").write_text(MODEL)
    (finding,) = [f for f in lint(project, "pkg") if f["method"] == "shift"]
    assert "meets tensors on the compute device in the addition `x + self.mean`" in finding["message"], finding["message"]


def test_a_finding_only_the_template_has_is_kept_suppressed_saying_the_generated_code_has_none(project: Path) -> None:
    """The generated file fixed shift() (it reads the mean inside forward only); the template still has the old body,
    which never runs (transformers' modular_janus.py judged an encoder its generated file holds as a child)."""
    (project / "pkg" / "modeling_norm.py").write_text(GENERATED_HEADER + MODEL.replace("return x + self.mean",
                                                                                        "return x"))
    (project / "pkg" / "modular_norm.py").write_text(MODEL)
    assert [f for f in lint(project, "pkg") if f["method"] == "shift"] == []
    done = subprocess.run([sys.executable, "-m", "offload_lint", "--no-cache", "--output-format", "json",
                           "--show-suppressed", "pkg"], cwd=project, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    (hidden,) = [f for f in json.loads(done.stdout) if f["method"] == "shift"]
    assert hidden["path"] == "pkg/modular_norm.py"
    assert "only this template has it" in hidden["suppressed_by"] and "modeling_norm.py" in hidden["suppressed_by"]


LEAF_READ = '''\
import torch
from torch import nn
from transformers.integrations.accelerate import force_accelerate_hooks


class Mixer(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    {decorator}def forward(self, x):
        return x @ self.proj.weight
'''


def test_a_finding_both_have_is_reported_under_the_strategies_of_the_generated_code(project: Path) -> None:
    """transformers' converter gives the generated forward the `@force_accelerate_hooks` its template inherits
    without writing it: under accelerate's sequential offload the code that runs onloads the layer, so the
    template's finding (where the fix goes) names group offloading's leaf level only, in its words too."""
    (project / "pkg" / "modeling_norm.py").write_text(
        GENERATED_HEADER + LEAF_READ.format(decorator='@force_accelerate_hooks(["proj"])\n    '))
    (project / "pkg" / "modular_norm.py").write_text(LEAF_READ.format(decorator=""))
    alone = lint(project, "--strategy", "group-leaf,accelerate-sequential", "pkg/modular_norm.py")
    (template_alone,) = [f for f in alone if f["code"] == "OFL103"]
    assert template_alone["strategies"] == ["group-leaf", "accelerate-sequential"], "the template alone reads both"
    (finding,) = [f for f in lint(project, "--strategy", "group-leaf,accelerate-sequential", "pkg")
                  if f["code"] == "OFL103"]
    assert finding["path"] == "pkg/modular_norm.py" and finding["strategies"] == ["group-leaf"], finding
    assert "accelerate" not in finding["message"].split("; the same cause at ")[0], finding["message"]
    assert finding["fix"]["edits"][0]["line"] == LEAF_READ.splitlines().index("    {decorator}def forward(self, x):") + 2


def test_a_value_put_in_a_dict_call_is_held_not_computed_with(tmp_path: Path) -> None:
    """``return dict(embeddings=zeros, low_res=x)`` (point-e's ``cached_model_kwargs``): the dict holds the placed
    value and goes back to the caller; no operation meets it with the input there."""
    from offload_lint.config import Settings
    from offload_lint.engine import Options, lint

    source = tmp_path / "kwargs_model.py"
    source.write_text(
        "import torch\nfrom torch import nn\n\n\nclass Upsampler(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n        self.proj = nn.Linear(4, 4)\n\n"
        "    def forward(self, x, embeddings):\n        return self.proj(x) + embeddings\n\n"
        "    def cached_kwargs(self, batch, kwargs):\n"
        "        zeros = torch.zeros(batch, 4, device=next(self.parameters()).device)\n"
        "        return dict(embeddings=zeros, low_res=kwargs['low_res'])\n")
    (finding,) = lint(Options(paths=[str(source)], settings=Settings(), jobs=1)).findings
    assert finding.code == "OFL105" and finding.method == "cached_kwargs"
    assert "it is returned to the caller" in finding.message and " in dict" not in finding.message
