package limit

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// failingStore answers every take with err, as a shared store that
// cannot take the slot does; sqlstore's tests run the real one, on one
// MariaDB server and on a Galera cluster.
type failingStore struct{ err error }

func (s failingStore) TakeWindowSlot(context.Context, string, int64, int, time.Duration) (bool, time.Duration, error) {
	return false, 0, s.err
}

func (s failingStore) ReturnWindowSlot(context.Context, string, int64) error { return s.err }

// TestSharedStoreErrors: a shared store that does not answer leaves the
// call to this host's own window; one that answers that the key's slot
// could not be taken among other hosts' takes (CONFLICT) refuses it,
// since this host's window would admit a whole budget more.
func TestSharedStoreErrors(t *testing.T) {
	t.Run("a store that does not answer: this host's window decides", func(t *testing.T) {
		l := New(2, newClock().now).Share(failingStore{errors.New("dial unix: no such file")}, "test")
		for i := range 2 {
			if ok, _ := l.Allow(1); !ok {
				t.Fatalf("call %d refused", i+1)
			}
		}
		if ok, _ := l.Allow(1); ok {
			t.Fatal("the host's window let a third call through")
		}
	})
	t.Run("a take aborted on every run: refused, for a second", func(t *testing.T) {
		conflict := domain.Wrap(domain.CodeConflict, errors.New("Error 1213: Deadlock found"), "other requests changed the same data at the same moment; nothing was saved; try again")
		l := New(2, newClock().now).Share(failingStore{conflict}, "test")
		ok, wait := l.Allow(1)
		if ok || wait != time.Second {
			t.Fatalf("admitted %v, wait %v; want refused for 1s", ok, wait)
		}
		if l.Users() != 0 {
			t.Fatal("the refused call was recorded in the host's window")
		}
	})
}
