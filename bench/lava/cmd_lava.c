// SPDX-License-Identifier: GPL-2.0
/*
 * pb lava --vm VM.json --out JOB.yaml --name JOB_NAME --test NAME
 *     --monitor tap|kunit|bench --kernel-url URL --initrd-url URL
 *     [--build-dir DIR] [--meta K=V]...
 *
 * One LAVA v2 job (device_type qemu) for the guest that `pb vm --dry-run`
 * described in VM.json: deploy the kernel and initramfs to tmpfs, boot them
 * with method qemu and pb vm's own QEMU command line, and turn the guest's
 * console into test cases with a monitor (see monitor() for why).
 *
 * LAVA's qemu device type builds the command from the device dictionary and
 * the job's context: it adds -nographic, a user-mode NIC, "-m {memory}",
 * "-monitor none" and, unless no_kvm, "-cpu host -enable-kvm". So pb vm's
 * options map as: -m -> context.memory; -accel kvm and -cpu host -> what the
 * device type adds; -accel tcg (and -icount) -> no_kvm plus the options;
 * -kernel/-initrd/-append -> the images' image_arg; -monitor none and
 * -display none -> already there (-nographic); the 9p shares: "build" is
 * pointed at --build-dir (where the lab worker has this build/ tree),
 * "results" is left out (a LAVA job's results are its console); every
 * other option goes verbatim into context.extra_options.
 *
 * The guest architecture is GUEST_ARCH's (vm/arch/NAME.json, lib/arch.h),
 * the one pb vm --dry-run booted: VM.json's QEMU must be its "qemu".
 * context.arch is its name (the names of LAVA's qemu device type). For a
 * description with a machine (-M), the device type's branch for such
 * architectures puts "-cpu {cpu} -machine {machine}" first and no KVM
 * options: pb vm's -M and -cpu (the pinned CPU) go to context.machine and
 * context.cpu instead of extra_options. Another architecture than the
 * default's is also named in the metadata (guest_arch), as results name it.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/arch.h"
#include "lib/atomic.h"
#include "lib/json_load.h"
#include "cmd.h"
#include "args.h"
#include "lava/yaml_out.h"

struct lava_opts {
	const char *vm, *out, *name, *test, *monitor, *kernel_url, *initrd_url, *build_dir;
	json_t *meta;
};

/* The fs id of the share tagged @tag in VM.json ("fs1"), or "" if none. */
static void share_id(json_t *vm, const char *tag, char *id, size_t len)
{
	json_t *s;
	size_t i;

	id[0] = '\0';
	json_array_foreach(json_object_get(vm, "shares"), i, s)
		if (!strcmp(json_string_value(json_object_get(s, "tag")), tag))
			snprintf(id, len, "fs%d", (int)i);
}

/* Does a -fsdev/-device value belong to fs @id ("id=fs1," / "fsdev=fs1,")? */
static int of_share(const char *value, const char *id)
{
	char a[64], b[64];

	snprintf(a, sizeof(a), "id=%s,", id);
	snprintf(b, sizeof(b), "fsdev=%s,", id);
	return *id && (strstr(value, a) || strstr(value, b));
}

/* "...,path=OLD,..." with OLD replaced by @path. */
static json_t *repath(const char *value, const char *path)
{
	const char *p = strstr(value, "path="), *end;

	if (!p)
		return json_string(value);
	end = strchr(p, ',');
	return json_sprintf("%.*spath=%s%s", (int)(p - value), value, path, end ? end : "");
}

