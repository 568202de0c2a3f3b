#!/usr/bin/env bash
# area_table.sh - the area/timing table of `make area`: constraints/area.sh for
# each parameter set, then one table on stdout and in OUT/summary.txt.
#
#   constraints/area_table.sh [options] [SET ...]
#
#     SET                block:Param=Value,...  e.g. prio_enc:N=48 fifo:Depth=8,Width=32
#                        (a bare block name: its RTL parameter defaults). No SET: the
#                        default set of every block (the first of each in the
#                        Makefile's PSETS).
#     -l, --liberty LIB  liberty file, plain or .lib.gz
#                        (default /usr/share/qflow/tech/osu018/osu018_stdcells.lib)
#     -o, --out DIR      output directory (default out/area): DIR/<block>_<params>/
#                        per set, DIR/summary.txt
#     --rtl BLOCK=FILES  the RTL files of BLOCK (the Makefile passes RTL_<block>)
#     --period NS        clock target in ns (default: from the library, see area.sh)
#     -j, --jobs N       sets run at the same time (default: the number of CPUs)
#     --quick            the estimate `make run` prints: ABC's fast script, one
#                        recipe (no dc2), no timing repair (area.sh --abc fast
#                        --recipe nodc2 --repair 0); `make area` (without it)
#                        gives the sign-off figures
#
# Exit: 0 table complete (negative slack is a result, not an error); 1 a tool
# failed on some set (the table lists it, the message names its log); 2 bad
# usage or bad input (a liberty file that does not exist, an unknown block).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
prog=constraints/area_table.sh
# shellcheck source=constraints/yosys_elab.sh
. "$here/yosys_elab.sh"       # make_expr: the Makefile's default sets

usage() { echo "$prog: $*" >&2; echo "usage: $prog [-l LIBERTY] [-o DIR] [--rtl BLOCK=FILES]... [-j N] [block:Param=Value,...]..." >&2; exit 2; }

liberty=/usr/share/qflow/tech/osu018/osu018_stdcells.lib
out=$root/out/area
period=
jobs=
quick=0
sets=()
declare -A rtl_of=()
while [ $# -gt 0 ]; do
    case $1 in
        -l|--liberty) [ $# -ge 2 ] || usage "$1 needs a file"; liberty=$2; shift 2 ;;
        -o|--out)     [ $# -ge 2 ] || usage "$1 needs a directory"; out=$2; shift 2 ;;
        --rtl)        [ $# -ge 2 ] || usage "$1 needs BLOCK=FILES"
                      [[ $2 == ?*=* ]] || usage "bad --rtl '$2' (expected BLOCK=FILES)"
                      rtl_of[${2%%=*}]=${2#*=}; shift 2 ;;
        --period)     [ $# -ge 2 ] || usage "$1 needs a value in ns"; period=$2; shift 2 ;;
        -j|--jobs)    [ $# -ge 2 ] || usage "$1 needs a number"; jobs=$2; shift 2 ;;
        --quick)      quick=1; shift ;;
        -h|--help)    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
        -*)           usage "unknown option $1" ;;
        *)            sets+=("$1"); shift ;;
    esac
done

# The liberty first: a wrong LIBERTY= is the likeliest mistake.
if [ ! -e "$liberty" ]; then
    echo "$prog: LIBERTY file '$liberty' does not exist (the default is /usr/share/qflow/tech/osu018/osu018_stdcells.lib, from qflow-tech-osu018: make deps)" >&2
    exit 2
fi
[ -f "$liberty" ] && [ -r "$liberty" ] || { echo "$prog: LIBERTY '$liberty' is not a readable file" >&2; exit 2; }
if [ -n "$jobs" ]; then [[ $jobs =~ ^[1-9][0-9]*$ ]] || usage "bad --jobs '$jobs'"; fi
for t in yosys sta; do
    command -v $t >/dev/null 2>&1 || { echo "$prog: $t not found (make deps installs it)" >&2; exit 1; }
done

