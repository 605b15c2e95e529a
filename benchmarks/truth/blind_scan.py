"""Candidate sites for the per-strategy truth set (strategies_d.toml), found without the linter.

The patterns were written from the libraries' hooks (docs/strategies.md) before the linter's output on these trees
was looked at; they find lines that may break under a strategy and the look-alikes beside them. A hit is a
candidate, not a label: every site taken into the set is labelled by a run under the real library.

    python benchmarks/truth/blind_scan.py [--round e] [--pattern ID ...] [--seed N --per-pattern K]

Prints `pattern<TAB>tree<TAB>path:line<TAB>text` per hit (paths relative to the tree's package directory);
with `--seed`, K hits per pattern drawn with that seed.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path


EXAMPLES = Path("/tmp/corp/examples")  # diffusers' examples/ (git checkout), scanned in round e


@dataclass(frozen=True)
class Pattern:
    id: str
    strategies: str  # the strategies the pattern is a candidate under
    why: str
    regex: re.Pattern[str]


PATTERNS: tuple[Pattern, ...] = (
    Pattern("component-device", "accelerate-sequential",
            "a component's .device (first parameter: meta once accelerate offloaded it) used to place tensors",
            re.compile(r"(device\s*=\s*|\.to\()\s*self\.(?!_execution_device)[a-z_]+(\.[a-z_]+)*\.device\b")),
    Pattern("own-device-outside-forward", "accelerate-sequential",
            "a model's own self.device used to place tensors in a method",
            re.compile(r"device\s*=\s*self\.device\b")),
    Pattern("child-weight-in-parent", "zero3,fsdp2,accelerate-sequential",
            "a child's weight, its .shape/.data/.size() read in the parent",
            re.compile(r"self\.[a-z_]+(\.[a-z_0-9]+)*\.(weight|bias)(\.(shape|data|size\(|T\b|t\(\)|numel\(\)))?")),
    Pattern("child-weight-to-functional", "zero3,fsdp2,accelerate-sequential",
            "a child's weight handed to a functional",
            re.compile(r"F\.(linear|embedding|conv[123]d|layer_norm|group_norm)\([^)]*self\.[a-z_]+\.[a-z_.]*weight")),
    Pattern("whole-param-write", "zero3,fsdp2",
            "a whole-parameter write (.data.copy_, param.data = ...)",
            re.compile(r"\.data\.copy_\(|\.data\s*=\s*|\.copy_to\(")),
    Pattern("component-child-method", "model-cpu-offload",
            "a method of a component's child called from a pipeline (the component's hook is on its forward)",
            re.compile(r"self\.(text_encoder|text_encoder_2|text_encoder_3|vae|unet|transformer|image_encoder|"
                       r"tokenizer_model|prior|decoder)\.[a-z_]+\.[a-z_]+\(")),
    Pattern("private-helper-of-decorated", "model-cpu-offload",
            "a private helper behind an @apply_forward_hook method called directly",
            re.compile(r"self\.(vae|[a-z_]*vae[a-z_]*|image_encoder|audio_vae|vocoder)\._(encode|decode)\(|"
                       r"self\.(vae|[a-z_]*vae[a-z_]*)\.(tiled_decode|tiled_encode|_tiled_decode|_tiled_encode)\(")),
    Pattern("decorated-public", "model-cpu-offload",
            "look-alike: the decorated public method (encode/decode) called from a pipeline",
            re.compile(r"self\.(vae|[a-z_]*vae[a-z_]*)\.(encode|decode)\(")),
    Pattern("generate-get-encoder", "model-cpu-offload,fsdp2",
            "generate()/get_encoder() on a component or model: runs a child before any forward",
            re.compile(r"\.generate\(|\.get_encoder\(\)|get_input_embeddings\(\)\(")),
    Pattern("buffer-read", "accelerate-sequential",
            "a registered buffer read outside forward (goes with the weights when offload_buffers is on)",
            re.compile(r"self\.[a-z_]+\.(running_mean|running_var|position_ids|inv_freq|mean|std|scale|"
                       r"latents_mean|latents_std|shift_factor)\b")),
)


# Round e (strategies_e.toml): patterns added from the same library facts (docs/strategies.md, "What each library
# does") before the linter's output on these trees was read; the trees grow by diffusers' training examples.
PATTERNS_E: tuple[Pattern, ...] = (
    Pattern("param-numel", "zero3",
            "a parameter's .numel() (a ZeRO-3 partition holds 0 elements outside a gather)",
            re.compile(r"\b(p|param|parameter|w|weight)\.numel\(\)")),
    Pattern("next-parameters-device", "accelerate-sequential",
            "next(module.parameters()).device (the first parameter's: meta once accelerate offloaded it)",
            re.compile(r"next\((iter\()?[a-zA-Z_.()]*parameters\(\)\)?\)\.device")),
    Pattern("dtype-read", "none (look-alike)",
            "look-alike: a module's or first parameter's .dtype (kept by meta, DTensor and partition alike)",
            re.compile(r"next\((iter\()?[a-zA-Z_.()]*parameters\(\)\)?\)\.dtype|self\.(text_encoder|vae|unet|"
                       r"transformer|image_encoder)\.dtype\b")),
    Pattern("state-dict-read", "accelerate-sequential,zero3",
            "a module's state_dict() read outside its forward (meta / empty partitions)",
            re.compile(r"\.state_dict\(\)")),
    Pattern("embedding-weight-rows", "zero3,fsdp2,accelerate-sequential,model-cpu-offload",
            "rows of an embedding's weight read or written outside its forward",
            re.compile(r"(get_input_embeddings\(\)|get_output_embeddings\(\)|embeddings?|embed_tokens|wte)"
                       r"\.weight(\.data)?\[")),
    Pattern("weight-transpose-matmul", "zero3,fsdp2,accelerate-sequential",
            "a child's weight transposed or multiplied by hand (no call of the child)",
            re.compile(r"(@\s*self\.[a-z_.0-9]+\.weight|\.weight\.(T|t\(\)|transpose\())")),
    Pattern("requires-grad-toggle", "none (look-alike)",
            "look-alike: requires_grad_ / requires_grad toggled on a module (metadata only)",
            re.compile(r"\.requires_grad_\(")),
)


def tree_roots() -> dict[str, list[Path]]:
    """tree -> files scanned (the installed packages' sources)."""
    roots: dict[str, list[Path]] = {}
    for tree, parts in (("diffusers", ("",)), ("transformers", ("models", "generation")), ("peft", ("",)),
                        ("timm", ("",))):
        spec = importlib.util.find_spec(tree)
        if spec is None or not spec.submodule_search_locations:
            continue
        base = Path(next(iter(spec.submodule_search_locations)))
        files: list[Path] = []
        for part in parts:
            files += sorted((base / part).rglob("*.py"))
        roots[tree] = files
    if EXAMPLES.is_dir():
        roots["examples"] = sorted(EXAMPLES.rglob("*.py"))
    return roots


def scan(patterns: tuple[Pattern, ...]) -> list[tuple[str, str, str, int, str]]:
    hits = []
    for tree, files in tree_roots().items():
        if tree == "examples":
            base = EXAMPLES
        else:
            spec = importlib.util.find_spec(tree)
            base = Path(next(iter(spec.submodule_search_locations)))  # type: ignore[union-attr, arg-type]
        for path in files:
            if "/modular_" in str(path) or "/tests/" in str(path):
                continue  # generated-from sources: the modeling file holds the same code
            for number, text in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                if text.lstrip().startswith("#"):
                    continue
                for pattern in patterns:
                    if pattern.regex.search(text):
                        hits.append((pattern.id, tree, str(path.relative_to(base)), number, text.strip()))
    return hits


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pattern", action="append", default=[])
    parser.add_argument("--seed", type=int)
    parser.add_argument("--per-pattern", type=int, default=10)
    parser.add_argument("--round", choices=("d", "e"), default="d",
                        help="d: the patterns of strategies_d.toml over the installed packages; e: those and "
                             "PATTERNS_E, the examples tree included (strategies_e.toml)")
    args = parser.parse_args(argv)
    chosen = PATTERNS + PATTERNS_E if args.round == "e" else PATTERNS
    patterns = tuple(p for p in chosen if not args.pattern or p.id in args.pattern)
    hits = scan(patterns)
    if args.round == "d":  # round d scanned the installed packages only
        hits = [hit for hit in hits if hit[1] != "examples"]
    if args.seed is not None:
        rng = random.Random(args.seed)
        drawn = []
        for pattern in patterns:
            mine = [hit for hit in hits if hit[0] == pattern.id]
            rng.shuffle(mine)
            drawn += mine[: args.per_pattern]
        hits = drawn
    for pattern_id, tree, path, line, text in hits:
        print(f"{pattern_id}\t{tree}\t{path}:{line}\t{text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
