#include <libxml/xmlversion.h>
// Not ICU's headers: Foundation brings its own ICU, whose enums clash with the system's.
// GLFunSVG never touches the encoding handlers' ICU fields.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>
