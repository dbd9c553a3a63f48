// The account record's date range: shared with the betting record and the
// profit and loss, so it lives in src/lib (see there).
export * from '@/lib/dateRange';
