#!/usr/bin/env bash
# bench_compare.sh - the system model before and after a change, back to back
# on this machine (make bench BEFORE=PATH): each kernel run by the two
# binaries in turn, REPS times (alternating, so that both see the same load),
# the fastest wall time of each kept; simulated GPU cycles per second, the
# speed-up, the peak resident memory, and whether the two runs' statistics
# are the same (the JSON without the host section, the command line and the
# version: a speed change keeps every result; "old": BEFORE is an older build
# whose every statistic the AFTER run has, equal, beside statistics and
# configuration keys added since; NO: a statistic differs).
#
#   tests/bench_compare.sh BEFORE [AFTER]     AFTER: build/memsched
#   KERNELS="transpose stream gesummv atax"   the kernels (issue 52's four), at their default sizes
#   CONFIG=gtx480-mib  REPS=3  SIZE=         (SIZE: one --size for all, e.g. quick sizes for a check)
#   SET="dram.policy=mshr-s+a"               --set KEY=VALUE for every run (space-separated pairs)
#   MEM=1                                    also the peak memory of every built-in kernel at its
#                                            default size, each run to 400 000 core cycles (by
#                                            when the SMs are full) by both binaries
#   MEM_CYCLES=400000                        ... to this many core cycles (0: whole runs, which
#                                            take about an hour: cutcp's and histogram's peaks
#                                            come later, when their longest blocks are resident)
#   AT_ONCE=1                                each repetition runs the two binaries at the same
#                                            time, one per CPU (swapped every repetition), so
#                                            that both see the same machine load; "ratio" is the
#                                            mean of the repetitions' before/after times (a VM
#                                            whose speed wanders between runs; two CPUs needed)
#
# A binary of an earlier commit: git worktree add /tmp/before REV && make -C /tmp/before build
# (then BEFORE=/tmp/before/build/memsched).
set -u
cd "$(dirname "$0")/.."
B=${1:-}
A=${2:-build/memsched}
if [ -z "$B" ] || [ ! -x "$B" ] || [ ! -x "$A" ]; then
    echo "usage: tests/bench_compare.sh BEFORE [AFTER]: two memsched binaries (BEFORE: '${B}', AFTER: '${A}')" >&2
    exit 2
fi
CONFIG=${CONFIG:-gtx480-mib}
REPS=${REPS:-3}
KERNELS=${KERNELS:-transpose stream gesummv atax}
O=${OUTDIR:-out/bench}/compare
mkdir -p "$O"
case $REPS in '' | *[!0-9]* | 0) echo "bench_compare: REPS must be a positive integer, got '$REPS'" >&2; exit 2 ;; esac
AT_ONCE=${AT_ONCE:-0}
case $AT_ONCE in 0 | 1) ;; *) echo "bench_compare: AT_ONCE must be 0 or 1, got '$AT_ONCE'" >&2; exit 2 ;; esac
if [ "$AT_ONCE" = 1 ] && [ "$(nproc)" -lt 2 ]; then
    echo "bench_compare: AT_ONCE=1 needs two CPUs, this machine has $(nproc)" >&2
    exit 2
fi

# run BIN TAG ARGS...: one run; its JSON in $O/TAG.json; 1 if it failed
run() {
    local bin=$1 tag=$2
    shift 2
    "$bin" sim --config "$CONFIG" "${sets[@]}" "$@" --quiet --host-stats --json "$O/$tag.json" >/dev/null 2>"$O/$tag.err"
}
sets=()
for kv in ${SET:-}; do sets+=(--set "$kv"); done
stats() { jq -S 'del(.host, .command_line, .version)' "$1"; }
# same B A: yes, old (every statistic of B's equal in A, which has more) or NO
same() {
    if cmp -s <(stats "$1") <(stats "$2"); then
        echo yes
    elif [ "$(jq -n --slurpfile b "$1" --slurpfile a "$2" \
        '[$b[0].gpu | paths(scalars)] as $p | all($p[]; . as $q | ($b[0].gpu | getpath($q)) == ($a[0].gpu | getpath($q)))')" = true ]; then
        echo old
    else
        echo NO
    fi
}
field() { jq -r "$2" "$1"; }

echo "== before: $B"
echo "== after:  $A"
echo "== $CONFIG${SET:+ (--set $SET)}, fastest of $REPS alternating runs each"
[ "$AT_ONCE" = 1 ] && echo "== the two binaries at the same time, one per CPU; ratio: the mean of the repetitions' before/after"
printf '%-12s %12s %9s %9s %8s %11s %11s %8s %8s %6s%s\n' kernel cycles "s before" "s after" speed-up "kcyc/s bef" "kcyc/s aft" \
    "MB bef" "MB aft" same "$([ "$AT_ONCE" = 1 ] && echo '   ratio')"
