"""A module class nothing names outside its own body, in a file the tree runs, is code nothing builds (its findings
are kept with the reason); a class of a package whose exports are not linted, one a package ``__init__`` re-exports
and one in a file nothing imports stay reported."""

from __future__ import annotations

import textwrap
from pathlib import Path

from offload_lint.engine import Options, lint

BLOCKS = '''
    from torch import nn


    class Decoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([nn.Linear(4, 4)])

        def forward(self, x):
            return self.blocks[0](x)


    class OldDecoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = nn.Linear(4, 4)
            self.blocks = nn.ModuleList([nn.Linear(4, 4)])

        def forward(self, x):
            return self.blocks[0](x)

        def project(self, x):
            return self.proj(x)
'''
USER = '''
    from torch import nn

    from pkg.models.blocks import Decoder


    class Restorer(nn.Module):
        def __init__(self):
            super().__init__()
            self.decoder = Decoder()

        def forward(self, x):
            return self.decoder(x)
'''


def _package(root: Path, init: str = "") -> Path:
    (root / "pkg" / "models").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    (root / "pkg" / "__init__.py").write_text(init)
    (root / "pkg" / "models" / "__init__.py").write_text("")
    (root / "pkg" / "models" / "blocks.py").write_text(textwrap.dedent(BLOCKS).lstrip())
    (root / "pkg" / "restorer.py").write_text(textwrap.dedent(USER).lstrip())
    return root / "pkg"


def _old_decoder_findings(path: Path) -> list:
    found = lint(Options(paths=[str(path)], jobs=1, show_suppressed=True)).findings
    return [f for f in found if f.class_name == "OldDecoder"]


def test_a_class_nothing_names_in_a_file_the_tree_runs_is_suppressed_with_the_reason(tmp_path):
    found = _old_decoder_findings(_package(tmp_path))
    assert found and all(f.suppressed_by and "OldDecoder is named nowhere" in f.suppressed_by for f in found)
    assert all("in a file the tree runs" in f.suppressed_by for f in found)


def test_without_the_package_init_linted_the_class_may_be_exported_there(tmp_path):
    package = _package(tmp_path)
    # A user of the file inside the linted folder: the file runs, but pkg/__init__.py may export the class.
    (package / "models" / "restorer.py").write_text((package / "restorer.py").read_text())
    found = _old_decoder_findings(package / "models")
    assert found and not any(f.suppressed_by for f in found)


def test_a_package_star_reexport_names_the_class(tmp_path):
    found = _old_decoder_findings(_package(tmp_path, init="from .models.blocks import *\n"))
    assert found and not any(f.suppressed_by for f in found)


def test_in_a_file_nothing_imports_the_class_is_api(tmp_path):
    package = _package(tmp_path)
    (package / "restorer.py").unlink()
    found = _old_decoder_findings(package)
    assert found and not any(f.suppressed_by for f in found)


def test_a_lazy_import_inside_a_function_makes_the_file_one_the_tree_runs(tmp_path):
    package = _package(tmp_path)
    (package / "restorer.py").write_text(
        "def load(name):\n"
        "    if name == 'decoder':\n"
        "        from pkg.models.blocks import Decoder\n"
        "        return Decoder()\n")
    found = _old_decoder_findings(package)
    assert found and all(f.suppressed_by and "OldDecoder is named nowhere" in f.suppressed_by for f in found)


def test_a_class_with_an_alternative_constructor_is_made_for_users(tmp_path):
    package = _package(tmp_path)
    blocks = package / "models" / "blocks.py"
    blocks.write_text(blocks.read_text().replace(
        "    def project(self, x):",
        "    @classmethod\n    def from_decoder(cls, decoder):\n        return cls()\n\n    def project(self, x):"))
    found = _old_decoder_findings(package)
    assert found and not any(f.suppressed_by for f in found)


def test_a_class_whose_init_warns_is_kept_for_users_code(tmp_path):
    package = _package(tmp_path)
    blocks = package / "models" / "blocks.py"
    blocks.write_text("import warnings\n" + blocks.read_text().replace(
        "        super().__init__()\n        self.proj",
        "        warnings.warn('OldDecoder is deprecated', FutureWarning)\n        super().__init__()\n        self.proj"))
    found = _old_decoder_findings(package)
    assert found and not any(f.suppressed_by for f in found)


def test_a_file_of_a_namespace_package_is_matched_by_its_path(tmp_path):
    """No ``__init__.py``: the index names the file ``blocks``, the import names ``pkg.models.blocks``."""
    package = _package(tmp_path)
    (package / "__init__.py").unlink()
    (package / "models" / "__init__.py").unlink()
    found = _old_decoder_findings(package)
    assert found and all(f.suppressed_by and "OldDecoder is named nowhere" in f.suppressed_by for f in found)


