#!/usr/bin/env bash
# sim_trace_tests.sh - `memsched sim` on Accel-Sim traces that are cut short,
# have more thread blocks than their grid, overflow the block counters or use
# opcodes in no opcode table (docs/sim.md, "Kernel input", "Opcode classes").
# Every bad input must stop the run with exit 2 and exactly one line
# `FILE:LINE: expected ..., got ...`; a good one must run with the counts
# worked out by hand. One PASS/FAIL line per check.
# Usage: tests/sim_trace_tests.sh [MEMSCHED]   (VECTORADD: the real trace's directory)
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
VA=${VECTORADD:-../shared/traces/vectoradd-100-32}
T=build/tests/sim_trace
rm -rf "$T"
mkdir -p "$T"

# wrap DIR FILE: a trace directory DIR whose only kernel is a copy of FILE
# (kernel-1.traceg, or kernel-1.traceg.xz for an .xz FILE).
wrap() {
    local k=kernel-1.traceg
    case $2 in *.xz) k=$k.xz ;; esac
    rm -rf "$1" && mkdir -p "$1" && cp "$2" "$1/$k" && echo "$k" >"$1/kernelslist.g"
}

# fails DESC DIR MSG: sim on DIR exits 2 with exactly "DIR/<kernel file>:MSG" on stderr.
fails() {
    local k
    k=$(cat "$2/kernelslist.g")
    "$M" sim --workload "$2" --quiet --json "$T/bad.json" >"$T/out" 2>"$T/err"
    local rc=$? got want="$2/$k:$3"
    got=$(cat "$T/err")
    if [ $rc -eq 2 ] && [ "$got" = "$want" ]; then ok "$1 (exit 2: ...:$3)"
    else bad "$1" "exit $rc, stderr '$(head -c 300 "$T/err")', expected '$want'"; fi
}

# ---- samples in tests/traces -------------------------------------------------

S=tests/traces
for f in bad_cut_tb.traceg bad_cut_tb.traceg.xz bad_header_only.traceg bad_grid_65536sq.traceg \
         bad_grid_overflow.traceg bad_block_overflow.traceg bad_extra_tb.traceg bad_unknown_addr.traceg \
         bad_mem_noaddr.traceg ampere_ldgsts.traceg; do
    wrap "$T/${f//./_}" "$S/$f"
done
fails "a file cut at a block's end (2 of 4 blocks)" "$T/bad_cut_tb_traceg" \
    "42: expected 4 thread blocks (grid 4,1,1), got 2"
fails "the same, xz-compressed" "$T/bad_cut_tb_traceg_xz" \
    "42: expected 4 thread blocks (grid 4,1,1), got 2"
fails "a header and no block" "$T/bad_header_only_traceg" \
    "16: expected 16 thread blocks (grid 16,1,1), got 0"
fails "a grid of 65536 x 65536 blocks, one block there" "$T/bad_grid_65536sq_traceg" \
    "29: expected 4294967296 thread blocks (grid 65536,65536,1), got 1"
fails "a grid of (2^32-1)^3 blocks (beyond the 64-bit block counters)" "$T/bad_grid_overflow_traceg" \
    "3: expected '-grid dim = (X,Y,Z)' of fewer than 2^64 thread blocks (X x Y x Z), got '(4294967295,4294967295,4294967295)'"
fails "a block of 2^64 threads (0 in 64 bits)" "$T/bad_block_overflow_traceg" \
    "4: expected '-block dim = (X,Y,Z)' of at most 1024 threads, got '(2147483648,2147483648,4)'"
fails "a third block in a grid of two" "$T/bad_extra_tb_traceg" \
    "44: expected 2 thread blocks (grid 2,1,1), got more ('#BEGIN_TB' of block 3)"
fails "an unknown opcode with addresses" "$T/bad_unknown_addr_traceg" \
    "25: expected a known opcode on an instruction with addresses (mem_width 16), got 'FOOBAR.E.128'"
fails "a global load with active lanes and no addresses" "$T/bad_mem_noaddr_traceg" \
    "24: expected a memory width 1..255 and addresses (LDG.E is a memory instruction), got '0'"

