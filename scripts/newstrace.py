#!/usr/bin/env python3
"""newstrace.py: a posting trace (../shared/traces/FORMAT.md) of 11 US news
outlets from the git history of github.com/notnews/top_news (Sood & Willis,
"Top News! URLs from News Feeds of Major National News Sites", data under
CC-BY-4.0), whose hourly job appends every new article link of each outlet's
RSS feeds to an append-only <outlet>_urls.json.

A posting is an article's first capture: its time is the Unix second (UTC)
of the first commit whose list holds the URL (an upper bound on publication,
on the job's hourly grid), from 2022-11-05 to 2023-03-13. The data holds no
titles, so the title column carries the URL. Repeated URLs within an outlet,
USA Today's one story under several section links, and old articles
re-entering a feed (a date in the URL 3 or more days before the capture)
are dropped. Per-outlet diagnostics go to STATS.

    python3 scripts/newstrace.py GITDIR news.tsv.gz [news-stats.json]

GITDIR is the repository's git directory (bare or not), e.g. the one the
`fetch` tool brings under /work/.mirror/notnews+top_news/repo.
"""
import bisect
import collections
import datetime as dt
import gzip
import json
import random
import re
import subprocess
import sys
from urllib.parse import urlsplit

if len(sys.argv) not in (3, 4):
    sys.exit("usage: newstrace.py GITDIR OUT.tsv.gz [STATS.json]")
REPO, OUT = sys.argv[1], sys.argv[2]
STATS = sys.argv[3] if len(sys.argv) == 4 else "news-stats.json"
# Contiguous window where every outlet's file is present in the mirror and the
# hourly job ran without multi-hour gaps (see README).
START = int(dt.datetime(2022, 11, 5, tzinfo=dt.timezone.utc).timestamp())
END = int(dt.datetime(2023, 3, 13, tzinfo=dt.timezone.utc).timestamp())

OUTLETS = {  # file -> short id
    "abc_urls.json": "abc", "cbs_urls.json": "cbs", "cnn_urls.json": "cnn",
    "lat_urls.json": "latimes", "nbc_urls.json": "nbc", "npr_urls.json": "npr",
    "nyt_urls.json": "nyt", "politico_urls.json": "politico",
    "propub_urls.json": "propublica", "usat_urls.json": "usatoday",
    "wapo_urls.json": "wapo",
}


RESURFACE_DAYS = 3
URL_DATE = re.compile(r"/(20\d\d)[/-](\d\d)[/-](\d\d)(?:/|-|$)")


def url_date(u):
    m = URL_DATE.search(u)
    if not m:
        return None
    try:
        return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None


def git(*args, inp=None):
    return subprocess.run(["git", "--git-dir", REPO, *args], input=inp,
                          capture_output=True, check=True).stdout


