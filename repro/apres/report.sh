#!/usr/bin/env bash
# report.sh - out/repro/apres/report.md from the runs run.sh made: the
# benchmarks (Table IV: which are built), Table I beside ours, the claim table
# (claims.jq, at each size, with the class at both), the summary counted from
# it, the figures (Figures 10 to 14 and 3: SVG and PNG by gnuplot), SAP's
# checks and lost misses, what the runs show (why.jq: the statistics behind
# the claims), the RTL in the loop, Table II against synthesis, the
# noise and the configuration of every run. Nothing in it is written by hand.
set -u
cd "$(dirname "$0")/../.."
. repro/lib.sh
repro_report_init apres "default half"

# normfig NAME TITLE STAT LABELS...: each label's STAT over the baseline's (repro_normfig)
normfig() {
    local name=$1 title=$2 stat=$3
    shift 3
    repro_normfig "$name" "$title" "$stat" base "over the baseline (LRR)" "$@"
}

# The paper's Table I (the top three loads of each application's most memory-intensive kernel):
# abbreviation, PC, %Load, #L/#R, miss rate, stride, %stride
TABLE1="
BFS 0x110 51.6 0.04 0.78 0 16.3
BFS 0xF0 26.4 0.12 0.90 0 13.3
BFS 0x198 9.5 0.11 0.83 0 14.7
MUM 0x7A8 66.2 0.01 0.17 0 36.3
MUM 0x460 21.3 0.04 0.04 0 46.8
MUM 0x8A0 12.3 0.07 0.17 0 34.3
NW 0x490 18.9 0.98 1.0 -1966080 56.0
NW 0xD18 18.8 0.97 1.0 -1966080 74.5
NW 0x108 1.8 0.94 1.0 -1966080 60.8
SPMV 0x1E0 51.5 0.13 0.32 0 24.0
SPMV 0x200 23.8 0.25 0.25 0 19.3
SPMV 0xE0 7.2 0.65 0.81 0 12.5
KM 0xE8 100.0 0.03 0.99 4352 78.2
LUD 0x20F0 30.2 0.58 0.96 2048 66.6
LUD 0x2080 30.2 0.57 0.91 2048 83.3
LUD 0x22E0 30.1 0.66 0.97 2048 77.3
SRAD 0x250 31.2 0.99 0.99 16384 78.2
SRAD 0x230 31.2 0.99 1.0 16384 75.0
SRAD 0x350 31.2 0.52 0.99 16384 80.7
PA 0x2210 51.7 0.03 0.98 8832 42.7
PA 0x2230 39.9 0.002 0.16 0 36.2
PA 0x2088 3.2 0.02 0.02 256 91.5
HISTO 0x168 100.0 1 1.0 512 20.8
BP 0x3F8 19.4 0.59 1.0 128 75.5
BP 0x408 19.4 0.59 1.0 128 64.1
BP 0x478 19.4 0.59 0.03 128 67.1
"

{
echo "# The APRES paper reproduced"
echo
echo "*APRES: Improving Cache Efficiency by Exploiting Load Characteristics on GPUs* (Oh et al., ISCA 2016;"
echo "../shared/seeds/), by \`make repro-apres\` (repro/apres/run.sh): the paper's benchmarks (Table IV) on its"
echo "configuration (Table III: the \`apres\` preset), at $S1 sizes and at ${S2:-no second size} (docs/sim.md, \"Kernel"
echo "input\"), every run with the DRAM timing checker on. Generated from the runs' JSON; docs/reproduction.md"
echo "explains the method and docs/apres.md the blocks."
echo
echo "Runs whose DRAM commands were not checked: $(jq -r '.unchecked | length' "$in1")."
echo
echo "## The benchmarks (Table IV)"
echo
jq -r '"| abbr. | paper class | ours |", "|---|---|---|",
    .sets.all as $all | (.table[] | .workload as $w |
    "| \(.abbr) | \({CS: "cache-sensitive", CI: "cache-insensitive", CO: "compute-intensive"}[.class]) | \(if any($all[]; . == $w) then "`\($w)`" else "`\($w)`: not built yet, or not in this run" end) |")' "$in1"
echo
echo "## Table I: the loads (baseline, $S1 sizes)"
echo
echo "The top three static loads of the kernel with the most line requests (\`l1.load_stats\`; docs/sim.md \"Load"
echo "characterisation\": how strides pair), beside the paper's rows. PCs are not comparable (ours are the"
echo "per-thread kernels' instruction sites, the paper's SASS offsets)."
echo
printf '%s\n' "$TABLE1" | sed '/^$/d' | jq -R -s -r --slurpfile in "$in1" '
    (split("\n") | map(select(. != "") | split(" ") | {abbr: .[0], pc: .[1], load: .[2], lr: .[3], miss: .[4], stride: .[5], sshare: .[6]})) as $p |
    "| app | paper: PC | %Load | #L/#R | miss | stride | %stride | ours: kernel | PC | %Load | #L/#R | miss | stride | %stride |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ($in[0].table[] as $t | ($in[0].runs.base[$t.workload].loads // []) as $o | [$p[] | select(.abbr == $t.abbr)] as $pp |
     select(($pp | length) > 0 or ($o | length) > 0) |
     range(0; ([($pp | length), ($o | length)] | max)) as $i | $pp[$i] as $a | $o[$i] as $b |
     "| \(if $i == 0 then $t.abbr else "" end) | \($a.pc // "") | \($a.load // "") | \($a.lr // "") | \($a.miss // "") | \($a.stride // "") | \($a.sshare // "") | " +
     (if $b then "\($b.kernel[:28]) | \($b.pc) | \($b.load_share * 1000 | round / 10) | \($b.lines_per_request * 100 | round / 100) | \($b.miss_rate * 100 | round / 100) | \($b.stride // "-") | \($b.stride_share * 1000 | round / 10) |"
      else "- | | | | | | |" end))'
