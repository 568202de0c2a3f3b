/* rr_arb_ports.h - the ports of rtl/rr_arb.sv (tb/glue.h describes the columns). */
PORT(in,  req,   cfg->n,                 1, NULL)
PORT(in,  ack,   1,                      1, NULL)
PORT(out, gnt,   cfg->n,                 1, NULL)
PORT(out, idx,   bits_idx_width(cfg->n), 1, NULL)
PORT(out, valid, 1,                      1, valid_names)
PORT(out, ptr,   bits_idx_width(cfg->n), 1, NULL)
