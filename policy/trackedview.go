package policy

// trackedViews returns the sources as the scheduled policies that read
// tracking see them (strategy.tracked): each a copy whose learned level and
// daily pattern are replaced by tracking's (Tracking.hourlyInto: the recent
// level and the dated daily shape), so that allocation and placement
// (Sia et al., Theorems 1-2) plan by the rates accrued plans by. The
// sources themselves are not changed. With tracking off they are returned
// as they are. Consecutive sources sharing one set of models (Live's fresh
// models of feeds subscribed together) share one view of them.
func trackedViews(tr Tracking, srcs []*Source) []*Source {
	if tr.Off {
		return srcs
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
		out[i] = trackedView(tr, s)
		last, lastView = s.Models, out[i].Models
	}
	return out
}

// trackedView is one source's copy under tracking's rates.
func trackedView(tr Tracking, s *Source) *Source {
	if s.Models == nil || s.Models.Page {
		return s
	}
	hourly := make([]float64, 24)
	tr.hourlyInto(s.Models, hourly)
	level := 0.0
	for _, r := range hourly {
		level += r / 24
	}
	m := *s.Models
	ewma, daily := *m.EWMA, *m.Daily
	ewma.Rate = level
	if len(daily.Rates) == 24 {
		daily.Rates = hourly
	}
	m.EWMA, m.Daily = &ewma, &daily
	v := *s
	v.Models = &m
	return &v
}
