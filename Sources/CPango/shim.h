#ifndef CHARTVIEW_CPANGO_SHIM_H
#define CHARTVIEW_CPANGO_SHIM_H
// Pango through Cairo: text layout, shaping and font fallback for every script.
#include <pango/pangocairo.h>

// PANGO_SCALE is a macro Swift imports, but the GObject unref goes through a type-checked macro
// in newer GLib; a plain function keeps the call site simple.
static inline void chartview_g_object_unref(void *object) { g_object_unref(object); }
#endif
