package domain

// List is items as a list in the language the text is written in:
// "a, b, c" in English, with the Persian comma in Persian.
func List(items []string) Text {
	return fold(items, func(acc any, item string) Text { return T("%s, %s", acc, item) })
}

// Alternatives is items joined by "or" in the text's language.
func Alternatives(items []string) Text {
	return fold(items, func(acc any, item string) Text { return T("%s or %s", acc, item) })
}

// Conjunction is items joined by "and" in the text's language.
func Conjunction(items []string) Text {
	return fold(items, func(acc any, item string) Text { return T("%s and %s", acc, item) })
}

// Clauses is items joined by semicolons in the text's language.
func Clauses(items []string) Text {
	return fold(items, func(acc any, item string) Text { return T("%s; %s", acc, item) })
}

// fold joins items pairwise with join, from the left: the same text as
// strings.Join with the language's separator.
func fold(items []string, join func(acc any, item string) Text) Text {
	if len(items) == 0 {
		return T("list\x04%s", "")
	}
	out := T("list\x04%s", items[0])
	for _, it := range items[1:] {
		out = join(out, it)
	}
	return out
}
