// popcnt: the number of set bits of in_i, as a Wallace tree of full adders
// (3:2 compressors) and one Kogge-Stone adder for the last two rows.
//
// Stage s holds, per weight column k, h(s, k) bits. Each column's bits go in
// threes into full adders (sum to column k, carry to column k + 1 of the next
// stage); the one or two left over pass through. After about log1.5(N / 2)
// stages every column holds at most two bits, and add_ks adds the two rows.
// Written out rather than as a sum of N one-bit terms: Yosys builds that as
// a chain (or a tree) of ripple adders that ABC does not restructure; 48
// bits took 3.4 ns in osu018 that way (docs/tbas.md, "Timing").
//
// The column heights are constant functions of N, so the generate loops
// place every full adder at elaboration; the bits of stage s, column k, are
// b[(s * CW + k) * M +: M], slot by slot: the column's sums first, then the
// bits passed through, then the carries from column k - 1.
//
// Example (N = 5): in_i = 5'b10111 -> cnt_o = 3'd4.
//
// Simulation body: the Verilated models of the blocks (the Makefile defines
// FAST_SIM_PRIMS for them) count with $countones, one instruction where the
// tree is a few hundred single-bit assignments (tbas' lockstep ran 1.8x
// faster). The tree is what Yosys, the area and timing estimates, mutation,
// coverage and `make lint` read, and tests/formal.sh proves it equal to a
// plain sum at every size a built parameter set instantiates
// (docs/formal.md, "Simulation bodies").
module popcnt #(
  parameter int N = 48,                          // bits, >= 1
  localparam int CW = $clog2(N + 1),             // count width
  // (not read by the simulation body)
  // verilator lint_off UNUSEDPARAM
  localparam int M  = (N < 2) ? 2 : N             // bit slots per column and stage
  // verilator lint_on UNUSEDPARAM
) (
  input  logic [N-1:0]  in_i,                    // bits
  output logic [CW-1:0] cnt_o                    // how many are set
);
`ifdef FAST_SIM_PRIMS
  assign cnt_o = CW'($countones(in_i));   // the simulation body (see above)
`else
  // verilator tracing_off
  localparam int S = 12;                         // stages enough for N <= 64 (9 used at 64)

  // h(s, k): bits in column k at stage s.
  function automatic int height(input int s, input int k);
    // the heights of columns 0..7, 8 bits each (a packed word: Yosys 0.23
    // evaluates no unpacked arrays in constant functions)
    reg [63:0] h, hn;
    integer lo, cur;
    h = 64'(N);
    for (int t = 0; t < s; t++) begin
      hn = '0;
      for (int c = 0; c < 8; c++) begin
        cur = {24'd0, h[c*8 +: 8]};
        lo  = (c > 0) ? {24'd0, h[(c-1)*8 +: 8]} / 3 : 0;
        hn[c*8 +: 8] = 8'(cur / 3 + cur % 3 + lo);
      end
      h = hn;
    end
    height = {24'd0, h[k*8 +: 8]};
  endfunction

  logic [S*CW*M-1:0] b /* verilator split_var */;   // split: each bit its own variable (no false loop)
  assign b[M-1:0] = M'(in_i);
  for (genvar k = 1; k < CW; k++) begin : gen_col0
    assign b[k*M +: M] = '0;
  end
  for (genvar s = 0; s + 1 < S; s++) begin : gen_stage
    for (genvar k = 0; k < CW; k++) begin : gen_col
      localparam int H  = height(s, k);
      localparam int F  = H / 3;                               // full adders in this column
      localparam int R  = H % 3;                               // bits passed through
      localparam int FL = (k > 0) ? height(s, k - 1) / 3 : 0;  // carries from the column below
      localparam int Cur = (s * CW + k) * M;
      localparam int Nxt = ((s + 1) * CW + k) * M;
      for (genvar f = 0; f < F; f++) begin : gen_fa
        assign b[Nxt + f] = b[Cur + 3*f] ^ b[Cur + 3*f + 1] ^ b[Cur + 3*f + 2];
      end
      for (genvar r = 0; r < R; r++) begin : gen_pass
        assign b[Nxt + F + r] = b[Cur + 3*F + r];
      end
      for (genvar f = 0; f < FL; f++) begin : gen_carry
        localparam int Lo = ((s * CW) + k - 1) * M + 3*f;
        assign b[Nxt + F + R + f] = (b[Lo] & b[Lo + 1]) | (b[Lo + 2] & (b[Lo] ^ b[Lo + 1]));
      end
      if (F + R + FL < M) begin : gen_pad
        assign b[Nxt + F + R + FL +: M - (F + R + FL)] = '0;
      end
    end
  end

  // The last stage: at most two bits per column.
  logic [CW-1:0] row0, row1;
  for (genvar k = 0; k < CW; k++) begin : gen_rows
    localparam int Last = ((S - 1) * CW + k) * M;
    assign row0[k] = b[Last];
    assign row1[k] = b[Last + 1];
  end

  // verilator lint_off PINCONNECTEMPTY
  add_ks #(.W(CW)) u_add (.a_i(row0), .b_i(row1), .sum_o(cnt_o), .co_o());
  // verilator lint_on PINCONNECTEMPTY
`endif
endmodule