def test_a_config_names_a_class_by_its_whole_name(tmp_path):
    longer = _package(tmp_path / "longer")
    (longer / "decoders.yaml").write_text("decoder:\n  target: pkg.models.blocks.OldDecoderV2\n")
    found = _old_decoder_findings(longer)
    assert found and all(f.suppressed_by for f in found)  # OldDecoderV2 is another class
    exact = _package(tmp_path / "exact")
    (exact / "decoders.yaml").write_text("decoder:\n  target: pkg.models.blocks.OldDecoder\n")
    found = _old_decoder_findings(exact)
    assert found and not any(f.suppressed_by for f in found)


def test_a_word_of_a_config_sentence_or_a_tokenizer_vocabulary_names_no_class(tmp_path):
    """FlagAI's vendored ldm ``Model``: "Model" in an issue template's title and as a token of a ``vocab.json``."""
    package = _package(tmp_path)
    (package / "template.yml").write_text('name: "New OldDecoder addition"\nlabels: ["OldDecoder request"]\n')
    (package / "vocab.json").write_text('{"OldDecoder": 17633, "Decoder": 2}\n')
    found = _old_decoder_findings(package)
    assert found and all(f.suppressed_by and "OldDecoder is named nowhere" in f.suppressed_by for f in found)
    (package / "decoders.json").write_text('{"decoder": {"class": "OldDecoder"}}\n')
    found = _old_decoder_findings(package)
    assert found and not any(f.suppressed_by for f in found)


# A HiFi-GAN-like pair: blocks built only by a holder nothing builds, each naming itself in ``super(Cls, self)``.
SCALES = '''
    from torch import nn


    class Scale(nn.Module):
        def __init__(self):
            super(Scale, self).__init__()
            self.proj = nn.Linear(4, 4)

        def forward(self, x):
            return self.proj(x)

        def project(self, x):
            return self.proj(x)


    class MultiScale(nn.Module):
        def __init__(self):
            super(MultiScale, self).__init__()
            self.scales = nn.ModuleList([Scale(), Scale()])

        def forward(self, x):
            return [scale(x) for scale in self.scales]
'''


def _scale_findings(package: Path) -> list:
    found = lint(Options(paths=[str(package)], jobs=1, show_suppressed=True)).findings
    return [f for f in found if f.class_name == "Scale"]


def test_a_block_only_an_unbuilt_class_builds_is_unbuilt_though_its_own_body_names_it(tmp_path):
    """``super(Scale, self).__init__()`` names the class inside its own body: no use by anything else."""
    package = _package(tmp_path)
    blocks = package / "models" / "blocks.py"
    blocks.write_text(blocks.read_text() + textwrap.dedent(SCALES))
    scale = _scale_findings(package)
    assert scale and all(f.suppressed_by and "built only by MultiScale" in f.suppressed_by for f in scale)


def test_a_copy_of_the_same_classes_in_another_file_names_its_own(tmp_path):
    """Two vendored copies of one HiFi-GAN file: neither copy's ``MultiScale`` is built, and each copy's mentions of
    ``Scale``/``MultiScale`` are of its own classes, not of the other copy's."""
    package = _package(tmp_path)
    for name in ("vocoder_a", "vocoder_b"):
        (package / name).mkdir()
        (package / name / "__init__.py").write_text("")
        (package / name / "models.py").write_text(
            textwrap.dedent(SCALES).replace("nn.Linear(4, 4)", f"nn.Linear(4, 4)  # {name}"))
    (package / "restorer.py").write_text((package / "restorer.py").read_text()
                                         + "\nfrom pkg.vocoder_a import models as vocoder_a\n"
                                         + "from pkg.vocoder_b import models as vocoder_b\n")
    scale = _scale_findings(package)
    assert scale and all(f.suppressed_by and "built only by MultiScale" in f.suppressed_by for f in scale)


def test_a_package_under_a_prefixed_root_is_judged_alike(tmp_path):
    """A folder whose top-level modules share a name with an earlier folder's (fairseq's examples: each recipe's
    ``utils.py``) is kept under a root prefix, its packages too: its classes are judged as any other's."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    _package(tmp_path / "first")
    (tmp_path / "first" / "pyproject.toml").unlink()
    second = tmp_path / "second"
    (second / "tts" / "models").mkdir(parents=True)
    (second / "tts" / "__init__.py").write_text("")
    (second / "tts" / "models" / "__init__.py").write_text("")
    # Not an identical copy (those report once, at the first: tests/test_vendored_copies.py).
    (second / "tts" / "models" / "blocks.py").write_text(
        textwrap.dedent(BLOCKS).lstrip().replace("return self.proj(x)", "return self.proj(x) * 2"))
    (second / "tts" / "restorer.py").write_text(textwrap.dedent(USER).lstrip().replace("pkg.", "tts."))
    for root in (tmp_path / "first", second):
        (root / "utils.py").write_text("SEED = 0\n")
    found = [f for f in _old_decoder_findings(tmp_path) if Path(f.path).relative_to(tmp_path).parts[0] == "second"]
    assert found and all(f.suppressed_by and "OldDecoder is named nowhere" in f.suppressed_by for f in found)
