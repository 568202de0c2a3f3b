#!/usr/bin/env bash
# checkpoint.sh - a reproduction that takes longer than one working session
# (the MRPB paper's: about a day of CPU on 2 cores) carried across machines:
# its finished runs saved into the repository and restored, so that
# `RESUME=1 repro/NAME/run.sh` with the same binary runs only the rest
# (docs/reproduction.md, "Reproductions longer than a session").
#
#   repro/checkpoint.sh save NAME     out/repro/NAME's finished runs (each run's JSON and its
#                                     empty log: what `compare --resume` keeps; an RTL-in-the-
#                                     loop run's JSON and exit status: repro/mib's, apres' and temp's) into
#                                     repro/checkpoints/NAME-VERSION.tar.xz
#   repro/checkpoint.sh restore NAME  the newest such archive back into out/repro/NAME
#   repro/checkpoint.sh info NAME     what the archive holds: the binary's version and path
#                                     and the OUT its runs record (resume needs all three:
#                                     compare --resume matches whole command lines), the runs
#
# A checkpoint holds runs, never a result: the claim table and the report are
# computed from the runs by run.sh when every run is there.
set -u
cd "$(dirname "$0")/.."
cmd=${1:-} name=${2:-}
# the reproductions whose runs may be checkpointed (each writes out/repro/NAME)
NAMES="mrpb mib apres temp"
usage() { echo "usage: repro/checkpoint.sh save|restore|info ${NAMES// /|}" >&2; exit 2; }
[[ " $NAMES " == *" $name "* ]] && [ -n "$name" ] || usage
out=out/repro/$name
newest() { ls -t repro/checkpoints/"$name"-*.tar.xz 2>/dev/null | head -1; }
case $cmd in
save)
    list=$(mktemp)
    trap 'rm -f "$list"' EXIT
    # the finished runs: a JSON whose log exists and is empty (compare --resume's test)
    find "$out" -path '*/runs/*.json' 2>/dev/null | sort | while read -r j; do
        [ -f "${j%.json}.log" ] && [ ! -s "${j%.json}.log" ] && printf '%s\n%s\n' "$j" "${j%.json}.log"
    done >"$list"
    # the RTL-in-the-loop runs (rtl/ of repro/mib, apres and temp): a JSON with its exit status (run.sh's resume test)
    find "$out" -path '*/rtl/*.json' 2>/dev/null | sort | while read -r j; do
        [ -s "$j" ] && [ -f "${j%.json}.rc" ] && printf '%s\n%s\n' "$j" "${j%.json}.rc"
    done >>"$list"
    [ -s "$list" ] || { echo "checkpoint: no finished runs under $out" >&2; exit 1; }
    v=$(jq -r .version "$(head -1 "$list")")
    mkdir -p repro/checkpoints
    tar -cJf "repro/checkpoints/$name-$v.tar.xz" -T "$list"
    echo "checkpoint: $(($(wc -l <"$list") / 2)) runs of $name (binary $v) in repro/checkpoints/$name-$v.tar.xz ($(du -h "repro/checkpoints/$name-$v.tar.xz" | cut -f1))"
    ;;
restore)
    a=$(newest)
    [ -n "$a" ] || { echo "checkpoint: no archive of $name in repro/checkpoints" >&2; exit 1; }
    tar -xJf "$a"
    echo "checkpoint: $(tar -tJf "$a" | grep -c '\.json$') runs of $name restored from $a into $out"
    ;;
info)
    a=$(newest)
    [ -n "$a" ] || { echo "checkpoint: no archive of $name in repro/checkpoints" >&2; exit 1; }
    first=$(tar -tJf "$a" | grep '\.json$' | head -1)
    # the OUT the runs were made into (their --json path, less SIZE/GROUP/runs/RUN.json): a
    # resume must pass the same one, since compare --resume compares whole command lines
    tar -xJOf "$a" "$first" | jq -r '([.command_line | capture("--json (?<j>[^ ]+)/[^/ ]+/[^/ ]+/runs/[^/ ]+$")? | .j] | first) as $o
        | "binary: version \(.version), path \(.command_line | split(" ")[0])\(if $o then ", OUT \($o)" else "" end)"'
    tar -tJf "$a" | grep '\.json$' | sed -E 's#/(runs|rtl)/.*#/\1#; s#/runs$##' | sort | uniq -c | sed 's/^/runs: /'
    ;;
*) usage ;;
esac
