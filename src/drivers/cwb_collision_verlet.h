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

/* CWB_OK when the case can run with integrator = verlet; CWB_EINPUT and
 * "FILE:LINE: key = value: what is allowed" in msg otherwise. */
int cwb_collision_verlet_check(const cwb_case *c, const cwb_verlet_plan *plan, char *msg, size_t n);

/* The collision stepped with velocity Verlet at plan->h, its results and
 * (unless r->no_series) its series into r. */
int cwb_collision_verlet_run(const cwb_case *c, const cwb_verlet_plan *plan, cwb_result *r,
                             char *msg, size_t n);

#endif
