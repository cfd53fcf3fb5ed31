package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Group commit. With synchronous=FULL every COMMIT waits for an fsync, and
// the single writer connection made every Update pay one: concurrent
// callers reached a fraction of the disk's fsync rate. Calls are therefore
// queued to one committer, which takes all the calls waiting, runs each
// fn in its own SAVEPOINT of one transaction and commits them with a
// single fsync. Nobody waits for a timer: a lone call runs at once, and
// batches form from the calls that arrive while a commit is in progress.
//
// A call's fn runs on the caller's goroutine, handed the turn by the
// committer, so its stack, panics and runtime.Goexit stay the caller's
// and the committer cannot be taken down by one of them.

// maxBatch bounds how many calls share a commit, so that the first call of
// a batch does not wait behind an unbounded number of others' fns.
const maxBatch = 64

// ErrClosed is what Update returns once Close has begun.
var ErrClosed = errors.New("sqlstore: the database is closed")

// errGoexit stands for a fn that ended its goroutine (runtime.Goexit, as
// t.FailNow does); there is no caller left to tell, but its savepoint must
// still be undone.
var errGoexit = errors.New("sqlstore: transaction function called runtime.Goexit")

// PanicError is what Update returns when fn panicked. The panic is
// confined to the caller's own savepoint so its batch-mates still commit;
// the stack is kept because the panic is not re-raised.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("sqlstore: transaction function panicked: %v\n%s", e.Value, e.Stack)
}

// Unwrap exposes a panic value that is an error to errors.Is and As.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// A call is queued until the committer takes it or its caller gives up
// waiting; exactly one of the two wins, decided by one CompareAndSwap.
const (
	callQueued uint32 = iota
	callTaken
	callAbandoned
)

type call struct {
	ctx   context.Context
	fn    func(domain.FormTx) error
	state atomic.Uint32
	turn  chan *Tx   // committer → caller: run fn now, on this Tx
	ran   chan error // caller → committer: what fn returned
	done  chan error // committer → caller: the call's final outcome
}

func (c *call) take() bool { return c.state.CompareAndSwap(callQueued, callTaken) }

// run calls fn on the caller's goroutine and reports to the committer
// however fn ends.
func (c *call) run(t *Tx) {
	var err error
	returned := false
	defer func() {
		if !returned {
			if p := recover(); p != nil {
				err = &PanicError{Value: p, Stack: debug.Stack()}
			} else {
				err = errGoexit
			}
		}
		t.tx.(*cachedTx).ended.Store(true)
		c.ran <- err
	}()
	// A fn never starts once its caller has gone.
	if err = c.ctx.Err(); err == nil {
		if err = c.fn(t); err == nil {
			err = t.flushHeads()
		}
	}
	returned = true
}

// wait is the caller's side: it runs fn when handed the turn and returns
// the call's outcome. Before the committer has taken the call the caller
// may leave on ctx; after, it stays to learn whether its fn committed.
func (c *call) wait() error {
	cancelled := c.ctx.Done()
	for {
		select {
		case t := <-c.turn:
			c.run(t)
			return <-c.done
		case err := <-c.done:
			return err
		case <-cancelled:
			if c.state.CompareAndSwap(callQueued, callAbandoned) {
				return c.ctx.Err()
			}
			cancelled = nil
		}
	}
}

type committer struct {
	db     *DB
	mu     sync.Mutex
	queue  []*call
	closed bool
	wake   chan struct{} // capacity 1: "the queue may have grown"
	exited chan struct{}
}

func startCommitter(db *DB) *committer {
	g := &committer{db: db, wake: make(chan struct{}, 1), exited: make(chan struct{})}
	go g.loop()
	return g
}

func (g *committer) enqueue(c *call) error {
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return ErrClosed
	}
	g.queue = append(g.queue, c)
	g.mu.Unlock()
	g.signal()
	return nil
}

func (g *committer) signal() {
	select {
	case g.wake <- struct{}{}:
	default:
	}
}

// close stops taking new calls, fails those still queued, lets the batch
// in progress finish and waits for the committer to exit. It may be
// called more than once.
func (g *committer) close() {
	g.mu.Lock()
	g.closed = true
	left := g.queue
	g.queue = nil
	g.mu.Unlock()
	failCalls(left, ErrClosed)
	g.signal()
	<-g.exited
}

