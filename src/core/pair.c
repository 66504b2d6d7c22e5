/* pair.c -- bodies and the effective properties of a pair (cwb_pair.h). */
#include <stdio.h>

#include "cwb_pair.h"

/* --- the body keys of a case file and of the API ([body1], [body2]) ---- */

static const char *const shape_words[] = {"sphere", "disc", "wall", "same", NULL};
static const char *const yes_no[] = {"no", "yes", NULL};

/* The examples (what `cwb init` writes) are steel balls, R = 1 mm: E, nu
 * and density of a carbon steel; nu = 0.3 is also the one Poisson ratio at
 * which every law is inside its validity (the extended Rathbone law is
 * fitted at 0.3 only). The laws' examples are for these bodies (a yield
 * stress of 1 GPa, a hardened steel: first yield near 0.1 m/s, so the
 * example impact at 1 m/s is elastic-plastic). */
const cwb_param cwb_body_params[] = {
    {.name = "shape",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = shape_words,
     .flags = CWB_P_REQUIRED,
     .help = "sphere (3D), disc (2D plane strain, per unit length), wall, or "
             "same (body2 only: a copy of body1)"},
    {.name = "radius",
     .example = "1e-3",
     .unit = "m",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "radius of a sphere or disc"},
    {.name = "E",
     .example = "2.1e11",
     .unit = "Pa",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "Young's modulus (a wall without E is rigid)"},
    {.name = "nu",
     .example = "0.3",
     .unit = "-",
     .min = -1,
     .max = 0.5,
     .flags = CWB_P_MIN_OPEN | CWB_P_MAX_OPEN,
     .help = "Poisson's ratio"},
    {.name = "density",
     .example = "7850",
     .unit = "kg/m^3",
     .min = 0,
     .max = INFINITY,
     .flags = CWB_P_MIN_OPEN,
     .help = "mass density"},
    {.name = "rigid",
     .unit = "-",
     .kind = CWB_PARAM_CHOICE,
     .choices = yes_no,
     .help = "wall only: rigid (default when E is not given)"},
    {0}};

int cwb_body_key_applies(int shape, int key)
{
    if (key == CWB_BODY_SHAPE)
        return 1;
    if (shape == CWB_SHAPE_WALL) /* a half-space: no radius, no mass */
        return key == CWB_BODY_E || key == CWB_BODY_NU || key == CWB_BODY_RIGID;
    if (shape == CWB_SHAPE_SPHERE || shape == CWB_SHAPE_DISC)
        return key != CWB_BODY_RIGID; /* rigid = yes is for walls only */
    return 0;                         /* same: body1's values */
}

const char *cwb_shape_name(cwb_shape s)
{
    switch (s) {
    case CWB_SHAPE_SPHERE: return "sphere";
    case CWB_SHAPE_DISC: return "disc";
    case CWB_SHAPE_WALL: return "wall";
    }
    return "?";
}

void cwb_body_complete(cwb_body *b)
{
    switch (b->shape) {
    case CWB_SHAPE_SPHERE:
        b->mass = 4.0 / 3.0 * M_PI * b->radius * b->radius * b->radius * b->density;
        b->inertia = 0.4 * b->mass * b->radius * b->radius;
        b->rigid = 0;
        break;
    case CWB_SHAPE_DISC: /* per unit length of the cylinder */
        b->mass = M_PI * b->radius * b->radius * b->density;
        b->inertia = 0.5 * b->mass * b->radius * b->radius;
        b->rigid = 0;
        break;
    case CWB_SHAPE_WALL:
        b->radius = 0.0;
        b->mass = INFINITY;
        b->inertia = INFINITY;
        if (b->rigid)
            b->E = INFINITY;
        break;
    }
}

double cwb_body_shear_modulus(const cwb_body *b)
{
    return b->E / (2.0 * (1.0 + b->nu));
}

/* Compliance terms; a rigid body contributes none. */
static double normal_compliance(const cwb_body *b)
{
    return b->rigid ? 0.0 : (1.0 - b->nu * b->nu) / b->E;
}

static double shear_compliance(const cwb_body *b)
{
    return b->rigid ? 0.0 : (2.0 - b->nu) / cwb_body_shear_modulus(b);
}

int cwb_pair_init(cwb_pair *g, const cwb_body *b1, const cwb_body *b2, char *msg, size_t n)
{
    g->body[0] = *b1;
    g->body[1] = *b2;
    cwb_body_complete(&g->body[0]);
    cwb_body_complete(&g->body[1]);
    const cwb_body *a = &g->body[0], *b = &g->body[1];

    if (a->shape == CWB_SHAPE_WALL)
        return cwb_fail(msg, n, CWB_EINPUT,
                        "body1 must be a sphere or a disc (a wall can only be "
                        "body2)");
    if ((a->shape == CWB_SHAPE_SPHERE && b->shape == CWB_SHAPE_DISC) ||
        (a->shape == CWB_SHAPE_DISC && b->shape == CWB_SHAPE_SPHERE))
        return cwb_fail(msg, n, CWB_EINPUT,
                        "a sphere (3D) cannot touch a disc (2D plane strain): "
                        "use two spheres or two discs");
    g->dim = (a->shape == CWB_SHAPE_DISC) ? 2 : 3;

    double cn = normal_compliance(a) + normal_compliance(b);
    double ct = shear_compliance(a) + shear_compliance(b);
    g->E_star = 1.0 / cn;
    g->G_star = 1.0 / ct;
    double curv = 1.0 / a->radius + (b->shape == CWB_SHAPE_WALL ? 0.0 : 1.0 / b->radius);
    g->R_star = 1.0 / curv;
    g->m_star = 1.0 / (1.0 / a->mass + 1.0 / b->mass);
    return CWB_OK;
}

double cwb_pair_mindlin_ratio(const cwb_pair *g)
{
    double num = 0.0, den = 0.0;
    for (int b = 0; b < 2; b++) {
        const cwb_body *bd = &g->body[b];
        if (bd->rigid)
            continue;
        double G = cwb_body_shear_modulus(bd);
        num += (1.0 - bd->nu) / G;
        den += (1.0 - 0.5 * bd->nu) / G;
    }
    return num / den;
}
