/* dem_loop.c -- a tiny DEM loop with cwb's laws: a glass sphere hits a
 * rigid wall obliquely, Hertz normal + Mindlin tangential + Tsuji damping,
 * integrated explicitly (semi-implicit Euler) with the contact evaluated and
 * committed once per step. Prints the normal and tangential restitution.
 *
 *   cc dem_loop.c $(pkg-config --cflags --libs cwb) -o dem_loop
 *   ./dem_loop [e] [v_normal] [v_tangential] [dt]   (defaults 0.7 1 0.5 1e-9)
 *
 * Geometry: the wall is the plane z = 0 (body 2), the sphere (body 1) starts
 * touching it, centre at z = R, moving with (v_t, 0, -v_n); the contact
 * normal points from the sphere to the wall, n = (0, 0, -1).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <cwb/cwb_api.h>

int main(int argc, char **argv)
{
    const double e = argc > 1 ? atof(argv[1]) : 0.7, vn = argc > 2 ? atof(argv[2]) : 1.0,
                 vt = argc > 3 ? atof(argv[3]) : 0.5;
    const cwb_api_body sphere = {CWB_API_SPHERE, 0.005, 7e10, 0.25, 2500.0};
    const cwb_api_body wall = {CWB_API_WALL, 0, 0, 0, 0}; /* E = 0: rigid */
    char e_text[32], msg[1024];
    snprintf(e_text, sizeof e_text, "%.17g", e);
    const char *keys[] = {"tangential.mu", "damping.e"};
    const char *values[] = {"0.3", e_text};
    cwb_api_contact *c = cwb_api_contact_new("hertz", "mindlin", "tsuji", NULL, keys, values, 2,
                                             &sphere, &wall, msg, sizeof msg);
    if (!c) {
        fprintf(stderr, "dem_loop: %s\n", msg);
        return 2;
    }
    const double R = sphere.radius,
                 m = 4.0 / 3.0 * 3.14159265358979323846 * R * R * R * sphere.density;
    const double I = 0.4 * m * R * R;
    const double dt = argc > 4 ? atof(argv[4]) : 1e-9; /* about 27000 steps of contact */
    double x[3] = {0, 0, R}, v[3] = {vt, 0, -vn}, w[3] = {0, 0, 0}, dxi[3] = {0, 0, 0};
    int touched = 0;
    for (long step = 0; step < 10000000; step++) {
        double overlap = R - x[2];
        if (overlap <= 0 && touched)
            break; /* separated */
        touched |= overlap > 0;
        /* the contact point is the foot of the centre on the wall, at
         * r = (0, 0, -a) from the centre with a = R - overlap; the wall's
         * velocity relative to the sphere's material there: -(v + w x r) */
        const double a = x[2];
        double vc[3] = {v[0] - w[1] * a, v[1] + w[0] * a, v[2]};
        cwb_api_kin k = {.overlap = overlap,
                         .overlap_rate = v[2] * -1.0,
                         .normal = {0, 0, -1},
                         .v_t = {-vc[0], -vc[1], 0},
                         .dt = dt};
        for (int i = 0; i < 3; i++)
            k.dxi_t[i] = dxi[i];
        cwb_api_out o;
        if (cwb_api_contact_step(c, &k, &o, msg, sizeof msg) != CWB_API_OK) {
            fprintf(stderr, "dem_loop: %s\n", msg);
            return 1;
        }
        /* body 1 receives -(F_n + damping) n and +(F_t + damping_t) */
        double fn = o.force_n + o.damping_n;
        double f[3] = {o.force_t[0] + o.damping_t[0], o.force_t[1] + o.damping_t[1], fn};
        /* torque r x f with r = (0, 0, -a) */
        double tq[3] = {a * f[1] + o.torque1[0], -a * f[0] + o.torque1[1], o.torque1[2]};
        for (int i = 0; i < 3; i++) {
            v[i] += f[i] / m * dt;
            w[i] += tq[i] / I * dt;
            x[i] += v[i] * dt;
        }
        /* the increment the next evaluation sees: the contact point's slip */
        dxi[0] = -(v[0] - w[1] * x[2]) * dt;
        dxi[1] = -(v[1] + w[0] * x[2]) * dt;
    }
    printf("restitution_normal %.10f\n", v[2] / vn);
    printf("restitution_tangential %.10f\n", v[0] / vt);
    printf("omega_after %.10f\n", w[1]);
    cwb_api_contact_free(c);
    return 0;
}
