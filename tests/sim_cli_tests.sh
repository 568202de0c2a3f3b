#!/usr/bin/env bash
# sim_cli_tests.sh - the command line around runs (docs/sim.md "Comparisons",
# "Decision traces", the run's outputs and progress; docs/cosim.md "Long
# runs", stimulus files): compare's checks before any run, its table with
# statistics some runs lack, its chart as PNG, PDF and SVG, the documented
# example run as written; decision traces' issues and requests; progress
# lines on a pipe; output paths checked before a run; a stimulus file's
# repeated keys. Every bad input must exit 2 with a message saying what was
# expected. One PASS/FAIL line per check.
# Usage: tests/sim_cli_tests.sh [MEMSCHED]
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
case $M in /*) ;; *) M=$PWD/$M ;; esac   # the documented example runs in a directory of its own
T=$PWD/build/tests/sim_cli
rm -rf "$T"
mkdir -p "$T"

# rejects DESC MSG CMD...: CMD exits 2 with MSG (a fixed string) on stderr.
rejects() {
    local desc=$1 msg=$2
    shift 2
    "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ $rc -eq 2 ] && grep -qF -- "$msg" "$T/err"; then ok "$desc (exit 2: $msg)"
    else bad "$desc" "exit $rc, stderr '$(head -c 300 "$T/err")', expected exit 2 and '$msg'"; fi
}

# ---- compare: bad input is exit 2 before any run --------------------------------

C=$T/cmpbad
rejects "compare: an unknown preset" "configuration 'nope' (nope) is not valid" \
    "$M" compare --workload atax --configs nope --out "$C"
[ ! -e "$C/runs" ] && ok "compare: no run started for an unknown preset" || bad "compare: runs were started" "$(ls "$C/runs")"
rejects "compare: an unknown key in a configuration" "unknown key 'sm.bad'" \
    "$M" compare --workload atax --configs base=base-s:sm.bad=3 --out "$C"
rejects "compare: a bad value of --set" "sm.count" \
    "$M" compare --workload atax --configs base-s --set sm.count=zero --out "$C"
rejects "compare: an unknown workload" "'nosuch' cannot be run" \
    "$M" compare --workload atax,nosuch --configs base-s --out "$C"
rejects "compare: a workload size too small" "too small" \
    "$M" compare --workload atax --size 1 --configs base-s --out "$C"
rejects "compare: a missing trace directory" "'$T/none/' cannot be run" \
    "$M" compare --workload "$T/none/" --configs base-s --out "$C"
rejects "compare: a malformed --stats path" "expected a JSON path of names and array indices separated by '.', e.g. l1d.L1D_total_cache_miss_rate, got 'l1d..x'" \
    "$M" compare --workload atax --configs base-s --stats l1d..x --out "$C"
rejects "compare: --jobs 0" "--jobs: expected a positive integer, got '0'" \
    "$M" compare --workload atax --configs base-s --jobs 0 --out "$C"
rejects "compare: --progress x" "--progress: expected a positive integer of seconds, at most 86400, got 'x'" \
    "$M" compare --workload atax --configs base-s --progress x --out "$C"
rejects "compare --emit-jobs checks its inputs too" "unknown key 'sm.bad'" \
    "$M" compare --workload atax --configs base-s:sm.bad=1 --emit-jobs
[ ! -e "$C/runs" ] && ok "compare: no run started for any of the bad inputs" || bad "compare: runs were started" "$(ls "$C/runs")"
rejects "compare: a statistic no run has (after the runs)" "no statistic 'gpu.nosuch' in any run" \
    "$M" compare --workload atax --size 64 --configs base-s --stats gpu.nosuch --out "$T/cmpns" --quiet

# ---- compare: the documented example, as written ---------------------------------
# The command is taken from docs/sim.md ("Comparisons"): the indented lines
# starting at "build/memsched compare --workload atax", joined at their
# trailing backslashes, run in an empty directory with build/memsched being
# the binary under test.
EX=$(awk '/^## Comparisons/ { on = 1 } on && /^    build\/memsched compare --workload atax/ { go = 1 }
          go { sub(/^    /, ""); line = line $0; if (!sub(/\\$/, "", line)) { print line; exit } }' docs/sim.md)
if [ -z "$EX" ]; then
    bad "compare: the example in docs/sim.md" "not found"
else
    mkdir -p "$T/doc/build" && ln -sf "$M" "$T/doc/build/memsched"
    if (cd "$T/doc" && eval "$EX") >"$T/doc.out" 2>"$T/doc.err"; then
        ok "compare: the example of docs/sim.md runs as written ($EX)"
        D=$T/doc/out/compare
        # mrpb.mrpb_bypassed exists only in the MRPB runs: '-' elsewhere, numbers there
        r=$(awk '/^mrpb.mrpb_bypassed/ { on = 1; next } on && /^atax/ { print $2 "," ($3 > 0) "," $4; exit }' "$T/doc.out")
        expect "compare: a statistic some runs lack is '-' in the table (base, mrpb > 0, swl)" "$r" "-,1,-"
        r=$(jq -c '[.workloads[0].stats["mrpb.mrpb_bypassed"] | .base, (.mrpb > 0), .swl]' "$D/compare.json")
        expect "compare: ... and null in compare.json" "$r" "[null,true,null]"
        expect "compare: ipc.pdf is a PDF" "$(head -c 5 "$D/ipc.pdf" 2>/dev/null)" "%PDF-"
        expect "compare: ipc.png is a PNG" "$(od -An -tx1 -N8 "$D/ipc.png" 2>/dev/null | tr -d ' \n')" "89504e470d0a1a0a"
        if command -v xmllint >/dev/null; then
            xmllint --noout "$D/ipc.svg" 2>"$T/xml.err" && ok "compare: ipc.svg is well-formed XML (xmllint)" ||
                bad "compare: ipc.svg is not well-formed" "$(head -2 "$T/xml.err")"
        else
            grep -q '<svg' "$D/ipc.svg" && ok "compare: ipc.svg has an <svg> element (no xmllint)" || bad "compare: ipc.svg has no <svg>"
        fi
        n=0
        for l in '>IPC normalised to base<' '>base<' '>mrpb<' '>swl<' '>geometric mean<' '>gesummv<'; do
            grep -qF -- "$l" "$D/ipc.svg" && n=$((n + 1))
        done
        expect "compare: ipc.svg holds the y label, the three labels as given, the workloads and the mean" "$n" 6
        r=$(grep -c 'fs pattern' "$D/ipc.gp")
        expect "compare: each configuration has a fill pattern of its own" "$r,$(grep -o 'fs pattern [0-9]' "$D/ipc.gp" | sort -u | wc -l)" "3,3"
        r=$(awk 'NR > 1 { print $1 }' "$D/ipc.dat" | tr '\n' ' ')
        expect "compare: an empty slot before the geometric mean" "$r" '"atax" "bicg" "mvt" "gesummv" "" "geometric '
    else
        bad "compare: the example of docs/sim.md ($EX)" "$(tail -3 "$T/doc.err")"
    fi
fi

# ---- compare: a failing run's message on the terminal, its exit code ----------------
# A DRAM timing shortened for the test: the checker stops the run (exit 1),
# and compare shows the run's own message.
"$M" compare --workload vectoradd --size 16384 --configs base-s:dram.test_shorten=tRCD --out "$T/cmpfail" --quiet \
    >"$T/out" 2>"$T/err"
rc=$?
if [ $rc -eq 1 ] && grep -q 'failed (exit 1' "$T/err" && grep -q '| .*DRAM timing violation' "$T/err"; then
    ok "compare: a run that fails a check: exit 1, its message shown"
else
    bad "compare: a failing run" "exit $rc, stderr '$(head -c 300 "$T/err")'"
fi

# ---- named sizes ----------------------------------------------------------------
# each a built-in kernel's own: quick and the default from --list-workloads,
# half of the default, min the smallest accepted (atax: 16, the error's "at least")
read -r qk df < <("$M" sim --list-workloads | awk '$1 == "atax" {print $3, $2}')
least=$("$M" sim --workload atax --size 1 --quiet 2>&1 | sed -n 's/.*at least \([0-9]*\).*/\1/p')
got=
for n in quick half min; do
    "$M" sim --workload atax --size $n --quiet --json "$T/size-$n.json" >/dev/null 2>&1
    got="$got $(jq .size "$T/size-$n.json" 2>/dev/null)"
