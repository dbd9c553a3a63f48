package inhouse

import (
	"context"
	"strconv"

	"github.com/palaro/palaro/internal/inhouse/mines"
	"github.com/palaro/palaro/internal/inhouse/plinko"
	"github.com/palaro/palaro/internal/inhouse/slot"
)

// PublicConfig is what the game pages need before play (GET /wps/inhouse/config).
type PublicConfig struct {
	Currency string           `json:"currency"`
	Decimals int              `json:"decimals"`
	Games    map[string]Limit `json:"games"`
	Slot     SlotConfig       `json:"slot"`
	Plinko   PlinkoConfig     `json:"plinko"`
	Mines    MinesConfig      `json:"mines"`
	Jackpot  JackpotPublic    `json:"jackpot"`
}

type SlotConfig struct {
	Profile     string              `json:"profile"`
	Paylines    [][]int             `json:"paylines"`
	Paytable    map[string][6]int64 `json:"paytable"` // per symbol name: 0..5 of a kind, in LINE bets, 1/10000
	Symbols     []string            `json:"symbols"`
	ScatterPays [6]int64            `json:"scatterPays"` // in TOTAL bets, 1/10000
	FreeSpins   [6]int              `json:"freeSpins"`   // awarded for 0..5 scatters
	Strips      SlotStrips          `json:"strips"`      // the active profile's reels, by symbol name
}

// SlotStrips are the reel strips of the active profile: what the browser
// verifier recomputes a round with and what the reels roll into place.
type SlotStrips struct {
	Base [][]string `json:"base"`
	Free [][]string `json:"free"`
}

type PlinkoConfig struct {
	Rows   []int              `json:"rows"`
	Risks  []string           `json:"risks"`
	Tables map[string][]int64 `json:"tables"` // "<rows>:<risk>" -> bucket multipliers, 1/10000
}

type MinesConfig struct {
	Sizes       []int `json:"sizes"`
	DefaultSize int   `json:"defaultSize"`
}

type JackpotPublic struct {
	Pool           int64  `json:"pool"`
	Seed           int64  `json:"seed"`
	ContributionBp int64  `json:"contributionBp"`
	HitDivisor     int64  `json:"hitDivisor"` // a bet of a minor units hits with probability a / hitDivisor
	Currency       string `json:"currency"`
}

// PublicConfig gathers limits, tables and the jackpot.
func (s *Service) PublicConfig(ctx context.Context) (PublicConfig, error) {
	cur, decimals, rules, err := s.rules(ctx)
	if err != nil {
		return PublicConfig{}, err
	}
	jp, err := s.Jackpot(ctx)
	if err != nil {
		return PublicConfig{}, err
	}
	prof, err := profileOf(rules, s.cfg.SlotProfile)
	if err != nil {
		return PublicConfig{}, err
	}
	games := make(map[string]Limit, len(Slugs))
	for _, g := range Slugs {
		r := rules.Range(g)
		games[g] = Limit{MinBet: r.MinBet, MaxBet: r.MaxBet}
	}
	out := PublicConfig{Currency: cur, Decimals: decimals, Games: games,
		Jackpot: JackpotPublic{Pool: jp.Pool, Seed: s.cfg.Jackpot.Seed, ContributionBp: rules.ContributionBp(), HitDivisor: s.cfg.Jackpot.HitDivisor, Currency: cur},
		Slot:    SlotConfig{Profile: string(prof), Symbols: slot.Symbols(), Paytable: map[string][6]int64{}, ScatterPays: slot.ScatterPays(), FreeSpins: slot.FreeSpinAwards()},
		Plinko:  PlinkoConfig{Risks: plinko.Risks, Tables: map[string][]int64{}},
		Mines:   MinesConfig{DefaultSize: 5}}
	for _, line := range slot.Paylines() {
		out.Slot.Paylines = append(out.Slot.Paylines, line[:])
	}
	names := slot.Symbols()
	out.Slot.Strips = SlotStrips{Base: stripNames(slot.ReelStrips(prof, false), names), Free: stripNames(slot.ReelStrips(prof, true), names)}
	for sym, row := range slot.Paytable() {
		if int(sym) >= 0 && int(sym) < len(names) {
			out.Slot.Paytable[names[sym]] = row
		}
	}
	for rows := plinko.MinRows; rows <= plinko.MaxRows; rows++ {
		out.Plinko.Rows = append(out.Plinko.Rows, rows)
		for _, risk := range plinko.Risks {
			out.Plinko.Tables[strconv.Itoa(rows)+":"+risk] = plinko.Table(plinko.Params{Rows: rows, Risk: risk})
		}
	}
	for size := mines.MinSize; size <= mines.MaxSize; size++ {
		out.Mines.Sizes = append(out.Mines.Sizes, size)
	}
	return out, nil
}

func stripNames(reels [slot.Reels][]slot.Symbol, names []string) [][]string {
	out := make([][]string, len(reels))
	for i, strip := range reels {
		out[i] = make([]string, len(strip))
		for j, sym := range strip {
			out[i][j] = names[sym]
		}
	}
	return out
}
