#!/usr/bin/env bash
# run.sh - the TEMP/TBAS paper (Li et al., "Thread Batching for
# High-performance Energy-efficient GPU Memory Design", ACM JETC 2019)
# reproduced for its GPU applications: its benchmarks (Table 1) on its GPU
# (Table 4: the `temp` preset) under CCWS (the baseline), TEMP (its dispatch
# and page colouring over CCWS) and TEMP+TBAS, every run with the DRAM
# checker; the model's own noise; both blocks' RTL in the loop on one C1
# benchmark; then the claim table (claims.jq) and the report (report.sh).
# `make repro-temp`; part of `make repro`. docs/reproduction.md explains the
# method. The paper's CPU-GPU workloads need CPU cores and a DDR3 side the
# model does not have: they are left out (the report says so).
#
# Environment: M (memsched), OUT (default out/repro/temp), JOBS (default the
# cores), SIZES (default "default half"), CAP (the inputs' caps, below),
# KERNELS (a subset, for a test),
# REUSE=1 (run nothing, tabulate what OUT holds), RESUME=1 (keep the runs this
# build already made: compare --resume).
set -u
cd "$(dirname "$0")/../.."
. repro/lib.sh
M=${M:-build/memsched}
OUT=${OUT:-out/repro/temp}
JOBS=${JOBS:-$(nproc)}
SIZES=${SIZES:-default half}

