package game

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"
)

// SeedDemo loads the demo catalogue when the store has no vendor yet; it
// reports whether it seeded. Names and codes are original (docs/games-catalogue.md).
func SeedDemo(ctx context.Context, s *Store, now time.Time) (bool, error) {
	n, err := s.CountVendors(ctx)
	if err != nil {
		return false, err
	}
	if n > 0 {
		return false, nil
	}
	vendors, games, winners := DemoCatalog(now)
	if err := s.Import(ctx, vendors, games, winners, now); err != nil {
		return false, fmt.Errorf("seed catalogue: %w", err)
	}
	return true, nil
}

// demoTransferVendors keep their own wallet in the demo (served by the
// sandbox transfer vendor, docs/vendor-transfer.md); every other demo vendor
// is seamless.
var demoTransferVendors = map[string]bool{"JDB": true, "CQ9": true}

type demoVendor struct {
	code, gameType, name, isGame, launch string
	isNew, maint                         bool
	games                                []demoGame
}

type demoGame struct {
	name, sub string
}

// DemoCatalog is the demo data set: deterministic for a given now.
func DemoCatalog(now time.Time) ([]Vendor, []Game, []Winner) {
	dv := demoVendors()
	var vendors []Vendor
	var games []Game
	nodeID := int64(10001)
	codes := map[string]bool{}
	perCat := map[string]int{}
	for i, d := range dv {
		perCat[d.gameType]++
		created := now.Add(-time.Duration(len(dv)-i) * 24 * time.Hour)
		if d.isNew {
			created = now.Add(-time.Duration(i) * time.Hour)
		}
		launch := d.launch
		if launch == "" {
			launch = LaunchIframe
		}
		wallet := WalletSeamless
		if demoTransferVendors[d.code] {
			wallet = WalletTransfer
		}
		vendors = append(vendors, Vendor{Code: d.code, GameType: d.gameType, DisplayName: d.name, IsGame: d.isGame, LaunchMode: launch,
			IsNew: d.isNew, Maintenance: d.maint, Sort: perCat[d.gameType], WalletType: wallet, CreatedAt: created, UpdatedAt: created})
		for j, g := range d.games {
			code := d.code + "_" + slug(g.name)
			for k := 2; codes[code]; k++ {
				code = fmt.Sprintf("%s_%s_%d", d.code, slug(g.name), k)
			}
			codes[code] = true
			gc := created.Add(time.Duration(j) * time.Minute)
			isNew := j%5 == 2
			if isNew {
				gc = now.Add(-time.Duration(j) * time.Hour)
			}
			games = append(games, Game{NodeID: nodeID, Name: g.name, VendorCode: d.code, GameType: d.gameType, GameCode: code,
				SubCategory: g.sub, IsHot: j%3 == 0, IsNew: isNew, Maintenance: j == 7 && d.gameType == "RNG" && d.code == "PT",
				Sort: j + 1, CreatedAt: gc, UpdatedAt: gc})
			nodeID++
		}
	}
	return vendors, games, demoWinners(games, now)
}

func slug(name string) string {
	var b strings.Builder
	lastUnderscore := true
	for _, r := range strings.ToUpper(name) {
		switch {
		case r >= 'A' && r <= 'Z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			lastUnderscore = false
		case unicode.IsLetter(r):
			// Accented letters (Ñ, Ố) fold to their base where simple; others drop.
			if base, ok := foldLatin[r]; ok {
				b.WriteRune(base)
				lastUnderscore = false
			}
		default:
			if !lastUnderscore {
				b.WriteByte('_')
				lastUnderscore = true
			}
		}
	}
	s := strings.TrimSuffix(b.String(), "_")
	if len(s) > 40 {
		s = strings.TrimSuffix(s[:40], "_")
	}
	return s
}

