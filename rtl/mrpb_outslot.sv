// mrpb_outslot: the MRPB outbound slot, its L1 handshake and the bypass path.
//
// One register holds the request presented to the L1. The L1 answers in the
// same cycle: l1_ready_i takes it; otherwise l1_stall_assoc_i says whether the
// refusal was an associativity stall (else some other resource stall). A read
// refused with a stall kind that matches the bypass mode (all: any stall;
// assoc: associativity stalls only) is presented to the next level from the
// next cycle on (bypass_o), where byp_ready_i takes it; anything else retries
// every cycle. Writes never bypass. A new request may load in the cycle the
// held one is taken (free_o), so the slot passes one request per cycle.
//
// Example (bypass assoc): read R loaded at cycle 0; cycle 1: l1_ready_i = 0,
//   l1_stall_assoc_i = 1 -> cycle 2: valid_o = 1, bypass_o = 1; byp_ready_i = 1
//   in cycle 2 -> free_o = 1 and the slot takes the next request.
module mrpb_outslot #(
  parameter int Width = 34                  // entry bits: {write, tag, addr}
) (
  input  logic             clk_i,            // clock
  // verilator lint_off SYNCASYNCNET
  input  logic             rst_ni,           // asynchronous reset, active low: empty
  // verilator lint_on SYNCASYNCNET
  input  logic             load_i,           // take data_i this cycle (only when free_o)
  input  logic [Width-1:0] data_i,           // request to load; bit Width-1 = write
  input  logic [1:0]       bypass_mode_i,    // 0 off, 1 all stalls, 2 associativity stalls
  input  logic             l1_ready_i,       // the L1 takes the presented request
  input  logic             l1_stall_assoc_i, // the L1's refusal is an associativity stall
  input  logic             byp_ready_i,      // the next level takes the bypassed request
  output logic             free_o,           // the slot can load this cycle
  output logic             valid_o,          // a request is presented
  output logic             bypass_o,         // it goes to the next level, not the L1
  output logic [Width-1:0] data_o,           // the request
  output logic             valid_d_o,        // valid_o and bypass_o next cycle (for copies
  output logic             bypass_d_o        //   of the slot's state kept by the caller)
);
  logic             valid_q, valid_d, bypass_q, bypass_d;
  logic [Width-1:0] data_q, data_d;
  logic             taken, match;

  assign taken  = valid_q && (bypass_q ? byp_ready_i : l1_ready_i);
  assign free_o = !valid_q || taken;
  assign match  = (bypass_mode_i == 2'd1) || (bypass_mode_i == 2'd2 && l1_stall_assoc_i);

  always_comb begin
    valid_d  = valid_q;
    bypass_d = bypass_q;
    data_d   = data_q;
    if (load_i) begin
      valid_d  = 1'b1;
      bypass_d = 1'b0;
      data_d   = data_i;
    end else if (taken) begin
      valid_d  = 1'b0;
      bypass_d = 1'b0;
    end else if (valid_q && !bypass_q && !data_q[Width-1] && match) begin
      bypass_d = 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q  <= 1'b0;
      bypass_q <= 1'b0;
      data_q   <= '0;
    end else begin
      valid_q  <= valid_d;
      bypass_q <= bypass_d;
      data_q   <= data_d;
    end
  end

  assign valid_o  = valid_q;
  assign bypass_o = bypass_q;
  assign data_o   = data_q;
  assign valid_d_o  = valid_d;
  assign bypass_d_o = bypass_d;

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (!(load_i && !free_o)) else $error("mrpb_outslot: load while the slot is busy");
      assert (!(bypass_q && !valid_q)) else $error("mrpb_outslot: bypass without a request");
    end
  end
`endif
endmodule
