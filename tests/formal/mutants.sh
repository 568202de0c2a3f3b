#!/usr/bin/env bash
# mutants.sh - show that every formal check can fail (docs/formal.md).
#
# Each mutant breaks one line of an RTL file or of a behavioural reference in
# a scratch copy of rtl/ and tests/ (build/formal/mutants/NAME; the work tree
# is never touched), runs tests/formal.sh there on the checks it names, and
# expects at least one FAIL. One line per mutant: "KILLED name" when the
# checks fail with a counterexample, "SURVIVED name" (exit 1) when they all
# pass, "ERROR name" (exit 1) when a check fails for another reason (the
# mutant does not elaborate, a tool is missing): that kills nothing.
# Usage: tests/formal/mutants.sh [NAME...]
set -u
cd "$(dirname "$0")/../.."
root=$PWD
M=build/formal/mutants

# name|file|from|to|checks (globs for formal.sh): replace the one line holding
# "from" (it must occur exactly once) by the same line with "from" -> "to".
mutants=(
  "prio_ref_highest|tests/formal/prio_enc_ref.sv|if (req_i[i] && !valid_o) begin|if (req_i[i]) begin|prio_enc_*"
  "prio_right_first|rtl/prio_enc.sv|assign take_right    = node_valid[2*k+2] & ~node_valid[2*k+1];|assign take_right    = node_valid[2*k+2];|prio_enc_*"
  "prio_pad_set|rtl/prio_enc.sv|assign node_valid[Leaves-1+i] = 1'b0;|assign node_valid[Leaves-1+i] = 1'b1;|prio_enc_N5 prio_enc_N48"
  "prio_body_short_shift|rtl/prio_enc.sv|        r     = r >> (1 << l);|        r     = r >> ((1 << l) - 1);|prio_enc_sim_*"
  "cmp_ge_body_strict|rtl/cmp_ge.sv|assign ge_o = a_i >= b_i;|assign ge_o = a_i > b_i;|cmp_ge_sim_*"
  "argmax_ref_ties_high|tests/formal/argmax_ref.sv|vals_i[i*W +: W] > max_o|vals_i[i*W +: W] >= max_o|argmax_*"
  "argmax_above_swapped|rtl/argmax.sv|.a_i(cand[c][W-1:0]), .b_i(cand[d][W-1:0])|.a_i(cand[d][W-1:0]), .b_i(cand[c][W-1:0])|argmax_*"
  "argmax_invalid_wins|rtl/argmax.sv|assign beats[d] = v[c];|assign beats[d] = 1'b1;|argmax_*"
  "fifo_push_when_full|rtl/fifo.sv|assign do_push = push_i & ~full_q;|assign do_push = push_i;|fifo_*"
  "fifo_pop_when_empty|rtl/fifo.sv|nx_pop  = {empty_q ? head_q : ptr_next(head_q),|nx_pop  = {ptr_next(head_q),|fifo_*"
  "fifo_no_wrap|rtl/fifo.sv|ptr_next = (p == PtrW'(Depth - 1)) ? '0 : p + 1'b1;|ptr_next = p + 1'b1;|fifo_D5_W4"
  "fifo_count_push_pop|rtl/fifo.sv|push_i ? c11 : c01,|push_i ? c10 : c01,|fifo_*"
  "fifo_write_next_cell|rtl/fifo.sv|if (pushed_q) mem_q[tail_b_q] <= wbuf_q;|if (pushed_q) mem_q[tail] <= wbuf_q;|fifo_D2_W4 fifo_D5_W4 fifo_D8_W4"
  "fifo_read_tail|rtl/fifo.sv|wbuf_q : mem_q[head_q];|wbuf_q : mem_q[tail_b_q];|fifo_D2_W4 fifo_D5_W4 fifo_D8_W4"
  "rr_ptr_stays|rtl/rr_arb.sv|if (ack_i) upper_d = grant_upper|if (1'b0) upper_d = grant_upper|rr_arb_N3 rr_arb_N8"
  "rr_no_wrap|rtl/rr_arb.sv|assign ptr_o   = (last_q == IdxW'(N - 1)) ? '0 : last_q + 1'b1;|assign ptr_o   = last_q + 1'b1;|rr_arb_N3"
  "rr_fixed_priority|rtl/rr_arb.sv|assign idx_o   = upper_valid ? upper_idx : all_idx;|assign idx_o   = all_idx;|rr_arb_N3 rr_arb_N8"
  "rr_grant_no_request|rtl/rr_arb.sv|gnt_o    = req_i & ~seen;|gnt_o    = ~seen;|rr_arb_*"
  "mrpb_write_stored|rtl/mrpb.sv|assign enq      = e_go && !e_full; |assign enq      = (e_go ^ e_wf) && !e_full; |mrpb_Q3_D2_L2"
  "mrpb_full_ignored|rtl/mrpb.sv|assign e_full  = e_row[Depth-1];|assign e_full  = 1'b0 & e_row[Depth-1];|mrpb_Q3_D2_L2"
  "mrpb_longest_is_fixed|rtl/mrpb_policy.sv|assign is_long = policy_i == 2'd1;|assign is_long = 1'b0;|mrpb_Q3_D2_L2"
  "mrpb_greedy_refill_ignored|rtl/mrpb_drain_sel.sv|(greedy_i && e_is_cur)|1'b0|mrpb_Q3_D2_L2"
  "mrpb_next_after_enqueue_win|rtl/mrpb_drain_sel.sv|pol && e_win_o, pol && !e_win_o,|1'b0, pol,|mrpb_Q3_D2_L2"
  "mrpb_long_tie_high|rtl/mrpb_drain_sel.sv|(long_eq && e_lt)|(long_eq && !e_lt)|mrpb_Q3_D2_L2"
  "mrpb_row_ahead_no_drain|rtl/mrpb_drain_sel.sv|assign sh2 = nx_f_i ? xn_e : 1'b1;|assign sh2 = nx_f_i ? xn_e : 1'b0;|mrpb_Q3_D2_L2"
  "mrpb_row_ahead_stall_ignored|rtl/mrpb_drain_sel.sv|assign r_f = nx_f_i ? r_n : r_e;|assign r_f = r_n;|mrpb_Q3_D2_L2"
  "mrpb_take_copy_no_bypass|rtl/mrpb.sv|.z_i (byp_ready_i), .y_o (e_keep_oh));|.z_i (1'b0), .y_o (e_keep_oh));|mrpb_Q3_D2_L2"
)

