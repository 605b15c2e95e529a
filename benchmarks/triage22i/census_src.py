"""Census of round i: labels of the 24 findings the draw left out (keyed file:line:rule:attribute), with the drawn
rows' labels, give every one of the 84 findings a label; prints the census table. Run from the repository root."""
import json
import sys
from collections import defaultdict

sys.path.insert(0, "benchmarks")
from triage22e_tally import wilson  # noqa: E402

REST = {
    "Show-o/models/modeling_magvitv2.py:417:OFL102:encoder": ("false", "AB", "MAGVITv2.encode has no caller"),
    "Show-o/models/modeling_magvitv2.py:419:OFL102:quantize.get_indices": ("false", "AB", "MAGVITv2.encode has no caller"),
    "Show-o/models/modeling_magvitv2.py:424:OFL102:encoder": ("true", "", "get_code (train.py); harness showo_get_code block confirmed"),
    "Show-o/models/modeling_magvitv2.py:425:OFL102:quantize.get_indices": ("true", "", "get_code; harness showo_get_code confirmed (power_vals)"),
    "Show-o/show-o2/models/modeling_showo2_qwen2_5.py:185:OFL102:image_embedder_und": ("true", "", "mm_generate -> forward_und_only"),
    "Show-o/show-o2/models/modeling_showo2_qwen2_5.py:186:OFL102:image_embedder_gen": ("true", "", "mm_generate -> forward_und_only"),
    "Show-o/show-o2/models/modeling_showo2_qwen2_5.py:204:OFL102:position_embedding": ("true", "", "mm_generate -> forward_und_only"),
    "Show-o/show-o2/models/modeling_showo2_qwen2_5.py:223:OFL102:time_embed": ("true", "", "mm_generate -> forward_und_only"),
    "Show-o/show-o2/models/modeling_showo2_qwen2_5.py:225:OFL102:time_embed_proj": ("true", "", "mm_generate -> forward_und_only"),
    "Show-o/show-o2/models/modeling_showo2_qwen2_5.py:538:OFL102:showo": ("true", "", "inference_mmu.py -> mmu_generate"),
    "StyleTTS2/Modules/hifigan.py:40:OFL204:convs2": ("true", "", "harness styletts_hifigan leaf confirmed"),
    "StyleTTS2/Modules/hifigan.py:373:OFL204:pool": ("true", "", "harness styletts_hifigan leaf confirmed"),
    "StyleTTS2/Modules/hifigan.py:434:OFL204:F0_conv": ("true", "", "harness styletts_hifigan leaf confirmed"),
    "StyleTTS2/Modules/hifigan.py:436:OFL204:N_conv": ("true", "", "harness styletts_hifigan leaf confirmed"),
    "StyleTTS2/Modules/hifigan.py:439:OFL204:asr_res": ("true", "", "harness styletts_hifigan leaf (and block) confirmed"),
    "StyleTTS2/models.py:109:OFL204:conv2": ("true", "", "harness styletts_style_encoder leaf confirmed"),
    "StyleTTS2/models.py:114:OFL204:conv1x1": ("true", "", "harness styletts_style_encoder leaf confirmed"),
    "StyleTTS2/models.py:143:OFL204:shared": ("true", "", "harness styletts_style_encoder leaf confirmed (shared[0])"),
    "StyleTTS2/models.py:182:OFL204:main": ("false", "AB", "Discriminator2d is built nowhere"),
    "StyleTTS2/models.py:334:OFL102:embedding": ("false", "AB", "TextEncoder.inference has no caller"),
    "StyleTTS2/models.py:339:OFL102:lstm": ("false", "AB", "TextEncoder.inference has no caller"),
    "StyleTTS2/models.py:498:OFL102:shared": ("true", "", "train_second.py/slmadv.py call predictor.F0Ntrain"),
    "StyleTTS2/models.py:503:OFL102:F0_proj": ("true", "", "as :498"),
    "StyleTTS2/models.py:508:OFL102:N_proj": ("true", "", "as :498"),
}


def key(f):
    path = f["path"].split("/tmp/corp7/")[-1].replace("corp7/", "")
    return f"{path}:{f['line']}:{f['code']}:{f['attribute']}"


def main():
    sample = json.load(open("benchmarks/triage22i/sample.json"))
    labels = json.load(open("benchmarks/triage22i/labels.json"))
    findings = json.load(open("benchmarks/triage22i/findings.json"))
    book = {key(f): (labels[str(i)]["label"], labels[str(i)]["cause"]) for i, f in enumerate(sample, 1)}
    book.update({k: v[:2] for k, v in REST.items()})
    by_rule, causes = defaultdict(list), defaultdict(int)
    for f in findings:
        label, cause = book[key(f)]
        by_rule[f["code"]].append(label)
        if label != "true":
            causes[cause] += 1
    print("| rule | findings | true | precision | 95 % Wilson |\n|---|---|---|---|---|")
    every = []
    for rule in sorted(by_rule):
        got = by_rule[rule]
        every += got
        t = got.count("true")
        lo, hi = wilson(t, len(got))
        print(f"| {rule} | {len(got)} | {t} | {100 * t / len(got):.1f} % | {100 * lo:.1f}–{100 * hi:.1f} % |")
    t = every.count("true")
    lo, hi = wilson(t, len(every))
    print(f"| **all** | **{len(every)}** | **{t}** | **{100 * t / len(every):.1f} %** | **{100 * lo:.1f}–{100 * hi:.1f} %** |")
    print("non-true by cause:", dict(sorted(causes.items(), key=lambda c: -c[1])))


if __name__ == "__main__":
    main()
