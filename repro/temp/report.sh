#!/usr/bin/env bash
# report.sh - out/repro/temp/report.md from the runs run.sh made: the
# benchmarks (Table 1: which are built, their thread organisation and L2
# MPKI beside ours, the thread batches found), the claim table (claims.jq, at
# each size, with the class at both), the summary counted from it, the local
# access ratio per benchmark, the figures (Figures 10 to 13: SVG and PNG by
# gnuplot), the RTL in the loop, the noise, what is left out, and the
# configuration of every run. Nothing in it is written by hand.
set -u
cd "$(dirname "$0")/../.."
. repro/lib.sh
repro_report_init temp "default half"

# normfig NAME TITLE STAT BASE LABELS...: each label's STAT over BASE's (repro_normfig)
normfig() {
    local name=$1 title=$2 stat=$3 base=$4
    shift 4
    repro_normfig "$name" "$title" "$stat" "$base" "over CCWS" "$@"
}

{
echo "# The TEMP/TBAS paper reproduced"
echo
echo "*Thread Batching for High-performance Energy-efficient GPU Memory Design* (Li et al., ACM JETC 2019;"
echo "../shared/seeds/), by \`make repro-temp\` (repro/temp/run.sh): the paper's GPU applications (Table 1) on its GPU"
echo "(Table 4: the \`temp\` preset) under CCWS (the baseline), TEMP (its dispatch and page colouring, over CCWS)"
echo "and TEMP+TBAS, at $S1 sizes and at ${S2:-no second size}, every run with the DRAM timing checker on."
echo "Generated from the runs' JSON; docs/reproduction.md explains the method and docs/tbas.md the blocks and the"
echo "system's TEMP and TBAS."
echo
echo "Runs whose DRAM commands were not checked: $(jq -r '.unchecked | length' "$in1")."
[ -z "${CAP:-}" ] || echo "Capped inputs (workload:size, run.sh's CAP, chosen from run times before any configuration was compared): $CAP."
echo
echo "**Left out:** the paper's CPU-GPU workloads (Section 6.2, Tables 2 and 3, Fig. 14) need CPU cores and a DDR3"
echo "side the model does not have. OWL and BW-AWARE, the paper's other comparators, are not built"
echo "(docs/tbas.md), so no claim compares with them."
echo
echo "## The benchmarks (Table 1)"
echo
echo "Ours: the workload, the thread batch strides the profile found for its launches under TEMP"
echo "(docs/tbas.md \"Thread batches\"), and its L2 MPKI under CCWS (L2 misses per thousand thread instructions)."
echo
jq -r '"| abbr. | class | paper: organisation | paper: MPKI | ours | batch strides | ours: MPKI |", "|---|---|---|---|---|---|---|",
    .sets.all as $all | .runs as $r | (.table[] | .workload as $w |
    "| \(.abbr) | \(.class) | (\(.org)) | \(.mpki) | \(if .workload == "-" then .why
       elif any($all[]; . == $w) then "`\($w)`" else "`\($w)`: not built yet, or not in this run" end) | \($r.temp[$w].strides // [] | map(tostring) | join(", ")) | \($r.base[$w].mpki // null | if . == null then "-" else (. * 100 | round / 100 | tostring) end) |")' "$in1"
echo
echo "## Claims"
echo
repro_claims "$c1" "$c2" "$S1" "${S2:-$S1}" paper
echo
echo "Classes as in the MRPB reproduction: *reproduced* (same sign, within 2x of the paper's effect, effects"
echo "compared as ln of the factor), *weaker* / *stronger* (same sign, outside 2x), *flat* (within the noise of"
echo "no change), *opposite*; an order claim (A > B) is reproduced only by a margin larger than the noise; a"
echo "floor (\"above 99 %\") is reproduced when ours is at or above it, else *weaker*. *missing*: a run or a"
echo "benchmark it needs is missing. Normalised statistics are geometric means of per-benchmark ratios (the"
echo "paper's IPC average is a geometric mean; it does not say for the rest), local access ratios arithmetic means."
echo
echo "## The model's own sensitivity (noise)"
echo
repro_noise_lines "benchmarks" "TEMP+TBAS' speedup over CCWS" "SM 5 instead of SM 0 (round-robin)"
echo
echo "## Local access ratio and the DRAM, per benchmark ($S1 sizes)"
echo
echo "Local access ratio: the share of the SMs' requests to memory that go to a bank of the SM's colour"
echo "(docs/tbas.md \"Page colouring\"; under CCWS there is no colouring). BLP, RBHR, DRAM delay (a read's"
echo "arrival to its data, DRAM cycles), reply-network congestion (a reply's wait to enter the network, L2"
echo "cycles), under CCWS / TEMP / TEMP+TBAS."
echo
jq -r '.runs as $r | def f($x): if $x == null then "-" else ($x * 100 | round / 100 | tostring) end;
    "| benchmark | class | local, TEMP | local, TEMP+TBAS | BLP | RBHR | DRAM delay | congestion |", "|---|---|---|---|---|---|---|---|",
    (.table[] | select(.workload != "-") | .workload as $w | select($r.base[$w]) |
     "| \($w) | \(.class) | \(f($r.temp[$w].lar)) | \(f($r["temp-tbas"][$w].lar)) | \(["base", "temp", "temp-tbas"] | map(f($r[.][$w].blp)) | join(" / ")) | \(["base", "temp", "temp-tbas"] | map(f($r[.][$w].rbhr)) | join(" / ")) | \(["base", "temp", "temp-tbas"] | map(f($r[.][$w].delay)) | join(" / ")) | \(["base", "temp", "temp-tbas"] | map(f($r[.][$w].cong)) | join(" / ")) |")' "$in1"
echo
echo "## The blocks' RTL in the loop"
echo
echo "\`sim --rtl tbas,temp_dispatch\`: every SM's TBAS RTL and the GPU's TEMP dispatch RTL (Verilator) in lockstep"
echo "with their C models, every output compared every cycle; a difference stops the run (exit 1) with a report."
echo
for s in $SIZES; do
    jq -r --arg s "$s" 'if . == null then "* \($s): not run" else
        "* \($s): \(.workload), TEMP+TBAS, exit \(.exit), every statistic as without RTL: \(if .same_stats then "yes" else "**no**" end), \(.cycles // "-") cycles" end' \
        "$OUT/$s/rtl.json"
done
echo
echo "## Figures (ours at $S1 sizes)"
echo
echo "### Figure 10: IPC"
normfig f10 "Fig. 10: IPC over CCWS" ipc base temp temp-tbas
echo "### Figure 12: the DRAM and the reply network (C1 and the rest), over CCWS"
normfig f12-blp "Fig. 12: bank-level parallelism over CCWS" blp base temp temp-tbas
normfig f12-rbhr "Fig. 12: row-buffer hit rate over CCWS" rbhr base temp temp-tbas
normfig f12-delay "Fig. 12: DRAM access delay over CCWS" delay base temp temp-tbas
normfig f12-cong "Fig. 12: reply-network congestion over CCWS" cong base temp temp-tbas
echo "### Figure 13: DRAM energy"
normfig f13 "Fig. 13: DRAM energy over CCWS" energy base temp temp-tbas
echo "## Configurations"
echo
echo "Every run: the \`temp\` preset (Table 4) and the label's keys (M: the techniques; N: the noise)."
echo
echo '```'
cat "$OUT/configs.txt"
echo '```'
} >"$R"

echo "repro temp: wrote $R" >&2
# at the reproduction's sizes, the summary line into README.md and docs/reproduction.md
repro_mark_summary temp
