package main

import (
	"fmt"
	"io"
)

// examples are the command lines each command's help shows, by command
// name ("user add" for a subcommand). A command added to the table gets
// its examples here; a test checks that every command has some.
var examples = map[string][]string{
	"serve":         {"vigil serve", "vigil serve --addr 127.0.0.1:9090 --policy alloc --budget 600", "vigil --db /var/lib/vigil.db serve -v"},
	"fetch":         {"vigil fetch", "vigil fetch --all --allow-private", "vigil fetch --budget 100 --workers 8", "vigil fetch 3", "vigil fetch https://go.dev/blog/feed.atom"},
	"add":           {"vigil add https://go.dev/blog/feed.atom", "vigil add https://go.dev/blog/feed.atom --user alice --weight 2", "vigil add https://go.dev/blog/", "vigil add --page https://go.dev/blog/"},
	"feeds":         {"vigil feeds", "vigil feeds --user alice", "vigil feeds --all"},
	"changes":       {"vigil changes", "vigil changes --user ann --json", "vigil changes --page 3 --limit 10"},
	"rate":          {"vigil rate 12 important", "vigil rate 12 negligible --user ann --comment 'only the date moved'"},
	"digest":        {"vigil digest --email ann@example.org", "vigil digest --user ann --off", "vigil digest --send 2026-03-02 --smtp-host mail.example.org"},
	"notify":        {"vigil notify add 'ntfy://:tk_YOUR_TOKEN@ntfy.example.org/alice-alerts'", "vigil notify list --user alice", "vigil notify test 1 --user alice"},
	"notify add":    {"vigil notify add 'ntfy://:tk_YOUR_TOKEN@ntfy.example.org/alice-alerts'", "vigil notify add --user alice 'generic+https://hooks.example.org/vigil?template=json'"},
	"notify list":   {"vigil notify list", "vigil notify list --user alice --json"},
	"notify remove": {"vigil notify remove 1", "vigil notify remove 2 --user alice"},
	"notify test":   {"vigil notify test 1", "vigil notify test 1 --user alice --allow-private"},
	"alert":         {"vigil alert add 'rocket launch'", "vigil alert list --user alice", "vigil alert remove 1"},
	"alert add":     {"vigil alert add '\"james webb\" telescop*'", "vigil alert add --user alice --feed 3 eclipse"},
	"alert list":    {"vigil alert list", "vigil alert list --user alice --json"},
	"alert remove":  {"vigil alert remove 1", "vigil alert remove 2 --user alice"},
	"items":         {"vigil items", "vigil items --user alice --unread --limit 10", "vigil items --feed 3 --json"},
	"search":        {"vigil search galaxy", "vigil search 'dark matter' --user alice --json", "vigil search --channels astronomy"},
	"import":        {"vigil import feeds.opml", "vigil import feeds.opml --user alice", "cat feeds.opml | vigil import -"},
	"export":        {"vigil export > feeds.opml", "vigil export --user alice > feeds.opml"},
	"user":          {"vigil user add alice", "vigil user list", "vigil user passwd --generate alice", "vigil --db other.db user add bob"},
	"user add":      {"vigil user add alice", "vigil user add bob --db other.db"},
	"user list":     {"vigil user list", "vigil user list --db other.db"},
	"user passwd":   {"vigil user passwd alice", "echo 'a long new password' | vigil user passwd alice", "vigil user passwd --generate alice"},
	"user token":    {"vigil user token alice"},
	"user remove":   {"vigil user remove alice", "vigil user remove --yes alice"},
	"parse":         {"vigil parse feed.xml", "vigil parse feed.xml --json", "vigil parse https://go.dev/blog/feed.atom"},
	"page":          {"vigil page diff old.html new.html", "vigil page gen --pages 100 --out pages.tsv.gz", "vigil page sim pages.tsv.gz --budget 2"},
	"page noise":    {"vigil page noise 3", "vigil page noise --forget param:v 3", "vigil page noise --forget 'numbers:body/p#views:0' https://example.com/"},
	"page set":      {"vigil page set 3 --render --wait-for '#price'", "vigil page set https://example.com/lamp.json --jq .price --condition 'below:20'", "vigil page set 3 --condition 'appears:In stock' --condition 'below:100@.price'"},
	"page diff":     {"vigil page diff old.html new.html --json", "vigil page diff --view https://example.com/ new.html", "vigil page diff --selector '#prices' --ignore 'visitors: [0-9]+' old.html new.html"},
	"page gen":      {"vigil page gen --pages 1000 --days 60 --seed 1 --out pages.tsv.gz", "vigil page gen --pages 50 > pages.tsv"},
	"page replay":   {"vigil page replay versions/", "vigil page replay --git-path index.html --range a1b2c3..HEAD -v path/to/repo"},
	"page sim":      {"vigil page sim pages.tsv.gz", "vigil page sim pages.tsv.gz --budget 2 --policies uniform,cgm-freshness,clairvoyant --json"},
	"trace":         {"vigil trace gen --sources 100 --days 30 --out p.tsv.gz"},
	"trace stats":   {"vigil trace stats ../shared/traces/reddit-2013q3.tsv.gz", "vigil trace stats --min-postings 20 --json p.tsv.gz"},
	"trace gen":     {"vigil trace gen --sources 100 --days 30 --out p.tsv.gz", "vigil trace gen --users 20 --out p.tsv.gz --users-out u.tsv"},
	"sim":           {"vigil sim --trace p.tsv.gz --policy combined --budget 1", "vigil sim --trace p.tsv.gz --users u.tsv --policy user --json", "vigil sim report --trace p.tsv.gz --out report/"},
	"sim report":    {"vigil sim report --trace p.tsv.gz --out report/", "vigil sim report --trace p.tsv.gz --budgets 1,2 --policies uniform,combined --out report/"},
	"demo":          {"vigil demo", "vigil demo --speed 120", "vigil demo --trace p.tsv.gz"},
	"version":       {"vigil version"},
	"config":        {"vigil config", "VIGIL_BUDGET=600 vigil config --workers 8", "vigil --db postgres://vigil:secret@db.example/vigil config"},
	"worker":        {"vigil worker --db postgres://postgres@127.0.0.1:5432/vigil", "vigil worker --no-profiler --workers 8 --db postgres://db.example/vigil"},
	"migrate":       {"vigil migrate --from vigil.db --to postgres://postgres@127.0.0.1:5432/vigil"},
	"completion":    {"vigil completion bash > /etc/bash_completion.d/vigil", "source <(vigil completion bash)", "vigil completion zsh > \"${fpath[1]}/_vigil\""},
}

// printExamples writes the examples of the named command, if it has any.
func printExamples(w io.Writer, name string) {
	ex := examples[name]
	if len(ex) == 0 {
		return
	}
	fmt.Fprintln(w, "\nExamples:")
	for _, line := range ex {
		fmt.Fprintln(w, "  "+line)
	}
}
