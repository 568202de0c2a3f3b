#!/usr/bin/env bash
# sim_sl1_tests.sh - S-L1 in the system model (sim/workload/sl1.c,
# docs/sl1.md): directed traces of one thread (lane 0 of one warp), their
# S-L1 counts and instruction classes worked out by hand from the rules
# (monitoring, the choice, hits, misses, write-backs, flushes, occupancy).
# One PASS/FAIL line per check.
# Usage: tests/sim_sl1_tests.sh [MEMSCHED [DIR]]: its files in DIR
# (build/tests/sl1; tests/sanitize.sh runs it into its own, beside make
# test's own run of it)
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=${2:-build/tests/sl1}
rm -rf "$T"
mkdir -p "$T"

# Three data structures of 4 KB: A (read), B (written), C (read).
A=0x100000 B=0x200000 C=0x300000
# thread DIR "INSTRUCTION LINES": one block of one warp, lane 0 only, then
# EXIT; the three structures copied to the GPU first.
pc=0
ld() { pc=$((pc + 16)); printf '%04x 00000001 1 R4 LDG.E 1 R2 4 0 0x%x\n' $pc $(($1)); }
st() { pc=$((pc + 16)); printf '%04x 00000001 0 STG.E 2 R2 R4 4 0 0x%x\n' $pc $(($1)); }
fence() { pc=$((pc + 16)); printf '%04x 00000001 0 MEMBAR.GL 0 0\n' $pc; }
thread() {
    local n
    n=$(printf '%s\n' "$2" | grep -c .)
    { printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = %d\n%s\n' $((n + 1)) "$2"
      printf '0ff0 00000001 0 EXIT 0 0\n#END_TB\n'; } | mktrace "$1" 1 32
    printf 'MemcpyHtoD,0x%x,4096\nMemcpyHtoD,0x%x,4096\nMemcpyHtoD,0x%x,4096\nkernel-1.traceg\n' $((A)) $((B)) $((C)) \
        >"$1/kernelslist.g"
}
run() { # run NAME DIR ARGS...: $T/NAME.json
    local name=$1 dir=$2
    shift 2
    "$M" sim --workload "$dir" --check-dram --quiet --json "$T/$name.json" "$@" 2>"$T/$name.err" ||
        bad "$name: the run" "$(head -2 "$T/$name.err")"
}
SL1='[.sl1.monitored, .sl1.chosen, .sl1.accesses, .sl1.cached_accesses, .sl1.hits, .sl1.misses, .sl1.fills, .sl1.writebacks, .sl1.writeback_words, .sl1.flushes] | map(tostring) | join(",")'
CLS='.sm.warp_insn_by_class | [.ldg, .stg, .lds, .sts, .red] | map(tostring) | join(",")'

# 1. The hit-rate floor. Monitoring (8 accesses): A word by word, 3 hits
# in 4 (75 %); C 16 B apart, no hit (0 %, not above 50 %): only A is cached.
# Then 4 more of each: A's next line (a miss: one 16 B global load and a
# shared store, then three hits: shared loads), C to global memory.
thread "$T/floor" "$(for i in 0 1 2 3; do ld $((A + 4 * i)); ld $((C + 16 * i)); done
                     for i in 4 5 6 7; do ld $((A + 4 * i)); ld $((C + 16 * i)); done)"
run floor "$T/floor" --set sl1=on --set sl1.monitor=8 --set sl1.cln=2
expect "sl1: a structure at 0 % in monitoring is not cached; 75 % is" "$(stat "$SL1" "$T/floor.json")" \
    "8,1,8,4,3,1,1,0,0,1"
# global loads: 8 monitored + 4 of C + 1 fill; shared: 4 loads from the line, 1 store (the fill)
expect "sl1: a hit is a shared load and no global access; a miss one 16 B global load" \
    "$(stat "$CLS" "$T/floor.json")" "13,0,4,1,0"
# the monitoring phase's instructions: 4 at each of the 8 monitored accesses, the choice 8 + 4 for
# each of the 3 structures
expect "sl1: the monitoring phase inserts 8 x 4 + 8 + 3 x 4 thread instructions" \
    "$(stat '.sl1.monitor_thread_insn' "$T/floor.json")" 52
