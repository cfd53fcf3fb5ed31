package lint

import (
	"bytes"
	"encoding/json"
	"net/url"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arshline/arshline-sidecar/daemon/contract"
)

// SARIF 2.1.0 document, limited to the members the linter fills.
type (
	SarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []SarifRun `json:"runs"`
	}
	SarifRun struct {
		Tool SarifTool `json:"tool"`
		// ColumnKind says columns count Unicode code points, not UTF-16
		// units: plans are full of Persian text.
		ColumnKind string        `json:"columnKind"`
		Results    []SarifResult `json:"results"`
	}
	SarifTool struct {
		Driver SarifDriver `json:"driver"`
	}
	SarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Rules          []SarifRule `json:"rules"`
	}
	SarifRule struct {
		ID                   string             `json:"id"`
		ShortDescription     SarifMessage       `json:"shortDescription"`
		DefaultConfiguration SarifConfiguration `json:"defaultConfiguration"`
	}
	SarifConfiguration struct {
		Level string `json:"level"`
	}
	SarifMessage struct {
		Text string `json:"text"`
	}
	SarifResult struct {
		RuleID     string            `json:"ruleId"`
		RuleIndex  int               `json:"ruleIndex"`
		Level      string            `json:"level"`
		Message    SarifMessage      `json:"message"`
		Locations  []SarifLocation   `json:"locations"`
		Properties map[string]string `json:"properties"`
	}
	SarifLocation struct {
		PhysicalLocation SarifPhysicalLocation  `json:"physicalLocation"`
		LogicalLocations []SarifLogicalLocation `json:"logicalLocations"`
	}
	SarifPhysicalLocation struct {
		ArtifactLocation SarifArtifactLocation `json:"artifactLocation"`
		Region           *SarifRegion          `json:"region,omitempty"`
	}
	SarifArtifactLocation struct {
		URI string `json:"uri"`
	}
	SarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
	}
	SarifLogicalLocation struct {
		FullyQualifiedName string `json:"fullyQualifiedName"`
		Kind               string `json:"kind"`
	}
)

// SARIF identity of the linter.
const (
	SarifSchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
	ToolName       = "arshlinectl"
	ToolURI        = "https://github.com/arshline/arshline-sidecar"
)

// SARIF renders the reports of one contract as a SARIF 2.1.0 log with a
// single run. Rules come from c.Rules(); each result points at its file
// and, when the JSON Pointer can be found in the file's text, at the line
// and column of the value (or of the nearest enclosing value that exists,
// for a missing field). The pointer itself is the logical location and
// properties.path.
func SARIF(c contract.Contract, reports []FileReport) SarifLog {
	declared := c.Rules()
	sort.Slice(declared, func(i, j int) bool { return declared[i].ID < declared[j].ID })
	rules := make([]SarifRule, 0, len(declared))
	index := make(map[string]int, len(declared))
	for _, r := range declared {
		index[r.ID] = len(rules)
		rules = append(rules, SarifRule{ID: r.ID, ShortDescription: SarifMessage{r.Description}, DefaultConfiguration: SarifConfiguration{sarifLevel(r.Severity)}})
	}
	results := []SarifResult{}
	for _, fr := range reports {
		var offsets map[string]int
		if len(fr.Report.Violations) > 0 && fr.source != nil {
			offsets = pointerOffsets(fr.source)
		}
		for _, v := range fr.Report.Violations {
			i, ok := index[v.Rule]
			if !ok {
				// A rule the contract forgot to declare still gets a
				// descriptor, so ruleIndex stays truthful.
				i = len(rules)
				index[v.Rule] = i
				rules = append(rules, SarifRule{ID: v.Rule, ShortDescription: SarifMessage{v.Rule}, DefaultConfiguration: SarifConfiguration{sarifLevel(v.Severity)}})
			}
			text := v.Message
			if v.Fix != "" {
				text += " (fix: " + v.Fix + ")"
			}
			props := map[string]string{"path": v.Path}
			if v.Step != "" {
				props["step"] = v.Step
			}
			if v.Fix != "" {
				props["fix"] = v.Fix
			}
			loc := SarifLocation{
				PhysicalLocation: SarifPhysicalLocation{ArtifactLocation: SarifArtifactLocation{URI: artifactURI(fr.File)}},
				LogicalLocations: []SarifLogicalLocation{{FullyQualifiedName: v.Path, Kind: logicalKind(v.Path)}},
			}
			if off, found := nearestOffset(offsets, v.Path); found {
				line, col := lineColumn(fr.source, off)
				loc.PhysicalLocation.Region = &SarifRegion{StartLine: line, StartColumn: col}
			}
			results = append(results, SarifResult{RuleID: v.Rule, RuleIndex: i, Level: sarifLevel(v.Severity),
				Message: SarifMessage{text}, Locations: []SarifLocation{loc}, Properties: props})
		}
	}
	return SarifLog{Schema: SarifSchemaURI, Version: "2.1.0", Runs: []SarifRun{{
		Tool:       SarifTool{Driver: SarifDriver{Name: ToolName, InformationURI: ToolURI, Rules: rules}},
		ColumnKind: "unicodeCodePoints",
		Results:    results,
	}}}
}

