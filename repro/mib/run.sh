#!/usr/bin/env bash
# run.sh - the MIB thesis (an inter-core locality aware DRAM scheduler: the
# Merge Information Buffer and the MSHR-M / MSHR-S / MSHR-S+A policies)
# reproduced: its benchmarks (Table 5.2) on its configuration (Table 5.1, the
# gtx480-mib preset) under every scheduling policy and a perfect DRAM, its
# sensitivity studies (read queue size, L2-to-DRAM latency), the model's own
# noise, a HIL benchmark at a larger input, and the MIB's RTL in the loop on
# a high inter-core locality program; then the claim table (claims.jq) and the
# report (report.sh). `make repro-mib`; part of `make repro`.
# docs/reproduction.md explains the method.
#
# Environment: M (memsched), OUT (default out/repro/mib), JOBS (default the
# cores), SIZES (default "half quick": the thesis gives no inputs and kept them
# small; at the suites' default inputs one SSSP or streamcluster run takes over
# an hour; the first size is the reproduction, the second its robustness), CAP
# (the inputs' caps, below), XSIZES (the larger inputs, below), KERNELS (a
# subset, for a test), REUSE=1 (run nothing, tabulate what OUT holds),
# RESUME=1 (keep the runs this build already made: compare --resume).
set -u
cd "$(dirname "$0")/../.."
. repro/lib.sh
M=${M:-build/memsched}
OUT=${OUT:-out/repro/mib}
JOBS=${JOBS:-$(nproc)}
SIZES=${SIZES:-half quick}

# The thesis' Table 5.2, chosen before any run: abbreviation, class (INS: memory
# insensitive; LIL / HIL: memory sensitive with low / high inter-core locality),
# our workload ("-": not built, and why).
TABLE="
BACKP  INS backprop
HOTSP  INS hotspot
HRTWL  INS -  Rodinia heartwall: not built (its input is an AVI video of a mouse heart)
KMN    INS kmeans
LKYT   INS -  Rodinia leukocyte: not built (its input is an AVI microscopy video)
LUD    INS lud
NNC    INS nn
SRAD   INS srad
SS     INS -  Rodinia similarity score: not built (no CUDA source of it among the public Rodinia sources we could read)
CONV   INS convsep
HIS    INS histogram
REDU   INS reduction
SCP    INS scalarprod
BS     LIL blackscholes
CFD    LIL cfd
NDL    LIL nw
STMCL  LIL streamcluster
PTA    LIL -  LonestarGPU points-to analysis: not built (its inputs, constraint files of real C programs, are not public)
VADD   LIL vectoradd
BFS    HIL bfs
SSSP   HIL sssp
TRANS  HIL transpose
MGST   HIL mergesort
SP     HIL sp
"
"$M" sim --list-workloads >"${TMPDIR:-/tmp}/mib-workloads.$$" || exit 1
trap 'rm -f "${TMPDIR:-/tmp}/mib-workloads.$$"' EXIT
built() { grep -q "^$1 " "${TMPDIR:-/tmp}/mib-workloads.$$"; }
# set CLASS: the built workloads of a class, in the table's order (a subset with KERNELS)
set_of() {
    local out= abbr cls w
    while read -r abbr cls w _; do
        [ "$cls" = "$1" ] && [ "$w" != - ] && built "$w" || continue
        [ -z "${KERNELS:-}" ] || [[ " $KERNELS " == *" $w "* ]] || continue
        out="$out $w"
    done <<<"$TABLE"
    echo "${out# }"
}
INS=$(set_of INS) LIL=$(set_of LIL) HIL=$(set_of HIL)
BUILT=$(KERNELS= ; for c in INS LIL HIL; do set_of $c; done | tr '\n' ' ')
SENS="$HIL $LIL"
ALL="$HIL $LIL $INS"

# size_for W SIZE: the size W runs at in a sweep at SIZE (repro/lib.sh)
REPRO_WORKLOADS="${TMPDIR:-/tmp}/mib-workloads.$$"
size_for() { repro_size_for "$@"; }

