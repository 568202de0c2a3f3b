#!/usr/bin/env bash
# run_main.sh - `make run`: the main job, in minutes. Co-simulates every block
# at its default parameter set for CYCLES cycles (default 10^6, two blocks at
# a time), prints a table, then the system model's table (tests/run_sim.sh),
# the papers' results at the quick sizes (repro/mrpb/run.sh and repro/mib/run.sh, SIZES=quick; REPRO=0
# skips it, REPRO=full runs the reproduction itself, `make repro`), then the
# area/timing table with ABC's fast script and no timing repair (AREA=0
# skips it, AREA=full gives the sign-off figures of `make area`). Each part
# prints its time; the last line is the whole job's wall time.
set -u
cd "$(dirname "$0")/.."
M=${M:-build/memsched}
CYCLES=${CYCLES:-1000000}
SEED=${SEED:-1}
JOBS=${JOBS:-2}
status=0
ERR=$(dirname "$M")
t_all=$SECONDS
t_part=$SECONDS
took() { echo "($1: $((SECONDS - t_part)) s)"; t_part=$SECONDS; }

echo "Every block, RTL against its C model in lockstep, $CYCLES cycles at its default parameters"
printf '%-13s %-48s %10s %6s %11s  %s\n' block parameters cycles seed mismatches result
printf '%-13s %-48s %10s %6s %11s  %s\n' ------------- ------------------------------------------------ ---------- ------ ----------- ------
blocks=$($M cosim --psets | awk '{print $1}' | uniq)
one() { # one BLOCK: its lockstep run; the summary line in ERR/run_BLOCK.out, the exit status in .rc
    "$M" cosim "$1" --cycles "$CYCLES" --seed "$SEED" >"$ERR/run_$1.out" 2>"$ERR/run_$1.err"
    echo $? >"$ERR/run_$1.rc"
}
export -f one
export M CYCLES SEED ERR
# the largest default models first (the slowest to simulate), JOBS at a time
for blk in $blocks; do
    echo "$(cat "$ERR"/vl/"${blk}"_*/V"${blk}"_*__ALL.a 2>/dev/null | wc -c) $blk"
done | sort -rn | awk '{print $2}' | xargs -P "$JOBS" -I{} bash -c 'one {}'
for blk in $blocks; do
    line=$(cat "$ERR/run_$blk.out" 2>/dev/null)
    rc=$(cat "$ERR/run_$blk.rc" 2>/dev/null || echo 2)
    # "cosim fifo Depth=8 Width=32: cycles=1000000 seed=1 mismatches=0 PASS"
    params=$(echo "$line" | sed -n 's/^cosim [^ ]* \(.*\): cycles=.*/\1/p')
    cyc=$(echo "$line" | sed -n 's/.*cycles=\([0-9]*\).*/\1/p')
    mm=$(echo "$line" | sed -n 's/.*mismatches=\([0-9]*\).*/\1/p')
    res=$(echo "$line" | awk '{print $NF}')
    printf '%-13s %-48s %10s %6s %11s  %s\n' "$blk" "${params:-?}" "${cyc:-?}" "$SEED" "${mm:-?}" "${res:-ERROR}"
    if [ "$rc" -ne 0 ]; then
        status=1
        sed 's/^/    /' "$ERR/run_$blk.err"
    fi
done
took "co-simulation, $JOBS at a time"
echo
echo "System model: the built-in kernels (quick sizes) and the real trace at the baseline (tests/run_sim.sh)"
M=$M tests/run_sim.sh || status=1
took "system model"
echo
case ${REPRO:-quick} in
0) echo "(reproduction tables skipped: REPRO=0)" ;;
full) M=$M repro/mrpb/run.sh && M=$M repro/mib/run.sh || status=1; took "the papers' results reproduced" ;;
*) SIZES=quick OUT=${OUT:-out/repro-quick}/mrpb M=$M repro/mrpb/run.sh || status=1
   took "the MRPB paper's claims at quick sizes (the reproduction: make repro)"
   echo
   SIZES=quick OUT=${OUT:-out/repro-quick}/mib M=$M repro/mib/run.sh || status=1
   took "the MIB thesis' claims at quick sizes (the reproduction: make repro)" ;;
esac
echo
if [ "${AREA:-quick}" = 0 ]; then
    echo "(area/timing table skipped: AREA=0)"
elif command -v yosys >/dev/null && command -v sta >/dev/null && [ -x constraints/area_table.sh ]; then
    if [ "${AREA:-quick}" = full ]; then
        make -s area || status=1
    else
        make -s area AREA_QUICK=1 || status=1
    fi
    took "area and timing"
else
    echo "(area/timing table skipped: yosys, sta or constraints/area_table.sh missing)"
fi
echo
echo "make run: $((SECONDS - t_all)) s wall time ($(nproc) CPUs)$([ $status = 0 ] || echo ', with failures above')"
exit $status
