package main

import (
	"context"
	"maps"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/store/sqlite"
)

// storedUser reads the named user from the SQLite file db.
func storedUser(t *testing.T, db, name string) (*vigil.User, error) {
	t.Helper()
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return st.UserByName(context.Background(), name)
}

// fieldOf returns the value after "key: " in out.
func fieldOf(out, key string) string {
	for _, line := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(line, key+": "); ok {
			return v
		}
	}
	return ""
}

func TestUserPasswd(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	_, out, _ := cli(t, db, "", "user", "add", "ann")
	old := fieldOf(out, "password")
	cli(t, db, "", "user", "add", "bob")
	ann, _ := storedUser(t, db, "ann")
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CreateSession(context.Background(), "s", ann.ID, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	st.Close()

	refused := []struct {
		name, stdin, want string
		args              []string
	}{
		{"empty input", "", "no password given", nil},
		{"too short", "short\n", "fewer than 8", nil},
		{"not UTF-8", "\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\n", "not valid UTF-8", nil},
		{"too long", strings.Repeat("x", 2000), "longer than 1024", nil},
		{"unknown user", "long enough\n", `no user named "zed"`, []string{"user", "passwd", "zed"}},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if args == nil {
				args = []string{"user", "passwd", "ann"}
			}
			code, _, stderr := cli(t, db, tt.stdin, args...)
			if code == 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want a failure saying %q", code, stderr, tt.want)
			}
			if u, _ := storedUser(t, db, "ann"); !account.CheckPassword(u.PasswordHash, old) {
				t.Error("a refused change changed the password")
			}
		})
	}

	code, out, stderr := cli(t, db, "correct horse battery\r\nignored\n", "user", "passwd", "ann")
	if code != 0 || !strings.Contains(out, "password of ann changed") {
		t.Fatalf("passwd from stdin: %d %q %q", code, out, stderr)
	}
	u, _ := storedUser(t, db, "ann")
	if !account.CheckPassword(u.PasswordHash, "correct horse battery") || account.CheckPassword(u.PasswordHash, old) {
		t.Error("after passwd the new password must work and the old one not")
	}
	st, _ = sqlite.Open(db)
	_, err = st.SessionUser(context.Background(), "s", time.Now())
	st.Close()
	if vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("session after passwd: %v, want ended", err)
	}

	code, out, stderr = cli(t, db, "", "user", "passwd", "--generate", "ann")
	generated := fieldOf(out, "password")
	if code != 0 || generated == "" {
		t.Fatalf("passwd --generate: %d %q %q", code, out, stderr)
	}
	if u, _ := storedUser(t, db, "ann"); !account.CheckPassword(u.PasswordHash, generated) {
		t.Error("the generated password does not work")
	}
	if b, _ := storedUser(t, db, "bob"); account.CheckPassword(b.PasswordHash, generated) {
		t.Error("another user's password changed")
	}
}

func TestUserToken(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	_, out, _ := cli(t, db, "", "user", "add", "ann")
	old := fieldOf(out, "token")
	code, out, stderr := cli(t, db, "", "user", "token", "ann")
	token := fieldOf(out, "token")
	if code != 0 || token == "" || token == old {
		t.Fatalf("user token: %d %q %q; want a new token", code, out, stderr)
	}
	u, _ := storedUser(t, db, "ann")
	if u.TokenHash != account.HashToken(token) {
		t.Error("the printed token is not the stored one")
	}
	if u.TokenHash == account.HashToken(old) {
		t.Error("the old token still works")
	}
	if code, _, stderr := cli(t, db, "", "user", "token", "zed"); code == 0 || !strings.Contains(stderr, `no user named "zed"`) {
		t.Errorf("token of an unknown user: %d %q", code, stderr)
	}
}

func TestUserRemove(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	cli(t, db, "", "user", "add", "ann")
	cli(t, db, "", "user", "add", "bob")
	for _, args := range [][]string{
		{"add", "--user", "ann", "https://shared.example/feed"},
		{"add", "--user", "bob", "https://shared.example/feed"},
		{"add", "--user", "ann", "https://own.example/feed"},
	} {
		if code, _, stderr := cli(t, db, "", args...); code != 0 {
			t.Fatalf("%v: %d %q", args, code, stderr)
		}
	}
	code, _, stderr := cli(t, db, "", "user", "remove", "ann")
	if code != 2 || !strings.Contains(stderr, "--yes") || !strings.Contains(stderr, "2 subscription(s)") {
		t.Fatalf("remove without --yes: %d %q; want a refusal naming --yes", code, stderr)
	}
	if _, err := storedUser(t, db, "ann"); err != nil {
		t.Fatalf("remove without --yes removed the user: %v", err)
	}
	code, out, stderr := cli(t, db, "", "user", "remove", "--yes", "ann")
	if code != 0 || !strings.Contains(out, "user ann removed with 2 subscription(s)") {
		t.Fatalf("remove --yes: %d %q %q", code, out, stderr)
	}
	if _, err := storedUser(t, db, "ann"); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("ann after remove: %v, want not found", err)
	}
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	feeds, err := st.Feeds(context.Background())
	st.Close()
	followers := map[string]int{}
	for _, f := range feeds {
		followers[f.URL] = f.Subscribers
	}
	if want := map[string]int{"https://shared.example/feed": 1, "https://own.example/feed": 0}; err != nil || !maps.Equal(followers, want) {
		t.Errorf("feeds after remove = %v, %v; want both stored, followed by %v", followers, err, want)
	}
	if code, out, _ := cli(t, db, "", "feeds"); code != 0 || !strings.Contains(out, "shared.example") || strings.Contains(out, "own.example") {
		t.Errorf("bob's feeds after ann went: %d %q; want the shared feed only", code, out)
	}
	if code, _, stderr := cli(t, db, "", "user", "remove", "--yes", "ann"); code == 0 || !strings.Contains(stderr, `no user named "ann"`) {
		t.Errorf("removing twice: %d %q", code, stderr)
	}
}