done
expect "--size quick, half, min: atax's quick size, half its default, the smallest it accepts" "${got# }" "$qk $((df / 2)) $least"
bad_input "--size: an unknown name" "a named size (quick, half or min)" "$M" sim --workload atax --size tiny

# ---- progress on a pipe ----------------------------------------------------------
"$M" sim --workload srad --size 1024 --progress 1 2>"$T/prog.err" >/dev/null
n=$(grep -c '^  sim: .* core cycle [0-9]*, .* thread-insts, .* kernel [1-4] of 4, blocks done [0-9]* of 4096$' "$T/prog.err")
cr=$(tr -cd '\r' <"$T/prog.err" | wc -c)
[ "$n" -ge 1 ] && [ "$cr" -eq 0 ] && ok "sim: plain progress lines on a pipe ($n, no carriage return)" ||
    bad "sim: progress on a pipe" "$n lines, $cr CRs: $(head -c 200 "$T/prog.err")"
"$M" sim --workload srad --size 1024 --progress 1 --quiet 2>"$T/prog.err" >/dev/null
expect "sim --quiet: no progress line" "$(wc -c <"$T/prog.err")" 0
"$M" compare --workload srad --size 1024 --configs base-s --jobs 1 --progress 1 --out "$T/cmpprog" 2>"$T/prog.err" >/dev/null
n=$(grep -c '^  compare: [0-9]* s, 0 of 1 runs done, 1 running$' "$T/prog.err")
[ "$n" -ge 1 ] && ok "compare: plain progress lines on a pipe ($n)" || bad "compare: progress on a pipe" "$(head -c 200 "$T/prog.err")"
"$M" ref mrpb --cycles 600000 --progress 1 2>"$T/prog.err" >/dev/null
n=$(grep -c '^  ref mrpb: [0-9]* s, cycle [0-9]* of 600000 ([0-9]* %), [0-9]* k cycles/s$' "$T/prog.err")
[ "$n" -ge 1 ] && ok "ref (the cosim loop): plain progress lines on a pipe ($n)" || bad "ref: progress on a pipe" "$(head -c 200 "$T/prog.err")"
rejects "sim: --progress 0" "--progress: expected seconds between progress lines, 1..86400, got '0'" "$M" sim --progress 0

