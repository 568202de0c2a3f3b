#!/usr/bin/env bash
# repro_sl1_tests.sh - the S-L1 paper's reproduction pipeline (repro/sl1/run.sh,
# claims.jq, report.sh) on two applications at quick sizes and two thread
# counts: every group runs, every run checks DRAM commands, the report has
# one table row per claim with a class, the summary counted from the table,
# Table 1's rows, a figure per figure (SVG and PNG), the noise and the
# configurations. The numbers mean nothing at these sizes; the tabulator's
# answers are tests/repro_sl1_tab_tests.sh's.
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/repro_sl1
rm -rf "$T"
mkdir -p "$T"

export THREADS="512 8192"
K="wc kmeans-sl1"
repro_quick sl1 "$K"
repro_claim_table
expect "the claims that need upper, grep or matrixmul-naive are missing, and the replays' (not modelled), no other" \
    "$(jq -r '[.[] | select(.class == "missing") | .id] | join(" ")' "$C")" "f7-fast f12-grep f13-issued f13-dec"
expect "every run's DRAM commands were checked" "$(jq '.unchecked | length' "$T/quick/input.json")" 0
expect "the runs counted: 2 applications x (2 x 2 sweep + 6 variants + 2 GTX 560)" \
    "$(jq '([.sweep[] | length] | add) + ([.runs[] | length] | add) + ([.gtx560[] | length] | add)' "$T/quick/input.json")" 24
expect "the sweep's runs at the thread counts asked" \
    "$(jq -r '[.sweep[][] | .threads] | unique | map(tostring) | join(" ")' "$T/quick/input.json")" "512 8192"
expect "Table 1: a row per application run" "$(grep -cE '^\| (WC|Kmeans) \| [0-9]' "$R")" 2
repro_summary_counts
repro_figures f7 f8 f9 f10 f12 f13 f14 f15
expect "the noise is measured (a number)" "$(jq '.noise | type' "$T/quick/input.json")" '"number"'
expect "the configurations are listed" "$(grep -c '^V nocache=gtx680:sl1=on:sl1.min_hit=100$' "$R")" 1
expect "BigKernel (Section 4.3) is said to be left out" "$(grep -c 'Section 4.3 and Figure 11 (BigKernel' "$R")" 1
repro_marks_held sl1
exit $status
