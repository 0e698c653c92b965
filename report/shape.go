package report

import (
	"fmt"
	"time"

	"vigil/estimate"
	"vigil/sim"
)

// shapeOrder is the order shape groups are reported in.
var shapeOrder = []estimate.Shape{estimate.ShapePeaks, estimate.ShapeUniform, estimate.ShapeWaves, estimate.ShapeNone}

// ShapeGroup is the sources whose daily publication activity has one shape.
type ShapeGroup struct {
	Shape   estimate.Shape
	Sources []sim.Source
}

// ShapeGroups classes every source by the shape estimate.Diagnose finds in
// its hourly posting counts over the whole days of [start, end) (the
// midnights around the postings when zero), and returns the non-empty
// groups in the order peaks, uniform, waves, none.
func ShapeGroups(srcs []sim.Source, start, end time.Time) ([]ShapeGroup, error) {
	start, end = period(srcs, start, end)
	days := int(end.Sub(start) / (24 * time.Hour))
	if days < 2 {
		return nil, fmt.Errorf("report: shapes need at least two days of postings, the trace has %d", days)
	}
	by := map[estimate.Shape][]sim.Source{}
	for _, s := range srcs {
		counts, err := estimate.DailyCounts(s.Postings, start, days)
		if err != nil {
			return nil, fmt.Errorf("report: counting the postings of %s: %w", s.ID, err)
		}
		d, err := estimate.Diagnose(counts, estimate.ShapeConfig{})
		if err != nil {
			return nil, fmt.Errorf("report: diagnosing the shape of %s: %w", s.ID, err)
		}
		by[d.Shape] = append(by[d.Shape], s)
	}
	var groups []ShapeGroup
	for _, sh := range shapeOrder {
		if len(by[sh]) > 0 {
			groups = append(groups, ShapeGroup{Shape: sh, Sources: by[sh]})
		}
	}
	return groups, nil
}

// period returns start and end, or when zero the UTC midnight at or before
// the first posting and the midnight after the last, as sim.Config does.
func period(srcs []sim.Source, start, end time.Time) (time.Time, time.Time) {
	var first, last time.Time
	for _, s := range srcs {
		if len(s.Postings) == 0 {
			continue
		}
		if a := s.Postings[0]; first.IsZero() || a.Before(first) {
			first = a
		}
		if z := s.Postings[len(s.Postings)-1]; z.After(last) {
			last = z
		}
	}
	if start.IsZero() {
		start = first.UTC().Truncate(24 * time.Hour)
	}
	if end.IsZero() {
		end = last.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
	}
	return start, end
}