# ---- output paths checked before the run -------------------------------------------
F=$T/afile
touch "$F"
rejects "sim: --json into a path under a file" "--json $F/x.json: expected a file that can be written, got: Not a directory" \
    "$M" sim --workload atax --size 2048 --json "$F/x.json"
rejects "sim: --json naming a directory" "expected a file that can be written, got: Is a directory" \
    "$M" sim --workload atax --size 2048 --json "$T"
rejects "sim: --out-dir under a file, with --rtl" "--out-dir $F/d: expected a directory that can be written or created" \
    "$M" sim --rtl dram_sched --out-dir "$F/d"
rejects "cosim: --fst into a path under a file" "--fst $F/x.fst: expected a file that can be written, got: Not a directory" \
    "$M" cosim fifo --fst "$F/x.fst"
rejects "cosim: --gtkw into a path under a file" "--gtkw $F/x.gtkw: expected a file that can be written" \
    "$M" cosim fifo --fst "$T/x.fst" --gtkw "$F/x.gtkw"
rejects "ref: --out-dir is cosim's" "unknown option '--out-dir'" "$M" ref fifo --out-dir "$T/d"
rejects "sim: --trace-sms beyond the SMs" "--trace-sms: expected SMs of the configuration's 15 (0..14), got 3-15" \
    "$M" sim --trace-sms 3-15 --trace-decisions "$T/x.json"
rejects "sim: a malformed --trace-sms" "--trace-sms: expected an SM, a range FROM-TO (decimal, FROM <= TO) or 'all', got '5-2'" \
    "$M" sim --trace-sms 5-2

