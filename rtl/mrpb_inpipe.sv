// mrpb_inpipe: the MRPB input pipeline that sets the enqueue-to-dequeue latency.
//
// Latency-1 register stages between the coalescer and the enqueue point, so a
// request accepted at cycle t reaches its queue at t+Latency-1, can be drained
// in that cycle (split cycle) and is presented to the L1 from the outbound
// slot at t+Latency. The pipeline moves as a whole: while the enqueue point
// cannot hand its request on (stall_i), every stage holds and the input is
// not ready, as the paper's memory pipeline stage stalls. Latency = 1 is a
// wire: the input itself is the enqueue point.
//
// next_o and vnext_o let the user register a function of the enqueue point's
// payload a cycle ahead (mrpb decodes the queue index into a one-hot there).
//
// Example (Latency = 3): A accepted at cycle 0 is at valid_o/data_o in
//   cycle 2; if stall_i is high in cycle 2 it is still there in cycle 3.
module mrpb_inpipe #(
  parameter int Latency = 5,                // accept-to-present cycles, 1..18
  parameter int Width   = 8                 // payload bits
) (
  input  logic             clk_i,    // clock
  // verilator lint_off SYNCASYNCNET
  input  logic             rst_ni,   // asynchronous reset, active low: stages empty
  // verilator lint_on SYNCASYNCNET
  input  logic             valid_i,  // a request at the input
  input  logic [Width-1:0] data_i,   // its payload
  input  logic             stall_i,  // the enqueue point keeps its request: hold every stage
  output logic             valid_o,  // a request at the enqueue point
  output logic [Width-1:0] data_o,   // its payload
  output logic [Width-1:0] next_o,   // the payload data_o takes at the next clock unless
                                     // stall_i (Latency = 1: data_i, like data_o)
  output logic             vnext_o   // the same for valid_o
);
  if (Latency == 1) begin : gen_wire
    assign valid_o = valid_i;
    assign data_o  = data_i;
    assign next_o  = data_i;
    assign vnext_o = valid_i;
    logic unused;
    assign unused = clk_i ^ rst_ni ^ stall_i;
  end else begin : gen_stages
    localparam int Stages = Latency - 1;
    logic [Stages-1:0] valid_q, valid_d;   // valid_q[0] is nearest the input
    logic [Width-1:0]  data_q [Stages];    // payload, not reset

    always_comb begin
      valid_d = valid_q;
      if (!stall_i) valid_d = (valid_q << 1) | Stages'(valid_i);
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) valid_q <= '0;
      else         valid_q <= valid_d;
    end

    (* keep *)   // mrpb keeps a copy of the last stage's queue index: not merged with it
    always_ff @(posedge clk_i) begin
      if (!stall_i) begin
        data_q[0] <= data_i;
        for (int i = 1; i < Stages; i++) data_q[i] <= data_q[i-1];
      end
    end

    assign valid_o = valid_q[Stages-1];
    assign data_o  = data_q[Stages-1];
    if (Stages == 1) begin : gen_next_in
      assign next_o  = data_i;
      assign vnext_o = valid_i;
    end else begin : gen_next_stage
      assign next_o  = data_q[Stages-2];
      assign vnext_o = valid_q[Stages-2];
    end
  end
endmodule
