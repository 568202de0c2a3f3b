#!/usr/bin/env bash
# skip_tests.sh - skipping idle units is exact: every built-in kernel at every
# preset (quick sizes; at S-L1's gtx680 and gtx560 its ten applications, at
# gtx680 with S-L1 too, and six other kernels with and without S-L1), the
# traces, and bfs and srad under every option that adds units or skips of its
# own, run with run.skip=1 (the default) and run.skip=0 (every unit stepped
# every cycle, no exception), must give the same statistics (the JSON without
# the run.skip value itself and the host section). One PASS/FAIL line per run
# pair. Base-L (Base-S's clocks and memory with another L1) is held by its
# digests below alone (no pair).
#
# Which runs are made, and which get a run.skip=0 twin (PAIRS): "all" (make
# test-long) makes every run and pairs it; "cover" (the default, make test)
# makes and pairs every trace and option run, and makes each built-in kernel
# at two of its presets (the first paired, the second held by its digest
# alone) and every third kernel at Base-L, the presets taken in turn from
# kernel to kernel, so that every kernel and every preset is stepped without
# skips at least once (checked below) and every preset's digests are
# compared: 332 processes in place of 518 (209 of the 395 digests).
#
# The same runs hold the model's results still: each run's statistics (its
# JSON without the host section, the command line, the version and the
# configuration, which grows with every new key) are
# compared with their digest in tests/golden/stats.sha256, written by a build
# whose results were checked. A change meant to keep every result (a speed-up,
# a refactoring) must pass unchanged; a change meant to alter results rewrites
# the file (`make golden`) and says why in its commit.
# Usage: tests/skip_tests.sh [MEMSCHED]; JOBS=N runs N at a time (2);
# PAIRS=all|cover (cover); GOLDEN=write writes tests/golden/stats.sha256 from
# the run.skip=1 runs only.
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh   # in_turn
JOBS=${JOBS:-2}
PAIRS=${PAIRS:-cover}
case $PAIRS in all | cover) ;; *) echo "skip_tests: PAIRS=$PAIRS: expected all or cover" >&2; exit 2 ;; esac
T=build/tests/skip
rm -rf "$T"
mkdir -p "$T"

# one pair: WORKLOAD CONFIG [ARGS...]; prints its PASS/FAIL line
pair() {
    local w=$1 c=$2 tag
    shift 2
    tag=$(echo "$w@$c $*" | tr -c 'A-Za-z0-9@._=-' '_')
    # a run without a twin (Base-L; not chosen by PAIRS=cover) is held by its digest alone
    local twin=1
    if [ "${GOLDEN:-}" = write ] || ! grep -qxF "$w $c${*:+ $*}" "$T/pairs"; then twin=0; fi
    for s in 1 $([ $twin = 1 ] && echo 0); do
        if ! "$M" sim --workload "$w" --config "$c" --quiet --check-dram "$@" --set run.skip=$s \
            --json "$T/$tag.skip$s.json" >"$T/$tag.skip$s.log" 2>&1; then
            echo "FAIL skip exact: $w $c $* (run.skip=$s failed: $T/$tag.skip$s.log)"
            return
        fi
        jq -S 'del(.configuration["run.skip"]) | del(.host, .command_line)' "$T/$tag.skip$s.json" >"$T/$tag.skip$s.norm"
    done
    echo "$(jq -S 'del(.version, .configuration)' "$T/$tag.skip1.norm" | sha256sum | cut -c1-64)  $w $c${*:+ $*}" >"$T/$H.digest"
    [ $twin = 1 ] || return
    if cmp -s "$T/$tag.skip1.norm" "$T/$tag.skip0.norm"; then
        echo "PASS skip exact: $w $c $* (gpu_tot_sim_cycle $(jq .gpu.gpu_tot_sim_cycle "$T/$tag.skip1.json"))"
    else
        echo "FAIL skip exact: $w $c $*: the statistics differ (diff $T/$tag.skip1.norm $T/$tag.skip0.norm):"
        diff "$T/$tag.skip1.norm" "$T/$tag.skip0.norm" | head -8 | sed 's/^/    /'
    fi
}

