// argmax_spec: the specification of argmax as assertions (formal only).
//
// Wraps rtl/argmax.sv (Ref = 0) or tests/formal/argmax_ref.sv (Ref = 1) and
// asserts the properties that determine the outputs uniquely:
//   no valid entry      -> valid 0, idx 0, max 0;
//   some valid entry    -> valid 1, entry idx is valid and holds max,
//                          no valid entry is larger than max,
//                          no valid entry below idx equals max (ties low).
// Proving both designs meet it is a second route to their equivalence; it is
// the route used for (N, W) = (48, 8), where the direct miter is too slow
// (tests/formal.sh --long, see docs/formal.md).
module argmax_spec #(
  parameter int N   = 8,                            // number of entries, >= 1
  parameter int W   = 8,                            // bits per value
  parameter bit Ref = 1'b0,                         // 0: rtl/argmax.sv, 1: argmax_ref
  localparam int IdxW = (N > 1) ? $clog2(N) : 1     // index width
) (
  input  logic [N-1:0]   valid_i,  // entry i takes part
  input  logic [N*W-1:0] vals_i    // entry i is vals_i[i*W +: W]
);
  logic [IdxW-1:0] idx;
  logic [W-1:0]    max;
  logic            valid;

  if (Ref) begin : gen_ref
    argmax_ref #(.N(N), .W(W)) u_dut (
      .valid_i (valid_i), .vals_i (vals_i), .idx_o (idx), .max_o (max), .valid_o (valid)
    );
  end else begin : gen_rtl
    argmax #(.N(N), .W(W)) u_dut (
      .valid_i (valid_i), .vals_i (vals_i), .idx_o (idx), .max_o (max), .valid_o (valid)
    );
  end

  always @* begin
    assert (valid == (valid_i != '0));
    if (valid) begin
      assert (idx <= IdxW'(N - 1));
      assert (valid_i[idx]);
      assert (max == vals_i[idx*W +: W]);
    end else begin
      assert (idx == '0);
      assert (max == '0);
    end
    for (int j = 0; j < N; j++) begin
      if (valid_i[j]) begin
        assert (vals_i[j*W +: W] <= max);
        if (j < idx) assert (vals_i[j*W +: W] != max);
      end
    end
  end
endmodule
