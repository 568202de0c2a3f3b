#!/usr/bin/env bash
# fuzz.sh SECONDS - run every libFuzzer target (build/fuzz/fuzz_*) for SECONDS
# each on two cores, corpus in build/fuzz/corpus_<target> seeded from the
# project's own inputs (tests/stim, tests/fuzz/cli_seeds). One PASS/FAIL line
# per target with executions, corpus size and crashes; a crash leaves its
# input in build/fuzz/ (reproduce: build/fuzz/fuzz_X build/fuzz/crash-...).
set -u
cd "$(dirname "$0")/.."
T=${1:-60}
status=0
for f in build/fuzz/fuzz_*; do
    [ -x "$f" ] || continue
    name=${f##*/fuzz_}
    corpus=build/fuzz/corpus_$name
    mkdir -p "$corpus"
    case $name in
    stim) cp -n tests/stim/*.stim "$corpus"/ 2>/dev/null ;;
    cli)  cp -n tests/fuzz/cli_seeds/* "$corpus"/ 2>/dev/null ;;
    config) cp -n tests/configs/* "$corpus"/ 2>/dev/null ;;
    trace) cp -n tests/traces/* ../shared/traces/vectoradd-100-32/kernel-1.traceg "$corpus"/ 2>/dev/null ;;
    esac
    log=build/fuzz/$name.log
    rm -f build/fuzz/crash-* build/fuzz/leak-* build/fuzz/timeout-* 2>/dev/null
    # -close_fd_mask=3: the targets' own messages (bad input is their job) stay quiet
    (cd build/fuzz && "./fuzz_$name" -max_total_time="$T" -close_fd_mask=3 -max_len=4096 -timeout=10 \
        -rss_limit_mb=4096 -print_final_stats=1 "corpus_$name") >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    size=$(ls "$corpus" | wc -l)
    crashes=$(ls build/fuzz/crash-* build/fuzz/leak-* build/fuzz/timeout-* 2>/dev/null | wc -l)
    if [ $rc -eq 0 ] && [ "$crashes" -eq 0 ] && [ -n "$runs" ]; then
        echo "PASS fuzz $name: ${runs} executions in ${T} s, corpus $size, 0 crashes"
    else
        echo "FAIL fuzz $name: exit $rc, ${runs:-?} executions, $crashes crash inputs (log: $log)"
        grep -m3 'ERROR\|SUMMARY\|runtime error' "$log" | sed 's/^/    /'
        status=1
    fi
done
exit $status
