/* cwb_trace.h -- one contact as another DEM code ran it, read from that
 * code's own output: for `cwb peer` (the outcome of a collision beside
 * cwb's) and `cwb replay` (cwb's laws driven through the same kinematics).
 *
 * Two levels:
 *   - a body trace: per step, both bodies' centres, velocities and spins
 *     at the end of the step, and the force and torque the contact put on
 *     each; read from a LAMMPS or LIGGGHTS `dump custom` of the two atoms
 *     (cwb_trace_read_lammps) or from the CSV cwb's Yade script writes;
 *   - a contact trace: per step, what a contact law sees and returns: the
 *     overlap and its rate, the normal, the tangential velocity and the
 *     step's tangential displacement increment, the spins, and the code's
 *     normal and tangential force; read from a generic CSV with named
 *     columns (cwb_trace_read_csv) or made from a body trace by the code's
 *     own kinematics (cwb_trace_contact_from_bodies).
 *
 * Signs are cwb's (cwb_law.h): n points from body 1 to body 2, F_n > 0
 * repulsive, v_t and xi_t are of body 2 relative to body 1 at the contact
 * point, and F_t is the tangential force on body 1.
 */
#ifndef CWB_TRACE_H
#define CWB_TRACE_H

#include <stddef.h>

#include "cwb.h"

typedef struct {
    double t;             /* time at the end of the step [s] */
    long step;            /* the code's step number */
    cwb_vec3 x[2], v[2];  /* centres [m] and velocities [m/s] */
    cwb_vec3 w[2];        /* spins [rad/s] */
    cwb_vec3 f[2], tq[2]; /* contact force [N] and torque [N m] on each body */
} cwb_body_row;

typedef struct {
    size_t n, cap;
    cwb_body_row *row;
    double mass[2], radius[2]; /* from the dump [kg], [m] */
    double dt;                 /* the step [s] (from the dump's times, or given) */
    char version[160];         /* the code and version that wrote it, when stated */
} cwb_body_trace;

typedef struct {
    double t, h;             /* time at the end of the step and its length [s] */
    double delta;            /* overlap [m] */
    double delta_rate;       /* d(delta)/dt [m/s] */
    cwb_vec3 normal;         /* unit normal, body 1 -> body 2 */
    cwb_vec3 v_t;            /* tangential velocity of 2 relative to 1 at the contact [m/s] */
    cwb_vec3 dxi;            /* the step's tangential displacement increment [m] */
    cwb_vec3 omega1, omega2; /* spins [rad/s] */
    double F_n;              /* the code's normal force, damping included [N] */
    cwb_vec3 F_t;            /* the code's tangential force on body 1 [N] */
} cwb_contact_row;

typedef struct {
    size_t n, cap;
    cwb_contact_row *row;
    int has_F_t; /* the trace gives the tangential force */
    char source[CWB_TEXT];
} cwb_contact_trace;

void cwb_body_trace_free(cwb_body_trace *t);
void cwb_contact_trace_free(cwb_contact_trace *t);

/* Read a LAMMPS (or LIGGGHTS) `dump custom` of two atoms, ids 1 and 2, with
 * columns id, mass, radius, x, y, z, vx, vy, vz, omegax, omegay, omegaz,
 * fx, fy, fz, tqx, tqy, tqz in any order ('#' lines before the first ITEM
 * are a header: its "# code:" line gives the version). The step is the
 * difference of the dump's ITEM: TIME values, or dt when it has none (dt
 * <= 0 and no times: CWB_EINPUT). CWB_EINPUT with FILE:LINE for anything
 * else. */
int cwb_trace_read_lammps(const char *path, double dt, cwb_body_trace *t, char *msg, size_t n);

/* Read the CSV cwb's Yade script writes: '#' lines, a header of named
 * columns t, x1..., one row per step (the body trace's fields: t, x1_x,
 * x1_y, x1_z, v1_x, ..., w1_x, ..., f1_x, ..., tq1_x, ... and the same with
 * 2; mass1, radius1, mass2, radius2 in '# body1: mass M radius R' lines). */
int cwb_trace_read_bodies_csv(const char *path, cwb_body_trace *t, char *msg, size_t n);

/* How a code turns its bodies into the contact's kinematics. */
typedef enum {
    /* LAMMPS pair granular and LIGGGHTS (velocity Verlet): the forces of a
     * step are computed at its end positions with the half-step velocities
     * v - (dt/2) f/m and spins w - (dt/2) tq/I (I = 0.4 m r^2), which the
     * dump does not hold and the reader recovers; the contact-point
     * velocity uses the full radii, v_rel = v_t - n x (r1 w1 + r2 w2); the
     * tangential displacement increment is that velocity times dt. */
    CWB_TRACE_VERLET_FULL_RADII = 0
} cwb_trace_kinematics;

/* The contact trace of a body trace: one row per step from the second on
 * (each row's increment is from the one before). */
int cwb_trace_contact_from_bodies(const cwb_body_trace *b, cwb_trace_kinematics how,
                                  cwb_contact_trace *c, char *msg, size_t n);

/* Read a generic contact trace: '#' lines, a header of named columns
 * ("name" or "name[unit]", any order), numeric rows. Columns: t (required),
 * delta (required), F_n (required), delta_rate (default: the centred
 * difference of delta), n_x n_y n_z (default +z), v_t_x v_t_y v_t_z or
 * xi_x xi_y xi_z (the cumulative tangential displacement; its difference
 * is the increment), omega1_x.. omega2_x.. (default 0), F_t_x F_t_y F_t_z
 * (optional). Unknown columns are ignored; a missing required one, a row
 * that does not parse, a time that does not increase: CWB_EINPUT with
 * FILE:LINE. */
int cwb_trace_read_csv(const char *path, cwb_contact_trace *t, char *msg, size_t n);

#endif /* CWB_TRACE_H */
