# Sourced by benchmarks/triage22<round>_runtime.sh. `confirm_case NAME ARGS...` runs `offload-lint confirm ARGS`
# (tracking backend, JSON) under the caller's PYTHONPATH/LRSTUBS into $OUT/NAME.json (stderr in NAME.err) and prints
# each level's verdict (benchmarks/triage_runtime.py). ONLY=a,b runs only those names; CASE_TIMEOUT (default 180 s)
# bounds each check, NICE its priority, EVIDENCE_WIDTH the characters of evidence printed.
confirm_case() {
  local name=$1; shift
  [ -n "${ONLY:-}" ] && [[ ",$ONLY," != *",$name,"* ]] && return
  echo "### $name: $*"
  # ``python -m`` puts the current directory (a checkout with its own offload_lint/) ahead of PYTHONPATH:
  # PYTHONSAFEPATH=1 keeps it off sys.path, so the linter the caller's PYTHONPATH names is the one that runs.
  PYTHONSAFEPATH=1 timeout 600 nice -n "${NICE:-0}" python -W ignore -m offload_lint confirm "$@" --timeout "${CASE_TIMEOUT:-180}" \
      --backend tracking --output-format json > "$OUT/$name.json" 2> "$OUT/$name.err"
  python "$(dirname "${BASH_SOURCE[0]}")/triage_runtime.py" "$OUT/$name.json" "${EVIDENCE_WIDTH:-400}"
}
