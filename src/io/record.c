/* record.c -- what every output records of how it was made (doc/outputs.md,
 * "Provenance"): cwb's version and the commit it was built from, the
 * versions of the tools that made it (GSL, and gnuplot when a plot is
 * rendered from it), the date and the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gsl/gsl_version.h>

#include "cwb_files.h"
#include "cwb_out.h"

/* gnuplot's own words for its version ("gnuplot 5.4 patchlevel 4"), asked
 * once per process (a process start costs milliseconds, and a sweep writes
 * one record per plot); "not found" when it cannot be run. */
static const char *gnuplot_version(void)
{
    static char version[96];
    if (version[0])
        return version;
    snprintf(version, sizeof version, "gnuplot not found");
    const char *tmpdir = getenv("TMPDIR");
    char path[CWB_TEXT];
    snprintf(path, sizeof path, "%s/cwb-gnuplot-XXXXXX", tmpdir && tmpdir[0] ? tmpdir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0)
        return version;
    close(fd);
    char *argv[] = {"gnuplot", "--version", NULL};
    FILE *f = cwb_spawn(argv, NULL, path) == 0 ? fopen(path, "r") : NULL;
    char line[96];
    if (f && fgets(line, sizeof line, f) && strncmp(line, "gnuplot ", 8) == 0) {
        line[strcspn(line, "\r\n")] = '\0';
        snprintf(version, sizeof version, "%s", line);
    }
    if (f)
        fclose(f);
    unlink(path);
    return version;
}

void cwb_record_date(char *buf, size_t n)
{
    /* SOURCE_DATE_EPOCH (reproducible-builds.org): a regenerated file set
     * that must not differ by its dates alone states its own */
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    char *end = NULL;
    long long e = epoch ? strtoll(epoch, &end, 10) : -1;
    time_t t = epoch && end && !*end && e >= 0 ? (time_t)e : time(NULL);
    struct tm utc;
    if (!gmtime_r(&t, &utc) || !strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &utc))
        snprintf(buf, n, "unknown");
}

void cwb_write_record(FILE *f, const cwb_record *rec)
{
    char date[32];
    cwb_record_date(date, sizeof date);
    fprintf(f, "# cwb %s (commit %s; GSL %s", CWB_VERSION, cwb_commit(), gsl_version);
    if (rec && rec->plot)
        fprintf(f, "; %s", gnuplot_version());
    fprintf(f, ")\n# date: %s\n", date);
    /* the command as typed, one line (a newline in an argument would end the
     * comment: shown as a space) */
    fprintf(f, "# command: ");
    const char *cmd = rec && rec->command ? rec->command : "(a library call, no command line)";
    for (const char *c = cmd; *c; c++)
        fputc(*c == '\n' || *c == '\r' ? ' ' : *c, f);
    fputc('\n', f);
}
