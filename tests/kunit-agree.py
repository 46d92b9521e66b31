#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
# Why Python: it drives the kernel's own KTAP parser, kunit.py's
# kunit_parser (tools/testing/kunit), a Python-only tool: the reference
# that pb ktap's counts must agree with.
"""Compare `pb ktap --json LOG` with the kernel's own KTAP parser.

    kunit-agree.py KUNIT_DIR LOG PB_JSON

KUNIT_DIR is tools/testing/kunit of a kernel tree; LOG is read the way
`kunit.py parse LOG` reads it and handed to kunit_parser.parse_run_tests.
Exits 0 when both count the same passed, failed, skipped and crashed leaf
cases, 1 when they differ, 2 on bad input; prints both counts on one line.
"""
import io
import json
import sys

COUNTS = ('passed', 'failed', 'skipped', 'crashed')


def reference(kunit_dir, log):
    sys.path.insert(0, kunit_dir)
    import kunit_parser  # pylint: disable=import-outside-toplevel
    import kunit_printer  # pylint: disable=import-outside-toplevel

    # Its progress lines go to a buffer: only the counts are wanted.
    kunit_parser.stdout = kunit_printer.Printer(io.StringIO())
    with open(log, 'r', errors='backslashreplace') as f:
        test = kunit_parser.parse_run_tests(f.read().splitlines())
    return {k: getattr(test.counts, k) for k in COUNTS + ('errors',)}


def show(counts):
    return ' '.join(f'{k} {counts[k]}' for k in COUNTS + ('errors',))


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        ref = reference(argv[1], argv[2])
        with open(argv[3]) as f:
            pb = json.load(f)
        pb = {k: int(pb[k]) for k in COUNTS + ('errors',)}
    except (OSError, ImportError, ValueError, KeyError, TypeError) as e:
        print(f'cannot compare: {e}')
        return 2
    print(f'kunit.py: {show(ref)}; pb ktap: {show(pb)}')
    return 0 if all(ref[k] == pb[k] for k in COUNTS) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
