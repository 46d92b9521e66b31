# Why Python: it drives LAVA's own submission check, lava_common's schema
# (voluptuous), Python-only code: a job passes here as a LAVA server would
# pass it. The monitors' patterns are Python regular expressions (the
# dispatcher matches them through pexpect), so they are tried with re.
"""Check make lava's jobs the way a LAVA server checks a submission.

    lava-validate.py schema JOB.yaml...     lava_common.schemas.validate
    lava-validate.py monitors JOB.yaml...   the monitors' patterns on console lines
    lava-validate.py matches JOB.yaml VM.json   the job boots what pb vm boots
    lava-validate.py break JOB.yaml OUT visibility|timeout
Exit 0 when every job passes, 1 (saying which and why) when one does not.
"""
import json
import re
import sys

import voluptuous
import yaml
from lava_common.schemas import validate

sys.dont_write_bytecode = True  # importing pycheck leaves no tests/__pycache__
from pycheck import fail, read  # noqa: E402


def load(path):
    return read(path, yaml.safe_load)


def schema(files):
    for path in files:
        try:
            # strict: unknown keys are errors too, stricter than a server's
            # submission check (strict=False), so both pass
            validate(load(path), strict=True)
        except voluptuous.Invalid as e:
            fail(f"{path}: {e.msg} at {'/'.join(str(p) for p in e.path)}")
    print(f"{len(files)} jobs valid")


# Console lines and the case (result, test_case_id[, measurement]) LAVA's
# monitor must make of each; None: no case (e.g. a line not yet complete).
TAP_LINES = [
    ("ok 3 - mctp-net.patched.gateway # SKIP no route\r\n", ("ok", "mctp-net.patched.gateway")),
    ("not ok 4 - mctp-nlbad.patched.eid-255 # accepted\r\n",
     ("not ok", "mctp-nlbad.patched.eid-255")),
    ("        ok 1 mtu 63 len 68 -> 1 frags\n", ("ok", "mtu 63 len 68 -> 1 frags")),
    ("ok 2 - mctp-net.patched.route-show\r\r\n", ("ok", "mctp-net.patched.route-show")),
    ("    not ok 1 mctp_test_sock_sendmsg_extaddr\r\r\n",
     ("not ok", "mctp_test_sock_sendmsg_extaddr")),
    ("PATCHBENCH-EXIT: 0\r\r\n", ("PATCHBENCH-EXIT: 0", "EXIT")),
    ("PATCHBENCH-EXIT: 0\r\n", ("PATCHBENCH-EXIT: 0", "EXIT")),
    ("PATCHBENCH-EXIT: 127\r\n", ("PATCHBENCH-EXIT: 1", "EXIT")),
    ("ok 5 - mctp-net.patched.cut-he", None),
    ("[    1.2] token 5 broken\r\n", None),
]
BENCH_LINES = [
    ("PB-BENCH suite=mctp-route routes=64 depth=0 size=1 iters=2000 ns=812.5 ns2k=1625.0\r\n",
     ("mctp-route routes=64 depth=0 size=1 iters=2000", "812.5")),
    ("PB-BENCH suite=page-pool path=1 iters=1000 ns=7 ns2k=14\r\r\n",
     ("page-pool path=1 iters=1000", "7")),
    ("[   12.3] PB-BENCH suite=page-pool path=0 iters=1000 ns=61.25 ns2k=122.50\n",
     ("page-pool path=0 iters=1000", "61.25")),
    ("PB-BENCH suite=mctp-route routes=64 depth=0 size=1 iters=2000 ns=812", None),
]


