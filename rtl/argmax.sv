// argmax: index and value of the largest of N W-bit values, ties to the lowest index.
//
// Only entries with valid_i set take part. A balanced comparison tree (depth
// log2(N)): each node keeps the larger of its two children and takes the
// right (higher-index) child only when it is strictly larger or the left one
// has no valid entry, which makes ties go to the lowest index. Used by MRPB's
// longest-first drain (queue lengths) and by the DRAM scheduler (row scores).
//
// Example (N = 4, W = 4): vals_i = {4'd7, 4'd9, 4'd2, 4'd9} (entry 3 .. 0),
//   valid_i = 4'b1111 -> idx_o = 0, max_o = 9, valid_o = 1;
//   valid_i = 4'b1110 -> idx_o = 2, max_o = 9, valid_o = 1.
module argmax #(
  parameter int N = 8,                              // number of entries, >= 1
  parameter int W = 8,                              // bits per value, 1..64
  localparam int IdxW = (N > 1) ? $clog2(N) : 1     // index width
) (
  input  logic [N-1:0]    valid_i,  // entry i takes part
  input  logic [N*W-1:0]  vals_i,   // entry i is vals_i[i*W +: W]
  output logic [IdxW-1:0] idx_o,    // index of the largest valid entry; 0 when none
  output logic [W-1:0]    max_o,    // its value; 0 when none
  output logic            valid_o   // some entry is valid
);
  localparam int Levels = (N > 1) ? $clog2(N) : 0;
  localparam int Leaves = 1 << Levels;
  localparam int Nodes  = 2 * Leaves - 1;           // heap-ordered tree: node k has children 2k+1, 2k+2

  logic            node_valid [Nodes] /* verilator split_var */;
  logic [IdxW-1:0] node_idx   [Nodes] /* verilator split_var */;
  logic [W-1:0]    node_val   [Nodes] /* verilator split_var */;

  for (genvar i = 0; i < Leaves; i++) begin : gen_leaf
    if (i < N) begin : gen_entry
      assign node_valid[Leaves-1+i] = valid_i[i];
      assign node_val[Leaves-1+i]   = valid_i[i] ? vals_i[i*W +: W] : '0;
    end else begin : gen_pad
      assign node_valid[Leaves-1+i] = 1'b0;
      assign node_val[Leaves-1+i]   = '0;
    end
    assign node_idx[Leaves-1+i] = IdxW'(i);
  end

  for (genvar k = 0; k < Leaves - 1; k++) begin : gen_node
    logic take_right;  // right child valid and strictly larger, or left child empty
    assign take_right = node_valid[2*k+2] &
                        (~node_valid[2*k+1] | (node_val[2*k+2] > node_val[2*k+1]));
    assign node_valid[k] = node_valid[2*k+1] | node_valid[2*k+2];
    assign node_idx[k]   = take_right ? node_idx[2*k+2] : node_idx[2*k+1];
    assign node_val[k]   = take_right ? node_val[2*k+2] : node_val[2*k+1];
  end

  assign valid_o = node_valid[0];
  assign idx_o   = node_idx[0];
  assign max_o   = node_val[0];
endmodule
