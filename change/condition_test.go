package change

import (
	"strings"
	"testing"
)

func TestFirstNumber(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"Price: 19.99 EUR", 19.99, true},
		{"19,99 €", 19.99, true},
		{"$1,299.50", 1299.50, true},
		{"1.299,50 €", 1299.50, true},
		{"1,299,000 people", 1299000, true},
		{"CHF 1'299.90", 1299.90, true},
		{"12 345,6", 12345.6, true},
		{"-3 degrees", -3, true},
		{"−4.5", -4.5, true},
		{"in stock: 7 left, 3 coming", 7, true},
		{"no digits here", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := FirstNumber(tt.in)
			if ok != tt.ok || got != tt.want {
				t.Errorf("FirstNumber(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// shop returns a version of a shop page with a price and a stock line.
func shop(t *testing.T, price, stock string) Version {
	t.Helper()
	body := `<html><body><h1>Kettle</h1><p class="price">` + price + `</p><p id="stock">` + stock + `</p><p>Visitors: 120</p></body></html>`
	d, err := Extract([]byte(body), "text/html", ExtractOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return Version{Doc: d, Body: []byte(body), ContentType: "text/html"}
}

func TestConditionMet(t *testing.T) {
	tests := []struct {
		name     string
		c        Condition
		old, new [2]string // price, stock
		want     bool
	}{
		{"back in stock", Condition{Kind: Appears, Text: "in  STOCK"}, [2]string{"20", "Sold out"}, [2]string{"20", "In stock"}, true},
		{"still in stock", Condition{Kind: Appears, Text: "in stock"}, [2]string{"20", "In stock"}, [2]string{"19", "In stock"}, false},
		{"sold out gone", Condition{Kind: Disappears, Text: "sold out"}, [2]string{"20", "Sold out"}, [2]string{"20", "3 left"}, true},
		{"text never there", Condition{Kind: Disappears, Text: "sold out"}, [2]string{"20", "3 left"}, [2]string{"20", "2 left"}, false},
		{"price falls below", Condition{Kind: Below, Selector: ".price", Value: 15}, [2]string{"19.99", "x"}, [2]string{"14.99", "x"}, true},
		{"price stays below", Condition{Kind: Below, Selector: ".price", Value: 15}, [2]string{"14.99", "x"}, [2]string{"13.99", "x"}, false},
		{"price falls, not below", Condition{Kind: Below, Selector: ".price", Value: 15}, [2]string{"19.99", "x"}, [2]string{"17.99", "x"}, false},
		{"rises above", Condition{Kind: Above, Selector: ".price", Value: 100}, [2]string{"99", "x"}, [2]string{"101", "x"}, true},
		{"at the value is not above", Condition{Kind: Above, Selector: ".price", Value: 100}, [2]string{"99", "x"}, [2]string{"100", "x"}, false},
		{"changes by 10%", Condition{Kind: ChangesBy, Selector: ".price", Value: 10}, [2]string{"20", "x"}, [2]string{"17.50", "x"}, true},
		{"changes by less", Condition{Kind: ChangesBy, Selector: ".price", Value: 10}, [2]string{"20", "x"}, [2]string{"19", "x"}, false},
		{"no selector: first number of the page", Condition{Kind: Below, Value: 10}, [2]string{"12", "x"}, [2]string{"9", "x"}, true},
		{"selector matches nothing", Condition{Kind: Below, Selector: "#none", Value: 10}, [2]string{"12", "x"}, [2]string{"9", "x"}, false},
		{"no number now", Condition{Kind: Below, Selector: ".price", Value: 10}, [2]string{"12", "x"}, [2]string{"ask us", "x"}, false},
		{"number appears under the limit", Condition{Kind: Below, Selector: ".price", Value: 10}, [2]string{"ask us", "x"}, [2]string{"9", "x"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.c.Check(); err != nil {
				t.Fatalf("Check: %v", err)
			}
			got := tt.c.Met(shop(t, tt.old[0], tt.old[1]), shop(t, tt.new[0], tt.new[1]))
			if got != tt.want {
				t.Errorf("Met = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestConditionOnJSON: a condition's CSS selector cannot read a JSON
// document (served as JSON or as text); its number is read from what the
// page watches, the jq program's results.
func TestConditionOnJSON(t *testing.T) {
	below := Condition{Kind: Below, Selector: ".price", Value: 15}
	version := func(ct, price string) Version {
		body := `{"views": 1200, "price": ` + price + `}`
		d, err := Extract([]byte(body), ct, ExtractOptions{JQ: ".price"})
		if err != nil {
			t.Fatal(err)
		}
		return Version{Doc: d, Body: []byte(body), ContentType: ct}
	}
	for _, ct := range []string{"application/json", "text/plain"} {
		for _, tt := range []struct {
			old, new string
			want     bool
		}{
			{"19.99", "14.99", true},
			{"19.99", "17.99", false},
		} {
			if got := below.Met(version(ct, tt.old), version(ct, tt.new)); got != tt.want {
				t.Errorf("%s: %s to %s: Met = %v, want %v", ct, tt.old, tt.new, got, tt.want)
			}
		}
	}
}

func TestAnyMet(t *testing.T) {
	old, new := shop(t, "20", "Sold out"), shop(t, "20", "In stock")
	below := Condition{Kind: Below, Selector: ".price", Value: 10}
	appears := Condition{Kind: Appears, Text: "in stock"}
	tests := []struct {
		name  string
		conds []Condition
		want  bool
	}{
		{"none: every change", nil, true},
		{"one not met", []Condition{below}, false},
		{"one of two met", []Condition{below, appears}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := AnyMet(tt.conds, old, new); got != tt.want {
				t.Errorf("AnyMet = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestConditionCheck(t *testing.T) {
	tests := []struct {
		name string
		c    Condition
		want string
	}{
		{"unknown kind", Condition{Kind: "rises"}, `condition kind "rises" is not one of`},
		{"appears without text", Condition{Kind: Appears, Text: "  "}, "needs the text to look for"},
		{"bad selector", Condition{Kind: Below, Selector: "p[", Value: 3}, "invalid CSS selector"},
		{"zero percent", Condition{Kind: ChangesBy}, "percentage above 0"},
		{"long text", Condition{Kind: Appears, Text: strings.Repeat("x", MaxConditionText+1)}, "at most 1000 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.c.Check()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check = %v, want an error containing %q", err, tt.want)
			}
		})
	}
}
