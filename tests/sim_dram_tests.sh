#!/usr/bin/env bash
# sim_dram_tests.sh - the GDDR5 command engine against its legality checker
# (docs/sim.md, "DRAM"): every timing rule the checker enforces is shown to
# fire (dram.test_shorten=RULE makes the engine break it by a cycle, on a
# workload and setting where the rule binds), and the data bus holds the
# bandwidth at or below the peak over a sweep of burst length, data ratio
# and tCCD. One PASS/FAIL line per check.
# Usage: tests/sim_dram_tests.sh [MEMSCHED]
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/sim_dram
rm -rf "$T"
mkdir -p "$T"

# A small bandwidth-bound run: reads and writes, row hits and conflicts, all
# banks of all channels (stream, 1 MB: about 0.3 s).
RUN=(sim --workload stream --size 1 --check-dram --quiet)
REFRESH=(--set dram.tREFI=500 --set dram.tRFC=100)

# knob | the command the checker stops at | its name for the rule | settings where the rule binds
# (with the thesis' table some rules never bind alone: tBURST 2 = tCCDS hides
# tCCDS behind the data bus, tRC = tRAS + tRP, tRTPL = tBURST, no tFAW, no refresh)
KNOBS='
tRCD|RD|tRCD|
tRP|ACT|tRP|
tRAS|PRE|tRAS|
tCCDL|RD|tCCDL|
tCCDS|RD|tCCDS|--set dram.data_ratio=8
tRRD|ACT|tRRD|
tWTR|RD|write-to-read (tCDLR)|
tRTW|WR|read-to-write turnaround|
tRC|ACT|tRC|--set dram.tRC=50
tWR|PRE|write recovery (tWR)|
tRTP|PRE|tBURST read-to-precharge|--set dram.tRTPL=0 --set dram.burst=16
tRTPL|PRE|tRTPL|
tFAW|ACT|tFAW|--set dram.tFAW=40
tRFC|ACT|tRFC|REFRESH
tRP-ref|REF|tRP|REFRESH
ref-ref|REF|REF-to-REF (tRFC)|--set dram.tREFI=150 --set dram.tRFC=100
tREFI|ANY|refresh interval|REFRESH
data-bus|RD|data bus|--set dram.burst=16
wrong-row|COL|state: wrong row|
ref-open|REF|state: bank open|REFRESH
'

# Every knob the configuration offers has a row above (a new rule gets a test).
# The checker's other rules (RD/WR/PRE to a closed bank, ACT to an open one,
# a command bus going back in time or carrying two commands in a cycle, a
# bank out of range, REF with refresh off) have no knob: they are unit-tested
# in tests/unit/test_dram_check.c.
offered=$("$M" sim --list-keys | awk '$1 == "dram.test_shorten"' | sed 's/.*one of: \([^)]*\)).*/\1/')
missing=
for k in $offered; do
    [ "$k" = none ] && continue
    grep -q "^$k|" <<<"$KNOBS" || missing="$missing $k"
done
if [ -n "$offered" ] && [ -z "$missing" ]; then
    ok "knobs: every dram.test_shorten value has a test ($(wc -w <<<"$offered") values)"
else
    bad "knobs: dram.test_shorten values without a test" "${missing:-no values in --list-keys}"
fi

# Each knob: the same run without it is clean (the rule binds but is kept);
# with it the run stops with exit 1, naming the command and the rule.
while IFS='|' read -r knob cmd rule sets; do
    [ -n "$knob" ] || continue
    if [ "$sets" = REFRESH ]; then set_args=("${REFRESH[@]}"); else read -ra set_args <<<"$sets"; fi
    case $cmd in
    ANY) where='[A-Z]+( bank [0-9]+)?( row [0-9]+)?' ;;
    PRE) where='PRE bank [0-9]+' ;;
    COL) where='(RD|WR) bank [0-9]+ row [0-9]+' ;;
    REF) where='REF' ;;
    *) where="$cmd bank [0-9]+ row [0-9]+" ;;
    esac
    # the rule's name as a regular expression: escape ( )
    re="DRAM timing violation: dram ch[0-9]+: cycle [0-9]+: $where: $(sed 's/[()]/\\&/g' <<<"$rule"): "
    if ! "$M" "${RUN[@]}" "${set_args[@]}" >"$T/clean-$knob.out" 2>&1; then
        bad "knob $knob: the run without the knob fails" "$(head -2 "$T/clean-$knob.out")"
        continue
    fi
    "$M" "${RUN[@]}" "${set_args[@]}" --set dram.test_shorten="$knob" >"$T/short-$knob.out" 2>&1
    rc=$?
    if [ $rc -eq 1 ] && grep -Eq "$re" "$T/short-$knob.out"; then
        ok "knob $knob${sets:+ ($sets)}: the checker stops the run: $(grep -Eo "$where: .*" "$T/short-$knob.out" | head -1)"
    else
        bad "knob $knob: expected exit 1 naming '$cmd ...: $rule'" "exit $rc: $(head -2 "$T/short-$knob.out")"
    fi
done <<<"$KNOBS"

