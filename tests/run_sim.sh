#!/usr/bin/env bash
# run_sim.sh - the system model's part of `make run`: every built-in kernel
# (at its quick size, `memsched sim --list-workloads`) and the real trace at
# the baseline (gtx480-mib, FR-FCFS) with the DRAM legality checker; one
# table line per kernel. JOBS runs in parallel (default 2).
set -u
cd "$(dirname "$0")/.."
M=${M:-build/memsched}
CONFIG=${CONFIG:-gtx480-mib}
JOBS=${JOBS:-2}
OUTDIR=${OUTDIR:-out/run}
mkdir -p "$OUTDIR"
runs=$("$M" sim --list-workloads | awk '{print $1 " " $3}')
runs+=$'\n'"../shared/traces/vectoradd-100-32 -"
one() { # one NAME SIZE: run it, write its JSON (exit status in the .rc file)
    local name=$1 size=$2 tag
    tag=$(basename "$name")
    local args=(--workload "$name")
    [ "$size" != - ] && args+=(--size "$size")
    "$M" sim --config "$CONFIG" "${args[@]}" --check-dram --quiet --host-stats --json "$OUTDIR/$tag.json" \
        2>"$OUTDIR/$tag.err"
    echo $? >"$OUTDIR/$tag.rc"
}
export -f one
export M CONFIG OUTDIR
echo "$runs" | xargs -P "$JOBS" -L 1 bash -c 'one "$@"' _
printf '%-18s %9s %11s %7s %8s %8s %8s %7s %6s %9s  %s\n' kernel size cycles IPC "L1 miss" "L2 miss" "row-buf" "GB/s" "util" "Minst/s" result
status=0
while read -r name size; do
    tag=$(basename "$name")
    rc=$(cat "$OUTDIR/$tag.rc" 2>/dev/null || echo 2)
    if [ "$rc" = 0 ]; then
        jq -r --arg n "$tag" --arg s "$size" '[$n, $s, .gpu.gpu_tot_sim_cycle, .gpu.gpu_tot_ipc, .l1d.L1D_total_cache_miss_rate,
            .l2.L2_total_cache_miss_rate, .dram.row_buffer_locality, .dram.bandwidth_GBps,
            .dram.bandwidth_utilization, .host.gpu_total_sim_rate / 1e6] |
            "\(.[0]) \(.[1]) \(.[2]) \(.[3]) \(.[4]) \(.[5]) \(.[6]) \(.[7]) \(.[8]) \(.[9])"' "$OUTDIR/$tag.json" |
            awk '{printf "%-18s %9s %11d %7.1f %8.3f %8.3f %8.3f %7.1f %5.1f%% %9.1f  PASS\n", $1, $2, $3, $4, $5, $6, $7, $8, $9 * 100, $10}'
    else
        printf '%-18s %9s %11s %7s %8s %8s %8s %7s %6s %9s  FAIL (exit %s)\n' "$tag" "$size" - - - - - - - - "$rc"
        sed 's/^/    /' "$OUTDIR/$tag.err" | head -5
        status=1
    fi
done <<<"$runs"
echo "(configuration $CONFIG, FR-FCFS, DRAM timing checked on every command; JSON in $OUTDIR/)"
exit $status
