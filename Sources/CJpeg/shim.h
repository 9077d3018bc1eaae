// libjpeg-turbo (jpeglib.h needs stdio.h and stddef.h first).
#include <stddef.h>
#include <stdio.h>
#include <setjmp.h>
#include <jpeglib.h>

// libjpeg reports fatal errors through error_exit, which must never return; the default calls exit(). Swift cannot
// longjmp, so the whole decode runs here, under setjmp, and a damaged tile comes back as an error message.

struct cjpeg_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void cjpeg_error_exit(j_common_ptr cinfo) {
    struct cjpeg_error *e = (struct cjpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, e->message);
    longjmp(e->jump, 1);
}

// Warnings (corrupt entropy data, premature end: libjpeg fills with grey) go nowhere instead of stderr.
static void cjpeg_silent(j_common_ptr cinfo) { (void)cinfo; }

/// Decodes JPEG `data` to packed RGB in `out` (`out_size` bytes). With `out` NULL it only reads the header and
/// reports the size. Returns 0, or -1 with libjpeg's message in `message`.
static inline int cjpeg_decode_rgb(const unsigned char *data, unsigned long size, unsigned char *out,
                                   unsigned long out_size, int *width, int *height, char *message,
                                   unsigned long message_size) {
    struct jpeg_decompress_struct cinfo;
    struct cjpeg_error err;
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = cjpeg_error_exit;
    err.pub.output_message = cjpeg_silent;
    err.message[0] = 0;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        snprintf(message, message_size, "%s", err.message);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, size);
    jpeg_read_header(&cinfo, TRUE);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    if (out == NULL) {
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    cinfo.out_color_space = JCS_RGB;
    jpeg_start_decompress(&cinfo);
    unsigned long stride = (unsigned long)cinfo.output_width * 3;
    if (cinfo.output_components != 3 || stride * cinfo.output_height > out_size) {
        jpeg_destroy_decompress(&cinfo);
        snprintf(message, message_size, "decoded size %ux%u does not fit", cinfo.output_width, cinfo.output_height);
        return -1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = out + (unsigned long)cinfo.output_scanline * stride;
        if (jpeg_read_scanlines(&cinfo, &row, 1) == 0) break;
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}
