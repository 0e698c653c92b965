//go:build unix

package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive flock on f without waiting (errLocked when
// another open file description holds it).
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errLocked
	}
	return err
}
