package reports

import (
	"context"
	"net/http"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// ErrInvalidFormat: format is neither json nor csv.
var ErrInvalidFormat = apperr.Invalid("reports.invalid_format")

// The files' column names in the operator's language (the console is in
// EN and TY; other languages get EN).
var (
	dailyHeader = map[string][]string{
		"EN": {"Day", "Registrations", "First deposits", "First deposit amount", "Deposits", "Deposit count", "Withdrawals",
			"Withdrawal count", "Net cash", "Turnover", "Valid bets", "Wins", "GGR", "Hold %", "Bonus cost", "NGR", "Active players", "ARPU"},
		"TY": {"Araw", "Mga pagpaparehistro", "Mga unang deposito", "Halaga ng unang deposito", "Mga deposito", "Bilang ng deposito",
			"Mga withdrawal", "Bilang ng withdrawal", "Netong pera", "Kabuuang taya", "Mga balidong taya", "Mga panalo", "GGR",
			"Hold %", "Gastos sa bonus", "NGR", "Mga aktibong manlalaro", "ARPU"},
	}
	gamesHeader = map[string][]string{
		"EN": {"Period", "Vendor", "Category", "Game", "Name", "Turnover", "Valid bets", "Wins", "GGR", "Hold %", "Rounds"},
		"TY": {"Panahon", "Vendor", "Kategorya", "Laro", "Pangalan", "Kabuuang taya", "Mga balidong taya", "Mga panalo", "GGR", "Hold %", "Mga round"},
	}
	playersHeader = map[string][]string{
		"EN": {"Rank", "Member ID", "Username", "Turnover", "Valid bets", "Wins", "House P&L", "Rounds", "Deposits", "Withdrawals", "Bonus"},
		"TY": {"Ranggo", "ID ng miyembro", "Username", "Kabuuang taya", "Mga balidong taya", "Mga panalo", "Kita o lugi ng bahay",
			"Mga round", "Mga deposito", "Mga withdrawal", "Bonus"},
	}
)

func header(r *http.Request, h map[string][]string) []string {
	if v, ok := h[httpx.Lang(r)]; ok {
		return v
	}
	return h["EN"]
}

// decimals is the brand currency's decimals (2 when the brand cannot be read).
func (s *Service) decimals(ctx context.Context) int {
	_, dec := s.currency(ctx)
	return dec
}

// currency is the brand currency's code and decimals (the lists' amounts are in it).
func (s *Service) currency(ctx context.Context) (string, int) {
	if b, err := s.brand.Current(ctx); err == nil {
		return b.Info.Currency.Code, b.Info.Currency.Decimals
	}
	return "", 2
}

func init() {
	for code, m := range map[string][2]string{
		"reports.invalid_range":  {"Choose a start and an end date (YYYY-MM-DD), the end not before the start, at most {max} days.", "Pumili ng petsa ng simula at katapusan (YYYY-MM-DD), hindi mauuna ang katapusan sa simula, hanggang {max} araw."},
		"reports.invalid_group":  {"Choose how to group the report.", "Piliin kung paano papangkatin ang ulat."},
		"reports.invalid_rank":   {"Rank players by P&L, deposits or turnover.", "Iranggo ang mga manlalaro ayon sa kita o lugi, deposito o kabuuang taya."},
		"reports.invalid_format": {"Choose JSON or CSV.", "Pumili ng JSON o CSV."},
	} {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
