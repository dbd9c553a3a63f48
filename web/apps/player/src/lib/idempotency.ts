// Idempotency keys for money mutations: one key per user action (see @palaro/api).
export { newIdempotencyKey, SubmissionKeys } from '@palaro/api/src/idempotency';