# The inputs' caps (workload:size): a benchmark runs at the smaller of the named size and its cap.
# Chosen from run times alone, before any policy was compared: one FR-FCFS streamcluster run
# takes 42, 106 and 264 CPU-seconds at 2048, 4096 and 8192 points (413, 531, 590 launches), so
# about half an hour at half (32768; 18 runs: 9 hours); capped at 8192 points it is no slower
# than the slowest other benchmark at half (sssp, 2^19 nodes: about 6 minutes).
CAP=${CAP-streamcluster:8192}

P=gtx480-mib
pol() { printf '%s=%s:dram.policy=%s' "$1" "$P$2" "$3"; }
# Figures 5.1, 5.2, 6.1-6.9: every policy and the perfect DRAM, on every benchmark
CFG_P="$(pol fcfs "" fcfs),$(pol fr "" fr-fcfs),$(pol m "" mshr-m),$(pol s "" mshr-s),$(pol sa "" mshr-s+a),perfect=$P:dram.perfect=1"
# Figure 6.11: read queues of 16 and 128 entries (64: the baseline)
CFG_Q=
for q in 16 128; do CFG_Q="$CFG_Q${CFG_Q:+,}$(pol fr-q$q ":dram.read_queue=$q" fr-fcfs),$(pol sa-q$q ":dram.read_queue=$q" mshr-s+a)"; done
# Figure 6.10: L2-to-DRAM latency 0 to 100 cycles (20: the baseline), FR-FCFS at the same latency
LATS="0 50 100"
CFG_L=
for l in $LATS; do CFG_L="$CFG_L${CFG_L:+,}$(pol fr-l$l ":l2.dram_latency=$l" fr-fcfs),$(pol sa-l$l ":l2.dram_latency=$l" mshr-s+a)"; done
# the model's own sensitivity: the thread blocks dealt from SM 7 instead of SM 0
CFG_N="$(pol fr ":gpu.first_sm=7" fr-fcfs),$(pol sa ":gpu.first_sm=7" mshr-s+a)"
# Larger inputs (workload:size), an explanation, not a claim: a thesis HIL benchmark that the
# classification calls memory insensitive because its input fits in the L2 (the report's class
# differences), run under FR-FCFS, MSHR-S+A and the perfect DRAM at the input named here: bfs on
# 1 000 000 nodes, the size of Rodinia's largest graph (data/bfs/graph1MW_6.txt; about 18 M
# cycles, a few minutes a run). Chosen after the half-size classification, to show whether
# the class and the MIB's effect follow the input; XSIZES= runs none, and so does REUSE=1 on
# an OUT without them (one made before they were added).
XSIZES=${XSIZES-bfs:1000000}
XW=$(for x in $XSIZES; do [[ " $ALL " == *" ${x%%:*} "* ]] && echo "${x%%:*}"; done | paste -sd' ')
[ "${REUSE:-0}" = 1 ] && [ ! -d "$OUT/inputs/X/runs" ] && XW=
x_size() { tr ' ' '\n' <<<"$XSIZES" | sed -n "s/^$1:\([0-9][0-9]*\)$/\1/p"; }
CFG_X="$(pol fr "" fr-fcfs),$(pol sa "" mshr-s+a),perfect=$P:dram.perfect=1"
# the MIB's RTL in the loop (dram_sched and mib_l2 in lockstep with their C models): the first
# HIL program, under the three MIB policies
RTL_W=${RTL_W:-transpose}
[[ " $HIL " == *" $RTL_W "* ]] || RTL_W=${HIL%% *}
RTL_POL="m:mshr-m s:mshr-s sa:mshr-s+a"

status=0
mkdir -p "$OUT"
{
    printf '%s\n' "$TABLE" | sed '/^$/d'
} >"$OUT/table.txt"
for g in P:"$CFG_P" Q:"$CFG_Q" L:"$CFG_L" N:"$CFG_N" X:"$CFG_X"; do tr ',' '\n' <<<"${g#*:}" | sed "s/^/${g%%:*} /"; done >"$OUT/configs.txt"

# group SIZE NAME WORKLOADS CONFIGS: one compare sweep at SIZE into $OUT/SIZE/NAME (repro_group;
# a capped benchmark's runs, at their own size, join the others' in its runs/)
group() { repro_group mib "$1" "$OUT/$1" "$2" "$3" "$4" size_for || status=1; }

