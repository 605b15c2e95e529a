"""The on-disk cache: bounded, relocatable, robust to damage, and never a different answer."""

from __future__ import annotations

import io
import json
import os
import pickle
import shutil
import sys
from pathlib import Path

import pytest

from offload_lint import engine
from offload_lint.cache import FORMAT_FOLDER, MANIFEST, Cache
from offload_lint.config import Settings
from offload_lint.engine import Options, lint
from offload_lint.report.json_format import render as render_json

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "fixtures" / "core"


# The files a checkout holds: those the tests name, their packages, and every third other core fixture (sorted, so
# the same each run). The cache's behaviour is per file and per edge between files, not per rule: a third of the
# fixtures, which grow with every rule, keeps each kind of record while each cold run costs a third.
_NAMED = {"prior.py", "vae.py", "helpers.py", "crossfile_base.py", "crossfile_child.py"}
_OTHERS = sorted(path.name for path in CORE.glob("*.py") if path.name not in _NAMED)
_KEPT = _NAMED | set(_OTHERS[::3])


def _not_kept(folder: str, names: list[str]) -> set[str]:
    """``copytree``'s ignore: at the top of the core fixtures, the files not in :data:`_KEPT` (packages stay whole)."""
    if Path(folder) != CORE:
        return {name for name in names if name == "__pycache__"}
    return {name for name in names if name == "__pycache__" or (name.endswith(".py") and name not in _KEPT)}


def checkout(tmp_path: Path, name: str) -> Path:
    """A copy of the core fixtures (a third of them, :data:`_KEPT`) as a project (pyproject.toml at its root), with
    fresh mtimes as a new checkout has."""
    tree = tmp_path / name
    shutil.copytree(CORE, tree / "src", ignore=_not_kept)
    (tree / "pyproject.toml").write_text("[project]\nname = 'example'\n")
    for path in (tree / "src").rglob("*.py"):
        os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000_007))
    return tree


def run(tree: Path, cache: Path | None) -> str:
    """The JSON report of linting ``tree/src`` spelled as absolute paths."""
    result = lint(Options(paths=[str(tree / "src")], settings=Settings(), jobs=1, cache_dir=cache))
    out = io.StringIO()
    render_json(result, out)
    return out.getvalue()


@pytest.fixture
def indexed(monkeypatch) -> list[str]:
    """The files the index reads and summarises in this process (a cache miss each)."""
    seen: list[str] = []
    original = engine._index_file

    def counting(path: str):
        seen.append(path)
        return original(path)

    monkeypatch.setattr(engine, "_index_file", counting)
    return seen


def manifest_of(cache: Path) -> dict:
    return Cache(cache).load_manifest()


def records_on_disk(cache: Path) -> set[str]:
    return {path.name for path in (cache / FORMAT_FOLDER / "files").iterdir()}


def test_the_same_tree_at_another_path_is_warm_and_gives_its_own_paths(tmp_path, indexed):
    cache = tmp_path / "cache"
    first = checkout(tmp_path, "first")
    run(first, cache)
    assert len(indexed) > 10
    indexed.clear()
    second = checkout(tmp_path, "second")
    warm = run(second, cache)
    assert indexed == [], "every file of the second checkout was found by its content"
    assert warm == run(second, None)
    assert str(second) in warm and str(first) not in warm


def test_many_checkouts_keep_one_checkouts_cache(tmp_path):
    cache = tmp_path / "cache"
    run(checkout(tmp_path, "c0"), cache)
    one_manifest, one_records = manifest_of(cache), records_on_disk(cache)
    for number in range(1, 4):
        tree = checkout(tmp_path, f"c{number}")
        run(tree, cache)
        shutil.rmtree(tree)
    assert manifest_of(cache).keys() == one_manifest.keys()
    assert records_on_disk(cache) == one_records


def test_entries_of_deleted_and_changed_files_leave_at_the_next_write(tmp_path):
    cache = tmp_path / "cache"
    tree = checkout(tmp_path, "tree")
    run(tree, cache)
    before = manifest_of(cache)
    (tree / "src" / "prior.py").unlink()
    vae = tree / "src" / "vae.py"
    vae.write_text(vae.read_text() + "\n# edited\n")
    after_run = run(tree, cache)
    manifest = manifest_of(cache)
    assert "src/prior.py" in before and "src/prior.py" not in manifest
    assert manifest["src/vae.py"].digest != before["src/vae.py"].digest
    assert records_on_disk(cache) == {f"{record.key}.pickle" for record in manifest.values()}
    assert after_run == run(tree, None)


def test_linting_part_of_the_tree_keeps_the_rest(tmp_path):
    cache = tmp_path / "cache"
    tree = checkout(tmp_path, "tree")
    run(tree, cache)
    whole = manifest_of(cache)
    lint(Options(paths=[str(tree / "src" / "vaepkg")], settings=Settings(), jobs=1, cache_dir=cache))
    assert manifest_of(cache).keys() == whole.keys()


