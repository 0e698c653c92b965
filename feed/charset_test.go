package feed

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// encodeWith encodes s, failing the test when it cannot.
func encodeWith(t *testing.T, enc encoding.Encoding, s string) []byte {
	t.Helper()
	b, err := enc.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatalf("encode %q: %v", s, err)
	}
	return b
}

// titleFeed is a minimal RSS feed with the given prolog and title.
func titleFeed(prolog, title string) string {
	return prolog + `<rss version="2.0"><channel><title>` + title + `</title></channel></rss>`
}

func TestDecodeBody(t *testing.T) {
	utf16be := unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)
	utf16le := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
	utf32le := utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)
	utf32be := utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM)
	tests := []struct {
		name        string
		body        func(t *testing.T) []byte
		contentType string
		wantEnc     string
		wantTitle   string
	}{
		{"plain utf-8", func(t *testing.T) []byte { return []byte(titleFeed("", "café")) }, "", "utf-8", "café"},
		{"utf-8 bom", func(t *testing.T) []byte { return append([]byte{0xEF, 0xBB, 0xBF}, titleFeed("", "café")...) }, "", "utf-8", "café"},
		{"utf-16le bom beats header", func(t *testing.T) []byte {
			return append([]byte{0xFF, 0xFE}, encodeWith(t, utf16le, titleFeed(`<?xml version="1.0" encoding="utf-16"?>`, "Ωmega"))...)
		}, "text/xml; charset=iso-8859-1", "utf-16le", "Ωmega"},
		{"utf-16be bom", func(t *testing.T) []byte {
			return append([]byte{0xFE, 0xFF}, encodeWith(t, utf16be, titleFeed("", "Ωmega"))...)
		}, "", "utf-16be", "Ωmega"},
		{"utf-16be without bom", func(t *testing.T) []byte {
			return encodeWith(t, utf16be, titleFeed(`<?xml version="1.0" encoding="utf-16"?>`, "Ωmega"))
		}, "", "utf-16be", "Ωmega"},
		{"utf-16le without bom, header says latin-1", func(t *testing.T) []byte {
			return encodeWith(t, utf16le, titleFeed(`<?xml version="1.0"?>`, "Ωmega"))
		}, "application/rss+xml; charset=iso-8859-1", "utf-16le", "Ωmega"},
		{"utf-32le bom", func(t *testing.T) []byte {
			return append([]byte{0xFF, 0xFE, 0, 0}, encodeWith(t, utf32le, titleFeed("", "日本"))...)
		}, "", "utf-32le", "日本"},
		{"utf-32be without bom", func(t *testing.T) []byte {
			return encodeWith(t, utf32be, titleFeed(`<?xml version="1.0" encoding="utf-32"?>`, "日本"))
		}, "", "utf-32be", "日本"},
		{"header charset beats prolog", func(t *testing.T) []byte {
			return encodeWith(t, charmap.Windows1251, titleFeed(`<?xml version="1.0" encoding="iso-8859-1"?>`, "Привет"))
		}, `text/xml; charset="windows-1251"`, "windows-1251", "Привет"},
		{"prolog when header has no charset", func(t *testing.T) []byte {
			return encodeWith(t, charmap.KOI8R, titleFeed(`<?xml version="1.0" encoding="koi8-r"?>`, "Привет"))
		}, "application/xml", "koi8-r", "Привет"},
		{"big5 prolog", func(t *testing.T) []byte {
			return encodeWith(t, traditionalchinese.Big5, titleFeed(`<?xml version='1.0' encoding='big5'?>`, "中文"))
		}, "", "big5", "中文"},
		{"euc-kr header with quotes and spaces", func(t *testing.T) []byte {
			return encodeWith(t, korean.EUCKR, titleFeed(`<?xml version="1.0"?>`, "년"))
		}, "text/xml;charset = 'euc-kr'", "euc-kr", "년"},
		{"header utf-8 contradicted by bytes, prolog used", func(t *testing.T) []byte {
			return encodeWith(t, charmap.Windows1250, titleFeed(`<?xml version="1.0" encoding="windows-1250"?>`, "Łódź"))
		}, "text/xml; charset=utf-8", "windows-1250", "Łódź"},
		{"unknown header label ignored", func(t *testing.T) []byte { return []byte(titleFeed("", "x")) }, "text/xml; charset=bogus-9", "utf-8", "x"},
		{"undeclared invalid utf-8 read as windows-1252", func(t *testing.T) []byte {
			return encodeWith(t, charmap.Windows1252, titleFeed("", "“quoted” café"))
		}, "", "windows-1252", "“quoted” café"},
		{"wide label on 8-bit bytes ignored", func(t *testing.T) []byte {
			return []byte(titleFeed(`<?xml version="1.0" encoding="utf-16"?>`, "x"))
		}, "", "utf-8", "x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := tt.body(t)
			text, enc := decodeBody(body, tt.contentType)
			if enc.name != tt.wantEnc {
				t.Errorf("encoding = %q, want %q", enc.name, tt.wantEnc)
			}
			if bytes.Contains(text, []byte("encoding=")) {
				t.Errorf("prolog still declares an encoding: %q", text[:min(len(text), 60)])
			}
			f := mustParse(t, string(body), Options{ContentType: tt.contentType})
			if f.Title != tt.wantTitle {
				t.Errorf("title = %q, want %q", f.Title, tt.wantTitle)
			}
		})
	}
}

func TestHeaderCharset(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"text/xml", ""},
		{"text/xml; charset=UTF-8", "UTF-8"},
		{`application/rss+xml;charset= "us-ascii"`, "us-ascii"},
		{"text/xml; qs=0.9; Charset = 'koi8-r' ", "koi8-r"},
		{"text/xml; charset:iso-8859-1", ""},
	}
	for _, tt := range tests {
		if got := headerCharset(tt.in); got != tt.want {
			t.Errorf("headerCharset(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDropPrologEncoding(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<?xml version="1.0" encoding="big5"?><rss/>`, `<?xml version="1.0"?><rss/>`},
		{`<?xml version='1.0' encoding = 'UTF-16' standalone="yes"?><rss/>`, `<?xml version='1.0' standalone="yes"?><rss/>`},
		{`<rss><title>encoding="x"</title></rss>`, `<rss><title>encoding="x"</title></rss>`},
	}
	for _, tt := range tests {
		if got := string(dropPrologEncoding([]byte(tt.in))); got != tt.want {
			t.Errorf("dropPrologEncoding(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if !strings.Contains(string(dropPrologEncoding([]byte(`<?xml version="1.0"?>`))), "version") {
		t.Error("prolog without encoding changed")
	}
}

func TestValidUTF8(t *testing.T) {
	tests := []struct {
		name    string
		in      []byte
		want    string
		sameMem bool // valid text comes back as it is, not copied
	}{
		{"valid", []byte("caf\u00e9 <b>"), "caf\u00e9 <b>", true},
		{"a stray byte", []byte("caf\xe9 ok"), "caf\ufffd ok", false},
		{"a cut sequence", []byte("ok \xe2\x82"), "ok \ufffd", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := validUTF8(tt.in)
			if string(got) != tt.want {
				t.Errorf("validUTF8(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if same := &got[0] == &tt.in[0]; same != tt.sameMem {
				t.Errorf("validUTF8(%q) shares the input's memory: %v, want %v", tt.in, same, tt.sameMem)
			}
		})
	}
}
