package results

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/xml"
	"io"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf16"
	"unicode/utf8"
)

// sheetWriter writes an export's workbook, one worksheet of rows, into a
// zip as the rows arrive: the package's small parts first, then the
// sheet, compressed on a goroutine of its own while the next rows are
// made.
//
// It is the one hand-written writer of a file format here, and it pays
// for itself: excelize's StreamWriter spends ~13 µs a row of 16 cells in
// SetRow (a cell name, a style lookup and encoding/xml's escaper per
// cell) and compresses the whole sheet only after the last row, which
// holds an export of 1,000,000 rows to 35,000–39,000 rows/s; this writer
// makes it 130,000 (docs/PERFORMANCE.md). The parts
// written are the few a workbook needs (content types, relationships, a
// workbook, one default style, the sheet); text is escaped by
// encoding/xml's EscapeText unless it is plain, and every cell is text
// or a number, never a formula. Tests open what it writes with excelize.
type sheetWriter struct {
	zw     *zip.Writer
	row    int
	refs   []string // column letters, A, B, …
	buf    []byte   // the rows not yet handed to the compressor
	chunks chan []byte
	free   chan []byte
	done   chan error
	// failed is the compressor's first error, for the writer to stop at
	// before the end.
	failed atomic.Pointer[error]
}

// sheetChunk is how much sheet markup is handed to the compressor at once.
const sheetChunk = 256 << 10

// maxCellChars is the most characters a spreadsheet keeps in a cell
// (Excel's limit, which excelize applies too): longer text is cut.
const maxCellChars = 32767

// newSheetWriter starts the workbook in w, with a sheet of that name and
// columns; rtl sets the sheet right to left.
func newSheetWriter(w io.Writer, sheet string, columns int, rtl bool) (*sheetWriter, error) {
	zw := zip.NewWriter(w)
	// The sheet is most of the file and mostly markup: the fastest level
	// compresses it nearly as well in a fraction of the time.
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestSpeed)
	})
	var name bytes.Buffer
	if err := xml.EscapeText(&name, []byte(sheet)); err != nil {
		return nil, err
	}
	parts := []struct{ path, body string }{
		{"[Content_Types].xml", xml.Header + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
			`<Default Extension="xml" ContentType="application/xml"/>` +
			`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
			`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
			`<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
			`</Types>`},
		{"_rels/.rels", xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
			`</Relationships>`},
		{"xl/workbook.xml", xml.Header + `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
			`<sheets><sheet name="` + name.String() + `" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
			`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
			`</Relationships>`},
		{"xl/styles.xml", xml.Header + `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
			`<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>` +
			`<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
			`<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
			`<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
			`<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>` +
			`<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
			`</styleSheet>`},
	}
	for _, p := range parts {
		f, err := zw.Create(p.path)
		if err != nil {
			return nil, err
		}
		if _, err := io.WriteString(f, p.body); err != nil {
			return nil, err
		}
	}
	sheetFile, err := zw.Create("xl/worksheets/sheet1.xml")
	if err != nil {
		return nil, err
	}
	sw := &sheetWriter{zw: zw, refs: make([]string, columns), chunks: make(chan []byte, 2), free: make(chan []byte, 3), done: make(chan error, 1)}
	for i := range sw.refs {
		sw.refs[i] = columnName(i)
	}
	for range 3 {
		sw.free <- make([]byte, 0, sheetChunk+64<<10)
	}
	sw.buf = <-sw.free
	sw.buf = append(sw.buf, xml.Header...)
	sw.buf = append(sw.buf, `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">`...)
	if rtl {
		sw.buf = append(sw.buf, `<sheetViews><sheetView rightToLeft="1" workbookViewId="0"/></sheetViews>`...)
	}
	sw.buf = append(sw.buf, `<sheetData>`...)
	go sw.compress(sheetFile)
	return sw, nil
}

// compress writes the chunks into the sheet's zip entry, on its own
// goroutine, and returns each buffer for reuse.
func (sw *sheetWriter) compress(sheet io.Writer) {
	var err error
	for chunk := range sw.chunks {
		if err == nil {
			if _, err = sheet.Write(chunk); err != nil {
				sw.failed.Store(&err)
			}
		}
		sw.free <- chunk[:0]
	}
	sw.done <- err
}

// columnName is the letters of column i (0 is A, 26 is AA).
func columnName(i int) string {
	name := ""
	for i++; i > 0; i = (i - 1) / 26 {
		name = string(rune('A'+(i-1)%26)) + name
	}
	return name
}

// writeRow adds the next row: text cells as inline strings, numbers as
// numbers; an empty text is an empty cell.
func (sw *sheetWriter) writeRow(cells []cell) error {
	sw.row++
	b := sw.buf
	b = append(b, `<row r="`...)
	b = strconv.AppendInt(b, int64(sw.row), 10)
	b = append(b, `">`...)
	for i, c := range cells {
		if !c.isNum && c.text == "" {
			continue
		}
		b = append(b, `<c r="`...)
		b = append(b, sw.refs[i]...)
		b = strconv.AppendInt(b, int64(sw.row), 10)
		if c.isNum {
			b = append(b, `"><v>`...)
			b = appendCellNumber(b, c.num)
			b = append(b, `</v></c>`...)
			continue
		}
		b = append(b, `" t="inlineStr"><is><t`...)
		text := cellText(c.text)
		if xmlSpace(text[0]) || xmlSpace(text[len(text)-1]) {
			b = append(b, ` xml:space="preserve"`...)
		}
		b = append(b, '>')
		b = appendXMLText(b, text)
		b = append(b, `</t></is></c>`...)
	}
	b = append(b, `</row>`...)
	sw.buf = b
	if len(b) >= sheetChunk {
		return sw.flush()
	}
	return nil
}

// flush hands the markup so far to the compressor.
func (sw *sheetWriter) flush() error {
	if err := sw.failed.Load(); err != nil {
		return *err
	}
	sw.chunks <- sw.buf
	sw.buf = <-sw.free
	return nil
}

// close ends the sheet and the package.
func (sw *sheetWriter) close() error {
	sw.buf = append(sw.buf, `</sheetData></worksheet>`...)
	sw.chunks <- sw.buf
	close(sw.chunks)
	if err := <-sw.done; err != nil {
		return err
	}
	return sw.zw.Close()
}

// abandon stops the compressor of a sheet that will not be finished.
func (sw *sheetWriter) abandon() {
	close(sw.chunks)
	<-sw.done
}

// cellText is text as a cell keeps it: cut to maxCellChars UTF-16
// units, and with every "_" that begins an escape of the form _xHHHH_
// written _x005F_, so that a spreadsheet shows what was typed instead of
// the character the escape names.
func cellText(s string) string {
	if len(s) > maxCellChars { // a UTF-16 unit takes at least one byte
		units := 0
		for i, r := range s {
			if units += utf16.RuneLen(r); units > maxCellChars {
				s = s[:i]
				break
			}
		}
	}
	if !strings.Contains(s, "_x") {
		return s
	}
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '_' && isCellEscape(s[i:]) {
			out.WriteString("_x005F_")
			continue
		}
		out.WriteByte(s[i])
	}
	return out.String()
}

