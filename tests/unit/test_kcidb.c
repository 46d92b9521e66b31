// SPDX-License-Identifier: GPL-2.0
/* Unit tests of bench/kcidb/kcidb.c: KCIDB test paths, statuses and numbers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kcidb/kcidb.h"

static void tap_paths_drop_the_kernel_and_sanitise(void **state)
{
	char p[128];

	(void)state;
	assert_int_equal(kcidb_tap_path("kunit.baseline.mctp.mctp_test_fragment.mtu 63 len 68 -> 1 frags",
					"baseline", p, sizeof(p)), 0);
	assert_string_equal(p, "kunit.mctp.mctp_test_fragment.mtu_63_len_68_-__1_frags");
	assert_int_equal(kcidb_tap_path("guest.patched.mctp-net.(vm)", "patched", p, sizeof(p)), 0);
	assert_string_equal(p, "guest.mctp-net._vm_");
	/* only the second part names the kernel; an empty part stays a part */
	assert_int_equal(kcidb_tap_path("patched.patched..x", "patched", p, sizeof(p)), 0);
	assert_string_equal(p, "patched._.x");
	assert_int_equal(kcidb_tap_path("a.b", NULL, p, 3), -1);
}

static void statuses(void **state)
{
	struct ktap_result pass = { .path = "a.b", .status = KTAP_PASS };
	struct ktap_result skip = { .path = "a.b", .status = KTAP_SKIP };
	struct ktap_result fail = { .path = "a.b", .status = KTAP_FAIL, .why = "boom" };
	struct ktap_result miss = { .path = "a.(missing 3)", .status = KTAP_FAIL,
				    .kind = KTAP_CRASHED, .why = "plan" };
	struct ktap_result crash = { .path = "a.(incomplete)", .status = KTAP_FAIL, .why = "x" };

	(void)state;
	assert_string_equal(kcidb_tap_status(&pass), "PASS");
	assert_string_equal(kcidb_tap_status(&skip), "SKIP");
	assert_string_equal(kcidb_tap_status(&fail), "FAIL");
	assert_string_equal(kcidb_tap_status(&miss), "MISS");
	assert_string_equal(kcidb_tap_status(&crash), "FAIL");
}

static void point_paths_name_what_varies(void **state)
{
	json_t *points = json_loads("[{\"params\":{\"iters\":2000,\"routes\":1,\"fn\":\"strlen\"}},"
				    "{\"params\":{\"iters\":2000,\"routes\":64,\"fn\":\"strlen\"}},"
				    "{\"params\":{\"iters\":2000,\"routes\":64,\"lookup\":\"kernel\","
				    "\"fn\":\"strlen\"}}]", JSON_PRESERVE_ORDER, NULL);
	json_t *varying = kcidb_varying_params(points);
	char p[128];

	(void)state;
	assert_non_null(json_object_get(varying, "routes"));
	assert_non_null(json_object_get(varying, "lookup"));	/* only some points have it */
	assert_null(json_object_get(varying, "iters"));
	assert_int_equal(kcidb_point_path("mctp-route", json_object_get(json_array_get(points, 2), "params"),
					  varying, p, sizeof(p)), 0);
	assert_string_equal(p, "mctp.route.routes_64.lookup_kernel");
	json_decref(varying);
	json_decref(points);
}

/* A new point with another batch size keeps the other points' paths. */
static void iters_only_where_it_tells_points_apart(void **state)
{
	json_t *points = json_loads("[{\"params\":{\"iters\":2000,\"routes\":64}},"
				    "{\"params\":{\"iters\":50,\"routes\":64,\"op\":\"add-del\"}}]",
				    JSON_PRESERVE_ORDER, NULL);
	json_t *same = json_loads("[{\"params\":{\"iters\":2000,\"routes\":64}},"
				  "{\"params\":{\"iters\":50,\"routes\":64}}]", JSON_PRESERVE_ORDER,
				  NULL);
	json_t *varying = kcidb_varying_params(points), *needed = kcidb_varying_params(same);
	char p[128];

	(void)state;
	assert_null(json_object_get(varying, "iters"));
	assert_int_equal(kcidb_point_path("mctp-route", json_object_get(json_array_get(points, 0), "params"),
					  varying, p, sizeof(p)), 0);
	assert_string_equal(p, "mctp.route");
	assert_non_null(json_object_get(needed, "iters"));	/* the only difference */
	json_decref(varying);
	json_decref(needed);
	json_decref(points);
	json_decref(same);
}

static void numbers_carry_their_unit(void **state)
{
	json_t *ns = kcidb_number(250, "ns (TCG wall clock: noisy)");
	json_t *icount = kcidb_number(4918.5, "guest instructions (icount)");
	json_t *kb = kcidb_number(2, "mem_total_kb");

	(void)state;
	assert_float_equal(json_real_value(json_object_get(ns, "value")), 250e-9, 1e-15);
	assert_string_equal(json_string_value(json_object_get(ns, "unit")), "s");
	assert_string_equal(json_string_value(json_object_get(ns, "prefix")), "metric");
	assert_string_equal(json_string_value(json_object_get(icount, "unit")), "instructions");
	assert_null(json_object_get(icount, "prefix"));
	assert_float_equal(json_real_value(json_object_get(kb, "value")), 2048, 1e-9);
	assert_string_equal(json_string_value(json_object_get(kb, "prefix")), "binary");
	json_decref(ns);
	json_decref(icount);
	json_decref(kb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tap_paths_drop_the_kernel_and_sanitise),
		cmocka_unit_test(statuses),
		cmocka_unit_test(point_paths_name_what_varies),
		cmocka_unit_test(iters_only_where_it_tells_points_apart),
		cmocka_unit_test(numbers_carry_their_unit),
	};

	return cmocka_run_group_tests_name("kcidb", tests, NULL, NULL);
}