# rtl SIZE: the RTL-in-the-loop runs of RTL_W (sim --rtl dram_sched,mib_l2: both blocks' RTL in
# lockstep with their C models; a difference stops the run with exit 1 and a report), each
# compared with the same run without RTL (group P): $OUT/SIZE/rtl/LABEL.json, and rtl.jsonl
# with one line per policy: its exit status and whether every statistic is the same
rtl() {
    local size=$1 d=$OUT/$1/rtl l p rc t0=$SECONDS rs
    [ -n "$RTL_W" ] || return 0
    rs=$(size_for "$RTL_W" "$size")
    printf 'repro mib: %-8s rtl %4d runs ... ' "$size" "$(wc -w <<<"$RTL_POL")" >&2
    mkdir -p "$d"
    : >"$d.jsonl"
    for lp in $RTL_POL; do
        l=${lp%%:*} p=${lp#*:}
        # resumed: a finished run by the binary that made (or kept) group P's run of it
        if [ "${REUSE:-0}" = 1 ] || { [ "${RESUME:-0}" = 1 ] && [ -s "$d/$l.json" ] && [ -f "$d/$l.rc" ] &&
            [ "$(jq -r .version "$d/$l.json" 2>/dev/null)" = "$(jq -r .version "$OUT/$size/P/runs/$RTL_W@$l.json" 2>/dev/null)" ]; }; then
            rc=$(cat "$d/$l.rc" 2>/dev/null || echo missing)
        else
            "$M" sim --config "$P" --workload "$RTL_W" --set dram.policy="$p" $([ "$rs" = default ] || echo --size "$rs") \
                --rtl dram_sched,mib_l2 --check-dram --quiet --out-dir "$d" --json "$d/$l.json" >"$d/$l.log" 2>&1
            rc=$?
            echo "$rc" >"$d/$l.rc"
        fi
        [ "$rc" = 0 ] || { echo "FAILED ($d/$l.log)" >&2; tail -5 "$d/$l.log" | sed 's/^/    /' >&2; status=1; }
        # the same statistics: everything but the command line and the version
        jq -n -c --arg l "$l" --arg p "$p" --arg w "$RTL_W" --arg rc "$rc" '
            def strip: del(.command_line, .version);
            (input | strip) as $a | (input | strip) as $b |
            {label: $l, policy: $p, workload: $w, exit: $rc, same_stats: ($a == $b), cycles: $a.gpu.gpu_tot_sim_cycle}' \
            "$d/$l.json" "$OUT/$size/P/runs/$RTL_W@$l.json" >>"$d.jsonl" 2>/dev/null ||
            echo "{\"label\": \"$l\", \"policy\": \"$p\", \"workload\": \"$RTL_W\", \"exit\": \"$rc\", \"same_stats\": false}" >>"$d.jsonl"
    done
    echo "$((SECONDS - t0)) s" >&2
}

# stats DIR: one line per run of a group (of the labels its sweep ran): label, workload and
# the statistics the claims use (repro_runs)
MIB_STATS='{size: .size, ipc: .gpu.gpu_tot_ipc, cycles: .gpu.gpu_tot_sim_cycle, resfail: .l2.L2_total_cache_reservation_fails,
                resfail_mshr: .l2.L2_reservation_fail_MSHR_ENRTY_FAIL, dummies: (.dram.mib_dummies_applied + .dram.mib_dummies_dropped),
                lat: .memory_latency.averagemflatency, latmax: .memory_latency.maxmflatency,
                rbl: .dram.row_buffer_locality, bw: .dram.bandwidth_utilization,
                sb: .sm.W0_Scoreboard,
                mlc: .l2.mshr_max_merge_length_cycles,
                merges: {rs: .l2.mshr_merges_read_same_sm, ro: .l2.mshr_merges_read_other_sm,
                         ws: .l2.mshr_merges_write_same_sm, wo: .l2.mshr_merges_write_other_sm},
                dram_checked: .dram.commands_checked,
                acc: .l2.L2_total_cache_accesses, miss: .l2.L2_total_cache_misses, insn: .gpu.gpu_tot_sim_insn,
                rd: .dram.reads_accepted, rowsc: .dram.reads_by_row_score, rql: .dram.avg_read_queue_latency}'
stats() { repro_runs "$1" "$MIB_STATS"; }