# The bandwidth of a run is at most the peak: bandwidth <= peak and data-bus
# utilization <= 1, with the checker on, over burst length x data ratio
# (every ratio dividing the burst) and the column spacing tCCDS / tCCDL.
bw_ok() { # bw_ok JSON DESC
    if jq -e '.dram.bandwidth_utilization <= 1 and .dram.bandwidth_GBps <= .dram.peak_bandwidth_GBps
              and .dram.bandwidth_GBps > 0' "$1" >/dev/null; then
        return 0
    fi
    bad "bandwidth $2" "$(jq -c '.dram | {bandwidth_GBps, peak_bandwidth_GBps, bandwidth_utilization}' "$1")"
    return 1
}
sweep() { # sweep DESC SETTINGS...: one run of the sweep
    local desc=$1 j="$T/sweep-$(tr ' ,' '_-' <<<"$1").json"
    shift
    local sets=()
    for s in "$@"; do sets+=(--set "$s"); done
    if ! "$M" sim --workload stream --size quick "${sets[@]}" --check-dram --quiet --json "$j" >"$j.out" 2>&1; then
        bad "bandwidth $desc: run failed" "$(head -2 "$j.out")"
        return
    fi
    bw_ok "$j" "$desc" || return
    n=$((n + 1))
    printf '%-32s %8.1f %8.1f %6.3f\n' "$desc" "$(jq .dram.bandwidth_GBps "$j")" "$(jq .dram.peak_bandwidth_GBps "$j")" \
        "$(jq .dram.bandwidth_utilization "$j")" >>"$T/sweep.txt"
}
n=0
printf '%-32s %8s %8s %6s\n' "stream quick" GB/s peak util >"$T/sweep.txt"
total=0
# Legal bursts: a line is a whole number of bursts (BL x 4 B x 2 chips: BL
# 1, 2, 4, 8, 16) or one burst (BL 32, 48, 64); the ratio divides BL. Every
# tBURST from 1 to 8 at each burst (tBURST 16, ratio 1 at BL 16, takes 5 s:
# burst 8 ratio 1 stands for it).
for bl_ratios in 4:2,4 8:1,2,4,8 16:2,4,8,16 32:4,8,16; do
    bl=${bl_ratios%:*}
    for ratio in $(tr , " " <<<"${bl_ratios#*:}"); do
        total=$((total + 1))
        sweep "burst=$bl data_ratio=$ratio" "dram.burst=$bl" "dram.data_ratio=$ratio"
    done
done
# tCCDS / tCCDL below, at and above tBURST, with the bus binding (burst 16,
# tBURST 4) and with tCCD binding (burst 8 ratio 8, tBURST 1).
for ccd in 1,1 2,3 5,8; do
    for bl_ratio in 16,4 8,8; do
        total=$((total + 1))
        sweep "burst=${bl_ratio%,*} data_ratio=${bl_ratio#*,} tCCDS,L=$ccd" "dram.burst=${bl_ratio%,*}" \
            "dram.data_ratio=${bl_ratio#*,}" "dram.tCCDS=${ccd%,*}" "dram.tCCDL=${ccd#*,}"
    done
done
[ $n -eq $total ] && ok "bandwidth: $n runs of stream (burst x data ratio x tCCD), checker on: bandwidth <= peak, utilization <= 1"
cat "$T/sweep.txt" | sed 's/^/    /'

# The two settings of issue 46 that exceeded the peak before the data bus was modelled.
for s in dram.data_ratio=2 dram.burst=16; do
    j="$T/stream4-${s#dram.}.json"
    if "$M" sim --workload stream --size 4 --set "$s" --check-dram --quiet --json "$j" >"$j.out" 2>&1 &&
        bw_ok "$j" "stream 4 $s"; then
        ok "bandwidth: stream 4 $s: $(jq -r '.dram | "\(.bandwidth_GBps * 10 | round / 10) of \(.peak_bandwidth_GBps * 10 | round / 10) GB/s"' "$j")"
    fi
done

# A burst longer than tCCD: the data bus, not tCCD, spaces the column
# commands, so a row-hit read stream gets close to the peak, never above it.
j="$T/sweep-burst=16_data_ratio=4.json"
if [ -f "$j" ] && jq -e '.dram.bandwidth_utilization >= 0.75' "$j" >/dev/null; then
    ok "bandwidth: burst=16 keeps the data bus busy (utilization $(jq .dram.bandwidth_utilization "$j" | cut -c1-5) >= 0.75)"
else
    bad "bandwidth: burst=16 utilization below 0.75 or missing" "$(jq -c .dram.bandwidth_utilization "$j" 2>&1)"
fi

# Bad settings: a refresh that cannot end before the next is due.
if "$M" sim --workload stream --size 1 --set dram.tREFI=100 --set dram.tRFC=100 --quiet >"$T/badrefi.out" 2>&1; then
    bad "config: tRFC >= tREFI accepted"
else
    rc=$?
    if [ $rc -eq 2 ] && grep -q 'dram.tRFC must be below dram.tREFI' "$T/badrefi.out"; then
        ok "config: tRFC >= tREFI rejected (exit 2, named)"
    else
        bad "config: tRFC >= tREFI" "exit $rc: $(head -2 "$T/badrefi.out")"
    fi
fi
