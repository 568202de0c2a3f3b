#!/usr/bin/env bash
# sanitize.sh - the C side under AddressSanitizer and UndefinedBehaviorSanitizer
# (build/asan, `make asan`): every C unit test, a `ref` replay of every
# stimulus file in tests/stim, and a random `ref` run of every built parameter
# set. A sanitizer report (ASan error, UBSan runtime error, leak) fails the
# check even when the exit status would not. One PASS/FAIL line per check.
set -u
cd "$(dirname "$0")/.."
A=build/asan
L=build/tests/asan
mkdir -p "$L"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
if ! make -s -j2 asan >"$L/build.log" 2>&1; then
    echo "FAIL sanitizers: the ASan/UBSan build failed (log: $L/build.log)"
    tail -5 "$L/build.log" | sed 's/^/    /'
    exit 1
fi
status=0
# Each check runs as a background job, JOBS at a time (one at a time they
# took 190 s); its PASS/FAIL line is printed in order at the end
# (tests/pool.sh).
# shellcheck source=tests/pool.sh
. tests/pool.sh
pool_init "$L"
san() { pool_run san_one "$@"; }   # san DESC EXPECTED_RC CMD...: queue one check
san_one() { # san_one DESC EXPECTED_RC CMD...: run, require the exit status and no sanitizer report
    local desc=$1 want=$2 log
    shift 2
    log="$L/$(echo "$desc" | tr -c 'A-Za-z0-9=._-' '_').log"
    "$@" >"$log" 2>&1
    local rc=$?
    if grep -q 'ERROR: AddressSanitizer\|ERROR: LeakSanitizer\|runtime error:' "$log"; then
        echo "FAIL sanitizers $desc: a sanitizer report (log: $log)"
        grep -m3 'ERROR\|runtime error' "$log" | sed 's/^/    /'
    elif [ "$rc" != "$want" ]; then
        echo "FAIL sanitizers $desc: exit $rc, expected $want (log: $log)"
        tail -3 "$log" | sed 's/^/    /'
    else
        echo "PASS sanitizers $desc"
    fi
}
for t in "$A"/tests/test_*; do
    [[ $t == *.o ]] && continue   # (each test's object, beside it)
    san "unit $(basename "$t")" 0 "$t"
done
for f in tests/stim/*.stim; do
    blk=$(sed -n 's/^# block: *\([a-z_0-9]*\).*/\1/p' "$f" | head -1)
    san "ref --stim $f" 0 "$A/memsched-c" ref "$blk" --stim "$f" --quiet
done
# every built parameter set (the list comes from the RTL build), random stimulus
while read -r blk params; do
    sets=()
    for p in $params; do sets+=(--set "$p"); done
    san "ref $blk $params 20000 cycles" 0 "$A/memsched-c" ref "$blk" "${sets[@]}" --seed 5 --cycles 20000 --quiet
done < <(build/memsched cosim --psets)
# bad input goes through the error paths: exit 2, no report
printf '# block: fifo\n# params: Depth=5 Width=13\npush wdata pop\n1 zz 0\n' >"$L/bad.stim"
san "ref of a malformed stimulus (exit 2)" 2 "$A/memsched-c" ref fifo --stim "$L/bad.stim"
san "ref with a usage error (exit 1)" 1 "$A/memsched-c" ref fifo --set misuse=10 --cycles 5000 --quiet
# the system model: every built-in kernel (small), the real trace, every policy, the checker
while read -r k def quick min; do
    san "sim $k (small, --check-dram)" 0 "$A/memsched-c" sim --workload "$k" --size "$min" --check-dram --quiet
done < <(build/memsched sim --list-workloads | awk '{print $1, $2, $3}' | while read -r k d q; do
    case $k in bfs) echo "$k $d $q 1024" ;; stream) echo "$k $d $q 1" ;; vectoradd) echo "$k $d $q 8192" ;;
        kmeans) echo "$k $d $q 1024" ;; b+tree) echo "$k $d $q 2000" ;; reduction) echo "$k $d $q 32768" ;;
        mergesort) echo "$k $d $q 2048" ;; histogram) echo "$k $d $q 16384" ;; cfd) echo "$k $d $q 1152" ;;
        histo) echo "$k $d $q 272" ;; mummer) echo "$k $d $q 1024" ;; spmv) echo "$k $d $q 8" ;; lbm) echo "$k $d $q 3" ;; cutcp) echo "$k $d $q 8" ;; sortnet) echo "$k $d $q 2048" ;;
        *) echo "$k $d $q 64" ;; esac; done)
san "sim LAWS + SAP, load characterisation, read classes (srad, apres)" 0 "$A/memsched-c" sim --config apres --workload srad \
    --size 64 --set sm.scheduler=laws --set l1.prefetch=sap --set l1.load_stats=1 --set l1.classify=1 --check-dram --quiet
san "sim vectoradd-100-32 at every preset" 0 bash -c 'for c in gtx480-mib base-s base-l apres temp; do
    '"$A"'/memsched-c sim --config $c --workload ../shared/traces/vectoradd-100-32 --check-dram --quiet || exit 1; done'
for p in fcfs mshr-m mshr-s mshr-s+a; do
    san "sim bfs, policy $p" 0 "$A/memsched-c" sim --workload bfs --size 2048 --set dram.policy=$p --check-dram --quiet
done
san "sim mrpb=final (atax)" 0 "$A/memsched-c" sim --workload atax --size 256 --set mrpb=final --check-dram --quiet
san "sim mrpb longest, greedy, rr-free modes, bypass all, sm.swl (bfs)" 0 "$A/memsched-c" sim --workload bfs --size 2048 \
    --set mrpb=on --set mrpb.policy=longest --set mrpb.greedy=1 --set mrpb.bypass=all --set sm.swl=6 --check-dram --quiet
san "sim mrpb rr, block signature, no flush; inblock, reorder off" 0 bash -c "$A/memsched-c sim --workload bfs --size 2048 \
    --set mrpb=on --set mrpb.policy=rr --set mrpb.signature=block --set mrpb.flush=0 --quiet &&
    $A/memsched-c sim --workload bfs --size 2048 --set mrpb=on --set mrpb.signature=inblock --set mrpb.reorder=0 --quiet"
san "sim --trace-decisions (mrpb, mshr-s+a)" 0 "$A/memsched-c" sim --workload bfs --size 2048 --set mrpb=final \
    --set dram.policy=mshr-s+a --trace-decisions "$L/dt.json" --trace-window 0-0 --quiet
san "sim with a gpgpusim.config" 0 "$A/memsched-c" sim --config tests/configs/gtx480-gpgpusim.config --workload vectoradd --size 8192 --quiet
san "sim trace-gen and read back" 0 bash -c "rm -rf $L/tg && $A/memsched-c trace-gen srad $L/tg --size 32 && $A/memsched-c sim --workload $L/tg --quiet"
san "sim S-L1 (srad, monitoring 4 accesses; the directed traces)" 0 bash -c "$A/memsched-c sim --workload srad --size 64 \
    --set sl1=on --set sl1.monitor=4 --check-dram --quiet && tests/sim_sl1_tests.sh $A/memsched-c $L/sl1 >/dev/null"
san "sim with a malformed trace (exit 2)" 2 "$A/memsched-c" sim --workload tests/traces/nonexistent/
san "sim caught by the DRAM checker (exit 1)" 1 "$A/memsched-c" sim --workload vectoradd --size 16384 --set dram.test_shorten=tRCD --check-dram --quiet
pool_end || status=1
exit $status
