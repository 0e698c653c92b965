package change

// opKind says what a step of a diff script does with a line.
type opKind uint8

// The kinds of step.
const (
	opSame opKind = iota // the line is in both versions (the new one's is kept)
	opDel                // the line of the old version is gone
	opIns                // the line of the new version is new
)

// op is one step of a diff script: a line kept, deleted or inserted.
type op struct {
	kind opKind
	line *Line
	// class marks a changed watched text line: ClassAdded, ClassUpdated or
	// ClassDeleted after its run (empty otherwise).
	class string
	// change numbers (from 1) the change a run of changed lines makes, on
	// the run's first changed watched text line; 0 elsewhere.
	change int
	// pair is, for a deleted watched text line of an updated run, the
	// index of the inserted line it is compared with word by word; -1
	// when there is none.
	pair int
}

// script is the diff of two documents as steps over their lines, with
// the changes numbered and the noise (changed lines that are ignored or
// learned noise) counted apart.
type script struct {
	ops     []op
	changes int
	noise   int
	coarse  bool
	view    DiffView
}

// newScript matches the lines of old and new (see match) and lists the
// steps from one to the other: in each run of changed lines, the deleted
// lines come before the inserted ones.
func newScript(old, new *Document) *script {
	ida, idb := lineIDs(old.Lines, new.Lines)
	inA, inB, coarse := match(ida, idb, defaultMaxCost, defaultMaxWork)
	s := &script{coarse: coarse, ops: make([]op, 0, max(len(inA), len(inB)))}
	i, j := 0, 0
	for i < len(inA) || j < len(inB) {
		start := len(s.ops)
		for ; i < len(inA) && !inA[i]; i++ {
			s.ops = append(s.ops, op{kind: opDel, line: &old.Lines[i], pair: -1})
		}
		for ; j < len(inB) && !inB[j]; j++ {
			s.ops = append(s.ops, op{kind: opIns, line: &new.Lines[j], pair: -1})
		}
		s.run(start)
		if i < len(inA) && j < len(inB) {
			s.ops = append(s.ops, op{kind: opSame, line: &new.Lines[j], pair: -1})
		}
		i, j = i+1, j+1
	}
	return s
}

// run classifies the run of changed steps from start to the end of the
// script, as Glance et al. §3.2 do: an addition, a deletion, or an update
// when it both removes and adds watched text. Changed noise is counted
// apart; a run that changes tags only is no change.
func (s *script) run(start int) {
	var dels, inss []int
	for k := start; k < len(s.ops); k++ {
		o := &s.ops[k]
		switch {
		case o.line.Kind != TextLine:
		case !o.line.watched():
			s.noise++
		case o.kind == opDel:
			dels = append(dels, k)
		default:
			inss = append(inss, k)
		}
	}
	if numbersOnly(s.ops, dels, inss) {
		s.noise += len(dels) + len(inss)
		return
	}
	class := ClassAdded
	switch {
	case len(dels) > 0 && len(inss) > 0:
		class = ClassUpdated
		s.view.Updated++
	case len(dels) > 0:
		class = ClassDeleted
		s.view.Deleted++
	case len(inss) > 0:
		s.view.Added++
	default:
		return
	}
	s.changes++
	changed := append(dels, inss...)
	s.ops[changed[0]].change = s.changes
	for _, k := range changed {
		s.ops[k].class = class
	}
	if len(dels) == len(inss) {
		for n, k := range dels {
			s.ops[k].pair = inss[n]
		}
	}
}

// lineIDs numbers the distinct lines of a and b.
func lineIDs(a, b []Line) (ida, idb []int) {
	ids := make(map[string]int, len(a))
	number := func(ls []Line) []int {
		out := make([]int, len(ls))
		for i := range ls {
			id, ok := ids[ls[i].HTML]
			if !ok {
				id = len(ids)
				ids[ls[i].HTML] = id
			}
			out[i] = id
		}
		return out
	}
	return number(a), number(b)
}

// numbersOnly reports whether a run's deleted and inserted lines are all
// of blocks whose numbers are learned noise (Line.Numbers) and read the
// same once those are masked: the run changes noise only.
func numbersOnly(ops []op, dels, inss []int) bool {
	if len(dels) == 0 || len(inss) == 0 {
		return false
	}
	masked := func(ks []int) (string, bool) {
		var b []byte
		for _, k := range ks {
			if !ops[k].line.Numbers {
				return "", false
			}
			b = append(append(b, maskNumbers(ops[k].line.Text)...), '\n')
		}
		return string(b), true
	}
	a, okA := masked(dels)
	b, okB := masked(inss)
	return okA && okB && a == b
}