var foldLatin = map[rune]rune{'Ñ': 'N', 'Á': 'A', 'É': 'E', 'Í': 'I', 'Ó': 'O', 'Ú': 'U', 'Ố': 'O', 'Ổ': 'O', 'Ắ': 'A', 'Ế': 'E', 'Ư': 'U', 'Ơ': 'O', 'Ă': 'A', 'Â': 'A', 'Ê': 'E', 'Ô': 'O', 'Đ': 'D'}

var slotThemes = []string{"Sampaguita", "Jeepney", "Fiesta", "Parol", "Bahay Kubo", "Tarsier", "Sarimanok", "Mayon", "Boracay",
	"Banaue", "Kalesa", "Halo-Halo", "Mangga", "Lechon", "Bayanihan", "Sinulog", "Pahiyas", "Masskara", "Carabao", "Agila",
	"Kalamansi", "Ube", "Tinikling", "Barong", "Anito", "Diwata", "Bathala", "Tala", "Buwan", "Araw", "Bituin", "Ginto",
	"Hiyas", "Bulkan", "Niyog", "Habagat", "Amihan", "Lakan", "Dayang", "Maharlika", "Kapre", "Tikbalang", "Mutya",
	"Lantern", "Dragon", "Tiger", "Phoenix", "Lotus", "Jade", "Monsoon", "Typhoon", "Coconut", "Mango", "Pearl", "Volcano"}

var slotForms = []string{"Jackpot", "Fortune", "Riches", "Spins", "Gold", "Treasure", "Bonanza", "Wilds", "Deluxe", "Blitz",
	"Rush", "Link", "Party", "Magic", "Dreams", "Quest", "Cascade", "Frenzy", "Legends", "Nights", "Kingdom", "Charms"}

// slotNames makes n distinct names for the k-th slot studio.
func slotNames(k, n int, used map[string]bool, specials ...string) []demoGame {
	var out []demoGame
	add := func(name string, j int) {
		if used[name] {
			return
		}
		used[name] = true
		sub := ""
		switch {
		case j%6 == 1:
			sub = SubJackpot
		case j%9 == 4:
			sub = SubArcade
		case j%11 == 7:
			sub = SubBingo
		case j%13 == 10:
			sub = SubTable
		}
		switch {
		case sub == SubBingo:
			name = strings.Replace(name, strings.Fields(name)[len(strings.Fields(name))-1], "Bingo", 1)
			if used[name] {
				return
			}
			used[name] = true
		case sub == SubTable:
			name = strings.Replace(name, strings.Fields(name)[len(strings.Fields(name))-1], "Blackjack", 1)
			if used[name] {
				return
			}
			used[name] = true
		}
		out = append(out, demoGame{name: name, sub: sub})
	}
	for _, s := range specials {
		add(s, len(out))
	}
	for i := 0; len(out) < n && i < 5000; i++ {
		theme := slotThemes[(k*11+i*7)%len(slotThemes)]
		form := slotForms[(k*5+i*3+i/len(slotThemes))%len(slotForms)]
		add(theme+" "+form, len(out))
	}
	return out
}

func tableGames(brand string, tables []string, sub string) []demoGame {
	var out []demoGame
	for _, t := range tables {
		s := sub
		if strings.Contains(t, "Bingo") {
			s = SubBingo
		}
		out = append(out, demoGame{name: brand + " " + t, sub: s})
	}
	return out
}

func named(sub string, names ...string) []demoGame {
	out := make([]demoGame, 0, len(names))
	for _, n := range names {
		s := sub
		if strings.Contains(n, "Bingo") {
			s = SubBingo
		}
		out = append(out, demoGame{name: n, sub: s})
	}
	return out
}

