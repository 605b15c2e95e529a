#!/usr/bin/env bash
# Runtime checks of the issue-22 "d" triage (docs/triage-issue22-d.md): the recall spot check's hazards and the
# sampled rows the default confirmer could not build or trigger. Each run's JSON (every access) goes to
# $OUT/<name>.json. Needs the corpora in C3 (/tmp/corp3), the dependency directory XTDEPS (einx,
# torch-einops-utils, loguru, frozendict: `pip install --no-deps --target`), and round c's stub finder in STUB 
# (/tmp/lrstub: every name of a module listed in LRSTUBS is a dummy).
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/t22d/runtime}
C3=${C3:-/tmp/corp3}
mkdir -p "$OUT"
export LRSTUBS=${LRSTUBS:-}
export PYTHONPATH="$PWD:${STUB:-/tmp/t22dstub}:${XTDEPS:-/tmp/xtdeps}:${DDPM:-/tmp/t22dddp}:$C3/x-transformers:$C3/edm2:${ACSHIM:-/tmp/t22dac}:$C3/sam2:$C3/parler-tts"
K=benchmarks.triage22d_cases
run() { name=$1; shift; [ -n "${ONLY:-}" ] && [[ ",$ONLY," != *",$name,"* ]] && return; echo "### $name: $*"
  timeout 600 python -m offload_lint confirm "$@" --timeout 180 --backend tracking --output-format json > "$OUT/$name.json" 2> "$OUT/$name.err"
  python - "$OUT/$name.json" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:
    print("  (no json)", e); sys.exit()
for level, r in d["levels"].items():
    print(f"  {level}: {r['verdict']}: {r.get('evidence', '')[:400]}")
PY
}
# recall spot check
run recall_edm_sample denoising_diffusion_pytorch.elucidated_diffusion:ElucidatedDiffusion sample --factory $K:elucidated --call $K:elucidated_sample --level both
run recall_edm_train denoising_diffusion_pytorch.elucidated_diffusion:ElucidatedDiffusion forward --factory $K:elucidated --call $K:elucidated_train --level both
run recall_cae_encode x_transformers.continuous_autoencoder:ContinuousTransformerAutoencoder encode --factory $K:continuous_autoencoder --call $K:autoencoder_encode --level both
run recall_gmm_score toy_example:GaussianMixture score --factory $K:gaussian_mixture --call $K:mixture_score --level both
run recall_encodec_encode audiocraft.models.encodec:EncodecModel encode --factory $K:encodec --call $K:compression_encode --level both
run recall_encodec_decode audiocraft.models.encodec:EncodecModel decode --factory $K:encodec --call $K:compression_decode --level both
run recall_stereo_encode audiocraft.models.encodec:InterleaveStereoCompressionModel encode --factory $K:stereo_encodec --call $K:compression_encode --level both
run recall_stereo_decode audiocraft.models.encodec:InterleaveStereoCompressionModel decode --factory $K:stereo_encodec --call $K:compression_decode --level both
run recall_hf_encode audiocraft.models.encodec:HFEncodecCompressionModel encode --factory $K:hf_encodec --call $K:compression_encode --level both
run recall_hf_decode audiocraft.models.encodec:HFEncodecCompressionModel decode --factory $K:hf_encodec --call $K:compression_decode --level both
