// Package filltest writes a realistic answered form into a real store
// through the product's write path (forms.Service creates the form,
// submissions.Service judges, stores and indexes every answer, the
// rollup counts them), for the submission benchmarks and for tests that
// need more rows than a hand-written fixture: a ten-field Persian
// registration form, answered evenly over a run of days.
package filltest

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/forms"
	"github.com/arshline/arshline-sidecar/daemon/jalali"
	"github.com/arshline/arshline-sidecar/daemon/submissions"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// Options say what to write.
type Options struct {
	// N submissions, spread evenly over Days days ending LastDay (Iran
	// time, YYYY-MM-DD; default today).
	N       int
	Days    int
	LastDay string
	// Clients send at once (default 8), so that the store's group
	// commit shares transactions among them as it does for visitors.
	Clients int
	// SpamEvery: every SpamEvery-th submission arrives as spam (0: none).
	SpamEvery int
	Seed      int64
	// Progress, when set, is told after every day.
	Progress func(done int)
}

func options(pairs ...string) []map[string]any {
	out := make([]map[string]any, 0, len(pairs))
	for i, p := range pairs {
		out = append(out, map[string]any{"value": "o" + strconv.Itoa(i+1), "label": p})
	}
	return out
}

var (
	cities    = []string{"تهران", "مشهد", "اصفهان", "شیراز", "تبریز", "کرج", "اهواز", "قم", "کرمانشاه", "رشت", "یزد", "ارومیه"}
	insurance = []string{"تأمین اجتماعی", "سلامت", "نیروهای مسلح", "آزاد"}
	services  = []string{"ویزیت عمومی", "دندان‌پزشکی", "آزمایش", "تصویربرداری", "فیزیوتراپی", "مشاوره"}
	first     = []string{"علی", "زهرا", "محمد", "فاطمه", "حسین", "مریم", "رضا", "سارا", "مهدی", "نرگس", "امیر", "لیلا"}
	last      = []string{"احمدی", "محمدی", "حسینی", "رضایی", "کریمی", "موسوی", "جعفری", "صادقی", "رحیمی", "نوری"}
	words     = strings.Fields("نوبت دهی خیلی خوب بود اما زمان انتظار طولانی شد پرسنل با حوصله و مهربان بودند لطفا پارکینگ را بهتر کنید از پزشک متشکرم هزینه ها مناسب بود سامانه پیامک به موقع اطلاع داد")
)

// Fields are the form's ten fields.
func Fields() []map[string]any {
	return []map[string]any{
		{"id": "name", "type": "text", "label": "نام و نام خانوادگی", "required": true, "max_length": 100},
		{"id": "mobile", "type": "text", "label": "شماره موبایل", "required": true, "format": "mobile_ir"},
		{"id": "city", "type": "select", "label": "شهر", "options": options(cities...)},
		{"id": "insurance", "type": "radio", "label": "نوع بیمه", "options": options(insurance...)},
		{"id": "services", "type": "checkbox", "label": "خدمات مورد نیاز", "options": options(services...)},
		{"id": "age", "type": "number", "label": "سن", "min": 1, "max": 120},
		{"id": "visit", "type": "date", "label": "تاریخ مراجعه", "calendar": "jalali"},
		{"id": "rating", "type": "rating", "label": "رضایت از خدمات", "scale": map[string]any{"min": 1, "max": 5}},
		{"id": "email", "type": "email", "label": "ایمیل"},
		{"id": "comment", "type": "textarea", "label": "توضیحات", "max_length": 1000},
	}
}

