#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <sys/inotify.h>

/// The seconds of an event's timestamp. `struct input_event` names its time fields
/// differently on 32-bit systems with 64-bit time (`input_event_sec` is a macro), which
/// Swift cannot import; these helpers hide the difference.
static inline long long cevdev_event_seconds(const struct input_event *event) {
    return (long long)event->input_event_sec;
}

/// The microseconds of an event's timestamp (see `cevdev_event_seconds`).
static inline long long cevdev_event_microseconds(const struct input_event *event) {
    return (long long)event->input_event_usec;
}
