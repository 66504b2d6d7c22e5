/* bibliography.c -- every work cwb reproduces or cites, by key.
 *
 * The one bibliography of the project: law sources (cwb_law_head.source),
 * reference CSVs and the README cite these keys in square brackets,
 * "[thornton1997] eqs. 7-10"; `cwb describe` and `cwb cite` print the full
 * entries. A field the sources could not confirm says so in the entry
 * rather than being guessed (how each was identified: the project's notes
 * on the seed documents, checked against their own text).
 */
#include <stdio.h>
#include <string.h>

#include "cwb.h"

static const cwb_work works[] = {
    /* ---- the five documents the workbench is built from (the "seeds") */
    {"hertz2d2020",
     "A semianalytical Hertzian frictional contact model in 2D. Elsevier Inc., (c) 2020 (journal "
     "probably Applied Mathematical Modelling; authors, volume and pages are not in the extracted "
     "text and are not confirmed). The 2D law of cwb's hertz2d* laws (seed 000)."},
    {"musen_hertz",
     "MUSEN documentation, \"Contact model: Hertz\" (Contact Models/Hertz.pdf), the Hertz-Mindlin "
     "law with incremental tangential force and constant-torque rolling friction of MUSEN: Dosta, "
     "M. & Skorych, V. (2020) MUSEN: an open-source framework for GPU-accelerated DEM "
     "simulations, SoftwareX 100618, doi:10.1016/j.softx.2020.100618 (seed 001)."},
    {"woo_linear",
     "Smilauer, V. Woo DEM documentation, \"Linear (Cundall) contact model\" (woodem.org; "
     "woo-doc sphinx2/source/theory/contact/linear.rst), date not stated (seed 002)."},
    {"balevicius_mroz_part2",
     "Balevicius, R. & Mroz, Z. A finite sliding model of two identical spheres under "
     "displacement and force control - part II: dynamic analysis. Acta Mechanica (Springer, open "
     "access); volume, pages and year not confirmed (recalled, unchecked: 225, 2014, "
     "1735-1759) (seed 003)."},
    {"balevicius_mroz2013",
     "Balevicius, R. & Mroz, Z. (2013) A finite sliding model of two identical spheres under "
     "displacement and force control - part I: static analysis. Acta Mechanica 224:1659-1684, "
     "doi:10.1007/s00707-013-0839-9."},
    {"rathbone_thesis",
     "Rathbone, D. PhD thesis, Imperial College London (TSM-CDT; supervisors B. van Wachem and D. "
     "Dini; with Johnson Matthey): FEM of elastic-plastic sphere impacts and new normal and "
     "tangential force-displacement laws for DEM. Title and year not confirmed: the title page "
     "is not in the extracted text; 2015 or later, as it lists [rathbone2015] among its "
     "publications (seed 004)."},
    {"rathbone2015",
     "Rathbone, D., Marigo, M., Dini, D. & van Wachem, B. (2015) An accurate force-displacement "
     "law for the modelling of elastic-plastic contacts in discrete element simulations. Powder "
     "Technology 282:2-9."},
    /* ---- contact mechanics */
    {"hertz1882",
     "Hertz, H. (1882) Ueber die Beruehrung fester elastischer Koerper. J. reine angew. Math. "
     "92:156-171, doi:10.1515/crll.1882.92.156."},
    {"mindlin1949",
     "Mindlin, R. D. (1949) Compliance of elastic bodies in contact. J. Appl. Mech. 16:259-268, "
     "doi:10.1115/1.4009973."},
    {"mindlin_deresiewicz1953",
     "Mindlin, R. D. & Deresiewicz, H. (1953) Elastic spheres in contact under varying oblique "
     "forces. J. Appl. Mech. 20:327-344, doi:10.1115/1.4010702."},
    {"johnson1985", "Johnson, K. L. (1985) Contact Mechanics. Cambridge University Press, "
                    "doi:10.1017/CBO9781139171731."},
    {"cundall_strack1979",
     "Cundall, P. A. & Strack, O. D. L. (1979) A discrete numerical model for granular "
     "assemblies. Geotechnique 29:47-65, doi:10.1680/geot.1979.29.1.47."},
    {"thornton1997", "Thornton, C. (1997) Coefficient of restitution for collinear collisions of "
                     "elastic-perfectly plastic spheres. J. Appl. Mech. 64:383-386."},
    {"jkr1971", "Johnson, K. L., Kendall, K. & Roberts, A. D. (1971) Surface energy and the "
                "contact of elastic solids. Proc. R. Soc. Lond. A 324:301-313."},
    {"dmt1975", "Derjaguin, B. V., Muller, V. M. & Toporov, Yu. P. (1975) Effect of contact "
                "deformations on the adhesion of particles. J. Colloid Interface Sci. "
                "53:314-326."},
    {"thornton_ning1998",
     "Thornton, C. & Ning, Z. (1998) A theoretical model for the stick/bounce behaviour of "
     "adhesive, elastic-plastic spheres. Powder Technology 99:154-162."},
    {"thornton_yin1991", "Thornton, C. & Yin, K. K. (1991) Impact of elastic spheres with and "
                         "without adhesion. Powder Technology 65:153-166."},
    {"thornton1991", "Thornton, C. (1991) Interparticle sliding in the presence of adhesion. "
                     "J. Phys. D: Appl. Phys. 24:1942-1946."},
    {"savkoor_briggs1977",
     "Savkoor, A. R. & Briggs, G. A. D. (1977) The effect of tangential force on the contact of "
     "elastic solids in adhesion. Proc. R. Soc. Lond. A 356:103-114."},
    {"stronge2000", "Stronge, W. J. (2000) Impact Mechanics. Cambridge University Press, "
                    "doi:10.1017/CBO9780511626432."},
    {"tomas2007", "Tomas, J. (2007) Adhesion of ultrafine particles - a micromechanical approach. "
                  "Chem. Eng. Sci. 62:1997-2010 (and its companion on energy absorption at "
                  "contact, 62:5925-5939; which of the two the thesis cites is not stated)."},
    {"storakers1997", "Storakers, B., Biwa, S. & Larsson, P.-L. (1997) Similarity analysis of "
                      "inelastic contact. Int. J. Solids Struct. 34:3061-3083."},
    {"vu_quoc_zhang1999",
     "Vu-Quoc, L. & Zhang, X. (1999) An elastoplastic contact force-displacement model in the "
     "normal direction: displacement-driven version. Proc. R. Soc. Lond. A 455:4013-4044."},
    {"brake2012", "Brake, M. R. (2012) An analytical elastic-perfectly plastic contact model. Int. "
                  "J. Solids Struct. 49:3129-3141, doi:10.1016/j.ijsolstr.2012.06.013."},
    {"jackson_green2005",
     "Jackson, R. L. & Green, I. (2005) A finite element study of elasto-plastic hemispherical "
     "contact against a rigid flat. J. Tribol. 127:343-354, doi:10.1115/1.1866166."},
    {"jackson_chusoipin_green2005",
     "Jackson, R. L., Chusoipin, I. & Green, I. (2005) A finite element study of the residual "
     "stress and deformation in hemispherical contacts. J. Tribol. 127:484-493, "
     "doi:10.1115/1.1843166."},
    {"etsion2005", "Etsion, I., Kligerman, Y. & Kadin, Y. (2005) Unloading of an elastic-plastic "
                   "loaded spherical contact. Int. J. Solids Struct. 42:3716-3729."},
    {"kogut_etsion2002", "Kogut, L. & Etsion, I. (2002) Elastic-plastic contact analysis of a "
                         "sphere and a rigid flat. J. Appl. Mech. 69:657-662."},
    {"tsuji1992",
     "Tsuji, Y., Tanaka, T. & Ishida, T. (1992) Lagrangian numerical simulation of plug flow of "
     "cohesionless particles in a horizontal pipe. Powder Technol. 71:239-250, "
     "doi:10.1016/0032-5910(92)88030-L."},
    {"direnzo2004",
     "Di Renzo, A. & Di Maio, F. P. (2004) Comparison of contact-force models for the simulation "
     "of collisions in DEM-based granular flow codes. Chem. Eng. Sci. 59:525-541, "
     "doi:10.1016/j.ces.2003.09.037."},
    {"direnzo2005",
     "Di Renzo, A. & Di Maio, F. P. (2005) An improved integral non-linear model for the contact "
     "of particles in distinct element simulations. Chem. Eng. Sci. 60:1303-1312, "
     "doi:10.1016/j.ces.2004.10.004."},
    {"lth1994",
     "Langston, P. A., Tuezuen, U. & Heyes, D. M. (1994) Continuous potential discrete particle "
     "simulations of stress and velocity fields in hoppers: transition from fluid to granular "
     "flow. Chem. Eng. Sci. 49:1259-1275, doi:10.1016/0009-2509(94)85095-X."},
    {"zheng2012",
     "Zheng, Q. J., Zhu, H. P. & Yu, A. B. (2012) Finite element analysis of the contact forces "
     "between a viscoelastic sphere and rigid plane. Powder Technol. 226:130-142, "
     "doi:10.1016/j.powtec.2012.04.032."},
    {"maw1976", "Maw, N., Barber, J. R. & Fawcett, J. N. (1976) The oblique impact of elastic "
                "spheres. Wear 38:101-114, doi:10.1016/0043-1648(76)90201-5."},
    {"maw1981", "Maw, N., Barber, J. R. & Fawcett, J. N. (1981) The role of elastic tangential "
                "compliance in oblique impact. J. Lubrication Technol. 103:74-80 (volume and "
                "pages as cited in the literature; not checked against the paper)."},
    {"thornton2011",
     "Thornton, C., Cummins, S. J. & Cleary, P. W. (2011) An investigation of the comparative "
     "behaviour of alternative contact force models during elastic collisions. Powder Technol. "
     "210:189-197."},
    {"thornton2013",
     "Thornton, C., Cummins, S. J. & Cleary, P. W. (2013) An investigation of the comparative "
     "behaviour of alternative contact force models during inelastic collisions. Powder Technol. "
     "233:30-46."},
    {"chung_ooi2011",
     "Chung, Y. C. & Ooi, J. Y. (2011) Benchmark tests for verifying discrete element modelling "
     "codes at particle impact level. Granular Matter 13:643-656, doi:10.1007/s10035-011-0277-0."},
    {"kharaz2001",
     "Kharaz, A. H., Gorham, D. A. & Salman, A. D. (2001) An experimental study of the elastic "
     "rebound of spheres. Powder Technol. 120:281-291, doi:10.1016/S0032-5910(01)00283-2."},
    {"ai2011", "Ai, J., Chen, J.-F., Rotter, J. M. & Ooi, J. Y. (2011) Assessment of rolling "
               "resistance models in discrete element simulations. Powder Technol. 206:269-282, "
               "doi:10.1016/j.powtec.2010.09.030."},
    {"lubkin1951", "Lubkin, J. L. (1951) The torsion of elastic spheres in contact. J. Appl. "
                   "Mech. 18:183-187 (the initial torsional stiffness 16 G a^3/3 and the "
                   "full-slip torque (3 pi/16) mu F_n a of a Hertzian contact)."},
    {"deresiewicz1954", "Deresiewicz, H. (1954) Contact of elastic spheres under an oscillating "
                        "torsional couple. J. Appl. Mech. 21:52-56."},
    {"marshall2009", "Marshall, J. S. (2009) Discrete-element modeling of particulate aerosol "
                     "flows. J. Comput. Phys. 228:1541-1561, doi:10.1016/j.jcp.2008.10.035 (the "
                     "twisting model of LAMMPS `twisting marshall`)."},
    /* ---- the tools cwb builds on */
    {"lammps2022",
     "Thompson, A. P. et al. (2022) LAMMPS - a flexible simulation tool for particle-based "
     "materials modeling at the atomic, meso, and continuum scales. Comput. Phys. Commun. "
     "271:108171, doi:10.1016/j.cpc.2021.108171."},
    {"gsl", "Galassi, M. et al. GNU Scientific Library Reference Manual (3rd ed.). Network Theory "
            "Ltd., ISBN 0954612078."},
    {"gmsh2009",
     "Geuzaine, C. & Remacle, J.-F. (2009) Gmsh: a 3-D finite element mesh generator with "
     "built-in pre- and post-processing facilities. Int. J. Numer. Methods Eng. 79:1309-1331, "
     "doi:10.1002/nme.2579."},
    {"calculix", "Dhondt, G. (2004) The Finite Element Method for Three-Dimensional "
                 "Thermomechanical Applications. Wiley (the theory of CalculiX, "
                 "www.calculix.de)."},
};

size_t cwb_work_count(void)
{
    return sizeof works / sizeof *works;
}

const cwb_work *cwb_work_at(size_t i)
{
    return i < cwb_work_count() ? &works[i] : NULL;
}

const cwb_work *cwb_work_find(const char *key)
{
    for (size_t i = 0; i < cwb_work_count(); i++)
        if (strcmp(works[i].key, key) == 0)
            return &works[i];
    return NULL;
}

const cwb_work *cwb_work_next_cited(const char *text, const char **at)
{
    for (const char *p = *at; (p = strchr(p, '[')) != NULL; p++) {
        const char *end = strchr(p, ']');
        if (!end || end - p - 1 >= 48)
            continue;
        char key[48];
        snprintf(key, sizeof key, "%.*s", (int)(end - p - 1), p + 1);
        const cwb_work *w = cwb_work_find(key);
        if (w) {
            *at = end + 1;
            return w;
        }
    }
    *at = text + strlen(text);
    return NULL;
}
