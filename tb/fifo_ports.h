/* fifo_ports.h - the ports of rtl/fifo.sv (tb/glue.h describes the columns). */
PORT(in,  push,  1,                                   1, NULL)
PORT(in,  wdata, cfg->width,                          1, NULL)
PORT(in,  pop,   1,                                   1, NULL)
PORT(out, rdata, cfg->width,                          1, NULL)
PORT(out, full,  1,                                   1, full_names)
PORT(out, empty, 1,                                   1, empty_names)
PORT(out, count, bits_clog2((uint64_t)cfg->depth + 1), 1, NULL)
