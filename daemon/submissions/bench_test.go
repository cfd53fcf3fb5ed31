package submissions_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/submissions"
	"github.com/arshline/arshline-sidecar/internal/filltest"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// BenchmarkSubmit is submissions.submit of filltest.TenAnswers to
// filltest.TenQuestionForm through the real store: the service's work per
// submission and the writer's, without the socket. With synchronous=OFF
// it shows the CPU a submission costs; the load tool measures it against
// the disk's fsync rate. "notified" is the same form with three
// notifications (a pattern text to the respondent, a text and a mail to
// the admin) under the default hourly bounds: what owing them adds.
//
//	go test ./daemon/submissions -run '^$' -bench Submit -benchmem
func BenchmarkSubmit(b *testing.B) {
	b.Run("plain", func(b *testing.B) { benchSubmit(b, filltest.TenQuestionForm) })
	notified := map[string]any{}
	for k, v := range filltest.TenQuestionForm {
		notified[k] = v
	}
	notified["settings"] = map[string]any{"notifications": []any{
		map[string]any{"channel": "sms", "to": "field:mobile", "pattern": map[string]any{"code": "p", "params": map[string]any{"token": "{{tracking_code}}"}}},
		map[string]any{"channel": "sms", "to": "admin", "template": "{{name}} {{tracking_code}}"},
		map[string]any{"channel": "email", "to": "admin"},
	}}
	b.Run("notified", func(b *testing.B) { benchSubmit(b, notified) })
}

func benchSubmit(b *testing.B, form map[string]any) {
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, filepath.Join(b.TempDir(), "b.db"), sqlstore.Options{Synchronous: "OFF"})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	raw, _ := json.Marshal(form)
	var doc domain.Document
	json.Unmarshal(raw, &doc)
	var f *domain.Form
	err = db.Update(ctx, func(tx domain.FormTx) error {
		var err error
		f, _, err = tx.CreateForm(1, 1, domain.FormState{Title: "b", Status: domain.StatusPublished, Document: doc}, domain.VersionMeta{Source: domain.SourceAPI})
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	f, _ = db.GetForm(ctx, 1, f.ID)
	s, err := submissions.New(ctx, db, submissions.Config{MinFill: -1, TokenReuse: true, PerClientPerMinute: -1, PerFormPerMinute: -1}, nil, time.Now)
	if err != nil {
		b.Fatal(err)
	}
	page, err := s.Public(ctx, submissions.PublicParams{Token: f.PublicToken})
	if err != nil {
		b.Fatal(err)
	}
	s.NotifyLimits = domain.NotificationLimits{PerFormPerHour: 100, PerReceiverPerHour: 20}
	answers, _ := json.Marshal(filltest.TenAnswers)
	p := submissions.SubmitParams{Token: f.PublicToken, Answers: answers, FormToken: page.FormToken, Client: submissions.Client{IPHash: "bench"}}
	b.ResetTimer()
	for i := range b.N {
		p.Client.IPHash = strconv.Itoa(i)
		if _, err := s.Submit(ctx, p); err != nil {
			b.Fatal(err)
		}
	}
}
