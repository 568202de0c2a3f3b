#!/usr/bin/env bash
# coverage.sh [BLOCK] - Verilator line, toggle and branch coverage of the
# lockstep random runs that make test runs (every built parameter set, seeds
# 1-3 with random initial values and seed 4 with zeros, 20 000 cycles; every
# mode combination of mrpb and dram_sched), per block. The models are built
# with --coverage into build/cov; results in out/coverage/BLOCK/:
# merged.dat, annotate/ (verilator_coverage --annotate: each uncovered
# line marked %000000) and uncovered.txt. The last lines are a table.
set -u
cd "$(dirname "$0")/.."
ONLY=${1:-}
B=build/cov
O=out/coverage
M=$B/memsched
echo "coverage: building the coverage models into $B (first time: a few minutes)"
if ! make -s -j2 BUILD=$B COVERAGE=1 build >build/coverage_build.log 2>&1; then
    echo "coverage: build failed (log: build/coverage_build.log)"; tail -5 build/coverage_build.log; exit 1
fi
rm -rf "$O/dat"
mkdir -p "$O/dat"
export MEMSCHED_COVERAGE_DIR=$PWD/$O/dat
blocks=$($M cosim --psets | awk '{print $1}' | uniq)
[ -n "$ONLY" ] && blocks=$ONLY
for blk in $blocks; do
    echo "coverage: $blk: lockstep runs"
    while read -r b params; do
        [ "$b" = "$blk" ] || continue
        sets=()
        for p in $params; do sets+=(--set "$p"); done
        for seed in 1 2 3; do $M cosim "$blk" "${sets[@]}" --seed $seed --cycles 20000 >/dev/null || echo "  FAIL $blk $params seed $seed"; done
        $M cosim "$blk" "${sets[@]}" --seed 4 --cycles 20000 --init zeros >/dev/null || echo "  FAIL $blk $params zeros"
    done < <($M cosim --psets)
    case $blk in
    mrpb) MEMSCHED=$M tests/modes.sh mrpb --cycles 2000 --jobs 2 | grep -v '^PASS' ;;
    dram_sched) MEMSCHED=$M tests/modes.sh dram_sched --cycles 5000 --jobs 2 | grep -v '^PASS' ;;
    esac
done
printf '\n%-11s %18s %18s %18s\n' block "line" "toggle" "branch"
for blk in $blocks; do
    d=$O/$blk
    rm -rf "$d" && mkdir -p "$d"
    files=$(ls "$O"/dat/"$blk"_*.dat 2>/dev/null)
    [ -n "$files" ] || { echo "$blk: no coverage data"; continue; }
    verilator_coverage --write "$d/merged.dat" $files >/dev/null
    verilator_coverage --annotate "$d/annotate" --annotate-min 1 "$d/merged.dat" >/dev/null
    # Points of rtl/ files only, by type (page v_line, v_branch, v_toggle): hit/total.
    awk -v out="$d/points.txt" '
        /^C / {
            n = $NF; key = $0; sub(/^C .(.*). [0-9]+$/, "", key)
            page = $0; sub(/.*\001page\002/, "", page); sub(/[\001\047].*/, "", page); sub(/\/.*/, "", page)
            file = $0; sub(/.*\001f\002/, "", file); sub(/[\001\047].*/, "", file)
            if (file !~ /^rtl\//) next
            t[page]++; if (n > 0) h[page]++
        }
        END { for (p in t) printf "%s %d %d\n", p, h[p], t[p] > out }' "$d/merged.dat"
    pct() { awk -v p="$1" '$1 == p { printf "%d/%d %5.1f%%", $2, $3, $3 ? 100 * $2 / $3 : 100 }' "$d/points.txt"; }
    printf '%-11s %18s %18s %18s\n' "$blk" "$(pct v_line)" "$(pct v_toggle)" "$(pct v_branch)"
    # The uncovered lines of the RTL, from the annotated sources.
    grep -rn '^%000000' "$d/annotate" | sed "s|^$d/annotate/||" >"$d/uncovered.txt" || true
done
echo
echo "per block: out/coverage/BLOCK/uncovered.txt lists the RTL lines never reached (file:line: source);"
echo "out/coverage/BLOCK/annotate/ has the annotated sources (verilator_coverage --annotate)."
