// Loads cairo and libgd at run time: see include/render_libraries.h for why.
#include "render_libraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// One library's loading: done once under `once`; afterwards `table` is either complete
/// or NULL with `error` set, and neither changes again, so reading them needs no lock.
struct loading {
    pthread_once_t once;
    char error[512];
};

/// Opens `soname` for good (the library stays loaded for the process's life: the tables
/// point into it). RTLD_LOCAL keeps its symbols out of the way of bundles loaded later.
static void *open_library(const char *soname, char *error, size_t size) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(error, size, "cannot load %s (%s)", soname, why ? why : "dlopen failed");
    }
    return handle;
}

/// Resolves one symbol into the table's field, or stops the loading naming the symbol.
#define RESOLVE(table, prefix, handle, soname, loading, result, name, parameters) \
    do { \
        void *symbol = dlsym(handle, #prefix #name); \
        if (!symbol) { \
            snprintf((loading).error, sizeof (loading).error, "%s has no function %s", soname, #prefix #name); \
            goto missing; \
        } \
        (table).name = (result (*) parameters)symbol; \
    } while (0)

static struct loading cairo_loading = {PTHREAD_ONCE_INIT, ""};
static stagehand_cairo cairo_table;
static const stagehand_cairo *cairo_loaded;

static int resolve_cairo(void) {
    void *handle = open_library(STAGEHAND_CAIRO_LIBRARY, cairo_loading.error, sizeof cairo_loading.error);
    if (!handle) return 0;
#define F(result, name, parameters) \
    RESOLVE(cairo_table, cairo_, handle, STAGEHAND_CAIRO_LIBRARY, cairo_loading, result, name, parameters);
    STAGEHAND_CAIRO_FUNCTIONS(F)
#undef F
    return 1;
missing:
    dlclose(handle);
    return 0;
}

static void load_cairo(void) {
    if (resolve_cairo()) cairo_loaded = &cairo_table;
}

const stagehand_cairo *stagehand_cairo_load(void) {
    pthread_once(&cairo_loading.once, load_cairo);
    return cairo_loaded;
}

const char *stagehand_cairo_error(void) {
    pthread_once(&cairo_loading.once, load_cairo);
    return cairo_loading.error;
}

static struct loading gd_loading = {PTHREAD_ONCE_INIT, ""};
static stagehand_gd gd_table;
static const stagehand_gd *gd_loaded;

static int resolve_gd(void) {
    void *handle = open_library(STAGEHAND_GD_LIBRARY, gd_loading.error, sizeof gd_loading.error);
    if (!handle) return 0;
#define F(result, name, parameters) \
    RESOLVE(gd_table, gd, handle, STAGEHAND_GD_LIBRARY, gd_loading, result, name, parameters);
    STAGEHAND_GD_FUNCTIONS(F)
#undef F
    return 1;
missing:
    dlclose(handle);
    return 0;
}

static void load_gd(void) {
    if (resolve_gd()) gd_loaded = &gd_table;
}

const stagehand_gd *stagehand_gd_load(void) {
    pthread_once(&gd_loading.once, load_gd);
    return gd_loaded;
}

const char *stagehand_gd_error(void) {
    pthread_once(&gd_loading.once, load_gd);
    return gd_loading.error;
}
