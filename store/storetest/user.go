package storetest

import (
	"slices"
	"testing"
	"time"

	"vigil"
)

func testCreateUser(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	if ann.ID == 0 || !ann.CreatedAt.Equal(t0) {
		t.Errorf("created user = %+v, want an ID and CreatedAt %v", ann, t0)
	}
	tests := []struct {
		name string
		user vigil.User
		code string
	}{
		{"empty name", vigil.User{Name: " "}, vigil.EINVALID},
		{"taken name", vigil.User{Name: "ann", TokenHash: "other"}, vigil.ECONFLICT},
		{"taken token", vigil.User{Name: "bob", TokenHash: "tok-ann"}, vigil.ECONFLICT},
		{"no token", vigil.User{Name: "cid"}, ""},
		{"another without token", vigil.User{Name: "dee"}, ""},
		{"default creation time", vigil.User{Name: "eve", TokenHash: "e"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := tt.user
			err := db.CreateUser(ctx, &u)
			wantCode(t, err, tt.code)
			if err == nil && (u.ID == 0 || u.CreatedAt.IsZero() || u.CreatedAt.Location() != time.UTC) {
				t.Errorf("created user = %+v, want an ID and a UTC CreatedAt", u)
			}
		})
	}
}

func testUserLookups(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	mustUser(t, db, "Bob")
	mustUser(t, db, "abe")
	tests := []struct {
		name   string
		lookup func() (*vigil.User, error)
		want   string
	}{
		{"by name", func() (*vigil.User, error) { return db.UserByName(ctx, "ann") }, "ann"},
		{"by name is exact", func() (*vigil.User, error) { return db.UserByName(ctx, "ANN") }, ""},
		{"unknown name", func() (*vigil.User, error) { return db.UserByName(ctx, "zed") }, ""},
		{"by token", func() (*vigil.User, error) { return db.UserByToken(ctx, "tok-Bob") }, "Bob"},
		{"unknown token", func() (*vigil.User, error) { return db.UserByToken(ctx, "nope") }, ""},
		{"empty token", func() (*vigil.User, error) { return db.UserByToken(ctx, "") }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.lookup()
			if tt.want == "" {
				wantCode(t, err, vigil.ENOTFOUND)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if u.Name != tt.want {
				t.Errorf("found %q, want %q", u.Name, tt.want)
			}
		})
	}
	got, err := db.UserByName(ctx, "ann")
	if err != nil {
		t.Fatal(err)
	}
	if *got != *ann {
		t.Errorf("UserByName = %+v, want %+v", got, ann)
	}
	users, err := db.Users(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, u := range users {
		names = append(names, u.Name)
	}
	if want := []string{"Bob", "abe", "ann"}; !slices.Equal(names, want) {
		t.Errorf("Users = %v, want %v", names, want)
	}
}
