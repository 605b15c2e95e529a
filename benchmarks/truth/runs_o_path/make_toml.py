"""Write strategies_o_path.toml (round o's 58 class-A rows relabelled by their real call path, ids suffixed
"-path", each naming the row it supersedes: score_strategies.py then scores the relabel in its place) from runs.jsonl.

    python benchmarks/truth/runs_o_path/make_toml.py
"""

import json
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
TRUTH = HERE.parent
CLASS_A = [int(n) for n in """46 47 48 49 82 84 85 54 55 56 57 58 59 60 61 62 63 64 65 70 71 72 73 78 79 80 81 50 51 52
53 66 67 68 69 86 87 88 89 28 29 34 35 40 41 157 166 167 172 178 179 181 10 11 100 101 108 109""".split()]
assert len(CLASS_A) == 58 and len(set(CLASS_A)) == 58
RUNTIME = {"positive": "confirmed", "negative": "refuted", "unsure": "untriggered"}
SCRIPT = {"site_vit": "site_vit.py", "site_text": "site_text.py", "site_child": "site_child.py",
          "site_sam_api": "site_sam_api.py"}

# Step 1 found another real caller for the SAM prompt encoders' rows: the model's public get_prompt_embeddings()
# calls self.prompt_encoder(...) outside the model's forward. Not class A: their labels are left as they were
# (positive), with the real-path runs as evidence. edgetam / sam3_tracker_video: the same code as sam2_video
# (callers.py; the prompt encoder classes are identical modulo the name), not run through get_prompt_embeddings.
NOT_CLASS_A = {157, 166, 167, 172, 178, 179, 181}
API_RUN = {157: ["sam2_video_1311_get_prompt_embeddings_boxes_only", "sam2_video_1311_get_prompt_embeddings"],
           166: ["sam_hq_1182_get_prompt_embeddings_boxes_only", "sam_hq_1182_get_prompt_embeddings"],
           167: ["sam_hq_1182_get_prompt_embeddings_boxes_only", "sam_hq_1182_get_prompt_embeddings"],
           178: ["sam_hq_1154_get_prompt_embeddings"], 179: ["sam_hq_1154_get_prompt_embeddings"],
           172: [], 181: []}
SIBLING = {172: "sam2_video 1311 (o157)", 181: "sam2_video 1311 (o157)"}


def quote(value):
    if isinstance(value, int):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def emit(row):
    return "[[site]]\n" + "".join(f"{key} = {quote(value)}\n" for key, value in row.items()) + "\n"


def load_runs():
    runs, script = {}, None
    path = HERE / "runs.jsonl"
    for line in path.read_text().splitlines():
        if not line.startswith("{"):
            continue
        record = json.loads(line)
        runs[(record["site"], record["strategy"])] = record
    return runs


def site_script(site):
    if site.endswith(("get_prompt_embeddings", "get_prompt_embeddings_boxes_only")):
        return "site_sam_api.py"
    if site.startswith(("mobilevit", "sam", "edgetam")):
        return "site_child.py"
    if site.startswith(("funnel", "rwkv", "sew_d", "xlm_roberta", "axk1")):
        return "site_text.py"
    return "site_vit.py"


def short(record):
    bits = [record.get("evidence", "")]
    if record.get("state_before_forward"):
        bits.append(f"tensor before forward: {record['state_before_forward']}")
    if record.get("state_after_line"):
        bits.append(f"right after the line ran: {record['state_after_line'][0]}")
    return "; ".join(b for b in bits if b)


def main():
    truth = tomllib.loads((TRUTH / "strategies_o.toml").read_text())
    runs = load_runs()
    by_number = {int(row["id"].split("-")[0][1:]): row for row in truth["site"]}
    relabelled = {}
    for number in CLASS_A:
        row = dict(by_number[number])
        strategy = row["strategy"]
        found = [r for (site, s), r in runs.items() if s == strategy and r.get("row") == f"o{number}"
                 and not site.endswith(("get_prompt_embeddings", "_boxes_only"))]
        assert len(found) == 1, (number, found)
        record = found[0]
        how = record.get("how", "")
        forward_evidence = (f"real path ({record['class']}.{record['method']} reached from forward{'; ' + how if how else ''}): "
                            f"{record['verdict']} ({record['why']}): {short(record)}")
        if number in NOT_CLASS_A:
            label = row["label"]  # left as it was
            api = [runs[(site, strategy)] for site in API_RUN[number] if (site, strategy) in runs]
            api_text = " | ".join(f"{r['site']}: {r['evidence']}" for r in api)
            if not api_text:
                api_text = (f"not run here; the prompt encoder class is {SIBLING[number]}'s code modulo the name "
                            f"(callers.py), and that row's get_prompt_embeddings run breaks")
            evidence = (f"NOT CLASS A (label left {label}): another real caller, the model's public "
                        f"get_prompt_embeddings(), calls self.prompt_encoder(...) outside the model's forward; "
                        f"through it (strategy on the whole model): {api_text}. Through the prompt encoder's own "
                        f"forward: {forward_evidence}. Original evidence: {row['evidence']}")
            runtime = row["runtime"]
            scripts = "site_child.py and site_sam_api.py"
        else:
            label = record["verdict"]
            evidence = forward_evidence + f". Original (line-alone) evidence: {row['evidence']}"
            runtime = RUNTIME[label]
            scripts = site_script(record["site"])
        new = {"id": row["id"] + "-path", "supersedes": row["id"]}
        new.update((key, value) for key, value in row.items() if key != "id")
        new["label"] = label
        new["runtime"] = runtime
        new["source"] = (f"blind (real-path relabel of {row['id']}, docs/strategies-truth-o-path.md; original source: "
                         f"{row['source']})")
        new["confirm"] = (f"cd /tmp && PYTHONPATH=/work/wt-relabel-o:/tmp/pkgs/extra python "
                          f"/work/wt-relabel-o/benchmarks/truth/runs_o_path/{scripts.split(' ')[0]} {record['site']}")
        new["evidence"] = evidence
        relabelled[number] = new

    header = ("# Round o's 58 class-A rows (docs/strategies-truth-o.md, section A) relabelled by their real call path:\n"
              "# the model that holds the class, built small, under the strategy's real library on CPU, its own\n"
              "# forward called, the row's line traced (benchmarks/truth/runs_o_path/, docs/strategies-truth-o-path.md).\n"
              "# Ids are the original ids with \"-path\"; each supersedes the original row (score_strategies.py scores it in\n"
              "# the original's place). Rows where step 1 found another real caller keep their label.\n\n")
    versions = "[versions]\n" + "".join(f"{k} = {quote(v)}\n" for k, v in truth["versions"].items()) + "\n"
    (TRUTH / "strategies_o_path.toml").write_text(
        header + versions + "".join(emit(relabelled[n]) for n in CLASS_A))
    counts = {}
    for n in CLASS_A:
        counts[relabelled[n]["label"]] = counts.get(relabelled[n]["label"], 0) + 1
    print(counts)


if __name__ == "__main__":
    main()