# Table 1 (GPU applications), chosen before any run: abbreviation, category, Table 1's thread
# organisation and L2 MPKI, our workload ("-": not built, and why).
TABLE="
II    C1 1D,1D 45.23 mars-ii
KM    C1 1D/2D,1D 11.91 kmeans
PVC   C1 1D,1D 5.52 mars-pvc
PVR   C1 1D,1D 2.10 mars-pvr
FWT   C1 1D,1D 1.01 fwt
STEN  C1 2D,2D 0.85 pbl-stencil
BP    C1 1D,2D 0.75 backprop
MS    C1 1D,1D 0.53 mergesort
DCT   C1 2D,2D 0.37 dct
SP    C1 1D,1D 0.17 scalarprod
RD    C1 1D,1D 0.04 reduction
CUTCP C1 2D,2D 0.03 cp
NN    C2 1D/2D,1D 1.21 nn
HOT   C2 2D,2D 0.75 hotspot
SN    C2 1D,1D 0.27 sortnet
TPACF C3 1D,1D 0.89 -  Parboil tpacf: not built yet (a thread's 1.6 M instructions at the medium input need streamed warps: docs/tbas.md)
MUM   C3 1D,1D 5.85 mummer
LBM   C3 2D,1D 5.82 lbm
CFD   C3 1D,1D 0.85 cfd
LIB   C3 1D,1D 0.62 libor
"
"$M" sim --list-workloads >"${TMPDIR:-/tmp}/temp-workloads.$$" || exit 1
trap 'rm -f "${TMPDIR:-/tmp}/temp-workloads.$$"' EXIT
built() { grep -q "^$1 " "${TMPDIR:-/tmp}/temp-workloads.$$"; }
# set_of CLASS: the built workloads of a class, in the table's order (a subset with KERNELS)
set_of() {
    local out= abbr cls org mpki w
    while read -r abbr cls org mpki w _; do
        [ "$cls" = "$1" ] && [ "$w" != - ] && built "$w" || continue
        [ -z "${KERNELS:-}" ] || [[ " $KERNELS " == *" $w "* ]] || continue
        out="$out $w"
    done <<<"$TABLE"
    echo "${out# }"
}
C1=$(set_of C1) C2=$(set_of C2) C3=$(set_of C3)
ALL="$C1 $C2 $C3"
# The inputs' caps (workload:size): a benchmark runs at the smaller of the named size and its cap
# (repro/lib.sh repro_size_for). Chosen from run times alone, before any configuration was
# compared: cp's 10 launches are identical but for their atoms' values (each 18.7 M cycles and
# 8192 L2 misses at the default GPU), and all 10 take about half an hour of CPU a run; capped at
# 8000 atoms it runs 2 of them, as pbl-stencil runs 2 of its 100 launches. Mars' three grow faster
# than their inputs (the bitonic sort's work grows as n log^2 n): at `--config temp` under the
# baseline, mars-ii 1024 KB of HTML takes 6 s of CPU and 2048 KB 33 s, mars-pvc 16384 records 26 s
# and 65536 190 s, mars-pvr 16384 3 s and 65536 26 s (2026-12-04), so their Mars run.sh sizes (28 MB,
# 10^6 records: 1.2 G to 13.6 G thread instructions) are capped to runs of
# a few minutes: mars-ii 4096 KB (87 s), mars-pvc 65536 records, mars-pvr 262144 (117 s). (The paper,
# Section 5, simulates only the first two billion instructions of the applications of its reference [18].)
CAP=${CAP-cp:8000 mars-ii:4096 mars-pvc:65536 mars-pvr:262144}
REPRO_WORKLOADS="${TMPDIR:-/tmp}/temp-workloads.$$"
size_for() { repro_size_for "$@"; }

# The configurations: the preset (CCWS, round-robin dispatch, no colouring) and what each adds.
P=temp
TEMP="gpu.dispatch=temp:mem.page_policy=temp"
CFG="base=$P,temp=$P:$TEMP,temp-tbas=$P:$TEMP:sm.scheduler=tbas"
# the model's own sensitivity: the thread blocks dealt from SM 5 instead of SM 0 (the round-robin
# baseline's rotation; TEMP's queues are per SM and do not rotate)
CFG_N="base=$P:gpu.first_sm=5,temp-tbas=$P:$TEMP:sm.scheduler=tbas:gpu.first_sm=5"
# both blocks' RTL in lockstep (tbas in every SM, temp_dispatch), on the first C1 program
RTL_W=${RTL_W:-${C1%% *}}

status=0
mkdir -p "$OUT"
printf '%s\n' "$TABLE" | sed '/^$/d' >"$OUT/table.txt"
for g in M:"$CFG" N:"$CFG_N"; do tr ',' '\n' <<<"${g#*:}" | sed "s/^/${g%%:*} /"; done >"$OUT/configs.txt"

# rtl SIZE: RTL_W under TEMP+TBAS with both blocks' RTL in the loop, compared with the C run
rtl() {
    local size=$1 d=$OUT/$1/rtl rc
    [ -n "$RTL_W" ] || { echo null >"$OUT/$size/rtl.json"; return 0; }
    printf 'repro temp: %-8s rtl       1 run  ... ' "$size" >&2
    local t0=$SECONDS
    mkdir -p "$d"
    # resumed: a finished run by the binary that made (or kept) group M's run of it
    if [ "${REUSE:-0}" = 1 ] || { [ "${RESUME:-0}" = 1 ] && [ -s "$d/temp-tbas.json" ] && [ -f "$d/temp-tbas.rc" ] &&
        [ "$(jq -r .version "$d/temp-tbas.json" 2>/dev/null)" = "$(jq -r .version "$OUT/$size/M/runs/$RTL_W@temp-tbas.json" 2>/dev/null)" ]; }; then
        rc=$(cat "$d/temp-tbas.rc" 2>/dev/null || echo missing)
    else
        "$M" sim --config temp $(tr ':' '\n' <<<"$TEMP:sm.scheduler=tbas" | sed 's/^/--set /') --workload "$RTL_W" \
            $(rs=$(size_for "$RTL_W" "$size"); [ "$rs" = default ] || echo --size "$rs") --rtl tbas,temp_dispatch --check-dram --quiet \
            --out-dir "$d" --json "$d/temp-tbas.json" >"$d/temp-tbas.log" 2>&1
        rc=$?
        echo "$rc" >"$d/temp-tbas.rc"
    fi
    [ "$rc" = 0 ] || { echo "FAILED ($d/temp-tbas.log)" >&2; tail -5 "$d/temp-tbas.log" | sed 's/^/    /' >&2; status=1; }
    jq -n -c --arg w "$RTL_W" --arg rc "$rc" 'def strip: del(.command_line, .version, .configuration);
        (input | strip) as $a | (input | strip) as $b |
        {workload: $w, exit: $rc, same_stats: ($a == $b), cycles: $a.gpu.gpu_tot_sim_cycle}' \
        "$d/temp-tbas.json" "$OUT/$size/M/runs/$RTL_W@temp-tbas.json" >"$OUT/$size/rtl.json" 2>/dev/null ||
        echo "{\"workload\": \"$RTL_W\", \"exit\": \"$rc\", \"same_stats\": false}" >"$OUT/$size/rtl.json"
    echo "$((SECONDS - t0)) s" >&2
}

# the statistics the claims use, of one run (mpki: L2 misses per thousand thread instructions)
STATS='{ipc: .gpu.gpu_tot_ipc, cycles: .gpu.gpu_tot_sim_cycle, blp: .dram.bank_level_parallelism,
        rbhr: .dram.row_buffer_locality, delay: .dram.avg_read_queue_latency,
        cong: .icnt.avg_wait_mem_to_simt, energy: .dram.energy_nJ, lar: .l1d.local_access_ratio,
        mpki: (if .gpu.gpu_tot_sim_insn > 0 then .l2.L2_total_cache_misses * 1000 / .gpu.gpu_tot_sim_insn else null end),
        strides: ([.gpu.kernels[]?.batch_stride | select(. != null)] | unique),
        dram_checked: .dram.commands_checked}'