func demoVendors() []demoVendor {
	used := map[string]bool{}
	liveTables := []string{"Baccarat A", "Baccarat B", "Speed Baccarat", "Squeeze Baccarat", "Dragon Tiger", "Roulette",
		"Auto Roulette", "Sic Bo", "Blackjack", "Fan Tan", "Color Game", "Pula Puti", "Hold'em", "Bingo Hall", "Teen Patti", "Andar Bahar"}
	fish := func(prefix string) []demoGame {
		return named(SubArcade,
			prefix+" Karagatan Hunter", prefix+" Bangus Bounty", prefix+" Dragon Reef", prefix+" Perlas Diver",
			prefix+" Pawikan Party", prefix+" Sirena Catch", prefix+" Golden Galunggong", prefix+" Coral Kingdom",
			prefix+" Isdang Ginto", prefix+" Tide of Fortune", prefix+" Lapu Legends")
	}
	return []demoVendor{
		{code: "PG", gameType: "RNG", name: "PG Reels", games: slotNames(0, 32, used, "Perlas ng Silangan", "Lucky Lanterns", "Jeepney Jackpot")},
		{code: "EG2", gameType: "RNG", name: "EG2 Games", games: slotNames(1, 32, used, "Sampaguita Sunrise")},
		{code: "PT", gameType: "RNG", name: "PT Classics", games: slotNames(2, 32, used, "Fiesta Fortune")},
		{code: "JDB", gameType: "RNG", name: "JDB Arcade Reels", games: slotNames(3, 32, used, "Bahay Kubo Bonanza")},
		{code: "CQ9", gameType: "RNG", name: "CQ9 Spin Studio", isNew: true, games: slotNames(4, 32, used, "Tarsier Treasure")},
		{code: "FC", gameType: "RNG", name: "FC Fortune Reels", games: slotNames(5, 32, used, "Sarimanok Gold")},
		{code: "JL", gameType: "RNG", name: "JL Lucky Works", games: slotNames(6, 32, used, "Mayon Magma Riches")},
		{code: "BGS", gameType: "RNG", name: "Palaro Originals Slots", games: slotNames(7, 12, used, "Palaro Parol Spins")},

		{code: "SXG", gameType: "LIVE", name: "Sinag Live", games: tableGames("Sinag", liveTables, SubTable)},
		{code: "DGL", gameType: "LIVE", name: "Diamante Live", isNew: true, games: tableGames("Diamante", liveTables, SubTable)},
		{code: "WMC", gameType: "LIVE", name: "Bituin Casino Live", maint: true, games: tableGames("Bituin", liveTables, SubTable)},
		{code: "AGL", gameType: "LIVE", name: "Arena Gold Live", launch: LaunchWindow, games: tableGames("Arena", liveTables, SubTable)},

		{code: "JDB", gameType: "FISH", name: "JDB Fishing", games: fish("Dagat")},
		{code: "FC", gameType: "FISH", name: "FC Fishing", games: fish("Alon")},
		{code: "JL", gameType: "FISH", name: "JL Fishing", games: fish("Lawa")},
		{code: "CQ9", gameType: "FISH", name: "CQ9 Fishing", games: fish("Ilog")},

		{code: "KYQ", gameType: "PVP", name: "Kalaro Card Hall", isGame: IsGameVassalage, games: tableGames("Kalaro", pvpTables, SubTable)},
		{code: "V8P", gameType: "PVP", name: "V8 Poker Hall", isNew: true, games: tableGames("V8", pvpTables, SubTable)},
		{code: "JLP", gameType: "PVP", name: "JL Parlor", isGame: IsGameVassalage, games: tableGames("Parlor", pvpTables, SubTable)},

		{code: "PSB", gameType: "SPORTS", name: "Palaro Sportsbook", games: named("", "Palaro Sportsbook")},
		{code: "SBT", gameType: "SPORTS", name: "SportBet Arena", launch: LaunchWindow, games: named("", "SportBet Arena")},
		{code: "IMES", gameType: "SPORTS", name: "Arena E-Sports", games: named("", "Arena E-Sports")},

		{code: "TCG_SEA", gameType: "LOTT", name: "SEA Lottery", games: named("", "SEA 5D Draw", "SEA Keno", "SEA Pick 3")},
		{code: "PLT", gameType: "LOTT", name: "Palaro Lotto", games: named("", "Lotto 6/42 Pinoy", "Lotto 6/58 Grand", "Swertres Tatlo", "Dos Numero")},

		{code: "TCG_LOTTO_VN", gameType: "ELOTT", name: "VN Lotto", games: named("", "Xổ Số Miền Bắc", "Xổ Số Miền Nam", "Xổ Số Miền Trung")},
		{code: "ELT", gameType: "ELOTT", name: "E-Lotto Express", isNew: true, games: named("", "Express 1 Minuto", "Express 5 Minuto")},

		{code: "BGS", gameType: "BGS", name: "Palaro Originals", games: named(SubArcade,
			"Jeepney Crash", "Mines of Mindanao", "Plinko Parol", "Dice Duel Davao", "Hi-Lo Halo-Halo", "Limbo Lantern",
			"Tower of Taal", "Keno Kalye", "Bingo Bayan", "Bingo Fiesta", "Gulong ng Bayanihan", "Kalamansi Coin Flip",
			"Sungka Rush", "Sipa Stack", "Luksong Tinik", "Pinoy Bingo 75", "Tumbang Preso", "Trumpo Spin",
			"Patintero Dash", "Bingo Barrio 90", "Piko Plinko", "Karera ng Kalabaw", "Neon Manila Crash", "Aqua Bingo Boracay")},
	}
}

