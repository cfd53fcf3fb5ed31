package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// otpRow is an otp_codes row; its times are Unix microseconds.
type otpRow struct {
	Key         string `db:"code_key"`
	SiteID      int64  `db:"site_id"`
	FormID      int64  `db:"form_id"`
	Field       string `db:"field_id"`
	Hash        []byte `db:"code_hash"`
	SentAt      int64  `db:"sent_at"`
	ExpiresAt   int64  `db:"expires_at"`
	Attempts    int    `db:"attempts"`
	MaxAttempts int    `db:"max_attempts"`
	Consumed    bool   `db:"consumed"`
	Sends       int    `db:"sends"`
	SendsSince  int64  `db:"sends_since"`
	ResendAt    int64  `db:"resend_at"`
	KeepUntil   int64  `db:"keep_until"`
}

const otpColumns = `code_key, site_id, form_id, field_id, code_hash, sent_at, expires_at, attempts, max_attempts, consumed,
	sends, sends_since, resend_at, keep_until`

func (r *otpRow) code() *domain.OTPCode {
	at := func(us int64) time.Time { return time.UnixMicro(us).UTC() }
	return &domain.OTPCode{Key: r.Key, SiteID: r.SiteID, FormID: r.FormID, Field: r.Field, Hash: r.Hash,
		SentAt: at(r.SentAt), ExpiresAt: at(r.ExpiresAt), Attempts: r.Attempts, MaxAttempts: r.MaxAttempts, Consumed: r.Consumed,
		Sends: r.Sends, SendsSince: at(r.SendsSince), ResendAt: at(r.ResendAt), KeepUntil: at(r.KeepUntil)}
}

// UpdateOTPCode reads the code kept under key, locked (on MariaDB and
// MySQL by FOR UPDATE; SQLite's one writer holds the whole store), hands
// it to fn and writes what fn returns, in one transaction: two hosts
// checking codes of one number take turns, so that every wrong try
// counts and a code is used once.
func (db *DB) UpdateOTPCode(ctx context.Context, key string, fn func(cur *domain.OTPCode) (*domain.OTPCode, error)) error {
	return db.Update(ctx, func(ftx domain.FormTx) error {
		t := ftx.(*Tx)
		q := "SELECT " + otpColumns + " FROM otp_codes WHERE code_key = ?"
		if t.mysql {
			q += " FOR UPDATE"
		}
		var cur *domain.OTPCode
		var r otpRow
		switch err := t.tx.GetContext(t.ctx, &r, q, key); {
		case err == nil:
			cur = r.code()
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		next, err := fn(cur)
		if err != nil || next == nil {
			return err
		}
		consumed := 0
		if next.Consumed {
			consumed = 1
		}
		// A row inserted by another host since the read above (none was
		// there to lock) is replaced: the newest code sent is the one
		// that counts, as when a code replaces an earlier one.
		_, err = t.tx.ExecContext(t.ctx, `INSERT INTO otp_codes (`+otpColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (code_key) DO UPDATE SET site_id = excluded.site_id, form_id = excluded.form_id, field_id = excluded.field_id,
			code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts = excluded.attempts,
			max_attempts = excluded.max_attempts, consumed = excluded.consumed, sends = excluded.sends, sends_since = excluded.sends_since,
			resend_at = excluded.resend_at, keep_until = excluded.keep_until`,
			key, next.SiteID, next.FormID, next.Field, next.Hash, next.SentAt.UnixMicro(), next.ExpiresAt.UnixMicro(),
			next.Attempts, next.MaxAttempts, consumed, next.Sends, next.SendsSince.UnixMicro(), next.ResendAt.UnixMicro(),
			next.KeepUntil.UnixMicro())
		return err
	})
}

// PurgeOTPCodes deletes the codes kept until now or earlier; on MariaDB
// and MySQL a batch at a time, so that no host holds many row locks.
func (db *DB) PurgeOTPCodes(ctx context.Context, now time.Time) (int64, error) {
	if db.mysql == nil {
		var n int64
		err := db.Update(ctx, func(ftx domain.FormTx) error {
			t := ftx.(*Tx)
			res, err := t.tx.ExecContext(t.ctx, "DELETE FROM otp_codes WHERE keep_until <= ?", now.UnixMicro())
			if err != nil {
				return err
			}
			n, err = res.RowsAffected()
			return err
		})
		return n, err
	}
	var total int64
	for {
		res, err := db.write.ExecContext(ctx, "DELETE FROM otp_codes WHERE keep_until <= ? LIMIT 1000", now.UnixMicro())
		if err != nil {
			return total, err
		}
		n, err := res.RowsAffected()
		total += n
		if err != nil || n < 1000 {
			return total, err
		}
	}
}
