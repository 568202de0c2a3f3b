// oh_sel: the entry of N packed W-bit entries picked by a one-hot mask.
//
// The one-hot twin of idx_sel: each entry is gated by its own select bit and
// the gated entries are ORed, a balanced tree of ceil(log2 N) OR levels after
// one AND. sel_i must have at most one bit set; with none set the result is
// 0, with several the OR of their entries.
//
// Example: N = 3, W = 4, data_i = {4'hc, 4'hb, 4'ha}, sel_i = 3'b010 -> 4'hb.
module oh_sel #(
  parameter int N = 4,                  // entries, >= 1
  parameter int W = 1                   // bits per entry, >= 1
) (
  input  logic [N*W-1:0] data_i,        // entry i at [i*W +: W]
  input  logic [N-1:0]   sel_i,         // one-hot (or 0): the entry to select
  output logic [W-1:0]   data_o         // the selected entry; 0 if none
);
  always_comb begin
    data_o = '0;
    for (int i = 0; i < N; i++)
      data_o = data_o | ({W{sel_i[i]}} & data_i[i*W +: W]);
  end
endmodule
