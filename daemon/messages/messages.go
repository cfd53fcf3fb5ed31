// Package messages renders what the daemon says to a person in the
// caller's language: the English text is the key (domain.Text), the
// Persian text comes from the Persian catalogue, looked up with
// golang.org/x/text/message/catalog. Error replies are rendered where
// they leave the daemon (rpc.Config.Localize); the texts a result or
// error.data carries in both languages (an answer's field errors, the
// document's violations, the planner's warnings) are rendered from the
// same catalogue when they are written, and so are the contract engine's
// violations and plan previews (contract.Msg), the lint command's report
// and the texts a site's admin or respondent receives (notifications, the
// code and test texts, an export's headers).
package messages

import (
	"fmt"
	"strconv"

	"golang.org/x/text/language"
	"golang.org/x/text/message/catalog"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// cat holds the Persian entries; English needs none, its key is its text.
var cat = func() *catalog.Builder {
	b := catalog.NewBuilder(catalog.Fallback(language.English))
	for key, fa := range persian {
		if err := b.SetString(language.Persian, key, fa); err != nil {
			panic("messages: " + key + ": " + err.Error())
		}
	}
	return b
}()

// format is a catalog.Renderer that keeps the format string of the
// message it is given; the arguments are fmt's to fill in, so that
// numbers are written as the entry says (Persian digits for %d) and not
// grouped as x/text/message's printer groups them.
type format struct{ s string }

func (f *format) Render(s string)     { f.s += s }
func (f *format) Arg(int) interface{} { return nil }

// persianFormat is the Persian text of key, false when the catalogue has
// none.
func persianFormat(key string) (string, bool) {
	var f format
	if err := cat.Context(language.Persian, &f).Execute(key); err != nil {
		return "", false
	}
	return f.s, true
}

// persianFormats are the catalogue's Persian formats, each resolved once:
// a lookup in the x/text catalogue costs more than the message it writes,
// and the contract engine writes one per violation.
var persianFormats = func() map[string]string {
	m := make(map[string]string, len(persian))
	for key := range persian {
		if f, ok := persianFormat(key); ok {
			m[key] = f
		}
	}
	return m
}()

// Has reports whether the Persian catalogue has key.
func Has(key string) bool {
	_, ok := persian[key]
	return ok
}

// Keys are the keys of the Persian catalogue.
func Keys() []string {
	keys := make([]string, 0, len(persian))
	for k := range persian {
		keys = append(keys, k)
	}
	return keys
}

// Render writes t in locale: Persian for fa…, English otherwise. A key the Persian
// catalogue lacks is written in English.
func Render(locale string, t domain.Text) string {
	return Localize(locale, t.Key, t.Args)
}

// Localize writes the message key with its arguments in locale (see
// Render); it is rpc.Config.Localize.
func Localize(locale, key string, args []any) string {
	fa := domain.IsPersian(locale)
	f := domain.English(key)
	if fa {
		if s, ok := persianFormats[key]; ok {
			f = s
		} else {
			fa = false
		}
	}
	return fmt.Sprintf(f, localArgs(fa, locale, args)...)
}

// localArgs are args as the text in the locale formats them: texts and
// errors rendered in it, and in Persian, numbers that %d writes in
// Persian digits.
func localArgs(fa bool, locale string, args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case domain.Text:
			out[i] = Render(locale, a)
		case *domain.Error:
			out[i] = Render(locale, a.Text())
		case domain.Numeral:
			out[i] = a.String()
			if fa {
				out[i] = a.Persian()
			}
		case domain.Both:
			out[i] = a.EN
			if fa {
				out[i] = a.FA
			}
		case int:
			out[i] = number(fa, int64(a))
		case int64:
			out[i] = number(fa, a)
		case int32:
			out[i] = number(fa, int64(a))
		default:
			out[i] = a
		}
	}
	return out
}

func number(fa bool, n int64) any {
	if fa {
		return persianNumber(n)
	}
	return n
}

// persianNumber is a number in a Persian text: %d writes it in Persian
// digits, any other verb as fmt writes the number.
type persianNumber int64

func (n persianNumber) Format(s fmt.State, verb rune) {
	if verb == 'd' {
		fmt.Fprintf(s, fmt.FormatString(s, 's'), domain.PersianDigits(strconv.FormatInt(int64(n), 10)))
		return
	}
	fmt.Fprintf(s, fmt.FormatString(s, verb), int64(n))
}