func (g *committer) loop() {
	defer close(g.exited)
	var batch []*call
	for {
		batch = g.next(batch[:0])
		if len(batch) == 0 {
			return
		}
		if rest := g.db.commitBatch(batch); len(rest) > 0 {
			g.mu.Lock()
			g.queue = append(append([]*call(nil), rest...), g.queue...)
			g.mu.Unlock()
		}
		clear(batch) // let finished calls be collected while idle
	}
}

// next blocks until calls are waiting and takes up to maxBatch of them in
// arrival order. Once closed it fails whatever is left (calls put back
// after a lost transaction) and returns none.
func (g *committer) next(buf []*call) []*call {
	g.mu.Lock()
	for len(g.queue) == 0 && !g.closed {
		g.mu.Unlock()
		<-g.wake
		g.mu.Lock()
	}
	if g.closed {
		left := g.queue
		g.queue = nil
		g.mu.Unlock()
		failCalls(left, ErrClosed)
		return nil
	}
	n := min(len(g.queue), maxBatch)
	buf = append(buf, g.queue[:n]...)
	k := copy(g.queue, g.queue[n:])
	clear(g.queue[k:])
	g.queue = g.queue[:k]
	g.mu.Unlock()
	return buf
}

// failCalls gives err to every call whose fn has not started.
func failCalls(calls []*call, err error) {
	for _, c := range calls {
		if c.take() {
			c.done <- err
		}
	}
}

// commitBatch runs the calls' fns in one transaction, each in its own
// savepoint, and commits them together. A call whose fn fails is rolled
// back to its savepoint and told at once; the others are told only after
// the COMMIT, so an acknowledged call is durable. If the transaction
// itself is lost, the calls that had run get the error and those not yet
// begun are returned to be run in the next batch.
func (db *DB) commitBatch(batch []*call) (requeue []*call) {
	sqltx, err := db.write.BeginTxx(context.Background(), nil)
	if err != nil {
		failCalls(batch, fmt.Errorf("sqlstore: begin: %w", err))
		return nil
	}
	bt := newBatchTx(sqltx, db.stmts)
	// A lone call needs no savepoint: if it fails, the whole transaction
	// is rolled back, and the call costs no more than before batching.
	savepoints := len(batch) > 1
	pending := make([]*call, 0, len(batch))
	for i, c := range batch {
		if !c.take() {
			continue
		}
		if err := c.ctx.Err(); err != nil {
			c.done <- err
			continue
		}
		wrote, lost := db.runCall(bt, c, savepoints)
		if wrote {
			pending = append(pending, c)
		}
		if lost != nil {
			sqltx.Rollback()
			err := fmt.Errorf("sqlstore: the transaction was lost: %w", lost)
			for _, c := range pending {
				c.done <- err
			}
			return batch[i+1:]
		}
	}
	if len(pending) == 0 {
		sqltx.Rollback()
		return nil
	}
	// A refused COMMIT (a deferred constraint, a busy lock) would leave the
	// transaction open; the driver rolls it back, so nothing of the batch
	// survives into the next one.
	err = sqltx.Commit()
	if err != nil {
		err = fmt.Errorf("sqlstore: commit: %w", err)
	}
	for _, c := range pending {
		c.done <- err
	}
	return nil
}

// runCall hands c its turn. wrote says whether c's writes now wait for
// the COMMIT, which then decides its outcome; a call whose fn failed is
// told at once. lost is a savepoint statement that failed: the
// transaction is then in an unknown state and must be given up.
func (db *DB) runCall(bt *batchTx, c *call, savepoint bool) (wrote bool, lost error) {
	if savepoint {
		if err := bt.exec(sqlSavepoint); err != nil {
			return true, err
		}
	}
	now := db.now()
	c.turn <- &Tx{tx: newCachedTx(bt, c.ctx), ctx: c.ctx, tokenKey: db.tokenKey, now: now, ts: formatTime(now)}
	if err := <-c.ran; err != nil {
		c.done <- err
		if savepoint {
			if lost = bt.exec(sqlRollbackTo); lost == nil {
				lost = bt.exec(sqlRelease)
			}
		}
		return false, lost
	}
	if savepoint {
		// RELEASE fails when SQLite has already rolled the whole
		// transaction back under fn, after an error fn did not return.
		lost = bt.exec(sqlRelease)
	}
	return true, lost
}
