package change

// DefaultMinItems is the least number of links (images) added or removed
// on one side for the links (images) extent alone to call a change
// important.
const DefaultMinItems = 2

// capFewItems caps at significant a change that only the links or images
// extent made important when that extent comes from fewer than
// o.MinItems links (images) added or removed on one side.
//
// Glance et al. (§2.2, §3.1.3) measure links and images as the share of
// them that changed and band every extent alike: above 20% is important.
// On a page with few links one link is a large share: one rotated link of
// five (an obfuscated e-mail address, a tracking parameter) is one link
// removed and one added, 2 of 6, 33%, so the bands alone would call the
// page's most trivial churn important. A single link or image is a single
// item however small the set, so it may make a change significant, never
// important on its own; the text extent, and links or images changing by
// two or more, still make a change important as the bands say.
func capFewItems(e Extents, o CompareOptions, s Severity) Severity {
	if s != Important || (o.Kinds.Text && o.Bands.Of(e.Text) == Important) {
		return s
	}
	if o.Kinds.Links && o.Bands.Of(e.Links) == Important && max(e.LinksAdded, e.LinksRemoved) >= o.MinItems {
		return s
	}
	if o.Kinds.Images && o.Bands.Of(e.Images) == Important && max(e.ImagesAdded, e.ImagesRemoved) >= o.MinItems {
		return s
	}
	return Significant
}
