#!/usr/bin/env bash
# lint.sh - verilator --lint-only -Wall at every built parameter set, and a
# Yosys read (read_verilog -sv, hierarchy -check, proc) of every RTL file and
# of every block at every parameter set (from the block's RTL files as the
# Makefile lists them). One PASS/FAIL line per check.
# Usage: tests/lint.sh block:P=V,P=V ...   (the Makefile passes its PSETS)
set -u
cd "$(dirname "$0")/.."
# shellcheck source=constraints/yosys_elab.sh
. constraints/yosys_elab.sh
log=build/lint
mkdir -p "$log"
status=0
report() { # report OK|BAD description logfile
    if [ "$1" = OK ]; then echo "PASS lint $2"; else echo "FAIL lint $2 (log: $3)"; sed 's/^/    /' "$3" | head -20; status=1; fi
}

# Yosys prints this for the unpacked arrays of the selection trees; it is
# informational (the arrays become plain wires), every other warning fails.
yosys_ok() { ! grep -v "Replacing memory .* with list of registers" "$1" | grep -qiE "warning|error"; }

# Each check runs as a background job, JOBS at a time; its PASS/FAIL lines
# are printed in order at the end (tests/pool.sh).
# shellcheck source=tests/pool.sh
. tests/pool.sh
pool_init "$log"

yosys_read() { # yosys_read FILE
    local f=$1 m l
    m=$(basename "$f" .sv)
    l=$log/yosys_read_$m.log
    if yosys -q -p "read_verilog -sv $f" >"$l" 2>&1 && yosys_ok "$l"; then report OK "yosys read $f" "$l"; else report BAD "yosys read $f" "$l"; fi
}

pset() { # pset BLOCK:P=V,...: Verilator -Wall and a Yosys elaboration at that set
    local ps=$1 b params gflags name kv p tag l
    b=${ps%%:*}
    params=${ps#*:}
    gflags=() name="$b"
    IFS=, read -ra kv <<<"$params"
    for p in "${kv[@]}"; do
        gflags+=("-G$p")
        name+=" $p"
    done
    tag=${ps//[:=,]/_}
    l=$log/verilator_$tag.log
    if verilator --lint-only -Wall -y rtl --top-module "$b" "${gflags[@]}" "rtl/$b.sv" >"$l" 2>&1; then
        report OK "verilator -Wall $name" "$l"
    else
        report BAD "verilator -Wall $name" "$l"
    fi
    l=$log/yosys_$tag.log
    # the block's own files (the Makefile's RTL_<block>, dependencies first):
    # a file missing from that list fails here, and a read of every file of
    # rtl/ per parameter set cost 7 s each
    if yosys -q -p "read_verilog -sv $(block_rtl . "$b"); $(yosys_elab "$b" "${kv[@]}"); proc; check -assert" >"$l" 2>&1 && yosys_ok "$l"; then
        report OK "yosys hierarchy $name" "$l"
    else
        report BAD "yosys hierarchy $name" "$l"
    fi
}

for f in rtl/*.sv; do pool_run yosys_read "$f"; done
for ps in "$@"; do pool_run pset "$ps"; done
pool_end || status=1
exit $status
