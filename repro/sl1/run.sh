#!/usr/bin/env bash
# run.sh - the S-L1 paper (Moazeni Bavil Hassan et al., "S-L1: A Software-based
# GPU L1 Cache that Outperforms the Hardware L1 for Data Processing
# Applications", MEMSYS 2015) reproduced for its ten applications (Table 1:
# the stand-ins of docs/sl1.md) on its GPU (the `gtx680` preset: no L1 for
# global data, the baseline) with S-L1 on, every run with the DRAM checker;
# the GTX 560's hardware L1 (`gtx560`, Figure 12); the model's own noise;
# then the claim table (claims.jq) and the report (report.sh). `make
# repro-sl1`; part of `make repro`. docs/reproduction.md explains the method,
# docs/sl1.md the model. The paper's Section 4.3 (BigKernel: data in CPU
# memory) needs a host side the model does not have: it is left out (the
# report says so).
#
# Groups of runs, chosen before any run:
#   S  the thread sweep (Figures 7, 9, 10): each application at THREADS total threads (the
#      paper: "we vary the number of threads ... and only consider the configuration with the
#      best execution time"), without S-L1 (bT) and with it (sT); the input is the same at
#      every thread count, each thread taking input / threads of it.
#   V  the variants at each application's own geometry (a chunk of about 1024 elements a
#      thread, docs/sl1.md): no S-L1 (base), S-L1 (sl1), S-L1 with every structure left
#      uncached (nocache: sl1.min_hit=100, Figure 14; the monitoring's share of its inserted
#      instructions), 8, 24 and 32 B lines (Figure 15, Section 4.6).
#   H  the GTX 560 (Figure 12): its 48 KB hardware L1 caching global data (l1) and bypassed (nol1).
#   N  the noise: base and sl1 of V with the thread blocks dealt from SM 3 instead of SM 0.
#
# Environment: M (memsched), OUT (default out/repro/sl1), JOBS (default the cores), SIZES
# (default "default half"), THREADS (the sweep's thread counts), KERNELS (a subset, for a test),
# REUSE=1 (run nothing, tabulate what OUT holds), RESUME=1 (keep the runs this build already
# made: compare --resume).
set -u
cd "$(dirname "$0")/../.."
. repro/lib.sh
M=${M:-build/memsched}
OUT=${OUT:-out/repro/sl1}
JOBS=${JOBS:-$(nproc)}
SIZES=${SIZES:-default half}
# 64 to 2048 threads an SMX (8 SMX; 2048 is the most an SMX holds: footnote 9's 16K online)
THREADS=${THREADS:-512 1024 2048 4096 8192 16384}

# Table 1, chosen before any run: the paper's name, its data structures (shared: kept in shared
# memory by the application), our workload
TABLE="
Upper                2          upper
WC                   1          wc
DNA-Assembly         3          dna-assembly
Opinion-Finder       4          opinion-finder
Inverted-Index       3          inverted-index
PageViewCount        3          page-view-count
MasterCard-Affinity  3          mastercard-affinity
MatrixMul-naive      3          matrixmul-naive
Grep                 2(1shared) grep
Kmeans               2(1shared) kmeans-sl1
"
ALL=$(awk 'NF == 3 {print $3}' <<<"$TABLE" | while read -r w; do
    [ -z "${KERNELS:-}" ] || [[ " $KERNELS " == *" $w "* ]] && echo "$w"; done | paste -sd' ')

P=gtx680
CFG_S=$(for t in $THREADS; do printf 'b%s=%s:workload.threads=%s,s%s=%s:sl1=on:workload.threads=%s,' \
    "$t" "$P" "$t" "$t" "$P" "$t"; done)
CFG_S=${CFG_S%,}
CFG_V="base=$P,sl1=$P:sl1=on,nocache=$P:sl1=on:sl1.min_hit=100"
CFG_V="$CFG_V,line8=$P:sl1=on:sl1.line=8,line24=$P:sl1=on:sl1.line=24,line32=$P:sl1=on:sl1.line=32"
CFG_H="l1=gtx560,nol1=gtx560:l1.bypass=1"
CFG_N="base=$P:gpu.first_sm=3,sl1=$P:sl1=on:gpu.first_sm=3"

status=0
mkdir -p "$OUT"
printf '%s\n' "$TABLE" | sed '/^$/d' >"$OUT/table.txt"
for g in S:"$CFG_S" V:"$CFG_V" H:"$CFG_H" N:"$CFG_N"; do tr ',' '\n' <<<"${g#*:}" | sed "s/^/${g%%:*} /"; done >"$OUT/configs.txt"

