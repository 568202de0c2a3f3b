/* fuzz_config.c - libFuzzer target: the GPGPU-Sim gpgpusim.config reader
 * (sim/gpgpusim_config.c) and the key table behind it (sim/config.c). The
 * input is a config file's text; it is read from an anonymous memory file
 * (memfd: nothing touches the disk). Any input must end in a configuration
 * or a message, never a crash or a sanitizer report; a configuration that
 * reads must also pass or fail config_check cleanly. */
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "io/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int fd = -1;
    if (fd < 0 && (fd = memfd_create("fuzz.config", 0)) < 0)
        return 0;
    if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
        return 0;
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    config_t c;
    config_defaults(&c);
    if (config_read_gpgpusim(&c, path, NULL, (int)(size & 1)) == 0)
        (void)config_check(&c);
    return 0;
}
