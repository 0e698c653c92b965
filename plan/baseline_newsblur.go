package plan

import (
	"math"
	"time"
)

// NewsBlur's feed update tiers, as published in samuelclay/NewsBlur:
// apps/rss_feeds/models.py, Feed.get_next_scheduled_update and
// set_next_scheduled_update (the version read is at commit 025dd065; the
// rule has been retuned over the years, e.g. earlier versions used a
// smooth 6·60/(subscribers^0.2·stories-per-day^0.7)-minute formula).
// Facts taken from that version, in minutes:
//
//	spd  = stories in the last 30 days / 30
//	subs = premium + (active − premium)/10   (a free reader counts 1/10)
//	spd ≥ 1:      subs > 10: 6;  subs > 1: 15;  else 60
//	0 < spd < 1:  subs > 1: 60·(1 − spd);  else 720·(1 − spd)
//	spd = 0:      subs > 1: 360;  subs = 1: 720;  else 1440;
//	              then × max(1, whole 30-day months since the last story)
//	cap:          subs ≥ 1: 720 (12 hours);  else 2880 (48 hours)
//
// Left out: the ×12 for feeds with working PubSubHubbub pushes (vigil has
// none), the × error count (capped at 7 days) after failed fetches, and the
// random delay of up to a quarter of the interval NewsBlur adds (this
// package is deterministic). Note the rule's quirk, kept here: below one
// story a day the interval shrinks towards 0 as spd nears 1, then jumps
// back up at spd = 1.

// NewsBlurFeed is what NewsBlur's rule knows of a feed.
type NewsBlurFeed struct {
	StoriesLastMonth   int           // stories published in the last 30 days
	ActiveSubscribers  int           // active readers, premium ones included
	PremiumSubscribers int           // active premium readers
	SinceLastStory     time.Duration // age of the newest story; ≤ 0 if unknown
}

// NewsBlurInterval returns NewsBlur's update interval for f: see the tiers
// above. Negative counts are taken as 0, and premium readers beyond the
// active ones as active.
func NewsBlurInterval(f NewsBlurFeed) time.Duration {
	premium := max(f.PremiumSubscribers, 0)
	free := max(f.ActiveSubscribers-premium, 0)
	subs := float64(premium) + float64(free)/10
	spd := float64(max(f.StoriesLastMonth, 0)) / 30
	minutes := newsBlurMinutes(spd, subs, f.SinceLastStory)
	if subs >= 1 {
		minutes = min(minutes, 720)
	} else {
		minutes = min(minutes, 2880)
	}
	return time.Duration(math.Round(minutes * float64(time.Minute)))
}

// newsBlurMinutes is NewsBlur's tier for spd stories a day and subs
// weighted readers, before the cap.
func newsBlurMinutes(spd, subs float64, sinceLast time.Duration) float64 {
	switch {
	case spd >= 1 && subs > 10:
		return 6
	case spd >= 1 && subs > 1:
		return 15
	case spd >= 1:
		return 60
	case spd > 0 && subs > 1:
		return 60 * (1 - spd)
	case spd > 0:
		return 720 * (1 - spd)
	}
	idle := 1440.0
	if subs > 1 {
		idle = 360
	} else if subs == 1 {
		idle = 720
	}
	months := math.Floor(sinceLast.Hours() / (30 * 24))
	return idle * max(1, months)
}
