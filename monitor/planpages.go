package monitor

import (
	"context"

	"vigil"
	"vigil/store"
)

// planPageSize is how many feeds a re-plan reads at a time: a page is all
// it holds of the feeds' rows (their models among them), however many
// are followed.
const planPageSize = 256

// planPages reads every followed feed for a re-plan, a page at a time
// (store.Scheduling.PlanFeeds), and counts the feeds its first read
// listed.
type planPages struct {
	st     store.Scheduling
	reads  int
	listed int
}

// reader returns the re-plan's read: each call hands every followed feed
// over, page after page, in the order of their IDs.
func (p *planPages) reader(ctx context.Context) func(page func(feeds []vigil.Feed)) error {
	return func(page func(feeds []vigil.Feed)) error {
		p.reads++
		for after := int64(0); ; {
			feeds, err := p.st.PlanFeeds(ctx, after, planPageSize)
			if err != nil {
				return err
			}
			if p.reads == 1 {
				p.listed += len(feeds)
			}
			if len(feeds) == 0 {
				return nil
			}
			page(feeds)
			if len(feeds) < planPageSize {
				return nil
			}
			after = feeds[len(feeds)-1].ID
		}
	}
}
