package feed

import (
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Floors measured on the shared corpora; a regression below any of them
// fails the test. Raise them when the parser improves.
const (
	floorFieldPass     = 526 // expectations.json checks that pass
	ceilFieldFail      = 91  // ... and that fail (listed in the log)
	floorDateMatches   = 55  // date_vectors.json vectors that match
	maxEncodingFailure = 7   // files of tests/encoding/ allowed not to parse
)

// unsupportedPrefixes are the feedparser wellformed topics whose format vigil
// does not read: Microsoft's Channel Definition Format (CDF), which gofeed
// does not support and no live feed uses any more.
var unsupportedPrefixes = []string{"wellformed/cdf/", "wellformed/base/cdf_"}

// gofeedRejects are the gofeed inputs that are not feeds and must be
// rejected: an empty file, a non-feed XML document and truncated JSON.
var gofeedRejects = map[string]bool{
	"parser/universal/empty_feed.xml":   true,
	"parser/universal/unknown_feed.xml": true,
	"parser/universal/invalid.json":     true,
	"parser/json/invalid/invalid.json":  true,
}

// feedparserServer is the document URI feedparser's own test harness
// serves the files from; relative links in the expectations resolve
// against it.
const feedparserServer = "http://127.0.0.1:8097/"

// corpusDir returns the shared feed corpora, failing the test when they
// are missing: the conformance test must not pass by not running.
func corpusDir(t *testing.T) string {
	t.Helper()
	shared := os.Getenv("VIGIL_SHARED")
	if shared == "" {
		shared = filepath.Join("..", "..", "shared")
	}
	dir := filepath.Join(shared, "corpora", "feeds")
	if _, err := os.Stat(filepath.Join(dir, "feedparser", "expectations.json")); err != nil {
		t.Fatalf("feed corpora not found at %s (set VIGIL_SHARED to the shared directory): %v", dir, err)
	}
	return dir
}

// fpCase is one file of feedparser's expectations.json.
type fpCase struct {
	File    string            `json:"file"`
	Headers map[string]string `json:"headers"`
	Checks  []fpCheck         `json:"checks"`
}

// fpCheck is one translated Expect clause.
type fpCheck struct {
	PathStr  string `json:"path_str"`
	Op       string `json:"op"`
	Expected any    `json:"expected"`
}

// loadExpectations reads expectations.json, keyed by file.
func loadExpectations(t *testing.T, dir string) map[string]fpCase {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "feedparser", "expectations.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []fpCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("expectations.json: %v", err)
	}
	cases := make(map[string]fpCase, len(doc.Cases))
	for _, c := range doc.Cases {
		cases[c.File] = c
	}
	return cases
}

// headerLine matches a simulated HTTP header in a test file's comment.
var headerLine = regexp.MustCompile(`(?m)^Header:\s*([\w-]+):(.*)$`)

// fpOptions builds the Options feedparser's harness would have given the
// file: its Content-Type header and its URL (or Content-Location).
func fpOptions(rel string, body []byte, cases map[string]fpCase) Options {
	headers := cases[rel].Headers
	if len(headers) == 0 {
		headers = map[string]string{}
		for _, m := range headerLine.FindAllSubmatch(body, -1) {
			headers[string(m[1])] = strings.TrimSpace(string(m[2]))
		}
	}
	opts := Options{BaseURL: feedparserServer + "tests/" + rel}
	for name, value := range headers {
		switch strings.ToLower(name) {
		case "content-type":
			opts.ContentType = value
		case "content-location":
			// Like vigil's fetcher, use it only when it is an http(s) URL.
			if loc := resolveLink(opts.BaseURL, value); strings.HasPrefix(loc, "http") {
				opts.BaseURL = loc
			}
		}
	}
	return opts
}

// parsed is the outcome of parsing one corpus file.
type parsed struct {
	feed *Feed
	enc  string
	err  error
}

