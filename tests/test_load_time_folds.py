"""A fold run only by a loader (``attempt_load`` -> ``Model.fuse()`` -> ``RepConv.fuse_repvgg_block()``, yolov7) runs
before anyone can offload the model; a log message that names the method (``print(f"RepConv.fuse_repvgg_block")``)
is no reference to it, while a real reference without a call (``fn = m.fuse_repvgg_block``) hands it to unknown
callers."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from offload_lint.engine import Options, lint

COMMON = '''
    import torch
    from torch import nn


    class RepConv(nn.Module):
        def __init__(self):
            super().__init__()
            self.dense = nn.Conv2d(4, 4, 3, padding=1)
            self.pointwise = nn.Conv2d(4, 4, 1)

        def forward(self, x):
            return self.dense(x) + self.pointwise(x)

        def fuse_repvgg_block(self):
            print(f"RepConv.fuse_repvgg_block")
            kernel = self.dense.weight + nn.functional.pad(self.pointwise.weight, [1, 1, 1, 1])
            self.fused = nn.Conv2d(4, 4, 3, padding=1)
            self.fused.weight.data = kernel
'''
MODEL = '''
    from torch import nn

    from common import RepConv


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([RepConv()])

        def forward(self, x):
            for block in self.blocks:
                x = block(x)
            return x

        def fuse(self):
            for m in self.modules():
                if isinstance(m, RepConv):
                    m.fuse_repvgg_block()
            return self


    def attempt_load(path):
        model = Model()
        model.fuse()
        return model
'''


def _fold_findings(tmp_path: Path, extra: str = "") -> list:
    for name, text in (("common.py", COMMON), ("model.py", MODEL)):
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip())
    if extra:
        (tmp_path / "other.py").write_text(extra)
    found = lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
    return [f for f in found if f.method == "fuse_repvgg_block"]


def test_a_fold_only_a_loader_runs_is_suppressed_though_a_string_names_it(tmp_path):
    found = _fold_findings(tmp_path)
    assert found and all(f.suppressed_by and "runs only before the model can be offloaded" in f.suppressed_by
                         for f in found)


def test_a_fold_a_name_mangled_helper_of_a_constructor_runs_is_suppressed(tmp_path):
    # e4e: pSp.__init__ -> load_weights() -> __load_latent_avg() -> decoder.mean_latent(): a private name is no dunder.
    wrapper = ("from torch import nn\nfrom model import Model\n\n\nclass Wrapper(nn.Module):\n"
               "    def __init__(self):\n        super().__init__()\n        self.model = Model()\n"
               "        self.load_weights()\n\n    def forward(self, x):\n        return self.model(x)\n\n"
               "    def load_weights(self):\n        self.__fold()\n\n    def __fold(self):\n"
               "        self.model.fuse()\n")
    model = textwrap.dedent(MODEL).split("\n\ndef attempt_load")[0] + "\n"
    (tmp_path / "common.py").write_text(textwrap.dedent(COMMON).lstrip())
    (tmp_path / "model.py").write_text(model.lstrip())
    (tmp_path / "wrapper.py").write_text(wrapper)
    found = [f for f in lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
             if f.method == "fuse_repvgg_block"]
    assert found and all(f.suppressed_by and "Wrapper.__fold()" in f.suppressed_by and "Wrapper.__init__"
                         in f.suppressed_by for f in found), [f.suppressed_by for f in found]


def test_a_call_inside_a_lambda_a_constructor_builds_keeps_it_reported(tmp_path):
    # mvsnerf: ``self.query = lambda x: run_network(x, ...)`` in a constructor; the lambda runs in training.
    holder = ("from torch import nn\nfrom model import Model\n\n\nclass System(nn.Module):\n"
              "    def __init__(self):\n        super().__init__()\n        self.model = Model()\n"
              "        self.query = lambda: self.model.fuse()\n\n    def forward(self, x):\n"
              "        return self.model(x)\n")
    (tmp_path / "common.py").write_text(textwrap.dedent(COMMON).lstrip())
    (tmp_path / "model.py").write_text(textwrap.dedent(MODEL).split("\n\ndef attempt_load")[0].lstrip() + "\n")
    (tmp_path / "system.py").write_text(holder)
    found = [f for f in lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
             if f.method == "fuse_repvgg_block"]
    assert found and not any(f.suppressed_by for f in found), [f.suppressed_by for f in found]


def test_a_reference_without_a_call_keeps_it_reported(tmp_path):
    found = _fold_findings(tmp_path, "def handle(m):\n    return m.fuse_repvgg_block\n")
    assert found and not any(f.suppressed_by for f in found)



def _predictor_findings(tmp_path: Path, generate: str) -> list:
    """yolov7's ``YOLO.generate()``: an inference object builds the model into ``self.net``, loads its weights and folds
    it, then wraps it (``nn.DataParallel``); ``generate`` is the body of that method."""
    predictor = ("import torch\nfrom torch import nn\nfrom model import Model\n\n\nclass Predictor:\n"
                 "    def generate(self, path):\n" + textwrap.indent(textwrap.dedent(generate).strip(), " " * 8) + "\n")
    (tmp_path / "common.py").write_text(textwrap.dedent(COMMON).lstrip())
    (tmp_path / "model.py").write_text(textwrap.dedent(MODEL).split("\n\ndef attempt_load")[0].lstrip() + "\n")
    (tmp_path / "predict.py").write_text(predictor)
    return [f for f in lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
            if f.method == "fuse_repvgg_block"]


def test_a_fold_on_the_model_a_method_just_built_is_suppressed_though_it_is_wrapped_after(tmp_path):
    found = _predictor_findings(tmp_path, """
        self.net = Model()
        self.net.load_state_dict(torch.load(path))
        self.net = self.net.fuse().eval()
        self.net = nn.DataParallel(self.net)
    """)
    assert found and all(f.suppressed_by and "Predictor.generate()" in f.suppressed_by
                         and "self.net = Model(...)" in f.suppressed_by for f in found), [f.suppressed_by for f in found]


def test_a_fold_after_the_model_is_offloaded_in_the_same_method_keeps_it_reported(tmp_path):
    found = _predictor_findings(tmp_path, """
        self.net = Model()
        self.net = nn.DataParallel(self.net)
        self.net.fuse()
    """)
    assert found and not any(f.suppressed_by for f in found), [f.suppressed_by for f in found]


@pytest.mark.parametrize("body", ["other = Model()\nself.net.fuse()", "self.net = Model()\nself.net = path\nself.net.fuse()"])
def test_a_fold_on_a_model_the_method_did_not_build_keeps_it_reported(tmp_path, body):
    found = _predictor_findings(tmp_path, body)
    assert found and not any(f.suppressed_by for f in found), [f.suppressed_by for f in found]


VOCODER = '''
    from torch import nn
    from torch.nn.utils import remove_weight_norm, weight_norm


    class ParallelGenerator(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv_pre = weight_norm(nn.Conv1d(4, 4, 3, padding=1))
            self.blocks = nn.ModuleList([nn.Conv1d(4, 4, 1)])

        def forward(self, x):
            return self.blocks[0](self.conv_pre(x))

        def remove_weight_norm(self):
            remove_weight_norm(self.conv_pre)
'''
LOADERS = '''
    import torch

    from vocoder import ParallelGenerator


    def load_model(path):
        model = ParallelGenerator()
        model.load_state_dict(torch.load(path))
        model.remove_weight_norm()
        return model


    class Synthesizer:
        def build_vocoder(self, path):
            vocoder = ParallelGenerator()
            vocoder.remove_weight_norm()
            return vocoder
'''


def _norm_findings(tmp_path: Path, loaders: str | None) -> list:
    (tmp_path / "vocoder.py").write_text(textwrap.dedent(VOCODER).lstrip())
    if loaders is not None:
        (tmp_path / "loaders.py").write_text(textwrap.dedent(loaders).lstrip())
    found = lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
    return [f for f in found if f.code == "OFL204"]


def test_a_weight_norm_every_loader_removes_is_suppressed_with_the_loaders_named(tmp_path):
    """A loader function and a loader method (a plain class's ``build_vocoder``) both remove it; a class whose name
    says "Parallel" is no offloading call (DiffSinger's ``ParallelWaveGANGenerator``)."""
    found = _norm_findings(tmp_path, LOADERS)
    assert found and all(f.suppressed_by and "remove_weight_norm() removes it" in f.suppressed_by for f in found)
    assert all("load_model()" in f.suppressed_by and "Synthesizer.build_vocoder()" in f.suppressed_by for f in found)


def test_a_weight_norm_nothing_removes_stays_reported(tmp_path):
    found = _norm_findings(tmp_path, None)
    assert found and not any(f.suppressed_by for f in found)


def test_a_removal_a_script_runs_at_its_top_level_keeps_it_reported(tmp_path):
    found = _norm_findings(tmp_path, "from vocoder import ParallelGenerator\n\nmodel = ParallelGenerator()\n"
                                     "model.remove_weight_norm()\n")
    assert found and not any(f.suppressed_by for f in found)


MOVING_LOADER = '''
    import torch

    from vocoder import ParallelGenerator


    def load_model(path, device="cuda"):
        generator = ParallelGenerator().to(device)
        generator.load_state_dict(torch.load(path))
        generator.eval()
        generator.remove_weight_norm()
        return generator
'''


def test_a_loader_that_moves_the_model_it_builds_is_a_loader(tmp_path):
    """DDSP-SVC's ``load_model``: ``Generator(h).to(device)`` is still the generator it builds (``to``/``eval`` hand
    the module back), loads, removes the weight norm and returns."""
    found = _norm_findings(tmp_path, MOVING_LOADER)
    assert found and all(f.suppressed_by and "load_model()" in f.suppressed_by for f in found)


def test_a_loader_that_builds_through_another_call_is_none(tmp_path):
    """A call that does not hand the module back (``wrap(ParallelGenerator())``) builds something else."""
    found = _norm_findings(tmp_path, MOVING_LOADER.replace("ParallelGenerator().to(device)",
                                                            "wrap(ParallelGenerator())"))
    assert found and not any(f.suppressed_by for f in found)


def test_a_model_built_elsewhere_without_the_removal_keeps_it_reported(tmp_path):
    """RVC's WebUI: ``rtrvc.py``'s loader removes the norm, but the WebUI's inference builds the synthesizer from a
    table of classes and never removes it."""
    (tmp_path / "webui.py").write_text(
        "from vocoder import ParallelGenerator\n\nSYNTHESIZERS = {'v1': ParallelGenerator}\n\n\n"
        "def get_vc(version):\n    return SYNTHESIZERS[version]()\n")
    found = _norm_findings(tmp_path, LOADERS)
    assert found and not any(f.suppressed_by for f in found)


FUSED = '''
    from torch import nn


    class ConvBN(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(4, 4, 3, padding=1)
            self.bn = nn.BatchNorm2d(4)

        def forward(self, x):
            return self.bn(self.conv(x))

        def fuseforward(self, x):
            return self.conv(x)


    class Detector(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([ConvBN()])

        def forward(self, x):
            for block in self.blocks:
                x = block(x)
            return x

        def fuse(self):
            for m in self.modules():
                if isinstance(m, ConvBN):
                    m.forward = m.fuseforward
            return self
'''


def _fused_forward_findings(tmp_path: Path, caller: str) -> list:
    (tmp_path / "model.py").write_text(textwrap.dedent(FUSED).lstrip() + textwrap.dedent(caller))
    return [f for f in lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
            if f.method == "fuseforward"]


def test_a_method_installed_as_forward_before_offloading_is_wrapped_by_the_hooks(tmp_path):
    # yolov7's Model.fuse(): ``m.forward = m.fuseforward``, run by the loader before anyone offloads the model
    found = _fused_forward_findings(tmp_path, """

        def attempt_load():
            model = Detector()
            model.fuse()
            return model
    """)
    assert found and all(f.suppressed_by and "installed as a module's forward" in f.suppressed_by
                         and "attempt_load()" in f.suppressed_by for f in found), [f.suppressed_by for f in found]


def test_a_method_installed_as_forward_on_a_loaded_model_stays_reported(tmp_path):
    # the same fold called by a script on a model it did not build: offloading may have wrapped forward already,
    # and the installed method replaces the wrapper
    found = _fused_forward_findings(tmp_path, """

        def optimize(model):
            model.fuse()
            return model
    """)
    assert found and not any(f.suppressed_by for f in found), [f.suppressed_by for f in found]


def test_a_fold_handed_a_model_the_method_was_given_keeps_it_reported(tmp_path):
    # diffusers' ``UNetMotionModel.from_unet2d(unet, motion_adapter)``: ``model.load_motion_modules(motion_adapter)`` on
    # a model it built, but with a model it was handed, which may be offloaded already
    predictor = ("from torch import nn\nfrom model import Model\n\n\nclass Predictor:\n"
                 "    def generate(self, donor):\n        self.net = Model()\n        self.net.fuse(donor)\n")
    (tmp_path / "common.py").write_text(textwrap.dedent(COMMON).lstrip())
    (tmp_path / "model.py").write_text(textwrap.dedent(MODEL).split("\n\ndef attempt_load")[0].lstrip() + "\n")
    (tmp_path / "predict.py").write_text(predictor)
    found = [f for f in lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
             if f.method == "fuse_repvgg_block"]
    assert found and not any(f.suppressed_by for f in found), [f.suppressed_by for f in found]


def test_a_method_called_on_a_model_a_script_builds_and_drops_keeps_it_reported(tmp_path):
    # a2c-ppo's ``main()``: ``actor_critic = Policy(...)``, then ``actor_critic.get_value(...)``: the call is the use
    script = ("from model import Model\n\n\ndef main():\n    model = Model()\n    model.fuse()\n    print(model)\n")
    (tmp_path / "common.py").write_text(textwrap.dedent(COMMON).lstrip())
    (tmp_path / "model.py").write_text(textwrap.dedent(MODEL).split("\n\ndef attempt_load")[0].lstrip() + "\n")
    (tmp_path / "main.py").write_text(script)
    found = [f for f in lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
             if f.method == "fuse_repvgg_block"]
    assert found and not any(f.suppressed_by for f in found), [f.suppressed_by for f in found]


STATIC_CONVERTER = '''
import torch
from torch import nn


class PackedLinear(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.packed = nn.Parameter(torch.ones(dim, dim), requires_grad=False)
        self.register_buffer("scales", torch.ones(dim))

    def forward(self, x):
        return x @ (self.packed * self.scales[:, None])

    def forward_packed(self, x):
        return x @ (self.packed * self.scales[:, None]).t()

    @staticmethod
    def from_plain(plain):
        converted = PackedLinear()
        converted.forward = converted.forward_packed
        return converted


class PackedNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.packed = PackedLinear.from_plain(nn.Linear(8, 8))

    def forward(self, x):
        return self.packed(x)
'''


def test_a_method_a_static_converter_installs_as_forward_is_wrapped_by_the_hooks(tmp_path, monkeypatch):
    """AutoAWQ-style ``new_self.forward = new_self.forward_inference`` in a ``@staticmethod`` run while the model is
    built: the hooks wrap the installed method, and a run under them meets no offloaded buffer."""
    (tmp_path / "packed.py").write_text(STATIC_CONVERTER.lstrip())
    found = [f for f in lint(Options(paths=[str(tmp_path)], jobs=1, show_suppressed=True)).findings
             if f.method == "forward_packed"]
    assert found and all(f.suppressed_by and "PackedLinear.from_plain(), called in PackedNet.__init__" in f.suppressed_by
                         for f in found), [f.suppressed_by for f in found]

    import warnings

    from offload_lint.confirm.runner import confirm
    from offload_lint.confirm.scenario import CheckConfig

    monkeypatch.syspath_prepend(str(tmp_path))
    warnings.simplefilter("ignore")
    report = confirm("packed:PackedNet", "forward", CheckConfig(level="both", backend="tracking"))
    assert report.verdict == "refuted", report.to_text()
