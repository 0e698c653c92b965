package policy

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"time"

	"vigil/estimate"
	"vigil/plan"
)

// Models is what vigil learns of one source, whichever policy is in force:
// every model is updated after every fetch (each update costs microseconds),
// so switching policy keeps what was learned.
type Models struct {
	EWMA    *estimate.EWMA     `json:"ewma"`
	Daily   *estimate.Periodic `json:"daily"`
	Weekly  *estimate.Periodic `json:"weekly"` // 168 one-hour slots from Monday 00:00 UTC
	Learned *estimate.Learned  `json:"learned"`
	// Novel is the same learner fed with the novel items only (Roitman et
	// al. §5.3.2): what the content-based policies plan by. Nil until a
	// profiler has judged a fetch's items (ObserveNovel).
	Novel *estimate.Learned `json:"novel,omitempty"`
	// Posted is the daily pattern learned from the items' published dates
	// (estimate.HourShape); nil in models stored before it existed, until
	// the next fetch.
	Posted *estimate.HourShape `json:"posted,omitempty"`
	// Recent holds the publication times of the items first seen in the last
	// week (their dates, else the fetch time), for the baselines that count
	// entries per week or gaps between entries. Oldest first.
	Recent []time.Time `json:"recent,omitempty"`
	// Interval is the adaptive interval of the nutch baseline.
	Interval time.Duration `json:"interval,omitempty"`
	// Changed tells whether the last fetch found new items.
	Changed bool `json:"changed"`
	// Fetches counts successful fetches.
	Fetches int `json:"fetches"`
	// Page tells that the source is a watched page, whose rate is its
	// change rate from change-only observations (see Live.SetChangeRate):
	// a fetch sees only the latest version, so changes overwrite one
	// another and the planners keep the page fresh rather than count each
	// change's delay (see accrued and saturationFloor).
	Page bool `json:"page,omitempty"`
}

// timeZero is the creation time of stand-in models.
var timeZero time.Time

// maxRecent bounds Recent, so a firehose cannot grow a model without limit.
const maxRecent = 2048

// NewModels returns empty models for a source added at added, with the
// smoothing constant alpha for the EWMA and periodic models.
func NewModels(alpha float64, added time.Time) *Models {
	return &Models{
		EWMA:    estimate.NewEWMA(alpha),
		Daily:   estimate.NewDaily(alpha),
		Weekly:  estimate.NewWeekly(alpha),
		Learned: estimate.NewLearned(added),
		Posted:  estimate.NewHourShape(estimate.DefaultShapeHalfLife),
	}
}

// Observe folds in a successful fetch at t that found x new items, whose
// published dates (zero when absent) are dates: the one path by which a
// fetch teaches the models, called by the live monitor (Live.Observe) and
// the simulator alike. Dates that cannot be trusted are dropped
// (plausibleDates), and a fetch without usable dates teaches the estimators
// that read items' times through censoredItems. The first fetch of a source
// only starts the models: its items were published before anyone watched.
func (m *Models) Observe(t time.Time, x int, dates []time.Time) {
	m.ObserveShown(t, x, 0, dates)
}

