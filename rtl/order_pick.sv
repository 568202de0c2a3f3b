// order_pick: the first requester in a strict total order.
//
//   win_o[i] = req_i[i] & en_i[i] & no v != i with req_i[v] & "v may win and comes before i"
//
// The relation is given per pair (a, b), a < b, in row a of two upper
// triangles (bit a*N + b; the bits on and below the diagonal are not read):
//   lo_first_i: a may win (en_i[a]) and comes before b,
//   hi_first_i: b may win (en_i[b]) and comes before a.
// The caller folds en_i into the relation, so that each request meets its
// relation bits in one AND-OR term and no "request and enabled" node is
// shared by every column. The relation and en_i come from flip-flops (ready
// early in the cycle); req_i arrives late (tbas, apres_laws: the
// scoreboard's ready bits, with a fetch behind the choice in the same cycle). If the relation over
// the enabled elements is a strict total order, win_o is one-hot or 0, and
// 0 only when no enabled element requests (valid_o = 0).
//
// Mapped on its own ((* map_alone *), constraints/area.sh): flattened into
// tbas, ABC (which maps without the inputs' arrival times) saw the
// reg-to-reg paths of the eligibility stage as the critical ones and left
// the late request bits behind an AND with en_i and two buffers of a
// 96-load tree (docs/tbas.md, "Timing"). On its own, the request-to-output
// cone is all there is to map. Logic simulation, formal checks and mutation
// flatten it like any other module. Written with word-wide rows (an OR of
// the requesters' rows, an AND-reduce per row) so that a Verilated model
// evaluates it in a few hundred word operations, not N*N bit assignments.
//
// Example (N = 3, all enabled, the order 2, 0, 1): lo_first_i has bit 0*3+1
// (0 before 1), hi_first_i bits 0*3+2 and 1*3+2 (2 before 0 and 1);
// req_i = 3'b011 -> win_o = 3'b001, idx_o = 0; req_i = 3'b111 -> win_o = 3'b100.
(* map_alone *)
module order_pick #(
  parameter int  N    = 48,                      // elements, >= 1
  parameter int  RowW = N,                       // a row's stride in the relation, >= N
  localparam int IdxW = (N > 1) ? $clog2(N) : 1  // index width
) (
  input  logic [N-1:0]    req_i,       // late: the requests
  input  logic [N-1:0]    en_i,        // early: the elements that may win
  // verilator lint_off UNUSEDSIGNAL
  input  logic [N*RowW-1:0] lo_first_i, // early: bit a*RowW + b, a < b: a may win and comes before b
  input  logic [N*RowW-1:0] hi_first_i, // early: bit a*RowW + b, a < b: b may win and comes before a
  // verilator lint_on UNUSEDSIGNAL
  output logic            valid_o,     // an enabled element requests
  output logic [N-1:0]    win_o,       // the first of them, one-hot (0 when none)
  output logic [IdxW-1:0] idx_o        // the same as an index (0 when none)
);
  // behind_lo[i]: a requester below i comes before i (an OR of the
  // requesters' lo rows); behind_hi[i]: one above i does (an OR-reduce of
  // row i of hi). Both in one loop of word-wide rows.
  logic [N-1:0] behind_lo, behind_hi;
  always_comb begin
    behind_lo = '0;
    behind_hi = '0;
    for (int a = 0; a < N; a++) begin
      behind_lo    = behind_lo | ({N{req_i[a]}} & lo_first_i[a*RowW +: N] & ({N{1'b1}} << (a + 1)));
      behind_hi[a] = |(req_i & hi_first_i[a*RowW +: N] & ({N{1'b1}} << (a + 1)));
    end
  end
  assign win_o   = req_i & en_i & ~behind_lo & ~behind_hi;
  assign valid_o = |(req_i & en_i);
  always_comb begin
    idx_o = '0;
    for (int i = 0; i < N; i++) begin
      if (win_o[i]) idx_o = idx_o | IdxW'(i);
    end
  end
endmodule
