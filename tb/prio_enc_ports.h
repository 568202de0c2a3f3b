/* prio_enc_ports.h - the ports of rtl/prio_enc.sv (tb/glue.h describes the columns). */
PORT(in,  req,   cfg->n,                 1, NULL)
PORT(out, idx,   bits_idx_width(cfg->n), 1, NULL)
PORT(out, valid, 1,                      1, valid_names)
