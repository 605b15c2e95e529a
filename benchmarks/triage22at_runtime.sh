#!/usr/bin/env bash
# Runtime checks of the issue-22 "at" triage (docs/triage-issue22-at.md) through benchmarks/triage22at_cases.py (tracking
# backend, diffusers' real group-offloading hooks, CPU). Each run's JSON goes to $OUT/<name>.json. FrEIA is imported
# from the corpus copy C44/freia (/tmp/corp44); tabpfn, transformer_lens and tsfm_public through the namespace shims of
# the cases module (corpus copies too); einops, jaxtyping & co. from SITE (/tmp/t22at/site, pip --target --no-deps).
# LINTER: /tmp/wt_at (the linter this round measures), never this worktree's own code: the runs start from /tmp with
# PYTHONSAFEPATH=1 (confirm_case) and PYTHONPATH="$LINTER:$SITE:<corpus copies>:<this checkout>" (the checkout only
# for benchmarks.triage22at_cases). ONLY=a,b runs those. NICE=10, CASE_TIMEOUT=180.
set -u
REPO=$(cd "$(dirname "$0")/.." && pwd)
. "$REPO/benchmarks/triage_runtime.sh"
OUT=${OUT:-/tmp/t22at/runtime}
C44=${C44:-/tmp/corp44}
SITE=${SITE:-/tmp/t22at/site}
LINTER=${LINTER:-/tmp/wt_at}
mkdir -p "$OUT"
export CASE_TIMEOUT=${CASE_TIMEOUT:-180}
K=benchmarks.triage22at_cases
cd /tmp
run() { name=$1; shift; PYTHONPATH="$LINTER:$SITE:$C44/freia:$REPO" NICE=10 confirm_case "$name" "$@"; }
# tabpfn v3 network forward, chunked path (rows 13, 56, 32 leaf; 7, 20, 21, 24, 41, 42, 46 block)
run tabpfn_v3 $K:TabPFNV3 forward --factory $K:tabpfn_v3 --call $K:tabpfn_v3_call --level both
# FrEIA InvAutoConv2D reverse pass (row 36)
run freia_rev $K:SequenceINN forward --factory $K:freia_invauto --call $K:freia_rev_call --level both
# transformer_lens: NativeModel rotary (rows 44, 50, 58); HookedTransformer.generate (rows 40, 8); QK / OV (22, 48)
run tl_native $K:NativeModel forward --factory $K:tl_native --call $K:tl_tokens_call --level both
run tl_generate $K:HookedTransformer generate --factory $K:tl_hooked --call $K:tl_generate_call --level both
run tl_qk_ov $K:HookedTransformer forward --factory $K:tl_hooked --call $K:tl_qk_ov_call --level both
# granite-tsfm: TSPulse reconstruction (rows 10, 43); PatchTST-FM forward (30, 57) and model_summary (33)
run tspulse $K:TSPulseForReconstruction forward --factory $K:tspulse --call $K:tspulse_call --level both
run patchtst_fm $K:PatchTSTFMForPrediction forward --factory $K:patchtst_fm --call $K:patchtst_fm_call --level both
run patchtst_summary $K:PatchTSTFMForPrediction model_summary --factory $K:patchtst_fm --call $K:patchtst_summary_call --level both
# orb-models: Python 3.12 syntax in three class headers; ORB311 is a copy with those rewritten (TypeVar / Generic)
ORB311=${ORB311:-/tmp/t22at/orb_py311}
rm -rf "$ORB311" && cp -r "$C44/orb-models" "$ORB311"
sed -i 's/^from typing import NamedTuple$/from typing import Generic, NamedTuple, TypeVar/; s/^class ModelMixin\[T: AbstractAtomBatch\](torch.nn.Module):$/T = TypeVar("T", bound=AbstractAtomBatch)\n\n\nclass ModelMixin(torch.nn.Module, Generic[T]):/; s/^class RegressorModelMixin\[T: AbstractAtomBatch\](ModelMixin\[T\]):$/class RegressorModelMixin(ModelMixin[T]):/' "$ORB311/orb_models/common/models/base.py"
sed -i 's/^from typing import ($/from typing import (\n    Generic,\n    TypeVar,/; s/^class AbstractAtomsAdapter\[T: AbstractAtomBatch\](ABC):$/T = TypeVar("T", bound=AbstractAtomBatch)\n\n\nclass AbstractAtomsAdapter(ABC, Generic[T]):/' "$ORB311/orb_models/common/atoms/abstract_atoms_adapter.py"
[ -n "${ONLY:-}" ] || diff -r "$C44/orb-models" "$ORB311"
orb() { name=$1; shift; PYTHONPATH="$LINTER:$SITE:$C44/freia:$ORB311:$REPO" NICE=10 confirm_case "$name" "$@"; }
# DirectForcefieldRegressor.predict (rows 6, 25, 29, 9, 59, 14, 35 on the direct path); .loss (12, 17, 18, 38, 15, 27)
orb orb_direct_predict $K:DirectForcefieldRegressor predict --factory $K:orb_direct --call $K:orb_predict_call --level both
orb orb_direct_loss $K:DirectForcefieldRegressor loss --factory $K:orb_direct --call $K:orb_loss_call --level both
# ConservativeForcefieldRegressor.predict (rows 14, 35, 9, 59, 15, 27; 19 / 11 inside forward); .loss (12, 18)
orb orb_cons_predict $K:ConservativeForcefieldRegressor predict --factory $K:orb_conservative --call $K:orb_predict_call --level both
orb orb_cons_loss $K:ConservativeForcefieldRegressor loss --factory $K:orb_conservative --call $K:orb_loss_call --level both
# orb-v2 (GraphHead): predict (row 51), loss (rows 1, 31)
orb orb_v2_predict $K:DirectForcefieldRegressor predict --factory $K:orb_v2 --call $K:orb_predict_call --level both
orb orb_v2_loss $K:DirectForcefieldRegressor loss --factory $K:orb_v2 --call $K:orb_loss_call --level both
