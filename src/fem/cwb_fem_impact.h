/* cwb_fem_impact.h -- FEM model "sphere_impact" (src/fem/models/
 * sphere_impact.c): Rathbone's Model D in CalculiX, a full oblique dynamic
 * collision of an elastic sphere, free to rotate, with an elastic
 * half-space (a block) of the same material, Coulomb friction. What the
 * pipeline and the tests call of it; the contract of a model is in
 * cwb_fem.h.
 */
#ifndef CWB_FEM_IMPACT_H
#define CWB_FEM_IMPACT_H

#include <stddef.h>

#include "cwb_fem.h"

typedef struct {
    double R, E, nu, rho; /* sphere and block: radius [m], E [Pa], nu [-], density [kg/m^3] */
    double sigma_y;       /* von Mises yield stress of the sphere, perfectly plastic (0:
                             elastic; the block is elastic) [Pa] */
    double v_n, v_t;      /* initial velocity of the sphere: normal (towards the block) and
                               tangential (+x) [m/s] */
    double mu;            /* Coulomb coefficient [-] */
    int friction_given;   /* sigma_y > 0: mu stands for a given Coulomb mu (Sec. 5.9), not
                             the thesis' tau_c friction */
    int increments;       /* increments per Hertz contact time (at most t_c / this) */
    double duration;      /* simulated time after the first touch / Hertz contact time */
    double gap;           /* initial gap / Hertz maximum approach */
    double fine, coarse;  /* element size at the contact / far, / R */
    double zone;          /* radius of the fine zone / R */
    double growth;        /* element size growth per unit distance beyond it */
    double slave;         /* contact surfaces within slave x zone of the contact point */
    double block;         /* the half-space: a block of half-width and depth block R */
    double penalty;       /* contact stiffness K = penalty E / h0 */
    double stick;         /* stick slope of the friction = stick E / h0 */
    double alpha;         /* CalculiX *DYNAMIC ALPHA (Hilber-Hughes-Taylor) */
    double ballast;       /* kinetic energy of a free tetrahedron far from both bodies / the
                             sphere's initial one (0: none; see sphere_impact.c) */
} cwb_impact;

/* Hertz's elastic impact of the sphere on a half-space of its own material
 * (Johnson 1985, ch. 11: E* = E / 2(1 - nu^2), m* = m, R* = R). */
typedef struct {
    double mass;   /* 4/3 pi R^3 rho [kg] */
    double e_star; /* [Pa] */
    double delta;  /* maximum approach (15 m v^2 / 16 E* R^1/2)^(2/5) [m] */
    double a;      /* contact radius at it, (R delta)^(1/2) [m] */
    double force;  /* maximum force 4/3 E* R^1/2 delta^3/2 [N] */
    double t_c;    /* contact time 2.87 (m^2 / R E*^2 v)^(1/5) [s] */
} cwb_impact_hertz;

void cwb_impact_hertz_of(const cwb_impact *s, cwb_impact_hertz *h);

/* Deck units: length R/100, stress MPa, velocity m/s (so time R/100 per
 * m/s, density MPa s^2/m^2). */
double cwb_impact_length_unit(const cwb_impact *s);
double cwb_impact_time_unit(const cwb_impact *s);

/* One converged increment as the .dat gives it, for the half model
 * (forces and moments of the half; SI units). */
typedef struct {
    double time;  /* total time from the release [s] */
    double f[3];  /* contact force on the sphere (CalculiX CF of the slave surface) [N] */
    double m[3];  /* its moment about the origin [N m] */
    double rf[3]; /* total reaction of the block's fixed faces [N] */
    double ke;    /* kinetic energy of the half sphere (ELKE total) [J] */
    double ie;    /* internal energy of the half sphere (ELSE total: elastic + plastic work;
                     NaN in a .dat without it) [J] */
} cwb_impact_increment;

/* The contact area at one increment (.frd), one row per slave node in or
 * near contact: position on the block's plane relative to the pressure
 * centroid [m] (x along the tangential velocity, y across), contact
 * pressure and shear [Pa], |shear| / (mu p) [-], slip = CalculiX's
 * relative tangential displacement |CSLIP| [m], the state (0 open, 1
 * stick, 2 slip: |shear| >= (1 - 1e-3) mu p), PEEQ of the sphere at the
 * node [-] (NaN for an elastic sphere): at these surface nodes only, while
 * a Hertzian contact first yields below the surface (z = 0.48 a on the
 * axis, nu = 0.3; Johnson 1985, Sec. 6.2), so a PEEQ of 0 here leaves the
 * sphere's interior unread. */
enum {
    CWB_IMPACT_SNAP_X,
    CWB_IMPACT_SNAP_Y,
    CWB_IMPACT_SNAP_P,
    CWB_IMPACT_SNAP_TAU,
    CWB_IMPACT_SNAP_RATIO,
    CWB_IMPACT_SNAP_SLIP,
    CWB_IMPACT_SNAP_STATE,
    CWB_IMPACT_SNAP_PEEQ,
    CWB_IMPACT_SNAP_NCOL
};

typedef struct {
    size_t count, cap;
    cwb_impact_increment *inc;
    /* Node-to-surface contact (the elastic-plastic sphere): CalculiX
     * prints no contact force, so the sphere's motion comes from its
     * momentum, sum over the nodes of (consistent nodal mass) x (velocity),
     * from the .frd (DISP, VELO of every sphere node): */
    int from_momentum;
    double *mom;     /* [count][3]: momentum of the half sphere [kg m/s] */
    double *xc;      /* [count][3]: its centre of mass [m] */
    double *l_y;     /* [count]: its angular momentum about the centre of mass, y [kg m^2/s] */
    double mom_mass; /* the half sphere's mass, the nodal masses' sum [kg] */
    double v0[3];    /* its initial velocity [m/s] (the momentum at time 0) */
    double t_snap;   /* time of the contact snapshot [s] (NaN: none) */
    int snap_last;   /* 1: still in contact at the last increment (a stopped run): the
                      snapshot is the last increment, not the middle of the contact */
    size_t nsnap;
    double (*snap)[CWB_IMPACT_SNAP_NCOL];
} cwb_impact_out;

/* The increments of a .dat written by this model's deck into o (zero it
 * first; free with cwb_impact_out_free). CWB_EINPUT with the line for a
 * malformed file, CWB_EFAIL when there is no increment. */
int cwb_impact_dat(cwb_impact_out *o, const char *path, const cwb_impact *s, char *msg, size_t n);
void cwb_impact_out_free(cwb_impact_out *o);

#endif /* CWB_FEM_IMPACT_H */
