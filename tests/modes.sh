#!/usr/bin/env bash
# modes.sh - co-simulate a block in every mode combination at every built
# parameter set: mrpb's 216 (signature x policy x greedy x flush x bypass x
# reorder), dram_sched's five policies, and blocks without modes once per
# set. One PASS/FAIL line per parameter set naming any failing combination.
# Usage: tests/modes.sh BLOCK [--cycles N] [--seed S] [--jobs J]
#   make test runs it with a few thousand cycles; make cosim-long with 10^6.
set -u
cd "$(dirname "$0")/.."
M=${MEMSCHED:-build/memsched}   # MEMSCHED: another binary (a copy, while make rebuilds)
usage() { echo "usage: $0 BLOCK [--cycles N] [--seed S] [--jobs J]" >&2; exit 2; }
[ $# -ge 1 ] || usage
block=$1
shift
cycles=2000 seed=1 jobs=1
while [ $# -gt 0 ]; do
    case "$1" in
    --cycles) cycles=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    *) usage ;;
    esac
done
log=build/tests/modes_$block
mkdir -p "$log"

combos() {
    case "$block" in
    mrpb)
        for sig in warp block inblock; do for pol in fixed longest rr; do for g in 0 1; do
        for f in 0 1; do for b in off all assoc; do for r in 0 1; do
            echo "signature=$sig policy=$pol greedy=$g flush=$f bypass=$b reorder=$r"
        done; done; done; done; done; done ;;
    dram_sched)
        for pol in fcfs fr-fcfs mshr-m mshr-s mshr-s+a; do echo "policy=$pol"; done ;;
    *)
        echo "-" ;;   # no modes: one run with the defaults (xargs skips empty lines)
    esac
}

# one_run "P=V ..." "k=v ...": prints "OK combo" or "BAD combo"
one_run() {
    local sets=() p
    for p in $1 $2; do [ "$p" = - ] || sets+=(--set "$p"); done
    local name="${1// /_}__${2// /_}"
    if "$M" cosim "$block" "${sets[@]}" --cycles "$cycles" --seed "$seed" >"$log/$name.log" 2>&1; then
        echo "OK $2"
    else
        echo "BAD $2 (log: $log/$name.log)"
    fi
}
export -f one_run
export M block cycles seed log

status=0
found=0
while read -r blk params; do
    [ "$blk" = "$block" ] || continue
    found=1
    res=$(combos | xargs -P "$jobs" -I{} bash -c 'one_run "$1" "$2"' _ "$params" {})
    n=$(grep -c '^OK' <<<"$res")
    bad=$(grep '^BAD' <<<"$res")
    total=$(combos | wc -l)
    if [ -z "$bad" ] && [ "$n" -eq "$total" ]; then
        echo "PASS $block modes $params: $n/$total combinations x $cycles cycles seed=$seed"
    else
        echo "FAIL $block modes $params: $n/$total passed"
        sed 's/^/    /' <<<"$bad" | head -10
        status=1
    fi
done < <($M cosim --psets)
[ $found = 1 ] || { echo "FAIL $block modes: no parameter set of block '$block' is built"; exit 1; }
exit $status
