// The parts of cairo and libgd 2.x that Stagehand's renderer uses, declared here and
// resolved at run time from Debian's runtime libraries (libcairo.so.2 from `libcairo2`,
// libgd.so.3 from `libgd3`) with dlopen and dlsym.
//
// Why not link them: linking needs their development packages (libcairo2-dev,
// libgd-dev) for the headers, and pulls both libraries into every command, even those
// that never draw. Declaring the small subset used here lets `swift build` work on a
// machine with only the runtime libraries, and keeps `stagehand catalog`, `info`,
// `validate` and `play` without `--out` from loading them at all. A missing library or
// symbol becomes a clear error when a picture is asked for, not a failure to start.
//
// The declarations follow the libraries' stable ABIs (cairo 1.x; gd 2.x, whose soname
// is libgd.so.3). The renderer's tests compile a program against the real headers where
// they are installed and check that every size, offset, constant and function type here
// matches them. That program includes both this header and the real ones, so the type
// declarations below step aside when a real header came first.
#ifndef STAGEHAND_RENDER_LIBRARIES_H
#define STAGEHAND_RENDER_LIBRARIES_H

#include <stddef.h>

// The tables' fields are never NULL, which Swift should know (no optional to unwrap at
// every call); the rest of the header keeps C's unannotated pointers, as cairo's and
// gd's own headers do. Other compilers ignore the annotations.
#ifdef __clang__
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-completeness"
#else
#define _Nonnull
#define _Nullable
#endif

#ifdef __cplusplus
extern "C" {
#endif

// MARK: cairo's types (the subset used)

#ifndef CAIRO_H
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

typedef struct _cairo_matrix {
    double xx, yx;
    double xy, yy;
    double x0, y0;
} cairo_matrix_t;

typedef struct {
    double x_bearing, y_bearing;
    double width, height;
    double x_advance, y_advance;
} cairo_text_extents_t;

typedef struct {
    double ascent, descent, height;
    double max_x_advance, max_y_advance;
} cairo_font_extents_t;

// Enumerations: only the values used, with cairo's numbers (C enums are int-sized).
typedef enum _cairo_status {
    CAIRO_STATUS_SUCCESS = 0,
    CAIRO_STATUS_NO_MEMORY = 1,
    CAIRO_STATUS_WRITE_ERROR = 11
} cairo_status_t;

typedef enum _cairo_format {
    CAIRO_FORMAT_INVALID = -1,
    CAIRO_FORMAT_ARGB32 = 0,
    CAIRO_FORMAT_RGB24 = 1
} cairo_format_t;

typedef enum _cairo_operator {
    CAIRO_OPERATOR_SOURCE = 1,
    CAIRO_OPERATOR_OVER = 2,
    CAIRO_OPERATOR_ADD = 12
} cairo_operator_t;

typedef enum _cairo_font_slant {
    CAIRO_FONT_SLANT_NORMAL = 0
} cairo_font_slant_t;

typedef enum _cairo_font_weight {
    CAIRO_FONT_WEIGHT_NORMAL = 0,
    CAIRO_FONT_WEIGHT_BOLD = 1
} cairo_font_weight_t;

typedef struct _cairo_font_options cairo_font_options_t;

typedef enum _cairo_hint_style {
    CAIRO_HINT_STYLE_DEFAULT = 0,
    CAIRO_HINT_STYLE_NONE = 1
} cairo_hint_style_t;

typedef enum _cairo_hint_metrics {
    CAIRO_HINT_METRICS_DEFAULT = 0,
    CAIRO_HINT_METRICS_OFF = 1
} cairo_hint_metrics_t;

typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);

// A path as cairo hands it out (`copy_path`) and takes it back (`append_path`): each
// element is a header (its type and how many entries it spans, itself included)
// followed by its points.
typedef enum _cairo_path_data_type {
    CAIRO_PATH_MOVE_TO = 0,
    CAIRO_PATH_LINE_TO = 1,
    CAIRO_PATH_CURVE_TO = 2,
    CAIRO_PATH_CLOSE_PATH = 3
} cairo_path_data_type_t;

typedef union _cairo_path_data_t cairo_path_data_t;
union _cairo_path_data_t {
    struct {
        cairo_path_data_type_t type;
        int length;
    } header;
    struct {
        double x, y;
    } point;
};

typedef struct cairo_path {
    cairo_status_t status;
    cairo_path_data_t *data;
    int num_data;
} cairo_path_t;
#endif

// MARK: libgd's types (the subset used)

#ifndef GD_H
// The first fields of libgd 2.x's image, which the renderer reads (the rows of a palette
// image, and its size). The real struct goes on with many more fields; images are only
// ever made and freed by libgd, and reached through a pointer, so a prefix is enough.
typedef struct gdImageStruct {
    unsigned char **pixels;
    int sx;
    int sy;
} gdImage;
typedef gdImage *gdImagePtr;
#endif

// MARK: The functions, each once: result type, name without the library's prefix,
// parameters. They become the fields of the tables below and are looked up by their
// full names (`cairo_` + name, `gd` + name).

