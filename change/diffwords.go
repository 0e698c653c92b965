package change

import (
	"html"
	"strings"
)

// maxWordDiff bounds the words of a line pair compared word by word; a
// longer pair is shown line by line.
const maxWordDiff = 2000

// wordDiff is a pair of text lines compared word by word, as HTML: the
// old line with its removed words marked, the new one with its added
// words marked, and both in one line (removed words before added ones).
type wordDiff struct {
	old, new, inline string
}

// diffWords compares two text lines word by word (their collapsed Text,
// split at spaces) with the line match's longest common subsequence; it
// reports false when the lines are too long to compare so.
func diffWords(a, b string, class string) (wordDiff, bool) {
	wa, wb := strings.Fields(a), strings.Fields(b)
	if len(wa)+len(wb) > maxWordDiff {
		return wordDiff{}, false
	}
	ida, idb := wordIDs(wa, wb)
	inA, inB, _ := match(ida, idb, defaultMaxCost, maxWordDiff*maxWordDiff)
	var o, n, in wordWriter
	i, j := 0, 0
	for i < len(wa) || j < len(wb) {
		for ; i < len(wa) && !inA[i]; i++ {
			o.word(wa[i], "del", class)
			in.word(wa[i], "del", class)
		}
		for ; j < len(wb) && !inB[j]; j++ {
			n.word(wb[j], "ins", class)
			in.word(wb[j], "ins", class)
		}
		if i < len(wa) && j < len(wb) {
			o.word(wa[i], "", "")
			n.word(wb[j], "", "")
			in.word(wb[j], "", "")
		}
		i, j = i+1, j+1
	}
	return wordDiff{old: o.String(), new: n.String(), inline: in.String()}, true
}

// wordIDs numbers the distinct words of a and b.
func wordIDs(a, b []string) (ida, idb []int) {
	ids := make(map[string]int, len(a))
	number := func(ws []string) []int {
		out := make([]int, len(ws))
		for i, w := range ws {
			id, ok := ids[w]
			if !ok {
				id = len(ids)
				ids[w] = id
			}
			out[i] = id
		}
		return out
	}
	return number(a), number(b)
}

// wordWriter writes words separated by spaces, a run of words of the same
// mark in one element.
type wordWriter struct {
	strings.Builder
	tag string // the element open, "" when none
}

// word writes w, in an element tag of class (none when tag is "").
func (ww *wordWriter) word(w, tag, class string) {
	if tag != ww.tag && ww.tag != "" {
		ww.WriteString("</" + ww.tag + ">")
	}
	if ww.Len() > 0 {
		ww.WriteByte(' ')
	}
	if tag != ww.tag && tag != "" {
		ww.WriteString("<" + tag + ` class="` + class + `">`)
	}
	ww.tag = tag
	ww.WriteString(html.EscapeString(w))
}

// String returns what was written, its element closed.
func (ww *wordWriter) String() string {
	if ww.tag != "" {
		ww.WriteString("</" + ww.tag + ">")
		ww.tag = ""
	}
	return ww.Builder.String()
}