var pvpTables = []string{"Tongits Royale", "Pusoy Dos", "Lucky 9", "Pusoy Showdown", "Mahjong Manila", "Hold'em Table",
	"Sakla Night", "Blackjack Duel", "Niu-Niu Rush", "Baccarat Duel", "Sabong Cards", "Pai Gow Pinoy", "Rummy Kalye",
	"Bingo Cards", "Three Card Poker"}

var demoPlayers = []string{"juan88", "mariaclara", "pedro_23", "kuyaben77", "atejoy99", "lolanena", "bossing77", "jeproks01",
	"tisay21", "pareng_jun", "mangkanor", "bunsoy08", "dodong_ceb", "inday_iloilo", "tolits55", "bebang12", "manny_pac",
	"liza_sobrang", "nonoy64", "kikay2000", "ramon_ilo", "carmi_88", "totoy_bibo", "neneng_b", "ampalaya9"}

func demoWinners(games []Game, now time.Time) []Winner {
	r := newRnd("demo-winners")
	var pool, jackpots []Game
	for _, g := range games {
		switch g.GameType {
		case "RNG", "LIVE", "FISH", "PVP", "BGS":
			pool = append(pool, g)
			if g.SubCategory == SubJackpot {
				jackpots = append(jackpots, g)
			}
		}
	}
	var out []Winner
	for i := 0; i < 60; i++ {
		g := pool[r.intn(len(pool))]
		// 5,000.00 to 2,500,000.00 PHP with centavos.
		amount := int64(500_000+r.intn(249_500_000)) + int64(r.intn(100))
		out = append(out, Winner{Kind: KindBig, CustomerName: MaskName(demoPlayers[r.intn(len(demoPlayers))]), WinAmount: amount,
			NodeID: g.NodeID, GameType: g.GameType, WonAt: now.Add(-time.Duration(i*37+r.intn(30)) * time.Minute)})
	}
	for i := 0; i < 30; i++ {
		g := jackpots[r.intn(len(jackpots))]
		amount := int64(10_000_000+r.intn(990_000_000)) + int64(r.intn(100))
		out = append(out, Winner{Kind: KindJackpot, CustomerName: MaskName(demoPlayers[r.intn(len(demoPlayers))]), WinAmount: amount,
			NodeID: g.NodeID, GameType: g.GameType, WonAt: now.Add(-time.Duration(i*173+r.intn(60)) * time.Minute)})
	}
	return out
}
