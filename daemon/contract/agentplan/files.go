package agentplan

import (
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// contentKeys hold file contents, not paths, so file.path_traversal
// (applied by checkStrings) does not read them.
var contentKeys = newUpperTable(wordSet("CONTENT CONTENTS DATA BODY TEXT"))

var systemDirs = []string{"/etc", "/root", "/proc", "/sys", "/dev", "/boot"}

var (
	homePath    = regexp.MustCompile(`^~[A-Za-z0-9_.-]*(?:[/\\]|$)`)
	windowsPath = regexp.MustCompile(`(?i)^(?:\\\\[?.]\\)?[a-z]:[\\/]+windows(?:[\\/]|$)|%(?:systemroot|windir)%`)
)

// pathProblem explains why a path escapes the tool's working area. It
// also checks the percent-decoded form, since many file APIs decode it.
func pathProblem(p string) (domain.Text, bool) {
	candidate, _ := replaceTemplates(p, "ref")
	shown := quote(p)
	for round := 0; round < 3; round++ {
		if problem, bad := pathProblemOnce(candidate, shown); bad {
			return problem, true
		}
		decoded, err := url.PathUnescape(candidate)
		if err != nil || decoded == candidate {
			break
		}
		candidate = decoded
	}
	return domain.Text{}, false
}

func pathProblemOnce(p, shown string) (domain.Text, bool) {
	for _, seg := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		if seg == ".." {
			return domain.T(`Path %s climbs out of its directory with ".."; use a path inside the tool's working directory.`, shown), true
		}
	}
	if homePath.MatchString(p) {
		return domain.T("Path %s points into a home directory (~); use a path inside the tool's working directory.", shown), true
	}
	if windowsPath.MatchString(p) {
		return domain.T("Path %s points into the Windows system directory; file tools must stay inside their working directory.", shown), true
	}
	unix := strings.TrimPrefix(p, "file://")
	if strings.HasPrefix(unix, "/") {
		clean := path.Clean(unix)
		for _, dir := range systemDirs {
			if clean == dir || strings.HasPrefix(clean, dir+"/") {
				return domain.T("Path %s points into the system directory %s; file tools must stay inside their working directory.", shown, dir), true
			}
		}
	}
	return domain.Text{}, false
}
