#!/usr/bin/env bash
# report.sh - out/repro/mib/report.md from the runs run.sh made: the
# benchmarks (the thesis' Table 5.2: which are built, which are not and why),
# the classification by the thesis' own metrics beside the thesis' (Figures
# 5.1, 5.2), the claim table (claims.jq, at each size, with the class at both),
# the summary counted from it, one figure per figure of the thesis (SVG and PNG
# by gnuplot), what merges (read or write, same or other SM), what the runs
# show (why.jq: the statistics behind the classes), the RTL in the
# loop, the noise and the configuration of every run. Nothing in it is
# written by hand.
set -u
cd "$(dirname "$0")/../.."
. repro/lib.sh
repro_report_init mib "half quick"

# plot NAME TITLE YLABEL STYLE: $F/NAME.dat as a figure (repro_plot)
plot() { repro_plot "$F" "$@"; }

# normfig NAME TITLE STAT SET LABELS...: per benchmark of SET and the harmonic mean, each
# label's STAT over FR-FCFS's (the thesis' normalisation), at the first size
normfig() {
    local name=$1 title=$2 stat=$3 set=$4
    shift 4
    jq -r -L repro/mrpb -L repro/mib --arg stat "$stat" --arg set "$set" --args 'include "claims_lib"; include "mib_lib";
        $ARGS.positional as $ls | .runs as $r | .sets[$set] as $ws |
        (["benchmark"] + $ls | join("\t")),
        ($ws[] as $w | [$w] + [$ls[] as $l | nratio($r; $l; "fr"; $w; $stat) // "NaN" | tostring] | join("\t")),
        (["HMEAN"] + [$ls[] as $l | hratio($r; $l; "fr"; $ws; $stat) // "NaN" | tostring] | join("\t"))' "$@" <"$in1" >"$F/$name.dat"
    plot "$name" "$title" "over FR-FCFS" bars
}

{
echo "# The MIB thesis reproduced"
echo
echo "*An inter-core locality aware memory access scheduler for GPUs* (the Merge Information Buffer and the"
echo "MSHR-M / MSHR-S / MSHR-S+A policies; ../shared/seeds/), by \`make repro-mib\` (repro/mib/run.sh): the"
echo "thesis' benchmarks (Table 5.2) on its configuration (Table 5.1: the \`gtx480-mib\` preset), at $S1 sizes and at"
echo "${S2:-no second size} (docs/sim.md, \"Kernel input\"), every run but the perfect-DRAM ones with the DRAM timing"
echo "checker on. Generated from the runs' JSON; docs/reproduction.md explains the method."
[ -z "${CAP:-}" ] || echo "Capped inputs (workload:size, run.sh's CAP, chosen from run times before any policy was compared): $CAP; each benchmark's input size is in the classification table."
echo
echo "Runs whose DRAM commands were not checked: $(jq -r '.unchecked | length' "$in1")."
echo
echo "## The benchmarks (Table 5.2)"
echo
jq -r '"| abbr. | thesis class | ours |", "|---|---|---|",
    .sets.all as $all | .built as $built |
    (.table[] | .workload as $w | "| \(.abbr) | \(.class) | \(if $w == "-" then .why elif any($all[]; . == $w) then "`\($w)`"
        elif any($built[]; . == $w) then "`\($w)`: not in this run (a subset)" else "`\($w)`: not built yet" end) |")' "$in1"
echo
echo "## The classification by the thesis' metrics"
echo
echo "Figure 5.1: the IPC with a perfect DRAM (a request is ready at the return queue when it arrives at"
echo "the controller) over FR-FCFS's; under x1.20 is memory insensitive. Figure 5.2: the share of the L2"
echo "slice-cycles (idle ones included) with a live MSHR entry of merge length > 1; over 10 % is HIL."
echo
for s in $SIZES; do
    echo "At $s sizes:"
    echo
    jq -r -L repro/mrpb -L repro/mib 'include "claims_lib"; include "mib_lib"; .runs as $r | .sets as $S |
        "| benchmark | thesis | perfect DRAM | merge length > 1 | ours | same | input size |", "|---|---|---|---|---|---|---|",
        ($S.all[] as $w |
         (if any($S.hil[]; . == $w) then "HIL" elif any($S.lil[]; . == $w) then "LIL" else "INS" end) as $t |
         nratio($r; "perfect"; "fr"; $w; "ipc") as $p | ($r.fr[$w].mlc | icl) as $m |
         mibclass($p; $m) as $o |
         "| \($w) | \($t) | \(if $p then "x\($p * 100 | round / 100)" else "-" end) | \(if $m then "\($m * 1000 | round / 10) %" else "-" end) | \($o) | \(if $o == $t then "yes" else "**no**" end) | \($r.fr[$w].size // "-") |")' \
        "$OUT/$s/input.json"
    echo
done
echo "## Claims"
echo
repro_claims "$c1" "$c2" "$S1" "${S2:-$S1}" thesis
echo
echo "Classes as in the MRPB reproduction: *reproduced* (same sign, within 2x of the thesis' effect, effects"
echo "compared as ln of the factor), *weaker* / *stronger* (same sign, outside 2x), *flat* (within the noise of"
echo "no change), *opposite*; an order claim (A > B) is reproduced only by a margin larger than the noise; a"
echo "no-effect claim is reproduced within the noise (or 5 %); an every-benchmark claim is *reproduced* when every"
echo "benchmark of its set holds, *partly* when some do. *missing*: a run or a statistic it needs is missing."
echo "Averages are harmonic means of the per-benchmark values normalised to FR-FCFS, as the thesis averages; a"
echo "count (reservation fails, stalls) that FR-FCFS never has on a benchmark leaves that benchmark out of its mean."
echo
echo "## The model's own sensitivity (noise)"
echo
repro_noise_lines "memory-sensitive benchmarks" "MSHR-S+A's speedup over FR-FCFS" "SM 7 instead of SM 0" "FR-FCFS's IPC"
echo
echo "## What merges (FR-FCFS, $S1 sizes)"
echo
echo "Requests merged into a live L2 MSHR entry, by type and by whether the entry's first request came from the"
echo "same SM (l2.mshr_merges_*): inter-core locality is the other-SM merges."
echo
jq -r '.runs.fr as $r | "| benchmark | reads, other SM | reads, same SM | writes, other SM | writes, same SM |", "|---|---|---|---|---|",
    (.sets.all[] as $w | $r[$w].merges as $m | "| \($w) | \($m.ro // "-") | \($m.rs // "-") | \($m.wo // "-") | \($m.ws // "-") |")' "$in1"
echo
echo "## What the runs show ($S1 sizes)"
echo
jq -r -L repro/mrpb -L repro/mib -f repro/mib/why.jq "$in1"
echo
echo "## The MIB's RTL in the loop"
echo
echo "\`sim --rtl dram_sched,mib_l2\`: every DRAM scheduler's and every L2 slice's MIB RTL (Verilator) in lockstep"
echo "with its C model, every output compared every cycle; a difference stops the run (exit 1) with a report."
echo
for s in $SIZES; do
    jq -r -s --arg s "$s" '"| size | benchmark | policy | exit | every statistic as without RTL | cycles |", "|---|---|---|---|---|---|",
        (.[] | "| \($s) | \(.workload) | \(.policy) | \(.exit) | \(if .same_stats then "yes" else "**no**" end) | \(.cycles // "-") |")' \
        "$OUT/$s/rtl.jsonl"
    echo
done
echo "## Figures (ours at $S1 sizes)"
echo
echo "### Figure 5.1: speedup with a perfect DRAM"
jq -r -L repro/mrpb -L repro/mib 'include "claims_lib"; include "mib_lib"; .runs as $r | "benchmark\tperfect DRAM",
    (.sets.ins[], .sets.lil[], .sets.hil[] | . as $w | "\($w)\t\(nratio($r; "perfect"; "fr"; $w; "ipc") // "NaN")")' "$in1" >"$F/f51.dat"
plot f51 "Fig. 5.1: IPC with a perfect DRAM over FR-FCFS (insensitive, LIL, HIL)" "speedup" bars
echo "### Figure 5.2: the largest live L2 MSHR merge length, share of slice-cycles"
jq -r -L repro/mrpb -L repro/mib 'include "claims_lib"; include "mib_lib"; .runs.fr as $r | "benchmark\tmerge > 8\t5-8\t3-4\t2\t1\tidle",
    (.sets.all[] as $w | ($r[$w].mlc | bins) as $b | if $b == null then "\($w)\tNaN\tNaN\tNaN\tNaN\tNaN\tNaN"
        else "\($w)\t\($b[5])\t\($b[4])\t\($b[3])\t\($b[2])\t\($b[1])\t\($b[0])" end)' "$in1" >"$F/f52.dat"
plot f52 "Fig. 5.2: cycle distribution of the largest L2 MSHR merge length (FR-FCFS)" "share of slice-cycles" stacked
echo "### Figures 6.1 to 6.3: IPC"
normfig f61 "Fig. 6.1: IPC over FR-FCFS, HIL" ipc hil m s sa
normfig f62 "Fig. 6.2: IPC over FR-FCFS, LIL" ipc lil m s sa
normfig f63 "Fig. 6.3: IPC over FR-FCFS, memory insensitive" ipc ins fcfs m s sa
echo "### Figure 6.4: L2 reservation fails"
normfig f64 "Fig. 6.4: L2 reservation fails over FR-FCFS" resfail sens m s sa
echo "### Figures 6.5 and 6.6: memory latency"
normfig f65 "Fig. 6.5: maximum memory request latency over FR-FCFS" latmax sens m s sa
normfig f66 "Fig. 6.6: average memory request latency over FR-FCFS" lat sens m s sa
echo "### Figure 6.7: data-dependency stalls"
normfig f67 "Fig. 6.7: scheduler-cycles waiting on the scoreboard (W0_Scoreboard) over FR-FCFS" sb sens m s sa
echo "### Figure 6.8: row locality"
normfig f68 "Fig. 6.8: row hits per row access over FR-FCFS" rbl sens m s sa
echo "### Figure 6.9: DRAM bandwidth utilisation"
normfig f69 "Fig. 6.9: DRAM bandwidth utilisation over FR-FCFS" bw sens m s sa
echo "### Figure 6.10: L2-to-DRAM latency"
jq -r -L repro/mrpb -L repro/mib 'include "claims_lib"; include "mib_lib"; .runs as $r | .sets as $S |
    def g($sfx; $ws): hspeed($r; "sa" + $sfx; "fr" + $sfx; $ws);
    (["latency", "HMEAN HIL", "HMEAN LIL"] + $S.sens | join("\t")),
    ((["0", "20"] + (.lats | map(select(. != "0")))) | map(tonumber) | sort[] | tostring as $l |
     (if $l == "20" then "" else "-l" + $l end) as $sfx |
     ([$l, (g($sfx; $S.hil) // "NaN"), (g($sfx; $S.lil) // "NaN")] + [$S.sens[] as $w | nratio($r; "sa" + $sfx; "fr" + $sfx; $w; "ipc") // "NaN"]
      | map(tostring) | join("\t")))' "$in1" >"$F/f610.dat"
plot f610 "Fig. 6.10: MSHR-S+A over FR-FCFS against the L2-to-DRAM latency (cycles)" "IPC over FR-FCFS" lines
echo "### Figure 6.11: read queue size"
jq -r -L repro/mrpb -L repro/mib 'include "claims_lib"; include "mib_lib"; .runs as $r | .sets as $S |
    (["benchmark", "16", "64", "128"] | join("\t")),
    (($S.hil[], "HMEAN HIL", "HMEAN LIL") as $w | [$w] + [("-q16", "", "-q128") as $sfx |
        if $w == "HMEAN HIL" then hspeed($r; "sa" + $sfx; "fr" + $sfx; $S.hil) elif $w == "HMEAN LIL" then hspeed($r; "sa" + $sfx; "fr" + $sfx; $S.lil)
        else nratio($r; "sa" + $sfx; "fr" + $sfx; $w; "ipc") end // "NaN" | tostring] | join("\t"))' "$in1" >"$F/f611.dat"
plot f611 "Fig. 6.11: MSHR-S+A over FR-FCFS against the read queue size" "IPC over FR-FCFS" bars
echo "## Configurations"
echo
echo "Every run: the \`gtx480-mib\` preset (Table 5.1) and the label's keys (P: every benchmark; Q, L, N: the"
echo "memory-sensitive ones; X: the larger inputs, $(jq -r '[.larger.fr // {} | to_entries[] | "\(.key):\(.value.size)"] | if length == 0 then "none run" else join(" ") end' "$in1")):"
echo
echo '```'
cat "$OUT/configs.txt" 2>/dev/null
echo '```'
} >"$R"
echo "repro mib: wrote $R" >&2
# at the reproduction's sizes, the summary line into README.md and docs/reproduction.md
repro_mark_summary mib
