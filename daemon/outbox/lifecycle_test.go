package outbox

import (
	"context"
	"testing"
	"time"
)

// start runs loop under l in the background and returns a channel closed
// when Run has returned.
func start(l *Lifecycle, ctx context.Context, loop func()) chan struct{} {
	ran := make(chan struct{})
	go func() {
		defer close(ran)
		l.Run(ctx, loop)
	}()
	return ran
}

func TestLifecycle(t *testing.T) {
	t.Run("Notify never blocks and wakes the loop once", func(t *testing.T) {
		l := NewLifecycle()
		for range 3 {
			l.Notify()
		}
		select {
		case <-l.Wake():
		default:
			t.Fatal("Wake did not receive after Notify")
		}
		select {
		case <-l.Wake():
			t.Fatal("three Notify calls woke the loop twice")
		default:
		}
	})

	t.Run("Shutdown lets the work under way finish within its grace", func(t *testing.T) {
		l := NewLifecycle()
		finished := make(chan struct{})
		var cutOff bool
		ran := start(l, context.Background(), func() {
			<-l.Stopping()
			// Work under way after the stop, finishing well within the grace.
			select {
			case <-time.After(20 * time.Millisecond):
				close(finished)
			case <-l.Context().Done():
				cutOff = true
			}
		})
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		l.Shutdown(ctx)
		<-ran
		if cutOff {
			t.Fatal("the work under way was cut off before its grace ended")
		}
		select {
		case <-finished:
		default:
			t.Fatal("Shutdown returned before the work under way finished")
		}
		if l.Context().Err() == nil {
			t.Fatal("Context is still live after Shutdown")
		}
		l.Shutdown(ctx) // a second call returns at once
	})

	t.Run("Shutdown cuts the work off when its grace ends", func(t *testing.T) {
		l := NewLifecycle()
		var cutOff bool
		ran := start(l, context.Background(), func() {
			<-l.Stopping()
			<-l.Context().Done()
			cutOff = true
		})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		l.Shutdown(ctx)
		<-ran
		if !cutOff {
			t.Fatal("the loop returned without its context cancelled")
		}
	})

	t.Run("the end of Run's ctx closes the Lifecycle", func(t *testing.T) {
		l := NewLifecycle()
		ctx, cancel := context.WithCancel(context.Background())
		stopped := make(chan struct{})
		ran := start(l, ctx, func() {
			<-l.Stopping()
			<-l.Context().Done()
			close(stopped)
		})
		cancel()
		select {
		case <-ran:
		case <-time.After(10 * time.Second):
			t.Fatal("Run did not return after its ctx ended")
		}
		select {
		case <-stopped:
		default:
			t.Fatal("the loop did not see Stopping and its context end")
		}
		l.Close() // after Run, Close returns at once
	})

	t.Run("a loop that returns by itself cancels its context", func(t *testing.T) {
		l := NewLifecycle()
		<-start(l, context.Background(), func() {})
		if l.Context().Err() == nil {
			t.Fatal("Context is live after the loop returned")
		}
		l.Close()
	})
}