status=0
for m in "${mutants[@]}"; do
    IFS='|' read -r name file from to checks <<<"$m"
    if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
    d=$M/$name
    rm -rf "$d" && mkdir -p "$d/tests"
    # (the manifests: formal.sh reads each block's file list from the Makefile)
    cp -r rtl constraints Makefile "$d/" && cp -r tests/formal tests/formal.sh "$d/tests/" &&
        mkdir -p "$d/tb" && cp tb/*.manifest "$d/tb/"
    # A simulation body's checks are listed from every parameter set (a Yosys
    # elaboration of each, about a minute): only for the mutants aimed at one.
    sim=0
    [[ "$checks" == *_sim_* ]] && sim=1
    if [ "$(grep -cF -- "$from" "$d/$file")" != 1 ]; then
        echo "ERROR $name: '$from' is not exactly once in $file"; status=1; continue
    fi
    FROM=$from TO=$to python3 -c '
import os, sys
p = sys.argv[1]; s = open(p).read()
open(p, "w").write(s.replace(os.environ["FROM"], os.environ["TO"], 1))' "$d/$file"
    # shellcheck disable=SC2086
    (cd "$d" && SIM_BODIES=$sim tests/formal.sh $checks) >"$d/formal.out" 2>&1
    # Killed only by a counterexample: a FAIL whose log shows the solver's
    # model (SAT) or a failed assertion (yosys-smtbmc). A check that failed
    # for another reason (the mutant does not elaborate, a tool is missing)
    # is an error, not a kill.
    killed=() errors=()
    while IFS= read -r line; do
        log=$(sed -n 's/.*log: \([^)]*\)).*/\1/p' <<<"$line")
        if [ -n "$log" ] && grep -qE 'proof did fail|model found: FAIL|Status: FAILED|Assert failed' "$d/$log" 2>/dev/null; then
            killed+=("$(sed 's/^FAIL formal //; s/ (.*//' <<<"$line")")
        else
            errors+=("$line")
        fi
    done < <(grep '^FAIL' "$d/formal.out")
    if [ ${#errors[@]} -gt 0 ]; then
        echo "ERROR    $name ($file): a check failed without a counterexample: ${errors[0]} (see $root/$d/formal.out)"
        status=1
    elif [ ${#killed[@]} -gt 0 ]; then
        echo "KILLED   $name ($file): $(printf '%s\n' "${killed[@]}" | sort -u | paste -sd, | sed 's/,/, /g')"
    else
        echo "SURVIVED $name ($file): every check of '$checks' passed (see $root/$d/formal.out)"
        status=1
    fi
done
exit $status
