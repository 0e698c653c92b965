package change

import (
	"sort"
	"time"
)

// Entry is one change of a page as the document history sees it.
type Entry struct {
	// ID identifies the change (or its version) for the caller.
	ID int64 `json:"id"`
	// Time is when the change was detected.
	Time time.Time `json:"time"`
	// Agent is the agent's severity and AgentExtent the largest monitored
	// extent it came from.
	Agent       Severity `json:"agent"`
	AgentExtent float64  `json:"agent_extent"`
	// Community is the combined rating; Community.Ratings is 0 when
	// nobody rated the change.
	Community Combined `json:"community"`
}

// History is a page's document history (Glance et al. §3.2).
type History struct {
	// Recent are the most recent changes, newest first.
	Recent []Entry `json:"recent"`
	// Important are the most important other changes as the community
	// judged them, most important first, topped up with the changes the
	// agent judged most important when too few were rated.
	Important []Entry `json:"important"`
	// ByAgent counts the entries of Important chosen by the agent's
	// judgement (they come last).
	ByAgent int `json:"by_agent"`
}

// HistoryOptions sizes the history; zero fields mean Glance et al.'s five.
type HistoryOptions struct {
	Recent, Important int
}

// SelectHistory picks the document history from a page's changes: the
// Recent most recent, then the Important most important of the others by
// the community (combined score, then newer first), topped up with the
// unrated ones the agent judged most severe (largest extent, then newer).
func SelectHistory(changes []Entry, o HistoryOptions) History {
	if o.Recent == 0 {
		o.Recent = 5
	}
	if o.Important == 0 {
		o.Important = 5
	}
	all := append([]Entry(nil), changes...)
	sort.SliceStable(all, func(i, j int) bool { return all[i].Time.After(all[j].Time) })
	n := min(o.Recent, len(all))
	h := History{Recent: all[:n:n]}
	var rated, unrated []Entry
	for _, e := range all[n:] {
		if e.Community.Ratings > 0 {
			rated = append(rated, e)
		} else {
			unrated = append(unrated, e)
		}
	}
	sort.SliceStable(rated, func(i, j int) bool { return rated[i].Community.Score > rated[j].Community.Score })
	sort.SliceStable(unrated, func(i, j int) bool { return agentBefore(unrated[i], unrated[j]) })
	h.Important = rated[:min(o.Important, len(rated))]
	if k := o.Important - len(h.Important); k > 0 {
		h.ByAgent = min(k, len(unrated))
		h.Important = append(h.Important, unrated[:h.ByAgent]...)
	}
	return h
}

// agentBefore orders unrated changes by the agent's judgement.
func agentBefore(a, b Entry) bool {
	if a.Agent != b.Agent {
		return a.Agent > b.Agent
	}
	return a.AgentExtent > b.AgentExtent
}
