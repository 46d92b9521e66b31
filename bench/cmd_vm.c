// SPDX-License-Identifier: GPL-2.0
/*
 * pb vm: boot one guest; the exit code is the verdict (see enum vm_verdict).
 * pb vm --dry-run: boot nothing; print the guest's configuration as JSON,
 * with the exact QEMU command line pb vm would run (make lava reads it).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "vmopts.h"

#define RECORD_ENV "PB_QEMU_RECORD"

int qemu_stand_in(int argc, char **argv)
{
	json_t *args = json_array();
	const char *file = getenv(RECORD_ENV);
	int r;

	for (int i = 0; i < argc; i++)
		json_array_append_new(args, json_string(argv[i]));
	r = json_dump_file(args, file, 0);
	json_decref(args);
	if (r) {
		fprintf(stderr, "pb: cannot write %s\n", file);
		return 1;
	}
	printf("%s0\n", VM_EXIT_MARKER);
	return 0;
}

/*
 * The command line is recorded by running the guest for real with pb itself
 * as the QEMU binary (qemu_stand_in()): vm_run() builds it, so what is
 * recorded cannot drift from what a boot runs. No KVM probe: auto is the
 * fallback, what runs where KVM is not usable.
 */
static int dry_run(struct vmopts *o, const char *label)
{
	char self[4096], record[] = "/tmp/pb-dry-run-XXXXXX";
	struct vm_result res;
	json_t *argv, *shares = json_array(), *out;
	json_error_t err;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	int fd = mkstemp(record);
	const char *append = NULL, *qemu = o->cfg.qemu ? o->cfg.qemu : "qemu-system-x86_64";
	size_t i;

	if (n <= 0 || fd < 0) {
		perror("pb vm --dry-run");
		return VM_ERROR;
	}
	close(fd);
	self[n] = '\0';
	if (o->cfg.accel == ACCEL_AUTO)
		o->cfg.accel = o->fallback;
	fprintf(stderr, "vm: accel %s (dry run: auto is the fallback, no KVM probe)\n",
		accel_name(o->cfg.accel));
	o->cfg.qemu = self;
	o->cfg.log = NULL;
	o->cfg.echo = 0;
	o->cfg.expect_panic = 0;
	o->cfg.no_marker = 0;
	setenv(RECORD_ENV, record, 1);
	vm_run(&o->cfg, &res);
	unsetenv(RECORD_ENV);
	argv = json_load_file(record, 0, &err);
	unlink(record);
	if (res.verdict != VM_PASS || !json_is_array(argv)) {
		fprintf(stderr, "pb vm --dry-run: the stand-in QEMU recorded nothing (%s)\n",
			vm_verdict_name(res.verdict));
		json_decref(argv);
		return VM_ERROR;
	}
	json_array_set_new(argv, 0, json_string(qemu));
	for (i = 0; i + 1 < json_array_size(argv); i++)
		if (!strcmp(json_string_value(json_array_get(argv, i)), "-append"))
			append = json_string_value(json_array_get(argv, i + 1));
	for (int s = 0; s < o->cfg.nshares; s++)
		json_array_append_new(shares, json_pack("{s:s,s:s,s:b}", "path", o->cfg.shares[s].path,
							"tag", o->cfg.shares[s].tag, "writable",
							o->cfg.shares[s].writable));
	out = json_pack("{s:s,s:o,s:s,s:s,s:s?,s:s?,s:f,s:i,s:i,s:o}", "label", label, "argv", argv,
			"accel", accel_name(o->cfg.accel), "kernel", o->cfg.kernel, "initrd",
			o->cfg.initrd, "append", append, "timeout", o->cfg.timeout, "mem_mb",
			o->cfg.mem_mb, "smp", o->cfg.smp, "shares", shares);
	json_dumpf(out, stdout, JSON_COMPACT);
	printf("\n");
	json_decref(out);
	return VM_PASS;
}

int cmd_vm(int argc, char **argv)
{
	struct vmopts o;
	struct vm_result res;
	const char *label = "guest";
	int i, dry = 0;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: pb vm [guest options] [--label NAME] [--dry-run]\n\n%s\n"
		       "--dry-run: boot nothing, print the configuration and the QEMU command\n"
		       "line as JSON (auto accel: the fallback)\n\n"
		       "exit status: 0 pass, 1 guest test failed, 2 kernel crash, 3 hung,\n"
		       "4 error (QEMU failed or no verdict), 5 interrupted\n", vmopts_help);
		return 0;
	}
	for (i = 1; i + 1 < argc; i++)
		if (!strcmp(argv[i], "--label")) {
			label = argv[i + 1];
			memmove(&argv[i], &argv[i + 2], (size_t)(argc - i - 1) * sizeof(*argv));
			argc -= 2;
			break;
		}
	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--dry-run")) {
			dry = 1;
			memmove(&argv[i], &argv[i + 1], (size_t)(argc - i) * sizeof(*argv));
			argc--;
			break;
		}
	if (vmopts_parse(&o, argc, argv, NULL, NULL, NULL) < 0)
		return VM_ERROR;
	return dry ? dry_run(&o, label) : vmopts_run(&o, &res, label);
}
