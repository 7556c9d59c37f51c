#ifndef BOOKKIOSK_CVERSION_H
#define BOOKKIOSK_CVERSION_H

/// BookKiosk's version, as Package.swift set it when this was built ("1.4.0").
const char *bookkiosk_version(void);

#endif
