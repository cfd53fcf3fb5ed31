// Command dbceiling measures a MariaDB or MySQL server's single-row
// durable insert rate: N clients, each inserting one row per transaction
// (autocommit, so each waits for its commit), for a duration. It is the
// ceiling the store's own write rate is set against
// (bench/multihost.sh, docs/PERFORMANCE.md).
//
//	dbceiling --db mysql://USER:PASS@unix(/path)/DB --clients N --duration D
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/arshline/arshline-sidecar/sqlstore"
)

func main() {
	addr := flag.String("db", "", "mysql:// address of the database (a table dbceiling_rows is made and dropped)")
	clients := flag.Int("clients", 16, "concurrent clients")
	duration := flag.Duration("duration", 4*time.Second, "how long to insert")
	flag.Parse()
	target, err := sqlstore.ParseMySQL(*addr, os.Getenv("ARSHLINE_DB_PASSWORD"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "dbceiling:", err)
		os.Exit(2)
	}
	conn, err := mysql.NewConnector(target.Config)
	if err != nil {
		fmt.Fprintln(os.Stderr, "dbceiling:", err)
		os.Exit(2)
	}
	db := sql.OpenDB(conn)
	db.SetMaxOpenConns(*clients)
	defer db.Close()
	table := target.Prefix + "dbceiling_rows"
	if _, err := db.Exec("CREATE TABLE IF NOT EXISTS " + table + " (id BIGINT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(64) NOT NULL) ENGINE=InnoDB"); err != nil {
		fmt.Fprintln(os.Stderr, "dbceiling:", err)
		os.Exit(1)
	}
	defer db.Exec("DROP TABLE " + table)
	ctx, cancel := context.WithTimeout(context.Background(), *duration)
	defer cancel()
	var n, failed atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range *clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				if _, err := db.ExecContext(ctx, "INSERT INTO "+table+" (v) VALUES (?)", "a row of one insert"); err != nil {
					if ctx.Err() == nil {
						failed.Add(1)
					}
					continue
				}
				n.Add(1)
			}
		}()
	}
	wg.Wait()
	secs := time.Since(start).Seconds()
	fmt.Printf("clients %d: %d single-row durable inserts in %.1f s, %.0f/s (%d failed)\n", *clients, n.Load(), secs, float64(n.Load())/secs, failed.Load())
}
