/* sanitize.h - whether this file is being compiled with AddressSanitizer
 * (make asan, the fuzz targets): MEMSCHED_ASAN is 1 then, else 0. GCC says so
 * with a macro, clang with a feature test; the code that behaves differently
 * under ASan (simt.h's inlining, test_kernels' speed floor) reads this one
 * definition. */
#ifndef MEMSCHED_SANITIZE_H
#define MEMSCHED_SANITIZE_H

#if defined(__SANITIZE_ADDRESS__)
#define MEMSCHED_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MEMSCHED_ASAN 1
#endif
#endif
#ifndef MEMSCHED_ASAN
#define MEMSCHED_ASAN 0
#endif

#endif
