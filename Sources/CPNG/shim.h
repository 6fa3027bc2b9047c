#ifndef CHARTVIEW_CPNG_SHIM_H
#define CHARTVIEW_CPNG_SHIM_H
// libpng (which Cairo writes PNG files with), used directly to choose the compression: Cairo
// always compresses at zlib's default level with adaptive filters, about 4x slower than what
// suits charts (long runs of flat color).
#include <png.h>
#include <setjmp.h>
#include <zlib.h>
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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

// One band of a PNG's image data, for encoding bands on several threads at once (libpng
// compresses on one): rows [y0, y1) of pixels as chartview_png_encode_rgbx takes them, each
// row as PNG filter type 0 then R, G, B, compressed as raw deflate (no zlib header) at `level`
// and handed to `sink`. The band ends on a byte boundary and is not final (Z_SYNC_FLUSH), so
// bands concatenate into one deflate stream, unless `last`, which ends the stream (Z_FINISH).
// *adler receives the Adler-32 of the band's uncompressed bytes (adler32_combine joins bands).
// Returns 0, or -1 when zlib failed (out of memory).
static inline int chartview_png_deflate_band(const uint8_t *data, int width, int y0, int y1, int stride, int level, int last,
                                             chartview_png_sink sink, void *context, unsigned long *adler) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
    size_t rowBytes = 1 + 3 * (size_t)width;
    uint8_t *row = (uint8_t *)malloc(rowBytes);
    uint8_t *out = (uint8_t *)malloc(1 << 16);
    if (!row || !out) { free(row); free(out); deflateEnd(&z); return -1; }
    unsigned long sum = adler32(0L, Z_NULL, 0);
    int status = 0;
    for (int y = y0; y < y1 && status == 0; y++) {
        const uint32_t *pixels = (const uint32_t *)(data + (size_t)y * (size_t)stride);
        row[0] = 0;
        for (int x = 0; x < width; x++) {
            uint32_t p = pixels[x];
            row[1 + 3 * x] = (uint8_t)(p >> 16);
            row[2 + 3 * x] = (uint8_t)(p >> 8);
            row[3 + 3 * x] = (uint8_t)p;
        }
        sum = adler32(sum, row, (uInt)rowBytes);
        z.next_in = row;
        z.avail_in = (uInt)rowBytes;
        int flush = y + 1 < y1 ? Z_NO_FLUSH : (last ? Z_FINISH : Z_SYNC_FLUSH);
        do {
            z.next_out = out;
            z.avail_out = 1 << 16;
            int result = deflate(&z, flush);
            if (result == Z_STREAM_ERROR) { status = -1; break; }
            size_t produced = (1 << 16) - z.avail_out;
            if (produced > 0) sink(context, out, produced);
        } while (z.avail_out == 0);  // zlib's rule: call again while the output buffer fills
    }
    if (y0 >= y1 && last && status == 0) {
        // An empty last band still ends the stream.
        z.next_out = out;
        z.avail_out = 1 << 16;
        if (deflate(&z, Z_FINISH) == Z_STREAM_END) sink(context, out, (1 << 16) - z.avail_out); else status = -1;
    }
    deflateEnd(&z);
    free(row);
    free(out);
    *adler = sum;
    return status;
}
#endif