# the statistics the claims use, of one run (threads: the launch's; l2hr, l1hr: hit rates of the
# reads; sl1: S-L1's counts, its hit rate null where it cached no access; winsn: warp instructions
# issued, insn: thread instructions executed)
STATS='{cycles: .gpu.gpu_tot_sim_cycle, insn: .gpu.gpu_tot_sim_insn, winsn: .gpu.gpu_tot_sim_warp_insn,
        threads: ([.gpu.kernels[]?.thread_blocks] | add | if . == null then null else . * 256 end),
        cln: ([.gpu.kernels[]?.sl1_cln | select(. != null)] | max),
        l2hr: (if .l2.L2_read_accesses > 0 then 1 - .l2.L2_read_misses / .l2.L2_read_accesses else null end),
        l1hr: (if .l1d.L1D_read_accesses > 0 then 1 - .l1d.L1D_read_misses / .l1d.L1D_read_accesses else null end),
        sl1_hr: (if (.sl1.cached_accesses // 0) > 0 then .sl1.hit_rate else null end),
        sl1_hits: (.sl1.hits // null), sl1_acc: (.sl1.accesses // null), sl1_cached: (.sl1.cached_accesses // null),
        sl1_chosen: (.sl1.chosen // null), sl1_decisions: (.sl1.decisions // null),
        extra_winsn: (.sl1.extra_warp_insn // null), extra_insn: (.sl1.extra_thread_insn // null),
        mon_insn: (.sl1.monitor_thread_insn // null),
        dram_checked: .dram.commands_checked}'

# gather SIZE: the claims' input: the runs by group, the sweep's thread counts, the noise (the
# median over the applications of |ln| of the change of S-L1's speedup when the blocks are
# dealt from SM 3)
gather() {
    local size=$1 g
    for g in S V H N; do repro_runs "$OUT/$size/$g" "$STATS" >"$OUT/$size/$g.jsonl"; done
    jq -n --arg all "$ALL" --arg threads "$THREADS" --arg table "$TABLE" \
        --slurpfile s "$OUT/$size/S.jsonl" --slurpfile v "$OUT/$size/V.jsonl" \
        --slurpfile h "$OUT/$size/H.jsonl" --slurpfile nz "$OUT/$size/N.jsonl" '
        def by: reduce .[] as $r ({}; .[$r.label][$r.workload] = $r.s);
        def ln($x): if $x == null or $x <= 0 then null else $x | log end;
        ($v | by) as $runs | ($nz | by) as $near | ($all | split(" ") | map(select(. != ""))) as $ws |
        def q($x; $y): if $x == null or $y == null or $y == 0 then null else $x / $y end;
        ([ $ws[] as $w | q(q($near.base[$w].cycles; $near.sl1[$w].cycles); q($runs.base[$w].cycles; $runs.sl1[$w].cycles))
           | select(. != null) | ln(.) | fabs ] | sort) as $d |
        {noise: (if ($d | length) > 0 then $d[($d | length) / 2 | floor] else null end),
         noise_programs: ($d | length),
         sets: {all: $ws},
         threads: ($threads | split(" ") | map(select(. != "") | tonumber)),
         table: [ $table | split("\n")[] | select(. != "") | split(" ") | map(select(. != ""))
                  | {paper: .[0], structures: .[1], workload: .[2]} ],
         sweep: ($s | by), runs: $runs, gtx560: ($h | by),
         unchecked: [ ($s + $v + $h + $nz)[] | select((.s.dram_checked // 0) == 0) | "\(.workload)@\(.label)" ]}' \
        >"$OUT/$size/input.json"
}

for size in $SIZES; do
    repro_group sl1 "$size" "$OUT/$size" S "$ALL" "$CFG_S" || status=1
    repro_group sl1 "$size" "$OUT/$size" V "$ALL" "$CFG_V" || status=1
    repro_group sl1 "$size" "$OUT/$size" H "$ALL" "$CFG_H" || status=1
    repro_group sl1 "$size" "$OUT/$size" N "$ALL" "$CFG_N" || status=1
    gather "$size" && jq -L repro/mrpb -L repro/mib -f repro/sl1/claims.jq "$OUT/$size/input.json" >"$OUT/$size/claims.json" || status=1
done
[ $status -eq 0 ] || exit 1
OUT=$OUT SIZES=$SIZES repro/sl1/report.sh || exit 1
read -r first _ <<<"$SIZES"
echo "The S-L1 paper at $first sizes$([ "$first" = default ] || [ "$first" = half ] || echo ": a check of the pipeline, NOT the reproduction (make repro-sl1)") ($OUT/report.md)"
jq -r '(["claim", "paper", "ours", "class"] | @tsv), (.[] | [.claim, .paper, .text, .class] | @tsv)' "$OUT/$first/claims.json" |
    awk -F'\t' '{printf "%-80.80s %-18.18s %-10s %s\n", $1, $2, $3, $4}'
