#!/usr/bin/env bash
# run_tests.sh - everything `make test` runs. Each check prints one PASS/FAIL
# line; the last line is "N passed, N failed". Exit 0 only if none failed.
set -u
shopt -s lastpipe  # tally runs in this shell, so its counts survive the pipeline
cd "$(dirname "$0")/.."
M=build/memsched
LOG=build/tests
mkdir -p "$LOG"
pass=0
fail=0
failed=()

tally() { # read PASS/FAIL lines from stdin, echo them, count them
    while IFS= read -r line; do
        echo "$line"
        case "$line" in
        PASS\ *) pass=$((pass + 1)) ;;
        FAIL\ *) fail=$((fail + 1)); failed+=("${line#FAIL }") ;;
        esac
    done
}

check() { # check DESC CMD...: one test from a command's exit status
    local desc=$1
    shift
    local log
    log="$LOG/$(echo "$desc" | tr -c 'A-Za-z0-9=._-' '_').log"
    if "$@" >"$log" 2>&1; then
        echo "PASS $desc"
    else
        echo "FAIL $desc (log: $log)"
        tail -15 "$log" | sed 's/^/    /'
    fi
}

# cpu_now: CPU_NOW, the CPU seconds (user + system) of this shell's finished
# children, from the builtin `times` (its second line: "XmY.YYYs XmY.YYYs"),
# run in this shell (in a pipe or $(...) it would count a subshell's).
cpu_now() {
    local f=$LOG/.times.$BASHPID   # (this shell's: $BASHPID inside $(...) is the subshell's)
    times >"$f"
    CPU_NOW=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); t += a[1] * 60 + a[2] } printf "%d", t }' "$f")
    rm -f "$f"
}
# section [TITLE]: print the time the previous section took (wall, and the
# CPU of the processes it ran: on 2 cores shared with the background
# sections, the wall time depends on what ran beside it, the CPU time much
# less), then TITLE's header, so the log shows where the minutes go.
sec_start=$SECONDS
cpu_now
sec_cpu=$CPU_NOW
sec_name=
section() {
    cpu_now
    [ -n "$sec_name" ] && echo "   ($((SECONDS - sec_start)) s, $((CPU_NOW - sec_cpu)) s CPU: $sec_name)"
    sec_name=${1:-}
    sec_start=$SECONDS
    sec_cpu=$CPU_NOW
    if [ $# -gt 0 ]; then echo "== $1"; fi
}

section "build"
check "build (make all)" make -s -j2 all | tally
[ -x "$M" ] || { echo "0 passed, 1 failed"; exit 1; }

# background NAME CMD...: run CMD in the background, its lines in
# $LOG/NAME.out and its exit status in $LOG/NAME.out.rc, printed and counted
# later by `joined NAME`. Disowned, so the sections' own "wait" and "jobs" do
# not see it.
declare -A bg_pid=()
background() {
    local out=$LOG/$1.out
    rm -f "$out" "$out.rc"
    { "${@:2}" >"$out" 2>&1; echo $? >"$out.rc"; cpu_now; echo "$CPU_NOW" >"$out.cpu"; } &
    bg_pid[$1]=$!
    disown
}
# joined NAME DESC: wait for NAME to end, then count its lines; an exit
# status other than 0 with no FAIL line, or none at all (killed), fails.
joined() {
    local out=$LOG/$1.out rc
    while [ ! -s "$out.rc" ] && kill -0 "${bg_pid[$1]}" 2>/dev/null; do sleep 1; done
    rc=$(cat "$out.rc" 2>/dev/null || echo "none (killed)")
    tally <"$out"
    echo "   ($1, in the background: $(cat "$out.cpu" 2>/dev/null || echo ?) s CPU)"
    if [ "$rc" != 0 ] && ! grep -q '^FAIL' "$out"; then
        echo "FAIL $2: exit $rc (log: $out)" | tally
    fi
}

# The formal checks run in the background from here (after the build, which
# they read the parameter sets of), one at a time, beside the sections that
# keep one core busy; their lines are printed in the "formal" section at the
# end.
background formal tests/formal.sh -j 1

# The system model's, the command line's and the reproductions' checks: one
# process at a time, each a few seconds; they run in the background from just
# after the build, beside the sections that keep both cores busy, and their
# sections are printed (and counted) after the skip section.
system_sections() {
    sec_name=   # (the build's time is printed by the main shell)
    cpu_now     # (and this subshell's children are counted from 0)
    sec_cpu=$CPU_NOW
    section "system model: latencies, merging, bandwidth, conservation, checker, traces (tests/sim_tests.sh)"
    tests/sim_tests.sh

    section "system model: trace reader: block counts, opcodes (tests/sim_trace_tests.sh)"
    tests/sim_trace_tests.sh "$M"

    section "system model: GPGPU-Sim's memory semantics, one directed trace each (tests/sim_semantics_tests.sh)"
    tests/sim_semantics_tests.sh "$M"

    section "system model: S-L1, directed traces of one thread each (tests/sim_sl1_tests.sh)"
    tests/sim_sl1_tests.sh "$M"

    section "system model: DRAM data bus, every checker rule fires, bandwidth <= peak (tests/sim_dram_tests.sh)"
    tests/sim_dram_tests.sh "$M"

    section "system model: statistics table, GPGPU-Sim names, reproducible outputs (tests/sim_stats_tests.sh)"
    tests/sim_stats_tests.sh "$M"

    section "system model: policies change decisions (tests/sim_units_tests.sh)"
    tests/sim_units_tests.sh "$M"
    section "system model: GPGPU-Sim's issue pipeline, directed traces (tests/sim_pipe_tests.sh)"
    tests/sim_pipe_tests.sh "$M"

    section "CLI: compare, charts, decision traces, progress, output paths (tests/sim_cli_tests.sh)"
    tests/sim_cli_tests.sh "$M"

    section "system model: GPGPU-Sim configurations (tests/sim_config_tests.sh)"
    tests/sim_config_tests.sh "$M"

    section "the MRPB reproduction: the tabulator on fabricated runs, the pipeline at the smallest sizes (tests/repro_tab_tests.sh, repro_mrpb_tests.sh)"
    { tests/repro_tab_tests.sh; tests/repro_mrpb_tests.sh "$M"; tests/checkpoint_tests.sh; }
    section "the MIB thesis' reproduction: the tabulator on fabricated runs, the pipeline at quick sizes (tests/repro_mib_tab_tests.sh, repro_mib_tests.sh)"
    { tests/repro_mib_tab_tests.sh; tests/repro_mib_tests.sh "$M"; }
    section "the APRES paper's reproduction: the tabulator on fabricated runs, the pipeline at quick sizes (tests/repro_apres_tab_tests.sh, repro_apres_tests.sh)"
    { tests/repro_apres_tab_tests.sh; tests/repro_apres_tests.sh "$M"; }
    section "the TEMP/TBAS paper's reproduction: the tabulator on fabricated runs, the pipeline at quick sizes (tests/repro_temp_tab_tests.sh, repro_temp_tests.sh)"
    { tests/repro_temp_tab_tests.sh; tests/repro_temp_tests.sh "$M"; }
    section "the S-L1 paper's reproduction: the tabulator on fabricated runs, the pipeline at quick sizes (tests/repro_sl1_tab_tests.sh, repro_sl1_tests.sh)"
    { tests/repro_sl1_tab_tests.sh; tests/repro_sl1_tests.sh "$M"; }

    section "CLI: bad input, exit codes, record/replay"
    tests/cli_tests.sh
    section
}

background system system_sections

section "lint (every built set; the largest sets in make lint and make test-long)"
make -s lint LINT_BIG=0 2>&1 | tally

section "C unit tests (cmocka)"
# Each binary must run every test its source registers (cmocka_unit_test
# entries), report each as OK, print no ERROR line and exit 0: a binary that
# stops early loses its remaining tests as failures, not silently.
unit() { # unit NAME: one PASS/FAIL line per test, and one for the binary
    local t=$1 out rc expected run ok
    out="$LOG/$t.out"
    "$LOG/$t" >"$out" 2>&1
    rc=$?
    expected=$(grep -o 'cmocka_unit_test[a-z_]*(' "tests/unit/$t.c" | wc -l)
    run=$(sed -n 's/^\[==========\] \([0-9]*\) test(s) run\./\1/p' "$out" | tail -1)
    ok=$(grep -c '^\[       OK \]' "$out")
    sed -n 's/^\[       OK \] \(.*\)/PASS unit \1/p; s/^\[  FAILED  \] \([a-z_][a-z_0-9]*\)$/FAIL unit \1/p' "$out" | sort -u
    if [ $rc -eq 0 ] && [ "${run:-0}" -eq "$expected" ] && [ "$ok" -eq "$expected" ] &&
       ! grep -q '^\[  ERROR   \]' "$out"; then
        echo "PASS unit $t: $ok of $expected tests ran and passed, exit 0"
    else
        echo "FAIL unit $t: exit $rc, ${run:-no} tests run, $ok passed, $expected registered (log: $out)"
        grep -m3 '^\[  ERROR   \]\|^\[   LINE   \]' "$out" | sed 's/^/    /'
    fi
}
# (built two at a time first; a test that does not build fails below)
units=()
for t in tests/unit/test_*.c; do units+=("$LOG/$(basename "$t" .c)"); done
make -s -j2 -k "${units[@]}" >"$LOG/unit_build.log" 2>&1
for t in tests/unit/test_*.c; do
    t=$(basename "$t" .c)
    if make -s "$LOG/$t" >"$LOG/${t}_build.log" 2>&1; then
        unit "$t" | tally
    else
        echo "FAIL unit tests build $t (log: $LOG/${t}_build.log)" | tally
    fi
done

section "sanitizers: the C side under ASan + UBSan (unit tests, ref replays, ref of every parameter set)"
tests/sanitize.sh 2>&1 | tally

section "fuzzing: a short round of every libFuzzer target (make fuzz runs longer)"
if make -s -j2 fuzzers >"$LOG/fuzz_build.log" 2>&1; then
    tests/fuzz.sh "${FUZZ_SHORT:-10}" 2>&1 | tally
else
    echo "FAIL fuzz: building the fuzz targets failed (log: $LOG/fuzz_build.log)" | tally
fi

section "a fresh machine: the first make run, with the packages installed during it"
check "fresh machine: first make run builds and passes" tests/fresh_make.sh | tally

section "lockstep: every built parameter set, several seeds, random and zero initial values"
while read -r blk params; do
    sets=()
    for p in $params; do sets+=(--set "$p"); done
    for seed in 1 2 3; do
        check "cosim $blk $params seed=$seed init=random" $M cosim "$blk" "${sets[@]}" --seed $seed --cycles 20000
    done
    check "cosim $blk $params seed=4 init=zeros" $M cosim "$blk" "${sets[@]}" --seed 4 --cycles 20000 --init zeros
done < <($M cosim --psets) | tally

section "lockstep: 10^6 cycles of each default (acceptance)"
# Two at a time (each run is one process on one core), the largest default
# model first (the slowest to simulate: dram_sched's runs ~100 s, the rest
# fit beside it); the lines are printed in block order once all have finished.
P1M=$LOG/cosim1m
mkdir -p "$P1M"
by_size() { # the blocks, largest default Verilated model first
    $M cosim --psets | awk '!seen[$1]++' | while read -r blk params; do
        tag="${blk}_$(echo "$params" | tr -d '=' | tr ' ' '_')"
        echo "$(stat -c %s "build/vl/$tag/V${tag}__ALL.a" 2>/dev/null || echo 0) $blk"
    done | sort -rn | awk '{print $2}'
}
for blk in $(by_size); do
    while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
    check "cosim $blk default 1000000 cycles seed=1" $M cosim $blk --cycles 1000000 --seed 1 >"$P1M/$blk.res" &
done
wait
for blk in $($M cosim --psets | awk '{print $1}' | uniq); do
    cat "$P1M/$blk.res" 2>/dev/null || echo "FAIL cosim $blk default 1000000 cycles seed=1 (no result)"
done | tally

section "lockstep: every mode combination at every built parameter set (short)"
tests/modes.sh mrpb --cycles 2000 --jobs 2 2>&1 | tally
tests/modes.sh dram_sched --cycles 5000 --jobs 2 2>&1 | tally

section "hand-written stimulus files and directed tests (tests/stim), through cosim and ref"
for f in tests/stim/*.stim; do
    blk=$(sed -n 's/^# block: *\([a-z_0-9]*\).*/\1/p' "$f" | head -1)
    check "stim $f cosim" $M cosim "$blk" --stim "$f"
    check "stim $f ref" $M ref "$blk" --stim "$f" --quiet
done | tally

section "system model: skipping idle units is exact (run.skip=0 and 1 give the same JSON), results unchanged (tests/golden; tests/skip_tests.sh)"
tests/skip_tests.sh "$M" 2>&1 | tally

section "system model, CLI and the reproductions' pipelines (started in the background after the build; their sections follow)"
joined system "system model checks"

section "formal (started in the background after the build)"
joined formal "formal: tests/formal.sh"

section
cpu_now
echo "   (total: $SECONDS s, $CPU_NOW s CPU in the foreground)"
echo
if [ $fail -gt 0 ]; then
    echo "failed:"
    printf '  %s\n' "${failed[@]}"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