for k in $KERNELS; do
    sz=()
    [ -n "${SIZE:-}" ] && sz=(--size "$SIZE")
    bt= at= bm=0 am=0 ok=1 rsum=0
    for r in $(seq "$REPS"); do
        if [ "$AT_ONCE" = 1 ]; then   # side b on CPU r % 2, side a on the other
            taskset -c $((r % 2)) bash -c "$(declare -f run); $(declare -p sets CONFIG O); run \"\$@\"" _ \
                "$B" "$k.b" --workload "$k" "${sz[@]}" &
            pb=$!
            taskset -c $(((r + 1) % 2)) bash -c "$(declare -f run); $(declare -p sets CONFIG O); run \"\$@\"" _ \
                "$A" "$k.a" --workload "$k" "${sz[@]}" &
            pa=$!
            wait $pb && rb=0 || rb=1
            wait $pa && ra=0 || ra=1
        fi
        for side in b a; do
            bin=$B
            [ $side = a ] && bin=$A
            if [ "$AT_ONCE" = 1 ]; then
                failed=$([ $side = a ] && echo $ra || echo $rb)
            else
                run "$bin" "$k.$side" --workload "$k" "${sz[@]}" && failed=0 || failed=1
            fi
            if [ "$failed" = 1 ]; then
                echo "$k: the $([ $side = a ] && echo after || echo before) binary failed: $(head -1 "$O/$k.$side.err")" >&2
                ok=0
                break 2
            fi
            t=$(field "$O/$k.$side.json" .host.wall_seconds)
            m=$(field "$O/$k.$side.json" .host.max_rss_kB)
            if [ $side = b ]; then
                bt=$(awk -v x="$t" -v y="${bt:-1e99}" 'BEGIN { print (x < y ? x : y) }')
                bm=$m
                tb=$t
            else
                at=$(awk -v x="$t" -v y="${at:-1e99}" 'BEGIN { print (x < y ? x : y) }')
                am=$m
                rsum=$(awk -v s="$rsum" -v b="$tb" -v a="$t" 'BEGIN { print s + b / a }')
            fi
        done
    done
    [ $ok = 1 ] || continue
    same=$(same "$O/$k.b.json" "$O/$k.a.json")
    cyc=$(field "$O/$k.a.json" .gpu.run_cycles)
    awk -v k="$k" -v c="$cyc" -v b="$bt" -v a="$at" -v bm="$bm" -v am="$am" -v s="$same" -v once="$AT_ONCE" \
        -v ratio="$(awk -v s="$rsum" -v n="$REPS" 'BEGIN { print s / n }')" 'BEGIN {
        printf "%-12s %12d %9.2f %9.2f %7.2fx %11.0f %11.0f %8.0f %8.0f %6s", k, c, b, a, b / a, c / b / 1e3, c / a / 1e3,
            bm / 1024, am / 1024, s
        if (once) printf " %7.2fx", ratio
        printf "\n" }'
done

if [ "${MEM:-0}" = 1 ]; then
    echo
    MC=${MEM_CYCLES:-400000}
    if [ "$MC" = 0 ]; then
        mset=()
        echo "== peak memory, every built-in kernel at its default size, whole runs ($CONFIG)"
    else
        mset=(--set "run.max_cycles=$MC")
        echo "== peak memory, every built-in kernel at its default size, run to $MC core cycles ($CONFIG)"
    fi
    printf '%-20s %8s %8s %6s\n' kernel "MB bef" "MB aft" same
    for k in $("$A" sim --list-workloads | awk '{print $1}'); do
        for side in b a; do
            bin=$B
            [ $side = a ] && bin=$A
            run "$bin" "m.$side" --workload "$k" "${mset[@]}" 2>/dev/null
        done
        same=$(same "$O/m.b.json" "$O/m.a.json")
        awk -v k="$k" -v b="$(field "$O/m.b.json" .host.max_rss_kB)" -v a="$(field "$O/m.a.json" .host.max_rss_kB)" \
            -v s="$same" 'BEGIN { printf "%-20s %8.0f %8.0f %6s\n", k, b / 1024, a / 1024, s }'
    done | tee "$O/mem.txt"
    awk '$3 > m { m = $3; k = $1 } END { printf "largest after: %s, %.0f MB (issue 52: 100 MB)\n", k, m }' "$O/mem.txt"
fi
