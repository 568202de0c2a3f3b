#!/bin/sh
# docs_tables.sh - rewrite the tables docs/sim.md copies from the program
# (the GPGPU-Sim option table, the key table and the statistics table; the tests compare them
# with the program's): `make docs-tables` after adding a key or an option.
set -eu
M=${M:-build/memsched-c}
D=docs/sim.md
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
"$M" sim --list-gpgpusim-options >"$T/opts"
"$M" sim --list-keys >"$T/keys"
"$M" sim --list-stats >"$T/stats"
# The first fenced block after the line that starts with $2, replaced by file $3.
splice() {
    awk -v start="$2" -v file="$3" '
        index($0, start) == 1 { f = 1 }
        f == 1 && /^```$/ { print; while ((getline l < file) > 0) print l; f = 2; next }
        f == 2 { if (/^```$/) { print; f = 3 }; next }
        { print }' "$1"
}
splice "$D" '`--config FILE` reads a GPGPU-Sim' "$T/opts" >"$T/d1"
splice "$T/d1" '`--set key=value` sets any key' "$T/keys" >"$T/d2"
splice "$T/d2" '## Statistics' "$T/stats" >"$T/d3"
cmp -s "$T/d3" "$D" || { cp "$T/d3" "$D"; echo "docs_tables: $D updated"; }
