#!/usr/bin/env bash
# coverage.sh [BLOCK] - Verilator line, toggle and branch coverage of the
# lockstep random runs that make test runs (every built parameter set, seeds
# 1-3 with random initial values and seed 4 with zeros, 20 000 cycles; every
# mode combination of mrpb and dram_sched), per block. The models are built
# with --coverage into build/cov; results in out/coverage/BLOCK/:
# merged.dat, annotate/ (verilator_coverage --annotate: each uncovered
# line marked %000000) and uncovered.txt. The last lines are a table.
set -u
cd "$(dirname "$0")/.."
ONLY=${1:-}
B=build/cov
O=out/coverage
M=$B/memsched
echo "coverage: building the coverage models into $B (first time: a few minutes)"
if ! make -s -j2 BUILD=$B COVERAGE=1 PGO=0 build >build/coverage_build.log 2>&1; then
    echo "coverage: build failed (log: build/coverage_build.log)"; tail -5 build/coverage_build.log; exit 1
fi
# REPORT_ONLY=1: the report of the data of the last run, no new runs
[ "${REPORT_ONLY:-0}" = 1 ] || rm -rf "$O/dat"
mkdir -p "$O/dat"
export MEMSCHED_COVERAGE_DIR=$PWD/$O/dat
blocks=$($M cosim --psets | awk '{print $1}' | uniq)
[ -n "$ONLY" ] && blocks=$ONLY
for blk in $blocks; do
    [ "${REPORT_ONLY:-0}" = 1 ] && break
    echo "coverage: $blk: lockstep runs"
    while read -r b params; do
        [ "$b" = "$blk" ] || continue
        sets=()
        for p in $params; do sets+=(--set "$p"); done
        for seed in 1 2 3; do $M cosim "$blk" "${sets[@]}" --seed $seed --cycles 20000 >/dev/null || echo "  FAIL $blk $params seed $seed"; done
        $M cosim "$blk" "${sets[@]}" --seed 4 --cycles 20000 --init zeros >/dev/null || echo "  FAIL $blk $params zeros"
    done < <($M cosim --psets)
    case $blk in
    mrpb) MEMSCHED=$M tests/modes.sh mrpb --cycles 2000 --jobs 2 | grep -v '^PASS' ;;
    dram_sched) MEMSCHED=$M tests/modes.sh dram_sched --cycles 5000 --jobs 2 | grep -v '^PASS' ;;
    esac
