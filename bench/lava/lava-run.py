# Why Python: device and results are the two ends of LAVA's lava-run, a
# Python tool whose job, device and log formats are YAML: they are read and
# written with the yaml module lava-dispatcher itself uses (pb's C reads
# JSON only), the log as lava_common.log.YAMLLogger writes it. same-tap is
# an oracle kept independent of pb on purpose: it compares TAP verdicts
# without pb's TAP parser, so a bug there cannot make LAVA's and pb vm's
# TAP agree. lab-time reads lavacli's JSON for lava-collect.sh, which runs
# this file anyway.
"""make lava-run's side of LAVA: the device it runs jobs on, and its results.

    lava-run.py device JOB.yaml DEVICE.yaml
        the qemu device configuration for this machine, as a LAVA server
        renders its qemu device type (qemu.jinja2) with the job's context,
        for the guest architecture the context's arch names (vm/arch/NAME.json,
        PB_ARCH_DIR: another folder)
    lava-run.py results JOB.yaml LOG.yaml RESULTS.json CONSOLE.txt
        lava-run's log (its YAML on stderr) as JSON: LAVA's test cases, the
        job's result and error, each action's duration, the job's metadata;
        the console it recorded, line by line, into CONSOLE.txt
    lava-run.py same-device JOB.yaml LAB-DEVICE.yaml
        a lab's device configuration for the job (lavacli jobs config) sets
        QEMU, the deploy and the constants as make lava-run's device does
    lava-run.py result-file CONSOLE.txt NAME OUT
        the file NAME the guest printed on the console between its
        PB-RESULT-BEGIN and PB-RESULT-END markers (vm/guest/init: a job
        has no results share), into OUT, once its line count and sha256
        match what the end marker says
    lava-run.py lab-time SHOW.json
        the seconds a lab reports a job ran (lavacli jobs show --json)
    lava-run.py same-tap A.tap... -- B.tap...
        the two sets of TAP files have the same cases with the same verdicts
Exit 0 when done (same-*: when equal), 1 saying why when not, 2 for usage.
Run with Debian's python3 (its yaml module, lava-dispatcher's own).
"""
import datetime
import hashlib
import json
import os
import re
import sys

import yaml


def load(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def write(path, text):
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def fail(why):
    print(why, file=sys.stderr)
    sys.exit(1)


def descriptions():
    """The guest architectures' descriptions (vm/arch/*.json), by name."""
    where = os.environ.get("PB_ARCH_DIR") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "vm", "arch")
    found = {}
    for name in sorted(os.listdir(where)):
        if name.endswith(".json") and not name.startswith("."):
            with open(os.path.join(where, name), encoding="utf-8") as f:
                desc = json.load(f)
            found[desc["name"]] = desc
    return found


def description(job_path, arch):
    """The description whose name (or Debian name, LAVA's alias) is the context's arch."""
    known = descriptions()
    for desc in known.values():
        if arch in (desc["name"], desc["debian_arch"]):
            return desc
    fail(f"{job_path}: context arch {arch!r}: no guest architecture of that name "
         f"(vm/arch/); known: {' '.join(known)}")


# The options qemu.jinja2 puts first: for an architecture whose description
# has a machine (-M), the job's CPU model and machine (the description's if
# the context has none) and no KVM options, as the template does for the
# ARM architectures; else KVM unless the job's context says no_kvm. Then no
# display, one user-mode NIC (its defaults), the job's memory and no
# monitor; the job's extra_options follow. QEMU is the description's.
def device_config(job_path):
    ctx = load(job_path).get("context", {})
    desc = description(job_path, ctx.get("arch"))
    if desc["machine"]:
        options = [f"-cpu {ctx.get('cpu', desc['cpu_tcg'])}",
                   f"-machine {ctx.get('machine', desc['machine'])}"]
    else:
        options = [] if ctx.get("no_kvm") else ["-cpu host", "-enable-kvm"]
    options += [
        "-nographic",
        "-net nic,model=virtio,macaddr=52:54:00:12:34:58 -net user",
        f"-m {ctx.get('memory', 512)}",
        "-monitor none",
    ]
    qemu = {"command": desc["qemu"], "options": options,
            "extra": list(ctx.get("extra_options", []))}
    dev = {
        "constants": {
            "posix": {"lava_test_sh_cmd": "/bin/sh", "lava_test_results_dir": "/lava-%s",
                      "lava_test_shell_file": "~/.bashrc"},
            "shutdown-message": "The system is going down for reboot NOW",
            "kernel-start-message": "Linux version [0-9]",
            "default-shell-prompt": "lava-test: # ",
            "spawn_maxread": "4092",
            # one attempt, as pb vm makes: a retry would hide a flaky failure
            "failure_retry": 1,
            "boot_retry": 1,
        },
        "parameters": {"pass": None},
        "available_architectures": sorted({desc["name"], desc["debian_arch"]}),
        "actions": {
            "deploy": {"connections": {"serial": None}, "methods": {"image": {"parameters": {
                "guest": {"size": 512, "interface": "ide", "driveid": "lavatest"}}}}},
            "boot": {"connections": {"serial": None}, "methods": {"qemu": {"parameters": qemu}}},
        },
    }
    return dev


def device(job_path, out):
    write(out, "# qemu device for make lava-run (bench/lava/lava-run.py) from " + job_path + "\n"
          + yaml.safe_dump(device_config(job_path), sort_keys=False))


