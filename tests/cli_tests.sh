#!/usr/bin/env bash
# cli_tests.sh - the CLI's behaviour on good and bad input: exit codes and
# messages that name the file, the line and what was expected.
# One PASS/FAIL line per case.
set -u
cd "$(dirname "$0")/.."
M=build/memsched
T=build/tests/cli
mkdir -p "$T"
status=0

# expect RC REGEX DESC -- CMD...: CMD exits with RC and its stderr matches REGEX.
expect() {
    local rc=$1 re=$2 desc=$3
    shift 4
    "$@" >"$T/out" 2>"$T/err"
    local got=$?
    if [ "$got" -eq "$rc" ] && { [ -z "$re" ] || grep -qE -- "$re" "$T/err"; }; then
        echo "PASS cli $desc"
    else
        echo "FAIL cli $desc (exit $got, expected $rc; stderr:)"
        sed 's/^/    /' "$T/err" | head -8
        status=1
    fi
}

# bad stimulus files: each line is "name|expected message regex|file body"
good_hdr='# block: fifo
# params: Depth=5 Width=13'
mk() { printf '%s\n' "$2" >"$T/$1.stim"; }
mk bad_hex "$good_hdr
push wdata pop
1 12 0
1 zz 0"
expect 2 "bad_hex.stim:5: column 'wdata': expected a hex value of at most 13 bits, got 'zz'" \
    "malformed hex value names file:line" -- $M cosim fifo --stim "$T/bad_hex.stim"
mk too_wide "$good_hdr
push wdata pop
1 2000 0"
expect 2 "too_wide.stim:4: column 'wdata': expected a hex value of at most 13 bits, got '2000'" \
    "value wider than its port" -- $M cosim fifo --stim "$T/too_wide.stim"
mk missing_col "$good_hdr
push wdata
1 1"
expect 2 "missing_col.stim:3: the header lacks the input column 'pop'" \
    "missing input column" -- $M cosim fifo --stim "$T/missing_col.stim"
mk unknown_col "$good_hdr
push wdata pop bogus
1 1 0 0"
expect 2 "unknown_col.stim:3: unknown column 'bogus'" \
    "unknown column" -- $M cosim fifo --stim "$T/unknown_col.stim"
mk short_row "$good_hdr
push wdata pop
1 1 0
1 1"
expect 2 "short_row.stim:5: expected 3 columns as in the header \(line 3\), got 2" \
    "row with too few columns" -- $M ref fifo --stim "$T/short_row.stim"
mk bad_cycle "$good_hdr
cycle push wdata pop
0 1 1 0
2 1 1 0"
expect 2 "bad_cycle.stim:5: column 'cycle': expected 1" \
    "cycle column out of sequence" -- $M cosim fifo --stim "$T/bad_cycle.stim"
mk bad_rst "$good_hdr
rst_n push wdata pop
2 1 1 0"
expect 2 "bad_rst.stim:4: column 'rst_n': expected 0 or 1, got '2'" \
    "rst_n not 0/1" -- $M cosim fifo --stim "$T/bad_rst.stim"
mk bad_array "# block: argmax
# params: N=5 W=7
valid vals
1f 1,2,3"
expect 2 "bad_array.stim:4: column 'vals': expected 5 comma-separated elements, got 3" \
    "array with too few elements" -- $M cosim argmax --stim "$T/bad_array.stim"
mk bad_seed "$good_hdr
# seed: seven
push wdata pop"
expect 2 "bad_seed.stim:3: expected a decimal seed" \
    "bad seed in the header" -- $M cosim fifo --stim "$T/bad_seed.stim"
mk wrong_block "# block: rr_arb
req ack
1 1"
expect 2 "wrong_block.stim:1: the header says '# block: rr_arb', expected fifo" \
    "stimulus for another block" -- $M cosim fifo --stim "$T/wrong_block.stim"
mk bad_param "# block: fifo
# params: Depth=x
push wdata pop"
expect 2 "bad_param.stim:2: Depth=x: expected a non-negative integer" \
    "bad parameter in the header" -- $M cosim fifo --stim "$T/bad_param.stim"
mk empty "# nothing but comments"
expect 2 "empty.stim:2: expected a header line naming the columns" \
    "empty stimulus" -- $M cosim fifo --stim "$T/empty.stim"
