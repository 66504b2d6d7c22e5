/* pair.c -- bodies and the effective properties of a pair (cwb_pair.h). */
#include <stdio.h>

#include "cwb_pair.h"

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
