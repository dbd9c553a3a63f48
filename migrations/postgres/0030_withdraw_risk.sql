-- The cashier's risk flags (internal/withdraw/risk.go) ask whether another
-- member has (or had) the same payout account.
CREATE INDEX withdraw_account_number ON withdraw_account (bank_code, account_number);
