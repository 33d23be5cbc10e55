/* test_tz.c -- the TZif reader (tz.h, src/io/tzif.c) on the system's
 * real zone files, one with summer time (Europe/Paris, and
 * Australia/Sydney in the south) and one without (Pacific/Tahiti), the
 * POSIX rule of a footer past the last transition, files made wrong,
 * and the zones of data/zones.tsv (src/io/zone.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podium/tz.h"

/* seconds since 1970 of a UTC date and time */
static long long utc(int y, int m, int d, int hh, int mm, int ss)
{
	long long era, yoe, doy;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	return (era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy -
		719468) * 86400 + hh * 3600 + mm * 60 + ss;
}

static void load(const char *name, struct pd_tz *tz)
{
	struct pd_diag d = { 0 };
	int ret = pd_tz_load(name, tz, &d);

	if (ret)
		fail_msg("%s: %s", name, d.msg);
}

static void test_tz__paris_summer_time(void **state)
{
	struct pd_tz tz;
	int dst;

	load("Europe/Paris", &tz);
	assert_true(tz.n > 100);	/* its history since 1891 */
	/* a unit on 10 August 2024 is UTC+2, one on 1 March UTC+1 */
	assert_int_equal(pd_tz_offset(&tz, utc(2024, 8, 10, 12, 0, 0), &dst),
			 7200);
	assert_int_equal(dst, 1);
	assert_int_equal(pd_tz_offset(&tz, utc(2024, 3, 1, 12, 0, 0), &dst),
			 3600);
	assert_int_equal(dst, 0);
	/* the changes of 2024, to the second (01:00 UTC, last Sundays) */
	assert_int_equal(pd_tz_offset(&tz, utc(2024, 3, 31, 0, 59, 59),
				      NULL), 3600);
	assert_int_equal(pd_tz_offset(&tz, utc(2024, 3, 31, 1, 0, 0), NULL),
			 7200);
	assert_int_equal(pd_tz_offset(&tz, utc(2024, 10, 27, 0, 59, 59),
				      NULL), 7200);
	assert_int_equal(pd_tz_offset(&tz, utc(2024, 10, 27, 1, 0, 0), NULL),
			 3600);
	/* Paris Mean Time (0:09:21) until 1911; Paris 1900 was at it */
	assert_int_equal(pd_tz_offset(&tz, utc(1900, 7, 1, 12, 0, 0), NULL),
			 561);
	/* past the file's last transition: its footer's rule,
	 * CET-1CEST,M3.5.0,M10.5.0/3 */
	assert_true(tz.rule);
	assert_int_equal(pd_tz_offset(&tz, utc(2100, 7, 1, 0, 0, 0), &dst),
			 7200);
	assert_int_equal(dst, 1);
	assert_int_equal(pd_tz_offset(&tz, utc(2100, 1, 1, 0, 0, 0), NULL),
			 3600);
	/* 2100's last Sunday of March is the 28th */
	assert_int_equal(pd_tz_offset(&tz, utc(2100, 3, 28, 0, 59, 59),
				      NULL), 3600);
	assert_int_equal(pd_tz_offset(&tz, utc(2100, 3, 28, 1, 0, 0), NULL),
			 7200);
	pd_tz_release(&tz);
}

static void test_tz__tahiti_no_summer_time(void **state)
{
	struct pd_tz tz;
	int dst;

	load("Pacific/Tahiti", &tz);
	assert_int_equal(pd_tz_offset(&tz, utc(2024, 7, 29, 18, 0, 0), &dst),
			 -36000);
	assert_int_equal(dst, 0);
	assert_int_equal(pd_tz_offset(&tz, utc(2024, 1, 15, 0, 0, 0), &dst),
			 -36000);
	assert_int_equal(dst, 0);
	assert_int_equal(pd_tz_offset(&tz, utc(2100, 7, 1, 0, 0, 0), NULL),
			 -36000);
	/* before 1912, its local mean time (-9:58:16) */
	assert_int_equal(pd_tz_offset(&tz, utc(1900, 1, 1, 0, 0, 0), NULL),
			 -35896);
	pd_tz_release(&tz);
}

