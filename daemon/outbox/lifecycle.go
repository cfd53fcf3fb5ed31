// Package outbox holds the lifecycle the outbox workers share (the
// webhook deliveries, the notification texts): a loop that runs until it
// is shut down, can be woken when rows are committed, and gives the work
// under way a grace period before cutting it off. What a worker claims
// and how it delivers stay in its own package.
package outbox

import (
	"context"
	"sync"
)

// Lifecycle starts, wakes and stops one worker's loop.
type Lifecycle struct {
	ctx      context.Context // the deliveries'; cancelled to cut them off
	cancel   context.CancelFunc
	wake     chan struct{} // capacity 1: "the outbox may have grown"
	stopping chan struct{}
	stopOnce sync.Once
	done     chan struct{}
}

// NewLifecycle returns a Lifecycle whose loop has not started.
func NewLifecycle() *Lifecycle {
	l := &Lifecycle{wake: make(chan struct{}, 1), stopping: make(chan struct{}), done: make(chan struct{})}
	l.ctx, l.cancel = context.WithCancel(context.Background())
	return l
}

// Context is the context of the work under way: cancelled when Shutdown's
// grace ends, Close is called or the loop returns.
func (l *Lifecycle) Context() context.Context { return l.ctx }

// Wake receives after Notify (several Notify calls may be received once).
func (l *Lifecycle) Wake() <-chan struct{} { return l.wake }

// Stopping is closed when Shutdown or Close asks the loop to stop
// claiming.
func (l *Lifecycle) Stopping() <-chan struct{} { return l.stopping }

// Run runs loop until it returns, which it must do once Stopping is
// closed; ctx ending closes the Lifecycle as Close does. Shutdown and
// Close wait for Run: it must be called once.
func (l *Lifecycle) Run(ctx context.Context, loop func()) {
	defer context.AfterFunc(ctx, l.Close)()
	defer close(l.done)
	defer l.cancel()
	loop()
}

// Notify wakes the loop. It never blocks.
func (l *Lifecycle) Notify() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// Shutdown closes Stopping, waits for the loop to return until ctx is
// done, then cancels Context and waits for the loop. It may be called
// more than once.
func (l *Lifecycle) Shutdown(ctx context.Context) {
	l.stopOnce.Do(func() { close(l.stopping) })
	select {
	case <-l.done:
	case <-ctx.Done():
	}
	l.cancel()
	<-l.done
}

// Close is Shutdown with no grace: the work under way is cut off at once.
func (l *Lifecycle) Close() {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l.Shutdown(ctx)
}
