// Package profiler keeps vigil's live channel profiles and what is built on
// them: channel search and recommendations.
//
// A Profiler folds every stored item, once, into the profile of its channel
// (package profile: tf-idf over the channel's last K items with a dynamic
// idf, cohesion and the novelty filter of Roitman et al. §4-5) and feeds the
// count of novel items of each fetch to the learned rate of Eq. 5 (package
// estimate), which gives the channel's novel rate. It works from the store:
// CatchUp reads the items stored after its watermark, folds them fetch by
// fetch and saves the changed channels, the corpus's document frequencies
// and the new watermark in one step, so a restart resumes where the last
// saved step ended and no item is counted twice or missed.
//
// On top of the profiles it answers channel search (a query ranked by
// cosine against the channel profiles, Roitman et al. §2) and a reader's
// recommendations: a reader profile learned from the items the reader
// opened or starred and their interests text, against which unread items
// and unfollowed channels are ranked (Roitman et al. §2, Sia et al. §2).
package profiler
