import io
import json
import subprocess
import sys
import textwrap

import pytest

from offload_lint.confirm import confirm_main, load_confirm_config
from offload_lint.confirm.config import parse_confirm_table


def run(argv):
    out = io.StringIO()
    return confirm_main(argv, stdout=out), out.getvalue()


def test_confirm_main_text_and_exit_codes():
    code, text = run(["confirm_models:TinyNormalizer", "scale", "--backend", "fake-cuda"])
    assert code == 1 and "confirmed" in text and "block" in text and "leaf" in text
    code, _ = run(["confirm_models:TinyPriorFixed", "post_process_latents", "--level", "leaf"])
    assert code == 0
    code, _ = run(["confirm_models:TinyPrior", "missing_method", "--backend", "tracking"])
    assert code == 2


@pytest.mark.parametrize("argv, named", [
    (["confirm_models:NoSuchModel", "forward"], "confirm_models has no 'NoSuchModel'"),
    (["confirm_models:TinyPrior", "forward", "--factory", "confirm_models:no_such_factory"], "'no_such_factory'"),
    (["confirm_models:TinyPrior", "forward", "--call", "confirm_models:no_such_call"], "'no_such_call'"),
], ids=["target", "factory", "call"])
def test_a_misspelt_name_on_the_command_line_is_a_usage_error(argv, named, capsys):
    """A typo in a target, factory or call is the user's: the usage and what is missing, exit 2, no internal error."""
    with pytest.raises(SystemExit) as exited:
        confirm_main(argv, stdout=io.StringIO())
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert named in err and "internal error" not in err


def test_confirm_main_json():
    code, text = run(["confirm_models:FunctionalProjection", "forward", "--output-format", "json",
                      "--backend", "tracking"])
    data = json.loads(text)
    assert data["levels"]["leaf"]["verdict"] == "confirmed"
    assert data["levels"]["block"]["verdict"] == "refuted"
    assert data["levels"]["leaf"]["accesses"][0]["weight"] == "proj.weight"


def test_confirm_main_steps():
    code, text = run(["confirm_models:TinyAttention", "forward", "--step", "fuse_qkv_projections",
                      "--level", "leaf", "--backend", "fake-cuda"])
    assert code == 1, text


def test_config_table_reader(tmp_path):
    (tmp_path / "pyproject.toml").write_text(textwrap.dedent('''
        [tool.offload-lint.confirm]
        backend = "tracking"
        "confirm_models:TinyNormalizer" = { factory = "confirm_helpers:make_normalizer", call = "confirm_helpers:call_scale" }
        [tool.offload-lint.confirm.targets."confirm_models.TinyAttention"]
        steps = ["fuse_qkv_projections"]
        block_modules = []
    '''))
    config = load_confirm_config(tmp_path)
    assert config.backend == "tracking" and config.level == "both"
    normalizer = config.for_target("confirm_models.TinyNormalizer")
    assert normalizer.factory == "confirm_helpers:make_normalizer"
    assert normalizer.call == "confirm_helpers:call_scale"
    attention = config.for_target("confirm_models:TinyAttention")
    assert attention.steps == ("fuse_qkv_projections",) and attention.block_modules == ()
    assert parse_confirm_table({}).targets == {}


def test_config_factory_and_call_used_by_cli(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text(textwrap.dedent('''
        [tool.offload-lint.confirm]
        "confirm_models:TinyNormalizer" = { factory = "confirm_helpers:make_normalizer", call = "confirm_helpers:call_scale" }
    '''))
    monkeypatch.chdir(tmp_path)
    import confirm_helpers

    confirm_helpers.CALLS.clear()
    code, text = run(["confirm_models:TinyNormalizer", "scale", "--backend", "tracking", "--level", "block"])
    assert code == 1, text
    assert confirm_helpers.CALLS == [16]  # the factory's width reached the user call


def test_importing_offload_lint_does_not_import_torch():
    code = "import sys, offload_lint, offload_lint.confirm, offload_lint.finding; print('torch' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
