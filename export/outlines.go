package export

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"vigil"
	"vigil/opml"
)

// The names of vigil's page attributes in OPML, in opml.Namespace; the
// settings use their JSON names.
const (
	attrPage = "page"
)

// ToOutlines returns entries as OPML outlines: a page is an outline whose
// xmlUrl is the page's address (so another reader still lists it) marked
// vigil:page="true", with each setting in its own vigil: attribute; lists
// (kinds aside, which hold no comma) are JSON arrays.
func ToOutlines(entries []Entry) []opml.Outline {
	out := make([]opml.Outline, len(entries))
	for i, e := range entries {
		out[i] = opml.Outline{Title: e.Title, XMLURL: e.URL, HTMLURL: e.SiteURL, Category: e.Folder}
		if e.Page != nil {
			out[i].Extra = pageAttrs(e.Page)
		}
	}
	return out
}

// pageAttrs returns the vigil: attributes of a page.
func pageAttrs(p *PageSettings) map[string]string {
	a := map[string]string{
		attrPage:     "true",
		"kinds":      strings.Join(p.Kinds, ","),
		"ignore":     jsonList(p.Ignore),
		"returns":    strconv.Itoa(p.Returns),
		"render":     strconv.FormatBool(p.Render),
		"conditions": jsonList(p.Conditions),
	}
	if len(p.NoiseUndone) > 0 {
		a["noise_undone"] = jsonList(p.NoiseUndone)
	}
	for name, v := range map[string]string{"selector": p.Selector, "wait_for": p.WaitFor, "xpath": p.XPath, "jq": p.JQ, "threshold": p.Threshold, "frequency": p.Frequency} {
		if v != "" {
			a[name] = v
		}
	}
	return a
}

// jsonList returns l as a JSON array.
func jsonList(l []string) string {
	b, _ := json.Marshal(nonNil(l)) // a []string always encodes
	return string(b)
}

// FromOutlines returns the entries of OPML outlines. An outline marked
// vigil:page="true" is a page with the settings of its vigil: attributes;
// one with an attribute that cannot be read is left out and reported in
// the errors, which name the outline and the attribute.
func FromOutlines(outlines []opml.Outline) ([]Entry, []error) {
	out := make([]Entry, 0, len(outlines))
	var errs []error
	for _, o := range outlines {
		e := Entry{Title: o.Title, URL: o.XMLURL, SiteURL: o.HTMLURL, Folder: o.Category,
			origin: origin{name: "outline " + quote(o.XMLURL), prefix: "vigil:"}}
		if o.Extra[attrPage] == "true" {
			p, err := pageFromAttrs(o.Extra)
			if err != nil {
				errs = append(errs, vigil.Errorf(vigil.EINVALID, "%s: %s", e.describe(), vigil.ErrorMessage(err)))
				continue
			}
			e.Page = p
		}
		out = append(out, e)
	}
	return out, errs
}

// pageFromAttrs reads the settings of a page's vigil: attributes.
func pageFromAttrs(a map[string]string) (*PageSettings, error) {
	p := &PageSettings{Kinds: []string{}, Ignore: []string{}, Conditions: []string{}}
	strs := map[string]*string{"selector": &p.Selector, "wait_for": &p.WaitFor, "xpath": &p.XPath, "jq": &p.JQ, "threshold": &p.Threshold, "frequency": &p.Frequency}
	for name, v := range a {
		var err error
		switch name {
		case attrPage:
		case "kinds":
			p.Kinds = splitKinds(v)
		case "ignore":
			err = json.Unmarshal([]byte(v), &p.Ignore)
		case "conditions":
			err = json.Unmarshal([]byte(v), &p.Conditions)
		case "noise_undone":
			err = json.Unmarshal([]byte(v), &p.NoiseUndone)
		case "returns":
			p.Returns, err = strconv.Atoi(strings.TrimSpace(v))
		case "render":
			p.Render, err = strconv.ParseBool(strings.TrimSpace(v))
		default:
			s, ok := strs[name]
			if !ok {
				return nil, vigil.Errorf(vigil.EINVALID, "attribute vigil:%s is not one vigil knows", name)
			}
			*s = v
		}
		if err != nil {
			return nil, vigil.Errorf(vigil.EINVALID, "attribute vigil:%s %s cannot be read: %v", name, quote(v), unwrapSyntax(err))
		}
	}
	return p, nil
}

// splitKinds splits a comma-separated list of kinds, dropping blanks.
func splitKinds(s string) []string {
	out := []string{}
	for _, k := range strings.Split(s, ",") {
		if k = strings.TrimSpace(k); k != "" {
			out = append(out, k)
		}
	}
	return out
}

// unwrapSyntax shortens the errors of strconv to their reason.
func unwrapSyntax(err error) error {
	if ne, ok := err.(*strconv.NumError); ok {
		return ne.Err
	}
	return err
}

// quote returns s in double quotes, escaped as Go does.
func quote(s string) string { return fmt.Sprintf("%q", s) }
