#include "CVersion.h"

// Package.swift defines BOOKKIOSK_VERSION: its default, or the environment's when
// `BOOKKIOSK_VERSION=1.4.1 scripts/package` builds a package of another version.
#ifndef BOOKKIOSK_VERSION
#error "BOOKKIOSK_VERSION is defined by Package.swift"
#endif

const char *bookkiosk_version(void) { return BOOKKIOSK_VERSION; }
