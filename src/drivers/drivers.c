/* drivers.c -- the one table of drivers, by name ([driver] type = NAME).
 *
 * Adding a scenario is one new file in src/drivers/ that defines its
 * cwb_driver_type, and one row here. `cwb laws` and `cwb describe` print
 * this table; the case reader (case.c) resolves names through it.
 */
#include <string.h>

#include "cwb_run.h"

extern const cwb_driver_type cwb_driver_history, cwb_driver_collision, cwb_driver_profile,
    cwb_driver_trajectory, cwb_driver_penalty, cwb_driver_ratio, cwb_driver_sliding,
    cwb_driver_sliding_force, cwb_driver_roll;

static const cwb_driver_type *const drivers[] = {
    &cwb_driver_collision,  &cwb_driver_history,       &cwb_driver_profile,
    &cwb_driver_trajectory, &cwb_driver_penalty,       &cwb_driver_ratio,
    &cwb_driver_sliding,    &cwb_driver_sliding_force, &cwb_driver_roll,
};

size_t cwb_driver_count(void)
{
    return sizeof drivers / sizeof *drivers;
}

const cwb_driver_type *cwb_driver_at(size_t i)
{
    return i < cwb_driver_count() ? drivers[i] : NULL;
}

const cwb_driver_type *cwb_driver_find(const char *name)
{
    for (size_t i = 0; i < cwb_driver_count(); i++)
        if (strcmp(drivers[i]->name, name) == 0)
            return drivers[i];
    return NULL;
}