#define STAGEHAND_CAIRO_FUNCTIONS(F) \
    F(cairo_surface_t *, image_surface_create, (cairo_format_t format, int width, int height)) \
    F(cairo_surface_t *, image_surface_create_from_png, (const char *filename)) \
    F(unsigned char *, image_surface_get_data, (cairo_surface_t *surface)) \
    F(cairo_format_t, image_surface_get_format, (cairo_surface_t *surface)) \
    F(int, image_surface_get_width, (cairo_surface_t *surface)) \
    F(int, image_surface_get_height, (cairo_surface_t *surface)) \
    F(int, image_surface_get_stride, (cairo_surface_t *surface)) \
    F(cairo_status_t, surface_status, (cairo_surface_t *surface)) \
    F(void, surface_flush, (cairo_surface_t *surface)) \
    F(void, surface_mark_dirty, (cairo_surface_t *surface)) \
    F(void, surface_destroy, (cairo_surface_t *surface)) \
    F(cairo_status_t, surface_write_to_png_stream, (cairo_surface_t *surface, cairo_write_func_t write_func, void *closure)) \
    F(const char *, status_to_string, (cairo_status_t status)) \
    F(cairo_t *, create, (cairo_surface_t *target)) \
    F(void, destroy, (cairo_t *cr)) \
    F(void, save, (cairo_t *cr)) \
    F(void, restore, (cairo_t *cr)) \
    F(void, set_operator, (cairo_t *cr, cairo_operator_t op)) \
    F(void, set_source_rgba, (cairo_t *cr, double red, double green, double blue, double alpha)) \
    F(void, identity_matrix, (cairo_t *cr)) \
    F(void, translate, (cairo_t *cr, double tx, double ty)) \
    F(void, scale, (cairo_t *cr, double sx, double sy)) \
    F(void, transform, (cairo_t *cr, const cairo_matrix_t *matrix)) \
    F(void, new_path, (cairo_t *cr)) \
    F(void, new_sub_path, (cairo_t *cr)) \
    F(void, move_to, (cairo_t *cr, double x, double y)) \
    F(void, line_to, (cairo_t *cr, double x, double y)) \
    F(void, arc, (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2)) \
    F(void, rectangle, (cairo_t *cr, double x, double y, double width, double height)) \
    F(void, close_path, (cairo_t *cr)) \
    F(void, fill, (cairo_t *cr)) \
    F(void, clip, (cairo_t *cr)) \
    F(void, clip_extents, (cairo_t *cr, double *x1, double *y1, double *x2, double *y2)) \
    F(void, text_path, (cairo_t *cr, const char *utf8)) \
    F(cairo_path_t *, copy_path, (cairo_t *cr)) \
    F(void, append_path, (cairo_t *cr, const cairo_path_t *path)) \
    F(void, path_destroy, (cairo_path_t *path)) \
    F(void, paint, (cairo_t *cr)) \
    F(void, paint_with_alpha, (cairo_t *cr, double alpha)) \
    F(void, push_group, (cairo_t *cr)) \
    F(void, pop_group_to_source, (cairo_t *cr)) \
    F(void, select_font_face, (cairo_t *cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight)) \
    F(void, set_font_size, (cairo_t *cr, double size)) \
    F(cairo_font_options_t *, font_options_create, (void)) \
    F(void, font_options_destroy, (cairo_font_options_t *options)) \
    F(void, font_options_set_hint_style, (cairo_font_options_t *options, cairo_hint_style_t hint_style)) \
    F(void, font_options_set_hint_metrics, (cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics)) \
    F(void, set_font_options, (cairo_t *cr, const cairo_font_options_t *options)) \
    F(void, show_text, (cairo_t *cr, const char *utf8)) \
    F(void, text_extents, (cairo_t *cr, const char *utf8, cairo_text_extents_t *extents)) \
    F(void, font_extents, (cairo_t *cr, cairo_font_extents_t *extents))

#define STAGEHAND_GD_FUNCTIONS(F) \
    F(gdImagePtr, ImageCreate, (int sx, int sy)) \
    F(gdImagePtr, ImageCreateFromGifPtr, (int size, void *data)) \
    F(void, ImageDestroy, (gdImagePtr im)) \
    F(int, ImageColorAllocate, (gdImagePtr im, int r, int g, int b)) \
    F(void, ImageColorTransparent, (gdImagePtr im, int color)) \
    F(void, ImageSetPixel, (gdImagePtr im, int x, int y, int color)) \
    F(int, ImageGetTrueColorPixel, (gdImagePtr im, int x, int y)) \
    F(void *, ImageGifAnimBeginPtr, (gdImagePtr im, int *size, int GlobalCM, int Loops)) \
    F(void *, ImageGifAnimAddPtr, (gdImagePtr im, int *size, int LocalCM, int LeftOfs, int TopOfs, int Delay, int Disposal, gdImagePtr previm)) \
    F(void *, ImageGifAnimEndPtr, (int *size)) \
    F(void, Free, (void *m))

#define STAGEHAND_TABLE_FIELD(result, name, parameters) result (* _Nonnull name) parameters;

/// cairo's functions, every one resolved.
typedef struct stagehand_cairo {
    STAGEHAND_CAIRO_FUNCTIONS(STAGEHAND_TABLE_FIELD)
} stagehand_cairo;

/// libgd's functions, every one resolved.
typedef struct stagehand_gd {
    STAGEHAND_GD_FUNCTIONS(STAGEHAND_TABLE_FIELD)
} stagehand_gd;

/// The library's soname and the Debian package that installs it.
#define STAGEHAND_CAIRO_LIBRARY "libcairo.so.2"
#define STAGEHAND_CAIRO_PACKAGE "libcairo2"
#define STAGEHAND_GD_LIBRARY "libgd.so.3"
#define STAGEHAND_GD_PACKAGE "libgd3"

/// cairo's table, loaded on the first call (once for the process, whichever thread asks
/// first; later calls return the same answer). NULL when libcairo.so.2 or one of the
/// functions cannot be found: `stagehand_cairo_error()` then says which, and why.
const stagehand_cairo *_Nullable stagehand_cairo_load(void);
const char *_Nonnull stagehand_cairo_error(void);

/// libgd's table, likewise.
const stagehand_gd *_Nullable stagehand_gd_load(void);
const char *_Nonnull stagehand_gd_error(void);

#ifdef __clang__
#pragma clang diagnostic pop
#endif

#ifdef __cplusplus
}
#endif

#endif
