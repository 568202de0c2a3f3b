// mrpb_take: does MRPB's enqueue point hand its request on this cycle, the
// terms before the slot's answer (the L1's and the next level's ready, which
// arrive half a cycle in and are combined by late_ao copies after it).
//
// The enqueue point's request is stored (keep: it may enter its queue, which
// is not full), or handed to the outbound slot (take_if: no reordering, or a
// write under flush for an empty queue) if the slot takes a request:
//   ready    = !valid | keep | (take_if & idle)  no stall, whatever the slot's answer
//   take_l1  = take_if & l1                      no stall if the L1 takes the slot's request
//   take_byp = take_if & byp                     no stall if the next level takes it
// so ready | (take_l1 & l1_ready) | (take_byp & byp_ready) is "the enqueue
// point does not stall": in_ready_o, the input pipeline's moves, the reload
// of the enqueue point's registered one-hots.
//
// Mapped on its own ((* map_alone *), constraints/area.sh), like late_ao: its
// inputs are flip-flops (the enqueue point's registered flags, the slot's state
// copy), and flattened, ABC shared this small cone with the 100-load enqueue
// control and hung in_ready_o at the end of that net's buffer tree (issue 12:
// 0.9 ns of buffers between the flags and in_ready_o). Logic simulation,
// formal checks and mutation flatten it like any other module.
//
// Example: valid_i = 1, reorder_i = 1, go_i = 1, full_i = 0: ready_o = 1
// (the request enters its queue whatever the slot does).
(* map_alone *)
module mrpb_take (
  input  logic valid_i,    // a request at the enqueue point
  input  logic reorder_i,  // reordering on (the mode)
  input  logic go_i,       // it may enter its queue (valid, reordering, not a write under flush)
  input  logic wf_i,       // it is a write under flush (valid, reordering)
  input  logic full_i,     // its queue is full
  input  logic empty_i,    // its queue is empty
  input  logic idle_i,     // the slot is empty
  input  logic l1_i,       // the slot holds a request for the L1
  input  logic byp_i,      // the slot holds a bypass request
  output logic ready_o,    // the enqueue point does not stall, whatever the slot's answer
  output logic take_l1_o,  // it does not stall if the L1 takes the slot's request
  output logic take_byp_o  // it does not stall if the next level takes it
);
  logic keep, take_if;
  assign keep       = reorder_i && !wf_i && go_i && !full_i;
  assign take_if    = !reorder_i || (wf_i && empty_i);
  assign ready_o    = !valid_i || keep || (take_if && idle_i);
  assign take_l1_o  = take_if && l1_i;
  assign take_byp_o = take_if && byp_i;
endmodule
