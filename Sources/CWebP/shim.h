// libwebp's decoder, demuxer (ICCP and EXIF chunks, frames) and animation decoder, for GLES.
#ifndef GLFUN_CWEBP_SHIM_H
#define GLFUN_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/demux.h>
#endif