def same_device(job_path, lab_path):
    ours, lab = device_config(job_path), load(lab_path)
    wanted = [("actions", "boot", "methods", "qemu", "parameters", k)
              for k in ours["actions"]["boot"]["methods"]["qemu"]["parameters"]]
    wanted += [("actions", "deploy", "methods", "image")]
    wanted += [("constants", k) for k in ours["constants"]]

    def get(tree, path):
        for key in path:
            tree = tree.get(key, {}) if isinstance(tree, dict) else {}
        return tree
    diff = [f"{'.'.join(p)}: {get(ours, p)!r} vs the lab's {get(lab, p)!r}"
            for p in wanted if get(ours, p) != get(lab, p)]
    if diff:
        fail(f"{lab_path}: not make lava-run's device: " + "; ".join(diff))
    print(f"{len(wanted)} settings as make lava-run's device")


def lab_time(show_path):
    with open(show_path, encoding="utf-8") as f:
        show = json.load(f)
    if not show.get("start_time") or not show.get("end_time"):
        fail(f"{show_path}: the job has no start or end time")
    start, end = (datetime.datetime.strptime(show[k], "%Y%m%dT%H:%M:%S")
                  for k in ("start_time", "end_time"))
    print(int((end - start).total_seconds()))


def results(job_path, log_path, out, console_out):
    # one YAML flow mapping per line (lava_common.log.YAMLLogger); a
    # server's log (lavacli jobs logs --raw) has each as an item, "- {...}"
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with open(log_path, encoding="utf-8", errors="replace") as f:
        entries = [yaml.load(line.removeprefix("- "), Loader=loader)
                   for line in f if line.startswith(("{", "- {"))]
    cases, durations, console, errors = [], {}, [], []
    job = {"result": "incomplete"}
    for e in entries:
        lvl, msg = e.get("lvl"), e.get("msg")
        if lvl == "target":
            # one console line per record
            console.append(str(msg).rstrip("\r\n"))
        elif lvl == "results" and isinstance(msg, dict):
            if msg.get("definition") == "lava":
                if msg.get("case") == "job":
                    job = {"result": msg.get("result"), "error": msg.get("error_msg", "")}
                elif "duration" in msg:
                    durations[msg["case"]] = float(msg["duration"])
            else:
                cases.append({"id": msg.get("extra", {}).get("test_case_id", msg.get("case")),
                              "result": msg.get("result"),
                              "definition": msg.get("definition")})
        elif lvl == "error":
            errors.append(str(msg))
    job["errors"] = errors
    write(console_out, "".join(line + "\n" for line in console))
    write(out, json.dumps({"job": job, "cases": cases, "durations": durations,
                           "metadata": load(job_path).get("metadata", {}),
                           "console_lines": len(console)}, indent=1) + "\n")


def result_file(console_path, name, out):
    with open(console_path, encoding="utf-8", errors="replace") as f:
        lines = [line.rstrip("\r\n") for line in f]
    begin, end = f"PB-RESULT-BEGIN {name}", f"PB-RESULT-END {name} "
    starts = [i for i, line in enumerate(lines) if line == begin]
    if len(starts) != 1:
        fail(f"{console_path}: {len(starts)} lines '{begin}', want one")
    ends = [i for i in range(starts[0] + 1, len(lines)) if lines[i].startswith(end)]
    if not ends:
        fail(f"{console_path}: '{begin}' but no '{end.strip()}': the console was cut short")
    m = re.fullmatch(r"lines=([0-9]+) sha256=([0-9a-f]{64})", lines[ends[0]][len(end):])
    if not m:
        fail(f"{console_path}: malformed end marker '{lines[ends[0]]}'")
    body = "".join(line + "\n" for line in lines[starts[0] + 1:ends[0]])
    got = (body.count("\n"), hashlib.sha256(body.encode()).hexdigest())
    if got != (int(m[1]), m[2]):
        fail(f"{console_path}: {name} arrived as {got[0]} lines, sha256 {got[1][:12]}; "
             f"the guest sent {m[1]} lines, sha256 {m[2][:12]}: mangled on the console")
    write(out, body)


TAP_LINE = re.compile(r"^(not ok|ok) [0-9]+ - (.*?)(?: # .*)?$")


def verdicts(paths):
    got = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = TAP_LINE.match(line.rstrip("\n"))
                if m:
                    got[m[2]] = m[1]
    return got


def same_tap(args):
    if "--" not in args:
        fail(__doc__)
    cut = args.index("--")
    a, b = verdicts(args[:cut]), verdicts(args[cut + 1:])
    if not a:
        fail(f"no TAP cases in {' '.join(args[:cut])}")
    diff = [f"{n}: {a.get(n, 'missing')} vs {b.get(n, 'missing')}"
            for n in sorted(set(a) | set(b)) if a.get(n) != b.get(n)]
    if diff:
        fail(f"{len(diff)} of {len(set(a) | set(b))} cases differ: " + "; ".join(diff[:5]))
    print(f"{len(a)} cases, same verdicts")


def main():
    what, args = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("", [])
    if what == "device" and len(args) == 2:
        device(*args)
    elif what == "result-file" and len(args) == 3:
        result_file(*args)
    elif what == "lab-time" and len(args) == 1:
        lab_time(*args)
    elif what == "same-device" and len(args) == 2:
        same_device(*args)
    elif what == "results" and len(args) == 4:
        results(*args)
    elif what == "same-tap":
        same_tap(args)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
