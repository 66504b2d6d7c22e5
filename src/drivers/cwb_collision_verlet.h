/* cwb_collision_verlet.h -- what the collision driver (collision.c) shares
 * with its velocity-Verlet loop (collision_verlet.c): the scheme a DEM code
 * steps a contact with, run at the user's dt to report what that code
 * gets, beside the RK4 run's converged answer. */
#ifndef CWB_COLLISION_VERLET_H
#define CWB_COLLISION_VERLET_H

#include "cwb_run.h"

/* A collision as collision.c reads it from the case: the relative velocity
 * of body 1 with respect to body 2 at first contact (v_n closing along +z,
 * v_t along +x), the spins about +y and about the initial normal +z, the
 * step, the step limit and the rows wanted. */
typedef struct {
    double vn, vt;
    double omega1, omega2;     /* about +y */
    double omega1_n, omega2_n; /* about +z */
    double h;                  /* the fixed step [s] */
    double max_steps;
    double rows;      /* about how many rows the series gets */
    double t_est;     /* expected contact time [s] (row stride) */
    int lever_radius; /* spin_lever = radius (collision_verlet.c) */
    int where_dt;     /* the driver table's index of dt, */
    int where_scheme; /* and of integrator (messages) */
} cwb_verlet_plan;

/* The two bodies as both schemes read them from the case: radii, masses,
 * moments of inertia, and what is divided once per collision rather than
 * at every stage. A wall's mass and inertia are never used. */
typedef struct {
    int wall; /* body 2 is a wall */
    double r1, r2, m1, m2, I1, I2;
    double inv_m1, inv_m2, inv_I1, inv_I2;
    double share1; /* body 1's share r1/(r1 + r2) of the centre distance */
    double reach;  /* centre distance at first touch: r1 + r2, or r1 for a wall */
} cwb_collision_bodies;

void cwb_collision_bodies_of(const cwb_case *c, cwb_collision_bodies *b);

/* CWB_OK when the case can run with integrator = verlet; CWB_EINPUT and
 * "FILE:LINE: key = value: what is allowed" in msg otherwise. */
int cwb_collision_verlet_check(const cwb_case *c, const cwb_verlet_plan *plan, char *msg, size_t n);

/* The collision stepped with velocity Verlet at plan->h, its results and
 * (unless r->no_series) its series into r. */
int cwb_collision_verlet_run(const cwb_case *c, const cwb_verlet_plan *plan, cwb_result *r,
                             char *msg, size_t n);

#endif
