/* fuzz_cli.c - libFuzzer target: the command line of cosim and ref (option
 * parsing, --set keys and values, parameter-set selection; sim/main.c) up to
 * the point where a run would start. The input is the argument list, one
 * argument per line; its first byte picks cosim or ref. */
#define MEMSCHED_NO_MAIN
#include "../../sim/cli/main.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    char buf[4097];
    memcpy(buf, data + 1, size - 1);
    buf[size - 1] = 0;
    char *argv[64];
    int argc = 0;
    for (char *save = NULL, *t = strtok_r(buf, "\n", &save); t && argc < 63; t = strtok_r(NULL, "\n", &save)) {
        /* No files written or read by name: a fuzzer must not touch the disk. */
        if (!strcmp(t, "--record") || !strcmp(t, "--stim") || !strcmp(t, "--fst") || !strcmp(t, "--gtkw"))
            return 0;
        argv[argc++] = t;
    }
    argv[argc] = NULL;
    prep_t p;
    if (memsched_prepare(argc, argv, data[0] & 1, &p) == 0)
        prep_free(&p);
    return 0;
}
