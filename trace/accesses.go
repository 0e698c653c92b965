package trace

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"
)

// Access is one time a user looked at their items.
type Access struct {
	User   string
	Time   time.Time // UTC
	Source string    // "" when the access concerns all the user's sources
}

// User is one reader of an access trace.
type User struct {
	ID       string
	Accesses []Access // sorted by time
}

// Accesses is a user access trace.
type Accesses struct {
	Users []User // sorted by ID
	// Start and End bound the period the trace covers, [Start, End): the
	// whole UTC days from the first access to the last for a read trace, the
	// configured or replayed period otherwise.
	Start, End time.Time
}

// Count returns the number of accesses of all users.
func (a *Accesses) Count() int {
	n := 0
	for _, u := range a.Users {
		n += len(u.Accesses)
	}
	return n
}

// ReadAccessesFile reads a user access trace from a file, plain or gzip.
func ReadAccessesFile(path string) (*Accesses, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("trace: unable to open accesses: %w", err)
	}
	defer f.Close()
	a, err := ReadAccesses(f)
	if err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, path)
	}
	return a, nil
}

// ReadAccesses reads a user access trace in the TSV format of FORMAT.md,
// plain or gzip (recognised by its magic bytes): a header naming the columns
// user and time, optionally source, in any order; then one row per access,
// in any order. Blank lines are skipped.
func ReadAccesses(r io.Reader) (*Accesses, error) {
	t, err := openTable(r, []string{"user", "time"}, []string{"source"})
	if err != nil {
		return nil, err
	}
	index := make(map[string]int)
	var users []User
	for t.next() {
		acc, err := accessRow(t)
		if err != nil {
			return nil, t.fail(err)
		}
		i, ok := index[acc.User]
		if !ok {
			i = len(users)
			index[acc.User] = i
			users = append(users, User{ID: acc.User})
		}
		users[i].Accesses = append(users[i].Accesses, acc)
	}
	if err := t.err(); err != nil {
		return nil, err
	}
	a := newAccesses(users)
	if first, last, ok := a.bounds(); ok {
		a.Start, a.End = span(first, last)
	}
	return a, nil
}

// accessRow parses the current row of an access trace.
func accessRow(t *table) (Access, error) {
	if _, err := t.row(); err != nil {
		return Access{}, err
	}
	user, _ := t.field("user")
	if strings.TrimSpace(user) == "" {
		return Access{}, fmt.Errorf("trace: line %d: empty user", t.line)
	}
	ts, _ := t.field("time")
	at, err := parseTime(ts)
	if err != nil {
		return Access{}, fmt.Errorf("trace: line %d: %w", t.line, err)
	}
	source, _ := t.field("source")
	return Access{User: user, Time: at, Source: source}, nil
}

// newAccesses sorts the users by ID and their accesses by time.
func newAccesses(users []User) *Accesses {
	slices.SortFunc(users, func(a, b User) int { return strings.Compare(a.ID, b.ID) })
	for i := range users {
		slices.SortStableFunc(users[i].Accesses, func(a, b Access) int { return a.Time.Compare(b.Time) })
	}
	return &Accesses{Users: users}
}

// bounds returns the earliest and latest access, if any.
func (a *Accesses) bounds() (first, last time.Time, ok bool) {
	for _, u := range a.Users {
		if len(u.Accesses) == 0 {
			continue
		}
		f, l := u.Accesses[0].Time, u.Accesses[len(u.Accesses)-1].Time
		if !ok || f.Before(first) {
			first = f
		}
		if !ok || l.After(last) {
			last = l
		}
		ok = true
	}
	return first, last, ok
}
