package main

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
	"github.com/arshline/arshline-sidecar/daemon/sms"
	"github.com/arshline/arshline-sidecar/daemon/sms/smstest"
	"github.com/arshline/arshline-sidecar/daemon/submissions"
	"github.com/arshline/arshline-sidecar/daemon/systemd/systemdtest"
	"github.com/arshline/arshline-sidecar/rpc"
	"github.com/arshline/arshline-sidecar/sqlstore"
	"github.com/arshline/arshline-sidecar/sqlstore/mariadbtest"
)

// codeInText finds the code in the text that carries it.
var codeInText = regexp.MustCompile(`: ([0-9]{6})\n`)

// host is one web host's daemon in the two-host tests: its own socket,
// state directory and logs, the shared MariaDB store, and the flags of
// the test.
type host struct {
	name, dir, socket, addr, passFile string
	flags                             []string
	cmd                               *exec.Cmd
}

// startHosts starts two daemons, as two web hosts do (web1 and web2),
// the first on dbs[0] and the second on dbs[1] — one database as one
// server serves it twice, or as two nodes of a cluster do — each with
// flags besides its own socket, directories and node name; they are
// stopped when t ends.
func startHosts(t *testing.T, dbs []mariadbtest.Database, flags ...string) []*host {
	t.Helper()
	mdb := dbs[0]
	base := systemdtest.ShortTempDir(t)
	passFile := filepath.Join(base, "db-password")
	if err := os.WriteFile(passFile, []byte(mdb.Password), 0o600); err != nil {
		t.Fatal(err)
	}
	hosts := make([]*host, 2)
	t.Cleanup(func() {
		for _, h := range hosts {
			if h != nil && h.cmd != nil && h.cmd.ProcessState == nil {
				h.stop()
			}
		}
	})
	for i := range hosts {
		name := "web" + strconv.Itoa(i+1)
		dir := filepath.Join(base, name)
		os.MkdirAll(dir, 0o750)
		hosts[i] = &host{name: name, dir: dir, socket: filepath.Join(dir, "d.sock"), addr: dbs[i].Address("arsh_", false), passFile: passFile, flags: flags}
		hosts[i].start(t)
	}
	return hosts
}