run floor-off "$T/floor" --set sl1=off
expect "sl1=off: the kernel as traced (16 global loads)" "$(stat "$CLS" "$T/floor-off.json")" "16,0,0,0,0"
expect "sl1=off: no sl1 section" "$(stat '.sl1 // "none"' "$T/floor-off.json")" "none"
run floor-default "$T/floor"
jq -S 'del(.configuration, .command_line, .host, .version)' "$T/floor-off.json" >"$T/off.norm"
jq -S 'del(.configuration, .command_line, .host, .version)' "$T/floor-default.json" >"$T/default.norm"
if cmp -s "$T/off.norm" "$T/default.norm"; then ok "sl1=off gives the statistics of the default run"; else bad "sl1=off differs from the default run"; fi

# 2. A read-write structure needs twice a read-only one's hits (one line per
# thread). A: 3 loads, 2 hits (67 %). B, stored: 5 stores, 3 hits (60 %): 3 < 2 x 2,
# A is cached. B with 6 stores, 4 hits: 4 >= 2 x 2, B is cached. Then a store to
# B's line: cached only when B is, dirty, written back (one word) at the thread's end
# (with A cached its line is never filled: nothing to flush).
rw() { # rw DIR STORES
    thread "$1" "$(ld $A; ld $((A + 4)); ld $((A + 8))
                   for ((i = 0; i < $2; i++)); do st $((B + 4 * i)); done
                   st $((B + 24)))"
}
rw "$T/rw5" 5
run rw5 "$T/rw5" --set sl1=on --set sl1.monitor=8 --set sl1.cln=1
expect "sl1: a read-write structure with 3 hits against a read-only one's 2 is not cached (A is)" \
    "$(stat "$SL1" "$T/rw5.json")" "8,1,1,0,0,0,0,0,0,0"
rw "$T/rw6" 6
run rw6 "$T/rw6" --set sl1=on --set sl1.monitor=9 --set sl1.cln=1
expect "sl1: a read-write structure with 4 hits against a read-only one's 2 is cached, its dirty word written back" \
    "$(stat "$SL1" "$T/rw6.json")" "9,1,1,1,0,1,1,1,1,1"
# global: 3 monitored loads and 6 stores, the fill (a load), the write-back of the dirty word (a store);
# shared: the fill and the store itself (stores), the line read for the write-back (a load)
expect "sl1: a write-back is a shared load and a 4 B global store per dirty word" "$(stat "$CLS" "$T/rw6.json")" \
    "4,7,1,2,0"

# 3. A fence flushes dirty lines. B is chosen (3 stores, 2 hits); then a store
# to B+12 (a miss: the lines start invalid), a store to B+8. Without a fence
# B+8 hits and the line is written back once, at the end (2 words); with a
# fence between them, the fence writes back B+12's word and invalidates the
# line, B+8 misses, and the end writes back B+8's word.
fence_trace() { # DIR FENCE
    thread "$1" "$(st $B; st $((B + 4)); st $((B + 8)); st $((B + 12)); [ "$2" = 1 ] && fence; st $((B + 8)))"
}
fence_trace "$T/nofence" 0
run nofence "$T/nofence" --set sl1=on --set sl1.monitor=3 --set sl1.cln=1
expect "sl1: no fence: one miss, one hit, one write-back of 2 words at the end" "$(stat "$SL1" "$T/nofence.json")" \
    "3,1,2,2,1,1,1,1,2,1"
fence_trace "$T/fence" 1
run fence "$T/fence" --set sl1=on --set sl1.monitor=3 --set sl1.cln=1
expect "sl1: a fence writes back the dirty line and invalidates it: two misses, two write-backs of a word" \
    "$(stat "$SL1" "$T/fence.json")" "3,1,2,2,0,2,2,2,2,2"

# 3b. Lanes that take different paths issue each path with its mask. Lanes
# 0 and 1 of one instruction stream: lane 0 reads A word by word (3 hits in
# 4), lane 1 reads C 16 B apart (none): after 4 accesses lane 0 caches A,
# lane 1 nothing. Two more loads: lane 0 misses then hits (a fill, two shared
# loads), lane 1 goes to global memory both times (its own global loads).
two() { pc=$((pc + 16)); printf '%04x 00000003 1 R4 LDG.E 1 R2 4 0 0x%x 0x%x\n' $pc $(($1)) $(($2)); }
thread "$T/diverge" "$(for i in 0 1 2 3 4 5; do two $((A + 4 * i)) $((C + 16 * i)); done)"
run diverge "$T/diverge" --set sl1=on --set sl1.monitor=4 --set sl1.cln=1
expect "sl1: diverging lanes: one thread caches, the other does not" "$(stat "$SL1" "$T/diverge.json")" \
    "8,1,4,2,1,1,1,0,0,1"
