/* argmax_ports.h - the ports of rtl/argmax.sv (tb/glue.h describes the columns). */
PORT(in,  valid, cfg->n,                 1,      NULL)
PORT(in,  vals,  cfg->w,                 cfg->n, NULL)
PORT(out, idx,   bits_idx_width(cfg->n), 1,      NULL)
PORT(out, max,   cfg->w,                 1,      NULL)
PORT(out, valid, 1,                      1,      valid_names)