# gather SIZE: the claims' input (claims.jq): the sets, the runs by group, the noise (the
# median over the memory-sensitive programs of |ln| of the change of MSHR-S+A's speedup over
# FR-FCFS when the blocks are dealt from SM 7), the RTL runs
gather() {
    local size=$1 g
    for g in P Q L; do [ -d "$OUT/$size/$g" ] && stats "$OUT/$size/$g"; done >"$OUT/$size/runs.jsonl"
    stats "$OUT/$size/N" >"$OUT/$size/noise.jsonl"
    [ -f "$OUT/$size/rtl.jsonl" ] || : >"$OUT/$size/rtl.jsonl"
    if [ -n "$XW" ]; then stats "$OUT/inputs/X"; fi >"$OUT/$size/larger.jsonl"
    jq -s --arg hil "$HIL" --arg lil "$LIL" --arg ins "$INS" --arg lats "$LATS" --arg table "$TABLE" --arg built "$BUILT" \
        --slurpfile nz "$OUT/$size/noise.jsonl" --slurpfile rtl "$OUT/$size/rtl.jsonl" --slurpfile larger "$OUT/$size/larger.jsonl" '
        def w($s): $s | split(" ") | map(select(. != ""));
        def by: reduce .[] as $r ({}; .[$r.label][$r.workload] = $r.s);
        (by) as $runs | ($nz | by) as $near |
        ([ $near.sa // {} | keys[] as $k
          | select($runs.fr[$k].ipc and $runs.sa[$k].ipc and $near.sa[$k].ipc and $near.fr[$k].ipc)
          | (($near.sa[$k].ipc / $near.fr[$k].ipc) / ($runs.sa[$k].ipc / $runs.fr[$k].ipc)) | log | fabs ] | sort) as $d |
        ([ $near.fr // {} | keys[] as $k | select($runs.fr[$k].ipc and $near.fr[$k].ipc)
          | ($near.fr[$k].ipc / $runs.fr[$k].ipc) | log | fabs ] | sort) as $i |
        {noise: (if ($d | length) > 0 then $d[($d | length) / 2 | floor] else null end),
         noise_ipc: (if ($i | length) > 0 then $i[($i | length) / 2 | floor] else null end),
         noise_programs: ($d | length),
         sets: {hil: w($hil), lil: w($lil), ins: w($ins), sens: (w($hil) + w($lil)), all: (w($hil) + w($lil) + w($ins))},
         lats: w($lats), built: w($built),
         table: [ $table | split("\n")[] | select(length > 0) | capture("^(?<abbr>\\S+)\\s+(?<class>\\S+)\\s+(?<workload>\\S+)\\s*(?<why>.*)$") ],
         runs: $runs,
         rtl: $rtl,
         larger: ($larger | by),
         unchecked: [ (.[], $larger[]) | select((.s.dram_checked // 0) == 0 and .label != "perfect") | "\(.workload)@\(.label)" ]}' \
        "$OUT/$size/runs.jsonl" >"$OUT/$size/input.json"
}

# the larger inputs, once for every size (each benchmark at its own input: x_size)
repro_group mib larger "$OUT/inputs" X "$XW" "$CFG_X" x_size || status=1
for size in $SIZES; do
    group "$size" P "$ALL" "$CFG_P"
    group "$size" Q "$SENS" "$CFG_Q"
    group "$size" L "$SENS" "$CFG_L"
    group "$size" N "$SENS" "$CFG_N"
    rtl "$size"
    gather "$size" && jq -L repro/mrpb -L repro/mib -f repro/mib/claims.jq "$OUT/$size/input.json" >"$OUT/$size/claims.json" || status=1
done
[ $status -eq 0 ] || exit 1
OUT=$OUT SIZES=$SIZES CAP=$CAP repro/mib/report.sh || exit 1
read -r first _ <<<"$SIZES"
echo "The MIB thesis at $first sizes$([ "$first" = default ] || [ "$first" = half ] || echo ": a check of the pipeline, NOT the reproduction (make repro)") ($OUT/report.md)"
jq -r '(["claim", "thesis", "ours", "class"] | @tsv), (.[] | [.claim, .paper, .text, .class] | @tsv)' "$OUT/$first/claims.json" |
    awk -F'\t' '{printf "%-80.80s %-14.14s %-10s %s\n", $1, $2, $3, $4}'