# global loads: 4 monitored (both lanes), lane 1's 2, lane 0's fill; shared: lane 0's 2 loads, its fill
expect "sl1: diverging lanes: each path its own instructions" "$(stat "$CLS" "$T/diverge.json")" "7,0,2,1,0"

# 3c. Only the lanes that monitor run the monitoring code: lane 0 reads an address in no
# structure (as traced, no inserted code), lane 1 reads A: 4 ALU instructions with lane 1
# alone, so 4 thread instructions inserted, not 8.
thread "$T/mixed" "$(two 0x900000 $A)"
run mixed "$T/mixed" --set sl1=on
expect "sl1: a lane outside every structure runs no inserted code beside a monitoring one (the monitoring's 4)" \
    "$(stat '[.sl1.monitored, .sl1.extra_warp_insn, .sl1.extra_thread_insn, .sl1.monitor_thread_insn] | map(tostring) | join(",")' "$T/mixed.json")" "1,4,4,4"

# 3d. A lane that never executes an EXIT is flushed with the warp's last one. Lanes 0 and 1 store
# to their own words of B (3 monitored, 2 hits: B chosen), then a fourth store each (a miss, a
# dirty word); the EXIT has lane 0 alone: both lanes' lines written back, a word each.
st2() { pc=$((pc + 16)); printf '%04x 00000003 0 STG.E 2 R2 R4 4 0 0x%x 0x%x\n' $pc $(($1)) $(($2)); }
thread "$T/noexit" "$(for i in 0 1 2 3; do st2 $((B + 4 * i)) $((B + 64 + 4 * i)); done)"
run noexit "$T/noexit" --set sl1=on --set sl1.monitor=3 --set sl1.cln=1
expect "sl1: a lane that never exits: its dirty line written back with the warp's last EXIT" \
    "$(stat '[.sl1.writebacks, .sl1.writeback_words, .sl1.flushes] | map(tostring) | join(",")' "$T/noexit.json")" "2,2,2"

# 3e. An access that does not fit in a line evicts the thread's line it overlaps. B chosen (3
# stores); a store to B+12 (a miss, dirty); an 8 B load at B+12, crossing into B+16: to global
# memory, B's line written back (one word) and invalidated first; a store to B+8 then misses, and
# its word is written back at the end. (Not evicted, the load would read the stale word in global
# memory and B+8 would hit.)
ld64() { pc=$((pc + 16)); printf '%04x 00000001 1 R4 LDG.E.64 1 R2 8 0 0x%x\n' $pc $(($1)); }
thread "$T/wide" "$(st $B; st $((B + 4)); st $((B + 8)); st $((B + 12)); ld64 $((B + 12)); st $((B + 8)))"
run wide "$T/wide" --set sl1=on --set sl1.monitor=3 --set sl1.cln=1
expect "sl1: an access crossing the line evicts it first: two misses, two write-backs of a word" \
    "$(stat "$SL1" "$T/wide.json")" "3,1,3,2,0,2,2,2,2,1"

# 3f. ... of any structure, also from an access that starts outside every structure: B chosen, a
# store to B (a miss, dirty); an 8 B load at B - 4 (in no structure) crossing into B's line: the
# line written back and invalidated first; a store to B+4 then misses.
thread "$T/wide2" "$(st $B; st $((B + 4)); st $((B + 8)); st $B; ld64 $((B - 4)); st $((B + 4)))"
run wide2 "$T/wide2" --set sl1=on --set sl1.monitor=3 --set sl1.cln=1
expect "sl1: an access from outside every structure crossing a line evicts it first" \
    "$(stat "$SL1" "$T/wide2.json")" "3,1,2,2,0,2,2,2,2,1"

