package submissions

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
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
// faster than a person can, and refuses a token of another form.
//
// The token is 32 bytes, base64url: the issue time and the version id
// enciphered as one AES block (so it tells nothing of ids or counts),
// then 16 bytes of HMAC-SHA256 over the form id and that block (so it
// cannot be forged, nor moved to another form).
type formTokens struct {
	block cipher.Block
	mac   []byte
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

const formTokenBytes = aes.BlockSize + 16

func (k *formTokens) sum(formID int64, sealed []byte) []byte {
	h := hmac.New(sha256.New, k.mac)
	var id [8]byte
	binary.BigEndian.PutUint64(id[:], uint64(formID))
	h.Write(id[:])
	h.Write(sealed)
	return h.Sum(nil)[:16]
}

// issue returns a token for versionID of formID, issued at now.
func (k *formTokens) issue(formID, versionID int64, now time.Time) string {
	var b [formTokenBytes]byte
	binary.BigEndian.PutUint64(b[:8], uint64(now.Unix()))
	binary.BigEndian.PutUint64(b[8:16], uint64(versionID))
	k.block.Encrypt(b[:16], b[:16])
	copy(b[16:], k.sum(formID, b[:16]))
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// open checks a token against formID and returns the version it names
// and when it was issued; ok is false for a token that is malformed,
// forged or of another form.
func (k *formTokens) open(token string, formID int64) (versionID int64, issued time.Time, ok bool) {
	if base64.RawURLEncoding.DecodedLen(len(token)) != formTokenBytes {
		return 0, time.Time{}, false
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(token)
	if err != nil || len(b) != formTokenBytes {
		return 0, time.Time{}, false
	}
	if !hmac.Equal(b[16:], k.sum(formID, b[:16])) {
		return 0, time.Time{}, false
	}
	var plain [16]byte
	k.block.Decrypt(plain[:], b[:16])
	issued = time.Unix(int64(binary.BigEndian.Uint64(plain[:8])), 0)
	return int64(binary.BigEndian.Uint64(plain[8:])), issued, true
}

// clientHash keys what the shim says of a client (an address already
// hashed by WordPress, and the user agent) with the database's own key:
// submissions of one client group together, and the stored value
// identifies no one outside this database.
func clientHash(key []byte, ipHash, userAgent string) string {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(ipHash))
	h.Write([]byte{0})
	h.Write([]byte(userAgent))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// clientKey is a client's key in the rate limiter.
func clientKey(hash string) int64 {
	b, _ := hex.DecodeString(hash[:16])
	return int64(binary.BigEndian.Uint64(b) >> 1)
}
