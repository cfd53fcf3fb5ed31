package main

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/systemd/systemdtest"
	"github.com/arshline/arshline-sidecar/rpc"
)

// startRespondentDaemon runs arshlined with the spam defences off, as a
// submission storm from one test process needs (startDaemon also lets
// webhooks reach loopback receivers).
func startRespondentDaemon(t *testing.T, dir string) (*exec.Cmd, string) {
	t.Helper()
	return startDaemon(t, dir, "--submit-min-fill", "0", "--submit-per-client-per-minute", "0", "--submit-per-form-per-minute", "0", "--form-token-reuse")
}

// stormForm has ten questions, the size the submission benchmark uses.
var stormForm = map[string]any{"version": "arshline_form@v1", "fields": []any{
	map[string]any{"id": "name", "type": "text", "label": "نام", "required": true},
	map[string]any{"id": "mobile", "type": "text", "label": "موبایل", "format": "mobile_ir"},
	map[string]any{"id": "code", "type": "text", "label": "کد ملی", "format": "national_code"},
	map[string]any{"id": "email", "type": "email", "label": "ایمیل"},
	map[string]any{"id": "age", "type": "number", "label": "سن", "min": 1, "max": 120},
	map[string]any{"id": "city", "type": "select", "label": "شهر", "options": []any{
		map[string]any{"value": "thr", "label": "تهران"}, map[string]any{"value": "isf", "label": "اصفهان"}}},
	map[string]any{"id": "topics", "type": "checkbox", "label": "موضوع", "options": []any{
		map[string]any{"value": "a", "label": "الف"}, map[string]any{"value": "b", "label": "ب"}}},
	map[string]any{"id": "day", "type": "date", "label": "تاریخ", "calendar": "jalali"},
	map[string]any{"id": "score", "type": "rating", "label": "رضایت", "scale": map[string]any{"min": 1, "max": 5}},
	map[string]any{"id": "note", "type": "textarea", "label": "توضیح"},
}}

func stormAnswers(i int) map[string]any {
	return map[string]any{"name": fmt.Sprintf("پاسخ‌دهنده %d", i), "mobile": "۰۹۱۲۱۲۳۴۵۶۷", "code": "0013542419",
		"email": "a@example.com", "age": 20 + i%50, "city": []string{"thr", "isf"}[i%2], "topics": []string{"a", "b"},
		"day": "1403/12/30", "score": 1 + i%5, "note": "متن آزاد"}
}

