#!/usr/bin/env bash
# run.sh - the MRPB paper (Jia, Shaw, Martonosi, HPCA 2014) reproduced:
# every run of every claim (memsched compare, the DRAM checker on in every
# run), at the paper's sizes and at half of them, then the claim table
# (claims.jq) and the report (report.sh). `make repro-mrpb`; the end of
# `make repro`. docs/reproduction.md explains the method.
#
# Environment: M (memsched), OUT (default out/repro/mrpb), JOBS (default the
# cores), SIZES (default "default half"; "quick" or "min" for a check of the
# pipeline), KERNELS (default: the paper's 12 PolyBench and 16 Rodinia
# programs; a subset for a test), REUSE=1 (run nothing, tabulate what OUT
# holds), RESUME=1 (keep the runs this build already made with the same
# command line: compare --resume; a -dirty build's version does not tell two
# dirty trees apart, so only with a committed tree).
set -u
cd "$(dirname "$0")/../.."
M=${M:-build/memsched}
OUT=${OUT:-out/repro/mrpb}
JOBS=${JOBS:-$(nproc)}
SIZES=${SIZES:-default half}

# The paper's programs, chosen before any run: Table 2 (PolyBench, with its
# IW / XW / CI classes) and Table 3 (Rodinia, with its six /U versions).
IW="atax bicg mvt gesummv"
XW="syrk syr2k"
CI="2dconv gemm 2mm 3mm 3dconv fdtd-2d"
POLY="$IW $XW $CI"
SHARED="backprop hotspot lud nw pathfinder srad"
UNSHARED="backprop-u hotspot-u lud-u nw-u pathfinder-u srad-u"
RODINIA="backprop bfs b+tree gaussian hotspot kmeans lud nw pathfinder srad $UNSHARED"
if [ -n "${KERNELS:-}" ]; then   # a subset (a test of the pipeline): keep the sets' order
    keep() { local k out=; for k in $1; do [[ " $KERNELS " == *" $k "* ]] && out="$out $k"; done; echo "${out# }"; }
    IW=$(keep "$IW"); XW=$(keep "$XW"); CI=$(keep "$CI"); POLY=$(keep "$POLY"); RODINIA=$(keep "$RODINIA")
    # a /U program and its original only as a pair
    sh= un=; for k in $SHARED; do [[ " $KERNELS " == *" $k "* && " $KERNELS " == *" $k-u "* ]] && sh="$sh $k" un="$un $k-u"; done
    SHARED=${sh# } UNSHARED=${un# }
fi
SWLS="1 2 4 8"   # CCWS-SWL's warp limits: the best one per program counts

swl() { local p=$1 base=$2 s; for s in $SWLS; do printf ',%s%s=%s:sm.swl=%s' "$p" "$s" "$base" "$s"; done; }
# The configurations, by group: each label is a preset and the keys the paper's text sets.
MRPB=base-s:mrpb=final
# Section 5.1 (Figs. 8, 9): unlimited queues, a 3-cycle latency, no flush, no bypassing (the
# largest depth the model takes, 64, stands for unlimited); Sections 5.2, 5.3 (Figs. 10-12)
# vary depth, flush and latency, still without bypassing (Section 5.4 adds it)
RO=$MRPB:mrpb.bypass=off
DS=$RO:mrpb.flush=0:mrpb.depth=64:mrpb.latency=3
CFG_S="base=base-s,mrpb=$MRPB,bypass=$MRPB:mrpb.reorder=0,reorder=$MRPB:mrpb.bypass=off$(swl swl base-s)"
CFG_S="$CFG_S,l1-20kb=base-s:l1.ways=5,l1-64way=base-s:l1.sets=2:l1.ways=64:l1.latency=1"
CFG_S="$CFG_S,gto=base-s:sm.scheduler=gto,mrpb-gto=$MRPB:sm.scheduler=gto$(swl gswl base-s:sm.scheduler=gto)"
CFG_L="base-l=base-l,mrpb-l=base-l:mrpb=final$(swl lswl base-l)"
CFG_D="bypass-all=$MRPB:mrpb.reorder=0:mrpb.bypass=all,sig-warp=$DS,sig-block=$DS:mrpb.signature=block"
CFG_D="$CFG_D,sig-inblock=$DS:mrpb.signature=inblock,drain-longest=$DS:mrpb.policy=longest,drain-rr=$DS:mrpb.policy=rr"
CFG_D="$CFG_D,drain-fixed-g=$DS:mrpb.greedy=1,drain-longest-g=$DS:mrpb.policy=longest:mrpb.greedy=1"
CFG_D="$CFG_D,drain-rr-g=$DS:mrpb.policy=rr:mrpb.greedy=1"
for d in 4 8 16; do CFG_D="$CFG_D,noflush-$d=$RO:mrpb.flush=0:mrpb.depth=$d:mrpb.latency=3"; done
for d in 4 16 64; do CFG_D="$CFG_D,flush-$d=$RO:mrpb.depth=$d:mrpb.latency=3"; done
for l in 3 8 13 18; do CFG_D="$CFG_D,lat-$l=$RO:mrpb.latency=$l"; done   # 8 entries, flush

status=0
mkdir -p "$OUT"
for g in S:"$CFG_S" L:"$CFG_L" D:"$CFG_D"; do tr ',' '\n' <<<"${g#*:}" | sed "s/^/${g%%:*} /"; done >"$OUT/configs.txt"
# group SIZE DIR NAME WORKLOADS CONFIGS: one compare sweep at SIZE into $OUT/DIR/NAME (all runs
# with LRR, the paper's default scheduler, unless a configuration says otherwise)
group() {
    local size=$1 dir=$2 name=$3 wl=$4 cfgs=$5 t0=$SECONDS
    [ -n "$wl" ] || return 0
    local n=$(( $(wc -w <<<"$wl") * $(tr ',' '\n' <<<"$cfgs" | wc -l) ))
    printf 'repro mrpb: %-8s %-6s %4d runs ... ' "$size" "$name" "$n" >&2
    mkdir -p "$OUT/$dir"
    # a fresh sweep starts empty (no run of an older configuration list is tabulated); the
    # group's labels are kept for gather
    [ "${REUSE:-0}" = 1 ] || [ "${RESUME:-0}" = 1 ] || rm -rf "${OUT:?}/$dir/$name"
    tr ',' '\n' <<<"$cfgs" | sed 's/=.*//' >"$OUT/$dir/$name.labels"
    if "$M" compare --workload "$(tr ' ' ',' <<<"$wl")" --configs "$cfgs" --set sm.scheduler=lrr \
        $([ "$size" = default ] || echo --size "$size") $([ "${REUSE:-0}" = 1 ] && echo --merge) $([ "${RESUME:-0}" = 1 ] && echo --resume) --jobs "$JOBS" \
        --progress 60 --out "$OUT/$dir/$name" >"$OUT/$dir/$name.log" 2>&1; then
        echo "$((SECONDS - t0)) s" >&2
    else
        echo "FAILED ($OUT/$dir/$name.log)" >&2
        tail -5 "$OUT/$dir/$name.log" | sed 's/^/    /' >&2
        status=1
    fi
}

# stats DIR: one line per run of a group (of the labels its sweep ran): label, workload and
# the statistics the claims use
stats() {
    local f l
    for f in "$1"/runs/*.json; do
        [ -f "$f" ] || continue
        l=$(basename "$f" .json) l=${l##*@}
        grep -qxF -- "$l" "${1%/}.labels" 2>/dev/null || continue
        jq -c --arg f "$(basename "$f" .json)" '{label: ($f | sub("^.*@"; "")), workload: ($f | sub("@[^@]*$"; "")),
            s: {ipc: .gpu.gpu_tot_ipc, miss: .l1d.L1D_total_cache_misses, bypass: (.mrpb.mrpb_bypassed // 0),
                l2l1: .icnt.packets_mem_to_simt, dram_checked: .dram.commands_checked,
                acc: .l1d.L1D_total_cache_accesses, rfail: .l1d.L1D_total_cache_reservation_fails,
                cycles: .gpu.gpu_tot_sim_cycle}}' "$f"
    done
}

# gather SIZE: the claims' input (claims.jq): the sets, the runs of every group but the noise
# group, and the noise: the median over the programs of |ln| of the change of MRPB's speedup
# over Base-S when the blocks are dealt from another SM
gather() {
    local size=$1 g
    for g in "$OUT/$size"/*/; do [ "$(basename "$g")" = noise ] || stats "$g"; done >"$OUT/$size/runs.jsonl"
    stats "$OUT/$size/noise" >"$OUT/$size/noise.jsonl"
    jq -s --arg iw "$IW" --arg xw "$XW" --arg ci "$CI" --arg rod "$RODINIA" --arg sh "$SHARED" --arg un "$UNSHARED" \
        --slurpfile nz "$OUT/$size/noise.jsonl" '
        def w($s): $s | split(" ") | map(select(. != ""));
        def by: reduce .[] as $r ({}; .[$r.label][$r.workload] = $r.s);
        (by) as $runs | ($nz | by) as $near |
        ([ $near.base // {} | keys[] as $k
          | select($runs.base[$k].ipc and $runs.mrpb[$k].ipc and $near.mrpb[$k].ipc and $near.base[$k].ipc)
          | (($near.mrpb[$k].ipc / $near.base[$k].ipc) / ($runs.mrpb[$k].ipc / $runs.base[$k].ipc)) | log | fabs ] | sort) as $d |
        ([ $near.base // {} | keys[] as $k | select($runs.base[$k].ipc and $near.base[$k].ipc)
          | ($near.base[$k].ipc / $runs.base[$k].ipc) | log | fabs ] | sort) as $i |
        {noise: (if ($d | length) > 0 then $d[($d | length) / 2 | floor] else null end),
         noise_ipc: (if ($i | length) > 0 then $i[($i | length) / 2 | floor] else null end),
         noise_programs: ($d | length),
         sets: {poly: (w($iw) + w($xw) + w($ci)), rodinia: w($rod), iw: w($iw), xw: w($xw), ci: w($ci),
                shared: w($sh), unshared: w($un)},
         runs: $runs,
         unchecked: [ .[] | select((.s.dram_checked // 0) == 0) | "\(.workload)@\(.label)" ]}' \
        "$OUT/$size/runs.jsonl" >"$OUT/$size/input.json"
}

for size in $SIZES; do
    group "$size" "$size" s "$POLY $RODINIA" "$CFG_S"
    group "$size" "$size" l "$POLY $RODINIA" "$CFG_L"
    group "$size" "$size" d "$POLY" "$CFG_D"
    # the model's own sensitivity: the same programs and configurations with the thread
    # blocks dealt to the SMs from SM 7 instead of SM 0, which nothing the paper
    # describes depends on (docs/reproduction.md)
    group "$size" "$size" noise "$POLY $RODINIA" "base=base-s:gpu.first_sm=7,mrpb=$MRPB:gpu.first_sm=7"
    gather "$size" && jq -L repro/mrpb -f repro/mrpb/claims.jq "$OUT/$size/input.json" >"$OUT/$size/claims.json" || status=1
done
[ $status -eq 0 ] || exit 1
OUT=$OUT SIZES=$SIZES repro/mrpb/report.sh || exit 1
# the claim table on the terminal (the report has it with the second size and the figures)
read -r first _ <<<"$SIZES"
echo "The MRPB paper at $first sizes$([ "$first" = default ] || echo ": a check of the pipeline, NOT the reproduction (make repro)") ($OUT/report.md)"
jq -r '(["claim", "paper", "ours", "class"] | @tsv), (.[] | [.claim, .paper, .text, .class] | @tsv)' "$OUT/$first/claims.json" |
    awk -F'\t' '{printf "%-80.80s %-18.18s %-10s %s\n", $1, $2, $3, $4}'
