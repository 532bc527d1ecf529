#ifndef STAGEHAND_CFFI_SHIM_H
#define STAGEHAND_CFFI_SHIM_H
#include <ffi.h>

/* Swift 6 rejects taking the address of libffi's global ffi_type values; these accessors
 * hand them out as plain pointers. */
static inline ffi_type * _Nonnull shim_ffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type * _Nonnull shim_ffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type * _Nonnull shim_ffi_type_float(void) { return &ffi_type_float; }
static inline ffi_type * _Nonnull shim_ffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type * _Nonnull shim_ffi_type_uint32(void) { return &ffi_type_uint32; }
static inline ffi_type * _Nonnull shim_ffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type * _Nonnull shim_ffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type * _Nonnull shim_ffi_type_pointer(void) { return &ffi_type_pointer; }
#endif