# 4. Occupancy falls when the lines do not fit. Two blocks of one warp on one
# SM, each a chain of 100 dependent integer instructions; 24 KB of shared
# memory. sl1.cln=16: 8 KB of lines per block, both blocks run at once;
# sl1.cln=32: 16 KB per block, one at a time (about twice the cycles).
chain() {
    mkdir -p "$1"
    { for b in 0 1; do
          printf '#BEGIN_TB\nthread block = %d,0,0\nwarp = 0\ninsts = 101\n' $b
          for ((i = 0; i < 100; i++)); do printf '%04x ffffffff 1 R1 IADD3 1 R1 0\n' $((16 * i)); done
          printf '0ff0 ffffffff 0 EXIT 0 0\n#END_TB\n\n'
      done; } | mktrace "$1" 2 32
}
chain "$T/chain"
run occ16 "$T/chain" --set sl1=on --set sl1.cln=16 --set sm.count=1 --set sm.shmem=24576 --set sm.pipeline=issue
run occ32 "$T/chain" --set sl1=on --set sl1.cln=32 --set sm.count=1 --set sm.shmem=24576 --set sm.pipeline=issue
c16=$(stat .gpu.gpu_tot_sim_cycle "$T/occ16.json")
c32=$(stat .gpu.gpu_tot_sim_cycle "$T/occ32.json")
if [ -n "$c16" ] && [ -n "$c32" ] && [ $((c32 * 10)) -ge $((c16 * 18)) ]; then
    ok "sl1: lines that do not fit two blocks halve the occupancy ($c16 -> $c32 cycles)"
else
    bad "sl1: occupancy with 16 and 32 lines per thread" "$c16 and $c32 cycles (expected about twice)"
fi
"$M" sim --workload "$T/chain" --quiet --set sl1=on --set sl1.cln=32 --set sm.count=1 --set sm.shmem=8192 2>"$T/occ64.err"
rc=$?
if [ $rc -eq 2 ] && grep -q "16384 B shared memory) does not fit an SM" "$T/occ64.err"; then
    ok "sl1: lines that do not fit one block: exit 2 with a message"
else
    bad "sl1: 16 KB of lines in 8 KB of shared memory" "exit $rc: $(head -1 "$T/occ64.err")"
fi

# workload.threads: the S-L1 stand-ins' launch at a chosen thread count, the same input divided among
# them (wc at quick size: 256 KB of text, 262144 chars); refused, exit 2 with a message, elsewhere
"$M" sim --config gtx680 --set sl1=on --workload wc --size quick --set workload.threads=512 --quiet --json "$T/thr512.json" 2>"$T/thr512.err" ||
    bad "workload.threads=512: the run" "$(head -2 "$T/thr512.err")"
"$M" sim --config gtx680 --set sl1=on --workload wc --size quick --set workload.threads=2048 --quiet --json "$T/thr2048.json" 2>"$T/thr2048.err" ||
    bad "workload.threads=2048: the run" "$(head -2 "$T/thr2048.err")"
expect "workload.threads: wc's blocks of 256 at 512 and 2048 threads" \
    "$(jq -s -r 'map(.gpu.kernels[0].thread_blocks | tostring) | join(" ")' "$T/thr512.json" "$T/thr2048.json")" "2 8"
expect "workload.threads: 512 threads of 512 chars monitor 300 each and decide; 2048 of 128 monitor every char, none decides" \
    "$(jq -s -r 'map("\(.sl1.monitored)/\(.sl1.decisions)") | join(" ")' "$T/thr512.json" "$T/thr2048.json")" "153600/512 262144/0"
for bad_case in "wc:500:not a whole number" "atax:512:only the S-L1 stand-ins" "$T/floor:512:a trace's launch geometry"; do
    IFS=: read -r w t want <<<"$bad_case"
    rc=0
    "$M" sim --config gtx680 --workload "$w" --size quick --set workload.threads="$t" --quiet 2>"$T/thr-bad.err" >/dev/null || rc=$?
    if [ $rc = 2 ] && grep -q "$want" "$T/thr-bad.err"; then
        ok "workload.threads=$t for $w: exit 2, \"$want\""
    else
        bad "workload.threads=$t for $w" "exit $rc: $(head -1 "$T/thr-bad.err")"
    fi
done
rc=0
"$M" compare --workload wc,atax --configs "a=gtx680:workload.threads=512" --size quick --out "$T/cmp-thr" >"$T/cmp-thr.log" 2>&1 || rc=$?
if [ $rc = 2 ] && grep -q "only the S-L1 stand-ins" "$T/cmp-thr.log" && [ ! -d "$T/cmp-thr/runs" ]; then
    ok "compare: a configuration's workload.threads checked against every workload before any run (exit 2)"
else
    bad "compare with workload.threads on atax" "exit $rc: $(tail -1 "$T/cmp-thr.log")"
fi
exit $status