mk wrong_expect "$good_hdr
push wdata pop count
1 5 0 0
0 0 0 0"
expect 1 "wrong_expect.stim: fifo Depth=5 Width=13: MISMATCH against the file at cycle 1, signal count: file=0x0 C=0x1" \
    "wrong expected output is reported (cosim)" -- $M cosim fifo --stim "$T/wrong_expect.stim"
expect 1 "MISMATCH against the file at cycle 1, signal count" \
    "wrong expected output is reported (ref)" -- $M ref fifo --stim "$T/wrong_expect.stim" --quiet
expect 2 "cannot open stimulus file" "missing stimulus file" -- $M cosim fifo --stim "$T/nonexistent.stim"

# configuration comments belong before the header
mk late_params "$good_hdr
push wdata pop
1 1 0
# params: Depth=32"
expect 2 "late_params.stim:5: expected '# params:' before the header line \(line 3\), got it after" \
    "'# params:' after the header is refused" -- $M cosim fifo --stim "$T/late_params.stim"
mk late_block "$good_hdr
push wdata pop
# block: fifo
1 1 0"
expect 2 "late_block.stim:4: expected '# block:' before the header line" \
    "'# block:' after the header is refused" -- $M ref fifo --stim "$T/late_block.stim"
mk late_seed "$good_hdr
push wdata pop
1 1 0
# seed: 5"
expect 2 "late_seed.stim:5: expected '# seed:' before the header line" \
    "'# seed:' after the header is refused" -- $M cosim fifo --stim "$T/late_seed.stim"
# parameter values are 32-bit Verilog integers: no wrap-around
expect 2 "--set: Depth=4294967297: expected a non-negative integer of at most 2147483647" \
    "--set Depth=2^32+1 is refused" -- $M cosim fifo --set Depth=4294967297
expect 2 "--set: RdQ=4294967296: expected a non-negative integer of at most 2147483647" \
    "--set RdQ=2^32 is refused (ref)" -- $M ref dram_sched --set RdQ=4294967296 --cycles 5
mk big_param "# block: fifo
# params: Depth=4294967297 Width=13
push wdata pop
1 1 0"
expect 2 "big_param.stim:2: Depth=4294967297: expected a non-negative integer of at most 2147483647" \
    "'# params: Depth=2^32+1' is refused" -- $M ref fifo --stim "$T/big_param.stim"
mk neg_seed "$good_hdr
# seed: -1
push wdata pop
1 1 0"
expect 2 "neg_seed.stim:3: expected a decimal seed 0..18446744073709551615 after '# seed:', got '-1'" \
    "'# seed: -1' is refused" -- $M cosim fifo --stim "$T/neg_seed.stim"
expect 2 "--seed expects a non-negative integer, got '-1'" "--seed -1 is refused" -- $M cosim fifo --seed -1
mk unbuilt "# block: fifo
# params: Depth=32 Width=13
push wdata pop
1 1 0"
expect 2 "unbuilt.stim:2: no parameter set of fifo is built with Depth=32 Width=13; built" \
    "cosim of a '# params:' set that is not built names file:line" -- $M cosim fifo --stim "$T/unbuilt.stim"
mk zeros "$good_hdr
push wdata pop
1 00000000000000000000001fff 0
0 0000000000000000 0"
expect 0 "" "hex values with leading zeros beyond 16 digits fit the port" -- $M cosim fifo --stim "$T/zeros.stim"
mk too_many_digits "$good_hdr
push wdata pop
1 10000000000000000 0"
expect 2 "too_many_digits.stim:4: column 'wdata': expected a hex value of at most 13 bits, got '10000000000000000'" \
    "17 significant hex digits are refused" -- $M cosim fifo --stim "$T/too_many_digits.stim"
# ref checks the RTL's usage assertions in the C model: exit 1, the RTL's message
mrpb_hdr='# block: mrpb
# params: NumQueues=8 Depth=1 Latency=1 AddrW=6 TagW=3
signature policy greedy flush bypass reorder in_valid in_write in_warp in_block in_inblock in_addr in_tag l1_ready l1_stall_assoc byp_ready'
mk mrpb_mode "$mrpb_hdr
0 0 0 1 2 1 0 0 0 0 0 0 0 1 0 1
0 1 0 1 2 1 0 0 0 0 0 0 0 1 0 1"
mk mrpb_warp "$mrpb_hdr
0 0 0 1 2 1 1 0 9 0 0 5 1 1 0 1"
printf '%s\n' "# block: mrpb" "# params: NumQueues=8 Depth=1 Latency=1 AddrW=6 TagW=3" \
    "rst_n signature policy greedy flush bypass reorder in_valid in_write in_warp in_block in_inblock in_addr in_tag l1_ready l1_stall_assoc byp_ready" \
    "1 0 0 0 1 2 1 0 0 0 0 0 0 0 1 0 1" "0 0 1 0 1 2 1 0 0 0 0 0 0 0 1 0 1" "1 0 1 0 1 2 1 0 0 0 0 0 0 0 1 0 1" >"$T/mrpb_mode_reset.stim"
