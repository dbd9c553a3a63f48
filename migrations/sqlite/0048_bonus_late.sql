-- Late wins: the sweep watches grants that ended recently (gamewallet settleLateWins).
CREATE INDEX bonus_grant_ended ON bonus_grant (ended_at);
