// mrpb_policy: MRPB's three base drain policies over one queue state, all at
// once (combinational; used by mrpb_drain_sel, once per candidate state).
//
// The state comes as thermometer columns: column v (v = 1..Depth, at
// [(v-1)*NumQueues +: NumQueues]) has bit i set when queue i holds at least v
// requests. Column 1 is the non-empty vector. Then
//   fixed-order:    the lowest non-empty queue (a prio_enc on column 1);
//   longest-first:  the lowest queue of the highest non-empty column: one
//                   prio_enc per column, all in parallel, and the highest
//                   column with a request selects among them. This equals an
//                   argmax over the lengths with ties to the lower index
//                   (columns are nested: a queue in column v+1 is in column v)
//                   without a comparator tree;
//   round-robin:    for each pointer mask (bit j: j >= the pointer; the
//                   caller may give "j > p" for the pointer past p, see
//                   mrpb_drain_sel's past()), the first non-empty queue in
//                   the mask, else the lowest (two prio_encs per mask, as
//                   rr_arb's idx_o).
// Example: lengths {q0: 1, q1: 3, q2: 3}: columns 1 = {0,1,2}, 2 = {1,2},
// 3 = {1,2}; the highest non-empty column is 3, whose lowest queue is 1.
//
// The pick is not muxed here. The module gives the candidates (each column's
// lowest queue, each mask's first queue at or after its pointer) and, per
// mask, a one-hot weight saying which candidate the mode's policy takes; the
// weights come from the columns' and masks' valid bits, which settle before
// the prio_encs' indices, so the caller folds the policy, greedy and case
// selects into one AND-OR behind the indices (mrpb_drain_sel, issue 12).
module mrpb_policy #(
  parameter int NumQueues = 48,                                  // queues, 1..64
  parameter int Depth     = 8,                                   // entries per queue (columns)
  parameter int NMask     = 1,                                   // round-robin pointers evaluated
  localparam int QW = (NumQueues > 1) ? $clog2(NumQueues) : 1,   // queue index width
  localparam int NC = Depth + 1                                  // candidates per mask
) (
  input  logic [1:0]                 policy_i,   // 0 fixed-order, 1 longest-first, 2 round-robin (3: fixed)
  input  logic [Depth*NumQueues-1:0] cols_i,     // thermometer columns (see above)
  input  logic [NMask*NumQueues-1:0] upper_i,    // round-robin pointer masks, mask m at [m*NumQueues +: NumQueues]
  output logic                       valid_o,    // some queue is non-empty
  output logic [Depth-1:0]           long_max_o, // one-hot: the longest length is v at bit v-1; 0 when none
  output logic [NMask*NC*QW-1:0]     cand_o,     // mask m's candidate c at [(m*NC + c)*QW +: QW]: c < Depth
                                                 //   column c+1's lowest queue, c = Depth the first queue
                                                 //   at or after mask m's pointer
  output logic [NMask*NC-1:0]        w_o         // one-hot (or 0): the candidate mask m's policy picks, at
                                                 //   [m*NC + c]; 0 only when no queue is non-empty
);
  logic [Depth-1:0] any;                         // column v-1 has a request
  logic [QW-1:0]    col_idx [Depth];             // its lowest queue

  for (genvar v = 0; v < Depth; v++) begin : gen_col
    prio_enc #(.N(NumQueues)) u_col (
      .req_i   (cols_i[v*NumQueues +: NumQueues]),
      .idx_o   (col_idx[v]),
      .valid_o (any[v])
    );
  end

  // Columns are nested, so `any` is a thermometer: the top set bit is where
  // the next one is clear.
  assign long_max_o = any & ~(any >> 1);
  assign valid_o    = any[0];

  logic is_long, is_rr;
  assign is_long = policy_i == 2'd1;
  assign is_rr   = policy_i == 2'd2;

  for (genvar m = 0; m < NMask; m++) begin : gen_rr
    logic [QW-1:0] up_idx;
    logic          up_valid;
    prio_enc #(.N(NumQueues)) u_upper (
      .req_i   (cols_i[0 +: NumQueues] & upper_i[m*NumQueues +: NumQueues]),
      .idx_o   (up_idx),
      .valid_o (up_valid)
    );
    for (genvar c = 0; c < Depth; c++) begin : gen_cand
      assign cand_o[(m*NC + c)*QW +: QW] = col_idx[c];
      if (c == 0) begin : gen_w0        // fixed-order, round-robin's wrap, longest at length 1
        assign w_o[m*NC] = is_long ? long_max_o[0] : !(is_rr && up_valid) && any[0];
      end else begin : gen_wc
        assign w_o[m*NC + c] = is_long && long_max_o[c];
      end
    end
    assign cand_o[(m*NC + Depth)*QW +: QW] = up_idx;
    assign w_o[m*NC + Depth] = is_rr && up_valid;
  end
endmodule