# No sets: the first set of each block in the Makefile's PSETS.
if [ ${#sets[@]} -eq 0 ]; then
    read -r -a sets < <(make_expr "$root" '$(foreach b,$(BLOCKS),$(call first_of,$b))')
    [ ${#sets[@]} -gt 0 ] || { echo "$prog: no sets given and none found in the Makefile's PSETS" >&2; exit 2; }
fi

# Check every set before running any; drop repeats (they would share a directory).
blocks=(); plists=(); tags=()
declare -A seen=()
for s in "${sets[@]}"; do
    b=${s%%:*}; p=; [[ $s == *:* ]] && p=${s#*:}
    [[ $b =~ ^[a-z][a-z0-9_]*$ ]] || usage "bad set '$s' (expected block:Param=Value,...)"
    [ -f "$root/rtl/$b.sv" ] || { echo "$prog: unknown block '$b' (no rtl/$b.sv; blocks: $(cd "$root/rtl" && ls *.sv | sed 's/\.sv$//' | tr '\n' ' '))" >&2; exit 2; }
    [ -f "$root/constraints/$b.sdc" ] || { echo "$prog: block '$b' has no constraints/$b.sdc" >&2; exit 2; }
    tag=$b
    IFS=, read -r -a ps <<< "$p"
    for kv in "${ps[@]+"${ps[@]}"}"; do
        [[ $kv =~ ^[A-Za-z_][A-Za-z0-9_]*=-?[0-9]+$ ]] || usage "bad parameter '$kv' in set '$s' (expected Name=integer)"
        tag+="_${kv/=/}"
    done
    [ -n "${seen[$tag]:-}" ] && continue
    seen[$tag]=1
    blocks+=("$b"); plists+=("$p"); tags+=("$tag")
done
n=${#tags[@]}

mkdir -p "$out" || { echo "$prog: cannot create '$out'" >&2; exit 1; }
out=$(cd "$out" && pwd)

# A gzipped liberty is unpacked once here, so that parallel runs share it
# instead of each writing the same file.
lib=$liberty
if [[ $liberty == *.gz ]]; then
    mkdir -p "$out/lib"
    lib=$out/lib/$(basename "${liberty%.gz}")
    if [ ! -f "$lib" ] || [ "$liberty" -nt "$lib" ]; then
        gzip -dc "$liberty" > "$lib.tmp.$$" && mv "$lib.tmp.$$" "$lib" ||
            { rm -f "$lib.tmp.$$"; echo "$prog: cannot gunzip '$liberty'" >&2; exit 2; }
    fi
fi

# Parallel runs are safe: each set has its own directory, the liberty is
# shared read-only, Yosys/ABC and OpenSTA are single-threaded and small
# (well under 1 GB). One run per CPU.
[ -n "$jobs" ] || jobs=$(nproc 2>/dev/null || echo 1)
[ "$jobs" -le "$n" ] || jobs=$n

# Each run records its exit code in its directory; `wait -n` keeps at most
# $jobs running. (An interrupt reaches every run: they share the terminal's
# process group.)
running=0
for ((i = 0; i < n; i++)); do
    if [ $running -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
    d=$out/${tags[$i]}
    mkdir -p "$d"
    rm -f "$d/result.txt" "$d/run.log" "$d/run.rc"
    args=(-q -l "$lib" -o "$d")
    [ -n "${rtl_of[${blocks[$i]}]:-}" ] && args+=(--rtl "${rtl_of[${blocks[$i]}]}")
    [ -n "$period" ] && args+=(--period "$period")
    [ $quick = 1 ] && args+=(--abc fast --recipe nodc2 --repair 0)
    IFS=, read -r -a ps <<< "${plists[$i]}"
    echo "$prog: ${blocks[$i]} ${plists[$i]:-(RTL defaults)}" >&2
    ( "$here/area.sh" "${args[@]}" "${blocks[$i]}" "${ps[@]+"${ps[@]}"}" > "$d/run.log" 2>&1
      echo $? > "$d/run.rc" ) &
    running=$((running + 1))
done
wait

# Collect in the order given.
rc=0
failed=()
for ((i = 0; i < n; i++)); do
    d=$out/${tags[$i]}
    r=$(cat "$d/run.rc" 2>/dev/null || echo 1)
    # Notes of successful runs (unconstrained endpoints, a guessed clock target).
    [ "$r" -eq 0 ] && grep -h ': note: ' "$d/run.log" >&2
    if [ "$r" -ne 0 ] || [ ! -f "$d/result.txt" ]; then
        if [ "$r" -eq 2 ] && [ $rc -ne 1 ]; then rc=2; else rc=1; fi
        failed+=("$i")
        echo "$prog: FAILED ${blocks[$i]} ${plists[$i]} (exit $r), see $d/run.log:" >&2
        sed 's/^/  /' "$d/run.log" >&2
    fi
done

val() { sed -n "s/^$1=//p" "$2"; }
ns()  { if [[ $1 =~ ^-?[0-9.]+$ ]]; then printf '%.3f' "$1"; else printf '%s' "${1:--}"; fi; }
first=
for ((i = 0; i < n; i++)); do
    [ -f "$out/${tags[$i]}/result.txt" ] && { first=$out/${tags[$i]}/result.txt; break; }
done

{
    if [ -n "$first" ]; then
        printf 'memsched area and timing: %s (%s)\n' "$(val library "$first")" "$liberty"
        [ $quick = 1 ] && printf '%s\n' "QUICK ESTIMATE: ABC's fast script, no dc2 recipe, no timing repair; the sign-off figures are \`make area\` (docs/area.md)"
        printf 'clock target %s ns = %s FO4 (FO4 %s ns in this library); Yosys %s, OpenSTA %s\n' \
            "$(val period_ns "$first")" "$(val period_fo4 "$first")" "$(val fo4_ns "$first")" \
            "$(yosys -V | awk '{ print $2 }')" "$(sta -version 2>/dev/null)"
        echo
    fi
    {
        printf 'block\tparameters\tcells\tarea_um2\tflops\tbits\tcrit_ns\tslack_ns\tcrit_FO4\tlimiting path\n'
        for ((i = 0; i < n; i++)); do
            f=$out/${tags[$i]}/result.txt
            if [ -f "$f" ]; then
                mark=; [ "$(val abc "$f")" = fast ] && mark='*'
                rm_=$(val repair_moves "$f"); [ -n "$rm_" ] && [ "$rm_" != 0 ] && mark+='+'
                printf '%s%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s -> %s\n' \
                    "$(val block "$f")" "$mark" "$(val params "$f")" "$(val cells "$f")" "$(val area_um2 "$f")" \
                    "$(val flops "$f")" "$(val storage_bits "$f")" "$(ns "$(val crit_ns "$f")")" \
                    "$(ns "$(val slack_ns "$f")")" "$(val crit_fo4 "$f")" "$(val startpoint "$f")" "$(val endpoint "$f")"
            else
                printf '%s\t%s\tFAILED\t-\t-\t-\t-\t-\t-\tsee %s\n' "${blocks[$i]}" "${plists[$i]:--}" "$out/${tags[$i]}/run.log"
            fi
        done
    } | awk -F'\t' '
        { for (i = 1; i <= NF; i++) { cell[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) } nf[NR] = NF }
        END {
            for (r = 1; r <= NR; r++) {
                line = ""
                for (i = 1; i <= nf[r]; i++) {
                    # text columns left-aligned, numbers right-aligned, the last one unpadded
                    if (i == nf[r])            line = line cell[r, i]
                    else if (i <= 2)           line = line sprintf("%-" w[i] "s  ", cell[r, i])
                    else                       line = line sprintf("%" w[i] "s  ", cell[r, i])
                }
                print line
            }
        }'
    echo
    echo 'cells, area: Yosys stat -liberty of the mapped netlist; flops: flip-flop cells; bits: storage bits'
    echo 'of the RTL; crit: delay of the worst path from its launch (input delay or clock edge) to'
    echo 'its end (plus setup at a flop); slack: against the budget in constraints/<block>.sdc. docs/area.md'
    for ((i = 0; i < n; i++)); do
        f=$out/${tags[$i]}/result.txt
        if [ -f "$f" ] && [ "$(val abc "$f")" = fast ]; then
            if [ $quick = 1 ]; then
                echo "*: mapped with ABC's fast script (no SAT sweeping or choices), no dc2 recipe, no timing repair: --quick."
                echo "   A negative slack here is the quick mapping's; make area (ABC's full script, both recipes, the"
                echo "   timing repair) gives the sign-off figures (docs/area.md)"
            else echo "*: mapped with ABC's fast script (no SAT sweeping or choices): more than ABC_FULL_MAX generic cells"; fi
            break
        fi
    done
    for ((i = 0; i < n; i++)); do
        f=$out/${tags[$i]}/result.txt
        if [ -f "$f" ] && [ -n "$(val repair_moves "$f")" ] && [ "$(val repair_moves "$f")" != 0 ]; then
            printf '+: %s: timing repair (constraints/repair.tcl) of a mapping with slack %s ns: %s moves, proven equal\n' \
                "$(val block "$f")" "$(ns "$(val unrepaired_slack_ns "$f")")" "$(val repair_moves "$f")"
        fi
    done
} > "$out/summary.txt.tmp"
mv "$out/summary.txt.tmp" "$out/summary.txt"
cat "$out/summary.txt"

if [ $rc -ne 0 ]; then
    echo "$prog: ${#failed[@]} of $n sets failed (see the messages above)" >&2
fi
exit $rc
