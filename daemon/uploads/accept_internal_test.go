package uploads

import (
	"context"
	"fmt"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/gabriel-vasile/mimetype"
)

// TestWildcardsLeaveOutScriptCarriers: a type/* pattern or an empty
// accept list never lets in a type that can carry script when opened
// (XML with its stylesheets and entities among them), while naming the
// type exactly does.
func TestWildcardsLeaveOutScriptCarriers(t *testing.T) {
	xml := []byte(`<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="#s"?><doc><script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script></doc>`)
	rss := []byte(`<?xml version="1.0"?><rss version="2.0"><channel><title>t</title></channel></rss>`)
	for _, c := range []struct {
		name   string
		data   []byte
		accept []string
		want   bool
	}{
		{"xml under text/*", xml, []string{"text/*"}, false},
		{"xml under an empty list", xml, nil, false},
		{"xml under application/*", xml, []string{"application/*"}, false},
		{"rss under application/*", rss, []string{"application/*"}, false},
		{"rss under text/*", rss, []string{"text/*"}, false},
		{"xml named exactly", xml, []string{"text/xml"}, true},
		{"plain text under text/*", []byte("سلام، این یک متن ساده است\n"), []string{"text/*"}, true},
		{"csv under text/*", []byte("a,b\n1,2\n3,4\n"), []string{"text/*"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := mimetype.Detect(c.data)
			if got := accepts(m, c.accept); got != c.want {
				t.Fatalf("accepts(%s, %v) = %v, want %v", m, c.accept, got, c.want)
			}
		})
	}
}

// TestUnknownClientsCostNothingBeforeTheChecks: chunks naming no upload
// in progress, each from an address never seen, are refused without the
// rate limiters keeping anything for those addresses; and the chunk
// limiter never holds more addresses than its bound.
func TestUnknownClientsCostNothingBeforeTheChecks(t *testing.T) {
	s := New(Config{VerifyFormToken: func(context.Context, string, *domain.Form) (int64, error) { return 1, nil }})
	ctx := domain.WithActor(context.Background(), domain.Actor{SiteID: 1, Locale: domain.LocaleEN})
	for i := range 5000 {
		_, err := s.Upload(ctx, UploadParams{Token: "t", FormToken: "f", Field: "doc", Name: "a", Size: 10,
			UploadID: fmt.Sprintf("made-up-%d", i), Offset: 0, Data: "AA==", Client: &Client{IPHash: fmt.Sprintf("addr-%d", i)}})
		if domain.ErrorCode(err) != domain.CodeInvalidParams {
			t.Fatalf("chunk %d: %v", i, err)
		}
	}
	if n := s.chunks.Users() + s.starts.Users(); n != 0 {
		t.Fatalf("the limiters hold %d addresses that never had an upload", n)
	}
	if s.chunks == nil || maxLimitedClients <= 0 {
		t.Fatal("the chunk limiter is unbounded")
	}
}
