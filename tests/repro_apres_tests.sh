#!/usr/bin/env bash
# repro_apres_tests.sh - the APRES paper's reproduction pipeline
# (repro/apres/run.sh, claims.jq, report.sh) on three benchmarks at quick
# sizes: every group runs, every run checks DRAM commands, both blocks' RTL
# runs in the loop without a mismatch and with the same statistics, the report
# has one table row per claim with a class, the summary counted from the
# table, Table IV and Table I, a figure per figure (SVG and PNG), SAP's lost
# misses, the noise and the configurations. The numbers mean nothing at these
# sizes; the tabulator's answers are tests/repro_apres_tab_tests.sh's.
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/repro_apres
rm -rf "$T"
mkdir -p "$T"

K="bfs kmeans srad"
repro_quick apres "$K"
repro_claim_table
# with this subset: PA is not built, and the claims of benchmarks outside it have no runs; an
# early eviction claim is missing too when none of its benchmarks had a right prefetch (at these
# sizes it depends on the run); nothing else may be
missing=$(jq -r '[.[] | select(.class == "missing") | .id]' "$C")
expect "the claims without their runs: PA's, and those of benchmarks outside the subset" \
    "$(jq -r '[.[] | select(IN("f10-co-apres", "f10-co-laws", "f3-pa-sld", "f13-spmv", "f14-bp"))] | join(" ")' <<<"$missing")" \
    "f10-co-apres f10-co-laws f3-pa-sld f13-spmv f14-bp"
expect "no other claim is missing but an early eviction one (no right prefetch at these sizes)" \
    "$(jq -r '[.[] | select(IN("f10-co-apres", "f10-co-laws", "f3-pa-sld", "f13-spmv", "f14-bp", "f4-ccws-str", "f12-avg", "f12-ci", "f12-bfs") | not)] | join(" ")' <<<"$missing")" ""
expect "every run's DRAM commands were checked" "$(jq '.unchecked | length' "$T/quick/input.json")" 0
expect "the runs counted in the input (groups M, F3 and W)" "$(jq '[.runs[] | length] | add' "$T/quick/input.json")" \
    "$(ls "$T"/quick/{M,F3,W}/runs/*.json | wc -l)"
expect "RTL in the loop (srad, APRES: apres_laws and apres_sap in every SM): exit 0, every statistic the same" \
    "$(jq -r '"\(.workload):\(.exit):\(.same_stats)"' "$T/quick/rtl.json")" "srad:0:true"
expect "Table IV: a row per benchmark" "$(grep -cE '^\| [A-Z]+ \| (cache-sensitive|cache-insensitive|compute-intensive) \| ' "$R")" 15
expect "Table I: ours beside the paper's for BFS, KM and SRAD (the kernel with the most requests)" \
    "$(grep -cE '^\| (BFS|KM|SRAD) \| 0x[0-9A-F]+ \| .* \| _Z' "$R")" 3
expect "SAP's table: a row per benchmark with its lost misses" "$(awk '/^## SAP/ {f = 1} /^## The blocks/ {f = 0} f' "$R" | grep -cE '^\| (bfs|kmeans|srad) \| [0-9]+ \| [0-9]+ \| [0-9]+ \|')" 3
why=$(awk '/^## What the runs show/ {f = 1} /^## The blocks/ {f = 0} f' "$R")
expect "what the runs show: a row per benchmark where the speedups come from" \
    "$(grep -cE '^\| (bfs|kmeans|srad) \| C[SI] \| x[0-9.]+ \| [-+0-9.]+ % \|' <<<"$why")" 3
expect "what the runs show: a row per benchmark of LAWS' groups and SAP's prefetches" \
    "$(grep -cE '^\| (bfs|kmeans|srad) \| [0-9.]+ % \| [0-9.]+ % \| [0-9.]+ % \|' <<<"$why")" 3
expect "srad's gain from an 8x L1D, recomputed from its two runs' JSON" \
    "$(grep -E '^\| srad \| CI \| ' <<<"$why" | cut -d'|' -f4 | tr -d ' ')" \
    "$(jq -n -r '[inputs.gpu.gpu_tot_ipc] as [$big, $base] | ($big / $base) * 100 | round / 100 | "x" + tostring' \
        "$T/quick/W/runs/srad@base-l1x8.json" "$T/quick/M/runs/srad@base.json")"
repro_summary_counts
repro_figures f10 f3 f11 f12 f13 f14
expect "the noise is measured (a number)" "$(jq '.noise | type' "$T/quick/input.json")" '"number"'
expect "the configurations are listed" "$(grep -c '^M apres=apres:l1.classify=1:sm.scheduler=laws:l1.prefetch=sap$' "$R")" 1
expect "Table II without the blocks' RTL files given: said not run" \
    "$(awk '/^## Table II/ {f = 1} /^## Figures/ {f = 0} f' "$R" | grep -c '^Not run: ')" 1
# Table II from synthesis results: fabricated ones (the tabulation is under test here; make area's
# own tests check the synthesis), the runs tabulated again (REUSE=1)
res() { printf 'block=%s\nparams=%s\nlibrary=osu018\nperiod_ns=2.9\ncells=%s\narea_um2=%s\nflops=%s\nstorage_bits=%s\ncrit_ns=2.8\nslack_ns=%s\n' "$@"; }
mkdir -p "$T/area/apres_laws_a" "$T/area/apres_sap_b"
res apres_laws N=48 100 1000.5 2904 2904 0.3 >"$T/area/apres_laws_a/result.txt"
res apres_sap N=48 200 2000.25 2283 2283 0.1 >"$T/area/apres_sap_b/result.txt"
if REUSE=1 OUT=$T SIZES="quick" KERNELS="$K" M=$M RTL_apres_laws=x RTL_apres_sap=y repro/apres/run.sh >"$T.area.log" 2>&1; then
    expect "Table II: LAWS' row from its synthesis" "$(grep '^| LAWS: ' "$R")" \
        "| LAWS: apres_laws (N=48) | LLT 192 B + WGT 18 B | 210 | 2904 | 363 | 1000.5 | 100 | 0.3 at 2.9 |"
    expect "Table II: APRES' row, the two blocks summed, the worse slack" "$(grep '^| APRES | ' "$R")" \
        "| APRES | Table II total | 724 | 5187 | 648 | 3000.75 | 300 | 0.1 at 2.9 |"
else
    bad "repro/apres/run.sh REUSE=1 with synthesis results" "$(tail -3 "$T.area.log")"
fi
repro_marks_held apres
exit $status
