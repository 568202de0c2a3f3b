# yosys_elab.sh - sourced by constraints/area.sh, tests/mutate.sh, tests/lint.sh,
# tests/formal.sh: the Yosys commands that set a block's parameters and make it
# the top, and a block's RTL files; constraints/area_table.sh for make_expr.
#
# yosys_elab BLOCK [P=V ...] prints them, separated by "; ". chparam, then
# hierarchy -top, then rename -top: when the block instantiates a module in a
# generate loop, Yosys 0.23 re-derives it under a hashed name
# ($paramod$<sha1>\BLOCK), so a later "-top BLOCK" would not find it, and
# "hierarchy -chparam" fails an internal assertion on such a design instead
# (docs/area.md, "Parameters and generate loops").
#
# Example: yosys_elab fifo Depth=8 Width=32 ->
#   chparam -set Depth 8 -set Width 32 fifo; hierarchy -check -top fifo;
#   rename -top fifo; hierarchy -check -top fifo
yosys_elab() {
    local block=$1 p set=""
    shift
    for p in "$@"; do set+=" -set ${p%%=*} ${p#*=}"; done
    [ -n "$set" ] && printf 'chparam%s %s; hierarchy -check -top %s; rename -top %s; ' "$set" "$block" "$block" "$block"
    printf 'hierarchy -check -top %s\n' "$block"
}

# make_expr ROOT EXPR prints what the Makefile in ROOT expands EXPR to (a
# variable, $(PSETS), or any make expression): asked from make itself, so no
# script holds a second copy of a list; nothing if make fails.
make_expr() {
    make -s --no-print-directory -C "$1" -f Makefile \
         -f <(printf 'print-make-expr:\n\t@echo %s\n' "$2") print-make-expr 2>/dev/null || true
}

# block_rtl ROOT BLOCK prints the Makefile's RTL_<BLOCK>, else rtl/BLOCK.sv.
block_rtl() {
    local rtl
    rtl=$(make_expr "$1" "\$(RTL_$2)")
    echo "${rtl:-rtl/$2.sv}"
}
