package content

import (
	"strconv"
	"time"
)

// Demo is the demo brand's content, in Tagalog and English. Published
// times are relative to now so the demo always looks current.
func Demo(now time.Time) Snapshot {
	ago := func(d time.Duration) int64 { return now.Add(-d).UnixMilli() }
	day := 24 * time.Hour
	t := func(ty, en string) Text { return Text{"TY": ty, "EN": en} }
	promoImg := func(id int64) []Image {
		return []Image{{URL: "/art/promo/" + strconv.FormatInt(id, 10) + ".svg", Sequence: 1}}
	}

	banners := []Banner{
		{ID: 1, GroupName: "w_home", Sequence: 1, Title: t("Welcome Bonus: 100% hanggang ₱5,000", "Welcome Bonus: 100% up to ₱5,000"), LinkageType: "PROMOTION", LinkTarget: "101"},
		{ID: 2, GroupName: "w_home", Sequence: 2, Title: t("Gabi ng Parol: mga bagong slot ngayong linggo", "Lantern Nights: new slots this week"), LinkageType: "ROUTE", LinkTarget: "/rng"},
		{ID: 3, GroupName: "w_home", Sequence: 3, Title: t("Subukan ang Lucky Lanterns", "Try Lucky Lanterns"), LinkageType: "GAME", LinkTarget: "10002"},
		{ID: 4, GroupName: "w_home", Sequence: 4, Title: t("Maglaro nang responsable", "Play responsibly"), LinkageType: "URL", LinkTarget: "https://www.pagcor.ph/regulatory/responsible-gaming.php"},
		{ID: 5, GroupName: "w_home", Sequence: 5, Title: t("Palaro: saya tuwing gabi", "Palaro: fun every night"), LinkageType: "NONE"},
		{ID: 6, GroupName: "w_leftmenu", Sequence: 1, Title: t("Mag-imbita, kumita", "Invite and earn"), LinkageType: "PROMOTION", LinkTarget: "104"},
		{ID: 7, GroupName: "w_leftmenu", Sequence: 2, Title: t("VIP Club", "VIP Club"), LinkageType: "PROMOTION", LinkTarget: "103"},
		{ID: 8, GroupName: "w_login", Sequence: 1, Title: t("Maligayang pagbabalik!", "Welcome back!"), LinkageType: "NONE"},
		{ID: 9, GroupName: "w_login", Sequence: 2, Title: t("Araw-araw na rebate", "Daily rebate"), LinkageType: "PROMOTION", LinkTarget: "102"},
		{ID: 10, GroupName: "w_forget", Sequence: 1, Title: t("Ligtas ang iyong account", "Your account is safe with us"), LinkageType: "NONE"},
	}
	for i := range banners {
		banners[i].ImageURL = "/art/banner/" + strconv.FormatInt(banners[i].ID, 10) + ".svg"
	}

	ann := []Announcement{
		// Headlines: short pinned lines shown first in the marquee.
		{ID: 1, Type: TypeHeadline, Sequence: 1, PublishedAt: ago(2 * time.Hour),
			Title: t("Bagong laro tuwing Biyernes: abangan ang Gabi ng Parol!", "New games every Friday: watch out for Lantern Nights!")},
		{ID: 2, Type: TypeHeadline, Sequence: 2, PublishedAt: ago(day),
			Title: t("Mabilis na withdrawal: karaniwang tapos sa loob ng 15 minuto.", "Fast withdrawals: usually done within 15 minutes.")},
		{ID: 3, Type: TypeHeadline, Sequence: 3, PublishedAt: ago(3 * day),
			Title: t("Para lamang sa edad 18 pataas. Maglaro nang responsable.", "For ages 18 and over only. Play responsibly.")},

		// Player notices: marquee and notice modal.
		{ID: 11, Type: TypePlayer, Sequence: 1, PublishedAt: ago(3 * time.Hour),
			Title: t("Naka-iskedyul na maintenance sa Martes", "Scheduled maintenance on Tuesday"),
			Content: t("<p>Magkakaroon ng maikling maintenance sa <strong>Martes, 02:00 hanggang 04:00</strong> (oras sa Maynila). Pansamantalang hindi magagamit ang deposito at withdrawal. Ligtas ang lahat ng balanse at taya.</p><p>Salamat sa inyong pasensya!</p>",
				"<p>We will run a short maintenance on <strong>Tuesday, 02:00 to 04:00</strong> (Manila time). Deposits and withdrawals will be unavailable for that window. All balances and bets are safe.</p><p>Thank you for your patience!</p>")},
		{ID: 12, Type: TypePlayer, Sequence: 2, PublishedAt: ago(20 * time.Hour),
			Title: t("Bagong paraan ng deposito: GCash at Maya", "New deposit methods: GCash and Maya"),
			Content: t("<p>Maaari ka nang magdeposito gamit ang <strong>GCash</strong> at <strong>Maya</strong>. Pumunta sa <em>Aking Wallet → Deposito</em> at piliin ang paraan.</p><ul><li>Pinakamababa: ₱100</li><li>Walang bayad sa deposito</li></ul>",
				"<p>You can now deposit with <strong>GCash</strong> and <strong>Maya</strong>. Go to <em>My Wallet → Deposit</em> and pick the method.</p><ul><li>Minimum: ₱100</li><li>No deposit fees</li></ul>")},
		{ID: 13, Type: TypePlayer, Sequence: 3, PublishedAt: ago(2 * day),
			Title: t("Mag-ingat sa mga pekeng account", "Beware of fake accounts"),
			Content: t("<p>Hindi kailanman hihingin ng Palaro ang iyong password o verification code sa chat, text o tawag. Ang opisyal naming mga channel ay nakalista lamang sa footer ng site na ito.</p>",
				"<p>Palaro will never ask for your password or verification code by chat, text or call. Our official channels are listed only in this site's footer.</p>")},
		{ID: 14, Type: TypePlayer, Sequence: 4, PublishedAt: ago(4 * day),
			Title: t("I-verify ang iyong mobile number", "Verify your mobile number"),
			Content: t("<p>Protektahan ang iyong account: i-verify ang iyong mobile number sa <em>Security Center</em>. Kailangan ito para sa mas mabilis na withdrawal at pag-reset ng password.</p>",
				"<p>Protect your account: verify your mobile number in the <em>Security Center</em>. It is required for faster withdrawals and password resets.</p>")},
		{ID: 15, Type: TypePlayer, Sequence: 5, PublishedAt: ago(6 * day),
			Title: t("Bagong app para sa Android", "New Android app"),
			Content: t("<p>Inilabas na ang bagong bersyon ng aming Android app: mas mabilis na pag-load at mas magaan sa baterya. I-scan ang QR code sa side menu para ma-download.</p>",
				"<p>The new version of our Android app is out: faster loading and easier on the battery. Scan the QR code in the side menu to download it.</p>")},
		{ID: 16, Type: TypePlayer, Sequence: 6, PublishedAt: ago(9 * day),
			Title: t("Paalala sa responsableng paglalaro", "A note on responsible play"),
			Content: t("<p>Ang laro ay para sa libangan. Magtakda ng limitasyon sa oras at gastos, at magpahinga kapag kailangan. Kung kailangan mo ng tulong, basahin ang seksyong <a href=\"/help#responsible\">Responsableng Paglalaro</a>.</p>",
				"<p>Games are for entertainment. Set limits on time and spending, and take breaks when you need to. If you need help, read the <a href=\"/help#responsible\">Responsible Gaming</a> section.</p>")},
		{ID: 17, Type: TypePlayer, Sequence: 7, PublishedAt: ago(12 * day),
			Title: t("Mga resulta ng lottery: mas maaga na", "Lottery results: now earlier"),
			Content: t("<p>Ipinapakita na ang mga resulta ng lottery sa loob ng isang minuto matapos ang bola. Makikita ang kasaysayan sa pahina ng bawat laro.</p>",
				"<p>Lottery results now appear within a minute of each draw. The history is on each game's page.</p>")},

		// Popups: B for visitors, A for members, F on first login.
		{ID: 21, Type: TypePopup, Execution: "B", Sequence: 1, PublishedAt: ago(5 * time.Hour),
			Title: t("Maligayang pagdating sa Palaro!", "Welcome to Palaro!"),
			Content: t("<p>Mag-sign up ngayon at makakuha ng <strong>100% Welcome Bonus hanggang ₱5,000</strong> sa unang deposito.</p><p>Para lamang sa edad 18 pataas.</p>",
				"<p>Sign up today and get a <strong>100% Welcome Bonus up to ₱5,000</strong> on your first deposit.</p><p>For ages 18 and over only.</p>")},
		{ID: 22, Type: TypePopup, Execution: "A", Sequence: 2, PublishedAt: ago(7 * time.Hour),
			Title: t("Daily Reload: 30% bonus", "Daily Reload: 30% bonus"),
			Content: t("<p>Sumali sa promosyon, magdeposito ng ₱500 o higit pa at makatanggap ng <strong>30% bonus</strong> hanggang ₱1,500, isang beses bawat araw. Tingnan ang <a href=\"/promotions#105\">mga detalye</a>.</p>",
				"<p>Join the promotion, deposit ₱500 or more and receive a <strong>30% bonus</strong> up to ₱1,500, once a day. See <a href=\"/promotions#105\">the details</a>.</p>")},
		{ID: 23, Type: TypePopup, Execution: "F", Sequence: 3, PublishedAt: ago(day),
			Title: t("Salamat sa pagsali!", "Thanks for joining!"),
			Content: t("<p>Handa na ang iyong account. Tatlong hakbang para magsimula:</p><ol><li>I-verify ang mobile number sa <a href=\"/member\">Security Center</a></li><li>Gawin ang <a href=\"/member/depositv2\">unang deposito</a> na hindi bababa sa ₱200</li><li>Kunin ang 100% Welcome Bonus, hanggang ₱5,000, sa <a href=\"/member/rewardCenter\">Reward Center</a> sa loob ng 7 araw</li></ol><p>Wagering na 15× (deposito + bonus) sa loob ng 30 araw; pinakamataas na taya ₱500. <a href=\"/promotions#101\">Lahat ng kondisyon</a></p>",
				"<p>Your account is ready. Three steps to get started:</p><ol><li>Verify your mobile number in the <a href=\"/member\">Security Center</a></li><li>Make your <a href=\"/member/depositv2\">first deposit</a> of at least ₱200</li><li>Claim the 100% Welcome Bonus, up to ₱5,000, in the <a href=\"/member/rewardCenter\">Reward Center</a> within 7 days</li></ol><p>Wagering 15× (deposit + bonus) within 30 days; maximum bet ₱500. <a href=\"/promotions#101\">All the terms</a></p>")},

		// Agent announcements (the agent centre's agentAnnouncement page), for every agent type.
		{ID: 31, Type: TypeAgent, Sequence: 1, PublishedAt: ago(4 * time.Hour),
			Title: t("Arawang sahod: binabayaran tuwing umaga", "Daily wages: paid every morning"),
			Content: t("<p>Kinakalkula ang arawang sahod ng kahapon pagkalipas ng hatinggabi (oras sa Maynila) at direktang ibinabayad sa iyong pangunahing balanse. Makikita ang bawat bill sa <strong>Arawang sahod</strong> at ang kabuuan sa <strong>Aking kita</strong>.</p>",
				"<p>Yesterday's daily wages are settled after midnight (Manila time) and paid straight into your main balance. Each bill is under <strong>Daily wages</strong>, the totals under <strong>My income</strong>.</p>")},
		{ID: 32, Type: TypeAgent, Sequence: 2, PublishedAt: ago(3 * day),
			Title: t("Mag-alok ng kontrata sa iyong mga sub-agent", "Offer contracts to your sub-agents"),
			Content: t("<p>Sa <em>Pamamahala ng team</em>, piliin ang isang direktang sub-agent at pindutin ang <strong>Mag-alok ng kontrata</strong>. Hindi maaaring lumampas ang mga rate sa sarili mong kontrata.</p><ul><li>Makikita ng sub-agent ang alok sa kanyang mga mensahe at sa Mga kahilingan sa kontrata.</li><li>Maaaring tapusin ng alinmang panig ang kontrata anumang oras.</li></ul>",
				"<p>In <em>Team management</em>, pick a direct sub-agent and press <strong>Offer contract</strong>. Your rates can never exceed your own contract's.</p><ul><li>The sub-agent sees the offer in their messages and in Contract requests.</li><li>Either side may end the contract at any time.</li></ul>")},

		// Promotions.
		{ID: 101, Type: TypePromotion, Sequence: 1, PublishedAt: ago(10 * day), Category: "NEWBIE", Images: promoImg(101),
			Title:   t("Welcome Bonus: 100% hanggang ₱5,000", "Welcome Bonus: 100% up to ₱5,000"),
			Summary: t("Doblehin ang iyong unang deposito.", "Double your first deposit."),
			Content: t("<h4>Paano sumali</h4><ol><li>Mag-register.</li><li>Gawin ang unang deposito na hindi bababa sa ₱200: 100% nito, hanggang ₱5,000, ang naghihintay sa Reward Center.</li><li>Kunin ito roon sa loob ng 7 araw.</li></ol><h4>Mga kondisyon</h4><ul><li>Wagering: 15× (deposito + bonus) na valid na taya sa loob ng 30 araw mula nang kunin; buo ang bilang ng slots at fishing, kalahati ng in-house games, 20% ng sports, 10% ng live casino.</li><li>Pinakamataas na taya habang aktibo ang bonus: ₱500.</li><li>Unang ginagamit sa taya ang totoong pera; hinahati ang panalo sa totoong pera at bonus ayon sa hati ng taya.</li><li>Kapag natapos ang wagering, nagiging totoong pera ang bonus. Kapag kinansela mo ang bonus o nag-withdraw ka bago iyon, mawawala ang bonus at ang mga panalo nito; mananatili ang iyong totoong pera.</li><li>Isang welcome bonus bawat account.</li></ul>",
				"<h4>How to join</h4><ol><li>Register.</li><li>Make your first deposit of at least ₱200: 100% of it, up to ₱5,000, waits in the Reward Center.</li><li>Claim it there within 7 days.</li></ol><h4>Terms</h4><ul><li>Wagering: 15× (deposit + bonus) in valid bets within 30 days of claiming; slots and fishing count in full, in-house games half, sports 20%, live casino 10%.</li><li>Maximum bet while the bonus is active: ₱500.</li><li>Bets use your real money first; wins are split between real and bonus money in the stake's proportion.</li><li>Once the wagering is met, the bonus becomes real money. Cancelling the bonus or withdrawing before that removes the bonus and its winnings; your real money stays.</li><li>One welcome bonus per account.</li></ul>")},
		{ID: 102, Type: TypePromotion, Sequence: 2, PublishedAt: ago(9 * day), Category: "REBATE", Images: promoImg(102),
			Title:   t("Araw-araw na Rebate hanggang 1.2%", "Daily Rebate up to 1.2%"),
			Summary: t("Ibinabalik namin ang bahagi ng bawat taya, manalo man o matalo.", "We return part of every bet, win or lose."),
			Content: t("<p>Awtomatikong kinakalkula ang rebate tuwing 05:00 batay sa valid na taya kahapon.</p><table><thead><tr><th>Kategorya</th><th>Rebate</th></tr></thead><tbody><tr><td>Slots</td><td>1.2%</td></tr><tr><td>Live casino</td><td>0.8%</td></tr><tr><td>Sports</td><td>0.6%</td></tr></tbody></table><p>Walang turnover requirement ang rebate.</p>",
				"<p>Rebates are calculated automatically at 05:00 from yesterday's valid bets.</p><table><thead><tr><th>Category</th><th>Rebate</th></tr></thead><tbody><tr><td>Slots</td><td>1.2%</td></tr><tr><td>Live casino</td><td>0.8%</td></tr><tr><td>Sports</td><td>0.6%</td></tr></tbody></table><p>Rebates carry no turnover requirement.</p>")},
		{ID: 103, Type: TypePromotion, Sequence: 3, PublishedAt: ago(8 * day), Category: "VIP", Images: promoImg(103),
			Title:   t("VIP Club: umakyat at gantimpalaan", "VIP Club: level up and get rewarded"),
			Summary: t("Mga bonus sa pag-level up, lingguhan at buwanang regalo, at bonus bet ayon sa iyong level.", "Level-up bonuses, weekly and monthly gifts, and bonus bets at your level's rates."),
			Content: t("<p>Bawat valid na taya ay ibinibilang patungo sa susunod na VIP level. Sa bawat pag-akyat, may bonus na walang turnover sa Reward Center.</p><ul><li>Bronze hanggang Diamond: 8 level (Silver sa ₱1,000 na valid na taya, Diamond sa ₱5,000,000)</li><li>Bonus sa pag-akyat mula ₱18 (Silver) hanggang ₱18,888 (Diamond)</li><li>Lingguhang regalo mula Gold, buwanang regalo mula Silver pataas</li><li>Bonus bet: rebate sa iyong valid na taya, hanggang 1% sa slots, kunin anumang oras mula ₱1</li><li>Panatilihin ang level sa buwanang valid na taya; kapag kulang, bababa ng isang level</li></ul>",
				"<p>Every valid bet counts toward the next VIP level. Each level-up pays a bonus with no turnover into the Reward Center.</p><ul><li>Bronze to Diamond: 8 levels (Silver at ₱1,000 in valid bets, Diamond at ₱5,000,000)</li><li>Level-up bonuses from ₱18 (Silver) to ₱18,888 (Diamond)</li><li>Weekly gifts from Gold, monthly gifts from Silver up</li><li>Bonus bets: a rebate on your valid bets, up to 1% on slots, claimable any time from ₱1</li><li>Keep your level with monthly valid bets; fall short and you drop one level</li></ul>")},
		{ID: 104, Type: TypePromotion, Sequence: 4, PublishedAt: ago(7 * day), Category: "REFERRAL", Images: promoImg(104),
			Title:   t("Mag-imbita ng Kaibigan: ₱188 bawat isa", "Refer a Friend: ₱188 each"),
			Summary: t("Ibahagi ang iyong link at kumita kapag naglaro ang iyong kaibigan.", "Share your link and earn when your friend plays."),
			Content: t("<p>Kopyahin ang iyong referral link sa <em>Refer and Earn</em>. Kapag nagdeposito ng ₱500 at tumaya ng ₱2,000 ang iyong kaibigan sa loob ng 14 na araw, makakatanggap ka ng <strong>₱188</strong>.</p><p>Walang limitasyon sa bilang ng kaibigan.</p>",
				"<p>Copy your referral link from <em>Refer and Earn</em>. When your friend deposits ₱500 and bets ₱2,000 within 14 days, you receive <strong>₱188</strong>.</p><p>There is no limit on how many friends you invite.</p>")},
		{ID: 105, Type: TypePromotion, Sequence: 5, PublishedAt: ago(6 * day), Category: "DEPOSIT", Images: promoImg(105),
			Title:   t("Daily Reload: 30% bonus", "Daily Reload: 30% bonus"),
			Summary: t("30% dagdag sa iyong deposito, araw-araw.", "30% extra on your deposit, every day."),
			Content: t("<h4>Paano sumali</h4><ol><li>Pindutin ang <strong>Sumali</strong> sa promosyong ito.</li><li>Magdeposito ng ₱500 o higit pa: 30% nito, hanggang ₱1,500, ang naghihintay sa Reward Center.</li><li>Kunin ito roon sa loob ng 7 araw.</li></ol><h4>Mga kondisyon</h4><ul><li>Isang beses bawat araw (oras sa Maynila), sa unang depositong umabot sa ₱500 pagkatapos sumali.</li><li>Bonus na may wagering: 10× ng bonus na valid na taya sa loob ng 7 araw mula nang kunin.</li><li>Pinakamataas na taya habang aktibo ang bonus: ₱500.</li><li>Hanggang maubos ang badyet ng promosyon.</li></ul>",
				"<h4>How to join</h4><ol><li>Press <strong>Join</strong> on this promotion.</li><li>Deposit ₱500 or more: 30% of it, up to ₱1,500, waits in the Reward Center.</li><li>Claim it there within 7 days.</li></ol><h4>Terms</h4><ul><li>Once per day (Manila time), on the first deposit of at least ₱500 after joining.</li><li>A bonus with wagering: 10× the bonus in valid bets within 7 days of claiming.</li><li>Maximum bet while the bonus is active: ₱500.</li><li>While the promotion's budget lasts.</li></ul>")},
		{ID: 106, Type: TypePromotion, Sequence: 6, PublishedAt: ago(5 * day), Category: "EVENT", Images: promoImg(106),
			StartTime: ago(5 * day), EndTime: now.Add(30 * day).UnixMilli(),
			Title:   t("Gabi ng Parol Leaderboard: ₱200,000 premyo", "Lantern Nights Leaderboard: ₱200,000 prize pool"),
			Summary: t("Pinakamataas na multiplier sa slots, lingguhang premyo.", "Highest slot multipliers win weekly prizes."),
			Content: t("<p>Bawat linggo, ang 100 manlalaro na may pinakamataas na multiplier sa isang spin (minimum na taya ₱10) ay maghahati sa premyo.</p><p>Unang puwesto: <strong>₱30,000</strong>. Makikita ang ranggo sa Mission Leaderboard.</p>",
				"<p>Each week, the 100 players with the highest single-spin multiplier (minimum bet ₱10) share the prize pool.</p><p>First place: <strong>₱30,000</strong>. See the rankings on the Mission Leaderboard.</p>")},
		{ID: 107, Type: TypePromotion, Sequence: 7, PublishedAt: ago(4 * day), Category: "EVENT", Images: promoImg(107),
			Title:   t("Sports ngayong Linggo: ₱100 na bonus", "Sports Week: ₱100 bonus"),
			Summary: t("Tumaya ng ₱1,000 sa sports ngayong linggo at makakuha ng ₱100 bonus.", "Bet ₱1,000 on sports this week and get a ₱100 bonus."),
			Content: t("<p>Kapag umabot sa ₱1,000 ang iyong valid na taya sa sports mula Lunes hanggang Linggo (oras sa Maynila), naghihintay ang <strong>₱100 bonus</strong> sa Reward Center. Makikita ang iyong progreso sa <a href=\"/member/missionLeaderboard\">Mission Leaderboard</a>.</p><ul><li>Isang beses bawat linggo.</li><li>Bonus na may wagering: 1× ng bonus na valid na taya sa loob ng 30 araw mula nang kunin.</li><li>Kunin ito sa loob ng 7 araw matapos ang linggo.</li></ul>",
				"<p>Reach ₱1,000 in valid sports bets from Monday to Sunday (Manila time) and a <strong>₱100 bonus</strong> waits in the Reward Center. Follow your progress on the <a href=\"/member/missionLeaderboard\">Mission Leaderboard</a>.</p><ul><li>Once a week.</li><li>A bonus with wagering: 1× the bonus in valid bets within 30 days of claiming.</li><li>Claim it within 7 days of the week's end.</li></ul>")},
		{ID: 108, Type: TypePromotion, Sequence: 8, PublishedAt: ago(3 * day), Category: "NEWBIE", Images: promoImg(101),
			Title:   t("₱88 Libreng Bonus para sa mga bagong manlalaro", "₱88 Free Bonus for new players"),
			Summary: t("Sumali lang at kunin ang ₱88, walang depositong kailangan.", "Just join and collect ₱88, no deposit needed."),
			Content: t("<h4>Paano sumali</h4><ol><li>Mag-register; bukas ito sa loob ng 30 araw mula sa pag-register.</li><li>Pindutin ang <strong>Sumali</strong>: ₱88 ang naghihintay sa Reward Center.</li><li>Kunin ito roon sa loob ng 7 araw.</li></ol><h4>Mga kondisyon</h4><ul><li>Isang beses bawat account.</li><li>Bonus na may wagering: 5× ng bonus na valid na taya sa loob ng 7 araw mula nang kunin.</li><li>Pinakamataas na taya habang aktibo ang bonus: ₱100.</li><li>Hanggang maubos ang badyet ng promosyon.</li></ul>",
				"<h4>How to join</h4><ol><li>Register; the offer is open for 30 days after registration.</li><li>Press <strong>Join</strong>: ₱88 waits in the Reward Center.</li><li>Claim it there within 7 days.</li></ol><h4>Terms</h4><ul><li>Once per account.</li><li>A bonus with wagering: 5× the bonus in valid bets within 7 days of claiming.</li><li>Maximum bet while the bonus is active: ₱100.</li><li>While the promotion's budget lasts.</li></ul>")},
		{ID: 109, Type: TypePromotion, Sequence: 9, PublishedAt: ago(2 * day), Category: "REBATE", Images: promoImg(102),
			Title:   t("Lingguhang Cashback: 10% ng netong talo", "Weekly Cashback: 10% of net losses"),
			Summary: t("Ibinabalik namin ang bahagi ng talo mo bawat linggo.", "We give back part of your losses every week."),
			Content: t("<p>Tuwing Lunes ng 05:30 (oras sa Maynila), kinakalkula ang netong talo (taya bawas panalo) mo noong nakaraang linggo, Lunes hanggang Linggo, bawat kategorya.</p><table><thead><tr><th>Kategorya</th><th>Cashback</th></tr></thead><tbody><tr><td>Slots</td><td>10%</td></tr><tr><td>Fishing</td><td>10%</td></tr><tr><td>Live casino</td><td>5%</td></tr></tbody></table><ul><li>Hanggang ₱2,000 bawat linggo, bilang totoong pera na walang wagering.</li><li>Hindi ibinabawas ang panalo sa isang kategorya sa talo sa iba.</li><li>Awtomatiko: kunin ito sa Reward Center sa loob ng 7 araw.</li></ul>",
				"<p>Every Monday at 05:30 (Manila time) your net loss (bets minus wins) of the week before, Monday to Sunday, is worked out per category.</p><table><thead><tr><th>Category</th><th>Cashback</th></tr></thead><tbody><tr><td>Slots</td><td>10%</td></tr><tr><td>Fishing</td><td>10%</td></tr><tr><td>Live casino</td><td>5%</td></tr></tbody></table><ul><li>Up to ₱2,000 a week, as real money with no wagering.</li><li>A win in one category does not offset a loss in another.</li><li>Automatic: claim it in the Reward Center within 7 days.</li></ul>")},
		{ID: 110, Type: TypePromotion, Sequence: 10, PublishedAt: ago(day), Category: "EVENT", Images: promoImg(106),
			Title:   t("Big Win Bonus: ibahagi ang iyong panalo", "Big Win Bonus: share your win"),
			Summary: t("Ipakita ang panalo mo at makakuha ng hanggang ₱500.", "Show us your win and get up to ₱500."),
			Content: t("<h4>Paano mag-apply</h4><ol><li>Pindutin ang <strong>Mag-apply</strong>.</li><li>Sumulat ng maikling paliwanag (hanggang 140 character) at maglakip ng hanggang 3 screenshot ng panalo na hindi bababa sa 100× ng taya (PNG o JPG, hanggang 5 MB bawat isa).</li><li>Susuriin ito ng aming team: kapag naaprubahan, hanggang ₱500 ang naghihintay sa Reward Center.</li></ol><h4>Mga kondisyon</h4><ul><li>Isang aplikasyon bawat account.</li><li>Totoong pera na walang wagering; kunin sa loob ng 7 araw.</li><li>Hanggang maubos ang badyet ng promosyon.</li></ul>",
				"<h4>How to apply</h4><ol><li>Press <strong>Apply</strong>.</li><li>Write a short note (up to 140 characters) and attach up to 3 screenshots of a win of at least 100× the bet (PNG or JPG, up to 5 MB each).</li><li>Our team reviews it: once approved, up to ₱500 waits in the Reward Center.</li></ol><h4>Terms</h4><ul><li>One application per account.</li><li>Real money with no wagering; claim within 7 days.</li><li>While the promotion's budget lasts.</li></ul>")},
		{ID: 111, Type: TypePromotion, Sequence: 11, PublishedAt: ago(day), Category: "EVENT", Images: promoImg(107),
			Title:   t("Lingguhang Raffle: ₱1,000 × 5 mananalo", "Weekly Raffle: ₱1,000 × 5 winners"),
			Summary: t("Kumuha ng libreng tiket: limang mananalo ang makakakuha ng ₱1,000 bawat isa.", "Get a free ticket: five winners get ₱1,000 each."),
			Content: t("<h4>Paano sumali</h4><ol><li>Pindutin ang <strong>Kumuha ng tiket</strong> habang bukas ang raffle (isang tiket bawat account).</li><li>Sa pagtatapos ng linggo ng raffle, limang mananalo ang bubunutin mula sa lahat ng tiket.</li><li>Ang bawat mananalo ay may ₱1,000 na totoong pera na walang wagering na naghihintay sa Reward Center; kunin sa loob ng 7 araw.</li></ol><h4>Patas na bunutan</h4><ul><li>Bago magsimula ang raffle, ipinapakita namin ang SHA-256 ng lihim na seed ng bunutan.</li><li>Pagkatapos ng bunutan, ibinubunyag ang seed: inaayos ang mga tiket ayon sa HMAC-SHA256(seed, numero ng tiket), at ang unang limang magkakaibang account ang panalo. Kahit sino ay puwedeng mag-check.</li></ul>",
				"<h4>How to take part</h4><ol><li>Press <strong>Get a ticket</strong> while the raffle runs (one ticket per account).</li><li>At the end of the raffle's week, five winners are drawn from all the tickets.</li><li>Each winner gets ₱1,000 in real money with no wagering, waiting in the Reward Center; claim within 7 days.</li></ol><h4>A fair draw</h4><ul><li>Before the raffle starts we show the SHA-256 of the draw's secret seed.</li><li>After the draw the seed is revealed: the tickets are ordered by HMAC-SHA256(seed, ticket number) and the first five different accounts win. Anyone can check it.</li></ul>")},
	}
	help := []HelpSection{
		{Key: "about", Sort: 1, Title: t("Tungkol sa Amin", "About Us"),
			Content: t("<p>Ang <strong>Palaro</strong> ay isang demo na gaming platform na hango sa saya ng mga night market: mga parol, musika at laro sa ilalim ng mga bituin. Nag-aalok kami ng slots, live casino, sports, lottery at iba pa, sa isang ligtas at patas na kapaligiran.</p><p>Demonstrasyon lamang ang site na ito; walang totoong pera na itinataya.</p>",
				"<p><strong>Palaro</strong> is a demo gaming platform inspired by the joy of night markets: lanterns, music and games under the stars. We offer slots, live casino, sports, lottery and more, in a safe and fair environment.</p><p>This site is a demonstration; no real money is wagered.</p>")},
		{Key: "term", Sort: 2, Title: t("Mga Tuntunin at Kondisyon", "Terms and Conditions"),
			Content: t("<h4>1. Pagiging karapat-dapat</h4><p>Kailangang 18 taong gulang pataas ka at legal na pinapayagang maglaro sa iyong lugar.</p><h4>2. Isang account bawat tao</h4><p>Isang account lamang bawat tao, household, device at paraan ng pagbabayad. Maaaring isara ang mga dobleng account.</p><h4>3. Mga bonus</h4><p>Bawat promosyon ay may sariling kondisyon, kabilang ang turnover. Maaaring bawiin ang bonus kapag may pang-aabuso.</p><h4>4. Pananagutan</h4><p>Ikaw ang responsable sa seguridad ng iyong password at sa lahat ng aktibidad sa iyong account.</p>",
				"<h4>1. Eligibility</h4><p>You must be 18 or older and legally allowed to play where you are.</p><h4>2. One account per person</h4><p>One account per person, household, device and payment method. Duplicate accounts may be closed.</p><h4>3. Bonuses</h4><p>Each promotion has its own terms, including turnover. Bonuses may be withdrawn in case of abuse.</p><h4>4. Responsibility</h4><p>You are responsible for keeping your password safe and for all activity on your account.</p>")},
		{Key: "privacy", Sort: 3, Title: t("Patakaran sa Privacy", "Privacy Policy"),
			Content: t("<p>Kinokolekta lamang namin ang impormasyong kailangan para patakbuhin ang iyong account: username, mobile number, e-mail at kasaysayan ng transaksyon. Hindi namin ibinebenta ang iyong datos.</p><p>Protektado ang datos ng encryption habang ipinapadala at iniimbak. Maaari kang humiling ng kopya o pagbura ng iyong datos sa customer service.</p>",
				"<p>We collect only what we need to run your account: username, mobile number, e-mail and transaction history. We never sell your data.</p><p>Data is protected by encryption in transit and at rest. You may request a copy or deletion of your data through customer service.</p>")},
		{Key: "responsible", Sort: 4, Title: t("Responsableng Paglalaro", "Responsible Gaming"),
			Content: t("<p>Ang paglalaro ay dapat manatiling libangan. Ilang payo:</p><ul><li>Magtakda ng badyet at sundin ito.</li><li>Huwag habulin ang mga talo.</li><li>Magpahinga nang madalas.</li><li>Huwag maglaro kapag pagod, malungkot o nakainom.</li></ul><p>Maaari kang humiling ng limitasyon sa deposito o self-exclusion sa customer service anumang oras.</p>",
				"<p>Gaming should stay entertainment. Some advice:</p><ul><li>Set a budget and stick to it.</li><li>Never chase losses.</li><li>Take regular breaks.</li><li>Do not play when tired, upset or after drinking.</li></ul><p>You can ask customer service for a deposit limit or self-exclusion at any time.</p>")},
		{Key: "deposit", Sort: 5, Title: t("Paano Magdeposito", "How to Deposit"),
			Content: t("<ol><li>Mag-log in at pindutin ang <strong>Deposito</strong>.</li><li>Piliin ang paraan: GCash, Maya o bank transfer.</li><li>Ilagay ang halaga (₱100 hanggang ₱50,000) at sundin ang mga tagubilin.</li><li>Papasok ang pondo karaniwang sa loob ng 1 hanggang 5 minuto.</li></ol><p>Kung hindi pumasok ang deposito sa loob ng 30 minuto, makipag-ugnayan sa customer service kasama ang reference number.</p>",
				"<ol><li>Log in and press <strong>Deposit</strong>.</li><li>Choose a method: GCash, Maya or bank transfer.</li><li>Enter the amount (₱100 to ₱50,000) and follow the instructions.</li><li>Funds usually arrive within 1 to 5 minutes.</li></ol><p>If a deposit has not arrived after 30 minutes, contact customer service with the reference number.</p>")},
		{Key: "withdraw", Sort: 6, Title: t("Paano Mag-withdraw", "How to Withdraw"),
			Content: t("<ol><li>Siguraduhing natapos na ang turnover ng anumang bonus.</li><li>Pindutin ang <strong>Withdraw</strong> at piliin ang naka-link na account.</li><li>Ilagay ang halaga (₱200 hanggang ₱100,000 bawat araw) at ang iyong payment password.</li></ol><p>Karaniwang natatapos ang withdrawal sa loob ng 15 minuto. Kapag natanggap mo na, kumpirmahin ito sa talaan ng withdrawal.</p>",
				"<ol><li>Make sure any bonus turnover is complete.</li><li>Press <strong>Withdraw</strong> and choose your linked account.</li><li>Enter the amount (₱200 to ₱100,000 per day) and your payment password.</li></ol><p>Withdrawals usually complete within 15 minutes. Once you receive the funds, confirm it in the withdrawal record.</p>")},
		{Key: "faq", Sort: 7, Title: t("Mga Madalas Itanong", "Frequently Asked Questions"),
			Content: t("<h4>Nakalimutan ko ang password ko.</h4><p>Pindutin ang <em>Nakalimutan ang password</em> sa login at i-reset gamit ang e-mail o mobile number.</p><h4>Bakit naka-lock ang account ko?</h4><p>Pagkatapos ng ilang maling subok, nila-lock namin ang account nang 5 minuto para sa iyong proteksyon.</p><h4>Maaari ba akong maglaro sa cellphone?</h4><p>Oo. Gumagana ang site sa anumang browser, at may app para sa Android at iPhone.</p><h4>Paano makipag-ugnayan sa inyo?</h4><p>Gamitin ang live chat, Telegram o e-mail mula sa customer service; bukas kami 24/7.</p>",
				"<h4>I forgot my password.</h4><p>Press <em>Forgot password</em> on the login form and reset it by e-mail or mobile number.</p><h4>Why is my account locked?</h4><p>After several wrong attempts we lock the account for 5 minutes to protect you.</p><h4>Can I play on my phone?</h4><p>Yes. The site works in any browser, and there are apps for Android and iPhone.</p><h4>How do I contact you?</h4><p>Use live chat, Telegram or e-mail from customer service; we are open 24/7.</p>")},
	}
	return Snapshot{Banners: banners, Announcements: ann, Help: help}
}