func sarifLevel(s contract.Severity) string {
	switch s {
	case contract.SeverityError:
		return "error"
	case contract.SeverityWarning:
		return "warning"
	}
	return "note"
}

// artifactURI writes a file name as a URI reference: relative paths stay
// relative (with / separators and escapes), absolute ones become file:
// URIs, standard input is "stdin".
func artifactURI(file string) string {
	if file == "-" {
		return "stdin"
	}
	p := filepath.ToSlash(file)
	if filepath.IsAbs(file) {
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}

// logicalKind names what a JSON Pointer points at: the document, an array
// element or an object property.
func logicalKind(pointer string) string {
	if pointer == "" {
		return "object"
	}
	last := pointer[strings.LastIndexByte(pointer, '/')+1:]
	if _, err := strconv.Atoi(last); err == nil {
		return "element"
	}
	return "property"
}

// nearestOffset finds the pointer in offsets, or else its closest
// ancestor: a missing field is reported where its object starts.
func nearestOffset(offsets map[string]int, pointer string) (int, bool) {
	if offsets == nil {
		return 0, false
	}
	for {
		if off, ok := offsets[pointer]; ok {
			return off, true
		}
		if pointer == "" {
			return 0, false
		}
		pointer = pointer[:strings.LastIndexByte(pointer, '/')]
	}
}

// pointerOffsets maps the JSON Pointer of every value in data to the byte
// offset where it starts; for an object member, where its key starts, so
// an extra field is shown on the key's line.
func pointerOffsets(data []byte) map[string]int {
	type frame struct {
		array   bool
		index   int
		key     string
		wantKey bool
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	offsets := map[string]int{}
	var stack []frame
	pointer := func() string {
		segs := make([]any, len(stack))
		for i, f := range stack {
			if f.array {
				segs[i] = f.index
			} else {
				segs[i] = f.key
			}
		}
		return contract.Pointer(segs...)
	}
	// valueDone moves the enclosing container past a finished value.
	valueDone := func() {
		if len(stack) == 0 {
			return
		}
		top := &stack[len(stack)-1]
		if top.array {
			top.index++
		} else {
			top.wantKey = true
		}
	}
	for {
		start := skipSeparators(data, int(dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			return offsets
		}
		delim, isDelim := tok.(json.Delim)
		if len(stack) > 0 {
			top := &stack[len(stack)-1]
			if isDelim && (delim == '}' || delim == ']') {
				stack = stack[:len(stack)-1]
				valueDone()
				continue
			}
			if !top.array && top.wantKey {
				key, _ := tok.(string)
				top.key, top.wantKey = key, false
				offsets[pointer()] = start
				continue
			}
			if top.array {
				offsets[pointer()] = start
			}
		} else {
			offsets[""] = start
		}
		switch {
		case isDelim && delim == '{':
			stack = append(stack, frame{wantKey: true})
		case isDelim && delim == '[':
			stack = append(stack, frame{array: true})
		default:
			valueDone()
		}
	}
}

func skipSeparators(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r', ',', ':':
			i++
		default:
			return i
		}
	}
	return i
}

// lineColumn turns a byte offset into a 1-based line and a 1-based column
// counted in code points.
func lineColumn(data []byte, offset int) (line, col int) {
	if offset > len(data) {
		offset = len(data)
	}
	if offset < 0 {
		offset = 0
	}
	lineStart := bytes.LastIndexByte(data[:offset], '\n') + 1
	return bytes.Count(data[:offset], []byte{'\n'}) + 1, utf8.RuneCount(data[lineStart:offset]) + 1
}
