package apperr

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Server-side messages, so an API client that does not translate codes still
// reads a sentence in the user's language. The browser translates
// errors.<code> itself and uses these only as a fallback.
var (
	mu       sync.RWMutex
	messages = map[string]map[string]string{}
)

// Register adds messages for a code, keyed by language code (EN, TY, ...).
// Parameters are written {name} in the text.
func Register(code string, byLang map[string]string) {
	mu.Lock()
	defer mu.Unlock()
	m := messages[code]
	if m == nil {
		m = map[string]string{}
		messages[code] = m
	}
	for l, t := range byLang {
		m[strings.ToUpper(l)] = t
	}
}

// Message renders the message for code in lang, falling back to EN, then to the code.
func Message(code, lang string, params map[string]any) string {
	mu.RLock()
	m := messages[code]
	mu.RUnlock()
	text, ok := m[strings.ToUpper(lang)]
	if !ok {
		text, ok = m["EN"]
	}
	if !ok {
		return code
	}
	if len(params) == 0 {
		return text
	}
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		text = strings.ReplaceAll(text, "{"+k+"}", fmt.Sprint(params[k]))
	}
	return text
}

// Codes lists the registered codes (for tests that check completeness).
func Codes() map[string]map[string]string {
	mu.RLock()
	defer mu.RUnlock()
	out := make(map[string]map[string]string, len(messages))
	for c, m := range messages {
		cp := map[string]string{}
		for l, t := range m {
			cp[l] = t
		}
		out[c] = cp
	}
	return out
}

func init() {
	Register("server.internal", map[string]string{
		"EN": "Something went wrong on our side. Please try again.",
		"TY": "May nangyaring mali sa aming panig. Pakisubukang muli.",
	})
	Register("request.not_found", map[string]string{
		"EN": "This address does not exist.",
		"TY": "Walang ganitong address.",
	})
	Register("request.method_not_allowed", map[string]string{
		"EN": "This method is not allowed here.",
		"TY": "Hindi pinapayagan ang paraang ito dito.",
	})
	Register("request.too_large", map[string]string{
		"EN": "The request is too large.",
		"TY": "Masyadong malaki ang kahilingan.",
	})
	Register("request.invalid_json", map[string]string{
		"EN": "The request body is not valid JSON.",
		"TY": "Hindi wastong JSON ang laman ng kahilingan.",
	})
	Register("request.invalid_range", map[string]string{
		"EN": "Choose a start and an end date (YYYY-MM-DD), the end not before the start, at most {max} days.",
		"TY": "Pumili ng petsa ng simula at katapusan (YYYY-MM-DD), hindi mauuna ang katapusan sa simula, hanggang {max} araw.",
	})
	Register("request.invalid_param", map[string]string{
		"EN": "The parameter {name} is not valid.",
		"TY": "Hindi wasto ang parameter na {name}.",
	})
	Register("request.invalid_page", map[string]string{
		"EN": "The page number must be a whole number from 1 to {max}.",
		"TY": "Ang numero ng pahina ay dapat buong numero mula 1 hanggang {max}.",
	})
	Register("request.invalid_page_size", map[string]string{
		"EN": "The page size must be a whole number from 1 to {max}.",
		"TY": "Ang laki ng pahina ay dapat buong numero mula 1 hanggang {max}.",
	})
	Register("request.invalid_language", map[string]string{
		"EN": "This language is not supported.",
		"TY": "Hindi suportado ang wikang ito.",
	})
	Register("request.too_many", map[string]string{
		"EN": "Too many requests, please try again after 5 minutes.",
		"TY": "Masyadong maraming kahilingan, pakisubukang muli pagkalipas ng 5 minuto.",
	})
	Register("system.maintenance", map[string]string{
		"EN": "The system is under maintenance.",
		"TY": "Ang sistema ay kasalukuyang inaayos.",
	})
	Register("system.region_restricted", map[string]string{
		"EN": "Access restricted: your IP or location is blocked.",
		"TY": "Limitado ang access: naka-block ang iyong IP o lokasyon.",
	})
}
