package longtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// gatedTests returns the names of the top-level Test functions of one
// package's test files that call longtest.Need or longtest.Enabled (what
// they do then runs only in the long pass), directly, in a closure (a
// subtest) or through functions of the package that do.
func gatedTests(files []*ast.File) []string {
	bodies := map[string]*ast.BlockStmt{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil {
				bodies[fn.Name.Name] = fn.Body
			}
		}
	}
	gating := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for name, body := range bodies {
			if !gating[name] && callsGate(body, gating) {
				gating[name], changed = true, true
			}
		}
	}
	var tests []string
	for name := range gating {
		if strings.HasPrefix(name, "Test") && name != "TestMain" {
			tests = append(tests, name)
		}
	}
	slices.Sort(tests)
	return tests
}

// callsGate reports whether body calls longtest.Need, longtest.Enabled or
// one of the package's functions (or methods) named in gating.
func callsGate(body *ast.BlockStmt, gating map[string]bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		switch fun := call.Fun.(type) {
		case *ast.Ident:
			found = gating[fun.Name]
		case *ast.SelectorExpr:
			if x, ok := fun.X.(*ast.Ident); ok && x.Name == "longtest" && (fun.Sel.Name == "Need" || fun.Sel.Name == "Enabled") {
				found = true
			} else {
				found = gating[fun.Sel.Name]
			}
		}
		return !found
	})
	return found
}

func TestGatedTests(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"none", `package p
func TestA(t *testing.T) { t.Log("quick") }`, nil},
		{"direct", `package p
func TestA(t *testing.T) { longtest.Need(t) }
func TestB(t *testing.T) {}`, []string{"TestA"}},
		{"Enabled", `package p
func TestA(t *testing.T) { if !longtest.Enabled() { t.Skip("long") } }`, []string{"TestA"}},
		{"in a subtest", `package p
func TestA(t *testing.T) { t.Run("x", func(t *testing.T) { longtest.Need(t) }) }`, []string{"TestA"}},
		{"through helpers", `package p
func browser(t *testing.T) string { need(t); return "" }
func need(t *testing.T) { longtest.Need(t) }
func TestA(t *testing.T) { browser(t) }
func TestB(t *testing.T) { other(t) }
func other(t *testing.T) {}`, []string{"TestA"}},
		{"through a method", `package p
type site struct{}
func (s *site) open(t *testing.T) { longtest.Need(t) }
func TestA(t *testing.T) { var s site; s.open(t) }`, []string{"TestA"}},
		{"TestMain is no test", `package p
func TestMain(m *testing.M) { longtest.Need(nil) }`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := parser.ParseFile(token.NewFileSet(), "p_test.go", tt.src, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			if got := gatedTests([]*ast.File{f}); !slices.Equal(got, tt.want) {
				t.Errorf("gatedTests = %v, want %v", got, tt.want)
			}
		})
	}
}
