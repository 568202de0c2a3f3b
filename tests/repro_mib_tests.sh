#!/usr/bin/env bash
# repro_mib_tests.sh - the MIB thesis' reproduction pipeline (repro/mib/run.sh,
# claims.jq, report.sh) on a few benchmarks at quick sizes: every built
# benchmark of the thesis' Table 5.2 names its source and its class, every
# group runs, every run but the perfect-DRAM ones checks DRAM commands, the
# RTL runs in the loop without a mismatch and with the same statistics, the
# report has one table row per claim with a class, the summary counted from
# the table, the classification table, a figure per figure (SVG and PNG),
# what the runs show (why.jq), the noise and the configurations. The numbers
# mean nothing at these sizes; the tabulator's answers are
# tests/repro_mib_tab_tests.sh's.
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/repro_mib
rm -rf "$T"
mkdir -p "$T"

K="bfs transpose blackscholes vectoradd kmeans nn"
marks() { grep -h 'mib-summary' README.md docs/reproduction.md; }
before=$(marks)
# a cap below kmeans' quick size (16384 points) and one above nn's (42764 records): kmeans runs
# capped, in a sweep of its own, nn at quick
# XSIZES: the larger-input group on bfs at 8192 nodes (below its quick size: a cheap run of the path)
if OUT=$T SIZES="quick" KERNELS="$K" CAP="kmeans:4096 nn:50000" XSIZES="bfs:8192" JOBS=${JOBS:-2} M=$M repro/mib/run.sh >"$T.log" 2>&1; then
    ok "repro/mib/run.sh at quick sizes ($K)"
else
    bad "repro/mib/run.sh at quick sizes" "$(tail -3 "$T.log")"
fi
# Table 5.2 (run.sh's table, written to table.txt): each built benchmark names its source and
# the thesis' class and abbreviation in --list-workloads; the others say why they are not built
"$M" sim --list-workloads >"$T.list"
while read -r abbr cls w why; do
    if [ "$w" = - ]; then
        [ -n "$why" ] && ok "Table 5.2 $abbr: not built, and why ($why)" || bad "Table 5.2 $abbr: not built, no reason"
        continue
    fi
    long=$(case $cls in INS) echo memory-insensitive ;; *) echo "$cls" ;; esac)
    if grep -q "^$w " "$T.list"; then
        grep "^$w " "$T.list" | grep -qE "\((Rodinia|CUDA SDK|LonestarGPU|vecAdd).*the MIB thesis' $long $abbr" &&
            ok "--list-workloads: $w, its source, the thesis' $long $abbr" ||
            bad "--list-workloads: $w" "$(grep "^$w " "$T.list" | cut -c1-200)"
    else
        echo "SKIP Table 5.2 $abbr: $w not built yet"
    fi
done <"$T/table.txt"
R=$T/report.md
C=$T/quick/claims.json
nclaims=$(grep -c '^  c("' repro/mib/claims.jq)
expect "one claim object per claim of claims.jq" "$(jq length "$C" 2>/dev/null)" "$nclaims"
expect "the report's claim table: a row per claim, each with its class" \
    "$(awk '/^## Claims/ {f = 1} /^\*\*Summary/ {f = 0} f' "$R" | grep -c '^| .* | \*\*[a-z]*\*\* |')" "$nclaims"
expect "every class is one of the seven" \
    "$(jq -r '[.[] | select(.class | IN("reproduced", "weaker", "stronger", "flat", "opposite", "partly", "missing") | not)] | length' "$C")" 0
# with this subset only the scoreboard-stall claims could lack a statistic: none does
expect "no claim lacks its runs" "$(jq -r '[.[] | select(.class == "missing") | .id] | join(" ")' "$C")" ""
expect "every run's DRAM commands were checked (the perfect-DRAM runs have none)" "$(jq '.unchecked | length' "$T/quick/input.json")" 0
expect "the runs counted in the input" "$(jq '[.runs[] | length] | add' "$T/quick/input.json")" \
    "$(ls "$T"/quick/{P,Q,L}/runs/*.json | wc -l)"
expect "RTL in the loop (transpose, MSHR-M, MSHR-S, MSHR-S+A): exit 0, every statistic the same" \
    "$(jq -s -r 'map("\(.policy):\(.exit):\(.same_stats)") | join(" ")' "$T/quick/rtl.jsonl")" \
    "mshr-m:0:true mshr-s:0:true mshr-s+a:0:true"
