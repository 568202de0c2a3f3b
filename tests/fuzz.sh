#!/usr/bin/env bash
# fuzz.sh SECONDS - run every libFuzzer target (build/fuzz/fuzz_*) for SECONDS
# each, as many at once as there are CPUs (JOBS), corpus in
# build/fuzz/corpus_<target> seeded from the project's own inputs (tests/stim,
# tests/fuzz/cli_seeds). One PASS/FAIL line per target with executions, corpus
# size and crashes; a crash leaves its input in build/fuzz/artifacts_<target>/
# (reproduce: build/fuzz/fuzz_X build/fuzz/artifacts_X/crash-...).
set -u
cd "$(dirname "$0")/.."
T=${1:-60}
jobs_max=${JOBS:-$(nproc 2>/dev/null || echo 2)}

one() { # one NAME: fuzz target NAME for T seconds; its PASS/FAIL line
    local name=$1 corpus log art rc runs size crashes
    corpus=build/fuzz/corpus_$name
    art=build/fuzz/artifacts_$name
    mkdir -p "$corpus"
    rm -rf "$art" && mkdir -p "$art"
    case $name in
    stim) cp -n tests/stim/*.stim "$corpus"/ 2>/dev/null ;;
    cli)  cp -n tests/fuzz/cli_seeds/* "$corpus"/ 2>/dev/null ;;
    config) cp -n tests/configs/* "$corpus"/ 2>/dev/null ;;
    trace) cp -n tests/traces/* ../shared/traces/vectoradd-100-32/kernel-1.traceg "$corpus"/ 2>/dev/null ;;
    esac
    log=build/fuzz/$name.log
    # -close_fd_mask=3: the targets' own messages (bad input is their job) stay quiet
    (cd build/fuzz && "./fuzz_$name" -max_total_time="$T" -close_fd_mask=3 -max_len=4096 -timeout=10 \
        -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="artifacts_$name/" "corpus_$name") >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    size=$(ls "$corpus" | wc -l)
    crashes=$(ls "$art" | wc -l)
    if [ $rc -eq 0 ] && [ "$crashes" -eq 0 ] && [ -n "$runs" ]; then
        echo "PASS fuzz $name: ${runs} executions in ${T} s, corpus $size, 0 crashes"
    else
        echo "FAIL fuzz $name: exit $rc, ${runs:-?} executions, $crashes crash inputs in $art (log: $log)"
        grep -m3 'ERROR\|SUMMARY\|runtime error' "$log" | sed 's/^/    /'
    fi
}

names=()
for f in build/fuzz/fuzz_*; do
    [ -x "$f" ] || continue
    names+=("${f##*/fuzz_}")
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    one "${names[-1]}" >"build/fuzz/result_${names[-1]}.txt" 2>&1 &
done
wait
status=0
for name in "${names[@]}"; do
    cat "build/fuzz/result_$name.txt"
    grep -q '^FAIL' "build/fuzz/result_$name.txt" && status=1
done
exit $status
