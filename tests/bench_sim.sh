#!/usr/bin/env bash
# bench_sim.sh - the system model's speed (make bench): simulated cycles,
# thread instructions and warp instructions per wall-clock second, one run at
# a time (one core), per built-in kernel at its quick and default sizes and
# for the real trace; the cost against the number of SMs (1, 15, 60); the
# geometric mean over the built-in kernels at the default sizes; memory use.
# SIZES=quick skips the default sizes.
set -u
cd "$(dirname "$0")/.."
M=${M:-build/memsched}
CONFIG=${CONFIG:-gtx480-mib}
O=${OUTDIR:-out/bench}
mkdir -p "$O"
row() { # row LABEL SIZE ARGS...: one run, one line
    local label=$1 size=$2
    shift 2
    if "$M" sim --config "$CONFIG" "$@" --quiet --host-stats --json "$O/b.json" 2>"$O/b.err"; then
        jq -r --arg l "$label" --arg s "$size" '[$l, $s, .gpu.run_cycles, .gpu.gpu_tot_sim_insn, .host.wall_seconds,
            .host.sim_cycle_rate / 1e3, .host.gpu_total_sim_rate / 1e6, .host.sim_warp_insn_rate / 1e6,
            .host.max_rss_kB / 1024] | @tsv' "$O/b.json" |
            awk -F'\t' '{printf "%-22s %9s %11.0f %12.0f %8.2f %10.0f %10.1f %9.2f %8.0f\n", $1, $2, $3, $4, $5, $6, $7, $8, $9}'
    else
        printf '%-22s %9s  FAILED: %s\n' "$label" "$size" "$(head -1 "$O/b.err")"
    fi
}
hdr() { printf '%-22s %9s %11s %12s %8s %10s %10s %9s %8s\n' "$1" size cycles thread-insts wall-s "k cyc/s" "M inst/s" "M warp/s" "RSS MB"; }

kernels=$("$M" sim --list-workloads | awk '{print $1, $2, $3}')
echo "== per kernel, quick size ($CONFIG)"
hdr kernel
while read -r k def quick; do row "$k" "$quick" --workload "$k" --size "$quick"; done <<<"$kernels" | tee "$O/quick.txt"
row vectoradd-100-32 - --workload ../shared/traces/vectoradd-100-32
if [ "${SIZES:-all}" != quick ]; then
    echo
    echo "== per kernel, default size ($CONFIG)"
    hdr kernel
    while read -r k def quick; do row "$k" "$def" --workload "$k"; done <<<"$kernels" | tee "$O/default.txt"
    awk '{s += log($7); n++} END {printf "geometric mean over %d built-in kernels at the default sizes: %.1f M thread-inst/s (target 50)\n", n, exp(s / n)}' "$O/default.txt"
    awk '$9 > m {m = $9; k = $1} END {printf "largest memory use: %s, %.0f MB resident\n", k, m}' "$O/default.txt"
fi
awk '{s += log($7); n++} END {printf "geometric mean over %d built-in kernels at the quick sizes: %.1f M thread-inst/s\n", n, exp(s / n)}' "$O/quick.txt"
echo
echo "== cost against the number of SMs (vectoradd default size, atax quick size)"
hdr "kernel, SMs"
for n in 1 15 60; do row "vectoradd, $n SMs" 1048576 --workload vectoradd --set sm.count=$n; done
for n in 1 15 60; do row "atax, $n SMs" 512 --workload atax --size 512 --set sm.count=$n; done
echo
echo "== cost against the kernel size (vectoradd, kmeans)"
hdr kernel
for s in 65536 262144 1048576 4194304; do row vectoradd "$s" --workload vectoradd --size "$s"; done
for s in 4096 16384 65536; do row kmeans "$s" --workload kmeans --size "$s"; done
echo
RTL_REPS=${RTL_REPS:-3}
echo "== the blocks' RTL in the loop (--rtl) against their C models alone, each at the run its paper puts it in"
echo "   (sim --rtl-runs; wall time, the fastest of $RTL_REPS alternating runs each; goal: at most 3x; docs/sim.md,"
echo "   \"RTL in the loop\"): the default (--threads 2 with two CPUs: each instance's RTL on a thread of its own),"
echo "   its CPU time (user + system), and the RTL in the system's thread (--threads 1)"
printf '%-62s %7s %7s %9s %7s %7s %9s\n' "block, workload, run" "C s" "RTL s" slowdown "CPU s" "1T s" "1T slow"
rtime() { # rtime FILE ARGS...: "wall cpu" seconds of one run into FILE ("0 0" if it failed)
    local f=$1
    shift
    /usr/bin/time -f '%e %U %S' -o "$f" "$M" sim "$@" --quiet </dev/null >/dev/null 2>"$O/r.err" || echo '0 0 0' >>"$f"
    tail -1 "$f" | awk '{ print $1, $2 + $3 }'
}
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b ? a : b) }'; }
rtl_row() { # rtl_row LABEL BLOCK ARGS...: the same run C-only and with --rtl BLOCK (both thread modes)
    local label=$1 blk=$2 c=1e9 r=1e9 u=1e9 s=1e9 t k
    shift 2
    for k in $(seq "$RTL_REPS"); do
        t=$(rtime "$O/t.c" "$@")
        c=$(min "${t% *}" "$c")
        t=$(rtime "$O/t.r" "$@" --rtl "$blk" --host-stats --json "$O/r.json")
        r=$(min "${t% *}" "$r")
        u=$(min "${t#* }" "$u")
        t=$(rtime "$O/t.s" "$@" --rtl "$blk" --threads 1)
        s=$(min "${t% *}" "$s")
    done
    if [ "$c" = 0 ] || [ "$r" = 0 ] || [ "$s" = 0 ]; then
        printf '%-62s  FAILED: %s\n' "$label" "$(head -1 "$O/r.err")"
    elif [ "$(jq '.host.rtl_cycles > 0' "$O/r.json")" != true ]; then
        printf '%-62s  the RTL was never evaluated\n' "$label"
    else
        awk -v l="$label" -v c="$c" -v r="$r" -v u="$u" -v s="$s" \
            'BEGIN { printf "%-62s %7.2f %7.2f %8.1fx %7.2f %7.2f %8.1fx\n", l, c, r, r / c, u, s, s / c }'
    fi
}
while read -r blk run; do   # run: --config PRESET --set KEY=VALUE ...
    read -ra args <<<"$run"
    for w in bfs:8192 atax:512; do
        rtl_row "$blk, ${w%%:*} ${w#*:}, ${run//--config /}" "$blk" "${args[@]}" --workload "${w%%:*}" --size "${w#*:}"
    done
done < <("$M" sim --rtl-runs)
