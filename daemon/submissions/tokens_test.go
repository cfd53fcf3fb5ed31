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
	if v, at, ok := k.open(tok, 12); !ok || v != 345 || !at.Equal(now) {
		t.Fatalf("open: %d %v %v", v, at, ok)
	}
	if _, _, ok := k.open(tok, 13); ok {
		t.Fatal("a token opened for another form")
	}
	other, _ := newFormTokens(bytes.Repeat([]byte{8}, 32))
	if _, _, ok := other.open(tok, 12); ok {
		t.Fatal("a token opened under another database's key")
	}
	for i := range tok {
		b := []byte(tok)
		b[i] ^= 1
		if _, _, ok := k.open(string(b), 12); ok {
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
		v, at, ok := k.open(token, formID)
		if ok && k.issue(formID, v, at) != token {
			t.Fatalf("%q opened but is not what the key issues for (%d, %d, %v)", token, formID, v, at)
		}
	})
}