ds_hdr='# block: dram_sched
# params: RdQ=8 WrQ=8 HighWM=6 LowWM=2 BankW=2 RowW=4 AddrW=8
policy rd_valid rd_addr rd_bank rd_row rd_age wr_valid wr_addr wr_bank wr_row dm_valid dm_addr dm_len dm_age bank_ready'
mk ds_policy "$ds_hdr
1 0 0 0 0 0 0 0 0 0 0 0 0 0 f
7 0 0 0 0 0 0 0 0 0 0 0 0 0 f"
for tool in ref cosim; do
    both=""; [ $tool = cosim ] && both=" \(RTL and C model\)"
    expect 1 "mrpb: a mode changed out of reset$both" \
        "$tool: mrpb mode changed out of reset" -- $M $tool mrpb --stim "$T/mrpb_mode.stim"
    expect 1 "mrpb: signature 9 >= NumQueues$both" \
        "$tool: mrpb warp >= NumQueues" -- $M $tool mrpb --stim "$T/mrpb_warp.stim"
    expect 0 "" "$tool: mrpb mode changed during reset is legal" -- $M $tool mrpb --stim "$T/mrpb_mode_reset.stim"
    expect 1 "dram_sched: policy 7 is not defined$both" \
        "$tool: dram_sched policy 7" -- $M $tool dram_sched --stim "$T/ds_policy.stim"
done

# bad command lines
expect 2 "unknown block 'nope'; expected one of: apres_laws" "unknown block" -- $M cosim nope
expect 2 "unknown option '--bogus'" "unknown option" -- $M cosim fifo --bogus 1
expect 2 "unknown key 'Size' for block fifo; expected one of: Depth Width" "unknown --set key" -- $M cosim fifo --set Size=4
expect 2 "--set: expected key=value, got 'Depth'" "--set without =" -- $M cosim fifo --set Depth
expect 2 "no parameter set of fifo is built with Depth=3" "parameter set not built" -- $M cosim fifo --set Depth=3
expect 2 "--cycles expects a positive integer, got '0'" "zero cycles" -- $M cosim fifo --cycles 0
expect 2 "--cycles expects a positive integer, got '-5'" "negative cycles" -- $M cosim fifo --cycles -5
expect 2 "--init expects 'random' or 'zeros'" "bad --init" -- $M cosim fifo --init ones
expect 2 "option --seed expects a value" "option without value" -- $M cosim fifo --seed
expect 2 "usage:" "no block" -- $M cosim
expect 2 "unknown command 'frobnicate'" "unknown command" -- $M frobnicate
expect 2 "fifo: Depth=0 Width=32 out of range" "ref with an invalid parameter" -- $M ref fifo --set Depth=0 --cycles 5
expect 0 "" "--help exits 0" -- $M cosim --help
expect 0 "" "--list exits 0" -- $M cosim --list

# bench takes seed 0 as cosim does; ports; ref without any Verilated set runs the defaults
expect 0 "" "bench --seed 0" -- $M bench fifo --seed 0 --cycles 1000
if $M ports fifo --set Depth=5 --set Width=13 2>/dev/null | grep -qx 'in wdata 13 1' &&
   $M ports mrpb 2>/dev/null | grep -qx 'out occ 4 48'; then
    echo "PASS cli ports prints the port table at a parameter set"
else
    echo "FAIL cli ports prints the port table at a parameter set"; status=1
fi
if build/memsched-c ref dram_sched --cycles 100 --quiet 2>&1 | grep -q '^ref dram_sched RdQ=64 WrQ=128 HighWM=96 LowWM=80 BankW=4 RowW=12 AddrW=24: cycles=100 .* PASS$'; then
    echo "PASS cli ref without Verilated sets runs the block's default parameters"
