#!/usr/bin/env bash
# portcheck.sh MEMSCHED_C BLOCK VHEADER 'P=V ...' - the block's port table
# (tb/BLOCK_ports.h, as `memsched ports` prints it at these parameters) must
# list exactly the ports of the Verilated model (its header VHEADER declares
# them: VL_IN8(&push_i,0,0); ...), clock and reset aside: the same names,
# directions and widths (width x count). Run by the build for every
# parameter set; a difference fails the build naming the port.
set -u
M=$1 B=$2 H=$3 P=$4
sets=()
for p in $P; do sets+=(--set "$p"); done
table=$("$M" ports "$B" "${sets[@]}") || { echo "portcheck: '$M ports $B $P' failed" >&2; exit 1; }
# "in push 1 push_i" per port of the model (the header groups them by C type).
model=$(sed -n 's/^ *VL_\(IN\|OUT\)[0-9W]*(&\([A-Za-z0-9_]*\),\([0-9]*\),\([0-9]*\).*/\1 \2 \3 \4/p' "$H" |
        awk '$2 != "clk_i" && $2 != "rst_ni" && $2 != "mutsel" {
                 n = $2; sub(/_[io]$/, "", n); print tolower($1), n, $3 - $4 + 1, $2 }')
status=0
# Every table port exists in the model with the same direction and total width.
while read -r dir name w c; do
    want=$((w * c))
    got=$(awk -v n="$name" -v d="$dir" '$2 == n && $1 == d' <<<"$model")
    [ -n "$got" ] || got=$(awk -v n="$name" '$2 == n' <<<"$model" | head -1)
    if [ -z "$got" ]; then
        echo "tb/${B}_ports.h: port '$name' ($dir, $want bits) is not a port of the Verilated $B ($P); its ports: $(awk '{printf "%s%s", s, $4; s=" "}' <<<"$model")" >&2
        status=1; continue
    fi
    read -r mdir _ mw mport <<<"$got"
    if [ "$mdir" != "$dir" ]; then
        echo "tb/${B}_ports.h: port '$name' is '$dir' in the table, the Verilated $B ($P) has $mport as '$mdir'put" >&2; status=1
    elif [ "$mw" != "$want" ]; then
        echo "tb/${B}_ports.h: port '$name' is $want bits in the table ($w x $c) at $P, the Verilated $B has $mport with $mw" >&2; status=1
    elif [ "$mport" != "${name}_$([ "$dir" = in ] && echo i || echo o)" ]; then
        echo "tb/${B}_ports.h: port '$name': the Verilated $B names it $mport (inputs end in _i, outputs in _o)" >&2; status=1
    fi
done <<<"$table"
# Every model port is in the table.
while read -r dir name w port; do
    if ! awk -v n="$name" -v d="$dir" '$2 == n && $1 == d {f=1} END {exit !f}' <<<"$table"; then
        echo "tb/${B}_ports.h: the Verilated $B ($P) has port $port ($dir, $w bit$([ "$w" = 1 ] || echo s)) that the table lacks" >&2; status=1
    fi
done <<<"$model"
exit $status