static void test_tz__south(void **state)
{
	struct pd_tz tz;

	/* the southern summer spans the new year, in the file and past it
	 * by its rule AEST-10AEDT,M10.1.0,M4.1.0/3 */
	load("Australia/Sydney", &tz);
	/* in 2000 New South Wales began summer time on 27 August, not in
	 * October, for the Games: the file knows it */
	assert_int_equal(pd_tz_offset(&tz, utc(2000, 8, 26, 12, 0, 0),
				      NULL), 36000);
	assert_int_equal(pd_tz_offset(&tz, utc(2000, 9, 20, 0, 0, 0), NULL),
			 39600);
	assert_int_equal(pd_tz_offset(&tz, utc(2024, 1, 1, 0, 0, 0), NULL),
			 39600);
	assert_int_equal(pd_tz_offset(&tz, utc(2100, 1, 1, 0, 0, 0), NULL),
			 39600);
	assert_int_equal(pd_tz_offset(&tz, utc(2100, 4, 3, 15, 59, 59),
				      NULL), 39600);
	assert_int_equal(pd_tz_offset(&tz, utc(2100, 4, 3, 16, 0, 0), NULL),
			 36000);
	assert_int_equal(pd_tz_offset(&tz, utc(2100, 7, 1, 0, 0, 0), NULL),
			 36000);
	pd_tz_release(&tz);
}

/* A version 2 file with no transitions, one type of offset off, and
 * footer, into b; its size. */
static size_t made(unsigned char *b, int off, const char *footer)
{
	size_t n = 0, i;
	int k;

	for (k = 0; k < 2; k++) {	/* the 32-bit block, then the 64 */
		memcpy(b + n, "TZif2", 5);
		memset(b + n + 5, 0, 39);
		b[n + 39] = 1;		/* typecnt */
		b[n + 43] = 4;		/* charcnt */
		n += 44;
		for (i = 0; i < 4; i++)
			b[n + i] = (unsigned char)((uint32_t)off >>
						   (24 - 8 * i));
		b[n + 4] = 0;
		b[n + 5] = 0;
		memcpy(b + n + 6, "XXX", 4);
		n += 10;
	}
	n += (size_t)sprintf((char *)b + n, "\n%s\n", footer);
	return n;
}

static void test_tz__footer_rules(void **state)
{
	unsigned char b[512];
	struct pd_tz tz;
	struct pd_diag d = { 0 };
	size_t n;

	/* US Eastern, second Sunday of March to first of November */
	n = made(b, -18000, "EST5EDT,M3.2.0,M11.1.0");
	assert_int_equal(pd_tz_parse(b, n, "made", &tz, &d), 0);
	assert_int_equal(pd_tz_offset(&tz, utc(2030, 3, 10, 6, 59, 59),
				      NULL), -18000);
	assert_int_equal(pd_tz_offset(&tz, utc(2030, 3, 10, 7, 0, 0), NULL),
			 -14400);
	assert_int_equal(pd_tz_offset(&tz, utc(2030, 11, 3, 5, 59, 59),
				      NULL), -14400);
	assert_int_equal(pd_tz_offset(&tz, utc(2030, 11, 3, 6, 0, 0), NULL),
			 -18000);
	pd_tz_release(&tz);
	/* Jn and n days, a quoted name, a half hour */
	n = made(b, 12600, "<+0330>-3:30<+0430>,J79/24,J263/24");
	assert_int_equal(pd_tz_parse(b, n, "made", &tz, &d), 0);
	assert_int_equal(pd_tz_offset(&tz, utc(2030, 1, 1, 0, 0, 0), NULL),
			 12600);
	assert_int_equal(pd_tz_offset(&tz, utc(2030, 6, 1, 0, 0, 0), NULL),
			 16200);
	pd_tz_release(&tz);
	n = made(b, 3600, "XXX-1YYY,59,300");	/* day 59: 1 March */
	assert_int_equal(pd_tz_parse(b, n, "made", &tz, &d), 0);
	assert_int_equal(pd_tz_offset(&tz, utc(2030, 2, 28, 12, 0, 0), NULL),
			 3600);
	assert_int_equal(pd_tz_offset(&tz, utc(2030, 3, 2, 12, 0, 0), NULL),
			 7200);
	pd_tz_release(&tz);
	/* no rule: the one type */
	n = made(b, 19800, "");
	assert_int_equal(pd_tz_parse(b, n, "made", &tz, &d), 0);
	assert_int_equal(pd_tz_offset(&tz, utc(2030, 1, 1, 0, 0, 0), NULL),
			 19800);
	pd_tz_release(&tz);
	/* wrong footers */
	n = made(b, 0, "X0");
	assert_int_equal(pd_tz_parse(b, n, "made", &tz, &d), PD_EPARSE);
	assert_non_null(strstr(d.msg, "footer"));
	n = made(b, 0, "XXX0YYY,M13.1.0,M1.1.0");
	assert_int_equal(pd_tz_parse(b, n, "made", &tz, &d), PD_EPARSE);
	n = made(b, 0, "XXX0YYY");	/* summer time without its dates */
	assert_int_equal(pd_tz_parse(b, n, "made", &tz, &d), PD_EPARSE);
}