else
    echo "FAIL cli ref without Verilated sets runs the block's default parameters"; status=1
fi
expect 2 "no parameter set of fifo is built with Depth=8 Width=32 \\(the defaults\\); built \(the Makefile's PSETS\):" \
    "cosim without Verilated sets names what is built" -- build/memsched-c cosim fifo

# RTL assertions are live: illegal use of the fifo (misuse knob) stops the run
expect 1 "assertion failed at the clock edge of cycle [0-9]*: fifo: (push when full|pop when empty) \(RTL and C model\)" \
    "RTL assertion and C usage check fire on push when full / pop when empty" -- $M cosim fifo --set misuse=10 --cycles 5000
expect 1 "ref fifo Depth=8 Width=32: usage check failed at the clock edge of cycle [0-9]*: fifo: (push when full|pop when empty)" \
    "ref: the C model's usage check fires on push when full / pop when empty" -- $M ref fifo --set misuse=10 --cycles 5000 --quiet

# two threads (cosim --threads 2, the default with two CPUs): the same results
# as one, and a failing run's report (and Verilator's messages) once, as one
# thread gives them: passing runs of each block's default set, an RTL
# assertion with the C model's usage check (a stimulus file runs in one)
same_threads() {
    local desc=$1
    shift
    "$@" --threads 1 >"$T/t1.out" 2>"$T/t1.err"
    local r1=$?
    "$@" --threads 2 >"$T/t2.out" 2>"$T/t2.err"
    local r2=$?
    if [ $r1 = $r2 ] && cmp -s "$T/t1.out" "$T/t2.out" && cmp -s "$T/t1.err" "$T/t2.err"; then
        echo "PASS cli --threads 2 as 1: $desc (exit $r1)"
    else
        echo "FAIL cli --threads 2 as 1: $desc (exit $r1 / $r2)"
        diff "$T/t1.out" "$T/t2.out" | head -5
        diff "$T/t1.err" "$T/t2.err" | head -5
        status=1
    fi
}
for b in $($M cosim --psets | awk '{print $1}' | uniq); do
    same_threads "$b, 3000 cycles" $M cosim $b --cycles 3000 --quiet --seed 7
done
same_threads "fifo misuse: RTL assertion and usage check" $M cosim fifo --set misuse=10 --cycles 5000 --quiet
same_threads "tbas: a knob out of range, its message once" $M cosim tbas --set min_active=64 --cycles 100 --quiet
expect 2 "--threads expects 1 or 2, got '3'" "--threads 3" -- $M cosim fifo --threads 3
expect 2 "--threads expects 1 or 2, got 'x'" "bench --threads x" -- $M bench fifo --threads x

# waves: every trace of the save file exists in the FST it names
for b in $($M cosim --psets | awk '{print $1}' | uniq); do
    if $M cosim $b --cycles 50 --fst "$T/$b.fst" --gtkw "$T/$b.gtkw" >/dev/null 2>&1 \
        && fst2vcd "$T/$b.fst" 2>/dev/null | awk '
            /^\$scope/ { path[++d] = $3 } /^\$upscope/ { d-- }
            /^\$var/ { n = path[1]; for (i = 2; i <= d; i++) n = n "." path[i]; print n "." $5 }' >"$T/$b.vars" \
        && grep -q . "$T/$b.vars" \
        && ! sed -n 's/^+{[^}]*} //; /^top\./p' "$T/$b.gtkw" | sed 's/\[[0-9]*:[0-9]*\]$//' | grep -vxF -f "$T/$b.vars" | grep -q .; then
        echo "PASS cli --gtkw save file of $b names only signals of its FST"
    else
        echo "FAIL cli --gtkw save file of $b names only signals of its FST"; status=1
    fi