// ObserveShown is Observe of a fetch that showed shown items in all, x of
// them new (0: not known). When every item shown was new the feed's
// window may have dropped older ones, so the stretch its dated items are
// known to cover begins at the oldest of them, not at the fetch before
// (Posted's seen stretches, estimate.HourShape.ObserveSeen).
func (m *Models) ObserveShown(t time.Time, x, shown int, dates []time.Time) {
	first, prev := m.EWMA.Last.IsZero(), m.EWMA.Last
	dates = plausibleDates(t, x, dates, first)
	var imputed []time.Time
	var shares [24]float64
	if dates == nil && !first && x > 0 {
		var hourly [24]float64
		m.hourlyInto(hourly[:]) // the pattern before this fetch: the E step's current estimate
		imputed, shares = censoredItems(prev, t, x, hourly[:])
	}
	if first {
		m.EWMA.Start(t, dates)
		m.Learned.Last = t
	} else {
		m.Daily.Observe(m.EWMA.Last, t, x)
		m.Weekly.Observe(m.EWMA.Last, t, x)
		m.EWMA.Observe(t, x)
		m.Learned.Observe(t, x)
	}
	if m.Posted == nil {
		m.Posted = estimate.NewHourShape(estimate.DefaultShapeHalfLife)
	}
	if imputed != nil {
		m.Posted.ObserveShares(t, prev.Add(t.Sub(prev)/2), shares[:])
		if m.Posted.Watching() && !windowFull(x, shown) {
			// A feed with dates whose dates this fetch could not be
			// trusted: its stretch was seen whole, its items placed by
			// the E step.
			m.Posted.ObserveSeenShares(prev, t, shares[:])
		}
		dates = imputed
	} else {
		m.Posted.Observe(t, dates)
		// A first fetch saw every item from its oldest on. A fetch with
		// nothing new saw its stretch empty; it counts once a fetch with
		// dates has started the seen stretches, so a feed without dates
		// keeps none.
		switch {
		case first && dates != nil:
			from, counted := seenStretch(time.Time{}, t, len(dates), len(dates), dates)
			m.Posted.ObserveSeen(from, t, counted)
		case !first && (dates != nil || x == 0 && m.Posted.Watching()):
			from, counted := seenStretch(prev, t, x, shown, dates)
			m.Posted.ObserveSeen(from, t, counted)
		}
	}
	m.Changed = x > 0 && !first
	if !first {
		m.Interval = plan.NutchInterval(cmp.Or(m.Interval, nutchStart), m.Changed, nutchConfig)
	}
	m.Fetches++
	m.remember(t, x, dates, first)
}

// seenStretch returns where the stretch of a fetch at t begins and the
// dates it counts in it. The stretch begins at the fetch before, or at
// the oldest of the fetch's dates when every item it showed was new (the
// window may have dropped older ones; a feed that pins an item never
// looks full and keeps this bias). The item that begins a stretch is not
// counted in it (N items dated over a stretch from the first of them give
// N − 1 in it); others tied with it are. A stretch from the fetch before
// also counts the new items dated in the interval before it, whose hours
// the stretch before watched (feeds list items some minutes after their
// dates); older ones, which a feed that re-keys its items shows again as
// new, are left out.
func seenStretch(prev, t time.Time, x, shown int, dates []time.Time) (time.Time, []time.Time) {
	oldest := -1
	for i, d := range dates {
		if !d.IsZero() && (oldest < 0 || d.Before(dates[oldest])) {
			oldest = i
		}
	}
	if windowFull(x, shown) && oldest >= 0 && dates[oldest].After(prev) {
		counted := make([]time.Time, 0, len(dates))
		counted = append(counted, dates[:oldest]...)
		return dates[oldest], append(counted, dates[oldest+1:]...)
	}
	late := prev.Add(-t.Sub(prev))
	counted := make([]time.Time, 0, len(dates))
	for _, d := range dates {
		if d.After(late) {
			counted = append(counted, d)
		}
	}
	return prev, counted
}

// windowFull tells whether every one of the shown items a fetch showed
// was new (x of them), so that its window may have dropped older ones;
// false when shown is not known (0).
func windowFull(x, shown int) bool { return shown > 0 && x >= shown }

// remember keeps the publication times of the new items of the last week.
func (m *Models) remember(t time.Time, x int, dates []time.Time, first bool) {
	var ts []time.Time
	if first {
		for _, d := range dates {
			if !d.IsZero() && !d.After(t) {
				ts = append(ts, d)
			}
		}
	} else {
		for i := range x {
			if i < len(dates) && !dates[i].IsZero() && !dates[i].After(t) {
				ts = append(ts, dates[i])
			} else {
				ts = append(ts, t)
			}
		}
	}
	n := len(m.Recent)
	m.Recent = append(m.Recent, ts...)
	if !slices.IsSortedFunc(m.Recent[max(n-1, 0):], time.Time.Compare) {
		slices.SortFunc(m.Recent, time.Time.Compare) // feeds list items in any order
	}
	cut := sort.Search(len(m.Recent), func(i int) bool { return !m.Recent[i].Before(t.Add(-7 * 24 * time.Hour)) })
	m.Recent = m.Recent[cut:]
	if len(m.Recent) > maxRecent {
		m.Recent = m.Recent[len(m.Recent)-maxRecent:]
	}
}