// answersFor makes one respondent's answers, as a browser sends them.
func answersFor(r *rand.Rand, day jalali.Date) map[string]json.RawMessage {
	m := map[string]any{
		"name":   first[r.Intn(len(first))] + " " + last[r.Intn(len(last))],
		"mobile": fmt.Sprintf("0912%07d", r.Intn(10_000_000)),
		"city":   "o" + strconv.Itoa(1+r.Intn(len(cities))),
		"age":    18 + r.Intn(63),
		"visit":  day.AddDays(r.Intn(30)).String(),
		"rating": 1 + r.Intn(5),
	}
	if r.Intn(10) < 9 {
		m["insurance"] = "o" + strconv.Itoa(1+r.Intn(len(insurance)))
	}
	var picked []string
	for i := range services {
		if r.Intn(3) == 0 {
			picked = append(picked, "o"+strconv.Itoa(i+1))
		}
	}
	if len(picked) > 0 {
		m["services"] = picked
	}
	if r.Intn(2) == 0 {
		m["email"] = "user" + strconv.Itoa(r.Intn(1_000_000)) + "@example.com"
	}
	if r.Intn(3) > 0 {
		n := 4 + r.Intn(20)
		ws := make([]string, n)
		for i := range ws {
			ws[i] = words[r.Intn(len(words))]
		}
		m["comment"] = strings.Join(ws, " ")
	}
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		out[k], _ = json.Marshal(v)
	}
	return out
}

// Form creates the published form and answers it: o.N submissions, o.N/o.Days
// a day, each sent to submissions.Service.Submit as a visitor's page
// sends it (the service's spam defences off: one sender sends them
// all, at once). Every o.SpamEvery-th is then marked spam as an admin
// marks it. The write path stamps submissions with the present moment,
// so each day's are moved to their day afterwards (created_at spread
// over the day, and the day of their running counts) by plain SQL on
// the same file. It returns the form's id.
func Form(ctx context.Context, db *sqlstore.DB, o Options) (int64, error) {
	if o.Days <= 0 {
		o.Days = 1
	}
	if o.Clients <= 0 {
		o.Clients = 8
	}
	if o.LastDay == "" {
		o.LastDay = domain.IranDay(time.Now())
	}
	lastDay, err := time.Parse("2006-01-02", o.LastDay)
	if err != nil {
		return 0, err
	}
	raw, err := sql.Open("sqlite", "file:"+db.Path()+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return 0, err
	}
	defer raw.Close()
	ctx = domain.WithActor(ctx, domain.Actor{UserID: 1, Caps: []string{domain.CapManageForms}, SiteID: 1, Locale: "fa_IR"})
	doc := domain.NewDocument()
	doc.Fields = Fields()
	created, err := (&forms.Service{Store: db}).Create(ctx, forms.CreateParams{Title: "نوبت‌دهی درمانگاه", Status: string(domain.StatusPublished), Document: &doc})
	if err != nil {
		return 0, err
	}
	form := created.Form
	svc, err := submissions.New(ctx, db, submissions.Config{MinFill: -1, TokenReuse: true, PerClientPerMinute: -1, PerFormPerMinute: -1}, nil, nil)
	if err != nil {
		return 0, err
	}
	page, err := svc.Public(ctx, submissions.PublicParams{Token: form.PublicToken})
	if err != nil {
		return 0, err
	}
	r := rand.New(rand.NewSource(o.Seed))
	today := domain.IranDay(time.Now())
	done, movedTo := 0, int64(0)
	for d := 0; d < o.Days; d++ {
		jday := jalali.FromTime(lastDay.AddDate(0, 0, d-o.Days+1))
		n := o.N/o.Days + btoi(d < o.N%o.Days)
		sends := make([]submissions.SubmitParams, n)
		for i := range sends {
			body, err := json.Marshal(answersFor(r, jday))
			if err != nil {
				return 0, err
			}
			sends[i] = submissions.SubmitParams{Token: form.PublicToken, FormToken: page.FormToken, Answers: body,
				Client: submissions.Client{IPHash: fmt.Sprintf("%016x", r.Uint64())}}
		}
		ids, err := submitAll(ctx, svc, sends, o.Clients)
		if err != nil {
			return 0, err
		}
		if err := markSpam(ctx, svc, form.ID, ids, done, o.SpamEvery); err != nil {
			return 0, err
		}
		done += n
		day := lastDay.AddDate(0, 0, d-o.Days+1).Format("2006-01-02")
		if movedTo, err = moveDay(ctx, raw, form.ID, today, day, movedTo); err != nil {
			return 0, err
		}
		if o.Progress != nil {
			o.Progress(done)
		}
	}
	// The answers are counted after the submissions, as the daemon does,
	// once each day's rows are on their day.
	for {
		n, err := db.RollUpAnswers(ctx, 5000, answers.FactsOf)
		if err != nil {
			return 0, err
		}
		if n == 0 {
			return form.ID, nil
		}
	}
}

