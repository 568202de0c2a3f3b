#!/usr/bin/env bash
# constraints/equiv_cut.sh LIB TOP GOLD GATE DIR - prove two flat gate-level
# netlists of TOP equal, cut at their flip-flops (the timing repair's proof,
# constraints/area.sh --repair; docs/area.md, "Timing repair").
#
# The repair moves combinational gates only (sizing, cloning, buffering), so
# the flip-flops of GOLD and GATE are the same cells and instances. Both are
# cut at them (constraints/cut_flops.pl: each flip-flop's inputs become output
# ports, its outputs input ports, named after the instance and the cell), read
# with the liberty cells' functions, and ABC's cec (fraiging and SAT, ports
# matched by name) must find the two combinational netlists equal. Equal cut
# netlists are sequentially equivalent from every state: every flip-flop gets
# the same D, clock, set and reset from the same state and inputs. Ports that
# differ (a flip-flop in one netlist only or of another cell, a net floating
# in one only) make ABC stop before comparing: not proven.
#
# Files in DIR: gold_cut.v gate_cut.v (kept when the proof fails), *_blif.log,
# cec.log. Exit: 0 proven equal; 1 not proven (the message names an output
# that differs, when ABC found one) or a tool failed; 2 bad usage.
set -euo pipefail
prog=constraints/equiv_cut.sh
[ $# -eq 5 ] || { echo "usage: $prog LIB TOP GOLD GATE DIR" >&2; exit 2; }
lib=$1 top=$2 gold=$3 gate=$4 dir=$5
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
die() { echo "$prog: $*" >&2; exit 1; }
for t in yosys yosys-abc perl; do
    command -v $t > /dev/null 2>&1 || die "$t not found (make deps installs it)"
done
mkdir -p "$dir"
for w in gold gate; do
    src=$gold; [ $w = gold ] || src=$gate
    perl "$here/cut_flops.pl" "$lib" "$src" "$dir/${w}_cut.v" > /dev/null || die "cannot cut $src at its flip-flops"
    # An undriven net that something reads becomes an input named after it
    # (a net left floating in one netlist only gives the two different
    # inputs); an x is not allowed (BLIF would read it as 0).
    yosys -q -l "$dir/${w}_blif.log" -p "read_liberty $lib; read_verilog $dir/${w}_cut.v; hierarchy -top $top; flatten; techmap; opt_clean -purge; setundef -undriven -expose; write_blif -gates $dir/$w.blif" > /dev/null 2>&1 ||
        die "Yosys could not read $dir/${w}_cut.v, see $dir/${w}_blif.log"
    # (write_blif defines $undef always; a use of it is an x.)
    ! grep -v '^\.names \$undef$' "$dir/$w.blif" | grep -q '\$undef' ||
        die "$src has x or z values (see $dir/$w.blif): not a netlist to prove"
done
yosys-abc -c "cec $dir/gold.blif $dir/gate.blif" > "$dir/cec.log" 2>&1 || true
rm -f "$dir/gold.blif" "$dir/gate.blif"
if ! grep -q '^Networks are equivalent' "$dir/cec.log"; then
    if grep -q 'NOT EQUIVALENT' "$dir/cec.log"; then
        echo "$prog: $gate is not equal to $gold, see $dir/cec.log:" >&2
    else
        # e.g. "different number of primary inputs": a flip-flop, a cell of
        # one, or a floating net in one netlist only
        echo "$prog: $gate is not proven equal to $gold (ABC could not compare them), see $dir/cec.log:" >&2
    fi
    grep -m3 -E 'NOT EQUIV|failed|Output|rror|different' "$dir/cec.log" | sed 's/^/  /' >&2 || true
    exit 1
fi
rm -f "$dir/gold_cut.v" "$dir/gate_cut.v"