// ObserveNovel folds in how many of the items of the fetch at t, already
// passed to Observe, the novelty filter kept (Roitman et al. Eq. 7): the
// learner of Eq. 5 then learns the rate of novel items. A source's first
// fetch only starts the learner, as Observe does.
func (m *Models) ObserveNovel(t time.Time, novel int) {
	if m.Novel == nil {
		m.Novel = estimate.NewLearned(m.Learned.Added)
		m.Novel.Last = t
		return
	}
	m.Novel.Observe(t, novel)
}

// NovelRate is the learned rate of novel items per hour, raised to the
// learner's floor; the learned rate of all items until a profiler has
// judged a fetch.
func (m *Models) NovelRate() float64 {
	if m.Novel == nil {
		return learnedRate(m)
	}
	return max(m.Novel.Rate, m.Novel.MinRate)
}

// RatePerDay is the learned number of new items per day: the level comes
// from the single-variable model (Horincar et al. §4.1), which settles from
// few observations; the periodic model, whose slots each learn only from the
// fetches that cover them, contributes the daily shape (Hourly). This is
// Sia & Cho's split of a source's average rate (§4.2) from its daily
// pattern (§4.3).
func (m *Models) RatePerDay() float64 {
	return m.EWMA.Rate * 24
}

// Hourly returns the learned daily pattern as 24 rates in items per hour
// (UTC hours): the periodic model's shape scaled to RatePerDay, flat until
// the periodic model has seen items.
func (m *Models) Hourly() []float64 {
	out := make([]float64, 24)
	m.hourlyInto(out)
	return out
}

// hourlyInto writes Hourly's 24 rates into out.
func (m *Models) hourlyInto(out []float64) {
	level := m.RatePerDay()
	total := 0.0
	if len(m.Daily.Rates) == 24 {
		for _, r := range m.Daily.Rates {
			total += r
		}
	}
	for i := range out {
		if total > 0 {
			out[i] = m.Daily.Rates[i] / total * level
		} else {
			out[i] = level / 24
		}
	}
}

// Marshal encodes the models for storage, in the binary form of
// modelcodec.go.
func (m *Models) Marshal() ([]byte, error) {
	return encodeModels(make([]byte, 0, m.encodedSizeHint()), m), nil
}

// encodedSizeHint is about the size of the models' binary form, so that
// Marshal allocates once.
func (m *Models) encodedSizeHint() int {
	n := 256 + 16*len(m.Recent)
	for _, p := range []*estimate.Periodic{m.Daily, m.Weekly} {
		if p != nil {
			n += 8 * len(p.Rates)
		}
	}
	if m.Posted != nil {
		n += 8 * (len(m.Posted.Counts) + len(m.Posted.Exposure) + len(m.Posted.Seen))
	}
	return n
}

// UnmarshalModels decodes and validates stored models, in the binary form
// Marshal writes or the JSON stored before it.
func UnmarshalModels(b []byte) (*Models, error) {
	m, err := decodeStoredModels(b)
	if err != nil {
		return nil, fmt.Errorf("policy: unable to decode models: %w", err)
	}
	if m.EWMA == nil || m.Daily == nil || m.Weekly == nil || m.Learned == nil {
		return nil, fmt.Errorf("policy: stored models are incomplete")
	}
	for _, v := range []interface{ Validate() error }{m.EWMA, m.Daily, m.Weekly, m.Learned} {
		if err := v.Validate(); err != nil {
			return nil, fmt.Errorf("policy: stored models: %w", err)
		}
	}
	if m.Posted != nil {
		if err := m.Posted.Validate(); err != nil {
			return nil, fmt.Errorf("policy: stored models: dated pattern: %w", err)
		}
	}
	if m.Novel != nil {
		if err := m.Novel.Validate(); err != nil {
			return nil, fmt.Errorf("policy: stored models: novel rate: %w", err)
		}
	}
	return m, nil
}

// decodeStoredModels reads either form of stored models: JSON starts with
// a brace (or white space), the binary form with a zero byte.
func decodeStoredModels(b []byte) (*Models, error) {
	if len(b) > 0 && b[0] == modelsMagic[0] {
		return decodeModels(b)
	}
	m := &Models{}
	if err := json.Unmarshal(b, m); err != nil {
		return nil, err
	}
	return m, nil
}
