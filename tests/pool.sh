# pool.sh - checks run as background jobs, JOBS at a time (default: the
# number of CPUs), each one's PASS/FAIL lines kept in a file of DIR and
# printed in the order the checks were queued (tests/lint.sh,
# tests/sanitize.sh). Sourced:
#   pool_init DIR      start (DIR's earlier result files removed)
#   pool_run CMD...    queue one check; its output is its result
#   pool_end           wait for all, print the results in order; false if
#                      any printed a FAIL line
pool_init() {
    pool_dir=$1
    pool_n=0
    pool_max=${JOBS:-$(nproc 2>/dev/null || echo 2)}
    rm -f "$pool_dir"/result_*.txt
}
pool_run() {
    while [ "$(jobs -rp | wc -l)" -ge "$pool_max" ]; do wait -n; done
    pool_n=$((pool_n + 1))
    "$@" >"$pool_dir/result_$pool_n.txt" 2>&1 &
}
pool_end() {
    local i failed=0
    wait
    for i in $(seq 1 "$pool_n"); do
        cat "$pool_dir/result_$i.txt"
        grep -q '^FAIL' "$pool_dir/result_$i.txt" && failed=1
    done
    [ $failed = 0 ]
}
