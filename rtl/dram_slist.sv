// dram_slist: one class of the DRAM scheduler's shortlist stage.
//
// Each cycle, among the candidates (cand_i), the best of every group of G
// consecutive entries by key (grp_best: ties to the lowest index) is
// registered with its key and payload: NG = ceil(N / G) shortlisted entries,
// from which the next cycle's choice stage picks one (grp_best over the
// groups). The best of the groups' bests is the best of all candidates, so the
// two stages together are one argmax over the snapshot, split at a register.
// The candidate mask may arrive late: after the key comparators, a candidate
// costs an AND of G terms and a G:1 AND-OR select.
//
// With First = 1 it also gives, before the registers, the payload of the
// first group that shortlists an entry (first_o, with any_o: some group
// does): the lowest-index candidate's, since a group's best with equal keys
// is its lowest. The DRAM scheduler registers from it the row its next
// choice opens (dram_frow) instead of selecting it in the choice's cycle.
//
// With FirstQ = 1 (and First = 1) it also registers that group as a one-hot
// (fgrp_o; 0 when no group shortlists), which is first_oh(v_o) a cycle later:
// the choice of a class whose keys are all equal (the writes; the reads
// under FCFS and FR-FCFS), oldest first, takes it from flip-flops.
//
// With Win = 1 it also registers which entry each group shortlisted
// (win_o, one-hot per group, at the entries' positions in the shortlist's
// cycle): the choice then names its request by an AND per entry, not an
// index compare.
//
// Example (N = 16, G = 8): candidates 3 (key 5) and 12 (key 9) -> next cycle
//   v_o = 2'b11, group 0 holds entry 3's key and payload, group 1 entry 12's;
//   first_o is entry 3's payload now.
module dram_slist #(
  parameter int N  = 64,                      // entries, >= 1
  parameter int W  = 15,                      // key bits, >= 1
  parameter int PW = 1,                       // payload bits, >= 1
  parameter int G  = 8,                       // entries per group
  parameter bit First = 1'b0,                 // 1: give first_o and any_o (not registered)
  parameter bit Win   = 1'b0,                 // 1: register win_o
  parameter bit FirstQ = 1'b0,                // 1: register fgrp_o (needs First)
  localparam int NG = (N + G - 1) / G
) (
  input  logic           clk_i,               // clock
  // verilator lint_off SYNCASYNCNET
  input  logic           rst_ni,              // asynchronous reset, active low: nothing shortlisted
  // verilator lint_on SYNCASYNCNET
  input  logic [N-1:0]    cand_i,             // entry i is a candidate now
  input  logic [N*W-1:0]  key_i,              // its key
  input  logic [N*PW-1:0] pay_i,              // its payload
  output logic [NG-1:0]   v_o,                // registered: group g shortlisted an entry
  output logic [NG*W-1:0] key_o,              // its key
  output logic [NG*PW-1:0] pay_o,             // its payload
  output logic [PW-1:0]   first_o,            // now: the first shortlisting group's payload (First)
  output logic            any_o,              // now: some group shortlists an entry (First)
  output logic [N-1:0]    win_o,              // registered: entry i is its group's shortlisted one (Win)
  output logic [NG-1:0]   fgrp_o              // registered: the first group with v_o set, one-hot (FirstQ)
);
  logic [N-1:0]  win;
  logic [NG-1:0] any;

  grp_best #(.N(N), .W(W), .G(G)) u_best (
    .valid_i (cand_i),
    .key_i,
    .win_o   (win),
    .any_o   (any)
  );

  logic [NG*PW-1:0] pay_sels;
  for (genvar g = 0; g < NG; g++) begin : gen_grp
    localparam int Lo = g * G;
    localparam int C  = (N - Lo < G) ? N - Lo : G;
    logic [W-1:0]  key_sel;
    logic [PW-1:0] pay_sel;
    oh_sel #(.N(C), .W(W))  u_key (.data_i(key_i[Lo*W +: C*W]),   .sel_i(win[Lo +: C]), .data_o(key_sel));
    oh_sel #(.N(C), .W(PW)) u_pay (.data_i(pay_i[Lo*PW +: C*PW]), .sel_i(win[Lo +: C]), .data_o(pay_sel));
    assign pay_sels[g*PW +: PW] = pay_sel;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) v_o[g] <= 1'b0;
      else         v_o[g] <= any[g];
    end
    // The key and payload count only while v_o[g]: no reset.
    always_ff @(posedge clk_i) begin
      key_o[g*W +: W]   <= key_sel;
      pay_o[g*PW +: PW] <= pay_sel;
    end
  end

  if (Win) begin : gen_win
    always_ff @(posedge clk_i) win_o <= win;        // counts only with its group's v_o: no reset
  end else begin : gen_no_win
    assign win_o = '0;
  end

  if (First) begin : gen_first
    // The group's one-hot is found on the groups' any bits, beside the
    // winners' selects; the payload select comes after them.
    logic [NG-1:0] gfirst;
    first_oh #(.N(NG)) u_first (.req_i(any), .first_o(gfirst), .any_o(any_o));
    oh_sel #(.N(NG), .W(PW)) u_fpay (.data_i(pay_sels), .sel_i(gfirst), .data_o(first_o));
    if (FirstQ) begin : gen_fq
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) fgrp_o <= '0;
        else         fgrp_o <= gfirst;
      end
    end else begin : gen_no_fq
      assign fgrp_o = '0;
    end
  end else begin : gen_no_first
    assign first_o = '0;
    assign any_o   = 1'b0;
    assign fgrp_o  = '0;
    // verilator lint_off UNUSEDSIGNAL
    logic unused;
    assign unused = ^pay_sels;
    // verilator lint_on UNUSEDSIGNAL
  end
endmodule
