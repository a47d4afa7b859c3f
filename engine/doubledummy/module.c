/* What makes a C search of the library an importable extension module: setup.py builds
 * each search (<name>.c, plain C99 with no Python API) together with this file into
 * engine.doubledummy._<name>, defining TABLETOP_MODULE as the module's name and
 * TABLETOP_SOURCE_SHA256 as the SHA-256 of <name>.c. The module holds no Python functions:
 * the wrapper (<name>_c.py) loads the module's file with ctypes and calls the search's C
 * functions; tabletop_built_from() tells it which source the build came from, so a build
 * older than its source is never used. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define TABLETOP_JOIN(a, b) a##b
#define TABLETOP_INIT(name) TABLETOP_JOIN(PyInit_, name)
#define TABLETOP_TEXT(name) TABLETOP_STRING(name)
#define TABLETOP_STRING(name) #name

const char *tabletop_built_from(void) { return TABLETOP_SOURCE_SHA256; }

static struct PyModuleDef tabletop_module = {
    PyModuleDef_HEAD_INIT, TABLETOP_TEXT(TABLETOP_MODULE),
    "A C search of engine.doubledummy, called through ctypes.", -1,
    NULL, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC TABLETOP_INIT(TABLETOP_MODULE)(void) { return PyModule_Create(&tabletop_module); }
