#ifndef CHARTVIEW_CPNG_SHIM_H
#define CHARTVIEW_CPNG_SHIM_H
// libpng (which Cairo writes PNG files with), used directly to choose the compression: Cairo
// always compresses at zlib's default level with adaptive filters, about 4x slower than what
// suits charts (long runs of flat color).
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stddef.h>

typedef void (*chartview_png_sink)(void *context, const uint8_t *bytes, size_t count);

static void chartview_png_write(png_structp png, png_bytep bytes, size_t count) {
    void **target = (void **)png_get_io_ptr(png);
    ((chartview_png_sink)target[0])(target[1], bytes, count);
}

static void chartview_png_flush(png_structp png) { (void)png; }

// libpng reports errors by longjmp, which Swift cannot catch: it is kept here, in C.
// Encodes `height` rows of `width` pixels, each 32 bits in native order with the color in the
// low 24 bits (Cairo's RGB24 and opaque ARGB32), `stride` bytes apart, as an 8-bit RGB PNG
// handed to `sink` piece by piece. zlib `level` (0-9), no row filter. Returns 0, or -1 when
// libpng failed (out of memory).
static inline int chartview_png_encode_rgbx(const uint8_t *data, int width, int height, int stride, int level,
                                            chartview_png_sink sink, void *context) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) return -1;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); return -1; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    void *target[2] = { (void *)sink, context };
    png_set_write_fn(png, target, chartview_png_write, chartview_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, 0, PNG_FILTER_NONE);
    png_write_info(png, info);
    // Memory holds B, G, R, X on little-endian machines and X, R, G, B on big-endian ones.
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    png_set_bgr(png);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
#else
    png_set_filler(png, 0, PNG_FILLER_BEFORE);
#endif
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(data + (size_t)y * (size_t)stride));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}
#endif