/* Fill @context and the kernel's -append from pb vm's argv for @desc's machine; -1 if odd. */
static int map_argv(struct lava_opts *o, json_t *vm, const json_t *desc, json_t *context,
		    const char **append)
{
	int machine = *arch_str(desc, "machine");
	json_t *argv = json_object_get(vm, "argv"), *extra = json_array();
	char build_fs[32], results_fs[32];
	int kvm = 0;

	share_id(vm, "build", build_fs, sizeof(build_fs));
	share_id(vm, "results", results_fs, sizeof(results_fs));
	*append = NULL;
	for (size_t i = 1; i < json_array_size(argv); i++) {
		const char *opt = json_string_value(json_array_get(argv, i));
		const char *val = json_string_value(json_array_get(argv, i + 1));

		if (val && val[0] == '-')
			val = NULL;	/* a flag: -nodefaults, -no-reboot */
		if (val)
			i++;
		if (!strcmp(opt, "-m") && val) {
			json_object_set_new(context, "memory", json_integer(atoi(val)));
		} else if (!strcmp(opt, "-append") && val) {
			*append = val;
		} else if (!strcmp(opt, "-kernel") || !strcmp(opt, "-initrd") ||
			   ((!strcmp(opt, "-monitor") || !strcmp(opt, "-display")) && val &&
			    !strcmp(val, "none"))) {
			continue;	/* the images and the device type provide these */
		} else if (machine && (!strcmp(opt, "-M") || !strcmp(opt, "-machine")) && val) {
			json_object_set_new(context, "machine", json_string(val));
		} else if (machine && !strcmp(opt, "-cpu") && val) {
			json_object_set_new(context, "cpu", json_string(val));
		} else if (!strcmp(opt, "-accel") && val && !strcmp(val, "kvm")) {
			kvm = 1;
		} else if (!strcmp(opt, "-cpu") && val && !strcmp(val, "host") && kvm) {
			continue;
		} else if ((!strcmp(opt, "-fsdev") || !strcmp(opt, "-device")) && val &&
			   of_share(val, results_fs)) {
			continue;
		} else if (!strcmp(opt, "-fsdev") && val && of_share(val, build_fs) && o->build_dir) {
			json_t *moved = repath(val, o->build_dir);

			json_array_append_new(extra, json_sprintf("-fsdev %s", json_string_value(moved)));
			json_decref(moved);
		} else {
			json_array_append_new(extra, val ? json_sprintf("%s %s", opt, val) :
						   json_string(opt));
		}
	}
	json_object_set_new(context, "no_kvm", json_boolean(!kvm));
	json_object_set_new(context, "extra_options", extra);
	if (!*append || !json_object_get(context, "memory")) {
		fprintf(stderr, "pb lava: %s: no -append or -m in the QEMU command line\n", o->vm);
		return -1;
	}
	return 0;
}

/*
 * The guest needs no login or shell from LAVA: vm/guest/init runs the test
 * from the kernel command line and prints its results on the console, which
 * is what LAVA's monitors read. A test definition (lava-test-shell) would
 * need LAVA's overlay unpacked into the initramfs and a shell prompt, and
 * would run the tests differently from make test. Monitors read the same
 * console that pb vm reads, from "init: running TEST" to the kernel's
 * "reboot: Restarting system" (pb vm's -no-reboot then ends QEMU).
 *
 * tap: every TAP line ("ok N - name", "not ok N - name # why", KTAP's
 * "ok N name") is a case, and so is the guest's exit status
 * ("PATCHBENCH-EXIT: N", case "exit": pass for 0). pexpect searches with
 * Python's re, where a group name may appear once: the result is captured
 * in a lookahead so that both line shapes share the groups, and a case is
 * only matched once its line is complete (a name cut at a read boundary
 * would be a wrong case). The console reaches LAVA through a pty: a line
 * ends in "\r\r\n" there (the guest's serial driver and the pty each add
 * a \r), in "\r\n" or "\n" in a saved log.
 * kunit: the same cases, from the KTAP that the kernel prints before any
 * init runs (pb kunit boots no initramfs), so the monitor starts at KTAP's
 * first line.
 * bench: every PB-BENCH line is a measurement named by its parameters, the
 * per-operation figure of its K batch ("ns": guest instructions under icount).
 */
