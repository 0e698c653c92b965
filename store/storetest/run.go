package storetest

import (
	"os"
	"sync"
	"testing"
)

// tests are the behaviours of the suite, by name.
var tests = []struct {
	name string
	run  func(t *testing.T, h Harness)
}{
	{"AccessesAndReaders", testAccessesAndReaders},
	{"FeedStateRoundTrip", testFeedStateRoundTrip},
	{"FeedsAndDueFeeds", testFeedsAndDueFeeds},
	{"FetchListMatchesFeeds", testFetchListMatchesFeeds},
	{"PlanFeedsMatchesFeeds", testPlanFeedsMatchesFeeds},
	{"RescheduleIsACompareAndSet", testRescheduleIsACompareAndSet},
	{"IngestNewEditedRepeated", testIngestNewEditedRepeated},
	{"IngestDecideSeesAndRollsBack", testIngestDecideSeesAndRollsBack},
	{"IngestDecideSeesTheWrites", testIngestDecideSeesTheWrites},
	{"IngestRefuses", testIngestRefuses},
	{"IngestFailedFetch", testIngestFailedFetch},
	{"RecordFetch", testRecordFetch},
	{"FeedsToFetch", testFeedsToFetch},
	{"StarItems", testStarItems},
	{"InterestItems", testInterestItems},
	{"SetInterests", testSetInterests},
	{"UsersAreIsolated", testUsersAreIsolated},
	{"SubscriptionsHideOtherFollowers", testSubscriptionsHideOtherFollowers},
	{"InterestSignalsAreIsolated", testInterestSignalsAreIsolated},
	{"ItemsOrder", testItemsOrder},
	{"UndatedItemsKeepTheFeedsOrder", testUndatedItemsKeepTheFeedsOrder},
	{"ItemsPagesAndFilters", testItemsPagesAndFilters},
	{"ItemAndMarkRead", testItemAndMarkRead},
	{"ItemFieldsRoundTrip", testItemFieldsRoundTrip},
	{"MoveFeedRenames", testMoveFeedRenames},
	{"MoveFeedMerges", testMoveFeedMerges},
	{"MoveFeedMergesHistory", testMoveFeedMergesHistory},
	{"NoticesNewestFirst", testNoticesNewestFirst},
	{"MoveFeedMergesStarsAndOpenings", testMoveFeedMergesStarsAndOpenings},
	{"ObservationsAndFetchCount", testObservationsAndFetchCount},
	{"ProfilerStateRoundTrip", testProfilerStateRoundTrip},
	{"SaveProfilesSkipsDeletedFeeds", testSaveProfilesSkipsDeletedFeeds},
	{"ProfilesGoWithTheirFeed", testProfilesGoWithTheirFeed},
	{"SaveProfilesFailureKeepsState", testSaveProfilesFailureKeepsState},
	{"ItemsAfter", testItemsAfter},
	{"SearchRanksTitleAboveBodyThenNewest", testSearchRanksTitleAboveBodyThenNewest},
	{"SearchQueries", testSearchQueries},
	{"SearchHostileQueries", testSearchHostileQueries},
	{"SearchPhrasesInOneColumnPastNearMisses", testSearchPhrasesInOneColumnPastNearMisses},
	{"SearchFollowsEdits", testSearchFollowsEdits},
	{"SearchForgetsDeletedFeeds", testSearchForgetsDeletedFeeds},
	{"SearchStatesAndLimits", testSearchStatesAndLimits},
	{"Sessions", testSessions},
	{"SubscribeValidates", testSubscribeValidates},
	{"SubscribeCreatesFeedOnce", testSubscribeCreatesFeedOnce},
	{"SubscriptionsAndUnsubscribe", testSubscriptionsAndUnsubscribe},
	{"SubscriptionsOf", testSubscriptionsOf},
	{"CreateUser", testCreateUser},
	{"UserLookups", testUserLookups},
	{"SetPasswordEndsSessions", testSetPasswordEndsSessions},
	{"SetToken", testSetToken},
	{"DeleteUser", testDeleteUser},
	{"ConcurrentIngestSameFeed", testConcurrentIngestSameFeed},
	{"KillDuringIngest", testKillDuringIngest},
	{"Ping", testPing},
	{"CountDueAndItemsAfter", testCountDueAndItemsAfter},
	{"FetchHours", testFetchHours},
	{"PlanState", testPlanState},
	{"ItemsBeforeCursor", testItemsBeforeCursor},
	{"ItemsBeforeCursorIgnoresNewArrivals", testItemsBeforeCursorIgnoresNewArrivals},
	{"FollowPageOwnerPassesOn", testFollowPageOwnerPassesOn},
	{"FollowPageRefusesAFeed", testFollowPageRefusesAFeed},
	{"IngestPageDeduplicatesBodies", testIngestPageDeduplicatesBodies},
	{"EvaluateOnlyFollowers", testEvaluateOnlyFollowers},
	{"PageFollowSettings", testPageFollowSettings},
	{"PageReturns", testPageReturns},
	{"PageReading", testPageReading},
	{"PageNoiseForgotten", testPageNoiseForgotten},
	{"PageConditions", testPageConditions},
	{"WithheldChange", testWithheldChange},
	{"DigestSettings", testDigestSettings},
	{"SetFolderAndRename", testSetFolderAndRename},
	{"StreamEntries", testStreamEntries},
	{"StreamPagesThroughTies", testStreamPagesThroughTies},
	{"ItemsByIDKeepsToTheUser", testItemsByIDKeepsToTheUser},
	{"MarkStreamRead", testMarkStreamRead},
	{"StreamEntriesByID", testStreamEntriesByID},
	{"FeverKey", testFeverKey},
	{"NewestItems", testNewestItems},
	{"SetFeedTitle", testSetFeedTitle},
	{"MoveFeedOfAPage", testMoveFeedOfAPage},
	{"ChannelsAndRules", testChannelsAndRules},
	{"IngestQueuesMatchingAlerts", testIngestQueuesMatchingAlerts},
	{"AlertRuleLimits", testAlertRuleLimits},
	{"OverLimitRulesKeptInert", testOverLimitRulesKeptInert},
	{"IngestCancelledWhileMatching", testIngestCancelledWhileMatching},
	{"ClaimMessagesLeases", testClaimMessagesLeases},
	{"ClaimMessagesRateLimit", testClaimMessagesRateLimit},
	{"ConcurrentClaimsAreDisjoint", testConcurrentClaimsAreDisjoint},
	{"Pushes", testPushes},
	{"PushedObservation", testPushedObservation},
}

// Run runs the whole suite against the implementation h opens, each
// behaviour as a subtest on a store of its own: as parallel subtests, or
// h.Parallel at a time when it is set. Called in a child process that
// killDuringIngest started, it runs that child's part instead and exits.
func Run(t *testing.T, h Harness) {
	if name := os.Getenv(childEnv); name != "" {
		ingestUntilKilled(h, name)
		os.Exit(0)
	}
	if h.Parallel > 0 {
		slots := make(chan struct{}, h.Parallel)
		var wg sync.WaitGroup
		for _, tt := range tests {
			wg.Add(1)
			go func() {
				defer wg.Done()
				slots <- struct{}{}
				defer func() { <-slots }()
				t.Run(tt.name, func(t *testing.T) { tt.run(t, h) })
			}()
		}
		wg.Wait()
		return
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.run(t, h)
		})
	}
}
