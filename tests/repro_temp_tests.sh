#!/usr/bin/env bash
# repro_temp_tests.sh - the TEMP/TBAS paper's reproduction pipeline
# (repro/temp/run.sh, claims.jq, report.sh) on one benchmark of each
# category at quick sizes: every group runs, every run checks DRAM commands,
# both blocks' RTL runs in the loop without a mismatch and with the same
# statistics, the report has one table row per claim with a class, the
# summary counted from the table, Table 1 with the strides found and our
# MPKI, the local access ratios, a figure per figure (SVG and PNG), the noise
# and the configurations. The numbers mean nothing at these sizes; the
# tabulator's answers are tests/repro_temp_tab_tests.sh's.
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/repro_temp
rm -rf "$T"
mkdir -p "$T"

K="backprop nn cfd"
repro_quick temp "$K"
repro_claim_table
expect "with one benchmark of each category, no claim is missing" "$(jq -r '[.[] | select(.class == "missing") | .id] | join(" ")' "$C")" ""
expect "every run's DRAM commands were checked" "$(jq '.unchecked | length' "$T/quick/input.json")" 0
expect "the runs counted in the input: 3 benchmarks x 3 configurations" "$(jq '[.runs[] | length] | add' "$T/quick/input.json")" 9
expect "RTL in the loop (backprop, TEMP+TBAS: tbas in every SM, temp_dispatch): exit 0, every statistic the same" \
    "$(jq -r '"\(.workload):\(.exit):\(.same_stats)"' "$T/quick/rtl.json")" "backprop:0:true"
expect "Table 1: a row per application" "$(grep -cE '^\| [A-Z]+ \| C[123] \| \(' "$R")" 20
expect "Table 1: the three runs' rows with the strides found and our MPKI" \
    "$(grep -cE '^\| (BP|NN|CFD) \| C[123] \| .* \| `[a-z]+` \| [0-9, ]+ \| [0-9.]+ \|$' "$R")" 3
expect "the local access ratio table: a row per benchmark" \
    "$(awk '/^## Local access/ {f = 1} /^## The blocks/ {f = 0} f' "$R" | grep -cE '^\| (backprop|nn|cfd) \| C[123] \| [0-9.]+ \|')" 3
repro_summary_counts
repro_figures f10 f12-blp f12-rbhr f12-delay f12-cong f13
expect "the noise is measured (a number)" "$(jq '.noise | type' "$T/quick/input.json")" '"number"'
expect "the configurations are listed" "$(grep -c '^M temp-tbas=temp:gpu.dispatch=temp:mem.page_policy=temp:sm.scheduler=tbas$' "$R")" 1
repro_marks_held temp
exit $status