// submitAll sends every submission from clients senders at once and
// returns their ids in the order of sends.
func submitAll(ctx context.Context, svc *submissions.Service, sends []submissions.SubmitParams, clients int) ([]int64, error) {
	ids := make([]int64, len(sends))
	errs := make([]error, clients)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := c; i < len(sends); i += clients {
				receipt, err := svc.Submit(ctx, sends[i])
				if err != nil {
					errs[c] = fmt.Errorf("%w: %v", err, domain.AsError(err).Data)
					return
				}
				ids[i] = receipt.SubmissionID
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// markSpam marks every every-th submission, counting from the one after
// the done sent before, as spam, through submissions.set_status.
func markSpam(ctx context.Context, svc *submissions.Service, formID int64, ids []int64, done, every int) error {
	if every <= 0 {
		return nil
	}
	var spam []int64
	for i, id := range ids {
		if (done+i+1)%every == 0 {
			spam = append(spam, id)
		}
	}
	for len(spam) > 0 {
		n := min(len(spam), 500)
		if _, err := svc.SetStatus(ctx, submissions.IDsParams{FormID: formID, IDs: spam[:n], Status: string(domain.SubmissionSpam)}); err != nil {
			return err
		}
		spam = spam[n:]
	}
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// moveDay gives the submissions after id after, all stamped today, the
// day day: their times spread over it (Iran time) in id order, and their
// running counts moved with them. It returns the newest id moved.
func moveDay(ctx context.Context, raw *sql.DB, formID int64, today, day string, after int64) (int64, error) {
	var lo, hi sql.NullInt64
	if err := raw.QueryRowContext(ctx, "SELECT min(id), max(id) FROM submissions WHERE form_id = ? AND id > ?", formID, after).Scan(&lo, &hi); err != nil || !hi.Valid {
		return after, err
	}
	if day == today {
		return hi.Int64, nil
	}
	// The Iran day starts at 20:30 UTC the day before.
	start, _ := time.Parse("2006-01-02", day)
	start = start.Add(-210 * time.Minute)
	span := hi.Int64 - lo.Int64 + 1
	tx, err := raw.BeginTx(ctx, nil)
	if err != nil {
		return after, err
	}
	defer tx.Rollback()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE submissions SET created_at = strftime('%Y-%m-%dT%H:%M:%SZ', ?, '+' || ((id - ?) * 86399 / ?) || ' seconds')
			WHERE form_id = ? AND id BETWEEN ? AND ?`, []any{start.Format("2006-01-02 15:04:05"), lo.Int64, span, formID, lo.Int64, hi.Int64}},
		{"UPDATE submission_days SET day = ? WHERE form_id = ? AND day = ?", []any{day, formID, today}},
		{"UPDATE answer_counts SET day = ? WHERE form_id = ? AND day = ?", []any{day, formID, today}},
		// The blocks of days (migration 0007) follow the days moved.
		{"DELETE FROM answer_blocks WHERE form_id = ?", []any{formID}},
		{`INSERT INTO answer_blocks (form_id, field_id, block, key, count, sum)
			SELECT form_id, field_id, CAST(julianday(day) - 2440587.5 AS INTEGER) / 16, key, sum(count), sum(sum)
			FROM answer_counts WHERE form_id = ? GROUP BY 1, 2, 3, 4`, []any{formID}},
	} {
		if _, err := tx.ExecContext(ctx, q.sql, q.args...); err != nil {
			return after, err
		}
	}
	return hi.Int64, tx.Commit()
}
