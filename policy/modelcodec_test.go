package policy

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// fillEveryField sets every exported field reachable from v (through
// pointers, structs and slices) to a value of its kind that differs from
// the zero value, drawn from rng: a codec that forgets a field cannot
// round-trip the result.
func fillEveryField(t *testing.T, v reflect.Value, rng *rand.Rand) {
	t.Helper()
	switch v.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillEveryField(t, v.Elem(), rng)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Unix(rng.Int64N(4e9), rng.Int64N(1e9)).UTC()))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fillEveryField(t, v.Field(i), rng)
			}
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 3, 3))
		for i := range 3 {
			fillEveryField(t, v.Index(i), rng)
		}
	case reflect.Float64:
		v.SetFloat(rng.Float64() * 100)
	case reflect.Int, reflect.Int64:
		v.SetInt(1 + rng.Int64N(1e12))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.String:
		v.SetString("probes")
	default:
		t.Fatalf("fillEveryField: a field of kind %s: teach the codec and this test about it", v.Kind())
	}
}

// TestModelsCodecCoversEveryField round-trips models whose every field,
// down to the estimators', is set: a field added to Models or an estimator
// and not to modelcodec.go comes back zero and fails the test.
func TestModelsCodecCoversEveryField(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for range 20 {
		var m Models
		fillEveryField(t, reflect.ValueOf(&m).Elem(), rng)
		b, err := m.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeModels(b)
		if err != nil {
			t.Fatalf("decodeModels: %v", err)
		}
		if !reflect.DeepEqual(&m, back) {
			t.Fatalf("models changed in a round trip:\n sent %+v\n back %+v", m, *back)
		}
	}
}

// TestModelsCodecRoundTrips checks the round trip of models as the
// monitor makes them (nil optional estimators, zero times, empty Recent)
// and that the binary form is what Marshal stores.
func TestModelsCodecRoundTrips(t *testing.T) {
	added := time.Date(2026, 11, 2, 9, 30, 0, 0, time.UTC)
	fresh := NewModels(0.3, added)
	learned := NewModels(0.3, added)
	for i := range 40 {
		learned.Observe(added.Add(time.Duration(i+1)*47*time.Minute), i%3, nil)
	}
	learned.ObserveNovel(added.Add(41*47*time.Minute), 1)
	learned.Page = true
	for _, tc := range []struct {
		name string
		m    *Models
	}{{"fresh", fresh}, {"learned", learned}, {"no optional estimators", &Models{EWMA: fresh.EWMA, Daily: fresh.Daily, Weekly: fresh.Weekly, Learned: fresh.Learned}}} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := tc.m.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(b, modelsMagic[:]) {
				t.Fatalf("Marshal wrote % x..., not the binary form", b[:min(len(b), 8)])
			}
			back, err := UnmarshalModels(b)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := back.Marshal()
			if !bytes.Equal(b, again) {
				t.Fatal("a decoded model encodes to other bytes")
			}
			if !reflect.DeepEqual(tc.m, back) {
				t.Fatalf("models changed in a round trip:\n sent %+v\n back %+v", *tc.m, *back)
			}
		})
	}
}

// TestModelsStoredAsJSONStillRead reads models as stored before the binary
// form (JSON) and checks they are the same models, written back in the
// binary form.
func TestModelsStoredAsJSONStillRead(t *testing.T) {
	m := NewModels(0.3, time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC))
	for i := range 30 {
		m.Observe(time.Date(2026, 1, 5, 1+i, 0, 0, 0, time.UTC), i%2, nil)
	}
	old, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalModels(old)
	if err != nil {
		t.Fatalf("models stored as JSON: %v", err)
	}
	if back.Fetches != m.Fetches || back.EWMA.Rate != m.EWMA.Rate || !back.EWMA.Last.Equal(m.EWMA.Last) ||
		!reflect.DeepEqual(back.Weekly.Rates, m.Weekly.Rates) {
		t.Fatal("models stored as JSON read back different")
	}
	now, _ := back.Marshal()
	if !bytes.HasPrefix(now, modelsMagic[:]) {
		t.Fatal("models read from JSON are not written back in the binary form")
	}
}