done
# waves: GTKWave itself (headless, under xvfb-run) loads every trace of the
# save file, and shows the aliases (mrpb's per-queue occupancies as occ[q]).
cat >"$T/count.tcl" <<'TCL'
set n [gtkwave::getTotalNumTraces]
puts "TRACES $n"
for {set i 0} {$i < $n} {incr i} { puts "TRACE [gtkwave::getTraceNameFromIndex $i]" }
gtkwave::/File/Quit
TCL
for b in fifo mrpb dram_sched; do
    want=$(grep -c '^@' "$T/$b.gtkw")
    timeout 120 xvfb-run -a gtkwave -S "$T/count.tcl" "$T/$b.fst" "$T/$b.gtkw" >"$T/$b.gtkwave.log" 2>&1
    got=$(sed -n 's/^TRACES //p' "$T/$b.gtkwave.log")
    if [ -n "$want" ] && [ "$want" -gt 2 ] && [ "$got" = "$want" ] &&
        { [ $b != mrpb ] || grep -qx 'TRACE occ\[5\]' "$T/$b.gtkwave.log"; } &&
        { [ $b != dram_sched ] || grep -qx 'TRACE open_row\[15\]' "$T/$b.gtkwave.log"; }; then
        echo "PASS cli gtkwave loads all $want traces of the $b save file"
    else
        echo "FAIL cli gtkwave loads all ${want:-?} traces of the $b save file (got ${got:-none}; log $T/$b.gtkwave.log)"; status=1
    fi
done

expect 2 "--gtkw FILE writes a save file for the trace of --fst FILE" "--gtkw without --fst" -- $M cosim fifo --gtkw "$T/x.gtkw"

# the port table against the Verilated ports: a stale table fails, naming the port
H=$(ls build/vl/fifo_Depth8_Width32/V*.h | grep -v '__' | head -1)
if [ -f "$H" ]; then
    expect 0 "" "portcheck: tb/fifo_ports.h matches the Verilated fifo" -- tests/portcheck.sh build/memsched-c fifo "$H" "Depth=8 Width=32"
    sed 's/VL_IN(&wdata_i,31,0)/VL_IN(\&wdata_i,30,0)/' "$H" >"$T/narrow.h"
    expect 1 "tb/fifo_ports.h: port 'wdata' is 32 bits in the table \(32 x 1\) at Depth=8 Width=32, the Verilated fifo has wdata_i with 31" \
        "portcheck: a width that differs names the port" -- tests/portcheck.sh build/memsched-c fifo "$T/narrow.h" "Depth=8 Width=32"
    sed 's/VL_OUT8(&count_o,3,0);/&\n    VL_OUT8(\&half_o,0,0);/' "$H" >"$T/extra.h"
    expect 1 "the Verilated fifo \(Depth=8 Width=32\) has port half_o \(out, 1 bit\) that the table lacks" \
        "portcheck: a port the table lacks is named" -- tests/portcheck.sh build/memsched-c fifo "$T/extra.h" "Depth=8 Width=32"
    sed '/VL_IN8(&pop_i,0,0);/d' "$H" >"$T/missing.h"
    expect 1 "tb/fifo_ports.h: port 'pop' \(in, 1 bits\) is not a port of the Verilated fifo" \
        "portcheck: a table port the RTL lacks is named" -- tests/portcheck.sh build/memsched-c fifo "$T/missing.h" "Depth=8 Width=32"
    sed 's/VL_OUT8(&full_o,0,0);/VL_IN8(\&full_o,0,0);/' "$H" >"$T/dir.h"
    expect 1 "port 'full' is 'out' in the table" \
        "portcheck: a direction that differs is named" -- tests/portcheck.sh build/memsched-c fifo "$T/dir.h" "Depth=8 Width=32"
else
    echo "FAIL cli portcheck: no Verilated fifo header in build/vl"; status=1
fi

# record -> replay round trip: a recorded random run replays bit for bit
rec="$T/fifo_rec.stim"
if $M cosim fifo --set Depth=5 --seed 11 --cycles 5000 --record "$rec" >/dev/null 2>&1 &&
   $M cosim fifo --stim "$rec" >/dev/null 2>&1 &&
   $M ref fifo --stim "$rec" >"$T/ref.out" 2>/dev/null &&
   diff <(grep -v '^#' "$rec") <(grep -v '^#' "$T/ref.out") >/dev/null; then
    echo "PASS cli record/replay round trip (cosim --record, cosim --stim, ref --stim)"
else
    echo "FAIL cli record/replay round trip"; status=1
