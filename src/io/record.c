/* record.c -- what every output records of how it was made (doc/outputs.md,
 * "Provenance"): cwb's version and the commit it was built from, the
 * versions of the tools that made it (GSL, and gnuplot when a plot is
 * rendered from it), the date and the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
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

/* Now in UTC as strftime's format gives it, or "unknown". SOURCE_DATE_EPOCH
 * (reproducible-builds.org), when it is 1 to 12 digits and nothing else,
 * names the time instead: a regenerated file set that must not differ by its
 * dates alone states its own. Anything else (empty, a sign, blanks, more
 * digits) means now, as in tools/made-line.sh and tools/made_line.py. */
static void utc_text(const char *format, char *buf, size_t n)
{
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    size_t digits = epoch ? strspn(epoch, "0123456789") : 0;
    time_t t = digits >= 1 && digits <= 12 && !epoch[digits] ? (time_t)strtoll(epoch, NULL, 10)
                                                             : time(NULL);
    struct tm utc;
    if (!gmtime_r(&t, &utc) || !strftime(buf, n, format, &utc))
        snprintf(buf, n, "unknown");
}

void cwb_record_date(char *buf, size_t n)
{
    utc_text("%Y-%m-%dT%H:%M:%SZ", buf, n);
}

/* src as one line of words: control characters and runs of blanks become
 * one space (a newline would end the '#' line), the ends trimmed; the
 * characters in `also` become '_' too (a host name must be one word). */
static void one_line(const char *src, const char *also, char *buf, size_t n)
{
    size_t used = 0;
    int blank = 0;
    for (const unsigned char *c = (const unsigned char *)src; *c && used + 1 < n; c++) {
        if (*c < 0x20 || *c == 0x7f || *c == ' ') {
            blank = used > 0;
            continue;
        }
        if (blank && used + 2 < n)
            buf[used++] = also ? '_' : ' ';
        blank = 0;
        buf[used++] = also && strchr(also, *c) ? '_' : (char)*c;
    }
    buf[used] = '\0';
}

/* The CPU's model as the kernel names it (/proc/cpuinfo, read as a file:
 * "model name" on x86, "cpu model" on MIPS, "Hardware" or "Processor" on
 * some ARM kernels), or "unknown CPU". */
static void cpu_model(char *buf, size_t n)
{
    static const char *const keys[] = {"model name", "cpu model", "Hardware", "Processor"};
    char found[4][160] = {"", "", "", ""};
    char line[512];
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!colon)
            continue;
        for (size_t k = 0; k < 4; k++)
            if (!found[k][0] && strncmp(line, keys[k], strlen(keys[k])) == 0 &&
                strspn(line + strlen(keys[k]), " \t") == (size_t)(colon - line) - strlen(keys[k]))
                one_line(colon + 1, NULL, found[k], sizeof found[k]);
    }
    if (f)
        fclose(f);
    snprintf(buf, n, "unknown CPU");
    for (size_t k = 0; k < 4; k++)
        if (found[k][0]) {
            snprintf(buf, n, "%.*s", (int)(n - 1), found[k]); /* bounded: no truncation warning */
            break;
        }
}

void cwb_made_line(char *buf, size_t n, const char *command)
{
    char when[40], host[80] = "unknown-host", cpu[160], cmd[2048];
    utc_text("%Y-%m-%d %H:%M UTC", when, sizeof when);
    struct utsname u;
    if (uname(&u) == 0 && u.nodename[0])
        one_line(u.nodename, "(),", host, sizeof host);
    cpu_model(cpu, sizeof cpu);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    one_line(command && command[0] ? command : "(a library call, no command line)", NULL, cmd,
             sizeof cmd);
    snprintf(buf, n, "# made: %s on %s (%s, %ld core%s), cwb %s, command: %s\n", when,
             host[0] ? host : "unknown-host", cpu, cores > 0 ? cores : 0, cores == 1 ? "" : "s",
             cwb_commit(), cmd);
}

void cwb_write_made_line(FILE *f, const char *command)
{
    char line[2600];
    cwb_made_line(line, sizeof line, command);
    fputs(line, f);
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
