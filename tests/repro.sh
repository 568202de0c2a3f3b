#!/usr/bin/env bash
# repro.sh - the MIB thesis' results (the end of `make run` and `make repro`;
# the MRPB paper's reproduction is repro/mrpb/run.sh). Runs a `memsched
# compare` sweep on stand-in kernels at their default sizes and prints one
# table row per claim of the thesis: its number, ours, whether the direction
# matches and whether ours is within 2x of its effect (issue 48 replaces this
# with the thesis' own benchmarks and metrics). docs/reproduction.md
# explains every row. OUT (default out/repro) keeps every run's JSON and log;
# JOBS runs in parallel (default: the machine's cores); SIZE=quick runs every
# kernel at its quick size instead (a check of the script, not a reproduction);
# REUSE=1 runs nothing and tabulates the runs already in OUT (compare --merge).
set -u
cd "$(dirname "$0")/.."
M=${M:-build/memsched}
OUT=${OUT:-out/repro}
JOBS=${JOBS:-$(nproc)}
HIL="bfs transpose"                                  # the thesis' memory-sensitive high/low inter-core locality
LIL="vectoradd stream"
status=0
mkdir -p "$OUT"

# group NAME WORKLOADS CONFIGS [--set k=v]...: one compare sweep into $OUT/NAME
group() {
    local name=$1 wl=$2 cfgs=$3
    shift 3
    local n=$(( $(wc -w <<<"$wl") * $(tr ',' ' ' <<<"$cfgs" | wc -w) ))
    local t0=$SECONDS
    printf 'repro: %-8s %3d runs ... ' "$name" "$n" >&2
    if "$M" compare --workload "$(tr ' ' ',' <<<"$wl")" --configs "$cfgs" "$@" ${SIZE:+--size "$SIZE"} $([ "${REUSE:-0}" = 1 ] && echo --merge) --jobs "$JOBS" \
        --out "$OUT/$name" >"$OUT/$name.log" 2>&1; then
        echo "$((SECONDS - t0)) s" >&2
    else
        echo "FAILED ($OUT/$name.log)" >&2
        sed 's/^/    /' "$OUT/$name.log" | tail -5 >&2
        status=1
    fi
}

group mib "$HIL $LIL" "fr=gtx480-mib,m=gtx480-mib:dram.policy=mshr-m,s=gtx480-mib:dram.policy=mshr-s,sa=gtx480-mib:dram.policy=mshr-s+a,perfect=gtx480-mib:dram.perfect=1,fr16=gtx480-mib:dram.read_queue=16,sa16=gtx480-mib:dram.policy=mshr-s+a:dram.read_queue=16,fr128=gtx480-mib:dram.read_queue=128,sa128=gtx480-mib:dram.policy=mshr-s+a:dram.read_queue=128"
[ $status -eq 0 ] || exit 1

# v GROUP WORKLOAD LABEL JQPATH: one statistic of one run
v() { jq -r "$4" "$OUT/$1/runs/$2@$3.json"; }
ipc() { v "$1" "$2" "$3" .gpu.gpu_tot_ipc; }
# ratios GROUP LABEL BASE "W..." [JQPATH]: the per-kernel ratios LABEL/BASE, one per line
ratios() {
    local w p=${5:-.gpu.gpu_tot_ipc}
    for w in $4; do echo "$(v "$1" "$w" "$2" "$p") $(v "$1" "$w" "$3" "$p")"; done | awk '{print $1 / $2}'
}
gmean() { awk '{s += log($1); n++} END {printf "%.4f", exp(s / n)}'; }
# hratio GROUP LABEL BASE "W...": harmonic-mean IPC of LABEL over that of BASE
hratio() {
    local w
    for w in $4; do echo "$(ipc "$1" "$w" "$2") $(ipc "$1" "$w" "$3")"; done |
        awk '{a += 1 / $1; b += 1 / $2; n++} END {printf "%.4f", (n / a) / (n / b)}'
}
# sratio GROUP LABEL BASE "W..." JQPATH: the statistic summed over the kernels, LABEL over BASE
sratio() {
    local w
    for w in $4; do echo "$(v "$1" "$w" "$2" "$5") $(v "$1" "$w" "$3" "$5")"; done |
        awk '{a += $1; b += $2} END {printf "%.4f", b ? a / b : 1}'
}
# row CLAIM PAPER_TEXT PAPER_FACTOR OURS_TEXT OURS_FACTOR: factors are x (1 = no change). PAPER_FACTOR "-":
# a claim of order "A > B", OURS_FACTOR = A / B (the lowest such ratio when the claim has several parts).
# Direction: same / opposite, or flat when ours is within 1 % of no change.
rows=()
row() {
    local dir within
    read -r dir within < <(awk -v p="$3" -v o="$5" 'BEGIN {
        oe = o - 1
        if (p == "-") { print (oe >= 0.01 ? "same" : oe <= -0.01 ? "opposite" : "flat"), "-"; exit }
        pe = p - 1
        d = (oe > -0.01 && oe < 0.01) ? "flat" : (pe * oe > 0 ? "same" : "opposite")
        w = (pe * oe > 0 && oe / pe <= 2 && oe / pe >= 0.5) ? "yes" : "no"
        print d, w }')
    rows+=("$(printf '%-58s %-16s %-24s %-9s %s' "$1" "$2" "$4" "$dir" "$within")")
}
pct() { awk -v r="$1" 'BEGIN {printf "%+.1f %%", (r - 1) * 100}'; }
x() { awk -v r="$1" 'BEGIN {printf "x%.2f", r}'; }

div() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.4f", a / b}'; }
min() { printf '%s\n' "$@" | sort -g | head -1; }

h_sa=$(hratio mib sa fr "$HIL"); l_sa=$(hratio mib sa fr "$LIL")
h_m=$(hratio mib m fr "$HIL"); h_s=$(hratio mib s fr "$HIL")
rf=$(sratio mib sa fr "$HIL" .l2.L2_total_cache_reservation_fails)
lat=$(for w in $HIL; do echo "$(v mib "$w" sa .memory_latency.averagemflatency) $(v mib "$w" fr .memory_latency.averagemflatency)"; done |
    awk '{s += $1 / $2; n++} END {printf "%.4f", s / n}')
q16=$(hratio mib sa16 fr16 "$HIL"); q128=$(hratio mib sa128 fr128 "$HIL")
order=$(min "$(div "$h_s" "$h_m")" "$(div "$h_sa" "$h_s")")
row "MSHR-S+A vs FR-FCFS, hmean IPC, HIL ($(tr ' ' , <<<"$HIL"))" "+10.9 %" 1.109 "$(pct "$h_sa")" "$h_sa"
row "MSHR-S+A vs FR-FCFS, hmean IPC, LIL ($(tr ' ' , <<<"$LIL"))" "+2.6 %" 1.026 "$(pct "$l_sa")" "$l_sa"
row "L2 reservation fails, MSHR-S+A vs FR-FCFS, HIL" "-35 %" 0.65 "$(pct "$rf")" "$rf"
row "memory latency, MSHR-S+A vs FR-FCFS, HIL" "-28 %" 0.72 "$(pct "$lat")" "$lat"
row "MSHR-M < MSHR-S < MSHR-S+A, hmean IPC, HIL" "M < S < S+A" - \
    "$(pct "$h_m") / $(pct "$h_s") / $(pct "$h_sa")" "$order"
row "read queue 16: MSHR-S+A vs FR-FCFS, HIL" "+4 %" 1.04 "$(pct "$q16")" "$q16"
row "read queue 128: MSHR-S+A vs FR-FCFS, HIL" "+11 %" 1.11 "$(pct "$q128")" "$q128"

if [ -n "${SIZE:-}" ]; then
    echo "The MIB thesis' results at $SIZE sizes: a check of the pipeline, NOT the reproduction (the kernels are"
    echo "too small for its effects; \`make repro\` runs the default sizes; docs/reproduction.md explains every row;"
    echo "runs in $OUT/)"
else
    echo "The MIB thesis' results on stand-in kernels (docs/reproduction.md explains every row; runs in $OUT/)"
fi
printf '%-58s %-16s %-24s %-9s %s\n' claim paper ours direction "within 2x"
printf '%-58s %-16s %-24s %-9s %s\n' "$(printf '%.0s-' {1..58})" ---------------- ------------------------ --------- ---------
printf '%s\n' "${rows[@]}"
echo "  (MIB: gtx480-mib, 64-entry read queue unless stated, ${SIZE:-default} sizes)"
echo
echo "The MIB kernels as the thesis classifies them (Figure 5.1: perfect-DRAM speedup >= 1.2 is memory"
echo "sensitive; Figure 5.2: more than 10 % of the L2 MSHR time with a merge length > 1 is HIL)"
printf '%-12s %-12s %14s %22s  %s\n' kernel "thesis" "perfect DRAM" "merge length > 1" "ours"
for w in $HIL $LIL; do
    sp=$(awk -v a="$(ipc mib "$w" perfect)" -v b="$(ipc mib "$w" fr)" 'BEGIN {printf "%.2f", a / b}')
    mg=$(jq -r '.l2.mshr_max_merge_length_cycles as $c | ($c | add) as $t |
        if $t > 0 then (($t - $c[0] - $c[1]) / $t * 100) else 0 end' "$OUT/mib/runs/$w@fr.json")
    th=$(grep -qw "$w" <<<"$HIL" && echo HIL || echo LIL)
    cl=$(awk -v s="$sp" -v m="$mg" 'BEGIN {print (s < 1.2) ? "insensitive" : (m > 10 ? "HIL" : "LIL")}')
    printf '%-12s %-12s %13sx %21.2f%%  %s\n' "$w" "$th" "$sp" "$mg" "$cl"
done
echo "  (merge length > 1: share of the L2 slice-cycles, idle ones included, with a live MSHR entry of"
echo "   merge length > 1, FR-FCFS: the thesis' Figure 5.2, l2.mshr_max_merge_length_cycles)"
exit $status