func (h *host) start(t *testing.T) {
	t.Helper()
	notify, msgs := systemdtest.NotifySocket(t)
	cmd := exec.Command(daemonBin, append([]string{"--socket", h.socket, "--db", h.addr, "--db-password-file", h.passFile, "--node-name", h.name,
		"--log-dir", filepath.Join(h.dir, "logs"), "--upload-dir", filepath.Join(h.dir, "uploads")}, h.flags...)...)
	cmd.Env = append(os.Environ(), "NOTIFY_SOCKET="+notify, "STATE_DIRECTORY="+h.dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	systemdtest.WaitFor(t, msgs, "READY=1", 20*time.Second)
	h.cmd = cmd
}

func (h *host) kill() {
	h.cmd.Process.Signal(syscall.SIGKILL)
	h.cmd.Wait()
}

func (h *host) stop() {
	h.cmd.Process.Signal(syscall.SIGTERM)
	h.cmd.Wait()
}

// publishForm makes a form titled title with doc through c and
// publishes it, and returns its id and public token.
func publishForm(t *testing.T, c *rpc.Client, title string, doc map[string]any) (id int64, token string) {
	t.Helper()
	ctx := context.Background()
	var created struct {
		Form struct {
			ID int64 `json:"id"`
		} `json:"form"`
	}
	var pub struct {
		Form struct {
			PublicToken string `json:"public_token"`
		} `json:"form"`
	}
	if err := c.Call(ctx, "forms.create", map[string]any{"title": title}, &created); err != nil {
		t.Fatal(err)
	}
	if err := c.Call(ctx, "forms.update", map[string]any{"id": created.Form.ID, "document": doc}, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.Call(ctx, "forms.set_status", map[string]any{"id": created.Form.ID, "status": "published"}, &pub); err != nil {
		t.Fatal(err)
	}
	return created.Form.ID, pub.Form.PublicToken
}

// outcomes counts errs that are none and the refusals with the code
// refused, failing t on any other error of what.
func outcomes(t *testing.T, what string, errs []error, refused string) (ok, limited int) {
	t.Helper()
	for _, err := range errs {
		switch codeOf(err) {
		case "":
			ok++
		case refused:
			limited++
		default:
			t.Fatalf("%s: %v", what, err)
		}
	}
	return ok, limited
}

// codeOf is the error code err carries, its text when it is no RPC
// error, and "" for none.
func codeOf(err error) string {
	var re *rpc.Error
	if errors.As(err, &re) {
		return re.CodeName()
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

// TestTwoDaemonsOneMariaDBCrash runs two daemons, as two web hosts do, on
// one MariaDB database, and clients on both executing three-step plans
// and submitting answers to one form with a webhook; each round one host,
// chosen at random, is killed with SIGKILL at a random moment while the
// other keeps serving, then started again. Afterwards: every acknowledged
// execution is whole, none is partly there, every acknowledged
// submission is stored once (replies lost are sent again with their
// idempotency key, to the other host), counts agree with the rows, and
// every webhook delivery owed reaches the receiver, signed.
func TestTwoDaemonsOneMariaDBCrash(t *testing.T) {
	rounds := 8
	if testing.Short() {
		rounds = 3
	}
	mdb := mariadbtest.Create(t)
	twoDaemonsCrash(t, []mariadbtest.Database{mdb, mdb}, rounds)
}

// TestTwoDaemonsOnGaleraCrash: the same, with each daemon on its own
// node of a Galera cluster, in fewer rounds.
func TestTwoDaemonsOnGaleraCrash(t *testing.T) {
	twoDaemonsCrash(t, mariadbtest.CreateGalera(t), 3)
}

// twoDaemonsCrash runs the crash suite with a daemon on each of dbs, one
// database as two servers (or one server twice) serve it.
func twoDaemonsCrash(t *testing.T, dbs []mariadbtest.Database, rounds int) {
	mdb := dbs[0]
	hosts := startHosts(t, dbs, "--webhooks-allow-loopback-http", "--submit-min-fill", "0", "--submit-per-client-per-minute", "0",
		"--submit-per-form-per-minute", "0", "--form-token-reuse")
	store, err := sqlstore.Open(context.Background(), mdb.Address("arsh_", true), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	secret, err := store.WebhookSecret(context.Background(), 1)
	store.Close()
	if err != nil {
		t.Fatal(err)
	}
	hook := newWebhookReceiver(t, secret, func() time.Duration { return 0 })

	c, err := rpc.Dial(context.Background(), hosts[0].socket)
	if err != nil {
		t.Fatal(err)
	}
	form := map[string]any{"version": stormForm["version"], "fields": stormForm["fields"],
		"settings": map[string]any{"webhooks": []any{map[string]any{"url": hook.URL + "/hook"}}}}
	formID, token := publishForm(t, c, "دو میزبان", form)
	c.Close()

	rng := rand.New(rand.NewSource(11))
	var mu sync.Mutex
	var acked []ack
	var attemptedPlans []string
	ackedSubs := map[string]int64{}
	answersOf := map[string]int{}
	var unanswered []string
	killed := map[string]int{}
	for round := range rounds {
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		for hi, h := range hosts {
			for w := range 3 {
				wg.Add(2)
				go func() { // plans
					defer wg.Done()
					c, err := rpc.Dial(ctx, h.socket)
					if err != nil {
						return
					}
					defer c.Close()
					for i := 0; ctx.Err() == nil; i++ {
						reqID := fmt.Sprintf("%02x%x%x%06x", round, hi, w, i)
						mu.Lock()
						attemptedPlans = append(attemptedPlans, reqID)
						mu.Unlock()
						var res struct {
							UndoTokens   []string `json:"undo_tokens"`
							FormsTouched []int64  `json:"forms_touched"`
						}
						if err := c.Call(ctx, "ai.execute", map[string]any{"plan": threeStepPlan, "confirm": true, "req_id": reqID}, &res); err != nil {
							// A reply cut off by the kill is expected; an
							// error the daemon answered is not.
							var re *rpc.Error
							if errors.As(err, &re) {
								t.Errorf("ai.execute %s: %v", reqID, err)
							}
							return
						}
						mu.Lock()
						acked = append(acked, ack{reqID: reqID, formID: res.FormsTouched[0], tokens: res.UndoTokens})
						mu.Unlock()
					}
				}()
				go func() { // submissions
					defer wg.Done()
					c, err := rpc.Dial(ctx, h.socket)
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
						key := fmt.Sprintf("s%02d-h%d-w%d-%05d", round, hi, w, i)
						n := round*100000 + hi*10000 + w*1000 + i
						mu.Lock()
						answersOf[key] = n
						mu.Unlock()
						var r struct {
							SubmissionID int64 `json:"submission_id"`
						}
						err := c.Call(ctx, "submissions.submit", map[string]any{"token": token, "form_token": pf.FormToken,
							"answers": stormAnswers(n), "idempotency_key": key, "client": map[string]any{"ip_hash": key}}, &r)
						mu.Lock()
						if err == nil {
							ackedSubs[key] = r.SubmissionID
						} else {
							unanswered = append(unanswered, key)
						}
						mu.Unlock()
						var re *rpc.Error
						if errors.As(err, &re) {
							t.Errorf("submissions.submit %s: %v", key, err)
						}
						if err != nil {
							return
						}
					}
				}()
			}
		}
		victim := hosts[rng.Intn(2)]
		time.Sleep(time.Duration(100+rng.Intn(400)) * time.Millisecond)
		victim.kill()
		killed[victim.name]++
		// The other host keeps serving its clients a while alone.
		time.Sleep(time.Duration(50+rng.Intn(150)) * time.Millisecond)
		cancel()
		wg.Wait()
		victim.start(t)
	}

	// Every lost reply is sent again, with its key, to the other host.
	c, err = rpc.Dial(context.Background(), hosts[1].socket)
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
	for _, key := range unanswered {
		var r struct {
			SubmissionID int64 `json:"submission_id"`
		}
		if err := c.Call(context.Background(), "submissions.submit", map[string]any{"token": token, "form_token": pf.FormToken,
			"answers": stormAnswers(answersOf[key]), "idempotency_key": key, "client": map[string]any{"ip_hash": key}}, &r); err != nil {
			t.Errorf("retry of %s: %v", key, err)
		}
	}
	if err := c.Call(context.Background(), "results.summary", map[string]any{"form_id": formID}, nil); err != nil {
		t.Fatalf("results.summary: %v", err)
	}

	target, err := sqlstore.ParseMySQL(mdb.Address("arsh_", true), "")
	if err != nil {
		t.Fatal(err)
	}
	cfg := target.Config.Clone()
	conn, err := mysql.NewConnector(cfg)
	if err != nil {
		t.Fatal(err)
	}
	db := sql.OpenDB(conn)
	defer db.Close()
	count := func(q string, args ...any) int64 {
		t.Helper()
		var n int64
		if err := db.QueryRow(q, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	whole, partial := 0, 0
	for _, a := range acked {
		if count("SELECT count(*) FROM arsh_audit_log WHERE req_id = ?", a.reqID) != 3 ||
			count("SELECT count(*) FROM arsh_form_versions WHERE form_id = ? AND source = 'planner'", a.formID) != 3 {
			t.Errorf("acknowledged execution %s is not whole", a.reqID)
			continue
		}
		whole++
	}
	for _, id := range attemptedPlans {
		if n := count("SELECT count(*) FROM arsh_audit_log WHERE req_id = ?", id); n != 0 && n != 3 {
			partial++
			t.Errorf("execution %s is partly present: %d of 3 audit rows", id, n)
		}
	}
	if n := count(`SELECT count(*) FROM arsh_forms f WHERE f.head_version_id IS NULL OR f.head_version_id !=
		(SELECT id FROM arsh_form_versions v WHERE v.form_id = f.id ORDER BY seq DESC LIMIT 1)`); n != 0 {
		t.Errorf("%d forms whose head is not their newest version", n)
	}
	lost := 0
	for key, id := range ackedSubs {
		var n, got int64
		db.QueryRow("SELECT count(*), coalesce(max(id), 0) FROM arsh_submissions WHERE idempotency_key = ?", key).Scan(&n, &got)
		if n != 1 || got != id {
			lost++
			t.Errorf("acknowledged submission %s (id %d): %d rows, id %d", key, id, n, got)
		}
	}
	rows := count("SELECT count(*) FROM arsh_submissions WHERE form_id = ?", formID)
	days := count("SELECT coalesce(sum(count), 0) FROM arsh_submission_days WHERE form_id = ?", formID)
	answered := count("SELECT coalesce(sum(count), 0) FROM arsh_answer_totals WHERE form_id = ? AND field_id = 'name' AND `key` = ''", formID)
	owed := count("SELECT count(*) FROM arsh_webhook_outbox WHERE form_id = ?", formID)
	if rows != days || rows != answered || rows != owed {
		t.Errorf("%d submissions, but %d by the day counts, %d by the answer totals and %d webhook deliveries owed", rows, days, answered, owed)
	}
	deadline := time.Now().Add(90 * time.Second)
	for count("SELECT count(*) FROM arsh_webhook_outbox WHERE delivered_at IS NULL") != 0 {
		if time.Now().After(deadline) {
			t.Fatal("webhook deliveries still owed 90 s after the last round")
		}
		time.Sleep(200 * time.Millisecond)
	}
	hook.mu.Lock()
	missing, repeated := 0, 0
	ids, err := db.Query("SELECT id FROM arsh_webhook_outbox")
	if err != nil {
		t.Fatal(err)
	}
	for ids.Next() {
		var id int64
		ids.Scan(&id)
		switch n := hook.seen[strconv.FormatInt(id, 10)]; {
		case n == 0:
			missing++
		case n > 1:
			repeated++
		}
	}
	ids.Close()
	forged := hook.forged
	hook.mu.Unlock()
	if missing != 0 || forged != 0 {
		t.Errorf("%d deliveries marked delivered never reached the receiver, %d forged", missing, forged)
	}
	t.Logf("two-daemon crash suite: %d rounds (web1 killed %d times, web2 %d), %d plans attempted, %d acknowledged and whole, %d partial; %d submissions acknowledged, %d replies lost and sent again, %d rows, %d acknowledged lost; %d webhook deliveries all received, %d more than once",
		rounds, killed["web1"], killed["web2"], len(attemptedPlans), whole, partial, len(ackedSubs), len(unanswered), rows, lost, owed, repeated)
	if len(acked) == 0 || len(ackedSubs) == 0 {
		t.Fatal("nothing was acknowledged: the suite tested nothing")
	}
}

// TestTwoDaemonsShareUndoUniqueAndLimits: two daemons on one MariaDB,
// called at once: one undo token undoes once, whichever hosts it reaches;
// one national code is kept once on a form with a unique question; a
// client's per-minute submission budget is spent once across both hosts.
func TestTwoDaemonsShareUndoUniqueAndLimits(t *testing.T) {
	mdb := mariadbtest.Create(t)
	twoDaemonsShare(t, []mariadbtest.Database{mdb, mdb})
}

// TestTwoDaemonsOnGaleraShareUndoUniqueAndLimits: the same, with each
// daemon on its own node of a Galera cluster, where a row lock holds on
// its node only and the cluster refuses the second of two conflicting
// commits, which the daemon runs again.
func TestTwoDaemonsOnGaleraShareUndoUniqueAndLimits(t *testing.T) {
	twoDaemonsShare(t, mariadbtest.CreateGalera(t))
}

// twoDaemonsShare runs a daemon on each of dbs, one database as two
// servers (or one server twice) serve it, and calls both at once.
func twoDaemonsShare(t *testing.T, dbs []mariadbtest.Database) {
	const budget = 4
	const mobileBudget, clientBudget = 3, 2
	const maxJobs = 2
	const uploadStarts = 2
	const uploadBytes = 4 << 10
	// A model that answers late: Hosha2 jobs stay running while the test
	// counts them.
	model := llmtest.New(t)
	model.Then(func(llmtest.Request) llmtest.Reply {
		return llmtest.Reply{Content: hosha2Answer, Delay: 30 * time.Second}
	})
	mdb, hosts := dbs[0], startHosts(t, dbs, "--submit-min-fill", "0", "--submit-per-client-per-minute", strconv.Itoa(budget), "--submit-per-form-per-minute", "0",
		"--otp-per-mobile-per-hour", strconv.Itoa(mobileBudget), "--otp-per-client-per-hour", strconv.Itoa(clientBudget), "--otp-resend-after", "1ms",
		"--openai-base-url", model.URL(), "--openai-model", "test-model", "--hosha2-max-running", strconv.Itoa(maxJobs),
		"--upload-starts-per-minute", strconv.Itoa(uploadStarts), "--upload-client-bytes-per-hour", strconv.Itoa(uploadBytes))
	clients := make([]*rpc.Client, len(hosts))
	for i, h := range hosts {
		c, err := rpc.Dial(context.Background(), h.socket)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		clients[i] = c
	}
	ctx := context.Background()
	// onBoth calls fn n times on each host at once and returns the
	// errors, host by host.
	onBoth := func(n int, fn func(c *rpc.Client, i int) error) []error {
		errs := make([]error, 2*n)
		var wg sync.WaitGroup
		for h, c := range clients {
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[h*n+i] = fn(c, h*n+i)
				}()
			}
		}
		wg.Wait()
		return errs
	}

	t.Run("an undo token undoes once across hosts", func(t *testing.T) {
		var res struct {
			UndoTokens []string `json:"undo_tokens"`
		}
		if err := clients[0].Call(ctx, "ai.execute", map[string]any{"plan": threeStepPlan, "confirm": true, "req_id": "abcdef01"}, &res); err != nil {
			t.Fatal(err)
		}
		errs := onBoth(4, func(c *rpc.Client, _ int) error {
			return c.Call(ctx, "ai.undo", map[string]any{"token": res.UndoTokens[2]}, nil)
		})
		if ok, _ := outcomes(t, "undo", errs, "ALREADY_UNDONE"); ok != 1 {
			t.Fatalf("%d undos succeeded, want 1", ok)
		}
	})

	publish := func(t *testing.T, doc map[string]any) (int64, string) {
		t.Helper()
		return publishForm(t, clients[0], "یکتا", doc)
	}
	submit := func(c *rpc.Client, token string, answers map[string]any, client string) error {
		var pf struct {
			FormToken string `json:"form_token"`
		}
		if err := c.Call(ctx, "forms.public", map[string]any{"token": token}, &pf); err != nil {
			return err
		}
		return c.Call(ctx, "submissions.submit", map[string]any{"token": token, "form_token": pf.FormToken,
			"answers": answers, "client": map[string]any{"ip_hash": client}}, nil)
	}

	// uploadForm publishes a form whose one question, doc, takes a file.
	uploadForm := func(t *testing.T) string {
		_, token := publish(t, map[string]any{"version": "arshline_form@v1", "fields": []any{
			map[string]any{"id": "doc", "type": "file", "label": "پیوست"}}})
		return token
	}
	type chunkReply struct {
		UploadID string  `json:"upload_id"`
		Host     *string `json:"host"`
	}
	// chunk sends n bytes at offset of an upload of size bytes to the
	// form of token through c, as client; no uploadID begins an upload.
	chunk := func(c *rpc.Client, token, client, uploadID string, size, offset, n int, final bool) (chunkReply, error) {
		var pf struct {
			FormToken string `json:"form_token"`
		}
		var r chunkReply
		if err := c.Call(ctx, "forms.public", map[string]any{"token": token}, &pf); err != nil {
			return r, err
		}
		err := c.Call(ctx, "submissions.upload", map[string]any{"token": token, "form_token": pf.FormToken, "field": "doc",
			"name": "a.bin", "size": size, "upload_id": uploadID, "offset": offset, "data": base64.StdEncoding.EncodeToString(make([]byte, n)),
			"final": final, "client": map[string]any{"ip_hash": client}}, &r)
		return r, err
	}

	t.Run("a unique answer is kept once across hosts", func(t *testing.T) {
		doc := map[string]any{"version": "arshline_form@v1", "fields": []any{
			map[string]any{"id": "nc", "type": "text", "label": "کد ملی", "format": "national_code", "required": true, "unique": true}}}
		_, token := publish(t, doc)
		errs := onBoth(3, func(c *rpc.Client, i int) error {
			// Each from its own address, so that only uniqueness decides.
			return submit(c, token, map[string]any{"nc": "0013542419"}, "person-"+strconv.Itoa(i))
		})
		if ok, _ := outcomes(t, "submit", errs, "INVALID_SUBMISSION"); ok != 1 {
			t.Fatalf("%d entries kept with one national code, want 1", ok)
		}
	})

	t.Run("a client's budget is spent once across hosts", func(t *testing.T) {
		doc := map[string]any{"version": "arshline_form@v1", "fields": []any{
			map[string]any{"id": "name", "type": "text", "label": "نام"}}}
		_, token := publish(t, doc)
		errs := onBoth(4, func(c *rpc.Client, i int) error {
			return submit(c, token, map[string]any{"name": "x" + strconv.Itoa(i)}, "one-address")
		})
		ok, limited := outcomes(t, "submit", errs, "RATE_LIMIT")
		if ok != budget || limited != 8-budget {
			t.Fatalf("%d accepted and %d refused from one address over two hosts; want %d and %d", ok, limited, budget, 8-budget)
		}
	})

	t.Run("OTP texts are counted once across hosts", func(t *testing.T) {
		fake := smstest.New(t, sms.Kavenegar, "4F5A6B7C8D9E0F1A2B3C", "10004346")
		if err := clients[0].Call(ctx, "sms.settings.set", map[string]any{"provider": sms.Kavenegar, "api_key": fake.Key,
			"sender": fake.Sender, "base_url": fake.URL()}, nil); err != nil {
			t.Fatal(err)
		}
		_, token := publish(t, map[string]any{"version": "arshline_form@v1", "fields": []any{
			map[string]any{"id": "mobile", "type": "text", "label": "همراه", "format": "mobile_ir", "required": true, "verify": "otp"}}})
		send := func(c *rpc.Client, mobile, client string) error {
			var pf struct {
				FormToken string `json:"form_token"`
			}
			if err := c.Call(ctx, "forms.public", map[string]any{"token": token}, &pf); err != nil {
				return err
			}
			return c.Call(ctx, "submissions.otp.send", map[string]any{"token": token, "form_token": pf.FormToken, "field": "mobile",
				"mobile": mobile, "client": map[string]any{"ip_hash": client}}, nil)
		}
		texts := func(mobile string) int {
			n := 0
			for _, m := range fake.Sent() {
				if strings.HasSuffix(m.To, mobile[1:]) { // 0912… or 98912…
					n++
				}
			}
			return n
		}
		t.Run("one number's budget", func(t *testing.T) {
			const mobile = "09121110001"
			errs := onBoth(4, func(c *rpc.Client, i int) error { return send(c, mobile, "number-"+strconv.Itoa(i)) })
			if ok, limited := outcomes(t, "otp.send", errs, "RATE_LIMIT"); ok != mobileBudget || limited != 8-mobileBudget || texts(mobile) != mobileBudget {
				t.Fatalf("%d sent, %d refused, %d texts to one number over two hosts; want %d, %d, %d", ok, limited, texts(mobile), mobileBudget, 8-mobileBudget, mobileBudget)
			}
		})
		t.Run("one client's budget", func(t *testing.T) {
			errs := onBoth(3, func(c *rpc.Client, i int) error { return send(c, "0912222000"+strconv.Itoa(i), "one-client") })
			if ok, limited := outcomes(t, "otp.send", errs, "RATE_LIMIT"); ok != clientBudget || limited != 6-clientBudget {
				t.Fatalf("%d sent and %d refused for one client over two hosts; want %d and %d", ok, limited, clientBudget, 6-clientBudget)
			}
		})
		t.Run("a text refused spends no other budget", func(t *testing.T) {
			// The client's budget is spent: the number's slot it took
			// first is given back, so the number still gets its whole
			// budget from other clients.
			const mobile = "09123330003"
			if err := send(clients[1], mobile, "one-client"); codeOf(err) != "RATE_LIMIT" {
				t.Fatalf("a client past its budget: %v", err)
			}
			for i := range mobileBudget {
				if err := send(clients[i%2], mobile, "other-"+strconv.Itoa(i)); err != nil {
					t.Fatalf("text %d to the number: %v", i+1, err)
				}
			}
			if texts(mobile) != mobileBudget {
				t.Fatalf("%d texts, want %d", texts(mobile), mobileBudget)
			}
		})
		// The codes themselves: sent through one host, checked through
		// the other, each try and each use counted once for both.
		codeTo := func(t *testing.T, mobile string) string {
			t.Helper()
			var last string
			for _, m := range fake.Sent() {
				if strings.HasSuffix(m.To, mobile[1:]) {
					last = m.Text
				}
			}
			found := codeInText.FindStringSubmatch(last)
			if found == nil {
				t.Fatalf("no code texted to %s (last text %q)", mobile, last)
			}
			return found[1]
		}
		// Each submission from its own address: the per-client budget is
		// not what these tests are about.
		var respondents atomic.Int64
		submitCode := func(c *rpc.Client, mobile, code string) error {
			var pf struct {
				FormToken string `json:"form_token"`
			}
			if err := c.Call(ctx, "forms.public", map[string]any{"token": token}, &pf); err != nil {
				return err
			}
			return c.Call(ctx, "submissions.submit", map[string]any{"token": token, "form_token": pf.FormToken,
				"answers": map[string]any{"mobile": mobile}, "otp": map[string]any{"mobile": code},
				"client": map[string]any{"ip_hash": "respondent-" + strconv.FormatInt(respondents.Add(1), 10)}}, nil)
		}
		// refusedFor is the reason error.data.fields gives the mobile
		// question ("" when err is no such refusal), and tries_left.
		refusedFor := func(err error) (string, any) {
			var re *rpc.Error
			if !errors.As(err, &re) || re.CodeName() != "INVALID_SUBMISSION" {
				return "", nil
			}
			fields, _ := re.Data["fields"].([]any)
			if len(fields) != 1 {
				return "", nil
			}
			f, _ := fields[0].(map[string]any)
			if f["field"] != "mobile" {
				return "", nil
			}
			left, _ := re.Data["tries_left"].(map[string]any)
			code, _ := f["code"].(string)
			return code, left["mobile"]
		}
		t.Run("a code sent through one host is taken through the other, once", func(t *testing.T) {
			const mobile = "09124440004"
			if err := send(clients[0], mobile, "verify-1"); err != nil {
				t.Fatal(err)
			}
			code := codeTo(t, mobile)
			if err := submitCode(clients[1], mobile, code); err != nil {
				t.Fatalf("the code sent through web1, submitted through web2: %v", err)
			}
			if reason, _ := refusedFor(submitCode(clients[0], mobile, code)); reason != "otp_expired" {
				t.Fatalf("the code used on web2, again on web1: %q", reason)
			}
			if reason, _ := refusedFor(submitCode(clients[1], mobile, code)); reason != "otp_expired" {
				t.Fatalf("the code used on web2, again on web2: %q", reason)
			}
		})
		t.Run("a code sent to both hosts at once is taken once", func(t *testing.T) {
			const mobile = "09124440005"
			if err := send(clients[1], mobile, "verify-2"); err != nil {
				t.Fatal(err)
			}
			code := codeTo(t, mobile)
			errs := onBoth(2, func(c *rpc.Client, _ int) error { return submitCode(c, mobile, code) })
			ok := 0
			for _, err := range errs {
				if err == nil {
					ok++
				} else if reason, _ := refusedFor(err); reason != "otp_expired" {
					t.Fatalf("submit: %v", err)
				}
			}
			if ok != 1 {
				t.Fatalf("%d submissions took one code, want 1", ok)
			}
		})
		t.Run("wrong tries through both hosts spend one bound", func(t *testing.T) {
			const mobile = "09124440006"
			if err := send(clients[0], mobile, "verify-3"); err != nil {
				t.Fatal(err)
			}
			code := codeTo(t, mobile)
			wrong := "000000"
			if code == wrong {
				wrong = "111111"
			}
			// The daemons' default is 5 tries: 4 wrong ones leave 4, 3, 2,
			// 1 whichever host they reach, the fifth burns the code.
			for i := range submissions.DefaultOTPTries - 1 {
				reason, left := refusedFor(submitCode(clients[i%2], mobile, wrong))
				if reason != "otp_wrong" || left != float64(submissions.DefaultOTPTries-1-i) {
					t.Fatalf("wrong try %d on web%d: %q, %v left", i+1, i%2+1, reason, left)
				}
			}
			if reason, _ := refusedFor(submitCode(clients[0], mobile, wrong)); reason != "otp_too_many_tries" {
				t.Fatalf("the last wrong try: %q", reason)
			}
			for i, c := range clients {
				if reason, _ := refusedFor(submitCode(c, mobile, code)); reason != "otp_expired" {
					t.Fatalf("the right code once burnt, on web%d: %q", i+1, reason)
				}
			}
		})
	})

	t.Run("Hosha2 jobs running at once are counted over both hosts", func(t *testing.T) {
		var created struct {
			Form struct {
				ID int64 `json:"id"`
			} `json:"form"`
		}
		if err := clients[0].Call(ctx, "forms.create", map[string]any{"title": "هوشا"}, &created); err != nil {
			t.Fatal(err)
		}
		start := func(c *rpc.Client, reqID string) error {
			return c.Call(ctx, "hosha2.generate", map[string]any{"form_id": created.Form.ID, "prompt": "فرم ثبت‌نام", "req_id": reqID}, nil)
		}
		for i := range maxJobs {
			if err := start(clients[0], "cafe000"+strconv.Itoa(i)); err != nil {
				t.Fatalf("job %d on web1: %v", i+1, err)
			}
		}
		if err := start(clients[1], "cafe00ff"); codeOf(err) != "RATE_LIMIT" {
			t.Fatalf("a job past the cap on web2: %v", err)
		}
		// A job cancelled (from the other host) frees its slot.
		if err := clients[1].Call(ctx, "hosha2.cancel", map[string]any{"req_id": "cafe0000"}, nil); err != nil {
			t.Fatal(err)
		}
		if err := start(clients[1], "cafe00ff"); err != nil {
			t.Fatalf("after a cancel: %v", err)
		}
		for _, id := range []string{"cafe0001", "cafe00ff"} {
			clients[1].Call(ctx, "hosha2.cancel", map[string]any{"req_id": id}, nil)
		}
	})

	t.Run("a client's upload starts are counted once across hosts", func(t *testing.T) {
		token := uploadForm(t)
		errs := onBoth(3, func(c *rpc.Client, _ int) error {
			// A first chunk: the upload begins, and waits for the rest.
			_, err := chunk(c, token, "uploader", "", 10, 0, 5, false)
			return err
		})
		ok, limited := outcomes(t, "upload", errs, "RATE_LIMIT")
		if ok != uploadStarts || limited != 6-uploadStarts {
			t.Fatalf("%d uploads begun and %d refused for one client over two hosts; want %d and %d", ok, limited, uploadStarts, 6-uploadStarts)
		}
	})

	t.Run("a client's upload bytes are counted once across hosts", func(t *testing.T) {
		token := uploadForm(t)
		const half = uploadBytes / 2
		// Half the hour's bytes through web1, a whole file; the other
		// half through web2, the first chunk of a file of a whole
		// budget's size. Each host alone would take the second chunk.
		if _, err := chunk(clients[0], token, "byte-spender", "", half, 0, half, true); err != nil {
			t.Fatalf("half the budget through web1: %v", err)
		}
		first, err := chunk(clients[1], token, "byte-spender", "", uploadBytes, 0, half, false)
		if err != nil {
			t.Fatalf("the other half through web2: %v", err)
		}
		_, err = chunk(clients[1], token, "byte-spender", first.UploadID, uploadBytes, half, half, true)
		var re *rpc.Error
		if !errors.As(err, &re) || re.CodeName() != "RATE_LIMIT" {
			t.Fatalf("a chunk past the hour's bytes spent over both hosts: %v", err)
		}
		// Half the budget comes back in half an hour.
		if wait, _ := re.Data["retry_after_sec"].(float64); wait < 25*60 || wait > 30*60 {
			t.Fatalf("retry_after_sec %v, want about half an hour", re.Data["retry_after_sec"])
		}
		if _, err := chunk(clients[1], token, "other-spender", "", uploadBytes, 0, uploadBytes, true); err != nil {
			t.Fatalf("another client's whole budget through web2: %v", err)
		}
	})

	t.Run("an upload in progress names the host holding it", func(t *testing.T) {
		token := uploadForm(t)
		hostOf := func(r chunkReply) string {
			if r.Host == nil {
				return "<none>"
			}
			return *r.Host
		}
		for i, c := range clients {
			r, err := chunk(c, token, "host-"+strconv.Itoa(i), "", 10, 0, 5, false)
			if err != nil || hostOf(r) != "web"+strconv.Itoa(i+1) {
				t.Fatalf("a first chunk through web%d: host %q, %v", i+1, hostOf(r), err)
			}
		}
		// A file sent whole in one chunk is complete: no host holds it.
		if r, err := chunk(clients[0], token, "host-whole", "", 5, 0, 5, true); err != nil || hostOf(r) != "<none>" {
			t.Fatalf("a whole file: host %q, %v", hostOf(r), err)
		}
	})

	t.Run("each host reports the store's size on the server", func(t *testing.T) {
		for i, c := range clients {
			var st struct {
				Database struct {
					Path  string `json:"path"`
					Bytes int64  `json:"bytes"`
					Error string `json:"error"`
				} `json:"database"`
			}
			if err := c.Call(ctx, "system.status", nil, &st); err != nil {
				t.Fatal(err)
			}
			// InnoDB gives every table at least a 16 KiB page.
			if st.Database.Bytes < 16<<10*10 || st.Database.Error != "" || strings.Contains(st.Database.Path, mdb.Password) {
				t.Fatalf("host %d: %+v", i+1, st.Database)
			}
		}
	})
}
