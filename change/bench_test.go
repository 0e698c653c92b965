package change

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchWords is the vocabulary of the synthetic pages.
var benchWords = strings.Fields(`price product order shipping stock review customer delivery
warranty model colour size weight battery screen camera memory storage speaker cable charger
update release version feature support manual guide store offer discount member account
return refund payment card bank secure fast free new used best top rated popular limited`)

// syntheticPage returns a product listing of about size bytes; one item
// in every `every` (0: none) is changed to a new version. Its items are
// marked up as shops do (nested blocks, classes, data attributes, a
// button), so text is about a fifth of the bytes.
func syntheticPage(size, every int, seed uint64) []byte {
	return listing(size, every, seed, true)
}

// proseListing is syntheticPage with bare markup, text more than half
// the bytes: the worst case for the text measures.
func proseListing(size, every int, seed uint64) []byte {
	return listing(size, every, seed, false)
}

// listing writes the synthetic pages.
func listing(size, every int, seed uint64, rich bool) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><title>Catalogue</title><script>var x = 1;</script></head><body>\n")
	for i := 0; b.Len() < size; i++ {
		pr := rand.New(rand.NewPCG(uint64(i), 2))
		if every > 0 && i%every == every-1 {
			pr = r
		}
		if rich {
			fmt.Fprintf(&b, `<li class="grid__item product-card" data-product-id="%d" data-variant="%d">`+
				`<div class="card-wrapper underline-links-hover"><div class="card card--standard card--media" style="--ratio-percent: 100%%;">`+
				`<div class="card__inner ratio"><div class="card__media"><div class="media media--transparent media--hover-effect">`+
				`<img srcset="/cdn/shop/files/%d_165x.jpg 165w, /cdn/shop/files/%d_360x.jpg 360w" sizes="(min-width: 990px) 25vw" `+
				`loading="lazy" width="360" height="360" class="motion-reduce"></div></div></div></div>`+
				`<form method="post" action="/cart/add" class="form"><input type="hidden" name="id" value="%d">`+
				`<button type="submit" class="quick-add__submit button button--full-width button--secondary">Add to cart</button></form>`+
				`<div class="rating" role="img" aria-label="4.5 out of 5.0 stars"><span class="rating-star" style="--rating: 4;"></span></div></div></li>`+"\n",
				i, i*7, i, i, i*3)
		}
		fmt.Fprintf(&b, `<div class="item" id="p%d"><h3><a href="/product/%d">`, i, i)
		for range 3 {
			b.WriteString(benchWords[pr.IntN(len(benchWords))] + " ")
		}
		fmt.Fprintf(&b, `</a></h3><img src="/img/%d.jpg" alt=""><p>`, i)
		for range 25 {
			b.WriteString(benchWords[pr.IntN(len(benchWords))] + " ")
		}
		fmt.Fprintf(&b, "</p><span class=\"price\">%d.%02d EUR</span></div>\n", pr.IntN(500), pr.IntN(100))
	}
	b.WriteString("</body></html>")
	return []byte(b.String())
}

// BenchmarkExtents measures the change extents of a 200 KB page against its
// previous version (one item in 20 changed): extracting the new version
// and comparing it with the previous one, already extracted (the monitor
// keeps it).
func BenchmarkExtents(b *testing.B) {
	b.Run("listing", func(b *testing.B) {
		benchExtents(b, syntheticPage(200<<10, 0, 1), syntheticPage(200<<10, 20, 1))
	})
	b.Run("prose", func(b *testing.B) {
		benchExtents(b, proseListing(200<<10, 0, 1), proseListing(200<<10, 20, 1))
	})
}

// benchExtents measures Extract(cur) and Compare(old, cur).
func benchExtents(b *testing.B, old, cur []byte) {
	a, err := NewAnalyzer("", 0)
	if err != nil {
		b.Fatal(err)
	}
	o := ExtractOptions{Analyzer: a}
	prev, err := Extract(old, "text/html", o)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(cur)))
	b.ReportAllocs()
	for b.Loop() {
		d, err := Extract(cur, "text/html", o)
		if err != nil {
			b.Fatal(err)
		}
		_ = Compare(prev, d)
	}
}

// BenchmarkDiff measures the diff view of two 200 KB versions, extracted.
func BenchmarkDiff(b *testing.B) {
	a, err := Extract(syntheticPage(200<<10, 0, 1), "text/html", ExtractOptions{})
	if err != nil {
		b.Fatal(err)
	}
	c, err := Extract(syntheticPage(200<<10, 20, 1), "text/html", ExtractOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = Diff(a, c)
	}
}

// BenchmarkDiffRewritten measures the diff view's worst case: two 200 KB
// versions with nothing in common but their markup's shape, where the LCS
// search gives up at its edit bound and takes the rest as replaced.
func BenchmarkDiffRewritten(b *testing.B) {
	a, err := Extract(proseListing(200<<10, 1, 1), "text/html", ExtractOptions{})
	if err != nil {
		b.Fatal(err)
	}
	c, err := Extract(proseListing(200<<10, 1, 2), "text/html", ExtractOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = Diff(a, c)
	}
}
