#ifndef CHARTVIEW_CX11_SHIM_H
#define CHARTVIEW_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
// Cairo's Xlib surface: the window's back buffer is a Pixmap painted through it.
#include <cairo-xlib.h>
// MIT-SHM: chart pictures reach the X server through shared memory, not the socket.
#include <sys/ipc.h>
#include <sys/shm.h>
#include <X11/extensions/XShm.h>

#endif
