"""OFL102's block-module fix, applied and run under diffusers' group offloading: the names it gives work, the
one name it used to give does not."""

import confirm_block_modules as models
from offload_lint.confirm import confirm


def verdict(cls) -> str:
    report = confirm(cls, "decode", backend="fake-cuda", level="block")
    return report.levels["block"].verdict


def test_the_unfixed_model_is_confirmed():
    assert verdict(models.OuterCodec) == "confirmed"


def test_naming_only_the_child_whose_method_runs_leaves_the_bug():
    assert verdict(models.OuterCodecNamingTheChild) == "confirmed"


def test_naming_every_module_on_the_way_to_the_called_one_is_refuted():
    assert verdict(models.OuterCodecNamingThePath) == "refuted"


def _lint_fixture():
    from pathlib import Path

    from offload_lint.engine import Options, lint

    path = Path(models.__file__)
    return {f.class_name: f for f in lint(Options(paths=[str(path)], jobs=1)).findings if f.code == "OFL102"}


def test_the_message_names_the_path_and_the_list_diffusers_reads():
    found = _lint_fixture()
    # The parent's call of the child's method: naming 'codec' alone is what the runtime check above refutes.
    outer = found["OuterCodec"]
    assert "add 'codec' and each child that self.codec.decode() calls to OuterCodec._group_offload_block_modules" \
        in outer.message and outer.fix is None
    # Inside the child, recursed into with OuterCodecNamingTheChild's list: that list is the one to grow.
    inner = found["InnerCodec"]
    assert "add 'decoder' to OuterCodecNamingTheChild._group_offload_block_modules" in inner.message
    assert "OuterCodecNamingThePath" not in inner.message and inner.fix is None
