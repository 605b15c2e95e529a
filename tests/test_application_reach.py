"""What an application's entry points reach (``offload_lint/analyze/reachability.py``): a class that no script, test,
config, notebook or doc leads to through the code it runs is code nothing runs, even where its file is imported
(a vendored package whose host imports one module of it) and its name is written (by functions nothing calls)."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import pytest

from offload_lint.engine import Options, lint
from offload_lint.report.json_format import render as render_json
from offload_lint.rules import PARSE_ERROR_CODE

# A vendored package: the host imports its VAE; its diffusion model is built only by a helper nothing calls.
VAE = textwrap.dedent('''
    from torch import nn


    class VAE(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)

        def forward(self, x):
            return self.proj(x)

        def decode(self, x):
            return x @ self.proj.weight.T
''').lstrip()
# VAE's class under the name UNet (the model the host never reaches), then the model holding it.
UNET_CLASS = VAE.split("\n\n\n", 1)[1].replace("class VAE(", "class UNet(")
UNET = "from torch import nn\n\n\n" + UNET_CLASS + textwrap.dedent('''

    class LatentModel(nn.Module):
        def __init__(self):
            super().__init__()
            self.unet = UNet()

        def forward(self, x):
            return self.unet(x)
''')
PIPELINE = textwrap.dedent('''
    from .ldm import LatentModel


    def build_model():
        return LatentModel()
''').lstrip()
PACKAGE = textwrap.dedent('''
    from .vae import VAE
    from .pipeline import build_model
''').lstrip()
HOST = textwrap.dedent('''
    from audiokit.vae import VAE

    vae = VAE()
    print(vae.decode(None))
''').lstrip()


def _app(root: Path, **extra: str) -> Path:
    """A checkout (a ``.git`` folder, no packaging: an application) vendoring ``audiokit``."""
    (root / ".git").mkdir(parents=True)
    files = {"audiokit/__init__.py": PACKAGE, "audiokit/vae.py": VAE, "audiokit/ldm.py": UNET,
             "audiokit/pipeline.py": PIPELINE, "infer.py": HOST, **extra}
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _decode_findings(root: Path, cls: str) -> list:
    every = lint(Options(paths=[str(root)], jobs=1, show_suppressed=True)).findings
    assert all(f.code != PARSE_ERROR_CODE for f in every)  # a fixture that does not parse proves nothing
    found = [f for f in every if (f.class_name, f.method) == (cls, "decode")]
    assert found, f"no finding on {cls}.decode"
    return found


def test_a_vendored_class_the_host_never_reaches_is_code_nothing_runs(tmp_path):
    root = _app(tmp_path)
    assert not any(f.suppressed_by for f in _decode_findings(root, "VAE"))
    found = _decode_findings(root, "UNet")
    assert all(f.suppressed_by and "UNet is reached from no entry point of the application" in f.suppressed_by
               for f in found)
    # The trace names where the class is written, so a reader sees why that code does not count.
    assert all("named only by audiokit.ldm.LatentModel, which nothing that runs reaches" in f.suppressed_by
               for f in found)


@pytest.mark.parametrize("extra", [
    {"infer.py": HOST + "\nfrom audiokit import build_model\nmodel = build_model()\n"},
    {"configs/ldm.yaml": "model:\n  target: audiokit.ldm.LatentModel\n"},
    {"infer.py": HOST + "\nimport sys\nimport audiokit.ldm as ldm\nmodel = getattr(ldm, sys.argv[1])()\n"},
    {"infer.py": HOST + "\nfrom audiokit.ldm import *\nmodel = globals()['LatentModel']()\n"},
    {"test_ldm.py": "from audiokit import build_model\n\n\ndef test_build():\n    assert build_model()\n"},
    {"infer.py": HOST + "\nfrom audiokit.pipeline import instantiate\nmodel = instantiate('audiokit.ldm.LatentModel')\n",
     "audiokit/pipeline.py": PIPELINE + "\n\ndef instantiate(path):\n    return None\n"},
    # diffuser: ``importlib.import_module(args.config)`` runs ``config/locomotion.py``, whose
    # ``'models.GaussianDiffusion'`` a loader resolves with a computed import: two dotted strings, no import.
    {"infer.py": HOST + "\nfrom audiokit.loader import load\nmodel = load('settings.ldm')\n",
     "audiokit/loader.py": "import importlib\n\n\ndef load(name):\n    config = importlib.import_module(name)\n"
                           "    module, _, cls = config.model.rpartition('.')\n"
                           "    return getattr(importlib.import_module(module), cls)()\n",
     "settings/__init__.py": "", "settings/ldm.py": "model = 'audiokit.ldm.LatentModel'\n"},
    # AGAIN-VC: ``importlib.import_module(f"model.{config.model_name}").build_model`` in agent/base.py.
    {"infer.py": "import sys\n" + HOST + "\nfrom agent.base import build\nmodel = build(sys.argv[1])\n",
     "agent/__init__.py": "", "agent/base.py": "import importlib\n\n\ndef build(name):\n"
                                               "    return importlib.import_module(f'audiokit.{name}').build_model()\n"},
    # motion-diffusion-model: ``def evaluate(...): from eval.a2m.gru_eval import evaluate; evaluate(...)``.
    {"infer.py": HOST + "\n\ndef build_model():\n    from audiokit import build_model\n    return build_model()\n\n\n"
                        "build_model()\n"},
], ids=["the host calls the builder", "a config names it", "getattr on its module", "globals() of a file importing it",
        "a test builds it", "a dotted string names it", "a config module a dotted string names names it",
        "a computed import from a named package", "a function importing a namesake inside"])
def test_a_vendored_class_something_reaches_stays_reported(tmp_path, extra):
    assert not any(f.suppressed_by for f in _decode_findings(_app(tmp_path, **extra), "UNet"))


def test_a_name_imported_from_a_module_does_not_reach_its_namesakes_beside_a_computed_import(tmp_path):
    # SinSR's ldm copy: ``ldm/util.py`` imports modules by computed names (``instantiate_from_config``), so a name the
    # code in ``ldm/`` writes may be any file's there; but ``from ldm.model import UNet`` names that module's UNet,
    # not the stale ``model_back.py`` copy nothing imports.
    # (Each copy differs from audiokit's and from the other: identical classes are reported once.)
    used, stale = (UNET.replace("x @ self.proj.weight.T", f"x @ self.proj.weight.{t}") for t in ("mT", "t()"))
    extra = {"ldm/__init__.py": "", "ldm/model.py": used, "ldm/model_back.py": stale,
             "ldm/util.py": "import importlib\n\n\ndef get_obj(name):\n    module, _, cls = name.rpartition('.')\n"
                            "    return getattr(importlib.import_module(module), cls)\n",
             "ldm/autoencoder.py": "from torch import nn\n\nfrom ldm.model import UNet\n\n\nclass Autoencoder(nn.Module):\n"
                                   "    def __init__(self):\n        super().__init__()\n        self.unet = UNet()\n\n"
                                   "    def forward(self, x):\n        return self.unet.decode(x)\n",
             "infer.py": HOST + "\nfrom ldm.autoencoder import Autoencoder\nprint(Autoencoder()(None))\n"}
    found = lint(Options(paths=[str(_app(tmp_path, **extra))], jobs=1, show_suppressed=True)).findings
    unet = {f.path.rsplit("/", 1)[-1]: f for f in found if (f.class_name, f.method) == ("UNet", "decode")}
    assert not unet["model.py"].suppressed_by
    assert "reached from no entry point" in (unet["model_back.py"].suppressed_by or "")


def test_a_class_of_the_same_name_elsewhere_does_not_reach_it(tmp_path):
    # A second vendored copy whose LatentModel the host does build: the first copy's stays unreached.
    # (Not identical, or the two would be one finding: ``related.py`` reports copies once.)
    changed = UNET.replace("x @ self.proj.weight.T", "x @ self.proj.weight.t()")
    copy = {f"audiokit2/{name}": text for name, text in
            (("__init__.py", PACKAGE), ("vae.py", VAE), ("ldm.py", changed), ("pipeline.py", PIPELINE))}
    root = _app(tmp_path, **copy, **{"infer.py": HOST + "\nfrom audiokit2 import build_model\nmodel = build_model()\n"})
    found = lint(Options(paths=[str(root)], jobs=1, show_suppressed=True)).findings
    unet = {f.path.split("/")[-2]: f for f in found if (f.class_name, f.method) == ("UNet", "decode")}
    assert not unet["audiokit2"].suppressed_by
    assert "reached from no entry point" in (unet["audiokit"].suppressed_by or "")


def test_a_library_keeps_every_class_its_users_may_build(tmp_path):
    root = _app(tmp_path, **{"pyproject.toml": "[project]\nname = 'audiokit'\n"})
    assert not any("reached from no entry point" in (f.suppressed_by or "") for f in _decode_findings(root, "UNet"))


def _report(root: Path, cache: Path | None) -> str:
    result = lint(Options(paths=[str(root)], jobs=1, show_suppressed=True, cache_dir=cache))
    out = io.StringIO()
    render_json(result, out)
    return out.getvalue()


def test_an_edit_that_adds_or_removes_the_only_way_in_gives_the_cold_answer(tmp_path):
    """The edited file holds no finding and imports the same (no interface change: not everything is analysed
    again); the class it reaches, in another file, changes sides both ways."""
    importing = HOST + "\nfrom audiokit import build_model\n"
    root = _app(tmp_path / "app", **{"infer.py": importing})
    cache = tmp_path / "cache"
    unreached = "UNet is reached from no entry point"
    assert unreached in _report(root, cache)
    host = root / "infer.py"
    for text, holds in ((importing + "model = build_model()\n", False), (importing, True)):
        host.write_text(text)
        warm = _report(root, cache)
        assert warm == _report(root, None)
        assert (unreached in warm) is holds


@pytest.mark.parametrize("extra", [
    {"hubconf.py": "from audiokit import build_model\n\n\ndef ldm(pretrained=False):\n    return build_model()\n"},
    {"cog.yaml": "build:\n  gpu: true\npredict: \"predict.py:Predictor\"\n",
     "predict.py": "from audiokit import build_model\n\n\nclass Predictor:\n    def setup(self):\n"
                   "        self.model = build_model()\n"},
], ids=["a torch.hub entry file", "a cog.yaml predictor"])
def test_entry_points_named_outside_the_code_reach_what_they_build(tmp_path, extra):
    assert not any(f.suppressed_by for f in _decode_findings(_app(tmp_path, **extra), "UNet"))



def test_a_function_imported_under_another_name_inside_a_function_is_reached(tmp_path):
    # vae_vampprior: ``def experiment(): from utils.evaluation import evaluate_vae as evaluate; evaluate(model)``.
    host = HOST + "\n\ndef main():\n    from audiokit import build_model as make\n    return make()\n\n\nmain()\n"
    assert not any(f.suppressed_by for f in _decode_findings(_app(tmp_path, **{"infer.py": host}), "UNet"))


def test_a_class_built_from_a_computed_name_is_reached(tmp_path):
    # ReChorus: ``from models.context import *`` (an ``__all__`` made from the folder's files), then
    # ``eval('{0}.{0}{1}'.format(name, mode))``: no code writes the class's name.
    models = {"models/__init__.py": "", "models/context/__init__.py":
              "import glob\nfrom os.path import basename, dirname, join\n\n"
              "__all__ = [basename(f)[:-3] for f in glob.glob(join(dirname(__file__), '*.py'))]\n",
              "models/context/ldm.py": UNET.replace("class LatentModel", "class ldmCTR")
              .replace("x @ self.proj.weight.T", "x @ self.proj.weight.t()")}  # (no copy of audiokit's: not merged)
    main = ("import sys\nfrom models.context import *\n\nif __name__ == '__main__':\n"
            "    model = eval('{0}.{0}{1}'.format(sys.argv[1], 'CTR'))()\n")
    found = [f for f in _decode_findings(_app(tmp_path, **models, **{"main.py": main}), "UNet")
             if "models/context" in f.path]
    assert found and not any(f.suppressed_by for f in found), [f.suppressed_by for f in found]


FLOWS = textwrap.dedent('''
    import torch
    from torch import nn


    class InvConv(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)

        def forward(self, x):
            return self.proj(x)

        def store_inverse(self, x):
            return x @ self.proj.weight.T


    def make_flows(count):
        return [InvConv() for _ in range(count)]


    class Glow(nn.Module):
        def __init__(self):
            super().__init__()
            self.flows = nn.ModuleList(make_flows(2))  # (elements the index does not type: a name decides)

        def forward(self, x):
            for flow in self.flows:
                x = flow(x)
            return x

        def store_inverse(self):
            for flow in self.flows:
                flow.store_inverse(torch.ones(4, 4, device="cuda"))
''').lstrip()
# A method that runs the chain on ``self`` (kept a way in whether or not the method is called: no call graph here).
INFER = "\n    def infer(self, x):\n        self.store_inverse()\n        return self(x)\n"
GLOW_TRAIN = "from flows import Glow\n\nmodel = Glow()\nprint(model(None))\n"


@pytest.mark.parametrize("flows, train, packaging, reported", [
    (FLOWS, GLOW_TRAIN, {}, False),
    (FLOWS, GLOW_TRAIN + "model.store_inverse()\n", {}, True),
    (FLOWS + INFER, GLOW_TRAIN + "print(model.infer(None))\n", {}, True),
    (FLOWS, GLOW_TRAIN, {"pyproject.toml": "[project]\nname = 'flows'\n"}, True),
], ids=["the outer method called by nothing", "the script calls the outer method",
        "a method runs it on self", "in a library users may call the outer method"])
def test_a_method_called_only_by_its_namesakes_handing_it_on(tmp_path, flows, train, packaging, reported):
    """GeneFace's flows: each flow's store_inverse() is called only by the model's store_inverse(), which hands the call
    on to its flows; when nothing calls the model's, none of them runs."""
    (tmp_path / ".git").mkdir()
    for name, text in {"flows.py": flows, "train.py": train, **packaging}.items():
        (tmp_path / name).write_text(text)
    found = [f for f in lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
             if (f.class_name, f.method) == ("InvConv", "store_inverse")]
    assert found and all(bool(f.suppressed_by) is not reported for f in found), [f.suppressed_by for f in found]
    if not reported:
        assert all("called only inside methods of the same name" in f.suppressed_by for f in found)


