// giflib, for GLES's GIF decoder (GIFDecoder.swift reads a file record by record, a frame at a time).
#ifndef GLFUN_CGIF_SHIM_H
#define GLFUN_CGIF_SHIM_H
#include <gif_lib.h>
#endif
