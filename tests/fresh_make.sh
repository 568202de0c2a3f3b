#!/usr/bin/env bash
# fresh_make.sh [MAKEFILE] - `make run` on a machine where the packages
# arrive only during the run: Verilator's include directory (VROOT) does not
# exist when make starts and is filled by the deps step (a fake one that
# copies /usr/share/verilator into a temporary directory). The first `make run`
# must build and pass. Make reads which files exist when it starts; a build
# that relies on files installed by an earlier step of the same make fails
# here ("No rule to make target 'build/vrt/verilated.o'"). One small
# parameter set and a short run keep it to about a minute; the C side without
# its profile-guided build (PGO=0: the profile would sit in this script's
# temporary directory, a new path each time, so ccache could never reuse the
# objects; make test's own build, from a clean tree, runs the PGO rules).
set -u
cd "$(dirname "$0")/.."
MK=${1:-Makefile}
T=$(mktemp -d "${TMPDIR:-/tmp}/memsched-fresh.XXXXXX")
trap 'rm -rf "$T"' EXIT
[ -d /usr/share/verilator/include ] || { echo "fresh_make: /usr/share/verilator missing (make deps)"; exit 1; }
log=$T/make.log
if make -f "$MK" run BUILD="$T/build" VROOT="$T/vroot" DEPS_CMD="cp -r /usr/share/verilator $T/vroot" \
        PSETS=prio_enc:N=5 CYCLES=2000 AREA=0 REPRO=0 PGO=0 >"$log" 2>&1 &&
   grep -q '^prio_enc .* N=5 .* PASS$' "$log"; then
    echo "fresh_make: PASS (first make run with the Verilator includes installed during the run)"
else
    echo "fresh_make: FAIL: first make run failed:"
    tail -5 "$log" | sed 's/^/    /'
    exit 1
fi
