package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Setting returns a settings row's value, ok false when there is none.
func (db *DB) Setting(ctx context.Context, name string) (value []byte, ok bool, err error) {
	err = db.reads.GetContext(ctx, &value, "SELECT value FROM settings WHERE name = ?", name)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	return value, err == nil, err
}

// PutSetting writes a settings row (nil deletes it) and the audit row
// that says who changed it, in one transaction.
func (db *DB) PutSetting(ctx context.Context, siteID int64, name string, value []byte, audit *domain.AuditEntry) error {
	return db.Update(ctx, func(ftx domain.FormTx) error {
		t := ftx.(*Tx)
		var err error
		if value == nil {
			_, err = t.tx.ExecContext(t.ctx, "DELETE FROM settings WHERE name = ?", name)
		} else {
			_, err = t.tx.ExecContext(t.ctx, `INSERT INTO settings (name, value) VALUES (?, ?)
				ON CONFLICT (name) DO UPDATE SET value = excluded.value`, name, value)
		}
		if err != nil || audit == nil {
			return err
		}
		return t.InsertAudit(siteID, audit)
	})
}
