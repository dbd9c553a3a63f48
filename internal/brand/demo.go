package brand

// Demo is the demo brand seeded with PALARO_DEMO=1: Palaro, Tagalog first.
func Demo() Config {
	sw := func(id string, on bool, children ...Switch) Switch {
		if children == nil {
			children = []Switch{}
		}
		return Switch{ModID: id, Enabled: on, ChildrenNodes: children}
	}
	rule := func(field string, enabled, required bool, patternID string, min, max int) FieldRule {
		return FieldRule{Field: field, Enabled: enabled, Required: required, AcceptedPattern: Patterns[patternID],
			MinLength: min, MaxLength: max, PatternID: patternID}
	}
	return Config{
		Info: Info{
			Platform:        "WEB",
			MerchantCode:    "PALARO_DEMO",
			BrandName:       "Palaro",
			MainDomain:      "localhost",
			DefaultLanguage: "TY",
			Languages:       []string{"TY", "EN"},
			Currency:        Currency{Code: "PHP", Symbol: "₱", Decimals: 2},
			Timezone:        "Asia/Manila",
			Theme: Theme{
				LogoURL:      "/art/brand/logo.svg",
				LogoLightURL: "/art/brand/logo-light.svg",
				FaviconURL:   "/art/brand/favicon.svg",
				Dark: map[string]string{
					"--c-bg": "#0E1525", "--c-surface": "#16203A", "--c-primary": "#F5B942",
					"--c-accent": "#FF6B5A", "--c-teal": "#1FC3A7", "--c-text": "#F4F1E8",
				},
				Light: map[string]string{
					"--c-bg": "#FBF7EE", "--c-surface": "#FFFFFF", "--c-primary": "#B7790E",
					"--c-accent": "#C2392D", "--c-teal": "#12806E", "--c-text": "#18203A",
				},
			},
			CustomerService: []CustomerService{
				{ID: 1, Name: "Live chat", Type: "LIVECHAT", Path: "cs-7f3a9c21", Target: "/help#faq"},
				{ID: 2, Name: "Telegram", Type: "TELEGRAM", Path: "cs-b41d0e88", Target: "https://t.me/palaro_demo_support"},
				{ID: 3, Name: "E-mail", Type: "EMAIL", Path: "cs-5c62aa17", Target: "mailto:support@palaro.example"},
			},
			DomainRoute: []DomainRoute{
				{Domain: "localhost", Route: "/", Type: "MAIN"},
				{Domain: "127.0.0.1", Route: "/", Type: "MAIN"},
				{Domain: "agent.localhost", Route: "/agent", Type: "AGENT"},
			},
			Resources: []Resource{
				{ResourceType: "FACEBOOK", URL: "https://www.facebook.com/palaro.demo", LabelNameEn: "Facebook", LabelNameTy: "Facebook"},
				{ResourceType: "TIKTOK", URL: "https://www.tiktok.com/@palaro.demo", LabelNameEn: "TikTok", LabelNameTy: "TikTok"},
				{ResourceType: "YOUTUBE", URL: "https://www.youtube.com/@palaro.demo", LabelNameEn: "YouTube", LabelNameTy: "YouTube"},
				{ResourceType: "TELEGRAM", URL: "https://t.me/palaro_demo", LabelNameEn: "Telegram channel", LabelNameTy: "Telegram channel"},
				{ResourceType: "INSTAGRAM", URL: "https://www.instagram.com/palaro.demo", LabelNameEn: "Instagram", LabelNameTy: "Instagram"},
				{ResourceType: "Android", URL: "https://palaro.example/app/palaro.apk", LabelNameEn: "Android app", LabelNameTy: "App para sa Android"},
				{ResourceType: "iOS", URL: "https://palaro.example/app/ios", LabelNameEn: "iPhone app", LabelNameTy: "App para sa iPhone"},
				{ResourceType: "LITE", URL: "https://palaro.example/lite", LabelNameEn: "Lite web app", LabelNameTy: "Lite na web app"},
			},
			Whitelabel: []Switch{
				sw("USERNAMEREG3", true),
				sw("MOBILENUMREG3", true, sw("REGMOBVERF3", true), sw("MOBILENUMPASSREG3", true)),
				sw("DIRECTREG3", true),
				sw("CHNGPASSVERIF3", false),
				sw("AGENTPOLICY3", true),
				sw("FREEPLAY3", true),
				sw("PWDEXPFORCECHANGE3", true),
				sw("MOBILEVERCODELOGIN3", false),
				sw("REFERRAL", true),
				sw("VIP", true),
				sw("MEMBERCENTER", true),
				sw("AGENTCENTER", true),
			},
			Register: RegisterSettings{Fields: []FieldRule{
				rule("username", true, true, "LETTER_FIRST", 6, 16),
				rule("password", true, true, "LETTERS_DIGITS", 6, 20),
				rule("confirmPassword", true, true, "LETTERS_DIGITS", 6, 20),
				rule("payeeName", true, false, "ENGLISH_SPACES", 2, 50),
				rule("email", true, false, "EMAIL", 6, 64),
				rule("mobileNum", true, false, "DIGITS", 10, 11),
				rule("verificationCode", true, false, "DIGITS", 6, 6),
				rule("captcha", true, true, "LETTERS_OR_DIGITS", 5, 5), // the captcha has 5 characters (internal/account/captcha.go)
				rule("affiliateCode", true, false, "LETTERS_OR_DIGITS", 4, 16),
				rule("recommenderId", false, false, "LETTERS_OR_DIGITS", 4, 16),
				rule("paymentPassword", false, false, "DIGITS", 6, 6),
				rule("qqNum", false, false, "DIGITS", 5, 12),
				rule("line", false, false, "NO_SPACES", 2, 40),
				rule("whatsapp", false, false, "DIGITS", 8, 15),
				rule("facebook", false, false, "NO_SPACES", 2, 60),
				rule("telegram", false, false, "NO_SPACES", 2, 40),
				rule("zalo", false, false, "DIGITS", 8, 15),
				rule("wechat", false, false, "NO_SPACES", 2, 40),
				rule("idNumber", false, false, "LETTERS_OR_DIGITS", 6, 20),
				rule("birthday", false, false, "DATE_YMD", 10, 10),
				rule("nationality", false, false, "ENGLISH_SPACES", 2, 40),
				rule("address", false, false, "ANY", 5, 120),
				rule("occupation", false, false, "ENGLISH_SPACES", 2, 60),
				rule("sourceOfIncome", false, false, "ENGLISH_SPACES", 2, 60),
			}},
			Analytics:      Analytics{GtagID: ""},
			ImageCDNs:      []string{"/cdn/a", "/cdn/b"},
			LaunchGameCDNs: []string{"/cdn/a"},
			Licence:        "Palaro is a demonstration platform. Play responsibly; for adults 18 and over only. No real money is wagered.",
			Licences: map[string]string{
				"TY": "Ang Palaro ay isang plataporma para sa demonstrasyon. Maglaro nang responsable; para lamang sa may edad 18 pataas. Walang totoong perang itinataya.",
				"EN": "Palaro is a demonstration platform. Play responsibly; for adults 18 and over only. No real money is wagered.",
				"CN": "Palaro 是演示平台。请理性游戏；仅限 18 岁及以上成年人。不涉及真实金钱投注。",
				"JA": "Palaro はデモ用のプラットフォームです。節度を持って遊びましょう。18 歳以上の方のみご利用いただけます。実際のお金は賭けられません。",
				"TH": "Palaro เป็นแพลตฟอร์มสาธิต เล่นอย่างมีความรับผิดชอบ สำหรับผู้ที่มีอายุ 18 ปีขึ้นไปเท่านั้น ไม่มีการเดิมพันด้วยเงินจริง",
				"VI": "Palaro là nền tảng trình diễn. Hãy chơi có trách nhiệm; chỉ dành cho người từ 18 tuổi trở lên. Không đặt cược bằng tiền thật.",
				"ES": "Palaro es una plataforma de demostración. Juega con responsabilidad; solo para mayores de 18 años. No se apuesta dinero real.",
				"PT": "Palaro é uma plataforma de demonstração. Jogue com responsabilidade; apenas para maiores de 18 anos. Nenhum dinheiro real é apostado.",
				"KO": "Palaro는 시연용 플랫폼입니다. 책임감 있게 즐기세요. 18세 이상 성인만 이용할 수 있습니다. 실제 돈은 베팅되지 않습니다.",
				"AR": "Palaro منصة تجريبية. العب بمسؤولية؛ للبالغين من عمر 18 عامًا فما فوق فقط. لا يتم الرهان بأموال حقيقية.",
				"RU": "Palaro — демонстрационная платформа. Играйте ответственно; только для лиц старше 18 лет. Реальные деньги не ставятся.",
				"FR": "Palaro est une plateforme de démonstration. Jouez de manière responsable ; réservé aux adultes de 18 ans et plus. Aucun argent réel n’est misé.",
			},
			AgeLimit:           18,
			LotteryType:        "Lott",
			EsportsVendors:     []string{"IMES"},
			CockfightVendors:   []string{},
			RngExcludedVendors: []string{"BGS"},
			PrizeModes:         []string{"LOTT", "ZY", "ELOTT", "SEA"},
			SelectionTypes:     []string{"NEW", "FAV", "ALL", "HOT", "RECENT"},
			SubCategories:      []string{"JP", "TG", "AC", "BG"},
		},
		Maintenance:    false,
		SealedPayloads: true,
		Region: Region{
			BlockedCountries: []string{"US", "KP"},
			BlockedCIDRs:     []string{},
			AllowedCIDRs:     []string{},
		},
		OAuth:       DemoOAuth(),
		LoginVerify: LoginVerify{NewIP: false, Method: "sms"},
		Cashier:     DemoCashier(),
		// Adjustments above 10,000.00 wait for a second operator (the console's approval queue).
		Ops: Ops{AdjustApprovalAbove: 1_000_000, CashierConfirmAbove: 2_000_000},
		// Every contract type on; a member with 100.00 of valid bets in a
		// period is active.
		Commission: Commission{DailySalary: true, Dividend: true, HourlySalary: true, RealtimeSalary: true, ActiveMin: 10_000},
		// docs/rewards.md "Demo brand": the terms promotion 101 states.
		Rewards: Rewards{Welcome: Welcome{Percent: 100, Cap: 500_000, MinDeposit: 20_000, WagerMultiple: 15, WagerWithDeposit: true,
			MaxBet: 50_000, ClaimDays: 7, ValidDays: 30, Weights: map[string]int64{"RNG": 10000, "FISH": 10000, "BGS": 5000, "SPORTS": 2000, "LIVE": 1000}},
			Rebate: Rebate{Rates: map[string]int64{"RNG": 120, "LIVE": 80, "SPORTS": 60}, At: "05:00", MinAmount: 100, ClaimDays: 3},
			VIP:    VIP{ClaimDays: 7, BonusBetsMin: 100},
			// Promotion 104: a friend's first deposit of ₱500 and ₱2,000 of valid bets within 14 days pay the referrer ₱188.
			Referral: Referral{Amount: 18_800, MinFirstDeposit: 50_000, MinValidBets: 200_000, WindowDays: 14, ClaimDays: 30},
			// docs/rewards.md "Points mall": 1 point per 100.00 of valid bets on slots, fish and deposits,
			// per 200.00 on live and sports; 100 points convert to 10.00, from 500 points.
			Points: Points{Earn: map[string]PointsRule{"RNG": {Per: 10_000, Points: 1}, "FISH": {Per: 10_000, Points: 1}, "LIVE": {Per: 20_000, Points: 1},
				"SPORTS": {Per: 20_000, Points: 1}, PointsDeposit: {Per: 10_000, Points: 1}},
				Convert: PointsConvert{Points: 100, Amount: 1_000, MinPoints: 500}, ClaimDays: 7}},
	}
}
