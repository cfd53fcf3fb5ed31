package contract

import (
	"encoding/json"
	"fmt"
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

// KindOfFA names the kind of a decoded JSON value in Persian.
func KindOfFA(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "شیء"
	case []any:
		return "آرایه"
	case string:
		return "رشته"
	case bool:
		return "مقدار درست/نادرست"
	case json.Number, float64, int, int64:
		return "عدد"
	}
	return fmt.Sprintf("%T", v)
}