static void test_tz__bad_files(void **state)
{
	unsigned char b[512];
	struct pd_tz tz;
	struct pd_diag d = { 0 };
	size_t n = made(b, 3600, "");
	size_t cut;

	assert_int_equal(pd_tz_parse((const unsigned char *)"TZif", 4, "x",
				     &tz, &d), PD_EPARSE);
	assert_non_null(strstr(d.msg, "header"));
	memcpy(b, "Tzif", 4);
	assert_int_equal(pd_tz_parse(b, n, "x", &tz, &d), PD_EPARSE);
	memcpy(b, "TZif", 4);
	/* every truncation is refused, never read past */
	for (cut = 0; cut < n; cut++)
		assert_int_equal(pd_tz_parse(b, cut, "x", &tz, &d),
				 PD_EPARSE);
	b[39] = 0;	/* no local time type */
	assert_int_equal(pd_tz_parse(b, n, "x", &tz, &d), PD_EPARSE);
	/* names that are none, and a zone the system lacks */
	assert_int_equal(pd_tz_load("../etc/passwd", &tz, &d), PD_EINVAL);
	assert_int_equal(pd_tz_load("/etc/passwd", &tz, &d), PD_EINVAL);
	assert_int_equal(pd_tz_load("", &tz, &d), PD_EINVAL);
	assert_int_equal(pd_tz_load("Nowhere/Atlantis", &tz, &d),
			 PD_ENOTFOUND);
	assert_non_null(strstr(d.msg, "tzdata"));
}

static void test_tz__zones_data(void **state)
{
	struct pd_diag d = { 0 };
	const char *venue, *zone;
	int off;

	/* data/zones.tsv reads, and every zone it names is the system's */
	if (pd_zones_check(&d))
		fail_msg("%s:%ld: %s", d.file, d.line, d.msg);
	assert_string_equal(pd_games_zone("OG2024"), "Europe/Paris");
	assert_string_equal(pd_games_zone("OG2008"), "Asia/Shanghai");
	assert_null(pd_games_zone("PG1984"));	/* two hosts, two zones */
	assert_null(pd_games_zone("XX1999"));
	assert_int_equal(pd_venue_zone("OG2024", 0, &venue, &zone), 1);
	assert_string_equal(venue, "Tahiti");
	assert_string_equal(zone, "Pacific/Tahiti");
	assert_int_equal(pd_venue_zone("OG2024", 1, &venue, &zone), 0);
	/* the one function: a unit's zone and offset at its instant */
	assert_string_equal(pd_unit_zone("OG2024", "Stade de France",
					 utc(2024, 8, 10, 12, 0, 0), &off),
			    "Europe/Paris");
	assert_int_equal(off, 7200);
	assert_string_equal(pd_unit_zone("OG2024", NULL,
					 utc(2024, 3, 1, 12, 0, 0), &off),
			    "Europe/Paris");
	assert_int_equal(off, 3600);
	assert_string_equal(pd_unit_zone("OG2024", "Teahupo'o, Tahiti",
					 utc(2024, 7, 29, 18, 0, 0), &off),
			    "Pacific/Tahiti");
	assert_int_equal(off, -36000);
	assert_string_equal(pd_unit_zone("PG2024", "Teahupo'o, Tahiti",
					 utc(2024, 8, 30, 18, 0, 0), &off),
			    "Europe/Paris");	/* Tahiti is OG2024's */
	assert_int_equal(off, 7200);
	assert_string_equal(pd_unit_zone("PG1984", NULL,
					 utc(1984, 6, 20, 12, 0, 0), &off),
			    "UTC");
	assert_int_equal(off, 0);
	assert_string_equal(pd_unit_zone("OG2008", NULL,
					 utc(2008, 8, 8, 12, 0, 0), &off),
			    "Asia/Shanghai");
	assert_int_equal(off, 28800);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tz__paris_summer_time),
		cmocka_unit_test(test_tz__tahiti_no_summer_time),
		cmocka_unit_test(test_tz__south),
		cmocka_unit_test(test_tz__footer_rules),
		cmocka_unit_test(test_tz__bad_files),
		cmocka_unit_test(test_tz__zones_data),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
