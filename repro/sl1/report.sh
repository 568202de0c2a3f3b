#!/usr/bin/env bash
# report.sh - out/repro/sl1/report.md from the runs run.sh made: the
# applications (Table 1 beside our stand-ins: the structures, what S-L1
# cached, CLN, the hit rate, the speedups, the best thread counts, the
# instruction overheads), the claim table (claims.jq, at each size, with the
# class at both), the summary counted from it, the figures (Figures 7 to 10
# and 12 to 15: SVG and PNG by gnuplot), the noise, what is left out, and the
# configuration of every run. Nothing in it is written by hand.
set -u
cd "$(dirname "$0")/../.."
. repro/lib.sh
repro_report_init sl1 "default half"

# fig NAME TITLE YLABEL STYLE JQ: a figure whose data (a header row, a row per x) JQ computes
# from the first size's input (jq -r, the claims libraries included)
fig() {
    jq -r "${LIB[@]}" "$INC $5" "$in1" >"$F/$1.dat"
    repro_plot "$F" "$1" "$2" "$3" "$4"
}
# jq definitions the tables and figures share (as claims.jq's)
DEFS='.sets.all as $ws | .runs as $r | .sweep as $sw | .gtx560 as $h | .threads as $ts |
def best($p; $w): [ $ts[] as $t | $sw["\($p)\($t)"][$w] // null | select(. != null and .cycles != null) ] as $c
  | if ($c | length) < ($ts | length) or ($c | length) == 0 then null else $c | min_by(.cycles) end;
def speedup($w): div(best("b"; $w).cycles; best("s"; $w).cycles);
def own($w): div($r.base[$w].cycles; $r.sl1[$w].cycles);
def f($x): if $x == null then "-" else ($x * 100 | round / 100 | tostring) end;
def p($x): if $x == null then "-" else ($x * 1000 | round / 10 | tostring) + " %" end;
def n($x): if $x == null then "NaN" else $x | tostring end;'

{
echo "# The S-L1 paper reproduced"
echo
echo "*S-L1: A Software-based GPU L1 Cache that Outperforms the Hardware L1 for Data Processing Applications*"
echo "(MEMSYS 2015; ../shared/seeds/), by \`make repro-sl1\` (repro/sl1/run.sh): the paper's ten applications"
echo "(Table 1), built as stand-ins from its description (docs/sl1.md: most have no public source), on its GPU"
echo "(the \`gtx680\` preset, whose L1 does not cache global data: the baseline, \"no L1\") with S-L1 off and on,"
echo "and on the GTX 560 (\`gtx560\`) with its hardware L1 on and bypassed, at $S1 sizes and at ${S2:-no second size},"
echo "every run with the DRAM timing checker on. Generated from the runs' JSON; docs/reproduction.md explains the"
echo "method and docs/sl1.md the model."
echo
echo "Runs whose DRAM commands were not checked: $(jq -r '.unchecked | length' "$in1")."
echo
echo "**Left out:** Section 4.3 and Figure 11 (BigKernel: the data in CPU memory, streamed to the GPU) need a"
echo "host side and a PCIe link the model does not have. The applications' per-application values in the"
echo "paper are plot-only: the claims are its stated numbers (ranges, means, the applications it names)."
echo
echo "**The thread counts.** The paper varies the number of threads and keeps the best time of each experiment"
echo "(Section 4.1). The sweep here runs each application at $(jq -r '.threads | map(tostring) | join(", ")' "$in1") threads"
echo "(the same input at each: a thread takes input / threads of it), without S-L1 and with it; Figures 7 to 10"
echo "take each side at its best. The other experiments (Figures 12 to 15) run each application at its own"
echo "geometry (a chunk of about 1024 elements a thread, docs/sl1.md), chosen before any run. A thread whose"
echo "chunk is shorter than the monitoring phase (300 accesses) never leaves it: at the largest thread counts"
echo "S-L1 caches nothing, as it would with the paper's code on an input this small."
echo
echo "## The applications (Table 1), ours at $S1 sizes"
echo
echo "Structures: Table 1's count; cached: the structures a thread chose to cache, on average over the threads"
echo "that decided, and CLN (lines a thread), S-L1's hit rate, its instructions with S-L1 over without (executed"
echo "warp instructions, as the paper's profiler counts them, and thread instructions; the paper's"
echo "per-application values are plot-only, its mean +220 %; its \"issued\" count adds replays, which the model"
echo "does not count), all at the application's own geometry; the speedups at each side's best thread count"
echo "(best) and at the own geometry (own), and the best thread counts."
echo
jq -r "${LIB[@]}" "$INC $DEFS"'
    "| paper | structures | ours | cached | CLN | hit rate | executed (warp) insn. | thread insn. | speedup (best) | speedup (own) | best threads, no L1 / S-L1 |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    (.table[] | .workload as $w | select(any($ws[]; . == $w)) | $r.sl1[$w] as $s |
     "| \(.paper) | \(.structures) | `\($w)` | \(f(div($s.sl1_chosen; $s.sl1_decisions))) | \($s.cln // "-") | \(p($s.sl1_hr)) | \(div($s.winsn; $r.base[$w].winsn) | if . == null then "-" else pct end) | \(div($s.insn; $r.base[$w].insn) | if . == null then "-" else pct end) | \(f(speedup($w))) | \(f(own($w))) | \(best("b"; $w).threads // "-") / \(best("s"; $w).threads // "-") |")' "$in1"
echo
echo "## The sweep: S-L1's speedup at each thread count"
echo
echo "Time without S-L1 over time with it, each application at each thread count of the sweep (the same"
echo "input), S-L1's hit rate in brackets. At a thread count where a"
echo "thread's chunk is shorter than the monitoring phase, S-L1 caches nothing (a hit rate of 0)."
echo
jq -r "${LIB[@]}" "$INC $DEFS"'
    "| application | " + ($ts | map("\(.) threads") | join(" | ")) + " |", "|---|" + ($ts | map("---") | join("|")) + "|",
    ($ws[] as $w | "| `\($w)` | " + ($ts | map(. as $t | ($sw["s\($t)"][$w]) as $s |
        "\(f(div($sw["b\($t)"][$w].cycles; $s.cycles))) (\(p($s.sl1_hr)))") | join(" | ")) + " |")' "$in1"
echo
echo "## Claims"
echo
repro_claims "$c1" "$c2" "$S1" "${S2:-$S1}" paper
echo
echo "Classes as in the MRPB reproduction: *reproduced* (same sign, within 2x of the paper's effect, effects"
echo "compared as ln of the factor), *weaker* / *stronger* (same sign, outside 2x), *flat* (within the noise of"
echo "no change), *opposite*; an order claim (A > B) is reproduced only by a margin larger than the noise. A"
echo "claim about named applications (\"all\", \"both\") is reproduced when all of them do it, *partly* when some do,"
echo "*opposite* when none does; a floor or a ceiling (\">= 90 %\", \"< 1 %\") is reproduced at or beyond it, else"
echo "*weaker*; a count of applications within one of the paper's. Means are arithmetic over the applications"
echo "(the paper does not say). *missing*: a run it needs is missing."
echo
echo "## The model's own sensitivity (noise)"
echo
repro_noise_lines "applications" "S-L1's speedup over no L1 (own geometry)" "SM 3 instead of SM 0"
echo
echo "## Figures (ours at $S1 sizes)"
echo
echo "### Figure 7: speedup of S-L1 over no L1"
fig f7 "Fig. 7: S-L1 over no L1 (GTX 680)" "speedup" bars "$DEFS"'
    "application\tbest thread counts\town geometry", ($ws[] | "\(.)\t\(n(speedup(.)))\t\(n(own(.)))")'
echo "### Figure 8: S-L1's hit rate"
fig f8 "Fig. 8: S-L1 hit rate (own geometry)" "hit rate" bars "$DEFS"'
    "application\thit rate", ($ws[] | "\(.)\t\(n($r.sl1[.].sl1_hr))")'
echo "### Figure 9: the best thread count"
fig f9 "Fig. 9: the thread count with the best time" "threads" bars "$DEFS"'
    "application\tno L1\tS-L1", ($ws[] | "\(.)\t\(n(best("b"; .).threads))\t\(n(best("s"; .).threads))")'
echo "### Figure 10: wc's L2 hit rate against the threads an SMX"
fig f10 "Fig. 10: wc, L2 hit rate of the reads" "L2 hit rate" lines "$DEFS"'
    "threads an SMX\tno L1\tS-L1", ($ts[] | "\(. / 8)\t\(n($sw["b\(.)"].wc.l2hr))\t\(n($sw["s\(.)"].wc.l2hr))")'
echo "### Figure 12: the GTX 560's hardware L1"
fig f12 "Fig. 12: GTX 560, the hardware L1 over the L1 bypassed" "speedup" bars "$DEFS"'
    "application\tL1 on", ($ws[] | "\(.)\t\(n(div($h.nol1[.].cycles; $h.l1[.].cycles)))")'
echo "### Figure 13: instructions with S-L1 over without"
fig f13 "Fig. 13: instructions with S-L1 over without (own geometry)" "ratio" bars "$DEFS"'
    "application\texecuted (warp)\tthread", ($ws[] | "\(.)\t\(n(div($r.sl1[.].winsn; $r.base[.].winsn)))\t\(n(div($r.sl1[.].insn; $r.base[.].insn)))")'
echo "### Figure 14: S-L1 with every structure non-cacheable"
fig f14 "Fig. 14: every structure non-cacheable, time over no S-L1 (own geometry)" "time ratio" bars "$DEFS"'
    "application\tnon-cacheable", ($ws[] | "\(.)\t\(n(div($r.nocache[.].cycles; $r.base[.].cycles)))")'
echo "### Figure 15: line sizes"
fig f15 "Fig. 15: time over 16 B lines (own geometry)" "time ratio" bars "$DEFS"'
    "application\t8 B\t24 B\t32 B", ($ws[] as $w | "\($w)\t" + ([8, 24, 32] | map(n(div($r["line\(.)"][$w].cycles; $r.sl1[$w].cycles))) | join("\t")))'
echo "## Configurations"
echo
echo "Every run: its preset and the label's keys (S: the thread sweep; V: the variants; H: the GTX 560; N: the noise)."
echo
echo '```'
cat "$OUT/configs.txt"
echo '```'
} >"$R"

echo "repro sl1: wrote $R" >&2
# at the reproduction's sizes, the summary line into README.md and docs/reproduction.md
repro_mark_summary sl1