fi
# a replayed random run gives the same summary as the original
# (the same summary and the same exit status; a failing run replays as a failure)
replay_same() { # replay_same DESC BLOCK ARGS...: record a run, replay it, compare
    local desc=$1 blk=$2 a b ra rb
    shift 2
    $M cosim "$blk" "$@" --record "$T/rr.stim" >"$T/rr.a" 2>&1; ra=$?
    $M cosim "$blk" --stim "$T/rr.stim" >"$T/rr.b" 2>&1; rb=$?
    a=$(grep "^cosim $blk .*: cycles=" "$T/rr.a"); b=$(grep "^cosim $blk .*: cycles=" "$T/rr.b")
    if [ "$ra" = "$rb" ] && [ "${a/ seed=* mismatches/ X}" = "${b/ seed=* mismatches/ X}" ]; then
        echo "PASS cli replay reproduces the run and its exit status $ra ($desc)"
    else
        echo "FAIL cli replay reproduces the run ($desc): '$a' (exit $ra) vs '$b' (exit $rb)"; status=1
    fi
}
replay_same "argmax N=5" argmax --set N=5 --seed 4 --cycles 3000
replay_same "fifo misuse: an assertion, exit 1" fifo --set misuse=10 --seed 4 --cycles 3000
# ref | cosim pipeline through stdin
if $M ref rr_arb --set N=8 --seed 3 --cycles 2000 2>/dev/null | $M cosim rr_arb --stim - >/dev/null 2>&1; then
    echo "PASS cli ref | cosim --stim - pipeline"
else
    echo "FAIL cli ref | cosim --stim - pipeline"; status=1
