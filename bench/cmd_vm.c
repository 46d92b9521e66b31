// SPDX-License-Identifier: GPL-2.0
/* pb vm: boot one guest; the exit code is the verdict (see enum vm_verdict). */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "tap.h"
#include "vmopts.h"

/*
 * The boot's own result as TAP, "guest.LABEL.(vm)" with '/' in LABEL read
 * as '.': a guest whose test failed still ran cleanly (its own TAP says what
 * failed); a crash, hang or doomed boot fails here even if the guest wrote
 * nothing.
 */
static int write_boot_tap(const char *file, const char *label, const struct vm_config *cfg,
			  const struct vm_result *res)
{
	struct ktap_report rep = { 0 };
	char path[512], why[1024];
	int ran = res->verdict == VM_PASS || res->verdict == VM_GUEST_FAIL, r;

	snprintf(path, sizeof(path), "guest.%s.(vm)", label);
	for (char *p = path; *p; p++)
		if (*p == '/')
			*p = '.';
	snprintf(why, sizeof(why), "%s%s%s (log %s)", vm_verdict_name(res->verdict),
		 res->crash_line[0] || res->doom_line[0] ? ": " : "",
		 res->crash_line[0] ? res->crash_line : res->doom_line,
		 cfg->log ? cfg->log : "none");
	r = report_add(&rep, path, ran ? KTAP_PASS : KTAP_FAIL, ran ? NULL : why);
	r = r ? r : tap_write(file, &rep);
	if (r)
		perror(file);
	ktap_free(&rep);
	return r;
}

static int take(const char *n, const char *v, void *ctx)
{
	const char **opt = ctx;

	if (strcmp(n, "label") && strcmp(n, "tap"))
		return -1;
	if (!v) {
		fprintf(stderr, "pb vm: --%s needs a value\n", n);
		return -2;
	}
	opt[!strcmp(n, "tap")] = v;
	return 0;
}

int cmd_vm(int argc, char **argv)
{
	struct vmopts o;
	struct vm_result res;
	const char *opt[2] = { "guest", NULL };	/* --label, --tap */
	int verdict;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: pb vm [guest options] [--label NAME] [--tap FILE]\n\n%s"
		       "  --tap FILE           write the boot's verdict as TAP (guest.NAME.(vm))\n\n"
		       "exit status: 0 pass, 1 guest test failed, 2 kernel crash, 3 hung,\n"
		       "4 error (QEMU failed or no verdict), 5 interrupted, 6 stuck (console\n"
		       "silent), 7 boot doomed (a console line said it cannot finish)\n", vmopts_help);
		return 0;
	}
	if (vmopts_parse(&o, argc, argv, NULL, take, opt) < 0)
		return VM_ERROR;
	verdict = vmopts_run(&o, &res, opt[0]);
	if (opt[1] && write_boot_tap(opt[1], opt[0], &o.cfg, &res))
		return VM_ERROR;
	return verdict;
}
