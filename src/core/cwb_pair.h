/* cwb_pair.h -- the two bodies of one contact and their effective properties.
 *
 * Shapes: sphere (3D), disc (2D plane strain: a cylinder of unit length),
 * wall (a half-space; rigid, or elastic with its own E and nu). A pair is
 * 3D when it holds a sphere, 2D when it holds a disc; forces of a 2D pair
 * are per unit length and its masses are per unit length.
 *
 * Effective properties (seed 001; seed 004 eqs. 3-4 with the squares the
 * extraction lost, doc/findings.md):
 *   1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2
 *   1/G* = (2 - nu1)/G1 + (2 - nu2)/G2,  G_i = E_i / (2 (1 + nu_i))
 *          (Mindlin's tangential compliance, as LAMMPS and Yade use it)
 *   1/R* = 1/R1 + 1/R2          (a wall has 1/R = 0)
 *   1/m* = 1/m1 + 1/m2          (a wall has 1/m = 0)
 * A rigid wall contributes nothing to 1/E* and 1/G*.
 */
#ifndef CWB_PAIR_H
#define CWB_PAIR_H

#include "cwb.h"

typedef enum { CWB_SHAPE_SPHERE = 0, CWB_SHAPE_DISC, CWB_SHAPE_WALL } cwb_shape;

typedef struct {
    cwb_shape shape;
    double radius;  /* [m]; 0 for a wall */
    double E;       /* Young's modulus [Pa]; INFINITY for a rigid wall */
    double nu;      /* Poisson's ratio [-] */
    double density; /* [kg/m^3]; 0 for a wall */
    double mass;    /* [kg] (sphere) or [kg/m] (disc); INFINITY for a wall */
    double inertia; /* moment of inertia about a diameter [kg m^2] (sphere,
                           2/5 m r^2) or about the axis per unit length
                           [kg m] (disc, 1/2 m r^2); INFINITY for a wall */
    int rigid;      /* 1 for a rigid wall */
} cwb_body;

typedef struct {
    cwb_body body[2];
    int dim;       /* 3 for sphere pairs, 2 for plane-strain discs */
    double E_star; /* effective modulus [Pa] */
    double G_star; /* effective shear modulus [Pa] */
    double R_star; /* effective radius [m] */
    double m_star; /* effective mass [kg] or [kg/m] */
} cwb_pair;

/* Fill mass and inertia of b from its shape, radius and density. */
void cwb_body_complete(cwb_body *b);

/* Build the pair and its effective properties. Returns CWB_EINPUT with a
 * message when the combination is not a contact cwb can model (two walls,
 * a sphere against a disc). */
int cwb_pair_init(cwb_pair *g, const cwb_body *b1, const cwb_body *b2, char *msg, size_t n);

/* Shear modulus of a body, E / (2 (1 + nu)). */
double cwb_body_shear_modulus(const cwb_body *b);

/* Hertz-Mindlin's initial tangential to normal stiffness of the pair,
 * 8 G* a / (2 E* a) = 4 G* / E* =
 * [(1-nu1)/G1 + (1-nu2)/G2] / [(1-nu1/2)/G1 + (1-nu2/2)/G2]
 * (Mindlin 1949; Johnson, Contact Mechanics, 1985, sec. 7.2): seed 004
 * eq. 36's kappa = 2 (1 - nu)/(2 - nu) for bodies of one material or a
 * body on a rigid flat, and the pair's own value otherwise. */
double cwb_pair_mindlin_ratio(const cwb_pair *g);

const char *cwb_shape_name(cwb_shape s);

/* Contact yield stress factor Ay[nu] of seed 004 appendix A (p_y = Ay
 * sigma_y), maximising the corrected eq. 117 (src/core/hertz_yield.c);
 * *u_star (optional) receives the depth z/a where yield starts. */
double cwb_yield_factor(double nu, double *u_star);

/* The keys of a body (a case file's [body1], [body2]; the API's body
 * text), in this order (src/core/pair.c). */
enum {
    CWB_BODY_SHAPE = 0,
    CWB_BODY_RADIUS,
    CWB_BODY_E,
    CWB_BODY_NU,
    CWB_BODY_DENSITY,
    CWB_BODY_RIGID
};
extern const cwb_param cwb_body_params[];
/* Whether key (CWB_BODY_*) describes a body whose shape is choice index
 * shape of the key shape (sphere, disc, wall, same), as the reader takes
 * them: a wall has no radius or density and is the only body that may be
 * rigid; "same" (body2) is body1's values, its keys optional. */
int cwb_body_key_applies(int shape, int key);

#endif /* CWB_PAIR_H */
