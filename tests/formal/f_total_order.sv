// f_total_order: formal-only check that a pair relation is a strict total
// order: rows_i holds row i at [i*N +: N], bit j > i set when item i comes
// before item j (j before i is its complement; bits j <= i are not read).
// Antisymmetry and totality hold by construction (one bit per pair), so
// what is asserted is that no three items form a cycle. Instantiated under
// `ifdef FORMAL by the blocks that keep such relations (apres_laws' queue,
// tbas' warp and batch orders); tests/formal.sh reads this file with them.
module f_total_order #(
  parameter int N = 4                      // items
) (
  input logic           en_i,              // check (out of reset)
  input logic [N*N-1:0] rows_i             // the relation, a row per item
);
  for (genvar i = 0; i < N; i++) begin : gen_i
    for (genvar j = i + 1; j < N; j++) begin : gen_j
      for (genvar k = j + 1; k < N; k++) begin : gen_k
        always @* begin
          if (en_i) begin
            assert (!(rows_i[i*N+j] && rows_i[j*N+k] && !rows_i[i*N+k]));
            assert (!(!rows_i[i*N+j] && !rows_i[j*N+k] && rows_i[i*N+k]));
          end
        end
      end
    end
  end
endmodule
