# simlib.sh - what the system model's test scripts share (sourced, after M is
# set): one PASS/FAIL line per check, the trace-directory writer, the
# configuration's values. `status` is 1 once a check failed.
status=0
ok() { echo "PASS $1"; }
bad() { echo "FAIL $1${2:+: $2}"; status=1; }
expect() { # expect DESC ACTUAL EXPECTED
    if [ "$2" = "$3" ]; then ok "$1 ($2)"; else bad "$1" "got '$2', expected '$3'"; fi
}
stat() { jq -r "$1" "$2"; }   # stat JQ-PATH JSON

# mktrace DIR GRIDX BLOCKX: a one-kernel Accel-Sim trace directory; the
# thread blocks' text (from #BEGIN_TB) comes on stdin.
mktrace() {
    mkdir -p "$1"
    printf 'kernel-1.traceg\n' >"$1/kernelslist.g"
    {
        printf -- '-kernel name = test\n-kernel id = 1\n-grid dim = (%s,1,1)\n-block dim = (%s,1,1)\n' "$2" "$3"
        printf -- '-shmem = 0\n-nregs = 8\n-binary version = 61\n-cuda stream id = 0\n'
        printf -- '-shmem base_addr = 0x00007f2b5a000000\n-local mem base_addr = 0x00007f2b58000000\n'
        printf -- '-nvbit version = 1.5.5\n-accelsim tracer version = 4\n-enable lineinfo = 0\n\n'
        cat
    } >"$1/kernel-1.traceg"
}

# in_turn [OFFSET]: of the lines "KERNEL PRESET ..." on stdin, one per
# kernel: the i-th kernel (in order of first appearance) at the
# ((i - 1 + OFFSET) mod n)-th of its n lines (OFFSET 0 unless given), so that
# the presets are taken in turn from kernel to kernel (skip_tests.sh's
# run.skip=0 twins and its sample of the digests, sim_tests.sh's small runs).
in_turn() {
    awk -v off="${1:-0}" '!($1 in n) { order[++kernels] = $1 }
         { line[$1, ++n[$1]] = $0 }
         END { for (i = 1; i <= kernels; i++) { k = order[i]; print line[k, (i - 1 + off) % n[k] + 1] } }'
}

key() { # key NAME: a configuration value of the default preset
    "$M" sim --list-keys | awk -v k="$1" '$1 == k {print $2}'
}

bad_input() { # bad_input DESC WANT CMD...: CMD exits 2 with WANT (a fixed string) on stderr ($T/err)
    local desc=$1 want=$2
    shift 2
    "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ $rc -eq 2 ] && grep -qF -- "$want" "$T/err"; then
        ok "$desc"
    else
        bad "$desc" "exit $rc, stderr '$(head -2 "$T/err" | tr '\n' ' ')' (want exit 2 and '$want')"
    fi
}

# cycles DIR [--set k=v]...: gpu_sim_cycle of the trace on one SM with one scheduler (and the
# script's CYCLES_SET keys, if it has any), or "error: ..."; the run's JSON in $T
cycles() {
    local dir=$1 j
    shift
    j="$T/$(basename "$dir")-$(echo "$*" | tr -c 'A-Za-z0-9=.-' '_').json"
    if "$M" sim --workload "$dir" --set sm.count=1 --set sm.schedulers=1 ${CYCLES_SET[@]+"${CYCLES_SET[@]}"} "$@" \
        --check-dram --quiet --json "$j" 2>"$j.err"; then
        jq -r .gpu.gpu_tot_sim_cycle "$j"
    else
        echo "error: $(head -1 "$j.err")"
    fi
}

# The reproduction pipelines at quick sizes (tests/repro_*_tests.sh), into $T.
# repro_quick NAME WORKLOADS: repro/NAME/run.sh on WORKLOADS; sets R (the report), C (the
# claims), NCLAIMS (claims.jq's c(...) count) and MARKS (the README's and docs' summary before it)
repro_quick() {
    local name=$1 k=$2
    MARKS=$(grep -h "$name-summary" README.md docs/reproduction.md)
    if OUT=$T SIZES="quick" KERNELS="$k" JOBS=${JOBS:-2} M=$M repro/$name/run.sh >"$T.log" 2>&1; then
        ok "repro/$name/run.sh at quick sizes ($k)"
    else
        bad "repro/$name/run.sh at quick sizes" "$(tail -3 "$T.log")"
    fi
    R=$T/report.md
    C=$T/quick/claims.json
    NCLAIMS=$(grep -c '^  c("' repro/$name/claims.jq)
}
# repro_claim_table: one claim object and one table row (with its class) per claim, every class one of the seven
repro_claim_table() {
    expect "one claim object per claim of claims.jq" "$(jq length "$C" 2>/dev/null)" "$NCLAIMS"
    expect "the report's claim table: a row per claim, each with its class" \
        "$(awk '/^## Claims/ {f = 1} /^\*\*Summary/ {f = 0} f' "$R" | grep -c '^| .* | \*\*[a-z]*\*\* |')" "$NCLAIMS"
    expect "every class is one of the seven" \
        "$(jq -r '[.[] | select(.class | IN("reproduced", "weaker", "stronger", "flat", "opposite", "partly", "missing") | not)] | length' "$C")" 0
}
# repro_summary_counts: the summary line counts every row of the table
repro_summary_counts() {
    local sum total
    sum=$(sed -n 's/^\*\*Summary\*\* (counted from the table above, [a-z]* sizes): \(.*\) of \([0-9]*\) claims;.*/\1/p' "$R")
    total=$(awk -v s="$sum" 'BEGIN {n = split(s, a, ", "); t = 0; for (i = 1; i <= n; i++) t += a[i] + 0; print t}')
    expect "the summary line counts every row of the table" "$total" "$NCLAIMS"
}
# repro_figures NAME...: each figure's SVG and PNG made, and in the report
repro_figures() {
    local f
    for f in "$@"; do
        if [ -s "$T/figures/$f.svg" ] && [ -s "$T/figures/$f.png" ] && grep -q "figures/$f.svg" "$R"; then
            ok "figure $f: SVG and PNG, in the report"
        else
            bad "figure $f" "$(head -2 "$T/figures/$f.gnuplot.log" 2>/dev/null)"
        fi
    done
}
# repro_marks_held NAME: a subset run left the README's and docs' summary as they were
repro_marks_held() {
    expect "README and docs' summary untouched by a subset run" "$(grep -h "$1-summary" README.md docs/reproduction.md)" "$MARKS"
}
