#!/usr/bin/env bash
# mrpb_modes.sh - co-simulate mrpb in every mode combination (signature x
# policy x greedy x flush x bypass x reorder = 216) at every built parameter
# set. One PASS/FAIL line per parameter set naming any failing combination.
# Usage: tests/mrpb_modes.sh [--cycles N] [--seed S] [--jobs J]
#   make test runs it with 2000 cycles; make cosim-long with 10^6.
set -u
cd "$(dirname "$0")/.."
M=${MEMSCHED:-build/memsched}   # MEMSCHED: another binary (a copy, while make rebuilds)
cycles=2000 seed=1 jobs=1
while [ $# -gt 0 ]; do
    case "$1" in
    --cycles) cycles=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    *) echo "usage: $0 [--cycles N] [--seed S] [--jobs J]" >&2; exit 2 ;;
    esac
done
log=build/tests/mrpb_modes
mkdir -p "$log"

combos() {
    for sig in warp block inblock; do for pol in fixed longest rr; do for g in 0 1; do
    for f in 0 1; do for b in off all assoc; do for r in 0 1; do
        echo "signature=$sig policy=$pol greedy=$g flush=$f bypass=$b reorder=$r"
    done; done; done; done; done; done
}

# one_run "P=V ..." "k=v ...": prints "OK combo" or "BAD combo"
one_run() {
    local sets=() p
    for p in $1 $2; do sets+=(--set "$p"); done
    local name="${1// /_}__${2// /_}"
    if "$M" cosim mrpb "${sets[@]}" --cycles "$cycles" --seed "$seed" >"$log/$name.log" 2>&1; then
        echo "OK $2"
    else
        echo "BAD $2 (log: $log/$name.log)"
    fi
}
export -f one_run
export M cycles seed log

status=0
while read -r blk params; do
    [ "$blk" = mrpb ] || continue
    res=$(combos | xargs -P "$jobs" -I{} bash -c 'one_run "$1" "$2"' _ "$params" {})
    n=$(grep -c '^OK' <<<"$res")
    bad=$(grep '^BAD' <<<"$res")
    total=$(combos | wc -l)
    if [ -z "$bad" ] && [ "$n" -eq "$total" ]; then
        echo "PASS mrpb modes $params: $n/$total combinations x $cycles cycles seed=$seed"
    else
        echo "FAIL mrpb modes $params: $n/$total passed"
        sed 's/^/    /' <<<"$bad" | head -10
        status=1
    fi
done < <($M cosim --psets)
exit $status
