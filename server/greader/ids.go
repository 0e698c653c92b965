package greader

import (
	"fmt"
	"strconv"
	"strings"

	"vigil"
)

// itemPrefix starts the long hex form of an item ID.
const itemPrefix = "tag:google.com,2005:reader/item/"

// hexItemID is the hex form of an item ID: the prefix and 16 hex digits.
func hexItemID(id int64) string {
	return fmt.Sprintf("%s%016x", itemPrefix, uint64(id))
}

// parseItemID reads an item ID in the long decimal form ("12345", the
// form stream/items/ids answers) or the hex form ("tag:google.com,2005:
// reader/item/0000000000003039"), and also the bare 16 hex digits some
// clients send after stripping the prefix (see bareHex).
func parseItemID(s string) (int64, error) {
	s = strings.TrimSpace(s)
	hex, isHex := strings.CutPrefix(s, itemPrefix)
	if !isHex && bareHex(s) {
		hex, isHex = s, true
	}
	if isHex {
		n, err := strconv.ParseUint(hex, 16, 64)
		if err != nil || n == 0 || n > 1<<63-1 {
			return 0, vigil.Errorf(vigil.EINVALID, "item ID %q is not 16 hex digits", s)
		}
		return int64(n), nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, vigil.Errorf(vigil.EINVALID, "item ID %q is neither a decimal number nor %s and 16 hex digits", s, itemPrefix)
	}
	return n, nil
}

// bareHex reports whether s is 16 hex digits that cannot be a decimal ID:
// with a letter, or a leading zero, which decimal IDs never have.
func bareHex(s string) bool {
	return len(s) == 16 && strings.Trim(s, "0123456789abcdefABCDEF") == "" &&
		(s[0] == '0' || strings.ContainsAny(s, "abcdefABCDEF"))
}

// parseItemIDs reads every i parameter.
func parseItemIDs(values []string) ([]int64, error) {
	ids := make([]int64, 0, len(values))
	for _, v := range values {
		id, err := parseItemID(v)
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}
