/*
 * The factory figure's reference: a raw ffi_call loop with a cif prepared once.
 */
#include <ffi.h>
#include <stddef.h>

#include "CBenchSupport.h"

static char bench_effect_storage[64];

void *bench_factory(double duration, double damping, double offset) {
    (void)duration; (void)damping; (void)offset;
    return bench_effect_storage;
}

void *bench_c_ffi_loop(void *function, double a, double b, double c, long iterations) {
    ffi_cif cif;
    ffi_type *types[3] = {&ffi_type_double, &ffi_type_double, &ffi_type_double};
    if (ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 3, &ffi_type_pointer, types) != FFI_OK) return NULL;
    double values[3] = {a, b, c};
    void *slots[3] = {&values[0], &values[1], &values[2]};
    ffi_arg result = 0;
    for (long i = 0; i < iterations; i++) {
        ffi_call(&cif, (void (*)(void))function, &result, slots);
    }
    return (void *)result;
}
