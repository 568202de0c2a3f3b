// oh_dec: a binary index decoded to a one-hot mask.
//
// Bit i is idx_i == i, an equality per output; an index >= N sets no bit.
// The twin of oh_sel, which takes such a mask to select an entry.
//
// Example: N = 6, idx_i = 3'd4 -> oh_o = 6'b01_0000; idx_i = 3'd7 -> 6'b0.
module oh_dec #(
  parameter int N = 4,                        // outputs, >= 1
  localparam int IW = (N > 1) ? $clog2(N) : 1 // index width
) (
  input  logic [IW-1:0] idx_i,                // the index
  output logic [N-1:0]  oh_o                  // bit idx_i set; 0 if idx_i >= N
);
  for (genvar i = 0; i < N; i++) begin : gen_bit
    assign oh_o[i] = idx_i == IW'(i);
  end
endmodule
