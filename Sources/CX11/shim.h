#ifndef CHARTVIEW_CX11_SHIM_H
#define CHARTVIEW_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
// Cairo's Xlib surface: the window's back buffer is a Pixmap painted through it.
#include <cairo-xlib.h>

#endif
