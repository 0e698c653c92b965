package feed

import (
	"reflect"
	"testing"
	"time"

	"vigil"
)

// syRSS is an RSS feed declaring the syndication module around channel.
func syRSS(channel string) string {
	return `<rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel><title>t</title>` +
		channel + `</channel></rss>`
}

func TestHints(t *testing.T) {
	tests := []struct {
		name string
		body string
		want vigil.Hints
	}{
		{"none", syRSS(""), vigil.Hints{}},
		{"ttl", syRSS("<ttl> 60 </ttl>"), vigil.Hints{TTL: time.Hour}},
		{"ttl invalid", syRSS("<ttl>soon</ttl>"), vigil.Hints{}},
		{"ttl negative", syRSS("<ttl>-5</ttl>"), vigil.Hints{}},
		{"skip hours", syRSS("<skipHours><hour>3</hour><hour>24</hour><hour>1</hour><hour>3</hour><hour>25</hour><hour>x</hour></skipHours>"),
			vigil.Hints{SkipHours: []int{0, 1, 3}}},
		{"skip days", syRSS("<skipDays><day>Sunday</day><day>saturday</day><day>Funday</day></skipDays>"),
			vigil.Hints{SkipDays: []time.Weekday{time.Sunday, time.Saturday}}},
		{"sy hourly every 2", syRSS("<sy:updatePeriod>hourly</sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency>"),
			vigil.Hints{UpdatePeriod: 30 * time.Minute}},
		{"sy daily default frequency", syRSS("<sy:updatePeriod> Daily </sy:updatePeriod>"), vigil.Hints{UpdatePeriod: 24 * time.Hour}},
		{"sy weekly bad frequency", syRSS("<sy:updatePeriod>weekly</sy:updatePeriod><sy:updateFrequency>0</sy:updateFrequency>"),
			vigil.Hints{UpdatePeriod: 7 * 24 * time.Hour}},
		{"sy unknown period", syRSS("<sy:updatePeriod>fortnightly</sy:updatePeriod>"), vigil.Hints{}},
		{"rss 1.0 sy", `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
			<channel rdf:about="http://x/"><title>t</title><sy:updatePeriod>monthly</sy:updatePeriod><sy:updateFrequency>3</sy:updateFrequency></channel></rdf:RDF>`,
			vigil.Hints{UpdatePeriod: 10 * 24 * time.Hour}},
		{"atom sy", `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><title>t</title><sy:updatePeriod>yearly</sy:updatePeriod></feed>`,
			vigil.Hints{UpdatePeriod: 365 * 24 * time.Hour}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustParse(t, tt.body, Options{})
			if !reflect.DeepEqual(f.Hints, tt.want) {
				t.Errorf("Hints = %+v, want %+v", f.Hints, tt.want)
			}
		})
	}
}
