# Why Python: the part the Python checks of tests/ (kcidb-checks.py,
# lava-validate.py) share; they are Python for their own reasons.
"""What the Python checks share: reading a file and failing with why."""
import sys


def read(path, parse):
    """PATH's text parsed by PARSE (json.load, yaml.safe_load)."""
    with open(path, encoding="utf-8") as f:
        return parse(f)


def fail(why):
    """Print why the check failed and exit 1: the TAP line shows it."""
    print(why)
    sys.exit(1)
