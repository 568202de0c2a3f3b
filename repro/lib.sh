# shellcheck shell=bash
# lib.sh - what the reproductions share (sourced by repro/*/run.sh and
# report.sh): a compare sweep per group of runs, a group's statistics,
# clustered-bar figures, the claim table and its summary. repro/mrpb's
# scripts keep their own sweep and figures (its run reads its script while it
# runs; its figures are log-scale with the paper's line).

# repro_group NAME SIZE DIR GROUP WORKLOADS CONFIGS [SIZEOF]: one `memsched compare` sweep of
# WORKLOADS (space-separated) x CONFIGS (compare --configs) into DIR/GROUP, with its labels in
# DIR/GROUP.labels and its log in DIR/GROUP.log; a progress line on stderr. SIZEOF, a function
# (workload size -> the size it runs at), splits the sweep by input size (a capped workload).
# Environment: M, JOBS, REUSE=1 (tabulate what is there: compare --merge), RESUME=1 (compare
# --resume). Returns 1 (after the log's tail) when the sweep failed.
repro_group() {
    local name=$1 size=$2 dir=$3 grp=$4 wl=$5 cfgs=$6 sizeof=${7:-} t0=$SECONDS d=$3/$4 w s part ok=1
    [ -n "$wl" ] || return 0
    local n=$(( $(wc -w <<<"$wl") * $(tr ',' '\n' <<<"$cfgs" | wc -l) ))
    printf 'repro %s: %-8s %-6s %4d runs ... ' "$name" "$size" "$grp" "$n" >&2
    mkdir -p "$dir"
    [ "${REUSE:-0}" = 1 ] || [ "${RESUME:-0}" = 1 ] || rm -rf "${d:?}"
    tr ',' '\n' <<<"$cfgs" | sed 's/=.*//' >"$d.labels"
    : >"$d.log"
    for s in $(for w in $wl; do if [ -n "$sizeof" ]; then "$sizeof" "$w" "$size"; else echo "$size"; fi; done | sort -u); do
        part=$(for w in $wl; do [ "$(if [ -n "$sizeof" ]; then "$sizeof" "$w" "$size"; else echo "$size"; fi)" = "$s" ] && echo "$w"; done | paste -sd,)
        "$M" compare --workload "$part" --configs "$cfgs" \
            $([ "$s" = default ] || echo --size "$s") $([ "${REUSE:-0}" = 1 ] && echo --merge) \
            $([ "${RESUME:-0}" = 1 ] && echo --resume) --jobs "$JOBS" --progress 60 --out "$d" >>"$d.log" 2>&1 || ok=0
    done
    if [ $ok = 1 ]; then
        echo "$((SECONDS - t0)) s" >&2
        return 0
    fi
    echo "FAILED ($d.log)" >&2
    tail -5 "$d.log" | sed 's/^/    /' >&2
    return 1
}

# repro_size_for W SIZE: the size workload W runs at in a sweep at SIZE: SIZE, or W's cap where it
# is smaller. CAP: "workload:size ..." (the run's caps); REPRO_WORKLOADS: a file of `sim
# --list-workloads` (name, default size, quick size first).
repro_size_for() {
    local cap named
    cap=$(tr ' ' '\n' <<<"${CAP:-}" | sed -n "s/^$1:\([0-9][0-9]*\)$/\1/p")
    named=$(awk -v w="$1" -v s="$2" '$1 == w {print s == "default" ? $2 : s == "half" ? int($2 / 2) : s == "quick" ? $3 : s}' \
        "$REPRO_WORKLOADS")
    if [ -n "$cap" ] && [ -n "$named" ] && [ "$cap" -lt "$named" ]; then echo "$cap"; else echo "$2"; fi
}