static json_t *monitor(const char *kind, const char *test)
{
	static const char tap[] =
		"(?<!\\S)(?=(?P<result>not ok|ok|PATCHBENCH-EXIT: [0-9]))"
		"(?:(?:not ok|ok) [0-9]+ (?:- )?|PATCHBENCH-)"
		"(?P<test_case_id>EXIT(?=: [0-9]+\\r*\\n)|[^#\\r\\n]*[^#\\s](?=[ \\t]*(?:#[^\\r\\n]*)?\\r*\\n))";
	static const char bench[] =
		"PB-BENCH suite=(?P<test_case_id>[^\\r\\n]*?) (?P<units>ns)=(?P<measurement>[0-9.]+) "
		"ns2k=[0-9.]+\\r*\\n";
	int kunit = !strcmp(kind, "kunit"), cases = kunit || !strcmp(kind, "tap");
	json_t *m = json_pack("{s:s,s:s+,s:s,s:s}", "name", test, "start",
			      kunit ? "KTAP version 1" : "init: running ", kunit ? "" : test,
			      "end", "reboot: Restarting system", "pattern", cases ? tap : bench);

	if (cases) {
		json_t *fix = json_pack("{s:s,s:s,s:s}", "ok", "pass", "not ok", "fail",
					"PATCHBENCH-EXIT: 0", "pass");

		for (int d = 1; d <= 9; d++) {
			char k[32];

			snprintf(k, sizeof(k), "PATCHBENCH-EXIT: %d", d);
			json_object_set_new(fix, k, json_string("fail"));
		}
		json_object_set_new(m, "fixupdict", fix);
	}
	return json_pack("[o]", m);
}

static json_t *seconds(double s)
{
	return json_pack("{s:i}", "seconds", (int)ceil(s));
}

static int take(struct lava_opts *o, const char *n, const char *v)
{
	const char **slot = !strcmp(n, "vm") ? &o->vm : !strcmp(n, "out") ? &o->out :
			    !strcmp(n, "name") ? &o->name : !strcmp(n, "test") ? &o->test :
			    !strcmp(n, "monitor") ? &o->monitor : !strcmp(n, "kernel-url") ?
			    &o->kernel_url : !strcmp(n, "initrd-url") ? &o->initrd_url :
			    !strcmp(n, "build-dir") ? &o->build_dir : NULL;
	const char *eq;
	char key[256];

	if (slot) {
		*slot = v;
		return 0;
	}
	if (strcmp(n, "meta") || !(eq = strchr(v, '=')) || eq == v || eq - v > 200)
		return -1;
	snprintf(key, sizeof(key), "%.*s", (int)(eq - v), v);
	json_object_set_new(o->meta, key, json_string(eq + 1));
	return 0;
}