echo
echo "## Claims"
echo
repro_claims "$c1" "$c2" "$S1" "${S2:-$S1}" paper
echo
echo "Classes as in the MRPB reproduction: *reproduced* (same sign, within 2x of the paper's effect, effects"
echo "compared as ln of the factor), *weaker* / *stronger* (same sign, outside 2x), *flat* (within the noise of"
echo "no change), *opposite*; an order claim (A > B) is reproduced only by a margin larger than the noise; an"
echo "every-benchmark claim is *reproduced* when every benchmark of its set holds, *partly* when some do."
echo "*missing*: a run, a benchmark or a technique it needs is missing (PA and MASCAR are not built: their papers could not be read, docs/apres.md, \"PA and MASCAR: not built\"). The paper"
echo "does not say how it averages: speedups, latencies and traffic are geometric means of per-benchmark ratios;"
echo "shares (hit-after-hit, miss rate, early eviction) arithmetic means of the per-benchmark shares."
echo
echo "## The model's own sensitivity (noise)"
echo
repro_noise_lines "benchmarks" "APRES' speedup over the baseline" "SM 7 instead of SM 0"
echo
echo "## SAP: checks, lost misses, prefetches (APRES, $S1 sizes)"
echo
echo "SAP serves one grouped miss at a time (docs/apres.md \"SAP in the system\"); a grouped miss whose PC is in"
echo "its table and that finds the engine busy is lost. What became of its prefetches: useful (a demand hit the"
echo "line), late (a demand merged into its fetch), early-evicted then demanded."
echo
jq -r '.runs.apres as $r | "| benchmark | checks | matches | lost | prefetches | port queue full | useful | late | early evicted, demanded |",
    "|---|---|---|---|---|---|---|---|---|",
    (.sets.all[] as $w | $r[$w] as $x | "| \($w) | \($x.sap_checks // "-") | \($x.sap_match // "-") | \($x.sap_lost // "-") | \($x.sap_pf // "-") | \($x.sap_qfull // "-") | \($x.pf_useful // "-") | \($x.pf_late // "-") | \($x.pf_early // "-") |")' "$in1"
echo
echo "## What the runs show ($S1 sizes)"
echo
jq -r -L repro/mrpb -f repro/apres/why.jq "$in1"
echo
echo "## The blocks' RTL in the loop"
echo
echo "\`sim --rtl apres_laws,apres_sap\`: every SM's LAWS and SAP RTL (Verilator) in lockstep with their C models,"
echo "every output compared every cycle; a difference stops the run (exit 1) with a report."
echo
for s in $SIZES; do
    jq -r --arg s "$s" 'if . == null then "* \($s): not run" else
        "* \($s): \(.workload), exit \(.exit), every statistic as without RTL: \(if .same_stats then "yes" else "**no**" end), \(.cycles // "-") cycles" end' \
        "$OUT/$s/rtl.json"
