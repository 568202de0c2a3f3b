#!/usr/bin/env bash
# repro_mrpb_tests.sh - the MRPB reproduction's pipeline (repro/mrpb/run.sh,
# claims.jq, report.sh) on a few programs at their smallest sizes (--size
# min: seconds; quick sizes took minutes of make test): every group runs,
# every run checks DRAM commands, the report has one table row per claim of
# claims.jq with a class from the classification, the second size's column,
# the summary counted from the table, a figure per figure (SVG and PNG), the
# noise and the configurations. The numbers mean nothing at these sizes;
# the tabulator's answers are tests/repro_tab_tests.sh's.
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/repro_mrpb
rm -rf "$T"
mkdir -p "$T"

# The paper's programs are built in, each naming its source (issue 47's acceptance).
"$M" sim --list-workloads >"$T.list"
for k in atax bicg mvt gesummv syrk syr2k 2dconv gemm 2mm 3mm 3dconv fdtd-2d; do
    grep -q "^$k .*(PolyBench/GPU 1.0 [^ ]*\.cu, [a-zA-Z0-9_/]*[;,] MRPB Table 2" "$T.list" &&
        ok "--list-workloads: $k, its PolyBench/GPU source file and kernel, MRPB Table 2" ||
        bad "--list-workloads: $k" "$(grep "^$k " "$T.list" | cut -c1-160)"
done
for k in backprop bfs b+tree gaussian hotspot kmeans lud nw pathfinder srad; do
    grep -q "^$k .*(Rodinia 3.1 .*\.cu.*MRPB Table 3" "$T.list" &&
        ok "--list-workloads: $k, its Rodinia source, MRPB Table 3" || bad "--list-workloads: $k" "$(grep -F "$k " "$T.list" | head -1 | cut -c1-160)"
done
for k in backprop hotspot lud nw pathfinder srad; do
    grep -q "^$k-u .*MRPB Table 3 [A-Z]*/U" "$T.list" && ok "--list-workloads: $k-u, the paper's /U version" ||
        bad "--list-workloads: $k-u" "missing"
done
K="atax syrk 2dconv srad srad-u"
marks() { grep -h 'mrpb-summary' README.md docs/reproduction.md; }
before=$(marks)
S=min
if OUT=$T SIZES="$S" KERNELS="$K" JOBS=${JOBS:-2} M=$M repro/mrpb/run.sh >"$T.log" 2>&1; then
    ok "repro/mrpb/run.sh at $S sizes ($K)"
else
    bad "repro/mrpb/run.sh at $S sizes" "$(tail -3 "$T.log")"
fi
R=$T/report.md
C=$T/$S/claims.json
nclaims=$(grep -c '^  c("' repro/mrpb/claims.jq)
nclaims=$((nclaims + 5))   # the drain-policy claims are one c(...) for five policies
expect "one claim object per claim of claims.jq" "$(jq length "$C" 2>/dev/null)" "$nclaims"
expect "the report's table: a row per claim" "$(grep -c '^| .* | \*\*[a-z]*\*\* |' "$R" 2>/dev/null)" "$nclaims"
bad_class=$(jq -r '.[] | select(.class | IN("reproduced", "weaker", "stronger", "flat", "opposite", "missing") | not) | .id' "$C")
expect "every class is one of the six" "$bad_class" ""
missing=$(jq -r '[.[] | select(.class == "missing") | .id] | join(" ")' "$C")
# with this subset, claims over programs it lacks (b+tree, the other /U pairs) still have runs: none is missing
expect "no claim lacks its runs" "$missing" ""
expect "every run's DRAM commands were checked" "$(jq '.unchecked | length' "$T/$S/input.json")" 0
expect "the runs counted in the input" "$(jq '[.runs[] | length] | add' "$T/$S/input.json")" \
    "$(ls "$T"/$S/{s,l,d}/runs/*.json | wc -l)"
sum=$(sed -n 's/^\*\*Summary\*\* (counted from the table above, the paper.s sizes): \(.*\) of \([0-9]*\) claims;.*/\1/p' "$R")
total=$(awk -v s="$sum" 'BEGIN {n = split(s, a, ", "); t = 0; for (i = 1; i <= n; i++) t += a[i] + 0; print t}')
expect "the summary line counts every row of the table" "$total" "$nclaims"
for f in f14-poly f14-rod f14-l f14-lr f14-swl f8 f9 f10 f12 f13 f16 l1 l1r; do
    if [ -s "$T/figures/$f.svg" ] && [ -s "$T/figures/$f.png" ] && grep -q "figures/$f.svg" "$R"; then
        ok "figure $f: SVG and PNG, in the report"
    else
        bad "figure $f" "$(head -2 "$T/figures/$f.gnuplot.log" 2>/dev/null)"
    fi
done
# what the runs show where a claim does not reproduce: each table there, computed (a number in its rows)
section() { awk -v t="### $1" 'index($0, t) == 1 { f = 1; next } /^#/ { f = 0 } f' "$R"; }
for t in "Where MRPB's speedup comes from" "Bypassing on all stalls, the CI programs" "SRAD and SRAD/U" "The /U programs"; do
    if section "$t" | grep -q '^| [^ |-][^|]* | x[0-9.]* |'; then
        ok "the report's \"$t\" table, computed"
    else
        bad "the report's \"$t\" table" "$(section "$t" | sed -n 5p)"
    fi
done
expect "the noise is measured (a number)" "$(jq '.noise | type' "$T/$S/input.json")" '"number"'
expect "the configurations are listed" "$(grep -c '^S base=base-s$' "$R")" 1
expect "README and docs' summary untouched by a subset run" "$(marks)" "$before"
exit $status