// TestCrashSubmissionStorm kills the daemon with SIGKILL while clients
// submit, restarts it, sends again every submission whose reply was lost
// (same idempotency key, as a respondent's retry would), and checks that
// every acknowledged submission is there once, none is there twice, and
// the running counts results are read from agree with the rows.
func TestCrashSubmissionStorm(t *testing.T) {
	rounds := 12
	if testing.Short() {
		rounds = 4
	}
	dir := systemdtest.ShortTempDir(t)
	rng := rand.New(rand.NewSource(7))

	cmd, socket := startRespondentDaemon(t, dir)
	c, err := rpc.Dial(context.Background(), socket)
	if err != nil {
		t.Fatal(err)
	}
	// Every submission owes the form's webhook a delivery: a receiver
	// that verifies signatures and answers a little late, so deliveries
	// are in flight when the daemon dies.
	var secret string
	if db, err := sql.Open("sqlite", filepath.Join(dir, "d.db")+"?mode=ro"); err == nil {
		db.QueryRow("SELECT value FROM settings WHERE name = 'webhook_secret'").Scan(&secret)
		db.Close()
	}
	if secret == "" {
		t.Fatal("no webhook secret in the database")
	}
	var delayMu sync.Mutex
	delayRng := rand.New(rand.NewSource(9))
	hook := newWebhookReceiver(t, secret, func() time.Duration {
		delayMu.Lock()
		defer delayMu.Unlock()
		return time.Duration(delayRng.Intn(20)) * time.Millisecond
	})
	form := map[string]any{"version": stormForm["version"], "fields": stormForm["fields"],
		"settings": map[string]any{"webhooks": []any{map[string]any{"url": hook.URL + "/hook"}}}}
	var created struct {
		Form struct {
			ID int64 `json:"id"`
		} `json:"form"`
	}
	if err := c.Call(context.Background(), "forms.create", map[string]any{"title": "طوفان"}, &created); err != nil {
		t.Fatal(err)
	}
	var pub struct {
		Form struct {
			PublicToken string `json:"public_token"`
		} `json:"form"`
	}
	if err := c.Call(context.Background(), "forms.update", map[string]any{"id": created.Form.ID, "document": form}, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.Call(context.Background(), "forms.set_status", map[string]any{"id": created.Form.ID, "status": "published"}, &pub); err != nil {
		t.Fatal(err)
	}
	c.Close()
	token := pub.Form.PublicToken

	acked := map[string]int64{} // idempotency key → submission id
	var unanswered []string     // keys whose reply never came
	answersOf := map[string]int{}
	attempts := 0
	var mu sync.Mutex
	for round := 0; round < rounds; round++ {
		if round > 0 {
			cmd, socket = startRespondentDaemon(t, dir)
		}
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		for w := 0; w < 8; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				c, err := rpc.Dial(ctx, socket)
				if err != nil {
					return
				}
				defer c.Close()
				var pf struct {
					FormToken string `json:"form_token"`
				}
				if c.Call(ctx, "forms.public", map[string]any{"token": token}, &pf) != nil {
					return
				}
				for i := 0; ctx.Err() == nil; i++ {
					key := fmt.Sprintf("r%02d-w%d-%05d", round, w, i)
					n := round*100000 + w*10000 + i
					mu.Lock()
					attempts++
					answersOf[key] = n
					mu.Unlock()
					var r struct {
						SubmissionID int64 `json:"submission_id"`
					}
					err := c.Call(ctx, "submissions.submit", map[string]any{"token": token, "form_token": pf.FormToken,
						"answers": stormAnswers(n), "idempotency_key": key, "client": map[string]any{"ip_hash": key}}, &r)
					mu.Lock()
					if err == nil {
						acked[key] = r.SubmissionID
					} else {
						unanswered = append(unanswered, key)
					}
					mu.Unlock()
					if err != nil {
						return
					}
				}
			}(w)
		}
		time.Sleep(time.Duration(50+rng.Intn(250)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		cancel()
		wg.Wait()
	}

	// Back up: every lost reply is sent again with its key.
	cmd, socket = startRespondentDaemon(t, dir)
	defer func() { cmd.Process.Signal(syscall.SIGTERM); cmd.Wait() }()
	c, err = rpc.Dial(context.Background(), socket)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var pf struct {
		FormToken string `json:"form_token"`
	}
	if err := c.Call(context.Background(), "forms.public", map[string]any{"token": token}, &pf); err != nil {
		t.Fatal(err)
	}
	retried := 0
	for _, key := range unanswered {
		var r struct {
			SubmissionID int64 `json:"submission_id"`
		}
		if err := c.Call(context.Background(), "submissions.submit", map[string]any{"token": token, "form_token": pf.FormToken,
			"answers": stormAnswers(answersOf[key]), "idempotency_key": key, "client": map[string]any{"ip_hash": key}}, &r); err != nil {
			t.Errorf("retry of %s: %v", key, err)
			continue
		}
		retried++
	}

	// results.summary counts every answer not counted yet before it reads.
	if err := c.Call(context.Background(), "results.summary", map[string]any{"form_id": created.Form.ID}, nil); err != nil {
		t.Fatalf("results.summary: %v", err)
	}
	db, err := sql.Open("sqlite", filepath.Join(dir, "d.db")+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var integrity string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&integrity); err != nil || integrity != "ok" {
		t.Fatalf("integrity_check: %q %v", integrity, err)
	}
	lost, duplicated := 0, 0
	for key, id := range acked {
		var n int
		var got int64
		db.QueryRow("SELECT count(*), coalesce(max(id), 0) FROM submissions WHERE idempotency_key = ?", key).Scan(&n, &got)
		if n != 1 || got != id {
			lost++
			t.Errorf("acknowledged %s (id %d): %d rows, id %d", key, id, n, got)
		}
	}
	db.QueryRow("SELECT count(*) FROM (SELECT idempotency_key FROM submissions GROUP BY idempotency_key HAVING count(*) > 1)").Scan(&duplicated)
	if duplicated != 0 {
		t.Errorf("%d idempotency keys stored more than once", duplicated)
	}
	var rows, days, answered, searchable int64
	db.QueryRow("SELECT count(*) FROM submissions WHERE form_id = ?", created.Form.ID).Scan(&rows)
	db.QueryRow("SELECT coalesce(sum(count), 0) FROM submission_days WHERE form_id = ?", created.Form.ID).Scan(&days)
	db.QueryRow("SELECT coalesce(sum(count), 0) FROM answer_counts WHERE form_id = ? AND field_id = 'name' AND key = ''", created.Form.ID).Scan(&answered)
	db.QueryRow("SELECT count(*) FROM submissions_fts WHERE submissions_fts MATCH '\"پاسخ\"*'").Scan(&searchable)
	var totals, blocks int64
	db.QueryRow("SELECT coalesce(sum(count), 0) FROM answer_totals WHERE form_id = ? AND field_id = 'name' AND key = ''", created.Form.ID).Scan(&totals)
	db.QueryRow("SELECT coalesce(sum(count), 0) FROM answer_blocks WHERE form_id = ? AND field_id = 'name' AND key = ''", created.Form.ID).Scan(&blocks)
	if rows != days || rows != answered || rows != searchable || rows != totals || rows != blocks {
		t.Errorf("%d submissions, but the day counts say %d, the answer counts %d, the totals %d, the blocks %d and the search index %d", rows, days, answered, totals, blocks, searchable)
	}
	var owed int64
	db.QueryRow("SELECT count(*) FROM webhook_outbox WHERE form_id = ?", created.Form.ID).Scan(&owed)
	if owed != rows {
		t.Errorf("%d submissions but %d webhook deliveries owed, want one each", rows, owed)
	}
	db.Close()
	repeated, extra := checkWebhooksDelivered(t, filepath.Join(dir, "d.db"), hook, 90*time.Second)
	t.Logf("submission crash suite: %d rounds, %d submissions attempted, %d acknowledged, %d replies lost and sent again (%d accepted), %d rows; %d acknowledged lost, %d keys duplicated; %d webhook deliveries all received after the restart, %d received more than once (%d extra POSTs)",
		rounds, attempts, len(acked), len(unanswered), retried, rows, lost, duplicated, owed, repeated, extra)
	if len(acked) == 0 || len(unanswered) == 0 {
		t.Fatal("no submission was acknowledged, or none was cut off by a kill: the suite tested nothing")
	}
}