# runs: every run, one a line, after its kind: "A" (always paired), "R" (a
# built-in kernel at a preset: paired in turn under PAIRS=cover), "D" (digest
# only: Base-L)
runs() {
    local sl1apps k
    sl1apps=" $("$M" sim --list-workloads | awk '/S-L1 stand-in:/ {print $1}' | tr '\n' ' ') "
    for c in $("$M" sim --list-configs | awk '{print $1}'); do
        k=R
        [ "$c" = base-l ] && k=D
        for w in $("$M" sim --list-workloads | awk '{print $1}'); do
            case $w@$c in   # its 24 KB blocks do not fit Base-L's or the GTX 560's 16 KB (sim_tests.sh)
            histo@base-l | histo@gtx560) continue ;;
            esac
            case $c in
            gtx680 | gtx560)   # S-L1's GPUs: its applications, and a few kernels of each kind with S-L1 too
                case "$sl1apps" in
                *" $w "*) [ $c = gtx680 ] && echo "$k $w $c --size quick --set sl1=on" ;;
                *) case $w in vectoradd | bfs | srad | kmeans | atax | transpose) ;; *) continue ;; esac
                   echo "$k $w $c --size quick --set sl1=on --set sl1.monitor=4" ;;
                esac ;;
            *) case "$sl1apps" in *" $w "*) continue ;; esac ;;   # S-L1's applications: at its GPUs
            esac
            echo "$k $w $c --size quick"
        done
        for t in ../shared/traces/*/kernelslist.g; do   # the real NVBit traces
            [ -f "$t" ] && echo "$([ $k = D ] && echo D || echo A) $(dirname "$t") $c"
        done
    done
    # the options that add units or skips of their own: MRPB, the MIB
    # policies, refresh and tFAW, perfect DRAM, the warp schedulers, the
    # memory semantics (sectors, write policies, acknowledgements), S-L1
    for o in mrpb=final dram.policy=mshr-m dram.policy=mshr-s+a dram.policy=fcfs "dram.tREFI=1000 --set dram.tRFC=60" \
             dram.tFAW=20 dram.perfect=1 sm.scheduler=lrr sm.scheduler=two-level sm.swl=4 l1.prefetch=next-line l1.prefetch=str l1.prefetch=sld \
             sm.scheduler=laws "sm.scheduler=laws --set sm.schedulers=1 --set mrpb=final" sm.scheduler=ccws \
             "sm.scheduler=laws --set l1.prefetch=sap" "sm.scheduler=laws --set l1.prefetch=sap --set mrpb=final" \
             l2.sectored=1 "l2.sectored=1 --set l2.write_alloc=fetch" l2.write_alloc=none l2.write_alloc=lazy \
             "sm.coalesce=sector --set l1.miss_latency=1 --set l1.flush=1" sm.store_ack=0 \
             "sl1=on --set sl1.monitor=4"; do
        for w in bfs srad; do   # hot lines on every SM (MIB merges); barriers and shared memory
            echo "A $w gtx480-mib --size quick --set $o"
        done
    done
}

runs >"$T/kinds"
# the pairs: every "A" run; every "R" run, or under PAIRS=cover each kernel
# at one of its presets in turn
{ sed -n 's/^A //p' "$T/kinds"
  sed -n 's/^R //p' "$T/kinds" | if [ "$PAIRS" = all ]; then cat; else in_turn; fi; } >"$T/pairs"
# the runs: every one, or under PAIRS=cover the pairs, each kernel at the
# next of its presets in turn and every third kernel at Base-L ("D"), in the
# order of the full list (the output reads as make test-long's)
if [ "$PAIRS" = all ] || [ "${GOLDEN:-}" = write ]; then
    cut -d' ' -f2- "$T/kinds" >"$T/list"
else
    { cat "$T/pairs"
      sed -n 's/^R //p' "$T/kinds" | in_turn 1
      sed -n 's/^D //p' "$T/kinds" | awk 'NR % 3 == 1'; } >"$T/sample"
    cut -d' ' -f2- "$T/kinds" | grep -xFf "$T/sample" >"$T/list"
fi
if [ "$PAIRS" = cover ] && [ "${GOLDEN:-}" != write ]; then
    # every preset that has pairs at all is stepped without skips at least once
    want=$(awk '$1 != "D" { print $3 }' "$T/kinds" | sort -u | paste -sd' ')
    got=$(awk '{ print $2 }' "$T/pairs" | sort -u | paste -sd' ')
    if [ "$want" = "$got" ]; then
        echo "PASS skip exact: the $(wc -l <"$T/pairs") pairs (PAIRS=cover, of $(grep -c '^[AR] ' "$T/kinds")) cover every kernel and every preset ($got)"
    else
        echo "FAIL skip exact: the pairs (PAIRS=cover) cover the presets $got, not $want"
    fi
    # every preset, Base-L included, has digests compared, and every kernel
    want=$(awk '{ print $3 }' "$T/kinds" | sort -u | paste -sd' ')
    got=$(awk '{ print $2 }' "$T/list" | sort -u | paste -sd' ')
    if [ "$want" = "$got" ] && [ "$(awk '{ print $1 }' "$T/list" | sort -u | wc -l)" = "$(awk '{ print $2 }' "$T/kinds" | sort -u | wc -l)" ]; then
        echo "PASS results unchanged: the $(wc -l <"$T/list") runs compared (PAIRS=cover, of $(wc -l <"$T/kinds")) include every kernel and trace and every preset ($got)"
    else
        echo "FAIL results unchanged: the runs compared (PAIRS=cover) cover the presets $got, not $want, or not every kernel"
    fi
fi
while read -r line; do
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
    # shellcheck disable=SC2086
    H=$(echo "$line" | md5sum | cut -c1-12)
    (pair $line >"$T/$H.res") &
done <"$T/list"
wait
G=tests/golden/stats.sha256
if [ "${GOLDEN:-}" = write ]; then
    while read -r line; do
        cat "$T/$(echo "$line" | md5sum | cut -c1-12).digest" 2>/dev/null
    done <"$T/list" >"$T/golden"
    [ "$(wc -l <"$T/golden")" -eq "$(wc -l <"$T/list")" ] || { echo "skip_tests: a run failed; $G not written" >&2; exit 1; }
    mkdir -p tests/golden
    mv "$T/golden" "$G"
    echo "wrote $G: $(wc -l <"$G") runs"
    exit 0
fi
while read -r line; do cat "$T/$(echo "$line" | md5sum | cut -c1-12).res"; done <"$T/list"
# the results against the golden digests, one line for all and one per change
changed=0
while read -r line; do
    got=$(cut -c1-64 "$T/$(echo "$line" | md5sum | cut -c1-12).digest" 2>/dev/null)
    want=$(awk -v l="$line" 'substr($0, 67) == l { print $1; exit }' "$G" 2>/dev/null)
    if [ -z "$want" ]; then
        echo "FAIL results unchanged: $line has no digest in $G (a new run: make golden)"
        changed=$((changed + 1))
    elif [ "$got" != "$want" ]; then
        echo "FAIL results unchanged: $line: its statistics differ from $G's (JSON: $T)"
        changed=$((changed + 1))
    fi
done <"$T/list"
[ "$changed" -eq 0 ] && echo "PASS results unchanged: the $(wc -l <"$T/list") runs' statistics equal their digests in $G"
