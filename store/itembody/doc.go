// Package itembody encodes the summary and content of a stored item
// compactly and decodes them again, the same way in every store.
//
// A stored body value is one of:
//   - empty: the empty string;
//   - a zstd frame (it begins with zstd's magic number 28 B5 2F FD): the
//     text, compressed;
//   - a reference (it begins with the byte FF, then the offset and length
//     of the text in the item's decoded content as unsigned varints): a
//     summary that repeats part of the content, kept once;
//   - anything else: the text itself, uncompressed. Rows written before
//     bodies were encoded read this way, so no migration rewrites them.
//
// Valid UTF-8 never begins with FF nor with the byte pair 28 B5 (B5 is a
// continuation byte), so stored text cannot be mistaken for a frame or a
// reference; text that is not valid UTF-8 and would begin so is always
// compressed. Text is kept uncompressed when compressing would not make it
// smaller.
package itembody
