package api

import (
	"reflect"
	"testing"
)

func TestJSONKind(t *testing.T) {
	tests := []struct {
		v    any
		want string
	}{
		{float64(0), "number"}, {int64(0), "whole number"}, {"", "string"}, {true, "boolean (true or false)"},
		{[]int64{}, "list of whole numbers"}, {new(bool), "boolean (true or false)"}, {map[string]int{}, "JSON object"},
		{struct{}{}, "JSON object"}, {[][]string{}, "list of lists of strings"},
	}
	for _, tt := range tests {
		if got := jsonKind(reflect.TypeOf(tt.v)); got != tt.want {
			t.Errorf("jsonKind(%T) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
