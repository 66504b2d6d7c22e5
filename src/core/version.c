/* version.c -- the build's identity: the git commit of the sources it was
 * built from. The Makefile passes CWB_COMMIT (`git describe --always
 * --dirty`) to this file alone and rebuilds it when the commit changes, so
 * a new commit does not rebuild the rest. */
#include "cwb.h"

#ifndef CWB_COMMIT
#define CWB_COMMIT "unknown" /* built without the Makefile, or not from a git checkout */
#endif

const char *cwb_commit(void)
{
    return CWB_COMMIT;
}
