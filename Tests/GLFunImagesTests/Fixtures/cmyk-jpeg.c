// Writes a 16x8 CMYK or YCCK JPEG with libjpeg, as Photoshop does (an Adobe APP14 marker,
// inks stored inverted: 255 means no ink). Quadrants: red, green / blue, white.
// The JPEG tests compile and run it: cc cmyk-jpeg.c -ljpeg && ./a.out cmyk|ycck OUT.jpg
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    FILE *f = fopen(argv[2], "wb");
    if (!f) return 1;
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr e;
    c.err = jpeg_std_error(&e);
    jpeg_create_compress(&c);
    jpeg_stdio_dest(&c, f);
    c.image_width = 16;
    c.image_height = 8;
    c.input_components = 4;
    c.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&c);
    jpeg_set_colorspace(&c, strcmp(argv[1], "ycck") == 0 ? JCS_YCCK : JCS_CMYK);
    jpeg_set_quality(&c, 95, TRUE);
    jpeg_start_compress(&c, TRUE);
    // Inks (c, m, y, k), then stored inverted.
    const unsigned char quad[4][4] = {{0, 255, 255, 0}, {255, 0, 255, 0}, {255, 255, 0, 0}, {0, 0, 0, 0}};
    unsigned char row[16 * 4];
    while (c.next_scanline < 8) {
        for (int x = 0; x < 16; x++)
            for (int k = 0; k < 4; k++)
                row[x * 4 + k] = 255 - quad[(c.next_scanline >= 4) * 2 + (x >= 8)][k];
        JSAMPROW r = row;
        jpeg_write_scanlines(&c, &r, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    return fclose(f) != 0;
}
