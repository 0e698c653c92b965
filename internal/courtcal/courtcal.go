// Package courtcal generates court-calendar-like HTML pages for tests and
// benchmarks: a long table of hearings (date, time, case, parties, judge,
// room, kind) under day headings, with an inline script and style, as a
// court publishes its calendar. A fixed seed gives the same page, and
// Series gives versions of it that differ in visible text (a hearing
// added, moved or dropped) or only in markup and scripts.
package courtcal

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Hearing is one row of the calendar.
type Hearing struct {
	Day     int // days after the calendar's first day
	Time    string
	Case    string
	Parties string
	Judge   string
	Room    string
	Kind    string
}

// Calendar is one version of a calendar page.
type Calendar struct {
	// Hearings are the rows, in order of day.
	Hearings []Hearing
	// Build is the version of the page's script and style: changing it
	// changes only what a reader never sees.
	Build int
	// Striped sets an extra class and data attribute on every other row,
	// markup a reader does not see as text.
	Striped bool
	// r draws the new hearings an edit adds.
	r *rand.Rand
}

var (
	surnames = []string{"Alvarez", "Brown", "Chen", "Dubois", "Eriksen", "Fischer", "Garcia", "Haddad",
		"Ivanova", "Jones", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quinn",
		"Rossi", "Smith", "Tanaka", "Urquhart", "Varga", "Williams", "Xu", "Yilmaz", "Zimmermann"}
	kinds = []string{"Motion hearing", "Status conference", "Arraignment", "Sentencing", "Bench trial",
		"Jury trial, day 1", "Pretrial conference", "Bail review", "Settlement conference", "Hearing on the merits"}
	times = []string{"08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "13:30", "14:00", "14:30", "15:30"}
)

// New returns a calendar of about size bytes of HTML drawn from seed.
func New(seed uint64, size int) *Calendar {
	c := &Calendar{r: rand.New(rand.NewPCG(seed, 0x636f757274))}
	for day := 0; c.approxSize() < size; day++ {
		for range 4 + c.r.IntN(8) {
			c.Hearings = append(c.Hearings, c.hearing(day))
		}
	}
	return c
}

// approxSize estimates the page's bytes without rendering it.
func (c *Calendar) approxSize() int {
	return 52<<10 + 300*len(c.Hearings)
}

// hearing draws a new hearing on day.
func (c *Calendar) hearing(day int) Hearing {
	r := c.r
	return Hearing{
		Day:     day,
		Time:    times[r.IntN(len(times))],
		Case:    fmt.Sprintf("%s-2026-%06d", []string{"CV", "CR", "FA", "PR"}[r.IntN(4)], r.IntN(1000000)),
		Parties: surnames[r.IntN(len(surnames))] + " v. " + surnames[r.IntN(len(surnames))],
		Judge:   "Judge " + surnames[r.IntN(len(surnames))],
		Room:    fmt.Sprintf("Courtroom %d%c", 1+r.IntN(12), 'A'+rune(r.IntN(4))),
		Kind:    kinds[r.IntN(len(kinds))],
	}
}

// dayName writes the heading of day (the calendar starts on Monday 5
// January 2026).
func dayName(day int) string {
	const first = 5
	names := []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
	month, date := 1, first+day
	lengths := []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	for year := 2026; date > lengths[(month-1)%12]; {
		date -= lengths[(month-1)%12]
		if month++; month > 12 {
			month, year = 1, year+1
		}
	}
	return fmt.Sprintf("%s, %02d/%02d", names[day%7], month, date)
}

// HTML renders the calendar and returns the byte offset at which each
// hearing's row starts.
func (c *Calendar) HTML() (page []byte, rowAt []int) {
	var b strings.Builder
	b.Grow(c.approxSize() + 4096)
	rowAt = make([]int, len(c.Hearings))
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Superior Court: calendar of hearings</title>\n")
	fmt.Fprintf(&b, "<style>/* build %d */\n%s</style>\n", c.Build, strings.Repeat(".hearing td { padding: 2px 6px; border-bottom: 1px solid #ddd; }\n", 100))
	fmt.Fprintf(&b, "<script>var calendarBuild = %d;\n%s</script>\n</head>\n", c.Build,
		strings.Repeat(fmt.Sprintf("window.track && window.track('calendar', %d);\n", c.Build), 1000))
	b.WriteString("<body><h1>Calendar of hearings</h1>\n<p>Hearings are subject to change. " +
		"<a href=\"/calendar/help\">How to read the calendar</a></p>\n<table id=\"calendar\">\n")
	day := -1
	for i, h := range c.Hearings {
		if h.Day != day {
			day = h.Day
			fmt.Fprintf(&b, "<tr class=\"day\"><th colspan=\"7\">%s</th></tr>\n", dayName(day))
		}
		rowAt[i] = b.Len()
		class := "hearing"
		if c.Striped && i%2 == 1 {
			class = fmt.Sprintf("hearing odd\" data-row=\"%d", i)
		}
		fmt.Fprintf(&b, "<tr class=\"%s\">\n  <td class=\"time\">%s</td>\n  <td class=\"case\"><a href=\"/cases/%s\">%s</a></td>\n"+
			"  <td class=\"parties\">%s</td>\n  <td class=\"judge\">%s</td>\n  <td class=\"room\">%s</td>\n  <td class=\"kind\">%s</td>\n</tr>\n",
			class, h.Time, h.Case, h.Case, h.Parties, h.Judge, h.Room, h.Kind)
	}
	fmt.Fprintf(&b, "</table>\n<script>window.calendarLoaded = %d;</script>\n</body></html>\n", c.Build)
	return []byte(b.String()), rowAt
}

// Edit is a kind of change from one version of a calendar to the next.
type Edit int

// The edits Series makes. The first three change the text a reader sees;
// the last two only the page's script, style and markup.
const (
	// AddHearing adds a hearing (a new hearing date) after the given row.
	AddHearing Edit = iota
	// MoveHearing moves a hearing to another courtroom.
	MoveHearing
	// DropHearing takes a hearing off the calendar.
	DropHearing
	// BumpBuild changes the inline script and style.
	BumpBuild
	// Restripe toggles the extra class and data attribute of every other row.
	Restripe
)

// Visible reports whether the edit changes what a reader sees.
func (e Edit) Visible() bool {
	return e == AddHearing || e == MoveHearing || e == DropHearing
}

// String names the edit.
func (e Edit) String() string {
	return [...]string{"add a hearing", "move a hearing", "drop a hearing", "change the script", "restripe the rows"}[e]
}

// Version is one page of a Series.
type Version struct {
	// Body is the page.
	Body []byte
	// Edit is what changed from the version before (the first version's
	// is meaningless).
	Edit Edit
	// At is the byte offset in Body of the row the edit touched, or -1
	// when it touched the script, style or every other row.
	At int
}

// Series returns n versions of a calendar of about size bytes drawn from
// seed: each version after the first makes one edit of the one before,
// taking turns through edits (AddHearing, BumpBuild, MoveHearing,
// Restripe, DropHearing, BumpBuild, ...); the visible ones touch a row
// starting past the byte offset past (a random one among the rows after it).
func Series(seed uint64, size, n, past int) []Version {
	c := New(seed, size)
	page, _ := c.HTML()
	out := []Version{{Body: page, At: -1}}
	order := []Edit{AddHearing, BumpBuild, MoveHearing, Restripe, DropHearing, BumpBuild}
	for i := 1; i < n; i++ {
		e := order[(i-1)%len(order)]
		at := c.apply(e, past)
		page, rowAt := c.HTML()
		v := Version{Body: page, Edit: e, At: -1}
		if at >= 0 {
			v.At = rowAt[min(at, len(rowAt)-1)]
		}
		out = append(out, v)
	}
	return out
}

// apply makes edit e on c, on a row starting past the byte offset past,
// and returns the index of the row it touched (-1 for none).
func (c *Calendar) apply(e Edit, past int) int {
	if !e.Visible() {
		switch e {
		case BumpBuild:
			c.Build++
		case Restripe:
			c.Striped = !c.Striped
		}
		return -1
	}
	_, rowAt := c.HTML()
	first, _ := slices.BinarySearch(rowAt, past+1)
	if first >= len(c.Hearings)-1 {
		panic(fmt.Sprintf("courtcal: no row past byte %d of a %d-row calendar", past, len(c.Hearings)))
	}
	i := first + c.r.IntN(len(c.Hearings)-1-first)
	switch e {
	case AddHearing:
		h := c.hearing(c.Hearings[i].Day)
		c.Hearings = slices.Insert(c.Hearings, i+1, h)
		return i + 1
	case MoveHearing:
		h := &c.Hearings[i]
		was := h.Room
		for h.Room == was {
			h.Room = c.hearing(h.Day).Room
		}
	case DropHearing:
		c.Hearings = slices.Delete(c.Hearings, i, i+1)
	}
	return i
}
