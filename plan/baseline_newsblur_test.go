package plan

import (
	"testing"
	"time"
)

func TestNewsBlurInterval(t *testing.T) {
	day := 24 * time.Hour
	m := func(x float64) time.Duration { return time.Duration(x * float64(time.Minute)) }
	cases := []struct {
		name string
		feed NewsBlurFeed
		want time.Duration
	}{
		{"daily, 11 premium", NewsBlurFeed{StoriesLastMonth: 30, ActiveSubscribers: 11, PremiumSubscribers: 11}, m(6)},
		{"daily, 10 premium", NewsBlurFeed{StoriesLastMonth: 30, ActiveSubscribers: 10, PremiumSubscribers: 10}, m(15)},
		{"daily, 2 premium", NewsBlurFeed{StoriesLastMonth: 60, ActiveSubscribers: 2, PremiumSubscribers: 2}, m(15)},
		{"daily, 20 free count as 2", NewsBlurFeed{StoriesLastMonth: 30, ActiveSubscribers: 20}, m(15)},
		{"daily, 1 premium", NewsBlurFeed{StoriesLastMonth: 300, ActiveSubscribers: 1, PremiumSubscribers: 1}, m(60)},
		{"daily, nobody", NewsBlurFeed{StoriesLastMonth: 30}, m(60)},
		{"every other day, 2 premium", NewsBlurFeed{StoriesLastMonth: 15, ActiveSubscribers: 2, PremiumSubscribers: 2}, m(30)},
		{"every other day, 1 premium", NewsBlurFeed{StoriesLastMonth: 15, ActiveSubscribers: 1, PremiumSubscribers: 1}, m(360)},
		{"29 a month shrinks to 24 min", NewsBlurFeed{StoriesLastMonth: 29}, m(24)},
		{"silent, 2 premium", NewsBlurFeed{ActiveSubscribers: 2, PremiumSubscribers: 2, SinceLastStory: 10 * day}, m(360)},
		{"silent, 10 free is one reader", NewsBlurFeed{ActiveSubscribers: 10, SinceLastStory: 10 * day}, m(720)},
		{"silent, 5 free", NewsBlurFeed{ActiveSubscribers: 5, SinceLastStory: 10 * day}, m(1440)},
		{"silent 2 months, 2 premium", NewsBlurFeed{ActiveSubscribers: 2, PremiumSubscribers: 2, SinceLastStory: 65 * day}, m(720)},
		{"silent 3 months, capped at 12h", NewsBlurFeed{ActiveSubscribers: 1, PremiumSubscribers: 1, SinceLastStory: 95 * day}, m(720)},
		{"silent 3 months, 5 free, capped at 48h", NewsBlurFeed{ActiveSubscribers: 5, SinceLastStory: 95 * day}, m(2880)},
		{"silent 59 days counts one month", NewsBlurFeed{SinceLastStory: 59 * day}, m(1440)},
		{"silent 2 months, nobody", NewsBlurFeed{SinceLastStory: 60 * day}, m(2880)},
		{"unknown last story", NewsBlurFeed{}, m(1440)},
		{"negative counts are 0", NewsBlurFeed{StoriesLastMonth: -4, ActiveSubscribers: -1, PremiumSubscribers: -2}, m(1440)},
		{"premium beyond active", NewsBlurFeed{StoriesLastMonth: 30, ActiveSubscribers: 1, PremiumSubscribers: 3}, m(15)},
	}
	for _, c := range cases {
		if got := NewsBlurInterval(c.feed); got != c.want {
			t.Errorf("%s: NewsBlurInterval(%+v) = %v, want %v", c.name, c.feed, got, c.want)
		}
	}
}