# Ampere: 2 blocks x 2 warps of S2R, LDGSTS (512 B each: 4 lines), LDGDEPBAR,
# DEPBAR, BAR, 2 x NEWOP.X (in no table), EXIT.
A=$T/ampere_ldgsts_traceg
"$M" sim --workload "$A" --check-dram --json "$A.json" >"$A.out" 2>"$A.err"
rc=$?
expect "LDGSTS and an unknown opcode: exit" $rc 0
expect "unknown opcode: one warning line with its count" "$(cat "$A.err")" \
    "$A/kernel-1.traceg:29: warning: unknown opcode 'NEWOP.X', 8 instructions run as integer ALU operations"
expect "unknown opcode: gpu.trace_unknown_insn" "$(stat .gpu.trace_unknown_insn "$A.json")" 8
expect "unknown opcode: in the text report" "$(grep -c 'trace_unknown_insn = 8' "$A.out")" 1
expect "warp instructions by class int, ldg, bar, exit (S2R, LDGDEPBAR, DEPBAR, NEWOP.X: int; LDGSTS: ldg)" \
    "$(stat '.sm.warp_insn_by_class | [.int, .ldg, .bar, .exit] | map(tostring) | join(",")' "$A.json")" "20,4,4,4"
expect "LDGSTS is a global load: 4 warps x 4 lines to the L1D, all read misses" \
    "$(stat '[.l1d.L1D_total_cache_accesses, .l1d.L1D_read_misses] | map(tostring) | join(",")' "$A.json")" "16,16"

# ---- the issue's case: a 16-block kernel cut after its 5th block -----------------

G=$T/va16
if "$M" trace-gen vectoradd "$G" --size 4096 >/dev/null 2>"$T/err" && [ "$(grep -c '^#END_TB' "$G/kernel-1.traceg")" = 16 ]; then
    "$M" sim --workload "$G" --quiet --json "$G.json" 2>"$T/err"
    expect "trace-gen vectoradd 4096: 16 blocks run, nothing on stderr" \
        "$(stat '.gpu.kernels[0].thread_blocks' "$G.json")/$(wc -c <"$T/err")" "16/0"
    awk '{ print } /^#END_TB/ && ++n == 5 { exit }' "$G/kernel-1.traceg" >"$T/cut5.traceg"
    last=$(wc -l <"$T/cut5.traceg")
    wrap "$T/cut5" "$T/cut5.traceg"
    fails "vectoradd 4096 cut after block 5 of 16" "$T/cut5" \
        "$last: expected 16 thread blocks (grid 16,1,1), got 5"
    xz -c "$T/cut5.traceg" >"$T/cut5.traceg.xz"
    wrap "$T/cut5xz" "$T/cut5.traceg.xz"
    fails "the same, .xz" "$T/cut5xz" "$last: expected 16 thread blocks (grid 16,1,1), got 5"
    sed '/^#BEGIN_TB/,$d' "$G/kernel-1.traceg" >"$T/hdr.traceg"
    wrap "$T/hdr" "$T/hdr.traceg"
    fails "vectoradd 4096, its header only" "$T/hdr" \
        "$(wc -l <"$T/hdr.traceg"): expected 16 thread blocks (grid 16,1,1), got 0"
    # block 0 once more at the end
    { cat "$G/kernel-1.traceg"; awk '/^#BEGIN_TB/ { p = 1 } p { print } /^#END_TB/ { exit }' "$G/kernel-1.traceg"; } \
        >"$T/extra.traceg"
    wrap "$T/extra" "$T/extra.traceg"
    fails "vectoradd 4096 with a 17th block" "$T/extra" \
        "$(($(grep -n '^#BEGIN_TB' "$T/extra.traceg" | tail -1 | cut -d: -f1))): expected 16 thread blocks (grid 16,1,1), got more ('#BEGIN_TB' of block 17)"
else
    bad "trace-gen vectoradd 4096" "$(head -2 "$T/err")"
fi

# ---- the real trace: every opcode known, nothing said --------------------------

if [ -f "$VA/kernelslist.g" ]; then
    "$M" sim --workload "$VA" --quiet --json "$T/va.json" 2>"$T/err"
    expect "the real NVBit trace: exit, stderr bytes, unknown-opcode instructions, blocks" \
        "$?,$(wc -c <"$T/err"),$(stat '[.gpu.trace_unknown_insn, .gpu.kernels[0].thread_blocks] | map(tostring) | join(",")' "$T/va.json")" \
        "0,0,0,1"
else
    bad "the real NVBit trace" "$VA/kernelslist.g missing (set VECTORADD)"
fi
