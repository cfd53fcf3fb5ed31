package uploads

import (
	"sync"
	"syscall"
	"time"
)

// byteBudget is what each client may send: a bucket of perHour bytes
// that refills evenly over the hour, so that one client cannot fill the
// disk however it spreads its uploads over forms and time. It holds at
// most maxClients clients; a full bucket is the same as a client never
// seen and is forgotten when room is needed.
type byteBudget struct {
	perHour    float64
	maxClients int

	mu      sync.Mutex
	clients map[int64]*bucket
}

type bucket struct {
	left float64 // bytes the client may still send
	at   time.Time
}

func newByteBudget(perHour int64, maxClients int) *byteBudget {
	return &byteBudget{perHour: float64(perHour), maxClients: maxClients, clients: map[int64]*bucket{}}
}

// refill brings b's bytes up to now.
func (bb *byteBudget) refill(b *bucket, now time.Time) {
	if d := now.Sub(b.at); d > 0 {
		b.left = min(bb.perHour, b.left+bb.perHour*d.Hours())
		b.at = now
	}
}

// take spends n bytes of client's budget, or refuses them and says how
// long until they are there. Negative perHour means no budget.
func (bb *byteBudget) take(client, n int64, now time.Time) (bool, time.Duration) {
	if bb.perHour < 0 {
		return true, 0
	}
	bb.mu.Lock()
	defer bb.mu.Unlock()
	b := bb.clients[client]
	if b == nil {
		if len(bb.clients) >= bb.maxClients {
			bb.forgetFull(now)
			if len(bb.clients) >= bb.maxClients {
				return false, time.Minute
			}
		}
		b = &bucket{left: bb.perHour, at: now}
		bb.clients[client] = b
	}
	bb.refill(b, now)
	if float64(n) > b.left {
		if float64(n) > bb.perHour {
			return false, time.Hour
		}
		wait := time.Duration((float64(n) - b.left) / bb.perHour * float64(time.Hour))
		return false, max(wait, time.Second)
	}
	b.left -= float64(n)
	return true, 0
}

// forgetFull drops the clients whose bucket has refilled.
func (bb *byteBudget) forgetFull(now time.Time) {
	for c, b := range bb.clients {
		if bb.refill(b, now); b.left >= bb.perHour {
			delete(bb.clients, c)
		}
	}
}

// freeSpace is the free bytes (those an unprivileged writer may use) and
// the size of the file system holding the store.
func (s *Store) freeSpace() (free, total uint64, err error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(s.dir, &st); err != nil {
		return 0, 0, err
	}
	return st.Bavail * uint64(st.Bsize), st.Blocks * uint64(st.Bsize), nil
}
