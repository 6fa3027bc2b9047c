#ifndef CHARTVIEW_CCAIRO_SHIM_H
#define CHARTVIEW_CCAIRO_SHIM_H
// Cairo core plus the file surfaces chartview writes (PNG through the image surface, SVG, PDF)
// and the Xlib surface the window paints to.
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo-xlib.h>
#endif