def test_an_import_several_folders_could_answer_loads_the_nearest(tmp_path):
    """GraphCL: pre-training and fine-tuning programs, each run from its own folder with its own ``model.py``; a
    script's ``from model import Net`` loads its own folder's (Python searches the script's folder first)."""
    (tmp_path / ".git").mkdir()
    other = VAE.replace("class VAE", "class Net").replace("x @ self.proj.weight.T", "x @ self.proj.weight.t()")
    files = {"pretrain/model.py": VAE.replace("class VAE", "class Net"),
             "pretrain/train.py": "from model import Net\n\nprint(Net().decode(None))\n",
             "finetune/model.py": other + "\n\ndef helper():\n    return 1\n",
             "finetune/train.py": "from model import helper\n\nprint(helper())\n"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    found = {f.path.split("/")[-2]: f for f in lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
             if (f.class_name, f.method) == ("Net", "decode")}
    assert not found["pretrain"].suppressed_by
    assert "Net is reached from no entry point" in (found["finetune"].suppressed_by or "")


SELF_TESTED = (VAE + "\n\n" + UNET_CLASS.replace("x @ self.proj.weight.T", "x @ self.proj.weight.t()")  # (no copy of VAE's)
               + "\n\nif __name__ == '__main__':\n    print(UNet().decode(None))\n")


@pytest.mark.parametrize("extra, reported", [
    ({}, False),
    ({"README.md": "Check the shapes:\n\n```\npython models.py\n```\n"}, True),
    ({"infer.py": "print(1)\n"}, True),
], ids=["a self-test at the bottom of an imported model file", "a doc runs the file", "nothing imports the file"])
def test_the_main_block_of_a_module_others_import_is_a_self_test(tmp_path, extra, reported):
    """A model file's ``if __name__ == "__main__":`` shape check is no way the application runs when other files
    import the file for its classes; a doc or shell script running it, or a file nothing imports, is."""
    (tmp_path / ".git").mkdir()
    files = {"models.py": SELF_TESTED, "infer.py": "from models import VAE\n\nprint(VAE().decode(None))\n", **extra}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    found = [f for f in lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
             if (f.class_name, f.method) == ("UNet", "decode")]
    assert found and all(bool(f.suppressed_by) is not reported for f in found), [f.suppressed_by for f in found]


def test_the_answer_does_not_depend_on_the_hash_seed(tmp_path):
    """The definitions' words and the trace's list are sets underneath: two processes with other string hashes must
    give the same JSON (a cached payload and a cold run are compared byte for byte)."""
    import os
    import subprocess
    import sys

    # UNet named by several definitions nothing reaches, in one file: the trace lists them all.
    helpers = "".join(f"\n\ndef make_{n}():\n    return UNet()\n" for n in ("a", "b", "c", "d", "e"))
    root = _app(tmp_path / "app", **{"audiokit/ldm.py": UNET + helpers})
    outputs = set()
    for seed in ("1", "2", "3", "4"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        run = subprocess.run([sys.executable, "-m", "offload_lint", str(root), "--no-cache", "--output-format", "json",
                              "--show-suppressed", "--exit-zero"], capture_output=True, text=True, env=env, check=True)
        outputs.add(run.stdout)
    assert len(outputs) == 1 and "named only by audiokit.ldm.LatentModel, audiokit.ldm.make_a" in outputs.pop()


KIT_MAIN = "from .ldm import LatentModel\n\nprint(LatentModel())\n"


@pytest.mark.parametrize("folder, readme, reported", [
    ("third_party/kit", None, False),
    ("third_party/kit", "Convert a checkpoint:\n\n```bash\npython -m third_party.kit convert ckpt.pt\n```\n", True),
    ("kit", None, True),
], ids=["a vendored package's command line", "one a doc runs", "the application's own package"])
def test_the_main_module_of_a_vendored_package_is_no_entry_point_unless_run(tmp_path, folder, readme, reported):
    # VL-BERT's external/pytorch_pretrained_bert/__main__.py converts checkpoints for that library's users.
    kit = UNET.replace("UNet", "KitNet").replace("x @ self.proj.weight.T", "x @ self.proj.weight.t()")  # no copy
    files = {f"{folder}/__init__.py": "", f"{folder}/__main__.py": KIT_MAIN, f"{folder}/ldm.py": kit}
    if readme is not None:
        files["README.md"] = readme
    found = _decode_findings(_app(tmp_path, **files), "KitNet")
    assert found and all(bool(f.suppressed_by) is not reported for f in found), [f.suppressed_by for f in found]