done
echo
echo "## Table II: storage against synthesis"
echo
echo "Table II's bytes per SM beside the flip-flops and area of the two blocks synthesised at the parameters"
echo "the system runs them with (\`make area\`'s script, constraints/area_table.sh, into $OUT/area). Our flip-flops"
echo "include what the paper does not count (LAWS' queue relation, the pipeline registers); docs/apres.md gives"
echo "them structure by structure."
echo
jq -r 'def row($name; $paper; $bytes; $x): "| \($name) | \($paper) | \($bytes) | \($x.flops) | \($x.flops / 8 | floor) | \($x.area_um2) | \($x.cells) | \($x.slack_ns) at \($x.period_ns) |";
    if .not_run then "Not run: \(.not_run)." else
    "| block (parameters) | Table II | bytes | flip-flops | bytes | area um2 | cells | slack ns |",
    "|---|---|---|---|---|---|---|---|",
    row("LAWS: apres_laws (\(.apres_laws.params))"; "LLT 192 B + WGT 18 B"; 210; .apres_laws),
    row("SAP: apres_sap (\(.apres_sap.params))"; "DRQ 256 B + WQ 48 B + PT 210 B"; 514; .apres_sap),
    row("APRES"; "Table II total"; 724; {flops: (.apres_laws.flops + .apres_sap.flops), area_um2: (.apres_laws.area_um2 + .apres_sap.area_um2),
        cells: (.apres_laws.cells + .apres_sap.cells), slack_ns: ([.apres_laws.slack_ns, .apres_sap.slack_ns] | min), period_ns: .apres_laws.period_ns}),
    "", "Library: \(.apres_laws.library)." end' "$OUT/area.json" 2>/dev/null || echo "Not run: $OUT/area.json missing (repro/apres/run.sh makes it)."
echo
echo "## Figures (ours at $S1 sizes)"
echo
echo "### Figure 10: IPC"
normfig f10 "Fig. 10: IPC over the baseline (LRR, no prefetching)" ipc ccws laws ccws-str laws-str apres
echo "### Figure 3: existing schedulers with STR and SLD (PA and MASCAR not built)"
normfig f3 "Fig. 3: IPC over the baseline, schedulers x prefetchers" ipc gto gto-str gto-sld ccws ccws-str ccws-sld
echo "### Figure 11: the L1D's reads (B: baseline, C: CCWS, L: LAWS, S: CCWS+STR, A: APRES)"
jq -r "${LIB[@]}" "$INC"'.runs as $r | "run\thit after hit\thit after miss\tcold miss\tcapacity, conflict miss",
    (.sets.all[] as $w | (["B", "base"], ["C", "ccws"], ["L", "laws"], ["S", "ccws-str"], ["A", "apres"]) as [$t, $l] |
     $r[$l][$w] as $x | ($x.hah + $x.ham + $x.cold + $x.cc) as $n |
     if $x == null or $n == null or $n == 0 then "\($w):\($t)\tNaN\tNaN\tNaN\tNaN"
     else "\($w):\($t)\t\($x.hah / $n)\t\($x.ham / $n)\t\($x.cold / $n)\t\($x.cc / $n)" end)' "$in1" >"$F/f11.dat"
repro_plot "$F" f11 "Fig. 11: L1D reads by class" "share of classified reads" stacked
echo "### Figure 12: early eviction ratio"
jq -r "${LIB[@]}" "$INC"'.runs as $r | def early: div(.pf_early; .pf_useful + .pf_late + .pf_early);
    "benchmark\tCCWS+STR\tAPRES", (.sets.all[] as $w | "\($w)\t\($r["ccws-str"][$w] | if . then early // "NaN" else "NaN" end)\t\($r.apres[$w] | if . then early // "NaN" else "NaN" end)")' \
    "$in1" >"$F/f12.dat"
repro_plot "$F" f12 "Fig. 12: early eviction ratio (correct prefetches evicted before their demand)" "ratio" bars
echo "### Figure 13: average memory latency"
normfig f13 "Fig. 13: average memory latency over the baseline" lat ccws-str apres
echo "### Figure 14: data traffic from memory to the SMs"
normfig f14 "Fig. 14: bytes from memory to the SMs over the baseline" bytes ccws-str apres
echo "## Configurations"
echo
echo "Every run: the \`apres\` preset (Table III) and the label's keys (M: the techniques; F3: Figure 3's other"
echo "combinations; N: the noise):"
echo
echo '```'
cat "$OUT/configs.txt" 2>/dev/null
echo '```'
} >"$R"
echo "repro apres: wrote $R" >&2
# at the reproduction's sizes, the summary line into README.md and docs/reproduction.md
repro_mark_summary apres
