// first_oh: the lowest set bit of req_i, one-hot, in two levels of groups.
//
// The first set bit of each group of G (a NOR of the bits below it in the
// group) and the first group with a set bit (a NOR of the groups below it),
// ANDed: two levels of at most G - 1 and N / G - 1 terms. Written so because
// ABC rewrites a prefix OR over all N bits into a chain of N gates, and a
// priority encoder followed by an index compare is deeper (docs/area.md,
// "Adders").
//
// Example (N = 8, G = 4): req_i = 8'b0110_0000 -> first_o = 8'b0010_0000, any_o = 1.
module first_oh #(
  parameter int N = 16,                          // bits, >= 1
  localparam int G  = (N <= 16) ? 4 : 8,         // bits per group
  localparam int NG = (N + G - 1) / G            // groups; the last may be short
) (
  input  logic [N-1:0] req_i,                    // requests
  output logic [N-1:0] first_o,                  // the lowest one, one-hot; 0 if none
  output logic         any_o                     // some request
);
  logic [NG-1:0] grp_any, grp_first;
  for (genvar g = 0; g < NG; g++) begin : gen_grp
    localparam int Lo = g * G;
    localparam int C  = (N - Lo < G) ? N - Lo : G;
    assign grp_any[g] = |req_i[Lo +: C];
    if (g == 0) begin : gen_g0
      assign grp_first[g] = grp_any[g];
    end else begin : gen_gn
      assign grp_first[g] = grp_any[g] & ~|grp_any[g-1:0];
    end
    for (genvar c = 0; c < C; c++) begin : gen_bit
      if (c == 0) begin : gen_c0
        assign first_o[Lo+c] = req_i[Lo+c] & grp_first[g];
      end else begin : gen_cn
        assign first_o[Lo+c] = req_i[Lo+c] & ~|req_i[Lo +: c] & grp_first[g];
      end
    end
  end
  assign any_o = |grp_any;
endmodule
