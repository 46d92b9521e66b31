# Why Python: it drives lavacli, a Python-only tool: lavacli's own
# load_config finds the identity, and the call is the XML-RPC one lavacli
# makes, done here because Debian's lavacli 1.2 fails on it (below).
"""The configuration a LAVA server used for a job, as `lavacli jobs config`
writes it: DEST/definition.yaml, device.yaml, dispatcher.yaml (those the job
used). Debian's lavacli 1.2 fails there on LAVA 2023.01, whose server sends
the files as XML-RPC binaries ("write() argument must be str, not Binary");
this asks the same call (scheduler.jobs.configuration) as the same lavacli
identity (lavacli.load_config: $XDG_CONFIG_HOME or ~/.config/lavacli.yaml).
    lava-config.py IDENTITY JOB_ID DEST
Exit 0 when written, 1 saying why when not, 2 for usage.
"""
import os
import sys
import urllib.parse
import xmlrpc.client

from lavacli import load_config


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    identity, job_id, dest = sys.argv[1:]
    config = load_config(identity)
    if not config.get("uri"):
        sys.exit(f"lava-config: no lavacli identity {identity!r}")
    uri = urllib.parse.urlparse(config["uri"])
    if config.get("username"):
        user = urllib.parse.quote(config["username"]) + ":" + urllib.parse.quote(config.get("token", ""))
        uri = uri._replace(netloc=user + "@" + uri.netloc.split("@")[-1])
    proxy = xmlrpc.client.ServerProxy(uri.geturl(), allow_none=True)
    try:
        files = proxy.scheduler.jobs.configuration(job_id)
    except (xmlrpc.client.Error, OSError) as exc:
        sys.exit(f"lava-config: job {job_id}: {exc}")
    os.makedirs(dest, exist_ok=True)
    for name, data in zip(("definition", "device", "dispatcher"), files):
        if data is None:
            continue
        text = data.data.decode("utf-8") if isinstance(data, xmlrpc.client.Binary) else data
        with open(os.path.join(dest, name + ".yaml.tmp"), "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(os.path.join(dest, name + ".yaml.tmp"), os.path.join(dest, name + ".yaml"))


if __name__ == "__main__":
    main()
