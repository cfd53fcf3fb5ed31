package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/sms/smstest"
	"github.com/arshline/arshline-sidecar/daemon/systemd/systemdtest"
	"github.com/arshline/arshline-sidecar/rpc"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// slowProvider is a Kavenegar fake behind a proxy that answers late, so
// that texts are under way when the daemon dies.
func slowProvider(t *testing.T, f *smstest.Fake, delay func() time.Duration) string {
	t.Helper()
	target, _ := url.Parse(f.URL())
	proxy := httputil.NewSingleHostReverseProxy(target)
	// A request cut off by the kill is the point of the suite, not news.
	proxy.ErrorLog = log.New(io.Discard, "", 0)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(delay())
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// mailbox stands in for wp_mail: it records every mail the "plugin"
// sent, by delivery id.
type mailbox struct {
	mu   sync.Mutex
	seen map[int64]int
}

// pull is the plugin's pull: claim due mails, "send" each, report it.
// A kill between the claim and the report leaves the mail leased; it
// comes due again, with the same id, when the lease ends.
func (m *mailbox) pull(ctx context.Context, socket string) {
	c, err := rpc.Dial(ctx, socket)
	if err != nil {
		return
	}
	defer c.Close()
	actor := map[string]any{"user_id": 0, "caps": []string{"manage_arshline_forms"}, "locale": "fa_IR", "site_id": 1}
	for ctx.Err() == nil {
		var got struct {
			Deliveries []struct {
				ID int64 `json:"id"`
			} `json:"deliveries"`
		}
		if err := c.Call(ctx, "notifications.email.claim", map[string]any{"limit": 5, "actor": actor}, &got); err != nil {
			return
		}
		for _, d := range got.Deliveries {
			m.mu.Lock()
			m.seen[d.ID]++
			m.mu.Unlock()
			time.Sleep(3 * time.Millisecond)
			if err := c.Call(ctx, "notifications.email.report", map[string]any{"id": d.ID, "ok": true, "actor": actor}, nil); err != nil {
				return
			}
		}
		if len(got.Deliveries) == 0 {
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// TestCrashNotificationDeliveries kills the daemon with SIGKILL at random
// moments while notifications are owed, texted through a slow provider
// and mailed by a plugin's pulls, restarts it, and checks that every
// delivery owed reaches its receiver at least once — every text at the
// provider, every mail under its own delivery id — and that repeats are
// only those a kill cut short (reported).
func TestCrashNotificationDeliveries(t *testing.T) {
	rounds := 8
	if testing.Short() {
		rounds = 3
	}
	dir := systemdtest.ShortTempDir(t)
	dbPath := filepath.Join(dir, "d.db")
	rng := rand.New(rand.NewSource(11))
	f := smstest.New(t, "kavenegar", "4F5A6B7C8D9E0F1A2B3C", "10004346")
	f.SetCredit(1 << 30)
	f.Approve("new", "token")
	var delayMu sync.Mutex
	delayRng := rand.New(rand.NewSource(12))
	base := slowProvider(t, f, func() time.Duration {
		delayMu.Lock()
		defer delayMu.Unlock()
		return time.Duration(delayRng.Intn(40)) * time.Millisecond
	})
	start := func() (*exec.Cmd, string) {
		return startDaemon(t, dir, "--notify-timeout", "2s", "--notify-email-lease", "3s", "--notify-retry-base", "200ms",
			"--notify-per-form-per-hour", "0", "--notify-per-receiver-per-hour", "0")
	}

	store, err := sqlstore.Open(context.Background(), dbPath, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	settings, _ := json.Marshal(map[string]any{"provider": "kavenegar", "api_key": f.Key, "sender": f.Sender, "base_url": base, "admin_mobile": "09350001122"})
	if err := store.PutSetting(context.Background(), 1, "sms_config", settings, &domain.AuditEntry{Action: "sms.settings.set", Details: json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}

	box := &mailbox{seen: map[int64]int{}}
	owed, submission := 0, int64(0)
	killDuringLoad(t, rounds, rng, start, func(ctx context.Context, socket string, round int) {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { defer wg.Done(); box.pull(ctx, socket) }()
		defer wg.Wait()
		for ctx.Err() == nil {
			submission++
			mobile := fmt.Sprintf("0912%07d", submission)
			entries := []*domain.Notification{
				{SiteID: 1, FormID: 1, SubmissionID: submission, Notice: 0, Channel: domain.ChannelSMS, Receiver: mobile,
					Payload: json.RawMessage(fmt.Sprintf(`{"text":"کد رهگیری R%dS%d"}`, round, submission))},
				{SiteID: 1, FormID: 1, SubmissionID: submission, Notice: 1, Channel: domain.ChannelSMS, Receiver: "admin",
					Payload: json.RawMessage(fmt.Sprintf(`{"pattern":{"code":"new","params":[{"name":"token","value":"R%dS%d"}]}}`, round, submission))},
				{SiteID: 1, FormID: 1, SubmissionID: submission, Notice: 2, Channel: domain.ChannelEmail, Receiver: "admin",
					Payload: json.RawMessage(fmt.Sprintf(`{"subject":"پاسخ تازه","body":"R%dS%d"}`, round, submission))},
			}
			err := store.UpdateSubmissions(context.Background(), func(tx domain.SubmissionTx) error {
				return tx.EnqueueNotifications(domain.NotificationLimits{}, entries...)
			})
			if err != nil {
				t.Errorf("enqueue beside the daemon: %v", err)
				return
			}
			owed += len(entries)
			time.Sleep(15 * time.Millisecond)
		}
	})

	cmd, socket := start()
	defer func() { cmd.Process.Signal(syscall.SIGTERM); cmd.Wait() }()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); box.pull(ctx, socket) }()
	began := time.Now()
	db, err := sql.Open("sqlite", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(90 * time.Second)
	for {
		var left int
		if err := db.QueryRow("SELECT count(*) FROM notification_outbox WHERE sent_at IS NULL").Scan(&left); err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			var kinds string
			db.QueryRow("SELECT group_concat(DISTINCT coalesce(error_kind, '-') || ':' || coalesce(last_error, '')) FROM notification_outbox WHERE sent_at IS NULL").Scan(&kinds)
			t.Fatalf("%d deliveries still owed after the restart (%s)", left, kinds)
		}
		time.Sleep(100 * time.Millisecond)
	}
	cancel()
	wg.Wait()

	// Every text at the provider: each row's text (or pattern value) is
	// its own, so the provider's messages name the rows they carry.
	received := map[string]int{}
	for _, m := range f.Sent() {
		key := m.To + "|" + m.Text
		if m.Pattern != "" {
			key = m.To + "|" + m.Pattern + ":" + m.Params["token"]
		}
		received[key]++
	}
	rows, err := db.Query("SELECT id, channel, receiver, payload, attempts FROM notification_outbox")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n, repeatedTexts, repeatedMails, retried := 0, 0, 0, 0
	inDB := map[int64]bool{}
	for rows.Next() {
		var id int64
		var channel, receiver, payload string
		var attempts int
		rows.Scan(&id, &channel, &receiver, &payload, &attempts)
		n++
		inDB[id] = true
		if attempts > 1 {
			retried++
		}
		if channel == domain.ChannelEmail {
			box.mu.Lock()
			got := box.seen[id]
			box.mu.Unlock()
			if got == 0 {
				t.Errorf("mail %d is marked sent but the plugin never sent it", id)
			}
			if got > 1 {
				repeatedMails++
			}
			continue
		}
		var p struct {
			Text    string `json:"text"`
			Pattern *struct {
				Code   string `json:"code"`
				Params []struct{ Name, Value string }
			} `json:"pattern"`
		}
		json.Unmarshal([]byte(payload), &p)
		to := receiver
		if to == "admin" {
			to = "09350001122"
		}
		key := to + "|" + p.Text
		if p.Pattern != nil {
			key = to + "|" + p.Pattern.Code + ":" + p.Pattern.Params[0].Value
		}
		switch received[key] {
		case 0:
			t.Errorf("text %d (%s) is marked sent but the provider never got it", id, key)
		case 1:
		default:
			repeatedTexts++
		}
		delete(received, key)
	}
	for key := range received {
		t.Errorf("the provider got a text no delivery owes: %s", key)
	}
	box.mu.Lock()
	for id := range box.seen {
		if !inDB[id] {
			t.Errorf("a mail %d the outbox does not hold", id)
		}
	}
	box.mu.Unlock()
	t.Logf("notification crash suite: %d rounds, %d deliveries owed (%d rows), all sent %v after the last restart; %d attempted again after a kill; %d texts and %d mails received more than once, none lost",
		rounds, owed, n, time.Since(began).Round(100*time.Millisecond), retried, repeatedTexts, repeatedMails)
	if owed == 0 || n != owed {
		t.Fatalf("%d owed, %d rows: the suite checked nothing", owed, n)
	}
	if retried == 0 {
		t.Error("no delivery was under way at any kill: the suite did not test recovery")
	}
}