# ---- decision traces: issues and requests -----------------------------------------
# Without the MRPB, every SM traced over the whole run: one LD slice per L1D
# read access and one ST instant per write access (the statistics count
# them); a hit takes exactly the L1 latency; completion >= arrival.
if "$M" sim --config base-s --workload atax --size 128 --quiet --trace-decisions "$T/dt.json" --trace-window 0-0 \
        --trace-sms all --json "$T/dt-st.json" 2>"$T/dt.err"; then
    lat=$("$M" sim --config base-s --list-keys | awk '$1 == "l1.latency" { print $2 }')
    r=$(jq -r --slurpfile st "$T/dt-st.json" --argjson lat "$lat" '
        .traceEvents as $e | $st[0] as $s | ($e | map(select(.cat == "request"))) as $q |
        ($e | map(select(.cat == "issue"))) as $i |
        [ ($i | length) > 0,
          ($i | all(.ph == "X" and (.args | has("warp") and has("pc") and has("why") and has("prev")) and (.name | startswith("w")))),
          ($i | map(.args.why) | unique | map(IN("greedy", "oldest")) | all),
          ($i | map(.tid) | unique) == [0, 1],
          ($q | map(select(.ph == "b")) | all(.args | has("sm") and has("warp") and has("pc") and has("addr") and has("line") and
                has("arrival") and has("completion") and .completion >= .arrival and .latency == .completion - .arrival)),
          ($q | map(select(.ph == "b" and .name == "LD")) | length) == $s.l1d.L1D_read_accesses,
          ($q | map(select(.ph == "i" and .name == "ST")) | length) == $s.l1d.L1D_write_accesses,
          ($q | map(select(.ph == "b" and .args.l1 == "hit")) | length > 0 and all(.args.latency == $lat)),
          ($q | map(select(.ph == "b" and .args.l1 == "miss")) | length > 0 and all(.args.latency > $lat)),
          ($q | map(select(.ph == "b")) | map(.id) | sort) == ($q | map(select(.ph == "e")) | map(.id) | sort),
          ($e | map(select(.ph == "M" and .args.name == "mrpb")) | length) == 0,
          ($e | map(select(.cat == "mrpb")) | length) == 0
        ] | map(tostring) | join(",")' "$T/dt.json")
    expect "--trace-decisions: issues (warp, PC, reason per scheduler), requests (SM, warp, PC, address, arrival <= completion, one per L1 access, hits at the L1 latency), no MRPB track without the MRPB" \
        "$r" "true,true,true,true,true,true,true,true,true,true,true,true"
    # the program address lies in its line
    r=$(jq -r '[.traceEvents[] | select(.cat == "request" and (.ph == "b" or .ph == "i")) | .args |
               ((.addr | ltrimstr("0x") | explode | map(if . >= 97 then . - 87 else . - 48 end) | reduce .[] as $d (0; . * 16 + $d)) / 128 | floor) ==
               (.line | ltrimstr("0x") | explode | map(if . >= 97 then . - 87 else . - 48 end) | reduce .[] as $d (0; . * 16 + $d))] | all' "$T/dt.json")
    expect "--trace-decisions: each request's program address lies in its line" "$r" true
else
    bad "--trace-decisions (atax, base-s)" "$(head -2 "$T/dt.err")"
fi
# With the MRPB: its tracks are there, one per SM; requests are by default SM 0's only.
if "$M" sim --config base-s --workload atax --size 128 --set mrpb=final --quiet --trace-decisions "$T/dtm.json" \
        --trace-window 0-20000 2>"$T/dt.err"; then
    r=$(jq -r '.traceEvents as $e |
        [ ($e | map(select(.ph == "M" and .args.name == "mrpb")) | length),
          ($e | map(select(.cat == "request") | .pid) | unique | length),
          ($e | map(select(.cat == "request" and .ph == "b")) | all(.args.l1 | IN("hit", "miss", "merged", "bypass", "sent"))),
          ($e | map(select(.cat == "mrpb")) | length > 0)
        ] | map(tostring) | join(",")' "$T/dtm.json")
    expect "--trace-decisions with the MRPB: an mrpb track per SM (14), requests of SM 0 only, the L1's answers" "$r" "14,1,true,true"
else
    bad "--trace-decisions with the MRPB" "$(head -2 "$T/dt.err")"
fi

# ---- compare --resume: runs this build made with the same command line are kept ----------
R="$T/resume"
rm -rf "$R"
"$M" compare --workload atax,syrk --configs base=base-s --size quick --out "$R" --quiet >/dev/null 2>&1
a0=$(command stat -c %.9Y "$R/runs/atax@base.json" 2>/dev/null)
jq '.command_line += " --stale"' "$R/runs/syrk@base.json" >"$R/stale.json" && mv "$R/stale.json" "$R/runs/syrk@base.json"
if "$M" compare --workload atax,syrk --configs base=base-s --size quick --out "$R" --quiet --resume >/dev/null 2>&1; then
    expect "compare --resume: the matching run kept, the stale one run again" \
        "$([ -n "$a0" ] && [ "$(command stat -c %.9Y "$R/runs/atax@base.json")" = "$a0" ] && echo kept),$(jq -r '.command_line | test("--stale") | not' "$R/runs/syrk@base.json")" \
        "kept,true"
    echo "memsched sim: DRAM timing violation: (a run that failed its check)" >"$R/runs/atax@base.log"
    "$M" compare --workload atax,syrk --configs base=base-s --size quick --out "$R" --quiet --resume >/dev/null 2>&1
    expect "compare --resume: a run whose log holds a message (it failed a check) is run again" \
        "$([ "$(command stat -c %.9Y "$R/runs/atax@base.json")" != "$a0" ] && [ ! -s "$R/runs/atax@base.log" ] && echo rerun)" rerun
else
    bad "compare --resume" "exit $?"
fi

# ---- stimulus files: a key given twice ---------------------------------------------
printf '# block: fifo\n# params: Depth=4\n# params: Depth=8\ncycle rst_n\n' >"$T/dup.stim"
rejects "stim: a second '# params:' line" "$T/dup.stim:3: expected one '# params:' line, got a second (the first is line 2)" \
    "$M" ref fifo --stim "$T/dup.stim"
printf '# block: fifo\n# params: Depth=4\n# set: Depth=8\ncycle rst_n\n' >"$T/dup2.stim"
rejects "stim: a setting given twice" "$T/dup2.stim:3: expected each setting once, got 'Depth=8' after 'Depth=4' at $T/dup2.stim:2" \
    "$M" ref fifo --stim "$T/dup2.stim"
exit 0