done
printf '\n%-11s %9s %6s %6s %13s %6s %6s %7s %6s %6s %5s\n' block line "" "+expl" toggle "" "+expl" branch "" "+expl" open
for blk in $blocks; do
    d=$O/$blk
    rm -rf "$d" && mkdir -p "$d"
    files=$(ls "$O"/dat/"$blk"_*.dat 2>/dev/null)
    [ -n "$files" ] || { echo "$blk: no coverage data"; continue; }
    verilator_coverage --write "$d/merged.dat" $files >/dev/null
    verilator_coverage --annotate "$d/annotate" --annotate-all --annotate-min 1 "$d/merged.dat" >/dev/null
    # Points of rtl/ files by type (page v_line, v_branch, v_toggle), read
    # from every run's file. The same source point in several parameter sets
    # counts once, covered if any set covers it. A point no run covers is
    # "explained" when it cannot be covered by construction in every set
    # where it exists (the rules below, each checked with that set's
    # parameters from the page name), else "open"; uncovered.txt lists both.
    awk -v pts="$d/points.txt" -v unc="$d/uncovered.txt" '
        function field(s, k,   v) { v = s; if (!sub(".*\001" k "\002", "", v)) return ""; sub(/[\001\047].*/, "", v); return v }
        function clog2(n,   k) { k = 0; while (2 ^ k < n) k++; return k }
        function srcline(f, l,   t, i) {
            if (!((f, l) in src)) { i = 0; while ((getline t < f) > 0) src[f, ++i] = t; close(f) }
            return src[f, l]
        }
        # Why this point cannot be covered in a set, or "" if it could be.
        function why(type, file, line, obj, page,   N, L, k, b, dd, idx, leaf) {
            if (type == "v_line" && srcline(file, line) ~ /^[ \t]*(always_comb|function|for) /)
                return "comb-entry: Verilator 5.006 counts the entry of a combinational block only when it settles at time 0"
            # N of a parameterised submodule: its page (argmax__N10_W13, hex); of the top: the file name (prio_enc_N48-...)
            N = page; if (sub(/.*__N/, "", N)) { sub(/_.*/, "", N); N = strtonum_hex(N) }
            else { N = FILENAME; sub(/.*\//, "", N); if (sub(/^[a-z_]*_N/, "", N)) { sub(/[^0-9].*/, "", N); N = N + 0 } else N = -1 }
            if (file ~ /(prio_enc|argmax)\.sv$/ && N > 0) {
                L = clog2(N)
                if (obj ~ /^node_idx\[/) {
                    # A node answers the index of one of its real leaves (index < N), or
                    # of its first leaf when none is valid: the bit is fixed if all agree.
                    split(obj, p, /[][]+/); k = p[2]; b = p[3]; dd = int(log(k + 1) / log(2) + 1e-9)
                    leaf = (k - (2 ^ dd - 1)) * 2 ^ (L - dd); hi = leaf + 2 ^ (L - dd) - 1; if (hi > N - 1) hi = N - 1
                    fixed = 1; b0 = int(leaf / 2 ^ b) % 2
                    for (v = leaf + 1; v <= hi; v++) if (int(v / 2 ^ b) % 2 != b0) { fixed = 0; break }
                    if (fixed) return "tree-constant: this index bit is the same for every leaf the node can answer"
                }
                if (obj ~ /^node_valid\[/) {
                    split(obj, p, /[][]+/); k = p[2]; dd = int(log(k + 1) / log(2) + 1e-9)
                    leaf = (k - (2 ^ dd - 1)) * 2 ^ (L - dd)
                    if (leaf >= N) return "tree-padding: the node covers only padding leaves (N is not a power of two)"
                }
                if (obj ~ /^idx_o\[/ && N == 1) return "one-entry: a 1-entry tree always answers 0"
            }
            if (file ~ /rr_arb\.sv$/ && obj ~ /^at_or_above\[/ && N > 0) {
                split(obj, p, /[][]+/); if (p[2] == N - 1) return "at-or-above: the last requester is always at or after the pointer"
            }
            if (file ~ /dram_sched\.sv$/ && obj == "dm_ready_o") return "constant: dm_ready_o is 1 by design (docs/dram_sched.md)"
            if ((file ~ /dram_rd_sel\.sv$/ && obj == "why_o[2]") || (file ~ /dram_sched\.sv$/ && obj == "rs_why[2]"))
                return "read-why: read decisions are 0..3; bit 2 belongs to the write reasons"
            if (file ~ /(dram_rdq|cqueue)\.sv$/ && obj ~ /^push_data(_i)?\[(15|16|17|18)\]$/ && page ~ /dram_rdq|cqueue__W13|cqueue/)
                return "new-read-length: a read enters with merge length 0 (its length - 1 bits); dummies change it in place"
            return ""
        }
        function strtonum_hex(h,   v, i, c) { v = 0; h = tolower(h); for (i = 1; i <= length(h); i++) { c = index("0123456789abcdef", substr(h, i, 1)) - 1; if (c < 0) return -1; v = v * 16 + c }; return v }
        /^C / {
            n = $NF; file = field($0, "f")
            if (file !~ /^rtl\//) next
            page = field($0, "page"); type = page; sub(/\/.*/, "", type); sub(/^[^\/]*\//, "", page)
            obj = field($0, "o"); line = field($0, "l")
            key = type SUBSEP file SUBSEP line SUBSEP field($0, "n") SUBSEP obj SUBSEP field($0, "h")
            if (!(key in hit)) { hit[key] = 0; total[type]++; reason[key] = "" ; open_[key] = 0 }
            if (n > 0 && !hit[key]) { hit[key] = 1; covered[type]++ }
            if (n == 0) { w = why(type, file, line, obj, page); if (w == "") open_[key] = 1; else if (reason[key] == "") reason[key] = w }
        }
        END {
            for (k in hit) if (!hit[k]) {
                split(k, p, SUBSEP)
                if (open_[k] || reason[k] == "") { opn[p[1]]++; printf "%s:%s %s %s %s OPEN\n", p[2], p[3], p[1], p[5], p[6] > unc }
                else { expl[p[1]]++; r = reason[k]; sub(/:.*/, "", r); printf "%s:%s %s %s %s explained(%s)\n", p[2], p[3], p[1], p[5], p[6], r > unc }
            }
            for (t in total) printf "%s %d %d %d %d\n", t, covered[t], total[t], expl[t] + 0, opn[t] + 0 > pts
        }' $files
    [ -f "$d/uncovered.txt" ] && sort -t: -k1,1 -k2,2n -o "$d/uncovered.txt" "$d/uncovered.txt" || : >"$d/uncovered.txt"
    # covered/total pct, and (open) when points nobody can explain are left
    pct() { awk -v p="$1" '$1 == p { printf "%d/%d|%.1f%%|%.1f%%|%d", $2, $3, $3 ? 100 * $2 / $3 : 100, $3 ? 100 * ($2 + $4) / $3 : 100, $5; f = 1 }
                            END { if (!f) printf "-|-|-|0" }' "$d/points.txt"; }
    IFS='|' read -r l1 l2 l3 lo <<<"$(pct v_line)"
    IFS='|' read -r t1 t2 t3 to <<<"$(pct v_toggle)"
    IFS='|' read -r b1 b2 b3 bo <<<"$(pct v_branch)"
    printf '%-11s %9s %6s %6s %13s %6s %6s %7s %6s %6s %5s\n' "$blk" "$l1" "$l2" "$l3" "$t1" "$t2" "$t3" "$b1" "$b2" "$b3" $((lo + to + bo))
done
echo
echo "+expl: with the points that cannot be reached by construction (the reason in uncovered.txt); open: the rest."
echo "per block: out/coverage/BLOCK/uncovered.txt lists the points never reached (file:line type signal hierarchy reason);"
echo "out/coverage/BLOCK/annotate/ has the annotated sources (verilator_coverage --annotate)."
