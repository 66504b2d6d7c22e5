// dem_loop.cpp -- the DEM loop of dem_loop.c in C++: a glass sphere hits a
// rigid wall obliquely, Hertz + Mindlin + Tsuji damping, semi-implicit Euler,
// one evaluation and commit per step; the contact lives in a small RAII class.
//
//   c++ dem_loop.cpp $(pkg-config --cflags --libs cwb) -o dem_loop_cpp
//   ./dem_loop_cpp [e] [v_normal] [v_tangential] [dt]   (defaults 0.7 1 0.5 1e-9)
#include <array>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <cwb/cwb_api.h>

namespace
{

// One contact of cwb's laws; parameters as "section.key" -> "value".
class Contact
{
  public:
    Contact(const char *normal, const char *tangential, const char *damping,
            const std::vector<std::pair<std::string, std::string>> &params, const cwb_api_body &b1,
            const cwb_api_body &b2)
    {
        std::vector<const char *> keys, values;
        for (const auto &p : params) {
            keys.push_back(p.first.c_str());
            values.push_back(p.second.c_str());
        }
        char msg[1024];
        c_ = cwb_api_contact_new(normal, tangential, damping, nullptr, keys.data(), values.data(),
                                 keys.size(), &b1, &b2, msg, sizeof msg);
        if (!c_)
            throw std::invalid_argument(msg);
    }
    ~Contact()
    {
        cwb_api_contact_free(c_);
    }
    Contact(const Contact &) = delete;
    Contact &operator=(const Contact &) = delete;

    // Evaluate at k and commit (an explicit loop accepts every step).
    cwb_api_out step(const cwb_api_kin &k)
    {
        cwb_api_out o;
        char msg[1024];
        if (cwb_api_contact_step(c_, &k, &o, msg, sizeof msg) != CWB_API_OK)
            throw std::runtime_error(msg);
        return o;
    }

  private:
    cwb_api_contact *c_;
};

} // namespace

int main(int argc, char **argv)
{
    const double e = argc > 1 ? std::atof(argv[1]) : 0.7, vn = argc > 2 ? std::atof(argv[2]) : 1.0,
                 vt = argc > 3 ? std::atof(argv[3]) : 0.5,
                 dt = argc > 4 ? std::atof(argv[4]) : 1e-9;
    const cwb_api_body sphere = {CWB_API_SPHERE, 0.005, 7e10, 0.25, 2500.0};
    const cwb_api_body wall = {CWB_API_WALL, 0, 0, 0, 0}; // E = 0: rigid
    char e_text[32];
    std::snprintf(e_text, sizeof e_text, "%.17g", e);
    try {
        Contact c("hertz", "mindlin", "tsuji", {{"tangential.mu", "0.3"}, {"damping.e", e_text}},
                  sphere, wall);
        const double R = sphere.radius, m = 4.0 / 3.0 * 3.14159265358979323846 * R * R * R * 2500.0;
        const double I = 0.4 * m * R * R;
        std::array<double, 3> x{0, 0, R}, v{vt, 0, -vn}, w{0, 0, 0}, dxi{0, 0, 0};
        bool touched = false;
        for (long step = 0; step < 10000000; step++) {
            const double overlap = R - x[2];
            if (overlap <= 0 && touched)
                break;
            touched = touched || overlap > 0;
            const double a = x[2]; // lever arm: centre to the contact point on the wall
            cwb_api_kin k{};
            k.overlap = overlap;
            k.overlap_rate = -v[2];
            k.normal[2] = -1;
            k.v_t[0] = -(v[0] - w[1] * a);
            k.v_t[1] = -(v[1] + w[0] * a);
            k.dt = dt;
            for (int i = 0; i < 3; i++)
                k.dxi_t[i] = dxi[i];
            const cwb_api_out o = c.step(k);
            const double f[3] = {o.force_t[0] + o.damping_t[0], o.force_t[1] + o.damping_t[1],
                                 o.force_n + o.damping_n};
            const double tq[3] = {a * f[1] + o.torque1[0], -a * f[0] + o.torque1[1], o.torque1[2]};
            for (int i = 0; i < 3; i++) {
                v[i] += f[i] / m * dt;
                w[i] += tq[i] / I * dt;
                x[i] += v[i] * dt;
            }
            dxi[0] = -(v[0] - w[1] * x[2]) * dt;
            dxi[1] = -(v[1] + w[0] * x[2]) * dt;
        }
        std::printf("restitution_normal %.10f\n", v[2] / vn);
        std::printf("restitution_tangential %.10f\n", v[0] / vt);
        std::printf("omega_after %.10f\n", w[1]);
    } catch (const std::exception &ex) {
        std::fprintf(stderr, "dem_loop_cpp: %s\n", ex.what());
        return 2;
    }
    return 0;
}
