//go:build unix

package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive flock on f without waiting (errLocked when
// another open file description holds it). A file system without flock
// (some network mounts) gives no lock rather than an error, as outside
// Unix.
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	switch {
	case errors.Is(err, syscall.EWOULDBLOCK):
		return errLocked
	case errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.EOPNOTSUPP), errors.Is(err, syscall.ENOTSUP):
		return nil
	}
	return err
}
