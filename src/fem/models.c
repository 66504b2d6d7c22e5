/* models.c -- the one table of FEM models (`cwb reference`, [study] model).
 *
 * Adding a model is one new file in src/fem/models/ exporting a const
 * cwb_fem_model, and one row here; the pipeline (study.c) knows models only
 * through that struct. The first row is the default when a study names
 * none.
 */
#include <string.h>

#include "cwb_fem.h"

extern const cwb_fem_model cwb_fem_halfround, cwb_fem_cylinders, cwb_fem_sphere;
extern const cwb_fem_model cwb_fem_sphere_shear, cwb_fem_sphere_impact;

static const cwb_fem_model *const models[] = {
    &cwb_fem_halfround,    &cwb_fem_cylinders,     &cwb_fem_sphere,
    &cwb_fem_sphere_shear, &cwb_fem_sphere_impact,
};

size_t cwb_fem_model_count(void)
{
    return sizeof models / sizeof *models;
}

const cwb_fem_model *cwb_fem_model_at(size_t i)
{
    return i < cwb_fem_model_count() ? models[i] : NULL;
}

const cwb_fem_model *cwb_fem_model_find(const char *name)
{
    for (size_t i = 0; i < cwb_fem_model_count(); i++)
        if (strcmp(models[i]->name, name) == 0)
            return models[i];
    return NULL;
}