// isCellEscape reports whether s begins with _xHHHH_.
func isCellEscape(s string) bool {
	if len(s) < 7 || s[1] != 'x' || s[6] != '_' {
		return false
	}
	for _, c := range []byte(s[2:6]) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// appendCellNumber writes a number as a spreadsheet holds it: with at
// most 15 significant digits (Excel's precision), the rest cut off, or
// zeros in the integer part — as excelize writes numbers too.
func appendCellNumber(b []byte, f float64) []byte {
	start := len(b)
	b = strconv.AppendFloat(b, f, 'f', -1, 64)
	if math.Abs(f) == math.MaxFloat64 {
		return b
	}
	text := b[start:]
	point := bytes.IndexByte(text, '.')
	significant := 0
	for i, c := range text {
		if c < '0' || c > '9' || significant == 0 && c == '0' {
			continue
		}
		if significant++; significant <= 15 {
			continue
		}
		if point >= 0 && i > point {
			return bytes.TrimSuffix(b[:start+i], []byte("."))
		}
		if point < 0 {
			point = len(text)
		}
		for k := i; k < point; k++ {
			text[k] = '0'
		}
		return b[:start+point]
	}
	return b
}

// xmlPlain marks the ASCII bytes text is copied with as it is: not
// markup, and not a control character (some must be escaped, the rest
// are not XML).
var xmlPlain = func() (t [utf8.RuneSelf]bool) {
	for c := range utf8.RuneSelf {
		t[c] = c >= ' ' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendXMLText appends s escaped for an element's text by
// encoding/xml's rules (what cannot be in XML becomes U+FFFD), copying
// it as it is when nothing needs escaping: Persian text included, which
// is most of what respondents write.
func appendXMLText(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if !xmlPlain[c] {
				return appendEscapedXMLText(b, s)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == 0xFFFE || r == 0xFFFF {
			return appendEscapedXMLText(b, s)
		}
		i += size
	}
	return append(b, s...)
}

func appendEscapedXMLText(b []byte, s string) []byte {
	var esc bytes.Buffer
	_ = xml.EscapeText(&esc, []byte(s)) // a bytes.Buffer never fails
	return append(b, esc.Bytes()...)
}

// xmlSpace reports a character XML would drop at the edge of a text
// unless told to keep it (xml:space="preserve").
func xmlSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
