"""How many diffusers findings get a runtime verdict: `offload-lint --confirm` on the installed diffusers tree.

    python benchmarks/confirm_coverage.py [--diffusers DIR] [--json OUT.json] [--markdown OUT.md] [--from JSON]

Runs the CLI in a child process (cwd = the diffusers package directory, as a user would), then prints a table
per rule (confirmed / refuted / untriggered, the share with a verdict) and the untriggered reasons grouped.
``--from`` re-reads the JSON of an earlier run instead of running. Also runs the look-alike negatives taken from
the installed libraries (`REAL_LOOKALIKES`) and reports any that is confirmed.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

# Untriggered evidence -> a reason group (first match wins).
REASONS: tuple[tuple[str, str], ...] = (
    (r"needs transformers|No module named 'transformers'", "transformers not installed"),
    (r"fails without offloading too", "the line fails without offloading too (the installed library's API differs)"),
    (r"could not build the pipeline|component '", "could not build the pipeline or a component"),
    (r"could not build", "could not build the class"),
    (r"chat_template|apply_chat_template", "needs a chat-template processor"),
    (r"line not reached", "line not reached by the synthesised call"),
    (r"returned .* to its caller", "returns an offload-device tensor; judged at its caller"),
    (r"exceeded memory limit", "exceeded the memory limit of a check"),
    (r"process died|process exited with status", "the check's process crashed"),
    (r"timed out", "timed out"),
    (r"argument .* is a string|needs a PIL|non-tensor|cannot be synthesised", "arguments not synthesisable"),
    (r"has no method", "method missing in the installed version"),
    (r"not a method|no method to call|no class/module", "not a method of a buildable class"),
    (r"unpack", "input rank"),
    (r"AttributeError", "AttributeError in the call"),
    (r"shape|size mismatch|mat1 and mat2|must match|channels|dimension", "input shape"),
    (r"no call completed|did not complete", "call failed (other)"),
)


def reason_of(evidence: str) -> str:
    for pattern, group in REASONS:
        if re.search(pattern, evidence):
            return group
    return "other"


def run_cli(directory: Path) -> tuple[list[dict], float, int]:
    """(findings, wall seconds, the largest resident set of the CLI or one of its check processes in MiB)."""
    started = time.perf_counter()
    process = subprocess.run([sys.executable, "-m", "offload_lint", ".", "--confirm", "--no-cache",
                              "--output-format", "json"], cwd=directory, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if process.returncode not in (0, 1):
        sys.stderr.write(process.stderr)
        raise SystemExit(f"offload-lint exited {process.returncode}")
    peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    return json.loads(process.stdout), seconds, peak_mib


def table(findings: list[dict]) -> tuple[str, dict[str, int]]:
    per_rule: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for finding in findings:
        per_rule[finding["code"]][finding.get("verdict", "none")] += 1
    rows = ["| rule | findings | confirmed | refuted | untriggered | with a verdict |", "|---|---|---|---|---|---|"]
    totals: collections.Counter = collections.Counter()
    for code in sorted(per_rule):
        counts = per_rule[code]
        total = sum(counts.values())
        judged = counts["confirmed"] + counts["refuted"]
        rows.append(f"| {code} | {total} | {counts['confirmed']} | {counts['refuted']} | {counts['untriggered']} "
                    f"| {100 * judged / total:.0f} % |")
        if code != "OFL900":
            totals.update(counts)
    total = sum(totals.values())
    judged = totals["confirmed"] + totals["refuted"]
    rows.append(f"| **static findings** | {total} | {totals['confirmed']} | {totals['refuted']} | "
                f"{totals['untriggered']} | **{100 * judged / max(total, 1):.1f} %** |")
    return "\n".join(rows), {"total": total, "judged": judged, **totals}


def reasons(findings: list[dict]) -> str:
    groups: dict[str, list[dict]] = collections.defaultdict(list)
    for finding in findings:
        if finding.get("verdict") == "untriggered":
            groups[reason_of(finding.get("evidence", ""))].append(finding)
    rows = ["| reason | findings | rules | example |", "|---|---|---|---|"]
    for group, members in sorted(groups.items(), key=lambda item: -len(item[1])):
        rules = ", ".join(f"{code} {n}" for code, n in collections.Counter(f["code"] for f in members).most_common())
        example = members[0]
        where = f"`{example.get('class')}.{example.get('method')}` ({example['path']}:{example['line']})"
        rows.append(f"| {group} | {len(members)} | {rules} | {where} |")
    return "\n".join(rows)


# Look-alikes in the installed libraries: code that reads an offloaded tensor's device or metadata but runs under
# group offloading. (target, method, why it is safe)
REAL_LOOKALIKES: tuple[tuple[str, str, str], ...] = (
    ("diffusers.models.autoencoders.autoencoder_kl:AutoencoderKL", "encode", "encoder/decoder are block modules"),
    ("diffusers.models.autoencoders.autoencoder_kl:AutoencoderKL", "decode", "encoder/decoder are block modules"),
    ("diffusers.models.transformers.prior_transformer:PriorTransformer", "post_process_latents",
     "moves clip_mean/clip_std to the input's device"),
    ("diffusers.models.embeddings:Timesteps", "forward", "no weights; sinusoidal table on the input's device"),
    ("diffusers.models.embeddings:TimestepEmbedding", "forward", "only hooked Linear layers"),
    ("diffusers.models.embeddings:PixArtAlphaTextProjection", "forward", "only hooked Linear layers"),
    ("diffusers.models.normalization:AdaLayerNormZero", "forward", "embedding and linear are hooked"),
    ("diffusers.models.normalization:RMSNorm", "forward", "its own weight inside its own forward"),
    ("diffusers.models.attention_processor:Attention", "forward", "projections are hooked leaves"),
    ("diffusers.models.unets.unet_2d_blocks:DownBlock2D", "forward", "resnets are hooked"),
    ("transformers.models.clip.modeling_clip:CLIPTextModel", "forward", "the embedding hooks move the ids"),
    ("transformers.models.t5.modeling_t5:T5EncoderModel", "forward", "the relative-position bias is hooked"),
)


def real_lookalikes() -> tuple[list[str], int]:
    from offload_lint.confirm import confirm

    lines, confirmed = [], 0
    for target, method, why in REAL_LOOKALIKES:
        try:
            report = confirm(target, method)
            verdicts = {level: result.verdict for level, result in report.levels.items()}
        except Exception as error:  # an import error: say so
            verdicts = {"error": f"{type(error).__name__}: {error}"}
        confirmed += "confirmed" in verdicts.values()
        lines.append(f"| `{target.rpartition(':')[2]}.{method}` | {why} | "
                     f"{', '.join(f'{k}: {v}' for k, v in verdicts.items())} |")
    return ["| look-alike | why it is safe | verdict |", "|---|---|---|", *lines], confirmed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--diffusers", type=Path, default=None, help="the diffusers package directory")
    parser.add_argument("--json", type=Path, default=None, help="write the CLI's JSON output here")
    parser.add_argument("--markdown", type=Path, default=None, help="write the tables here")
    parser.add_argument("--from", dest="source", type=Path, default=None, help="read an earlier run's JSON")
    parser.add_argument("--no-lookalikes", action="store_true")
    args = parser.parse_args()
    peak_mib = None
    if args.source:
        findings, seconds = json.loads(args.source.read_text()), None
    else:
        import diffusers

        directory = args.diffusers or Path(os.path.dirname(diffusers.__file__))
        findings, seconds, peak_mib = run_cli(directory)
        if args.json:
            args.json.write_text(json.dumps(findings, indent=1))
    rules, totals = table(findings)
    out = [f"findings: {totals['total']} static, judged {totals['judged']} "
           f"({100 * totals['judged'] / max(totals['total'], 1):.1f} %)"
           + (f", {seconds:.1f} s wall" if seconds is not None else "")
           + (f", largest process {peak_mib} MiB resident" if peak_mib is not None else ""), "", rules, "", "Untriggered, by reason:", "",
           reasons(findings)]
    if not args.no_lookalikes:
        rows, confirmed = real_lookalikes()
        out += ["", f"Real-world look-alikes: {len(REAL_LOOKALIKES)}, confirmed {confirmed}", "", *rows]
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    if args.markdown:
        args.markdown.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
