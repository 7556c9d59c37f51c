#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

/* libjpeg reports errors by calling error_exit, which must not return: this shim jumps back
   out of the decoder with setjmp/longjmp (which Swift cannot do) and hands Swift a plain result. */

struct bookkiosk_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void bookkiosk_jpeg_error_exit(j_common_ptr info) {
    struct bookkiosk_jpeg_error *error = (struct bookkiosk_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static void bookkiosk_jpeg_quiet(j_common_ptr info) {
    (void)info;
}

/* Makes `error` a libjpeg error manager: an error fills its message and jumps back to its
   `jump` (set by the caller with setjmp, which must stay in the function that decodes or
   encodes); warnings are dropped. */
static inline struct jpeg_error_mgr *bookkiosk_jpeg_errors(struct bookkiosk_jpeg_error *error) {
    struct jpeg_error_mgr *manager = jpeg_std_error(&error->manager);
    error->manager.error_exit = bookkiosk_jpeg_error_exit;
    error->manager.output_message = bookkiosk_jpeg_quiet;
    error->message[0] = 0;
    return manager;
}

/* Decodes a JPEG held in memory (`size` bytes at `data`) into a malloc'd buffer of 32-bit pixels,
   native-endian 0xXXRRGGBB (cairo's RGB24 on little-endian machines: libjpeg-turbo's
   JCS_EXT_BGRX), rows of `*width * 4` bytes, reduced by
   libjpeg's own scaling to 1/`scale_denom` (1, 2, 4 or 8) of its size while decoding, so a
   phone's 12-megapixel photo never needs its full size in memory. */
static inline unsigned char *bookkiosk_jpeg_decode_memory(const unsigned char *data, unsigned long size, unsigned int scale_denom,
                                                          int *width, int *height, int *full_width, int *full_height,
                                                          char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct bookkiosk_jpeg_error error;
    unsigned char *volatile pixels = NULL;
    info.err = bookkiosk_jpeg_errors(&error);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        snprintf(message, message_size, "%s", error.message);
        return NULL;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    *full_width = (int)info.image_width;
    *full_height = (int)info.image_height;
    info.out_color_space = JCS_EXT_BGRX;
    info.scale_num = 1;
    info.scale_denom = scale_denom;
    jpeg_start_decompress(&info);
    if (info.output_width == 0 || info.output_height == 0 || info.output_width > 16384 || info.output_height > 16384) {
        snprintf(message, message_size, "the picture is %ux%u pixels", info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    size_t stride = (size_t)info.output_width * 4;
    pixels = malloc(stride * info.output_height);
    if (pixels == NULL) {
        snprintf(message, message_size, "out of memory");
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_destroy_decompress(&info);
    return pixels;
}

/* Decodes the JPEG file at `path` into a malloc'd buffer of 32-bit pixels, native-endian
   0xXXRRGGBB (cairo's RGB24 on little-endian machines: libjpeg-turbo's JCS_EXT_BGRX), rows of
   `*width * 4` bytes. Returns NULL and fills `message` when the file cannot be read or decoded.
   The caller frees the buffer with free(). */
static inline unsigned char *bookkiosk_jpeg_decode(const char *path, int *width, int *height,
                                                   char *message, size_t message_size) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        snprintf(message, message_size, "cannot open the file");
        return NULL;
    }
    /* The whole file in memory, then decoded as one held there, at its full size. */
    unsigned char *data = NULL;
    size_t size = 0, capacity = 0, count;
    do {
        if (size == capacity) {
            capacity = capacity ? capacity * 2 : 65536;
            unsigned char *grown = realloc(data, capacity);
            if (grown == NULL) {
                free(data);
                fclose(file);
                snprintf(message, message_size, "out of memory");
                return NULL;
            }
            data = grown;
        }
        count = fread(data + size, 1, capacity - size, file);
        size += count;
    } while (count > 0);
    int failed = ferror(file);
    fclose(file);
    if (failed) {
        free(data);
        snprintf(message, message_size, "cannot read the file");
        return NULL;
    }
    int full_width, full_height;
    unsigned char *pixels = bookkiosk_jpeg_decode_memory(data, size, 1, width, height, &full_width, &full_height,
                                                         message, message_size);
    free(data);
    return pixels;
}

/* Reads only a JPEG's header: its size in pixels. Returns 0, or -1 with `message` filled. */
static inline int bookkiosk_jpeg_size(const unsigned char *data, unsigned long size, int *width, int *height,
                                      char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct bookkiosk_jpeg_error error;
    info.err = bookkiosk_jpeg_errors(&error);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        snprintf(message, message_size, "%s", error.message);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    jpeg_destroy_decompress(&info);
    return 0;
}

/* Encodes `height` rows of 32-bit pixels (cairo's RGB24: libjpeg-turbo's JCS_EXT_BGRX on
   little-endian machines), `stride` bytes apart, as a baseline JPEG of `quality` (0-100) into
   a malloc'd buffer (`*output`, `*output_size`; the caller frees it). Returns 0, or -1 with
   `message` filled. */
static inline int bookkiosk_jpeg_encode(const unsigned char *pixels, int width, int height, int stride, int quality,
                                        unsigned char **output, unsigned long *output_size, char *message, size_t message_size) {
    struct jpeg_compress_struct info;
    struct bookkiosk_jpeg_error error;
    *output = NULL;
    *output_size = 0;
    info.err = bookkiosk_jpeg_errors(&error);
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&info);
        free(*output);
        *output = NULL;
        snprintf(message, message_size, "%s", error.message);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, output, output_size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_BGRX;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)stride * info.next_scanline);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 0;
}
