#!/usr/bin/env python3
"""reddittrace.py: a posting trace (../shared/traces/FORMAT.md) of one
stretch of the public "reddit top 2.5 million" collection (PDDL), the
collection ../shared/traces/reddit-2013q3.tsv.gz was taken from: one CSV
per subreddit under data/, holding its top posts of all time.

A posting is one row's created_utc; the title column carries its title,
its white space collapsed; the source is the file's name, the subreddit
without reddit-2013q3's "r/". Only subreddits with at least MIN postings
in [FROM, FROM + DAYS) are kept, as in reddit-2013q3 (20). A file git
cannot show (a copy may lack the largest objects) is skipped and named on
stderr.

    python3 scripts/reddittrace.py GITDIR FROM DAYS OUT.tsv.gz [MIN]

GITDIR is the git directory of a clone of
github.com/umbrae/reddit-top-2.5-million (bare or not); FROM is a UTC
date, YYYY-MM-DD.
"""
import csv
import datetime as dt
import gzip
import io
import subprocess
import sys

if len(sys.argv) not in (5, 6):
    sys.exit("usage: reddittrace.py GITDIR FROM DAYS OUT.tsv.gz [MIN]")
REPO, FROM, DAYS, OUT = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
MIN = int(sys.argv[5]) if len(sys.argv) == 6 else 20
START = dt.datetime.strptime(FROM, "%Y-%m-%d").replace(tzinfo=dt.timezone.utc).timestamp()
END = START + DAYS * 86400
csv.field_size_limit(1 << 30)


def git(*args):
    return subprocess.run(["git", "--git-dir", REPO, *args], check=True,
                          capture_output=True).stdout


def blob(path):
    """The file's bytes at HEAD, or None where the mirror lacks the object."""
    r = subprocess.run(["git", "--git-dir", REPO, "show", "HEAD:" + path],
                       capture_output=True)
    return r.stdout if r.returncode == 0 else None


def postings(path):
    """The (time, title) rows of one subreddit's CSV inside the window."""
    data = blob(path)
    if data is None:
        return None
    text = data.decode("utf-8", "replace")
    out = []
    for row in csv.DictReader(io.StringIO(text)):
        try:
            t = float(row["created_utc"])
        except (KeyError, TypeError, ValueError):
            continue
        if START <= t < END:
            title = " ".join((row.get("title") or "").split())
            out.append((t, title))
    return out


def main():
    paths = [p for p in git("ls-tree", "-r", "-z", "--name-only", "HEAD").decode().split("\0")
             if p.startswith("data/") and p.endswith(".csv")]
    kept = rows = 0
    missing = []
    with gzip.open(OUT, "wt", encoding="utf-8") as o:
        o.write("source\ttime\ttitle\n")
        for p in sorted(paths):
            ps = postings(p)
            if ps is None:
                missing.append(p)
                continue
            if len(ps) < MIN:
                continue
            name = p[len("data/"):-len(".csv")]
            kept += 1
            for t, title in sorted(ps):
                rows += 1
                o.write("%s\t%d\t%s\n" % (name, int(t), title))
    print("%d subreddits, %d postings, %s + %d days; %d files git could not show: %s"
          % (kept, rows, FROM, DAYS, len(missing), " ".join(missing)), file=sys.stderr)


main()
