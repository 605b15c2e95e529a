"""What runs a tree's code (``offload_lint/tree.py``): a library's public methods and modules are API its users call
though nothing in the tree does; an application's own scripts, notebooks, configs and docs are all that run its code,
so a public method, a class or a file none of them reaches is code nothing runs, suppressed with the reason."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from offload_lint.engine import Options, lint
from offload_lint.rules import PARSE_ERROR_CODE
from offload_lint.tree import APPLICATION, LIBRARY, project_tree, _code_in

MODEL = '''
    from torch import nn


    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)

        def forward(self, x):
            return self.proj(x)

        def features(self, x):
            return x @ self.proj.weight.T
'''
TRAIN = '''
    from model import Encoder

    encoder = Encoder()
    print(encoder(None))
'''
PQMF = '''
    from torch import nn


    class Filterbank(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)

        def forward(self, x):
            return self.proj(x)

        def analysis(self, x):
            return x @ self.proj.weight.T
'''
DISCRIMINATOR = '''
    from torch import nn


    class Critic(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)

        def forward(self, x):
            return self.proj(x)

        def score(self, x):
            return x @ self.proj.weight.T


    def build_critic():
        return Critic()
'''


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    return root


def _app(root: Path, **extra: str) -> Path:
    """A checkout (a ``.git`` folder) of scripts with no packaging: an application."""
    (root / ".git").mkdir(parents=True)
    return _write(root, {"model.py": MODEL, "train.py": TRAIN, **extra})


def _findings(root: Path, **options) -> dict[tuple[str, str], list]:
    found: dict[tuple[str, str], list] = {}
    for finding in lint(Options(paths=[str(root)], jobs=1, show_suppressed=True, **options)).findings:
        assert finding.code != PARSE_ERROR_CODE, finding  # a fixture that does not parse proves nothing
        found.setdefault((finding.class_name, finding.method), []).append(finding)
    return found


def _suppressed(findings: list) -> bool:
    return bool(findings) and all(f.suppressed_by for f in findings)


def _reported(findings: list) -> bool:
    return bool(findings) and not any(f.suppressed_by for f in findings)


# --- the kind --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("packaging, kind", [
    ({}, APPLICATION),
    ({"pyproject.toml": "[tool.ruff]\nline-length = 120\n"}, APPLICATION),
    ({"pyproject.toml": "[project]\nname = 'demo'\n"}, LIBRARY),
    ({"pyproject.toml": "[build-system]\nrequires = ['setuptools']\n"}, LIBRARY),
    ({"setup.py": "from setuptools import setup\nsetup()\n"}, LIBRARY),
    ({"setup.cfg": "[metadata]\nname = demo\n"}, LIBRARY),
])
def test_a_checkout_is_an_application_unless_it_declares_a_package(tmp_path, packaging, kind):
    root = _app(tmp_path, **packaging)
    tree = project_tree([str(path) for path in root.rglob("*.py")])
    assert tree.kind == kind, tree.why


def test_without_a_checkout_or_a_pyproject_the_tree_stays_a_library(tmp_path):
    root = _write(tmp_path, {"model.py": MODEL, "train.py": TRAIN})
    assert project_tree([str(root / "model.py"), str(root / "train.py")]).kind == LIBRARY


def test_a_folder_of_a_checkout_whose_other_code_is_not_linted_stays_a_library(tmp_path):
    root = _app(tmp_path, **{"models/encoder.py": MODEL})
    tree = project_tree([str(root / "models" / "encoder.py")])
    assert tree.kind == LIBRARY and ("train.py" in tree.why or "model.py" in tree.why), tree.why


def test_a_folder_holding_every_python_file_of_its_checkout_is_the_application(tmp_path):
    (tmp_path / ".git").mkdir()
    _write(tmp_path, {"src/model.py": MODEL, "src/train.py": TRAIN, "README.md": "# demo\n"})
    assert project_tree([str(tmp_path / "src" / "model.py"), str(tmp_path / "src" / "train.py")]).kind == APPLICATION


def test_the_setting_overrides_the_decision(tmp_path):
    root = _app(tmp_path)
    paths = [str(root / "model.py")]
    assert project_tree(paths, "library").kind == LIBRARY
    assert project_tree([str(tmp_path / "elsewhere.py")], "application").kind == APPLICATION


# --- the code the docs hold ------------------------------------------------------------------------------------------
def test_docs_name_code_in_code_blocks_and_inline_code_not_in_prose():
    words = set(_code_in("README.md", "Features of the encoder.\n\n```python\nenc.embed(x)\n```\nor `enc.pool(x)`.\n")
                .replace(".", " ").replace("(", " ").split())
    assert {"embed", "pool"} <= words and "Features" not in words


def test_a_notebook_names_code_in_its_code_cells():
    notebook = json.dumps({"cells": [{"cell_type": "markdown", "source": ["The features of it"]},
                                     {"cell_type": "code", "source": ["z = model.features(x)\n"]}]})
    code = _code_in("demo.ipynb", notebook)
    assert "model.features(x)" in code and "The features" not in code


def test_a_restructured_text_literal_block_is_code():
    assert "model.generate(x)" in _code_in("index.rst", "Use it::\n\n    model.generate(x)\n\nThe end.\n")


# --- what an application does not run -------------------------------------------------------------------------------
def test_a_public_method_nothing_in_an_application_calls_is_suppressed_with_the_reason(tmp_path):
    found = _findings(_app(tmp_path))[("Encoder", "features")]
    assert _suppressed(found)
    assert all("features() of Encoder is called nowhere in the tree" in f.suppressed_by
               and "is an application" in f.suppressed_by and 'tree-kind = "library"' in f.suppressed_by for f in found)


# A checkpoint-loaded model (a ``PreTrainedModel`` of the copy of transformers the tree vendors, so its base is read)
# in an application: its users are the application's code, so a public method nothing there calls is code nothing
# runs; in a library it is API.
VENDORED_HUB_MODEL = {
    "hub/__init__.py": "",
    "transformers/__init__.py": "",
    "transformers/modeling_utils.py": "from torch import nn\n\n\nclass PreTrainedModel(nn.Module):\n"
                             "    @classmethod\n    def from_pretrained(cls, path):\n        return cls()\n",
    "hub/modeling_chat.py": textwrap.dedent('''
        from torch import nn

        from transformers.modeling_utils import PreTrainedModel


        class ChatModel(PreTrainedModel):
            def __init__(self):
                super().__init__()
                self.proj = nn.Linear(4, 4)

            def forward(self, x):
                return self.proj(x)

            def chat(self, x):
                return x @ self.proj.weight.T
    ''').lstrip(),
    "serve.py": "from hub.modeling_chat import ChatModel\n\nmodel = ChatModel.from_pretrained('x')\nprint(model(None))\n",
}


def test_a_checkpoint_loaded_models_method_nothing_in_an_application_calls_is_suppressed(tmp_path):
    found = _findings(_app(tmp_path / "app", **VENDORED_HUB_MODEL))[("ChatModel", "chat")]
    assert _suppressed(found) and all("chat() of ChatModel is called nowhere in the tree" in f.suppressed_by
                                      for f in found)
    library = _app(tmp_path / "library", **VENDORED_HUB_MODEL, **{"pyproject.toml": "[project]\nname = 'hub'\n"})
    assert _reported(_findings(library)[("ChatModel", "chat")])


def test_the_same_method_in_a_library_is_api(tmp_path):
    root = _app(tmp_path, **{"pyproject.toml": "[project]\nname = 'demo'\n"})
    assert _reported(_findings(root)[("Encoder", "features")])


def test_a_method_a_readme_or_a_notebook_calls_is_reached(tmp_path):
    readme = _app(tmp_path / "readme", **{"README.md": "Use:\n\n```python\nencoder.features(x)\n```\n"})
    assert _reported(_findings(readme)[("Encoder", "features")])
    cells = {"cells": [{"cell_type": "code", "source": ["encoder.features(x)"]}]}
    notebook = _app(tmp_path / "notebook", **{"demo.ipynb": json.dumps(cells)})
    assert _reported(_findings(notebook)[("Encoder", "features")])


def test_prose_that_happens_to_use_the_word_reaches_nothing(tmp_path):
    root = _app(tmp_path, **{"README.md": "It computes features of images.\n"})
    assert _suppressed(_findings(root)[("Encoder", "features")])


def test_the_setting_keeps_an_application_a_library(tmp_path):
    root = _app(tmp_path, **{"pyproject.toml": '[tool.offload-lint]\ntree-kind = "library"\n'})
    from offload_lint.config import load_settings

    settings = load_settings(root)
    assert settings.tree_kind == LIBRARY
    assert _reported(_findings(root, settings=settings)[("Encoder", "features")])


def test_a_file_nothing_imports_or_runs_is_suppressed(tmp_path):
    found = _findings(_app(tmp_path, **{"modules/discriminator.py": DISCRIMINATOR}))[("Critic", "score")]
    assert _suppressed(found)
    assert all("no file of the tree imports" in f.suppressed_by and "discriminator" in f.suppressed_by for f in found)


@pytest.mark.parametrize("extra", [
    {"modules/discriminator.py": DISCRIMINATOR + '\n\n    if __name__ == "__main__":\n        print(build_critic())\n'},
    {"modules/discriminator.py": DISCRIMINATOR, "modules/__init__.py": "",
     "modules/registry.py": "import importlib\n\n\ndef load(name):\n    return importlib.import_module(name)\n",
     "train.py": TRAIN + "\n    from modules.registry import load\n    load('modules.discriminator').build_critic()\n"},
    {"modules/discriminator.py": DISCRIMINATOR, "configs/gan.yaml": "critic: modules.discriminator.Critic\n"},
    # (``python -m modules.discriminator`` alone runs its module code, which builds nothing: not enough.)
    {"modules/discriminator.py": DISCRIMINATOR,
     "scripts/train_gan.sh": "python -c 'from modules.discriminator import build_critic; build_critic()'\n"},
], ids=["a script", "a computed import beside it", "a config naming it", "a shell script running it"])
def test_a_file_something_may_run_stays_reported(tmp_path, extra):
    # Critic.score is public and nothing calls it: with the file run, the method is judged as the app's code.
    extra = dict(extra)
    extra.setdefault("README.md", "```\ncritic.score(x)\n```\n")
    assert _reported(_findings(_app(tmp_path, **extra))[("Critic", "score")])


def test_a_class_only_a_package_init_re_exports_is_built_by_nothing_in_an_application(tmp_path):
    extra = {"layers/__init__.py": "from .pqmf import Filterbank\n", "layers/pqmf.py": PQMF,
             "layers/conv.py": "import torch\n", "README.md": "```\nfb.analysis(x)\n```\n",
             "train.py": TRAIN + "\n    from layers import conv\n"}
    found = _findings(_app(tmp_path, **extra))[("Filterbank", "analysis")]
    assert _suppressed(found) and all("Filterbank is named nowhere in the tree" in f.suppressed_by for f in found)


def test_a_re_export_under_another_name_is_a_use(tmp_path):
    extra = {"layers/__init__.py": "from .pqmf import Filterbank as Bank\n", "layers/pqmf.py": PQMF,
             "README.md": "```\nfb.analysis(x)\n```\n", "train.py": TRAIN + "\n    from layers import Bank\n    Bank()\n"}
    assert _reported(_findings(_app(tmp_path, **extra))[("Filterbank", "analysis")])


def test_a_readme_edit_changes_a_cached_run(tmp_path):
    root = _app(tmp_path / "tree")
    cache = tmp_path / "cache"
    assert _suppressed(_findings(root, cache_dir=cache)[("Encoder", "features")])
    (root / "README.md").write_text("```python\nencoder.features(x)\n```\n")
    assert _reported(_findings(root, cache_dir=cache)[("Encoder", "features")])


def test_a_method_referenced_on_self_is_reached(tmp_path):
    """``self.encode_text = self.clip_encode_text`` (motion-diffusion-model's MDM): the alias is what callers call."""
    aliased = MODEL.replace("            self.proj = nn.Linear(4, 4)\n",
                            "            self.proj = nn.Linear(4, 4)\n            self.embed = self.features\n")
    root = _app(tmp_path, **{"model.py": aliased, "train.py": TRAIN + "    print(encoder.embed(None))\n"})
    assert _reported(_findings(root)[("Encoder", "features")])


VAE = '''
    from torch import nn


    class VAE(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([nn.Linear(4, 4)])
            self.fc_mu = nn.Linear(4, 4)

        def encode(self, x):
            return self.fc_mu(x)

        def forward(self, x):
            return self.blocks[0](self.encode(x))
'''
VAE_TRAIN = '''
    from vae import VAE

    model = VAE()
    print(model(None))
'''


def test_an_api_method_only_forward_calls_in_an_application_runs_under_its_hook(tmp_path):
    """PyTorch-VAE's models: ``encode()`` is a model's API name, but in an application nothing calls it from outside
    the class: it runs only inside ``forward()``, where the root's hook has onloaded ``fc_mu``."""
    root = _app(tmp_path, **{"vae.py": VAE, "train.py": VAE_TRAIN})
    assert ("VAE", "encode") not in _findings(root)


@pytest.mark.parametrize("extra", [
    {"pyproject.toml": "[project]\nname = 'demo'\n"},
    {"README.md": "```python\nz = model.encode(x)\n```\n"},
    {"train.py": VAE_TRAIN + "    print(model.encode(None))\n"},
], ids=["in a library", "a readme calls it", "a script calls it"])
def test_the_same_method_called_directly_is_a_way_in(tmp_path, extra):
    root = _app(tmp_path, **{"vae.py": VAE, "train.py": VAE_TRAIN, **extra})
    assert _reported(_findings(root)[("VAE", "encode")])


# --- what a library does not run ------------------------------------------------------------------------------------
HELD = '''
    import torch.nn.functional as F
    from torch import nn


    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)
            self.out = nn.Linear(4, 4)

        def forward(self, x):
            return self.out(self._project(x))

        def _project(self, x):
            return F.linear(x, self.proj.weight)

        def features(self, x):
            return self._project(x) @ self.out.weight.T


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = Encoder()

        def forward(self, x):
            return self.encoder(x)


    def build_encoder():
        return Encoder()
'''
LIBRARY_FILES = {"pyproject.toml": "[project]\nname = 'demo'\n", "demo/__init__.py": "", "demo/model.py": HELD}


def _library(root: Path, **extra: str) -> Path:
    (root / ".git").mkdir(parents=True)
    return _write(root, {**LIBRARY_FILES, **extra})


def test_a_public_method_of_a_class_a_library_holds_runs_only_through_its_holder(tmp_path):
    """A class the library itself holds as a child (vector-quantize-pytorch's ``LatentQuantize`` inside its models,
    a KV cache inside a decoder) is reached through its holder: a public method of it that neither the holder's code
    nor anything else calls is code nothing runs, whereas one of a class a function builds for users is API."""
    found = _findings(_library(tmp_path))[("Encoder", "features")]
    assert _suppressed(found)
    assert all("features() of Encoder is called nowhere in the linted files" in f.suppressed_by
               and "the tree holds Encoder itself" in f.suppressed_by for f in found)


def test_a_library_readme_calling_a_held_class_method_reaches_it(tmp_path):
    root = _library(tmp_path, **{"README.md": "```python\nz = model.encoder.features(x)\n```\n"})
    assert _reported(_findings(root)[("Encoder", "features")])


APPLICATION_FILES = {"model.py": HELD, "train.py": "from model import Model\n\nmodel = Model()\nprint(model(None))\n"}


@pytest.mark.parametrize("kind", ["library", "application"])
def test_a_leaf_level_finding_forward_also_reaches_is_kept_though_its_entry_point_is_unreached(tmp_path, kind):
    """``_project`` runs from the unreached ``features()`` and from ``forward()``: ``F.linear(x, self.proj.weight)``
    breaks at leaf level inside ``forward()`` too (the leaf's hook never runs), so that finding stays reported
    (vector-quantize-pytorch's ``LatentQuantize.quantize``, runtime-confirmed at leaf level from forward)."""
    root = _library(tmp_path) if kind == "library" else _app(tmp_path, **APPLICATION_FILES)
    found = _findings(root)[("Encoder", "_project")]
    assert any(f.code == "OFL103" for f in found)
    assert _reported([f for f in found if f.code == "OFL103"])


# --- methods the docs call on an object --------------------------------------------------------------------------
BACKBONE = '''
    from torch import nn


    class Backbone(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Conv2d(3, 8, 3)
            self.head = nn.Linear(8, 2)

        def features(self, x):
            return self.stem(x)

        def forward(self, x):
            return self.head(self.features(x).mean((2, 3)))


    def backbone():
        return Backbone()
'''


@pytest.mark.parametrize("readme, reported", [
    ("```python\nfrom demo.model import backbone\n\nmodel = backbone()\nfeatures = model.features(images)\n```\n", True),
    ("```python\nimport demo\n```\nThen `model.features(images)` gives the feature maps.\n", True),
    ("```python\nmodel = backbone()\nfeatures = model.features(images)\n```\n", False),
    ("```python\nimport demo\n\nclass Net(nn.Module):\n    def forward(self, x):\n        return self.features(x)\n```\n",
     False),
    ("```python\nimport demo\nfeatures = torch.features(images)\n```\n", False),
    ("The features of the model are its stem's output.\n", False),
], ids=["a code block", "inline code after an import", "no import of the package", "a call on self",
        "a call on a module", "prose"])
def test_a_method_the_docs_call_on_a_model_is_a_way_in_though_forward_calls_it(tmp_path, readme, reported):
    """pretrained-models.pytorch documents ``model.features(input)``, which ``forward()`` also calls: users run it
    directly, outside the root's hook, where block level has not onloaded ``stem``. Only a call on an object, in docs
    that import the package, counts: a class the README defines calling ``self.features(x)``, a module's function, a
    word in prose or code importing nothing of the package is none (pytorch-toolbelt's README builds models whose
    ``forward()`` calls ``self.logits(...)``; this project's docs quote other projects' code)."""
    root = _library(tmp_path, **{"demo/model.py": BACKBONE, "README.md": readme})
    found = _findings(root).get(("Backbone", "features"), [])
    assert _reported(found) is reported
    if reported:
        assert any(f.code == "OFL102" and f.attribute == "stem" for f in found)


def test_the_names_entry_points_reach_are_read_narrowly(tmp_path):
    """Config values that are (dotted) names or ``file.py:Name`` entries, and doc code without its comments or
    citations: a README's "Diffusion Model" title, a bibtex entry or a ``# Train Model`` comment names no class."""
    root = _app(tmp_path, **{
        "configs/ldm.yaml": "model:\n  target: ldm.models.LatentDiffusion\n  note: the Model we train\n",
        "cog.yaml": "predict: \"predict.py:Predictor\"\n",
        "train.sh": "# Train Model\npython -m ldm.train --arch UNet\n",
        "README.md": "# Let 2D Diffusion Model Know\n\n```\n@article{a2023,\n  title={A Diffusion Model},\n}\n```\n\n"
                     "```bibtex\n@misc{b, title={Encoder}}\n```\n\n```python\nvae = AutoencoderKL()\n```\n",
    })
    names = project_tree([str(path) for path in root.rglob("*.py")]).entry_names()
    assert {"LatentDiffusion", "ldm", "Predictor", "UNet", "AutoencoderKL"} <= names
    assert not {"Model", "Encoder", "Train", "we"} & names


SETUP = {"setup.py": "from setuptools import setup\nsetup(name='demo-models')\n"}


@pytest.mark.parametrize("readme, kind, shown", [
    ("Install:\n\n```bash\npip install -e .\npython train.py\n```\n", APPLICATION, "pip install -e ."),
    ("```\nconda env create -f environment.yml\n```\n", APPLICATION, "conda env create"),
    ("```\npip install -r requirements.txt\npython setup.py develop\n```\n", APPLICATION, "python setup.py develop"),
    ("```\npip install -U \u201cdemo_models[extra]\u201d\n```\nFrom source: `pip install -e .`\n", LIBRARY, None),
    ("```\npip install demo-models\n```\n", LIBRARY, None),
    ("```\npip install git+https://github.com/someone/demo-models.git\n```\n`pip install -e .`\n", LIBRARY, None),
    ("```\npip install -e .\npip install git+https://github.com/someone/other-dependency.git\n```\n", APPLICATION,
     "pip install -e ."),
    ("# demo\nA model.\n", LIBRARY, None),
], ids=["an editable install", "an environment file", "setup.py develop", "by name, quoted, with extras",
        "by name", "from its repository", "another repository", "nothing said of installing"])
def test_a_declared_package_the_readme_installs_only_from_the_checkout_is_an_application(tmp_path, readme, kind, shown):
    # Research repositories declare a package for their own scripts (Janus, Video-LLaMA, diffuser); a library's README
    # installs it by name.
    root = _app(tmp_path, **SETUP, **{"README.md": readme})
    tree = project_tree([str(path) for path in root.rglob("*.py")])
    assert tree.kind == kind, tree.why
    if shown is not None:
        assert f"README.md installs it only from the checkout (`{shown}`)" in tree.why, tree.why
        assert "setup.py declares a package" in tree.why
