#!/usr/bin/env bash
# run_main.sh - `make run`: the main job on built-in defaults. Co-simulates
# every block at its default parameter set for CYCLES cycles (default 10^6),
# prints a table, then the system model's table (tests/run_sim.sh), the
# papers' results reproduced (tests/repro.sh; REPRO=0 skips it), then the
# area/timing table when Yosys and OpenSTA are there.
set -u
cd "$(dirname "$0")/.."
M=${M:-build/memsched}
CYCLES=${CYCLES:-1000000}
SEED=${SEED:-1}
status=0
ERR=$(dirname "$M")
printf '%-10s %-48s %10s %6s %11s  %s\n' block parameters cycles seed mismatches result
printf '%-10s %-48s %10s %6s %11s  %s\n' ---------- ------------------------------------------------ ---------- ------ ----------- ------
for blk in $($M cosim --psets | awk '{print $1}' | uniq); do
    line=$($M cosim "$blk" --cycles "$CYCLES" --seed "$SEED" 2>"$ERR/run_$blk.err")
    rc=$?
    # "cosim fifo Depth=8 Width=32: cycles=1000000 seed=1 mismatches=0 PASS"
    params=$(echo "$line" | sed -n 's/^cosim [^ ]* \(.*\): cycles=.*/\1/p')
    cyc=$(echo "$line" | sed -n 's/.*cycles=\([0-9]*\).*/\1/p')
    mm=$(echo "$line" | sed -n 's/.*mismatches=\([0-9]*\).*/\1/p')
    res=$(echo "$line" | awk '{print $NF}')
    printf '%-10s %-48s %10s %6s %11s  %s\n' "$blk" "${params:-?}" "${cyc:-?}" "$SEED" "${mm:-?}" "${res:-ERROR}"
    if [ $rc -ne 0 ]; then
        status=1
        sed 's/^/    /' "$ERR/run_$blk.err"
    fi
done
echo
echo "System model: the built-in kernels and the real trace at the baseline (tests/run_sim.sh)"
M=$M tests/run_sim.sh || status=1
echo
if [ "${REPRO:-1}" = 0 ]; then
    echo "(reproduction table skipped: REPRO=0)"
else
    M=$M tests/repro.sh || status=1
fi
echo
if [ "${AREA:-1}" = 0 ]; then
    echo "(area/timing table skipped: AREA=0)"
elif command -v yosys >/dev/null && command -v sta >/dev/null && [ -x constraints/area_table.sh ]; then
    make -s area || status=1
else
    echo "(area/timing table skipped: yosys, sta or constraints/area_table.sh missing)"
fi
exit $status
