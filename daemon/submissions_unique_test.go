package daemon

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/rpc"
)

// uniqueForm asks for a national code and a mobile, one entry per
// person each, and a name that may repeat.
var uniqueForm = map[string]any{"version": "arshline_form@v1", "fields": []any{
	map[string]any{"id": "nc", "type": "text", "label": "کد ملی", "format": "national_code", "required": true, "unique": true},
	map[string]any{"id": "mobile", "type": "text", "label": "موبایل", "format": "mobile_ir", "unique": true},
	map[string]any{"id": "name", "type": "text", "label": "نام"},
}}

// noLimits turns off the minimum fill time and the per-client and
// per-form rate limits, which would otherwise refuse before uniqueness
// is judged.
var noLimits = []string{"--submit-min-fill", "0", "--submit-per-client-per-minute", "0", "--submit-per-form-per-minute", "0"}

// listEntries returns every entry of a form (at most 200).
func listEntries(t *testing.T, c *rpc.Client, formID int64, status string) []domain.Submission {
	t.Helper()
	var page struct{ Items []domain.Submission }
	p := map[string]any{"form_id": formID, "limit": 200}
	if status != "" {
		p["status"] = status
	}
	call(t, c, "submissions.list", p, &page)
	return page.Items
}

// TestFiftyConcurrentSubmissionsOneNationalCode: fifty respondents, each
// on its own connection to the daemon's socket, send one national code at
// once; exactly one entry is kept and the other 49 are told the value was
// used, none failing otherwise. The whole path is under test here (the
// socket's connections, the shared writer's group commit, the claims);
// what one entry per person means is tested in daemon/submissions.
func TestFiftyConcurrentSubmissionsOneNationalCode(t *testing.T) {
	c, cfg := startDaemon(t, noLimits...)
	formID, token := publishForm(t, c, uniqueForm)
	const n = 50
	type sender struct {
		conn   *rpc.Client
		params map[string]any
	}
	senders := make([]sender, n)
	codes := []string{"0012345679", "۰۰۱۲۳۴۵۶۷۹", "٠٠١٢٣٤٥٦٧٩", "001-234567-9"}
	for i := range senders {
		conn, err := rpc.Dial(context.Background(), cfg.Socket)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		senders[i] = sender{conn, map[string]any{"token": token, "form_token": freshToken(t, c, token),
			"answers": map[string]any{"nc": codes[i%len(codes)], "name": fmt.Sprintf("نفر %d", i)},
			"client":  map[string]any{"ip_hash": fmt.Sprintf("respondent-%d", i)}}}
	}
	start := make(chan struct{})
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			errs[i] = senders[i].conn.Call(context.Background(), "submissions.submit", senders[i].params, nil)
		}()
	}
	close(start)
	wg.Wait()
	accepted, refused := 0, 0
	for i, err := range errs {
		if err == nil {
			accepted++
			continue
		}
		re, ok := err.(*rpc.Error)
		if ok && re.CodeName() == string(domain.CodeInvalidSubmission) && fieldCodes(t, re)["nc"] == string(answers.ReasonAlreadyUsed) {
			refused++
			continue
		}
		t.Errorf("sender %d: %v", i, err)
	}
	entries := listEntries(t, c, formID, "")
	t.Logf("%d concurrent submissions of one national code: %d accepted, %d refused already_used, %d entries kept", n, accepted, refused, len(entries))
	if accepted != 1 || refused != n-1 || len(entries) != 1 {
		t.Fatalf("%d accepted, %d refused as already used, %d entries; want 1, %d, 1", accepted, refused, len(entries), n-1)
	}
}