# repro_runs DIR JQ: one line per run of group DIR (of the labels its sweep ran): {label,
# workload, s: (the run's JSON | JQ)}
repro_runs() {
    local f l
    for f in "$1"/runs/*.json; do
        [ -f "$f" ] || continue
        l=$(basename "$f" .json) l=${l##*@}
        grep -qxF -- "$l" "${1%/}.labels" 2>/dev/null || continue
        jq -c --arg f "$(basename "$f" .json)" "{label: (\$f | sub(\"^.*@\"; \"\")), workload: (\$f | sub(\"@[^@]*\$\"; \"\")), s: ($2)}" "$f"
    done
}

# repro_plot DIR NAME TITLE YLABEL STYLE: DIR/NAME.dat (tab-separated: a header row, then a row
# per x) as clustered bars (STYLE bars), stacked shares (stacked) or lines (lines), SVG and PNG
# by gnuplot; prints the report's lines for it
repro_plot() {
    local F=$1 name=$2 title=$3 ylabel=$4 style=$5 cols="" i n
    n=$(head -1 "$F/$name.dat" | awk -F'\t' '{print NF}')
    for ((i = 2; i <= n; i++)); do
        if [ "$style" = lines ]; then
            cols="$cols${cols:+, }'$([ $i = 2 ] && echo "$F/$name.dat")' using 1:$i with linespoints title columnhead($i)"
        else
            cols="$cols${cols:+, }'$([ $i = 2 ] && echo "$F/$name.dat")' using $i:xtic(1) title columnhead($i)"
        fi
    done
    for term in "svg size 1000,420 dynamic font 'sans,10'" "pngcairo size 1000,420 font 'sans,9'"; do
        local ext=${term%% *}
        ext=${ext/pngcairo/png}
        gnuplot >"$F/$name.gnuplot.log" 2>&1 <<GP || true
set terminal $term
set output '$F/$name.$ext'
set title "$title"
$([ "$style" = lines ] || printf 'set style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.8 border -1\nset xtics rotate by -45 scale 0\n')
$([ "$style" = stacked ] && printf 'set style histogram rowstacked\nset yrange [0:1]\n')
set ylabel "$ylabel"
set key outside right top
set grid ytics
set datafile separator "\t"
set datafile missing "NaN"
plot $cols
GP
    done
    echo "![$title](figures/$name.svg)"
    echo
    echo "[PNG](figures/$name.png), [data](figures/$name.dat)"
    echo
}

# repro_claims C1 C2 S1 S2 WHO: the report's claim table from the claim files of the two sizes
# (each claim at both, its class at each, whether the class holds at both; WHO: "paper" or
# "thesis"), then the summary line counted from it
repro_claims() {
    local c1=$1 c2=$2 s1=$3 s2=$4 who=$5
    jq -r -n --slurpfile a "$c1" --slurpfile b "$c2" --arg s1 "$s1" --arg s2 "$s2" --arg who "$who" '
        ($b[0] | map({(.id): .}) | add) as $B |
        "| claim | where | \($who) | ours (\($s1)) | class | ours (\($s2)) | class | same class at both |",
        "|---|---|---|---|---|---|---|---|",
        ($a[0][] | . as $c | $B[$c.id] as $o |
         "| \($c.claim) | \($c.fig) | \($c.paper) | \($c.text) | **\($c.class)** | \($o.text // "-") | \($o.class // "-") | \(if $o.class == $c.class then "yes" else "**no: changes**" end) |")'
    echo
    echo "**Summary** (counted from the table above, $s1 sizes): $(jq -r '
        group_by(.class) | map("\(length) \(.[0].class)") | join(", ")' "$c1") of $(jq length "$c1") claims;" \
        "$(jq -n -r --slurpfile a "$c1" --slurpfile b "$c2" '[$a[0][] as $x | $b[0][] | select(.id == $x.id and .class != $x.class)] | length') change class at the second size."
}

# repro_report_init NAME DEFAULT_SIZES: a report.sh's variables for repro/NAME: OUT, SIZES (its
# two sizes S1, S2), the report R, the figures' directory F (made), each size's claims c1, c2,
# the first size's input in1, and the claims libraries for jq (LIB, INC); exits 1 with a message
# if a size's claims are missing
repro_report_init() {
    OUT=${OUT:-out/repro/$1}
    SIZES=${SIZES:-$2}
    read -r S1 S2 <<<"$SIZES"
    R=$OUT/report.md
    F=$OUT/figures
    mkdir -p "$F"
    local s
    for s in $SIZES; do
        [ -s "$OUT/$s/claims.json" ] || { echo "report.sh: $OUT/$s/claims.json missing: run repro/$1/run.sh" >&2; exit 1; }
    done
    c1=$OUT/$S1/claims.json c2=$OUT/${S2:-$S1}/claims.json in1=$OUT/$S1/input.json
    LIB=(-L repro/mrpb -L repro/mib)
    INC='include "claims_lib"; include "mib_lib";'
}

# repro_normfig NAME TITLE STAT BASE YLABEL LABELS...: per benchmark and their geometric mean,
# each label's STAT over label BASE's, at the first size ($in1), as bars in $F (repro_plot)
repro_normfig() {
    local name=$1 title=$2 stat=$3 base=$4 ylabel=$5
    shift 5
    jq -r "${LIB[@]}" --arg stat "$stat" --arg base "$base" --args "$INC"'
        $ARGS.positional as $ls | .runs as $r | .sets.all as $ws |
        def q($l; $w): div($r[$l][$w][$stat]; $r[$base][$w][$stat]);
        (["benchmark"] + $ls | join("\t")),
        ($ws[] as $w | [$w] + [$ls[] as $l | q($l; $w) // "NaN" | tostring] | join("\t")),
        (["GMEAN"] + [$ls[] as $l | [$ws[] as $w | q($l; $w)] | gmean // "NaN" | tostring] | join("\t"))' "$@" <"$in1" >"$F/$name.dat"
    repro_plot "$F" "$name" "$title" "$ylabel" bars
}

# repro_mark_summary NAME: at a reproduction's sizes (S1 half or default, every workload: no
# KERNELS), the one-line summary counted from the first size's claim table ($c1) goes into
# README.md and docs/reproduction.md, between <!-- NAME-summary --> markers
repro_mark_summary() {
    local name=$1 line doc runs_by
    { [ "$S1" = half ] || [ "$S1" = default ]; } && [ "${KERNELS:-}" = "" ] || return 0
    line="$(jq -r 'group_by(.class) | map("\(length) \(.[0].class)") | join(", ")' "$c1") of $(jq length "$c1") claims"
    # the model that made the runs (their JSON's version), not the tree the report is written from
    runs_by=$(find "${OUT:-out/repro/$name}/$S1" -name '*.json' -path '*/runs/*' -exec cat {} + 2>/dev/null |
        jq -rs 'map(.version // empty) | unique | join(" + ")')
    line="$line at $S1 sizes ($(date -u +%Y-%m-%d), runs by ${runs_by:-unknown}; out/repro/$name/report.md)"
    for doc in README.md docs/reproduction.md; do
        sed -i "s|<!-- $name-summary -->.*<!-- /$name-summary -->|<!-- $name-summary -->$line<!-- /$name-summary -->|" "$doc"
    done
}

# repro_noise_lines PROGRAMS SPEEDUP FROM [IPC]: the noise section, a line per size in SIZES: the
# median over the input's noise_programs PROGRAMS of |ln| of the change of SPEEDUP when the thread
# blocks are dealt to the SMs from FROM (and, with IPC, of IPC itself: the input's noise_ipc)
repro_noise_lines() {
    local s
    for s in $SIZES; do
        jq -r --arg s "$s" --arg prog "$1" --arg sp "$2" --arg from "$3" --arg ipc "${4:-}" '
            def pc: if type == "number" then (. * 10000 | round / 100 | tostring) + " %" else . end;
            "* \($s): the median over \(.noise_programs) \($prog) of |ln| of the change of \($sp) when the thread blocks are dealt to the SMs from \($from): \(.noise // "n/a" | pc)\(if $ipc == "" then "" else "; of \($ipc) itself: \(.noise_ipc // "n/a" | pc)" end)."' \
            "$OUT/$s/input.json"
    done
}
