#ifndef CHARTVIEW_CCAIRO_SHIM_H
#define CHARTVIEW_CCAIRO_SHIM_H
// Cairo core plus the file surfaces chartview writes (PNG through the image surface, SVG, PDF).
// The Xlib surface lives in CX11, so X11 types come from one module only.

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
// Pixman, Cairo's own rasterizer, for filling many whole-pixel boxes into an image surface at once.
#include <pixman.h>
#endif
