#include <sys/ioctl.h>
#include <linux/vt.h>
#include <linux/kd.h>
