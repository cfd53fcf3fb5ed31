package submissions

import (
	"bytes"
	"testing"
	"time"
)

func testTokens(t testing.TB) *formTokens {
	k, err := newFormTokens(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestFormTokenRoundTripAndRefusals(t *testing.T) {
	k := testTokens(t)
	now := time.Unix(1_800_000_000, 0)
	tok := k.issue(12, 345, now)
	if o, ok := k.open(tok, 12); !ok || o.versionID != 345 || !o.issued.Equal(now) || len(o.id) != 32 {
		t.Fatalf("open: %+v %v", o, ok)
	}
	t.Run("each token its own", func(t *testing.T) {
		again := k.issue(12, 345, now)
		a, _ := k.open(tok, 12)
		b, ok := k.open(again, 12)
		if again == tok || !ok || a.id == b.id {
			t.Fatalf("two tokens of one form, version and second are alike: %s %s", tok, again)
		}
	})
	if _, ok := k.open(tok, 13); ok {
		t.Fatal("a token opened for another form")
	}
	other, _ := newFormTokens(bytes.Repeat([]byte{8}, 32))
	if _, ok := other.open(tok, 12); ok {
		t.Fatal("a token opened under another database's key")
	}
	for i := range tok {
		b := []byte(tok)
		b[i] ^= 1
		if _, ok := k.open(string(b), 12); ok {
			t.Fatalf("a token changed at %d still opened", i)
		}
	}
	if _, err := newFormTokens(make([]byte, 16)); err == nil {
		t.Fatal("a short key was taken")
	}
}

// FuzzFormToken: any text is refused or opened without a panic, and only
// a token the key issued opens.
func FuzzFormToken(f *testing.F) {
	k := testTokens(f)
	f.Add(k.issue(1, 2, time.Unix(1_800_000_000, 0)), int64(1))
	f.Add("", int64(0))
	f.Add("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", int64(5))
	f.Fuzz(func(t *testing.T, token string, formID int64) {
		o, ok := k.open(token, formID)
		if ok && k.seal(formID, o.versionID, o.issued, o.nonce) != token {
			t.Fatalf("%q opened but is not what the key issues for (%d, %+v)", token, formID, o)
		}
	})
}
