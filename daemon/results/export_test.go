package results

// SetPageBytes makes s's export pages smaller, so that a small form
// takes many pages.
func SetPageBytes(s *Service, n int) { s.pageBytes = n }

// SetMaxMemo sets how many rendered values a field keeps (0: none) and
// returns the setting before.
func SetMaxMemo(n int) int {
	old := maxMemo
	maxMemo = n
	return old
}