def _truncate_manifest(folder: Path) -> None:
    data = (folder / MANIFEST).read_bytes()
    (folder / MANIFEST).write_bytes(data[: len(data) // 2])


def _garble_records(folder: Path) -> None:
    for path in (folder / "files").iterdir():
        path.write_bytes(b"\x80\x05garbage")


def _foreign_records(folder: Path) -> None:
    for path in (folder / "files").iterdir():
        path.write_bytes(pickle.dumps(((1, "0.0.0"), {"not": "a payload"})))


def _wrong_shapes(folder: Path) -> None:
    (folder / MANIFEST).write_bytes(pickle.dumps(((27, "x"), None)))
    for path in (folder / "files").iterdir():
        path.write_bytes(pickle.dumps([1, 2, 3]))
    for path in (folder / "results").iterdir():
        path.write_bytes(pickle.dumps(("unexpected",)))


@pytest.mark.parametrize("damage", [_truncate_manifest, _garble_records, _foreign_records, _wrong_shapes])
def test_a_damaged_cache_is_ignored_and_rewritten(tmp_path, damage):
    cache = tmp_path / "cache"
    tree = checkout(tmp_path, "tree")
    clean = run(tree, cache)
    damage(cache / FORMAT_FOLDER)
    assert run(tree, cache) == clean
    assert manifest_of(cache), "rewritten"
    assert run(tree, cache) == clean


def test_other_formats_are_removed_at_the_next_write(tmp_path):
    cache = tmp_path / "cache"
    (cache / "v1-0.0.1" / "files").mkdir(parents=True)
    (cache / "v1-0.0.1" / "files" / "x.pickle").write_bytes(b"old")
    (cache / "index.pickle").write_bytes(b"an older single-file layout")
    tree = checkout(tmp_path, "tree")
    clean = run(tree, None)
    assert run(tree, cache) == clean
    assert sorted(p.name for p in cache.iterdir()) == sorted([".gitignore", FORMAT_FOLDER])


def test_a_json_report_names_files_as_given(tmp_path):
    tree = checkout(tmp_path, "tree")
    findings = json.loads(run(tree, tmp_path / "cache"))
    assert findings and all(item["path"].startswith(str(tree)) for item in findings)


def test_a_second_checkout_reuses_the_whole_answer_when_paths_are_spelled_alike(tmp_path, monkeypatch):
    """Linted from the checkout's root as CI does, with a base class read from a folder that is not
    linted: the second checkout is answered from the cache without analysing anything."""
    analysed: list[object] = []
    original = engine.Linter._analyze
    monkeypatch.setattr(engine.Linter, "_analyze",
                        lambda self, entries, only=None: analysed.append(only) or original(self, entries, only))
    cache = tmp_path / "cache"
    answers = []
    for name in ("first", "second"):
        tree = tmp_path / name
        (tree / "pkg" / "models").mkdir(parents=True)
        (tree / "pyproject.toml").write_text("")
        (tree / "pkg" / "__init__.py").write_text("")
        (tree / "pkg" / "models" / "__init__.py").write_text("")
        shutil.copy(CORE / "crossfile_base.py", tree / "pkg" / "crossfile_base.py")
        child = (CORE / "crossfile_child.py").read_text().replace("from crossfile_base", "from ..crossfile_base")
        (tree / "pkg" / "models" / "crossfile_child.py").write_text(child)
        monkeypatch.chdir(tree)
        result = lint(Options(paths=["pkg/models"], settings=Settings(), jobs=1, cache_dir=cache))
        answers.append([finding.to_json() for finding in result.findings])
        monkeypatch.chdir(tmp_path)
        shutil.rmtree(tree)  # a CI runner's checkout is gone after its job
    assert len(analysed) == 1, "the second checkout took the first one's answer"
    assert answers[0] == answers[1] and any(item["code"] == "OFL101" for item in answers[0])


def test_another_command_reads_the_index_lint_cached(tmp_path, indexed):
    cache = tmp_path / "cache"
    tree = checkout(tmp_path, "tree")
    run(tree, cache)
    indexed.clear()
    entries = engine.Linter(Options(paths=[str(tree / "src")], jobs=1, cache_dir=cache)).index_entries()
    assert indexed == [] and len(entries) == len(manifest_of(cache))
    assert all(entry.summary is not None and entry.path.startswith(str(tree)) for entry in entries)


def test_indexing_in_the_linters_process_leaves_the_collector_as_the_run_set_it(tmp_path):
    """A run turns the cyclic GC off (its index is millions of acyclic objects); indexing the edited
    file in-process must not turn it back on for the rest of the run."""
    import gc

    path = tmp_path / "model.py"
    path.write_text("class A:\n    pass\n")
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        engine._index_files([str(path)])
        assert not gc.isenabled()
    finally:
        if was_enabled:
            gc.enable()


def test_a_file_record_keeps_its_libcst_results_pickled_until_they_are_read() -> None:
    """Loading a file's record leaves its libcst results as bytes (an incremental run loads every record but reads
    the results of a few files); reading them, moving the record to another checkout and writing it again keep
    them, with what was added in between."""
    from offload_lint.engine import FilePayload, IndexEntry

    payload = FilePayload(IndexEntry("a.py", "key", None, None), {(1, 2, None): "result"})
    loaded = pickle.loads(pickle.dumps(payload))
    assert loaded._collected is None, "decoded while loading"
    moved = loaded.at("b.py")
    assert moved.entry.path == "b.py" and moved._collected is None
    assert moved.collected == {(1, 2, None): "result"}
    moved.collected[(3, 4, frozenset({"x"}))] = "added"
    assert pickle.loads(pickle.dumps(moved)).collected == {(1, 2, None): "result", (3, 4, frozenset({"x"})): "added"}
    assert FilePayload(IndexEntry("c.py", "key", None, None)).collected == {}


def test_file_records_name_modules_as_module_name_for_does(tmp_path, monkeypatch):
    """The records look each package directory up once for all files below it: the names stay those of
    ``module_name_for`` (nested packages, a plain folder inside a package, a package reached through a link,
    paths spelled relative to the working directory)."""
    from offload_lint.project_files import ProjectFiles
    from offload_lint.source import module_name_for

    for folder in ("top/pkg/sub", "top/pkg/plain/deeper", "elsewhere/linked"):
        (tmp_path / folder).mkdir(parents=True)
    for package in ("top/pkg", "top/pkg/sub", "top/pkg/plain/deeper", "elsewhere/linked"):
        (tmp_path / package / "__init__.py").write_text("")
    for module in ("top/pkg/a.py", "top/pkg/sub/b.py", "top/pkg/plain/c.py", "top/pkg/plain/deeper/d.py",
                   "elsewhere/linked/e.py", "top/f.py"):
        (tmp_path / module).write_text("x = 1\n")
    (tmp_path / "top" / "pkg" / "link").symlink_to(tmp_path / "elsewhere" / "linked", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    files = [str(p.relative_to(tmp_path)) for p in sorted((tmp_path / "top").rglob("*.py"))] + [
        "top/pkg/link/e.py", "top/pkg/link/__init__.py"]
    records = ProjectFiles(Cache(None), tmp_path, files)
    for path in files:
        record = records.record(path)
        assert (record.module, record.is_package) == module_name_for(Path(path)), path


def test_files_a_discovery_found_are_not_looked_up_again_and_give_the_same_findings(tmp_path, monkeypatch):
    """The flake8 plugin hands ``lint_files`` the project its own walk found (``discovered``)."""
    from offload_lint.discover import Discovery
    from offload_lint.engine import lint_files

    tree = checkout(tmp_path, "project")
    monkeypatch.chdir(tree)
    project = [str(p) for p in Discovery().files(["src"])]
    looked_up = lint_files(project, project, Settings(), cache_dir=None)
    monkeypatch.setattr(Discovery, "files", lambda *_: pytest.fail("walked again"))
    taken = lint_files(project, project, Settings(), cache_dir=None, discovered=True)
    assert taken.findings == looked_up.findings
    assert looked_up.findings


def test_each_interpreter_keeps_its_own_entries() -> None:
    """Its parser decides what is a syntax error, and its pickles hold its ``ast`` classes: a cache another Python
    wrote is not read."""
    assert FORMAT_FOLDER.endswith(f"-py{sys.version_info.major}{sys.version_info.minor}")


def test_method_texts_of_the_last_file_only_give_the_same_findings(monkeypatch):
    """The libcst pass keeps the lines of its last few files only (and ``# noqa`` is read file by file): with one
    file kept, the findings are those of the default."""
    fixtures = Path(__file__).resolve().parent.parent / "fixtures" / "core"
    options = Options(paths=[str(fixtures)], settings=Settings(), jobs=1, show_suppressed=True)
    before, after = io.StringIO(), io.StringIO()
    render_json(lint(options), before)
    monkeypatch.setattr(engine, "_TEXT_FILES", 1)
    render_json(lint(options), after)
    assert after.getvalue() == before.getvalue() and '"code"' in before.getvalue()


def test_payloads_written_by_the_index_processes_equal_those_written_here(tmp_path, monkeypatch, indexed):
    """The index's processes write each new file's payload beside parsing it: the cache they make equals one made in
    the linter's process, names every file of the manifest, and answers a warm run without indexing anything."""
    tree = checkout(tmp_path, "tree")
    run(tree, tmp_path / "here")
    monkeypatch.setattr(engine, "_PARALLEL_THRESHOLD", 1)
    result = lint(Options(paths=[str(tree / "src")], settings=Settings(), jobs=2, cache_dir=tmp_path / "pool"))
    out = io.StringIO()
    render_json(result, out)
    assert records_on_disk(tmp_path / "pool") == records_on_disk(tmp_path / "here") == {
        f"{record.key}.pickle" for record in manifest_of(tmp_path / "pool").values()}
    for name in records_on_disk(tmp_path / "pool"):
        pool = Cache(tmp_path / "pool").load(f"files/{name}")
        here = Cache(tmp_path / "here").load(f"files/{name}")
        assert pool.entry == here.entry and pool.collected == here.collected and pool.texts == here.texts
    without_cache = run(tree, None)
    indexed.clear()
    assert run(tree, tmp_path / "pool") == out.getvalue() == without_cache
    assert indexed == []
