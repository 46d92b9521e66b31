# Why Python: an oracle kept independent of pb on purpose. It re-derives
# what pb kcidb computes (test and measurement counts, the patch set's
# hash, statuses) from results/ and the TAP files without any of pb's
# code, so a bug in pb kcidb cannot pass its own test.
"""What tests/kcidb.sh asserts about a make kcidb document, computed here
without pb's code; each check exits 0 or prints why and exits 1.

    kcidb-checks.py counts DOC TAPDIR RESULT.json...
    kcidb-checks.py patchset DOC RESULT.json...
    kcidb-checks.py statuses DOC
    kcidb-checks.py break DOC OUT prefix|status|origin
"""
import glob
import hashlib
import json
import os
import re
import sys
import urllib.parse

sys.dont_write_bytecode = True  # importing pycheck leaves no tests/__pycache__
from pycheck import fail, read  # noqa: E402


def load(path):
    return read(path, json.load)


def newest_results(files):
    """The newest result of each suite of kernel figures, and their series."""
    newest = {}
    for path in files:
        r = load(path)
        if r.get("kind") not in (None, "memory") or "date" not in r.get("meta", {}):
            continue
        old = newest.get(r["suite"])
        if old is None or r["meta"]["date"] > old["meta"]["date"]:
            newest[r["suite"]] = r
    series = max(newest.values(), key=lambda r: r["meta"]["date"])["meta"]["series"]
    return [r for r in newest.values() if r["meta"]["series"] == series], series


def expected_measurements(results):
    n = 0
    for r in results:
        kernels = {k[: -len("_kernel")] for k in r["meta"] if k.endswith("_kernel")}
        for point in r.get("points", []):
            n += sum(1 for k, v in point.items()
                     if k in kernels and v.get("samples"))
        for rec in r.get("records", []):
            if rec.get("kernel") in kernels:
                n += sum(1 for v in rec.values()
                         if isinstance(v, (int, float)) and not isinstance(v, bool))
    return n


def kernel_stage(rel):
    """Which kernel's results a TAP file under TAPDIR holds (None: host-only)."""
    m = re.fullmatch(r"kunit-(\w+)\.tap|guest-(\w+)-[^/]*/[^/]*\.tap|(harness)\.tap", rel)
    return m and (m.group(1) or m.group(2) or m.group(3))


def expected_tap_results(tapdir):
    n = 0
    for path in sorted(glob.glob(os.path.join(tapdir, "**", "*.tap"), recursive=True)):
        if not kernel_stage(os.path.relpath(path, tapdir)):
            continue
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        if not any(line.startswith("TAP version") for line in lines):
            n += 1  # one ERROR for the stage
            continue
        got = sum(1 for line in lines if re.match(r"(not )?ok \d+", line))
        plans = [int(m.group(1)) for line in lines for m in [re.fullmatch(r"1\.\.(\d+)", line)] if m]
        n += got + (plans[0] - got if plans and plans[0] > got else 0)
    return n


def counts(doc, tapdir, files):
    results, _ = newest_results(files)
    tests = doc["tests"]
    measured = [t for t in tests if "number" in t]
    want_m, want_t = expected_measurements(results), expected_tap_results(tapdir)
    if len(measured) != want_m:
        fail(f"{len(measured)} measurements, the newest results have {want_m} points x kernels")
    if len(tests) - len(measured) != want_t:
        fail(f"{len(tests) - len(measured)} TAP tests, the TAP files hold {want_t} results")
    for b in ("baseline", "patched", "debug"):
        if not any(x["misc"]["variant"] == b for x in doc["builds"]):
            fail(f"no {b} build")


def file_of(url):
    u = urllib.parse.urlparse(url)
    if u.scheme != "file":
        fail(f"{url}: not a file:// URL")
    return urllib.parse.unquote(u.path)


def patchset(doc, files):
    _, series = newest_results(files)
    checkouts = [c for c in doc["checkouts"] if c.get("patchset_files")]
    if not checkouts:
        fail("no checkout with patch files")
    for c in checkouts:
        blobs = []
        for res in c["patchset_files"]:
            with open(file_of(res["url"]), "rb") as f:
                blobs.append(f.read())
        want = hashlib.sha256("".join(hashlib.sha256(b).hexdigest() + "\n"
                                      for b in blobs).encode()).hexdigest()
        if c["patchset_hash"] != want:
            fail(f"{c['id']}: patchset_hash {c['patchset_hash']}, the files give {want}")
        own = hashlib.sha256(b"".join(blobs)).hexdigest()[:16]
        if own != c["misc"]["series"]:
            fail(f"{c['id']}: its files are series {own}, it says {c['misc']['series']}")
    if not any(c["misc"]["series"] == series for c in checkouts):
        fail(f"no checkout of the results' series {series}")
    pristine = [c for c in doc["checkouts"] if c.get("patchset_hash") == ""]
    if len(pristine) != 1:
        fail(f"{len(pristine)} checkouts of the unpatched tree, want 1 (the baseline's)")


def statuses(doc):
    if doc["version"] != {"major": 5, "minor": 3}:
        fail(f"version {doc['version']}, want 5.3")
    by_path = {}
    for t in doc["tests"]:
        by_path.setdefault(t["path"], []).append(t)
    want = {
        "mctp-nlbad.eid-255": "FAIL",
        "mctp-nlbad.truncated-rtmsg": "PASS",
        "bpf-strings.strlen-offsets": "SKIP",
        "guest-debug-netmem.netmem._missing_3_": "MISS",
        "guest-debug-netmem.netmem._missing_4_": "MISS",
        "guest.netmem._vm_": "FAIL",
        "guest-baseline-bpf-strings.vm": "ERROR",
        "mctp.route.depth_0.routes_64.size_1": "DONE",
    }
    for path, status in want.items():
        got = [t["status"] for t in by_path.get(path, [])]
        if not got or any(s != status for s in got):
            fail(f"{path}: status {got or 'absent'}, want {status}")
    for t in doc["tests"]:
        if "number" in t and t["status"] not in ("DONE", "ERROR"):
            fail(f"{t['path']}: a measurement with status {t['status']}")
    route = by_path["mctp.route.depth_0.routes_64.size_1"][0]["number"]
    if route.get("unit") not in ("instructions", "s") or not route["value"] > 0:
        fail(f"mctp.route.depth_0.routes_64: number {route}")
    logs = by_path["mctp-nlbad.eid-255"][0].get("output_files", [])
    if [r["name"] for r in logs] != ["console.log"] or not os.path.isfile(file_of(logs[0]["url"])):
        fail(f"mctp-nlbad.eid-255: console log not attached: {logs}")


def break_doc(doc, out, how):
    test = doc["tests"][0]
    if how == "prefix":
        test["id"] = test["id"].split(":", 1)[1]
    elif how == "status":
        test["status"] = "BROKEN"
    elif how == "origin":
        test["build_id"] = "otherci:" + test["build_id"].split(":", 1)[1]
    else:
        fail(f"break: unknown way {how}")
    with open(out, "w", encoding="utf-8") as f:
        json.dump(doc, f)


def main():
    if len(sys.argv) < 3:
        fail(__doc__)
    what, doc = sys.argv[1], load(sys.argv[2])
    if what == "counts":
        counts(doc, sys.argv[3], sys.argv[4:])
    elif what == "patchset":
        patchset(doc, sys.argv[3:])
    elif what == "statuses":
        statuses(doc)
    elif what == "break":
        break_doc(doc, sys.argv[3], sys.argv[4])
    else:
        fail(__doc__)


if __name__ == "__main__":
    main()