# the classification table's rows (the section between its heading and the claims)
classrows() { awk '/^## The classification/ {f = 1} /^## Claims/ {f = 0} f' "$R" | grep -E '^\| [a-z]+ \| (HIL|LIL|INS) \| '; }
expect "the classification table: a row per benchmark run" "$(classrows | wc -l)" "$(wc -w <<<"$K")"
sum=$(sed -n 's/^\*\*Summary\*\* (counted from the table above, [a-z]* sizes): \(.*\) of \([0-9]*\) claims;.*/\1/p' "$R")
total=$(awk -v s="$sum" 'BEGIN {n = split(s, a, ", "); t = 0; for (i = 1; i <= n; i++) t += a[i] + 0; print t}')
expect "the summary line counts every row of the table" "$total" "$nclaims"
for f in f51 f52 f61 f62 f63 f64 f65 f66 f67 f68 f69 f610 f611; do
    if [ -s "$T/figures/$f.svg" ] && [ -s "$T/figures/$f.png" ] && grep -q "figures/$f.svg" "$R"; then
        ok "figure $f: SVG and PNG, in the report"
    else
        bad "figure $f" "$(head -2 "$T/figures/$f.gnuplot.log" 2>/dev/null)"
    fi
done
expect "CAP: kmeans' runs at its cap, nn's and bfs' at quick (run.sh CAP)" \
    "$(jq -r '[.runs.fr.kmeans.size, .runs.fr.nn.size, .runs.perfect.kmeans.size, .runs.fr.bfs.size] | map(tostring) | join(" ")' "$T/quick/input.json")" \
    "4096 42764 4096 16384"
expect "the report names the caps and each input size" \
    "$(grep -c 'Capped inputs.*kmeans:4096 nn:50000' "$R") $(grep -cE '^\| kmeans \| INS \| .* \| 4096 \|$' "$R")" "1 1"
# What the runs show (why.jq): a row per memory-sensitive benchmark run (and one per set) in the
# first table, a row per one in the second, one per misclassified benchmark in the third; a cell
# recomputed here from the runs
whyrows() { awk -v h="$1" 'index($0, h) == 1 {f = 1; next} /^###|^## / {f = 0} f && /^[|] [a-z]/ && !/^[|] benchmark /' "$R"; }
nsens=$(jq '.sets.sens | length' "$T/quick/input.json")
expect "what the MIB acts on: a row per memory-sensitive benchmark and per set" \
    "$(whyrows '### What the MIB has to act on' | wc -l)" "$((nsens + 2))"
expect "where the reservation fails come from: a row per memory-sensitive benchmark" \
    "$(whyrows '### Where the L2 reservation fails' | wc -l)" "$nsens"
expect "the class differences: a row per benchmark whose class differs" \
    "$(whyrows '### The benchmarks whose class differs' | wc -l)" "$(classrows | grep -c ' \*\*no\*\* |')"
xr=$(jq -r '.runs.fr.transpose | if .rd > 0 then .merges.ro / .rd * 1000 | round / 10 | tostring else "-" end' "$T/quick/input.json")
expect "transpose's other-SM merges per 100 DRAM reads, from its runs" \
    "$(whyrows '### What the MIB has to act on' | awk -F' *[|] *' '$2 == "transpose" {print $10}')" "$xr"
expect "the larger input: bfs at 8192 nodes, beside the report's size, each classified" \
    "$(whyrows '### A benchmark at a larger input' | awk -F' *[|] *' '{print $2, $3, $4, $7}' | paste -sd' ')" \
    "bfs 8192 larger $(jq -r '.larger.fr.bfs.size as $s | .larger as $x | ($x.perfect.bfs.ipc / $x.fr.bfs.ipc) as $p | ($x.fr.bfs.mlc | add) as $t | (($t - $x.fr.bfs.mlc[0] - $x.fr.bfs.mlc[1]) / $t) as $m | if $p < 1.2 then "INS" elif $m > 0.1 then "HIL" else "LIL" end' "$T/quick/input.json") bfs 16384 the report's size $(classrows | awk -F' *[|] *' '$2 == "bfs" {print $6}')"
# REUSE=1 on an OUT without the larger-input runs (one made before they were added): the report
# is written, its larger-input table says none was run
T2=$T-reuse
rm -rf "$T2"
mkdir -p "$T2"
cp -r "$T/quick" "$T/configs.txt" "$T/table.txt" "$T2/"
if OUT=$T2 SIZES="quick" KERNELS="$K" CAP="kmeans:4096 nn:50000" REUSE=1 JOBS=${JOBS:-2} M=$M repro/mib/run.sh >"$T2.log" 2>&1; then
    R2=$T2/report.md
    expect "REUSE without the larger-input runs: the report says none was run" \
        "$(R=$R2 whyrows '### A benchmark at a larger input' | awk -F' *[|] *' '{print $2}') $(grep -c 'X: the larger inputs, none run' "$R2")" "none run 1"
else
    bad "REUSE=1 on an OUT without the larger-input runs" "$(tail -3 "$T2.log")"
fi
expect "the noise is measured (a number)" "$(jq '.noise | type' "$T/quick/input.json")" '"number"'
expect "the configurations are listed" "$(grep -c '^P fr=gtx480-mib:dram.policy=fr-fcfs$' "$R")" 1
expect "README and docs' summary untouched by a subset run" "$(marks)" "$before"
exit $status
