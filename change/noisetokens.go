package change

import "regexp"

// maskedToken stands for each number, date or time word maskNumbers
// leaves out.
const maskedToken = "#"

// maskablePattern matches what counters and clocks write: a number with
// its separators ("1,234", "12:03", "2025-11-29", "29/11"), and the
// English names of months and weekdays, whole or shortened, in any case
// (but May, also a common verb).
var maskablePattern = regexp.MustCompile(`\d+(?:[.,:/'’\-]\d+)*|(?i:\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\b)`)

// maskNumbers returns s with every number, date and time token replaced
// by maskedToken: the words of a counter ("1,234 views" is "# views") or
// of a date line ("Updated Sat 29 Nov 12:03" is "Updated # # # #").
// Noise learning compares blocks so masked to tell a change of their
// numbers alone, and the extract leaves them out of a learned block's
// watched text the same way.
func maskNumbers(s string) string {
	return maskablePattern.ReplaceAllString(s, maskedToken)
}

// hasMaskable reports whether s holds a token maskNumbers replaces.
func hasMaskable(s []byte) bool {
	return maskablePattern.Match(s)
}
