"""Whether an installed module class owns weights does not depend on which other files are linted.

timm's ``ConvNormAct`` builds every child with a factory (``self.conv = create_conv2d(...)``, ``self.bn =
norm_act_layer(...)``) and only one branch with a class the index types (``self.bn = nn.Sequential()`` when
``apply_norm`` is off). It was weightless, and a loop over its instances in a method outside ``forward`` went
unreported, unless another linted file passed ``apply_norm`` and turned that branch on (timm's
``inception_v4.py`` linted alone against the whole tree). A plain call's result is still not typed as a child;
only the class's "owns weights" fact follows the factory's returns, into installed modules too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.finding import strategy_names
from offload_lint.strategies import parse_strategies
from tests.markers import expected_by_strategy

FACTORY = '''from torch import nn


class SplitConv(nn.Module):
    def __init__(self, cin, cout, kernels):
        super().__init__()
        self.convs = nn.ModuleList([nn.Conv2d(cin, cout, k) for k in kernels])


def create_conv(cin, cout, kernel, **kwargs):
    if isinstance(kernel, list):
        layer = SplitConv(cin, cout, kernel)
    else:
        layer = nn.Conv2d(cin, cout, kernel, **kwargs)
    return layer


def create_act(name):
    if name == "relu":
        return nn.ReLU()
    return nn.GELU()
'''

LAYERS = '''from torch import nn

from .factory import create_act, create_conv


def norm_for(name):
    return {"batch": nn.BatchNorm2d}[name]


class ConvNorm(nn.Module):
    def __init__(self, cin, cout, kernel=3, apply_norm=True):
        super().__init__()
        self.conv = create_conv(cin, cout, kernel)
        if apply_norm:
            self.bn = norm_for("batch")(cout)
        else:
            self.bn = nn.Sequential()

    def forward(self, x):
        return self.bn(self.conv(x))


class ActOnly(nn.Module):
    def __init__(self, name="relu"):
        super().__init__()
        self.act = create_act(name)

    def forward(self, x):
        return self.act(x)
'''

NET = '''from torch import nn
from layerlib import ActOnly, ConvNorm


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(ConvNorm(3, 8), ConvNorm(8, 8))
        self.acts = nn.ModuleList([ActOnly(), ActOnly()])
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        return self.head(self.features(x).mean((2, 3)))

    def intermediates(self, x):
        out = []
        for stage in self.features:
            x = stage(x)  # OFL102 [model-cpu-offload, fsdp2]
            out.append(x)
        return out

    def activations(self, x):
        for act in self.acts:
            x = act(x)
        return x
'''

# Another file of the tree that turns on ConvNorm's optional branch.
STEM = '''from torch import nn
from layerlib import ConvNorm


class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = ConvNorm(3, 8, apply_norm=False)

    def forward(self, x):
        return self.stem(x)
'''

STRATEGIES = ("model-cpu-offload", "fsdp2")


@pytest.fixture
def tree(tmp_path: Path, monkeypatch) -> Path:
    site = tmp_path / "site" / "layerlib"
    site.mkdir(parents=True)
    (site / "__init__.py").write_text("from .conv_norm import ActOnly, ConvNorm\n")
    (site / "factory.py").write_text(FACTORY)
    (site / "conv_norm.py").write_text(LAYERS)
    source = tmp_path / "src"
    source.mkdir()
    (source / "net.py").write_text(NET)
    (source / "stem.py").write_text(STEM)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    return source


def _found(paths: list[Path]) -> set[tuple[int, str, str]]:
    options = Options(paths=[str(p) for p in paths], settings=Settings(levels=parse_strategies(",".join(STRATEGIES))),
                      jobs=1, cache_dir=None)
    return {(f.line, f.code, strategy) for f in lint(options).findings if f.path.endswith("net.py")
            for strategy in strategy_names(f.levels)}


def test_a_factory_built_installed_layer_owns_weights_whatever_else_is_linted(tree: Path) -> None:
    expected = set(expected_by_strategy(NET))
    assert expected, "the fixture marks the loop over the factory-built layers"
    assert _found([tree / "net.py"]) == expected
    assert _found([tree / "net.py", tree / "stem.py"]) == expected


def test_a_factory_that_returns_only_weightless_layers_gives_no_weights(tree: Path) -> None:
    found = _found([tree / "net.py"])
    loop_line = NET.splitlines().index("            x = act(x)") + 1
    assert not any(line == loop_line for line, _, _ in found)
