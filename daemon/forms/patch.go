package forms

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"

	jsonpatch "github.com/evanphx/json-patch/v5"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// MaxPatchOps bounds a diff; a form has at most 200 fields, so a longer
// patch is not an edit anyone means.
const MaxPatchOps = 1000

// ApplyPatch applies an RFC 6902 patch to a document. Negative array
// indices are refused because the RFC does not have them.
func ApplyPatch(doc domain.Document, patch json.RawMessage) (res domain.Document, err error) {
	// The patch library panics on some inputs (a "test" of a path whose
	// value is null); a model's diff must never take the daemon down.
	defer func() {
		if r := recover(); r != nil {
			res, err = domain.Document{}, diffError(fmt.Errorf("the patch cannot be applied: %v", r))
		}
	}()
	p, err := decodePatch(patch)
	if err != nil {
		return domain.Document{}, err
	}
	src, err := json.Marshal(doc)
	if err != nil {
		return domain.Document{}, err
	}
	opts := jsonpatch.NewApplyOptions()
	opts.SupportNegativeIndices = false
	opts.AccumulatedCopySizeLimit = 4 << 20
	out, err := p.ApplyWithOptions(src, opts)
	if err != nil {
		return domain.Document{}, diffError(err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	if err := dec.Decode(&res); err != nil {
		return domain.Document{}, diffError(fmt.Errorf("the patched document is not a form: %w", err))
	}
	if res.Version != domain.DocumentVersion {
		return domain.Document{}, diffError(fmt.Errorf("the patch changed the document version to %q", res.Version))
	}
	if res.Fields == nil {
		res.Fields = []map[string]any{}
	}
	if res.Layout == nil {
		res.Layout = map[string]any{}
	}
	if res.Meta == nil {
		res.Meta = map[string]any{}
	}
	return res, nil
}

func decodePatch(patch json.RawMessage) (jsonpatch.Patch, error) {
	p, err := jsonpatch.DecodePatch(patch)
	if err != nil {
		return nil, diffError(err)
	}
	if len(p) > MaxPatchOps {
		return nil, diffError(fmt.Errorf("the patch has %d operations; at most %d are allowed", len(p), MaxPatchOps))
	}
	for i, op := range p {
		kind := op.Kind()
		switch kind {
		case "add", "remove", "replace", "move", "copy", "test":
		default:
			return nil, diffError(fmt.Errorf("operation %d: unknown op %q", i, kind))
		}
		if _, err := op.Path(); err != nil {
			return nil, diffError(fmt.Errorf("operation %d: %w", i, err))
		}
	}
	return p, nil
}

func diffError(err error) *domain.Error {
	return domain.Wrap(domain.CodeDiffApplyFail, err, "the change (JSON Patch) does not apply to this form: %s", err.Error())
}

// CanonicalJSON re-encodes v with sorted object keys and no spaces, so equal
// values always hash equally.
func CanonicalJSON(raw json.RawMessage) ([]byte, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return json.Marshal(v) // encoding/json sorts map keys
}

// DiffSHA is sha1 of the diff's canonical JSON, or nil when the diff is
// empty or not a JSON array (docs/HOSHA2.md, diffs).
func DiffSHA(diff json.RawMessage) *string {
	c, err := CanonicalJSON(diff)
	if err != nil || len(c) < 2 || c[0] != '[' || string(c) == "[]" {
		return nil
	}
	sum := sha1.Sum(c)
	s := hex.EncodeToString(sum[:])
	return &s
}
