/* cwb_fem_shear.h -- FEM model "sphere_shear" (src/fem/models/sphere_shear.c):
 * Rathbone's Model C in CalculiX, a sphere on a rigid flat held at a fixed
 * normal force and then displaced tangentially, with Coulomb friction.
 * What the pipeline and the tests call of it; the contract of a model is
 * in cwb_fem.h.
 */
#ifndef CWB_FEM_SHEAR_H
#define CWB_FEM_SHEAR_H

#include <stddef.h>
#include <stdio.h>

#include "cwb_fem.h"

enum { CWB_SHEAR_BINS = 64 };

typedef struct {
    double R, E, nu, sigma_y;       /* radius [m], E [Pa], nu [-], yield stress [Pa] (0: elastic) */
    double mu;                      /* Coulomb coefficient of the tangential step [-] */
    double force;                   /* fixed normal force on the whole sphere [N] */
    double tangential;              /* final tangential displacement of the top [m] */
    int inc_normal, inc_tangential; /* fixed increments of the two steps */
    double approach;                /* 0, or a first step that pushes the top down to this
                                       fraction of the Hertz approach of the force
                                       (displacement control: the contact closes without
                                       the force-controlled start) */
    double fine, coarse;            /* element size at the contact / far, / R */
    double zone;                    /* radius of the fine zone / R */
    double slave;                   /* slave surface within slave x zone of the contact point */
    double growth;                  /* element size growth per unit distance beyond it */
    double penalty;                 /* contact stiffness K = penalty E / h0 */
    double stick;                   /* stick slope of the friction = stick E / h0 */
    double spring;                  /* ground spring on the top: carries this fraction
                                       of the force at the Hertz approach */
    double tau_c;                   /* critical shear stress [Pa]; 0: Coulomb mu alone */
    /* With tau_c > 0 the run is solved twice on its mesh: pass 0 the normal
     * steps alone, whose contact pressure (radial bins of width profile_dr,
     * deck length units) sets each ring of slave faces its own Coulomb
     * coefficient min(mu, tau_c / p) for pass 1, the whole run. */
    int pass;
    int profile_bins;
    double profile_dr;
    double profile[CWB_SHEAR_BINS]; /* contact pressure at the end of the normal step [Pa] */
} cwb_shear;

/* One converged increment, as the .dat gives it (forces of the whole
 * sphere: the half model's times 2). */
typedef struct {
    double time;     /* total time: 0-1 normal step, 1-2 tangential [-] */
    double fn, ft;   /* contact force normal (pushing the sphere up) and
                           tangential (resisting the motion) [N] */
    double fy;       /* force across the symmetry plane's direction [N] (0) */
    double dn, dt;   /* approach and tangential displacement of the top [m] */
    double ft_top;   /* tangential reaction at the top's reference node [N] */
    double radius;   /* contact radius (.frd; NaN when not read) [m] */
    double peeq_max; /* largest nodal equivalent plastic strain (.frd) [-] */
    double tau_used; /* sum over pressed slave nodes of |tau| / sum of the local limit
                        min(mu_ring p, tau_c) (.frd; NaN when not read) [-] */
    double tau_peak; /* largest |tau| / min(mu_ring p, tau_c) at a pressed node [-] */
} cwb_shear_increment;

typedef struct {
    size_t count, cap;
    cwb_shear_increment *inc;
} cwb_shear_out;

/* Unit of length of the deck: R / 100 (as the sphere model: CalculiX's
 * absolute tolerances need scaled units); stresses in MPa. */
double cwb_shear_length_unit(const cwb_shear *s);
/* The increments of a .dat written by this model's deck into o (zero it
 * first; free with cwb_shear_out_free). CWB_EINPUT with the line for a
 * malformed file, CWB_EFAIL when there is no increment. */
int cwb_shear_dat(cwb_shear_out *o, const char *path, const cwb_shear *s, char *msg, size_t n);
void cwb_shear_out_free(cwb_shear_out *o);
/* The Coulomb coefficient of the slave faces whose centroid lies at
 * distance r (deck length units) from the contact point: mu, or with a
 * critical shear stress min(mu, tau_c / p(r)) by the pressure profile. */
double cwb_shear_ring_mu(const cwb_shear *s, double r);
/* The step of an increment: 0 approach, 1 normal, 2 tangential. */
int cwb_shear_step(const cwb_shear *s, double time);

#endif /* CWB_FEM_SHEAR_H */