# gather SIZE: the claims' input: the sets, the runs, the noise (the median over the programs of
# |ln| of the change of TEMP+TBAS' speedup over the baseline when the blocks are dealt from SM 5)
gather() {
    local size=$1
    repro_runs "$OUT/$size/M" "$STATS" >"$OUT/$size/runs.jsonl"
    repro_runs "$OUT/$size/N" "$STATS" >"$OUT/$size/noise.jsonl"
    [ -f "$OUT/$size/rtl.json" ] || echo null >"$OUT/$size/rtl.json"
    jq -s --arg c1 "$C1" --arg c2 "$C2" --arg c3 "$C3" --arg table "$TABLE" \
        --slurpfile nz "$OUT/$size/noise.jsonl" --slurpfile rtl "$OUT/$size/rtl.json" '
        def w($s): $s | split(" ") | map(select(. != ""));
        def by: reduce .[] as $r ({}; .[$r.label][$r.workload] = $r.s);
        (by) as $runs | ($nz | by) as $near |
        ([ $near["temp-tbas"] // {} | keys[] as $k
          | select($runs.base[$k].ipc and $runs["temp-tbas"][$k].ipc and $near["temp-tbas"][$k].ipc and $near.base[$k].ipc)
          | (($near["temp-tbas"][$k].ipc / $near.base[$k].ipc) / ($runs["temp-tbas"][$k].ipc / $runs.base[$k].ipc)) | log | fabs ] | sort) as $d |
        {noise: (if ($d | length) > 0 then $d[($d | length) / 2 | floor] else null end),
         noise_programs: ($d | length),
         sets: {c1: w($c1), c2: w($c2), c3: w($c3), all: (w($c1) + w($c2) + w($c3))},
         table: [ $table | split("\n")[] | select(. != "") | split(" ") | map(select(. != ""))
                  | {abbr: .[0], class: .[1], org: .[2], mpki: (.[3] | tonumber), workload: .[4], why: (.[5:] | join(" "))} ],
         runs: $runs, rtl: $rtl[0],
         unchecked: [ .[] | select((.s.dram_checked // 0) == 0) | "\(.workload)@\(.label)" ]}' \
        "$OUT/$size/runs.jsonl" >"$OUT/$size/input.json"
}

for size in $SIZES; do
    repro_group temp "$size" "$OUT/$size" M "$ALL" "$CFG" size_for || status=1
    repro_group temp "$size" "$OUT/$size" N "$ALL" "$CFG_N" size_for || status=1
    rtl "$size"
    gather "$size" && jq -L repro/mrpb -L repro/mib -f repro/temp/claims.jq "$OUT/$size/input.json" >"$OUT/$size/claims.json" || status=1
done
[ $status -eq 0 ] || exit 1
OUT=$OUT SIZES=$SIZES CAP=$CAP repro/temp/report.sh || exit 1
read -r first _ <<<"$SIZES"
echo "The TEMP/TBAS paper at $first sizes$([ "$first" = default ] || [ "$first" = half ] || echo ": a check of the pipeline, NOT the reproduction (make repro-temp)") ($OUT/report.md)"
jq -r '(["claim", "paper", "ours", "class"] | @tsv), (.[] | [.claim, .paper, .text, .class] | @tsv)' "$OUT/$first/claims.json" |
    awk -F'\t' '{printf "%-80.80s %-18.18s %-10s %s\n", $1, $2, $3, $4}'
