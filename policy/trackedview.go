package policy

// trackedViews returns the sources as the scheduled policies that read
// tracking see them (strategy.tracked): each a copy whose learned level and
// daily pattern are replaced by tracking's (Tracking.hourlyInto: the recent
// level and the dated daily shape), the level shrunk toward the mean of
// these sources' by the level prior (levelPrior), so that allocation and
// placement (Sia et al., Theorems 1-2) plan by the rates accrued plans by.
// The sources themselves are not changed. With tracking off they are
// returned as they are. Consecutive sources sharing one set of models
// (Live's fresh models of feeds subscribed together) share one view of
// them.
func trackedViews(tr Tracking, srcs []*Source) []*Source {
	if tr.Off {
		return srcs
	}
	tr.SeenShape = false // accrued's alone (Tracking.SeenShape)
	lp := levelPrior{k: tr.LevelPrior}
	if lp.k > 0 {
		lp.mean = trackedMean(tr, srcs)
	}
	out := make([]*Source, len(srcs))
	var last, lastView *Models // sources sharing models share their view
	for i, s := range srcs {
		if s.Models != nil && s.Models == last {
			v := *s
			v.Models = lastView
			out[i] = &v
			continue
		}
		out[i] = trackedView(tr, lp, s)
		last, lastView = s.Models, out[i].Models
	}
	if tr.ShapePool {
		poolShapes(out)
	}
	return out
}

// trackedMean is the mean of the tracked levels of the sources whose level
// is shrunk (levelExposure), one set of models counted once however many
// consecutive sources share it; 0 when there is none. It works each level
// out on the stack, so that the views' daily patterns are made once.
func trackedMean(tr Tracking, srcs []*Source) float64 {
	sum, n := 0.0, 0
	var last *Models
	for _, s := range srcs {
		if s.Models == nil || s.Models == last {
			continue
		}
		last = s.Models
		if _, ok := levelExposure(s.Models); !ok {
			continue
		}
		var hourly [24]float64
		tr.hourlyInto(s.Models, hourly[:])
		sum += levelOfHours(hourly[:])
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// trackedView is one source's copy under tracking's rates, its level
// shrunk by lp.
func trackedView(tr Tracking, lp levelPrior, s *Source) *Source {
	if s.Models == nil || s.Models.Page {
		return s
	}
	hourly := make([]float64, 24)
	tr.hourlyInto(s.Models, hourly)
	lp.scale(hourly, levelOfHours(hourly), exposureOrNone(s.Models))
	m := *s.Models
	ewma, daily := *m.EWMA, *m.Daily
	ewma.Rate = levelOfHours(hourly)
	if len(daily.Rates) == 24 {
		daily.Rates = hourly
	}
	m.EWMA, m.Daily = &ewma, &daily
	v := *s
	v.Models = &m
	return &v
}
