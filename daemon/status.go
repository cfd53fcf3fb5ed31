package daemon

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"

	"github.com/arshline/arshline-sidecar/sqlstore"
)

// Status is system.status's result: what an owner needs to see where the
// daemon keeps its data and whether it has room to keep more
// (`arshlinectl status`, the plugin's Site Health screen). It names
// paths on the host, so it needs manage_options where system.health
// needs nothing.
type Status struct {
	Version       string       `json:"version"`
	Protocol      int          `json:"protocol"`
	Socket        string       `json:"socket"`
	DBOK          bool         `json:"db_ok"`
	Database      StoragePlace `json:"database"`
	Uploads       StoragePlace `json:"uploads"`
	LLMConfigured bool         `json:"llm_configured"`
	// Model is the model in use, as model.get shows it (never the key).
	Model string `json:"model"`
}

// StoragePlace is one place the daemon writes: its path, the bytes it
// holds (the database with its write-ahead log; every upload file), and
// the bytes its file system still has for the daemon's user. An error
// reading it is reported in Error, and the figures are then 0.
type StoragePlace struct {
	Path      string `json:"path"`
	Bytes     int64  `json:"bytes"`
	Files     int64  `json:"files,omitempty"`
	FreeBytes uint64 `json:"free_bytes"`
	Error     string `json:"error,omitempty"`
}

func (a *app) status(ctx context.Context, _ struct{}) (any, error) {
	model, _ := a.models.Get(ctx, struct{}{})
	st := Status{Version: Version, Protocol: Protocol, Socket: a.socket, DBOK: a.db.OK(),
		LLMConfigured: a.models.Available(), Model: model.Model}

	st.Database = StoragePlace{Path: sqlstore.Redact(a.cfg.DB)}
	if sqlstore.IsMySQL(a.cfg.DB) {
		// The tables' size as the server reports it; its disk's free
		// space is the server's to watch (FreeBytes stays 0).
		n, err := a.store.StoreBytes(ctx)
		if err != nil {
			st.Database.Error = err.Error()
		}
		st.Database.Bytes = n
	} else {
		for _, name := range []string{a.cfg.DB, a.cfg.DB + "-wal"} {
			fi, err := os.Stat(name)
			if err == nil {
				st.Database.Bytes += fi.Size()
			} else if name == a.cfg.DB {
				st.Database.Error = err.Error()
			}
		}
		st.Database.FreeBytes = freeBytes(filepath.Dir(a.cfg.DB), &st.Database)
	}

	st.Uploads = StoragePlace{Path: a.cfg.UploadDir}
	err := filepath.WalkDir(a.cfg.UploadDir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				st.Uploads.Bytes += fi.Size()
				st.Uploads.Files++
			}
		}
		return nil
	})
	if err != nil {
		st.Uploads.Error = err.Error()
	}
	st.Uploads.FreeBytes = freeBytes(a.cfg.UploadDir, &st.Uploads)
	return st, nil
}

// freeBytes is what an unprivileged writer may still use on the file
// system holding dir; a failure is noted in place.
func freeBytes(dir string, place *StoragePlace) uint64 {
	var fsst unix.Statfs_t
	if err := unix.Statfs(dir, &fsst); err != nil {
		if place.Error == "" {
			place.Error = err.Error()
		}
		return 0
	}
	return fsst.Bavail * uint64(fsst.Bsize)
}
