package sqlflow

// limit returns the LIMIT argument of a limit, 0 or less meaning none.
func (d *Dialect) limit(n int) any {
	if n <= 0 {
		return d.NoLimit
	}
	return n
}

// args collects the arguments of a query built in pieces.
type args struct {
	d    *Dialect
	list []any
}

// add appends an argument and returns its placeholder.
func (a *args) add(v any) string {
	a.list = append(a.list, v)
	return a.d.Placeholder(len(a.list))
}