// parseFPFile parses one feedparser test file (rel is relative to tests/).
func parseFPFile(t *testing.T, dir, rel string, cases map[string]fpCase) parsed {
	t.Helper()
	body, err := os.ReadFile(filepath.Join(dir, "feedparser", "tests", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	opts := fpOptions(rel, body, cases)
	_, enc := decodeBody(body, opts.ContentType)
	f, err := Parse(body, opts)
	return parsed{f, enc.name, err}
}

// listFiles returns the regular files under root, relative to base, with
// forward slashes.
func listFiles(t *testing.T, base, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(filepath.Join(base, root), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(base, p)
		files = append(files, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no files under %s", filepath.Join(base, root))
	}
	return files
}

// isUnsupported reports whether a feedparser file is in a format vigil
// does not read.
func isUnsupported(rel string) bool {
	for _, d := range unsupportedPrefixes {
		if strings.HasPrefix(rel, d) {
			return true
		}
	}
	return false
}

func TestConformance(t *testing.T) {
	dir := corpusDir(t)
	cases := loadExpectations(t, dir)
	tests := filepath.Join(dir, "feedparser", "tests")
	results := map[string]parsed{}
	for _, rel := range listFiles(t, tests, ".") {
		if !isUnsupported(rel) {
			results[rel] = parseFPFile(t, dir, rel, cases)
		}
	}
	logOutcomes(t, results)
	t.Run("Wellformed", func(t *testing.T) { checkWellformedParse(t, results) })
	t.Run("Encoding", func(t *testing.T) { checkEncodingParse(t, results) })
	t.Run("Gofeed", func(t *testing.T) { checkGofeedParse(t, dir) })
	t.Run("Fields", func(t *testing.T) { checkFields(t, cases, results) })
	t.Run("Dates", func(t *testing.T) { checkDateVectors(t, dir) })
}

// logOutcomes reports, for every corpus directory, how many files parsed,
// how many of those needed repair, and the errors of the others.
func logOutcomes(t *testing.T, results map[string]parsed) {
	type counts struct{ files, parsed, recovered int }
	byDir := map[string]*counts{}
	for rel, r := range results {
		dir := strings.SplitN(rel, "/", 2)[0]
		if byDir[dir] == nil {
			byDir[dir] = &counts{}
		}
		c := byDir[dir]
		c.files++
		if r.err != nil {
			t.Logf("not parsed: %s: %v", rel, r.err)
			continue
		}
		c.parsed++
		if r.feed.Recovered {
			c.recovered++
		}
	}
	for dir, c := range byDir {
		t.Logf("%s: %d of %d files parsed, %d after repair", dir, c.parsed, c.files, c.recovered)
	}
}

// checkWellformedParse requires every supported wellformed file to parse.
func checkWellformedParse(t *testing.T, results map[string]parsed) {
	n, recovered := 0, 0
	for rel, r := range results {
		if !strings.HasPrefix(rel, "wellformed/") {
			continue
		}
		n++
		if r.err != nil {
			t.Errorf("%s: %v", rel, r.err)
		} else if r.feed.Recovered {
			recovered++
		}
	}
	t.Logf("wellformed: %d files parsed (%d needed repair), unsupported and skipped: %v", n, recovered, unsupportedPrefixes)
}

// checkEncodingParse allows at most maxEncodingFailure encoding files to
// fail, and lists those that do.
func checkEncodingParse(t *testing.T, results map[string]parsed) {
	n, failed := 0, 0
	for rel, r := range results {
		if !strings.HasPrefix(rel, "encoding/") {
			continue
		}
		n++
		if r.err != nil {
			failed++
			t.Logf("encoding failure: %s: %v", rel, r.err)
		}
	}
	t.Logf("encoding: %d of %d files parsed", n-failed, n)
	if n != 82 {
		t.Errorf("encoding: found %d files, want 82", n)
	}
	if failed > maxEncodingFailure {
		t.Errorf("encoding: %d files failed to parse, at most %d allowed", failed, maxEncodingFailure)
	}
}

// gofeedInput reports whether a file of gofeed's testdata is a feed
// input: every .xml file, and every .json file that is neither an
// *_expected.json output nor the expected output of a .xml beside it.
func gofeedInput(base, rel string) bool {
	switch filepath.Ext(rel) {
	case ".xml":
		return true
	case ".json":
		if strings.HasSuffix(rel, "_expected.json") {
			return false
		}
		_, err := os.Stat(filepath.Join(base, strings.TrimSuffix(rel, ".json")+".xml"))
		return err != nil
	}
	return false
}

// checkGofeedParse parses every gofeed parser and translator input; the
// known non-feeds must be rejected.
func checkGofeedParse(t *testing.T, dir string) {
	base := filepath.Join(dir, "gofeed", "testdata")
	var n, jsonInputs, rejected int
	for _, root := range []string{"parser", "translator"} {
		for _, rel := range listFiles(t, base, root) {
			if !gofeedInput(base, rel) {
				continue
			}
			n++
			if strings.HasSuffix(rel, ".json") {
				jsonInputs++
			}
			body, err := os.ReadFile(filepath.Join(base, rel))
			if err != nil {
				t.Fatal(err)
			}
			_, err = Parse(body, Options{BaseURL: "https://example.org/feed"})
			switch {
			case gofeedRejects[rel] && err == nil:
				t.Errorf("%s: parsed, want an error", rel)
			case gofeedRejects[rel]:
				rejected++
				t.Logf("%s: rejected as expected: %v", rel, err)
			case err != nil:
				t.Errorf("%s: %v", rel, err)
			}
		}
	}
	t.Logf("gofeed: %d inputs (%d JSON Feed), %d rejected as expected", n, jsonInputs, rejected)
	if rejected != len(gofeedRejects) {
		t.Errorf("gofeed: %d of the %d known non-feeds found and rejected", rejected, len(gofeedRejects))
	}
}

// fieldTally counts the outcomes of the expectations.json checks.
type fieldTally struct {
	pass, fail, na int
	failures       []string
	naPaths        map[string]int
}

// checkFields runs the expectations.json checks that map onto our model.
func checkFields(t *testing.T, cases map[string]fpCase, results map[string]parsed) {
	tally := fieldTally{naPaths: map[string]int{}}
	for file, c := range cases {
		for _, chk := range c.Checks {
			tally.add(file, chk, results)
		}
	}
	for _, f := range tally.failures {
		t.Logf("field failure: %s", f)
	}
	t.Logf("fields: %d pass, %d fail, %d not applicable", tally.pass, tally.fail, tally.na)
	t.Logf("not applicable by path: %v", tally.naPaths)
	if tally.pass < floorFieldPass {
		t.Errorf("fields: %d pass, floor %d", tally.pass, floorFieldPass)
	}
	if tally.fail > ceilFieldFail {
		t.Errorf("fields: %d fail, ceiling %d", tally.fail, ceilFieldFail)
	}
}

// add evaluates one check and records its outcome.
func (ft *fieldTally) add(file string, chk fpCheck, results map[string]parsed) {
	r, ok := results[file]
	reason := notApplicable(file, chk, ok)
	var got any
	if reason == "" {
		got, reason = lookupField(r, chk.PathStr)
	}
	if reason != "" {
		ft.na++
		ft.naPaths[reason]++
		return
	}
	want := normaliseExpected(chk)
	switch {
	case chk.PathStr == "encoding":
		want = encodingClass(fmt.Sprint(want))
	case titlePath.MatchString(chk.PathStr):
		want = expectedTitleText(fmt.Sprint(want))
	}
	if fmt.Sprint(got) == fmt.Sprint(want) {
		ft.pass++
		return
	}
	ft.fail++
	ft.failures = append(ft.failures, fmt.Sprintf("%s: %s: expected %q, got %q", file, chk.PathStr, fmt.Sprint(want), fmt.Sprint(got)))
}

// notApplicable returns why a check cannot apply to our model, or "".
func notApplicable(file string, chk fpCheck, parsedOK bool) string {
	switch {
	case !parsedOK:
		return "unsupported format (CDF)"
	case strings.HasPrefix(file, "wellformed/sanitize/"):
		return "feedparser sanitizer output"
	case chk.Op != "eq" && chk.Op != "absent":
		return "op " + chk.Op
	}
	return ""
}

// normaliseExpected turns an expected value into the form lookupField
// gives: absent is the empty string, a date tuple its first six fields.
func normaliseExpected(chk fpCheck) any {
	if chk.Op == "absent" || chk.Expected == nil {
		return ""
	}
	if list, ok := chk.Expected.([]any); ok && len(list) == 9 {
		return fmt.Sprint(list[:6]...)
	}
	return chk.Expected
}

// titlePath matches the paths of feed and entry titles.
var titlePath = regexp.MustCompile(`^(feed|entries\[\d+\])\.title$`)

// markupTag matches an HTML start or end tag, and endTag an end tag.
var (
	markupTag = regexp.MustCompile(`</?[A-Za-z][^<>]*>`)
	endTag    = regexp.MustCompile(`</[A-Za-z][^<>]*>`)
)

// expectedTitleText turns a title feedparser reports as markup into the
// text vigil keeps, since vigil's titles are plain text by design: when
// it holds an end tag (so is markup, not text such as "the <blink> tag"),
// tags dropped and references decoded; then runs of ASCII white space
// collapsed. It is written apart from plainTitle so that the check does
// not test the code with itself.
func expectedTitleText(title string) string {
	if endTag.MatchString(title) {
		title = html.UnescapeString(markupTag.ReplaceAllString(title, ""))
	}
	return strings.Join(strings.FieldsFunc(title, func(r rune) bool { return strings.ContainsRune(" \t\n\r\f", r) }), " ")
}

// itemPath matches an entries[i].field path.
var itemPath = regexp.MustCompile(`^entries\[(\d+)\]\.(.+)$`)

// lookupField returns our value for a feedparser path, or a reason why
// the path has no counterpart in our model.
func lookupField(r parsed, path string) (any, string) {
	if path == "encoding" {
		return encodingClass(r.enc), ""
	}
	if r.err != nil {
		return "parse error: " + r.err.Error(), ""
	}
	if m := itemPath.FindStringSubmatch(path); m != nil {
		i, _ := strconv.Atoi(m[1])
		return itemField(r.feed, i, m[2])
	}
	switch path {
	case "feed.title":
		return r.feed.Title, ""
	case "feed.link":
		return r.feed.SiteURL, ""
	case "feed.subtitle", "feed.tagline", "feed.description":
		return r.feed.Description, ""
	case "feed.language":
		return r.feed.Language, ""
	}
	return nil, "path " + wildcardIndexes(path)
}

// itemField returns the field of item i for a feedparser entry path.
// feedparser's summary falls back to the content when an entry has no
// summary of its own, and so does this mapping.
func itemField(f *Feed, i int, field string) (any, string) {
	mapped := map[string]bool{"title": true, "link": true, "id": true, "guid": true,
		"summary": true, "description": true, "content[0].value": true, "author": true,
		"published_parsed": true, "issued_parsed": true, "updated_parsed": true, "modified_parsed": true}
	if !mapped[field] {
		return nil, "path entries[i]." + wildcardIndexes(field)
	}
	if i >= len(f.Items) {
		return fmt.Sprintf("no item %d", i), ""
	}
	it := f.Items[i]
	switch field {
	case "title":
		return it.Title, ""
	case "link":
		return it.URL, ""
	case "id", "guid":
		return it.Key, ""
	case "summary", "description":
		if it.Summary == "" {
			return it.Content, ""
		}
		return it.Summary, ""
	case "content[0].value":
		return it.Content, ""
	case "author":
		return it.Author, ""
	case "published_parsed", "issued_parsed":
		return timeTuple(it.Published), ""
	}
	return timeTuple(it.Updated), ""
}

// wildcardIndexes replaces list indexes by [i] to group paths.
func wildcardIndexes(path string) string {
	return regexp.MustCompile(`\[\d+\]`).ReplaceAllString(path, "[i]")
}

// timeTuple renders a time like the first six fields of a Python
// time.struct_time, or "" for the zero time.
func timeTuple(tm time.Time) string {
	if tm.IsZero() {
		return ""
	}
	return fmt.Sprint(tm.Year(), int(tm.Month()), tm.Day(), tm.Hour(), tm.Minute(), tm.Second())
}

// encodingClass returns a charset label's class for comparing feedparser's
// reported encoding with ours: labels the WHATWG index treats as one
// decoder (iso-8859-1 and windows-1252, gb2312 and gbk) compare equal.
// us-ascii stays apart: feedparser also reports it for text/* without a
// charset (RFC 3023), a rule vigil deliberately does not follow.
func encodingClass(label string) string {
	label = strings.ToLower(strings.TrimSpace(label))
	enc, ok := lookupEncoding(label)
	if !ok {
		return label
	}
	if enc.name == "gbk" {
		return "gb18030"
	}
	return enc.name
}

// checkDateVectors runs feedparser's date vectors through vigil's date
// path (gofeed's parser, via an RSS pubDate) and floors the matches.
func checkDateVectors(t *testing.T, dir string) {
	raw, err := os.ReadFile(filepath.Join(dir, "feedparser", "date_vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vectors []struct {
		Parser   string `json:"parser"`
		Input    string `json:"input"`
		Expected []int  `json:"expected_utc"`
	}
	if err := json.Unmarshal(raw, &vectors); err != nil {
		t.Fatalf("date_vectors.json: %v", err)
	}
	match := 0
	for _, v := range vectors {
		got, want := parseDateVector(t, v.Input), ""
		if v.Expected != nil {
			want = fmt.Sprint(v.Expected[0], v.Expected[1], v.Expected[2], v.Expected[3], v.Expected[4], v.Expected[5])
		}
		if got == want {
			match++
			continue
		}
		t.Logf("date mismatch (%s): %q: expected %q, got %q", v.Parser, v.Input, want, got)
	}
	t.Logf("dates: %d of %d vectors match", match, len(vectors))
	if match < floorDateMatches {
		t.Errorf("dates: %d match, floor %d", match, floorDateMatches)
	}
}

// parseDateVector parses one date string as an RSS item's pubDate.
func parseDateVector(t *testing.T, input string) string {
	doc := `<rss version="2.0"><channel><title>d</title><item><title>x</title><pubDate>` +
		html.EscapeString(input) + `</pubDate></item></channel></rss>`
	f, err := Parse([]byte(doc), Options{})
	if err != nil || len(f.Items) != 1 {
		t.Fatalf("date vector %q: %v", input, err)
	}
	return timeTuple(f.Items[0].Published)
}
