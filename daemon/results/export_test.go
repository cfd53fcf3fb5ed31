package results

// SetPageBytes makes s's export pages smaller, so that a small form
// takes many pages.
func SetPageBytes(s *Service, n int) { s.pageBytes = n }
