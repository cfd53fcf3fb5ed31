package submissions

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"time"
)

// formTokens make and check form tokens: what forms.public hands the
// respondent's page and submissions.submit wants back. A token says which
// version of which form was shown and when, so the daemon judges the
// answers against the version the respondent saw, refuses a form filled
// faster than a person can, and refuses a token of another form; and each
// token is one of its own, so that one token is one accepted submission.
//
// The token is 32 bytes, base64url: one AES block enciphering the issue
// time (5 bytes of Unix seconds), the version id (5 bytes) and 6 random
// bytes (so it tells nothing of ids or counts, and no two tokens are
// alike), then 16 bytes of HMAC-SHA256 over the form id and that block
// (so it cannot be forged, nor moved to another form). The enciphered
// block, in hex, is the token's id.
type formTokens struct {
	block cipher.Block
	mac   []byte
}

// openedToken is what a valid token says.
type openedToken struct {
	versionID int64
	issued    time.Time
	nonce     [6]byte
	// id names the token: the submission it is used for keeps it.
	id string
}

func newFormTokens(key []byte) (*formTokens, error) {
	if len(key) < 32 {
		return nil, errors.New("form token key shorter than 32 bytes")
	}
	block, err := aes.NewCipher(key[:16])
	if err != nil {
		return nil, err
	}
	return &formTokens{block: block, mac: key[16:32]}, nil
}

const (
	formTokenBytes = aes.BlockSize + 16
	// maxTokenField is the largest issue time and version id a token holds
	// (5 bytes each: past the year 30000, and a trillion versions).
	maxTokenField = 1<<40 - 1
)

func (k *formTokens) sum(formID int64, sealed []byte) []byte {
	h := hmac.New(sha256.New, k.mac)
	var id [8]byte
	binary.BigEndian.PutUint64(id[:], uint64(formID))
	h.Write(id[:])
	h.Write(sealed)
	return h.Sum(nil)[:16]
}

// put40 writes the low 5 bytes of v big-endian into b.
func put40(b []byte, v uint64) {
	var w [8]byte
	binary.BigEndian.PutUint64(w[:], v)
	copy(b, w[3:])
}

func get40(b []byte) uint64 {
	var w [8]byte
	copy(w[3:], b[:5])
	return binary.BigEndian.Uint64(w[:])
}

// issue returns a new token for versionID of formID, issued at now.
func (k *formTokens) issue(formID, versionID int64, now time.Time) string {
	var nonce [6]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return k.seal(formID, versionID, now, nonce)
}

// seal is the token of versionID of formID issued at issued with nonce.
func (k *formTokens) seal(formID, versionID int64, issued time.Time, nonce [6]byte) string {
	var b [formTokenBytes]byte
	put40(b[:5], uint64(issued.Unix())&maxTokenField)
	put40(b[5:10], uint64(versionID)&maxTokenField)
	copy(b[10:16], nonce[:])
	k.block.Encrypt(b[:16], b[:16])
	copy(b[16:], k.sum(formID, b[:16]))
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// open checks a token against formID and returns what it says; ok is
// false for a token that is malformed, forged or of another form.
func (k *formTokens) open(token string, formID int64) (t openedToken, ok bool) {
	if base64.RawURLEncoding.DecodedLen(len(token)) != formTokenBytes {
		return t, false
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(token)
	if err != nil || len(b) != formTokenBytes {
		return t, false
	}
	if !hmac.Equal(b[16:], k.sum(formID, b[:16])) {
		return t, false
	}
	var plain [16]byte
	k.block.Decrypt(plain[:], b[:16])
	t.issued = time.Unix(int64(get40(plain[:5])), 0)
	t.versionID = int64(get40(plain[5:10]))
	copy(t.nonce[:], plain[10:16])
	t.id = hex.EncodeToString(b[:16])
	return t, true
}

// clientHash keys what the shim says of a client's address (already
// hashed by WordPress, an IPv6 address by its /64) with the database's
// own key: submissions of one client group together, and the stored value
// identifies no one outside this database. The User-Agent is left out:
// a client writes it, and a new one each time would make it a new client.
func clientHash(key []byte, ipHash string) string {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(ipHash))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// clientKey is a client's key in the rate limiter.
func clientKey(hash string) int64 {
	b, _ := hex.DecodeString(hash[:16])
	return int64(binary.BigEndian.Uint64(b) >> 1)
}