static int lava(int argc, char **argv)
{
	struct lava_opts o = { .meta = json_object() };
	struct atomic_file a;
	json_t *vm = NULL, *context = NULL, *job = NULL, *images, *desc = NULL;
	const char *qemu;
	const char *append;
	double timeout;
	struct args args;
	int r = 1, c;

	args_init(&args, &cmd_lava, argc, argv);
	while ((c = args_next(&args)) > 0)
		if (take(&o, args.name, args.value)) {
			r = args_error(&cmd_lava, "--meta wants K=V, got '%s'", args.value);
			goto out;
		}
	if (c < 0) {
		r = args.status;
		goto out;
	}
	if (strcmp(o.monitor, "tap") && strcmp(o.monitor, "kunit") && strcmp(o.monitor, "bench")) {
		r = args_error(&cmd_lava, "--monitor wants tap, kunit or bench, got '%s'", o.monitor);
		goto out;
	}
	if (!(vm = json_load_said("pb lava", o.vm, 0)))
		goto out;
	if (!(desc = arch_load(arch_selected(), stderr)))
		goto out;
	qemu = json_string_value(json_array_get(json_object_get(vm, "argv"), 0));
	if (!qemu || strcmp(qemu, arch_str(desc, "qemu"))) {
		fprintf(stderr, "pb lava: %s boots %s, not %s's %s (GUEST_ARCH, vm/arch/%s.json)\n",
			o.vm, qemu ? qemu : "no QEMU", arch_selected(), arch_str(desc, "qemu"),
			arch_selected());
		goto out;
	}
	context = json_pack("{s:s}", "arch", arch_str(desc, "name"));
	if (map_argv(&o, vm, desc, context, &append))
		goto out;
	if (!arch_is_default(arch_selected()))
		json_object_set_new(o.meta, "guest_arch", json_string(arch_selected()));
	timeout = json_number_value(json_object_get(vm, "timeout"));
	json_object_set_new(o.meta, "test", json_string(o.test));
	json_object_set_new(o.meta, "accel", json_incref(json_object_get(vm, "accel")));
	json_object_set_new(o.meta, "pb_vm_timeout", json_integer((int)ceil(timeout)));
	images = json_pack("{s:{s:s,s:s++}}", "kernel", "url", o.kernel_url, "image_arg",
			   "-kernel {kernel} -append \"", append, "\"");
	if (json_is_string(json_object_get(vm, "initrd")))	/* pb kunit boots none */
		json_object_set_new(images, "ramdisk", json_pack("{s:s,s:s}", "url", o.initrd_url,
								  "image_arg", "-initrd {ramdisk}"));
	job = json_pack("{s:s,s:s,s:{s:o,s:o},s:s,s:s,s:O,s:O,s:[{s:{s:s,s:o,s:o}},"
			"{s:{s:s,s:s,s:o}},{s:{s:o,s:o}}]}",
			"device_type", "qemu", "job_name", o.name,
			"timeouts", "job", seconds(600 + 300 + timeout + 300), "connection",
			seconds(timeout), "priority", "medium", "visibility", "public",
			"context", context, "metadata", o.meta, "actions",
			"deploy", "to", "tmpfs", "timeout", seconds(600), "images", images,
			"boot", "method", "qemu", "media", "tmpfs", "timeout", seconds(300),
			"test", "timeout", seconds(timeout), "monitors", monitor(o.monitor, o.test));
	if (!job) {
		fprintf(stderr, "pb lava: cannot build the job\n");
		goto out;
	}
	if (atomic_open(&a, o.out)) {
		perror(o.out);
		goto out;
	}
	fprintf(a.f, "# LAVA v2 job by pb lava (make lava) from pb vm --dry-run: %s\n", o.vm);
	yaml_dump(a.f, job);
	if (atomic_commit(&a, !ferror(a.f))) {
		perror(o.out);
		goto out;
	}
	r = 0;
out:
	json_decref(vm);
	json_decref(desc);
	json_decref(context);
	json_decref(job);
	json_decref(o.meta);
	return r;
}

static const struct option options[] = {
	{ "vm", required_argument, NULL, 'o' },
	{ "out", required_argument, NULL, 'o' },
	{ "name", required_argument, NULL, 'o' },
	{ "test", required_argument, NULL, 'o' },
	{ "monitor", required_argument, NULL, 'o' },
	{ "kernel-url", required_argument, NULL, 'o' },
	{ "initrd-url", required_argument, NULL, 'o' },
	{ "build-dir", required_argument, NULL, 'o' },
	{ "meta", required_argument, NULL, 'o' },
	{ 0 },
};

const struct pb_cmd cmd_lava = {
	.name = "lava",
	.run = lava,
	.summary = "a LAVA v2 job (device_type qemu) for a guest pb vm --dry-run described",
	.usage = "pb lava --vm VM.json --out JOB.yaml --name JOB_NAME --test NAME --monitor tap|kunit|bench\n"
		 "    --kernel-url URL --initrd-url URL [--build-dir DIR] [--meta K=V]...",
	.details = "Writes the job that boots what VM.json (pb vm --dry-run) describes, its console\n"
		   "read by a tap, kunit or bench monitor, to JOB.yaml (atomically), for the guest\n"
		   "architecture GUEST_ARCH names (vm/arch/NAME.json: context arch, machine, cpu).\n"
		   "  --build-dir DIR  where the lab worker has this build/ tree (the build share)\n"
		   "  --meta K=V       job metadata (repeatable)\n",
	.options = options,
	.required = (const char *const[]){ "vm", "out", "name", "test", "monitor", "kernel-url",
					   "initrd-url", NULL },
};
