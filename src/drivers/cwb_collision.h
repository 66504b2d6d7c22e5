/* cwb_collision.h -- what the collision driver (collision.c) says about a
 * case besides running it. */
#ifndef CWB_COLLISION_H
#define CWB_COLLISION_H

#include "cwb_run.h"

/* 1 when the collision of case c starts on the line of centres -- no
 * tangential velocity, no spin -- and so integrates only the unknowns a
 * head-on collision moves (the centres and velocities along the normal,
 * the normal work and the damping loss; collision.c, "Head-on
 * collisions"); 0 when it integrates the whole rigid-body motion. */
int cwb_collision_head_on(const cwb_case *c);

#endif
