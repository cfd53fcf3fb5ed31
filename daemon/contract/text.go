package contract

import (
	"encoding/json"
	"fmt"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Show writes a decoded JSON value for a message: the value itself when
// short, else its kind, so a message never carries a whole sub-document.
func Show(v any) string {
	b, err := json.Marshal(v)
	if err != nil || len(b) > 60 {
		return KindOf(v)
	}
	return string(b)
}

// KindOf names the kind of a decoded JSON value in English.
func KindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case json.Number, float64, int, int64:
		return "a number"
	}
	return fmt.Sprintf("%T", v)
}

// Kind names the kind of a decoded JSON value as a message argument,
// written in the message's language.
func Kind(v any) domain.Text {
	switch v.(type) {
	case nil:
		return domain.T("null")
	case map[string]any:
		return domain.T("an object")
	case []any:
		return domain.T("an array")
	case string:
		return domain.T("a string")
	case bool:
		return domain.T("a boolean")
	case json.Number, float64, int, int64:
		return domain.T("a number")
	}
	return domain.T("a Go value\x04%T", v)
}

// ListBoth writes a list once in each language, for a list that many
// messages name: the messages then take it as it is.
func ListBoth(items []string) domain.Both {
	t := domain.List(items)
	return domain.Both{EN: Msg("en", t), FA: Msg("fa", t)}
}