def monitors(files):
    for path in files:
        job = load(path)
        test = [a["test"] for a in job["actions"] if "test" in a][0]
        for m in test["monitors"]:
            # pexpect compiles string patterns with re.DOTALL
            pattern = re.compile(m["pattern"], re.DOTALL)
            bench = "measurement" in pattern.groupindex
            for line, want in BENCH_LINES if bench else TAP_LINES:
                got = pattern.search(line)
                if bench:
                    got = got and (got["test_case_id"], got["measurement"])
                else:
                    got = got and (got["result"], got["test_case_id"])
                    if got and m["fixupdict"].get(got[0]) not in ("pass", "fail"):
                        fail(f"{path}: result {got[0]!r} has no pass/fail in fixupdict")
                if got != want:
                    fail(f"{path}: monitor {m['name']}: {line!r} gave {got}, want {want}")
    print(f"{len(files)} jobs' monitors read TAP, exit and PB-BENCH lines right")


def matches(path, vm_path):
    job, vm = load(path), read(vm_path, json.load)
    deploy = [a["deploy"] for a in job["actions"] if "deploy" in a][0]
    arg = deploy["images"]["kernel"]["image_arg"]
    if arg != f'-kernel {{kernel}} -append "{vm["append"]}"':
        fail(f"{path}: kernel image_arg {arg!r}, pb vm appends {vm['append']!r}")
    if job["context"]["memory"] != vm["mem_mb"]:
        fail(f"{path}: memory {job['context']['memory']}, pb vm gives {vm['mem_mb']}")
    extra = job["context"]["extra_options"]
    if f"-smp {vm['smp']}" not in extra:
        fail(f"{path}: no -smp {vm['smp']} in {extra}")
    if job["context"]["no_kvm"] != (vm["accel"] != "kvm"):
        fail(f"{path}: no_kvm {job['context']['no_kvm']} for accel {vm['accel']}")
    # the device type adds -cpu host with KVM; any other model is pb vm's own,
    # in the options, or in context.cpu with the machine where pb vm gives -M
    # (the device type's -cpu {cpu} -machine {machine})
    argv = vm["argv"]
    machine = argv[argv.index("-M") + 1] if "-M" in argv else None
    if job["context"].get("machine") != machine:
        fail(f"{path}: machine {job['context'].get('machine')}, pb vm boots -M {machine}")
    if machine:
        if job["context"].get("cpu") != vm["cpu"] or any(o.startswith("-cpu ") for o in extra):
            fail(f"{path}: pb vm boots CPU model {vm['cpu']}, the job's cpu is "
                 f"{job['context'].get('cpu')}, its options {extra}")
    elif (vm["accel"] != "kvm" or vm["cpu"] != "host") and f"-cpu {vm['cpu']}" not in extra:
        fail(f"{path}: pb vm boots CPU model {vm['cpu']}, the job's options are {extra}")
    if vm["accel"] == "icount" and "-icount shift=0,align=off,sleep=off" not in extra:
        fail(f"{path}: icount guest without -icount: {extra}")
    test = [a["test"] for a in job["actions"] if "test" in a][0]
    if test["timeout"]["seconds"] != int(vm["timeout"]):
        fail(f"{path}: test timeout {test['timeout']}, pb vm's is {vm['timeout']}")
    for key in ("kernel_stamp", "series", "project_commit"):
        if not job["metadata"].get(key):
            fail(f"{path}: no {key} in metadata")


def break_job(path, out, how):
    job = load(path)
    if how == "visibility":
        del job["visibility"]
    elif how == "timeout":
        test = [a["test"] for a in job["actions"] if "test" in a][0]
        test["timeout"] = {"seconds": job["timeouts"]["job"]["seconds"] + 1}
    with open(out, "w", encoding="utf-8") as f:
        yaml.safe_dump(job, f)


def main():
    what = sys.argv[1] if len(sys.argv) > 2 else ""
    if what == "schema":
        schema(sys.argv[2:])
    elif what == "monitors":
        monitors(sys.argv[2:])
    elif what == "matches" and len(sys.argv) == 4:
        matches(sys.argv[2], sys.argv[3])
    elif what == "break" and len(sys.argv) == 5:
        break_job(*sys.argv[2:])
    else:
        fail(__doc__)


if __name__ == "__main__":
    main()
