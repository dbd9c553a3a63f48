package brand

// Patterns maps each pattern kind of spec section 5 to its id and default
// acceptedPattern. Patterns are written in the subset shared by Go's RE2 and
// ECMAScript with the u flag: no lookaround, no \p{...}, non-ASCII ranges as
// literal characters. STRONG_PASSWORD's four-class rule cannot be said in
// that subset: FieldRule.Accepts and the browser check it by patternId.
var Patterns = map[string]string{
	"ANY":                    `*`,
	"LETTER_FIRST":           `^[A-Za-z][A-Za-z0-9]*$`,
	"LETTERS_DIGITS":         `^(?:[A-Za-z]+[0-9]+|[0-9]+[A-Za-z]+)[A-Za-z0-9]*$`,
	"CHINESE_DIGITS":         `^[一-鿿0-9]+$`,
	"EMAIL":                  `^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$`,
	"LETTERS_OR_DIGITS":      `^[A-Za-z0-9]+$`,
	"DIGITS":                 `^[0-9]+$`,
	"ALNUM_ONE_UPPER":        `^[a-z0-9]*[A-Z][a-z0-9]*$`,
	"ENGLISH_SPACES":         `^[A-Za-z]+(?: [A-Za-z]+)*$`,
	"NO_SPACES":              "^[^ \\t\\n\\v\\f\\r\u00a0\u3000]+$", // \s is not used: it means different sets in RE2 and JavaScript
	"CHINESE_PUNCT":          `^[一-鿿，。、！？：；“”‘’（）·]+$`,
	"KOREAN":                 `^[가-힣]+$`,
	"THAI":                   `^[฀-๿]+$`,
	"THAI_ENGLISH_SPACES":    `^[฀-๿A-Za-z]+(?: [฀-๿A-Za-z]+)*$`,
	"UPPER_SPACES":           `^[A-Z]+(?: [A-Z]+)*$`,
	"LETTERS_DIGITS_SYMBOLS": `^[!-~]+$`,
	"STRONG_PASSWORD":        `^[!-~]+$`,
	"DATE_YMD":               `^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$`,
	"DATE_MDY":               `^(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])-[0-9]{4}$`,
}
