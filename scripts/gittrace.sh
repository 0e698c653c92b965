#!/bin/sh
# gittrace.sh: a posting trace (../shared/traces/FORMAT.md) from the commit
# history of git repositories: every commit that reached a repository's main
# line (first parent of HEAD) between SINCE and UNTIL is a posting, at its
# committer time (when it landed), of each directory it touched, DEPTH path
# components deep and named REPO/DIR (REPO alone at depth 0). Sources with
# fewer than MIN postings are left out.
#
#   scripts/gittrace.sh SINCE UNTIL DEPTH MIN GITDIR... | gzip > commits.tsv.gz
#
# SINCE and UNTIL are dates (YYYY-MM-DD, UTC); GITDIR a repository's git
# directory (bare or not). The repository's name is its directory's name
# (for /work/.mirror/owner+name/repo, owner+name).
set -eu
if [ $# -lt 5 ]; then
	echo "usage: $0 SINCE UNTIL DEPTH MIN GITDIR..." >&2
	exit 2
fi
since=$1 until=$2 depth=$3 min=$4
shift 4
printf 'source\ttime\n'
for dir in "$@"; do
	name=$(basename "$dir")
	[ "$name" = repo ] || [ "$name" = .git ] && name=$(basename "$(dirname "$dir")")
	git -C "$dir" log --first-parent --no-renames --name-only \
		--since="${since}T00:00:00Z" --until="${until}T00:00:00Z" --format='C %ct' HEAD |
		awk -v repo="$name" -v depth="$depth" '
			/^C / { t = $2; delete seen; next }
			NF == 0 { next }
			{
				n = split($0, part, "/")
				src = repo
				for (i = 1; i <= depth && i < n; i++) src = src "/" part[i]
				if (!(src in seen)) { seen[src] = 1; print src "\t" t }
			}'
done | sort -t '	' -k1,1 -k2,2n | awk -F '\t' -v min="$min" '
	$1 != cur { flush(); cur = $1; n = 0 }
	{ row[++n] = $0 }
	END { flush() }
	function flush(  i) { if (n >= min) for (i = 1; i <= n; i++) print row[i] }'
