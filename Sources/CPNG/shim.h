#ifndef CHARTVIEW_CPNG_SHIM_H
#define CHARTVIEW_CPNG_SHIM_H
// PNG encoding through zlib: Cairo's own writer (libpng) compresses at zlib's default level
// with adaptive filters, on one thread, about 4x slower than what suits charts (long runs of
// flat color). chartview filters and compresses two bands of rows on two threads here and
// writes the chunks around them itself (ChartCairo's PNGEncoder).
#include <zlib.h>
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef void (*chartview_png_sink)(void *context, const uint8_t *bytes, size_t count);

// Row `pixels` (32-bit native-order pixels, color in the low 24 bits) as R, G, B bytes at
// rgb + 1 (rgb[0] is left for the filter type).
static inline void chartview_png_rgb_row(const uint8_t *pixels, int width, uint8_t *rgb) {
    const uint32_t *p = (const uint32_t *)pixels;
    for (int x = 0; x < width; x++) {
        rgb[1 + 3 * x] = (uint8_t)(p[x] >> 16);
        rgb[2 + 3 * x] = (uint8_t)(p[x] >> 8);
        rgb[3 + 3 * x] = (uint8_t)p[x];
    }
}

// One band of a PNG's image data, for encoding bands on two threads at once: rows
// [y0, y1) of 32-bit native-order pixels (the color in the low 24 bits: Cairo's RGB24 and
// opaque ARGB32), `stride` bytes apart, each row as PNG filter type 2 ("up": each byte minus
// the byte above it, the row before the band's first read from the image too) then R, G, B,
// compressed as raw deflate (no zlib header) at `level` and handed to `sink`. Charts repeat
// rows, so "up" leaves mostly zeros: bars10k's image compresses in 3.8 ms to 41 KB against
// 8.5 ms and 153 KB unfiltered. The band ends on a byte boundary and is not final
// (Z_SYNC_FLUSH), so bands concatenate into one deflate stream, unless `last`, which ends the
// stream (Z_FINISH). *adler receives the Adler-32 of the band's uncompressed (filtered) bytes
// (adler32_combine joins bands). Returns 0, or -1 when zlib failed (out of memory).
static inline int chartview_png_deflate_band(const uint8_t *data, int width, int y0, int y1, int stride, int level, int last,
                                             chartview_png_sink sink, void *context, unsigned long *adler) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
    size_t rowBytes = 1 + 3 * (size_t)width;
    uint8_t *row = (uint8_t *)malloc(rowBytes);
    uint8_t *out = (uint8_t *)malloc(1 << 16);
    uint8_t *above = (uint8_t *)calloc(rowBytes, 1), *current = (uint8_t *)malloc(rowBytes);
    if (!row || !out || !above || !current) { free(row); free(out); free(above); free(current); deflateEnd(&z); return -1; }
    unsigned long sum = adler32(0L, Z_NULL, 0);
    int status = 0;
    // The row above the band's first (zeros above the image's first row, as PNG says).
    if (y0 > 0) chartview_png_rgb_row(data + (size_t)(y0 - 1) * (size_t)stride, width, above);
    for (int y = y0; y < y1 && status == 0; y++) {
        chartview_png_rgb_row(data + (size_t)y * (size_t)stride, width, current);
        row[0] = 2;
        for (size_t i = 1; i < rowBytes; i++) row[i] = (uint8_t)(current[i] - above[i]);
        uint8_t *swap = above;
        above = current;
        current = swap;
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
    free(above);
    free(current);
    *adler = sum;
    return status;
}
#endif
