package vigil

import (
	"strings"
	"testing"
)

func TestParseCondition(t *testing.T) {
	tests := []struct {
		in   string
		want Condition
		err  string
	}{
		{"appears:In stock", Condition{Kind: "appears", Text: "In stock"}, ""},
		{" disappears : Sold out ", Condition{Kind: "disappears", Text: "Sold out"}, ""},
		{"below:20@.price", Condition{Kind: "below", Value: 20, Selector: ".price"}, ""},
		{"changes-by:10%", Condition{Kind: "changes-by", Value: 10}, ""},
		{"above:1e3@#n span", Condition{Kind: "above", Value: 1000, Selector: "#n span"}, ""},
		{"below:cheap", Condition{}, `"cheap" is not a number`},
		{"appears", Condition{}, "write KIND:ARGUMENT"},
		{"appears:", Condition{}, "write KIND:ARGUMENT"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseCondition(tt.in)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) || ErrorCode(err) != EINVALID {
					t.Fatalf("ParseCondition = %+v, %v; want EINVALID with %q", got, err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseCondition = %+v, %v; want %+v", got, err, tt.want)
			}
			if again, err := ParseCondition(got.String()); err != nil || again != got {
				t.Errorf("String %q reads back as %+v, %v", got.String(), again, err)
			}
		})
	}
}
