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

key() { # key NAME: a configuration value of the default preset
    "$M" sim --list-keys | awk -v k="$1" '$1 == k {print $2}'
}
