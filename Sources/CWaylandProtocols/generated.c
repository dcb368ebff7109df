// The protocols' interface tables are compiled from generated/ (scripts/wayland-protocols);
// this file only fails the build early, with the fix, when they were never generated.
#include "CWaylandProtocols.h"