def main():
    head = git("rev-parse", "HEAD").decode().strip()
    # 1. every commit touching a *_urls.json, oldest first, with its blob changes
    raw = git("log", "--reverse", "--no-renames", "--format=C %H %ct", "--raw",
              "--no-abbrev", "--", "*_urls.json").decode()
    commits = []          # (time, sha)
    changes = collections.defaultdict(list)   # file -> [(time, blob)]
    t = None
    for line in raw.splitlines():
        if line.startswith("C "):
            _, sha, ts = line.split()
            t = int(ts)
            commits.append((t, sha))
        elif line.startswith(":"):
            p = line.split()
            blob, path = p[3], p[5]
            if path in OUTLETS:
                changes[path].append((t, blob))
    ctimes = [c[0] for c in commits]
    assert ctimes == sorted(ctimes), "commit times not monotone"

    # 2. blob sizes
    blobs = sorted({b for v in changes.values() for _, b in v})
    chk = git("cat-file", "--batch-check", inp="\n".join(blobs).encode() + b"\n").decode()
    size = {}
    for line in chk.splitlines():
        p = line.split()
        size[p[0]] = None if p[1] == "missing" else int(p[2])

    def blob_text(b):
        return git("cat-file", "blob", b).decode("utf-8")

    rows, stats = [], {"repo": "notnews/top_news", "head_commit": head,
                       "start": START, "end": END, "outlets": {}}
    win_commits = [c for c in commits if START <= c[0] < END]
    gaps = [b[0] - a[0] for a, b in zip(win_commits, win_commits[1:])]
    stats["commits_in_window"] = len(win_commits)
    stats["commit_gap_seconds"] = {
        "median": sorted(gaps)[len(gaps) // 2], "max": max(gaps),
        "n_gt_2h": sum(g > 7200 for g in gaps), "n_gt_90min": sum(g > 5400 for g in gaps)}
    stats["window_first_commit"] = win_commits[0][1]
    stats["window_last_commit"] = win_commits[-1][1]
    rng = random.Random(1)

    for path, sid in OUTLETS.items():
        seq = changes[path]
        before = [x for x in seq if x[0] < START]
        inwin = [x for x in seq if START <= x[0] < END]
        base_blob = before[-1][1]
        final_blob = inwin[-1][1]
        final = blob_text(final_blob)
        L = json.loads(final)
        assert json.dumps(L) == final, f"{path}: serialisation differs"
        # prefix sizes: size of json.dumps(L[:n])
        cum = [2]
        acc = 1
        for i, u in enumerate(L):
            acc += len(json.dumps(u).encode("utf-8")) + (2 if i else 0)
            cum.append(acc + 1)
        pos = {s: n for n, s in enumerate(cum)}

        def count(b):
            s = size[b]
            assert s is not None, f"{path}: blob {b} missing from mirror"
            if s in pos:
                return pos[s]
            txt = blob_text(b)       # fallback: parse and require prefix
            M = json.loads(txt)
            assert M == L[:len(M)], f"{path}: blob {b} is not a prefix"
            return len(M)

        # spot-check that blobs really are prefixes of the final list
        for _, b in rng.sample(inwin, min(25, len(inwin))) + [(0, base_blob)]:
            txt = blob_text(b)
            assert final.startswith(txt[:-1]), f"{path}: {b} not a textual prefix"
        n0 = count(base_blob)
        first_seen = {}
        per_commit_new = []
        prev = n0
        for tt, b in inwin:
            n = count(b)
            assert n >= prev, f"{path}: list shrank at {tt}"
            for i in range(prev, n):
                first_seen[i] = tt
            per_commit_new.append(n - prev)
            prev = n
        # normalise + dedupe within outlet (keep earliest)
        seen = {}
        dups = 0
        resurfaced = 0
        for i in sorted(first_seen):
            u = L[i]
            # drop old articles that re-entered a feed: the date embedded in
            # the URL is >= RESURFACE_DAYS before the first-seen (UTC) date
            d = url_date(u)
            if d is not None:
                fs = dt.datetime.fromtimestamp(first_seen[i], dt.timezone.utc).date()
                if (fs - d).days >= RESURFACE_DAYS:
                    resurfaced += 1
                    continue
            sp = urlsplit(u)
            key = (sp.netloc.lower().removeprefix("www."), sp.path.rstrip("/"))
            if sid == "usatoday":
                # feedburner links: same story gets one link per section feed;
                # key on the title slug after '~', only within 3 days
                m = re.search(r"~([^/~]+)/?$", sp.path)
                if m:
                    key = ("usat-slug", m.group(1))
            if key in seen and (sid != "usatoday" or first_seen[i] - seen[key] < 3 * 86400):
                dups += 1
                continue
            seen[key] = first_seen[i]
            rows.append((sid, first_seen[i], u))
        nrows = sum(1 for r in rows if r[0] == sid)
        # URL-date lag diagnostic (kept rows): first-seen UTC date - URL date
        lag = collections.Counter()
        for r in rows:
            if r[0] != sid:
                continue
            d = url_date(r[2])
            if d is None:
                continue
            fs = dt.datetime.fromtimestamp(r[1], dt.timezone.utc).date()
            lag[(fs - d).days] += 1
        # overflow check: new items per capture, split by preceding gap
        tchg = [tt for tt, _ in inwin]
        normal, aftergap = [0], [0]
        for tt, k in zip(tchg, per_commit_new):
            j = bisect.bisect_left(ctimes, tt)
            g = tt - ctimes[j - 1]
            (aftergap if g > 7200 else normal).append(k)
        pcn = sorted(per_commit_new)
        days = (END - START) / 86400
        stats["outlets"][sid] = {
            "file": path, "final_blob": final_blob, "list_len_at_start": n0,
            "list_len_at_end": len(L), "new_urls": len(first_seen),
            "rows_after_dedupe": nrows, "dupes_dropped": dups,
            "per_day_mean": round(nrows / days, 1),
            "file_changes_in_window": len(inwin),
            "new_per_capture": {"median": pcn[len(pcn) // 2],
                                "p99": pcn[int(0.99 * (len(pcn) - 1))], "max": pcn[-1]},
            "max_new_after_gap_le_2h": max(normal),
            "max_new_after_gap_gt_2h": max(aftergap),
            "resurfaced_dropped": resurfaced,
            "url_date_lag_days": dict(sorted(lag.items())),
        }
        print(sid, stats["outlets"][sid], file=sys.stderr)

    # per-outlet max new items in one capture, located in time
    rows.sort(key=lambda r: (r[1], r[0]))
    with gzip.open(OUT, "wt", encoding="utf-8", newline="") as f:
        f.write("source\ttime\ttitle\n")
        for sid, tt, u in rows:
            u = re.sub(r"[\t\r\n]+", " ", u)
            f.write(f"{sid}\t{tt}\t{u}\n")
    # daily counts per outlet (for checking capture continuity)
    daily = collections.defaultdict(collections.Counter)
    for sid, tt, _ in rows:
        daily[sid][(tt - START) // 86400] += 1
    ndays = (END - START) // 86400
    for sid in daily:
        c = [daily[sid][d] for d in range(ndays)]
        stats["outlets"][sid]["daily_min"] = min(c)
        stats["outlets"][sid]["daily_max"] = max(c)
        stats["outlets"][sid]["zero_days"] = sum(x == 0 for x in c)
    with open(STATS, "w") as f:
        json.dump(stats, f, indent=1)
    print("rows", len(rows), file=sys.stderr)


if __name__ == "__main__":
    main()
