package server

import "vigil/server/internal/reading"

// Profiler answers channel search and recommendations for Config.Profiler.
type Profiler = reading.Profiler

// FetchPlanner lists the running plan's fetches of a feed for
// Config.Planner, which the feed charts draw.
type FetchPlanner = reading.FetchPlanner