fi
# the area flow (constraints/area.sh): a small run with each ABC script, and bad input
if command -v yosys >/dev/null && command -v sta >/dev/null; then
    A=constraints/area.sh
    for abc in full fast; do
        rm -rf "$T/area_$abc"
        if line=$($A -o "$T/area_$abc" --abc $abc prio_enc N=8 2>"$T/err") &&
           grep -qx "abc=$abc" "$T/area_$abc/result.txt" &&
           grep -qx "flops=0" "$T/area_$abc/result.txt" &&
           [[ $line == "prio_enc N=8 on osu018_stdcells: "*" cells, "* ]]; then
            echo "PASS cli area.sh --abc $abc prio_enc N=8 (${line#*: })"
        else
            echo "FAIL cli area.sh --abc $abc prio_enc N=8 ($line)"; sed 's/^/    /' "$T/err" | head -5; status=1
        fi
    done
    # auto picks the fast script above ABC_FULL_MAX generic cells
    if ABC_FULL_MAX=10 $A -q -o "$T/area_auto" prio_enc N=8 2>"$T/err" && grep -qx "abc=fast" "$T/area_auto/result.txt"; then
        echo "PASS cli area.sh picks the fast ABC script above ABC_FULL_MAX"
    else
        echo "FAIL cli area.sh picks the fast ABC script above ABC_FULL_MAX"; status=1
    fi
    # both recipes are mapped and timed, and the one kept has the better slack
    r=$T/area_full/result.txt
    kept=$(sed -n 's/^abc_recipe=//p' "$r"); ks=$(sed -n 's/^slack_ns=//p' "$r"); os=$(sed -n 's/^abc_other_slack_ns=//p' "$r")
    if [[ $kept == dc2 || $kept == nodc2 ]] && [ -s "$T/area_full/dc2/netlist.v" ] && [ -s "$T/area_full/nodc2/netlist.v" ] &&
       awk -v k="$ks" -v o="$os" 'BEGIN { exit !(k + 1e-6 >= o) }' &&
       cmp -s "$T/area_full/netlist.v" "$T/area_full/$kept/netlist.v"; then
        echo "PASS cli area.sh keeps the better of its two ABC recipes ($kept: $ks ns, other: $os ns)"
    else
        echo "FAIL cli area.sh keeps the better of its two ABC recipes (kept '$kept' slack '$ks', other '$os')"; status=1
    fi
    if $A -q -o "$T/area_one" --recipe dc2 prio_enc N=8 2>"$T/err" && grep -qx "abc_recipe=dc2" "$T/area_one/result.txt" &&
       grep -qx "abc_other_slack_ns=none" "$T/area_one/result.txt" && [ ! -e "$T/area_one/nodc2" ]; then
        echo "PASS cli area.sh --recipe dc2 maps one recipe"
    else
        echo "FAIL cli area.sh --recipe dc2 maps one recipe"; sed 's/^/    /' "$T/err" | head -5; status=1
    fi
    # the timing repair: the FIFO (flip-flops with asynchronous reset, a
    # (* map_alone *) instance) misses 1.0 ns as mapped; the repaired netlist is
    # faster, proven equal, and is the one reported; with --repair 0 the mapped one is
    r=$T/area_rep/result.txt
    if $A -q -o "$T/area_rep" --repair 600 --period 1.0 fifo Depth=8 Width=32 2>"$T/err" &&
       mv=$(sed -n 's/^repair_moves=//p' "$r") && us=$(sed -n 's/^unrepaired_slack_ns=//p' "$r") && rs=$(sed -n 's/^slack_ns=//p' "$r") &&
       [ "$mv" -gt 0 ] && awk -v r="$rs" -v u="$us" 'BEGIN { exit !(u < 0 && r > u + 0.01) }' &&
       grep -q "^Networks are equivalent" "$T/area_rep/repair/cec.log" &&
       cmp -s "$T/area_rep/netlist.v" "$T/area_rep/repair/netlist.v" &&
       $A -q -o "$T/area_norep" --repair 0 --period 1.0 fifo Depth=8 Width=32 2>"$T/err" &&
       grep -qx "slack_ns=$us" "$T/area_norep/result.txt" && grep -qx "repair_moves=0" "$T/area_norep/result.txt"; then
        echo "PASS cli area.sh repairs a netlist that misses its clock ($us -> $rs ns in $mv moves, proven equal)"
    else
        echo "FAIL cli area.sh repairs a netlist that misses its clock (moves '$mv', slack '$us' -> '$rs')"; sed 's/^/    /' "$T/err" | head -5; status=1
    fi
    # the proof fails when it should: the repaired FIFO with one NAND2X1 made a
    # NOR2X1 (ABC names an output that differs), a flip-flop of another cell,
    # a flip-flop's D left floating, an x on a D
    LIB_OSU=/usr/share/qflow/tech/osu018/osu018_stdcells.lib
    rg=$T/area_rep/repair/gold.v rn=$T/area_rep/repair/netlist.v
    eq_rejects() {   # eq_rejects DESC PERL-SUBSTITUTION MESSAGE-REGEX
        if [ -f "$rg" ] && perl -0pe "$2" "$rn" > "$T/mut.v" && ! cmp -s "$T/mut.v" "$rn" &&
           ! constraints/equiv_cut.sh "$LIB_OSU" fifo "$rg" "$T/mut.v" "$T/mut_eq" 2>"$T/err" &&
           grep -qE -- "$3" "$T/err"; then
            echo "PASS cli equiv_cut.sh rejects the repaired FIFO with $1"
        else
            echo "FAIL cli equiv_cut.sh rejects the repaired FIFO with $1"; sed 's/^/    /' "$T/err" | head -5; status=1
        fi
    }
    if [ -f "$rg" ] && constraints/equiv_cut.sh "$LIB_OSU" fifo "$rg" "$rn" "$T/good_eq" 2>"$T/err"; then
        echo "PASS cli equiv_cut.sh proves the repaired FIFO"
    else
        echo "FAIL cli equiv_cut.sh proves the repaired FIFO"; sed 's/^/    /' "$T/err" | head -5; status=1
    fi
    eq_rejects "one NAND2X1 made a NOR2X1" 's/NAND2X1/NOR2X1/' "Output .*: Value in Network1"
    eq_rejects "a flip-flop of another cell" 's/DFFPOSX1/DFFNEGX1/' "not proven equal .*ABC could not compare"
    eq_rejects "a D left floating" 's/\.D\(_0[0-9]+_\)/.D(floating_net)/' "not proven equal .*ABC could not compare"
    eq_rejects "an x on a D" 's/\.D\(_0[0-9]+_\)/.D(1\x27bx)/' "has x or z values"
    expect 2 "bad --repair 'soon' \(expected seconds, 0 for none\)" "area.sh bad --repair" -- $A --repair soon prio_enc N=8
    expect 2 "bad --recipe 'both' \(expected dc2, nodc2 or best\)" "area.sh bad --recipe" -- $A --recipe both prio_enc N=8
    expect 2 "bad --abc 'quick' \(expected full, fast or auto\)" "area.sh bad --abc" -- $A --abc quick prio_enc N=8
    expect 2 "unknown block 'nosuch'" "area.sh unknown block" -- $A nosuch
    expect 2 "prio_enc has no parameter 'Bogus'" "area.sh unknown parameter" -- $A -o "$T/area_bad" prio_enc Bogus=3
else
    echo "FAIL cli area.sh: yosys or sta missing (make deps installs them)"; status=1
fi
exit $status
