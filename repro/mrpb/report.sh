#!/usr/bin/env bash
# report.sh - out/repro/mrpb/report.md from the runs run.sh made: the claim
# table (claims.jq, at each size, with the class at both and whether it
# holds), the summary line counted from that table, one figure per figure of
# the paper (ours per program, the paper's number beside it where its text
# gives one; SVG and PNG by gnuplot), the noise, and the configuration of
# every run. Nothing in it is written by hand.
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-out/repro/mrpb}
SIZES=${SIZES:-default half}
read -r S1 S2 <<<"$SIZES"
R=$OUT/report.md
F=$OUT/figures
mkdir -p "$F"
for s in $SIZES; do
    [ -s "$OUT/$s/claims.json" ] || { echo "report.sh: $OUT/$s/claims.json missing: run repro/mrpb/run.sh" >&2; exit 1; }
done
c1=$OUT/$S1/claims.json c2=$OUT/${S2:-$S1}/claims.json in1=$OUT/$S1/input.json
# the model that made the runs (the version in their JSON), which a resumed reproduction's
# report need not share with the tree it is written from
runs_by=$(find "$OUT" -path '*/runs/*.json' -exec cat {} + 2>/dev/null | jq -rs 'map(.version // empty) | unique | join(" + ")')

# figure NAME TITLE BASELINE SET LABELS...: per program of SET (and the geomean), each label's
# IPC over BASELINE's, at the first size; a clustered bar chart in $F/NAME.svg and .png, with
# the paper's geomean as a dashed line when PAPER is set
figure() {
    local name=$1 title=$2 base=$3 set=$4
    shift 4
    jq -r --arg base "$base" --arg set "$set" --args '$ARGS.positional as $ls | .runs as $r | .sets[$set] as $ws |
        def ratio($l; $w): if $r[$l][$w].ipc and $r[$base][$w].ipc then $r[$l][$w].ipc / $r[$base][$w].ipc else null end;
        (["program"] + $ls | join("\t")),
        ($ws[] as $w | [$w] + [$ls[] as $l | ratio($l; $w) // "NaN" | tostring] | join("\t")),
        (["geomean"] + [$ls[] as $l | [$ws[] as $w | ratio($l; $w)] | if any(. == null) or length == 0 then "NaN"
            else (map(log) | add / length | exp | tostring) end] | join("\t"))' "$@" <"$in1" >"$F/$name.dat"
    local n=$(( $# + 1 )) cols="" i
    for ((i = 2; i <= n; i++)); do cols="$cols${cols:+, }'$([ $i = 2 ] && echo "$F/$name.dat")' using $i:xtic(1) title columnhead($i)"; done
    for term in "svg size 1000,420 dynamic font 'sans,10'" "pngcairo size 1000,420 font 'sans,9'"; do
        local ext=${term%% *}; ext=${ext/pngcairo/png}
        gnuplot >"$F/$name.gnuplot.log" 2>&1 <<GP || true
set terminal $term
set output '$F/$name.$ext'
set title "$title"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y 2
set ylabel "IPC over $base (log scale)"
set xtics rotate by -45 scale 0
set key outside right top
set grid ytics
set datafile separator "\t"
set datafile missing "NaN"
$([ -n "${PAPER:-}" ] && printf "set arrow from graph 0, first %s to graph 1, first %s nohead dt 2 lw 2 lc rgb 'red'\nset label 'the paper: x%s (geomean)' at graph 0.99, first %s right front offset 0,0.7 tc rgb 'red'\n" "$PAPER" "$PAPER" "$PAPER" "$PAPER")
plot $cols
GP
    done
    echo "![$title](figures/$name.svg)"
    echo
    echo "[PNG](figures/$name.png), [data](figures/$name.dat)"
    echo
}

{
echo "# The MRPB paper reproduced"
echo
echo "Jia, Shaw, Martonosi, *MRPB: Memory Request Prioritization for Massively Parallel Processors*, HPCA 2014,"
echo "by \`make repro-mrpb\` (repro/mrpb/run.sh): the paper's 12 PolyBench and 16 Rodinia programs (its"
echo "Tables 2 and 3), at the paper's sizes ($S1) and at ${S2:-no second size}, every run with the DRAM timing checker"
echo "on. Generated from the runs' JSON; docs/reproduction.md explains the method."
echo
unchecked=$(jq -r '.unchecked | length' "$in1")
echo "Runs whose DRAM commands were not checked: $unchecked. The model that made the runs: ${runs_by:-unknown}."
echo
echo "## Claims"
echo
jq -r -n --slurpfile a "$c1" --slurpfile b "$c2" --arg s1 "$S1" --arg s2 "${S2:-$S1}" '
    ($a[0] | map({(.id): .}) | add) as $B0 | ($b[0] | map({(.id): .}) | add) as $B |
    "| claim | where | paper | ours (\($s1)) | class | ours (\($s2)) | class | same class at both |",
    "|---|---|---|---|---|---|---|---|",
    ($a[0][] | . as $c | $B[$c.id] as $o |
     "| \($c.claim) | \($c.fig) | \($c.paper) | \($c.text) | **\($c.class)** | \($o.text // "-") | \($o.class // "-") | \(if $o.class == $c.class then "yes" else "**no: changes**" end) |")'
echo
echo "**Summary** (counted from the table above, the paper's sizes): $(jq -r '
    group_by(.class) | map("\(length) \(.[0].class)") | join(", ")' "$c1") of $(jq length "$c1") claims;" \
    "$(jq -n -r --slurpfile a "$c1" --slurpfile b "$c2" '[$a[0][] as $x | $b[0][] | select(.id == $x.id and .class != $x.class)] | length') change class at the second size."
echo
echo "Classes: *reproduced* (same sign, within 2x of the paper's effect, effects compared as ln of the factor),"
echo "*weaker* / *stronger* (same sign, outside 2x), *flat* (within the noise of no change), *opposite*; an order"
echo "claim (A > B) is reproduced only by a margin larger than the noise; a no-effect claim is reproduced within"
echo "the noise. *missing*: a run it needs is missing."
echo
echo "## What the runs show where a claim does not reproduce (the paper's sizes)"
echo
echo "Computed from the same runs as the table; docs/reproduction.md, \"MRPB: the result\", reads them."
echo
jq -r -f repro/mrpb/why.jq "$in1"
echo
echo "## The model's own sensitivity (noise)"
echo
for s in $SIZES; do
    jq -r --arg s "$s" '"* \($s): the median over \(.noise_programs) programs of |ln| of the change of MRPB'"'"'s speedup over Base-S when the thread blocks are dealt to the SMs from SM 7 instead of SM 0: \(.noise // "n/a" | if type == "number" then (. * 10000 | round / 100 | tostring) + " %" else . end); of Base-S'"'"'s IPC itself: \(.noise_ipc // "n/a" | if type == "number" then (. * 10000 | round / 100 | tostring) + " %" else . end)."' "$OUT/$s/input.json"
done
echo
echo "## Figures (ours at the paper's sizes, per program)"
echo
echo "### Figure 14: the final design, and CCWS-SWL"
PAPER=2.65 figure f14-poly "Fig. 14, PolyBench: MRPB, bypass only, reorder only (Base-S)" base poly mrpb bypass reorder
PAPER=1.27 figure f14-rod "Fig. 14, Rodinia: MRPB, bypass only, reorder only (Base-S)" base rodinia mrpb bypass reorder
echo "The paper's geometric means: x2.65 (PolyBench, Base-S), x2.23 (Base-L), x1.27 (Rodinia, Base-S), x1.15 (Base-L); largest x17.2."
echo
PAPER=2.23 figure f14-l "Fig. 14, PolyBench on Base-L: MRPB over Base-L" base-l poly mrpb-l
PAPER=1.15 figure f14-lr "Fig. 14, Rodinia on Base-L: MRPB over Base-L" base-l rodinia mrpb-l
figure f14-swl "CCWS-SWL warp limits (Base-S)" base poly swl1 swl2 swl4 swl8 mrpb
echo "### Figure 8: signatures (unlimited queues, no flush)"
figure f8 "Fig. 8: warp, block and in-block warp signatures" base poly sig-warp sig-block sig-inblock
echo "### Figure 9: drain policies"
figure f9 "Fig. 9: drain policies (g: greedy)" base poly sig-warp drain-longest drain-rr drain-fixed-g drain-longest-g drain-rr-g
echo "### Figures 10 and 11: entries per queue, flush"
figure f10 "Figs. 10, 11: entries per queue without and with flush" base poly noflush-4 noflush-8 noflush-16 sig-warp flush-4 lat-3 flush-16 flush-64
echo "### Figure 12: buffer latency"
figure f12 "Fig. 12: enqueue-to-dequeue latency 3 to 18 cycles" base poly lat-3 lat-8 lat-13 lat-18
echo "### Figure 13: bypassing"
figure f13 "Fig. 13: bypass only, on associativity stalls and on all stalls" base poly bypass bypass-all
echo "### Figure 15: SRAD and SRAD/U"
jq -r '.runs as $r | "| | Base-S | Base-S + MRPB | Base-L | Base-L + MRPB |", "|---|---|---|---|---|",
    (("srad", "srad-u") as $w | "| \($w) | " + ([("base", "mrpb", "base-l", "mrpb-l") as $l
      | if $r[$l][$w].ipc and $r.base.srad.ipc then ($r[$l][$w].ipc / $r.base.srad.ipc * 100 | round / 100 | tostring) else "-" end] | join(" | ")) + " |")' "$in1"
echo
echo "(IPC over SRAD on Base-S without MRPB, as the paper normalises Figure 15; the paper: SRAD/U 18 % below SRAD on Base-S.)"
echo
echo "### Figure 16: warp schedulers"
figure f16 "Fig. 16: RR and GTO, with MRPB" base poly gto mrpb mrpb-gto
echo "### Sections 5.8, 5.9: a larger or more associative L1"
PAPER=1.2 figure l1 "20 KB 5-way L1 and 64-way 16 KB L1 (1-cycle hit) vs MRPB, PolyBench" base poly l1-20kb l1-64way mrpb
PAPER=1.06 figure l1r "20 KB 5-way L1 and 64-way 16 KB L1 (1-cycle hit) vs MRPB, Rodinia" base rodinia l1-20kb l1-64way mrpb
echo "## Configurations"
echo
echo "Every run: \`memsched compare --set sm.scheduler=lrr\` (the paper's round-robin), the label's preset and keys:"
echo
echo '```'
cat "$OUT/configs.txt" 2>/dev/null
echo '```'
} >"$R"
echo "repro mrpb: wrote $R" >&2
# At the paper's sizes, the one-line summary goes into README.md and docs/reproduction.md
# (between <!-- mrpb-summary --> markers), counted from the claim table.
if [ "$S1" = default ] && [ "${KERNELS:-}" = "" ]; then
    line="$(jq -r 'group_by(.class) | map("\(length) \(.[0].class)") | join(", ")' "$c1") of $(jq length "$c1") claims"
    line="$line ($(date -u +%Y-%m-%d), runs by ${runs_by:-unknown}; out/repro/mrpb/report.md)"
    for doc in README.md docs/reproduction.md; do
        sed -i "s|<!-- mrpb-summary -->.*<!-- /mrpb-summary -->|<!-- mrpb-summary -->$line<!-- /mrpb-summary -->|" "$doc"
    done
fi
