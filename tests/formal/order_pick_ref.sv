// order_pick_ref: the behavioural reference of rtl/order_pick.sv for the
// equivalence proof in tests/formal.sh, pair by pair: i wins when it
// requests, is enabled, and no requester v comes before it, where "v
// before i" is lo_first_i[v*RowW + i] for v < i and hi_first_i[i*RowW + v]
// for v > i (rows RowW apart; the padding and the lower triangles unread). For every input (a relation that is not an order too): the index
// is the OR of the winners' indices, as in the RTL.
module order_pick_ref #(
  parameter int  N    = 4,
  parameter int  RowW = N,
  localparam int IdxW = (N > 1) ? $clog2(N) : 1
) (
  input  logic [N-1:0]    req_i,
  input  logic [N-1:0]    en_i,
  // verilator lint_off UNUSEDSIGNAL
  input  logic [N*RowW-1:0] lo_first_i,
  input  logic [N*RowW-1:0] hi_first_i,
  // verilator lint_on UNUSEDSIGNAL
  output logic            valid_o,
  output logic [N-1:0]    win_o,
  output logic [IdxW-1:0] idx_o
);
  always_comb begin
    valid_o = 1'b0;
    idx_o   = '0;
    for (int i = 0; i < N; i++) begin
      win_o[i] = req_i[i] && en_i[i];
      valid_o  = valid_o || (req_i[i] && en_i[i]);
      for (int v = 0; v < N; v++) begin
        if (v < i && req_i[v] && lo_first_i[v*RowW + i]) win_o[i] = 1'b0;
        if (v > i && req_i[v] && hi_first_i[i*RowW + v]) win_o[i] = 1'b0;
      end
      if (win_o[i]) idx_o = idx_o | IdxW'(i);
    end
  end
endmodule