// TestModelsCodecRefusesBrokenBytes checks that damaged encodings get an
// error naming what is wrong, never a panic or models with holes.
func TestModelsCodecRefusesBrokenBytes(t *testing.T) {
	good, _ := NewModels(0.3, time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)).Marshal()
	huge := append(append([]byte{}, modelsMagic[:]...), 1)
	huge = append(huge, make([]byte, 8+8+2+1+1)...) // an EWMA
	huge = append(huge, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x0f)
	for _, tc := range []struct {
		name, want string
		b          []byte
	}{
		{"cut short", "end too soon", good[:len(good)-3]},
		{"trailing bytes", "after the encoded models", append(append([]byte{}, good...), 9)},
		{"a flag of 2", "not 0 or 1", append(append([]byte{}, modelsMagic[:]...), 2)},
		{"a slice longer than the row", "claim", huge},
		{"only the header", "end too soon", modelsMagic[:]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := UnmarshalModels(tc.b)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("UnmarshalModels = %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// FuzzUnmarshalModels feeds stored-model bytes of any kind to the decoder:
// it must return models or an error, never panic, and models it accepts
// must encode and decode to themselves.
func FuzzUnmarshalModels(f *testing.F) {
	good, _ := NewModels(0.3, time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)).Marshal()
	f.Add(good)
	old, _ := json.Marshal(NewModels(0.3, time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)))
	f.Add(old)
	f.Add(modelsMagic[:])
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := UnmarshalModels(b)
		if err != nil {
			return
		}
		enc, err := m.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		back, err := UnmarshalModels(enc)
		if err != nil {
			t.Fatalf("accepted models do not decode after encoding: %v", err)
		}
		if again, _ := back.Marshal(); !bytes.Equal(enc, again) {
			t.Fatal("accepted models change in a second round trip")
		}
	})
}

// learnedModels are models after 400 fetches of a source, every rate
// learned to full precision, as a long-followed feed's are.
func learnedModels() *Models {
	added := time.Date(2026, 11, 2, 9, 30, 0, 0, time.UTC)
	m := NewModels(0.3, added)
	for i := range 400 {
		m.Observe(added.Add(time.Duration(i+1)*47*time.Minute), i%3, nil)
	}
	return m
}

// BenchmarkModelsCodec measures decoding and encoding a long-followed
// feed's models, as every fetch does once each, in the binary form and in
// the JSON stored before it.
func BenchmarkModelsCodec(b *testing.B) {
	m := learnedModels()
	bin, _ := m.Marshal()
	js, _ := json.Marshal(m)
	b.Run("decode/binary", func(b *testing.B) { benchDecode(b, bin) })
	b.Run("decode/json", func(b *testing.B) { benchDecode(b, js) })
	b.Run("encode/binary", func(b *testing.B) {
		for b.Loop() {
			if _, err := m.Marshal(); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(bin)), "bytes")
	})
	b.Run("encode/json", func(b *testing.B) {
		for b.Loop() {
			if _, err := json.Marshal(m); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(js)), "bytes")
	})
}

// benchDecode decodes stored models b over and over.
func benchDecode(b *testing.B, enc []byte) {
	for b.Loop() {
		if _, err := UnmarshalModels(enc); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(enc)), "bytes")
}

// TestModelsCodecReadsEarlierForms decodes models stored in the earlier
// binary forms: testdata/models-v1.hex (six fetches of two dated items
// each, written before HourShape.Dated existed) and models-v2.hex (six
// such fetches, before HourShape.Exposure and Seen). Every field comes
// back, those the form lacked empty, and writing them again gives the
// current form, which reads back the same.
func TestModelsCodecReadsEarlierForms(t *testing.T) {
	cases := []struct {
		file  string
		magic [4]byte
		check func(m *Models) error
	}{
		{"testdata/models-v1.hex", modelsMagicV1, func(m *Models) error {
			if m.Fetches != 6 || m.Posted == nil || m.Posted.Dated != 0 || math.Abs(m.Posted.Total()-11.889284421007773) > 1e-12 {
				return fmt.Errorf("read %d fetches, posted %+v: want 6 fetches, a dated count of 0 and a total of 11.889", m.Fetches, m.Posted)
			}
			return nil
		}},
		{"testdata/models-v2.hex", modelsMagicV2, func(m *Models) error {
			if m.Fetches != 6 || m.Posted == nil || !(m.Posted.Dated > 0) || m.Posted.Exposure != nil || m.Posted.Seen != nil {
				return fmt.Errorf("read %d fetches, posted %+v: want 6 fetches, a dated count and no seen stretches", m.Fetches, m.Posted)
			}
			return nil
		}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			raw, err := os.ReadFile(c.file)
			if err != nil {
				t.Fatal(err)
			}
			b, err := hex.DecodeString(strings.TrimSpace(string(raw)))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(b, c.magic[:]) {
				t.Fatalf("the fixture starts % x, want the form's header % x", b[:4], c.magic)
			}
			m, err := UnmarshalModels(b)
			if err != nil {
				t.Fatalf("reading the form: %v", err)
			}
			if err := c.check(m); err != nil {
				t.Fatal(err)
			}
			again, err := m.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(again, modelsMagic[:]) {
				t.Fatalf("written again with header % x, want % x", again[:4], modelsMagic)
			}
			back, err := UnmarshalModels(again)
			if err != nil || !reflect.DeepEqual(m, back) {
				t.Fatalf("the current form changed the models (%v):\n read %+v\n back %+v", err, m, back)
			}
		})
	}
}
