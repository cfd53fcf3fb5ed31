package bench

import (
	"context"
	"runtime"
	"testing"

	"github.com/arshline/arshline-sidecar/rpc"
	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// BenchmarkMariaDBCalls runs the load tool's ai.execute (a 3-step plan)
// and submissions.submit (ten answers) through the socket of a whole
// daemon on a private MariaDB, 16 clients, with the spam defences off as
// bench/multihost.sh runs them. The server is another process: a CPU
// profile of this benchmark is the daemon's own work per call (and the
// load clients'), which is what bench/multihost-cost.sh reports as
// arshlined CPU.
//
//	go test ./bench -run '^$' -bench MariaDBCalls -benchtime 3000x -cpuprofile cpu.out
func BenchmarkMariaDBCalls(b *testing.B) {
	ctx := context.Background()
	sock := startDaemon(b, "--db", mariadbtest.NewDatabase(b), "--submit-min-fill", "0", "--submit-per-client-per-minute", "0",
		"--submit-per-form-per-minute", "0", "--form-token-reuse", "--rate-per-minute", "1000000")
	setup, err := rpc.Dial(ctx, sock)
	if err != nil {
		b.Fatal(err)
	}
	defer setup.Close()
	st := &state{}
	if st.submitParams, err = publishForSubmissions(ctx, setup); err != nil {
		b.Fatal(err)
	}
	for _, method := range []string{"ai.execute", "submissions.submit"} {
		b.Run(method, func(b *testing.B) {
			call := calls[method]
			b.SetParallelism((16 + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				c, err := dialSync(ctx, sock)
				if err != nil {
					b.Error(err)
					return
				}
				defer c.Close()
				for pb.Next() {
					if err := call(ctx, c, st); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}
